"""What one move takes at once, for the master's root reads (``read``'s lines and nets, ``lifeline``'s ladders).

A read's moves are counted in a ``work`` array shared by all its parts: every move played (here, each try of a
capture) is one, and a read cut short by the count says nothing.
"""

from __future__ import annotations

import numpy as np

from ai.kernel.jit import njit
from ai.kernel.rules import (
    S_NLEGAL,
    S_NODES,
    S_QUARTERS,
    copy_position,
    in_zone,
    is_legal,
    o_dot,
    o_legal,
    own_neighbours,
    play,
    units,
    zone_binds,
)

W_PLAYS, W_LIMIT, W_CUT = 0, 1, 2
"""A read's ``work`` array: moves played so far, the most allowed, and 1 once a read was cut short by it."""


@njit(inline="always")
def margin(s: np.ndarray, p: int) -> int:
    m: int = units(s, p) - units(s, 3 - p)
    return m


@njit(inline="always")
def spend(work: np.ndarray) -> bool:
    """Counts one move played; False (and the read marked cut) once the limit is reached."""
    if work[W_PLAYS] >= work[W_LIMIT]:
        work[W_CUT] = 1
        return False
    work[W_PLAYS] += 1
    return True


@njit(inline="always")
def gain(s: np.ndarray, g: np.ndarray, v: int, p: int, spare: np.ndarray, work: np.ndarray) -> int:
    """What p's margin gains if p plays v now (0 where no loop can close through v)."""
    if own_neighbours(s, g, v, p) < 2 or not is_legal(s, g, v, p):
        return 0
    if not spend(work):
        return 0
    copy_position(spare, s)
    play(spare, g, v, p)
    return max(0, margin(spare, p) - margin(s, p))


@njit(inline="always")
def near(g: np.ndarray, a: int, b: int) -> bool:
    w = g[0]
    return b >= 0 and abs(a % w - b % w) <= 2 and abs(a // w - b // w) <= 2


@njit("int64(int32[::1], int32[::1], int64, int64, int32[::1])", cache=True)
def area(s: np.ndarray, g: np.ndarray, c1: int, c2: int, out: np.ndarray) -> int:
    """The empty nodes within two steps of c1 or of c2 (-1: none), into ``out``; how many. Both -1: every
    empty node beside a dot (where any threat of the whole board starts)."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    w, h = g[0], g[1]
    dot0 = o_dot(n, nq)
    k = 0
    if c1 < 0 and c2 < 0:
        for v in range(n):
            if s[dot0 + v] == 0 and (own_neighbours(s, g, v, 1) + own_neighbours(s, g, v, 2)) > 0:
                out[k] = v
                k += 1
        return k
    for c in (c1, c2):
        if c < 0:
            continue
        x, y = c % w, c // w
        for yy in range(max(0, y - 2), min(h, y + 3)):
            for xx in range(max(0, x - 2), min(w, x + 3)):
                v = yy * w + xx
                if s[dot0 + v] != 0 or (c == c2 and near(g, v, c1)):
                    continue
                out[k] = v
                k += 1
    return k


@njit("int64(int32[::1], int32[::1], int64, int32[::1], int64, int32[::1], int64[::1], int32[::1], int32[::1])", cache=True)
def threats(s: np.ndarray, g: np.ndarray, p: int, area: np.ndarray, k: int, spare: np.ndarray, work: np.ndarray,
             tv: np.ndarray, tg: np.ndarray) -> int:
    """The nodes of ``area[:k]`` where p would gain at once, into ``tv`` with their gains in ``tg``,
    biggest first; how many."""
    m = 0
    for i in range(k):
        v = area[i]
        gained = gain(s, g, v, p, spare, work)
        if gained > 0:
            j = m
            while j > 0 and tg[j - 1] < gained:  # insertion: a handful at most
                tv[j] = tv[j - 1]
                tg[j] = tg[j - 1]
                j -= 1
            tv[j] = v
            tg[j] = gained
            m += 1
    return m


@njit("int64(int32[::1], int32[::1], int64, int32[::1], int64[::1])", cache=True)
def most_now(s: np.ndarray, g: np.ndarray, p: int, spare: np.ndarray, work: np.ndarray) -> int:
    """The most p gains at once with one move anywhere."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    lg0 = o_legal(n, nq)
    zone = zone_binds(s, p)
    most = 0
    for i in range(s[S_NLEGAL]):
        v = s[lg0 + i]
        if zone and not in_zone(s, g, v):
            continue
        most = max(most, gain(s, g, v, p, spare, work))
    return most
