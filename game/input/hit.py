"""Which node a pointer means: plain functions, no display needed.

A mouse is precise, so a click counts only near a node (within a third of a
cell): a click in the middle of a cell is ambiguous and is better ignored than
guessed. A finger covers a whole cell, so a touch anywhere on the paper snaps
to the nearest corner of the cell it is in. Either way only where the board is
in sight: a zoomed board's ``clip``.
"""

from __future__ import annotations

import math

from game.input.layout import BoardLayout, Point

MOUSE_RADIUS = 1 / 3  # of a cell
PAPER_MARGIN = 0.5  # of a cell: the paper reaches half a cell beyond the outer nodes


def _nearest(g: float) -> int:
    # Round half up, the same way on both sides of zero, so that a point exactly
    # between two nodes always goes the same way.
    return math.floor(g + 0.5)


def hit_mouse(layout: BoardLayout, pos: tuple[float, float]) -> Point | None:
    """The node a mouse click at ``pos`` lands on, or None when it is not close to one."""
    if layout.clip is not None and not layout.clip.contains(*pos):
        return None  # the part of a zoomed board under the panel or off the window is out of sight
    gx, gy = layout.pixel_to_grid(pos)
    nx, ny = _nearest(gx), _nearest(gy)
    if not (0 <= nx < layout.width and 0 <= ny < layout.height):
        return None
    if math.hypot(gx - nx, gy - ny) > MOUSE_RADIUS:
        return None
    return (nx, ny)


def hit_touch(layout: BoardLayout, pos: tuple[float, float]) -> Point | None:
    """The node a touch at ``pos`` snaps to: the nearest corner of its cell; None off the paper."""
    if layout.clip is not None and not layout.clip.contains(*pos):
        return None
    gx, gy = layout.pixel_to_grid(pos)
    if not (-PAPER_MARGIN <= gx <= layout.width - 1 + PAPER_MARGIN):
        return None
    if not (-PAPER_MARGIN <= gy <= layout.height - 1 + PAPER_MARGIN):
        return None
    nx = min(layout.width - 1, max(0, _nearest(gx)))
    ny = min(layout.height - 1, max(0, _nearest(gy)))
    return (nx, ny)
