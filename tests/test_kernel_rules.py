"""The compiled rules (``ai/kernel/rules.py``) against the referee (``engine.Game``).

The kernel is the engine's algorithm rewritten over flat int32 arrays so that the
master can search at compiled speed; a search that plays by other rules than the
referee's would misjudge every position, so the two are played side by side on
random games of both rule sets, as ``tests/test_engine_vs_reference.py`` plays the
engine against ``tests/reference.py``. After every move everything the search reads
must agree: the legal nodes of both sides (with classic's first-move zone), both
scores in units, every dot and its crossed-out mark, the top owner of every quarter,
and classic's enclosed quarters and pending captures. ``from_game`` at random
points must rebuild the very state that move-by-move play reached.

Games are drawn so that the rare rules really happen: boards from 1×1 to 15×15, and
openings on every bigger board the game offers (its presets and its «Авто» sizes up to
52×52, square or not), the zone on and off, setup dots, one side moving twice (the
search's "what if the other side played here"), and mostly local moves next to
existing dots, so that captures, takeovers, free areas, dots put into the other
side's free area and reopened enclosures occur. Each test counts what happened and
asserts every count is non-zero, so it cannot pass by never meeting a case.

Every game is drawn from its own seed: a failure names the seed, the board and the
move list, and the call to ``play_game`` that replays it. The default run plays 150 games
of each rule set and an opening on each big board; ``-m slow`` adds thousands more and longer
big-board games. A few fixed positions hold what random play meets too seldom to be sure of
(classic's free area split in two).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import pytest

from ai.kernel import rules as K
from engine import MAX_SIZE, ZONE_HEIGHT, ZONE_WIDTH, Game, IllegalMove, Player, Rules, zone_box
from game.input.layout import PRESETS, auto_size_for_window

COUNTRIES, CLASSIC = Rules.COUNTRIES, Rules.CLASSIC

# Where classic's enclosed-quarter flags of player p start in a state.
O_ENCL = K.o_encl


def draw_size(rng: random.Random) -> tuple[int, int]:
    """Mostly small boards (dense play fills them and the rules meet often), some up to 15×15,
    and now and then a degenerate one (1×1, one node wide) where there are no quarters at all."""
    roll = rng.random()
    if roll < 0.06:
        return rng.randint(1, 3), rng.randint(1, 3)
    if roll < 0.12:
        return (1, rng.randint(1, 15)) if rng.random() < 0.5 else (rng.randint(1, 15), 1)
    if roll < 0.75:
        return rng.randint(2, 9), rng.randint(2, 9)
    return rng.randint(2, 15), rng.randint(2, 15)


def draw_setup(rng: random.Random, width: int, height: int, rules: Rules) -> list[tuple[Player, tuple[int, int]]]:
    """Setup dots the engine accepts, often clustered so that they enclose at once.

    ``Game(setup=...)`` refuses a dot on a taken node or inside an area, so each one
    is first tried on a probe game (zone off: a setup dot is no move, the zone never
    binds it); the probe's ``play`` refuses exactly what ``_place_setup`` refuses.
    """
    probe = Game(width, height, rules, zone=False)
    cx, cy = rng.randrange(width), rng.randrange(height)
    spread = rng.choice([1, 2, 3, max(width, height)])
    accepted = []
    for _ in range(rng.randint(1, max(1, width * height // 3))):
        point = (min(width - 1, max(0, cx + rng.randint(-spread, spread))),
                 min(height - 1, max(0, cy + rng.randint(-spread, spread))))
        player = rng.choice([Player.BLUE, Player.RED])
        try:
            probe.play(point, player=player)
        except IllegalMove:
            continue
        accepted.append((player, point))
    return accepted


def draw_rings(rng: random.Random, width: int, height: int) -> list[tuple[int, int, tuple[int, int]]]:
    """A plan of nested rings round one centre, mostly of alternating colours: ``(ring, player, point)``.

    Random play seldom closes a ring round a foreign country, so takeovers and revivals
    (a captor captured, its victims alive again) need a plan, as in the engine's own
    nested-rings test. Ring 0 is a victim dot in the centre; rings may run off the board.
    """
    cx, cy = rng.randrange(width), rng.randrange(height)
    owner = rng.choice([1, 2])
    plan = [(0, 3 - owner, (cx, cy))] if rng.random() < 0.8 else []
    for radius in range(1, rng.randint(2, 4) + 1):
        octagon = rng.random() < 0.5  # corners left out: the ring closes through diagonals
        plan += [(radius, owner, (cx + dx, cy + dy))
                 for dy in range(-radius, radius + 1) for dx in range(-radius, radius + 1)
                 if max(abs(dx), abs(dy)) == radius and not (octagon and abs(dx) == abs(dy))
                 and 0 <= cx + dx < width and 0 <= cy + dy < height]
        if rng.random() < 0.8:
            owner = 3 - owner
    # Inside out, each ring in its own random order.
    return sorted(plan, key=lambda item: (item[0], rng.random()))


@dataclass
class Tally:
    """What happened in a batch of games: the rules the comparison actually met."""

    counts: Counter[str] = field(default_factory=Counter)

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] += n

    def require(self, *names: str) -> None:
        missing = [name for name in names if not self.counts[name]]
        assert not missing, f"these never happened, so they were not compared: {missing}; counts {dict(self.counts)}"


class Pair:
    """One engine game and the kernel state that follows it move by move, compared after each."""

    def __init__(self, seed: int, width: int, height: int, rules: Rules, zone: bool,
                 setup: list[tuple[Player, tuple[int, int]]], tally: Tally) -> None:
        self.seed, self.width, self.height, self.rules, self.zone = seed, width, height, rules, zone
        self.setup = setup
        self.tally = tally
        self.moves: list[tuple[str, tuple[int, int]]] = []
        self.game = Game(width, height, rules, setup=setup, zone=zone)
        self.classic = rules is CLASSIC
        self.geo = K.geometry(width, height)
        # Built the way a caller without from_game would: the zone is off once there are
        # setup dots (as in the engine), and setup dots are no moves.
        self.s = K.new_state(width, height, self.classic, zone and not setup)
        for player, (x, y) in setup:
            K.play(self.s, self.geo, y * width + x, int(player))
        self.s[K.S_MOVES] = self.s[K.S_MOVES + 1] = 0
        self.s[K.S_TO_MOVE] = int(self.game.to_move)
        self.n, self.nq = int(self.s[K.S_NODES]), int(self.s[K.S_QUARTERS])
        assert (self.n, self.nq) == (self.game._g.nodes, self.game._g.quarters), self.describe()
        self.out = np.empty(self.n, dtype=np.int32)
        self.rep = self.game._g.rep
        # Dots put into the other side's free area, waiting for that side's next move.
        self.watch: dict[int, list[int]] = {1: [], 2: []}
        self.dot = np.zeros(self.n, dtype=np.int32)
        self.live = np.zeros(self.n, dtype=np.int32)
        self.encl_count = [0, 0, 0]  # classic: each side's enclosed quarters at the last check
        self.free = [0, 0, 0]  # and those of them it does not top (its free areas)
        self.replay = f"play_game({seed}, Rules.{rules.name})"  # play_game says how it drew the game
        self.copied = False
        self.noise = np.random.default_rng(seed)

    def describe(self) -> str:
        setup = f", setup={[(p.name, pt) for p, pt in self.setup]}" if self.setup else ""
        return (f"seed {self.seed}: Game({self.width}, {self.height}, {self.rules}, zone={self.zone}{setup})\n"
                f"  moves ({len(self.moves)}): {self.moves}\n"
                f"  replay: {self.replay}")

    def fail(self, what: str) -> None:
        raise AssertionError(f"kernel and engine disagree: {what}\n{self.describe()}")

    # ----- comparing -------------------------------------------------------------------------

    def engine_legal(self, p: int) -> set[int]:
        """The engine's legal nodes for p, to move or not.

        ``legal_moves()`` answers for the side to move only; for the other side this
        reads the engine's private legal pool and applies that side's zone the way
        ``_why_illegal`` does (a test may read private fields; nothing is changed).
        """
        game, w = self.game, self.width
        if p == game.to_move:
            return {y * w + x for x, y in game.legal_moves()}
        zone = game._zone_for(Player(p))
        if zone is None:
            return set(game._legal)
        return {v for v in game._legal if game._in_zone(v, zone)}

    def kernel_legal(self, p: int) -> set[int]:
        k = K.legal_nodes(self.s, self.geo, p, self.out)
        nodes = self.out[:k].tolist()
        if len(set(nodes)) != k:
            self.fail(f"legal_nodes({p}) repeats a node: {sorted(nodes)}")
        return set(nodes)

    def check(self, rng: random.Random) -> None:
        s, game, n, nq = self.s, self.game, self.n, self.nq
        if s[K.S_TO_MOVE] != game.to_move:
            self.fail(f"to move: kernel {s[K.S_TO_MOVE]}, engine {int(game.to_move)}")
        for p in (1, 2):
            mine, theirs = K.units(s, p), game.score_units(Player(p))
            if mine != theirs:
                self.fail(f"{Player(p).name} units: kernel {mine}, engine {theirs}")
        self.check_dots()
        self.check_legal(rng)
        # The quarters' top owners, the engine's private ``_qtop`` (no public reading of all of them).
        qtop = np.array(game._qtop, dtype=np.int32)
        kq = s[K.o_qtop(n, nq):K.o_qtop(n, nq) + nq]
        if not np.array_equal(kq, qtop):
            self.fail(f"quarter tops differ at {np.nonzero(kq != qtop)[0].tolist()}")
        if self.classic:
            self.check_enclosures(qtop)
        elif nq and s[O_ENCL(n, nq, 1):O_ENCL(n, nq, 1) + 2 * nq].any():
            self.fail("countries has no enclosures, yet the kernel marked some")

    def check_dots(self) -> None:
        """Dots and crossed-out marks, from the public view of the board."""
        s, game, n, nq, w = self.s, self.game, self.n, self.nq, self.width
        dot, live = self.dot, self.live
        dot[:] = 0
        live[:] = 0
        for (x, y), owner, dead in game.dots():
            dot[y * w + x] = owner
            live[y * w + x] = 0 if dead else owner
        kd = s[K.o_dot(n, nq):K.o_dot(n, nq) + n]
        kl = s[K.o_live(n, nq):K.o_live(n, nq) + n]
        if not (np.array_equal(kd, dot) and np.array_equal(kl, live)):
            where = np.nonzero((kd != dot) | (kl != live))[0].tolist()
            self.fail(f"dots at {[(v % w, v // w) for v in where]}: kernel owner/live "
                      f"{[(int(kd[v]), int(kl[v])) for v in where]}, engine {[(int(dot[v]), int(live[v])) for v in where]}")

    def check_legal(self, rng: random.Random) -> None:
        """Legal nodes of both sides: the side to move through the public list, the other
        as a search asks "what if the other side played here"."""
        s, n, w = self.s, self.n, self.width
        for p in (1, 2):
            mine, theirs = self.kernel_legal(p), self.engine_legal(p)
            if self.game._zone_for(Player(p)) is not None and len(theirs) < len(self.game._legal):
                self.tally.add("zone bound")  # the zone kept p from nodes open otherwise: compared here
            if mine != theirs:
                self.fail(f"legal nodes of {Player(p).name}: only kernel {sorted(mine - theirs)}, "
                          f"only engine {sorted(theirs - mine)}")
            # is_legal costs a compiled call per node: now and then every node, else a sample.
            probe = range(n) if n <= 8 or rng.random() < 0.1 else rng.sample(range(n), 8)
            for v in probe:
                if K.is_legal(s, self.geo, v, p) != (v in mine):
                    self.fail(f"is_legal({(v % w, v // w)}, {Player(p).name}) is {not (v in mine)}, "
                              f"legal_nodes says {v in mine}")

    def check_enclosures(self, qtop: np.ndarray) -> None:
        """Classic's enclosures and pending captures (private ``_encl``, ``_pending``): they decide
        later captures, so a difference here would show only moves later, if at all."""
        s, game, n, nq = self.s, self.game, self.n, self.nq
        for p in (1, 2):
            encl = np.array(game._encl[p], dtype=bool)
            ke = s[O_ENCL(n, nq, p):O_ENCL(n, nq, p) + nq] != 0
            if not np.array_equal(ke, encl):
                self.fail(f"{Player(p).name}'s enclosed quarters differ at {np.nonzero(ke != encl)[0].tolist()}")
            pend = s[K._o_pend(n, nq, p):K._o_pend(n, nq, p) + s[K.S_NPEND + p - 1]].tolist()
            if pend != game._pending[p]:
                self.fail(f"{Player(p).name}'s pending captures: kernel {pend}, engine {game._pending[p]}")
            count, free = int(encl.sum()), int((encl & (qtop != p)).sum())
            if count < self.encl_count[p]:
                self.tally.add("reopened")  # only _reopen ever clears an enclosed quarter
            if free > self.free[p]:
                self.tally.add("free area grew")  # enclosed, holding no capture
            self.encl_count[p], self.free[p] = count, free

    def check_from_game(self) -> None:
        """``from_game`` rebuilds exactly the state that move-by-move play reached."""
        self.tally.add("from_game")
        s2, geo2 = K.from_game(self.game)
        s, n, nq = self.s, self.n, self.nq
        if not np.array_equal(geo2, self.geo):
            self.fail("from_game's geometry differs from geometry(w, h)")
        if s2.shape != s.shape:
            self.fail(f"from_game's state has {s2.shape[0]} entries, not {s.shape[0]}")
        if not np.array_equal(s2[:K.S_STAMP], s[:K.S_STAMP]):
            where = np.nonzero(s2[:K.S_STAMP] != s[:K.S_STAMP])[0].tolist()
            self.fail(f"from_game's header differs at {where}: {s2[where].tolist()} vs step by step {s[where].tolist()}")
        sections = {
            "dot": (K.o_dot(n, nq), n), "live": (K.o_live(n, nq), n), "qtop": (K.o_qtop(n, nq), nq),
            "encl": (O_ENCL(n, nq, 1), 2 * nq),
            "pending 1": (K._o_pend(n, nq, 1), int(s[K.S_NPEND])),
            "pending 2": (K._o_pend(n, nq, 2), int(s[K.S_NPEND + 1])),
        }
        for name, (start, size) in sections.items():
            if not np.array_equal(s2[start:start + size], s[start:start + size]):
                self.fail(f"from_game's {name} section differs from the step-by-step state")
        for p in (1, 2):  # the legal list may be in another order; as a set it must be the same
            k = K.legal_nodes(s2, geo2, p, self.out)
            if set(self.out[:k].tolist()) != self.kernel_legal(p):
                self.fail(f"from_game's legal nodes of {Player(p).name} differ")

    # ----- playing ---------------------------------------------------------------------------

    def choose(self, rng: random.Random, p: int, local: float) -> int | None:
        """A legal node for p: with probability ``local`` next to p's live dots (chains close
        loops) or to any dot (contact fights, invading free areas), else anywhere."""
        legal = sorted(self.engine_legal(p))
        if not legal:
            return None
        if rng.random() < local and self.dot.any():
            w, h = self.width, self.height
            seeds = (self.live == p) if rng.random() < 0.6 else (self.dot != 0)
            grid2 = seeds.reshape(h, w)
            near = np.zeros((h + 2, w + 2), dtype=bool)
            for dy in (0, 1, 2):
                for dx in (0, 1, 2):
                    near[dy:dy + h, dx:dx + w] |= grid2
            mask = near[1:h + 1, 1:w + 1].ravel()
            close = [v for v in legal if mask[v]]
            if close:
                return rng.choice(close)
        return rng.choice(legal)

    def play(self, v: int, p: int) -> None:
        if self.copied:
            # Played on a copy of the position alone (K.copy_position), as a read does; the copy's scratch is
            # noise like a stale one's: near the flood's generation, and nodes' and quarters' numbers.
            stamp = int(self.s[K.S_STAMP])
            copy = self.noise.integers(max(0, stamp - 2), max(stamp + 3, self.nq + 1), size=self.s.shape[0],
                                       dtype=np.int32)
            K.copy_position(copy, self.s)
            self.s = copy
        game, s, w = self.game, self.s, self.width
        o = 3 - p
        point = (v % w, v // w)
        if p != game.to_move:
            self.tally.add("same side twice")
        into = self.classic and self.rep[v] >= 0 and game._encl[o][self.rep[v]]
        self.moves.append((Player(p).name, point))
        before_encl = self.encl_count[p]
        report = game.play(point, player=Player(p))
        K.play(s, self.geo, v, p)
        if s[K.S_TO_MOVE] != game.to_move:
            self.fail(f"after the move the kernel has {s[K.S_TO_MOVE]} to move, the engine {int(game.to_move)}")
        # What a search does after a "what if" move: tell the state whose turn it is.
        s[K.S_TO_MOVE] = int(game.to_move)
        if report.crossed_out:
            self.tally.add("capture")
        if report.revived:
            self.tally.add("revival")
        if report.takeover:
            self.tally.add("takeover")
        # Dots p put into o's free areas earlier: o's move now should have captured them.
        for u in self.watch[p]:
            if game.is_dead((u % w, u // w)):
                self.tally.add("pending captured")
                # This move enclosed nothing new: the capture is the pending rule's alone.
                if int(np.count_nonzero(game._encl[p])) == before_encl:
                    self.tally.add("pending captured by an old area")
        self.watch[p] = []
        if into:
            self.tally.add("into free area")
            self.watch[o].append(v)


def play_game(seed: int, rules: Rules, tally: Tally | None = None, *, size: tuple[int, int] | None = None,
              max_moves: int | None = None, zone: bool | None = None, copied: bool = False) -> Tally:
    """One random game, drawn entirely from ``seed``, compared after every move (``size`` and ``zone``
    given: those instead of drawn ones, the rest drawn as ever)."""
    tally = tally if tally is not None else Tally()
    rng = random.Random(seed)
    width, height = size if size is not None else draw_size(rng)
    drawn_zone = rng.random() < 0.5
    zone = drawn_zone if zone is None else zone
    setup = draw_setup(rng, width, height, rules) if rng.random() < 0.2 else []
    local = rng.choice([0.0, 0.6, 0.9, 0.97])
    twice = rng.choice([0.0, 0.0, 0.04, 0.15])
    refresh = rng.choice([0.0, 0.03, 0.1])  # how often from_game must rebuild the state mid-game
    pair = Pair(seed, width, height, rules, zone, setup, tally)
    pair.replay = (f"play_game({seed}, Rules.{rules.name}, size={size}, max_moves={max_moves}, zone={zone}, "
                   f"copied={copied})")
    pair.copied = copied
    tally.add("games")
    if setup:
        tally.add("setup games")
    if pair.nq == 0:
        tally.add("boards without quarters")  # 1×1 or one node wide
    if rules is CLASSIC and zone and not setup and (width > 8 or height > 15):
        tally.add("zone games")
    pair.check(rng)
    pair.check_from_game()
    plan = draw_rings(rng, width, height) if min(width, height) >= 3 and rng.random() < 0.3 else []
    if plan:
        tally.add("ring games")
    planned = {y * width + x for _, _, (x, y) in plan}
    while not pair.game.is_over and (max_moves is None or len(pair.moves) < max_moves):
        p = int(pair.game.to_move)
        if rng.random() < twice:
            p = 3 - p  # the other side moves instead, as a search's "what if" does
        v = None
        if plan:
            # p's next ring dot, unless the other side still has an inner ring to close; dots
            # that can no longer be played are dropped (one outside the zone waits).
            legal = pair.engine_legal(p)
            mine = [(r, (x, y)) for r, q, (x, y) in plan if q == p]
            theirs = [r for r, q, _ in plan if q != p]
            if mine and not (theirs and theirs[0] < mine[0][0]) and rng.random() < 0.9:
                r, (x, y) = mine[0]
                if y * width + x in legal:
                    v = y * width + x
                    plan.remove((r, p, (x, y)))
                elif pair.game._zone_for(Player(p)) is None:
                    plan.remove((r, p, (x, y)))
            if v is None:
                off = [u for u in legal if u not in planned]  # keep the rings' nodes free
                v = rng.choice(sorted(off)) if off else None
        if v is None:
            v = pair.choose(rng, p, local)
        if v is None:
            v, p = pair.choose(rng, 3 - p, local), 3 - p
        pair.play(v, p)
        tally.add("moves")
        pair.check(rng)
        if rng.random() < refresh:
            pair.check_from_game()
    pair.check_from_game()
    return tally


WINDOWS = ((1024, 600), (1366, 768), (1080, 1920), (1920, 1080), (2560, 1440), (3840, 2160))
"""Windows whose «Авто» board the big-board tests play: the smallest screen the game supports, common
laptop and desktop screens, a phone-like portrait one, and screens big enough for the largest board."""

BIG_BOARDS = tuple(sorted({size for size in PRESETS if max(size) > 15} | {auto_size_for_window(w) for w in WINDOWS}))
"""The boards the game offers above 15 × 15: the presets (30 × 30, 38 × 31) and «Авто» for :data:`WINDOWS`
(the game's own picker, so a change there changes what is played here), square or not, up to
:data:`engine.MAX_SIZE` each way."""


# ----- fixed cases ---------------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(38, 31), (20, 20), (8, 15), (9, 16), (5, 5), (1, 1)])
def test_first_move_zone_on_an_empty_board(width: int, height: int) -> None:
    """Classic's first move is bound to the central zone (``engine.zone_box``) for each side until it has moved."""
    for rules in (COUNTRIES, CLASSIC):
        for zone in (True, False):
            game = Game(width, height, rules, zone=zone)
            s = K.new_state(width, height, rules is CLASSIC, zone)
            geo = K.geometry(width, height)
            out = np.empty(width * height, dtype=np.int32)
            want = {y * width + x for x, y in game.legal_moves()}
            if rules is CLASSIC and zone:
                zw, zh = min(ZONE_WIDTH, width), min(ZONE_HEIGHT, height)
                x0, y0 = (width - zw) // 2, (height - zh) // 2
                assert want == {y * width + x for y in range(y0, y0 + zh) for x in range(x0, x0 + zw)}
            for p in (1, 2):
                k = K.legal_nodes(s, geo, p, out)
                assert set(out[:k].tolist()) == want, (width, height, rules, zone, p)
                assert {v for v in range(width * height) if K.is_legal(s, geo, v, p)} == want
                assert not K.is_legal(s, geo, -1, p) and not K.is_legal(s, geo, width * height, p)


def test_kernel_and_engine_draw_one_zone_on_every_board() -> None:
    """The zone is defined once, in the engine (``engine.zone_box``): the kernel's state carries the very box
    the engine refuses first moves by, on every board size the game allows, and the box is the one
    docs/RULES.md §3.2 describes on the official board."""
    assert (ZONE_WIDTH, ZONE_HEIGHT) == (8, 15) and zone_box(38, 31) == (15, 8, 8, 15)

    def kernel_box(width: int, height: int) -> tuple[int, ...]:
        s = K.new_state(width, height, True, True)
        return tuple(int(x) for x in s[K.S_ZONE_BOX:K.S_ZONE_BOX + 4])

    sides = range(1, MAX_SIZE + 1)
    assert all(kernel_box(w, h) == zone_box(w, h) for w in sides for h in sides)
    # The engine's games refuse by the same box (a game costs its board's tables: a sample of sizes).
    for width, height in {(1, 1), (7, 14), (8, 15), (9, 16), (5, MAX_SIZE), (MAX_SIZE, 5), *BIG_BOARDS}:
        assert Game(width, height, CLASSIC).first_move_zone == kernel_box(width, height), (width, height)


def test_the_zone_binds_each_side_until_its_own_first_move() -> None:
    """Blue moving twice frees Blue of the zone; Red, who has not moved, is still bound."""
    pair = Pair(0, 20, 20, CLASSIC, True, [], Tally())
    rng = random.Random(0)
    pair.play(10 * 20 + 10, 1)
    pair.check(rng)
    pair.play(0, 1)  # Blue again, now anywhere
    pair.check(rng)
    assert pair.engine_legal(1) == set(range(400)) - {210, 0}
    assert pair.kernel_legal(2) == pair.engine_legal(2) != pair.engine_legal(1)


# An old enclosure split in two (classic): Blue's ring of setup dots round the 5 × 5 nodes x, y = 2..6 of a
# 9 × 9 board is a free area; Blue's wall down x = 5 then parts it into a left block (x 2..4) and a column
# (x = 6). Red's dots wait outside on the left edge, never touching, so that the game alternates.
# The kernel's split guard (``play``: "an old enclosure split in two") skips both halves. Deleting it gives
# the same positions: a half holding an enemy dot is then laid in the region loop instead of by the pending
# captures just after it (2,800 random games, four in five classic, many with frequent double moves: the
# guard's kernel and a guard-less copy differed only in the flood counter). What these tests hold is what
# the guard must not do: lay or take a split half that holds nothing (a copy that lays it fails them).
SPLIT_RING = [(x, y) for y in range(1, 8) for x in range(1, 8) if x in (1, 7) or y in (1, 7)]
SPLIT_WALL = [(5, 2), (5, 3), (5, 5), (5, 6)]  # (5, 4) is the move that closes it
SPLIT_LEFT = [(x, y) for y in range(2, 7) for x in range(2, 5)]
SPLIT_COLUMN = [(6, y) for y in range(2, 7)]


def split_pair(red_before_split: tuple[int, int]) -> Pair:
    """The ring, Blue's wall but its middle dot, Red waiting outside; then Red plays ``red_before_split``
    and Blue (5, 4) splits the free area. Kernel and engine are compared after every move."""
    pair = Pair(0, 9, 9, CLASSIC, False, [(Player.BLUE, point) for point in SPLIT_RING], Tally())
    rng = random.Random(0)
    pair.check(rng)
    red = iter([(0, 0), (0, 2), (0, 4), red_before_split])
    for x, y in SPLIT_WALL + [(5, 4)]:
        pair.play(y * 9 + x, 1)
        pair.check(rng)
        if (x, y) != (5, 4):
            rx, ry = next(red)
            pair.play(ry * 9 + rx, 2)
            pair.check(rng)
    pair.check_from_game()
    return pair


def enclosed(pair: Pair, points: list[tuple[int, int]]) -> bool:
    """Whether every quarter round these nodes is enclosed by Blue, in the kernel (the checks say the
    engine agrees)."""
    n, nq, s, g = pair.n, pair.nq, pair.s, pair.game._g
    return all(s[O_ENCL(n, nq, 1) + q] for x, y in points for q in g.node_quarters[y * 9 + x] if q >= 0)


def test_a_free_area_split_in_two_encloses_nothing_new() -> None:
    """Blue's move parts its empty free area: both halves stay free (no layer, no score, open to both
    sides), and a red dot put into one half later is captured with that half alone."""
    pair = split_pair((0, 6))
    game = pair.game
    assert game.score_units(Player.BLUE) == game.score_units(Player.RED) == 0
    assert enclosed(pair, SPLIT_LEFT + SPLIT_COLUMN)
    assert not game.layers
    for p in (1, 2):
        assert {y * 9 + x for x, y in SPLIT_LEFT + SPLIT_COLUMN} <= pair.kernel_legal(p)
    pair.play(4 * 9 + 3, 2)  # Red into the left block
    pair.check(random.Random(1))
    pair.play(8 * 9 + 8, 1)  # any Blue move takes it: the left block, not the column
    pair.check(random.Random(2))
    assert game.is_dead((3, 4)) and game.score_units(Player.BLUE) == 1
    assert all(game.owner_at(point) is Player.BLUE for point in SPLIT_LEFT if point != (3, 4))
    assert all(game.owner_at(point) is None for point in SPLIT_COLUMN)
    assert {6 + 9 * y for y in range(2, 7)} <= pair.kernel_legal(2)
    assert enclosed(pair, SPLIT_COLUMN)
    pair.check_from_game()


def test_a_split_takes_the_half_that_holds_a_dot_put_in_since() -> None:
    """Red's dot waits in Blue's free area for Blue's next move; that move parts the area. The half with
    the dot is captured, the other half stays a free area, open to both sides."""
    pair = split_pair((3, 4))
    game = pair.game
    assert game.is_dead((3, 4)) and game.score_units(Player.BLUE) == 1
    assert all(game.owner_at(point) is Player.BLUE for point in SPLIT_LEFT if point != (3, 4))
    assert all(game.owner_at(point) is None for point in SPLIT_COLUMN)
    assert enclosed(pair, SPLIT_LEFT + SPLIT_COLUMN)
    for p in (1, 2):
        legal = pair.kernel_legal(p)
        assert {6 + 9 * y for y in range(2, 7)} <= legal
        assert not legal & {y * 9 + x for x, y in SPLIT_LEFT}


def test_countries_has_no_free_area_to_split() -> None:
    """Why the split is classic's alone: in countries the same ring is a country at once, its nodes closed."""
    pair = Pair(0, 9, 9, COUNTRIES, False, [(Player.BLUE, point) for point in SPLIT_RING], Tally())
    pair.check(random.Random(0))
    assert not pair.kernel_legal(1) & {y * 9 + x for x, y in SPLIT_LEFT + SPLIT_COLUMN}
    assert pair.game.score_units(Player.BLUE) == 2 * 6 * 6


# ----- random games --------------------------------------------------------------------------

DEFAULT_GAMES = 150
"""Enough that every rule required below happens (the rarest, a countries revival, first in game 108);
``test_many_random_games_agree`` (-m slow) plays thousands more."""


@pytest.mark.parametrize("rules", [COUNTRIES, CLASSIC], ids=["countries", "classic"])
def test_random_games_agree(rules: Rules) -> None:
    """:data:`DEFAULT_GAMES` games of each rule set, compared after every move; the rules must really meet."""
    tally = Tally()
    for i in range(DEFAULT_GAMES):
        play_game(1000 * (rules is CLASSIC) + i, rules, tally)
    tally.require("capture", "takeover", "revival", "same side twice", "setup games", "boards without quarters",
                  "from_game")
    if rules is CLASSIC:
        tally.require("zone games", "free area grew", "into free area", "pending captured",
                      "pending captured by an old area", "reopened")


COPIED_GAMES = 60
"""Random games of each rule set played through copies of the position alone (``K.copy_position``)."""


@pytest.mark.parametrize("rules", [COUNTRIES, CLASSIC], ids=["countries", "classic"])
def test_a_position_copied_without_its_scratch_plays_on_alike(rules: Rules) -> None:
    """The reads copy positions with ``K.copy_position``, which leaves a state's scratch as it was: each move of
    these games is played on such a copy, its scratch random noise, and still meets the engine."""
    tally = Tally()
    for i in range(COPIED_GAMES):
        play_game(7000 + 1000 * (rules is CLASSIC) + i, rules, tally, copied=True)
    tally.require("capture", "takeover")
    if rules is CLASSIC:
        tally.require("into free area", "pending captured", "reopened")


def test_the_big_boards_reach_the_largest() -> None:
    """The big boards include the preset 30 × 30, the official 38 × 31, the largest board, and boards
    wider than tall and taller than wide."""
    assert {(30, 30), (38, 31), (MAX_SIZE, MAX_SIZE)} <= set(BIG_BOARDS)
    assert any(w > h for w, h in BIG_BOARDS) and any(w < h for w, h in BIG_BOARDS)


BIG_OPENING = 60
"""Moves of each default big-board game: its opening, where the zone binds and the first fights are."""


@pytest.mark.parametrize("rules", [COUNTRIES, CLASSIC], ids=["countries", "classic"])
def test_big_board_openings_agree(rules: Rules) -> None:
    """An opening on each of :data:`BIG_BOARDS`, classic's with the zone on (its 8 × 15 block narrower or
    shorter than the board): captures and, in classic, the zone keeping each side's first dot from the
    rest of the board must have been compared, or the test fails (``-m slow`` plays longer games)."""
    tally = Tally()
    captured_on = []
    for i, size in enumerate(BIG_BOARDS):
        captures = tally.counts["capture"]
        play_game(53_000 + i, rules, tally, size=size, max_moves=BIG_OPENING, zone=True)
        if tally.counts["capture"] > captures:
            captured_on.append(size)
    assert tally.counts["games"] == len(BIG_BOARDS)
    assert len(captured_on) >= len(BIG_BOARDS) // 2, f"captures compared on {captured_on} only"
    tally.require("same side twice", "from_game")
    if rules is CLASSIC:
        tally.require("zone games", "zone bound", "free area grew")


@pytest.mark.slow
@pytest.mark.parametrize("size", BIG_BOARDS, ids=[f"{w}x{h}" for w, h in BIG_BOARDS])
@pytest.mark.parametrize("rules", [COUNTRIES, CLASSIC], ids=["countries", "classic"])
def test_many_big_board_games_agree(rules: Rules, size: tuple[int, int]) -> None:
    """Longer games on each big board, zone drawn (run with ``-m slow``)."""
    tally = Tally()
    for seed in range(3):
        play_game(80_000 + 100 * BIG_BOARDS.index(size) + seed, rules, tally, size=size, max_moves=300)
    tally.require("capture")


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(6))
@pytest.mark.parametrize("rules", [COUNTRIES, CLASSIC], ids=["countries", "classic"])
def test_many_random_games_agree(rules: Rules, batch: int) -> None:
    """Thousands of games of each rule set (run with ``-m slow``)."""
    tally = Tally()
    for i in range(500):
        play_game(100_000 * (1 + batch) + 10_000 * (rules is CLASSIC) + i, rules, tally)
    tally.require("capture", "same side twice", "setup games", "from_game")


@pytest.mark.slow
@pytest.mark.parametrize("rules", [COUNTRIES, CLASSIC], ids=["countries", "classic"])
def test_whole_big_board_games_agree(rules: Rules) -> None:
    """A few complete 38 × 31 games (run with ``-m slow``)."""
    tally = Tally()
    for seed in range(3):
        play_game(60_000 + seed, rules, tally, size=(38, 31))
    tally.require("capture")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(30, 30), (MAX_SIZE, MAX_SIZE)], ids=["30x30", "largest"])
@pytest.mark.parametrize("rules", [COUNTRIES, CLASSIC], ids=["countries", "classic"])
def test_whole_games_on_the_preset_and_the_largest_board_agree(rules: Rules, size: tuple[int, int]) -> None:
    """A game played to its end on the 30 × 30 preset and on the largest «Авто» board, so that the last
    nodes to fill, along the edges of the biggest tables, are compared too (run with ``-m slow``)."""
    tally = Tally()
    play_game(61_000 + size[0], rules, tally, size=size)
    tally.require("capture")
