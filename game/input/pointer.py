"""Mouse and touch as one kind of pointer, and the filter that keeps them apart.

SDL turns every touch into a mouse event as well (marked ``event.touch``), and
some systems deliver a real-looking mouse click just after a finger lifts. If a
scene saw both, one tap would act twice. So :class:`InputFilter` drops those
mouse events before any scene sees them, and scenes read pointers through
:func:`pointer_of`, which gives touch in window pixels like the mouse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import pygame

TOUCH_CLICK_GUARD_MS = 300  # a mouse click this soon after a finger lift is the same tap

PointerKind = Literal["down", "move", "up"]
PointerSource = Literal["mouse", "touch"]


@dataclass(frozen=True)
class Pointer:
    """A mouse or finger event in window pixels."""

    kind: PointerKind
    pos: tuple[float, float]
    source: PointerSource
    finger: int = -1
    """Touch: the finger's id; the mouse uses -1."""


_MOUSE_KINDS: dict[int, PointerKind] = {
    pygame.MOUSEBUTTONDOWN: "down",
    pygame.MOUSEMOTION: "move",
    pygame.MOUSEBUTTONUP: "up",
}
_FINGER_KINDS: dict[int, PointerKind] = {
    pygame.FINGERDOWN: "down",
    pygame.FINGERMOTION: "move",
    pygame.FINGERUP: "up",
}


def pointer_of(event: pygame.event.Event, window_size: tuple[int, int]) -> Pointer | None:
    """The pointer an event stands for, or None for other events.

    Only the left mouse button counts; touch coordinates (0..1 of the window) are
    scaled to pixels of a window of ``window_size``.
    """
    kind = _MOUSE_KINDS.get(event.type)
    if kind is not None:
        if getattr(event, "touch", False):
            return None
        if kind != "move" and getattr(event, "button", 1) != 1:
            return None
        pos = getattr(event, "pos", None)
        if pos is None:
            return None
        return Pointer(kind, (float(pos[0]), float(pos[1])), "mouse")
    kind = _FINGER_KINDS.get(event.type)
    if kind is not None:
        x = float(getattr(event, "x", -1.0))
        y = float(getattr(event, "y", -1.0))
        finger = int(getattr(event, "finger_id", 0))
        return Pointer(kind, (x * window_size[0], y * window_size[1]), "touch", finger)
    return None


class InputFilter:
    """Drops mouse events that are echoes of touch, before the scenes see them.

    ``now`` gives milliseconds; tests pass their own clock.
    """

    def __init__(self, now: Callable[[], int] = pygame.time.get_ticks) -> None:
        self._now = now
        self._last_finger_up: int | None = None

    def accept(self, event: pygame.event.Event) -> bool:
        """False for a mouse event SDL made from touch, or a click just after a finger lift."""
        if event.type == pygame.FINGERUP:
            self._last_finger_up = self._now()
            return True
        if event.type in _MOUSE_KINDS or event.type == pygame.MOUSEWHEEL:
            if getattr(event, "touch", False):
                return False
            click = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            if click and self._last_finger_up is not None and \
                    self._now() - self._last_finger_up < TOUCH_CLICK_GUARD_MS:
                return False
        return True
