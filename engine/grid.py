"""Fixed geometry of a W×H board: nodes, cells, quarter triangles and their links.

Everything here is computed once per board size and shared, so that a move only
looks things up. Nodes are numbered ``v = y * W + x``. Each cell ``c = cy * (W-1) + cx``
is cut by both diagonals into four quarter triangles ``q = 4 * c + k`` with
``k`` = 0 north, 1 east, 2 south, 3 west (docs/RULES.md §1).

Directions around a node go clockwise on screen (y grows downwards):
0 E, 1 SE, 2 S, 3 SW, 4 W, 5 NW, 6 N, 7 NE.
"""

from __future__ import annotations

from functools import lru_cache

DIRS: tuple[tuple[int, int], ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3

Link = tuple[int, int, int, int, int]
"""How a quarter meets one neighbour: ``(other quarter or -1 for off the board,
a, b, c, d)``. Nodes ``a``-``b`` carry the separating wall; for a half-diagonal,
``c``-``d`` are the cell's other two corners (a player holding all four corners
has the cell's sides as walls, and its crossing diagonals are then left out so
that walls stay a plane graph); ``c = d = -1`` for a side of the cell."""


class Grid:
    """Lookup tables for one board size; get one with :func:`grid`."""

    def __init__(self, width: int, height: int) -> None:
        w, h = width, height
        self.width = w
        self.height = h
        self.nodes = w * h
        cw, ch = w - 1, h - 1
        self.cells_wide = cw
        self.quarters = 4 * cw * ch if cw > 0 and ch > 0 else 0
        self.points: tuple[tuple[int, int], ...] = tuple((v % w, v // w) for v in range(w * h))

        # neighbour[v * 8 + d]: node one step in direction d, or -1 off the board.
        neighbour = [-1] * (w * h * 8)
        for v in range(w * h):
            x, y = v % w, v // w
            for d, (dx, dy) in enumerate(DIRS):
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h:
                    neighbour[v * 8 + d] = ny * w + nx
        self.neighbour = neighbour
        # cross[v * 8 + d]: x·dy − y·dx for the step from v in direction d; summed
        # round a closed walk it is twice the signed area inside.
        self.cross = [(v % w) * dy - (v // w) * dx for v in range(w * h) for dx, dy in DIRS]

        def cell(cx: int, cy: int) -> int:
            return cy * cw + cx if 0 <= cx < cw and 0 <= cy < ch else -1

        # around[v * 8 + d]: the quarter between rays d and d+1 at node v, or -1.
        around = [-1] * (w * h * 8)
        spec = ((0, 0, NORTH), (0, 0, WEST), (-1, 0, EAST), (-1, 0, NORTH),
                (-1, -1, SOUTH), (-1, -1, EAST), (0, -1, WEST), (0, -1, SOUTH))
        for v in range(w * h):
            x, y = v % w, v // w
            for d, (ox, oy, k) in enumerate(spec):
                c = cell(x + ox, y + oy)
                if c >= 0:
                    around[v * 8 + d] = 4 * c + k
        self.around = around
        # node_quarters[v]: every quarter that touches node v (up to 8).
        self.node_quarters: tuple[tuple[int, ...], ...] = tuple(
            tuple(q for q in around[v * 8:v * 8 + 8] if q >= 0) for v in range(w * h))
        # One quarter of each node, or -1 on a 1-wide board. All quarters around an
        # empty node lie in one region (no wall passes through it), so one is enough.
        self.rep = [qs[0] if qs else -1 for qs in self.node_quarters]

        links: list[tuple[Link, Link, Link]] = []
        corners: list[tuple[int, int]] = []
        for c in range(cw * ch):
            cx, cy = c % cw, c // cw
            tl, tr = cy * w + cx, cy * w + cx + 1
            bl, br = tl + w, tr + w
            up, down, left, right = cell(cx, cy - 1), cell(cx, cy + 1), cell(cx - 1, cy), cell(cx + 1, cy)
            q = 4 * c
            n_out = 4 * up + SOUTH if up >= 0 else -1
            s_out = 4 * down + NORTH if down >= 0 else -1
            w_out = 4 * left + EAST if left >= 0 else -1
            e_out = 4 * right + WEST if right >= 0 else -1
            # Half-diagonals: N|E and S|W lie on the anti-diagonal tr-bl,
            # N|W and E|S on the main diagonal tl-br.
            north = ((n_out, tl, tr, -1, -1), (q + EAST, tr, bl, tl, br), (q + WEST, tl, br, tr, bl))
            east = ((e_out, tr, br, -1, -1), (q + NORTH, tr, bl, tl, br), (q + SOUTH, tl, br, tr, bl))
            south = ((s_out, bl, br, -1, -1), (q + EAST, tl, br, tr, bl), (q + WEST, tr, bl, tl, br))
            west = ((w_out, tl, bl, -1, -1), (q + SOUTH, tr, bl, tl, br), (q + NORTH, tl, br, tr, bl))
            links.extend((north, east, south, west))
            corners.extend(((tl, tr), (tr, br), (br, bl), (bl, tl)))
        # links[q]: the three links of quarter q (one across the cell side, two inside).
        self.links = links
        # quarter_nodes[q]: the two nodes at the ends of its cell side.
        self.quarter_nodes: list[tuple[int, int]] = corners

    def triangle(self, q: int) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
        """Corners of quarter q in node coordinates: its cell side, then the cell's centre."""
        a, b = self.quarter_nodes[q]
        c = q // 4
        cx, cy = c % self.cells_wide, c // self.cells_wide
        w = self.width
        return ((float(a % w), float(a // w)), (float(b % w), float(b // w)), (cx + 0.5, cy + 0.5))


@lru_cache(maxsize=16)
def grid(width: int, height: int) -> Grid:
    """The shared tables for a board of ``width × height`` nodes."""
    return Grid(width, height)
