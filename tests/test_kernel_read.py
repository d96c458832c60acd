"""The master's reading of forcing lines at the root (``ai.kernel.read``, issue 31): it leaves out running a
ladder that works and keeps running one that fails, keeps a group's last link to the edge and cuts the other
side's, and each claim is proved here against every answer.

The positions are a small classic board with one ladder: Red's two dots lie in a corridor between Blue's walls,
threatened, and running turns the corridor up a column to the top edge. Where Blue holds the column's last
point, every run is taken a dot bigger; where Red holds the net point beside the turn, Red's chain joins it and
gets out. (With neither, a chase up the column alone would reach the edge, but a net at (3, 2) takes the run:
the reading saw it once it played net points, and the box below proves it.) The edge net is the one of the
game ``bench.positions`` comes from (moves 128 and 129). The proofs are a plain alpha-beta (both sides, every
move of a few points and one far away, as deep as the ladder or the net is long) on the kernel's exact rules,
a second or two each.
"""

from __future__ import annotations

import numpy as np
import pytest

from ai import kernel
from engine import Game, Player, Rules

pytestmark = pytest.mark.skipif(kernel.switched_off(), reason=f"{kernel.SWITCH_ENV} keeps the kernel off")

W = 8
RUN = (4, 3)
"""Red's run into the corridor's turn."""

FAR = (0, 7)
"""A move far from the ladder: giving the two dots up."""

BOX = [(x, y) for x in (2, 3, 4) for y in range(4)] + [FAR]
"""Every point the ladder and its nets can be played on (the corridor's column and the two beside it), and the
far one. (Columns 0 to 4, the whole open side, give the same values, in minutes rather than seconds.)"""


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert kernel.wait(900), kernel.status()


def _ladder(works: bool) -> Game:
    """Red (5, 3) and (6, 3) between Blue's row 2 and row 4, Blue's (7, 3) behind them, Red to move. Blue's
    column 5 walls the corridor's way up column 4 on the right; with ``works`` Blue's (4, 0) ends it, without
    it Red's (3, 2) breaks it."""
    blue = [(7, 3), (5, 2), (6, 2), (5, 1), (5, 0)] + [(x, 4) for x in range(2, 8)] + ([(4, 0)] if works else [])
    red = [(5, 3), (6, 3)] + ([] if works else [(3, 2)])
    game = Game(W, 8, Rules.CLASSIC, setup=[(Player.BLUE, p) for p in blue] + [(Player.RED, p) for p in red],
                zone=False)
    game.pass_to(Player.RED)
    return game


def _node(point: tuple[int, int]) -> int:
    return point[1] * W + point[0]


def _value(s: np.ndarray, g: np.ndarray, plies: int, alpha: int, beta: int, box: list[int] | None = None) -> int:
    """The side to move's margin (units) after ``plies`` more moves of ``box`` (nodes, -1 a move elsewhere that
    only hands the turn over; default :data:`BOX`) by both, each at its best (``bench.masks``' alpha-beta)."""
    from bench import masks

    return masks.value(s, g, plies, alpha, beta, box if box is not None else [_node(point) for point in BOX])


def _after(game: Game, point: tuple[int, int], plies: int) -> int:
    """Red's margin after Red plays ``point`` and both sides then play the box's best for ``plies`` moves."""
    from ai.kernel import rules

    s, g = rules.from_game(game)
    rules.play(s, g, _node(point), int(Player.RED))
    return -_value(s, g, plies, -(1 << 20), 1 << 20)


def _left_out(game: Game) -> set[tuple[int, int]]:
    from ai.kernel import master, rules

    s, g = rules.from_game(game)
    left_out, plays = master._read_root(s, g, 100_000)
    assert plays > 0
    return {(v % game.width, v // game.width) for v in left_out}


def test_a_ladder_that_works_is_not_run() -> None:
    game = _ladder(works=True)
    # Proved: running on loses the run too (Blue's last threat on (3, 1) takes five), giving up loses two.
    assert _after(game, RUN, 6) <= _after(game, FAR, 6) - 1
    assert _left_out(game) == {RUN}


def test_a_ladder_that_fails_is_run() -> None:
    game = _ladder(works=False)
    # Proved: the run joins Red's (3, 2), which no net reaches, and saves both dots.
    assert _after(game, RUN, 7) >= _after(game, FAR, 7) + 2
    assert RUN not in _left_out(game)


def _searched(game: Game, reading: bool) -> list[tuple[int, int]]:
    from ai.kernel import master

    master.READING = reading
    try:
        # Bounded by iterations, not by the clock: the same moves on a busy machine.
        return [master.search(game, 3600, seed=seed, iterations=3000).move for seed in (1, 2)]
    finally:
        master.READING = True


def test_the_search_runs_a_ladder_only_where_it_fails() -> None:
    works, fails = _ladder(works=True), _ladder(works=False)
    assert RUN not in _searched(works, reading=True)
    assert _searched(fails, reading=True) == [RUN, RUN]
    # What the reading is for: the master before it ran both.
    assert _searched(works, reading=False) == [RUN, RUN]


NET = [(x, y) for y in (12, 13, 14) for x in (9, 10, 11)]
"""The points round Red's last link to the bottom edge, (9, 13), in the lost game's edge net."""


def _net_values(move: int, plies: int) -> dict[tuple[int, int] | None, int]:
    """Before the lost game's ``move``: the side to move's margin after each move of :data:`NET` (None: a move
    elsewhere) and ``plies`` - 1 more of both sides there."""
    from ai.kernel import rules
    from bench import positions

    game = positions.before(move)
    s, g = rules.from_game(game)
    box = [_node15(point) for point in NET] + [-1]
    p = int(s[rules.S_TO_MOVE])
    values: dict[tuple[int, int] | None, int] = {}
    for point in [*NET, None]:
        after = s.copy()
        if point is None:
            after[rules.S_TO_MOVE] = 3 - p
        elif rules.is_legal(s, g, _node15(point), p):
            rules.play(after, g, _node15(point), p)
        else:
            continue
        values[point] = -_value(after, g, plies - 1, -(1 << 20), 1 << 20, box)
    return values


def _node15(point: tuple[int, int]) -> int:
    return point[1] * 15 + point[0]


def test_a_groups_last_link_to_the_edge_is_kept() -> None:
    from bench import positions

    values = _net_values(128, 8)
    best = max(values.values())
    keeping = {point for point, v in values.items() if v == best}
    # Proved: every free point round the link keeps the 20 dots; a move elsewhere loses them.
    assert keeping == positions.POSITIONS[1].play
    assert values[None] <= best - 19
    game = positions.before(128)
    assert _root_moves(game) - _left_out(game) == keeping


def test_the_other_sides_last_link_to_the_edge_is_cut() -> None:
    from bench import positions

    values = _net_values(129, 7)
    best = max(values.values())
    # Proved: only the cut beside the link takes the 20 dots, whatever Red answers round it.
    assert [point for point, v in values.items() if v == best] == [(10, 13)]
    assert best >= max(v for point, v in values.items() if point != (10, 13)) + 20
    game = positions.before(129)
    assert _root_moves(game) - _left_out(game) == {(10, 13)}


def test_a_net_with_more_at_stake_outweighs_the_lines() -> None:
    """Before move 102 of the lost game (Red to move; the ladder run along row 12 began at move 103) the lines
    alone keep only (8, 10), one dot better than the rest as they read it, and the net round (5, 11) keeps its
    three free points, three dots better than a move elsewhere. The two leave nothing together, and the net,
    with more at stake, is right: proved on both places at once, each of its points keeps three dots that
    (8, 10), its neighbours or a move elsewhere lose."""
    from ai.kernel import read, rules, uct
    from bench import masks, positions

    game = positions.before(102)
    s, g = rules.from_game(game)
    out = np.empty(game.width * game.height, dtype=np.int32)
    moves = out[:int(uct.candidates(s, g, out))].copy()

    def points(keep: np.ndarray | None) -> set[tuple[int, int]]:
        assert keep is not None
        return {(int(v) % game.width, int(v) // game.width) for v, kept in zip(moves, keep, strict=True) if kept}

    net = {(4, 11), (5, 11), (4, 12)}
    reader = read._Reader(s, g, 100_000, read.DEPTH)
    lines, lines_stake = read._line_keep(reader, s, g, moves, read.DEPTH)
    kept, net_stake = read._net_keep(reader, s, moves, _node15((5, 11)))
    assert (points(lines), lines_stake) == ({(8, 10)}, 1)
    assert (points(kept), net_stake) == (net, 3)
    assert points(read.bounds(s, g, moves, 100_000)[0]) == net
    assert _root_moves(game) - _left_out(game) == net

    # Proved on both places (the 3 x 3 round the net's centre and round (8, 10), and a move elsewhere), 8 plies.
    found = masks.Disagreement(102, (5, 11), net_stake, lines_stake, tuple(net), ((8, 10),), (9, 1))
    assert masks.judge(game, found, 8) == (-3, -6, -6)


def test_the_lines_stake_is_what_the_best_move_left_out_loses() -> None:
    """The lines' mask comes with its stake: the best move's value less the best of the moves it leaves out (a
    move not read is worth what the other side's line takes after a move elsewhere)."""
    from ai.kernel import read, rules

    s = np.zeros(rules.S_NODES + 1, dtype=np.int32)
    s[rules.S_CLASSIC] = 1
    moves = np.array([10, 11, 12], dtype=np.int32)
    keep, stake = read._kept(s, moves, {10: 5, 11: 2}, {11}, -1, 3, True)
    assert keep is not None and keep.tolist() == [True, False, False] and stake == 3
    keep, stake = read._kept(s, moves, {10: 5, 11: -4}, {11}, -1, 1, True)
    assert keep is not None and keep.tolist() == [True, False, False] and stake == 6
    # Keeping every move leaves nothing to weigh.
    assert read._kept(s, moves, {10: 5, 11: 5}, set(), -1, -5, False) == (None, 0)


def _root_moves(game: Game) -> set[tuple[int, int]]:
    """The root's children the search would have (moves near the dots)."""
    from ai.kernel import rules, uct

    s, g = rules.from_game(game)
    out = np.empty(game.width * game.height, dtype=np.int32)
    k = int(uct.candidates(s, g, out))
    return {(int(v) % game.width, int(v) // game.width) for v in out[:k]}


def test_countries_is_searched_as_before() -> None:
    """Countries is not read (``master.READS``): its search is the master's before the reading, move for move."""
    from ai.kernel import master

    game = Game(9, 9, Rules.COUNTRIES)
    for point in ((4, 4), (4, 5), (3, 4), (5, 5), (5, 4), (3, 5), (4, 3)):
        game.play(point)
    reading = master.search(game, 3600, seed=4, iterations=600)
    master.READING = False
    try:
        plain = master.search(game, 3600, seed=4, iterations=600)
    finally:
        master.READING = True
    assert (reading.move, reading.positions) == (plain.move, plain.positions)


@pytest.mark.parametrize("side", [0, 1])
def test_a_match_can_play_either_side_s_master_without_its_reading(side: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``bench.match --a-unread``/``--b-unread``: that side's master searches with the reading off, the other
    with it on, and the switch is back on after each move."""
    from ai.kernel import master
    from bench import match

    seen: list[bool] = []

    def spy(game: Game, level: str, **kw: object) -> object:
        seen.append(master.READING)
        return real(game, "beginner", seed=1)

    real = match.think
    monkeypatch.setattr(match, "think", spy)
    job = match.Job(1, "master", "master", 7, 7, Rules.CLASSIC, seed=1, seconds=0.1, max_moves=4,
                    a_unread=side == 0, b_unread=side == 1)
    game = Game(7, 7, Rules.CLASSIC, zone=False)
    for turn in (0, 1, 0, 1):
        match._think(job, turn, game, "master", 0.1, 1, None)
    assert seen == [turn != side for turn in (0, 1, 0, 1)]
    assert master.READING
