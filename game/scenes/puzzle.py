"""One puzzle on the board: the player plays the answer, the computer the line's replies.

The board is play's own (:class:`BoardView`, zoom and pan, the mouse's aim and the finger's snap). A right
move is played and, a moment later, the line's reply; a wrong one is played with the other side's
refutation after it and the panel says so: «Ещё раз» (or a tap on the board) takes both back. «Подсказка»
rings the answer's next move (and costs a star). Solved, the stars go to the progress file and «Дальше»
opens the next puzzle of the same list. Opened as ``stack.go("puzzle", PuzzleRun(...))``.
"""

from __future__ import annotations

import pygame

from engine import Player
from engine.puzzle import Puzzle
from game import strings
from game.input.aim import Aim
from game.input.layout import Point, screen_layout
from game.input.pointer import pointer_of
from game.match.puzzles import Attempt
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import PuzzleRun
from game.strings import t
from game.view import theme
from game.view.board_view import BoardView
from game.view.hint_mark import draw_hint, pulse
from game.view.textfit import one_line, wrap
from game.view.widgets import Button, ButtonGroup
from game.view.zoom_control import ZoomControl

REPLY_DELAY = 0.45
"""Seconds between the player's right move and the line's reply: long enough to see which is which."""


def task_key(puzzle: Puzzle) -> str:
    """The string id of what the player is asked («Спасите группу»…), by theme."""
    return f"puzzle.task.{puzzle.theme.value}"


class PuzzleScene(Scene):
    """One puzzle: the board on the left, the task, the news and the buttons on the right."""

    name = "puzzle"

    def __init__(self, stack: SceneStack, run: PuzzleRun) -> None:
        super().__init__(stack)
        self.run = run
        self.attempt = Attempt(run.puzzle)
        self.view = BoardView()
        self.aim = Aim()
        self.clock = 0.0
        self.reply_at: float | None = None
        self.hint_since: float | None = None
        self.news = "puzzle.news.start"
        """The string id of the panel's line about the last move."""
        self.buttons = ButtonGroup()
        self.b_hint = self.buttons.add(Button("puzzle.hint"), self.show_hint)
        self.b_again = self.buttons.add(Button("puzzle.again"), self.again)
        self.b_next = self.buttons.add(Button("puzzle.next"), self.next_puzzle)
        self.b_back = self.buttons.add(Button("puzzle.back"), self.stack.pop)
        self.screen = screen_layout(self.size)
        game = self.attempt.game
        self.zoom = ZoomControl(game.width, game.height, self.screen.board_area)
        self.board = self.zoom.layout
        self._text_top = 0

    @property
    def puzzle(self) -> Puzzle:
        return self.run.puzzle

    # ----- what the player does -----

    def try_play(self, node: Point) -> bool:
        """The player's move at ``node``: judged against the answer. True when it was played."""
        attempt = self.attempt
        if attempt.wrong_moves:
            self.again()  # a tap after a wrong move: try again
            return False
        if not attempt.awaits_player or not attempt.game.is_legal(node):
            self.stack.sound("illegal")
            return False
        self.hint_since = None
        judged = attempt.play(node)
        if not judged.right:
            self.news = ("puzzle.news.key" if judged.key_point else "puzzle.news.wrong" if judged.refutation is not None
                         else "puzzle.news.weak")
            self.stack.sound("illegal")
        elif judged.solved:
            self.news = "puzzle.news.solved"
            self.run.progress.record(self.puzzle.name, attempt.stars)
            self.stack.sound("country")
        else:
            self.news = "puzzle.news.right"
            self.reply_at = self.clock + REPLY_DELAY
            self.stack.sound("dot")
        return True

    def again(self) -> None:
        """After a wrong move: both moves taken back; after solving: the puzzle from its start."""
        if self.attempt.wrong_moves:
            self.attempt.again()
        elif self.attempt.solved:
            self.attempt.restart()
        else:
            return
        self.news = "puzzle.news.again"

    def show_hint(self) -> None:
        """The next move of the answer in a ring; after a wrong move, that move is taken back first."""
        if self.attempt.wrong_moves:
            self.attempt.again()
        if self.attempt.take_hint() is not None:
            self.hint_since = self.clock
            self.news = "puzzle.news.hinted"

    def next_puzzle(self) -> None:
        if self.run.index + 1 < len(self.run.puzzles):
            self.stack.swap("puzzle", PuzzleRun(self.run.puzzles, self.run.index + 1, self.run.progress))
        else:
            self.stack.pop()

    # ----- the scene's hooks -----

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.screen = screen_layout(size)
        self.board = self.zoom.refit(self.screen.board_area)
        panel = self.screen.panel
        bh = theme.button_height(size)
        gap = max(6, bh // 6)
        pad = max(10, round(16 * theme.ui_scale(size)))
        x, w = panel.x + pad, panel.w - 2 * pad
        if self.screen.portrait:  # along the bottom: the buttons in a row under the text
            y = panel.y + panel.h - pad - bh
            each = (w - 3 * gap) // 4
            for i, b in enumerate((self.b_hint, self.b_again, self.b_next, self.b_back)):
                b.rect = pygame.Rect(x + i * (each + gap), y, each, bh)
        else:
            y = panel.y + panel.h - pad - 2 * bh - gap
            half = (w - gap) // 2
            self.b_hint.rect = pygame.Rect(x, y, half, bh)
            self.b_again.rect = pygame.Rect(x + half + gap, y, half, bh)
            self.b_next.rect = pygame.Rect(x, y + bh + gap, half, bh)
            self.b_back.rect = pygame.Rect(x + half + gap, y + bh + gap, half, bh)
        self._text_top = panel.y + pad

    def process_event(self, event: pygame.event.Event) -> None:
        if self.zoom.handle(event, self.size, self.aim):
            self.board = self.zoom.layout
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.stack.pop()
        elif event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.aim.hover = None
        elif (p := pointer_of(event, self.size)) is not None and not self.buttons.handle(p):
            node = self.aim.handle(p, self.board)
            if node is not None:
                self.try_play(node)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.reply_at is not None and self.clock >= self.reply_at:
            self.reply_at = None
            self.attempt.play_reply()
            self.news = "puzzle.news.replied"
        attempt = self.attempt
        self.b_hint.enabled = (attempt.awaits_player or bool(attempt.wrong_moves)) and self.reply_at is None
        self.b_again.enabled = bool(attempt.wrong_moves) or attempt.solved
        self.b_again.primary = bool(attempt.wrong_moves)
        self.b_next.primary = attempt.solved
        self.b_next.key = "puzzle.next" if self.run.index + 1 < len(self.run.puzzles) else "puzzle.last"

    def wake_in(self) -> float | None:
        if self.hint_since is not None:
            return 0.0
        return None if self.reply_at is None else max(0.0, self.reply_at - self.clock)

    def ghost_node(self) -> Point | None:
        attempt = self.attempt
        return self.aim.legal_node(attempt.game) if attempt.awaits_player and self.reply_at is None else None

    def draw(self, surface: pygame.Surface) -> None:
        game = self.attempt.game
        self.view.draw(surface, game, self.board)
        with self.zoom.overlays(surface):
            if (ghost := self.ghost_node()) is not None:
                self.view.draw_ghost(surface, self.board, ghost, game.to_move)
            hint = self.attempt.hint
            if self.hint_since is not None and hint is not None:
                draw_hint(surface, self.view, self.board, hint, game.to_move, pulse(self.clock, self.hint_since))
        self._draw_panel(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        size, panel = self.size, pygame.Rect(self.screen.panel)
        pygame.draw.rect(surface, theme.PANEL, panel)
        pad = max(10, round(16 * theme.ui_scale(size)))
        x, w, y = panel.x + pad, panel.w - 2 * pad, self._text_top
        puzzle, attempt = self.puzzle, self.attempt
        title = one_line(t("puzzle.title", n=self.run.index + 1, of=len(self.run.puzzles)),
                         theme.text_size(size, 26), theme.INK, w, bold=True)
        surface.blit(title, (x, y))
        y += title.get_height() + 4
        about = t("puzzle.about", theme=t(f"puzzle.theme.{puzzle.theme.value}"), tier=puzzle.tier,
                  rules=strings.rules_name(puzzle.rules))
        line = one_line(about, theme.text_size(size, 17), theme.INK_SOFT, w)
        surface.blit(line, (x, y))
        y += line.get_height() + 2
        kept = self.run.progress.stars.get(puzzle.name, 0)
        stars = one_line(t("puzzle.stars", stars="★" * kept + "☆" * (3 - kept)), theme.text_size(size, 17),
                         theme.INK_SOFT, w)
        surface.blit(stars, (x, y))
        y += stars.get_height() + 10
        who = t("puzzle.blue") if puzzle.player is Player.BLUE else t("puzzle.red")
        # Once solved the task steps back (quiet, not bold) so that «Решено!» under it is what the eye finds.
        ink = theme.INK_SOFT if attempt.solved else theme.player_dark(puzzle.player)
        y = self._paragraph(surface, t(task_key(puzzle), who=who, moves=puzzle.player_moves), x, y, w, 19, ink,
                            not attempt.solved)
        y += 8
        news = t(self.news, stars="★" * attempt.stars + "☆" * (3 - attempt.stars))
        news_ink = theme.RIGHT_INK if attempt.solved else theme.RED_DARK if attempt.wrong_moves else theme.INK
        y = self._paragraph(surface, news, x, y, w, 22 if attempt.solved else 18, news_ink, attempt.solved)
        if attempt.solved:  # what the stars are for, under them
            y = self._paragraph(surface, t("puzzle.news.stars"), x, y + 4, w, 16, theme.INK_SOFT, False)
        notice = self.run.progress.notice
        if notice is not None:
            self._paragraph(surface, notice.text(), x, y + 8, w, 15, theme.RED_DARK, False)
        self.buttons.draw(surface, theme.text_size(size, 20))

    def _paragraph(self, surface: pygame.Surface, text: str, x: int, y: int, w: int, base: int,
                   ink: theme.Colour, bold: bool) -> int:
        """``text`` wrapped to ``w`` from ``(x, y)``, not below the buttons; the y under it."""
        px = theme.text_size(self.size, base)
        bottom = min(b.rect.y for b, _ in self.buttons.items) - 6
        for text_line in wrap(text, theme.font(px, bold), w):
            picture = theme.text(text_line, px, ink, bold=bold)
            if y + picture.get_height() > bottom:
                break
            surface.blit(picture, (x, y))
            y += picture.get_height() + 2
        return y
