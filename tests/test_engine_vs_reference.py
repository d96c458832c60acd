"""The fast engine (engine/) against the reference rules (tests/reference.py).

Random games are played on both side by side. After every action everything
docs/RULES.md §5 lets an outsider see must agree: whose move it is, the legal
moves (as a list and node by node), every dot and crossed-out mark, both
scores, and whether the game is over. Undo must bring back exactly what was
seen before the action it takes back.

Hypothesis draws the games (and shrinks a failure to a short action list);
a plain seeded loop plays a few hundred complete games for bulk. A failure
message shows the board, the rules and the action list that reproduces it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, fields
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, IllegalMove, Player, Rules
from tests.reference import BLUE, CLASSIC, COUNTRIES, RED, Node, RefGame, RefIllegalMove

REF_RULES = {Rules.COUNTRIES: COUNTRIES, Rules.CLASSIC: CLASSIC}
REF_PLAYER = {Player.BLUE: BLUE, Player.RED: RED}
ENGINE_PLAYER = {BLUE: Player.BLUE, RED: Player.RED}


def all_nodes(width: int, height: int) -> list[Node]:
    return [(x, y) for y in range(height) for x in range(width)]


@dataclass(frozen=True)
class View:
    """Everything an outsider can see of a game, in the reference's terms."""

    to_move: int
    legal: frozenset[Node]
    dots: tuple[int | None, ...]  # per node, row by row
    dead: tuple[bool, ...]  # per node: a crossed-out dot stands there
    blue: Fraction
    red: Fraction
    over: bool


def view_engine(game: Game) -> View:
    nodes = all_nodes(game.width, game.height)
    dots = [game.dot_at(node) for node in nodes]
    return View(
        to_move=REF_PLAYER[game.to_move],
        legal=frozenset((x, y) for x, y in game.legal_moves()),
        dots=tuple(None if dot is None else REF_PLAYER[dot] for dot in dots),
        # is_dead is asked about dots only: for an empty node it means nothing.
        dead=tuple(dot is not None and game.is_dead(node) for node, dot in zip(nodes, dots, strict=True)),
        blue=game.score(Player.BLUE),
        red=game.score(Player.RED),
        over=game.is_over,
    )


def view_ref(game: RefGame) -> View:
    nodes = game.nodes()
    return View(
        to_move=game.to_move,
        legal=frozenset(game.legal_moves()),
        dots=tuple(game.dot_at(node) for node in nodes),
        dead=tuple(game.is_dead(node) for node in nodes),
        blue=game.score(BLUE),
        red=game.score(RED),
        over=game.is_over,
    )


def differences(width: int, engine: View, ref: View) -> str:
    """The fields where two views differ, with nodes spelled out."""
    lines = []
    for f in fields(View):
        a, b = getattr(engine, f.name), getattr(ref, f.name)
        if a == b:
            continue
        if f.name in ("dots", "dead"):
            where = [i for i, (mine, theirs) in enumerate(zip(a, b, strict=True)) if mine != theirs]
            lines.append(f"  {f.name} differ at {[(i % width, i // width) for i in where]}: "
                         f"engine {[a[i] for i in where]}, reference {[b[i] for i in where]}")
        elif f.name == "legal":
            lines.append(f"  legal: only engine {sorted(a - b)}, only reference {sorted(b - a)}")
        else:
            lines.append(f"  {f.name}: engine {a!r}, reference {b!r}")
    return "\n".join(lines)


class Pair:
    """An engine game and a reference game, driven in lockstep and compared after each action."""

    def __init__(self, width: int, height: int, rules: Rules,
                 setup: list[tuple[int, Node]] | None = None) -> None:
        self.width = width
        self.height = height
        self.rules = rules
        self.ref = RefGame(width, height, REF_RULES[rules])
        # Setup dots (what sgf.loads makes of AB/AW) go to the engine's
        # Game(setup=...). Those the reference refuses (taken, or inside an
        # area) are left out.
        accepted: list[tuple[int, Node]] = []
        for player, node in setup or []:
            try:
                self.ref.setup(player, node)
            except RefIllegalMove:
                continue
            accepted.append((player, node))
        self.setup = accepted
        self.engine = Game(width=width, height=height, rules=rules,
                           setup=[(ENGINE_PLAYER[p], node) for p, node in accepted])
        self.actions: list[str] = []
        # The view before each action that undo may still take back.
        self.before: list[View] = []
        self.last = self.check()

    def describe(self) -> str:
        setup = f", setup={[(ENGINE_PLAYER[p].name, n) for p, n in self.setup]}" if self.setup else ""
        return (f"Game(width={self.width}, height={self.height}, rules={self.rules}{setup}) "
                f"then: {'; '.join(self.actions) or 'nothing'}")

    def check(self) -> View:
        """Compare the two games; return what both show."""
        engine, ref = view_engine(self.engine), view_ref(self.ref)
        assert engine == ref, f"{self.describe()}\n{differences(self.width, engine, ref)}"
        # What the view's sets and equalities would hide:
        assert isinstance(engine.blue, Fraction) and isinstance(engine.red, Fraction), "scores are Fractions"
        assert len(list(self.engine.legal_moves())) == len(engine.legal), "legal_moves() repeats a node"
        each = {node for node in all_nodes(self.width, self.height) if self.engine.is_legal(node)}
        assert each == engine.legal, f"{self.describe()}\n  is_legal disagrees with legal_moves()"
        self.last = engine
        return engine

    def _act(self, name: str, on_engine: Callable[[], None], on_ref: Callable[[], None]) -> View:
        before = self.last
        self.actions.append(name)
        on_engine()
        on_ref()
        self.before.append(before)
        return self.check()

    def play(self, node: Node) -> View:
        return self._act(f"play({node})", lambda: self.engine.play(node), lambda: self.ref.play(node))

    def stop(self) -> View:
        return self._act("stop()", self.engine.stop, self.ref.stop)

    def finish(self) -> View:
        return self._act("finish()", self.engine.finish, self.ref.finish)

    def undo(self) -> View:
        self.actions.append("undo()")
        self.engine.undo()
        self.ref.undo()
        now = self.check()
        assert now == self.before.pop(), f"{self.describe()}\n  undo did not restore the earlier state"
        return now

    def undo_with_nothing_left(self) -> None:
        assert not self.before
        with pytest.raises(IndexError):
            self.engine.undo()
        with pytest.raises(IndexError):
            self.ref.undo()

    def try_illegal(self, node: Node) -> None:
        """An illegal move raises on both and changes nothing."""
        before = self.last
        with pytest.raises(IllegalMove):
            self.engine.play(node)
        with pytest.raises(RefIllegalMove):
            self.ref.play(node)
        assert self.check() == before, f"{self.describe()}\n  illegal play({node}) changed the game"

    @property
    def stopped(self) -> bool:
        return self.ref.alone is not None


def candidates(ref: RefGame, near: bool) -> list[Node]:
    """Legal moves, sorted; with ``near``, those next to a live dot of the mover when there are any.

    Playing next to one's own dots makes chains, so enclosures, takeovers and
    captures happen far more often than with uniform moves.
    """
    legal = sorted(ref.legal_moves())
    if not near:
        return legal
    mine = [node for node in ref.nodes() if ref.dot_at(node) == ref.to_move and not ref.is_dead(node)]
    close = [
        (x, y) for x, y in legal
        if any(max(abs(x - a), abs(y - b)) == 1 for a, b in mine)
    ]
    return close or legal


def illegal_nodes(pair: Pair) -> list[Node]:
    legal = set(pair.ref.legal_moves())
    inside = [node for node in all_nodes(pair.width, pair.height) if node not in legal]
    return inside + [(-1, 0), (pair.width, 0), (0, pair.height)]


# ----- hypothesis: random games, shrunk to a short action list on failure ------------------

HYPOTHESIS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def drive(pair: Pair, data: st.DataObject) -> None:
    """Play one game with actions drawn by hypothesis: mostly moves, some undo/illegal/stop/finish."""
    for _ in range(3 * pair.width * pair.height):
        if pair.ref.is_over:
            # Over: sometimes take back and go on, else the game is done.
            if pair.before and data.draw(st.booleans(), label="undo at the end"):
                pair.undo()
                continue
            break
        roll = data.draw(st.integers(0, 99), label="action")
        if roll < 8 and pair.before:
            pair.undo()
        elif roll < 14:
            pair.try_illegal(data.draw(st.sampled_from(illegal_nodes(pair)), label="illegal node"))
        elif roll < 17 and pair.rules is Rules.CLASSIC and not pair.stopped:
            pair.stop()
        elif roll < 19:
            pair.finish()
        else:
            near = data.draw(st.booleans(), label="near own dots")
            pair.play(data.draw(st.sampled_from(candidates(pair.ref, near)), label="move"))
    # Undo everything that is left: each step must restore its earlier state.
    while pair.before:
        pair.undo()
    pair.undo_with_nothing_left()


@pytest.mark.slow  # hypothesis's examples: ten to thirty seconds
@HYPOTHESIS
@given(
    width=st.integers(2, 12),
    height=st.integers(2, 10),
    rules=st.sampled_from([Rules.COUNTRIES, Rules.CLASSIC]),
    data=st.data(),
)
def test_random_games_agree(width: int, height: int, rules: Rules, data: st.DataObject) -> None:
    drive(Pair(width, height, rules), data)


@pytest.mark.slow  # hypothesis's examples: ten to thirty seconds
@HYPOTHESIS
@given(
    width=st.integers(2, 10),
    height=st.integers(2, 9),
    rules=st.sampled_from([Rules.COUNTRIES, Rules.CLASSIC]),
    data=st.data(),
)
def test_games_from_setup_dots_agree(width: int, height: int, rules: Rules, data: st.DataObject) -> None:
    """Setup dots (SGF AB/AW) may enclose at once, and switch the classic first-move zone off."""
    node = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    setup = data.draw(st.lists(st.tuples(st.sampled_from([BLUE, RED]), node), max_size=12), label="setup")
    drive(Pair(width, height, rules, setup), data)


def ring(center: Node, radius: int, octagon: bool) -> list[Node]:
    """The closed 8-connected loop of nodes at Chebyshev distance ``radius`` around ``center``.

    With ``octagon`` its four corners are left out (radius 1: the diamond);
    the loop stays closed through the diagonals that cut the corners.
    """
    cx, cy = center
    loop = []
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            if max(abs(dx), abs(dy)) != radius:
                continue
            if octagon and abs(dx) == abs(dy) == radius:
                continue
            loop.append((cx + dx, cy + dy))
    return loop


@pytest.mark.slow  # 300 examples: a minute or more
@settings(HYPOTHESIS, max_examples=300)
@given(
    width=st.integers(5, 12),
    height=st.integers(5, 10),
    rules=st.sampled_from([Rules.COUNTRIES, Rules.CLASSIC]),
    data=st.data(),
)
def test_nested_rings_agree(width: int, height: int, rules: Rules, data: st.DataObject) -> None:
    """Rings around rings, of alternating (or not) colours: takeovers, revivals, captures of captors.

    Random play rarely closes a ring around a foreign country, so these games
    are built on purpose: each player plays its own rings' dots in a drawn
    order, and a random legal move whenever its next dot is not yet allowed.
    Rings may run off the board (then they are open at the edge).
    """
    layers = data.draw(st.sampled_from([2, 3, 4, 1]), label="rings")
    # Mostly centre the rings where they fit on the board; sometimes anywhere.
    margin = min(layers, (width - 1) // 2, (height - 1) // 2)
    if data.draw(st.integers(0, 5), label="anywhere") == 0:
        margin = 0
    center = (
        data.draw(st.integers(margin, width - 1 - margin), label="cx"),
        data.draw(st.integers(margin, height - 1 - margin), label="cy"),
    )
    owner = data.draw(st.sampled_from([BLUE, RED]), label="owner of the inner ring")
    # (ring number, owner, node); ring 0 is the dot in the centre, if any.
    planned: list[tuple[int, int, Node]] = []
    # Mostly the centre dot is the inner ring's victim: it dies, and lives
    # again when its owner's ring closes around the inner ring.
    centre_dot = data.draw(st.sampled_from([BLUE + RED - owner, BLUE + RED - owner, owner, None]), label="centre dot")
    if centre_dot is not None:
        planned.append((0, centre_dot, center))
    for radius in range(1, layers + 1):
        octagon = data.draw(st.booleans(), label="octagon")
        planned += [(radius, owner, node) for node in ring(center, radius, octagon)
                    if 0 <= node[0] < width and 0 <= node[1] < height]
        # Mostly the other colour encloses next (a takeover); sometimes the same one grows.
        if data.draw(st.integers(0, 3), label="same owner again") != 0:
            owner = BLUE if owner == RED else RED
    # Inside out: a player starts a ring only when the other's inner rings are
    # played, so that rings close around closed rings. Otherwise any order.
    inside_out = data.draw(st.integers(0, 3), label="inside out") != 0
    if inside_out:
        order = [dot for radius in range(layers + 1)
                 for dot in data.draw(st.permutations([d for d in planned if d[0] == radius]), label="ring order")]
    else:
        order = data.draw(st.permutations(planned), label="order")
    queues = {player: [(radius, node) for radius, p, node in order if p == player] for player in (BLUE, RED)}
    pair = Pair(width, height, rules)
    while (queues[BLUE] or queues[RED]) and not pair.ref.is_over:
        mover = pair.ref.to_move
        queue, theirs = queues[mover], queues[BLUE if mover == RED else RED]
        # Dots that can never be played any more (taken, or inside an area) are
        # dropped; one outside the classic first-move zone waits for later.
        while queue and not pair.ref.is_legal(queue[0][1]) and "zone" not in str(pair.ref.why_illegal(queue[0][1])):
            queue.pop(0)
        waiting = inside_out and queue and theirs and theirs[0][0] < queue[0][0]
        if queue and not waiting and pair.ref.is_legal(queue[0][1]) and data.draw(st.integers(0, 9), label="noise"):
            pair.play(queue.pop(0)[1])
        else:
            # Another move, off the rings when possible, so that they still close.
            rest = {node for _, node in queues[BLUE] + queues[RED]}
            legal = sorted(pair.ref.legal_moves())
            pair.play(data.draw(st.sampled_from([n for n in legal if n not in rest] or legal), label="other move"))
    while pair.before:
        pair.undo()
    pair.undo_with_nothing_left()


@pytest.mark.slow  # boards up to 38 × 31: half a minute
@settings(max_examples=25, deadline=None)
@given(rules=st.sampled_from([Rules.COUNTRIES, Rules.CLASSIC]), data=st.data())
def test_big_boards_agree(rules: Rules, data: st.DataObject) -> None:
    """A few short games on bigger boards, including the classic 38 × 31 first-move zone."""
    width = data.draw(st.sampled_from([20, 38]), label="width")
    height = data.draw(st.sampled_from([15, 31]), label="height")
    pair = Pair(width, height, rules)
    for _ in range(data.draw(st.integers(1, 25), label="moves")):
        near = data.draw(st.booleans(), label="near own dots")
        pair.play(data.draw(st.sampled_from(candidates(pair.ref, near)), label="move"))
    while pair.before:
        pair.undo()
    pair.undo_with_nothing_left()


# ----- bulk: a few hundred complete games, seeded -----------------------------------------

GAMES_PER_BATCH = 15
BATCHES = 20


# Batch 0 in the default run; the other batches, more games of the same comparison (seconds each, the
# reference is slow on purpose), run with -m slow.
@pytest.mark.parametrize("batch", [pytest.param(b, marks=[pytest.mark.slow] if b >= 1 else []) for b in range(BATCHES)])
def test_complete_random_games_agree(batch: int) -> None:
    """Whole games to the end on assorted boards, then undone back to the empty board."""
    rng = random.Random(batch)
    for _ in range(GAMES_PER_BATCH):
        width = rng.choice([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14])
        height = rng.choice([2, 3, 4, 5, 6, 7, 8, 9, 10])
        rules = rng.choice([Rules.COUNTRIES, Rules.CLASSIC])
        pair = Pair(width, height, rules)
        stop_at = rng.randrange(width * height) if rules is Rules.CLASSIC and rng.random() < 0.2 else -1
        while not pair.ref.is_over:
            if len(pair.actions) == stop_at and not pair.stopped:
                pair.stop()
                continue
            node = rng.choice(candidates(pair.ref, near=rng.random() < 0.7))
            pair.play(node)
            if rng.random() < 0.05:
                # Take the move back and play it again: the same state must come back.
                after = pair.check()
                pair.undo()
                assert pair.play(node) == after, pair.describe()
        if rng.random() < 0.2:
            pair.finish()
        while pair.before:
            pair.undo()
        pair.undo_with_nothing_left()
