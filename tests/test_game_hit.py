"""Hit-testing: which node a mouse click or a touch means (plain functions, no display)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.input.hit import hit_mouse, hit_touch
from game.input.layout import BoardLayout

# 10 × 8 nodes, 40 px cells, node (0, 0) at pixel (100, 50).
L = BoardLayout(width=10, height=8, cell=40, left=100, top=50)


def px(gx: float, gy: float) -> tuple[float, float]:
    return (L.left + gx * L.cell, L.top + gy * L.cell)


@pytest.mark.parametrize("node", [(0, 0), (9, 0), (0, 7), (9, 7), (4, 3)])
def test_mouse_on_a_node_hits_it(node: tuple[int, int]) -> None:
    assert hit_mouse(L, px(*node)) == node


def test_mouse_within_a_third_of_a_cell_hits_and_beyond_misses() -> None:
    assert hit_mouse(L, px(4 + 0.32, 3)) == (4, 3)
    assert hit_mouse(L, px(4, 3 - 0.32)) == (4, 3)
    assert hit_mouse(L, px(4 + 0.2, 3 + 0.2)) == (4, 3)  # 0.28 away, diagonally
    assert hit_mouse(L, px(4 + 0.36, 3)) is None
    assert hit_mouse(L, px(4 + 0.25, 3 + 0.25)) is None  # 0.354 away
    assert hit_mouse(L, px(4.5, 3.5)) is None  # a cell's centre is nobody's


def test_mouse_at_edges_and_corners() -> None:
    assert hit_mouse(L, px(-0.3, 0)) == (0, 0)  # just outside the corner, still close
    assert hit_mouse(L, px(-0.2, -0.2)) == (0, 0)
    assert hit_mouse(L, px(9.3, 7)) == (9, 7)
    assert hit_mouse(L, px(-0.4, 0)) is None
    assert hit_mouse(L, px(9, 7.4)) is None
    assert hit_mouse(L, px(-1, 3)) is None  # a whole cell off the board
    assert hit_mouse(L, (0, 0)) is None
    assert hit_mouse(L, (5000, 5000)) is None


def test_touch_anywhere_in_a_cell_snaps_to_its_nearest_corner() -> None:
    assert hit_touch(L, px(4.1, 3.1)) == (4, 3)
    assert hit_touch(L, px(4.9, 3.1)) == (5, 3)
    assert hit_touch(L, px(4.1, 3.9)) == (4, 4)
    assert hit_touch(L, px(4.9, 3.9)) == (5, 4)
    assert hit_touch(L, px(4.45, 3.45)) == (4, 3)  # near the centre still picks a corner


def test_touch_at_edges_and_corners() -> None:
    assert hit_touch(L, px(0, 0)) == (0, 0)
    assert hit_touch(L, px(-0.45, -0.45)) == (0, 0)  # on the paper's margin
    assert hit_touch(L, px(9.45, 7.45)) == (9, 7)
    assert hit_touch(L, px(-0.45, 3.7)) == (0, 4)
    assert hit_touch(L, px(5.2, 7.4)) == (5, 7)
    assert hit_touch(L, px(-0.6, 0)) is None  # off the paper
    assert hit_touch(L, px(9.6, 7)) is None
    assert hit_touch(L, px(4, 7.6)) is None
    assert hit_touch(L, (-50, -50)) is None


@given(st.floats(-0.5, 9.5), st.floats(-0.5, 7.5))
def test_touch_always_gives_the_nearest_node(gx: float, gy: float) -> None:
    node = hit_touch(L, px(gx, gy))
    assert node is not None
    best = min(((x, y) for x in range(10) for y in range(8)), key=lambda n: math.hypot(n[0] - gx, n[1] - gy))
    d_node = math.hypot(node[0] - gx, node[1] - gy)
    d_best = math.hypot(best[0] - gx, best[1] - gy)
    assert d_node <= d_best + 1e-9 or abs(d_node - d_best) < 1e-6
    # And it is a corner of the cell the point is in.
    assert abs(node[0] - gx) <= 0.5 + 1e-9 and abs(node[1] - gy) <= 0.5 + 1e-9


@given(st.floats(-3, 13), st.floats(-3, 11))
def test_a_mouse_hit_is_always_within_a_third_of_a_cell(gx: float, gy: float) -> None:
    node = hit_mouse(L, px(gx, gy))
    if node is not None:
        assert math.hypot(node[0] - gx, node[1] - gy) <= 1 / 3 + 1e-9
        assert 0 <= node[0] < 10 and 0 <= node[1] < 8
