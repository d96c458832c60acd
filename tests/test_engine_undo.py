"""Undo gives back exactly the position before, found by the master's own search.

A classic game of 46 moves in which Blue's (3, 4) closes a face that holds quarters
already enclosed (its old border had reopened and closed again). Undo used to open
those quarters too: the free area shrank, and a later capture flooded out through
the missing wall ("a bounded face reached the edge of the board") in the middle of
a match.
"""

from __future__ import annotations

from engine import Game, Player, Rules

MOVES = [(7, 7), (6, 9), (7, 6), (9, 9), (8, 5), (6, 4), (4, 4), (7, 11), (9, 4), (8, 11), (9, 6), (7, 9),
         (10, 5), (3, 5), (6, 12), (2, 6), (7, 12), (5, 9), (10, 8), (7, 3), (8, 8), (9, 7), (9, 8), (6, 2),
         (11, 6), (5, 3), (10, 7), (8, 2), (9, 10), (7, 1), (9, 3), (8, 9), (5, 13), (4, 5), (4, 3), (10, 10),
         (9, 11), (9, 12), (10, 11), (11, 10), (6, 5), (5, 5), (7, 4), (4, 2), (3, 3), (5, 1)]


def position(game: Game) -> tuple[object, ...]:
    """Everything the rules decide, through the public surface."""
    return (sorted(game.dots()), game.score(Player.BLUE), game.score(Player.RED), game.to_move,
            sorted(game.legal_moves()), [area.quarters for area in game.free_areas(Player.BLUE)],
            [area.quarters for area in game.free_areas(Player.RED)])


def test_undo_after_a_face_that_holds_enclosed_quarters_restores_the_free_areas() -> None:
    game = Game(15, 15, Rules.CLASSIC)
    for move in MOVES:
        game.play(move)
    before = position(game)
    game.play((3, 4))
    game.undo()
    assert position(game) == before
    # The same as a game rebuilt from its history, and it plays on like it.
    twin = Game.from_actions(15, 15, Rules.CLASSIC, actions=game.history)
    assert position(twin) == before
    for move in [(3, 4), (2, 0), (0, 0)]:
        game.play(move)
        twin.play(move)
        assert position(game) == position(twin)
