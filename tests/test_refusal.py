"""A refused node says why at the spot: the words for each reason, a mark readable over either colour,
and the classic zone lit up for a first move outside it."""

from __future__ import annotations

import pygame
import pytest

from engine import Game, Player, Point, Refusal, Rules
from game.input.layout import BoardLayout, Box, fit_board
from game.strings import LANGUAGES, set_language, t
from game.view import theme
from game.view.board_geometry import dot_radius
from game.view.board_view import BoardView
from game.view.refusal import SHAKE_SECONDS, RefusalMark, label_box, reason_key


def ring_game(owner_moves_first: bool) -> Game:
    """A 9×9 countries game with a diamond country round (4, 4), Blue's or Red's."""
    game = Game(9, 9)
    diamond, far = [(4, 3), (5, 4), (4, 5), (3, 4)], [(0, 0), (8, 0), (0, 8), (8, 8)]
    if not owner_moves_first:
        game.play((7, 7))
    for mine, other in zip(diamond, far, strict=True):
        game.play(mine)
        game.play(other)
    if not owner_moves_first:
        game.play((1, 7))  # Red once more: Blue to move in both
    return game


def test_each_reason_has_its_words_in_both_languages() -> None:
    blue_country = ring_game(True)  # Blue to move, inside Blue's own country
    assert reason_key(blue_country, (4, 4), blue_country.refusal((4, 4))) == "refusal.own_country"
    red_country = ring_game(False)  # Blue to move, inside Red's country
    assert red_country.owner_at((4, 4)) is Player.RED and red_country.to_move is Player.BLUE
    assert reason_key(red_country, (4, 4), red_country.refusal((4, 4))) == "refusal.their_country"
    classic = Game(20, 20, Rules.CLASSIC)
    assert reason_key(classic, (0, 0), classic.refusal((0, 0))) == "refusal.zone"
    classic.play((10, 10))
    assert reason_key(classic, (10, 10), classic.refusal((10, 10))) == "refusal.taken"
    classic.finish()
    assert reason_key(classic, (3, 3), classic.refusal((3, 3))) == "refusal.over"
    try:
        for language in LANGUAGES:
            set_language(language)
            for refusal in Refusal:
                for key in {reason_key(blue_country, (4, 4), refusal), "refusal.their_country",
                            "refusal.surrounded"}:
                    words = t(key)
                    assert words and len(words.split()) <= 4 and key not in words
    finally:
        set_language("ru")


@pytest.mark.parametrize("owner_moves_first", [True, False])
def test_the_mark_reads_over_a_country_of_either_colour(owner_moves_first: bool) -> None:
    game = ring_game(owner_moves_first)
    layout = fit_board(9, 9, Box(0, 0, 400, 400))
    surface = pygame.Surface((400, 400))
    BoardView().draw(surface, game, layout)
    mark = RefusalMark.of(game, (4, 4))
    mark.update(SHAKE_SECONDS + 0.01)  # still: no shake
    mark.draw(surface, layout, game)
    cx, cy = (round(v) for v in layout.node_to_pixel((4, 4)))
    r = max(7, round(layout.cell * 0.32))
    column = [surface.get_at((cx, cy - r + dy))[:3] for dy in range(-5, 6)]
    assert any(p[0] > 180 and p[1] < 90 and p[2] < 90 for p in column)  # the red ring
    assert any(min(p) > 235 for p in column)  # its white halo, whatever colour lies under it


def test_a_first_move_outside_the_zone_lights_the_zone() -> None:
    game = Game(20, 20, Rules.CLASSIC)
    layout = fit_board(20, 20, Box(0, 0, 600, 600))
    plain = pygame.Surface((600, 600))
    BoardView().draw(plain, game, layout)
    lit = plain.copy()
    mark = RefusalMark.of(game, (0, 0))
    assert mark.reason is Refusal.ZONE
    mark.draw(lit, layout, game)
    x0, y0, w, h = game.first_move_zone  # type: ignore[misc]
    cx, cy = layout.node_to_pixel((x0 + w // 2, y0 + h // 2))
    inside = (round(cx + layout.cell / 2), round(cy + layout.cell / 2))  # mid-cell, off the grid lines
    before, after = plain.get_at(inside), lit.get_at(inside)
    assert after.r >= before.r and after.b < before.b - 10  # tinted amber
    assert lit.get_at((5, 595)) == plain.get_at((5, 595))  # far from the zone and the node: untouched
    assert theme.ZONE_GLOW


def test_the_mark_goes_away() -> None:
    game = Game(9, 9)
    game.play((4, 4))
    mark = RefusalMark.of(game, (4, 4))
    assert mark.update(0.5)
    assert not mark.update(2.0)


def dots_seen(surface: pygame.Surface, layout: BoardLayout, game: Game) -> dict[Point, list[pygame.Color]]:
    """The colours at the centre of each dot on ``surface`` and at its rim, all round."""
    r = dot_radius(layout.cell) - 1
    seen = {}
    for point, _, _ in game.dots():
        x, y = layout.node_to_pixel(point)
        seen[point] = [surface.get_at((x + dx, y + dy)) for dx, dy in ((0, 0), (r, 0), (-r, 0), (0, r), (0, -r))]
    return seen


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("cell_px", [600, 900])
def test_the_words_of_a_refusal_cover_none_of_the_dots_round_it(language: str, cell_px: int) -> None:
    # A taken node in a row of dots, with a block of dots under it: «Занято» used to sit on its right
    # neighbours; it goes where no dot is (above, between the rows), inside the window.
    set_language(language)
    try:
        game = Game(15, 15)
        row = [(x, 7) for x in range(4, 11)]
        block = [(x, y) for y in (8, 9) for x in range(5, 10)]
        for node in row + block:
            game.play(node, player=Player.BLUE if node[0] % 2 else Player.RED)
        layout = fit_board(15, 15, Box(0, 0, cell_px, cell_px))
        surface = pygame.Surface((cell_px, cell_px))
        BoardView().draw(surface, game, layout)
        before = dots_seen(surface, layout, game)
        for node in [(7, 7), (4, 7), (10, 7)]:
            shown = surface.copy()
            mark = RefusalMark.of(game, node)
            assert mark.key == "refusal.taken"
            mark.update(SHAKE_SECONDS + 0.01)  # still
            mark.draw(shown, layout, game)
            after = dots_seen(shown, layout, game)
            hidden = [point for point in before if point != node and after[point] != before[point]]
            assert not hidden, (node, hidden)
    finally:
        set_language("ru")


def test_the_words_stay_whole_inside_the_area_in_sight() -> None:
    # A zoomed board draws inside its own area (the surface's clip): a node at that area's top right
    # corner gets its words whole inside it, not cut at its edge, and clear of the mark.
    game = Game(9, 9)
    game.play((8, 0))
    layout = fit_board(9, 9, Box(0, 0, 360, 360))
    area = pygame.Rect(0, 0, 360, 360)
    at = layout.node_to_pixel((8, 0))
    box = label_box((90, 24), at, 12, layout, game, area)
    assert area.contains(box)
    assert not box.colliderect(pygame.Rect(at[0] - 12, at[1] - 12, 24, 24))
