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
and the defender answers beside either end: the big losses after the first ladders were such nets. The
press is compiled (:func:`press`, a loop over a stack of frames, as numba caches no function that calls
itself), with a table of the positions it read. :func:`lifeline_keep` is its use at the root, as ``read.bounds`` asks: what each move on or beside a pressed
group's cut keeps once the ladders are read, and which moves that shows worse than the best.
"""

from __future__ import annotations

import time

import numpy as np

from ai.kernel import captures
from ai.kernel.captures import W_CUT, W_PLAYS
from ai.kernel.jit import njit
from ai.kernel.rules import (
    S_NLEGAL,
    S_NODES,
    S_QUARTERS,
    S_TO_MOVE,
    copy_position,
    in_zone,
    is_legal,
    o_dot,
    o_legal,
    o_live,
    play,
    zone_binds,
)

INF = 1 << 20
"""A capacity no cut reaches: the arcs through a group's own dots and to the edge."""

OUT = 4
"""Ways out at which :func:`escape` stops counting: a group with four is out of any ladder's reach."""

FREE = (4, 3)
"""The ways out at which a ladder's group is out of it: with the attacker to move, with the defender."""

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
    1 free, 2 p's live dot. (The free ones are read off the legal list: a sweep asking each node costs more
    than the rest of :func:`escape`.)"""
    n, nq = s[S_NODES], s[S_QUARTERS]
    live0, lg0 = o_live(n, nq), o_legal(n, nq)
    for v in range(n):
        if s[live0 + v] == p:
            kind[v] = 2
    zone = zone_binds(s, p)
    for i in range(s[S_NLEGAL]):
        v = s[lg0 + i]
        if not zone or in_zone(s, g, v):
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


CUT = 2 * OUT - 1
"""A group's two cuts in one row: how many ways out (0: taken, :data:`OUT`: out of reach), then the nodes of the
cut nearest the group and those of the one nearest the edge, ``OUT - 1`` places each."""

MOST_MOVES = 36
"""A press's moves at one ply at most: the defender's are the ends of three ways out (six), the nodes beside them
(24), two captures and giving up (33)."""

TABLE = 1 << 16
"""Places in a root read's table of pressed positions read (a later position at the same place replaces one)."""

_ROUND_X = (0, -1, 1, 0)
_ROUND_Y = (-1, 0, 0, 1)
"""The steps to a node's four neighbours by side (the ways a group's region runs on)."""

# A press's frames (``frames`` rows, one a ply), as ``read._line``'s: numba caches no function calling itself.
P_PLIES, P_ALPHA, P_BETA, P_ALPHA0, P_BETA0, P_BEST, P_NEXT, P_COUNT, P_KEY = range(9)
PLY = 9

# A press's scratch rows (``bufs``).
B_ENDS, B_BESIDE, B_COUNT, B_AREA, B_TV, B_TG, B_CUT, B_FAR, B_KEY = range(9)
BUFS = 9

# A pass's own ``run`` array: the count of moves at which it ends, 1 once it ran out of them (its values are then
# not kept), and the ends of the ways out a net point of the attacker's is beside at least (2; 1: wide).
R_STOP, R_SHORT, R_LEAST = 0, 1, 2


@njit(inline="always")
def _cuts(s: np.ndarray, g: np.ndarray, seed: int, row: np.ndarray, cut: np.ndarray, far: np.ndarray) -> int:
    """Writes the two cuts of the group at ``seed`` into ``row`` (as :data:`CUT`); its ways out."""
    c = min(escape(s, g, seed, OUT, cut, far), OUT)
    row[0] = c
    if c < OUT:
        for i in range(c):
            row[1 + i] = cut[i]
            row[OUT + i] = far[i]
    return c


@njit(inline="always")
def _among(nodes: np.ndarray, k: int, v: int) -> bool:
    i = 0
    while i < k and nodes[i] != v:
        i += 1
    return i < k


@njit("int64(int32[::1], int32[::1])", cache=True)
def ends(row: np.ndarray, out: np.ndarray) -> int:
    """Both ends of the ways out in a cuts ``row`` (with 1 to ``OUT - 1`` of them), into ``out``: the group's, then
    the edge's not among them; how many."""
    c = row[0]
    k = 0
    for i in range(c):
        out[k] = row[1 + i]
        k += 1
    for i in range(c):
        v = row[OUT + i]
        if not _among(out, k, v):
            out[k] = v
            k += 1
    return k


@njit("int64(int32[::1], int64, int64, int64, int64, int32[::1], int32[::1])", cache=True)
def beside(nodes: np.ndarray, k: int, w: int, n: int, least: int, out: np.ndarray, count: np.ndarray) -> int:
    """The nodes beside (by side) at least ``least`` of ``nodes[:k]`` and not among them, into ``out`` in order of
    first sight; how many."""
    m = 0
    for i in range(k):
        v = nodes[i]
        for d in range(4):
            u = v + _ROUND_Y[d] * w + _ROUND_X[d]
            if not (0 <= v % w + _ROUND_X[d] < w and 0 <= u < n):
                continue
            j = 0
            while j < m and out[j] != u:
                j += 1
            if j == m:
                out[m] = u
                count[m] = 0
                m += 1
            count[j] += 1
    r = 0
    for j in range(m):
        if count[j] >= least and not _among(nodes, k, out[j]):
            out[r] = out[j]
            r += 1
    return r


@njit(inline="always")
def _add(s: np.ndarray, g: np.ndarray, nodes: np.ndarray, k: int, p: int, out: np.ndarray, m: int) -> int:
    """Adds to ``out[:m]`` those of ``nodes[:k]`` not in it that p may play; the new count."""
    first = m
    for i in range(k):
        v = nodes[i]
        if not _among(out, first, v) and is_legal(s, g, v, p):
            out[m] = v
            m += 1
    return m


@njit(inline="always")
def _moves(s: np.ndarray, g: np.ndarray, row: np.ndarray, d: int, nets: bool, least: int, work: np.ndarray,
           bufs: np.ndarray, spare: np.ndarray, out: np.ndarray) -> int:
    """The press's moves at ``s`` (its group's cuts in ``row``, ``d`` its side) into ``out``; how many.

    The attacker shuts a way out at the group's end or at the edge's, or (``nets``) takes a net point: a free
    node beside ``least`` of those ends (two: it shuts neither but answers both). The defender plays on a way out or
    beside one (a cut's node is not the only way to open another; with ``nets``, beside the edge's ends too,
    where a net point is answered), takes dots near them (it may break the attacker's wall), or gives the
    group up (-1)."""
    n, w, p = s[S_NODES], g[0], s[S_TO_MOVE]
    around, near, count = bufs[B_ENDS], bufs[B_BESIDE], bufs[B_COUNT]
    k = ends(row, around)
    m = _add(s, g, around, k, p, out, 0)
    if p != d:
        if nets:
            m = _add(s, g, near, beside(around, k, w, n, least, near, count), p, out, m)
        return m
    m = _add(s, g, near, beside(around, k if nets else row[0], w, n, 1, near, count), p, out, m)
    # Near its ways out; a group shut in and not yet taken (none left): anywhere.
    area, tv = bufs[B_AREA], bufs[B_TV]
    c1, c2 = row[1] if row[0] > 0 else -1, row[2] if row[0] > 1 else -1
    t = captures.threats(s, g, d, area, captures.area(s, g, c1, c2, area), spare, work, tv, bufs[B_TG])
    first = m
    for j in range(min(t, 2)):
        if not _among(out, first, tv[j]):
            out[m] = tv[j]
            m += 1
    out[m] = -1
    return m + 1


@njit(inline="always")
def _order(s: np.ndarray, g: np.ndarray, seed: int, moves: np.ndarray, m: int, attacking: bool, child: np.ndarray,
           rows: np.ndarray, bufs: np.ndarray) -> None:
    """Each of ``moves[:m]``'s positions' cuts into ``rows`` (which the read of it then uses), and both in the
    order to try them: those leaving the group fewest ways out first for the attacker, most first for the
    defender (the move that ends the read soonest first; a stable sort)."""
    key = bufs[B_KEY]
    for i in range(m):
        copy_position(child, s)
        if moves[i] < 0:
            child[S_TO_MOVE] = 3 - s[S_TO_MOVE]
        else:
            play(child, g, moves[i], s[S_TO_MOVE])
        c = _cuts(child, g, seed, rows[i], bufs[B_CUT], bufs[B_FAR])
        key[i] = c if attacking else -c
    for i in range(1, m):
        j = i
        while j > 0 and key[j - 1] > key[j]:
            key[j - 1], key[j] = key[j], key[j - 1]
            moves[j - 1], moves[j] = moves[j], moves[j - 1]
            for x in range(CUT):
                rows[j - 1, x], rows[j, x] = rows[j, x], rows[j - 1, x]
            j -= 1


@njit(inline="always")
def _key(s: np.ndarray, seed: int, nets: bool, least: int, zob: np.ndarray) -> int:
    """The pressed position's key in the table: its dots, the side to move, the group and whether net points are
    read, beside how many ends (``zob``'s random words: three a node, then one a node for the group, then the
    side, then the net points beside one end and beside two)."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    dot0 = o_dot(n, nq)
    h = zob[3 * n + seed] ^ zob[4 * n + s[S_TO_MOVE] - 1]
    if nets:
        h ^= zob[4 * n + 1 + least]
    for v in range(n):
        p = s[dot0 + v]
        if p != 0:
            h ^= zob[3 * v + p]
    key: int = h
    return key


@njit(inline="always")
def _open(level: int, plies: int, alpha: int, beta: int, g: np.ndarray, seed: int, nets_above: int,
          run: np.ndarray, work: np.ndarray, line: np.ndarray, cuts: np.ndarray, rows: np.ndarray,
          moves: np.ndarray, frames: np.ndarray, bufs: np.ndarray, known: np.ndarray, table: np.ndarray,
          zob: np.ndarray) -> tuple[bool, int]:
    """Starts the read of ``line[level]`` (its group's cuts in ``cuts[level]``): (True, its value) where it
    ends there, else (False, 0) with its frame and its ordered moves set."""
    s = line[level]
    n, nq = s[S_NODES], s[S_QUARTERS]
    d = line[0][o_live(n, nq) + seed]
    a = 3 - d
    if s[o_live(n, nq) + seed] != d:
        return True, captures.margin(s, a)  # taken
    if work[W_PLAYS] >= run[R_STOP]:
        run[R_SHORT] = 1  # this pass's moves are spent: what is left of it counts as out
        return True, captures.margin(s, a)
    if plies == 0 or not captures.spend(work):
        return True, captures.margin(s, a)
    row = cuts[level]
    to = s[S_TO_MOVE]
    if row[0] >= FREE[1 if to == d else 0]:
        return True, captures.margin(s, a)  # out
    nets = plies > nets_above
    key = _key(s, seed, nets, run[R_LEAST], zob)
    place = key & (TABLE - 1)
    if known[place] == key and table[place, 0] >= plies:
        value, bound = table[place, 1], table[place, 2]
        if bound == 0 or (bound > 0 and value >= beta) or (bound < 0 and value <= alpha):
            return True, value
    m = _moves(s, g, row, d, nets, run[R_LEAST], work, bufs, line[line.shape[0] - 1], moves[level])
    if m == 0:
        return True, captures.margin(s, a)
    _order(s, g, seed, moves[level], m, to == a, line[line.shape[0] - 2], rows[level], bufs)
    f = frames[level]
    f[P_PLIES], f[P_ALPHA], f[P_BETA], f[P_ALPHA0], f[P_BETA0] = plies, alpha, beta, alpha, beta
    f[P_BEST] = -INF if to == a else INF
    f[P_NEXT], f[P_COUNT], f[P_KEY] = 0, m, key
    return False, 0


_PRESS_TYPES = ("int64(int32[:, ::1], int32[::1], int64, int64, int64, int64, int64, int64[::1], int64[::1], "
                "int32[:, ::1], int32[:, :, ::1], int32[:, ::1], int64[:, ::1], int32[:, ::1], int64[::1], "
                "int64[:, ::1], int64[::1])")


@njit(_PRESS_TYPES, cache=True, nogil=True)  # on one line: ai.kernel.cache counts the cached functions so
def press(line: np.ndarray, g: np.ndarray, seed: int, plies: int, alpha: int, beta: int, nets_above: int,
          run: np.ndarray, work: np.ndarray, cuts: np.ndarray, rows: np.ndarray, moves: np.ndarray,
          frames: np.ndarray, bufs: np.ndarray, known: np.ndarray, table: np.ndarray, zob: np.ndarray) -> int:
    """The attacker's margin at the end of the press from ``line[0]`` on the group at ``seed`` (its cuts in
    ``cuts[0]``), ``plies`` deep, alpha-beta in (alpha, beta), the attacker maximising; net points (beside
    ``run[R_LEAST]`` ends) are read while more than ``nets_above`` plies are left. Ply L's position is ``line[L]``, its moves ``moves[L]`` with
    their positions' cuts ``rows[L]``; ``line``'s last two rows are scratch. ``known`` and ``table``: the
    positions read, by key (:func:`_key`): plies, value and bound (1: the value is at least this, -1: at
    most, 0: exact)."""
    a = 3 - line[0][o_live(line[0][S_NODES], line[0][S_QUARTERS]) + seed]
    done, value = _open(0, plies, alpha, beta, g, seed, nets_above, run, work, line, cuts, rows, moves, frames, bufs,
                        known, table, zob)
    if done:
        return value
    level = 0
    while True:
        f = frames[level]
        if f[P_NEXT] < f[P_COUNT]:
            i = f[P_NEXT]
            f[P_NEXT] += 1
            here, child = line[level], line[level + 1]
            copy_position(child, here)
            if moves[level, i] < 0:
                child[S_TO_MOVE] = 3 - here[S_TO_MOVE]
            else:
                play(child, g, moves[level, i], here[S_TO_MOVE])
            cuts[level + 1][:] = rows[level, i]
            done, value = _open(level + 1, f[P_PLIES] - 1, f[P_ALPHA], f[P_BETA], g, seed, nets_above, run, work,
                                line, cuts, rows, moves, frames, bufs, known, table, zob)
            if not done:
                level += 1
                continue
        else:
            value = int(f[P_BEST])
            if not work[W_CUT] and not run[R_SHORT]:
                place = f[P_KEY] & (TABLE - 1)
                known[place] = f[P_KEY]
                table[place, 0], table[place, 1] = f[P_PLIES], value
                table[place, 2] = 1 if value >= f[P_BETA0] else -1 if value <= f[P_ALPHA0] else 0
            if level == 0:
                return value
            level -= 1
            f = frames[level]
        if line[level][S_TO_MOVE] == a:
            f[P_BEST] = max(f[P_BEST], value)
            f[P_ALPHA] = max(f[P_ALPHA], value)
        else:
            f[P_BEST] = min(f[P_BEST], value)
            f[P_BETA] = min(f[P_BETA], value)
        if f[P_ALPHA] >= f[P_BETA] or work[W_CUT]:
            f[P_NEXT] = f[P_COUNT]  # cut: the rest of this ply's moves are not read


class Presses:
    """The ladders of one root read (:func:`lifeline_keep`), sharing ``read``'s count of moves played, with the
    scratch arrays and the table of positions their compiled :func:`press` uses."""

    def __init__(self, g: np.ndarray, work: np.ndarray, n: int, deadline: float | None = None) -> None:
        self.g = g
        self.work = work
        self.deadline = deadline
        self.cut = np.zeros(n, dtype=np.int32)
        self.far = np.zeros(n, dtype=np.int32)
        self.bufs = np.zeros((BUFS, max(n, 64)), dtype=np.int32)
        self.run = np.zeros(3, dtype=np.int64)
        self.known = np.zeros(TABLE, dtype=np.int64)
        self.table = np.zeros((TABLE, 3), dtype=np.int64)
        self.zob = np.random.default_rng(n).integers(-(1 << 63), (1 << 63) - 1, size=4 * n + 4, dtype=np.int64)
        self.line = np.zeros((0, 0), dtype=np.int32)  # per ply (sized at a ladder): positions, cuts, moves, frames
        self.cuts = np.zeros((0, CUT), dtype=np.int32)
        self.rows = np.zeros((0, MOST_MOVES, CUT), dtype=np.int32)
        self.moves = np.zeros((0, MOST_MOVES), dtype=np.int32)
        self.frames = np.zeros((0, PLY), dtype=np.int64)

    @property
    def short(self) -> bool:
        """Whether the last pass read ran out of its :data:`LADDER_MOVES` (what was left counted as out)."""
        return bool(self.run[R_SHORT])

    def cuts_of(self, s: np.ndarray, seed: int) -> np.ndarray:
        """The group at ``seed``'s cuts (a :data:`CUT` row)."""
        row = np.zeros(CUT, dtype=np.int32)
        _cuts(s, self.g, seed, row, self.cut, self.far)
        return row

    def near(self, row: np.ndarray, n: int) -> set[int]:
        """Both ends of the ways out in the cuts ``row``, and the nodes beside them."""
        around, near, count = self.bufs[B_ENDS], self.bufs[B_BESIDE], self.bufs[B_COUNT]
        k = int(ends(row, around))
        m = int(beside(around, k, int(self.g[0]), n, 1, near, count))
        return {int(v) for v in around[:k]} | {int(v) for v in near[:m]}

    def ladder(self, s: np.ndarray, seed: int, plies: int = LADDER_PLIES, *, wide: bool = False) -> int:
        """What the group at ``seed``'s other side gains (units) by pressing it from ``s``, whoever is to move,
        each side at its best: the attacker on the group's cut, the defender on it, by a capture near it, or by
        giving the group up. 0 where the group gets out, or the read ends first. ``wide``: the attacker's net
        points are any beside an end of the ways out (a move's save checked), not only those beside two."""
        d = int(s[o_live(int(s[S_NODES]), int(s[S_QUARTERS])) + seed])
        if d == 0:
            return 0
        if self.line.shape != (plies + 3, s.shape[0]):
            self.line = np.zeros((plies + 3, s.shape[0]), dtype=np.int32)
            self.cuts = np.zeros((plies + 1, CUT), dtype=np.int32)
            self.rows = np.zeros((plies + 1, MOST_MOVES, CUT), dtype=np.int32)
            self.moves = np.zeros((plies + 1, MOST_MOVES), dtype=np.int32)
            self.frames = np.zeros((plies + 1, PLY), dtype=np.int64)
        self.line[0] = s
        _cuts(s, self.g, seed, self.cuts[0], self.cut, self.far)
        base = captures.margin(s, 3 - d)
        # First only whether the press takes anything (a null window: one escape refutes each try), which is
        # most of the time no; then how much.
        self.run[R_LEAST] = 1 if wide else 2
        if self._pass(seed, plies, base, base + 1) <= base:
            return 0
        return max(0, self._pass(seed, plies, base, INF) - base)

    def _pass(self, seed: int, plies: int, alpha: int, beta: int) -> int:
        """One pass of a ladder's read, with its own :data:`LADDER_MOVES`. The search's hard end (a busy
        machine) is looked at before each pass: one pass plays some milliseconds at most."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.work[W_CUT] = 1
            return alpha
        self.run[R_STOP], self.run[R_SHORT] = int(self.work[W_PLAYS]) + LADDER_MOVES, 0
        return int(press(self.line, self.g, seed, plies, alpha, beta, plies - NET_POINT_PLIES, self.run, self.work,
                         self.cuts, self.rows, self.moves, self.frames, self.bufs, self.known, self.table, self.zob))


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
    takes: every group read again after a move on or beside either end of any one's ways out, or in ``sharp``
    (the moves that take or save at once); any other move is worth a move elsewhere. The other side's groups
    are left to the other reads: a caught group's claim here holds against every defence beside its cut, so
    only our own groups' are used to leave moves out. As in ``read``, only a move the ladders make worse than
    it looks is left out, unless they make the best one better than it looks.

    Whether a group is pressed at all is read wide (the attacker's net points beside any end of the ways out):
    the 2 s game 5's 27 dots (``bench/data/master-vs-oppai-2s-clock-ladders-loss-2-33.sgf``) were lost to a net
    point beside one end that the narrow press missed. The moves are read narrow, which costs a third of a wide
    read; the best of them are read again wide until all the best are confirmed (:func:`_wide_loss`). Groups
    whose ways out are the same nodes are read as one (:func:`_pressed`): read one by one, the three of the 2 s
    game 11 (``…-ladders-loss-0-25.sgf``) spent all of a 1 s move's count."""
    g = presses.g
    p = int(s[S_TO_MOVE])
    o = 3 - p
    null = s.copy()
    null[S_TO_MOVE] = o
    seeds, covered, elsewhere_ladders = _pressed(presses, s, null)
    if presses.work[W_CUT] or not seeds:
        return None, 0, covered
    legal = {int(v) for v in moves}
    read = sorted((covered | set(sharp)) & legal)
    spare = np.zeros(s.shape[0], dtype=np.int32)
    base = captures.margin(s, p)
    value: dict[int, int] = {}
    shallow: dict[int, int] = {}
    gained: dict[int, int] = {}  # what the move takes at once
    for v in read:
        after = s.copy()
        play(after, g, v, p)
        gained[v] = captures.margin(after, p) - base
        # Every group is read again, not only those whose cut the move is beside: it may save one through
        # another (the 1 s game's (8, 0), beside the big group's cut only, kept the small one too).
        value[v] = gained[v] - max(presses.ladder(after, seed) for seed in seeds)
        shallow[v] = gained[v] - int(captures.most_now(after, g, o, spare, presses.work))
        if presses.work[W_CUT]:
            return None, 0, covered
    elsewhere = -max(elsewhere_ladders)
    elsewhere_shallow = -int(captures.most_now(null, g, o, spare, presses.work))
    # A save claimed wrongly would leave every other move out: the best moves are read again wide, each worth
    # what that read says, until the best are all confirmed (the wide read takes at least what the narrow does).
    confirmed: set[int] = set()
    while True:
        best = max([*value.values(), elsewhere])
        doubtful = [v for v in value if value[v] == best and v not in confirmed]
        if not doubtful:
            break
        for v in doubtful:
            wide = _wide_loss(presses, s, v, seeds)
            if wide is None:
                return None, best - elsewhere, covered
            value[v] = min(value[v], gained[v] - wide)
            confirmed.add(v)
    top = [v for v in value if value[v] == best]
    raised = any(value[v] > shallow[v] for v in top) or (elsewhere == best and elsewhere > elsewhere_shallow)

    def kept(v: int) -> bool:
        if v in value:
            return value[v] >= best or not (raised or value[v] < shallow[v])
        return elsewhere >= best or not (raised or elsewhere < elsewhere_shallow)

    keep = np.array([kept(int(v)) for v in moves])
    if keep.all() or not keep.any():
        return None, best - elsewhere, covered
    return keep, best - elsewhere, covered


def _pressed(presses: Presses, s: np.ndarray, null: np.ndarray) -> tuple[list[int], set[int], list[int]]:
    """The side to move's groups (in ``s``) that a wide ladder takes with the other side to move first (``null``):
    a node of each, the nodes near their cuts, and what each ladder takes."""
    p = int(s[S_TO_MOVE])
    live0 = o_live(int(s[S_NODES]), int(s[S_QUARTERS]))
    seeds: list[int] = []
    covered: set[int] = set()
    taken: list[int] = []
    shared: set[tuple[int, ...]] = set()  # the cuts read so far
    for seed, _size in sorted(_groups(s, presses.g), key=lambda group: -group[1]):
        if int(s[live0 + seed]) != p:
            continue
        row = presses.cuts_of(s, seed)
        if not 0 < row[0] <= PRESSED:
            continue
        # Groups whose ways out run through the same nodes at both ends are pressed as one: the biggest one's
        # ladder takes them all (a press counts every dot it encloses), and each read again costs as much.
        cuts = tuple(int(v) for v in row)
        if cuts in shared:
            continue
        shared.add(cuts)
        there = presses.ladder(null, seed, wide=True)
        if there == 0:
            continue  # no ladder takes it even with the other side to move first: left to the search
        seeds.append(seed)
        covered |= presses.near(row, int(s[S_NODES]))
        taken.append(there)
    return seeds, covered, taken


def _wide_loss(presses: Presses, s: np.ndarray, v: int, seeds: list[int]) -> int | None:
    """The most any pressed group's ladder (at ``seeds``) takes after ``v``, read with the attacker's net points
    any beside an end of the ways out: the press's own (beside two ends) miss some, as the 2 s game 8's (11, 4).
    None where a read is cut or runs out of its moves: that confirms nothing."""
    after = s.copy()
    play(after, presses.g, v, int(s[S_TO_MOVE]))
    most = 0
    for seed in seeds:
        most = max(most, presses.ladder(after, seed, wide=True))
        if presses.short or presses.work[W_CUT]:
            return None
    return most
