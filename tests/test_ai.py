"""The computer opponent's contract: legal moves, the game left untouched, seeds, cancel, errors.

Positions come from seeded play on small boards, so that every level is asked
about a real middle game of both rule sets. Budgets are small: these tests
check behaviour, not strength (``python -m bench.match`` measures that).
"""

from __future__ import annotations

import random
import threading

import pytest
from driving import step_until

from ai import LEVELS, budget, choose_move, stop_phase_done, think
from ai.board import Board
from bench.levels import mid_game
from engine import Game, Player, Rules

RULES = pytest.mark.parametrize("rules", list(Rules), ids=[r.value for r in Rules])
LEVEL = pytest.mark.parametrize("level", LEVELS)


def snapshot(game: Game) -> tuple:
    """Everything a caller can observe about a game."""
    return (game.width, game.height, game.rules, game.to_move, game.version, game.history, game.setup,
            sorted(game.dots()), game.score(Player.BLUE), game.score(Player.RED),
            [(layer.owner, layer.quarters, layer.fade, layer.move) for layer in game.layers],
            sorted(game.legal_moves()), game.stopped_by, game.finished, game.is_over,
            game.first_move_zone, [a.quarters for a in game.free_areas(Player.BLUE)],
            [a.quarters for a in game.free_areas(Player.RED)])


@pytest.fixture(scope="module")
def positions() -> dict[Rules, Game]:
    return {rules: mid_game(11, 11, rules, seed=3) for rules in Rules}


@pytest.fixture(scope="module")
def big() -> dict[Rules, Game]:
    return {rules: mid_game(20, 20, rules, seed=5) for rules in Rules}


@RULES
@LEVEL
def test_legal_move_and_game_untouched(positions: dict[Rules, Game], rules: Rules, level: str) -> None:
    game = positions[rules]
    before = snapshot(game)
    move = choose_move(game, level, seconds=0.15, seed=7)
    assert snapshot(game) == before
    assert game.is_legal(move)
    assert isinstance(move[0], int) and isinstance(move[1], int)


@RULES
@LEVEL
def test_first_move_on_empty_board(rules: Rules, level: str) -> None:
    game = Game(20, 20, rules)
    move = choose_move(game, level, seconds=0.1, seed=1)
    assert game.is_legal(move)
    game.play(move)
    reply = choose_move(game, level, seconds=0.1, seed=2)
    assert game.is_legal(reply)  # classic: inside the central zone as well


@RULES
@pytest.mark.parametrize("level", ["random", "beginner", "amateur", "master"])
@pytest.mark.usefixtures("ai_counts_work")  # the work count stops it, however busy the machine
def test_same_seed_same_move(positions: dict[Rules, Game], rules: Rules, level: str) -> None:
    # The master stops on a count of engine moves, not on the clock, so a seed
    # repeats its choice as long as the clock is not what stops it (ai_counts_work sees to that).
    game = positions[rules]
    seconds = 0.5
    first = choose_move(game, level, seconds=seconds, seed=11)
    assert choose_move(game, level, seconds=seconds, seed=11) == first


def test_seeds_vary_the_beginner() -> None:
    # A quiet position (nothing to take, nothing to block): the beginner's choice
    # there is a child's, and differs from seed to seed.
    game = Game(11, 11)
    for move in [(5, 5), (2, 8), (6, 5), (8, 2)]:
        game.play(move)
    assert len({choose_move(game, "beginner", seed=s) for s in range(12)}) > 1


class CancelAfter:
    """A cancel flag (``threading.Event``'s ``is_set``) that turns true at its ``checks``-th look, or when
    :meth:`set`; it counts the looks after that: a search that honours it at once looks once or twice."""

    def __init__(self, checks: int) -> None:
        self.checks = checks
        self.looks = 0
        self.looks_after = 0

    def set(self) -> None:
        self.checks = min(self.checks, self.looks)

    def is_set(self) -> bool:
        self.looks += 1
        if self.looks > self.checks:
            self.looks_after += 1
            return True
        return False


def think_aside(game: Game, level: str, cancel: CancelAfter, **options: object) -> tuple[int, int]:
    """``choose_move`` with an hour's budget in a thread: only ``cancel`` can end it before
    ``step_until``'s safety net fails the test."""
    result: list[tuple[int, int]] = []
    worker = threading.Thread(target=lambda: result.append(
        choose_move(game, level, seconds=3600, cancel=cancel, **options)), daemon=True)  # type: ignore[arg-type]
    worker.start()
    step_until(None, lambda: result or not worker.is_alive())
    assert result, "the search failed"
    return result[0]


# The master looks at the flag between chunks of iterations (a few milliseconds each).
@pytest.mark.parametrize("level, checks", [("master", 20)])
def test_cancel_returns_quickly(big: dict[Rules, Game], level: str, checks: int) -> None:
    game = big[Rules.COUNTRIES]
    before = snapshot(game)
    cancel = CancelAfter(checks=checks)  # well into the search
    move = think_aside(game, level, cancel, cores=1)
    assert cancel.looks > cancel.checks >= checks  # it searched, then was cancelled
    assert cancel.looks_after <= 2, "the search went on after it saw the cancel"
    assert game.is_legal(move)
    assert snapshot(game) == before


@pytest.mark.parametrize("level", LEVELS)
def test_cancel_already_set(big: dict[Rules, Game], level: str) -> None:
    game = big[Rules.CLASSIC]
    cancel = threading.Event()
    cancel.set()
    thought = think(game, level, seconds=3600, cancel=cancel)
    assert thought.positions == 0  # not one position looked at
    assert game.is_legal(thought.move)


def test_unknown_level() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        choose_move(Game(9, 9), "grandmaster")


def test_novice_is_the_beginner(positions: dict[Rules, Game]) -> None:
    game = positions[Rules.COUNTRIES]
    assert choose_move(game, "novice", seed=4) == choose_move(game, "beginner", seed=4)


@pytest.mark.parametrize("level", LEVELS)
def test_no_move_when_the_game_is_over(level: str) -> None:
    finished = Game(9, 9)
    finished.play((4, 4))
    finished.finish()
    with pytest.raises(ValueError):
        choose_move(finished, level)
    full = Game(1, 3)  # three nodes and no cells: it fills up
    for point in [(0, 0), (0, 1), (0, 2)]:
        full.play(point)
    assert full.is_over
    with pytest.raises(ValueError):
        choose_move(full, level)


def test_budgets_scale_with_the_board() -> None:
    assert budget("master", 20, 20) <= 2.0
    assert budget("master", 38, 31) <= 3.0
    assert budget("master", 15, 15) < budget("master", 20, 20) < budget("master", 38, 31)
    assert budget("amateur", 20, 20) <= 0.3 and budget("beginner", 20, 20) <= 0.3


def test_whole_game_every_move_legal() -> None:
    # A short game of each level against the next, both rule sets, to the end.
    for rules in Rules:
        game = Game(7, 7, rules)
        levels = ("beginner", "amateur", "master", "random")
        while not game.is_over:
            move = choose_move(game, levels[game.move_count % 4], seconds=0.05, seed=game.move_count)
            game.play(move)
        assert game.legal_count == 0


# ----- classic «Стоп» -----------------------------------------------------------------------


def stopped_game(red_dots: list[tuple[int, int]]) -> Game:
    """Classic 12×12: Blue and Red play, then Red presses Stop and Blue moves alone."""
    game = Game(12, 12, Rules.CLASSIC)
    blue_dots = [(9, 11), (11, 9), (11, 7), (11, 5)]  # far away, on the edge
    red_dots = [(5, 11)] + red_dots  # the first move must be in the central zone: on the edge here
    for blue, red in zip(blue_dots, red_dots, strict=False):  # Blue has a dot to spare
        game.play(blue)
        game.play(red)
    game.play(blue_dots[len(red_dots)])
    game.stop()
    assert game.stopped_by is Player.RED and game.to_move is Player.BLUE
    return game


@pytest.mark.usefixtures("ai_counts_work")  # seeded: the work count decides each move, not the clock
@pytest.mark.parametrize("level", ["beginner", "amateur", "master"])
def test_stop_phase_surrounds_what_it_can(level: str) -> None:
    game = stopped_game([(5, 5), (6, 6)])
    assert not stop_phase_done(game)
    moves = 0
    while not stop_phase_done(game):
        before = snapshot(game)
        move = choose_move(game, level, seconds=0.2, seed=moves)
        assert snapshot(game) == before
        game.play(move)
        moves += 1
        assert moves < 30, "the side moving alone should close in on its targets"
    assert game.score(Player.BLUE) == 2
    assert game.is_dead((5, 5)) and game.is_dead((6, 6))


def test_stop_phase_done_when_only_edge_dots_are_left() -> None:
    game = stopped_game([(5, 0), (0, 6)])
    assert stop_phase_done(game)


def test_stop_phase_done_knows_grounded_dots() -> None:
    # (1,5) is joined by a side to (0,5) on the edge: no blue loop can pass between them.
    game = stopped_game([(1, 5), (0, 5)])
    assert stop_phase_done(game)
    # (1,5) joined to (0,6) only by a diagonal can be cut off and taken.
    game = stopped_game([(1, 5), (0, 6)])
    assert not stop_phase_done(game)


def test_classic_gains_skip_only_nodes_that_cannot_close() -> None:
    # Board.gains plays out only nodes where can_close holds; playing out every
    # legal node through the engine must find no gain it skipped, in dense
    # random classic positions (many loops, captures and dead walls).
    rng = random.Random(11)
    checked = gained = 0
    for _ in range(12):
        game = Game(9, 9, Rules.CLASSIC)
        while not game.is_over and game.move_count < 70:
            game.play(game.random_move(rng))
            if game.move_count % 5:
                continue
            board = Board(game)
            nodes = board.legal()
            for p in (1, 2):
                filtered, base = board.gains(p, nodes)
                player = Player(p)
                probe = game.copy()
                before = probe.score(player) - probe.score(player.other)
                for v in nodes:
                    probe.play(board.points[v], player=player)
                    gain = float(probe.score(player) - probe.score(player.other) - before)
                    probe.undo()
                    checked += 1
                    assert filtered.get(v, base) == max(gain, base) or gain <= base, (game.history, p, v)
                    gained += gain > base
    assert gained > 30 and checked > 1000


