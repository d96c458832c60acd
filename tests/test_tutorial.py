"""The first game that teaches: each step's check by posted events (mouse, and a finger with SDL's mouse echo
after it), a wrong move taken back with its hint, the whole lesson to the end, and the first start's offer,
asked once and remembered (also when the settings file is damaged)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from driving import click, key, post, press, step

from engine import Player, Rules
from game import strings
from game.control import Control
from game.match.lesson import STEPS, Goal, Lesson, Verdict
from game.scenes.base import SceneStack
from game.scenes.dialog import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.tutorial import REPLY_SECONDS, TutorialScene, offer_first_lesson
from game.shots.lesson_shots import solve
from game.storage.preferences import SETTINGS_FILE, Preferences, load_settings
from game.view import theme

WRONG = (0, 6)
"""A corner of the board that no step asks for, always empty and legal."""


# ----- the lesson without a window -----------------------------------------------------------------------


def test_every_step_takes_its_marked_answer_and_refuses_a_wrong_dot_with_its_hint() -> None:
    lesson = Lesson()
    for index, want in enumerate(STEPS):
        assert lesson.index == index and lesson.step is want
        before = sorted(lesson.game.dots())
        outcome = lesson.play(WRONG)
        assert outcome.verdict is Verdict.WRONG and lesson.hint == f"lesson.{want.key}.wrong"
        assert sorted(lesson.game.dots()) == before and lesson.game.to_move is Player.BLUE  # taken back
        lesson.next()
        assert lesson.index == index, "a step is not left before it is done"
        solve(lesson)
        assert lesson.done and lesson.hint is None and not lesson.waiting
        lesson.next()
    assert lesson.complete


def test_each_goal_is_what_the_engine_says_the_move_did() -> None:
    lesson = Lesson()
    solve(lesson)  # dots
    lesson.next()
    assert lesson.play(lesson.step.marks[0]).report.laid  # a country
    lesson.replies.clear()
    lesson.next()
    halves = lesson.play(lesson.step.marks[0])
    assert lesson.game.score(Player.BLUE) == lesson.step.score == 4.5 and halves.verdict is Verdict.RIGHT
    lesson.replies.clear()
    lesson.next()
    takeover = lesson.play(lesson.step.marks[0]).report
    assert takeover is not None and any(layer.owner is Player.RED for layer in takeover.covered)
    lesson.replies.clear()
    lesson.next()
    assert lesson.step.goal is Goal.FINISH and lesson.finish().verdict is Verdict.RIGHT and lesson.game.is_over
    lesson.next()
    assert lesson.game.rules is Rules.CLASSIC
    capture = lesson.play(lesson.step.marks[0]).report
    assert capture is not None and len(capture.crossed_out) == 3 and lesson.game.score(Player.BLUE) == 3
    lesson.replies.clear()
    lesson.next()
    assert lesson.stop().verdict is Verdict.RIGHT and lesson.game.stopped_by is Player.BLUE
    while lesson.reply() is not None:
        pass
    assert lesson.game.is_over and lesson.game.winner is Player.BLUE


def test_a_node_the_rules_refuse_changes_nothing_and_is_not_a_wrong_answer() -> None:
    lesson = Lesson()
    lesson.next()  # (not done: stays)
    solve(lesson)
    lesson.next()  # the country: (3, 1) holds a dot
    assert lesson.play((3, 1)).verdict is Verdict.REFUSED and lesson.hint is None


def test_buttons_answer_only_their_own_step() -> None:
    lesson = Lesson()
    assert lesson.finish().verdict is Verdict.IGNORED and lesson.stop().verdict is Verdict.IGNORED
    assert not lesson.game.is_over


# ----- the scene, by posted events -------------------------------------------------------------------------


def open_tutorial(control: Control) -> TutorialScene:
    """The menu, then its «Обучение»."""
    control.stack.go("menu")
    step(control)
    menu = control.stack.top
    assert isinstance(menu, MenuScene)
    press(control, menu.b_lesson)
    scene = control.stack.top
    assert isinstance(scene, TutorialScene)
    return scene


def tap(control: Control, pos: tuple[float, float]) -> None:
    """A finger down and up at ``pos``, then SDL's mouse copy of it (marked ``touch``), as a touch screen sends."""
    w, h = control.size
    p = (round(pos[0]), round(pos[1]))
    post(control, *(pygame.event.Event(kind, x=p[0] / w, y=p[1] / h, dx=0.0, dy=0.0, finger_id=0, touch_id=1,
                                       pressure=1.0) for kind in (pygame.FINGERDOWN, pygame.FINGERUP)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=True),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1, touch=True))


def answer(control: Control, scene: TutorialScene, *, touch: bool) -> None:
    """Do what the step asks, by the player's hand: its marked node, or its button."""
    goal = scene.lesson.step.goal
    if goal in (Goal.FINISH, Goal.STOP):
        button = scene.b_finish if goal is Goal.FINISH else scene.b_stop
        assert scene.marked_button() is button and button.enabled
        (tap if touch else click)(control, button.rect.center)
        return
    node = scene.lesson.step.marks[0]
    assert scene.marked_nodes() == (node,)
    (tap if touch else click)(control, scene.board.node_to_pixel(node))


def let_red_answer(control: Control, scene: TutorialScene) -> None:
    """Frames until the scripted answers are all in (they come on the scene's clock, a pause apart)."""
    for _ in range(len(scene.lesson.step.replies) + 1):
        step(control, dt=REPLY_SECONDS)
    assert not scene.lesson.waiting and scene.reply_at is None


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
def test_the_whole_lesson_by_hand_wrong_first_then_right(control: Control, touch: bool) -> None:
    scene = open_tutorial(control)
    for index, want in enumerate(STEPS):
        assert scene.lesson.index == index
        assert not scene.b_next.enabled
        dots = sorted(scene.lesson.game.dots())
        (tap if touch else click)(control, scene.board.node_to_pixel(WRONG))
        assert scene.lesson.hint == f"lesson.{want.key}.wrong"
        assert scene.words()[-1][0] == strings.t(f"lesson.{want.key}.wrong")  # the hint, last in the panel
        assert sorted(scene.lesson.game.dots()) == dots, "the wrong dot was taken back"
        answer(control, scene, touch=touch)
        assert scene.lesson.done and scene.lesson.hint is None
        assert scene.words()[0][0] == strings.t("lesson.right")
        let_red_answer(control, scene)
        assert len(list(scene.lesson.game.dots())) >= len(dots) + len(want.replies)
        assert scene.marked_button() is scene.b_next and scene.b_next.enabled
        (tap if touch else click)(control, scene.b_next.rect.center)
    assert scene.lesson.complete and scene.b_next.key == "lesson.end.menu"
    assert scene.b_leave.rect.w == 0
    (tap if touch else click)(control, scene.b_next.rect.center)
    assert isinstance(control.stack.top, MenuScene)


def test_the_opponent_answers_a_moment_after_the_right_move(control: Control) -> None:
    scene = open_tutorial(control)
    answer(control, scene, touch=False)
    reply = STEPS[0].replies[0]
    assert scene.lesson.game.dot_at(reply) is None and not scene.b_next.enabled
    done = strings.t(f"lesson.{STEPS[0].key}.done", **scene.lesson.fields())
    assert [w for w, _, _ in scene.words()] == [strings.t("lesson.right"), strings.t("lesson.waiting")]
    step(control, dt=REPLY_SECONDS)
    assert scene.lesson.game.dot_at(reply) is Player.RED
    assert [w for w, _, _ in scene.words()] == [strings.t("lesson.right"), done]  # told once the answer is in
    key(control, pygame.K_RETURN)
    assert scene.lesson.index == 1


def test_stop_is_offered_in_classic_only_and_finish_only_where_asked(control: Control) -> None:
    scene = open_tutorial(control)
    assert scene.b_stop.rect.w == 0 and not scene.b_finish.enabled
    click(control, scene.b_finish.rect.center)
    assert not scene.lesson.game.is_over
    while scene.lesson.step.goal is not Goal.STOP:
        solve(scene.lesson)
        scene.next()
    assert scene.b_stop.rect.w > 0 and scene.b_stop.enabled


def test_the_player_may_leave_at_any_step(control: Control) -> None:
    scene = open_tutorial(control)
    solve(scene.lesson)
    scene.next()
    press(control, scene.b_leave)
    assert isinstance(control.stack.top, MenuScene)
    scene = open_tutorial(control)
    assert scene.lesson.index == 0, "a new visit starts from the first step"
    key(control, pygame.K_ESCAPE)
    assert isinstance(control.stack.top, MenuScene)


def test_the_board_zooms_as_in_the_game(control: Control) -> None:
    """A small window on a screen of big fingertips (144 dpi): its cells are smaller than the deepest zoom."""
    try:
        theme.use_display_dpi(144)
        control.resize((800, 520))
        scene = open_tutorial(control)
        cell = scene.board.cell
        key(control, pygame.K_PLUS)
        assert scene.board.cell > cell and scene.zoom.zoomed
        click(control, scene.board.node_to_pixel(scene.lesson.step.marks[0]))  # the aim follows the zoomed board
        assert scene.lesson.done
    finally:
        theme.use_display_dpi(None)


# ----- the first start's offer ------------------------------------------------------------------------------


def offered(control: Control, preferences: Preferences) -> ConfirmScene | None:
    """The menu on a stack with ``preferences``, then the offer if it is due; the card on top, if asked."""
    control.stack.scenes.clear()
    control.stack.preferences = preferences
    control.stack.go("menu")
    offer_first_lesson(control.stack)
    step(control)
    top = control.stack.top
    return top if isinstance(top, ConfirmScene) else None


def test_the_first_start_offers_the_tutorial_once_and_remembers_no(control: Control, data_dir: Path) -> None:
    assert not (data_dir / SETTINGS_FILE).exists()
    card = offered(control, Preferences.load())
    assert card is not None and card.question == "lesson.offer"
    press(control, card.b_no)
    assert isinstance(control.stack.top, MenuScene)
    assert json.loads((data_dir / SETTINGS_FILE).read_text(encoding="utf-8"))["first_lesson_due"] is False
    assert offered(control, Preferences.load()) is None, "the next start does not ask again"


def test_yes_opens_the_tutorial_and_is_remembered_too(control: Control, data_dir: Path) -> None:
    card = offered(control, Preferences.load())
    assert card is not None
    press(control, card.b_yes)
    assert isinstance(control.stack.top, TutorialScene)
    assert load_settings().first_lesson_due is False


@pytest.mark.parametrize("how", ["escape", "outside"])
def test_escape_or_a_tap_outside_is_an_answer(control: Control, data_dir: Path, how: str) -> None:
    card = offered(control, Preferences.load())
    assert card is not None
    if how == "escape":
        key(control, pygame.K_ESCAPE)
    else:
        click(control, (4, 4))
    assert isinstance(control.stack.top, MenuScene) and not load_settings().first_lesson_due


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"first_lesson_due": "yes"}', "\x00\xff" * 40])
def test_a_damaged_settings_file_starts_without_the_offer(control: Control, data_dir: Path, text: str) -> None:
    """A file there means the game has started before: the offer was seen then, whatever became of the file."""
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / SETTINGS_FILE).write_text(text, encoding="utf-8", errors="surrogateescape")
    assert offered(control, Preferences.load()) is None
    assert isinstance(control.stack.top, MenuScene)


def test_an_older_versions_file_is_not_a_first_start(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / SETTINGS_FILE).write_text('{"language": "en", "sound": false}', encoding="utf-8")
    assert load_settings().first_lesson_due is False


def test_a_stack_of_its_own_never_asks() -> None:
    stack = SceneStack((800, 600))
    offer_first_lesson(stack)
    assert stack.top is None


# ----- the screenshots ----------------------------------------------------------------------------------------


def test_the_tutorials_pictures_show_what_their_names_say(control: Control) -> None:
    from game.shots import setups

    scenes = {name: setup for name, setup in setups.screenshot_scenes(control) if name.startswith("tutorial")}
    assert {f"tutorial-{i + 1}" for i in range(len(STEPS))} <= set(scenes)
    for i in range(len(STEPS)):
        scenes[f"tutorial-{i + 1}"]()
        top = control.stack.top
        assert isinstance(top, TutorialScene) and top.lesson.index == i and not top.lesson.done
    scenes["tutorial-wrong"]()
    assert isinstance(top := control.stack.top, TutorialScene) and top.lesson.hint is not None
    scenes["tutorial-stopped"]()
    assert isinstance(top := control.stack.top, TutorialScene) and top.lesson.game.is_over and top.lesson.done
    scenes["tutorial-end"]()
    assert isinstance(top := control.stack.top, TutorialScene) and top.lesson.complete
    scenes["tutorial-offer"]()
    assert isinstance(top := control.stack.top, ConfirmScene) and top.question == "lesson.offer"


def test_the_question_mark_opens_the_rules_at_the_lessons_rule_set_as_in_play(control: Control) -> None:
    scene = open_tutorial(control)
    press(control, scene.b_help)
    rules = control.stack.top
    assert rules is not None and rules.name == "rules"
    assert rules.rules is scene.lesson.game.rules  # type: ignore[attr-defined]
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is scene


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1366, 768)])
def test_a_wrong_dot_at_the_last_step_keeps_the_panel_in_full_size_type(pygame_session: object, data_dir: Path,
                                                                        size: tuple[int, int], language: str) -> None:
    """The last step says the most, with four buttons under it, and a wrong dot adds its hint: all of it still
    fits in the panel's own type size on a small screen."""
    from driving import running

    strings.set_language(language)
    for control in running(size, lambda: 0.0):
        scene = open_tutorial(control)
        while scene.lesson.index < len(STEPS) - 1:
            solve(scene.lesson)
            scene.lesson.next()
        click(control, scene.board.node_to_pixel(WRONG))
        step(control)
        assert scene.lesson.hint == f"lesson.{STEPS[-1].key}.wrong"
        assert scene.words_px == theme.text_size(size, 19)
