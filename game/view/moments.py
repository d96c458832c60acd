"""The moments a player waits for, made to land: a capture, a takeover, a lead that changes hands.

A move that scores is a :class:`Moment`, read off the engine's report of the move and the scores either side
alone (who moved, what it laid and covered): how much it gained, whether it
took a country over or the lead, and how big it is (:class:`Size`). The size picks everything that
follows, so a country of ½ stays a chime while a ring of twelve is heard and seen:

- the gain floats from the country to the mover's score («+4½», «+3»);
- a burst of the mover's colour around the country, more pieces the bigger it is;
- a short banner over the board for a big capture, a takeover or a lead change («Захват! +7»);
- the sound grows with the size (``country``, ``country.big``, ``moment.huge``: :mod:`game.view.sound`);
- the board's frame pulses for the biggest.

:class:`Effects` draws them from pictures made once when the moment starts (the banner, the «+N»
text, one dot sprite per burst): a frame is a handful of blits. With reduced motion
(:attr:`Effects.reduced`) the same banner and «+N» show still, where they start, for the same time,
and nothing bursts or pulses.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from fractions import Fraction

import pygame

from engine import ActionKind, Game, MoveReport, Player, Rules, format_score
from game.input.layout import BoardLayout
from game.strings import t
from game.view import theme


class Size(IntEnum):
    """How big a scoring move is: it scales the sound, the burst, and whether a banner and a pulse show."""

    SMALL = 0
    BIG = 1
    HUGE = 2


BIG_GAIN: dict[Rules, Fraction] = {Rules.COUNTRIES: Fraction(4), Rules.CLASSIC: Fraction(3)}
"""A gain of this much or more is a big capture (cells in countries, dots in classic): it gets a banner."""
HUGE_GAIN: dict[Rules, Fraction] = {Rules.COUNTRIES: Fraction(10), Rules.CLASSIC: Fraction(6)}
"""And this much a huge one: the loudest sound, and the board's frame pulses."""

FLOAT_SECONDS = 1.1
ABSORBED = 0.6
"""The share of the float's flight after which the «+N» shrinks and fades into the score it reaches."""
"""The «+N» rises off the country, flies to the score and fades there (still, with reduced motion)."""
BURST_SECONDS = 0.6
BANNER_SECONDS = 1.7
PULSE_SECONDS = 0.7
BURST_PIECES: dict[Size, int] = {Size.SMALL: 8, Size.BIG: 16, Size.HUGE: 26}


def size_of(gain: Fraction, rules: Rules, *, takeover: bool) -> Size:
    """How big a gain is under ``rules``; a takeover is at least big.

    >>> size_of(Fraction(1, 2), Rules.COUNTRIES, takeover=False), size_of(Fraction(4), Rules.COUNTRIES, takeover=False)
    (<Size.SMALL: 0>, <Size.BIG: 1>)
    >>> size_of(Fraction(1), Rules.COUNTRIES, takeover=True), size_of(Fraction(6), Rules.CLASSIC, takeover=False)
    (<Size.BIG: 1>, <Size.HUGE: 2>)
    """
    if gain >= HUGE_GAIN[rules]:
        return Size.HUGE
    return Size.BIG if takeover or gain >= BIG_GAIN[rules] else Size.SMALL


@dataclass(frozen=True)
class Moment:
    """A move that scored, as the effects, the sound and the panel's story tell it."""

    player: Player
    """Who scored."""
    gain: Fraction
    """The mover's score change (more than 0)."""
    rules: Rules
    takeover: bool
    """It took a country of the other side over (its layers now lie under the new one)."""
    lead: bool
    """The lead changed hands: the other side was ahead before, the mover is now (from a tie it is a capture)."""
    size: Size
    number: int
    """The move's number in the game (1 for the first)."""
    at: tuple[float, float]
    """The middle of what it laid, in node coordinates (fractions: halves of a cell)."""

    @property
    def plus(self) -> str:
        """«+4½», «+3»: the gain as the game writes scores."""
        return "+" + format_score(self.gain)

    @property
    def banner_key(self) -> str | None:
        """The banner's string id (takeover first, then the lead, then a big capture); None: no banner."""
        if self.takeover:
            return "moment.takeover"
        if self.lead:
            return "moment.lead"
        return "moment.capture" if self.size >= Size.BIG else None

    def sounds(self) -> tuple[str, ...]:
        """The effects after the dot's: a small country's chime or a takeover's flourish, bigger ones grown."""
        if self.size is Size.HUGE:
            return ("moment.huge",)
        if self.takeover:
            return ("takeover",)
        return ("country.big",) if self.size is Size.BIG else ("country",)


Scores = tuple[Fraction, Fraction]
"""Blue's and Red's."""


def moment_of(report: MoveReport, before: Scores, after: Scores, rules: Rules, number: int) -> Moment | None:
    """The moment the move of ``report`` (move ``number`` of a game of ``rules``, the scores ``before`` and
    ``after`` it) made; None when it scored nothing."""
    mover = report.action.player
    i = 0 if mover is Player.BLUE else 1
    gain = after[i] - before[i]
    if gain <= 0 or not report.laid:
        return None

    def lead(scores: Scores) -> Fraction:
        return scores[i] - scores[1 - i]

    takeover = bool(report.covered)
    points = [p for layer in report.laid for poly in layer.outline for p in poly]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    at = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    return Moment(mover, gain, rules, takeover, lead(before) < 0 < lead(after),
                  size_of(gain, rules, takeover=takeover), number, at)


# ----- drawing ----------------------------------------------------------------------------------


@dataclass
class Shown:
    """One moment on screen: when it started, where (window pixels), and its pictures made once."""

    moment: Moment
    start: float
    layout: BoardLayout
    origin: tuple[float, float]
    plus: pygame.Surface
    banner: pygame.Surface | None
    pieces: list[tuple[float, float, float]] = field(default_factory=list)
    """The burst: (angle, reach in cells, radius in cells) of each piece (none with reduced motion)."""

    @property
    def end(self) -> float:
        """When the last of its effects is gone."""
        return self.start + max(FLOAT_SECONDS, BANNER_SECONDS if self.banner is not None else 0.0,
                                BURST_SECONDS, PULSE_SECONDS if self.moment.size is Size.HUGE else 0.0)


def outlined_text(words: str, px: int, ink: theme.Colour, edge: theme.Colour) -> pygame.Surface:
    """Bold ``words`` in ``ink`` with a 2-pixel ``edge`` all round: readable on paper and on either colour."""
    face = theme.text(words, px, ink, bold=True)
    rim = theme.text(words, px, edge, bold=True)
    out = pygame.Surface((face.get_width() + 4, face.get_height() + 4), pygame.SRCALPHA)
    for dx in (-2, 0, 2):
        for dy in (-2, 0, 2):
            if dx or dy:
                out.blit(rim, (2 + dx, 2 + dy))
    out.blit(face, (2, 2))
    return out


def banner_picture(moment: Moment, px: int) -> pygame.Surface | None:
    """The banner for ``moment`` («Захват! +7») in the mover's colour, or None when it gets none."""
    key = moment.banner_key
    if key is None:
        return None
    words = theme.text(t(key, plus=moment.plus), px, theme.WHITE, bold=True)
    pad_x, pad_y = px, px // 3
    out = pygame.Surface((words.get_width() + 2 * pad_x, words.get_height() + 2 * pad_y), pygame.SRCALPHA)
    box = out.get_rect()
    pygame.draw.rect(out, (*theme.player_dark(moment.player), theme.BANNER_ALPHA), box, border_radius=box.h // 2)
    pygame.draw.rect(out, (*theme.LAST_MOVE, 255), box, 3, border_radius=box.h // 2)
    out.blit(words, (pad_x, pad_y))
    return out


def ease_out(t: float) -> float:
    """Fast start, soft landing."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Effects:
    """The moments running over one board: started by :meth:`start`, drawn by :meth:`draw_board`
    (the burst and the pulse, under the panel) and :meth:`draw_over` (the «+N» and the banner, over all)."""

    still: Callable[[], bool] = lambda: False
    """Asked as each moment starts and each frame draws: reduced motion (the player's setting, read live:
    it may change while a game is open) — the banner and «+N» still, for the same time; no burst, no pulse."""
    shown: list[Shown] = field(default_factory=list)

    @property
    def reduced(self) -> bool:
        """Reduced motion now."""
        return self.still()

    @reduced.setter
    def reduced(self, value: bool) -> None:
        self.still = lambda: value

    def running(self, now: float) -> bool:
        """True while anything shows at ``now``."""
        return any(s.end > now for s in self.shown)

    def flying(self, player: Player, now: float) -> float:
        """Seconds until ``player``'s «+N» still on its way reaches the score (0: none is): the computer's
        answer waits that long, so that its moment does not land on the player's own."""
        return max((s.start + FLOAT_SECONDS - now for s in self.shown if s.moment.player is player), default=0.0)

    def prune(self, now: float) -> None:
        """Forget what has finished by ``now``."""
        self.shown = [s for s in self.shown if s.end > now]

    def clear(self) -> None:
        """Stop everything (undo, a dialog on top, a new layout)."""
        self.shown.clear()

    def start(self, moment: Moment, now: float, layout: BoardLayout, size: tuple[int, int]) -> Shown:
        """Show ``moment`` from ``now`` on a board laid out as ``layout`` in a window of ``size``."""
        dark = theme.player_dark(moment.player)
        px = theme.text_size(size, 30 + 6 * int(moment.size))
        plus = outlined_text(moment.plus, px, dark, theme.WHITE)
        banner = banner_picture(moment, theme.text_size(size, 30))
        shown = Shown(moment, now, layout, layout.grid_to_pixel(moment.at), plus, banner)
        if not self.reduced:
            rng = random.Random(moment.number)  # the same burst for the same move: pictures are repeatable
            shown.pieces = [(rng.uniform(0, math.tau), rng.uniform(1.0, 2.0 + 0.8 * int(moment.size)),
                             rng.uniform(0.12, 0.2)) for _ in range(BURST_PIECES[moment.size])]
        self.shown = [s for s in self.shown if s.moment.number != moment.number]
        self.shown.append(shown)
        return shown

    # ----- on the board ------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, layout: BoardLayout, now: float) -> None:
        """The bursts and the pulse of the biggest moments (none with reduced motion)."""
        if self.reduced:
            return
        for s in self.shown:
            if s.layout != layout:
                continue
            u = (now - s.start) / BURST_SECONDS
            if s.pieces and 0 <= u < 1:
                grow, shrink = ease_out(u), 1.0 - u * u  # the pieces fly out and shrink away
                ink, dark = theme.player_colour(s.moment.player), theme.player_dark(s.moment.player)
                for angle, reach, radius in s.pieces:
                    d = reach * layout.cell * grow
                    centre = (s.origin[0] + d * math.cos(angle), s.origin[1] + d * math.sin(angle))
                    r = radius * layout.cell * shrink
                    if r >= 1.5:  # a white rim: the pieces show on their own colour's country too
                        pygame.draw.circle(surface, (255, 255, 255), centre, r + 1.5)
                        pygame.draw.circle(surface, ink, centre, r)
                        pygame.draw.circle(surface, dark, centre, r, 1)
            p = (now - s.start) / PULSE_SECONDS
            if s.moment.size is Size.HUGE and 0 <= p < 1:
                paper = pygame.Rect(layout.paper)
                swell = math.sin(math.pi * p)
                width = max(1, round(2 + 8 * swell))
                colour = theme.mix(theme.BACKGROUND, theme.player_colour(s.moment.player), swell)
                pygame.draw.rect(surface, colour, paper.inflate(2 * width, 2 * width), width, border_radius=4)

    # ----- over everything -------------------------------------------------------------------------

    def draw_over(self, surface: pygame.Surface, board_area: pygame.Rect, scores: dict[Player, tuple[int, int]],
                  now: float) -> None:
        """The «+N» on its way to the mover's score (at ``scores``, window pixels) and the banners,
        the banner at the top of ``board_area``."""
        for s in self.shown:
            u = (now - s.start) / FLOAT_SECONDS
            if 0 <= u < 1:
                img = s.plus
                if self.reduced:
                    x, y = s.origin
                else:
                    x, y = float_position(s.origin, scores.get(s.moment.player, (round(s.origin[0]), 0)), u)
                    if u > ABSORBED:  # it shrinks and fades into the score: over the digits it read «+½½»
                        left = (1 - u) / (1 - ABSORBED)
                        img = pygame.transform.smoothscale_by(img, 0.45 + 0.55 * left)
                        img.set_alpha(round(255 * left))
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
            b = (now - s.start) / BANNER_SECONDS
            if s.banner is not None and 0 <= b < 1:
                centre = (board_area.centerx, board_area.y + max(s.banner.get_height(), board_area.h // 7))
                banner = s.banner
                if not self.reduced:
                    grow = min(1.0, b / 0.12)
                    if grow < 1:
                        banner = pygame.transform.smoothscale_by(banner, 0.6 + 0.4 * ease_out(grow))
                    elif b > 0.85:
                        banner = banner.copy()
                        banner.set_alpha(round(255 * (1 - b) / 0.15))
                surface.blit(banner, banner.get_rect(center=centre))


def float_position(origin: tuple[float, float], target: tuple[int, int], u: float) -> tuple[float, float]:
    """Where the «+N» is ``u`` of the way through: up off the country first, then along a curve to the score.

    >>> float_position((100.0, 100.0), (500, 40), 0.0), float_position((100.0, 100.0), (500, 40), 1.0)
    ((100.0, 100.0), (500.0, 40.0))
    """
    rise = 0.25
    if u <= rise:
        return origin[0], origin[1] - 30 * ease_out(u / rise)
    v = ease_out((u - rise) / (1 - rise))
    start = (origin[0], origin[1] - 30)
    # A quadratic curve bowed upwards: it reads as thrown to the score, not slid.
    mid = ((start[0] + target[0]) / 2, min(start[1], target[1]) - 60)
    x = (1 - v) ** 2 * start[0] + 2 * (1 - v) * v * mid[0] + v * v * target[0]
    y = (1 - v) ** 2 * start[1] + 2 * (1 - v) * v * mid[1] + v * v * target[1]
    return x, y


def turning_point(game: Game, player: Player) -> tuple[int, Fraction] | None:
    """The move number and gain of ``player``'s biggest scoring move in ``game`` (its first, if tied),
    replayed from the start; None when that player never scored.

    >>> g = Game(width=5, height=5)
    >>> for p in [(1, 1), (0, 4), (2, 1), (4, 4), (2, 2)]:
    ...     _ = g.play(p)
    >>> turning_point(g, Player.BLUE), turning_point(g, Player.RED)
    ((5, Fraction(1, 2)), None)
    """
    replay = Game(game.width, game.height, game.rules, setup=game.setup, zone=game.zone_rule)
    best: tuple[int, Fraction] | None = None
    number = 0
    for action in game.history:
        report = replay.apply(action)
        if action.kind is not ActionKind.MOVE:
            continue
        number += 1
        gain = report.score_change(player) if report is not None and action.player is player else Fraction(0)
        if gain > 0 and (best is None or gain > best[1]):
            best = (number, gain)
    return best
