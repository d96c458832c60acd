"""The board's coordinates (issue 29): a letter for each column along the top and bottom edges and for each
row along the left and right, off unless the player switches them on (the help card, F1; kept in the settings).

A node is named as the game's records and other Dots programs name it (:func:`engine.sgf.point_text`): its
column's letter, then its row's, ``a``–``z`` then ``A``–``Z``, from the top left. The letters are
:func:`engine.sgf.coordinate`'s, so the labels and the records cannot disagree.

Room: with coordinates on, the board's area is narrowed by a band on every side (:func:`board_area`),
so the labels sit beside the paper and never on it, fitted or zoomed. Fitted, they stand just off the
paper's edge; zoomed, the board is clipped to the narrowed area and they stand in the band, under the
columns and rows in sight. Their type follows the cell down to :data:`MIN_PX`; on cells smaller than
that every second (third …) column and row is labelled, so letters never run into each other.
They are drawn into the board's cached picture (the scene's ``decorate``), so a frame costs nothing more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from engine.sgf import coordinate
from game.input.layout import BoardLayout, Box, ScreenLayout
from game.view import hud, theme

MIN_PX = 9
"""The smallest type of a label, on the smallest cells."""
BASE_PX = 13
"""The labels' type at 1280×800 (scaled with the window as all text is), on cells large enough."""
GAP = 3
"""Pixels between a label and the paper's (or the clipped board's) edge."""
SHADOW_GAP = 5
"""Below and right of the paper its shadow reaches 4 px: the labels there keep clear of it."""


def band(window: tuple[int, int]) -> int:
    """How wide the strip for the labels is along each side of the board's area."""
    return theme.text_size(window, BASE_PX) + 2 * GAP


def board_area(screen: ScreenLayout, on: bool) -> Box:
    """The area the board is fitted (and zoomed) in: the screen's, less a label band each side when ``on``."""
    area = screen.board_area
    if not on:
        return area
    b = band(screen.size)
    return Box(area.x + b, area.y + b, max(1, area.w - 2 * b), max(1, area.h - 2 * b))


def label_px(cell: int, window: tuple[int, int]) -> int:
    """The labels' type on cells of ``cell`` pixels: the window's, or smaller to fit the cell, never below MIN_PX."""
    return max(MIN_PX, min(theme.text_size(window, BASE_PX), cell - 1))


@dataclass(frozen=True)
class Label:
    """One letter on the board's edge: ``column`` (else a row) ``index``, its text, and where it stands."""

    text: str
    column: bool
    index: int
    rect: pygame.Rect


def _every(cell: int, need: int) -> int:
    """Label every n-th line so that labels ``need`` pixels long do not touch on lines ``cell`` apart."""
    return max(1, -(-(need + 1) // max(1, cell)))


def labels(layout: BoardLayout, window: tuple[int, int]) -> list[Label]:
    """Every label shown for the board at ``layout``: columns above and below, rows left and right,
    only those in sight, each outside the paper and outside the visible board."""
    px = label_px(layout.cell, window)
    font = theme.font(px)
    paper = pygame.Rect(layout.paper)
    sight = paper if layout.clip is None else paper.clip(pygame.Rect(layout.clip))
    if sight.w <= 0 or sight.h <= 0:
        return []
    # Off the paper, and off the board in sight when zoomed; clear of the paper's shadow below and right.
    top, left = sight.top - GAP, sight.left - GAP
    bottom = sight.bottom + (SHADOW_GAP if sight.bottom == paper.bottom else GAP)
    right = sight.right + (SHADOW_GAP if sight.right == paper.right else GAP)
    widest = max(font.size(coordinate(i))[0] for i in range(max(layout.width, layout.height)))
    out: list[Label] = []
    step = _every(layout.cell, widest)
    for i in range(0, layout.width, step):
        x = layout.node_to_pixel((i, 0))[0]
        if sight.left <= x < sight.right:
            w, h = font.size(coordinate(i))
            out.append(Label(coordinate(i), True, i, pygame.Rect(x - w // 2, top - h, w, h)))
            out.append(Label(coordinate(i), True, i, pygame.Rect(x - w // 2, bottom, w, h)))
    step = _every(layout.cell, font.get_height())
    for i in range(0, layout.height, step):
        y = layout.node_to_pixel((0, i))[1]
        if sight.top <= y < sight.bottom:
            w, h = font.size(coordinate(i))
            out.append(Label(coordinate(i), False, i, pygame.Rect(left - w, y - h // 2, w, h)))
            out.append(Label(coordinate(i), False, i, pygame.Rect(right, y - h // 2, w, h)))
    return out


def draw(surface: pygame.Surface, layout: BoardLayout, window: tuple[int, int]) -> None:
    """Draw the labels of :func:`labels` (into the board's cached picture, beside the paper)."""
    px = label_px(layout.cell, window)
    surface.blits([(theme.text(label.text, px, theme.COORDINATE), label.rect) for label in labels(layout, window)],
                  doreturn=False)


def decor(screen: ScreenLayout, layout: BoardLayout, on: bool) -> tuple[Callable[[pygame.Surface], None], object]:
    """The board view's ``decorate`` and ``decor_key`` for a scene of ``screen``: its panel, and the labels
    when ``on`` (the key tells the cached picture when they come or go)."""
    def decorate(surface: pygame.Surface) -> None:
        hud.draw_panel(surface, screen.panel, screen.portrait)
        if on:
            draw(surface, layout, screen.size)
    return decorate, (screen, on)
