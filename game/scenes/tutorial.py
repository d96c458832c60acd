"""The first game that teaches («Обучение»): the lesson's steps (:mod:`game.match.lesson`) on the game's own
board, with its touch and mouse, zoom and animations.

Each step shows its position, says in the panel what to do, and marks where (a pulsing green ring on a
node, or round «Завершить» / «Стоп»); the player's move goes to the lesson, which keeps it or takes it
back with a hint; the opponent's scripted answers follow a moment later; «Дальше» opens the next step.
«Выйти» or Esc leave at any time (nothing to keep). Opened from the menu (``stack.go("tutorial")``) or
from the first start's offer (:func:`offer_first_lesson`).
"""

from __future__ import annotations

import pygame

from engine import MoveReport, Player, Rules
from game.input.aim import Aim
from game.input.layout import BoardLayout, Point, ScreenLayout, screen_layout
from game.input.pointer import pointer_of
from game.match.lesson import Goal, Lesson, Verdict
from game.match.settings import MatchSettings
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Question
from game.strings import t
from game.view import anim, hud, theme
from game.view.board_view import BoardView
from game.view.callout import draw_loupe
from game.view.hint_mark import draw_hint, pulse
from game.view.refusal import RefusalMark
from game.view.textfit import one_line, wrap
from game.view.widgets import Button, ButtonGroup, IconButton
from game.view.zoom_control import ZoomControl

REPLY_SECONDS = 0.7
"""The pause before each of the opponent's scripted moves: the player's own move is seen landing first."""
PULSE_FRAME = 1 / 30
"""How often the marks' pulse is redrawn."""
HOTSEAT = MatchSettings()
"""The panel names the sides «Синие» and «Красные»: the learner is told they play Blue."""


class TutorialScene(Scene):
    """The lesson's steps, one position at a time, checked move by move."""

    name = "tutorial"

    def __init__(self, stack: SceneStack, data: None = None) -> None:
        super().__init__(stack)
        self.lesson = Lesson()
        self.view = BoardView()
        self.anims = anim.BoardAnimations(effects=anim.Effects(still=lambda: stack.preferences.chosen.reduced_motion))
        self.aim = Aim()
        self.refusal: RefusalMark | None = None
        self.clock = 0.0
        self.reply_at: float | None = None
        """The scene's clock time of the opponent's next scripted move; None: none due."""
        self.screen: ScreenLayout = screen_layout(self.size)
        self.zoom = ZoomControl(self.lesson.game.width, self.lesson.game.height, self.screen.board_area)
        self.board: BoardLayout = self.zoom.layout
        self.buttons = ButtonGroup()
        self.b_stop = self.buttons.add(Button("play.stop"), self.stop)
        self.b_finish = self.buttons.add(Button("play.finish"), self.finish)
        self.b_next = self.buttons.add(Button("lesson.next", primary=True), self.next)
        self.b_leave = self.buttons.add(Button("lesson.leave"), self.leave)
        self.icons = ButtonGroup()
        self.b_help = self.icons.add(IconButton("feel.help", "help"), lambda: self.stack.go("rules", self.lesson.game.rules))
        self.text_top = 0
        self.words_px = 0
        """The type size the panel's words were last drawn in (smaller when they had to fit)."""

    # ----- the player's actions -------------------------------------------------------

    def try_play(self, node: Point) -> None:
        """The player's dot at ``node``, as the lesson judges it."""
        outcome = self.lesson.play(node)
        if outcome.verdict is Verdict.RIGHT and outcome.report is not None:
            self._animate(outcome.report, by_computer=False)
            self._right()
        elif outcome.verdict is Verdict.WRONG:
            self.stack.sound("illegal")
        elif outcome.verdict is Verdict.REFUSED:
            self.refusal = RefusalMark.of(self.lesson.game, node)  # the rules' own reason, at the spot
            self.stack.sound("illegal")

    def finish(self) -> None:
        """«Завершить», where the step asks for it."""
        if self.lesson.finish().verdict is Verdict.RIGHT:
            self.stack.sound("end")
            self._right()

    def stop(self) -> None:
        """«Стоп», where the step asks for it."""
        if self.lesson.stop().verdict is Verdict.RIGHT:
            self._right()

    def _right(self) -> None:
        self.refusal = None
        self.reply_at = self.clock + REPLY_SECONDS if self.lesson.waiting else None

    def _animate(self, report: MoveReport, *, by_computer: bool) -> None:
        game = self.lesson.game
        move = anim.change(report, game, by_computer=by_computer)
        moment = self.anims.start(move, self.clock, game=game, view=self.view, layout=self.board, window=self.size)
        for sound in move.sounds(moment):
            self.stack.sound(sound)

    def next(self) -> None:
        """On to the next step; after the last, back to the menu."""
        lesson = self.lesson
        if lesson.complete:
            self.leave()
            return
        if not lesson.done or lesson.waiting:
            return
        lesson.next()
        if not lesson.complete:
            self.anims.clear()
            self.aim.clear(hover=True)
            self.refusal = None
            self.zoom = ZoomControl(lesson.game.width, lesson.game.height, self.screen.board_area)
            self.board = self.zoom.layout
        self.resize(self.size)  # «Стоп» comes and goes with the rule set; the end keeps «В меню» alone

    def leave(self) -> None:
        """Back to the screen the lesson was opened from (nothing is kept)."""
        self.stack.back()

    # ----- what is marked ---------------------------------------------------------------

    def marked_nodes(self) -> tuple[Point, ...]:
        """The nodes ringed now: the step's, until it is done."""
        lesson = self.lesson
        return () if lesson.done or lesson.complete else lesson.step.marks

    def marked_button(self) -> Button | None:
        """The button ringed now: the step's «Завершить» or «Стоп», then «Дальше» once it may be pressed."""
        lesson = self.lesson
        if lesson.complete or (lesson.done and not lesson.waiting):
            return self.b_next
        if lesson.done:
            return None
        return {Goal.FINISH: self.b_finish, Goal.STOP: self.b_stop}.get(lesson.step.goal)

    # ----- scene hooks ------------------------------------------------------------------

    def pause(self) -> None:
        self.aim.clear()
        self.anims.clear()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.screen = screen_layout(size)
        self.board = self.zoom.refit(self.screen.board_area)
        classic = self.lesson.game.rules is Rules.CLASSIC and not self.lesson.complete
        for hidden in (self.b_stop, self.b_finish, self.b_leave):
            hidden.rect = pygame.Rect(0, 0, 0, 0)
        rows = [[self.b_next]] if self.lesson.complete else \
            [*([[self.b_stop]] if classic else []), [self.b_finish], [self.b_next], [self.b_leave]]
        self.text_top, _ = hud.place_play_buttons(self.screen, rows, [self.b_help])
        self.b_next.key = "lesson.end.menu" if self.lesson.complete else "lesson.next"
        self._enable()

    def _enable(self) -> None:
        lesson = self.lesson
        open_step = not lesson.done and not lesson.complete
        self.b_finish.enabled = open_step and lesson.step.goal is Goal.FINISH
        self.b_stop.enabled = open_step and lesson.step.goal is Goal.STOP
        self.b_next.enabled = lesson.complete or (lesson.done and not lesson.waiting)

    def wake_in(self) -> float | None:
        """0 while something moves or an answer is due; the marks' pulse otherwise; None when all is still."""
        if self.anims.running(self.clock) or self.refusal is not None or self.reply_at is not None:
            return 0.0
        return PULSE_FRAME if self.marked_nodes() or self.marked_button() is not None else None

    def process_event(self, event: pygame.event.Event) -> None:
        if self.zoom.handle(event, self.size, self.aim):
            self.board = self.zoom.layout
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.b_next.enabled:
                self.next()
        elif event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.aim.hover = None
        elif (p := pointer_of(event, self.size)) is not None \
                and not (self.icons.handle(p) or self.buttons.handle(p)):
            node = self.aim.handle(p, self.board)
            if node is not None:
                self.try_play(node)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.anims.prune(self.clock)
        if self.refusal is not None and not self.refusal.update(dt):
            self.refusal = None
        if self.reply_at is not None and self.clock >= self.reply_at:
            report = self.lesson.reply()
            if report is not None:
                self._animate(report, by_computer=True)
            self.reply_at = self.clock + REPLY_SECONDS if self.lesson.waiting else None
            if self.lesson.game.is_over and self.reply_at is None and self.lesson.step.goal is Goal.STOP:
                self.stack.sound("end")
        self._enable()

    def ghost_node(self) -> Point | None:
        """Where a ghost dot shows: under the pointer, while the learner may move and the node is legal."""
        lesson = self.lesson
        if lesson.done or lesson.complete or lesson.game.to_move is not Player.BLUE:
            return None
        return self.aim.legal_node(lesson.game)

    # ----- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        game = self.lesson.game
        self.view.draw(surface, game, self.board,
                       lambda s: hud.draw_panel(s, self.screen.panel, self.screen.portrait), self.screen)
        phase = pulse(self.clock, 0.0)
        ghost = self.ghost_node()
        with self.zoom.overlays(surface):
            for node in self.marked_nodes():
                draw_hint(surface, self.view, self.board, node, Player.BLUE, phase)
            if ghost is not None:
                self.view.draw_ghost(surface, self.board, ghost, Player.BLUE)
            self.anims.draw(surface, game, self.view, self.board, self.clock)
            if self.refusal is not None:
                self.refusal.draw(surface, self.board, game)
        self._draw_panel(surface, phase)
        if ghost is not None and self.aim.finger_pos is not None:  # the finger hides the spot: show it above
            draw_loupe(surface, self.board, ghost, self.aim.finger_pos)

    def _draw_panel(self, surface: pygame.Surface, phase: float) -> None:
        lesson, size = self.lesson, self.size
        x, width = hud.text_column(self.screen)
        y = self.text_top
        caption = t("lesson.caption", n=lesson.index + 1, total=len(lesson.steps))
        surface.blit(one_line(caption, theme.text_size(size, 17), theme.INK_SOFT, width), (x, y))
        y += theme.font(theme.text_size(size, 17)).get_linesize() + 4
        title_key = "lesson.end.title" if lesson.complete else f"lesson.{lesson.step.key}.title"
        title = one_line(t(title_key), theme.text_size(size, 26), theme.INK, width, bold=True)
        surface.blit(title, (x, y))
        y += title.get_height() + 10
        card = pygame.Rect(x, y, width, hud.score_card_height(size))
        hud.draw_scores(surface, card, lesson.game, HOTSEAT, None if lesson.game.is_over else lesson.game.to_move)
        y = card.bottom + 12
        tops = [b.rect.y for b, _ in self.buttons.items if b.rect.w > 0]
        limit = self.screen.panel.y + self.screen.panel.h if self.screen.portrait or not tops else min(tops) - 8
        self.words_px = draw_words(surface, self.words(), x, y, width, limit)
        self.buttons.draw(surface, theme.text_size(size, 21))
        self.icons.draw(surface, theme.text_size(size, 21))
        marked = self.marked_button()
        if marked is not None and marked.rect.w > 0:
            ring = marked.rect.inflate(10 + round(8 * phase), 10 + round(8 * phase))
            pygame.draw.rect(surface, theme.HINT, ring, 4, border_radius=14)

    def words(self) -> list[tuple[str, theme.Colour, bool]]:
        """The panel's paragraphs: (text, colour, bold) — what to do, then the verdict on the last try."""
        lesson = self.lesson
        if lesson.complete:
            return [(t("lesson.end"), theme.INK, False)]
        key = lesson.step.key
        if lesson.done:
            # What the step showed is told once the opponent's answers are in: «Итог 3 : 0» read oddly while
            # «Красные ходят…» was still under it.
            right = (t("lesson.right"), theme.RIGHT_INK, True)
            if lesson.waiting:
                return [right, (t("lesson.waiting"), theme.INK_SOFT, False)]
            return [right, (t(f"lesson.{key}.done", **lesson.fields()), theme.INK, False)]
        said = [(t(f"lesson.{key}"), theme.INK, False)]
        if lesson.hint is not None:
            said += [(t(lesson.hint), theme.ILLEGAL, True)]
        return said


def draw_words(surface: pygame.Surface, paragraphs: list[tuple[str, theme.Colour, bool]], x: int, y: int,
               width: int, limit: int) -> int:
    """``paragraphs`` wrapped to ``width`` from ``y``, in smaller type until all of them fit above ``limit``;
    returns the type size drawn."""
    base = theme.text_size(surface.get_size(), 19)
    for px in range(base, 10, -1):
        laid = [(wrap(text, theme.font(px, bold), width), colour, bold) for text, colour, bold in paragraphs]
        line_h = theme.font(px).get_linesize()
        height = sum(len(lines) * line_h for lines, _, _ in laid) + 8 * (len(laid) - 1)
        if y + height <= limit:
            break
    for lines, colour, bold in laid:
        for line in lines:
            surface.blit(theme.text(line, px, colour, bold=bold), (x, y))
            y += line_h
        y += 8
    return px


def offer_first_lesson(stack: SceneStack) -> None:
    """On the very first start (a fresh data folder): ask, over the menu, whether to play the tutorial. Either
    answer (Esc and a tap outside are «no») is remembered, and the offer never comes again."""
    preferences = stack.preferences
    if not preferences.chosen.first_lesson_due:
        return

    def answered() -> None:
        preferences.remember(first_lesson_due=False)

    def accept() -> None:
        answered()
        stack.go("tutorial")

    stack.go("confirm", Question("lesson.offer", "lesson.offer.yes", accept, hint="lesson.offer.hint",
                                 no="lesson.offer.no", on_no=answered))
