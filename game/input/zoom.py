"""How far the board is zoomed in and where it is panned to: a plain value and its arithmetic.

On 38×31 in a 1024×600 window a cell is 18 px and a fingertip covers four
nodes, so the player can zoom the board in (pinch, wheel, keys) and pan it. The
state is two things that survive a window resize sensibly: the zoom ``factor``
over the fitted cell, and the ``centre`` (the fractional node at the middle of
the board's area). :meth:`Zoom.layout` turns them into an ordinary
:class:`~game.input.layout.BoardLayout` — a larger cell, a shifted origin and
the area as its clip — so hit testing, the ghost, the animations and every other
drawing that goes through the layout follow the zoom without knowing of it.

The pan is bounded: a zoomed board always covers its area (less the usual
padding), so it cannot be lost off screen; along a side where it is smaller
than the area it stays centred, as the fitted board is. No pygame here.

>>> fit = fit_board(38, 31, Box(0, 0, 784, 600))
>>> fit.cell
18
>>> z = Zoom(fit, Box(0, 0, 784, 600), max_cell=66).zoom_at((200, 150), 2.0)
>>> z.layout().cell
36
>>> z.layout().pixel_to_grid((200, 150)) == fit.pixel_to_grid((200, 150))
True
>>> z.reset().layout() == fit
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.input.layout import BOARD_PADDING, BoardLayout, Box, fit_board

MAX_CELL_FINGERS = 1.5
"""The largest cell zoomed to, in finger widths: a cell a finger hits with room to spare."""
MAX_PAPER_PX = 4096
"""Nor a paper larger than this each way: its cached picture would take too much memory to draw."""


def max_cell(fit: BoardLayout, finger_px: int) -> int:
    """The largest cell ``fit``'s board may be zoomed to on a screen whose finger is ``finger_px``.

    Never below the fitted cell (a board whose cells are already that big does not zoom).

    >>> max_cell(fit_board(38, 31, Box(0, 0, 1024, 768)), 44)
    66
    >>> max_cell(fit_board(10, 10, Box(0, 0, 1520, 1080)), 44)
    104
    """
    limit = min(round(finger_px * MAX_CELL_FINGERS), MAX_PAPER_PX // max(fit.width, fit.height))
    return max(fit.cell, limit)


def _span(origin: float, cell: int, nodes: int, start: int, length: int) -> float:
    """The node origin along one side, moved just enough that the paper covers the area there.

    A paper smaller than the area (less padding both ends) is centred, as :func:`fit_board` does.
    """
    half = cell // 2
    paper = nodes * cell
    if paper + 2 * BOARD_PADDING <= length:
        return start + (length - paper) // 2 + half
    lo = start + length - BOARD_PADDING - paper + half  # the paper's far edge at the area's far end
    hi = start + BOARD_PADDING + half  # its near edge at the area's near end
    return min(hi, max(lo, origin))


@dataclass(frozen=True)
class Zoom:
    """The board ``fit`` (as :func:`fit_board` places it in ``area``) zoomed by ``factor`` about ``centre``.

    ``factor`` is kept between 1 and ``max_cell / fit.cell``; ``centre`` is the
    node (fractional) at the middle of ``area``, None for the board's own middle.
    Every change gives a new value, already bounded.
    """

    fit: BoardLayout
    area: Box
    max_cell: int
    factor: float = 1.0
    centre: tuple[float, float] | None = None

    @property
    def cell(self) -> int:
        """The zoomed cell: a whole number of pixels, so grid lines stay sharp."""
        return min(self.max_cell, max(self.fit.cell, round(self.fit.cell * self.factor)))

    @property
    def zoomed(self) -> bool:
        """True when the board is drawn larger than it fits (the fit button shows)."""
        return self.cell > self.fit.cell

    @property
    def max_factor(self) -> float:
        return max(1.0, self.max_cell / self.fit.cell)

    def _middle(self) -> tuple[float, float]:
        return (self.area.x + self.area.w / 2, self.area.y + self.area.h / 2)

    def _origin(self, cell: int, centre: tuple[float, float]) -> tuple[float, float]:
        """The pixel of node (0, 0), unrounded and bounded, for ``centre`` at ``cell``."""
        mx, my = self._middle()
        a, fit = self.area, self.fit
        return (_span(mx - centre[0] * cell, cell, fit.width, a.x, a.w),
                _span(my - centre[1] * cell, cell, fit.height, a.y, a.h))

    def _with_origin(self, left: float, top: float) -> Zoom:
        """This zoom with node (0, 0) at ``left, top`` (bounded): the centre that puts it there."""
        if not self.zoomed:
            return replace(self, centre=None)
        cell = self.cell
        mx, my = self._middle()
        left, top = self._origin(cell, ((mx - left) / cell, (my - top) / cell))
        return replace(self, centre=((mx - left) / cell, (my - top) / cell))

    def _exact(self) -> tuple[float, float]:
        """The pixel of node (0, 0) before rounding: zooms and pans add up without rounding errors."""
        if not self.zoomed:
            return (self.fit.left, self.fit.top)
        centre = self.centre if self.centre is not None else ((self.fit.width - 1) / 2, (self.fit.height - 1) / 2)
        return self._origin(self.cell, centre)

    def layout(self) -> BoardLayout:
        """Where the board is drawn now: the fit itself when not zoomed, else clipped to the area."""
        if not self.zoomed:
            return self.fit
        left, top = self._exact()
        return BoardLayout(self.fit.width, self.fit.height, self.cell, round(left), round(top), clip=self.area)

    def zoom_at(self, point: tuple[float, float], factor: float) -> Zoom:
        """Zoom by ``factor`` (>1 in, <1 out) keeping the board under ``point`` where it is.

        Only as far as the limits allow, and then the pan is bounded again (at the
        board's edge the point under the pointer may move a little).

        >>> area = Box(0, 0, 784, 600)
        >>> z = Zoom(fit_board(38, 31, area), area, max_cell=66)
        >>> z.zoom_at((400, 300), 100).cell, z.zoom_at((400, 300), 0.01).zoomed
        (66, False)
        """
        left, top = self._exact()
        before = ((point[0] - left) / self.cell, (point[1] - top) / self.cell)
        zoomed = replace(self, factor=min(self.max_factor, max(1.0, self.factor * factor)))
        cell = zoomed.cell
        return zoomed._with_origin(point[0] - before[0] * cell, point[1] - before[1] * cell)

    def pan(self, dx: float, dy: float) -> Zoom:
        """Move the board by ``dx, dy`` pixels, as far as the bounds let it (nothing when not zoomed).

        >>> area = Box(0, 0, 784, 600)
        >>> z = Zoom(fit_board(38, 31, area), area, max_cell=66).zoom_at((392, 300), 3)
        >>> z.pan(10, -4).layout().left - z.layout().left, z.pan(10, -4).layout().top - z.layout().top
        (10, -4)
        >>> z.pan(10_000, 0).layout().paper.x == BOARD_PADDING
        True
        """
        if not self.zoomed:
            return self
        left, top = self._exact()
        return self._with_origin(left + dx, top + dy)

    def reset(self) -> Zoom:
        """Back to the fitted board."""
        return replace(self, factor=1.0, centre=None)

    def refit(self, fit: BoardLayout, area: Box, max_cell: int) -> Zoom:
        """The same zoom for a new window: the factor kept (within the new limits), the pan bounded again.

        >>> z = Zoom(fit_board(38, 31, Box(0, 0, 784, 600)), Box(0, 0, 784, 600), max_cell=66).zoom_at((100, 100), 2)
        >>> big = Box(0, 0, 1500, 1080)
        >>> z2 = z.refit(fit_board(38, 31, big), big, 66)
        >>> z2.factor, z2.layout().paper.x <= BOARD_PADDING, z2.layout().clip == big
        (2.0, True, True)
        """
        moved = replace(self, fit=fit, area=area, max_cell=max_cell)
        moved = replace(moved, factor=min(moved.max_factor, self.factor))
        if moved.centre is None:
            return moved
        left, top = moved._origin(moved.cell, moved.centre)
        return moved._with_origin(left, top)

def fitted(width: int, height: int, area: Box, finger_px: int) -> Zoom:
    """A ``width × height`` board fitted to ``area``, not zoomed yet."""
    fit = fit_board(width, height, area)
    return Zoom(fit, area, max_cell(fit, finger_px))
