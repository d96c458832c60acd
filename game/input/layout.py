"""Where things go in the window: the board's place and scale, node ↔ pixel, «Авто».

Plain functions over plain numbers, so that tests need no display. Rectangles are
``Box(x, y, w, h)`` in window pixels.

The board is drawn as squared paper: ``W × H`` nodes, ``W-1 × H-1`` square cells
of ``cell`` pixels, and half a cell of paper around the outer nodes so that edge
dots and fingers have room. So the paper is exactly ``W × H`` cells in size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine import MAX_SIZE
from game.match import settings

Point = tuple[int, int]

MIN_AUTO_CELL = 36  # px: a comfortable finger target for «Авто»
MIN_NODES = 5
BOARD_PADDING = 16  # px of background between the paper and the window or panel
MIN_CELL = 4  # px: a board never collapses, even in a tiny window

PRESETS = settings.PRESETS  # (the picker's sizes are the match's: the achievements read them without a window)


class Box(NamedTuple):
    """A rectangle in window pixels."""

    x: int
    y: int
    w: int
    h: int

    def contains(self, px: float, py: float) -> bool:
        """True when the pixel lies inside (right and bottom edges excluded)."""
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h


@dataclass(frozen=True)
class ScreenLayout:
    """The window cut into the board's area and the HUD panel."""

    size: tuple[int, int]
    board_area: Box
    panel: Box
    portrait: bool
    """True when the panel runs along the bottom instead of the right side."""


def screen_layout(size: tuple[int, int]) -> ScreenLayout:
    """Split a window of ``size`` into the board area and the HUD panel.

    Boards are wider than tall and so are most screens, so the panel sits at the
    right; a portrait window (taller than wide) gets it along the bottom instead.
    """
    w, h = max(1, size[0]), max(1, size[1])
    if h > w:
        panel_h = max(200, min(320, round(h * 0.28)))
        panel_h = min(panel_h, h // 2)
        return ScreenLayout((w, h), Box(0, 0, w, h - panel_h), Box(0, h - panel_h, w, panel_h), True)
    panel_w = max(260, min(400, round(w * 0.24)))
    panel_w = min(panel_w, w // 2)
    return ScreenLayout((w, h), Box(0, 0, w - panel_w, h), Box(w - panel_w, 0, panel_w, h), False)


@dataclass(frozen=True)
class BoardLayout:
    """A board of ``width × height`` nodes placed in the window.

    ``left, top`` is the pixel of node (0, 0); nodes are ``cell`` pixels apart.
    A zoomed board (:mod:`game.input.zoom`) is larger than its area and is seen
    only through ``clip``: nothing outside it is drawn or hit.
    """

    width: int
    height: int
    cell: int
    left: int
    top: int
    clip: Box | None = None

    def shows(self, px: float, py: float) -> bool:
        """True when the pixel is on the paper and in sight (inside ``clip``)."""
        return self.paper.contains(px, py) and (self.clip is None or self.clip.contains(px, py))

    @property
    def paper(self) -> Box:
        """The paper: the grid plus half a cell all round."""
        half = self.cell // 2
        return Box(self.left - half, self.top - half, self.width * self.cell, self.height * self.cell)

    def node_to_pixel(self, node: Point) -> tuple[int, int]:
        """Window pixel of the centre of ``node``."""
        return (self.left + node[0] * self.cell, self.top + node[1] * self.cell)

    def pixel_to_grid(self, pos: tuple[float, float]) -> tuple[float, float]:
        """Fractional node coordinates of a window pixel (node (0, 0) is (0.0, 0.0))."""
        return ((pos[0] - self.left) / self.cell, (pos[1] - self.top) / self.cell)

    def grid_to_pixel(self, point: tuple[float, float]) -> tuple[float, float]:
        """Window pixel of fractional node coordinates (used for triangle corners)."""
        return (self.left + point[0] * self.cell, self.top + point[1] * self.cell)


def panel_buttons(panel: Box, portrait: bool, rows: Sequence[int], *, height: int, gap: int, pad: int,
                  columns: int | None = None, from_top: bool = False) -> list[Box]:
    """Where the side panel's buttons go, in reading order; ``rows`` says how many share each row.

    Beside the board the rows span the panel's width and end at its bottom; under the
    board (``portrait``) they take the panel's right half (the text has the left),
    at its bottom, or at its top with ``from_top``. A row's buttons share its width,
    or are each one of ``columns`` equal cells when that is given (a grid).

    >>> panel_buttons(Box(600, 0, 200, 400), False, [1, 2], height=40, gap=10, pad=20)
    [Box(x=620, y=290, w=160, h=40), Box(x=620, y=340, w=75, h=40), Box(x=705, y=340, w=75, h=40)]
    """
    if portrait:
        x, w = panel.x + panel.w // 2, panel.w // 2 - pad
    else:
        x, w = panel.x + pad, panel.w - 2 * pad
    total = len(rows) * height + (len(rows) - 1) * gap
    y = panel.y + pad if portrait and from_top else panel.y + panel.h - pad - total
    boxes: list[Box] = []
    for count in rows:
        each = (w - gap * ((columns or count) - 1)) // (columns or count)
        boxes.extend(Box(x + i * (each + gap), y, each, height) for i in range(count))
        y += height + gap
    return boxes


def fit_board(width: int, height: int, area: Box, *, padding: int = BOARD_PADDING) -> BoardLayout:
    """Place a ``width × height`` board as large as fits in ``area``, centred.

    The cell is a whole number of pixels so that grid lines stay sharp.
    """
    avail_w = area.w - 2 * padding
    avail_h = area.h - 2 * padding
    cell = max(MIN_CELL, min(avail_w // width, avail_h // height))
    paper_w, paper_h = width * cell, height * cell
    paper_x = area.x + (area.w - paper_w) // 2
    paper_y = area.y + (area.h - paper_h) // 2
    half = cell // 2
    return BoardLayout(width, height, cell, paper_x + half, paper_y + half)


def auto_board_size(area: Box, *, min_cell: int = MIN_AUTO_CELL, padding: int = BOARD_PADDING) -> tuple[int, int]:
    """«Авто»: the most nodes across and down that fill ``area`` with cells of at least ``min_cell``.

    The paper is ``W × H`` cells (see the module docstring), so ``W`` is how many
    such cells fit across; what is left over is less than one cell each way.
    """
    avail_w = area.w - 2 * padding
    avail_h = area.h - 2 * padding
    w = max(MIN_NODES, min(MAX_SIZE, avail_w // min_cell))
    h = max(MIN_NODES, min(MAX_SIZE, avail_h // min_cell))
    return (int(w), int(h))


def auto_size_for_window(size: tuple[int, int]) -> tuple[int, int]:
    """«Авто» for a window of ``size``: the board that fills the play scene's board area."""
    return auto_board_size(screen_layout(size).board_area)


def board_for_window(width: int, height: int, size: tuple[int, int]) -> BoardLayout:
    """The play scene's board layout for a ``width × height`` board in a window of ``size``."""
    return fit_board(width, height, screen_layout(size).board_area)

