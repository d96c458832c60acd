"""The screenshots of «Задачи» (``main.py --screenshot``): the chooser, a puzzle at its start, after a wrong
move and its refutation, and solved. Beside :mod:`game.shots.setups`, which is at its size cap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import strings
from game.control import Control
from game.scenes.handoff import PuzzleRun
from game.storage.puzzle_progress import PuzzleProgress


def puzzle_scenes(control: Control, lang: str = "ru") -> list[tuple[str, Callable[[], None]]]:
    """(name, set-up) pairs as :func:`game.shots.setups.screenshot_scenes` gives them."""
    stack = control.stack

    def fresh() -> None:
        stack.shutdown_all()
        stack.scenes.clear()
        strings.set_language(lang)
        control.filter.reset()

    def chooser() -> None:
        fresh()
        stack.go("puzzles")

    def puzzle(state: str) -> Callable[[], None]:
        def setup() -> None:
            fresh()
            puzzles = stack.make("puzzles").shelf.puzzles  # type: ignore[attr-defined]
            scene: Any = stack.go("puzzle", PuzzleRun(puzzles, 0, PuzzleProgress()))
            attempt = scene.attempt
            if state == "wrong":
                right = puzzles[0].line[0]
                wrong = next(p for p in attempt.game.legal_moves() if p != right)
                scene.try_play(wrong)
            elif state == "solved":
                while not attempt.solved:
                    if attempt.reply_due is not None:
                        attempt.play_reply()
                    else:
                        scene.try_play(puzzles[0].line[attempt.done])
            elif state == "hint":
                scene.show_hint()
            scene.update(0.0)
        return setup

    def missed_net() -> None:
        # A net missed by one point: nothing is taken at once, so the other side takes the cut (ringed).
        fresh()
        puzzles = [p for p in stack.make("puzzles").shelf.puzzles if p.name == MISSED_NET[0]]  # type: ignore[attr-defined]
        scene: Any = stack.go("puzzle", PuzzleRun(puzzles, 0, PuzzleProgress()))
        scene.try_play(MISSED_NET[1])
        scene.update(0.0)

    return [("puzzles", chooser), ("puzzle", puzzle("start")), ("puzzle-hint", puzzle("hint")),
            ("puzzle-wrong", puzzle("wrong")), ("puzzle-net-missed", missed_net), ("puzzle-solved", puzzle("solved"))]


MISSED_NET = ("classic-15-0105-072", (3, 8))
"""A shipped «Сеть» and a wrong move beside its cut, after which the other side encloses nothing at once."""
