"""The master's compiled search: UCT with random playouts over ``ai.kernel.rules``.

Each iteration copies the root position, walks down the tree by UCB, grows the tree
by one node's children where a leaf has been visited often enough, plays the rest of
the game out at random and backs up who won. Playouts see what a short horizon does
not: whether a group can still reach the edge decides, over thousands of games, who
ends up enclosing it.

The tree lives in arrays that Python owns (``Tree``), so a search runs in chunks:
Python calls :func:`run` for a few hundred iterations at a time and looks at the clock
and the cancel flag between chunks. ``run`` releases the GIL, so the game's window
keeps drawing and several threads can search at once.
"""

from __future__ import annotations

import numpy as np

from ai.kernel.jit import njit
from ai.kernel.rules import (
    S_CLASSIC,
    S_MOVE_NO,
    S_NLEGAL,
    S_NODES,
    S_QUARTERS,
    S_TO_MOVE,
    in_zone,
    legal_nodes,
    o_dot,
    o_encl,
    o_legal,
    o_rep,
    open_neighbour,
    own_neighbours,
    play,
    units,
    zone_binds,
)

# Tree columns (int32 array ``nodes`` of shape (capacity, 4)) and stats (float64 (capacity, 4)).
T_MOVE, T_CHILD, T_COUNT, T_MOVER = 0, 1, 2, 3
V_VISITS, V_WINS, V_AMAF_VISITS, V_AMAF_WINS = 0, 1, 2, 3

# What a search weighs, passed to ``run`` as a float array so that matches can try other values.
P_EXPLORE, P_RAVE_EQUIV, P_FIRST_URGENCY, P_MARGIN_WEIGHT, P_KOMI_SHARE, P_KOMI, P_PRIOR, P_LOCAL, P_WIDEN = range(9)

EXPAND_AFTER = 2
"""Visits a leaf needs before its children are added: fewer nodes, each better informed."""

PLAYOUT_RADIUS = 3
"""Playouts play within this many steps of a dot: the game is where the dots are."""

PARAMS = np.array([0.25, 800.0, 1.1, 0.1, 0.0, 0.0, 4.0, 0.0, 0.0])
"""The master's weights: UCB's exploration (values are in [0, 1]); the visits at which a move's own
value and its rapid action value count alike; the value of a move neither tried nor seen; the
share of a playout's value given by its margin rather than by who won; the share of the playouts'
mean margin that the side to move must win by to count a playout won (dynamic komi, see
``ai.kernel.master``); and that komi itself, in units, set by the search as it goes. Both margin
terms keep a won game played for more and a lost one for less, instead of every move looking
alike once the result is clear. The komi's share is set by the search for each rule set
(``ai.kernel.master.RULE_WEIGHTS``). Last, the won visits a root move starts with for each unit it
encloses at once or keeps the other side from enclosing (at most :data:`PRIOR_MOST` units). And the
share of playout moves that answer the move before beside it (:func:`_local_reply`), set for each rule set
like the komi's share, and off on boards bigger than ``ai.kernel.master.LOCAL_NODES``. And how wide the root's
walks are (:func:`_widest`): 0 for every move, else only the best ``2 + widen * sqrt(visits)`` by value
(``bench.match --a-weights widen=W``).

Measured against oppai-rs (classic 15×15, 0.3 s a move each, 20 games): 17 won without won
visits for enclosing moves, 16 with them down to the third level of the tree; at the root alone
they are what keeps a search of a few dozen iterations from giving everything away (without them
the master won 11 of 40 against the amateur at 0.3 s on 20×20 classic with the machine overloaded). Against master-v2 in countries, dynamic komi raised the mean margin from about +7 to
+21 cells (10 games each, 1 s); in classic it did not help (6 of 10 against 8 of 10)."""

PRIOR_MOST = 4
"""Units of gain beyond which a root move's won visits grow no more."""

MARGIN_SCALE = 4.0
"""Score units (half cells or dots) that make a margin count about three quarters of its share."""


@njit(inline="always")
def _rand(rng: np.ndarray) -> np.uint64:
    # xorshift64*: repeatable from a seed, and each thread has its own.
    x: np.uint64 = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return x * np.uint64(0x2545F4914F6CDD1D)


@njit(inline="always")
def _below(rng: np.ndarray, k: int) -> int:
    return int((_rand(rng) >> np.uint64(33)) % np.uint64(k))


@njit(inline="always")
def _wasted(s: np.ndarray, g: np.ndarray, v: int, p: int) -> bool:
    """Classic: a dot at v would stand in the other side's free area, to be captured at once.

    Unless it has two own dots beside it: then it may itself close a loop round the area's border
    and capture it first (docs/RULES.md §3.5) — a game was lost by 26 dots to such a move the search
    never looked at.
    """
    if not s[S_CLASSIC]:
        return False
    n, nq = s[S_NODES], s[S_QUARTERS]
    r = g[o_rep(n, nq) + v]
    if r < 0 or s[o_encl(n, nq, 3 - p) + r] == 0:
        return False
    return own_neighbours(s, g, v, p) < 2


@njit("int64(int32[::1], int32[::1], int32[::1])", cache=True)
def _candidates(s: np.ndarray, g: np.ndarray, out: np.ndarray) -> int:
    """Legal nodes for the side to move within two steps of a dot and not thrown away into the
    other side's free area; failing that, any legal node."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    w, h = g[0], g[1]
    p = s[S_TO_MOVE]
    dot0, lg0 = o_dot(n, nq), o_legal(n, nq)
    zone = zone_binds(s, p)
    k = 0
    far = 0
    for i in range(s[S_NLEGAL]):
        v = s[lg0 + i]
        if zone and not in_zone(s, g, v):
            continue
        x, y = v % w, v // w
        near = False
        for dy in range(-2, 3):
            yy = y + dy
            if yy < 0 or yy >= h:
                continue
            for dx in range(-2, 3):
                xx = x + dx
                if 0 <= xx < w and s[dot0 + yy * w + xx] != 0:
                    near = True
                    break
            if near:
                break
        if near and not _wasted(s, g, v, p):
            out[k] = v
            k += 1
        else:
            out[n - 1 - far] = v  # kept at the far end in case nothing better is found
            far += 1
    if k == 0:
        for i in range(far):
            out[i] = out[n - 1 - i]
        k = far
    return k


candidates = _candidates
"""The root's moves as the tree gives them children (``ai.kernel.master`` reads forcing lines over them)."""


@njit(inline="always")
def _near_add(g: np.ndarray, near: np.ndarray, v: int) -> None:
    w, h = g[0], g[1]
    x, y = v % w, v // w
    for yy in range(max(0, y - PLAYOUT_RADIUS), min(h, y + PLAYOUT_RADIUS + 1)):
        for xx in range(max(0, x - PLAYOUT_RADIUS), min(w, x + PLAYOUT_RADIUS + 1)):
            near[yy * w + xx] += 1


@njit("void(int32[::1], int32[::1], int32[::1])", cache=True)
def near_counts(s: np.ndarray, g: np.ndarray, near: np.ndarray) -> None:
    """near[v]: dots within PLAYOUT_RADIUS steps of v."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    dot0 = o_dot(n, nq)
    near[:] = 0
    for v in range(n):
        if s[dot0 + v] != 0:
            _near_add(g, near, v)


@njit(inline="always")
def _fits(s: np.ndarray, g: np.ndarray, near: np.ndarray, v: int, p: int, zone: bool) -> bool:
    return near[v] != 0 and not (zone and not in_zone(s, g, v)) and not _wasted(s, g, v, p)


@njit(inline="always")
def _local_reply(s: np.ndarray, g: np.ndarray, near: np.ndarray, rng: np.ndarray, last: int, p: int,
                 zone: bool) -> int:
    """A node beside ``last`` where p's random move fits, from a random direction on; -1 if none."""
    d0 = _below(rng, 8)
    for d in range(8):
        u = open_neighbour(s, g, last, (d0 + d) % 8)
        if u >= 0 and _fits(s, g, near, u, p, zone):
            return u
    return -1


@njit("void(int32[::1], int32[::1], int32[::1], uint64[::1], int64, int64)", cache=True)
def _playout(s: np.ndarray, g: np.ndarray, near: np.ndarray, rng: np.ndarray, last: int, local: int) -> None:
    """Random moves near the dots until the side to move has none but throwing dots away.

    A classic game so ends at its fair end, where a player presses «Стоп», not at a full
    board where the last dots are fed into the other side's areas. ``local`` moves in a
    thousand answer the move before (``last`` at first, -1 for none) beside it, where they can:
    walls are fought over where they meet, and a playout that answers there values a country
    by whether it can be closed, not by whether chance left it open.
    """
    n, nq = s[S_NODES], s[S_QUARTERS]
    lg0 = o_legal(n, nq)
    for _ in range(n + 1):
        count = s[S_NLEGAL]
        if count == 0:
            return
        p = s[S_TO_MOVE]
        zone = zone_binds(s, p)
        v = -1
        if last >= 0 and local > 0 and _below(rng, 1000) < local:
            v = _local_reply(s, g, near, rng, last, p, zone)
        for _ in range(6 if v < 0 else 0):
            u = s[lg0 + _below(rng, count)]
            if _fits(s, g, near, u, p, zone):
                v = u
                break
        if v < 0:
            # Few good nodes left: look through the list once, from a random place.
            start = _below(rng, count)
            spare = -1
            for i in range(count):
                u = s[lg0 + (start + i) % count]
                if _fits(s, g, near, u, p, zone):
                    v = u
                    break
                if spare < 0 and not (zone and not in_zone(s, g, u)) and not _wasted(s, g, u, p):
                    spare = u  # far from every dot, but a real move
            if v < 0:
                v = spare
            if v < 0:
                return
        play(s, g, v, p)
        _near_add(g, near, v)
        last = v


@njit(inline="always")
def _value(s: np.ndarray, p: int, margin_weight: float, komi: float) -> float:
    """How good the finished playout is for p, in [0, 1], when p must win by ``komi`` units."""
    diff = units(s, p) - units(s, 3 - p) - komi
    win = 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
    margin: float = 0.5 + 0.5 * np.tanh(diff / MARGIN_SCALE)
    return (1.0 - margin_weight) * win + margin_weight * margin


@njit("int64(int32[::1], int32[::1], int64, int64, int32[::1])", cache=True)
def _gains(s: np.ndarray, g: np.ndarray, v: int, p: int, spare: np.ndarray) -> int:
    """What p's score minus the other's gains, in units, if p plays v now (0 where it cannot close)."""
    if own_neighbours(s, g, v, p) < 2:
        return 0
    spare[:] = s
    play(spare, g, v, p)
    return max(0, (units(spare, p) - units(spare, 3 - p)) - (units(s, p) - units(s, 3 - p)))


gains = _gains
"""What a move encloses at once (``ai.kernel.master`` plays a big take that the search rates about as well)."""


@njit("void(int32[::1], int32[::1], int32[::1], int64[::1], int64[::1])", cache=True, nogil=True)
def nets(s: np.ndarray, g: np.ndarray, moves: np.ndarray, gain: np.ndarray, lets: np.ndarray) -> None:
    """For each of ``moves`` of the side to move: what it encloses now (``gain``) and the most the other
    side can then enclose with one reply (``lets``), both in units, as the amateur weighs a move."""
    p = s[S_TO_MOVE]
    o = 3 - p
    after = s.copy()
    spare = s.copy()
    replies = np.empty(s[S_NODES], dtype=np.int32)
    for i in range(moves.shape[0]):
        v = moves[i]
        gain[i] = _gains(s, g, v, p, spare)
        after[:] = s
        play(after, g, v, p)
        most = 0
        for j in range(legal_nodes(after, g, o, replies)):
            most = max(most, _gains(after, g, replies[j], o, spare))
        lets[i] = most


@njit("int64(int32[::1], int32[::1], int32[::1])", cache=True, nogil=True)
def sharp(s: np.ndarray, g: np.ndarray, out: np.ndarray) -> int:
    """Writes into ``out`` the legal nodes where either side would enclose something now; returns how many."""
    p = s[S_TO_MOVE]
    spare = s.copy()
    legal = np.empty(s[S_NODES], dtype=np.int32)
    k = 0
    for i in range(legal_nodes(s, g, p, legal)):
        v = legal[i]
        if _gains(s, g, v, p, spare) > 0 or _gains(s, g, v, 3 - p, spare) > 0:
            out[k] = v
            k += 1
    return k


@njit(inline="always")
def _worth(stats: np.ndarray, c: int, equiv: float) -> float:
    """A child's value as UCB weighs it less exploration: its own mean blended with its rapid action value."""
    visits = stats[c, V_VISITS]
    seen = stats[c, V_AMAF_VISITS]
    q = stats[c, V_WINS] / visits if visits > 0.0 else 0.0
    qa = stats[c, V_AMAF_WINS] / seen if seen > 0.0 else 0.0
    # Rapid action value: how the move did wherever it was played later in a
    # simulation, trusted while the move's own visits are few.
    beta = seen / (seen + visits + visits * seen / equiv) if seen > 0.0 else 0.0
    return (1.0 - beta) * q + beta * qa


@njit(inline="always")
def _widest(nodes: np.ndarray, stats: np.ndarray, node: int, equiv: float, first_urgency: float, widen: float,
            worths: np.ndarray) -> float:
    """The least value a child of ``node`` needs to be walked to, when only the best ``2 + widen * sqrt(visits)``
    are (progressive widening over the rapid action values); minus infinity where all are."""
    first: int = nodes[node, T_CHILD]
    count: int = nodes[node, T_COUNT]
    k = int(2.0 + widen * np.sqrt(stats[node, V_VISITS]))
    if widen <= 0.0 or k >= count:
        return -np.inf
    for i in range(count):
        c = first + i
        if stats[c, V_VISITS] == 0.0 and stats[c, V_AMAF_VISITS] == 0.0:
            worths[i] = first_urgency
        else:
            worths[i] = _worth(stats, c, equiv)
    least: float = np.partition(worths[:count], count - k)[count - k]
    return least


@njit(inline="always")
def _pick_child(nodes: np.ndarray, stats: np.ndarray, node: int, rng: np.ndarray, explore: float, equiv: float,
                first_urgency: float, least: float) -> int:
    """The child of ``node`` that UCB with rapid action values walks to, among those worth ``least`` or more."""
    first: int = nodes[node, T_CHILD]
    count: int = nodes[node, T_COUNT]
    parent_log = np.log(stats[node, V_VISITS] + 1.0)
    best = first
    best_score = -1.0
    for c in range(first, first + count):
        visits = stats[c, V_VISITS]
        seen = stats[c, V_AMAF_VISITS]
        if visits == 0.0 and seen == 0.0:
            score = first_urgency + _below(rng, 1000) * 1e-6  # untried, unseen: in random order
        else:
            worth = _worth(stats, c, equiv)
            if worth < least:
                continue
            score = worth + explore * np.sqrt(parent_log / (visits + 1.0))
        if score > best_score:
            best_score = score
            best = c
    return best


@njit(inline="always")
def _expand(s: np.ndarray, g: np.ndarray, nodes: np.ndarray, stats: np.ndarray, used: np.ndarray, node: int,
            cand: np.ndarray, spare: np.ndarray, prior: float) -> None:
    """Gives the leaf ``node`` (position ``s``) its children, if the tree has room for them."""
    capacity = nodes.shape[0]
    k = _candidates(s, g, cand)
    if used[0] + k <= capacity:
        first = used[0]
        mover = s[S_TO_MOVE]
        for i in range(k):
            row = first + i
            nodes[row, T_MOVE] = cand[i]
            nodes[row, T_CHILD] = -1
            nodes[row, T_COUNT] = 0
            nodes[row, T_MOVER] = mover
            for col in range(4):
                stats[row, col] = 0.0
            if node == 0:
                # At the root a move that encloses now, or stops the other side enclosing, starts
                # with won visits, more for more: a search of few iterations (a big board, a short
                # budget, a slow machine) still takes and saves what is there to take.
                gain = (_gains(s, g, cand[i], mover, spare) + _gains(s, g, cand[i], 3 - mover, spare))
                if gain > 0:
                    stats[row, V_VISITS] = prior * min(gain, PRIOR_MOST)
                    stats[row, V_WINS] = stats[row, V_VISITS]
        used[0] += k
        nodes[node, T_CHILD] = first
        nodes[node, T_COUNT] = k


@njit(inline="always")
def _back_up(s: np.ndarray, nodes: np.ndarray, stats: np.ndarray, path: np.ndarray, depth: int, blue: float,
             dot0: int) -> None:
    """Adds the finished playout ``s`` (worth ``blue`` to Blue) to the nodes on ``path`` and to the rapid
    action values of their children."""
    for i in range(depth + 1):
        row = path[i]
        stats[row, V_VISITS] += 1.0
        if i > 0:
            stats[row, V_WINS] += blue if nodes[row, T_MOVER] == 1 else 1.0 - blue
        # Every node is played at most once in a simulation, and a child's move was still
        # empty at its parent: who holds it at the end is who played it below the parent.
        first = nodes[row, T_CHILD]
        if first >= 0:
            for c in range(first, first + nodes[row, T_COUNT]):  # (first > 0: never the root)
                mover = nodes[c, T_MOVER]
                if s[dot0 + nodes[c, T_MOVE]] == mover:
                    stats[c, V_AMAF_VISITS] += 1.0
                    stats[c, V_AMAF_WINS] += blue if mover == 1 else 1.0 - blue


@njit("int64(int32[::1], int32[::1], int32[::1], int32[:, ::1], float64[:, ::1], int64[::1], uint64[::1], float64[::1], int64)", cache=True, nogil=True)
def run(root: np.ndarray, g: np.ndarray, root_near: np.ndarray, nodes: np.ndarray, stats: np.ndarray,
        used: np.ndarray, rng: np.ndarray, params: np.ndarray, iterations: int) -> int:
    """``iterations`` more iterations on the tree; returns how many moves were played in them.

    ``used[0]`` is how many tree rows are taken (row 0 is the root). When the tree is full
    it stops growing and only plays out. ``params``: see :data:`PARAMS`.
    """
    n, nq = root[S_NODES], root[S_QUARTERS]
    dot0 = o_dot(n, nq)
    explore, equiv, first_urgency = params[P_EXPLORE], params[P_RAVE_EQUIV], params[P_FIRST_URGENCY]
    blue_komi = params[P_KOMI] if root[S_TO_MOVE] == 1 else -params[P_KOMI]
    prior = params[P_PRIOR]
    local = int(round(params[P_LOCAL] * 1000.0))
    widen = params[P_WIDEN]
    worths = np.empty(n, dtype=np.float64)
    spare = root.copy()
    s = root.copy()
    path = np.empty(n + 2, dtype=np.int32)
    cand = np.empty(n, dtype=np.int32)
    near = root_near.copy()
    played = 0
    for _ in range(iterations):
        s[:] = root
        near[:] = root_near
        depth = 0
        node = 0
        path[0] = 0
        while True:
            first = nodes[node, T_CHILD]
            if first < 0:
                break
            count = nodes[node, T_COUNT]
            if count == 0:
                break  # no move here: the game is over
            least = _widest(nodes, stats, node, equiv, first_urgency, widen, worths) if node == 0 else -np.inf
            node = _pick_child(nodes, stats, node, rng, explore, equiv, first_urgency, least)
            play(s, g, nodes[node, T_MOVE], nodes[node, T_MOVER])
            _near_add(g, near, nodes[node, T_MOVE])
            depth += 1
            path[depth] = node
        if nodes[node, T_CHILD] < 0 and stats[node, V_VISITS] + 1 >= EXPAND_AFTER:
            _expand(s, g, nodes, stats, used, node, cand, spare, prior)
        _playout(s, g, near, rng, nodes[node, T_MOVE] if depth > 0 else -1, local)
        played += s[S_MOVE_NO] - root[S_MOVE_NO]
        margin = units(s, 1) - units(s, 2)
        blue = _value(s, 1, params[P_MARGIN_WEIGHT], blue_komi)
        # The root's own rapid-action slots (it is nobody's child) sum the playouts' margins.
        stats[0, V_AMAF_VISITS] += 1.0
        stats[0, V_AMAF_WINS] += margin
        _back_up(s, nodes, stats, path, depth, blue, dot0)
    return played


def new_tree(capacity: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Empty tree arrays ``(nodes, stats, used)`` with room for ``capacity`` rows."""
    nodes = np.zeros((capacity, 4), dtype=np.int32)
    nodes[0, T_CHILD] = -1
    stats = np.zeros((capacity, 4), dtype=np.float64)
    used = np.ones(1, dtype=np.int64)
    return nodes, stats, used


def new_rng(seed: int) -> np.ndarray:
    """A generator state for :func:`run` (never zero: xorshift would stay there)."""
    return np.array([(seed * 0x9E3779B97F4A7C15 + 0x1234567) % (1 << 64) or 1], dtype=np.uint64)
