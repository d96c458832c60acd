"""The rules of both rule sets (RULES.md §2, §3) as one incremental game state.

A move costs what it changes. Placing a dot with fewer than two own live
neighbours cannot close a loop and is done at once. Otherwise the faces of the
player's wall graph around the new dot are traced in lockstep; the first faces
to close decide which are bounded (the one face that reaches the outside is
never walked to its end), and only bounded faces are flood-filled. Every change
is written to a log so that undo replays the log backwards instead of the game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from fractions import Fraction

from engine.grid import Grid, grid
from engine.region import Layer, Region
from engine.types import MAX_SIZE, Action, ActionKind, IllegalMove, Player, Point, Rules

# Log opcodes: each entry is a tuple whose first item is one of these.
_DOT, _UNLEGAL, _LAY, _KILL, _REVIVE, _LAYER, _ENCLOSE, _OPEN, _PEND, _CLEAR = range(10)

_ZONE_W, _ZONE_H = 8, 15


class Game:
    """A game of Dots on ``width × height`` nodes under one rule set.

    >>> g = Game(width=6, height=6)
    >>> for p in [(2, 2), (0, 0), (3, 2), (5, 0), (3, 3)]:
    ...     g.play(p)
    >>> g.score(Player.BLUE)
    Fraction(1, 2)
    """

    def __init__(self, width: int = 20, height: int = 20, rules: Rules = Rules.COUNTRIES, *,
                 setup: Iterable[tuple[Player, Point]] = (), zone: bool = True) -> None:
        if not isinstance(width, int) or not isinstance(height, int) or width < 1 or height < 1:
            raise ValueError(f"board size must be positive whole numbers, not {width!r}×{height!r}")
        if width > MAX_SIZE or height > MAX_SIZE:
            raise ValueError(f"board {width}×{height} is too large: at most {MAX_SIZE}×{MAX_SIZE} nodes")
        if not isinstance(rules, Rules):
            raise ValueError(f"unknown rule set {rules!r}")
        self.width = width
        self.height = height
        self.rules = rules
        # Records from other programs may open anywhere: they load with zone=False.
        self.zone_rule = zone
        self._g: Grid = grid(width, height)
        n, nq = self._g.nodes, self._g.quarters
        self._dot = [0] * n          # owner of the dot on each node, 0 for none
        self._live = [0] * n         # owner if the dot is alive, else 0
        self._qtop = [0] * nq        # owner of each quarter's top layer, 0 for none
        self._qlayer: list[Layer | None] = [None] * nq
        self._qcount = [0, 0, 0]     # quarters topped by each player
        self._dead_count = [0, 0, 0]  # crossed-out dots of each player
        self._legal = list(range(n))  # empty nodes outside every layer (zone not applied)
        self._legal_pos = list(range(n))
        self._layers: list[Layer] = []
        # Classic only: quarters enclosed by each player's live walls (free or not),
        # and enemy dots put inside them since that player last moved.
        self._encl: list[list[bool]] = [[], [False] * nq, [False] * nq] if rules is Rules.CLASSIC else [[], [], []]
        self._pending: list[list[int]] = [[], [], []]
        self._stamp = [0] * nq
        self._stamp_no = 0
        self._log: list[tuple] = []
        self._history: list[tuple[Action, int]] = []  # action, log length before it
        self._moves_by = [0, 0, 0]
        self._setup: list[tuple[Player, Point]] = []
        self._finished = False
        self._stopped_by: Player | None = None
        self.to_move = Player.BLUE
        self.version = 0
        self._laying_move = -1  # setup dots lay their layers as move -1
        for player, point in setup:
            self._place_setup(Player(player), point)
        self._log.clear()

    # ----- reading the position -------------------------------------------------

    def _node(self, point: Point) -> int:
        try:
            x, y = point
        except (TypeError, ValueError):
            raise IllegalMove(f"{point!r} is not a point (x, y)") from None
        if not isinstance(x, int) or not isinstance(y, int):
            raise IllegalMove(f"{point!r} is not a point of whole numbers")
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IllegalMove(f"{(x, y)} is off the {self.width}×{self.height} board")
        return y * self.width + x

    def dot_at(self, point: Point) -> Player | None:
        """Whose dot stands on the node, crossed out or not; None when empty."""
        owner = self._dot[self._node(point)]
        return Player(owner) if owner else None

    def is_dead(self, point: Point) -> bool:
        """True for a crossed-out dot (inside the other player's territory)."""
        v = self._node(point)
        return bool(self._dot[v]) and not self._live[v]

    def dots(self) -> Iterator[tuple[Point, Player, bool]]:
        """Every dot on the board: ``(point, owner, crossed_out)``."""
        points, live = self._g.points, self._live
        for v, owner in enumerate(self._dot):
            if owner:
                yield points[v], Player(owner), not live[v]

    def owner_at(self, point: Point) -> Player | None:
        """Top owner of the territory an empty node lies in, or None outside any."""
        q = self._g.rep[self._node(point)]
        return Player(self._qtop[q]) if q >= 0 and self._qtop[q] else None

    def score(self, player: Player) -> Fraction:
        """Cells of territory (countries) or captured enemy dots (classic)."""
        player = Player(player)
        if self.rules is Rules.CLASSIC:
            return Fraction(self._dead_count[player.other])
        return Fraction(self._qcount[player], 4)

    @property
    def layers(self) -> tuple[Layer, ...]:
        """Every layer laid so far, oldest first; ``fade`` says how many lie over each."""
        return tuple(self._layers)

    @property
    def history(self) -> tuple[Action, ...]:
        """Moves, Stop and Finish in the order they happened (setup dots not included)."""
        return tuple(a for a, _ in self._history)

    @property
    def setup(self) -> tuple[tuple[Player, Point], ...]:
        """Dots that stood on the board before the first move."""
        return tuple(self._setup)

    @property
    def last_move(self) -> Point | None:
        """The node of the latest move, if any."""
        for action, _ in reversed(self._history):
            if action.kind is ActionKind.MOVE:
                return action.point
        return None

    @property
    def move_count(self) -> int:
        """Dots placed by moves so far (setup dots not counted)."""
        return self._moves_by[1] + self._moves_by[2]

    @property
    def stopped_by(self) -> Player | None:
        """Classic: the player who pressed Stop; the other now moves alone."""
        return self._stopped_by

    @property
    def finished(self) -> bool:
        """True once Finish was pressed."""
        return self._finished

    @property
    def is_over(self) -> bool:
        """The game has ended: finished, or the player to move has nowhere to play."""
        return self._finished or not self._has_legal_move()

    @property
    def winner(self) -> Player | None:
        """The player with the higher score; None for a draw."""
        blue, red = self.score(Player.BLUE), self.score(Player.RED)
        if blue == red:
            return None
        return Player.BLUE if blue > red else Player.RED

    def free_areas(self, player: Player) -> list[Region]:
        """Classic: the player's enclosed areas that hold no capture (drawn as outlines)."""
        if self.rules is not Rules.CLASSIC:
            return []
        player = Player(player)
        encl, qtop, g = self._encl[player], self._qtop, self._g
        seen = [False] * g.quarters
        areas: list[Region] = []
        for start in range(g.quarters):
            if seen[start] or not encl[start] or qtop[start] == player:
                continue
            seen[start] = True
            stack, region = [start], []
            while stack:
                q = stack.pop()
                region.append(q)
                for other, a, b, c, d in g.links[q]:
                    if other < 0 or seen[other] or not encl[other] or qtop[other] == player:
                        continue
                    if self._is_wall(player, a, b, c, d):
                        continue
                    seen[other] = True
                    stack.append(other)
            areas.append(Region(g, player, tuple(sorted(region))))
        return areas

    # ----- legal moves --------------------------------------------------------------

    @property
    def first_move_zone(self) -> tuple[int, int, int, int] | None:
        """Classic: ``(x0, y0, w, h)`` of the zone the player to move must play in, else None."""
        if (self.rules is not Rules.CLASSIC or not self.zone_rule or self._setup or self._finished
                or self._moves_by[self.to_move]):
            return None
        w, h = min(_ZONE_W, self.width), min(_ZONE_H, self.height)
        return ((self.width - w) // 2, (self.height - h) // 2, w, h)

    def _in_zone(self, v: int, zone: tuple[int, int, int, int]) -> bool:
        x, y = v % self.width, v // self.width
        return zone[0] <= x < zone[0] + zone[2] and zone[1] <= y < zone[1] + zone[3]

    def is_legal(self, point: Point) -> bool:
        """True when the player to move may put a dot on the node now."""
        try:
            v = self._node(point)
        except IllegalMove:
            return False
        return self._why_illegal(v) is None

    def _why_illegal(self, v: int) -> str | None:
        if self._finished:
            return "the game is over"
        if self._dot[v]:
            return "the node is taken"
        if self._stopped_by is self.to_move:
            return "this player pressed Stop and moves no more"
        if self._legal_pos[v] < 0:
            return "the node is inside a country" if self.rules is Rules.COUNTRIES else \
                "the node is inside a surrounded area"
        zone = self.first_move_zone
        if zone is not None and not self._in_zone(v, zone):
            return "a first move must be in the central zone"
        return None

    def legal_moves(self) -> list[Point]:
        """Every node the player to move may take now, in no particular order."""
        if self._finished:
            return []
        points = self._g.points
        zone = self.first_move_zone
        if zone is None:
            return [points[v] for v in self._legal]
        return [points[v] for v in self._legal if self._in_zone(v, zone)]

    @property
    def legal_count(self) -> int:
        """How many legal moves there are (cheap outside the first-move zone)."""
        if self._finished:
            return 0
        if self.first_move_zone is None:
            return len(self._legal)
        return len(self.legal_moves())

    def random_move(self, rng: random.Random) -> Point | None:
        """A uniformly random legal move in O(1) (None when there is none)."""
        if self._finished or not self._legal:
            return None
        zone = self.first_move_zone
        if zone is None:
            return self._g.points[self._legal[rng.randrange(len(self._legal))]]
        moves = self.legal_moves()
        return rng.choice(moves) if moves else None

    def _has_legal_move(self) -> bool:
        zone = self.first_move_zone
        if zone is None:
            return bool(self._legal)
        return any(self._in_zone(v, zone) for v in self._legal)

    # ----- changing the position ------------------------------------------------

    def play(self, point: Point) -> None:
        """Put a dot of the player to move; raises IllegalMove saying why not."""
        v = self._node(point)
        why = self._why_illegal(v)
        if why is not None:
            raise IllegalMove(f"{self.to_move.name.lower()} cannot play {self._g.points[v]}: {why}")
        player = self.to_move
        mark = len(self._log)
        self._laying_move = self.move_count
        self._place(player, v)
        self._history.append((Action(ActionKind.MOVE, player, self._g.points[v]), mark))
        self._moves_by[player] += 1
        if self._stopped_by is None:
            self.to_move = player.other
        self.version += 1

    def finish(self) -> None:
        """End the game now and count («Завершить»)."""
        if self._finished:
            return
        self._history.append((Action(ActionKind.FINISH, self.to_move), len(self._log)))
        self._finished = True
        self.version += 1

    def stop(self) -> None:
        """Classic «Стоп»: the player to move stops; the other moves alone from now on."""
        if self.rules is not Rules.CLASSIC:
            raise IllegalMove("Stop is a rule of the classic game only")
        if self.is_over:
            raise IllegalMove("the game is over")
        if self._stopped_by is not None:
            raise IllegalMove(f"{self._stopped_by.name.lower()} has already stopped")
        player = self.to_move
        self._history.append((Action(ActionKind.STOP, player), len(self._log)))
        self._stopped_by = player
        self.to_move = player.other
        self.version += 1

    def undo(self) -> None:
        """Take back the last move, Stop or Finish exactly; IndexError when there is none."""
        if not self._history:
            raise IndexError("nothing to undo")
        action, mark = self._history.pop()
        if action.kind is ActionKind.FINISH:
            self._finished = False
        elif action.kind is ActionKind.STOP:
            self._stopped_by = None
            self.to_move = action.player
        else:
            self._rewind(mark)
            self._moves_by[action.player] -= 1
            self.to_move = action.player
        self.version += 1

    def copy(self) -> Game:
        """An independent game in the same state (replayed from its history)."""
        twin = Game(self.width, self.height, self.rules, setup=self._setup, zone=self.zone_rule)
        for action in self.history:
            if action.kind is ActionKind.MOVE:
                twin.to_move = action.player
                twin.play(action.point)  # type: ignore[arg-type]
            elif action.kind is ActionKind.STOP:
                twin.to_move = action.player
                twin.stop()
            else:
                twin.finish()
        twin.to_move = self.to_move
        return twin

    def _place_setup(self, player: Player, point: Point) -> None:
        v = self._node(point)
        if self._dot[v] or self._legal_pos[v] < 0:
            raise IllegalMove(f"setup dot {self._g.points[v]} is on a taken node or inside an area")
        self._place(player, v)
        self._setup.append((player, self._g.points[v]))

    # ----- the move itself --------------------------------------------------------

    def _is_wall(self, p: int, a: int, b: int, c: int, d: int) -> bool:
        live = self._live
        return live[a] == p and live[b] == p and (c < 0 or live[c] != p or live[d] != p)

    def _remove_legal(self, v: int) -> None:
        pos = self._legal_pos
        i = pos[v]
        legal = self._legal
        last = legal.pop()
        if last != v:
            legal[i] = last
            pos[last] = i
        pos[v] = -1
        self._log.append((_UNLEGAL, v, i))

    def _place(self, p: int, v: int) -> None:
        g = self._g
        log = self._log
        self._dot[v] = p
        self._live[v] = p
        log.append((_DOT, v))
        self._remove_legal(v)
        classic = self.rules is Rules.CLASSIC
        q_rep = g.rep[v]
        if classic and q_rep >= 0:
            o = 3 - p
            if self._encl[o][q_rep]:
                # Into the other player's free area: captured at his next move (comment 1).
                self._pending[o].append(v)
                log.append((_PEND, o, v))
        outside = not (classic and q_rep >= 0 and self._encl[p][q_rep])
        regions = self._new_faces(p, v, outside)
        if not classic:
            for region in regions:
                self._lay(p, region)
            return
        encl = self._encl[p]
        to_lay: list[list[int]] = []
        for region in regions:
            if encl[region[0]]:
                continue  # an old enclosure split in two: nothing new is enclosed
            for q in region:
                encl[q] = True
                log.append((_ENCLOSE, p, q))
            if self._holds_enemy(p, region):
                to_lay.append(region)
        pending = self._pending[p]
        if pending:
            for w in pending:
                if self._live[w] == 3 - p and encl[g.rep[w]] and self._qtop[g.rep[w]] != p:
                    to_lay.append(self._flood_enclosed(p, g.rep[w]))
            log.append((_CLEAR, p, pending[:]))
            pending.clear()
        for region in to_lay:
            self._lay(p, region)

    def _holds_enemy(self, p: int, region: list[int]) -> bool:
        # A live enemy dot touching a quarter of a region is inside it: no wall of p
        # can pass through the enemy's node, so all its quarters are in the region.
        live, qn, e = self._live, self._g.quarter_nodes, 3 - p
        for q in region:
            a, b = qn[q]
            if live[a] == e or live[b] == e:
                return True
        return False

    def _new_faces(self, p: int, n: int, outside: bool) -> list[list[int]]:
        """Regions newly bounded by p's walls through the new dot at n."""
        g = self._g
        live, nb = self._live, g.neighbour
        base = n * 8
        ring = nb[base:base + 8]
        own = [u >= 0 and live[u] == p for u in ring]
        edges = [d for d in range(8) if own[d] and not (d & 1 and own[d - 1] and own[(d + 1) & 7])]
        k = len(edges)
        if k < 2:
            return []
        slot = [-1] * 8
        for j, d in enumerate(edges):
            slot[d] = j
        # One trace per sector (the angle just before each edge, clockwise), each
        # keeping its face on the left: [node, arrival dir, twice the signed area].
        cross, order = g.cross, _SCAN
        traces: list[list[int] | None] = []
        bounded: list[int] = []
        for j, c in enumerate(edges):
            gap = (c - edges[j - 1]) & 7
            if gap == 1 or (gap == 2 and not c & 1):
                # Two neighbours next to each other: the sector is a half cell (or a
                # whole one held at four corners), bounded without any walking.
                bounded.append(j)
                traces.append(None)
            else:
                traces.append([ring[c], c, cross[base + c]])
        live_traces = k - len(bounded)
        unbounded = False
        limit = 8 * g.nodes + 8
        steps = 0
        while live_traces:
            if outside and (unbounded or live_traces == 1):
                # Exactly one face reaches the outside: once it is known, the rest
                # are bounded; once all others closed, the last one is it.
                if unbounded:
                    bounded.extend(j for j in range(k) if traces[j] is not None)
                break
            steps += 1
            if steps > limit:
                raise RuntimeError("face tracing did not close")
            for j in range(k):
                t = traces[j]
                if t is None:
                    continue
                v = t[0]
                back = (t[1] + 4) & 7
                if v == n:
                    nxt = slot[back] + 1
                    if nxt == k:
                        nxt = 0
                    if nxt == j:
                        traces[j] = None
                        live_traces -= 1
                        if t[2] < 0:
                            bounded.append(j)
                        else:
                            unbounded = True
                        continue
                    if traces[nxt] is not None:  # the same face: its own trace is redundant
                        traces[nxt] = None
                        live_traces -= 1
                    e = edges[nxt]
                    u = ring[e]
                else:
                    vb = v * 8
                    for e in order[back]:
                        u = nb[vb + e]
                        if u >= 0 and live[u] == p:
                            if e & 1 and live[nb[vb + e - 1]] == p and live[nb[vb + ((e + 1) & 7)]] == p:
                                continue
                            break
                t[2] += cross[v * 8 + e]
                t[0] = u
                t[1] = e
        if not bounded:
            return []
        self._stamp_no += 1
        stamp_no, stamp = self._stamp_no, self._stamp
        regions = []
        for j in bounded:
            start = g.around[base + edges[j - 1]]
            if stamp[start] == stamp_no:
                continue
            regions.append(self._flood(p, start, stamp_no))
        return regions

    def _flood(self, p: int, start: int, stamp_no: int) -> list[int]:
        """Quarters reachable from start without crossing p's walls (a bounded face)."""
        links, live, stamp = self._g.links, self._live, self._stamp
        stamp[start] = stamp_no
        region = [start]
        i = 0
        while i < len(region):
            q = region[i]
            i += 1
            for other, a, b, c, d in links[q]:
                if live[a] == p and live[b] == p and (c < 0 or live[c] != p or live[d] != p):
                    continue
                if other < 0:
                    raise RuntimeError("a bounded face reached the edge of the board")
                if stamp[other] != stamp_no:
                    stamp[other] = stamp_no
                    region.append(other)
        return region

    def _flood_enclosed(self, p: int, start: int) -> list[int]:
        """Classic: the enclosed region of p around start (through enclosed quarters)."""
        self._stamp_no += 1
        return self._flood(p, start, self._stamp_no)

    def _lay(self, p: int, region: list[int]) -> None:
        """Lay a layer of p over the quarters of region that p does not top yet."""
        qtop, qlayer, log = self._qtop, self._qlayer, self._log
        new = [q for q in region if qtop[q] != p]
        if not new:
            return
        layer = Layer(self._g, Player(p), tuple(new), self._laying_move)
        covered: list[Layer] = []
        count = self._qcount
        for q in new:
            old = qlayer[q]
            log.append((_LAY, q, qtop[q], old))
            if old is not None and old not in covered:
                covered.append(old)
            count[qtop[q]] -= 1
            qtop[q] = p
            qlayer[q] = layer
        count[p] += len(new)
        layer.covered = covered
        for under in covered:
            _fade(under, +1)
        self._layers.append(layer)
        log.append((_LAYER, layer))
        # Nodes touched by the new quarters: empty ones leave play, dots die or revive.
        g = self._g
        dot, live, pos = self._dot, self._live, self._legal_pos
        nq, qn = g.node_quarters, g.quarter_nodes
        seen: set[int] = set()
        killed: list[int] = []
        for q in new:
            for v in qn[q]:
                if v in seen:
                    continue
                seen.add(v)
                owner = dot[v]
                if not owner:
                    if pos[v] >= 0:
                        self._remove_legal(v)
                    continue
                if (owner == p) == bool(live[v]):
                    continue  # a live own dot or an already dead enemy dot: nothing to do
                for x in nq[v]:
                    if qtop[x] != p:
                        break
                else:
                    if owner == p:
                        live[v] = p
                        self._dead_count[p] -= 1
                        log.append((_REVIVE, v))
                    else:
                        live[v] = 0
                        self._dead_count[owner] += 1
                        log.append((_KILL, v))
                        killed.append(v)
        if killed and self.rules is Rules.CLASSIC:
            self._reopen(3 - p, killed)

    def _reopen(self, o: int, killed: list[int]) -> None:
        """Classic: o's dots died, so o's enclosures through them may now leak."""
        g, encl, log = self._g, self._encl[o], self._log
        self._stamp_no += 1
        stamp_no, stamp = self._stamp_no, self._stamp
        links, live = g.links, self._live
        for v in killed:
            for start in g.node_quarters[v]:
                if not encl[start] or stamp[start] == stamp_no:
                    continue
                stamp[start] = stamp_no
                region = [start]
                leaks = False
                i = 0
                while i < len(region):
                    q = region[i]
                    i += 1
                    for other, a, b, c, d in links[q]:
                        if live[a] == o and live[b] == o and (c < 0 or live[c] != o or live[d] != o):
                            continue
                        if other < 0 or not encl[other]:
                            leaks = True
                            continue
                        if stamp[other] != stamp_no:
                            stamp[other] = stamp_no
                            region.append(other)
                if leaks:
                    for q in region:
                        encl[q] = False
                        log.append((_OPEN, o, q))

    def _rewind(self, mark: int) -> None:
        """Undo the log back to length mark, newest change first."""
        log = self._log
        dot, live, qtop, qlayer = self._dot, self._live, self._qtop, self._qlayer
        legal, pos = self._legal, self._legal_pos
        while len(log) > mark:
            entry = log.pop()
            op = entry[0]
            if op == _LAY:
                _, q, old_top, old_layer = entry
                self._qcount[qtop[q]] -= 1
                self._qcount[old_top] += 1
                qtop[q] = old_top
                qlayer[q] = old_layer
            elif op == _UNLEGAL:
                _, v, i = entry
                if i == len(legal):
                    legal.append(v)
                else:
                    w = legal[i]
                    pos[w] = len(legal)
                    legal.append(w)
                    legal[i] = v
                pos[v] = i
            elif op == _KILL:
                v = entry[1]
                live[v] = dot[v]
                self._dead_count[dot[v]] -= 1
            elif op == _REVIVE:
                v = entry[1]
                live[v] = 0
                self._dead_count[dot[v]] += 1
            elif op == _LAYER:
                layer = self._layers.pop()
                for under in layer.covered:
                    _fade(under, -1)
            elif op == _DOT:
                v = entry[1]
                dot[v] = 0
                live[v] = 0
            elif op == _ENCLOSE:
                self._encl[entry[1]][entry[2]] = False
            elif op == _OPEN:
                self._encl[entry[1]][entry[2]] = True
            elif op == _PEND:
                self._pending[entry[1]].pop()
            elif op == _CLEAR:
                self._pending[entry[1]][:] = entry[2]


# _SCAN[back]: directions to try at a node, clockwise from just after the way back,
# ending with the way back itself (a dead end turns round).
_SCAN = tuple(tuple((back + turn) & 7 for turn in range(1, 9)) for back in range(8))


def _fade(layer: Layer, step: int) -> None:
    """A layer and everything under it gain (or lose) one fade level."""
    stack = [layer]
    while stack:
        top = stack.pop()
        top.fade += step
        stack.extend(top.covered)
