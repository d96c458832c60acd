"""A slow, obviously-correct reference implementation of the rules (docs/RULES.md).

The fast engine in ``engine/`` must agree with this module on every observable
value in thousands of random games (``test_engine_vs_reference.py``); this
module itself is checked against every value and worked example in docs/RULES.md
(``test_reference.py``). It is written for being read, not for speed: every
move recomputes everything by brute force on the exact model of docs/RULES.md §1,
and undo restores full copies of the state.

The model: each cell is split by both diagonals into four *quarters*
(N, E, S, W). After player P puts a dot, the quarters are flood-filled from
outside the board without crossing P's walls; the quarters not reached are
enclosed for P. A wall is the unit segment between two 8-neighbour live dots
of P. A diagonal wall blocks both half-diagonals it consists of. The board's
outer edge is not a wall, but a wall of P lying on an edge segment blocks
leaving the board through that segment. Each quarter holds a stack of owners
(layers); only the top one counts.

Players are the ints ``BLUE`` (1) and ``RED`` (2); ``as_ref_player`` also
accepts the engine's ``Player.BLUE`` / ``Player.RED`` (by name), so tests can
pass engine players straight in without this module importing the engine.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction

BLUE = 1
RED = 2

COUNTRIES = "countries"
CLASSIC = "classic"

Node = tuple[int, int]
# A quarter is (cell x, cell y, side); the cell (cx, cy) has the top-left
# corner node (cx, cy).
Quarter = tuple[int, int, int]
Segment = tuple[Node, Node]

N, E, S, W = 0, 1, 2, 3


def other(player: int) -> int:
    """The opponent of ``player``."""
    return RED if player == BLUE else BLUE


def as_ref_player(player: object) -> int:
    """This module's int for a player given as an int or as the engine's Player.

    Matching by name keeps the reference free of any import from the engine.
    """
    name = getattr(player, "name", None)
    if name == "BLUE" or (name is None and player == BLUE):
        return BLUE
    if name == "RED" or (name is None and player == RED):
        return RED
    raise ValueError(f"not a player: {player!r}")


def as_ref_rules(rules: object) -> str:
    """``"countries"`` or ``"classic"`` for a rules value given as a string or an enum."""
    name = rules if isinstance(rules, str) else getattr(rules, "name", "")
    name = str(name).lower()
    if name not in (COUNTRIES, CLASSIC):
        raise ValueError(f"unknown rules: {rules!r}")
    return name


def first_move_zone(width: int, height: int) -> set[Node]:
    """The central zone of docs/RULES.md §3.2 where each player's first classic move must lie."""
    zone_w = min(8, width)
    zone_h = min(15, height)
    left = (width - zone_w) // 2
    top = (height - zone_h) // 2
    return {(x, y) for x in range(left, left + zone_w) for y in range(top, top + zone_h)}


class RefIllegalMove(ValueError):
    """A move that docs/RULES.md does not allow (mirrors the engine's IllegalMove)."""


@dataclass
class _State:
    """Everything that a move, Stop or Finish changes; undo restores a copy of it."""

    to_move: int = BLUE
    dots: dict[Node, int] = field(default_factory=dict)
    dead: set[Node] = field(default_factory=set)
    # Layers per quarter, bottom first; a missing key means no layer at all.
    stacks: dict[Quarter, list[int]] = field(default_factory=dict)
    # Players who have made a move: for the classic first-move zone.
    moved: set[int] = field(default_factory=set)
    # Setup dots switch the first-move zone off (docs/RULES.md §3.2).
    has_setup: bool = False
    finished: bool = False
    # Classic Stop: the player who now moves alone, or None before any Stop.
    alone: int | None = None

    def copy(self) -> _State:
        """An independent copy (faster than copy.deepcopy, which showed in the profile)."""
        return _State(
            to_move=self.to_move,
            dots=dict(self.dots),
            dead=set(self.dead),
            stacks={quarter: list(layers) for quarter, layers in self.stacks.items()},
            moved=set(self.moved),
            has_setup=self.has_setup,
            finished=self.finished,
            alone=self.alone,
        )


class RefGame:
    """One game under the rules ``"countries"`` or ``"classic"``, same surface as engine.Game."""

    def __init__(self, width: int, height: int, rules: object = COUNTRIES) -> None:
        if width < 2 or height < 2:
            raise ValueError("the board needs at least 2 x 2 nodes (one cell)")
        self.width = width
        self.height = height
        self.rules = as_ref_rules(rules)
        self._zone = first_move_zone(width, height)
        # The geometry never changes: work it out once, so that the brute-force
        # recomputation after every move stays fast enough for many games.
        self._all_quarters = [
            (cx, cy, side)
            for cy in range(height - 1)
            for cx in range(width - 1)
            for side in (N, E, S, W)
        ]
        self._edges = {q: self._work_out_edges(q) for q in self._all_quarters}
        self._around = {node: self._work_out_quarters_at(node) for node in self.nodes()}
        self._state = _State()
        self._history: list[_State] = []

    # ----- geometry -------------------------------------------------------

    def nodes(self) -> list[Node]:
        """Every node of the board, row by row."""
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def quarters(self) -> list[Quarter]:
        """Every quarter of every cell."""
        return list(self._all_quarters)

    def on_board(self, node: Node) -> bool:
        x, y = node
        return 0 <= x < self.width and 0 <= y < self.height

    def _quarter_on_board(self, quarter: Quarter) -> bool:
        cx, cy, _ = quarter
        return 0 <= cx < self.width - 1 and 0 <= cy < self.height - 1

    def quarter_edges(self, quarter: Quarter) -> list[tuple[Segment, Quarter | None]]:
        """The three edges of a quarter: (the wall that would block it, what lies across)."""
        return self._edges[quarter]

    def _work_out_edges(self, quarter: Quarter) -> list[tuple[Segment, Quarter | None]]:
        """The three edges of a quarter: (the wall that would block it, what lies across).

        Across is another quarter, or None for the outside of the board. For a
        half-diagonal the wall given is the whole diagonal, because a diagonal
        wall blocks both of its halves.
        """
        cx, cy, side = quarter
        top_left, top_right = (cx, cy), (cx + 1, cy)
        bottom_left, bottom_right = (cx, cy + 1), (cx + 1, cy + 1)
        main = (top_left, bottom_right)  # the diagonal "\"
        anti = (top_right, bottom_left)  # the diagonal "/"

        def across(q: Quarter) -> Quarter | None:
            return q if self._quarter_on_board(q) else None

        if side == N:
            return [
                ((top_left, top_right), across((cx, cy - 1, S))),
                (anti, (cx, cy, E)),
                (main, (cx, cy, W)),
            ]
        if side == E:
            return [
                ((top_right, bottom_right), across((cx + 1, cy, W))),
                (anti, (cx, cy, N)),
                (main, (cx, cy, S)),
            ]
        if side == S:
            return [
                ((bottom_left, bottom_right), across((cx, cy + 1, N))),
                (main, (cx, cy, E)),
                (anti, (cx, cy, W)),
            ]
        return [
            ((top_left, bottom_left), across((cx - 1, cy, E))),
            (main, (cx, cy, N)),
            (anti, (cx, cy, S)),
        ]

    def quarters_at(self, node: Node) -> list[Quarter]:
        """The quarters that touch a node (8 inside the board, fewer on the edge)."""
        return self._around[node]

    def _work_out_quarters_at(self, node: Node) -> list[Quarter]:
        x, y = node
        # For each of the up to four cells around the node: the two quarters
        # of that cell that have the node as a corner.
        around = [
            ((x - 1, y - 1), (E, S)),  # the node is this cell's bottom-right corner
            ((x, y - 1), (S, W)),  # bottom-left corner
            ((x - 1, y), (N, E)),  # top-right corner
            ((x, y), (N, W)),  # top-left corner
        ]
        result: list[Quarter] = []
        for (cx, cy), sides in around:
            for side in sides:
                quarter = (cx, cy, side)
                if self._quarter_on_board(quarter):
                    result.append(quarter)
        return result

    def quarters_of_cell(self, cell: Node) -> list[Quarter]:
        cx, cy = cell
        return [(cx, cy, side) for side in (N, E, S, W)]

    # ----- walls and enclosures ---------------------------------------------

    def _is_live_dot_of(self, player: int, node: Node) -> bool:
        return self._state.dots.get(node) == player and node not in self._state.dead

    def is_wall(self, player: int, segment: Segment) -> bool:
        """True when the segment joins two 8-neighbour live dots of ``player``."""
        a, b = segment
        neighbours = max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
        return neighbours and self._is_live_dot_of(player, a) and self._is_live_dot_of(player, b)

    def enclosed_quarters(self, player: int) -> set[Quarter]:
        """Quarters that cannot be reached from outside the board without crossing a wall of ``player``."""
        player = as_ref_player(player)
        reached: set[Quarter] = set()
        queue: deque[Quarter] = deque()
        # Start from every quarter that can be entered from the outside.
        for quarter in self._all_quarters:
            for wall, beyond in self.quarter_edges(quarter):
                if beyond is None and not self.is_wall(player, wall):
                    reached.add(quarter)
                    queue.append(quarter)
                    break
        while queue:
            quarter = queue.popleft()
            for wall, beyond in self.quarter_edges(quarter):
                if beyond is not None and beyond not in reached and not self.is_wall(player, wall):
                    reached.add(beyond)
                    queue.append(beyond)
        return set(self._all_quarters) - reached

    def regions(self, player: int, enclosed: set[Quarter]) -> list[set[Quarter]]:
        """The enclosed quarters split into parts that ``player``'s walls separate."""
        player = as_ref_player(player)
        left = set(enclosed)
        result: list[set[Quarter]] = []
        while left:
            start = min(left)  # min: a fixed order, so that results repeat
            region = {start}
            queue = deque([start])
            while queue:
                quarter = queue.popleft()
                for wall, beyond in self.quarter_edges(quarter):
                    if beyond in left and beyond not in region and not self.is_wall(player, wall):
                        region.add(beyond)
                        queue.append(beyond)
            left -= region
            result.append(region)
        return result

    def node_inside(self, node: Node, region: set[Quarter]) -> bool:
        """docs/RULES.md §1: a node is inside a region when all quarters touching it belong to it."""
        return all(quarter in region for quarter in self.quarters_at(node))

    def _lay(self, player: int, quarters: set[Quarter]) -> None:
        """Put a layer of ``player`` on each quarter whose top owner is not already ``player``."""
        for quarter in quarters:
            if self.top(quarter) != player:
                self._state.stacks.setdefault(quarter, []).append(player)

    def _enclose_after_dot(self, player: int) -> None:
        """docs/RULES.md §2.2 / §3.4: lay ``player``'s new territory, then mark dead dots."""
        enclosed = self.enclosed_quarters(player)
        if self.rules == COUNTRIES:
            # Every enclosed quarter is a country, empty or not.
            self._lay(player, enclosed)
        else:
            # Only regions holding a live enemy dot become surrounded areas;
            # the others stay free areas with no layer.
            enemy_dots = [
                node
                for node, owner in self._state.dots.items()
                if owner == other(player) and node not in self._state.dead
            ]
            for region in self.regions(player, enclosed):
                if any(self.node_inside(node, region) for node in enemy_dots):
                    self._lay(player, region)
        self._recompute_dead()

    def _recompute_dead(self) -> None:
        """A dot is dead iff every quarter around it has the other player on top.

        Computed from scratch, so it also revives a dot whose area was taken
        back by its owner (docs/RULES.md §2.4, §3.6).
        """
        self._state.dead = {
            node
            for node, owner in self._state.dots.items()
            if all(self.top(q) == other(owner) for q in self.quarters_at(node))
        }

    # ----- observing --------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self._state.to_move

    @property
    def alone(self) -> int | None:
        """Classic: the player who moves alone after Stop, or None."""
        return self._state.alone

    def top(self, quarter: Quarter) -> int | None:
        """The top owner of a quarter, or None when it has no layer."""
        stack = self._state.stacks.get(quarter)
        return stack[-1] if stack else None

    def stack(self, quarter: Quarter) -> tuple[int, ...]:
        """The layers of a quarter, bottom first; a layer's fade level is how many lie above it."""
        return tuple(self._state.stacks.get(quarter, ()))

    def dot_at(self, node: Node) -> int | None:
        return self._state.dots.get(node)

    def is_dead(self, node: Node) -> bool:
        return node in self._state.dead

    def score(self, player: object) -> Fraction:
        """Countries: cells whose quarters have ``player`` on top. Classic: dead enemy dots."""
        player = as_ref_player(player)
        if self.rules == COUNTRIES:
            topped = sum(1 for quarter in self.quarters() if self.top(quarter) == player)
            return Fraction(topped, 4)
        captured = sum(
            1
            for node, owner in self._state.dots.items()
            if owner == other(player) and node in self._state.dead
        )
        return Fraction(captured)

    def why_illegal(self, node: Node) -> str | None:
        """Why the player to move may not play ``node``, or None when the move is legal."""
        if self._state.finished:
            return "the game is over"
        if not self.on_board(node):
            return "off the board"
        if node in self._state.dots:
            return "the node is taken"
        # An empty node's quarters all carry the same layers, so one top owner
        # anywhere around it means it is inside a country / surrounded area.
        if any(self.top(quarter) is not None for quarter in self.quarters_at(node)):
            return "inside a country" if self.rules == COUNTRIES else "inside a surrounded area"
        if (
            self.rules == CLASSIC
            and not self._state.has_setup
            and self._state.to_move not in self._state.moved
            and node not in self._zone
        ):
            return "a first move must be in the central zone"
        return None

    def is_legal(self, node: Node) -> bool:
        return self.why_illegal(node) is None

    def legal_moves(self) -> list[Node]:
        return [node for node in self.nodes() if self.is_legal(node)]

    @property
    def is_over(self) -> bool:
        return self._state.finished or not self.legal_moves()

    # ----- acting -----------------------------------------------------------

    def setup(self, player: object, node: Node) -> None:
        """Put a setup dot (SGF AB/AW) before any move; whose turn it is does not change."""
        player = as_ref_player(player)
        if self._history:
            raise RefIllegalMove("setup dots go before the first move")
        if not self.on_board(node) or node in self._state.dots:
            raise RefIllegalMove(f"setup dot at {node} is off the board or taken")
        if any(self.top(quarter) is not None for quarter in self.quarters_at(node)):
            raise RefIllegalMove(f"setup dot at {node} is inside an area")
        self._state.dots[node] = player
        self._state.has_setup = True
        self._enclose_after_dot(player)

    def play(self, node: Node) -> None:
        node = (int(node[0]), int(node[1]))
        reason = self.why_illegal(node)
        if reason is not None:
            raise RefIllegalMove(f"{node}: {reason}")
        self._history.append(self._state.copy())
        player = self._state.to_move
        self._state.dots[node] = player
        self._state.moved.add(player)
        self._enclose_after_dot(player)
        # After Stop the other player moves alone; otherwise turns alternate.
        if self._state.alone is None:
            self._state.to_move = other(player)

    def undo(self) -> None:
        """Take back the last move, Stop or Finish; IndexError when there is none."""
        if not self._history:
            raise IndexError("nothing to undo")
        self._state = self._history.pop()

    def finish(self) -> None:
        """«Завершить»: the game ends now (again: nothing happens)."""
        if self._state.finished:
            return
        self._history.append(self._state.copy())
        self._state.finished = True

    def stop(self) -> None:
        """Classic «Стоп»: the player to move stops; the other one moves alone from now on."""
        if self.rules != CLASSIC:
            raise RefIllegalMove("Stop is a classic rule")
        if self._state.alone is not None:
            raise RefIllegalMove("Stop was already pressed")
        if self.is_over:
            raise RefIllegalMove("the game is over")
        self._history.append(self._state.copy())
        self._state.alone = other(self._state.to_move)
        self._state.to_move = self._state.alone
