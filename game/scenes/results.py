"""The end of a game: who won (or «Ничья») and how it ended, both scores, the final board, and what next.

The winner is the count's, unless a clock ran out or a player resigned (:mod:`game.match.ending`): then that player lost.
Against the master it says which engine played it: the compiled kernel, or the much weaker uncompiled search.

A winner at the screen gets a short celebration: confetti in the winner's colour
for about two seconds, computed from the clock alone (no per-piece state), so
``draw`` stays cheap and changes nothing. A draw, or the computer's win, gets a
calm line instead, and a loss to the computer names the game's turning point (the computer's biggest
capture) with a button that opens the review at that move. The achievements the game earned are announced
over the board (:mod:`game.view.achieved`) and named on the panel. «Ещё раз», «Разбор», «Сохранить партию», «В меню».
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass
from dataclasses import replace as dataclasses_replace

import pygame

from engine import Player, Rules, format_score
from game.input.layout import BoardLayout, Box, ScreenLayout, fit_board, panel_buttons, screen_layout
from game.input.pointer import pointer_of
from game.match.ending import Ending
from game.match.settings import MatchSettings
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Match, Reviewing
from game.storage import earned, history, rating
from game.strings import t
from game.view import coordinates, hud, theme
from game.view.achieved import GOLD_DARK, START, Announcement
from game.view.board_view import BoardView
from game.view.moments import turning_point
from game.view.textfit import one_line, wrap
from game.view.widgets import Button, ButtonGroup

CELEBRATION_SECONDS = 2.2
CONFETTI = 90


@dataclass(frozen=True)
class Said:
    """A paragraph of the results' panel, in a type of ``base`` px at 1280×800."""

    text: str
    base: int
    colour: theme.Colour
    bold: bool = False
    before: int = 0
    """Pixels above it."""
    most: int = 3
    """Lines at the most (a name that long is cut with «…»)."""
    quiet: bool = False
    """Left out first when the panel is short of room."""
    after: int = 0
    """Pixels below it, before the next one."""

    def px(self, size: tuple[int, int], scale: float) -> int:
        return max(11, round(theme.text_size(size, self.base) * scale))

    def lines(self, width: int, px: int) -> list[str]:
        """Its lines at ``px``: wrapped, or one line that shrinks to fit (a headline, a figure)."""
        return [self.text] if self.most == 1 else wrap(self.text, theme.font(px, self.bold), width)[:self.most]


def celebrated(winner: Player | None, settings: MatchSettings) -> Player | None:
    """Whose win gets confetti: a winner at the screen; not the computer, not a draw."""
    if winner is None or (settings.computer is not None and winner != settings.computer.human):
        return None
    return winner


@dataclass(frozen=True)
class Piece:
    """One confetti piece: where it starts (fractions of the area), how it falls and turns."""

    x: float
    y: float
    fall: float
    """Area heights per second."""
    sway: float
    phase: float
    spin: float
    size: float
    colour: theme.Colour
    star: bool


def confetti(player: Player, seed: int, count: int = CONFETTI) -> list[Piece]:
    """Pieces in shades of ``player``'s colour, with a few gold sparkles; the same for the same seed."""
    rng = random.Random(seed)
    base = theme.player_colour(player)
    shades = (base, theme.player_dark(player), theme.mix(base, (255, 255, 255), 0.45), theme.LAST_MOVE)
    return [Piece(rng.random(), -rng.uniform(0.0, 0.5), rng.uniform(0.35, 0.7), rng.uniform(0.01, 0.04),
                  rng.uniform(0, math.tau), rng.uniform(-9, 9), rng.uniform(0.7, 1.3),
                  shades[rng.randrange(len(shades))], rng.random() < 0.15)
            for _ in range(count)]


def draw_confetti(surface: pygame.Surface, pieces: list[Piece], area: pygame.Rect, clock: float,
                  unit: float) -> None:
    """The pieces ``clock`` seconds after the start, over ``area``; they shrink away at the end."""
    left = CELEBRATION_SECONDS - clock
    if left <= 0:
        return
    shrink = min(1.0, left / 0.5)
    for p in pieces:
        y = area.y + (p.y + p.fall * clock + 0.12 * clock * clock) * area.h
        if y < area.y - 20 or y > area.bottom + 20:
            continue
        x = area.x + (p.x + p.sway * math.sin(p.phase + 3 * clock)) * area.w
        r = unit * p.size * shrink
        if r < 1:
            continue
        angle = p.phase + p.spin * clock
        if p.star:  # a four-pointed sparkle
            points = []
            for k in range(8):
                a = angle + k * math.pi / 4
                d = r * (1.6 if k % 2 == 0 else 0.5)
                points.append((x + d * math.cos(a), y + d * math.sin(a)))
        else:  # a paper strip turning over: its width follows the spin
            c, s = math.cos(angle), math.sin(angle)
            w, h = r, r * 0.45 * abs(math.cos(angle * 0.7)) + 1
            points = [(x + dx * c - dy * s, y + dx * s + dy * c) for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h))]
        pygame.draw.polygon(surface, p.colour, points)


class ResultsScene(Scene):
    """Shows the finished game; «Ещё раз» starts the same set-up again, «Разбор» steps through it,
    «Анализ» steps through it with the master's review under way, «Сохранить партию» writes it to
    the games folder, «В меню» leaves. Against the computer it says how many hints were used and how many times moves were taken back.

    The 'end' effect plays once as the scene first shows, from the loop's sounds (``stack.sounds``).
    Opened as ``stack.swap("results", Match(settings, game))`` with the finished game.
    """

    name = "results"

    def __init__(self, stack: SceneStack, match: Match) -> None:
        super().__init__(stack)
        assert match.game is not None, "the results need the finished game"
        self.settings = settings = match.settings
        self.game = game = match.game
        self.ending = match.ending or Ending.of(game)
        self.won_by = self.ending.winner(game)
        """The winner (None: a draw): the count's, or the clock's."""
        self.clock_state = match.clock
        """The players' clocks as the game ended (None: no clock, or not known)."""
        self.times = settings.clock.times(match.clock.moves if match.clock else ())
        """The clock as the record keeps it (``Times(None)``: played without one)."""
        self.hints = match.hints
        """Hints used in the game (shown, and saved, against the computer)."""
        self.takebacks = match.takebacks
        """Times moves were taken back (shown against the computer, and saved)."""
        self.engine = match.engine
        """The engine the computer's master played on (shown, and saved); None: no master moved."""
        self.view = BoardView()
        self.buttons = ButtonGroup()
        self.b_again = self.buttons.add(Button("results.again", primary=True), self.again)
        self.b_review = self.buttons.add(Button("results.review"), self.review)
        self.b_analyse = self.buttons.add(Button("results.analyse"), lambda: self.review(analyse=True))
        self.b_save = self.buttons.add(Button("results.save"), self.save)
        self.b_menu = self.buttons.add(Button("results.menu"), self.to_menu)
        computer = settings.computer.computer if settings.computer is not None else None
        self.turning = turning_point(game, computer) if computer is not None and self.won_by is computer else None
        """A loss to the computer: (move number, gain) of its biggest capture, the game's turning point."""
        self.b_turn = self.buttons.add(Button("results.turning.look", n=self.turning[0] if self.turning else 0),
                                       lambda: self.review(at=self.turning[0] if self.turning else None))
        self.screen: ScreenLayout = screen_layout(self.size)
        self.board: BoardLayout = fit_board(game.width, game.height, self._board_area())
        self.clock = 0.0
        """Seconds since the results first showed: drives the celebration."""
        self.winner = celebrated(self.won_by, settings)
        self.pieces = confetti(self.winner, game.move_count) if self.winner is not None else []
        self._sounded = False
        self.kept = history.keep_game(game, settings, self.ending, hints=self.hints, times=self.times,
                                      engine=self.engine, takebacks=self.takebacks)
        """The game kept in the history of finished games (the progress reads it), or why it was not."""
        self.announced = Announcement(earned.announce(self.kept))
        """The achievements this game earned: cards over the board, a line on the panel."""
        self._fanfare = False
        self._fit: tuple[object, tuple[float, list[list[tuple[Said, list[str]]]]]] | None = None

    @property
    def verdict(self) -> str:
        """The headline shown, in the current language."""
        return t(hud.winner_key(self.won_by, self.settings))

    @property
    def help_used(self) -> str:
        """«Подсказок: 1 · Отмен: 2»: the line shown against the computer."""
        return f"{t('results.hints', n=self.hints)} · {t('results.takebacks', n=self.takebacks)}"

    @functools.cached_property
    def rating_line(self) -> str | None:
        """After a rated game, the rating and how far the game moved it («Рейтинг: 1016 (+16)»); else None.
        Worked out once (replayed over the history: 3 ms with a thousand rated games), not at each frame."""
        facts = self.kept.facts
        moved = None if facts is None else rating.moved(self.kept.history.games, facts)
        if moved is None:
            return None
        # The change between the two ratings as shown (994 → 978: −16), not the rounded exact change (−15.6 → −16
        # beside 979), so that what the player saw before and after adds up.
        now, before = round(moved[0]), round(moved[0] - moved[1])
        return t("results.rating", rating=now, change=f"{now - before:+d}")

    @property
    def celebrating(self) -> bool:
        """True while the confetti is still falling."""
        return bool(self.pieces) and self.clock < CELEBRATION_SECONDS

    # ----- actions ---------------------------------------------------------------------

    def again(self) -> None:
        """A new game with the same rules, board and opponent."""
        self.stack.swap("play", Match(self.settings))

    def review(self, *, analyse: bool = False, at: int | None = None) -> None:
        """Step through the game move by move («Разбор»), with the master's analysis started («Анализ»),
        from move ``at`` (the turning point's button; None: the last)."""
        self.stack.go("review", Reviewing(self.game, self.settings, times=self.times, analyse=analyse, step=at,
                                          hints=self.hints, takebacks=self.takebacks, engine=self.engine))

    def save(self) -> None:
        """Save the game as a file in the games folder (its set-up names the players in the record, its
        ending says in ``RE`` who won on time)."""
        self.stack.go("save", Match(self.settings, self.game, clock=self.clock_state, hints=self.hints,
                                    ending=self.ending, engine=self.engine, takebacks=self.takebacks))

    def to_menu(self) -> None:
        """Back to the main menu."""
        self.stack.back_to("menu")

    # ----- scene hooks -------------------------------------------------------------------

    def resume(self) -> None:
        if not self._sounded:
            self._sounded = True
            self.stack.sound("end")

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.announced.earned and not self._fanfare and self.clock >= START:
            self._fanfare = True  # the first card comes in with the takeover's flourish
            self.stack.sound("takeover")

    def wake_in(self) -> float | None:
        """Every frame while the confetti falls; then the loop may sleep."""
        return 0.0 if self.celebrating or self.announced.showing(self.clock) else None

    def _board_area(self) -> Box:
        """Where the final board is fitted: beside its coordinates when the player has them on, as in play."""
        return coordinates.board_area(self.screen, self.stack.preferences.chosen.coordinates)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.screen = screen_layout(size)
        self.board = fit_board(self.game.width, self.game.height, self._board_area())
        bh, gap, pad = hud.spacing(size)
        turn = [self.b_turn] if self.turning else []  # beside «В меню»: no taller column, no smaller type
        order = [self.b_again, self.b_review, self.b_analyse, self.b_save, *turn, self.b_menu]
        rows = ([2, 2, 2] if turn else [1, 2, 2]) if self.screen.portrait else [1, 2, 1, 1 + len(turn)]
        for button, box in zip(order, panel_buttons(self.screen.panel, self.screen.portrait, rows,
                                                    height=bh, gap=gap, pad=pad), strict=True):
            button.rect = pygame.Rect(box)

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            self.buttons.handle(p)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.stack.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.again()

    def _fitted(self, room: int, width: int) -> tuple[float, list[list[tuple[Said, list[str]]]]]:
        """The panel's paragraphs wrapped to ``width`` in ``room`` pixels (the score card's apart), with the type's
        scale: worked out once for each size and set of words, as the confetti redraws the panel every frame."""
        upper, lower = self._paragraphs()
        key = (room, width, tuple(r.text for r in upper + lower))
        if self._fit is not None and self._fit[0] == key:
            return self._fit[1]
        size = self.size
        # The first of these that fits above the buttons: full type, a step smaller, then without the quiet
        # lines (a loss's «В следующий раз…», the rules' reminder) — never words under a button.
        tries = [(1.0, True), (0.9, True), (1.0, False), (0.9, False), (0.8, False)]
        for scale, keep in tries:
            chosen = [[r for r in rows if keep or not r.quiet] for rows in (upper, lower)]
            laid = [[(r, r.lines(width, r.px(size, scale))) for r in rows] for rows in chosen]
            tall = sum(r.before + len(lines) * theme.font(r.px(size, scale), r.bold).get_linesize()
                       for rows in laid for r, lines in rows)
            if tall <= room:
                break
        self._fit = (key, (scale, laid))
        return scale, laid

    def _paragraphs(self) -> tuple[list[Said], list[Said]]:
        """The panel's words above the score card (the game, the verdict, how it ended) and below it (help,
        rating, achievements, what went wrong, the engine, the rules' reminder)."""
        winner = self.won_by
        human = self.settings.computer.human if self.settings.computer else None
        upper = [Said(hud.caption(self.game), 17, theme.INK_SOFT),
                 Said(self.verdict, 32, theme.INK if winner is None else theme.player_dark(winner), bold=True,
                      before=12, most=1),
                 Said(t(self.ending.key(human)), 17, theme.INK, before=6)]
        if self.winner is None:  # a draw or the computer's win: a calm word instead of confetti
            upper.append(Said(t("results.draw.note" if winner is None else "results.lost.note"), 17, theme.INK_SOFT,
                              before=4, quiet=True))
        if self.turning is not None and self.settings.computer is not None:
            who = t(f"level.{self.settings.computer.level.value}")
            upper.append(Said(t("results.turning", n=self.turning[0], who=who,
                                plus="+" + format_score(self.turning[1])), 17, theme.INK, before=4))
        lower: list[Said] = []
        if self.settings.computer is not None:
            lower += [Said(text, 17, theme.INK, most=1, after=8) for text in (self.help_used, self.rating_line)
                      if text is not None]
        earned_now = self.announced.earned
        if earned_now:
            names = t("results.achieved", names=", ".join(a.title() for a in earned_now))
            fits = len(wrap(names, theme.font(theme.text_size(self.size, 17), True), hud.text_column(self.screen)[1]))
            text = names if fits <= 2 else t("results.achieved.count", n=len(earned_now))
            lower.append(Said(text, 17, GOLD_DARK, bold=True, most=2, after=8))
        if self.kept.problem is not None:
            lower.append(Said(t("history.not_kept", why=t(self.kept.problem)), 15, theme.RED_DARK, most=1, after=8))
        if self.engine is not None:
            lower.append(Said(t(f"results.engine.{self.engine.value}"), 17, theme.INK, most=1, after=8))
        hint_key = "rules.countries.hint" if self.game.rules is Rules.COUNTRIES else "rules.classic.hint"
        lower.append(Said(t(hint_key), 15, theme.INK_SOFT, quiet=True))
        return upper, [dataclasses_replace(r, before=r.before + (lower[i - 1].after if i else 0))
                       for i, r in enumerate(lower)]

    def draw(self, surface: pygame.Surface) -> None:
        size = self.size
        panel = self.screen.panel
        self.view.draw(surface, self.game, self.board,
                       *coordinates.decor(self.screen, self.board, self.stack.preferences.chosen.coordinates))
        _, _, pad = hud.spacing(size)
        x, width = hud.text_column(self.screen)
        limit = panel.y + panel.h if self.screen.portrait else min(b.rect.y for b, _ in self.buttons.items if b.rect.w)
        card_h = hud.score_card_height(size)
        scale, laid = self._fitted(limit - panel.y - pad - card_h - 20, width)
        y = panel.y + pad
        for part, rows in enumerate(laid):
            if part == 1:  # the score card between what happened and what it meant
                y += 10
                card = pygame.Rect(x, y, width, card_h)
                hud.draw_scores(surface, card, self.game, self.settings, self.won_by)
                y = card.bottom + 10
            for row, lines in rows:
                px = row.px(size, scale)
                y += row.before
                for line in lines:
                    if part == 1 and y + theme.font(px, row.bold).get_height() > limit:
                        break
                    surface.blit(one_line(line, px, row.colour, width, bold=row.bold, min_px=min(px, 11)), (x, y))
                    y += theme.font(px, row.bold).get_linesize()
        self.buttons.draw(surface, theme.text_size(size, 21))
        if self.celebrating:
            area = pygame.Rect(self.screen.board_area)
            still = self.stack.preferences.chosen.reduced_motion  # reduced motion: the pieces stand, mid-fall
            draw_confetti(surface, self.pieces, area, 0.8 if still else self.clock, max(6.0, 9 * theme.ui_scale(size)))
        self.announced.draw(surface, pygame.Rect(self.screen.board_area), self.clock,
                            still=self.stack.preferences.chosen.reduced_motion)
