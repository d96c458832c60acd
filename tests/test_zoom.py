"""Zooming and panning the board (issue 12, item 2): the arithmetic, then the real scene under posted events.

The pure part checks :class:`game.input.zoom.Zoom`: zooming about a point keeps
that point under the pointer, the pan is bounded so the board never leaves its
area, and the fit comes back. The scene part posts mouse, wheel, key and finger
events through the real :class:`~game.control.Control` loop and checks what is
played and what is drawn.
"""

from __future__ import annotations

import pytest

from game.input.hit import hit_mouse, hit_touch
from game.input.layout import BOARD_PADDING, Box, fit_board, screen_layout
from game.input.zoom import Zoom, fitted, max_cell
from game.view import theme

AREA = Box(0, 0, 784, 600)  # the board's area of a 1024×600 window


def zoom38(area: Box = AREA) -> Zoom:
    return fitted(38, 31, area, 44)


# ----- the arithmetic ----------------------------------------------------------------------------


@pytest.mark.parametrize("point", [(392, 300), (40, 40), (700, 560), (123.5, 456.25)])
@pytest.mark.parametrize("factor", [1.3, 2.0, 3.5])
def test_zoom_at_a_point_keeps_that_point_under_the_pointer(point: tuple[float, float], factor: float) -> None:
    z = zoom38()
    before = z.layout().pixel_to_grid(point)
    after_zoom = z.zoom_at(point, factor)
    after = after_zoom.layout()
    assert after.cell > z.layout().cell
    # Away from the edges the node under the pointer stays within half a pixel; at an
    # edge the bound may shift the board, but never so far that the paper leaves the area.
    gx, gy = after.pixel_to_grid(point)
    if 0.25 * AREA.w < point[0] < 0.75 * AREA.w and 0.25 * AREA.h < point[1] < 0.75 * AREA.h:
        assert abs(gx - before[0]) * after.cell <= 0.51 and abs(gy - before[1]) * after.cell <= 0.51
    paper = after.paper
    assert paper.x <= AREA.x + BOARD_PADDING and paper.x + paper.w >= AREA.x + AREA.w - BOARD_PADDING


def test_many_small_zooms_add_up_like_one() -> None:
    """A pinch zooms by a little at every finger motion: the roundings must not pile up."""
    z = zoom38().zoom_at((392, 300), 1.5)  # zoomed enough that the bounds leave the point alone
    step = z
    for _ in range(30):
        step = step.zoom_at((300, 250), 1.02)
    once = z.zoom_at((300, 250), 1.02 ** 30)
    a, b = step.layout(), once.layout()
    assert a.cell == b.cell and abs(a.left - b.left) <= 1 and abs(a.top - b.top) <= 1


def test_zoom_is_limited_both_ways() -> None:
    z = zoom38()
    assert z.zoom_at((392, 300), 0.5) == z.reset() and not z.zoom_at((392, 300), 0.5).zoomed
    top = z.zoom_at((392, 300), 1000.0)
    assert top.layout().cell == max_cell(z.fit, 44) == 66
    assert top.zoom_at((392, 300), 2.0).layout() == top.layout()


@pytest.mark.parametrize("dx, dy", [(10_000, 0), (-10_000, 0), (0, 10_000), (0, -10_000), (5000, -5000)])
def test_pan_is_bounded_so_the_board_stays_in_its_area(dx: float, dy: float) -> None:
    z = zoom38().zoom_at((392, 300), 3.0).pan(dx, dy)
    paper = z.layout().paper
    assert AREA.x + AREA.w - BOARD_PADDING <= paper.x + paper.w and paper.x <= AREA.x + BOARD_PADDING
    assert AREA.y + AREA.h - BOARD_PADDING <= paper.y + paper.h and paper.y <= AREA.y + BOARD_PADDING
    # Bounded means bounded now: panning back moves at once, no debt beyond the edge to pay off first.
    assert z.pan(-dx / 5000, -dy / 5000).layout() != z.layout()


def test_a_side_smaller_than_the_area_stays_centred() -> None:
    area = Box(0, 0, 1500, 400)  # wide: a little zoom leaves the board narrower than the area
    z = fitted(38, 31, area, 44)
    bit = z.zoom_at((750, 200), 1.3).pan(300, 0)
    paper = bit.layout().paper
    assert paper.w + 2 * BOARD_PADDING <= area.w and abs((paper.x - area.x) - (area.w - paper.x - paper.w)) <= 1


def test_not_zoomed_is_the_fit_and_does_not_pan() -> None:
    z = zoom38()
    assert z.layout() == fit_board(38, 31, AREA) and z.layout().clip is None
    assert z.pan(50, 50).layout() == z.layout()
    zoomed = z.zoom_at((100, 100), 2).pan(-30, 20)
    assert zoomed.layout().clip == AREA and zoomed.reset().layout() == z.layout()


def test_hits_stop_at_the_clip() -> None:
    board = zoom38().zoom_at((392, 300), 3).layout()
    inside = (AREA.w - board.cell, 300)
    beyond = (AREA.w + 5, 300)  # on the paper, under the panel
    assert board.paper.contains(*beyond) and not board.shows(*beyond) and board.shows(*inside)
    assert hit_touch(board, beyond) is None and hit_touch(board, inside) is not None
    node = hit_touch(board, inside)
    assert node is not None and hit_mouse(board, board.node_to_pixel(node)) == node
    far = board.node_to_pixel((37, 15))
    assert far[0] > AREA.w and hit_mouse(board, far) is None


def test_refit_keeps_the_factor_and_bounds_the_pan() -> None:
    z = zoom38().zoom_at((700, 500), 2.5).pan(-10_000, -10_000)  # the bottom right corner in view
    small = screen_layout((800, 600)).board_area
    z2 = z.refit(fit_board(38, 31, small), small, max_cell(fit_board(38, 31, small), 44))
    assert z2.factor == z.factor and z2.zoomed
    paper = z2.layout().paper
    assert paper.x + paper.w >= small.x + small.w - BOARD_PADDING and paper.x <= small.x + BOARD_PADDING
    assert z2.layout().clip == small


def test_38x31_at_1366x768_zooms_to_finger_sized_cells() -> None:
    area = screen_layout((1366, 768)).board_area
    z = fitted(38, 31, area, theme.finger_px())
    assert z.layout().cell < 44  # why zoom is needed at all
    assert z.zoom_at((area.w / 2, area.h / 2), 100).layout().cell >= 44
    # At a denser screen the finger is more pixels, and so is the deepest zoom.
    assert fitted(38, 31, area, 88).zoom_at((500, 300), 100).layout().cell >= 88
