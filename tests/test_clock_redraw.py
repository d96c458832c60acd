"""A running clock redraws only itself (issue 21, item 12): with no input and nothing else changed, a
frame draws the panel's status lines alone and updates only their rect — no board painted, no flip —
and what it leaves on the screen is what a whole frame would draw. Anything else that changed, and
any input, brings whole frames back."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pygame
import pytest
from conftest import FakeClock
from driving import click, press
from test_game_scenes import grid_px, start_play, top

from engine import Game, Rules
from game import app
from game.control import Control
from game.match.clock import TimeControl
from game.match.settings import MatchSettings
from game.scenes.play import PlayScene
from game.view.board_view import BoardView

CLOCKED = MatchSettings(width=20, height=15, clock=TimeControl(5, 0))


class Screen:
    """What the loop asks of the display and of the board's painter, counted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.updates: list[list[pygame.Rect]] = []
        self.flips = 0
        self.boards = 0
        update, flip, board = pygame.display.update, pygame.display.flip, BoardView.draw

        def counted_update(rects: object = None) -> None:
            self.updates.append([pygame.Rect(r) for r in rects] if isinstance(rects, list) else [])
            update(rects)  # type: ignore[arg-type]

        def counted_flip() -> None:
            self.flips += 1
            flip()

        def counted_board(view: BoardView, *args: object, **kwargs: object) -> None:
            self.boards += 1
            board(view, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(pygame.display, "update", counted_update)
        monkeypatch.setattr(pygame.display, "flip", counted_flip)
        monkeypatch.setattr(BoardView, "draw", counted_board)

    def clear(self) -> None:
        self.updates, self.flips, self.boards = [], 0, 0


def settle(control: Control, play: PlayScene) -> None:
    """Frames until the move's animation and its autosave are done (a bounded number), then one more."""
    for _ in range(40):
        if play.wake_in() != 0:
            break
        control.step(0.25, events=[])
    assert play.look() is not None
    control.step(0.0, events=[])


@pytest.fixture
def ticking(control: Control, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[PlayScene, Screen]]:
    play = start_play(control, CLOCKED, game=Game(20, 15))
    click(control, grid_px(play, 3, 3))  # blue's move: red's clock runs
    settle(control, play)
    screen = Screen(monkeypatch)
    yield play, screen


def whole_frame(control: Control) -> bytes:
    surface = pygame.Surface(control.size)
    control.stack.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_an_idle_frame_with_a_running_clock_updates_only_the_clock_lines(control: Control, clock: FakeClock,
                                                                         ticking: tuple[PlayScene, Screen]) -> None:
    play, screen = ticking
    shown = play.match_clock.shown(play.match_clock.running)
    parts = control.part_frames
    for _ in range(3):
        clock.ms += 1000
        control.step(1.0, events=[])
    assert play.match_clock.shown(play.match_clock.running) != shown  # the clock did tick on screen
    assert control.part_frames == parts + 3
    assert screen.boards == 0 and screen.flips == 0  # no board painted, no whole window sent
    assert len(screen.updates) == 3
    panel = pygame.Rect(play.screen.panel)
    for rects in screen.updates:
        assert rects == [play.panel.status_area] and panel.contains(rects[0])
        assert rects[0].w * rects[0].h < control.size[0] * control.size[1] // 10  # a small part of the window
    assert pygame.image.tobytes(control.screen, "RGB") == whole_frame(control)  # as a whole frame draws it


def test_input_or_any_other_change_draws_whole_frames(control: Control, clock: FakeClock,
                                                      ticking: tuple[PlayScene, Screen]) -> None:
    play, screen = ticking
    parts = control.part_frames
    clock.ms += 1000
    control.step(1.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))])
    assert screen.flips == 1 and screen.boards == 1  # input: the whole frame
    play.game.play((10, 10))  # the game changed, with no input (as the computer's move does)
    clock.ms += 1000
    control.step(1.0, events=[])
    assert screen.flips == 2 and screen.boards == 2
    press(control, play.panel.b_finish)  # a dialog on top: whole frames under it
    screen.clear()
    clock.ms += 1000
    control.step(1.0, events=[])
    assert screen.flips == 1 and control.part_frames == parts


def test_the_stop_time_counts_down_in_part_and_shows_as_a_whole_frame_would(control: Control,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    play = start_play(control, MatchSettings(Rules.CLASSIC, 20, 15), game=Game(20, 15, rules=Rules.CLASSIC))
    click(control, grid_px(play, 10, 7))  # in the first-move zone
    settle(control, play)
    press(control, play.panel.b_stop)
    press(control, top(control).b_yes)  # red moves alone: the «Стоп» time runs
    settle(control, play)
    shown = play.stop_clock.shown()
    screen = Screen(monkeypatch)
    control.step(2.0, events=[])
    assert play.stop_clock.shown() != shown and screen.boards == 0 and screen.flips == 0
    assert pygame.image.tobytes(control.screen, "RGB") == whole_frame(control)


@pytest.mark.parametrize(("driver", "hint"), [("x11", "0"), ("wayland", None), ("windows", None)])
def test_on_x11_the_window_updates_through_its_own_framebuffer(monkeypatch: pytest.MonkeyPatch, driver: str,
                                                              hint: str | None) -> None:
    # Through SDL's OpenGL framebuffer an update of the clock's lines presents the whole window.
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    monkeypatch.setenv(app.X11_ACCELERATION, "")  # noted, so that the end of the test puts back what was
    monkeypatch.delenv(app.X11_ACCELERATION)
    app.open_display()
    assert os.environ.get(app.X11_ACCELERATION) == hint
    monkeypatch.setenv(app.X11_ACCELERATION, "1")  # the player's own choice stands
    app.open_display()
    assert os.environ[app.X11_ACCELERATION] == "1"
