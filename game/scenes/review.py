"""«Разбор»: stepping back and forth through a game's moves, the board and scores following.

The position after move ``k`` is the setup plus the game's actions up to (not
including) move ``k + 1``: a Stop or Finish goes with the move before it. The
engine does all the work: :class:`Replay` keeps one game and moves it with
``play()`` and ``undo()``, so a step costs one move whatever the game's length.

Keys: ← → one move, PgUp PgDn ten, Home End to either end, Esc back; the same
on finger-sized buttons; the wheel over the panel steps too. The board zooms and
pans as in the game (:class:`~game.view.zoom_control.ZoomControl`: pinch, the wheel
over the board, a right or middle drag, ``+ - 0``, the fit button), so a large
board's detail can be read; the zoom stays as the moves are stepped. «Играть отсюда» starts a game from the position shown.
«Анализ» has the master review every move in the background (:mod:`game.match.analysis`):
a chart of the expected lead grows under the scores, its dots are the mistakes, a tap
on it shows that move, and at a mistake the board rings the better move. A finished
analysis of the same moves is kept while the game runs: coming back shows it at once.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pygame

from ai.review import MoveReview, count_mistakes
from engine import Game, Player, format_score
from game.input.aim import Aim
from game.input.layout import BoardLayout, ScreenLayout, panel_buttons, screen_layout
from game.input.pointer import pointer_of
from game.match.analysis import Analysis, kept
from game.match.clock import TimeControl, shown_time, state_at
from game.match.replay import Replay
from game.match.settings import MatchSettings
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Match, Reviewing
from game.strings import STRINGS, t
from game.view import coordinates, hud, lead_chart, theme
from game.view.board_view import BoardView
from game.view.hint_mark import draw_hint
from game.view.lead_chart import LeadChart
from game.view.textfit import one_line, wrap
from game.view.widgets import LABEL_MARGIN, Button, ButtonGroup, WrappingButton, common_px
from game.view.zoom_control import ZoomControl

TALL_PANEL = 700
"""A side panel at least this tall gives «Играть отсюда» and «Анализ» a row each."""


class ReviewScene(Scene):
    """The board at one move of a game, with «Ход k из N», both scores and the step buttons.

    ``title`` names the game (a file's name), ``players`` the two sides' names from
    a record (``PB``, ``PW``); ``settings`` the set-up it was played with, when known.
    """

    name = "review"

    def __init__(self, stack: SceneStack, shown: Reviewing) -> None:
        super().__init__(stack)
        game = shown.game
        self.replay = Replay(game)
        if shown.step is not None:
            self.replay.goto(shown.step)
        self.settings = shown.settings or MatchSettings(rules=game.rules, width=game.width, height=game.height)
        self.title = shown.title
        self.hints = shown.hints
        """Hints the record says were used against the computer (``HN``), shown under the scores."""
        self.takebacks = shown.takebacks
        """Times moves were taken back (``TAKEBACKS``): shown beside the hints against the computer, as the results do."""
        self.engine = shown.engine
        """The engine the computer's master played on (``ENGINE``), shown under the scores; None: none said."""
        self.times = shown.times
        """The clock the game was played on, as its record keeps it; None: none."""
        self.players = shown.players
        self.view = BoardView()
        self.buttons = ButtonGroup()
        self.b_first = self.buttons.add(Button("review.first"), lambda: self.goto(0))
        self.b_prev = self.buttons.add(Button("review.prev"), lambda: self.goto(self.step - 1))
        self.b_next = self.buttons.add(Button("review.next", primary=True), lambda: self.goto(self.step + 1))
        self.b_last = self.buttons.add(Button("review.last"), lambda: self.goto(self.replay.moves))
        self.b_play_on = self.buttons.add(WrappingButton("review.play_on"), self.play_on)  # two lines if narrow
        self.b_analyse = self.buttons.add(Button("review.analyse"), self.analyse)
        self.b_back = self.buttons.add(Button("review.back"), self.stack.pop)
        self.b_menu = self.buttons.add(Button("results.menu"), self.to_menu)
        self.screen: ScreenLayout = screen_layout(self.size)
        self.zoom = ZoomControl(game.width, game.height,  # pinch, wheel, drag, keys; beside the coordinates
                                coordinates.board_area(self.screen, stack.preferences.chosen.coordinates))
        self.aim = Aim()  # nothing is played here: only the gestures' bookkeeping (a pinch clears it)
        self.board: BoardLayout = self.zoom.layout
        self._text_bottom = 0
        # A finished analysis of these moves, made while the game runs, is shown at once.
        self.analysis: Analysis | None = kept(game, seconds=stack.ai_seconds)
        self.chart = LeadChart()
        if shown.analyse:  # «Анализ» on the results
            self.analyse()
        self._update_buttons()

    @property
    def game(self) -> Game:
        """The position shown."""
        return self.replay.game

    @property
    def step(self) -> int:
        """The move shown: 0 before the first, ``moves`` after the last."""
        return self.replay.step

    def computer_side(self) -> Player | None:
        """The colour the computer played: the set-up's (a game just played), else the one a record names
        as the computer (``PB``/``PW``, as «Сохранить партию» writes them, in either language); None:
        two people, or a record that does not say."""
        if self.settings.computer is not None:
            return self.settings.computer.computer
        names = set(STRINGS["play.computer"].values())
        sides = [player for player, name in zip((Player.BLUE, Player.RED), self.players or ("", ""), strict=True)
                 if name.strip() in names]
        return sides[0] if len(sides) == 1 else None

    # ----- actions ---------------------------------------------------------------------

    def goto(self, step: int) -> None:
        """Show the position after move ``step``."""
        self.replay.goto(step)
        self._update_buttons()

    def play_on(self) -> None:
        """Start a game from the position shown, with the same set-up (and clocks as they were then)."""
        game = self.replay.playable()
        if game.is_over:
            return
        settings, clock = self.settings.with_size(game.width, game.height), None
        if self.times is not None and self.times.limit is not None:  # the clocks go on from the record's times
            settings = replace(settings, clock=settings.clock or TimeControl.of(self.times))
            clock = state_at(self.times, self.replay.actions, self.step)
        self.stack.go("play", Match(settings, game, clock=clock))

    def to_menu(self) -> None:
        """Back to the main menu."""
        self.stack.back_to("menu")

    def analyse(self) -> None:
        """«Анализ»: the master reviews the game in the background; pressed while it runs, it stops."""
        if self.analysis is not None and self.analysis.running:
            self.analysis.cancel()
        else:  # the stack's computer budget, when a test or a run set one, is counted as a move's work here
            self.analysis = Analysis.of_record(self.replay.source, seconds=self.stack.ai_seconds,
                                               notify=self.stack.notify)  # each move reviewed wakes the loop
        self._update_buttons()

    def _update_buttons(self) -> None:
        at_start, at_end = self.step == 0, self.step == self.replay.moves
        self.b_first.enabled = self.b_prev.enabled = not at_start
        self.b_next.enabled = self.b_last.enabled = not at_end
        # A game that ended with nowhere to play cannot go on; a finished one can (Finish is left out).
        self.b_play_on.enabled = self.game.finished or not self.game.is_over
        running = self.analysis is not None and self.analysis.running
        self.b_analyse.key = "review.analyse.stop" if running else "review.analyse"
        self.b_analyse.enabled = running or self.analysis is None or not self.analysis.complete

    # ----- scene hooks -------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.screen = screen_layout(size)
        self.board = self.zoom.refit(coordinates.board_area(self.screen, self.stack.preferences.chosen.coordinates))
        panel, portrait = self.screen.panel, self.screen.portrait
        bh, gap, pad = hud.spacing(size)
        # The steps, «play on from here», then back and menu: under the board at the top of the
        # panel's right half, beside it at the bottom under the text.
        order = [self.b_first, self.b_prev, self.b_next, self.b_last, self.b_play_on, self.b_analyse, self.b_back,
                 self.b_menu]
        # A tall panel has room for «Играть отсюда» and «Анализ» a row each, in the buttons' full type;
        # a short one keeps the chart's room and shares their row by the labels' widths.
        rows = [4, 1, 1, 2] if not portrait and panel.h >= TALL_PANEL else [4, 2, 2]
        for button, box in zip(order, panel_buttons(panel, portrait, rows, height=bh, gap=gap, pad=pad,
                                                    from_top=True), strict=True):
            button.rect = pygame.Rect(box)
        if self.b_play_on.rect.y == self.b_analyse.rect.y:
            self._share_row(self.b_play_on, self.b_analyse, ("review.analyse", "review.analyse.stop"))
        self._text_bottom = panel.y + panel.h - pad if portrait else self.b_first.rect.y - gap

    def _share_row(self, wide: WrappingButton, other: Button, other_keys: tuple[str, ...]) -> None:
        """Split the row of ``wide`` and ``other`` by their labels' widths (``other``'s widest of
        ``other_keys``; ``wide``'s on two lines when the row's height allows), so «Играть отсюда» is not
        shrunk beside a short «Анализ» in a narrow panel."""
        gap = other.rect.x - wide.rect.right
        total = wide.rect.w + other.rect.w
        px = theme.text_size(self.size, 21)
        f = theme.font(px)
        need_wide = wide.narrowest(px, wide.bold) + LABEL_MARGIN
        need_other = max(f.size(t(key))[0] for key in other_keys) + LABEL_MARGIN
        if total <= 0 or need_wide <= wide.rect.w:
            return  # it fits as it is: the halves stay even
        w = max(wide.rect.w, min(total - need_other, round(total * need_wide / (need_wide + need_other))))
        wide.rect.w = w
        other.rect.x, other.rect.w = wide.rect.right + gap, total - w

    def update(self, dt: float) -> None:
        self._update_buttons()  # the analysis ends on its own thread

    # No wake_in: the analysis wakes the loop itself with each move reviewed and at its end.

    def shutdown(self) -> None:
        if self.analysis is not None:
            self.analysis.cancel()

    def process_event(self, event: pygame.event.Event) -> None:
        if self.zoom.handle(event, self.size, self.aim):
            self.board = self.zoom.layout  # zoomed, panned or fitted: the board is drawn there from now
            return
        if event.type == pygame.KEYDOWN:
            jumps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
            if event.key in jumps:
                self.goto(self.step + jumps[event.key])
            elif event.key == pygame.K_HOME:
                self.goto(0)
            elif event.key == pygame.K_END:
                self.goto(self.replay.moves)
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.stack.pop()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.goto(self.step - event.y)
            return
        p = pointer_of(event, self.size)
        if p is not None and p.kind == "down" and (step := self.chart.step_at((round(p.pos[0]), round(p.pos[1])))) \
                is not None and self.analysis is not None:
            self.goto(step)  # a tap on the chart shows that move
        elif p is not None:
            self.buttons.handle(p)

    def record_lines(self) -> list[tuple[str, theme.Colour]]:
        """What the record says of the help and the computer, as the results said it: «Подсказок: 1 · Отмен: 2»
        (takebacks counted against the computer only), and the engine the master played on."""
        lines: list[tuple[str, theme.Colour]] = []
        if self.hints or (self.takebacks and self.settings.computer is not None):
            # Each count glued to its name by a no-break space: a narrow panel breaks the line at «·» only.
            used = ["\u00a0".join(t(key, n=n).rsplit(" ", 1)) for key, n in
                    (("results.hints", self.hints), ("results.takebacks", self.takebacks))]
            lines.append((" · ".join(used), theme.INK))
        if self.engine is not None:
            lines.append((t(f"results.engine.{self.engine.value}"), theme.INK))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        size = self.size
        panel = self.screen.panel
        self.view.draw(surface, self.game, self.board,
                       *coordinates.decor(self.screen, self.board, self.stack.preferences.chosen.coordinates))
        with self.zoom.overlays(surface):  # clipped to the board's area; then the fit button when zoomed
            if (mistake := self._mistake_shown()) is not None:  # the better move, ringed where it was to go
                draw_hint(surface, self.view, self.board, mistake.best, mistake.player, None)
        _, _, pad = hud.spacing(size)
        x, width = hud.text_column(self.screen)
        y = panel.y + pad
        caption = one_line(hud.caption(self.game), theme.text_size(size, 17), theme.INK_SOFT, width)
        surface.blit(caption, (x, y))
        y += caption.get_height() + 8
        head = one_line(self.title or t("review.title"), theme.text_size(size, 24), theme.INK, width, bold=True)
        surface.blit(head, (x, y))
        y += head.get_height() + 4
        if self.players and all(self.players):
            names = one_line(t("review.players", blue=self.players[0], red=self.players[1]),
                             theme.text_size(size, 16), theme.INK_SOFT, width)
            surface.blit(names, (x, y))
            y += names.get_height() + 4
        move = one_line(t("review.move", k=self.step, n=self.replay.moves), theme.text_size(size, 22),
                        theme.BLUE_DARK, width, bold=True)
        surface.blit(move, (x, y + 4))
        y += move.get_height() + 12
        card = pygame.Rect(x, y, width, hud.score_card_height(size))
        over = self.game.is_over
        hud.draw_scores(surface, card, self.game, self.settings, self.game.winner if over else self.game.to_move)
        y = card.bottom + 10
        lines: list[tuple[str, theme.Colour]] = []
        if over and self.step == self.replay.moves:
            winner = self.game.winner
            lines.append((t(hud.verdict_key(self.game, self.settings)),
                          theme.INK if winner is None else theme.player_dark(winner)))
        elif self.game.finished:
            lines.append((t("review.finished"), theme.INK))
        if (stopper := self.game.stopped_by) is not None:
            # «{player} сказали» is the plural of «Синие», «Красные» and «Вы»; the computer is one, and
            # says it as the play panel did when it pressed «Стоп».
            said = t("play.stopped.by_computer") if stopper is self.computer_side() else \
                t("review.stopped", player=hud.player_name(stopper, self.settings))
            lines.append((said, theme.player_dark(stopper)))
        if self.times is not None and self.times.limit is not None:  # the times left at the move shown
            left = self.times.left_at(self.replay.actions, self.step)
            lines += [(t("play.clock", player=hud.player_name(p, self.settings), time=shown_time(seconds)),
                       theme.player_dark(p)) for p, seconds in left.items() if seconds is not None]
        lines += self.record_lines()
        if self.analysis is not None:
            lines += self._analysis_lines()
        px = theme.text_size(size, 17)
        bold = theme.font(px, True)
        # The chart keeps its least height (readable at 1024×600): the lines have what is left above it.
        room = self._text_bottom - (lead_chart.min_height(size) + 6 if self.analysis is not None else 0)
        for text, colour in lines:
            # Wrapped, not shrunk: fitted to one line, «Анализ прерван на ходе 97 из 244» and «Mistake:
            # −2½, the ring was better» came out at 12 px at 1200×800, under their neighbours' 16.
            rows = wrap(text, bold, width)
            if y + (len(rows) - 1) * bold.get_linesize() + bold.get_height() > room:
                break  # a line is shown whole or not at all
            for row in rows:
                surface.blit(one_line(row, px, colour, width, bold=True), (x, y))  # fits: one_line cuts a lone long word
                y += bold.get_linesize()
            y += 6
        if self.analysis is not None:  # the chart takes the room of the keys' hint, at least its least height
            running = self.analysis.running
            top = min(y + 2, self._text_bottom - 2 - lead_chart.min_height(size))
            self.chart.draw(surface, pygame.Rect(x, top, width, self._text_bottom - 2 - top), self.analysis.moves,
                            self.analysis.total, self.step, progress=self.analysis.fraction if running else None)
            return self._draw_buttons(surface)
        hint_font = theme.font(theme.text_size(size, 15))
        for line in wrap(t("review.keys"), hint_font, width):
            if y + hint_font.get_linesize() > self._text_bottom:
                break
            surface.blit(theme.text(line, theme.text_size(size, 15), theme.INK_SOFT), (x, y))
            y += hint_font.get_linesize()
        self._draw_buttons(surface)

    def _analysis_lines(self) -> list[tuple[str, theme.Colour]]:
        """The analysis' lines: how far it got, or the mistakes of each side; at a mistake, what it lost."""
        assert self.analysis is not None
        moves, total = self.analysis.moves, self.analysis.total
        if self.analysis.failed:
            lines = [(t("review.analysis_failed"), theme.ILLEGAL)]
        elif self.analysis.running:
            lines = [(t("review.analysing", k=min(total, len(moves) + 1), n=total), theme.INK_SOFT)]
        elif not self.analysis.complete:  # stopped: a count of its mistakes would read as the whole game's
            lines = [(t("review.analysis_stopped", k=len(moves), n=total), theme.INK_SOFT)]
        else:
            lines = [(t("review.mistakes", blue=count_mistakes(moves, Player.BLUE),
                        red=count_mistakes(moves, Player.RED)), theme.INK)]
        if (move := self._mistake_shown()) is not None:
            loss = format_score(Fraction(round(move.loss * 2), 2))
            lines.append((t("review.mistake", loss=loss), theme.player_dark(move.player)))
        return lines

    def _mistake_shown(self) -> MoveReview | None:
        """The move shown when the analysis found it a mistake."""
        moves = self.analysis.moves if self.analysis is not None else []
        move = moves[self.step - 1] if 0 < self.step <= len(moves) else None
        return move if move is not None and move.mistake else None

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        for button in (self.b_first, self.b_prev, self.b_next, self.b_last):
            button.draw(surface, theme.text_size(self.size, 28))
        rows: dict[int, list[Button]] = {}
        for button in (self.b_play_on, self.b_analyse, self.b_back, self.b_menu):
            rows.setdefault(button.rect.y, []).append(button)
        for row in rows.values():
            px = common_px(row, theme.text_size(self.size, 21))  # a row's words in one type, as a set
            for button in row:
                button.draw(surface, px)
