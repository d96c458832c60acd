"""Regions of the board as the screen needs them: countries laid as layers, and free areas.

A region is a set of quarter triangles. Its outline (the chain of dots around it)
and the triangles that tile it are worked out here, once, on first use, so that
drawing needs no geometry of its own.
"""

from __future__ import annotations

from fractions import Fraction

from engine.grid import Grid
from engine.types import Player

Quarter = tuple[int, int, int]
"""A quarter triangle of a cell: ``(cell x, cell y, side)``, side 0 north, 1 east, 2 south, 3 west.

The cell ``(x, y)`` has its top-left corner at node ``(x, y)``; its diagonals
cut it into four triangles, each named by the side of the cell it rests on."""

Polygon = tuple[tuple[int, int], ...]
Triangle = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]


class Region:
    """A set of quarters owned by one player: ``area`` in cells, ``outline``, ``triangles``."""

    __slots__ = ("owner", "quarters", "_grid", "_outline", "_triangles")

    def __init__(self, grid: Grid, owner: Player, quarters: tuple[int, ...]) -> None:
        self.owner = owner
        self.quarters = quarters
        self._grid = grid
        self._outline: tuple[Polygon, ...] | None = None
        self._triangles: tuple[Triangle, ...] | None = None

    @property
    def area(self) -> Fraction:
        """Area in cells: a quarter is a quarter of a cell."""
        return Fraction(len(self.quarters), 4)

    @property
    def cell_quarters(self) -> tuple[Quarter, ...]:
        """The region's quarter triangles in board terms (in no particular order).

        >>> from engine import Game, Player
        >>> g = Game(width=4, height=4)
        >>> for p in [(1, 0), (3, 3), (0, 1), (3, 2), (2, 1), (3, 1), (1, 2)]:
        ...     _ = g.play(p)
        >>> sorted(g.layers[0].cell_quarters)  # the diamond round node (1, 1)
        [(0, 0, 1), (0, 0, 2), (0, 1, 0), (0, 1, 1), (1, 0, 2), (1, 0, 3), (1, 1, 0), (1, 1, 3)]
        """
        cw = self._grid.cells_wide
        return tuple(((q >> 2) % cw, (q >> 2) // cw, q & 3) for q in self.quarters)

    @property
    def triangles(self) -> tuple[Triangle, ...]:
        """Quarter triangles that exactly tile the region, in node coordinates."""
        if self._triangles is None:
            self._triangles = tuple(self._grid.triangle(q) for q in self.quarters)
        return self._triangles

    @property
    def outline(self) -> tuple[Polygon, ...]:
        """Closed chains of nodes around the region (outer rims and holes alike)."""
        if self._outline is None:
            self._outline = _outline(self._grid, self.quarters)
        return self._outline

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.owner.name} {self.area} cells>"


class Layer(Region):
    """A country (or classic surrounded area) laid by one move on top of what was there."""

    __slots__ = ("move", "fade", "covered")

    def __init__(self, grid: Grid, owner: Player, quarters: tuple[int, ...], move: int) -> None:
        super().__init__(grid, owner, quarters)
        self.move = move
        """0-based number of the move that laid it (setup dots count as moves -1)."""
        self.fade = 0
        """How many later layers lie over it: 0 while it is on top."""
        self.covered: list[Layer] = []
        """The layers that were on top where this one was laid (it lies over them)."""


def _outline(grid: Grid, quarters: tuple[int, ...]) -> tuple[Polygon, ...]:
    inside = set(quarters)
    # Each link to a quarter outside the region is a wall; both halves of a
    # diagonal give the same node pair, so a set merges them.
    segments: set[tuple[int, int]] = set()
    for q in quarters:
        for other, a, b, _c, _d in grid.links[q]:
            if other not in inside:
                segments.add((a, b) if a < b else (b, a))
    ends: dict[int, list[int]] = {}
    for a, b in segments:
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    used: set[tuple[int, int]] = set()
    points = grid.points
    polygons: list[Polygon] = []
    for a, b in sorted(segments):
        if (a, b) in used:
            continue
        used.add((a, b))
        chain = [a]
        prev, cur = a, b
        while cur != a:
            chain.append(cur)
            nxt = next((n for n in ends[cur] if n != prev and (min(cur, n), max(cur, n)) not in used), None)
            if nxt is None:  # a pinch node met again: close through the segment back home
                nxt = a
            used.add((min(cur, nxt), max(cur, nxt)))
            prev, cur = cur, nxt
        polygons.append(tuple(points[v] for v in chain))
    return tuple(polygons)
