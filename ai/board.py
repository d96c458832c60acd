"""The computer's view of a game: a private copy plus cheap lookups the beginner, the amateur and «Стоп» need.

The engine answers "what happens if I play here" exactly, with play/undo; what
it does not give cheaply through its public surface is "which nodes are worth
asking about". ``Board`` keeps, beside a private copy of the game, flat arrays
updated on every play/undo: whose dot stands on each node, how many dots of
each player touch each node, how many dots lie within two steps, a Zobrist
hash of each side's live dots (``cut_off``'s cache key), the score of each
side in whole units (half cells or dots: no fractions), and the cell potential (live corners of every
cell, see ``CELL_VALUE``). A move can only close a loop where the mover has at
least two dots among the node's eight neighbours (a loop through the new dot
uses two of its walls), so those counts pick the nodes whose gain is worth
playing out. Dead dots are still counted there: that only ever adds nodes to
try, never hides a gain. The potential counts live dots only; which dots died
or came back is read from the engine's report of the move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from math import comb
from operator import attrgetter

from engine import Game, IllegalMove, Player, Rules
from engine.report import MoveReport

# Fixed, so that hashes are the same in every run.
_ZOBRIST_SEED = 0x5EED_D075


def _cell_values() -> list[list[float]]:
    """CELL_VALUE[b][r]: Blue's expected extra area minus Red's in a cell with b blue and r red corners.

    The local picture of countries: four own corners hold the cell, three hold
    half of it. If the empty corners went to either side at random, this is
    what each side could still expect from the cell beyond what its corners
    hold now. It is only a prior for quiet positions; enclosures themselves
    are counted by playing them out.
    """
    def held(k: int) -> float:
        return 1.0 if k == 4 else 0.5 if k == 3 else 0.0

    table = [[0.0] * 5 for _ in range(5)]
    for b in range(5):
        for r in range(5 - b):
            empty = 4 - b - r
            expect = sum(comb(empty, j) * (held(b + j) - held(r + empty - j)) for j in range(empty + 1)) / 2 ** empty
            table[b][r] = expect - (held(b) - held(r))
    return table


CELL_VALUE = _cell_values()

CELL_GAIN = [[], [[CELL_VALUE[b + 1][r] - CELL_VALUE[b][r] if b + r < 4 else 0.0 for r in range(5)] for b in range(5)],
             [[CELL_VALUE[b][r] - CELL_VALUE[b][r + 1] if b + r < 4 else 0.0 for r in range(5)] for b in range(5)]]
"""CELL_GAIN[p][b][r]: what one more corner of p adds to CELL_VALUE[b][r], Blue's view turned to p's.

Looked up per cell by ``Board.cell_gain``, which the amateur asks about every candidate."""


_TREES_KEPT = 256  # cached Board._tree results: a few MB on 38×31


class Cancelled(Exception):
    """Raised inside a level's thinking (or the review, ``ai.review``) when its deadline passed or it was
    cancelled."""


class Board:
    """A private copy of ``game`` with neighbour counts kept in step with play/undo."""

    def __init__(self, game: Game, *, copy: bool = True) -> None:
        self.game = game.copy() if copy else game
        g = self.game
        w, h = g.width, g.height
        self.width, self.height = w, h
        self.size = n = w * h
        self.classic = g.rules is Rules.CLASSIC
        self.points: list[tuple[int, int]] = [(v % w, v // w) for v in range(n)]
        self.neighbours: list[list[int]] = [_ring(v, w, h, 1) for v in range(n)]
        self.around2: list[list[int]] = [_ring(v, w, h, 2) for v in range(n)]
        # The eight neighbours in circular order (-1 off the board), for ``can_close``.
        self.circle: list[list[int]] = [_circle(v, w, h) for v in range(n)]
        # The four side neighbours: enclosed ground is joined through sides (see ``cut_off``).
        self.sides: list[list[int]] = [[u for u in (ring[0], ring[2], ring[4], ring[6]) if u >= 0]
                                       for ring in self.circle]
        # How far each node is from the nearest edge (an edge group cannot be enclosed).
        self.edge_dist: list[int] = [min(v % w, v // w, w - 1 - v % w, h - 1 - v // w) for v in range(n)]
        self.rim: list[int] = [v for v in range(n) if not self.edge_dist[v]]
        self.dot = [0] * n                    # owner of the dot on each node (dead ones too), 0 if none
        self.live = [0] * n                   # owner of the dot on each node while it is not crossed out, else 0
        self.live_of = [0, 0, 0]              # live_of[p]: p's dots not crossed out
        self.adj = [[0] * n, [0] * n, [0] * n]  # adj[p][v]: p's dots among v's 8 neighbours
        self.near = [0] * n                   # dots within two steps (Chebyshev) of v
        self.dots_of = [0, 0, 0]
        # units[p]: p's score in whole units (Game.score_units); unit: what one is worth, as a float.
        self.units = [0, g.score_units(Player.BLUE), g.score_units(Player.RED)]
        self.unit = float(g.rules.unit)
        cw, ch = w - 1, h - 1
        self.cells_of: list[list[int]] = [
            [cy * cw + cx for cy in (v // w - 1, v // w) for cx in (v % w - 1, v % w)
             if 0 <= cx < cw and 0 <= cy < ch] for v in range(n)]
        # corners[p][cell]: p's live dots on the cell's corners; potential: Σ CELL_VALUE, Blue's view.
        self.corners = [[0] * max(0, cw * ch) for _ in range(3)]
        self.potential = 0.0
        rng = random.Random(_ZOBRIST_SEED)
        self._zob = [[0] * n] + [[rng.getrandbits(64) for _ in range(n)] for _ in range(2)]
        self.live_hash = [0, 0, 0]            # live_hash[p]: Zobrist hash of p's live dots alone
        self._trees: dict[int, tuple[list[int], list[int], list[int]]] = {}
        # One entry per play: (node, nodes whose dot died or revived).
        self.trail: list[tuple[int, list[int]]] = []
        self.deadline = float("inf")
        self.work = 0                         # engine moves played so far, plus other costs: a repeatable clock
        self.positions = 0                    # engine moves played so far, nothing else (for bench.levels)
        self.visits = 0                       # of those, the ones made through play(): the search tree's
        self.work_limit = 1 << 62
        self.cancel: Callable[[], bool] | None = None
        for (x, y), owner, dead in g.dots():
            v = y * w + x
            self._put(v, int(owner))
            if dead:
                self._flip(v)

    # ----- keeping the arrays in step -------------------------------------------------

    def _count_corners(self, v: int, p: int, step: int) -> None:
        blue, red, mine = self.corners[1], self.corners[2], self.corners[p]
        pot = self.potential
        for c in self.cells_of[v]:
            pot -= CELL_VALUE[blue[c]][red[c]]
            mine[c] += step
            pot += CELL_VALUE[blue[c]][red[c]]
        self.potential = pot

    def _put(self, v: int, p: int) -> None:
        self.dot[v] = p
        self.live[v] = p
        self.dots_of[p] += 1
        self.live_of[p] += 1
        self._count_corners(v, p, 1)
        adj = self.adj[p]
        for u in self.neighbours[v]:
            adj[u] += 1
        near = self.near
        near[v] += 1
        for u in self.around2[v]:
            near[u] += 1
        self.live_hash[p] ^= self._zob[p][v]

    def _take(self, v: int) -> None:
        p = self.dot[v]
        self.dot[v] = 0
        self.live[v] = 0
        self.dots_of[p] -= 1
        self.live_of[p] -= 1
        self._count_corners(v, p, -1)
        adj = self.adj[p]
        for u in self.neighbours[v]:
            adj[u] -= 1
        near = self.near
        near[v] -= 1
        for u in self.around2[v]:
            near[u] -= 1
        self.live_hash[p] ^= self._zob[p][v]

    def _flip(self, v: int) -> None:
        """The dot at v died or came back to life: only what counts live dots changes."""
        p = self.dot[v]
        alive = not self.live[v]
        self.live[v] = p if alive else 0
        self.live_of[p] += 1 if alive else -1
        self.live_hash[p] ^= self._zob[p][v]
        self._count_corners(v, p, 1 if alive else -1)

    def play(self, v: int) -> None:
        """The player to move plays node ``v`` (raises IllegalMove like the engine)."""
        report = self.game.play(self.points[v])
        self._put(v, int(report.action.player))
        # Scores change and dots die only where a layer is laid; most moves lay none.
        flipped = self._settle(report) if report.laid or report.crossed_out or report.revived else []
        self.trail.append((v, flipped))
        self.work += 1
        self.positions += 1
        self.visits += 1

    def _settle(self, report: MoveReport) -> list[int]:
        """Apply the report's score change and the deaths and revivals it lists; the nodes that flipped."""
        units = self.units
        units[1] += report.blue_units
        units[2] += report.red_units
        g, w, live = self.game, self.width, self.live
        flipped = []
        # A dot may die and revive within one move (a takeover): the engine's state after it decides.
        for x, y in (*report.crossed_out, *report.revived):
            u = y * w + x
            if bool(live[u]) == g.is_dead((x, y)):
                self._flip(u)
                flipped.append(u)
        return flipped

    def undo(self) -> None:
        """Take back the latest play."""
        v, flipped = self.trail.pop()
        report = self.game.undo()
        if report.blue_units or report.red_units:
            units = self.units
            units[1] -= report.blue_units
            units[2] -= report.red_units
        for u in flipped:
            self._flip(u)
        self._take(v)

    # ----- reading ----------------------------------------------------------------------

    def cell_gain(self, p: int, v: int) -> float:
        """How much a dot of p at v raises p's cell potential (CELL_VALUE) minus the other's."""
        blue, red, gain = self.corners[1], self.corners[2], CELL_GAIN[p]
        total = 0.0
        for c in self.cells_of[v]:
            total += gain[blue[c]][red[c]]
        return total

    @property
    def to_move(self) -> int:
        return int(self.game.to_move)

    def legal(self) -> list[int]:
        """Every legal node for the player to move."""
        w = self.width
        return [y * w + x for x, y in self.game.legal_moves()]

    def candidates(self) -> list[int]:
        """Legal nodes within two steps of some dot (all legal nodes on an empty board)."""
        legal = self.legal()
        near = self.near
        close = [v for v in legal if near[v]]
        return close if close else legal

    def can_close(self, p: int, v: int) -> bool:
        """Classic: whether a dot of p at v could close a loop that holds a node.

        Such a loop leaves v through one live neighbour of p and comes back
        through another that is not next to it in the circle around v (two
        touching neighbours only make a triangle, which holds no node). So the
        live own neighbours must form two runs or more around the circle.
        """
        live = self.live
        ring = self.circle[v]
        last = ring[7]
        prev = last >= 0 and live[last] == p
        runs = 0
        for u in ring:
            own = u >= 0 and live[u] == p
            if own and not prev:
                runs += 1
            prev = own
        return runs >= 2

    def cut_off(self, p: int) -> list[bool] | None:
        """Classic: for each node, whether a dot of p there would cut a live enemy dot off the edge.

        A capture encloses a live enemy dot that p's walls did not enclose
        before. Two side neighbours that are not p's live dots are never
        parted by p's walls (a wall runs between p's dots, and a side crosses
        no other segment), so ground not yet enclosed is joined to the edge
        through sides; a new dot can enclose an enemy dot only where it is a
        cut node of that graph between the dot and the edge: a node of the
        depth-first tree (``_tree``) whose child's subtree holds an enemy dot
        and reaches no higher than the node itself. Returns None when some
        live enemy dot is already walled off from the edge (it waits in a free
        area of p's, see ``gains``), so that every node is played out as before.

        >>> from engine import Game, Rules
        >>> g = Game(5, 5, Rules.CLASSIC, zone=False)
        >>> for point in ((1, 2), (2, 2), (2, 1), (0, 0), (3, 2), (0, 4)):
        ...     _ = g.play(point)
        >>> cut = Board(g).cut_off(1)  # Blue on three sides of red (2, 2): (2, 3) closes it
        >>> [(v % 5, v // 5) for v in range(25) if cut[v]]
        [(2, 3)]
        """
        disc, low, parent = self._tree(p)
        live = self.live
        o = 3 - p
        n = self.size
        cut = [False] * n
        seen = [False] * n
        for e in range(n):
            if live[e] != o:
                continue
            if not disc[e]:
                return None
            # Up the tree from the enemy dot, until a path already walked.
            x = e
            while not seen[x]:
                seen[x] = True
                up = parent[x]
                if up < 0:
                    break
                if low[x] >= disc[up]:
                    cut[up] = True
                x = up
        return cut

    def _tree(self, p: int) -> tuple[list[int], list[int], list[int]]:
        """Tarjan's depth-first tree of the ground p's live dots leave open, the edge as its root.

        Per node: discovery order (0 where p's walls keep the walk out), the
        lowest discovery its subtree reaches (0: the edge) and its parent (-1
        on the edge). It depends on p's live dots alone, so a move of the
        other side keeps it: it is cached by their hash.
        """
        key = self.live_hash[p] * 2 + p
        tree = self._trees.get(key)
        if tree is not None:
            return tree
        n = self.size
        live, sides, inland = self.live, self.sides, self.edge_dist
        disc = [0] * n
        low = [0] * n
        parent = [-1] * n
        t = 0
        for root in self.rim:
            if disc[root] or live[root] == p:
                continue
            t += 1
            disc[root] = t
            stack = [(root, iter(sides[root]))]
            while stack:
                u, around = stack[-1]
                for x in around:  # resumes where it stopped when the walk comes back to u
                    if live[x] == p:
                        continue
                    if not disc[x]:
                        t += 1
                        disc[x] = t
                        low[x] = t if inland[x] else 0  # a node on the edge is joined to the root
                        parent[x] = u
                        stack.append((x, iter(sides[x])))
                        break
                    if disc[x] < low[u] and x != parent[u]:
                        low[u] = disc[x]
                else:
                    stack.pop()
                    up = parent[u]
                    if up >= 0 and low[u] < low[up]:
                        low[up] = low[u]
        if len(self._trees) >= _TREES_KEPT:
            self._trees.clear()
        tree = self._trees[key] = (disc, low, parent)
        return tree

    def out_of_time(self) -> bool:
        """True once the work budget or the deadline is spent, or the caller cancelled."""
        return (self.work > self.work_limit or time.perf_counter() > self.deadline
                or (self.cancel is not None and self.cancel()))

    def check(self) -> None:
        """Raise Cancelled when :meth:`out_of_time`."""
        if self.out_of_time():
            raise Cancelled

    # ----- what a move would gain ---------------------------------------------------------

    def gains(self, p: int, nodes: list[int]) -> tuple[dict[int, float], float]:
        """What p gains (own score minus the other's, change) by playing each node now.

        Only nodes where p has two or more neighbouring dots (in classic: two
        runs of them, ``can_close``, at a node that cuts an enemy dot off the
        edge, ``cut_off``) are played out; the rest gain ``base``: nothing in
        countries, and in classic the enemy dots that stand in p's free areas,
        which p's next move captures wherever it is. Returns
        ``({node: gain}, base)`` with only gains above ``base`` listed.
        """
        g = self.game
        adj = self.adj[p]
        points = self.points
        # None plays for the side to move, which spares the engine naming the player.
        player = None if p == self.to_move else Player(p)
        split = attrgetter("blue_units", "red_units") if p == 1 else attrgetter("red_units", "blue_units")
        play, undo = g.play, g.undo
        unit = self.unit
        out: dict[int, float] = {}
        base = 0.0
        played = 0
        try:
            if self.classic:
                # Pending captures show up on any move: measure one quiet move.
                for v in nodes:
                    if adj[v] < 2:
                        try:
                            report = play(points[v], player=player)
                        except IllegalMove:
                            continue
                        played += 1
                        undo()
                        mine, theirs = split(report)
                        if mine:
                            base = (mine - theirs) * unit
                        break
                closing = self.can_close
                nodes = [v for v in nodes if adj[v] >= 2 and closing(p, v)]
                # The work clock counts these as played, as before cut_off: at 0.3 s the
                # deeper classic search it would buy lost more ladder games, not fewer.
                self.work += len(nodes)
                cut = self.cut_off(p)
                if cut is not None:
                    nodes = [v for v in nodes if cut[v]]
                self.work -= len(nodes)
            else:
                nodes = [v for v in nodes if adj[v] >= 2]
            for v in nodes:
                try:
                    report = play(points[v], player=player)
                except IllegalMove:
                    continue
                played += 1
                undo()
                mine, theirs = split(report)
                if mine:
                    gain = (mine - theirs) * unit
                    if gain > base:
                        out[v] = gain
        finally:
            self.work += played
            self.positions += played
        return out, base


def _circle(v: int, w: int, h: int) -> list[int]:
    """v's eight neighbours going round (N, NE, E, SE, S, SW, W, NW), -1 where off the board."""
    x, y = v % w, v // w
    out = []
    for dx, dy in ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)):
        nx, ny = x + dx, y + dy
        out.append(ny * w + nx if 0 <= nx < w and 0 <= ny < h else -1)
    return out


def _ring(v: int, w: int, h: int, r: int) -> list[int]:
    """Nodes within Chebyshev distance r of v, v itself left out."""
    x, y = v % w, v // w
    return [ny * w + nx
            for ny in range(max(0, y - r), min(h, y + r + 1))
            for nx in range(max(0, x - r), min(w, x + r + 1))
            if (nx, ny) != (x, y)]

