"""The window on a small screen (issue 21, item 10): its least size is the usable part of a 1024×600
screen (a taskbar and a title bar taken off), the play panel fits at that size with every button in the
window and pressable, and the window opens maximised, or at the size it had, as the player left it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from conftest import FakeClock
from driving import click, press, running
from test_game_scenes import start_play, top

from engine import Player, Rules
from game import app, strings
from game.control import FRAME_ROOM, MIN_SIZE, SMALLEST_SCREEN, Control
from game.match.clock import TimeControl
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.dialog import ConfirmScene
from game.scenes.menu import MenuScene
from game.storage.preferences import Preferences, Settings, settings_from_dict, settings_to_dict
from game.view import hud, theme

TASKBAR = 48
"""The tallest common taskbar at 100 % (Windows 10 and 11)."""
TITLE_BAR = 30
"""A window manager's title bar (openbox, GNOME, Windows: 24 to 32 px)."""

SMALL_WINDOWS = [MIN_SIZE, (SMALLEST_SCREEN[0], MIN_SIZE[1])]
"""The least window, and the smallest screen's usable area when the window is maximised on it."""

FULLEST = MatchSettings(Rules.CLASSIC, 24, 20, ComputerSettings("beginner", Player.BLUE), TimeControl(5, 3))
"""The panel with the most in it: classic («Стоп»), against the computer («Сдаться»), both clocks."""


@pytest.fixture
def small(pygame_session: object, data_dir: Path, clock: FakeClock,
          request: pytest.FixtureRequest) -> Iterator[Control]:
    yield from running(request.param, clock)


def test_the_least_window_fits_the_smallest_screen_with_a_taskbar_and_a_title_bar() -> None:
    assert SMALLEST_SCREEN == (1024, 600)  # the smallest screen README names
    assert MIN_SIZE[0] <= SMALLEST_SCREEN[0]
    assert MIN_SIZE[1] <= SMALLEST_SCREEN[1] - TASKBAR - TITLE_BAR
    assert FRAME_ROOM >= TASKBAR + TITLE_BAR


@pytest.mark.parametrize("small", SMALL_WINDOWS, indirect=True)
@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("settings", [FULLEST, MatchSettings(width=38, height=31)], ids=["classic", "hotseat"])
def test_every_panel_button_is_in_the_window_and_pressable(small: Control, language: str,
                                                           settings: MatchSettings) -> None:
    strings.set_language(language)
    size = small.size
    assert size[1] == MIN_SIZE[1]  # the window is as low as asked, not held at a taller least size
    play = start_play(small, settings)
    window = pygame.Rect((0, 0), size)
    shown = [b for group in (play.panel.buttons, play.panel.icons) for b, _ in group.items if b.rect.w > 0]
    assert {b.key for b in shown} >= {"play.undo", "play.redo", "play.hint", "play.finish", "play.resign",
                                      "play.menu"}
    for i, button in enumerate(shown):
        assert window.contains(button.rect), f"{button.key} {button.rect} leaves the {size} window"
        assert min(button.rect.size) >= theme.finger_px(), f"{button.key} is smaller than a finger"
        assert all(not button.rect.colliderect(other.rect) for other in shown[i + 1:]), f"{button.key} overlaps"
    # The lowest row, pressed near its lower edge where a finger on the window's bottom lands.
    click(small, (play.panel.b_resign.rect.centerx, play.panel.b_resign.rect.bottom - 2))
    asked = top(small)
    assert isinstance(asked, ConfirmScene)
    press(small, asked.b_no)
    click(small, (play.panel.b_menu.rect.centerx, play.panel.b_menu.rect.bottom - 2))
    assert isinstance(top(small), MenuScene)  # nothing played yet: straight to the menu


def test_the_window_opens_maximised_when_asked(pygame_session: object, data_dir: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[bool] = []

    class Window:
        """The system's window as the game sees it: a least size, and a maximise it asks for."""

        minimum_size = (0, 0)

        def maximize(self) -> None:
            asked.append(True)
            pygame.display.set_mode((1024, 560), pygame.RESIZABLE)  # as X11 does: the new size at once

    monkeypatch.setattr(Control, "_window", staticmethod(Window))
    control = Control((900, 600), maximised=True)
    assert asked == [True]
    # Maximised before it was shown: no event will say so, and its size to come back to is the one asked.
    assert control.maximised and control.windowed_size == (900, 600)
    control.stack.shutdown_all()
    Control((900, 600))
    assert asked == [True]  # not unless asked (the tests, the screenshots)


def test_the_window_remembers_being_maximised_and_its_size_before(pygame_session: object, data_dir: Path,
                                                                  clock: FakeClock) -> None:
    kept: list[Settings] = []
    preferences = Preferences(keep=lambda s: kept.append(s) or True)
    control = next(running((900, 600), clock))
    control.preferences = preferences
    control.step(0.0, events=[])
    control.step(0.0, events=[pygame.event.Event(pygame.WINDOWMAXIMIZED)])
    assert control.maximised
    control.step(0.0, events=[pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1024, y=560)])
    assert control.size == (1024, 560) and control.windowed_size == (900, 600)
    app.remember_window(control, preferences)
    assert (kept[-1].window_size, kept[-1].window_maximised) == ((900, 600), True)
    control.step(0.0, events=[pygame.event.Event(pygame.WINDOWRESTORED),
                              pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=600)])
    control.step(0.0, events=[pygame.event.Event(pygame.WINDOWSIZECHANGED, x=950, y=640)])
    assert not control.maximised and control.windowed_size == (950, 640)
    app.remember_window(control, preferences)
    assert (kept[-1].window_size, kept[-1].window_maximised) == ((950, 640), False)
    # A window manager that resizes the window a frame before it says it maximised it (openbox).
    control.step(0.0, events=[pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1024, y=541)])
    control.step(0.0, events=[pygame.event.Event(pygame.WINDOWMAXIMIZED)])
    assert control.maximised and control.windowed_size == (950, 640)
    control.step(0.0, events=[pygame.event.Event(pygame.WINDOWRESTORED),
                              pygame.event.Event(pygame.WINDOWSIZECHANGED, x=950, y=640)])
    writes = len(kept)
    app.remember_window(control, preferences)
    assert len(kept) == writes  # nothing changed: nothing written
    control.stack.shutdown_all()


def test_the_size_to_open_at_fits_the_screen_less_its_frame(pygame_session: object) -> None:
    desktop = pygame.display.get_desktop_sizes()[0]
    room = (desktop[0], desktop[1] - FRAME_ROOM)
    assert app.first_window_size((900, 500)) == (900, max(MIN_SIZE[1], 500))
    assert app.first_window_size((30_000, 20_000)) == room  # a bigger screen's size, on a smaller one
    assert app.first_window_size((10, 10)) == MIN_SIZE
    w, h = app.first_window_size()
    assert MIN_SIZE[0] <= w <= room[0] and MIN_SIZE[1] <= h <= room[1]


@pytest.mark.parametrize("value", [[0, 600], [True, 600], [900], "big", [900.5, 600], [99_999, 600], None])
def test_a_hostile_window_size_in_the_settings_is_none(value: object) -> None:
    assert settings_from_dict({"window_size": value, "window_maximised": "yes"}) == Settings()


def test_the_window_settings_are_read_back_as_written() -> None:
    chosen = Settings(window_size=(1100, 700), window_maximised=False)
    assert settings_from_dict(settings_to_dict(chosen)) == chosen
    assert Settings().window_maximised  # the first start opens maximised


@pytest.mark.parametrize("small", [MIN_SIZE], indirect=True)
def test_at_the_least_window_the_running_clock_is_not_cut_by_the_zones_note(small: Control) -> None:
    play = start_play(small, MatchSettings(Rules.CLASSIC, 20, 15, clock=TimeControl(5, 0)))
    assert play.game.first_move_zone is not None  # its note is among the status lines
    texts = [text for text, _ in hud.play_status(play.game, play.settings, stop_clock="", ai_failed=False,
                                                 autosave_failed=False, clock=play.match_clock)]
    clocks = [i for i, text in enumerate(texts) if ": 5:00" in text]
    zone = texts.index(strings.t("play.zone").split("\n")[0])
    assert len(clocks) == 2 and max(clocks) < zone  # a low window cuts from the end: the note goes first
