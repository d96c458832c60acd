"""A group's ways out to the edge and the ladders that shut them (``ai.kernel.lifeline``, issue 31).

The small boards check the cut itself: a group on the edge is never shut in, an open one has its four sides,
a corridor its two ends. The lost game ``bench/data/master-vs-oppai-2s-clock-loss-4-14.sgf`` (the master Red)
checks the ladder: Red's five dots on row 13 had three ways out at move 156, Red played far away, and from
Blue's (9, 14) on every run along the edge was answered beside it until all of them were taken (move 169).
The 0 : 33 game (``…-loss-0-33.sgf``, the master Red, played with this read's first version) checks the cut
nearest the edge: a way out that ran over Red's own dots was shut at its edge end. The 0 : 42 game
(``…-loss-0-42.sgf``, the master Blue) checks a net point: Red's (13, 13), beside both of the group's ways out,
took 17 dots after the master's move far away. The 2 : 33 game (``…-ladders-loss-2-33.sgf``, the master Blue,
the ladders read) checks a net point beside one end only, which decides whether a group is pressed at all; the
0 : 34 game (``master-vs-oppai-1s-clock-loss-0-34.sgf``, equal time, the master Blue) checks a move beside one
group's cut that keeps another group too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pytest

from ai import kernel
from engine import Game, Player, Rules, sgf
from tests.test_kernel_read import _left_out, _root_moves, _value

if TYPE_CHECKING:
    from ai.kernel.lifeline import Presses

pytestmark = pytest.mark.skipif(kernel.switched_off(), reason=f"{kernel.SWITCH_ENV} keeps the kernel off")

RECORD = Path(__file__).resolve().parent.parent / "bench" / "data" / "master-vs-oppai-2s-clock-loss-4-14.sgf"
GROUP = (6, 13)
"""A dot of Red's row-13 group in the lost game."""

SAVING = {(3, 12), (4, 12), (4, 13), (5, 12), (5, 13), (5, 14), (9, 14)}
"""The root moves the ladders' read keeps before move 156: on the group's ways out or beside either end of them."""


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert kernel.wait(900), kernel.status()


@pytest.fixture
def ladders(monkeypatch: pytest.MonkeyPatch) -> None:
    """The root reads the ladders (``read.LADDERS``, off in the game: the master did worse with them)."""
    from ai.kernel import read

    monkeypatch.setattr(read, "LADDERS", True)


def _ways(game: Game, point: tuple[int, int], *, far: bool = False) -> tuple[int, set[tuple[int, int]]]:
    """How many ways out the group at ``point`` has, and its cut nearest the group (``far``: the edge)."""
    from ai.kernel import lifeline, rules

    s, g = rules.from_game(game)
    cuts = np.zeros((2, game.width * game.height), dtype=np.int32)
    c = int(lifeline.escape(s, g, point[1] * game.width + point[0], lifeline.OUT, cuts[0], cuts[1]))
    nodes = cuts[1 if far else 0, :c if c < lifeline.OUT else 0]  # out of reach: no cut
    return c, {(int(v) % game.width, int(v) // game.width) for v in nodes}


def _board(blue: list[tuple[int, int]], red: list[tuple[int, int]]) -> Game:
    game = Game(9, 9, Rules.CLASSIC, setup=[(Player.BLUE, p) for p in blue] + [(Player.RED, p) for p in red],
                zone=False)
    game.pass_to(Player.RED)
    return game


def test_a_group_on_the_edge_is_never_shut_in() -> None:
    game = _board([(1, 0), (1, 1), (0, 2)], [(0, 0), (0, 1)])
    assert _ways(game, (0, 1))[0] == 4  # counted up to OUT


def test_an_open_dot_has_its_four_sides() -> None:
    assert _ways(_board([], [(4, 4)]), (4, 4))[0] == 4


def test_a_corridor_has_its_two_ends() -> None:
    # Red's (3, 4)-(5, 4) between Blue's rows 3 and 5: the ways out are the corridor's ends, (2, 4) and (6, 4).
    blue = [(x, 3) for x in range(2, 7)] + [(x, 5) for x in range(2, 7)]
    game = _board(blue, [(3, 4), (4, 4), (5, 4)])
    assert _ways(game, (4, 4)) == (2, {(2, 4), (6, 4)})
    game.play((6, 4), player=Player.BLUE)  # one end shut: one way out, and Blue's next move there takes three
    assert _ways(game, (4, 4)) == (1, {(2, 4)})


def test_a_way_out_through_the_groups_own_dot_is_shut_at_either_end() -> None:
    # Red's (2, 4)-(3, 4) in a corridor closed on the left; its way out runs over (4, 4), Red's (5, 4), (6, 4) and
    # (7, 4) to the edge at (8, 4): shut nearest the group at (4, 4), nearest the edge on (8, 4) itself.
    blue = [(x, 3) for x in range(1, 8)] + [(x, 5) for x in range(1, 8)] + [(1, 4)]
    game = _board(blue, [(2, 4), (3, 4), (5, 4)])
    assert _ways(game, (2, 4)) == (1, {(4, 4)})
    assert _ways(game, (2, 4), far=True) == (1, {(8, 4)})


def test_the_lost_groups_second_way_out_is_seen_at_the_edge() -> None:
    # The 0 : 33 game (master Red) before Blue's (12, 14): the 24-dot group's ways out were (12, 3) and (11, 12),
    # and the second ran over Red's dots to (12, 14) at the edge, where Blue shut it; then (12, 3) took 30.
    game = _record_before("master-vs-oppai-2s-clock-loss-0-33.sgf", 157)
    assert _ways(game, (10, 3)) == (2, {(12, 3), (11, 12)})
    assert _ways(game, (10, 3), far=True) == (2, {(13, 3), (12, 14)})
    game.play((12, 14), player=Player.BLUE)
    assert _ways(game, (10, 3)) == (1, {(12, 3)})


NET_BOX = [(x, y) for y in (12, 13, 14) for x in (12, 13, 14)]
"""The points round the 0 : 42 game's net point, (13, 13), beside the Blue group's ways out (13, 12) and (12, 13)."""

NET_SAVING = {(13, 12), (14, 12), (12, 13), (13, 13), (12, 14)}
"""Before the 0 : 42 game's move 105, Blue's moves that keep the group (proved in :data:`NET_BOX` below)."""


def _record_before(name: str, move: int) -> Game:
    record = sgf.loads((RECORD.parent / name).read_bytes())
    return Game.from_actions(record.width, record.height, record.rules, setup=record.setup, zone=record.zone_rule,
                             actions=record.history[:move - 1])


@pytest.mark.usefixtures("ladders")
def test_a_net_point_beside_both_ways_out_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from ai.kernel import lifeline, rules

    before = _record_before("master-vs-oppai-2s-clock-loss-0-42.sgf", 105)
    s, g = rules.from_game(before)
    node = {point: point[1] * before.width + point[0] for point in NET_BOX}
    kept = _root_moves(before) - _left_out(before)
    assert kept == NET_SAVING  # the game's (10, 0), far away, is left out
    # Proved (six plies of both sides in the box, or a move elsewhere): the five keep the group, any other
    # move loses its 17 dots to Red's net.
    values = {}
    for point in [*NET_BOX, None]:
        after = s.copy()
        if point is None:
            after[rules.S_TO_MOVE] = int(Player.RED)
        elif rules.is_legal(s, g, node[point], int(Player.BLUE)):
            rules.play(after, g, node[point], int(Player.BLUE))
        else:
            continue  # Blue's own (12, 12)
        values[point] = -_value(after, g, 5, -(1 << 20), 1 << 20, [*node.values(), -1])
    best = max(values.values())
    assert {point for point, v in values.items() if v == best} == NET_SAVING
    assert values[None] == best - 17

    def pressed(net_plies: int) -> int:
        monkeypatch.setattr(lifeline, "NET_POINT_PLIES", net_plies)
        null = s.copy()
        null[rules.S_TO_MOVE] = int(Player.RED)
        presses = lifeline.Presses(g, np.array([0, 10**7, 0], dtype=np.int64), before.width * before.height)
        return presses.ladder(null, 6 * before.width + 7)  # a dot of the group, (7, 6)

    plies = lifeline.NET_POINT_PLIES
    assert pressed(0) == 0  # the ladders alone: Red's moves on the two ways out are each answered
    assert pressed(plies) == 17  # the net point is read


RUN_BOX = [(x, y) for y in (2, 3, 4, 5) for x in (9, 10, 11)]
"""The points above the compiled-read series' game 8 group (Red's six dots on rows 6 and 7, x 8 to 11)."""


def test_a_save_the_press_claims_is_read_again_wide() -> None:
    """2 s game 8 of the compiled read (0 : 25), before move 54: the press said only (10, 5) keeps Red's group,
    and the master played it; Blue's (11, 4), beside one end of the ways out only, took the group at move 59."""
    from ai.kernel import lifeline, rules

    before = _record_before("master-vs-oppai-2s-clock-compiled-loss-0-25.sgf", 54)
    s, g = rules.from_game(before)
    after = s.copy()
    rules.play(after, g, 5 * before.width + 10, int(Player.RED))
    node = {point: point[1] * before.width + point[0] for point in RUN_BOX}
    # Proved (five plies of both sides above the group, or a move elsewhere): after (10, 5) Blue takes seven.
    margin = int(rules.units(after, 1) - rules.units(after, 2))
    assert _value(after, g, 5, -(1 << 20), 1 << 20, [*node.values(), -1]) - margin == 7
    presses = lifeline.Presses(g, np.array([0, 10**7, 0], dtype=np.int64), before.width * before.height)
    seed = 6 * before.width + 9
    assert presses.ladder(after, seed) == 0  # the press's net points, beside two ends, miss (11, 4)
    assert presses.ladder(after, seed, wide=True) == 7
    # At the root: (10, 5) is read again wide, and so is each save claimed after it; none holds, so nothing is
    # at stake between the best move and one elsewhere, and the ladders leave nothing out.
    kept, stake, root = _keep(before)
    assert kept is None and stake == 0
    assert not root.work[lifeline.W_CUT]


def _keep(game: Game, count: int = 10**7) -> tuple[set[tuple[int, int]] | None, int, Presses]:
    """The root moves the ladders keep in ``game`` (None: all), the stake, and the root's read."""
    from ai.kernel import lifeline, rules, uct

    s, g = rules.from_game(game)
    out = np.empty(game.width * game.height, dtype=np.int32)
    moves = out[:int(uct.candidates(s, g, out))].copy()
    sharp = [int(v) for v in out[:int(uct.sharp(s, g, out))]]
    root = lifeline.Presses(g, np.array([0, count, 0], dtype=np.int64), game.width * game.height)
    keep, stake, _covered = lifeline.lifeline_keep(root, s, moves, sharp)
    kept = None if keep is None else {(int(v) % game.width, int(v) // game.width)
                                      for v, k in zip(moves, keep, strict=True) if k}
    return kept, stake, root


NET_2_33 = "master-vs-oppai-2s-clock-ladders-loss-2-33.sgf"
"""The 2 s series' game 5 with the ladders read (the master Blue): its 27-dot group, (10, 2) among them, was taken
at move 174 through the bottom, where it reached the edge; at move 167 the master played (2, 2), far away."""


def test_a_net_point_beside_one_end_is_seen_before_the_group_is_pressed() -> None:
    from ai.kernel import lifeline, rules

    before = _record_before(NET_2_33, 167)
    s, g = rules.from_game(before)
    null = s.copy()
    null[rules.S_TO_MOVE] = int(Player.RED)
    seed = 2 * before.width + 10
    presses = lifeline.Presses(g, np.array([0, 10**7, 0], dtype=np.int64), before.width * before.height)
    assert presses.ladder(null, seed) == 0  # the narrow press: Red's net points beside two ends take nothing
    assert presses.ladder(null, seed, wide=True) == 27
    kept, stake, _root = _keep(before, _count(before))
    assert stake == 27
    assert kept == {(5, 12), (5, 13), (6, 13), (6, 14), (7, 12), (7, 14)}  # (2, 2) is left out
    # Two moves later the group is lost whatever Blue plays; the game's (7, 12) loses three dots more.
    later = _record_before(NET_2_33, 169)
    kept, stake, _root = _keep(later, _count(later))
    assert stake == 2 and kept is not None and (7, 12) not in kept


def _count(game: Game) -> int:
    """The ladders' count of moves at a 1 s move, as the master gives it (``read.PRESS_COUNT``)."""
    from ai.kernel import master, read, rules

    s, _g = rules.from_game(game)
    return int(read.PRESS_COUNT * master.read_count(s, 1.0))


PRESS_0_25 = "master-vs-oppai-2s-clock-ladders-loss-0-25.sgf"
"""The 2 s series' game 11 with the ladders read (the master Blue): before move 123 three groups, 19 dots with (4, 7),
(4, 9) and (9, 11), had the same two ways out, (3, 7) and (2, 8). The master played (2, 7), its read cut short, and
Red's (2, 8) and (3, 7) took them and a dot beside, 20 in all."""


@pytest.mark.usefixtures("ladders")
def test_groups_with_the_same_ways_out_are_pressed_once() -> None:
    from ai.kernel import lifeline, master, rules

    before = _record_before(PRESS_0_25, 123)
    assert _ways(before, (4, 7)) == _ways(before, (4, 9)) == _ways(before, (9, 11)) == (2, {(3, 7), (2, 8)})
    assert _ways(before, (4, 7), far=True) == _ways(before, (9, 11), far=True)
    # Read once, not once a group, the press fits the 1 s count, and (2, 8) is the one move that keeps them.
    kept, stake, root = _keep(before, _count(before))
    assert kept == {(2, 8)} and stake == 20
    assert not root.work[lifeline.W_CUT]
    s, g = rules.from_game(before)
    left_out, _plays = master._read_root(s, g, master.read_count(s, 1.0))
    assert _root_moves(before) - {(v % before.width, v // before.width) for v in left_out} == {(2, 8)}


EDGE_0_34 = "master-vs-oppai-1s-clock-loss-0-34.sgf"
"""The equal-time series' game 5 (the master Blue, no ladders read): at move 171 the master played (14, 4), and
Red's (9, 1) and (10, 2) took 27 dots on the top edge."""

EDGE_BOX = [(8, 0), (9, 0), (9, 1), (10, 2), (11, 0), (12, 0), (12, 1), (12, 2)]
"""The free points round the top-edge group's two ways out before move 171."""


def test_a_move_beside_one_group_that_saves_another_is_kept() -> None:
    from ai.kernel import rules

    before = _record_before(EDGE_0_34, 171)
    s, g = rules.from_game(before)
    node = {point: point[1] * before.width + point[0] for point in EDGE_BOX}
    # Proved (seven plies of both sides in the box, or a move elsewhere): a move elsewhere loses the 27 dots.
    values = {}
    for point in [*EDGE_BOX, None]:
        after = s.copy()
        if point is None:
            after[rules.S_TO_MOVE] = int(Player.RED)
        else:
            rules.play(after, g, node[point], int(Player.BLUE))
        values[point] = -_value(after, g, 6, -(1 << 20), 1 << 20, [*node.values(), -1])
    saving = {point for point, v in values.items() if v >= values[None] + 27}
    assert saving == {(8, 0), (9, 0), (9, 1), (10, 2), (11, 0), (12, 0), (12, 1)}
    kept, stake, _root = _keep(before, _count(before))
    assert stake == 29
    # (8, 0) is beside the big group's cut only, and keeps the small one, beside the other cut, too. (10, 2) is
    # a save the press misses: after Red's (11, 0) its defender does not try (8, 0), which threatens (8, 1).
    assert kept == saving - {(10, 2)}


def test_a_taken_dot_has_no_way_out() -> None:
    blue = [(4, 3), (3, 4), (5, 4)]
    game = _board(blue, [(4, 4)])
    game.play((4, 5), player=Player.BLUE)
    assert game.is_dead((4, 4))
    assert _ways(game, (4, 4))[0] == 0


def _before(move: int) -> Game:
    return _record_before(RECORD.name, move)


def _ladder(game: Game, to_move: Player, point: tuple[int, int] | None = None, *, exact: bool = True) -> int:
    """What Blue's ladder takes from Red's row-13 group with ``to_move`` first, after Red's ``point``."""
    from ai.kernel import lifeline, rules

    s, g = rules.from_game(game)
    if point is not None:
        rules.play(s, g, point[1] * game.width + point[0], int(Player.RED))
    s[rules.S_TO_MOVE] = int(to_move)
    presses = lifeline.Presses(g, np.array([0, 10**7, 0], dtype=np.int64), game.width * game.height)
    taken = presses.ladder(s, GROUP[1] * game.width + GROUP[0])
    assert not presses.work[lifeline.W_CUT]
    assert presses.short is not exact
    return taken


def test_the_lost_corridor_is_read_to_its_end() -> None:
    before = _before(156)
    assert _ways(before, GROUP) == (3, {(6, 12), (5, 13), (9, 14)})
    assert _ladder(before, Player.RED) == 0  # Red to move saves it
    assert _ladder(before, Player.BLUE) == 5  # Blue to move takes all five, as the game went on to show
    pressed = _before(158)  # Blue's (9, 14) played: the ladder works whoever moves
    assert _ladder(pressed, Player.RED) == 5
    # Each run along the edge is one dot more in the ladder (the game's (5, 13), (4, 13), ...).
    assert _ladder(pressed, Player.BLUE, (5, 13)) == 6


def test_a_ladder_read_again_in_one_root_read_is_known() -> None:
    from ai.kernel import lifeline, rules

    before = _before(156)
    s, g = rules.from_game(before)
    s[rules.S_TO_MOVE] = int(Player.BLUE)
    presses = lifeline.Presses(g, np.array([0, 10**7, 0], dtype=np.int64), before.width * before.height)
    seed = GROUP[1] * before.width + GROUP[0]
    first = presses.ladder(s, seed)
    once = int(presses.work[lifeline.W_PLAYS])
    # The same press again: its positions are in the root read's table, and the value is the same.
    assert presses.ladder(s, seed) == first == 5
    assert int(presses.work[lifeline.W_PLAYS]) - once < once // 10


def test_a_ladder_past_the_search_s_hard_end_says_nothing() -> None:
    import time

    from ai.kernel import lifeline, rules

    before = _before(156)
    s, g = rules.from_game(before)
    s[rules.S_TO_MOVE] = int(Player.BLUE)  # the ladder takes five dots, read in time
    late = lifeline.Presses(g, np.array([0, 10**7, 0], dtype=np.int64), before.width * before.height,
                            deadline=time.perf_counter())
    assert late.ladder(s, GROUP[1] * before.width + GROUP[0]) == 0
    assert late.work[lifeline.W_CUT] and late.work[lifeline.W_PLAYS] == 0


@pytest.mark.usefixtures("ladders")
def test_the_group_is_kept_before_the_press_and_not_run_after_it() -> None:
    before = _before(156)
    kept = _root_moves(before) - _left_out(before)
    assert kept == SAVING
    assert (1, 1) not in kept  # the game's move, far away
    pressed = _before(158)
    left_out = _left_out(pressed)
    assert (5, 13) in left_out and (6, 12) in left_out  # running on: the group is lost whatever Red plays
    assert len(_root_moves(pressed) - left_out) > 10


@pytest.mark.usefixtures("ladders")
def test_the_master_keeps_the_group_at_its_budget() -> None:
    from ai.kernel import master, rules

    before = _before(156)
    s, g = rules.from_game(before)
    # The reading's count at a 1 s move (as the master sets it; no clock): the ladders are read to their end in it.
    limit = master.read_count(s, 1.0)
    left_out, _plays = master._read_root(s, g, limit)
    assert _root_moves(before) - {(v % before.width, v // before.width) for v in left_out} == SAVING
    # Bounded by iterations and by no clock (a busy machine cuts no read short): the search plays a saving move.
    moves = [master.search(before, 3600, seed=seed, iterations=3000).move for seed in (1, 2)]
    assert set(moves) <= SAVING


@pytest.mark.usefixtures("ladders")
def test_a_ladder_read_past_its_moves_claims_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from ai.kernel import lifeline

    before = _before(156)
    monkeypatch.setattr(lifeline, "LADDER_MOVES", 40)  # far fewer than this ladder's read needs
    assert _ladder(before, Player.BLUE, exact=False) == 0  # the rest counts as out: no caught group is claimed
    assert _root_moves(before) - _left_out(before) == _root_moves(before)  # and the root leaves nothing out


def test_the_game_s_master_reads_no_ladders() -> None:
    from ai.kernel import read

    # Off: with them, net points too, the master did worse against oppai-rs (read.LADDERS).
    assert not read.LADDERS
    before = _before(156)
    assert _root_moves(before) - _left_out(before) != SAVING  # the root reads as before the ladders
