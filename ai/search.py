"""The master: iterative-deepening alpha-beta over the few moves that matter.

Every position the search visits gets a *threat map* for both sides: what each
could gain by playing each node right now (played out with the engine, see
``Board.gains``). The maps order the moves (completions and blocks first, then
quiet moves that grow or contest chains), limit the width, and give the
evaluation at the horizon: score difference plus the one-move exchange that the
maps promise (``simple.exchange``), plus the cell potential (``Board.potential``:
who holds more corners of the cells still open) and, in classic, the free areas
each side has walled in and the dots each side has left half boxed in. Maps are
cached by the Zobrist hash, so a position reached again, in a deeper iteration
or by another move order, costs nothing.

Classic maps cost twice countries' (a quiet move there can change the other
side's gains), so the classic root starts from 40 moves rather than all, and
each iteration adds the other side's refutations of our moves: the quiet move
that would set up two captures at once is best taken away first.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ai.board import CELL_GAIN, Board, Cancelled
from ai.reading import Reader
from ai.simple import SHAPE, exchange, opening_move
from engine import Game, IllegalMove, Player

_INF = float("inf")
_WIN = 8.0  # extra value of a won final position over its margin


@dataclass
class Info:
    """What the search knows about one position, from the side to move's view."""

    moves: list[int]
    """Candidate moves, best first."""
    static: float
    """The evaluation: score difference, the exchange the threat maps promise, shape."""
    mine: dict[int, float]
    """What the side to move gains by playing each node now (only gains above my_base)."""
    my_base: float
    theirs: dict[int, float]
    """The same for the other side, as if it were to move."""
    their_base: float


@dataclass(frozen=True)
class Settings:
    """How wide the search looks and what its evaluation weighs."""

    root_width: int = 14     # root moves kept for depth 2 and deeper
    width: int = 9           # moves tried at an inner node
    max_depth: int = 12
    potential: float = 0.5   # cell potential (Board.potential) in the evaluation, countries
    potential_classic: float = 0.3  # the same in classic: area does not score there, but walls do
    territory: float = 0.5   # classic: free areas, where every enemy dot put in is taken
    weak: float = 0.4        # classic: each half boxed-in dot (Board.weak_dots)
    order_potential: float = 1.0  # Board.cell_gain in the order of quiet moves
    refutations: int = 3     # classic: the other side's best replies added to the root each iteration
    classic_root: int = 40   # classic: root moves looked at even at depth 1 (its maps cost twice
                             # countries', where a quiet move keeps the other side's map)
    reading: bool = True     # read forcing lines (ladders, nets) with ai.reading


MASTER = Settings()
"""The master's settings: deepening until the budget is spent."""

MASTER_V1 = Settings(reading=False)
"""The master as it was before it read threats ahead (``ai.reading``): a yardstick for ``bench.match``."""


def territory(game: Game, p: int) -> float:
    """Classic: cells of p's free areas big enough to hold a node (less one for the rim)."""
    total = 0.0
    for area in game.free_areas(Player(p)):
        cells = len(area.quarters) / 4
        if cells >= 2:
            total += cells - 1
    return total


class Master:
    """One search over one Board; ``best_move`` runs it within the Board's budget."""

    def __init__(self, board: Board, rng: random.Random, settings: Settings = MASTER) -> None:
        self.board = board
        self.rng = rng
        self.settings = settings
        self.info_cache: dict[int, Info] = {}
        self.best_reply: dict[int, int] = {}   # position key -> best move found there
        self.nodes = 0
        self.depth_done = 0
        self.iterations: list[dict[int, float]] = []
        """The root moves' values after each finished iteration of ``best_move`` (the best exact,
        the others bounds from above): what a share of the root hands back to be merged."""
        self.pot_weight = settings.potential_classic if board.classic else settings.potential
        self.terr_weight = settings.territory

    # ----- one position -----------------------------------------------------------------

    def _key(self) -> int:
        # The same dots can stand in different positions when the order of
        # enclosing differed, so the scores go into the key too.
        b = self.board
        return (b.hash * 2 + (b.to_move == 1)) ^ hash((b.units[1], b.units[2]))

    def info(self, parent: Info | None = None, move: int = -1) -> Info:
        """Candidates, maps and static value of the current position (cached).

        ``parent`` and ``move`` say how we got here: in countries a move that
        encloses nothing changes none of the other side's gains but the one on
        its own node, so that side's map is taken over from the parent. The
        mover's own map changes only where a loop through the new dot closes:
        with at most one own dot beside it, only at the nodes beside it (with
        none, nowhere), so only those are played out again.
        """
        key = self._key()
        found = self.info_cache.get(key)
        if found is not None:
            return found
        b = self.board
        p = b.to_move
        cands = b.candidates()
        if parent is not None and not b.classic and move not in parent.mine:
            mine = {v: gain for v, gain in parent.theirs.items() if v != move}
            my_base = parent.their_base
            theirs, their_base = self._mover_gains(parent, move, cands)
        else:
            mine, my_base = b.gains(p, cands)
            theirs, their_base = b.gains(3 - p, cands)
        st = self.settings
        pot = b.potential if p == 1 else -b.potential
        static = b.score_diff(p) + exchange(mine, my_base, theirs, their_base) + self.pot_weight * pot
        if b.classic and self.terr_weight:
            static += self.terr_weight * (territory(b.game, p) - territory(b.game, 3 - p))
            static += self.settings.weak * (b.weak_dots(3 - p) - b.weak_dots(p))
            b.work += 8 + b.size // 50  # what the two floods of free_areas cost, in engine moves
        b.work += len(cands) // 8  # and what sorting the candidates costs
        # The order: gains and blocks first, then Board.cell_gain and simple.shape, both
        # spelt out here from their tables: this loop runs over every candidate of every position.
        jitter = self.rng.random
        weight = st.order_potential
        blue, red, cell_gain = b.corners[1], b.corners[2], CELL_GAIN[p]
        cells_of, near, edge = b.cells_of, b.near, b.edge_dist
        own, their = b.adj[p], b.adj[3 - p]
        keyed = []
        for v in cands:
            gain = 0.0
            for c in cells_of[v]:
                gain += cell_gain[blue[c]][red[c]]
            form = SHAPE[own[v]][their[v]]
            if near[v]:
                form += 0.2
            if not edge[v]:
                form -= 0.5
            keyed.append((2.0 * mine.get(v, 0.0) + 1.5 * theirs.get(v, 0.0) + weight * gain + 0.1 * form
                          + 0.001 * jitter(), v))
        keyed.sort(reverse=True)
        found = Info([v for _, v in keyed], static, mine, my_base, theirs, their_base)
        self.info_cache[key] = found
        return found

    def _mover_gains(self, parent: Info, move: int, cands: list[int]) -> tuple[dict[int, float], float]:
        """Countries, after a quiet ``move``: the gains of the side that made it.

        A loop through the new dot leaves it by two of the mover's dots beside
        it; with one there before, the other can only be the node played next,
        so only the nodes beside ``move`` can gain anew; with none, no node can.
        """
        b = self.board
        p = 3 - b.to_move
        own = b.adj[p][move]
        if own > 1:
            return b.gains(p, cands)
        gains = {v: gain for v, gain in parent.mine.items() if v != move}
        if own == 1:
            around = set(b.neighbours[move])
            fresh, _ = b.gains(p, [v for v in cands if v in around])
            for v in around:
                gains.pop(v, None)
            gains.update(fresh)
        return gains, parent.my_base

    # ----- the search ---------------------------------------------------------------------

    def _negamax(self, depth: int, alpha: float, beta: float, parent: Info, move: int) -> float:
        b = self.board
        b.check()
        self.nodes += 1
        info = self.info(parent, move)
        if not info.moves:
            return self._final()
        if depth <= 0:
            return info.static
        key = self._key()
        moves = info.moves[:self.settings.width]
        hint = self.best_reply.get(key)
        if hint is not None and hint in info.moves:
            moves = [hint] + [v for v in moves if v != hint]
        best, best_v = -_INF, moves[0]
        for v in moves:
            try:
                b.play(v)
            except IllegalMove:  # a rare hash clash handed us another position's moves
                continue
            try:
                value = -self._negamax(depth - 1, -beta, -alpha, info, v)
            finally:
                b.undo()
            if value > best:
                best, best_v = value, v
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        self.best_reply[key] = best_v
        return best

    def _final(self) -> float:
        """The game is over here (no legal move): the margin, and a bonus for winning."""
        diff = self.board.score_diff(self.board.to_move)
        return diff + (_WIN if diff > 0 else -_WIN if diff < 0 else 0.0)

    def _refutations(self, root: list[int], info: Info) -> list[int]:
        """Classic: the other side's best replies to our root moves that we do not try ourselves.

        A reply that refutes many of our moves (typically a quiet move that sets
        up two captures at once) is often best taken away by playing there
        first, yet as a quiet move it can rank far down our own order.
        """
        b = self.board
        legal = set(info.moves)
        tried = set(root)
        counts: dict[int, int] = {}
        for v in root:
            b.play(v)
            key = self._key()
            b.undo()
            # The best reply searched, else (after depth 1) the reply first in that position's order.
            reply = self.best_reply.get(key)
            if reply is None:
                child = self.info_cache.get(key)
                reply = child.moves[0] if child is not None and child.moves else None
            if reply is not None and reply in legal and reply not in tried:
                counts[reply] = counts.get(reply, 0) + 1
        return sorted(counts, key=lambda r: -counts[r])[:self.settings.refutations]

    def values(self, moves: list[int], depth: int) -> dict[int, float]:
        """Each of ``moves`` from the root searched ``depth`` plies deep with a full window (the side to
        move's view, in cells or dots): what ``ai.review`` compares a move played with the best one by.

        ``best_move``'s own root values are only bounds for the moves that did not raise alpha.
        Raises ``Cancelled`` like the search itself when the Board's budget runs out.
        """
        b = self.board
        info = self.info()
        found: dict[int, float] = {}
        for v in moves:
            b.play(v)
            try:
                found[v] = -self._negamax(max(0, depth - 1), -_INF, _INF, info, v)
            finally:
                b.undo()
        return found

    def _root(self, info: Info, share: tuple[int, int]) -> tuple[list[int], int]:
        """The root moves of ``share`` (see :meth:`best_move`) in the first order, and how many of them
        the iterations after the first keep."""
        root = list(info.moves)
        if self.board.classic:
            # Every node either side gains at stays; the rest of the tail is quiet moves.
            head = set(root[:self.settings.classic_root])
            root = [v for v in root if v in head or v in info.mine or v in info.theirs]
        index, count = share
        root_width = self.settings.root_width
        if count > 1:
            root = root[index::count] or root[:1]
            root_width = -(-root_width // count)
        return root, root_width

    def best_move(self, share: tuple[int, int] = (0, 1)) -> int:
        """The best move found before the Board's budget runs out (always a legal one).

        ``share=(i, n)`` searches only every n-th root move from the i-th, in the root's
        first order: one of n searches that split the root between them (one a core), each
        keeping its part of the root's width. The values of each finished iteration are in
        ``iterations``.
        """
        b = self.board
        if not b.dots_of[1] and not b.dots_of[2]:
            return opening_move(b, self.rng)
        info = self.info()
        index, count = share
        root, root_width = self._root(info, share)
        best_v = root[0]
        if len(root) == 1 and count == 1:
            return best_v
        reading = _Reading(self, info) if self.settings.reading else None
        if reading is not None and index == 0:  # one share searches the openers for all
            root += [v for v in reading.openers() if v not in root]
        for depth in range(1, self.settings.max_depth + 1):
            values: dict[int, float] = {}
            alpha = -_INF
            try:
                for v in root:
                    b.play(v)
                    try:
                        value = -self._negamax(depth - 1, -_INF, -alpha, info, v)
                    finally:
                        b.undo()
                    values[v] = value
                    alpha = max(alpha, value)
            except Cancelled:
                # A move that beat the previous best in the unfinished iteration is better.
                if values:
                    top = max(values, key=lambda v: values[v])
                    if top != root[0] and values[top] > values.get(root[0], -_INF):
                        best_v = top
                break
            extra: list[int] = []
            if reading is not None:
                if depth == 1:
                    narrowed = sorted(root, key=lambda v: -values[v])[:root_width]
                    extra = [v for v in reading.read_replies(narrowed) if v not in narrowed]
                reading.judge(values)
            # Reorder by this iteration's values (ties keep the old order) and narrow.
            if depth == 1 and b.classic:
                # Quiet classic positions evaluate flat; a fixed order among equals
                # let the amateur shadow every line to a 0:0 board.
                shuffle = {v: self.rng.random() for v in root}
                root.sort(key=lambda v: (-values[v], shuffle[v]))
            else:
                root.sort(key=lambda v: -values[v])
            best_v = root[0]
            self.depth_done = depth
            self.iterations.append(values)
            if depth == 1:
                # Moves the reading found (its openers, the other side's net moves) stay at any rank.
                kept = reading.found if reading is not None else set()
                root = root[:root_width] + [v for v in root[root_width:] if v in kept]
                root += [v for v in extra if v not in root]
            if b.classic:
                root += self._refutations(root, info)
        return best_v



READING_SHARE = 0.3
"""Of the master's budget, what reading forcing lines at the root may take before the search goes on."""

READING_DEPTH = 5
"""Own moves in a forcing line, the last one the gain: four threats deep."""

READING_LEAST_COUNTRIES = 1.5
"""Countries: what a line must force beyond the best immediate gain before it bounds a root move.
With every bound, from half a cell up, the master lost to master-v1 at 1 s (5 of 15 won, 7 lost):
half cells are threatened nearly everywhere there and the search reads them itself."""


class _Reading:
    """The master's use of ``ai.reading`` at the root: its own forcing lines and the other side's.

    A forcing line read to its end is a bound the search cannot see past its
    horizon. The evaluation already counts the one-move exchange of threats;
    what a line forces beyond the best immediate gain is what it adds. After a
    root move from which the other side forces R more than that, the move is
    worth at most the evaluation there less R; a root move that opens a line
    of our own forcing G more is worth at least the evaluation now plus G.
    ``judge`` applies both to each iteration's values, so a move walking into
    a net or a ladder sinks, and a move springing one rises.
    """

    def __init__(self, master: Master, info: Info) -> None:
        self.master = master
        b = master.board
        self.board = b
        self.reader = Reader(b)
        self.me = b.to_move
        self.now = info.static
        self.floor: dict[int, float] = {}     # root move -> at least this (our line)
        self.ceiling: dict[int, float] = {}   # root move -> at most this (their line after it)
        self.found: set[int] = set()
        self.least = 0.0 if b.classic else READING_LEAST_COUNTRIES

        # Reading takes at most its share of what is left of the budget, by clock and by work.
        share = READING_SHARE
        t0 = time.perf_counter()
        self.until = t0 + share * (b.deadline - t0) if b.deadline != float("inf") else float("inf")
        self.work_until = b.work + int(share * (b.work_limit - b.work)) if b.work_limit < 1 << 61 else 1 << 62
        self.reader.stop = self._spent

    def _spent(self) -> bool:
        b = self.board
        return b.work > self.work_until or time.perf_counter() > self.until

    def openers(self) -> list[int]:
        """Our own forcing line at the root: its first move, to be searched whatever its rank."""
        try:
            line = self.reader.attack(self.me, READING_DEPTH)
        except Cancelled:
            return []
        excess = line.gain - max(0.0, self.reader.immediate)
        # In classic any line is searched (its first move may still be the best); in countries
        # only one forcing more than half cells.
        if line.move < 0 or line.depth < 2 or (not self.board.classic and excess <= self.least):
            return []
        self.floor[line.move] = self.now + excess
        self.found.add(line.move)
        return [line.move]

    def read_replies(self, moves: list[int]) -> list[int]:
        """The other side's forcing line after each of ``moves``; their net moves, to take away first."""
        counts: dict[int, int] = {}
        defences: list[int] = []
        try:
            for v in moves:
                if self._spent():
                    break
                opening = self._bound(v)
                if opening >= 0:
                    counts[opening] = counts.get(opening, 0) + 1
            defences = sorted(counts, key=lambda r: -counts[r])[:3]
            # Taking their opening point away: read what they force after that too.
            for v in defences:
                if self._spent() or not self.board.game.is_legal(self.board.points[v]):
                    continue
                self._bound(v)
                self.found.add(v)
        except Cancelled:
            pass
        return [v for v in defences if v in self.found]

    def _bound(self, v: int) -> int:
        """Read the other side's line after our root move ``v`` and bound ``v`` by it; the line's
        first move, or -1 when it forces nothing the search does not see for itself."""
        b = self.board
        b.play(v)
        try:
            line = self.reader.attack(b.to_move, READING_DEPTH)
            # An immediate gain the search sees for itself, with what we win back meanwhile.
            excess = line.gain - max(0.0, self.reader.immediate)
            if excess <= self.least or line.depth < 2:
                return -1
            self.ceiling[v] = self._evaluation() - excess
            return line.move
        finally:
            b.undo()

    def _evaluation(self) -> float:
        """The evaluation after one of our root moves, our view (the position's own is theirs)."""
        return -self.master.info().static

    def judge(self, values: dict[int, float]) -> None:
        """Bound each searched root value by what the reading proved."""
        for v in values:
            cap = self.ceiling.get(v)
            if cap is not None and values[v] > cap:
                values[v] = cap
            low = self.floor.get(v)
            if low is not None and values[v] < low:
                values[v] = low
