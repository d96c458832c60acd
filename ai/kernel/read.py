"""Reading forcing lines and nets at the master's root: ladders and edge nets, several moves deep (issue 31).

A *threat* is a move after which its maker could gain at once with its next move (capture dots, close a
country). The other side answers it on a threatened node, by a capture of its own near the threat, or
gives the threatened dots up. A line of threats and answers is narrow, so it is read far deeper than the
tree looks, where a chain pushed along a wall (a ladder) is lost only many moves on:

- :func:`attack` is the most the side to move forces by threats alone, whatever the other side answers;
- :func:`bounds` asks it, at the root, what the other side forces after each root move that could change
  its lines (the moves that enclose or stop an enclosure now, its line's first move and the points round
  it, our own line's first move), and after a move elsewhere (a null move). A root move after which the
  other side forces clearly more than after the best one is one the search need not look at: so the
  master does not run a ladder that works, and takes the other side's line's point or its own first.

A *net* starts with a quiet move, threatening nothing yet, and a line follows (a group's last link to the
edge cut: the lost game's edge net). In classic :func:`bounds` screens each side's quiet moves beside two
of the other's dots for the one after which, unanswered, a line takes most, and reads the 3 × 3 points
round it and a move elsewhere by plain alpha-beta, both sides, eight plies (:func:`local`); the root moves
that depth shows worse than the best (and only those: what two plies see, the search sees) are left out.

Idea from the removed ``ai.reading`` (master-v2, pure Python), written again for numba over
``ai.kernel.rules``' flat states. Every read is bounded by a count of moves played (``work``): a read
cut short says nothing, and the master then prunes nothing for it.
"""

from __future__ import annotations

import time

import numpy as np

from ai.kernel import captures
from ai.kernel.captures import W_CUT, W_LIMIT, W_PLAYS
from ai.kernel.jit import njit
from ai.kernel.rules import (
    S_CLASSIC,
    S_NODES,
    S_QUARTERS,
    S_TO_MOVE,
    copy_position,
    is_legal,
    o_live,
    own_neighbours,
    play,
    units,
)

WIDTH = 10
"""Moves tried to open a line at the root, most crowded first."""

CHASE = 5
"""Moves tried to go on with a line (beside its last moves)."""

DEFENCES = 3
"""Threatened nodes tried as answers to a threat (biggest first), beside two captures of the defender's own."""

DEPTH = 6
"""Own moves a line has at most (a ladder along a wall of six is read to its end)."""



@njit(inline="always")
def _presses(s: np.ndarray, g: np.ndarray, v: int, p: int) -> int:
    """How much a dot of p at v could threaten (0: nothing): in classic beside p's dots and beside a
    dot of the other side off the edge; in countries beside two of p's dots (a country needs a loop)."""
    n, nq = s[S_NODES], s[S_QUARTERS]
    w, h = g[0], g[1]
    live0 = o_live(n, nq)
    own = own_neighbours(s, g, v, p)
    if not s[S_CLASSIC]:
        return own + own_neighbours(s, g, v, 3 - p) if own >= 2 else 0
    if own == 0:
        return 0
    x, y = v % w, v // w
    their = 0
    inner = 0
    for yy in range(max(0, y - 1), min(h, y + 2)):
        for xx in range(max(0, x - 1), min(w, x + 2)):
            if s[live0 + yy * w + xx] == 3 - p:
                their += 1
                if 0 < xx < w - 1 and 0 < yy < h - 1:
                    inner += 1
    return own + their if inner else 0


@njit("int64(int32[::1], int32[::1], int64, int32[::1], int64, int64, int64, int32[::1], int32[::1])", cache=True)
def _openers(s: np.ndarray, g: np.ndarray, p: int, area: np.ndarray, k: int, most: int, must: int,
             out: np.ndarray, score: np.ndarray) -> int:
    """Up to ``most`` legal nodes of ``area[:k]`` that could open a threat for p, most crowded first,
    ``must`` (a move that opened a line before, -1: none) first of all; how many."""
    m = 0
    if must >= 0 and is_legal(s, g, must, p):
        out[0] = must
        score[0] = 1 << 20
        m = 1
    for i in range(k):
        v = area[i]
        if v == must or not is_legal(s, g, v, p):
            continue
        sc = _presses(s, g, v, p)
        if sc == 0:
            continue
        j = m
        while j > 0 and score[j - 1] < sc:
            if j < most:
                out[j] = out[j - 1]
                score[j] = score[j - 1]
            j -= 1
        if j < most:
            out[j] = v
            score[j] = sc
            if m < most:
                m += 1
    return m


# The frames of a line's levels (``frames`` rows, one a level): numba cannot cache a function that calls itself,
# so the lines are read by a loop over this stack of frames instead of by recursion.
F_DEPTH, F_C1, F_C2, F_BEST, F_BASE, F_NEXT, F_OPENERS, F_MOVE, F_WORST, F_ANSWER, F_ANSWERS, F_BEFORE = range(12)
FRAME = 12


@njit(inline="always")
def _enter(s: np.ndarray, g: np.ndarray, p: int, level: int, depth: int, c1: int, c2: int, must: int,
           stack: np.ndarray, work: np.ndarray, bufs: np.ndarray, frames: np.ndarray, best_move: np.ndarray) -> None:
    """Opens the frame of ``level`` on ``s``: its best immediate gain near c1 and c2, and its openers."""
    row = 6 * level
    area, tv, tg, op, sc = bufs[row], bufs[row + 1], bufs[row + 2], bufs[row + 3], bufs[row + 4]
    f = frames[level]
    f[F_DEPTH], f[F_C1], f[F_C2] = depth, c1, c2
    k = captures.area(s, g, c1, c2, area)
    t = captures.threats(s, g, p, area, k, stack[2 * level + 2], work, tv, tg)
    f[F_BEST] = tg[0] if t > 0 else 0
    best_move[level] = tv[0] if t > 0 else -1
    f[F_BASE] = captures.margin(s, p)
    f[F_NEXT] = 0
    f[F_ANSWERS] = 0
    f[F_ANSWER] = 0
    f[F_OPENERS] = 0
    if depth > 1 and not work[W_CUT]:
        wide = level == 0 and c2 < 0
        f[F_OPENERS] = _openers(s, g, p, area, k, WIDTH if wide else CHASE, must, op, sc)


@njit("int64(int32[::1], int32[::1], int64, int64, int64, int64, int64, int32[:, ::1], int64[::1], int32[:, ::1], int64[:, ::1], int32[::1])", cache=True)
def _line(s: np.ndarray, g: np.ndarray, p: int, depth: int, centre: int, must: int, elsewhere: int, stack: np.ndarray,
          work: np.ndarray, bufs: np.ndarray, frames: np.ndarray, best_move: np.ndarray) -> int:
    """The most p (to move in ``s``) gains, over the margin now, by an immediate gain near c1 and c2 or by
    a line of threats opened within two steps of ``centre`` (-1: anywhere), in at most ``depth`` own moves,
    whatever the other side answers; ``must`` (-1: none) is tried first as an opener.
    ``elsewhere``: what the other side takes at once if it gives threatened dots up. Level L's states
    are ``stack[2L]`` (after its opener) and ``stack[2L + 1]`` (after the answer: level L + 1's position);
    ``best_move[0]`` gets the best line's first move."""
    o = 3 - p
    _enter(s, g, p, 0, depth, centre, -1, must, stack, work, bufs, frames, best_move)
    level = 0
    while True:
        f = frames[level]
        row = 6 * level
        tv, tg, op = bufs[row + 1], bufs[row + 2], bufs[row + 3]
        after_m = stack[2 * level]
        if f[F_ANSWER] < f[F_ANSWERS]:
            # The next answer to this level's threat: read the line on from there one level down.
            r = tv[f[F_ANSWER]]
            f[F_ANSWER] += 1
            if not is_legal(after_m, g, r, o) or not captures.spend(work):
                if work[W_CUT]:
                    f[F_ANSWER] = f[F_ANSWERS]
                continue
            after_r = stack[2 * level + 1]
            copy_position(after_r, after_m)
            play(after_r, g, r, o)
            f[F_BEFORE] = captures.margin(after_r, p) - f[F_BASE]
            _enter(after_r, g, p, level + 1, f[F_DEPTH] - 1, r, f[F_MOVE], -1, stack, work, bufs, frames, best_move)
            level += 1
            continue
        if f[F_ANSWERS] > 0:
            # Every answer read: the threat is worth the least of them.
            if f[F_WORST] > f[F_BEST]:
                f[F_BEST] = f[F_WORST]
                best_move[level] = f[F_MOVE]
            f[F_ANSWERS] = 0
            f[F_ANSWER] = 0
            continue
        if f[F_NEXT] < f[F_OPENERS] and not work[W_CUT]:
            m = op[f[F_NEXT]]
            f[F_NEXT] += 1
            if not captures.spend(work):
                continue
            copy_position(after_m, s if level == 0 else stack[2 * level - 1])
            play(after_m, g, m, p)
            gained = captures.margin(after_m, p) - f[F_BASE]
            area, sc, cg = bufs[row], bufs[row + 4], bufs[row + 5]
            c1 = f[F_C1]
            k = captures.area(after_m, g, m, c1 if c1 != m else -1, area)
            spare = stack[2 * level + 2]
            t = captures.threats(after_m, g, p, area, k, spare, work, tv, tg)
            if t == 0:
                continue
            # Giving the threatened dots up for the most the defender takes elsewhere: the line's ceiling.
            worst = gained + tg[0] - elsewhere
            if worst <= f[F_BEST]:
                continue
            answers = min(t, DEFENCES)
            # The defender's own captures near the threat are answers too (they may break the wall).
            k = captures.area(after_m, g, m, -1, area)
            c = captures.threats(after_m, g, o, area, k, spare, work, sc, cg)
            for j in range(min(c, 2)):
                tv[answers] = sc[j]
                answers += 1
            f[F_MOVE] = m
            f[F_WORST] = worst
            f[F_ANSWER] = 0
            f[F_ANSWERS] = answers
            continue
        # This level is read: hand its value up to the answer that led here.
        if level == 0:
            return int(f[F_BEST])
        value = f[F_BEST]
        level -= 1
        up = frames[level]
        value += up[F_BEFORE]
        if value < up[F_WORST]:
            up[F_WORST] = value
        if up[F_WORST] <= up[F_BEST] or work[W_CUT]:
            up[F_ANSWER] = up[F_ANSWERS]


@njit("int64(int32[::1], int32[::1], int64, int64, int64, int32[:, ::1], int64[::1], int32[:, ::1], int32[::1])", cache=True, nogil=True)
def attack(s: np.ndarray, g: np.ndarray, centre: int, depth: int, must: int, stack: np.ndarray, work: np.ndarray,
           bufs: np.ndarray, best_move: np.ndarray) -> int:
    """The most the side to move forces over its margin now by threats opened within two steps of
    ``centre``, in at most ``depth`` own moves (``must``: an opener tried first); its first move is
    ``best_move[0]`` (-1: none)."""
    p = s[S_TO_MOVE]
    elsewhere = captures.most_now(s, g, 3 - p, stack[0], work)
    frames = np.zeros((depth + 1, FRAME), dtype=np.int64)
    return _line(s, g, p, depth, centre, must, elsewhere, stack, work, bufs, frames, best_move)


@njit("void(int32[::1], int32[::1], int32[::1], int64, int32[:, ::1], int64[::1], int64[::1])", cache=True, nogil=True)
def local(s: np.ndarray, g: np.ndarray, moves: np.ndarray, plies: int, stack: np.ndarray, work: np.ndarray,
          values: np.ndarray) -> None:
    """Plain alpha-beta over a few ``moves`` only (-1: a move elsewhere, which only hands the turn over), both
    sides, ``plies`` deep: ``values[i]`` is what the side to move keeps of its margin now after ``moves[i]``
    (the margin itself: a net is read whole where only its few points matter; ``-(1 << 40)`` where illegal).
    The root's moves are each read to their exact value; below them, alpha-beta. ``stack`` rows 0 to plies
    hold the line's positions."""
    inf = 1 << 40
    k = moves.shape[0]
    nxt = np.zeros(plies + 1, dtype=np.int64)
    alpha = np.zeros(plies + 1, dtype=np.int64)
    beta = np.zeros(plies + 1, dtype=np.int64)
    best = np.zeros(plies + 1, dtype=np.int64)
    for i in range(k):
        values[i] = -inf
    stack[0][:] = s
    alpha[0], beta[0], best[0] = -inf, inf, -inf
    d = 0
    while True:
        here = stack[d]
        p = here[S_TO_MOVE]
        score = 0
        done = False  # a score for ply d came back (from a leaf or a finished ply below)
        if nxt[d] < k:
            i = nxt[d]
            nxt[d] += 1
            v = moves[i]
            child = stack[d + 1]
            if v >= 0 and not is_legal(here, g, v, p):
                continue
            if not captures.spend(work):
                return
            copy_position(child, here)
            if v < 0:
                child[S_TO_MOVE] = 3 - p
            else:
                play(child, g, v, p)
            if d + 1 == plies:
                score = captures.margin(child, p)
                done = True
            else:
                d += 1
                nxt[d] = 0
                # The root's moves get exact values: their window stays open.
                alpha[d], beta[d] = (-inf, inf) if d == 1 else (-beta[d - 1], -alpha[d - 1])
                best[d] = -inf
        else:
            if best[d] == -inf:
                best[d] = captures.margin(here, p)  # no move here at all
            if d == 0:
                return
            score = -best[d]
            d -= 1
            done = True
        if done:
            if d == 0:
                values[nxt[0] - 1] = score
            if score > best[d]:
                best[d] = score
            if d > 0 and score > alpha[d]:
                alpha[d] = score
                if alpha[d] >= beta[d]:
                    nxt[d] = k  # cut: the rest of this ply's moves are not read


def new_space(s: np.ndarray, depth: int = DEPTH) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The scratch arrays of a read of ``depth`` own moves on states like ``s``: ``(stack, bufs, best_move)``."""
    n = int(s[S_NODES])
    levels = depth + 2
    return (np.zeros((2 * levels + 3, s.shape[0]), dtype=np.int32), np.zeros((6 * levels, max(n, 64)), dtype=np.int32),
            np.zeros(levels + 1, dtype=np.int32))


MARGIN = {True: 0, False: 3}
"""By rule set (classic?): how many units a root move's bound may fall below the best one's and the move still be
kept. In countries only a line forcing more than 1½ cells counts (3 half-cells): smaller ones the search reads
itself; in classic a dot counts (running a ladder that works costs one dot more than giving it up, as read).
"""

LADDERS = False
"""Whether :func:`bounds` reads the side to move's ladders (:func:`lifeline.lifeline_keep`). Off: on 15×15 against
oppai-rs at 2 s (seed 42, on the clock) the master with them, compiled and a save checked, was ahead in 10 games
of 20 (margin −0.70, one lost by 10 or more), without them in 12 (+3.15, one); the Python read with net points lost
five by 10 or more. With a group's press read wide, at equal time (seed 44): 14 of 20 with and without them, the
margin +1.90 with and +3.35 without; at 2 s (seed 42, 16 games) 13 ahead with them and 12 without, one lost by
10 or more each (docs/MEASURED.md, «Net points», «The compiled press», «Pressed groups read wide», «The game's
master at two and four times oppai's time»). Off, nothing imports the press, so it is not compiled
(``ai.kernel.cache.cached_sources`` reads this line as text, and a test checks that the two agree)."""

PRESS_COUNT = 1.5
"""The ladders' own count of moves against the lines' and nets' count. A move of the compiled press costs about
half of what it did in Python (10.3 µs against 18.9 on the recorded games' turns, docs/MEASURED.md «The compiled
press»), so these take less time than the first count did, and leave room for the wide reads that check a save
(``lifeline._wide_loss``): the 4 : 14 game's root read 25,987 moves and its check 2,324, at a count of 27,000."""

NEAR_LINE = 1
"""Steps round the other side's line's first move within which root moves are read as answers to it."""

NET_SCREEN = 3
"""Own moves of the lines read after a net point with no answer: which points could start a net."""

NET_LEAST = 3
"""Units a screened net point must force (with no answer) for its net to be read (classic only)."""

NET_PLIES = 8
"""Plies of the net's own reading, both sides (an edge net of the lost game closes eight plies on)."""

NET_NEAR = 1
"""Steps round a net's centre whose points its reading plays (3 × 3, and a move elsewhere)."""


class _Reader:
    """The reads of one root: their scratch arrays and their shared count of moves played (``work``)."""

    def __init__(self, s: np.ndarray, g: np.ndarray, limit: int, depth: int, deadline: float | None = None) -> None:
        self.g = g
        self.depth = depth
        self.deadline = deadline
        self.work = np.array([0, limit, 0], dtype=np.int64)
        self.ladder_plays = 0  # the moves the ladders' read played, on a count of their own
        self.stack, self.bufs, self.best_move = new_space(s, max(depth, NET_PLIES))

    @property
    def cut(self) -> bool:
        return bool(self.work[W_CUT])

    def forced(self, position: np.ndarray, centre: int, plies: int, must: int = -1) -> tuple[int, int]:
        """:func:`attack` for the side to move in ``position``: what it forces, and the line's first move."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.work[W_CUT] = 1  # the search's hard end (a busy machine): the read says nothing
            self.work[W_LIMIT] = 0
        found = int(attack(position, self.g, centre, plies, must, self.stack, self.work, self.bufs, self.best_move))
        return found, int(self.best_move[0])

    def net_centre(self, s: np.ndarray) -> int:
        """Where the side to move could start a net (-1: nowhere): of its quiet moves beside two of the other
        side's dots, those after which it forces at least :data:`NET_LEAST` if the other side answers nothing,
        the one with most of the best such points round it."""
        x = int(s[S_TO_MOVE])
        screened = {}
        after = s.copy()
        for q in range(int(s[S_NODES])):
            if self.cut:
                return -1
            if not is_legal(s, self.g, q, x) or own_neighbours(s, self.g, q, 3 - x) < 2:
                continue
            after[:] = s
            play(after, self.g, q, x)
            gain = captures.margin(after, x) - captures.margin(s, x)
            after[S_TO_MOVE] = x  # no answer: the most this point could start
            found = gain + self.forced(after, q, NET_SCREEN)[0]
            if found >= NET_LEAST:
                screened[q] = found
        if not screened:
            return -1
        top = max(screened.values())
        best = [q for q, found in screened.items() if found == top]
        w = int(self.g[0])
        return max(best, key=lambda q: (sum(abs(u % w - q % w) <= 1 and abs(u // w - q // w) <= 1 for u in best), -q))

    def net(self, s: np.ndarray, centre: int, plies: int) -> dict[int, int]:
        """:func:`local` round ``centre``: each move's margin (-1: a move elsewhere) after ``plies`` plies."""
        w, h = int(self.g[0]), int(self.g[1])
        x, y = centre % w, centre // w
        moves = np.array([yy * w + xx for yy in range(max(0, y - NET_NEAR), min(h, y + NET_NEAR + 1))
                          for xx in range(max(0, x - NET_NEAR), min(w, x + NET_NEAR + 1))] + [-1], dtype=np.int32)
        values = np.empty(moves.shape[0], dtype=np.int64)
        local(s, self.g, moves, plies, self.stack, self.work, values)
        return {int(v): int(values[i]) for i, v in enumerate(moves) if values[i] > -(1 << 40)}


def _net_keep(reader: _Reader, s: np.ndarray, moves: np.ndarray, centre: int) -> tuple[np.ndarray | None, int]:
    """Which root moves a net round ``centre`` keeps (None: all), and what is at stake (the units between the
    best move and a move elsewhere): read :data:`NET_PLIES` deep, a move
    elsewhere worth the move elsewhere and what it takes at once. Only a depth that changes the values left
    out anything: the best move raised by it, or a move lowered by it (two plies seeing none of this)."""
    deep = reader.net(s, centre, NET_PLIES)
    shallow = reader.net(s, centre, 2)
    if reader.cut or -1 not in deep:
        return None, 0
    p = int(s[S_TO_MOVE])
    after = s.copy()

    def values(v: int) -> tuple[int, int]:
        if v in deep:
            return deep[v], shallow[v]
        after[:] = s
        play(after, reader.g, v, p)
        gain = captures.margin(after, p) - captures.margin(s, p)
        return deep[-1] + gain, shallow[-1] + gain

    read = {int(v): values(int(v)) for v in moves}
    best = max(deep.values())
    raised = any(deep[v] == best and deep[v] > shallow[v] for v in deep)
    keep = np.array([read[int(v)][0] >= best or not (raised or read[int(v)][0] < read[int(v)][1]) for v in moves])
    return (None if keep.all() or not keep.any() else keep), best - deep[-1]


def bounds(s: np.ndarray, g: np.ndarray, moves: np.ndarray, limit: int, depth: int = DEPTH,
           deadline: float | None = None) -> tuple[np.ndarray | None, int]:
    """Which of the root's ``moves`` (the side to move's) to keep, by what the other side forces after each:
    a mask, or None when nothing is left out (no line found, or a read cut short by ``limit`` moves played or
    by the ``time.perf_counter`` clock's ``deadline``); and the moves played in reading.

    The other side's line after a move elsewhere (a null move) bounds every move not read on its own; the
    moves that could change it are read one by one: those that enclose or stop an enclosure now, those
    within :data:`NEAR_LINE` steps of that line's first move, and our own line's first move (worth its line).
    In classic, with :data:`LADDERS` on, the side to move's groups that a ladder could take are read to the
    ladder's end (:func:`lifeline.lifeline_keep`); and where either side could start a net (:meth:`_Reader.net_centre`)
    away from those, the few points round it are read to the end of the net as well (:func:`_net_keep`). A
    move must be kept by every one of these, unless two leave nothing together: then by the one with more at
    stake.
    """
    reader = _Reader(s, g, limit, depth, deadline)
    lines, stake = _line_keep(reader, s, g, moves, depth)
    if reader.cut:
        return None, int(reader.work[W_PLAYS])
    masks = [] if lines is None else [(stake, lines)]
    if s[S_CLASSIC]:
        # The ladders first: a net round a group they read to its end is theirs (the net's 3 x 3 misses a run).
        kept, stake, covered = _lifeline_keep(reader, s, moves) if LADDERS else (None, 0, set())
        if kept is not None:
            masks.append((stake, kept))
        null = s.copy()
        null[S_TO_MOVE] = 3 - int(s[S_TO_MOVE])
        for centre in sorted({reader.net_centre(s), reader.net_centre(null)} - {-1} - covered):
            kept, stake = _net_keep(reader, s, moves, centre)
            if reader.cut:
                break  # a net read cut short says nothing: the masks read before it stand
            if kept is not None:
                masks.append((stake, kept))
    # Most at stake first (the lines' on a tie, read first): a mask that would leave nothing beside a bigger one's
    # is the smaller one's loss.
    keep = None
    for _stake, kept in sorted(masks, key=lambda m: -m[0]):
        if keep is None or (keep & kept).any():
            keep = kept if keep is None else keep & kept
    plays = int(reader.work[W_PLAYS]) + reader.ladder_plays
    if keep is None or not keep.any():
        return None, plays
    return keep, plays


def _lifeline_keep(reader: _Reader, s: np.ndarray, moves: np.ndarray) -> tuple[np.ndarray | None, int, set[int]]:
    """The ladders' part of :func:`bounds` (:func:`lifeline.lifeline_keep`): its mask (None: keep all), what is
    at stake, and the nodes round the cuts it read."""
    # uct: the kernel's own search module (its two-sided "something to take" list). lifeline here, not at the top:
    # importing the press compiles it, and with the ladders off (:data:`LADDERS`) a first launch is spared that.
    from ai.kernel import lifeline, uct

    out = np.empty(int(s[S_NODES]), dtype=np.int32)
    k = int(uct.sharp(s, reader.g, out))
    # Its own count (PRESS_COUNT times the lines' and nets'): a ladder read to its end costs as much as they do
    # together, and only where a group of ours has at most three ways out.
    limit = int(PRESS_COUNT * reader.work[W_LIMIT])
    presses = lifeline.Presses(reader.g, np.array([0, limit, 0], dtype=np.int64), int(s[S_NODES]), reader.deadline)
    found = lifeline.lifeline_keep(presses, s, moves, [int(v) for v in out[:k]])
    reader.ladder_plays += int(presses.work[W_PLAYS])
    return found


def _line_keep(reader: _Reader, s: np.ndarray, g: np.ndarray, moves: np.ndarray,
               depth: int) -> tuple[np.ndarray | None, int]:
    """The lines' part of :func:`bounds`: its mask from the lines of threats alone (None: keep all), and what is at
    stake (:func:`_kept`)."""
    from ai.kernel import uct  # the kernel's own search module: its two-sided "something to take" list

    p = int(s[S_TO_MOVE])
    o = 3 - p
    own, own_first = reader.forced(s, -1, depth)
    own_now = reader.forced(s, -1, 1)[0]
    null = s.copy()
    null[S_TO_MOVE] = o
    theirs, their_first = reader.forced(null, -1, depth)
    theirs_now = reader.forced(null, -1, 1)[0]
    if reader.cut or (theirs <= 0 and own <= 0):
        return None, 0  # nothing to take or to lose anywhere, in any line
    w = int(g[0])
    legal = {int(v) for v in moves}
    read: list[int] = []
    out = np.empty(int(s[S_NODES]), dtype=np.int32)
    k = int(uct.sharp(s, g, out))
    read.extend(int(v) for v in out[:k])
    for v in (their_first, own_first):
        if v >= 0:
            read.extend(u for u in legal if abs(u % w - v % w) <= NEAR_LINE and abs(u // w - v // w) <= NEAR_LINE)
    value = {}
    lowered = set()  # the moves a line (not one move) makes worse than they look
    base = int(units(s, p) - units(s, o))
    after = s.copy()
    for v in sorted({v for v in read if v in legal}):
        after[:] = s
        play(after, g, v, p)
        gain = int(units(after, p) - units(after, o)) - base
        line = reader.forced(after, v, depth, their_first)[0]
        now = reader.forced(after, -1, 1)[0]
        value[v] = (max(gain, own) if v == own_first else gain) - line
        if line > now:
            lowered.add(v)
        if reader.cut:
            return None, 0
    return _kept(s, moves, value, lowered, own_first if own > own_now else -1, theirs, theirs > theirs_now)


def _kept(s: np.ndarray, moves: np.ndarray, value: dict[int, int], lowered: set[int], own_line: int, theirs: int,
          their_line: bool) -> tuple[np.ndarray | None, int]:
    """The lines' mask of :func:`bounds` from the values of the moves read (``value``; a move not read is worth
    ``-theirs``), or None where it would keep all or none; and what is at stake: the units between the best move
    and the best of those left out. ``own_line``: our own line's first move where its line takes more than one
    move can (-1: none); ``their_line``: the other side's line after a null move takes more than one move can."""
    elsewhere = -theirs
    unread = len(value) < len(moves)
    best = max([*value.values(), *([elsewhere] if unread else [])])
    # An own line beyond its first capture raises its first move over every other; else only the moves a
    # line makes worse are left out: what one reply takes is weighed by the search and the check after it.
    raised = value.get(own_line, best - 1) == best
    margin = MARGIN[bool(s[S_CLASSIC])]

    def kept(v: int) -> bool:
        if v in value:
            return value[v] >= best - margin or not (raised or v in lowered)
        return elsewhere >= best - margin or not (raised or their_line)

    keep = np.array([kept(int(v)) for v in moves])
    if keep.all() or not keep.any():
        return None, 0
    left_out = [value.get(int(v), elsewhere) for v, k in zip(moves, keep, strict=True) if not k]
    return keep, best - max(left_out)
