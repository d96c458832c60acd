"""The lowest rungs of the ladder, and the pieces of judgement every level shares.

- random: any legal move (the floor the match runner measures against).
- beginner: takes what one move encloses (the obvious cells and halves
  always, bigger loops half the time), blocks the other side's best completion
  most of the time (misses it about one time in three), and otherwise grows a
  chain from its own dots; never plays far from the action.
- amateur: never misses an immediate gain or an immediate threat: every
  candidate is worth what it gains minus the best the other side can gain in
  reply (played out exactly wherever the move could change that reply); among
  equal moves it prefers good cells (``Board.cell_gain``).

The master's first dot is :func:`opening_move` (a search has no dots to read then).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.board import Board, Cancelled

MISS_THREAT = 0.3
"""How often the beginner overlooks the other side's best completion."""

AMATEUR_CELLS = 0.3
"""Weight of the cell potential (``Board.cell_gain``) in the amateur's choice among equal moves."""

OBVIOUS = 1.0
"""Gains up to this (cells, or dots in classic) the beginner always sees; bigger
ones, a long chain closing far away or a takeover, only half the time."""


def _neighbour_shape(own: int, their: int) -> float:
    return (1.0 if own else 0.0) + 0.5 * min(own, 3) + 0.7 * min(their, 3) - 0.4 * max(0, own - 4)


SHAPE = [[_neighbour_shape(own, their) for their in range(9)] for own in range(9)]
"""SHAPE[own][their]: the part of ``shape`` that the neighbour counts decide, looked up
rather than worked out, since the beginner and the amateur rank every candidate by it."""


def shape(board: Board, p: int, v: int) -> float:
    """How promising a quiet move at v is for p, from its neighbours alone.

    Next to own dots it grows a chain (the start of a country); next to the
    other's dots it contests their chains; a node crowded by own dots adds
    little new. On the edge a dot is safe but walls in little: half a point less.

    >>> from engine import Game
    >>> g = Game(5, 5)
    >>> for point in ((1, 1), (3, 3), (2, 1)):
    ...     _ = g.play(point)
    >>> b = Board(g)
    >>> round(shape(b, 1, 2 * 5 + 2), 2)  # (2, 2): beside two blue dots and a red one
    2.9
    >>> round(shape(b, 1, 4), 2)  # (4, 0): near the dots, but on the edge
    -0.3
    """
    value = SHAPE[board.adj[p][v]][board.adj[3 - p][v]]
    if board.near[v]:
        value += 0.2
    if board.edge_dist[v] == 0:
        value -= 0.5
    return value


def top_two(gains: dict[int, float], base: float) -> tuple[float, int, float]:
    """The best gain, its node (-1 if none beats ``base``) and the best gain left once that node is blocked."""
    t1, n1, t2 = base, -1, base
    for v, gain in gains.items():
        if gain > t1:
            t1, n1, t2 = gain, v, t1
        elif gain > t2:
            t2 = gain
    return t1, n1, t2


def exchange(mine: dict[int, float], my_base: float, theirs: dict[int, float], their_base: float) -> float:
    """Net of one move each, best play, if the threats on the board do not change meanwhile.

    The side to move either takes one of its gains or blocks the other side's
    best node (or plays quietly); the other side then takes its best remaining
    gain. Returns the side to move's gain minus the reply's.
    """
    t1, n1, t2 = top_two(theirs, their_base)
    best = my_base - t1
    if n1 >= 0:
        best = max(best, mine.get(n1, my_base) - t2)
    for v, gain in mine.items():
        value = gain - (t2 if v == n1 else t1)
        best = max(best, value)
    return best


def random_move(board: Board, rng: random.Random) -> int:
    """Any legal node, uniformly."""
    point = board.game.random_move(rng)
    assert point is not None
    return point[1] * board.width + point[0]


def opening_move(board: Board, rng: random.Random) -> int:
    """A first dot: near the centre of what is allowed (the classic zone or the board)."""
    legal = board.legal()
    cx, cy = (board.width - 1) / 2, (board.height - 1) / 2
    w = board.width

    def off_centre(v: int) -> float:
        return abs(v % w - cx) + abs(v // w - cy) + rng.random() * 2.5

    return min(legal, key=off_centre)


def beginner_move(board: Board, rng: random.Random) -> int:
    """Take a completion when there is one; block the biggest threat unless it is overlooked."""
    p = board.to_move
    cands = board.candidates()
    if not board.dots_of[1] and not board.dots_of[2]:
        return opening_move(board, rng)
    mine, _ = board.gains(p, cands)
    mine = {v: gain for v, gain in mine.items() if gain <= OBVIOUS or rng.random() < 0.5}
    theirs, _ = board.gains(3 - p, cands)
    best_mine = max(mine.values(), default=0.0)
    best_theirs = max(theirs.values(), default=0.0)
    sees_threat = rng.random() >= MISS_THREAT
    if sees_threat and best_theirs > best_mine:
        return _pick(rng, [v for v, gain in theirs.items() if gain == best_theirs],
                     lambda v: mine.get(v, 0.0) + 0.1 * shape(board, p, v))
    if best_mine > 0:
        return _pick(rng, [v for v, gain in mine.items() if gain == best_mine],
                     lambda v: theirs.get(v, 0.0) + 0.1 * shape(board, p, v))
    # Nothing to take: grow a chain somewhere along its own dots (the other's if
    # it has none yet), as a child would, blind to what the other side builds.
    adj = board.adj[p]
    own = [v for v in cands if adj[v]] or cands
    return rng.choice([v for v in own if adj[v] <= 2] or own)


def amateur_move(board: Board, rng: random.Random) -> int:
    """Best of (what the move gains) minus (the other side's best reply gain).

    Replies are played out exactly wherever the move could change them; among
    equal moves, the one that does most for the cells around it.
    """
    p = board.to_move
    o = 3 - p
    if not board.dots_of[1] and not board.dots_of[2]:
        return opening_move(board, rng)
    cands = board.candidates()
    mine, my_base = board.gains(p, cands)
    theirs, their_base = board.gains(o, cands)
    t1, n1, t2 = top_two(theirs, their_base)
    # Moves that change the position beyond one dot are played out first, so
    # that a time-out still leaves every gain and block examined.
    order = sorted(cands, key=lambda v: -(mine.get(v, 0.0) + theirs.get(v, 0.0)) - 0.01 * shape(board, p, v))
    net: dict[int, float] = {}
    try:
        for v in order:
            gain = mine.get(v, my_base)
            if v not in mine and not board.classic:
                # A quiet dot in countries changes none of the other side's gains
                # but the one on its own node.
                reply = t2 if v == n1 else t1
            else:
                board.check()
                board.play(v)
                after, after_base = board.gains(o, [u for u in cands if u != v])
                board.undo()
                reply = max(after.values(), default=after_base)
            net[v] = (gain - reply + AMATEUR_CELLS * board.cell_gain(p, v) + 0.01 * shape(board, p, v)
                      + 0.001 * rng.random())
    except Cancelled:
        if not net:
            return order[0]
    return max(net, key=lambda v: net[v])


def _pick(rng: random.Random, nodes: list[int], key: Callable[[int], float]) -> int:
    """The node with the highest key; ties broken by rng."""
    return max(nodes, key=lambda v: (key(v), rng.random()))
