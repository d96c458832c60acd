"""The tutorial's screens to photograph (:mod:`game.shots.setups` lists them): each step as it opens, a wrong
move's hint, a step done, the end, and the first start's offer over the menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.match.lesson import Goal, Lesson
from game.scenes.handoff import Question


def solve(lesson: Lesson) -> None:
    """Do what the step in hand asks (its marked node, or its button), and let the opponent answer."""
    goal = lesson.step.goal
    if goal is Goal.FINISH:
        lesson.finish()
    elif goal is Goal.STOP:
        lesson.stop()
    else:
        lesson.play(lesson.step.marks[0])
    while lesson.reply() is not None:
        pass


def at_step(index: int, *, state: str = "open") -> Callable[[Any], None]:
    """A tutorial scene moved on to step ``index`` (0-based): ``open`` as it starts, ``wrong`` after a wrong dot,
    ``done`` once its goal is reached and answered, ``end`` past the last step."""
    def go(scene: Any) -> None:
        assert scene.name == "tutorial"
        lesson: Lesson = scene.lesson
        while lesson.index < index:
            solve(lesson)
            lesson.next()
        if state == "wrong":
            lesson.play((0, lesson.game.height - 1))  # a corner no step asks for
        elif state in ("done", "end"):
            solve(lesson)
            if state == "end":
                scene.next()
        scene.resize(scene.size)
    return go


def lesson_screens(screens: Any) -> list[tuple[str, Callable[[], None]]]:
    """(name, set-up) pairs for the tutorial, built on the screenshots' ``_Screens``."""
    only, menu, stack = screens.only, screens.menu, screens.stack
    steps = len(Lesson().steps)

    def tutorial() -> Any:
        return stack.make("tutorial")

    def offer() -> Any:
        return stack.make("confirm", Question("lesson.offer", "lesson.offer.yes", stack.pop, hint="lesson.offer.hint",
                                              no="lesson.offer.no"))

    named = [(f"tutorial-{i + 1}", only(menu, tutorial, then=at_step(i))) for i in range(steps)]
    return [("tutorial-offer", only(menu, offer)), *named,
            ("tutorial-wrong", only(menu, tutorial, then=at_step(2, state="wrong"))),
            # The last step's panel is the fullest: its words, the «Стоп» button and a wrong dot's hint.
            ("tutorial-stop-wrong", only(menu, tutorial, then=at_step(steps - 1, state="wrong"))),
            ("tutorial-done", only(menu, tutorial, then=at_step(3, state="done"))),
            ("tutorial-stopped", only(menu, tutorial, then=at_step(steps - 1, state="done"))),
            ("tutorial-end", only(menu, tutorial, then=at_step(steps - 1, state="end")))]
