"""The board's pure geometry (``game.view.board_geometry``): node boxes, walls, free-area chains, dot codes.

No display and no pygame: these are positions in node coordinates, worked out from the engine's position.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine import Game, Layer, Player, Rules
from game.view.board_geometry import (
    beneath,
    chain_corners,
    dot_codes,
    dot_radius,
    free_chains,
    last_move_ring,
    layer_walls,
    node_box,
)

ROOT = Path(__file__).resolve().parents[1]


def played(game: Game, blue: list[tuple[int, int]], red: list[tuple[int, int]]) -> Game:
    for b, r in zip(blue, red, strict=True):
        game.play(b)
        game.play(r)
    return game


def test_it_loads_without_pygame() -> None:
    code = "import sys, game.view.board_geometry; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         check=True)
    assert out.stdout.strip() == "False"


def test_dots_grow_with_the_cell_within_bounds_and_the_last_move_ring_clears_the_dot() -> None:
    radii = [dot_radius(cell) for cell in range(1, 200)]
    assert radii == sorted(radii) and min(radii) == 3 and max(radii) == 16
    for r in (3, 8, 16):
        ring, width = last_move_ring(r)
        assert ring - width / 2 > r  # the ring stands clear of the dot it marks


def test_a_square_of_four_dots_makes_two_half_cells_whose_walls_part_inside_from_outside() -> None:
    game = played(Game(width=5, height=5), [(1, 1), (2, 1), (2, 2), (1, 2)], [(4, 4), (4, 3), (4, 2), (4, 1)])
    assert len(game.layers) == 2 and all(layer.owner is Player.BLUE for layer in game.layers)
    assert {node_box(layer) for layer in game.layers} == {(1, 1, 2, 2)}
    cells = 4
    for layer in game.layers:
        inside = set(layer.quarters)
        walls = layer_walls(layer, cells, cells)
        assert len(walls) == 3  # two cell sides and the diagonal
        for *_, sides in walls:
            for a, b in sides:  # every wall has the layer on exactly one side
                assert (a in inside) != (b in inside)


def test_a_classic_free_area_is_one_closed_chain_through_its_four_corners() -> None:
    game = played(Game(width=6, height=6, rules=Rules.CLASSIC), [(2, 1), (3, 2), (2, 3), (1, 2)],
                  [(0, 5), (5, 5), (5, 0), (0, 0)])
    chains = free_chains(game, [[] for _ in range(4 * 5 * 5)])
    assert list(chains.values()) == [(1, 1, 3, 3)]
    [(owner, closed, corners)] = list(chains)
    assert owner is Player.BLUE and closed
    assert sorted(corners) == [(1.0, 2.0), (2.0, 1.0), (2.0, 3.0), (3.0, 2.0)]
    assert free_chains(Game(width=6, height=6, rules=Rules.CLASSIC), [[] for _ in range(4 * 5 * 5)]) == {}


def test_a_path_keeps_only_its_turns() -> None:
    assert chain_corners([(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]) == [(0, 0), (2, 0), (2, 2)]
    assert chain_corners([(0, 0), (2, 0), (2, 2), (0, 2), (0, 0)]) == [(0, 0), (2, 0), (2, 2), (0, 2)]


def test_each_node_is_coded_by_owner_and_crossing_out() -> None:
    game = played(Game(width=4, height=4), [(1, 1)], [(2, 1)])
    codes = dot_codes(game)
    assert codes[1 * 4 + 1] == Player.BLUE * 2 and codes[1 * 4 + 2] == Player.RED * 2
    assert codes.count(0) == 14


def test_what_lies_beneath_a_covered_layer_fades_with_it() -> None:
    game = played(Game(width=5, height=5), [(1, 1), (2, 1), (2, 2), (1, 2)], [(4, 4), (4, 3), (4, 2), (4, 1)])
    faded: set[Layer] = set()
    beneath(game.layers[:1], faded)
    assert faded == {game.layers[0]} | set(game.layers[0].covered)
