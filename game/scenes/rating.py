"""«Рейтинг»: the player's rating against the computer over the rated games, one rule set at a time.

The chart's line is the rating after each rated game (:func:`game.storage.rating.steps`, replayed from the
finished games kept); the level lines across it are the computer's fixed ratings (``ai.ladder.RATINGS``), so
the player sees which strength is near. Reached from «Успехи»; opened as ``stack.go("rating")``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

import pygame

from ai.ladder import RUNGS
from engine import Rules
from game.input.pointer import pointer_of
from game.scenes.base import Scene, SceneStack
from game.storage import history, rating
from game.strings import rules_name, t
from game.view import paper, theme
from game.view.textfit import one_line, wrap
from game.view.widgets import Button, ButtonGroup


def chart_strengths(values: Sequence[float], ratings: Mapping[str, int]) -> dict[str, int]:
    """The computer's strengths the chart draws across: those within the player's ratings ``values``, the
    nearest below them and the next above (the goal), so that a player's line is not pressed flat under
    strengths two thousand points away.

    >>> chart_strengths([1000.0, 1175.0], {"a": 1000, "b": 1269, "c": 1905, "d": 2767})
    {'a': 1000, 'b': 1269}
    >>> chart_strengths([1900.0, 2300.0], {"a": 1000, "b": 1269, "c": 1905, "d": 2767})
    {'b': 1269, 'c': 1905, 'd': 2767}
    """
    levels = sorted(ratings.values())
    below = max((r for r in levels if r <= min(values)), default=levels[0])
    above = min((r for r in levels if r > max(values)), default=levels[-1])
    return {name: r for name, r in ratings.items() if below <= r <= above}


def label_tops(centres: Sequence[int], height: int, top: int, bottom: int) -> list[int]:
    """Where labels ``height`` tall go (their tops) beside lines at ``centres`` (any order), so that no two
    overlap and all lie within ``top``..``bottom`` where there is room: two strengths a few dozen points apart
    draw their lines a few pixels apart on a chart that spans a thousand.

    >>> label_tops([100, 104, 200], 14, 0, 300)
    [93, 107, 193]
    >>> label_tops([290, 295], 14, 0, 300)
    [272, 286]
    """
    order = sorted(range(len(centres)), key=lambda i: centres[i])
    tops = [centres[i] - height // 2 for i in order]
    for k in range(len(tops)):  # down from the top: each below the one above
        tops[k] = max(tops[k], tops[k - 1] + height if k else top)
    for k in reversed(range(len(tops))):  # then up from the bottom: each above the one below
        tops[k] = min(tops[k], tops[k + 1] - height if k + 1 < len(tops) else bottom - height)
    placed = [0] * len(centres)
    for k, i in enumerate(order):
        placed[i] = tops[k]
    return placed


NUMBER_GAP = 4
"""Pixels between the player's number and the dot at the end of the line."""


def number_spot(points: Sequence[tuple[int, int]], size: tuple[int, int], dot: int, left: int) -> tuple[int, int]:
    """Where the player's number (``size``) goes at the end of the line through ``points``: left of the last
    point (a ``dot`` in radius), no further left than ``left``, on the side the line does not come from: above a
    rise or the start, below a fall.

    >>> number_spot([(0, 50), (100, 10)], (30, 16), 4, 0)  # a rise: above
    (66, -14)
    >>> number_spot([(0, 10), (100, 50)], (30, 16), 4, 0)  # a fall: below
    (66, 58)
    """
    x, y = points[-1]
    width, height = size
    fell = len(points) > 1 and points[-2][1] < y
    return max(left, x - width - dot), (y + dot + NUMBER_GAP if fell else y - dot - NUMBER_GAP - height)


class RatingScene(Scene):
    """The chart of one rule set's rating; «Страны» / «Классика» switch, «Назад» (Esc) goes back."""

    name = "rating"

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack)
        self.rules = stack.preferences.chosen.setup.rules
        self.steps: dict[Rules, list[rating.Step]] = {rules: [] for rules in Rules}
        self.notices: list[str] = []
        self.buttons = ButtonGroup()
        self.b_back = self.buttons.add(Button("files.back"), self.stack.pop)
        self.rule_buttons = {rules: self.buttons.add(Button(f"rules.{rules.value}"), partial(self.show, rules))
                             for rules in Rules}
        self._title_pos = (0, 0)
        self._chart = pygame.Rect(0, 0, 0, 0)
        self._text_y = 0
        self.show(self.rules)

    def show(self, rules: Rules) -> None:
        """Chart the rating in ``rules``."""
        self.rules = rules
        for r, b in self.rule_buttons.items():
            b.selected = r is rules

    def resume(self) -> None:
        """Replayed anew each time it shows (a game may have ended since)."""
        kept = history.load()
        self.steps = {rules: rating.steps(kept.games, rules) for rules in Rules}
        self.notices = [notice.text() for notice in kept.notices[:2]]

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        head = theme.page_head(size)
        margin, bh, self.b_back.rect = head.margin, head.button_h, head.back
        rule_w = max(theme.finger_px(), round(170 * theme.ui_scale(size)))
        x = w - margin - 2 * rule_w - margin // 2
        for b in self.rule_buttons.values():
            b.rect = pygame.Rect(x, margin, rule_w, bh)
            x += rule_w + margin // 2
        self._title_pos = head.title_pos
        col_w = min(w - 2 * margin, round(1100 * theme.ui_scale(size)))
        line = theme.font(theme.text_size(size, 19)).get_linesize()
        top = margin + bh + margin + line + 8
        below = 4 * (theme.font(theme.text_size(size, 15)).get_linesize() + 2) + margin
        self._text_y = margin + bh + margin
        self._chart = pygame.Rect((w - col_w) // 2, top, col_w, max(80, h - top - below))

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            self.buttons.handle(p)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop()

    def headline(self) -> str:
        """«Страны: 1 234 · партий на рейтинг: 7», or that there are none yet."""
        done = self.steps[self.rules]
        if not done:
            return t("rating.none", rules=rules_name(self.rules))
        return t("rating.now", rules=rules_name(self.rules), rating=round(done[-1].rating), n=len(done))

    def draw(self, surface: pygame.Surface) -> None:
        size = self.size
        surface.blit(paper.backdrop(size), (0, 0))
        room = self.rule_buttons[Rules.COUNTRIES].rect.x - self._title_pos[0] - 12
        title = one_line(t("rating.title"), theme.text_size(size, 32), theme.INK, room, bold=True)
        surface.blit(title, (self._title_pos[0], self._title_pos[1] - title.get_height() // 2))
        self.buttons.draw(surface, theme.text_size(size, 21))
        chart = self._chart
        head = one_line(self.headline(), theme.text_size(size, 19), theme.INK, chart.w, bold=True)
        surface.blit(head, (chart.x, self._text_y))
        paper.card(surface, chart.inflate(16, 8))
        self._draw_chart(surface, chart.inflate(-8, -16))
        y = chart.bottom + 12
        px = theme.text_size(size, 15)
        for text in wrap(t("rating.how"), theme.font(px), chart.w):
            surface.blit(theme.text(text, px, theme.INK_SOFT), (chart.x, y))
            y += theme.font(px).get_linesize() + 2  # (lines set tight touch: see tests/test_fit.py)
        for text in self.notices:
            says = one_line(text, px, theme.RED_DARK, chart.w)
            surface.blit(says, (chart.x, y))
            y += says.get_height() + 2

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The computer's ratings across, the player's after each rated game along (from :data:`rating.START`)."""
        ratings = rating.RATINGS[self.rules]
        done = self.steps[self.rules]
        values = [float(rating.START), *(s.rating for s in done)]
        shown = chart_strengths(values, ratings)
        low = min(min(values), *shown.values()) - 60
        high = max(max(values), *shown.values()) + 60
        px = theme.text_size(self.size, 14)
        label_w = max(one_line(f"{rating.strength_name(r)} {ratings[r.name]}", px, theme.INK_SOFT, area.w).get_width()
                      for r in RUNGS) + 10
        plot = pygame.Rect(area.x, area.y, max(40, area.w - label_w), area.h)
        now = theme.text(str(round(values[-1])), theme.text_size(self.size, 17), theme.BLUE_DARK, bold=True)
        dot = max(3, round(4 * theme.ui_scale(self.size)))
        # Room above the highest point and below the lowest for the player's number, whichever it ends on.
        room = min(now.get_height() + dot + NUMBER_GAP, plot.h // 3)

        def y_of(value: float) -> int:
            return round(plot.bottom - room - (value - low) / (high - low) * (plot.h - 2 * room))

        drawn = [r for r in RUNGS if r.name in shown]
        labels = [one_line(f"{rating.strength_name(r)} {ratings[r.name]}", px, theme.INK_SOFT, label_w - 6)
                  for r in drawn]
        ys = [y_of(ratings[r.name]) for r in drawn]
        tops = label_tops(ys, max((label.get_height() for label in labels), default=0), area.y, area.bottom)
        for y, label, label_top in zip(ys, labels, tops, strict=True):
            pygame.draw.line(surface, theme.GRID_NODE, (plot.x, y), (plot.right, y))
            surface.blit(label, (plot.right + 6, label_top))
        step_x = plot.w / max(1, len(values) - 1)
        points = [(round(plot.x + i * step_x), y_of(v)) for i, v in enumerate(values)]
        if len(points) > 1:
            pygame.draw.lines(surface, theme.BLUE_DARK, False, points, max(2, round(3 * theme.ui_scale(self.size))))
        if len(points) <= 60:  # a dot a game while they can be told apart: green a win, red a loss
            colours = {"won": theme.HINT, "lost": theme.RED, "drawn": theme.INK_SOFT}
            for (x, y), s in zip(points[1:], done, strict=True):
                pygame.draw.circle(surface, colours[s.outcome], (x, y), dot)
        pygame.draw.circle(surface, theme.BLUE_DARK, points[-1], dot + 2)
        surface.blit(now, number_spot(points, now.get_size(), dot, plot.x))  # the player's rating now
