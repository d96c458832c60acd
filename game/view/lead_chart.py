"""The review's chart: the master's expected lead after every move, Blue above the line, Red below.

Across: move 0 (the start: the value of the position the game started from) to
the last move of the game, so the chart
keeps its scale while the analysis fills it in from the left. Up and down: the
lead in cells or dots, the same scale both ways and never less than
:data:`MIN_SCALE`, so a quiet game does not look wild; the scale is set by most of
the game (:func:`scale_of`), not by the one landslide at its end, which runs off
the edge rather than flattening everything before it. Between the curve and the
zero line the chart is filled in the colour of the side ahead; each mistake is a
dot on the curve in the colour of the side that made it (the turning points);
the move shown is a vertical line; a thin bar under the chart shows how much is
analysed. A tap anywhere on the chart picks the move under it (:meth:`LeadChart.step_at`).

Readable on a small screen (issue 29): the review keeps the chart at least :func:`min_height` tall
(96 px at 1024×600, as tall as leaves the analysis' lines room above it in Russian), and a mistake's dot
is at least :data:`MIN_DOT_PX` across, ringed in white and then in dark ink, so that it stands out on the
white chart and on either side's fill (a blue dot on the red).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import pygame

from ai.review import MoveReview
from engine import Player
from game.view import theme

MIN_SCALE = 4.0
"""The smallest lead shown at the chart's top (and, for Red, its bottom edge)."""

BAR_PX = 5
"""Height of the progress bar under the chart while the analysis runs."""

CHART_PX = 120
"""The chart's least height at 1280×800, scaled with the window as text is (:func:`min_height`)."""

MIN_DOT_PX = 11
"""The least width of a mistake's dot, its colour alone (the two rings round it come on top)."""


def min_height(window: tuple[int, int]) -> int:
    """How tall the review keeps the chart at least in a window of ``window`` (its progress bar included).

    >>> min_height((1024, 600)), min_height((1366, 768)), min_height((1920, 1080))
    (96, 115, 162)
    """
    return round(CHART_PX * theme.ui_scale(window))


def dot_radius(chart_h: int) -> int:
    """The radius of a mistake's dot on a chart ``chart_h`` pixels tall (a circle of radius r is 2r pixels
    across): :data:`MIN_DOT_PX` across at least, a little larger on a tall chart.

    >>> [2 * dot_radius(h) for h in (40, 96, 120, 400)]
    [12, 12, 14, 14]
    """
    return max((MIN_DOT_PX + 1) // 2, min(7, chart_h // 16))  # larger still, a game's many mistakes hide the curve


def scale_of(leads: Sequence[float]) -> float:
    """The lead at the chart's top edge: the 90th percentile of the leads' sizes with a little room.

    >>> scale_of([]), scale_of([1.0, -2.0]), scale_of([1.0] * 28 + [-75.0, -60.0])
    (4.0, 4.0, 4.0)
    >>> scale_of([-10.0] * 10)
    11.5
    """
    sizes = sorted(abs(lead) for lead in leads)
    if not sizes:
        return MIN_SCALE
    return max(MIN_SCALE, 1.15 * sizes[min(len(sizes) - 1, int(0.9 * len(sizes)))])


def fill_colour(player: Player) -> theme.Colour:
    """The fill where ``player`` leads: their colour, lightened so the curve and marks stand out."""
    return theme.mix(theme.player_colour(player), (255, 255, 255), 0.3)


class LeadChart:
    """Where the chart was last drawn and how many moves it spans, for taps."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.total = 0
        self.dot_px = 0
        """How wide the mistakes' dots were last drawn, their colour alone (0: none drawn yet)."""

    def step_at(self, pos: tuple[int, int]) -> int | None:
        """The move under ``pos`` (0 before the first), or None off the chart.

        >>> c = LeadChart(); c.rect = pygame.Rect(100, 0, 200, 50); c.total = 10
        >>> c.step_at((100, 10)), c.step_at((205, 10)), c.step_at((299, 10)), c.step_at((99, 10))
        (0, 5, 10, None)
        """
        if self.total <= 0 or self.rect.w <= 1 or not self.rect.collidepoint(pos):
            return None
        return max(0, min(self.total, round((pos[0] - self.rect.x) / (self.rect.w - 1) * self.total)))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, moves: Sequence[MoveReview], total: int, step: int,
             *, progress: float | None) -> None:
        """The chart in ``rect`` for ``moves`` (reviewed so far) of a game of ``total`` moves, the
        move ``step`` marked; ``progress`` (0…1) draws the bar under it, None (done) leaves it out."""
        self.total = total
        chart = pygame.Rect(rect)
        if progress is not None:
            chart.h -= BAR_PX + 3
        self.rect = chart
        if chart.w < 8 or chart.h < 8:
            return
        pygame.draw.rect(surface, (255, 255, 255), chart, border_radius=4)
        scale = scale_of([m.lead for m in moves])
        mid = chart.y + chart.h / 2
        half = chart.h / 2 - 3

        def at(k: int, lead: float) -> tuple[float, float]:
            x = chart.x + (chart.w - 1) * (k / total if total else 0.0)
            return x, mid - half * max(-1.0, min(1.0, lead / scale))

        # Each point is the lead after a move; the first, the lead before the first (``MoveReview.before``):
        # so a move's fall on the chart is its loss.
        points = [at(0, moves[0].before if moves else 0.0)] + [at(m.number, m.lead) for m in moves]
        for (x0, y0), (x1, y1) in pairwise(points):
            self._fill(surface, x0, y0, x1, y1, mid)
        pygame.draw.line(surface, theme.INK_SOFT, (chart.x, round(mid)), (chart.right - 1, round(mid)))
        if len(points) > 1:
            pygame.draw.aalines(surface, theme.INK, False, points)
        if total:
            now = round(at(min(step, total), 0.0)[0])
            pygame.draw.line(surface, theme.LAST_MOVE, (now, chart.y), (now, chart.bottom - 1), 2)
        r = dot_radius(chart.h)
        self.dot_px = 2 * r
        for m in moves:
            if m.mistake:
                x, y = at(m.number, m.lead)
                centre = (round(x), round(y))
                pygame.draw.circle(surface, theme.CHART_DOT_EDGE, centre, r + 2)  # dark: apart from either fill
                pygame.draw.circle(surface, (255, 255, 255), centre, r + 1)  # light: apart from the dark dots
                pygame.draw.circle(surface, theme.player_dark(m.player), centre, r)
        pygame.draw.rect(surface, theme.BUTTON_EDGE, chart, width=1, border_radius=4)
        if progress is not None:
            bar = pygame.Rect(chart.x, chart.bottom + 3, chart.w, BAR_PX)
            pygame.draw.rect(surface, theme.mix(theme.BUTTON_EDGE, (255, 255, 255), 0.5), bar, border_radius=2)
            pygame.draw.rect(surface, theme.BLUE_DARK, (bar.x, bar.y, round(bar.w * progress), bar.h), border_radius=2)

    @staticmethod
    def _fill(surface: pygame.Surface, x0: float, y0: float, x1: float, y1: float, mid: float) -> None:
        """The strip between one segment of the curve and the zero line, split where it crosses."""
        if (y0 - mid) * (y1 - mid) < 0:  # the lead changes sides: split at the crossing
            xc = x0 + (x1 - x0) * (mid - y0) / (y1 - y0)
            LeadChart._fill(surface, x0, y0, xc, mid, mid)
            LeadChart._fill(surface, xc, mid, x1, y1, mid)
            return
        if y0 == mid and y1 == mid:
            return
        ahead = Player.BLUE if min(y0, y1) < mid else Player.RED  # up the screen is Blue's
        pygame.draw.polygon(surface, fill_colour(ahead), [(x0, mid), (x0, y0), (x1, y1), (x1, mid)])
