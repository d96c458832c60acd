"""The board's place in the window, node ↔ pixel, and «Авто» (no display needed)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import MAX_SIZE
from game.input.layout import (
    BOARD_PADDING,
    MIN_AUTO_CELL,
    MIN_NODES,
    Box,
    auto_board_size,
    auto_size_for_window,
    board_for_window,
    fit_board,
    screen_layout,
)

WINDOWS = [(800, 600), (1024, 768), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)]


def inside(inner: Box, outer: Box) -> bool:
    return (inner.x >= outer.x and inner.y >= outer.y and inner.x + inner.w <= outer.x + outer.w
            and inner.y + inner.h <= outer.y + outer.h)


@pytest.mark.parametrize("size", WINDOWS)
def test_landscape_window_puts_the_panel_on_the_right(size: tuple[int, int]) -> None:
    s = screen_layout(size)
    assert not s.portrait
    assert s.board_area.x == 0 and s.board_area.w + s.panel.w == size[0]
    assert s.panel.x == s.board_area.w and s.panel.h == size[1]
    assert 260 <= s.panel.w <= 400


def test_portrait_window_puts_the_panel_at_the_bottom() -> None:
    s = screen_layout((600, 1000))
    assert s.portrait
    assert s.board_area.h + s.panel.h == 1000 and s.panel.y == s.board_area.h and s.panel.w == 600


@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize("board", [(10, 10), (15, 15), (20, 20), (30, 30), (38, 31), (52, 52), (5, 40)])
def test_every_preset_fits_inside_the_board_area_centred(size: tuple[int, int], board: tuple[int, int]) -> None:
    area = screen_layout(size).board_area
    layout = fit_board(*board, area)
    assert inside(layout.paper, area)
    assert layout.paper.w == board[0] * layout.cell and layout.paper.h == board[1] * layout.cell
    # Centred: the slack left and right (top and bottom) differs by at most a pixel.
    left = layout.paper.x - area.x
    right = area.x + area.w - (layout.paper.x + layout.paper.w)
    assert abs(left - right) <= 1
    # As large as fits: one more pixel per cell would overflow one direction.
    bigger = layout.cell + 1
    assert board[0] * bigger > area.w - 2 * BOARD_PADDING or board[1] * bigger > area.h - 2 * BOARD_PADDING


def test_node_pixel_round_trip() -> None:
    layout = fit_board(20, 15, Box(0, 0, 900, 700))
    for node in [(0, 0), (19, 0), (0, 14), (19, 14), (7, 9)]:
        px = layout.node_to_pixel(node)
        assert layout.pixel_to_grid(px) == (float(node[0]), float(node[1]))
    assert layout.grid_to_pixel((0.5, 0.5)) == (layout.left + layout.cell / 2, layout.top + layout.cell / 2)
    # Node (0, 0) sits half a cell inside the paper's corner.
    assert layout.node_to_pixel((0, 0)) == (layout.paper.x + layout.cell // 2, layout.paper.y + layout.cell // 2)


@pytest.mark.parametrize("size", WINDOWS)
def test_auto_fills_the_area_with_cells_of_at_least_36_px(size: tuple[int, int]) -> None:
    w, h = auto_size_for_window(size)
    area = screen_layout(size).board_area
    layout = board_for_window(w, h, size)
    assert layout.cell >= MIN_AUTO_CELL
    assert inside(layout.paper, area)
    # Filling both directions: one more node either way would need cells under 36 px.
    if w < MAX_SIZE:
        assert (w + 1) * MIN_AUTO_CELL > area.w - 2 * BOARD_PADDING
    if h < MAX_SIZE:
        assert (h + 1) * MIN_AUTO_CELL > area.h - 2 * BOARD_PADDING


def test_auto_known_sizes() -> None:
    assert auto_size_for_window((1920, 1080)) == (41, 29)
    assert auto_size_for_window((1280, 800)) == (26, 21)
    assert auto_size_for_window((800, 600)) == (14, 15)


def test_auto_clamps_to_what_the_game_allows() -> None:
    assert auto_board_size(Box(0, 0, 100, 100)) == (MIN_NODES, MIN_NODES)
    assert auto_board_size(Box(0, 0, 10000, 10000)) == (MAX_SIZE, MAX_SIZE)


@given(st.integers(320, 4000), st.integers(240, 3000), st.integers(2, 52), st.integers(2, 52))
def test_any_window_and_board_keep_the_paper_in_the_window(w: int, h: int, bw: int, bh: int) -> None:
    s = screen_layout((w, h))
    layout = fit_board(bw, bh, s.board_area)
    if layout.cell * max(bw, bh) <= min(s.board_area.w, s.board_area.h) - 2 * BOARD_PADDING:
        assert inside(layout.paper, s.board_area)
    assert layout.cell >= 4
