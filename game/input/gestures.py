"""Zooming and panning the board: two fingers, the wheel, a right or middle drag, and keys.

- two fingers on the board: the ratio of their distances zooms about their
  midpoint, and the midpoint's movement pans; the second finger landing cancels
  the first finger's aim (no dot is placed), and the rest of that touch, until
  every finger is up, is zoom and pan only;
- mouse wheel: zoom about the pointer; right or middle button held: drag the board;
- ``+`` / ``-``: zoom about the middle of the board's area; ``0``: fit again.

A single finger is never a pan: it aims a dot, as before (:mod:`game.input.aim`).
The second finger's events come marked by :class:`~game.input.pointer.InputFilter`
(:data:`~game.input.pointer.EXTRA_FINGER`), so no scene takes them for a tap.
The arithmetic is :class:`~game.input.zoom.Zoom`'s; this only reads events.
"""

from __future__ import annotations

import math

import pygame

from game.input.aim import Aim
from game.input.hit import hit_mouse
from game.input.layout import BoardLayout, Box, fit_board
from game.input.pointer import EXTRA_FINGER
from game.input.zoom import Zoom, fitted, max_cell

WHEEL_STEP = 1.15
"""Zoom per notch of the wheel (a touchpad's smooth scroll gives fractions of a notch)."""
KEY_STEP = 1.25
"""Zoom per press of ``+`` or ``-``."""
MIN_PINCH_PX = 8.0
"""Fingers closer than this give no trustworthy ratio: only their midpoint counts then."""

ZOOM_IN_KEYS = frozenset({pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS})  # '+' is shifted '=' on most layouts
ZOOM_OUT_KEYS = frozenset({pygame.K_MINUS, pygame.K_KP_MINUS})
FIT_KEYS = frozenset({pygame.K_0, pygame.K_KP_0})
DRAG_BUTTONS = (2, 3)  # middle, right
"""The left button plays; these drag the board."""


class ZoomGestures:
    """The zoom of one board and the gestures that change it.

    ``finger_px`` (the screen's finger, :func:`game.view.theme.finger_px`) sets how
    far it zooms in: a cell of one and a half fingers.
    """

    def __init__(self, width: int, height: int, area: Box, finger_px: int) -> None:
        self.finger_px = finger_px
        self.zoom: Zoom = fitted(width, height, area, finger_px)
        self._fingers: dict[tuple[int, int], tuple[float, float]] = {}
        """Fingers down on the board's area, by (touch device, finger id): where each is now."""
        self.pinching = False
        """Two fingers have been down together since the first landed: the touch zooms and pans."""
        self._mouse: tuple[float, float] | None = None
        """Where the mouse was last seen: the wheel zooms about it."""
        self._drag: tuple[float, float] | None = None
        """Where the right or middle button drag was last, while it is held."""

    @property
    def layout(self) -> BoardLayout:
        """The board as drawn and hit now."""
        return self.zoom.layout()

    def refit(self, area: Box) -> BoardLayout:
        """A new window: the same zoom factor, the pan bounded again for the new ``area``."""
        fit = fit_board(self.zoom.fit.width, self.zoom.fit.height, area)
        self.zoom = self.zoom.refit(fit, area, max_cell(fit, self.finger_px))
        return self.layout

    def reset(self) -> None:
        """Fit the board again."""
        self.zoom = self.zoom.reset()

    def handle(self, event: pygame.event.Event, window: tuple[int, int], aim: Aim) -> bool:
        """Follow ``event``; True when it was a zoom or pan (the layout may have changed) and is used up.

        ``aim`` is cleared when a second finger starts a pinch; its hover follows the board under the mouse.
        """
        kind = event.type
        if kind in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            self._mouse = None  # a touch screen has no hover for a zoom to move
            return self._finger(event, window, aim)
        if kind == pygame.MOUSEWHEEL:
            used = self._wheel(event)
        elif kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            used = self._mouse_event(event)
        elif kind == pygame.KEYDOWN:
            used = self._key(event.key)
        else:
            return False
        if used and self._mouse is not None and aim.finger is None:
            aim.hover = hit_mouse(self.layout, self._mouse)  # the ghost under the mouse, not where the node went
        return used

    # ----- touch ----------------------------------------------------------------------

    def _finger(self, event: pygame.event.Event, window: tuple[int, int], aim: Aim) -> bool:
        key = (int(getattr(event, "touch_id", 0)), int(getattr(event, "finger_id", 0)))
        pos = (float(getattr(event, "x", -1.0)) * window[0], float(getattr(event, "y", -1.0)) * window[1])
        extra = bool(getattr(event, EXTRA_FINGER, False))
        if event.type == pygame.FINGERDOWN:
            if not extra:  # a first finger: a new touch, whatever the last one left behind
                self._fingers.clear()
                self.pinching = False
            if self.zoom.area.contains(*pos):
                self._fingers[key] = pos
            if len(self._fingers) >= 2 and not self.pinching:
                self.pinching = True
                aim.clear()  # the first finger was the start of a pinch, not a dot
            return self.pinching or extra
        if event.type == pygame.FINGERUP:
            self._fingers.pop(key, None)
            return self.pinching or extra
        if key in self._fingers:
            before = dict(self._fingers)
            self._fingers[key] = pos
            pair = list(self._fingers)[:2]  # the two that landed first pinch; a third only rides along
            if self.pinching and len(pair) == 2 and key in pair:
                self._pinch([before[k] for k in pair], [self._fingers[k] for k in pair])
        return self.pinching or extra

    def _pinch(self, before: list[tuple[float, float]], after: list[tuple[float, float]]) -> None:
        """Zoom by the change in the fingers' distance about their old midpoint, then pan with the midpoint."""
        (a0, b0), (a1, b1) = before, after
        mid0 = ((a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2)
        mid1 = ((a1[0] + b1[0]) / 2, (a1[1] + b1[1]) / 2)
        d0 = math.dist(a0, b0)
        d1 = math.dist(a1, b1)
        zoom = self.zoom
        if d0 >= MIN_PINCH_PX and d1 >= MIN_PINCH_PX:
            zoom = zoom.zoom_at(mid0, d1 / d0)
        self.zoom = zoom.pan(mid1[0] - mid0[0], mid1[1] - mid0[1])

    # ----- mouse and keys -------------------------------------------------------------------

    def _wheel(self, event: pygame.event.Event) -> bool:
        notches = float(getattr(event, "precise_y", getattr(event, "y", 0)))
        if getattr(event, "flipped", False):
            notches = -notches  # "natural" scrolling reports the other way round
        pos = self._mouse if self._mouse is not None else pygame.mouse.get_pos()
        if not notches or not self.zoom.area.contains(*pos):
            return False
        self.zoom = self.zoom.zoom_at(pos, WHEEL_STEP ** notches)
        return True

    def _mouse_event(self, event: pygame.event.Event) -> bool:
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        pos = (float(pos[0]), float(pos[1]))
        self._mouse = pos
        button = getattr(event, "button", 0)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if button in DRAG_BUTTONS and self.zoom.area.contains(*pos):
                self._drag = pos
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            if button in DRAG_BUTTONS and self._drag is not None:
                self._drag = None
                return True
            return False
        if self._drag is None:
            return False
        held = getattr(event, "buttons", (0, 1, 1))
        if not any(held[b - 1] for b in DRAG_BUTTONS if b - 1 < len(held)):
            self._drag = None  # its release went elsewhere (a dialog, another window)
            return False
        self.zoom = self.zoom.pan(pos[0] - self._drag[0], pos[1] - self._drag[1])
        self._drag = pos
        return True

    def _key(self, key: int) -> bool:
        a = self.zoom.area
        middle = (a.x + a.w / 2, a.y + a.h / 2)
        if key in ZOOM_IN_KEYS:
            self.zoom = self.zoom.zoom_at(middle, KEY_STEP)
        elif key in ZOOM_OUT_KEYS:
            self.zoom = self.zoom.zoom_at(middle, 1 / KEY_STEP)
        elif key in FIT_KEYS:
            self.reset()
        else:
            return False
        return True
