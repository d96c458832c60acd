"""The board's zoom as the play scene sees it: the gestures, the fit button, and drawing inside the board's area.

A zoomed board is larger than its area; the cached board picture is clipped to
it (:class:`~game.view.board_view.BoardView` reads the layout's ``clip``), and
so is whatever the scene draws over the board each frame (:meth:`ZoomControl.overlays`),
so the panel is never painted over. While zoomed, a small button at the board
area's top right corner fits the board again (as the ``0`` key does).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.input.aim import Aim
from game.input.gestures import ZoomGestures
from game.input.layout import BoardLayout, Box
from game.input.pointer import pointer_of
from game.view import theme
from game.view.widgets import IconButton

BUTTON_MARGIN = 10
"""Pixels between the fit button and the corner of the board's area."""


class FitButton(IconButton):
    """A square with four corner marks pointing out: «the whole board»."""

    def __init__(self) -> None:
        super().__init__("feel.fit", "fit")

    def draw(self, surface: pygame.Surface, text_px: int) -> None:
        super().draw(surface, text_px)  # the button itself; the icon is drawn here
        r = self.rect
        if r.w <= 0 or r.h <= 0:
            return
        box = r.inflate(-r.w // 2, -r.h // 2)
        colour = theme.INK
        arm, line = max(4, box.w // 3), max(2, r.w // 16)
        for (x, y), (dx, dy) in (((box.left, box.top), (1, 1)), ((box.right, box.top), (-1, 1)),
                                 ((box.left, box.bottom), (1, -1)), ((box.right, box.bottom), (-1, -1))):
            pygame.draw.line(surface, colour, (x, y), (x + dx * arm, y), line)
            pygame.draw.line(surface, colour, (x, y), (x, y + dy * arm), line)


class ZoomControl:
    """One board's zoom: routes the window's events to the gestures and the fit button."""

    def __init__(self, width: int, height: int, area: Box) -> None:
        self.gestures = ZoomGestures(width, height, area, theme.finger_px())
        self.button = FitButton()
        self._place(area)

    @property
    def layout(self) -> BoardLayout:
        """Where the board is drawn and hit now."""
        return self.gestures.layout

    @property
    def zoomed(self) -> bool:
        return self.gestures.zoom.zoomed

    @property
    def deepest(self) -> bool:
        """True when the board is zoomed in as far as it goes (a cell of one and a half fingertips)."""
        zoom = self.gestures.zoom
        return zoom.factor >= zoom.max_factor

    def _place(self, area: Box) -> None:
        size = theme.finger_px()
        self.button.rect = pygame.Rect(area.x + area.w - BUTTON_MARGIN - size, area.y + BUTTON_MARGIN, size, size)

    def refit(self, area: Box) -> BoardLayout:
        """The board in a new window's ``area``: zoomed as much as before, the pan bounded again."""
        self._place(area)
        return self.gestures.refit(area)

    def handle(self, event: pygame.event.Event, window: tuple[int, int], aim: Aim) -> bool:
        """Follow ``event``; True when it zoomed, panned, fitted the board, or was the fit button's."""
        if self.zoomed and (p := pointer_of(event, window)) is not None:
            held = self.button.pressed
            if self.button.handle(p):
                self.gestures.reset()
                aim.clear(hover=True)
                return True
            if self.button.pressed or held:
                return True  # a press on the button is not a dot under it
        return self.gestures.handle(event, window, aim)

    @contextmanager
    def overlays(self, surface: pygame.Surface) -> Iterator[None]:
        """Draw the board's overlays inside the ``with`` clipped to the board's area; then the fit button."""
        clip = self.layout.clip
        old = surface.get_clip()
        if clip is not None:
            surface.set_clip(old.clip(pygame.Rect(clip)))
        try:
            yield
        finally:
            surface.set_clip(old)
        if self.zoomed:
            self.button.draw(surface, theme.text_size(surface.get_size(), 21))
