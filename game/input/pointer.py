"""Mouse and touch as one kind of pointer, and the filter that lets one tap act once.

A tap on a touch screen reaches the game more than once. SDL reports the finger
(FINGERDOWN … FINGERUP) and, unless told otherwise, a mouse press made from it.
Those synthesised mouse events are marked ``event.touch``, and SDL queues them
*before* the finger's own. With SDL's mouse-to-touch emulation
(``SDL_MOUSE_TOUCH_EVENTS=1``), and on some Linux touch screens, the copy is a
plain mouse press instead, unmarked, queued between the finger's down and up
(FINGERDOWN, MOUSEBUTTONDOWN, FINGERUP, MOUSEBUTTONUP) or just after the finger
lifts. Pens arrive either as a plain mouse or as a finger with such copies.

:class:`InputFilter` lets the scenes see each gesture from exactly one source:
whichever of mouse and finger starts it owns it until it ends, and the other
source's events meanwhile, and just after, are its echo and are dropped. A
second finger never becomes a pointer while the first is down: its events pass
marked :data:`EXTRA_FINGER`, for the board's pinch (:mod:`game.input.gestures`),
and :func:`pointer_of` gives no pointer for them, so no button or aim sees them.
Scenes then read pointers through :func:`pointer_of`, which gives touch in
window pixels like the mouse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import pygame

TOUCH_CLICK_GUARD_MS = 300
"""A press of the other source this soon after a gesture ends is that gesture's echo."""
STALE_GESTURE_MS = 2000
"""A gesture silent this long when the other source presses has lost its release (a
window that lost focus mid-gesture): the new press starts afresh instead of being
taken for an echo forever. A real echo comes within milliseconds of its gesture's start."""
ECHO_RADIUS_PX = 16
"""A finger this close to where a mouse click just ended is that click's copy, not a new tap."""
EXTRA_FINGER = "extra_finger"
"""Set (True) on the events of a finger that landed while another was down: a pinch's, never a pointer."""

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

    Only the left mouse button counts; mouse events SDL made from touch are not
    pointers (the finger's own events are), nor are a second finger's
    (:data:`EXTRA_FINGER`); touch coordinates (0..1 of the window) are scaled to
    pixels of a window of ``window_size``.
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
    if kind is not None and not getattr(event, EXTRA_FINGER, False):
        x = float(getattr(event, "x", -1.0))
        y = float(getattr(event, "y", -1.0))
        finger = int(getattr(event, "finger_id", 0))
        return Pointer(kind, (x * window_size[0], y * window_size[1]), "touch", finger)
    return None


def _pos(event: pygame.event.Event) -> tuple[float, float]:
    pos = getattr(event, "pos", (0, 0))
    return float(pos[0]), float(pos[1])


def _finger_key(event: pygame.event.Event) -> tuple[int, int]:
    # Finger ids are per touch device: two screens (or a screen and a pen) may both have finger 0.
    return int(getattr(event, "touch_id", 0)), int(getattr(event, "finger_id", 0))


class InputFilter:
    """Passes each gesture to the scenes from one source only: the mouse or one finger.

    ``now`` gives milliseconds; tests pass their own clock. Every event goes through
    :meth:`accept` in the order SDL delivered it.
    """

    def __init__(self, now: Callable[[], int] = pygame.time.get_ticks,
                 window_size: Callable[[], tuple[int, int]] = pygame.display.get_window_size) -> None:
        self._now = now
        self._window_size = window_size
        self.owner: PointerSource | None = None
        """Who the gesture in progress belongs to: the scenes see only its events."""
        self._finger: tuple[int, int] | None = None
        """The finger (touch device, finger id) the touch gesture in progress follows."""
        self._extra: dict[tuple[int, int], int] = {}
        """Fingers that landed while another was down (a pinch), and when each was last heard from (ms)."""
        self._last_event = 0
        """When the gesture in progress was last heard from (ms)."""
        self._swallow_release = False
        """A left press was dropped as an echo: drop its release too, however late."""
        self._touch_ended: int | None = None
        self._mouse_ended: int | None = None
        self._mouse_spots: tuple[tuple[float, float], ...] = ()
        """Where the mouse press in progress (or just ended) went down and came up."""

    def reset(self) -> None:
        """Forget any gesture in progress: the screenshots put up a new stack of scenes for each
        picture, and a finger held down for one picture (the loupe) is not the next one's."""
        self.owner, self._finger, self._extra, self._last_event = None, None, {}, 0
        self._swallow_release, self._touch_ended, self._mouse_ended, self._mouse_spots = False, None, None, ()

    def _recent(self, ended: int | None) -> bool:
        return ended is not None and self._now() - ended < TOUCH_CLICK_GUARD_MS

    def _stale(self, owner: PointerSource) -> bool:
        return self.owner == owner and self._now() - self._last_event >= STALE_GESTURE_MS

    def accept(self, event: pygame.event.Event) -> bool:
        """True when the scenes should see ``event``; False for an echo of the gesture that owns the pointer."""
        if event.type in _FINGER_KINDS:
            return self._accept_finger(event)
        if event.type in _MOUSE_KINDS or event.type == pygame.MOUSEWHEEL:
            if getattr(event, "touch", False):
                return False  # SDL made it from a finger, whose own events carry the gesture
            if event.type == pygame.MOUSEWHEEL:
                return True
            return self._accept_mouse(event)
        return True

    def _accept_finger(self, event: pygame.event.Event) -> bool:
        key = _finger_key(event)
        now = self._now()
        if key in self._extra:
            return self._pass_extra(event, key, now)
        if event.type == pygame.FINGERDOWN:
            if self._stale("touch") or self._stale("mouse"):
                self.owner = None  # its release never came; this finger starts afresh
            self._extra = {k: t for k, t in self._extra.items() if now - t < STALE_GESTURE_MS}
            if self.owner == "touch" or self._extra:
                # A second finger (or a third, or one more while a pinch's last finger is
                # still down): no tap, but the board's pinch follows it.
                return self._pass_extra(event, key, now)
            if self.owner is not None or self._copies_click(event):
                # A finger while the mouse is pressed, or the finger copy of a
                # click that just ended: neither is a new tap.
                return False
            self.owner, self._finger, self._last_event = "touch", key, now
            return True
        if self.owner != "touch" or key != self._finger:
            return False  # a finger whose press the scenes never saw
        self._last_event = now
        if event.type == pygame.FINGERUP:
            self.owner, self._finger, self._touch_ended = None, None, now
        return True

    def _pass_extra(self, event: pygame.event.Event, key: tuple[int, int], now: int) -> bool:
        """Let a second finger's event through, marked so that it is no pointer."""
        if event.type == pygame.FINGERUP:
            self._extra.pop(key, None)
        else:
            self._extra[key] = now
        setattr(event, EXTRA_FINGER, True)
        return True

    def _copies_click(self, event: pygame.event.Event) -> bool:
        # Only where the click went down or came up: a hand cannot click and touch the same
        # spot within the guard, but it can click the board and tap a button with the other hand.
        if not self._recent(self._mouse_ended):
            return False
        w, h = self._window_size()
        x, y = float(getattr(event, "x", -1.0)) * w, float(getattr(event, "y", -1.0)) * h
        return any(abs(x - sx) <= ECHO_RADIUS_PX and abs(y - sy) <= ECHO_RADIUS_PX for sx, sy in self._mouse_spots)

    def _accept_mouse(self, event: pygame.event.Event) -> bool:
        if self.owner == "mouse":
            self._last_event = self._now()
        if event.type == pygame.MOUSEMOTION:
            # Pointer emulation moves the cursor with the finger: that is no hover.
            return self.owner != "touch" and not self._recent(self._touch_ended)
        if getattr(event, "button", 1) != 1:
            return True  # the scenes act on the left button only
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self._stale("touch"):
                self.owner, self._finger = None, None
            if self.owner == "touch" or self._recent(self._touch_ended):
                self._swallow_release = True
                return False
            self.owner, self._swallow_release, self._mouse_spots = "mouse", False, (_pos(event),)
            self._last_event = self._now()
            return True
        # MOUSEBUTTONUP
        if self._swallow_release:
            self._swallow_release = False
            return False
        if self.owner == "mouse":
            self.owner, self._mouse_ended = None, self._now()
            self._mouse_spots += (_pos(event),)
            return True
        # A release whose press the scenes never saw: during a touch, or just after one,
        # it is an echo; otherwise (a press that began outside the window) it is harmless.
        return self.owner is None and not self._recent(self._touch_ended)
