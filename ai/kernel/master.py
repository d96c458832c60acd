"""The compiled master: a UCT search (``ai.kernel.uct``) run in chunks from Python.

First the root's forcing lines and nets are read (``ai.kernel.read``): the root moves they show worse than
another (a ladder run on, a net left open) are taken out of every tree before it grows.

Python owns the tree and the clock: it calls the compiled ``run`` for a fixed
number of iterations at a time and, between chunks, looks at the deadline, the
work limit and the cancel flag. On several cores each thread grows its own tree
from the same root (``run`` releases the GIL) and the root's visits are added
up: the move most visited over all trees is played (a starved search ranks by value, see
``_ranking``), once a one-reply check (``_safe``) finds it gives nothing away that another keeps.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ai.kernel import jit, read, rules, uct
from ai.work import MOVES_PER_SECOND
from engine import Game, Player, Rules

ROWS_PER_SECOND = 300_000
"""Tree rows allowed per second of budget (48 bytes each): a 1 s search on 15×15 uses 50–220 thousand."""

MAX_ROWS = 6_000_000
"""Rows of one tree at most (about 290 MB), whatever the budget: a full tree only stops growing."""

RULE_WEIGHTS = {
    Rules.COUNTRIES: {uct.P_KOMI_SHARE: 0.5, uct.P_LOCAL: 0.5},
    Rules.CLASSIC: {uct.P_KOMI_SHARE: 0.0, uct.P_LOCAL: 0.0},
}
"""The weights of ``uct.PARAMS`` set by rule set. The komi's share (of the playouts' mean margin the side to
move must beat): in countries, where a lead of many cells is usual and most playouts are won, it kept the
search playing for more; in classic it did not help (see ``uct.PARAMS``). In countries half the playout moves
answer the move before beside it, with big takeovers played (:data:`TAKE_UNITS`): against the master without
them, 30 of 40 won on 15×15 (+16.0 cells a game; docs/MEASURED.md, «Countries: answers that take over»).
Classic has not been played with them."""

LOCAL_NODES = 20 * 15
"""The most nodes a board has where playouts answer the move before (bigger ones play with ``uct.P_LOCAL`` 0,
unless :data:`WEIGHTS` sets it). 20 × 15 is «Авто» in a 1024×600 window, a touch laptop's: there they won 38 of
60 (+22.2 cells a game). On 20×20 they won 11 of 20 and lost 17.4 cells a game, by whole groups walled in that
countries reads no lines to see (:data:`READS`); alone, without the takeovers, 13 of 20 and −15.5."""

KOMI_AFTER = 64
"""Playouts before the komi follows their mean margin: fewer say too little about it."""

CHECKED = 8
"""The best ranked root moves weighed after the search as the amateur weighs a move (what it encloses
less what the other side's best reply then encloses), beside every move that encloses now for either
side: the search's choice is the best ranked of those that give away no more than the best of them."""

ROBUST_VISITS = 40
"""Visits the most visited root move needs for the visits to rank the moves (see `_ranking`)."""

RANKING_PLAYOUTS = 100
"""Playouts below which nothing ranks the moves but their visits, won visits at the root included."""

SHRINK = 2.0
"""Playouts of an even game each value starts with when values rank the moves."""

TAKE_UNITS = 8
"""Where playouts answer beside the move before (and no check of replies is made, :data:`CHECKS_REPLIES`), a root
move that takes over what the other side holds and encloses at least this many units (half cells: four cells) at
once is played when the search rates it about as well as its choice (:func:`_take`). With answers a country that
could not get away looked as good taken later as now, and the master left it standing in 5 searches of 12
(tests/test_ai_tactics.py). Any take of four cells, a takeover or not, was played in most games and cost them:
25 of 40 won on 15×15 where answers alone won 30; takeovers alone, 30 of 40 (docs/MEASURED.md)."""

TAKE_LEVEL = 0.05
"""How much more of its playouts the search's choice must win than such a move to be played instead (the take's
won visits include those it starts with at the root, :data:`uct.PARAMS`)."""

CHECKS_REPLIES = {Rules.COUNTRIES: False, Rules.CLASSIC: True}
"""Whether the choice is checked so (by rule set). In countries, where nearly every move lets some
empty cells be walled in, the check played so passively that master-v2 won 3 games of 3 (1 s, 15×15)."""

READING = True
"""Whether the search reads forcing lines at the root first (``bench.match --b-unread`` turns it off for B:
the master as it was before issue 31, to measure the reading against)."""

WEIGHTS: dict[int, float] = {}
"""Weights (by ``uct.P_*`` index) put in place of the master's own in every search that is given none: empty in
the game; ``bench.match --a-weights`` sets them around A's moves, to measure other weights against today's."""

READS = {True: True, False: False}
"""Whether the root is read, by rule set (classic?). In countries the lines of threats left out the wrong moves:
against the master without them the first games were lost by 7 to 48 cells (15×15, 1 s; docs/MEASURED.md
«The lost positions»; with the lines weighed by their stake, 2 of 10 won, «Countries: other weights»), so countries
plays as before until its lines are read better."""

READ_SHARE = 0.3
"""The most of a search's work its reading of forcing lines and nets at the root (``ai.kernel.read``) may take:
the four positions of ``bench.positions`` took 6,000 reader moves (lines, and screening both sides' net points)
to 24,000 (a net read to its end), a sixth of the work of a 1.64 s search."""

READ_WEIGHT = 10
"""Playout moves one reader move is counted as on a 15×15 board (it copies the state first: about ten times the
time there); more on bigger boards, in proportion to their nodes (:func:`_read_weight`): on 38×31 a reader move
took 25 µs."""

READ_WEIGHT_NODES = 225
"""The board's nodes at which a reader move weighs :data:`READ_WEIGHT` playout moves."""

SAFETY_SHARE = 0.1
"""The share of the budget kept for that check: it took 25 ms on a 20×20 board in mid-game and 110–145 ms
on 38×31 (where the budget is 2.9 s)."""


@dataclass(frozen=True)
class Found:
    """The move the search chose and what it cost."""

    move: tuple[int, int]
    positions: int
    """Moves played in the tree and in playouts."""
    iterations: int
    cores: int
    lead: float
    """Blue's margin as the search expects it (negative: Red's), in the score's units (cells or dots): the
    mean final margin of its playouts, each of which went down the tree first; the margin now when none ran."""


def _chunk(nodes: int) -> int:
    """Iterations between two looks at the clock: about a few milliseconds' work on any board. Without
    numba (plain Python, ``ai.kernel.jit``) one playout takes tens of milliseconds: one at a time, then."""
    return max(4, 20_000 // nodes) if jit.load_error is None else 1


def own_weights(rule_set: Rules, nodes: int) -> np.ndarray:
    """The master's weights for a search in ``rule_set`` on a board of ``nodes``: ``uct.PARAMS``, the rule
    set's :data:`RULE_WEIGHTS` (no answers above :data:`LOCAL_NODES`), then :data:`WEIGHTS` (``ai.review``
    starts from these too)."""
    weights = uct.PARAMS.copy()
    table = dict(RULE_WEIGHTS[rule_set])
    if nodes > LOCAL_NODES:
        table[uct.P_LOCAL] = 0.0
    for index, value in {**table, **WEIGHTS}.items():
        weights[index] = value
    return weights


def search(game: Game, seconds: float, *, seed: int | None = None, deadline: float | None = None,
           cancel: Callable[[], bool] | None = None, cores: int = 1, iterations: int | None = None,
           params: np.ndarray | None = None) -> Found:
    """The best move for ``game.to_move`` found in ``seconds`` (``deadline``: a hard end on the
    ``time.perf_counter`` clock). A ``seed`` makes it repeatable (on one core): it then stops on
    :data:`MOVES_PER_SECOND` and only the deadline can end it sooner. ``iterations`` caps the
    iterations of each tree (for compiling and tests)."""
    begun = time.perf_counter()
    if deadline is None:
        deadline = begun + seconds
    if CHECKS_REPLIES[game.rules]:
        # The tree stops early enough for the check of its choice (`_safe`) to end by the deadline.
        deadline -= SAFETY_SHARE * seconds
    root, geo = rules.from_game(game)
    n = int(root[rules.S_NODES])
    w = game.width
    work_limit = int(seconds * MOVES_PER_SECOND) if seed is not None else None
    capacity = int(min(MAX_ROWS, max(20_000, seconds * ROWS_PER_SECOND / max(1, cores))))
    chunk = _chunk(n)
    weights = own_weights(game.rules, game.width * game.height) if params is None else params
    near = np.zeros(n, dtype=np.int32)
    uct.near_counts(root, geo, near)
    base_seed = seed if seed is not None else int.from_bytes(np.random.default_rng().bytes(4), "little")
    trees = [uct.new_tree(capacity) for _ in range(cores)]
    totals = [[0, 0] for _ in range(cores)]  # positions, iterations
    stop = threading.Event()
    _read_first(root, geo, near, trees, totals, weights, base_seed, seconds, iterations, deadline)

    blue_to_move = int(root[rules.S_TO_MOVE]) == 1

    def grow(i: int) -> None:
        nodes, stats, used = trees[i]
        rng = uct.new_rng(base_seed * 7919 + i)
        total = totals[i]
        own = weights.copy()  # each tree keeps its own komi
        while not stop.is_set():
            played = stats[0, uct.V_AMAF_VISITS]
            if played >= KOMI_AFTER:
                # Dynamic komi: the side to move must beat a share of the margin its playouts expect,
                # so that moves still differ where nearly every playout is won or lost.
                mean = stats[0, uct.V_AMAF_WINS] / played
                own[uct.P_KOMI] = own[uct.P_KOMI_SHARE] * (mean if blue_to_move else -mean)
            step = chunk if iterations is None else min(chunk, iterations - total[1])
            if step <= 0:
                return
            total[0] += uct.run(root, geo, near, nodes, stats, used, rng, own, step)
            total[1] += step
            if work_limit is not None and total[0] >= work_limit:
                return
            if time.perf_counter() >= deadline or (cancel is not None and cancel()):
                return

    # This thread grows tree 0, one more thread each other tree. Each tree ends on its own limits, the same
    # as this one's (its count, the clock, the cancel): stopping the others when this one ends would cut
    # their counts short whenever it ran ahead (a busy machine). Only an error here stops them at once.
    helpers = [threading.Thread(target=grow, args=(i,), name=f"kernel-search-{i}", daemon=True)
               for i in range(1, cores)]
    for t in helpers:
        t.start()
    try:
        grow(0)
    except BaseException:
        stop.set()
        raise
    finally:
        for t in helpers:
            t.join()
    rank = _ranking(trees, float(weights[uct.P_RAVE_EQUIV]))
    if rank and CHECKS_REPLIES[game.rules]:
        best = _safe(root, geo, rank)
    elif rank:
        best = max(rank, key=lambda v: (rank[v], -v))
        if weights[uct.P_LOCAL] > 0.0:
            best = _take(root, geo, trees, best)
    else:  # not one iteration ran (cancelled at once): any legal move
        out = np.empty(max(1, n), dtype=np.int32)
        k = rules.legal_nodes(root, geo, int(root[rules.S_TO_MOVE]), out)
        best = int(out[0]) if k else 0
    playouts = sum(float(stats[0, uct.V_AMAF_VISITS]) for _nodes, stats, _used in trees)
    margins = sum(float(stats[0, uct.V_AMAF_WINS]) for _nodes, stats, _used in trees)
    # The kernel's units are the engine's (half cells or dots): one is worth ``rules.unit``.
    lead = (margins / playouts * float(game.rules.unit) if playouts
            else float(game.score(Player.BLUE) - game.score(Player.RED)))
    return Found((best % w, best // w), int(sum(t[0] for t in totals)), int(sum(t[1] for t in totals)), cores, lead)


EXPAND_FIRST = 2
"""Iterations after which a tree's root has its children (``uct.EXPAND_AFTER``): the reading's left-out moves
are taken out of them then."""


def _read_first(root: np.ndarray, geo: np.ndarray, near: np.ndarray, trees: list[tuple[np.ndarray, np.ndarray,
                np.ndarray]], totals: list[list[int]], weights: np.ndarray, base_seed: int, seconds: float,
                iterations: int | None, deadline: float) -> None:
    """The root's moves that a forcing line shows worse than another (a ladder run on, a net left open) are
    left out of every tree, each tree's root expanded for it; the reading's moves count as the search's work.
    A search capped at fewer iterations than that takes (``iterations``) reads nothing."""
    if not READING or not READS[bool(root[rules.S_CLASSIC])]:
        return
    if iterations is not None and iterations < 2 * EXPAND_FIRST:
        return
    left_out, plays = _read_root(root, geo, read_count(root, seconds), deadline)
    totals[0][0] += plays * _read_weight(root)
    if not left_out:
        return
    for i, (nodes, stats, used) in enumerate(trees):
        totals[i][0] += uct.run(root, geo, near, nodes, stats, used, uct.new_rng(base_seed * 7919 + i), weights,
                                EXPAND_FIRST)
        totals[i][1] += EXPAND_FIRST
        _leave_out(nodes, stats, left_out)


def read_count(root: np.ndarray, seconds: float) -> int:
    """The reader's moves at ``root`` in a search of ``seconds``: :data:`READ_SHARE` of its work."""
    return int(READ_SHARE * seconds * MOVES_PER_SECOND / _read_weight(root))


def _read_weight(root: np.ndarray) -> int:
    """Playout moves one reader move counts as on this board (:data:`READ_WEIGHT`)."""
    return max(READ_WEIGHT, READ_WEIGHT * int(root[rules.S_NODES]) // READ_WEIGHT_NODES)


def _read_root(root: np.ndarray, geo: np.ndarray, limit: int, deadline: float | None = None) -> tuple[set[int], int]:
    """The root moves (nodes) the reading of forcing lines leaves out, and the reader's moves played."""
    out = np.empty(max(1, int(root[rules.S_NODES])), dtype=np.int32)
    k = int(uct.candidates(root, geo, out))  # the root's children, in the tree's order
    moves = out[:k].copy()
    keep, plays = read.bounds(root, geo, moves, limit, deadline=deadline)
    if keep is None:
        return set(), plays
    return {int(v) for v, kept in zip(moves, keep, strict=True) if not kept}, plays


def _leave_out(nodes: np.ndarray, stats: np.ndarray, left_out: set[int]) -> None:
    """Takes the moves ``left_out`` out of the root's children (rows moved to the end of its range, its count
    cut), with whatever the first iterations gave them."""
    first, count = int(nodes[0, uct.T_CHILD]), int(nodes[0, uct.T_COUNT])
    if first < 0 or count == 0:
        return
    rows = range(first, first + count)
    kept = [r for r in rows if int(nodes[r, uct.T_MOVE]) not in left_out]
    if not kept or len(kept) == count:
        return
    order = kept + [r for r in rows if int(nodes[r, uct.T_MOVE]) in left_out]
    nodes[first:first + count] = nodes[order]
    stats[first:first + count] = stats[order]
    nodes[0, uct.T_COUNT] = len(kept)


def _root_totals(trees: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> dict[int, np.ndarray]:
    """The root moves of all trees, each with its stats (``uct.V_*``) added up over the trees."""
    totals: dict[int, np.ndarray] = {}
    for nodes, stats, _used in trees:
        first, count = int(nodes[0, uct.T_CHILD]), int(nodes[0, uct.T_COUNT])
        if first < 0:
            continue
        for row in range(first, first + count):
            v = int(nodes[row, uct.T_MOVE])
            totals[v] = totals.get(v, 0.0) + stats[row]
    return totals


def _ranking(trees: list[tuple[np.ndarray, np.ndarray, np.ndarray]], equiv: float) -> dict[int, float]:
    """The root moves of all trees, each with what ranks it: its visits, added up over the trees; or,
    where no move has :data:`ROBUST_VISITS`, its value as the search weighs it less exploration.

    A starved search (a big board, a short budget, a busy machine) visits every move once or twice, so
    the visits are near ties broken by chance; the playouts' rapid action values, which every playout
    adds to for most moves, still rank the moves.
    """
    totals = _root_totals(trees)
    playouts = sum(float(stats[0, uct.V_AMAF_VISITS]) for _nodes, stats, _used in trees)
    if (not totals or playouts < RANKING_PLAYOUTS
            or max(s[uct.V_VISITS] for s in totals.values()) >= ROBUST_VISITS):
        return {v: float(s[uct.V_VISITS]) for v, s in totals.items()}
    ranked = {}
    for v, s in totals.items():
        visits, seen = float(s[uct.V_VISITS]), float(s[uct.V_AMAF_VISITS])
        # Each mean starts from an even game worth SHRINK playouts: one lucky playout ranks no move first.
        q = (s[uct.V_WINS] + 0.5 * SHRINK) / (visits + SHRINK)
        qa = (s[uct.V_AMAF_WINS] + 0.5 * SHRINK) / (seen + SHRINK)
        beta = seen / (seen + visits + visits * seen / equiv) if seen > 0.0 else 0.0
        ranked[v] = float((1.0 - beta) * q + beta * qa)
    return ranked


def _safe(root: np.ndarray, geo: np.ndarray, rank: dict[int, float]) -> int:
    """The best ranked root move (`_ranking`) among those that lose nothing at once that another would keep.

    A short search (a few visits a move: a big board, a short budget, a busy machine) cannot see
    the other side's one-move enclosures below the root, so the most visited move may let a group
    be taken that one dot would save; this check reads one reply exactly for a few moves.
    """
    ranked = sorted(rank, key=lambda v: (-rank[v], v))
    out = np.empty(int(root[rules.S_NODES]), dtype=np.int32)
    k = uct.sharp(root, geo, out)
    moves = ranked[:CHECKED] + [v for v in map(int, out[:k]) if v in rank and v not in ranked[:CHECKED]]
    gain = np.zeros(len(moves), dtype=np.int64)
    lets = np.zeros(len(moves), dtype=np.int64)
    uct.nets(root, geo, np.array(moves, dtype=np.int32), gain, lets)
    net = {v: int(gain[i] - lets[i]) for i, v in enumerate(moves)}
    keep = max(net.values())
    return next(v for v in ranked if net.get(v, keep - 1) >= keep)


def _takes_over(root: np.ndarray, geo: np.ndarray, v: int, p: int, spare: np.ndarray) -> bool:
    """Whether v takes over something the other side holds: its score falls (in classic every gain does so)."""
    o = 3 - p
    spare[:] = root
    rules.play(spare, geo, v, p)
    return bool(root[rules.S_CLASSIC]) or bool(spare[rules.S_QCOUNT + o] < root[rules.S_QCOUNT + o])


def _take(root: np.ndarray, geo: np.ndarray, trees: list[tuple[np.ndarray, np.ndarray, np.ndarray]], best: int) -> int:
    """The takeover that encloses most at once (at least :data:`TAKE_UNITS`) among the root moves whose
    playouts won no less than :data:`TAKE_LEVEL` below ``best``'s (the search's choice); ``best`` if none does."""
    out = np.empty(int(root[rules.S_NODES]), dtype=np.int32)
    spare = root.copy()
    p = int(root[rules.S_TO_MOVE])
    takes = {int(v): int(uct.gains(root, geo, int(v), p, spare)) for v in out[:uct.sharp(root, geo, out)]}
    takes = {v: gain for v, gain in takes.items() if gain >= TAKE_UNITS and _takes_over(root, geo, v, p, spare)}
    if not takes or best in takes:
        return best
    totals = _root_totals(trees)

    def won(v: int) -> float:
        s = totals.get(v)
        return float(s[uct.V_WINS] / s[uct.V_VISITS]) if s is not None and s[uct.V_VISITS] > 0 else 0.0

    fit = [v for v in takes if won(v) >= won(best) - TAKE_LEVEL]
    return max(fit, key=lambda v: (takes[v], won(v), -v)) if fit else best
