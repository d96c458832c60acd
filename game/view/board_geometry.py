"""The board's pure geometry: dot sizes, the node boxes of regions, the walls of layers and the chains
of classic free areas, in node coordinates, worked out from the position alone.

:mod:`game.view.board_view` turns these into pixels; nothing here draws, so it is tested without a display.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine import Game, Layer, Player, Region

NodeBox = tuple[int, int, int, int]
"""Nodes ``(x0, y0, x1, y1)`` at the corners of the cells a region touches, inclusive."""


def dot_radius(cell: int) -> int:
    """Radius of a dot for a cell of ``cell`` pixels."""
    return max(3, min(16, round(cell * 0.2)))


def last_move_ring(r: int) -> tuple[int, int]:
    """Radius and line width of the ring around the latest move, for dots of radius ``r``."""
    return r + max(4, r // 2), max(3, r // 3)


def node_box(region: Region) -> NodeBox:
    """The nodes round the cells of ``region``'s quarters: where it and its chain are drawn.

    >>> from engine import Game
    >>> g = Game(width=4, height=4)
    >>> for p in [(1, 0), (3, 3), (0, 1), (3, 2), (2, 1), (3, 1), (1, 2)]:
    ...     _ = g.play(p)
    >>> node_box(g.layers[0])
    (0, 0, 2, 2)
    """
    quarters = region.cell_quarters
    xs = [q[0] for q in quarters]
    ys = [q[1] for q in quarters]
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1)


Wall = tuple[float, float, float, float, tuple[tuple[int, int], ...]]
"""One segment of a layer's chain: node ``(x0, y0)`` to ``(x1, y1)``, and the quarter slots
on its two sides (``-1`` off the board) — one pair for a cell side, two for a diagonal, whose
halves (the first nearer ``(x0, y0)``) part different quarters."""


def layer_walls(layer: Region, cells_wide: int, cells_high: int) -> list[Wall]:
    """The segments of ``layer``'s chains with the quarters each parts (see :data:`Wall`).

    >>> from engine import Game
    >>> g = Game(width=4, height=4)
    >>> for p in [(1, 0), (3, 3), (0, 1), (3, 2), (2, 1), (3, 1), (1, 2)]:
    ...     _ = g.play(p)
    >>> sorted(layer_walls(g.layers[0], 3, 3))[0]  # down the diagonal of cell (0, 1), slots 12 to 15
    (0, 1, 1, 2, ((12, 15), (13, 14)))
    """
    cw, ch = cells_wide, cells_high

    def slot(cx: int, cy: int, side: int) -> int:
        return (cy * cw + cx) * 4 + side if 0 <= cx < cw and 0 <= cy < ch else -1

    walls: list[Wall] = []
    for poly in layer.outline:
        n = len(poly)
        if n < 2:
            continue
        for i in range(n):
            (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
            x, y = min(ax, bx), min(ay, by)
            if ay == by:  # a cell side across: the south quarter above it, the north one below
                sides: tuple[tuple[int, int], ...] = ((slot(x, y - 1, 2), slot(x, y, 0)),)
            elif ax == bx:  # a cell side up and down: the east quarter left of it, the west one right
                sides = ((slot(x - 1, y, 1), slot(x, y, 3)),)
            elif (bx - ax) * (by - ay) > 0:  # the main diagonal: north|west at its top left, east|south below
                top_left = ((slot(x, y, 0), slot(x, y, 3)), (slot(x, y, 1), slot(x, y, 2)))
                sides = top_left if ax == x else top_left[::-1]
            else:  # the other diagonal: north|east at its top right, south|west at its bottom left
                top_right = ((slot(x, y, 0), slot(x, y, 1)), (slot(x, y, 2), slot(x, y, 3)))
                sides = top_right if ay == y else top_right[::-1]
            walls.append((ax, ay, bx, by, sides))
    return walls


# The three edges of each quarter in doubled node coordinates (the cell's centre is (1, 1)),
# clockwise on screen, so the quarter lies right of each; with the quarter across each edge
# as (cell x step, cell y step, side).
QUARTER_EDGES: tuple[tuple[tuple[int, int, int, int, int, int, int], ...], ...] = (
    ((0, 0, 2, 0, 0, -1, 2), (2, 0, 1, 1, 0, 0, 1), (1, 1, 0, 0, 0, 0, 3)),  # north
    ((2, 0, 2, 2, 1, 0, 3), (2, 2, 1, 1, 0, 0, 2), (1, 1, 2, 0, 0, 0, 0)),  # east
    ((2, 2, 0, 2, 0, 1, 0), (0, 2, 1, 1, 0, 0, 3), (1, 1, 2, 2, 0, 0, 1)),  # south
    ((0, 2, 0, 0, -1, 0, 1), (0, 0, 1, 1, 0, 0, 0), (1, 1, 0, 2, 0, 0, 2)),  # west
)

# The two cell corners of each quarter (north, east, south, west), as steps from the cell's top left node.
QUARTER_CORNERS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0, 1)), ((0, 1), (0, 0)))


def holds_node(region: Region, cells_wide: int, cells_high: int) -> bool:
    """True when a node lies inside ``region`` (docs/RULES.md §1: every quarter with a corner at it is
    the region's), so that a dot could be played into it.

    >>> from engine import Game, Rules
    >>> g = Game(width=6, height=6, rules=Rules.CLASSIC)
    >>> for p in [(1, 1), (5, 5), (2, 1), (5, 4), (2, 2), (5, 3)]:  # Blue: three corners of a cell
    ...     _ = g.play(p)
    >>> [holds_node(area, 5, 5) for area in g.free_areas(Player.BLUE)]  # half a cell: no node inside
    [False]
    """
    seen: dict[tuple[int, int], int] = {}
    for cx, cy, side in region.cell_quarters:
        for dx, dy in QUARTER_CORNERS[side]:
            node = (cx + dx, cy + dy)
            seen[node] = seen.get(node, 0) + 1
    for (x, y), count in seen.items():
        cells = (min(x, cells_wide - 1) - max(x - 1, 0) + 1) * (min(y, cells_high - 1) - max(y - 1, 0) + 1)
        if count == 2 * cells:
            return True
    return False


FreeChain = tuple[Player, bool, tuple[tuple[float, float], ...]]
"""One dashed chain of a player's free areas: its owner, whether it closes, its corners (nodes)."""


def free_chains(game: Game, stacks: Sequence[Sequence[Layer]]) -> dict[FreeChain, NodeBox]:
    """The chains that outline each player's classic free areas that hold a node, merged, with their
    node boxes.

    A player's free areas are outlined as one territory: a wall between two of
    them is not drawn, nor one that the player's own country on its other side
    already draws bold (there the chain stays open). The walls are joined into
    chains by turning as sharply as possible towards the area at each node, so
    where areas touch at a single node each chain keeps to its own side: no
    chain crosses another. Worked out from the position alone, in a fixed
    order, so a whole build and a repaint draw the same chains.
    """
    cw, ch = game.width - 1, game.height - 1
    chains: dict[FreeChain, NodeBox] = {}
    for player in (Player.BLUE, Player.RED):
        inside: set[int] = set()
        for region in game.free_areas(player):
            if holds_node(region, cw, ch):  # one with no node is no place to play: drawing it is clutter
                inside.update(region.quarters)
        if not inside:
            continue
        out: dict[tuple[int, int], list[tuple[int, int]]] = {}
        into: dict[tuple[int, int], int] = {}
        for q in inside:
            c, k = divmod(q, 4)
            cx, cy = c % cw, c // cw
            for x0, y0, x1, y1, dx, dy, side in QUARTER_EDGES[k]:
                nx, ny = cx + dx, cy + dy
                if 0 <= nx < cw and 0 <= ny < ch:
                    other = (ny * cw + nx) * 4 + side
                    if other in inside:
                        continue
                    stack = stacks[other]
                    if stack and stack[-1].owner == player:
                        continue
                a, b = (2 * cx + x0, 2 * cy + y0), (2 * cx + x1, 2 * cy + y1)
                out.setdefault(a, []).append(b)
                into[b] = into.get(b, 0) + 1
        for ends in out.values():
            ends.sort()
        # Open chains first (from a node with more walls leaving than arriving), then closed ones.
        while True:
            start = min((a for a, ends in out.items() if len(ends) > into.get(a, 0)), default=None)
            closed = start is None
            if start is None:
                start = min((a for a, ends in out.items() if ends), default=None)
                if start is None:
                    break
            path = walk_walls(out, into, start, closed)
            corners = chain_corners(path)
            pts = tuple((x / 2, y / 2) for x, y in corners)
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            box = (min(xs) // 2, min(ys) // 2, -(-max(xs) // 2), -(-max(ys) // 2))
            chains[(player, closed, pts)] = box
    return chains


def walk_walls(out: dict[tuple[int, int], list[tuple[int, int]]], into: dict[tuple[int, int], int],
          start: tuple[int, int], closed: bool) -> list[tuple[int, int]]:
    """Follow walls from ``start`` (using them up), at each node taking the sharpest right turn.

    The area lies right of each wall, so the sharpest right turn keeps to the
    part of it the chain came along. A closed walk stops when it is back at
    ``start``, an open one where no wall goes on.
    """
    path = [start]
    prev: tuple[int, int] | None = None
    cur = start
    while True:
        ends = out.get(cur)
        if not ends or (closed and prev is not None and cur == start):
            break
        if prev is None or len(ends) == 1:
            nxt = ends[0]
        else:
            dx, dy = cur[0] - prev[0], cur[1] - prev[1]
            nxt = max(ends, key=lambda e: math.atan2(dx * (e[1] - cur[1]) - dy * (e[0] - cur[0]),
                                                     dx * (e[0] - cur[0]) + dy * (e[1] - cur[1])))
        ends.remove(nxt)
        into[nxt] -= 1
        path.append(nxt)
        prev, cur = cur, nxt
    return path


def chain_corners(path: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``path`` without the points where it goes straight on (a closed path keeps its start)."""
    keep = [path[0]]
    for i in range(1, len(path) - 1):
        (ax, ay), (bx, by), (cx, cy) = keep[-1], path[i], path[i + 1]
        if (bx - ax) * (cy - by) != (by - ay) * (cx - bx):
            keep.append(path[i])
    if path[-1] != path[0]:
        keep.append(path[-1])
    return keep


def dot_codes(game: Game) -> list[int]:
    """Each node's dot as one small int: 0 none, else owner × 2, plus 1 if crossed out.

    A list of small ints, not a tuple per dot: kept from frame to frame, per-dot
    tuples would pile up in the garbage collector's oldest generation and bring
    on its slow full passes sooner.
    """
    codes = [0] * (game.width * game.height)
    width = game.width
    for (x, y), owner, dead in game.dots():
        codes[y * width + x] = owner * 2 + dead
    return codes


def beneath(covered: Sequence[Layer], faded: set[Layer]) -> None:
    """Add to ``faded`` the ``covered`` layers and every layer under them, as the engine fades them.

    A layer already in ``faded`` has had its own layers beneath added with it.
    """
    stack = [layer for layer in covered if layer not in faded]
    while stack:
        layer = stack.pop()
        if layer in faded:
            continue
        faded.add(layer)
        stack.extend(under for under in layer.covered if under not in faded)
