"""The computer's promise to the game: a legal move or ValueError, at every level, in any state, and
cancel honoured at once.

States come from seeded play of both rule sets with classic Stop pressed at
random moments, the first-move zone, boards nearly full, and two moves of one
side in a row (as a record may hold).
"""

from __future__ import annotations

import math
import random

import pytest
from test_ai import CancelAfter, think_aside

from ai import LEVELS, choose_move
from engine import Game, Player, Rules

SECONDS = 0.05


def states(seed: int) -> list[Game]:
    rng = random.Random(seed)
    found: list[Game] = []
    for rules in Rules:
        for size in ((5, 5), (9, 7), (12, 12)):
            game = Game(*size, rules, zone=rng.random() < 0.5)
            found.append(game.copy())  # the empty board (classic: the first-move zone)
            stop_at = rng.randrange(1, size[0] * size[1])
            while not game.is_over:
                if rules is Rules.CLASSIC and game.move_count == stop_at and game.stopped_by is None:
                    game.stop()
                    found.append(game.copy())
                    continue
                point = game.random_move(rng)
                assert point is not None
                twice = game.stopped_by is None and rng.random() < 0.05
                game.play(point, player=game.to_move.other if twice else None)
                if rng.random() < 0.08:
                    found.append(game.copy())
            found.append(game.copy())  # over: no move to choose
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_a_legal_move_or_value_error(level: str) -> None:
    for game in states(7):
        before = (game.history, game.to_move, game.version)
        if game.is_over:
            with pytest.raises(ValueError):
                choose_move(game, level, seconds=SECONDS, seed=1)
            continue
        move = choose_move(game, level, seconds=SECONDS, seed=1)
        assert game.is_legal(move), (level, game.rules, game.stopped_by, move)
        assert (game.history, game.to_move, game.version) == before  # the game itself is untouched


@pytest.mark.parametrize("seconds", [math.inf, -math.inf, math.nan, -1.0, "2", True])
def test_a_budget_must_be_a_finite_number_of_seconds(seconds: object) -> None:
    game = Game(9, 9)
    with pytest.raises(ValueError):
        choose_move(game, "master", seconds=seconds)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", list(Rules))
@pytest.mark.parametrize("level, checks", [("master", 20)])  # looks, one per chunk of iterations
def test_cancel_is_honoured_at_once_with_a_legal_move(rules: Rules, level: str, checks: int) -> None:
    rng = random.Random(3)
    game = Game(20, 20, rules)
    for _ in range(120):
        game.play(game.random_move(rng))  # type: ignore[arg-type]
    cancel = CancelAfter(checks=checks)  # an hour asked for; cancelled well into the search
    move = think_aside(game, level, cancel, seed=1)
    assert game.is_legal(move)
    assert cancel.looks > cancel.checks and cancel.looks_after <= 2, "the search went on after the cancel"


def test_the_stop_phase_ends_and_every_level_moves_for_the_player_still_moving() -> None:
    game = Game(9, 9, Rules.CLASSIC)
    for point in [(4, 4), (5, 4), (4, 5)]:
        game.play(point)
    game.stop()  # Red stops: Blue moves alone
    assert game.stopped_by is Player.RED and game.to_move is Player.BLUE
    for level in LEVELS:
        move = choose_move(game, level, seconds=SECONDS, seed=2)
        assert game.is_legal(move)
