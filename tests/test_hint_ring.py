"""The hint's ring stays clearly visible on a 38×31 board in a small window, where a dot is a few pixels
across: never smaller than a floor in pixels, and never faded away during its pulse, on paper or on
the players' colours."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame
import pytest

from engine import Game, Player
from game.input.layout import Box, fit_board
from game.view.board_view import BoardView
from game.view.hint_mark import MIN_RING_PX, draw_hint


@pytest.fixture(autouse=True)
def _pygame(pygame_session: object) -> Iterator[None]:
    yield


def busy_board() -> Game:
    """A 38×31 board with the nodes round (19, 15) taken by both players, and (19, 15) free."""
    game = Game(38, 31)
    around = [(x, y) for y in range(12, 19) for x in range(16, 23) if (x, y) != (19, 15) and (x + y) % 3]
    for node in around:
        game.play(node, player=Player.BLUE if node[0] < 19 else Player.RED)
    return game


def green(colour: pygame.Color) -> bool:
    """The hint's green, as drawn over anything: no other mark on the board is green."""
    return colour.g - max(colour.r, colour.b) > 40


@pytest.mark.parametrize("phase", [0.0, 0.25, 0.5, 0.75, 0.95, None])
def test_the_ring_is_plain_at_small_cells_all_through_its_pulse(phase: float | None) -> None:
    game = busy_board()
    layout = fit_board(38, 31, Box(0, 0, 740, 580))  # the board's area of a 1024×600 window
    assert layout.cell <= 18
    surface = pygame.Surface((740, 580))
    view = BoardView()
    view.draw(surface, game, layout)
    node = (19, 15)
    draw_hint(surface, view, layout, node, game.to_move, phase)
    cx, cy = layout.node_to_pixel(node)
    reach = 3 * layout.cell
    seen = [(x, y) for x in range(cx - reach, cx + reach + 1) for y in range(cy - reach, cy + reach + 1)
            if green(surface.get_at((x, y)))]
    # A ring of at least the floor's radius, four pixels thick, in green all round.
    assert len(seen) >= 2 * math.pi * MIN_RING_PX * 3, len(seen)
    assert max(math.hypot(x - cx, y - cy) for x, y in seen) >= MIN_RING_PX
    quadrants = {(x > cx, y > cy) for x, y in seen}
    assert len(quadrants) == 4
