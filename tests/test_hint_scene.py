"""«Подсказка» in the play scene, driven by posted events: the frame loop keeps stepping while the
master thinks, the pulsing ghost is a legal node a tap plays, undo cancels it, and against the
computer the count reaches the results and the saved record (``HN``)."""

from __future__ import annotations

import threading

import pygame
from driving import click, press, step, step_until
from test_game_scenes import grid_px, start_play

from engine import Game, Player, Point, Rules, sgf
from game.control import Control
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.files.save_game import SaveGameScene
from game.scenes.handoff import Match
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.view import theme


def hint_pixels(loop: Control, node: Point) -> int:
    """Pixels in the hint's green within a cell of ``node``, as the top scene draws it now."""
    scene = loop.stack.top
    surface = pygame.Surface(loop.size)
    scene.draw(surface)  # type: ignore[union-attr]
    cx, cy = scene.board.node_to_pixel(node)  # type: ignore[union-attr]
    reach = round(scene.board.cell)  # type: ignore[union-attr]
    spots = [(round(cx) + dx, round(cy) + dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)]
    return sum(1 for spot in spots if surface.get_rect().collidepoint(spot)
               and sum(abs(a - b) for a, b in zip(surface.get_at(spot)[:3], theme.HINT, strict=True)) < 60)


def test_the_hint_thinks_off_the_ui_thread_and_a_tap_on_it_plays_it(control: Control) -> None:
    gate = threading.Event()
    cancelled: list[bool] = []
    order: list[str] = []  # what happened, in order: the master's start and answer, and each frame

    def slow_master(game: Game, level: str, *, seconds: float | None = None, seed: int | None = None,
                    cancel: threading.Event | None = None) -> Point:
        assert level == "master"
        order.append("thinks")
        gate.wait(30)
        cancelled.append(cancel is not None and cancel.is_set())
        order.append("answers")
        return (6, 6)

    play = start_play(control, MatchSettings(width=10, height=10), chooser=slow_master)
    click(control, grid_px(play, 4, 4))  # Blue; Red to move now
    press(control, play.panel.b_hint)
    assert play.hint.thinking and play.panel.b_hint.key == "play.hint.thinking" and play.wake_in() is not None
    # The master thinks (here: until the gate opens); the loop steps on, and what is posted is taken.
    # Every frame ends while the master is still thinking: none waits for its answer.
    for k in range(30):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=grid_px(play, 1 + k % 5, 2), rel=(1, 0),
                                             buttons=(0, 0, 0), touch=False))
        step(control)
        order.append("frame")
    assert play.hint.thinking and play.aim.hover == (5, 2)
    assert order.count("frame") == 30 and "answers" not in order
    gate.set()
    step_until(control, lambda: play.hint.point is not None)
    point = play.hint.point
    assert point is not None and play.game.is_legal(point) and point == (6, 6)
    assert play.panel.b_hint.key == "play.hint" and play.wake_in() == 0.0  # it pulses
    assert hint_pixels(control, point) > 0
    click(control, grid_px(play, *point))  # a tap on the ghost plays it
    assert play.game.last_move == point and play.game.dot_at(point) is Player.RED
    step(control)
    assert play.hint.point is None and not play.hint.active and play.hint.used == 1
    assert cancelled == [False]


def test_undo_cancels_the_hint_being_thought_about(control: Control) -> None:
    gate = threading.Event()
    flags: list[threading.Event] = []

    def slow_master(game: Game, level: str, *, seconds: float | None = None, seed: int | None = None,
                    cancel: threading.Event | None = None) -> Point:
        assert cancel is not None
        flags.append(cancel)
        gate.wait(10)
        return min(game.legal_moves())

    play = start_play(control, MatchSettings(width=10, height=10), chooser=slow_master)
    click(control, grid_px(play, 4, 4))
    press(control, play.panel.b_hint)
    assert play.hint.thinking
    press(control, play.panel.b_undo)
    step(control)
    assert not play.hint.active and not play.hint.thinking and flags and flags[0].is_set()
    gate.set()
    play.hint.join(5)
    step(control, 5)
    assert play.hint.point is None  # the answer for the position taken back never shows


def test_the_real_masters_hint_against_the_computer_is_legal_and_counted_into_the_record(
        control: Control) -> None:
    settings = MatchSettings(Rules.COUNTRIES, 9, 9, ComputerSettings("beginner", Player.BLUE))
    play = start_play(control, settings, ai_seconds=0.05)
    play.hint = type(play.hint)(used=0, seconds=0.2)  # the real master (no stand-in chooser), a short budget
    for _ in range(2):
        press(control, play.panel.b_hint)
        step_until(control, lambda: play.hint.point is not None)
        assert play.hint.point is not None and play.game.is_legal(play.hint.point)
        click(control, grid_px(play, *play.hint.point))
        step_until(control, lambda: play.human_to_move)  # the computer answers
    assert play.hint.used == 2
    play.finish()
    step(control)
    results = control.stack.top
    assert isinstance(results, ResultsScene) and results.hints == 2
    press(control, results.b_save)
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    press(control, save.b_save)
    assert save.saved is not None
    assert sgf.read_hints(sgf.read_info(save.saved.read_text(encoding="utf-8"))) == 2


def test_at_one_screen_no_hint_count_is_written(control: Control) -> None:
    control.stack.push(MenuScene(control.stack))
    game = Game(9, 9)
    game.play((4, 4))
    game.finish()
    results = ResultsScene(control.stack, Match(MatchSettings(Rules.COUNTRIES, 9, 9), game, hints=3))
    control.stack.push(results)
    step(control)
    press(control, results.b_save)
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    press(control, save.b_save)
    assert save.saved is not None and "HN[" not in save.saved.read_text(encoding="utf-8")


def test_the_count_goes_on_after_a_resume_and_an_opened_record_shows_it(control: Control) -> None:
    from game.scenes.files.open_game import OpenGameScene
    from game.scenes.play import PlayScene
    from game.scenes.review import ReviewScene
    from game.storage import library, unfinished
    from game.storage.autosave import resume

    def first_legal(game: Game, level: str, **_: object) -> Point:
        return max(game.legal_moves())

    settings = MatchSettings(Rules.COUNTRIES, 9, 7, ComputerSettings("amateur", Player.BLUE))
    play = start_play(control, settings, chooser=first_legal)
    press(control, play.panel.b_hint)
    step_until(control, lambda: play.hint.point is not None)
    click(control, grid_px(play, *play.hint.point))  # type: ignore[misc]
    play.shutdown()  # leaving writes the autosave now
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable) and "HN[1]" in saved.text
    again = PlayScene(control.stack, Match(*resume(saved)))
    assert again.hint.used == 1 and again.settings == settings
    again.shutdown()
    # A saved record with HN, opened from the games list, says so in the review.
    game = Game(9, 9)
    game.play((4, 4))
    library.save_game("hinted", sgf.dumps(game, info=sgf.hints_info(5)))
    control.stack.shutdown_all()
    control.stack.scenes.clear()
    control.stack.push(MenuScene(control.stack))
    files = control.stack.go("open")
    assert isinstance(files, OpenGameScene)
    files.open_entry([g.name for g in files.games].index("hinted"))
    review = control.stack.top
    assert isinstance(review, ReviewScene) and review.hints == 5
