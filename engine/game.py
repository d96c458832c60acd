"""The rules of both rule sets (docs/RULES.md §2, §3) as one incremental game state.

A move costs what it changes. Placing a dot with fewer than two own live
neighbours cannot close a loop and is done at once. Otherwise the faces of the
player's wall graph around the new dot are traced in lockstep; the first faces
to close decide which are bounded (the one face that reaches the outside is
never walked to its end), and only bounded faces are flood-filled. Every change
is written to a log so that undo replays the log backwards instead of the game.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Any

from engine.grid import Grid, grid
from engine.region import Layer, Region
from engine.report import MoveReport
from engine.types import MAX_SIZE, Action, ActionKind, IllegalMove, Player, Point, Refusal, Rules

# Log opcodes: each entry is a tuple whose first item is one of these.
_DOT, _UNLEGAL, _LAY, _KILL, _REVIVE, _LAYER, _ENCLOSE, _OPEN, _PEND, _CLEAR = range(10)

ZONE_WIDTH, ZONE_HEIGHT = 8, 15
"""Classic's first-move zone in nodes (docs/RULES.md §3.2), clipped to a smaller board: :func:`zone_box`."""


def zone_box(width: int, height: int) -> tuple[int, int, int, int]:
    """``(x0, y0, w, h)`` of classic's first-move zone on a ``width × height`` board: the central block.

    The master's compiled rules read it from here too (``ai.kernel.rules.new_state``).

    >>> zone_box(38, 31), zone_box(5, 20)
    ((15, 8, 8, 15), (0, 2, 5, 15))
    """
    w, h = min(ZONE_WIDTH, width), min(ZONE_HEIGHT, height)
    return ((width - w) // 2, (height - h) // 2, w, h)


class Game:
    """A game of Dots on ``width × height`` nodes under one rule set.

    >>> g = Game(width=6, height=6)
    >>> for p in [(2, 2), (0, 0), (3, 2), (5, 0)]:
    ...     _ = g.play(p)
    >>> g.play((3, 3)).score_change(Player.BLUE), g.score(Player.BLUE)
    (Fraction(1, 2), Fraction(1, 2))

    Turns change only here: ``to_move`` can be read, not set.

    >>> g.to_move = Player.BLUE
    Traceback (most recent call last):
    ...
    AttributeError: property 'to_move' of 'Game' object has no setter
    """

    def __init__(self, width: int = 20, height: int = 20, rules: Rules = Rules.COUNTRIES, *,
                 setup: Iterable[tuple[Player, Point]] = (), zone: bool = True) -> None:
        if type(width) is not int or type(height) is not int or width < 1 or height < 1:
            raise ValueError(f"board size must be positive whole numbers, not {width!r}×{height!r}")
        if width > MAX_SIZE or height > MAX_SIZE:
            raise ValueError(f"board {width}×{height} is too large: at most {MAX_SIZE}×{MAX_SIZE} nodes")
        if not isinstance(rules, Rules):
            raise ValueError(f"unknown rule set {rules!r}")
        self.width = width
        self.height = height
        self.rules = rules
        self._unit = rules.unit  # a Fraction is slow to build: once per game, not per move
        self._quiet = ((), (), (), (), 0, 0, self._unit, False)  # the report of a move that only put its dot
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
        # Each entry is an opcode and what it needs to undo that change (ints, a Layer, a list): its shape
        # differs by opcode, read only by _rewind and _report.
        self._log: list[tuple[Any, ...]] = []
        # Each action with the log length before it, who was to move before it, and its report.
        self._history: list[tuple[Action, int, Player, MoveReport]] = []
        self._moves_by = [0, 0, 0]
        self._setup: list[tuple[Player, Point]] = []
        self._finished = False
        self._stopped_by: Player | None = None
        self._to_move = Player.BLUE
        self.version = 0
        self._history_seen: tuple[int, tuple[Action, ...]] = (-1, ())
        """The history as last read, with the version it was read at."""
        self._laying_move = -1  # setup dots lay their layers as move -1
        # Layers laid and classic enclosures made or opened, ever (undo does not lower it):
        # a move that changes none of them needs no report scan.
        self._shaped = 0
        self._journal: deque[tuple[int, MoveReport | None, bool]] = deque(maxlen=_JOURNAL)
        for player, point in setup:
            self._place_setup(Player(player), point)
        self._log.clear()

    # ----- reading the position -------------------------------------------------

    def _node(self, point: Point) -> int:
        # Exact types: bytes, dicts and bools unpack or compare as ints but are no points.
        if type(point) not in (tuple, list) or len(point) != 2:
            raise IllegalMove(f"{_clip(point)} is not a point (x, y)")
        x, y = point
        if type(x) is not int or type(y) is not int:
            raise IllegalMove(f"{_clip(point)} is not a point of whole numbers")
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IllegalMove(f"{(x, y)} is off the {self.width}×{self.height} board")
        return y * self.width + x

    @property
    def to_move(self) -> Player:
        """Whose turn it is; it changes only through the engine's own actions."""
        return self._to_move

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
        """Cells of territory (countries) or captured enemy dots (classic); ValueError for no player."""
        return self.score_units(player) * self.rules.unit

    def score_units(self, player: Player) -> int:
        """The score as a whole number of ``rules.unit``: half cells, or captured dots.

        For search, which compares scores millions of times and needs no fractions.
        ValueError for anything but a player (-1 would read Red's count, 0 nobody's).
        """
        if player is not Player.BLUE and player is not Player.RED:
            player = _player(player)  # the usual case costs two identity checks, not a call
        if self.rules is Rules.CLASSIC:
            return self._dead_count[3 - player]
        return self._qcount[player] >> 1  # a territory is always whole half cells

    @property
    def layers(self) -> tuple[Layer, ...]:
        """Every layer laid so far, oldest first; ``fade`` says how many lie over each."""
        return tuple(self._layers)

    @property
    def history(self) -> tuple[Action, ...]:
        """Moves, Stop and Finish in the order they happened (setup dots not included)."""
        # Read every frame by the panel (takebacks, the story): made once per change, not per read.
        seen = self._history_seen
        if seen[0] != self.version:
            seen = self._history_seen = (self.version, tuple(entry[0] for entry in self._history))
        return seen[1]

    @property
    def setup(self) -> tuple[tuple[Player, Point], ...]:
        """Dots that stood on the board before the first move."""
        return tuple(self._setup)

    @property
    def last_move(self) -> Point | None:
        """The node of the latest move, if any."""
        for action, *_ in reversed(self._history):
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
        return self._zone_for(self._to_move)

    def _zone_for(self, player: Player) -> tuple[int, int, int, int] | None:
        if (self.rules is not Rules.CLASSIC or not self.zone_rule or self._setup or self._finished
                or self._moves_by[player]):
            return None
        return zone_box(self.width, self.height)

    def _in_zone(self, v: int, zone: tuple[int, int, int, int]) -> bool:
        x, y = v % self.width, v // self.width
        return zone[0] <= x < zone[0] + zone[2] and zone[1] <= y < zone[1] + zone[3]

    def is_legal(self, point: Point) -> bool:
        """True when the player to move may put a dot on the node now."""
        try:
            v = self._node(point)
        except IllegalMove:
            return False
        return self._why_illegal(v, self._to_move) is None

    def refusal(self, point: object) -> Refusal | None:
        """Why the player to move may not play ``point`` now, or None when it is legal.

        >>> g = Game(5, 5)
        >>> _ = g.play((2, 2))
        >>> g.refusal((2, 2)), g.refusal((9, 9)), g.refusal((1, 1))
        (<Refusal.TAKEN: 'taken'>, <Refusal.NOT_A_NODE: 'not_a_node'>, None)
        """
        try:
            v = self._node(point)  # type: ignore[arg-type]
        except IllegalMove as e:
            return e.refusal
        return self._why_illegal(v, self._to_move)

    def _why_illegal(self, v: int, player: Player) -> Refusal | None:
        if self._finished:
            return Refusal.OVER
        if self._dot[v]:
            return Refusal.TAKEN
        if self._stopped_by is player:
            return Refusal.STOPPED
        if self._legal_pos[v] < 0:
            return Refusal.INSIDE
        if not self._moves_by[player]:  # the zone binds a player's first move only
            zone = self._zone_for(player)
            if zone is not None and not self._in_zone(v, zone):
                return Refusal.ZONE
        return None

    def _reason(self, why: Refusal) -> str:
        if why is Refusal.INSIDE:
            return "the node is inside a country" if self.rules is Rules.COUNTRIES else \
                "the node is inside a surrounded area"
        return _REASONS[why]

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

    def play(self, point: Point, *, player: Player | None = None) -> MoveReport:
        """Put a dot of ``player`` (the player to move by default) and say what it did.

        Any player may move, except the one who pressed Stop: a record may hold two
        moves of one side in a row, and a search asks "what if the other side played
        here". Afterwards the mover's opponent is to move (in the stop phase, the
        player who did not stop). Raises IllegalMove saying why not.
        """
        mover = self._to_move if player is None else _player(player)
        v = self._node(point)
        why = self._why_illegal(v, mover)
        if why is not None:
            raise IllegalMove(f"{mover.name.lower()} cannot play {self._g.points[v]}: {self._reason(why)}", why)
        mark = len(self._log)
        shaped = self._shaped
        self._laying_move = self.move_count
        self._place(mover, v)
        action = Action(ActionKind.MOVE, mover, self._g.points[v])
        if self._shaped == shaped:  # most moves: nothing but the dot
            report = _new_report(MoveReport, (action, *self._quiet))
        else:
            report = self._report(action, mark)
        self._history.append((action, mark, self._to_move, report))
        self._moves_by[mover] += 1
        self._to_move = _OTHER[mover] if self._stopped_by is None else _OTHER[self._stopped_by]
        self.version += 1
        self._journal.append((self.version, report, False))
        return report

    def finish(self, *, player: Player | None = None) -> MoveReport | None:
        """End the game now and count («Завершить»); None if it had already ended so.

        ``player`` is who finished it (the player to move by default), as a record or a copy
        keeps it; the turn stays where it was.
        """
        if self._finished:
            return None
        finisher = self._to_move if player is None else _player(player)
        report = MoveReport(Action(ActionKind.FINISH, finisher), unit=self._unit)
        self._history.append((report.action, len(self._log), self._to_move, report))
        self._finished = True
        self.version += 1
        self._journal.append((self.version, report, False))
        return report

    def stop(self, *, player: Player | None = None) -> MoveReport:
        """Classic «Стоп»: ``player`` (the player to move by default) stops; the other moves alone from now on."""
        if self.rules is not Rules.CLASSIC:
            raise IllegalMove("Stop is a rule of the classic game only")
        if self.is_over:
            raise IllegalMove("the game is over", Refusal.OVER)
        if self._stopped_by is not None:
            raise IllegalMove(f"{self._stopped_by.name.lower()} has already stopped", Refusal.STOPPED)
        stopper = self._to_move if player is None else _player(player)
        report = MoveReport(Action(ActionKind.STOP, stopper), unit=self._unit)
        self._history.append((report.action, len(self._log), self._to_move, report))
        self._stopped_by = stopper
        self._to_move = stopper.other
        self.version += 1
        self._journal.append((self.version, report, False))
        return report

    def undo(self) -> MoveReport:
        """Take back the last move, Stop or Finish exactly, and say what it took back.

        The report is the one the action gave when it was made. IndexError when
        there is nothing to undo.
        """
        if not self._history:
            raise IndexError("nothing to undo")
        action, mark, before, report = self._history.pop()
        if action.kind is ActionKind.FINISH:
            self._finished = False
        elif action.kind is ActionKind.STOP:
            self._stopped_by = None
        else:
            self._rewind(mark)
            self._moves_by[action.player] -= 1
        self._to_move = before
        self.version += 1
        self._journal.append((self.version, report, True))
        return report

    def apply(self, action: Action) -> MoveReport | None:
        """Do one history entry again: a move, Stop or Finish by the player it names.

        TypeError when ``action`` is not an Action, ValueError when its kind is none of the three.
        """
        if not isinstance(action, Action):
            raise TypeError(f"action must be an engine Action, not {_clip(action)}")
        if action.kind is ActionKind.MOVE:
            if action.point is None:
                raise IllegalMove("a move needs a point")
            return self.play(action.point, player=action.player)
        if action.kind is ActionKind.STOP:
            return self.stop(player=action.player)
        if action.kind is ActionKind.FINISH:
            return self.finish(player=action.player)
        raise ValueError(f"action.kind must be an ActionKind, not {_clip(action.kind)}")

    @classmethod
    def from_actions(cls, width: int, height: int, rules: Rules = Rules.COUNTRIES, *,
                     setup: Iterable[tuple[Player, Point]] = (), zone: bool = True,
                     actions: Iterable[Action] = (), to_move: Player | None = None) -> Game:
        """The one way a game is rebuilt from what happened: copies, records and review use it.

        ``to_move`` says who is to move at the end when a record says so; it must
        agree with Stop (the player who stopped never moves again).

        >>> g = Game.from_actions(5, 5, actions=[Action(ActionKind.MOVE, Player.RED, (2, 2))])
        >>> g.dot_at((2, 2)), g.to_move
        (<Player.RED: 2>, <Player.BLUE: 1>)
        """
        game = cls(width, height, rules, setup=setup, zone=zone)
        for action in actions:
            game.apply(action)
        if to_move is not None:
            game.pass_to(to_move)
        return game

    def pass_to(self, player: Player) -> None:
        """Hand the turn to ``player`` without a move, as a loaded record may (``PL``).

        Refused when it contradicts Stop: the player who stopped moves no more.
        """
        player = _player(player)
        if self._stopped_by is player:
            raise IllegalMove(f"{player.name.lower()} pressed Stop and moves no more", Refusal.STOPPED)
        if player is not self._to_move:
            self._to_move = player
            self.version += 1
            self._journal.append((self.version, None, False))

    def changes_since(self, version: int) -> list[tuple[MoveReport | None, bool]] | None:
        """What happened since the game was at ``version``, oldest first: each action's report and
        whether it was taken back (True) or done (False); None for a turn handed over (``pass_to``).

        None when that is no longer kept (only the latest few hundred are) or ``version``
        is not one this game had: the caller then looks at the whole position. A view
        that drew the game at some version brings its picture up to date from this.

        >>> g = Game(5, 5)
        >>> seen = g.version
        >>> _ = g.play((1, 1)); _ = g.undo()
        >>> [(report.action.point, undone) for report, undone in g.changes_since(seen)]
        [((1, 1), False), ((1, 1), True)]
        """
        if version == self.version:
            return []
        journal = self._journal
        if not journal or version > self.version or version < journal[0][0] - 1:
            return None
        start = version - journal[0][0] + 1
        return [(report, undone) for _, report, undone in list(journal)[start:]]

    def copy(self) -> Game:
        """An independent game in the same state (replayed from its history)."""
        return Game.from_actions(self.width, self.height, self.rules, setup=self._setup, zone=self.zone_rule,
                                 actions=self.history, to_move=self._to_move)

    def _report(self, action: Action, mark: int) -> MoveReport:
        """What the action logged since ``mark`` did; score changes are read off the same log."""
        laid: list[Layer] = []
        crossed: list[Point] = []
        revived: list[Point] = []
        gained = [0, 0, 0]  # quarters topped (countries) or enemy dots crossed out (classic), by player
        points, dot = self._g.points, self._dot
        log = self._log
        for i in range(mark, len(log)):
            entry = log[i]
            op = entry[0]
            if op == _LAY:
                gained[entry[2]] -= 1
                gained[action.player] += 1
            elif op == _LAYER:
                laid.append(entry[1])
            elif op == _KILL:
                crossed.append(points[entry[1]])
            elif op == _REVIVE:
                revived.append(points[entry[1]])
        if self.rules is Rules.CLASSIC:
            # A dot crossed out scores for the other side; a revived one stops scoring.
            gained = [0, 0, 0]
            for point in crossed:
                gained[3 - dot[point[1] * self.width + point[0]]] += 1
            for point in revived:
                gained[3 - dot[point[1] * self.width + point[0]]] -= 1
            blue, red = gained[1], gained[2]
        else:
            blue, red = gained[1] // 2, gained[2] // 2  # a territory changes by whole half cells
        covered: list[Layer] = []
        for layer in laid:
            for under in layer.covered:
                if under not in covered and under not in laid:
                    covered.append(under)
        return MoveReport(action, tuple(laid), tuple(covered), tuple(crossed), tuple(revived), blue, red, self._unit,
                          self.rules is Rules.CLASSIC)

    def _place_setup(self, player: Player, point: Point) -> None:
        v = self._node(point)
        if self._dot[v] or self._legal_pos[v] < 0:
            raise IllegalMove(f"setup dot {self._g.points[v]} is on a taken node or inside an area", Refusal.TAKEN)
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
                # An old enclosure split in two: nothing new is enclosed, but its free areas change.
                self._shaped += 1
                continue
            for q in region:
                # Part of a new face may be enclosed already (its old border reopened and closed
                # again): only what changes is logged, or undo would open what was enclosed before.
                if not encl[q]:
                    encl[q] = True
                    log.append((_ENCLOSE, p, q))
            self._shaped += 1
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
        edges = self._wall_edges(p, ring)
        k = len(edges)
        if k < 2:
            return []
        cross, order = g.cross, _SCAN
        traces, bounded, slot = _start_traces(edges, ring, cross, base)
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
                    nxt = (slot[back] + 1) % k  # the next edge clockwise: the next sector's trace
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
        return self._flood_faces(p, base, edges, bounded) if bounded else []

    def _wall_edges(self, p: int, ring: list[int]) -> list[int]:
        """The directions from the new dot along which p's walls leave it, clockwise.

        A diagonal between two own neighbours on either side of it is no edge of a face:
        the half cell between them is closed without it.
        """
        live = self._live
        own = [u >= 0 and live[u] == p for u in ring]
        return [d for d in range(8) if own[d] and not (d & 1 and own[d - 1] and own[(d + 1) & 7])]

    def _flood_faces(self, p: int, base: int, edges: list[int], bounded: list[int]) -> list[list[int]]:
        """The regions of the bounded sectors, each flooded once (two sectors may share a face)."""
        self._stamp_no += 1
        stamp_no, stamp, around = self._stamp_no, self._stamp, self._g.around
        regions = []
        for j in bounded:
            start = around[base + edges[j - 1]]
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
        self._shaped += 1
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
                    self._shaped += 1

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


# Search plays and takes back moves by the million: the cheapest ways to build a report
# (tuple.__new__ skips the named tuple's Python-level __new__) and to name the other side.
_new_report = tuple.__new__
_OTHER = {Player.BLUE: Player.RED, Player.RED: Player.BLUE}

_JOURNAL = 512  # actions kept for changes_since: more than any view lets pass between two frames

_REASONS = {
    Refusal.OVER: "the game is over",
    Refusal.TAKEN: "the node is taken",
    Refusal.STOPPED: "this player pressed Stop and moves no more",
    Refusal.ZONE: "a first move must be in the central zone",
}

# _SCAN[back]: directions to try at a node, clockwise from just after the way back,
# ending with the way back itself (a dead end turns round).
_SCAN = tuple(tuple((back + turn) & 7 for turn in range(1, 9)) for back in range(8))


def _start_traces(edges: list[int], ring: list[int], cross: list[int],
                  base: int) -> tuple[list[list[int] | None], list[int], list[int]]:
    """One trace per sector round the new dot (the angle just before each edge, clockwise), each keeping
    its face on the left: [node, arrival dir, twice the signed area]; the sectors bounded at once; and
    each direction's edge number (-1 for no edge)."""
    traces: list[list[int] | None] = []
    bounded: list[int] = []
    slot = [-1] * 8
    for j, c in enumerate(edges):
        gap = (c - edges[j - 1]) & 7
        if gap == 1 or (gap == 2 and not c & 1):
            # Two neighbours next to each other: the sector is a half cell (or a
            # whole one held at four corners), bounded without any walking.
            bounded.append(j)
            traces.append(None)
        else:
            traces.append([ring[c], c, cross[base + c]])
        slot[c] = j
    return traces, bounded, slot


def _clip(value: object) -> str:
    """A short repr for an error message, whatever was passed in."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _player(value: object) -> Player:
    """A Player from a Player or its code; anything else (True, 1.0, "1") is refused."""
    if type(value) is Player or (type(value) is int and value in (1, 2)):
        return Player(value)
    raise ValueError(f"player must be Player.BLUE or Player.RED (1 or 2), not {_clip(value)}")


def _fade(layer: Layer, step: int) -> None:
    """A layer and everything under it gain (or lose) one fade level."""
    stack = [layer]
    while stack:
        top = stack.pop()
        top.fade += step
        stack.extend(top.covered)
