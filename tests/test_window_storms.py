"""F11 and resize storms end in the state of the last request, drawn (issue 12, item 7).

In a real window six fast F11 presses left it fullscreen and black, and F11 no
longer restored it. Here F11 presses and resize events are posted under SDL's
dummy driver in storms — one batch, frame by frame, mixed — and after each the
window must be what was asked last, the :class:`Control` must believe the same,
every scene must be laid out for that size, and the frame on the screen must be
the scenes' picture at that size, not black.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from conftest import FakeClock

from engine import Player
from game.control import Control
from game.match.settings import MatchSettings
from game.scenes.handoff import Match
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene

START = (1280, 800)


@pytest.fixture
def control(pygame_session: object, data_dir: Path, clock: FakeClock) -> Iterator[Control]:
    pygame.event.clear()
    c = Control(START, now=clock)
    c.stack.push(MenuScene(c.stack))
    c.step(1 / 60)
    pygame.event.clear()
    yield c
    c.stack.shutdown_all()
    if pygame.display.is_fullscreen():
        c.toggle_fullscreen()  # the next test starts windowed
    pygame.event.clear()


class Calls:
    """Counts what was asked of the display: new modes and fullscreen switches."""

    def __init__(self, control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
        self.set_mode = 0
        self.switches = 0
        real_set_mode = pygame.display.set_mode
        real_switch = control._switch_mode

        def set_mode(*args: object, **kwargs: object) -> pygame.Surface:
            self.set_mode += 1
            return real_set_mode(*args, **kwargs)  # type: ignore[arg-type]

        def switch(fullscreen: bool) -> None:
            self.switches += 1
            real_switch(fullscreen)

        monkeypatch.setattr(pygame.display, "set_mode", set_mode)
        monkeypatch.setattr(control, "_switch_mode", switch)


@pytest.fixture
def calls(control: Control, monkeypatch: pytest.MonkeyPatch) -> Calls:
    return Calls(control, monkeypatch)


def f11() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)


def video_resize(size: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def post(control: Control, *events: pygame.event.Event) -> None:
    for e in events:
        pygame.event.post(e)
    control.step(1 / 60)


def settle(control: Control, frames: int = 3) -> None:
    """A few idle frames: the resize events SDL queued for the mode changes come and go."""
    for _ in range(frames):
        control.step(1 / 60)


def desktop() -> tuple[int, int]:
    return tuple(pygame.display.get_desktop_sizes()[0])  # type: ignore[return-value]


def assert_shown(control: Control, size: tuple[int, int], *, fullscreen: bool) -> None:
    """The window is ``size`` and in the mode asked; the Control, the stack and every scene agree;
    the frame on the screen is the scenes' picture at that size."""
    assert control.fullscreen is fullscreen and pygame.display.is_fullscreen() is fullscreen
    assert control.size == size == pygame.display.get_surface().get_size()
    assert control.stack.size == size and all(scene.size == size for scene in control.stack.scenes)
    shown = control.screen
    assert sum(pygame.transform.average_color(shown)[:3]) > 3 * 100, "the frame is (nearly) black"
    fresh = pygame.Surface(size)
    control.stack.draw(fresh)
    assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(shown.convert(), "RGB"), \
        "the frame on the screen is not the scenes' picture at this size"


# ----- F11 ---------------------------------------------------------------------------------------


def test_six_f11_in_one_batch_change_nothing(control: Control, calls: Calls) -> None:
    post(control, *[f11() for _ in range(6)])
    assert calls.switches == 0 and calls.set_mode == 0
    assert_shown(control, START, fullscreen=False)


def test_five_f11_in_one_batch_switch_once(control: Control, calls: Calls) -> None:
    post(control, *[f11() for _ in range(5)])
    # One switch, on the same window: set_mode would make X11 a new window, and the
    # keys pressed while it appears are lost (how six presses ended fullscreen).
    assert calls.switches == 1 and calls.set_mode == 0
    settle(control)
    assert_shown(control, desktop(), fullscreen=True)
    post(control, f11())  # and F11 still brings the window back
    settle(control)
    assert_shown(control, START, fullscreen=False)


@pytest.mark.parametrize("presses", [6, 7])
def test_f11_pressed_frame_after_frame_ends_as_the_last_press_asks(control: Control, calls: Calls,
                                                                   presses: int) -> None:
    for _ in range(presses):
        post(control, f11())
    settle(control)
    assert calls.switches == presses and calls.set_mode == 0
    odd = presses % 2 == 1
    assert_shown(control, desktop() if odd else START, fullscreen=odd)
    post(control, f11())
    settle(control)
    assert_shown(control, START if odd else desktop(), fullscreen=not odd)


def test_f11_split_across_frames_with_the_resize_events_between(control: Control) -> None:
    # Three presses, then the resize events SDL queued for the switch, then three more.
    post(control, f11(), f11(), f11())
    post(control, f11(), f11(), f11())
    settle(control)
    assert_shown(control, START, fullscreen=False)


def test_resizes_reported_while_fullscreen_do_not_shrink_it(control: Control) -> None:
    post(control, f11())
    post(control, video_resize((900, 700)), pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=650))
    settle(control)
    assert_shown(control, desktop(), fullscreen=True)
    post(control, f11())
    settle(control)
    assert_shown(control, START, fullscreen=False)


# ----- resize storms ---------------------------------------------------------------------------------


def storm(seed: int, n: int = 40) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    return [(rng.randrange(800, 2000), rng.randrange(600, 1300)) for _ in range(n)]


def test_a_resize_storm_in_one_batch_is_one_change(control: Control, calls: Calls) -> None:
    sizes = storm(1)
    post(control, *[video_resize(s) for s in sizes])
    assert calls.set_mode == 1
    settle(control)
    assert_shown(control, sizes[-1], fullscreen=False)


def test_a_resize_storm_frame_after_frame_ends_at_the_last(control: Control) -> None:
    sizes = storm(2, 15)
    kinds = [lambda s: video_resize(s), lambda s: pygame.event.Event(pygame.WINDOWSIZECHANGED, x=s[0], y=s[1]),
             lambda s: pygame.event.Event(pygame.WINDOWRESIZED, x=s[0], y=s[1])]
    for i, size in enumerate(sizes):
        post(control, kinds[i % 3](size))
    settle(control)
    assert_shown(control, sizes[-1], fullscreen=False)


def test_resizes_and_f11_mixed_end_in_the_last_request(control: Control) -> None:
    a, b = storm(3), storm(4)
    # Sizes, fullscreen, more sizes (stale ones, as a window manager sends), windowed again:
    # windowed at the last size asked.
    post(control, *[video_resize(s) for s in a], f11(), *[video_resize(s) for s in b], f11())
    settle(control)
    assert_shown(control, b[-1], fullscreen=False)
    # Sizes then fullscreen: fullscreen, and back to the last size asked before it.
    post(control, *[video_resize(s) for s in a], f11())
    settle(control)
    assert_shown(control, desktop(), fullscreen=True)
    post(control, f11())
    settle(control)
    assert_shown(control, a[-1], fullscreen=False)


def test_an_exposed_window_is_drawn_again(control: Control) -> None:
    drawn = control.frames
    control.screen.fill((0, 0, 0))  # what a window shows when the system lost its picture
    post(control, pygame.event.Event(pygame.WINDOWEXPOSED))
    assert control.frames == drawn + 1
    assert_shown(control, START, fullscreen=False)


def test_a_play_scene_after_a_storm_is_laid_out_and_drawn(control: Control) -> None:
    play = PlayScene(control.stack, Match(MatchSettings(width=20, height=20)))
    control.stack.push(play)
    control.step(1 / 60)
    post(control, *[video_resize(s) for s in storm(5)], *[f11() for _ in range(6)])
    settle(control)
    assert_shown(control, storm(5)[-1], fullscreen=False)
    assert pygame.Rect(0, 0, *control.size).contains(play.board.paper)


def test_a_tap_right_after_a_resize_lands_in_the_new_layout(control: Control, clock: FakeClock) -> None:
    play = PlayScene(control.stack, Match(MatchSettings(width=20, height=20)))
    control.stack.push(play)
    control.step(1 / 60)
    new = (1000, 700)
    control.resize(new)
    x, y = play.board.grid_to_pixel((8, 8))  # where node (8, 8) is in a 1000×700 window
    control.resize(START)
    assert play.board.grid_to_pixel((8, 8)) != (x, y)
    finger = {"dx": 0.0, "dy": 0.0, "finger_id": 0, "touch_id": 1, "pressure": 1.0, "x": x / new[0], "y": y / new[1]}
    # The resize and the tap in one batch: the tap must be read against the new layout.
    post(control, video_resize(new), pygame.event.Event(pygame.FINGERDOWN, **finger),
         pygame.event.Event(pygame.FINGERUP, **finger))
    assert control.size == new and play.game.dot_at((8, 8)) == Player.BLUE and play.game.move_count == 1
