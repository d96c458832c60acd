"""The board reads as a map: one player's countries side by side are one territory.

Pixels of the cached territory (paper, fills, grid, walls; no dots) are
sampled where the walls are: inside a block of one player's countries the
walls are faint, its border is bold in the owner's dark colour; a country
taken over still shows, faded, under the new one; classic free areas are
dashed evenly along each chain, across the nodes, and a player's free areas
side by side are outlined as one, with no dashes between them and no chains
crossing where two touch at a node; a free area with no node inside (a fenced
half cell) is not drawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pygame
import pytest

from engine import Game, Player, Point, Rules
from game.input.layout import BoardLayout
from game.match import demo
from game.view import anim, theme
from game.view.board_geometry import FreeChain, free_chains, holds_node
from game.view.board_view import BoardView

Colour = tuple[int, int, int]


@pytest.fixture(autouse=True)
def _pygame(pygame_session: object) -> Iterator[None]:
    yield


def territory(game: Game, cell: int) -> tuple[pygame.Surface, BoardLayout]:
    layout = BoardLayout(game.width, game.height, cell, 30, 20)
    return BoardView().territory(game, layout), layout


def at(surf: pygame.Surface, layout: BoardLayout, point: tuple[float, float]) -> Colour:
    """The territory's colour at node coordinates ``point``."""
    x = layout.left - layout.paper.x + point[0] * layout.cell
    y = layout.top - layout.paper.y + point[1] * layout.cell
    return tuple(surf.get_at((round(x), round(y))))[:3]  # type: ignore[return-value]


def apart(a: Colour, b: Colour) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def block() -> Game:
    """Blue fills the nodes (1..4, 1..4) row by row: eighteen half-cell countries, a 3×3 block of cells.

    Red plays along the bottom meanwhile, far from it.
    """
    game = Game(width=12, height=10)
    reds = [(x, y) for y in (9, 8) for x in range(12)]
    for i, node in enumerate((x, y) for y in range(1, 5) for x in range(1, 5)):
        game.play(node)
        game.play(reds[i])
    return game


@pytest.mark.parametrize("cell", [14, 30, 48])
def test_a_block_of_one_players_countries_has_a_bold_border_and_no_bold_inner_walls(cell: int) -> None:
    game = block()
    blue = [layer for layer in game.layers if layer.owner is Player.BLUE]
    assert len(blue) == 18 and all(layer.fade == 0 for layer in blue)
    surf, layout = territory(game, cell)
    dark = theme.player_dark(Player.BLUE)
    fill = at(surf, layout, (2.5, 1.2))  # inside a quarter, away from every wall and grid line
    # The border all round: bold, dark.
    for point in [(1.5, 1), (3.5, 4), (1, 2.5), (4, 3.5)]:
        assert at(surf, layout, point) == dark, point
    # Inner walls: the cell sides at x 2, 3 and y 2, 3, and the diagonal of every cell.
    inner = [(2, 1.5), (3, 3.5), (1.5, 2), (3.5, 3)] + [(x + 0.3, y + 0.7) for x in (1, 2, 3) for y in (1, 2, 3)]
    for point in inner:
        colour = at(surf, layout, point)
        assert apart(colour, fill) < apart(colour, dark) / 3, (point, colour, fill)
    # Nowhere inside the border (a line's width in from it) is any pixel of the border's colour.
    width = max(2, round(cell / 12))
    x0 = layout.left - layout.paper.x + 1 * cell + width + 1
    y0 = layout.top - layout.paper.y + 1 * cell + width + 1
    side = 3 * cell - 2 * (width + 1)
    inside = surf.subsurface((x0, y0, side, side))
    assert pygame.transform.threshold(None, inside, dark, (0, 0, 0, 255), set_behavior=0) == 0


def test_a_takeover_still_shows_the_country_it_covers_faded() -> None:
    game = demo.countries_demo()
    covered = [layer for layer in game.layers if layer.fade == 1]
    assert covered and all(layer.owner is Player.RED for layer in covered)
    top = next(layer for layer in game.layers if covered[0] in layer.covered)
    assert top.owner is Player.BLUE and top.fade == 0
    surf, layout = territory(game, 30)
    # Red's walls, under Blue's country, keep their pale red.
    pale = theme.mix(theme.player_colour(Player.RED), theme.PAPER, 0.5)
    for layer in covered:
        (ax, ay), (bx, by) = layer.outline[0][:2]
        assert at(surf, layout, ((ax + bx) / 2, (ay + by) / 2)) == pale
    # Inside them the fill is Blue over faded Red, not Blue's fill beside them.
    red = {q for layer in covered for q in layer.cell_quarters}
    under = at(surf, layout, inside(next(iter(red))))
    beside = at(surf, layout, inside(next(q for q in top.cell_quarters if q not in red)))
    blue, red_colour = theme.player_colour(Player.BLUE), theme.player_colour(Player.RED)
    faded_red = theme.mix(theme.PAPER, red_colour, theme.layer_alpha(1) / 255)
    assert under == theme.mix(faded_red, blue, theme.layer_alpha(0) / 255)
    assert beside == theme.mix(theme.PAPER, blue, theme.layer_alpha(0) / 255)
    assert apart(under, beside) > 30, (under, beside)


def inside(quarter: tuple[int, int, int]) -> tuple[float, float]:
    """A point well inside ``quarter`` (cell x, cell y, side), off every wall and grid line."""
    cx, cy, side = quarter
    return [(cx + 0.5, cy + 0.2), (cx + 0.8, cy + 0.5), (cx + 0.5, cy + 0.8), (cx + 0.2, cy + 0.5)][side]


def enclosure(walls: list[Point]) -> Game:
    """A classic game (no first-move zone) where Blue puts ``walls`` and Red answers along the bottom row."""
    game = Game(width=14, height=10, rules=Rules.CLASSIC, zone=False)
    for i, node in enumerate(walls):
        game.play(node)
        game.play((i, 9) if i < 14 else (i - 14, 8))
    return game


def rectangle(x0: int, y0: int, x1: int, y1: int) -> list[Point]:
    """The nodes round the rectangle of nodes ``x0..x1 × y0..y1``."""
    return ([(x, y0) for x in range(x0, x1 + 1)] + [(x1, y) for y in range(y0 + 1, y1 + 1)]
            + [(x, y1) for x in range(x1 - 1, x0 - 1, -1)] + [(x0, y) for y in range(y1 - 1, y0, -1)])


def no_layers(game: Game) -> list[FreeChain]:
    """The free areas' chains of ``game``, which has laid no layer."""
    assert not game.layers
    return list(free_chains(game, [[] for _ in range(4 * (game.width - 1) * (game.height - 1))]))


def runs(flags: list[bool]) -> list[tuple[bool, int]]:
    """``flags`` as (value, length) runs."""
    out: list[tuple[bool, int]] = []
    for flag in flags:
        if out and out[-1][0] == flag:
            out[-1] = (flag, out[-1][1] + 1)
        else:
            out.append((flag, 1))
    return out


@pytest.mark.parametrize("cell", [15, 19, 26])
def test_free_area_dashes_run_evenly_across_the_nodes_of_a_long_wall(cell: int) -> None:
    game = enclosure(rectangle(1, 1, 10, 3))
    # The corners' half cells are free areas of their own (cut off by the diagonals), with no node inside:
    # they are not drawn, and one chain runs round the rest, across the corners' diagonals.
    assert sum(area.area for area in game.free_areas(Player.BLUE)) == 18
    assert [closed for player, closed, _ in no_layers(game) if player is Player.BLUE] == [True]
    surf, layout = territory(game, cell)
    dash = theme.mix(theme.player_colour(Player.BLUE), theme.PAPER, 0.2)
    # Along the top wall, which runs straight from node (2, 1) to (9, 1), pixel by pixel, from a quarter
    # cell after its first node over six and a half cells.
    x0 = layout.left - layout.paper.x + 2 * cell + cell // 4
    y = layout.top - layout.paper.y + cell
    flags = [apart(tuple(surf.get_at((x0 + i, y)))[:3], dash) < 40 for i in range(6 * cell + cell // 2)]
    pattern = runs(flags)[1:-1]  # the runs cut by the ends of the sample may be short
    dashes = [length for on, length in pattern if on]
    gaps = [length for on, length in pattern if not on]
    assert len(dashes) >= 8 and gaps, pattern  # a dash or two in every cell
    # Even all along (a pixel either way for rounding), and no dash doubled where two segments meet.
    assert max(dashes) - min(dashes) <= 1, pattern
    assert max(gaps) - min(gaps) <= 1, pattern
    assert max(dashes) <= max(5.0, cell / 4) * 1.1 + 2, pattern


def test_a_players_free_areas_side_by_side_are_outlined_as_one() -> None:
    # Blue's rectangle with a wall down its middle: two free areas with nodes inside that share that wall
    # from (5, 2) to (5, 4) (the half cells its ends cut off at the top and bottom hold no node).
    game = enclosure(rectangle(1, 1, 9, 5) + [(5, 2), (5, 3), (5, 4)])
    cells = (game.width - 1, game.height - 1)
    assert sum(holds_node(area, *cells) for area in game.free_areas(Player.BLUE)) == 2
    surf, layout = territory(game, 30)
    dash = theme.mix(theme.player_colour(Player.BLUE), theme.PAPER, 0.2)

    def dashed(points: list[tuple[float, float]]) -> int:
        return sum(apart(at(surf, layout, p), dash) < 40 for p in points)

    steps = [2.2 + i / 30 for i in range(49)]  # along y from 2.2 to 3.8, clear of the nodes at its ends
    assert dashed([(5, y) for y in steps]) == 0  # the shared wall
    assert dashed([(1, y) for y in steps]) > 10  # the outer wall beside it


def test_a_free_area_with_no_node_inside_is_not_drawn() -> None:
    # Three corners of a cell fence half of it: no node inside, nowhere to play, so no dashes (docs/RULES.md §1).
    triangle = enclosure([(2, 2), (3, 2), (3, 3)])
    assert [area.area for area in triangle.free_areas(Player.BLUE)] == [Fraction(1, 2)]
    assert [chain for chain in no_layers(triangle) if chain[0] is Player.BLUE] == []
    surf, layout = territory(triangle, 30)
    dash = theme.mix(theme.player_colour(Player.BLUE), theme.PAPER, 0.2)
    hypotenuse = [(2 + i / 20, 2 + i / 20) for i in range(3, 18)]
    assert not any(apart(at(surf, layout, p), dash) < 40 for p in hypotenuse)
    # A diamond round an empty node holds that node: it is drawn.
    diamond = enclosure([(2, 1), (3, 2), (2, 3), (1, 2)])
    chains = [chain for chain in no_layers(diamond) if chain[0] is Player.BLUE]
    assert len(chains) == 1 and chains[0][1]
    surf, layout = territory(diamond, 30)
    side = [(2 + i / 20, 1 + i / 20) for i in range(3, 18)]
    assert any(apart(at(surf, layout, p), dash) < 40 for p in side)


def test_free_areas_touching_at_one_node_keep_each_chain_to_its_own_side() -> None:
    # Two diamonds of Blue, round the empty nodes (2, 2) and (4, 2), meeting at node (3, 2).
    game = enclosure([(1, 2), (2, 1), (3, 2), (2, 3), (4, 1), (5, 2), (4, 3)])
    assert sorted(area.area for area in game.free_areas(Player.BLUE)) == [2, 2]
    chains = [chain for chain in no_layers(game) if chain[0] is Player.BLUE]
    assert chains and all(closed for _, closed, _ in chains)
    # A chain crossing over at the pinch would go straight on through (3, 2) along a diagonal
    # and not turn there: each of the two passes through it turns, so it is a corner twice.
    assert sum(corners.count((3.0, 2.0)) for _, _, corners in chains) == 2


def test_the_newest_country_is_lit_for_about_a_second_even_inside_a_territory() -> None:
    game = block()
    game.undo()  # Red's last move
    game.undo()  # Blue's (4, 4), which closed the block's last half cell
    layout = BoardLayout(game.width, game.height, 30, 30, 20)
    size = (layout.paper.x + layout.paper.w + 10, layout.paper.y + layout.paper.h + 10)
    view = BoardView()
    view.backdrop(game, layout, size)
    move = anim.change(game.play((4, 4)), game, by_computer=False)
    assert len(move.report.laid) == 1 and not move.report.covered
    anims = anim.BoardAnimations()
    anims.start(move, 0.0, game=game, view=view, layout=layout)  # from the picture painted before the move
    sweep = anims.sweeps[0]
    # The new half cell's diagonal, a faint wall inside Blue's territory once it has settled.
    wall = tuple(round(v) for v in layout.grid_to_pixel((3.6, 3.4)))
    board = view.backdrop(game, layout, size).get_at(wall)

    def shown(at_time: float) -> pygame.Color:
        screen = pygame.Surface(size)
        view.draw(screen, game, layout)
        anims.draw(screen, game, view, layout, at_time)
        return screen.get_at(wall)

    settled = sweep.sweep_start + anim.SWEEP_SECONDS  # the sweep is done: what shows now is the glow
    lit = shown(settled)
    assert apart(tuple(lit)[:3], tuple(board)[:3]) > 150, (lit, board)  # the bright chain on a faint wall
    assert 0.9 <= anim.GLOW_SECONDS <= 1.5 and shown(sweep.sweep_start + 0.8) != board  # still lit near a second on
    assert anims.running(sweep.end - 0.01) and not anims.running(sweep.end)
    assert shown(sweep.end) == board  # gone: the board as it is
