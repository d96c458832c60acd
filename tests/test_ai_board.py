"""The AI's incremental Board against a Board built afresh, and its capture filter against the engine.

``ai.board.Board`` keeps its arrays in step with play/undo from the engine's
move reports; the search trusts them blindly, so after any sequence of moves
and take-backs they must equal what a fresh Board reads off the game.
``Board.cut_off`` lets classic play out only the nodes where a capture is
possible: every capture the engine makes must happen at such a node.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.board import Board
from bench.levels import mid_game
from engine import Game, Player, Rules

RULES = pytest.mark.parametrize("rules", list(Rules), ids=[r.value for r in Rules])


def state(board: Board) -> dict[str, object]:
    """Everything a Board keeps about the position (the trail and budgets aside)."""
    return {
        "dot": board.dot, "live": board.live, "live_of": board.live_of, "adj": board.adj,
        "near": board.near, "dots_of": board.dots_of, "corners": board.corners,
        "units": board.units, "to_move": board.to_move, "live_hash": board.live_hash,
        "potential": pytest.approx(board.potential, abs=1e-9),
    }


def assert_fresh(board: Board) -> None:
    fresh = Board(board.game)
    assert state(board) == state(fresh)
    assert fresh.potential == pytest.approx(board.potential, abs=1e-9)
    for p in (1, 2):
        assert board.units[p] == board.game.score_units(Player(p))
        assert board.live_of[p] == sum(1 for owner in board.live if owner == p)
        # The fresh Board reads deaths off the engine itself, not through play's report.
        assert [v for v in range(board.size) if board.dot[v] == p and not board.live[v]] == \
            [v for v in range(board.size) if board.game.is_dead(board.points[v]) and board.dot[v] == p]


def walk(board: Board, rng: random.Random, steps: int, undo_share: float, greed: float = 0.0) -> dict[str, int]:
    """Random plays (the biggest gain with probability ``greed``) with random take-backs.

    The Board is checked after each step; returns how many moves laid a layer,
    crossed dots out, revived dots or covered a layer.
    """
    seen = {"laid": 0, "crossed_out": 0, "revived": 0, "covered": 0}
    for _ in range(steps):
        if board.trail and rng.random() < undo_share:
            board.undo()
        else:
            moves = board.legal()
            if not moves:
                break
            gains = board.gains(board.to_move, moves)[0] if rng.random() < greed else {}
            board.play(max(gains, key=lambda v: gains[v]) if gains else rng.choice(moves))
            report = board.game.undo()  # read the report of that move, then make it again
            board.game.play(report.action.point)
            for field in seen:
                seen[field] += bool(getattr(report, field))
        assert_fresh(board)
    return seen


@settings(max_examples=40, deadline=None)
@given(rules=st.sampled_from(list(Rules)), seed=st.integers(0, 1 << 30), size=st.integers(4, 8),
       undo_share=st.floats(0.0, 0.5), greed=st.floats(0.0, 1.0))
def test_board_equals_fresh_board_after_random_play_and_undo(rules: Rules, seed: int, size: int,
                                                             undo_share: float, greed: float) -> None:
    board = Board(Game(size, size, rules, zone=False))
    walk(board, random.Random(seed), size * size + 10, undo_share, greed)
    while board.trail:
        board.undo()
        assert_fresh(board)
    assert board.dots_of == [0, 0, 0] and board.live_hash == [0, 0, 0]


@RULES
def test_board_follows_captures_in_seeded_games(rules: Rules) -> None:
    # The walk must meet moves that lay layers and cross dots out, or it proves little.
    totals = {"laid": 0, "crossed_out": 0, "revived": 0, "covered": 0}
    rng = random.Random(4)
    for _ in range(12):
        board = Board(Game(7, 7, rules, zone=False))
        for field, count in walk(board, rng, 70, 0.2, greed=0.5).items():
            totals[field] += count
    assert totals["laid"] > 20 and totals["crossed_out"] > 5


# Red's diamond crosses out the blue dot (5, 5); Blue's ring around the diamond
# then takes it over (countries) or captures it (classic), and (5, 5) lives again.
DIAMOND = [(5, 5), (5, 4), (0, 11), (6, 5), (2, 11), (5, 6), (4, 11), (4, 5)]
RING = [(x, 3) for x in range(3, 8)] + [(7, y) for y in range(4, 8)] + [(x, 7) for x in range(6, 2, -1)] \
    + [(3, y) for y in range(6, 3, -1)]
FAR = [(11, y) for y in range(12)] + [(9, y) for y in range(0, 12, 2)]


@RULES
def test_board_follows_a_takeover_that_revives_a_dot(rules: Rules) -> None:
    board = Board(Game(12, 12, rules, zone=False))
    moves = DIAMOND + [m for pair in zip(RING, FAR[:len(RING)], strict=True) for m in pair][:-1]
    reports = []
    for x, y in moves:
        board.play(y * 12 + x)
        reports.append(board.game.undo())  # the report of that move, then the move again
        board.game.play((x, y))
        assert_fresh(board)
    assert board.dot[5 * 12 + 5] == 1 and board.live[5 * 12 + 5] == 1
    assert any(r.covered and r.revived for r in reports) and any(r.crossed_out for r in reports)
    while board.trail:
        board.undo()
        assert_fresh(board)


def test_classic_captures_happen_only_at_cut_off_nodes() -> None:
    # Every legal node played out through the engine: a move that captures more
    # than the least any move captures (captures due anyway, see Board.gains) is a cut node.
    rng = random.Random(5)
    captures = skipped = 0
    for _ in range(15):
        game = Game(9, 9, Rules.CLASSIC, zone=False)
        while not game.is_over and game.move_count < 70:
            game.play(game.random_move(rng))
            if game.move_count % 3:
                continue
            board = Board(game)
            for p in (1, 2):
                cut = board.cut_off(p)
                if cut is None:
                    continue
                player = Player(p)
                gain: dict[int, int] = {}
                for v in board.legal():
                    report = game.play(board.points[v], player=player)
                    game.undo()
                    gain[v] = report.units(player) - report.units(player.other)
                least = min(gain.values(), default=0)
                for v, g in gain.items():
                    if g > least:
                        captures += 1
                        assert cut[v], (game.history, p, v)
                skipped += sum(not cut[v] for v in gain)
    assert captures > 200 and skipped > 10 * captures


def test_classic_kept_trees_give_the_cut_nodes_of_a_fresh_walk() -> None:
    # Board._tree is kept by the hash of one side's live dots across the other
    # side's moves, captures and take-backs; the cut nodes read off a kept tree
    # must be those of a tree walked afresh.
    rng = random.Random(8)
    kept = 0
    for _ in range(6):
        board = Board(Game(9, 9, Rules.CLASSIC, zone=False))
        for _ in range(80):
            if board.trail and rng.random() < 0.25:
                board.undo()
            else:
                moves = board.legal()
                if not moves:
                    break
                gains = board.gains(board.to_move, moves)[0] if rng.random() < 0.5 else {}
                board.play(max(gains, key=lambda v: gains[v]) if gains else rng.choice(moves))
            for p in (1, 2):
                kept += board.live_hash[p] * 2 + p in board._trees
                assert board.cut_off(p) == Board(board.game).cut_off(p)
    assert kept > 100


@pytest.mark.parametrize("seed", range(3))
def test_classic_work_clock_counts_every_node_that_can_close(seed: int) -> None:
    # The budget's work clock counts what the search looked at before cut_off
    # spared most play-outs, so a budget still buys the same classic search.
    board = Board(mid_game(15, 15, Rules.CLASSIC, seed))
    cands = board.candidates()
    for p in (1, 2):
        closing = [v for v in cands if board.adj[p][v] >= 2 and board.can_close(p, v)]
        work, positions = board.work, board.positions
        board.gains(p, cands)
        assert board.work - work == len(closing) + 1  # and one quiet move for the captures due anyway
        assert board.positions - positions < board.work - work
