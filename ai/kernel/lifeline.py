"""A group's lifelines to the edge, and the ladders that cut them, for the master's root reading (issue 31).

In classic a dot on the edge can never be enclosed, and a group can be enclosed only once every way from it
to the edge, from node to node by side (an enemy chain closes diagonally), is shut. So a group's *escape* is
the fewest free points the other side must take to shut it in: a minimum cut in the grid, found by a small
max-flow (:func:`escape`), whose nodes are where both sides play. The lost games' corridors are this: a chain
run along the edge with two ways out, each run answered beside it, the cut still two, until the corridor
ends. :func:`read.attack` follows only moves that threaten to take at once, so it never sees them.

:meth:`Presses.ladder` reads such a press to its end: the attacker plays a node of the group's cut, the
defender one of its cut, beside it, a capture near it, or gives the group up, until the group is taken, or has
three ways out on its own turn (or four on the attacker's), or the read's depth or its moves end (then the rest
counts as out: the read may miss a caught group, but claims one only with a capture read against every
defence it tries). In its first plies the attacker also plays net points, beside two ends of the ways out,
and the defender answers beside either end: the big losses after the first ladders were such nets.
:func:`lifeline_keep` is its use at the root, as ``read.bounds`` asks: what each move on or beside a pressed
group's cut keeps once the ladders are read, and which moves that shows worse than the best.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from ai.kernel.jit import njit
from ai.kernel.rules import S_NODES, S_QUARTERS, S_TO_MOVE, is_legal, o_dot, o_live, play, units

W_PLAYS, W_LIMIT, W_CUT = 0, 1, 2
"""A read's ``work`` array (``read``'s too): moves played so far, the most allowed, and 1 once a read was cut
short by it."""

INF = 1 << 20
"""A capacity no cut reaches: the arcs through a group's own dots and to the edge."""

OUT = 4
"""Ways out at which :func:`escape` stops counting: a group with four is out of any ladder's reach."""

FREE = {True: 3, False: 4}
"""By whose turn it is (the defender's?): the ways out at which a ladder's group is out of it."""

LADDER_PLIES = 40
"""Plies a ladder is read at most (a run along a 20-node edge and its answers)."""

LADDER_MOVES = 12_000
"""Moves each pass of one ladder's read plays at most: past them the rest of it counts as the group out (a
press that branches this much is no ladder, and a root read must not spend the search's time on one group).
The 4 : 14 game's corridor took 10,890 for its two passes."""

LEAST = 2
"""Dots a group has for its lifeline to be read at the root (one dot the search weighs itself)."""

NET_POINT_PLIES = 4
"""The press's first plies in which its attacker also plays net points (beside two ends of the group's ways
out) and its defender answers beside the ways' far ends too: the 0 : 42 and 0 : 33 games' groups were lost to
such a point at once, and a long run read with them all the way branches past any count of moves."""

PRESSED = 3
"""Ways out (with the other side to move) at or below which a group's ladders are read at the root."""


@njit(inline="always")
def _direction(w: int, a: int, b: int) -> int:
    """The index (as :func:`escape`'s ``dx``, ``dy``) of the step from node a to its neighbour b."""
    if b == a + 1:
        return 0
    if b == a - 1:
        return 1
    if b == a + w:
        return 2
    return 3


_DX = (1, -1, 0, 0)
_DY = (0, 0, 1, -1)


@njit(inline="always")
def _edge(w: int, h: int, v: int) -> bool:
    x, y = v % w, v // w
    on: bool = x == 0 or y == 0 or x == w - 1 or y == h - 1
    return on


@njit(inline="always")
def _kinds(s: np.ndarray, g: np.ndarray, p: int, kind: np.ndarray) -> None:
    """Each node's kind for p's ways out: 0 shut (the other side's dot, a dead one, a node p may not take),
    1 free, 2 p's live dot."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    live0, dot0 = o_live(n, nq), o_dot(n, nq)
    for v in range(n):
        if s[live0 + v] == p:
            kind[v] = 2
        elif s[dot0 + v] == 0 and is_legal(s, g, v, p):
            kind[v] = 1


@njit(inline="always")
def _group(s: np.ndarray, g: np.ndarray, seed: int, p: int, group: np.ndarray, queue: np.ndarray) -> bool:
    """Marks in ``group`` p's live dots joined by side to ``seed``; True where one of them is on the edge."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    live0 = o_live(n, nq)
    w, h = g[0], g[1]
    group[seed] = True
    queue[0] = seed
    head, tail = 0, 1
    while head < tail:
        v = queue[head]
        head += 1
        if _edge(w, h, v):
            return True
        for d in range(4):
            u = v + _DY[d] * w + _DX[d]
            if s[live0 + u] == p and not group[u]:
                group[u] = True
                queue[tail] = u
                tail += 1
    return False


@njit(inline="always")
def _reach(queue: np.ndarray, tail: int, seen: np.ndarray, parent: np.ndarray, a: int, b: int) -> int:
    """Marks node b of the flow's graph reached from a; the queue's new end."""
    if seen[b]:
        return tail
    seen[b] = True
    parent[b] = a
    queue[tail] = b
    return tail + 1


@njit(inline="always")
def _find_path(w: int, h: int, kind: np.ndarray, group: np.ndarray, thru: np.ndarray, arc: np.ndarray,
               seen: np.ndarray, parent: np.ndarray, queue: np.ndarray) -> bool:
    """One breadth-first search of the residual graph from the group: True where it reaches the edge (the
    path in ``parent``); ``seen`` holds what it reached (past the last path: the group's side of the cut)."""
    n = kind.shape[0]
    sink = 2 * n
    seen[:] = False
    tail = 0
    for v in range(n):
        if group[v]:
            tail = _reach(queue, tail, seen, parent, -1, 2 * v)
    head = 0
    while head < tail:
        a = queue[head]
        head += 1
        v = a >> 1
        x, y = v % w, v // w
        if a & 1 == 0:  # in(v): on through v, or back along an arc that brought flow into v
            if kind[v] == 2 or thru[v] == 0:
                tail = _reach(queue, tail, seen, parent, a, a + 1)
            for d in range(4):
                xx, yy = x + _DX[d], y + _DY[d]
                if 0 <= xx < w and 0 <= yy < h and arc[4 * (yy * w + xx) + (d ^ 1)] > 0:
                    tail = _reach(queue, tail, seen, parent, a, 2 * (yy * w + xx) + 1)
        elif _edge(w, h, v):  # out(v) on the edge: a path
            seen[sink] = True
            parent[sink] = a
            return True
        else:  # out(v): into a neighbour, or back through v
            if thru[v] > 0:
                tail = _reach(queue, tail, seen, parent, a, a - 1)
            for d in range(4):
                u = v + _DY[d] * w + _DX[d]
                if kind[u] != 0:
                    tail = _reach(queue, tail, seen, parent, a, 2 * u)
    return False


@njit(inline="always")
def _from_edge(w: int, h: int, kind: np.ndarray, thru: np.ndarray, arc: np.ndarray, back: np.ndarray,
               queue: np.ndarray) -> None:
    """Marks in ``back`` the nodes of the flow's graph from which the residual graph still reaches the edge
    (searched backwards from it): past a full flow, the edge's side of the cut."""
    n = kind.shape[0]
    back[:] = False
    tail = 0
    for v in range(n):
        if kind[v] != 0 and _edge(w, h, v):
            back[2 * v + 1] = True
            queue[tail] = 2 * v + 1
            tail += 1
    head = 0
    while head < tail:
        b = queue[head]
        head += 1
        v = b >> 1
        x, y = v % w, v // w
        for d in range(4):
            xx, yy = x + _DX[d], y + _DY[d]
            if not (0 <= xx < w and 0 <= yy < h):
                continue
            u = yy * w + xx
            # Into out(v): from in(u), taking back flow out(v) -> in(u); into in(v): from out(u) by its arc.
            a = (2 * u if arc[4 * v + d] > 0 else -1) if b & 1 else (2 * u + 1 if kind[u] != 0 else -1)
            if a >= 0 and not back[a]:
                back[a] = True
                queue[tail] = a
                tail += 1
        a = b - 1 if b & 1 else b + 1  # through v itself: forward into out(v), or back out of in(v)
        if not back[a] and ((b & 1 and (kind[v] == 2 or thru[v] == 0)) or (not b & 1 and thru[v] > 0)):
            back[a] = True
            queue[tail] = a
            tail += 1


@njit(inline="always")
def _push(w: int, n: int, thru: np.ndarray, arc: np.ndarray, parent: np.ndarray) -> None:
    """Sends one unit of flow along the path :func:`_find_path` found."""
    b = 2 * n
    a = parent[b]
    while a >= 0:
        va, vb = a >> 1, b >> 1
        if b == 2 * n:
            pass
        elif va == vb:
            thru[va] += 1 if b == a + 1 else -1
        elif a & 1:  # out(va) -> in(vb): a forward arc
            arc[4 * va + _direction(w, va, vb)] += 1
        else:  # in(va) -> out(vb): flow taken back from out(vb) -> in(va)
            arc[4 * vb + _direction(w, vb, va)] -= 1
        b = a
        a = parent[b]


@njit("int64(int32[::1], int32[::1], int64, int64, int32[::1], int32[::1])", cache=True, nogil=True)
def escape(s: np.ndarray, g: np.ndarray, seed: int, most: int, cut: np.ndarray, far: np.ndarray) -> int:
    """The ways out to the edge of the live group (side by side) holding ``seed``: the fewest free nodes
    shutting it in, counted up to ``most`` (``most`` where the group is on the edge; 0 where ``seed`` holds
    no live dot). Below ``most``, two such sets of nodes are written: the one nearest the group to ``cut``,
    the one nearest the edge to ``far`` (a way out through the group's side's dots is shut at either end)."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    w, h = g[0], g[1]
    p = s[o_live(n, nq) + seed] if 0 <= seed < n else 0
    if p == 0:
        return 0
    kind = np.zeros(n, dtype=np.int8)
    _kinds(s, g, p, kind)
    group = np.zeros(n, dtype=np.bool_)
    queue = np.empty(2 * n + 1, dtype=np.int64)
    if _group(s, g, seed, p, group, queue):
        return most  # on the edge: never enclosed
    # Node v is split in two: 2v (in) and 2v + 1 (out); 2n is the edge. thru: flow from in to out;
    # arc[4v + d]: flow from out(v) to in(v's neighbour d).
    thru = np.zeros(n, dtype=np.int64)
    arc = np.zeros(4 * n, dtype=np.int64)
    seen = np.zeros(2 * n + 1, dtype=np.bool_)
    parent = np.empty(2 * n + 1, dtype=np.int64)
    flow = 0
    while _find_path(w, h, kind, group, thru, arc, seen, parent, queue):
        _push(w, n, thru, arc, parent)
        flow += 1
        if flow >= most:
            return most
    k = 0
    for v in range(n):
        if kind[v] == 1 and seen[2 * v] and not seen[2 * v + 1]:
            cut[k] = v
            k += 1
    _from_edge(w, h, kind, thru, arc, seen, queue)
    k = 0
    for v in range(n):
        if kind[v] == 1 and seen[2 * v + 1] and not seen[2 * v]:
            far[k] = v
            k += 1
    return flow


class Captures(NamedTuple):
    """``read``'s compiled capture lists, which the ladders' defences and checks use (``read`` imports this
    module, so they are handed in)."""

    area: Callable[..., int]
    threats: Callable[..., int]
    most_now: Callable[..., int]


class Presses:
    """The ladders of one root read (:func:`lifeline_keep`), sharing ``read``'s count of moves played."""

    def __init__(self, g: np.ndarray, work: np.ndarray, n: int, reader: Captures,
                 deadline: float | None = None) -> None:
        self.captures = reader
        self.g = g
        self.work = work
        self.cut = np.zeros(n, dtype=np.int32)
        self.far = np.zeros(n, dtype=np.int32)
        self.area = np.zeros(max(n, 64), dtype=np.int32)
        self.tv = np.zeros(max(n, 64), dtype=np.int32)
        self.tg = np.zeros(max(n, 64), dtype=np.int32)
        self.spare: np.ndarray | None = None
        self.deadline = deadline
        self.stop = 0  # the count of moves at which the pass being read ends
        self.short = False  # the pass being read ran out of its moves: its values are not kept
        self.nets_above = 0  # the plies left above which the ladder being read plays net points
        self.known: dict[tuple[int, bytes], tuple[int, int, int]] = {}  # (seed, position): plies, value, bound

    def spend(self) -> bool:
        """Counts one move (or one cut found) read; False once the read's limit is reached (the read is cut)."""
        if self.work[W_PLAYS] >= self.work[W_LIMIT] or (
                self.deadline is not None and self.work[W_PLAYS] % 256 == 0 and time.perf_counter() >= self.deadline):
            self.work[W_CUT] = 1  # out of moves, or at the search's hard end (a busy machine)
            return False
        self.work[W_PLAYS] += 1
        return True

    def ways_out(self, s: np.ndarray, seed: int) -> tuple[list[int], list[int]]:
        """The nodes of the cut nearest the group at ``seed`` (all of its ways out), or [] with :data:`OUT`
        or more, ``[-1]`` where the group is taken; and the cut nearest the edge (as many nodes)."""
        c = int(escape(s, self.g, seed, OUT, self.cut, self.far))
        if c == 0:
            return [-1], []
        if c >= OUT:
            return [], []
        return [int(v) for v in self.cut[:c]], [int(v) for v in self.far[:c]]

    def ladder(self, s: np.ndarray, seed: int, plies: int = LADDER_PLIES) -> int:
        """What the group at ``seed``'s other side gains (units) by pressing it from ``s``, whoever is to move,
        each side at its best: the attacker on the group's cut, the defender on it, by a capture near it, or by
        giving the group up. 0 where the group gets out, or the read ends first."""
        n = s.shape[0]
        if self.spare is None or self.spare.shape[0] != n:
            self.spare = np.zeros(n, dtype=np.int32)
        d = int(s[o_live(int(s[S_NODES]), int(s[S_QUARTERS])) + seed])
        if d == 0:
            return 0
        a = 3 - d
        base = _margin(s, a)
        # First only whether the press takes anything (a null window: one escape refutes each try), which is
        # most of the time no; then how much.
        self.nets_above = plies - NET_POINT_PLIES
        self._begin()
        if self._press(s, seed, d, a, plies, base, base + 1) <= base:
            return 0
        self._begin()
        return max(0, self._press(s, seed, d, a, plies, base, INF) - base)

    def _begin(self) -> None:
        """Starts a pass of a ladder's read: its own :data:`LADDER_MOVES`."""
        self.stop = int(self.work[W_PLAYS]) + LADDER_MOVES
        self.short = False

    def _attacks(self, s: np.ndarray, ways: list[int], far: list[int], a: int, nets: bool) -> list[int]:
        """The attacker's moves: shutting a way out at the group's end of it or at the edge's (``far``), or a
        net point: a free node beside two of those ends, which shuts neither but answers both."""
        ends = _ends(ways, far)
        moves = [v for v in ends if is_legal(s, self.g, v, a)]
        if nets:
            moves += [v for v in _beside(ends, int(self.g[0]), int(s[S_NODES]), 2)
                      if v not in moves and is_legal(s, self.g, v, a)]
        return moves

    def _defences(self, s: np.ndarray, ways: list[int], far: list[int], d: int, nets: bool) -> list[int]:
        """The defender's moves: on its ways out (at the group's end or the edge's) or beside them (a cut's node
        is not the only way to open another), a capture near them (it may break the attacker's wall), or -1,
        giving the group up."""
        n = int(s[S_NODES])
        w = int(self.g[0])
        ends = _ends(ways, far)
        moves = [v for v in ends if is_legal(s, self.g, v, d)]
        # Beside the group's ends of its ways out, and with nets read, beside the edge's ends too (where a net
        # point is answered).
        for u in _beside(ends if nets else ways, w, n, 1):
            if u not in moves and is_legal(s, self.g, u, d):
                moves.append(u)
        assert self.spare is not None
        k = int(self.captures.area(s, self.g, ways[0], ways[1] if len(ways) > 1 else -1, self.area))
        t = int(self.captures.threats(s, self.g, d, self.area, k, self.spare, self.work, self.tv, self.tg))
        return [*moves, *(int(v) for v in self.tv[:min(t, 2)] if int(v) not in moves), -1]

    def _ordered(self, s: np.ndarray, seed: int, moves: list[int],
                 attacking: bool) -> list[tuple[np.ndarray, tuple[list[int], list[int]]]]:
        """The positions after ``moves`` (-1: the turn handed over), each with its group's two cuts (which the
        read of it then uses), those leaving the group fewest ways out first for the attacker, most first for the
        defender: the move that ends the read soonest is tried first."""
        children: list[tuple[int, int, np.ndarray, tuple[list[int], list[int]]]] = []
        for v in moves:
            child = s.copy()
            if v < 0:
                child[S_TO_MOVE] = 3 - int(s[S_TO_MOVE])
            else:
                play(child, self.g, v, int(s[S_TO_MOVE]))
            cuts = self.ways_out(child, seed)
            ways = 0 if cuts[0] == [-1] else len(cuts[0]) if cuts[0] else OUT
            children.append((ways, len(children), child, cuts))
        children.sort(key=lambda c: (c[0] if attacking else -c[0], c[1]))
        return [(child, cuts) for _ways, _i, child, cuts in children]

    def _press(self, s: np.ndarray, seed: int, d: int, a: int, plies: int, alpha: int, beta: int,
               cuts: tuple[list[int], list[int]] | None = None) -> int:
        """The attacker's margin at the end of the press from ``s`` (alpha-beta, the attacker maximising);
        ``cuts``: the group's two cuts there, where already found."""
        n, nq = int(s[S_NODES]), int(s[S_QUARTERS])
        if s[o_live(n, nq) + seed] != d:
            return _margin(s, a)  # taken
        to = int(s[S_TO_MOVE])
        if self.work[W_PLAYS] >= self.stop:
            self.short = True  # this pass's moves are spent: what is left of it counts as out
            return _margin(s, a)
        if plies == 0 or not self.spend():
            return _margin(s, a)
        ways, far = cuts if cuts is not None else self.ways_out(s, seed)
        if not ways or len(ways) >= FREE[to == d]:
            return _margin(s, a)  # out
        nets = plies > self.nets_above
        key = (seed, s[o_dot(n, nq):o_dot(n, nq) + n].tobytes() + bytes((to, nets)))
        known = self.known.get(key)
        if known is not None and known[0] >= plies:
            _, value, bound = known
            if bound == 0 or (bound > 0 and value >= beta) or (bound < 0 and value <= alpha):
                return value
        alpha0, beta0 = alpha, beta
        moves = self._defences(s, ways, far, d, nets) if to == d else self._attacks(s, ways, far, a, nets)
        best = -INF if to == a else INF
        for child, child_cuts in self._ordered(s, seed, moves, to == a):
            value = self._press(child, seed, d, a, plies - 1, alpha, beta, child_cuts)
            if to == a:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta or self.work[W_CUT]:
                break
        if not moves:
            return _margin(s, a)
        if not self.work[W_CUT] and not self.short:
            # 1: the value is at least this (a cut above beta), -1: at most, 0: exact.
            self.known[key] = (plies, best, 1 if best >= beta0 else -1 if best <= alpha0 else 0)
        return best


_ROUND = ((0, -1), (-1, 0), (1, 0), (0, 1))
"""The steps to a node's four neighbours by side (the ways a group's region runs on)."""


def _ends(ways: list[int], far: list[int]) -> list[int]:
    """Both ends of a group's ways out: its cut's nodes, then the edge's cut's not among them."""
    return list(dict.fromkeys([*ways, *far]))


def _beside(nodes: list[int], w: int, n: int, least: int) -> list[int]:
    """The nodes beside (by side) at least ``least`` of ``nodes`` and not among them, in order of first sight."""
    count: dict[int, int] = {}
    for v in nodes:
        for dx, dy in _ROUND:
            u = v + dy * w + dx
            if 0 <= v % w + dx < w and 0 <= u < n:
                count[u] = count.get(u, 0) + 1
    return [u for u, c in count.items() if c >= least and u not in nodes]


def _margin(s: np.ndarray, p: int) -> int:
    return int(units(s, p)) - int(units(s, 3 - p))


def _groups(s: np.ndarray, g: np.ndarray) -> list[tuple[int, int]]:
    """Each live group (side by side) of :data:`LEAST` dots or more: its first node and its size."""
    n, nq = int(s[S_NODES]), int(s[S_QUARTERS])
    w = int(g[0])
    live = s[o_live(n, nq):o_live(n, nq) + n]
    seen = np.zeros(n, dtype=np.bool_)
    found = []
    for v in map(int, np.flatnonzero(live)):
        if seen[v]:
            continue
        p = int(live[v])
        seen[v] = True
        todo, size = [v], 0
        while todo:
            u = todo.pop()
            size += 1
            x = u % w
            for nb in (u - w, u + w, u - 1 if x > 0 else -1, u + 1 if x < w - 1 else -1):
                if 0 <= nb < n and not seen[nb] and live[nb] == p:
                    seen[nb] = True
                    todo.append(nb)
        if size >= LEAST:
            found.append((v, size))
    return found


def lifeline_keep(presses: Presses, s: np.ndarray, moves: np.ndarray,
                  sharp: list[int]) -> tuple[np.ndarray | None, int, set[int]]:
    """Which root ``moves`` to keep (None: all) once the ladders of the side to move's pressed groups (those
    with at most :data:`PRESSED` ways out) are read; what is at stake (the units between the best move and a
    move elsewhere); and the nodes round those groups' cuts.

    A move is worth what it takes at once less the biggest of those groups the other side's ladder then
    takes: each group read again after a move on or beside either end of its ways out, or in ``sharp`` (the moves that
    take or save at once); any other move is worth a move elsewhere. The other side's groups are left to the
    other reads: a caught group's claim here holds against every defence beside its cut, so only our own
    groups' are used to leave moves out. As in ``read``, only a move the ladders make worse than it looks
    is left out, unless they make the best one better than it looks."""
    g = presses.g
    p = int(s[S_TO_MOVE])
    o = 3 - p
    w = int(g[0])
    null = s.copy()
    null[S_TO_MOVE] = o
    live0 = o_live(int(s[S_NODES]), int(s[S_QUARTERS]))
    pressed: list[tuple[int, set[int]]] = []  # seed, the nodes near its cut
    elsewhere_ladders = []  # what each group's ladder takes after a move elsewhere
    for seed, _size in _groups(s, g):
        if int(s[live0 + seed]) != p:
            continue
        ways, far = presses.ways_out(s, seed)
        if not ways or ways == [-1] or len(ways) > PRESSED:
            continue
        ends = _ends(ways, far)
        there = presses.ladder(null, seed)
        if there == 0:
            continue  # no ladder takes it even with the other side to move first: left to the search
        near = set(ends) | set(_beside(ends, w, int(s[S_NODES]), 1))
        pressed.append((seed, near))
        elsewhere_ladders.append(there)
    covered = {v for _seed, near in pressed for v in near}
    if presses.work[W_CUT] or not pressed:
        return None, 0, covered
    legal = {int(v) for v in moves}
    read = sorted((covered | set(sharp)) & legal)
    spare = np.zeros(s.shape[0], dtype=np.int32)
    base = _margin(s, p)
    value: dict[int, int] = {}
    shallow: dict[int, int] = {}
    for v in read:
        after = s.copy()
        play(after, g, v, p)
        now = _margin(after, p) - base
        lost = max(presses.ladder(after, seed) if v in near or v in sharp else there
                   for (seed, near), there in zip(pressed, elsewhere_ladders, strict=True))
        value[v] = now - lost
        shallow[v] = now - int(presses.captures.most_now(after, g, o, spare, presses.work))
        if presses.work[W_CUT]:
            return None, 0, covered
    elsewhere = -max(elsewhere_ladders)
    elsewhere_shallow = -int(presses.captures.most_now(null, g, o, spare, presses.work))
    best = max([*value.values(), elsewhere])
    top = [v for v in value if value[v] == best]
    raised = any(value[v] > shallow[v] for v in top) or (elsewhere == best and elsewhere > elsewhere_shallow)

    def kept(v: int) -> bool:
        if v in value:
            return value[v] >= best or not (raised or value[v] < shallow[v])
        return elsewhere >= best or not (raised or elsewhere < elsewhere_shallow)

    keep = np.array([kept(int(v)) for v in moves])
    return (None if keep.all() or not keep.any() else keep), best - elsewhere, covered
