"""The positions a move before a moment, for the pictures and the frame tests: rings one dot short of
capturing, in both rule sets."""

from __future__ import annotations

from engine import Game, Rules

RING_AROUND_A_SQUARE = ((4, 4), (5, 4), (6, 4), (7, 4), (7, 5), (7, 6), (7, 7), (6, 7), (5, 7), (4, 7), (4, 6), (4, 5))


def ring_around_a_square() -> Game:
    """docs/RULES.md §2's takeover, one move before it: Red's square inside Blue's ring of twelve but one."""
    game = Game(width=20, height=15)
    red = [(5, 5), (6, 5), (6, 6), (5, 6), (15, 2), (16, 2), (17, 2), (15, 12), (16, 12), (17, 12), (18, 12)]
    for blue, answer in zip(RING_AROUND_A_SQUARE[:-1], red, strict=True):
        game.play(blue)
        game.play(answer)
    return game


BIG_RING = ((3, 3), (4, 3), (5, 3), (6, 3), (7, 3), (7, 4), (7, 5), (7, 6), (7, 7), (6, 7), (5, 7), (4, 7), (3, 7),
            (3, 6), (3, 5), (3, 4))
"""Blue's ring of sixteen around a 4 × 4 square of cells: a huge capture (16) when its last dot closes it."""


def big_ring_but_one() -> Game:
    """Blue's :data:`BIG_RING` one dot short, Red's dots well away from it (Red a little ahead: a triangle)."""
    game = Game(width=20, height=15)
    red = [(14, 2), (15, 2), (15, 3), (16, 9), (17, 9), (16, 11), (17, 11), (16, 12), (17, 12), (14, 12), (13, 12),
           (12, 12), (11, 12), (10, 12), (9, 12)]
    for blue, answer in zip(BIG_RING[:-1], red, strict=True):
        game.play(blue)
        game.play(answer)
    return game


CLASSIC_RING = ((9, 6), (10, 6), (11, 7), (11, 8), (10, 9), (9, 9), (8, 8), (8, 7))
"""Classic: Blue's ring of eight around three Red dots (a capture of 3 when its last dot closes it)."""


def classic_capture_but_one() -> Game:
    """Blue's :data:`CLASSIC_RING` one dot short around three Red dots."""
    game = Game(width=20, height=15, rules=Rules.CLASSIC)
    red = [(9, 7), (10, 7), (9, 8), (15, 2), (16, 2), (17, 2), (15, 12)]
    for blue, answer in zip(CLASSIC_RING[:-1], red, strict=True):
        game.play(blue)
        game.play(answer)
    return game
