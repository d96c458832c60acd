"""Driving the game in tests as a player does: real pygame events posted, then one frame of the loop.

One set of helpers for every scene test, so a change in how the loop takes events
is made once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame

from game.control import Control
from game.view.widgets import Button


def running(size: tuple[int, int], now: Callable[[], float]) -> Iterator[Control]:
    """The game's loop in a window of ``size`` with the clock ``now``, for a fixture to yield; on
    teardown its scenes are shut down, no event is left over and the language is Russian again."""
    from game import strings

    pygame.event.clear()
    control = Control(size, now=now)
    pygame.event.clear()
    yield control
    control.stack.shutdown_all()
    pygame.event.clear()
    strings.set_language("ru")


def step(control: Control, frames: int = 1, dt: float = 1 / 60) -> None:
    """Run ``frames`` frames of the loop."""
    for _ in range(frames):
        control.step(dt)


SAFETY_SECONDS = 30.0
"""How long :func:`step_until` waits at most: a net for a broken test, far beyond what a slow machine needs."""


def step_until(control: Control | None, condition: Callable[[], object], timeout: float = SAFETY_SECONDS,
               dt: float = 1 / 60) -> int:
    """Run frames of the loop (``dt`` each) until ``condition()`` is true; how many frames that took.

    For what another thread brings (the computer's move, a hint, an analysis, pictures read in the
    background): between frames the worker gets the processor. With ``control`` None no frame is run:
    the test waits on the thread alone. ``timeout`` is wall-clock seconds, a safety net only: it fails a
    test whose condition never comes, never one on a slow machine, so no test states a time with it.
    """
    end = time.monotonic() + timeout
    frames = 0
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"not met after {frames} frames and {timeout:.0f} s: {condition}")
        if control is not None:
            control.step(dt)
            frames += 1
        time.sleep(0.001)  # lets a worker thread run (and take the GIL) between frames
    return frames


def post(control: Control, *events: pygame.event.Event) -> None:
    """Post ``events`` and run one frame."""
    for e in events:
        pygame.event.post(e)
    control.step(1 / 60)


def click(control: Control, pos: tuple[float, float], *, touch: bool = False) -> None:
    """A left click at ``pos``; ``touch`` marks it as SDL's mouse copy of a finger."""
    p = (round(pos[0]), round(pos[1]))
    post(control, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=touch),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1, touch=touch))


def press(control: Control, button: Button) -> None:
    """Click ``button``, which must be shown and enabled."""
    assert button.rect.w > 0 and button.enabled, f"button {button.key} is not pressable"
    click(control, button.rect.center)


def key(control: Control, k: int, mod: int = 0) -> None:
    """A key press (no text: TEXTINPUT carries typed text, see :func:`type_text`)."""
    post(control, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def type_text(control: Control, text: str) -> None:
    """Text typed on a keyboard."""
    post(control, pygame.event.Event(pygame.TEXTINPUT, text=text))
