"""The rules of both rule sets as compiled code over flat arrays, for the master's search.

``engine.Game`` is the referee: readable, with layers, reports and undo. This is the
same game cut down to what a search needs, written for numba's nopython mode: a
position is one ``int32`` array (``state``), the board's fixed geometry another
(``geometry``), and a move changes the state in place. There is no undo: a search
copies the state (a few kilobytes) and plays on the copy.

The move itself is the engine's own algorithm, step for step: the new dot's faces
are traced in lockstep (``_new_faces``), bounded ones flooded through quarter
triangles, and layers laid, dots crossed out or revived, classic's free areas
enclosed, reopened and its pending captures made, exactly as ``engine.game`` does.
That is what makes it exact; ``tests/test_kernel_rules.py`` checks it against the
engine on thousands of random games.

Every function here runs as plain Python too (numba's ``NUMBA_DISABLE_JIT``), which
is how the tests read it when numba is not installed. Each compiled function states its
types: it is compiled once, for those, when the module is imported (ints are int64 however
the caller holds them), not once for every mix of argument types a caller happens to pass.
"""

from __future__ import annotations

import numpy as np

from ai.kernel.jit import njit
from engine import ActionKind, Game, Rules, zone_box
from engine.grid import grid

# ----- the geometry array: fixed tables of one board size (engine.grid's, flattened) ------

G_W, G_H, G_N, G_NQ = 0, 1, 2, 3
_G_HEAD = 8


def geometry(width: int, height: int) -> np.ndarray:
    """The fixed tables of a ``width × height`` board, from ``engine.grid`` (one source of geometry)."""
    g = grid(width, height)
    n, nq = g.nodes, g.quarters
    parts = [
        np.array([width, height, n, nq, 0, 0, 0, 0], dtype=np.int32),
        np.array(g.neighbour, dtype=np.int32),                                   # n*8
        np.array(g.cross, dtype=np.int32),                                       # n*8
        np.array(g.around, dtype=np.int32),                                      # n*8
        np.array([x for links in g.links for link in links for x in link] or [0], dtype=np.int32)[:nq * 15],
        np.array([x for pair in g.quarter_nodes for x in pair] or [0], dtype=np.int32)[:nq * 2],
        np.array([x for v in range(n) for x in (tuple(g.node_quarters[v]) + (-1,) * 8)[:8]], dtype=np.int32),
        np.array(g.rep, dtype=np.int32),                                         # n
        np.array([(back + turn) & 7 for back in range(8) for turn in range(1, 9)], dtype=np.int32),  # 64
    ]
    return np.concatenate(parts).astype(np.int32)


# Section offsets in the geometry array, from n and nq.
@njit(inline="always")
def _o_nb(n: int, nq: int) -> int:
    return _G_HEAD


@njit(inline="always")
def own_neighbours(s: np.ndarray, g: np.ndarray, v: int, p: int) -> int:
    """How many of v's eight neighbours hold a live dot of p (a loop through v needs two)."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    live0, nb0 = o_live(n, nq), _o_nb(n, nq)
    own = 0
    for d in range(8):
        u = g[nb0 + v * 8 + d]
        if u >= 0 and s[live0 + u] == p:
            own += 1
    return own


@njit(inline="always")
def _o_cross(n: int, nq: int) -> int:
    return _G_HEAD + 8 * n


@njit(inline="always")
def _o_around(n: int, nq: int) -> int:
    return _G_HEAD + 16 * n


@njit(inline="always")
def _o_links(n: int, nq: int) -> int:
    return _G_HEAD + 24 * n


@njit(inline="always")
def _o_qn(n: int, nq: int) -> int:
    return _G_HEAD + 24 * n + 15 * nq


@njit(inline="always")
def _o_nq8(n: int, nq: int) -> int:
    return _G_HEAD + 24 * n + 17 * nq


@njit(inline="always")
def o_rep(n: int, nq: int) -> int:
    return _G_HEAD + 32 * n + 17 * nq


@njit(inline="always")
def _o_scan(n: int, nq: int) -> int:
    return _G_HEAD + 33 * n + 17 * nq


# ----- the state array: one position -----------------------------------------------------------

S_TO_MOVE = 0        # 1 Blue, 2 Red
S_MOVES = 1          # S_MOVES + p - 1: dots p put by moves (the zone binds a player's first move)
S_QCOUNT = 3         # S_QCOUNT + p: quarters whose top layer is p's (countries' score in quarters)
S_DEAD = 6           # S_DEAD + p: p's crossed-out dots (classic's score of the other side)
S_NLEGAL = 9         # how many nodes are in the legal list
S_NPEND = 10         # S_NPEND + p - 1: enemy dots put into p's free areas since p last moved
S_STAMP = 12         # flood generation, so that marks never need clearing
S_CLASSIC = 13
S_ZONE = 14          # 1: the first-move zone binds (classic, zone rule on, no setup dots)
S_ZONE_BOX = 15      # x0, y0, width, height of the zone
S_NODES = 19
S_QUARTERS = 20
S_MOVE_NO = 21       # moves played in this state (for the search's own bookkeeping)
_S_HEAD = 24


@njit(inline="always")
def o_dot(n: int, nq: int) -> int:
    return _S_HEAD


@njit(inline="always")
def o_live(n: int, nq: int) -> int:
    return _S_HEAD + n


@njit(inline="always")
def o_legal(n: int, nq: int) -> int:
    return _S_HEAD + 2 * n


@njit(inline="always")
def _o_lpos(n: int, nq: int) -> int:
    return _S_HEAD + 3 * n


@njit(inline="always")
def _o_pend(n: int, nq: int, p: int) -> int:
    return _S_HEAD + (3 + p) * n  # p = 1, 2


@njit(inline="always")
def o_qtop(n: int, nq: int) -> int:
    return _S_HEAD + 6 * n


@njit(inline="always")
def o_encl(n: int, nq: int, p: int) -> int:
    return _S_HEAD + 6 * n + p * nq  # p = 1, 2


@njit(inline="always")
def _o_stamp(n: int, nq: int) -> int:
    return _S_HEAD + 6 * n + 3 * nq


@njit(inline="always")
def _o_buf(n: int, nq: int) -> int:
    return _S_HEAD + 6 * n + 4 * nq  # 2*nq + 16: the quarters of this move's regions


@njit(inline="always")
def _o_scratch(n: int, nq: int) -> int:
    return _S_HEAD + 6 * n + 6 * nq + 16  # nq + n: newly topped quarters, then killed dots


@njit(inline="always")
def _o_reopen(n: int, nq: int) -> int:
    return _S_HEAD + 7 * n + 7 * nq + 16  # nq: a region being reopened (never the buffer a lay reads)


@njit(inline="always")
def _o_small(n: int, nq: int) -> int:
    return _S_HEAD + 7 * n + 8 * nq + 16  # _SMALL: the face tracer's few small arrays


# The face tracer's small arrays, 8 entries each: the edges round the new dot, each direction's edge
# number, and per trace its node, arrival direction, twice its signed area and whether it is open;
# then the sectors found bounded.
_EDGES, _SLOT, _T_NODE, _T_DIR, _T_AREA, _T_OPEN, _BOUNDED = 0, 8, 16, 24, 32, 40, 48
STARTS = 56
"""Where, in the small arrays, the starts of a move's new regions are (up to 9, and the end)."""
_SMALL = 72


@njit(inline="always")
def copy_position(dst: np.ndarray, src: np.ndarray) -> None:
    """Copies ``src``'s position into ``dst`` (a state of the same board) without the scratch at its end, which a
    move writes before it reads: over half of a state, so a read that copies a position per move copies half."""
    end = _o_buf(src[S_NODES], src[S_QUARTERS])
    dst[:end] = src[:end]


def state_size(n: int, nq: int) -> int:
    """Length of a state array for n nodes and nq quarters."""
    return _S_HEAD + 7 * n + 8 * nq + 16 + _SMALL


def new_state(width: int, height: int, classic: bool, zone: bool) -> np.ndarray:
    """An empty board with Blue to move; ``zone``: the classic first-move zone applies."""
    n = width * height
    nq = 4 * (width - 1) * (height - 1) if width > 1 and height > 1 else 0
    s = np.zeros(state_size(n, nq), dtype=np.int32)
    s[S_TO_MOVE] = 1
    s[S_CLASSIC] = 1 if classic else 0
    s[S_ZONE] = 1 if (classic and zone) else 0
    s[S_ZONE_BOX:S_ZONE_BOX + 4] = zone_box(width, height)  # the engine's zone: one source
    s[S_NODES] = n
    s[S_QUARTERS] = nq
    s[S_NLEGAL] = n
    s[o_legal(n, nq):o_legal(n, nq) + n] = np.arange(n, dtype=np.int32)
    s[_o_lpos(n, nq):_o_lpos(n, nq) + n] = np.arange(n, dtype=np.int32)
    return s


# ----- reading a position ------------------------------------------------------------------------


@njit(inline="always")
def units(s: np.ndarray, p: int) -> int:
    """p's score in whole units: half cells (countries) or captured dots (classic)."""
    # The annotated names are for mypy (numpy's element access is untyped); numba reads them as plain ones.
    if s[S_CLASSIC]:
        dead: int = s[S_DEAD + 3 - p]
        return dead
    quarters: int = s[S_QCOUNT + p]
    return quarters >> 1


@njit(inline="always")
def zone_binds(s: np.ndarray, p: int) -> bool:
    binds: bool = s[S_ZONE] != 0 and s[S_MOVES + p - 1] == 0
    return binds


@njit(inline="always")
def in_zone(s: np.ndarray, g: np.ndarray, v: int) -> bool:
    w = g[G_W]
    x = v % w
    y = v // w
    inside: bool = (s[S_ZONE_BOX] <= x < s[S_ZONE_BOX] + s[S_ZONE_BOX + 2]
                    and s[S_ZONE_BOX + 1] <= y < s[S_ZONE_BOX + 1] + s[S_ZONE_BOX + 3])
    return inside


@njit("boolean(int32[::1], int32[::1], int64, int64)", cache=True)
def is_legal(s: np.ndarray, g: np.ndarray, v: int, p: int) -> bool:
    """Whether p may put a dot on node v now (finish and Stop are the caller's business)."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    if v < 0 or v >= n or s[o_dot(n, nq) + v] != 0 or s[_o_lpos(n, nq) + v] < 0:
        return False
    return not zone_binds(s, p) or in_zone(s, g, v)  # a first move bound by the zone must be inside it


@njit(inline="always")
def open_neighbour(s: np.ndarray, g: np.ndarray, v: int, d: int) -> int:
    """v's neighbour in direction d (0–7) if a dot may go there now (the zone aside), else -1."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    u: int = g[_o_nb(n, nq) + v * 8 + d]
    return u if u >= 0 and s[_o_lpos(n, nq) + u] >= 0 else -1


@njit("int64(int32[::1], int32[::1], int64, int32[::1])", cache=True)
def legal_nodes(s: np.ndarray, g: np.ndarray, p: int, out: np.ndarray) -> int:
    """Writes p's legal nodes into ``out``; returns how many."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    base = o_legal(n, nq)
    k = 0
    zone = zone_binds(s, p)
    for i in range(s[S_NLEGAL]):
        v = s[base + i]
        if zone and not in_zone(s, g, v):
            continue
        out[k] = v
        k += 1
    return k


# ----- a move ------------------------------------------------------------------------------------


@njit(inline="always")
def _remove_legal(s: np.ndarray, n: int, nq: int, v: int) -> None:
    lo, po = o_legal(n, nq), _o_lpos(n, nq)
    i = s[po + v]
    last_i = s[S_NLEGAL] - 1
    last = s[lo + last_i]
    if last != v:
        s[lo + i] = last
        s[po + last] = i
    s[S_NLEGAL] = last_i
    s[po + v] = -1


@njit(inline="always")
def _blocked(s: np.ndarray, live0: int, p: int, a: int, b: int, c: int, d: int) -> bool:
    # A wall of p between a and b; a half-diagonal is no wall where p holds all four corners.
    return (s[live0 + a] == p and s[live0 + b] == p
            and (c < 0 or s[live0 + c] != p or s[live0 + d] != p))


@njit("int64(int32[::1], int32[::1], int64, int64, int64, int64)", cache=True)
def _flood(s: np.ndarray, g: np.ndarray, p: int, start: int, stamp_no: int, out: int) -> int:
    """Quarters reachable from start without crossing p's walls, written from s[out]; returns the end."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    live0, st0, lk0 = o_live(n, nq), _o_stamp(n, nq), _o_links(n, nq)
    s[st0 + start] = stamp_no
    s[out] = start
    end = out + 1
    i = out
    while i < end:
        q = s[i]
        i += 1
        for j in range(3):
            k = lk0 + q * 15 + j * 5
            other = g[k]
            if _blocked(s, live0, p, g[k + 1], g[k + 2], g[k + 3], g[k + 4]):
                continue
            if other < 0:
                continue  # cannot happen for a bounded face (the engine raises here)
            if s[st0 + other] != stamp_no:
                s[st0 + other] = stamp_no
                s[end] = other
                end += 1
    return end


@njit(inline="always")
def _wall_edges(s: np.ndarray, g: np.ndarray, p: int, v: int) -> int:
    """The engine's ``_wall_edges``: the directions from v along which p's walls leave it, clockwise,
    written to the small arrays' ``_EDGES``; returns how many (0 with fewer than two own neighbours)."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    live0, nb0 = o_live(n, nq), _o_nb(n, nq)
    own = 0  # bit d: p's live dot one step in direction d
    for d in range(8):
        u = g[nb0 + v * 8 + d]
        if u >= 0 and s[live0 + u] == p:
            own |= 1 << d
    if own == 0 or (own & (own - 1)) == 0:
        return 0  # fewer than two own neighbours: no loop can close
    edges = _o_small(n, nq) + _EDGES
    k = 0
    for d in range(8):
        if (own >> d) & 1 and not (d & 1 and (own >> (d - 1)) & 1 and (own >> ((d + 1) & 7)) & 1):
            s[edges + k] = d
            k += 1
    return k


@njit(inline="always")
def _start_traces(s: np.ndarray, g: np.ndarray, v: int, k: int) -> int:
    """The engine's ``_start_traces`` for the k edges round v: one trace per sector that needs walking,
    each edge's number by direction, and the sectors bounded at once listed at ``_BOUNDED``; returns
    how many those are."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    nb0, cr0 = _o_nb(n, nq), _o_cross(n, nq)
    base = v * 8
    w0 = _o_small(n, nq)
    E, SL, TN, TD, TA, TO, BD = (w0 + _EDGES, w0 + _SLOT, w0 + _T_NODE, w0 + _T_DIR, w0 + _T_AREA, w0 + _T_OPEN,
                                 w0 + _BOUNDED)
    for d in range(8):
        s[SL + d] = -1
        s[TO + d] = 0
    nb_count = 0
    for j in range(k):
        c = s[E + j]
        s[SL + c] = j
        gap = (c - s[E + (j - 1 if j > 0 else k - 1)]) & 7
        if gap == 1 or (gap == 2 and not c & 1):
            s[BD + nb_count] = j
            nb_count += 1
        else:
            s[TN + j] = g[nb0 + base + c]
            s[TD + j] = c
            s[TA + j] = g[cr0 + base + c]
            s[TO + j] = 1
    return nb_count


@njit(inline="always")
def _flood_faces(s: np.ndarray, g: np.ndarray, p: int, v: int, k: int, nb_count: int) -> int:
    """The engine's ``_flood_faces``: the regions of the nb_count bounded sectors round v, each flooded
    once into the region buffer (``STARTS`` says where each begins); returns how many."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    ar0 = _o_around(n, nq)
    w0 = _o_small(n, nq)
    E, BD = w0 + _EDGES, w0 + _BOUNDED
    s[S_STAMP] += 1
    stamp_no = s[S_STAMP]
    st0 = _o_stamp(n, nq)
    end = _o_buf(n, nq)
    count = 0
    for i in range(nb_count):
        j = s[BD + i]
        start = g[ar0 + v * 8 + s[E + (j - 1 if j > 0 else k - 1)]]
        if start < 0 or s[st0 + start] == stamp_no:
            continue
        s[w0 + STARTS + count] = end
        end = _flood(s, g, p, start, stamp_no, end)
        count += 1
    s[w0 + STARTS + count] = end
    return count


@njit(inline="always")
def _bound_open_traces(s: np.ndarray, k: int, nb_count: int) -> int:
    """Every trace still open joins the bounded sectors (the face reaching the outside is known); the
    new count of those."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    w0 = _o_small(n, nq)
    for j in range(k):
        if s[w0 + _T_OPEN + j]:
            s[w0 + _BOUNDED + nb_count] = j
            nb_count += 1
    return nb_count


@njit("int64(int32[::1], int32[::1], int64, int64, boolean)", cache=True)
def _new_faces(s: np.ndarray, g: np.ndarray, p: int, v: int, outside: bool) -> int:
    """The engine's ``_new_faces``: regions newly bounded by p's walls through v.

    Their quarters are written one after another into the state's region buffer;
    ``s[_o_small + STARTS + i]`` is where region i begins and ``… + count`` where the last
    ends. Returns the count. Its few small arrays live in the state, so a move allocates nothing.
    """
    n, nq = s[S_NODES], s[S_QUARTERS]
    live0 = o_live(n, nq)
    nb0, cr0, sc0 = _o_nb(n, nq), _o_cross(n, nq), _o_scan(n, nq)
    base = v * 8
    w0 = _o_small(n, nq)
    E, SL, TN, TD, TA, TO, BD = (w0 + _EDGES, w0 + _SLOT, w0 + _T_NODE, w0 + _T_DIR, w0 + _T_AREA, w0 + _T_OPEN,
                                 w0 + _BOUNDED)
    k = _wall_edges(s, g, p, v)
    if k < 2:
        return 0
    nb_count = _start_traces(s, g, v, k)
    live_traces = k - nb_count
    unbounded = False
    limit = 8 * n + 8
    steps = 0
    while live_traces:
        if outside and (unbounded or live_traces == 1):
            # Exactly one face reaches the outside: once it is known, the rest are bounded; once all
            # others closed, the last one is it.
            if unbounded:
                nb_count = _bound_open_traces(s, k, nb_count)
            break
        steps += 1
        if steps > limit:
            return 0  # never seen: the engine raises here
        for j in range(k):
            if not s[TO + j]:
                continue
            at = s[TN + j]
            back = (s[TD + j] + 4) & 7
            e = 0
            u = 0
            if at == v:
                nxt = (s[SL + back] + 1) % k  # the next edge clockwise: the next sector's trace
                if nxt == j:
                    s[TO + j] = 0
                    live_traces -= 1
                    if s[TA + j] < 0:
                        s[BD + nb_count] = j
                        nb_count += 1
                    else:
                        unbounded = True
                    continue
                if s[TO + nxt]:  # the same face: its own trace is redundant
                    s[TO + nxt] = 0
                    live_traces -= 1
                e = s[E + nxt]
                u = g[nb0 + base + e]
            else:
                vb = at * 8
                for i in range(8):
                    e = g[sc0 + back * 8 + i]
                    u = g[nb0 + vb + e]
                    if u >= 0 and s[live0 + u] == p:
                        if (e & 1 and s[live0 + g[nb0 + vb + e - 1]] == p
                                and s[live0 + g[nb0 + vb + ((e + 1) & 7)]] == p):
                            continue
                        break
            s[TA + j] += g[cr0 + at * 8 + e]
            s[TN + j] = u
            s[TD + j] = e
    return _flood_faces(s, g, p, v, k, nb_count) if nb_count else 0


@njit("void(int32[::1], int32[::1], int64, int64, int64)", cache=True)
def _reopen(s: np.ndarray, g: np.ndarray, o: int, killed0: int, killed_end: int) -> None:
    """Classic: o's dots died, so o's enclosures through them may now leak (the engine's ``_reopen``)."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    live0, st0, lk0, nq80 = o_live(n, nq), _o_stamp(n, nq), _o_links(n, nq), _o_nq8(n, nq)
    en0 = o_encl(n, nq, o)
    buf = _o_reopen(n, nq)
    s[S_STAMP] += 1
    stamp_no = s[S_STAMP]
    for ki in range(killed0, killed_end):
        v = s[ki]
        for x in range(8):
            start = g[nq80 + v * 8 + x]
            if start < 0 or not s[en0 + start] or s[st0 + start] == stamp_no:
                continue
            s[st0 + start] = stamp_no
            s[buf] = start
            end = buf + 1
            leaks = False
            i = buf
            while i < end:
                q = s[i]
                i += 1
                for j in range(3):
                    kk = lk0 + q * 15 + j * 5
                    other = g[kk]
                    if _blocked(s, live0, o, g[kk + 1], g[kk + 2], g[kk + 3], g[kk + 4]):
                        continue
                    if other < 0 or not s[en0 + other]:
                        leaks = True
                        continue
                    if s[st0 + other] != stamp_no:
                        s[st0 + other] = stamp_no
                        s[end] = other
                        end += 1
            if leaks:
                for i in range(buf, end):
                    s[en0 + s[i]] = 0


@njit("void(int32[::1], int32[::1], int64, int64, int64)", cache=True)
def _lay(s: np.ndarray, g: np.ndarray, p: int, r0: int, r1: int) -> None:
    """Lay p over the quarters s[r0:r1] that p does not top yet; dots die or revive, nodes leave play."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    qt0, dot0, live0, po0 = o_qtop(n, nq), o_dot(n, nq), o_live(n, nq), _o_lpos(n, nq)
    qn0, nq80 = _o_qn(n, nq), _o_nq8(n, nq)
    new0 = _o_scratch(n, nq)
    new_end = new0
    for i in range(r0, r1):
        q = s[i]
        top = s[qt0 + q]
        if top != p:
            s[S_QCOUNT + top] -= 1
            s[qt0 + q] = p
            s[new_end] = q
            new_end += 1
    if new_end == new0:
        return
    s[S_QCOUNT + p] += new_end - new0
    killed0 = new0 + nq
    killed_end = killed0
    for i in range(new0, new_end):
        q = s[i]
        for side in range(2):
            v = g[qn0 + q * 2 + side]
            owner = s[dot0 + v]
            if owner == 0:
                if s[po0 + v] >= 0:
                    _remove_legal(s, n, nq, v)
                continue
            if (owner == p) == (s[live0 + v] != 0):
                continue  # a live own dot or an already dead enemy dot
            inside = True
            for x in range(8):
                qq = g[nq80 + v * 8 + x]
                if qq >= 0 and s[qt0 + qq] != p:
                    inside = False
                    break
            if inside:
                if owner == p:
                    s[live0 + v] = p
                    s[S_DEAD + p] -= 1
                else:
                    s[live0 + v] = 0
                    s[S_DEAD + owner] += 1
                    s[killed_end] = v
                    killed_end += 1
    if killed_end > killed0 and s[S_CLASSIC]:
        _reopen(s, g, 3 - p, killed0, killed_end)


@njit("void(int32[::1], int32[::1], int64, int64)", cache=True)
def play(s: np.ndarray, g: np.ndarray, v: int, p: int) -> None:
    """p puts a dot on node v (legal: the caller checked) and the other side is to move."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    dot0, live0, rep0 = o_dot(n, nq), o_live(n, nq), o_rep(n, nq)
    s[dot0 + v] = p
    s[live0 + v] = p
    _remove_legal(s, n, nq, v)
    s[S_MOVES + p - 1] += 1
    s[S_TO_MOVE] = 3 - p
    s[S_MOVE_NO] += 1
    o = 3 - p
    st = _o_small(n, nq) + STARTS
    q_rep = g[rep0 + v]
    if not s[S_CLASSIC]:
        count = _new_faces(s, g, p, v, True)
        for i in range(count):
            _lay(s, g, p, s[st + i], s[st + i + 1])
        return
    en_p, en_o = o_encl(n, nq, p), o_encl(n, nq, o)
    if q_rep >= 0 and s[en_o + q_rep]:
        # Into the other side's free area: captured at its next move (official comment 1).
        s[_o_pend(n, nq, o) + s[S_NPEND + o - 1]] = v
        s[S_NPEND + o - 1] += 1
    outside = not (q_rep >= 0 and s[en_p + q_rep])
    count = _new_faces(s, g, p, v, outside)
    qn0 = _o_qn(n, nq)
    for i in range(count):
        r0, r1 = s[st + i], s[st + i + 1]
        if s[en_p + s[r0]]:
            # An old enclosure split in two: nothing new is enclosed. An enemy dot in a half was put into
            # the free area since p last moved, so the pending captures below lay that very half.
            continue
        holds = False
        for j in range(r0, r1):
            q = s[j]
            s[en_p + q] = 1
            if not holds:
                a = g[qn0 + q * 2]
                b = g[qn0 + q * 2 + 1]
                if s[live0 + a] == o or s[live0 + b] == o:
                    holds = True
        if holds:
            _lay(s, g, p, r0, r1)
    pending = s[S_NPEND + p - 1]
    if pending:
        pe0 = _o_pend(n, nq, p)
        qt0 = o_qtop(n, nq)
        buf = _o_buf(n, nq)
        for i in range(pending):
            w = s[pe0 + i]
            r = g[rep0 + w]
            if s[live0 + w] == o and s[en_p + r] and s[qt0 + r] != p:
                s[S_STAMP] += 1
                end = _flood(s, g, p, r, s[S_STAMP], buf)
                _lay(s, g, p, buf, end)
        s[S_NPEND + p - 1] = 0


# ----- from the referee's game ----------------------------------------------------------------


def from_game(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """``(state, geometry)`` of ``game``'s position: its setup dots and moves replayed here."""
    w, h = game.width, game.height
    geo = geometry(w, h)
    s = new_state(w, h, game.rules is Rules.CLASSIC, game.zone_rule and not game.setup)
    for player, (x, y) in game.setup:
        play(s, geo, y * w + x, int(player))
    s[S_MOVES] = s[S_MOVES + 1] = 0  # setup dots are no moves: only the zone cares, and it is off
    for action in game.history:
        if action.kind is ActionKind.MOVE and action.point is not None:
            x, y = action.point
            play(s, geo, y * w + x, int(action.player))
    s[S_TO_MOVE] = int(game.to_move)
    return s, geo
