"""Reading forcing lines: ladders and nets, several moves deep, cheaply.

A *threat* is a move after which its maker could gain at its next move (close
a country, capture dots). The defender must answer it, nearly always on the
very node that would close the loop, or by a capture of its own that breaks
the wall. A line of threats and forced answers is narrow, so it can be read
far deeper than the full search looks:

- a **net**: one quiet move makes two threats, or one loop with two open
  points; the defender blocks one and the other closes;
- a **ladder**: each threat is answered by the one escape, the chase runs
  along a wall, and it ends in a capture, or fails when the escaping dots
  reach a friendly dot or (classic) the edge, where dots cannot be taken.

``Reader.attack(p, depth)`` answers, for the side to move ``p``: how much can
``p`` win by threats alone, whatever the other side answers? Its first move
is the move that starts the line. The master (``ai.search``) asks it for its
own lines at the root and for the other side's after each of its root moves.

Only nodes within two steps of the last moves are looked at inside a line: a
chase stays where it started, and a loop that a far node would close is
left to the full search. Work is bounded per read (``Reader.limit``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.board import Board
from engine import IllegalMove


@dataclass(frozen=True)
class Line:
    """What a side can force by threats: its gain over the current score, and the first move (-1: none)."""

    gain: float
    move: int
    depth: int
    """0: no gain at all; 1: an immediate gain; 2 or more: a forcing line of at most that many own moves."""


_NOTHING = Line(0.0, -1, 0)


class Reader:
    """Reads forcing lines on a Board (played on and taken back: the Board is left as found)."""

    def __init__(self, board: Board, *, width: int = 10, chase: int = 5, defences: int = 3,
                 limit: int = 400) -> None:
        self.board = board
        self.width = width          # threatening moves tried at the start of a line
        self.chase = chase          # threatening moves tried inside a line (beside its last moves)
        self.defences = defences    # answers tried to each threat
        self.limit = limit          # gains measurements a read may make (each plays out a few nodes)
        self.spent = 0
        self.immediate = 0.0
        self._elsewhere = 0.0
        """What the last ``attack`` found one move gains at once (the rest of its line is forced)."""
        self.stop: Callable[[], bool] = lambda: False
        """Asked between lines: True ends the read with what it has (a caller's own budget)."""
        self._cache: dict[tuple[int, int, int], Line] = {}

    # ----- what a side could gain next move --------------------------------------------

    def _gains(self, p: int, nodes: list[int]) -> dict[int, float]:
        """p's gains (over ``base``, which it gets anywhere) at the empty ones of ``nodes``."""
        self.spent += 1
        b = self.board
        dot = b.dot
        out, base = b.gains(p, [v for v in nodes if not dot[v]])
        if base:
            out = {v: g - base for v, g in out.items()}
            # A pending capture: whatever p plays next takes it; the line counts it once.
            out[-1] = base
        return out

    def _around(self, *centres: int) -> list[int]:
        b = self.board
        seen: set[int] = set()
        out = []
        for c in centres:
            if c < 0:
                continue
            for u in (c, *b.around2[c]):
                if u not in seen:
                    seen.add(u)
                    out.append(u)
        return out

    # ----- the lines ------------------------------------------------------------------------

    def attack(self, p: int, depth: int = 4) -> Line:
        """The most p, to move, can win by threats in at most ``depth`` own moves, whatever the
        other side answers; its gain counts every capture of the line, the answers' too."""
        b = self.board
        assert b.to_move == p
        self.spent = 0
        now = self._gains(p, b.candidates())
        best = _best_now(now)
        self.immediate = best.gain
        # What the other side would take at once if it let a threat be: a line's price for it.
        their = self._gains(3 - p, b.candidates())
        self._elsewhere = max(0.0, _best_now(their).gain)
        openers = self._openers(p) if depth > 1 else []
        # Deeper and deeper: a read cut short by the limit keeps the last one it finished
        # (where threats are everywhere, as in countries, the deep reads run out first).
        for d in range(2, depth + 1):
            found = self._lines(p, d, openers, best, None)
            if self.spent >= self.limit or self.stop():
                break
            best = found
        return best

    def _openers(self, p: int) -> list[int]:
        """Quiet moves that could start a line: beside the other side's live dots that are off
        the edge, and beside p's own dots, most crowded first."""
        b = self.board
        own, their, edge = b.adj[p], b.adj[3 - p], b.edge_dist
        scored = []
        live, o = b.live, 3 - p
        for v in b.candidates():
            if self._presses(p, v):
                scored.append((own[v] + their[v] + (0.5 if edge[v] else 0.0), v))
            elif b.classic and own[v] and any(live[u] == o and edge[u] for u in b.around2[v]):
                # A wall a step away from the dots it would ring: the quiet set-up of a wide loop.
                scored.append((own[v] - 0.5, v))
        scored.sort(reverse=True)
        return [v for _, v in scored[:self.width]]

    def _presses(self, p: int, v: int) -> bool:
        """Whether a dot of p at v could make a threat: in classic beside p's dots and beside a
        dot of the other side's that can be taken (off the edge); in countries beside two of p's
        dots at least (a country needs a loop through the new dot)."""
        b = self.board
        if not b.classic:
            return b.adj[p][v] >= 2
        o = 3 - p
        if not b.adj[p][v] or not b.adj[o][v]:
            return False
        live, edge = b.live, b.edge_dist
        return any(live[u] == o and edge[u] for u in b.neighbours[v])

    def _lines(self, p: int, depth: int, moves: list[int], best: Line, last: int | None) -> Line:
        """The best line opened by one of ``moves`` (p to move), or ``best`` if none beats it."""
        b = self.board
        units = b.units
        o = 3 - p
        for m in moves:
            if self.spent >= self.limit or self.stop():
                break
            b.check()
            start = (units[p] - units[o]) * b.unit
            try:
                b.play(m)
            except IllegalMove:
                continue
            try:
                gained = (units[p] - units[o]) * b.unit - start
                # A line's first move may make a threat anywhere along a wide loop; later ones
                # chase where the last moves were.
                area = b.candidates() if last is None and b.classic else self._around(m, last if last is not None else -1)
                threats = self._gains(p, area)
                threats.pop(-1, None)
                if not threats:
                    continue
                worst = self._answers(p, depth, m, threats, gained, best.gain)
            finally:
                b.undo()
            if worst > best.gain:
                best = Line(worst, m, depth)
        return best

    def _answers(self, p: int, depth: int, m: int, threats: dict[int, float], gained: float,
                 enough: float) -> float:
        """After p's threat ``m``: the least p is sure of over the other side's answers (or any value
        not above ``enough``, once one answer holds p to that: the line is no better than one known)."""
        b = self.board
        units = b.units
        o = 3 - p
        # The answers: each threatened node (biggest first), and the other side's own best captures.
        blocks = sorted(threats, key=lambda v: -threats[v])[:self.defences]
        counters = self._gains(o, self._around(m))
        counters.pop(-1, None)
        answers = blocks + [v for v in sorted(counters, key=lambda v: -counters[v])[:2] if v not in blocks]
        # The other side may also give the threatened dots up and take what it can elsewhere: p then
        # takes its best threat. Running from a ladder that works only feeds it more dots.
        worst = gained + max(threats.values()) - self._elsewhere
        if worst <= max(0.0, enough):
            return worst
        for r in answers:
            if self.spent >= self.limit:
                return min(worst, gained)
            start = (units[p] - units[o]) * b.unit
            try:
                b.play(r)
            except IllegalMove:
                continue
            try:
                after = gained + (units[p] - units[o]) * b.unit - start
                after += self._follow(p, depth - 1, m, r)
            finally:
                b.undo()
            if after < worst:
                worst = after
                if worst <= max(0.0, enough):
                    break
        return worst

    def _follow(self, p: int, depth: int, m: int, r: int) -> float:
        """Back to p after its threat ``m`` and the answer ``r``: take a gain, or go on threatening."""
        b = self.board
        key = (b.hash * 2 + p, depth, hash((b.units[1], b.units[2])))
        found = self._cache.get(key)
        if found is not None:
            return found.gain
        near = self._around(r, m)
        now = self._gains(p, near)
        best = _best_now(now)
        if depth > 1:
            own, their = b.adj[p], b.adj[3 - p]
            chase = [v for v in near if not b.dot[v] and self._presses(p, v)]
            chase.sort(key=lambda v: -(own[v] + their[v]))
            best = self._lines(p, depth, chase[:self.chase], best, r)
        self._cache[key] = best
        return best.gain


def _best_now(gains: dict[int, float]) -> Line:
    """The best immediate gain as a line of one move (a pending capture comes with any move)."""
    pending = gains.pop(-1, 0.0)
    if not gains:
        return Line(pending, -1, 1) if pending else _NOTHING
    v = max(gains, key=lambda u: gains[u])
    return Line(gains[v] + pending, v, 1)
