"""Short animations over the board after a move: the dot pops in, a new country sweeps in, scores tick.

The position is always the engine's. An animation only draws on top of the
cached board for a fraction of a second; it never holds input back, so a click
during one plays at once and starts the next.

What to animate is read off the engine's report of the move (:func:`change`
wraps a :class:`engine.MoveReport` in a :class:`Change`, which adds who moved and the
scores): the layers it ``laid``, the layers those ``covered`` (a takeover), the dots it
``crossed_out``, under the report's own names. Nothing is recomputed from the rules or the
geometry here.

Kept cheap on purpose: a popping dot redraws only its own few pixels from the
board's cached territory; a sweeping country keeps a copy of the old territory
under the new layers only and punches a growing hole in it, so a frame is a couple
of small blits. The old territory is the one the board last painted
(:meth:`BoardView.painted_territory`), asked for before the board is drawn again: the
scene hands over nothing but the report. The new country
then stays lit for about a second (so it can be found on a territory of its
owner's countries, where its walls are faint): a picture drawn once when the
sweep starts, blitted at a falling alpha.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import pygame

from engine import Game, Layer, MoveReport, Player, Rules
from game.input.layout import BoardLayout, Point
from game.view import theme
from game.view.board_geometry import dot_radius, last_move_ring, node_box
from game.view.board_view import BoardView
from game.view.moments import Effects, Moment, moment_of
from game.view.story import Story

POP_SECONDS = 0.16
"""A placed dot grows from small to a little too big and settles."""
RIPPLE_SECONDS = 0.45
"""The computer's dot also sends out one ring, so a move one did not make is seen."""
SWEEP_DELAY = 0.05
SWEEP_SECONDS = 0.36
"""A new country fills in from the closing dot outwards."""
FLASH_SECONDS = 0.24
"""A takeover first flashes the chains of the countries it swallows."""
GLOW_SECONDS = 1.1
"""The new country stays lit (a light tint, a halo along its whole chain) and fades back to the board.

Long enough to find it on a merged territory, where its walls with the player's
other countries are only faint lines once it has settled."""
GLOW_HOLD = 0.35
"""Share of the glow shown at full strength before it starts to fade."""
TICK_SECONDS = 0.42
"""A score counts up (or down) to its new value."""

HOLE: theme.Colour = (255, 0, 255)
"""Colour key of the swept part of an old picture: pure magenta never appears on the board."""


def clamp01(x: float) -> float:
    """``x`` limited to 0..1."""
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def ease_out(t: float) -> float:
    """Fast start, soft landing (cubic)."""
    t = clamp01(t)
    return 1 - (1 - t) ** 3


def ease_out_back(t: float, overshoot: float = 2.2) -> float:
    """Like :func:`ease_out` but goes a little past 1 before settling: a pop."""
    t = clamp01(t) - 1
    return 1 + (overshoot + 1) * t ** 3 + overshoot * t ** 2


# ----- what a move changed -------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One move as the animations and sounds need it: the engine's report, who made it, the scores
    on either side of it, and the game version just before it (the picture a sweep starts from)."""

    report: MoveReport
    by_computer: bool
    before: tuple[Fraction, Fraction]
    after: tuple[Fraction, Fraction]
    version: int

    @property
    def node(self) -> Point:
        """Where the dot went."""
        point = self.report.action.point
        assert point is not None  # change() takes moves only
        return point

    @property
    def player(self) -> Player:
        """Who moved."""
        return self.report.action.player

    def sounds(self, moment: Moment | None = None) -> tuple[str, ...]:
        """The effects to play, in order: the dot, then the country or takeover it made (grown with the
        ``moment``'s size when it scored: :meth:`game.view.moments.Moment.sounds`)."""
        if moment is not None:
            return ("dot", *moment.sounds())
        if self.report.covered:
            return ("dot", "takeover")
        if self.report.laid:
            return ("dot", "country")
        return ("dot",)


def change(report: MoveReport, game: Game, *, by_computer: bool) -> Change:
    """What the move of ``report`` did, for ``game`` just after it (the scores before are worked back).

    >>> g = Game(width=5, height=5)
    >>> for p in [(1, 1), (0, 4), (2, 1), (4, 4)]:
    ...     _ = g.play(p)
    >>> move = change(g.play((2, 2)), g, by_computer=False)
    >>> move.node, len(move.report.laid), move.before, move.after, move.sounds()
    ((2, 2), 1, (Fraction(0, 1), Fraction(0, 1)), (Fraction(1, 2), Fraction(0, 1)), ('dot', 'country'))
    """
    action = report.action
    if action.point is None:
        raise ValueError(f"a {action.kind.value} is no move to animate")
    after = (game.score(Player.BLUE), game.score(Player.RED))
    before = (after[0] - report.score_change(Player.BLUE), after[1] - report.score_change(Player.RED))
    return Change(report, by_computer, before, after, game.version - 1)


# ----- the animations ----------------------------------------------------------------------


@dataclass
class Pop:
    """A dot that was just placed."""

    node: Point
    player: Player
    start: float
    ripple: bool
    """The computer's move: also one expanding ring."""

    @property
    def end(self) -> float:
        """When it is over, on the scene's clock."""
        return self.start + (RIPPLE_SECONDS if self.ripple else POP_SECONDS)


@dataclass
class Sweep:
    """New layers filling in from ``centre``; a takeover flashes what it covers first."""

    start: float
    layout: BoardLayout
    laid: tuple[Layer, ...]
    covered: tuple[Layer, ...]
    crossed_out: frozenset[Point]
    centre: Point
    old: pygame.Surface
    """The territory as it was, under the new layers only, with a growing hole (``HOLE``)."""
    rect: pygame.Rect
    """Where ``old`` goes, in window pixels."""
    nodes: tuple[int, int, int, int]
    """Node range (x0, y0, x1, y1) whose dots ``old`` hides and the sweep draws again."""
    reach: float
    """Radius in pixels that uncovers all of ``rect``."""
    flash: float
    """Seconds the takeover flashes before the sweep starts (0 when nothing is covered)."""
    chain: frozenset[Point]
    """Nodes on the chains drawn over the board (new and covered): their dots go back on top."""
    glow: pygame.Surface | None = None
    """The new layers lit up (tint, halo, chain), see-through, the size of ``rect``; faded out by alpha."""
    hole: float = 0.0
    """The radius already punched into ``old``."""

    @property
    def sweep_start(self) -> float:
        """When the new picture starts to spread, after the flash."""
        return self.start + self.flash + SWEEP_DELAY

    @property
    def end(self) -> float:
        """When it is over, glow included, on the scene's clock."""
        return self.sweep_start + max(SWEEP_SECONDS, GLOW_SECONDS)

    def radius(self, now: float) -> float:
        """How far the new picture has spread at ``now``."""
        return self.reach * ease_out((now - self.sweep_start) / SWEEP_SECONDS)


@dataclass
class Tick:
    """A score on its way from ``before`` to ``after``."""

    before: Fraction
    after: Fraction
    start: float

    @property
    def end(self) -> float:
        """When the new score stands, on the scene's clock."""
        return self.start + TICK_SECONDS


@dataclass
class BoardAnimations:
    """The animations running on one board, started by :meth:`start`, drawn by :meth:`draw`.

    Times are the scene's clock in seconds; :meth:`prune` drops finished ones.
    """

    pops: list[Pop] = field(default_factory=list)
    sweeps: list[Sweep] = field(default_factory=list)
    ticks: dict[Player, Tick] = field(default_factory=dict)
    effects: Effects = field(default_factory=Effects)
    """The moments a scoring move makes (:mod:`game.view.moments`): «+N», burst, banner, pulse. Its
    ``reduced`` (reduced motion) holds here too: nothing grows, spreads, counts or flies; a new country
    shows at once, lit still for the glow's time."""
    story: Story = field(default_factory=Story)
    """The same moments told in words for the panel (:mod:`game.view.story`); kept through :meth:`clear`."""

    def running(self, now: float) -> bool:
        """True while anything still shows at ``now``."""
        return (any(p.end > now for p in self.pops) or any(s.end > now for s in self.sweeps)
                or any(t.end > now for t in self.ticks.values()) or self.effects.running(now))

    def prune(self, now: float) -> None:
        """Forget what has finished by ``now``."""
        self.pops = [p for p in self.pops if p.end > now]
        self.sweeps = [s for s in self.sweeps if s.end > now]
        self.ticks = {k: t for k, t in self.ticks.items() if t.end > now}
        self.effects.prune(now)

    def clear(self) -> None:
        """Stop everything at once (undo, a new layout, a dialog on top)."""
        self.pops.clear()
        self.sweeps.clear()
        self.ticks.clear()
        self.effects.clear()

    # ----- starting --------------------------------------------------------------------

    def start(self, move: Change, now: float, *, game: Game, view: BoardView, layout: BoardLayout,
              window: tuple[int, int] = (0, 0)) -> Moment | None:
        """Begin what ``move`` calls for, before ``view`` draws the board again; the moment it made, if it
        scored (its effects started, sized for a ``window`` of that size).

        A new country sweeps in over the picture the view painted just before the move; a board
        never painted at that position (two moves in one frame) shows the country at once."""
        moment = moment_of(move.report, move.before, move.after, game.rules, game.move_count)
        self.story.add(moment, game)
        if moment is not None:
            self.effects.start(moment, now, layout, window)
        self.pops = [p for p in self.pops if p.node != move.node]
        if not self.effects.reduced:
            self.pops.append(Pop(move.node, move.player, now, move.by_computer))
        flash = FLASH_SECONDS if move.report.covered and not self.effects.reduced else 0.0
        old_territory = view.painted_territory(game, layout, move.version) if move.report.laid else None
        if old_territory is not None:
            sweep = _make_sweep(move, now, flash, game, view, layout, old_territory)
            if sweep is not None:
                # An older sweep under this one would show a picture from before it.
                self.sweeps = [s for s in self.sweeps if not s.rect.colliderect(sweep.rect)]
                self.sweeps.append(sweep)
        for i, player in enumerate((Player.BLUE, Player.RED)):
            if move.before[i] != move.after[i] and not self.effects.reduced:  # (still: the new score at once)
                shown = self.shown_score(player, move.before[i], now, game.rules)
                self.ticks[player] = Tick(shown, move.after[i], now + flash + SWEEP_DELAY)
        return moment

    # ----- scores ------------------------------------------------------------------------

    def shown_score(self, player: Player, actual: Fraction, now: float, rules: Rules) -> Fraction:
        """The score to show for ``player`` at ``now``: ``actual``, or on its way there."""
        tick = self.ticks.get(player)
        if tick is None or now >= tick.end:
            return actual
        x = float(tick.before) + float(tick.after - tick.before) * ease_out((now - tick.start) / TICK_SECONDS)
        # Countries count in halves, classic in whole dots: tick through those steps.
        return Fraction(round(x * 2), 2) if rules is Rules.COUNTRIES else Fraction(round(x))

    def score_pulse(self, player: Player, now: float) -> float:
        """How much bigger to draw ``player``'s score now (1 = normal): it swells while it ticks up."""
        tick = self.ticks.get(player)
        if tick is None or tick.after <= tick.before or not tick.start <= now < tick.end:
            return 1.0
        return 1.0 + 0.28 * math.sin(math.pi * (now - tick.start) / TICK_SECONDS)

    # ----- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, game: Game, view: BoardView, layout: BoardLayout, now: float) -> None:
        """Draw every running animation over the board (already blitted) at ``now``."""
        swept = False
        for sweep in self.sweeps:
            if sweep.layout == layout and now < sweep.end:
                _draw_sweep(surface, sweep, game, view, layout, sweep.sweep_start + GLOW_HOLD * GLOW_SECONDS
                            if self.effects.reduced else now)  # reduced motion: spread at once, lit still
                swept = True
        last = game.last_move
        if swept and last is not None:
            # The chains and old pictures may have covered the latest move's ring: put it back on top.
            ring_r, ring_w = last_move_ring(dot_radius(layout.cell))
            pygame.draw.aacircle(surface, theme.LAST_MOVE, layout.node_to_pixel(last), ring_r, ring_w)
        if self.pops:
            territory = view.territory(game, layout)
            for pop in self.pops:
                if now < pop.end:
                    _draw_pop(surface, pop, game, view, layout, territory, now)
        self.effects.draw_board(surface, layout, now)


def _make_sweep(move: Change, now: float, flash: float, game: Game, view: BoardView, layout: BoardLayout,
                old_territory: pygame.Surface) -> Sweep | None:
    laid, covered = move.report.laid, move.report.covered
    if not laid:
        return None
    boxes = [node_box(layer) for layer in laid]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    paper = layout.paper
    c = layout.cell
    # Half a cell beyond the region's nodes covers its chain and the dots on it.
    left = layout.left + round((x0 - 0.5) * c)
    top = layout.top + round((y0 - 0.5) * c)
    rect = pygame.Rect(left, top, (x1 - x0 + 1) * c, (y1 - y0 + 1) * c)
    rect = rect.clip(pygame.Rect(paper.x, paper.y, paper.w, paper.h))
    if rect.w <= 0 or rect.h <= 0 or old_territory.get_size() != (paper.w, paper.h):
        return None
    old = old_territory.subsurface(rect.move(-paper.x, -paper.y)).copy()
    old.set_colorkey(HOLE)
    # The sweep starts at the move, or where the region is nearest to it (classic
    # captures may be laid away from the dot that made them).
    cx = min(max(move.node[0], x0), x1)
    cy = min(max(move.node[1], y0), y1)
    px, py = layout.node_to_pixel((cx, cy))
    reach = max(math.hypot(px - x, py - y) for x in (rect.left, rect.right) for y in (rect.top, rect.bottom)) + 2
    nodes = (max(0, x0 - 1), max(0, y0 - 1), min(game.width - 1, x1 + 1), min(game.height - 1, y1 + 1))
    chain = frozenset(p for layer in laid + covered for poly in layer.outline for p in poly)
    return Sweep(now, layout, laid, covered, frozenset(move.report.crossed_out), (cx, cy), old, rect, nodes, reach,
                 flash, chain, _glow_picture(laid, layout, rect))


def _glow_picture(layers: tuple[Layer, ...], layout: BoardLayout, rect: pygame.Rect) -> pygame.Surface:
    """The new layers lit up, drawn once: each frame of the glow is one blit of it at some alpha.

    A light tint over the country's own quarters, then a wide amber halo and the
    owner's bright colour along its whole chain, inner walls included, so its
    shape stands out even inside a territory of its owner's countries.
    """
    glow = pygame.Surface(rect.size, pygame.SRCALPHA)
    c = layout.cell
    base = max(2, round(c / 12))
    halo = base + max(4, round(c / 6))
    ox, oy = layout.left - rect.x, layout.top - rect.y
    # The halo in the last move's amber: it stands out on paper and on either player's fill alike.
    halo_colour = (*theme.mix(theme.LAST_MOVE, (255, 255, 255), 0.2), 210)
    for layer in layers:
        colour = theme.player_colour(layer.owner)
        tint = (*theme.mix(colour, (255, 255, 255), 0.45), 120)
        for triangle in layer.triangles:
            pygame.draw.polygon(glow, tint, [(ox + x * c, oy + y * c) for x, y in triangle])
        for poly in layer.outline:
            if len(poly) >= 2:
                pts = [(ox + x * c, oy + y * c) for x, y in poly]
                pygame.draw.lines(glow, halo_colour, True, pts, halo)
                for point in pts:  # round joins: the halo's corners would show notches
                    pygame.draw.circle(glow, halo_colour, point, halo / 2)
                pygame.draw.lines(glow, (*colour, 255), True, pts, base)
    return glow


def _draw_sweep(surface: pygame.Surface, sweep: Sweep, game: Game, view: BoardView, layout: BoardLayout,
                now: float) -> None:
    radius = sweep.radius(now) if now >= sweep.sweep_start else 0.0
    centre = layout.node_to_pixel(sweep.centre)
    if radius > sweep.hole:
        # The hole only grows, so it is punched into the old picture once per frame, not redrawn.
        local = (centre[0] - sweep.rect.x, centre[1] - sweep.rect.y)
        pygame.draw.circle(sweep.old, HOLE, local, radius)
        sweep.hole = radius
    covering = radius < sweep.reach
    # The glow goes under the old picture: it shows only where the new country has spread.
    glowing = _draw_glow(surface, sweep, layout, (now - sweep.sweep_start) / GLOW_SECONDS)
    if covering:
        clip = surface.get_clip()
        surface.set_clip(sweep.rect)
        surface.blit(sweep.old, sweep.rect)
        surface.set_clip(clip)
    lines = False
    if now < sweep.sweep_start:
        lines = _draw_flash(surface, sweep, layout, (now - sweep.start) / max(sweep.flash, 1e-6))
    if covering or lines or glowing:
        # The glow tints the inside too: while it shows, every dot goes back on top, not only the chains'.
        _redraw_dots(surface, sweep, game, view, layout, centre, radius, chain_only=not covering, every=glowing)


def _redraw_dots(surface: pygame.Surface, sweep: Sweep, game: Game, view: BoardView, layout: BoardLayout,
                 centre: tuple[int, int], radius: float, *, chain_only: bool, every: bool = False) -> None:
    """Dots back on top: those the old picture hid, as they were, and those on the chains drawn over them
    (or, with ``every``, all of them in the sweep's nodes: the glow was drawn over them all)."""
    r = dot_radius(layout.cell)
    reach = view.dot_sprite(r, Player.BLUE, True).get_width() / 2  # the largest sprite's half
    x0, y0, x1, y1 = sweep.nodes
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            owner = game.dot_at((x, y))
            if owner is None:
                continue
            px, py = layout.node_to_pixel((x, y))
            away = math.hypot(px - centre[0], py - centre[1])
            if not every and (away + reach < radius or chain_only) and (x, y) not in sweep.chain:
                continue  # the board below shows it whole, as it is now, and nothing was drawn over it
            reached = away < radius
            dead = game.is_dead((x, y)) and (reached or (x, y) not in sweep.crossed_out)
            sprite = view.dot_sprite(r, owner, dead)
            half = sprite.get_width() // 2
            surface.blit(sprite, (px - half, py - half))


def _outline_points(layout: BoardLayout, layers: tuple[Layer, ...]) -> list[list[tuple[float, float]]]:
    return [[layout.grid_to_pixel(p) for p in poly] for layer in layers for poly in layer.outline if len(poly) >= 2]


def _draw_flash(surface: pygame.Surface, sweep: Sweep, layout: BoardLayout, t: float) -> bool:
    """Two quick pulses on the chains of the countries being taken over; True if anything was drawn."""
    if not sweep.covered:
        return False
    pulse = abs(math.sin(2 * math.pi * clamp01(t)))
    base = max(2, round(layout.cell / 12))
    width = base + round(pulse * max(3, layout.cell / 8))
    colour = theme.mix(theme.LAST_MOVE, (255, 255, 255), 0.35 * (1 - pulse))
    for pts in _outline_points(layout, sweep.covered):
        pygame.draw.lines(surface, colour, True, pts, width)
    return True


def glow_alpha(t: float) -> int:
    """How strongly the new country is lit ``t`` of the way through its glow (0..255)."""
    t = clamp01(t)
    if t <= GLOW_HOLD:
        return 255
    u = (t - GLOW_HOLD) / (1 - GLOW_HOLD)
    return round(255 * (1 - u * u))  # slow at first, so it lingers, then gone


def _draw_glow(surface: pygame.Surface, sweep: Sweep, layout: BoardLayout, t: float) -> bool:
    """The new country lit up, fading back to the board; True if anything was drawn.

    Nothing before the sweep starts (``t`` below 0): a takeover's flash shows alone.
    """
    alpha = glow_alpha(t) if 0 <= t < 1 else 0
    if alpha <= 0 or sweep.glow is None:
        return False
    sweep.glow.set_alpha(alpha)
    surface.blit(sweep.glow, sweep.rect)
    return True


def _draw_pop(surface: pygame.Surface, pop: Pop, game: Game, view: BoardView, layout: BoardLayout,
              territory: pygame.Surface, now: float) -> None:
    c = layout.cell
    r = dot_radius(c)
    centre = layout.node_to_pixel(pop.node)
    t = (now - pop.start) / POP_SECONDS
    owner = game.dot_at(pop.node)
    if owner is None:
        return  # undone meanwhile
    sprite = view.dot_sprite(r, owner, game.is_dead(pop.node))
    ring_r, ring_w = last_move_ring(r)
    half = ring_r + ring_w + 2
    if t < 1 and half + sprite.get_width() // 2 < c:
        # Paint the node's few pixels back from the territory (no dots on it), then the growing dot.
        paper = layout.paper
        area = pygame.Rect(centre[0] - half - paper.x, centre[1] - half - paper.y, 2 * half, 2 * half)
        area = area.clip(territory.get_rect())
        surface.blit(territory, (area.x + paper.x, area.y + paper.y), area)
        scale = max(0.05, 0.35 + 0.65 * ease_out_back(t))
        img = pygame.transform.smoothscale_by(sprite, scale)
        img.set_alpha(round(255 * clamp01(0.35 + t * 1.1)))
        surface.blit(img, img.get_rect(center=centre))
        if game.last_move == pop.node:
            pygame.draw.aacircle(surface, theme.LAST_MOVE, centre, max(r + 2, round(ring_r * scale)), ring_w)
    if pop.ripple:
        u = clamp01((now - pop.start) / RIPPLE_SECONDS)
        radius = round(r * (1.4 + 2.2 * ease_out(u)))
        alpha = round(200 * (1 - u))
        if alpha > 0:
            size = 2 * radius + 6
            ring = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*theme.player_colour(pop.player), alpha), (size // 2, size // 2), radius,
                               max(2, r // 3))
            surface.blit(ring, ring.get_rect(center=centre))
