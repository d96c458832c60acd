"""The end of a game: who won (or «Ничья»), both scores, the final board, and what next."""

from __future__ import annotations

import pygame

from engine import Game, Player, Rules
from game import hud, theme
from game.board_view import BoardView
from game.layout import BoardLayout, ScreenLayout, fit_board, screen_layout
from game.opponent import Chooser
from game.pointer import pointer_of
from game.scene import Scene, SceneStack
from game.settings import MatchSettings
from game.strings import t
from game.widgets import Button, ButtonGroup


def verdict_key(game: Game, settings: MatchSettings) -> str:
    """The string id of the headline: who won, or a draw."""
    winner = game.winner
    if winner is None:
        return "results.draw"
    if settings.computer is not None:
        return "results.won.you" if winner == settings.computer.human else "results.won.computer"
    return "results.won.blue" if winner == Player.BLUE else "results.won.red"


class ResultsScene(Scene):
    """Shows the finished game; «Ещё раз» starts the same set-up again, «В меню» leaves."""

    name = "results"

    def __init__(self, stack: SceneStack, settings: MatchSettings, game: Game, *,
                 chooser: Chooser | None = None) -> None:
        super().__init__(stack)
        self.settings = settings
        self.game = game
        self.chooser = chooser
        self.view = BoardView()
        self.buttons = ButtonGroup()
        self.b_again = self.buttons.add(Button("results.again", primary=True), self.again)
        self.b_menu = self.buttons.add(Button("results.menu"), self.to_menu)
        self.screen: ScreenLayout = screen_layout(self.size)
        self.board: BoardLayout = fit_board(game.width, game.height, self.screen.board_area)

    @property
    def verdict(self) -> str:
        """The headline shown, in the current language."""
        return t(verdict_key(self.game, self.settings))

    def again(self) -> None:
        """A new game with the same rules, board and opponent."""
        from game.play import PlayScene

        self.stack.replace(PlayScene(self.stack, self.settings, chooser=self.chooser))

    def to_menu(self) -> None:
        """Back to the main menu."""
        self.stack.pop_to(lambda scene: scene.name == "menu")

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.screen = screen_layout(size)
        self.board = fit_board(self.game.width, self.game.height, self.screen.board_area)
        panel = self.screen.panel
        bh = theme.button_height(size)
        gap = max(8, bh // 5)
        pad = max(16, round(20 * theme.ui_scale(size)))
        if self.screen.portrait:
            half = panel.w // 2
            each = (half - pad - gap) // 2
            y = panel.y + panel.h - pad - bh
            self.b_again.rect = pygame.Rect(panel.x + half, y, each, bh)
            self.b_menu.rect = pygame.Rect(panel.x + half + each + gap, y, each, bh)
        else:
            w = panel.w - 2 * pad
            y = panel.y + panel.h - pad - bh
            self.b_menu.rect = pygame.Rect(panel.x + pad, y, w, bh)
            self.b_again.rect = pygame.Rect(panel.x + pad, y - gap - bh, w, bh)

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            self.buttons.handle(p)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.stack.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.again()

    def draw(self, surface: pygame.Surface) -> None:
        size = self.size
        panel = self.screen.panel
        self.view.draw(surface, self.game, self.board,
                       lambda s: hud.draw_panel(s, panel, self.screen.portrait), self.screen)
        pad = max(16, round(20 * theme.ui_scale(size)))
        width = panel.w // 2 - 2 * pad if self.screen.portrait else panel.w - 2 * pad
        x, y = panel.x + pad, panel.y + pad
        rules = t("rules.countries" if self.game.rules is Rules.COUNTRIES else "rules.classic")
        caption = theme.text(t("play.board", rules=rules, w=self.game.width, h=self.game.height),
                             theme.text_size(size, 17), theme.INK_SOFT)
        surface.blit(caption, (x, y))
        y += caption.get_height() + 12
        winner = self.game.winner
        colour = theme.INK if winner is None else theme.player_dark(winner)
        px = theme.text_size(size, 32)
        head = theme.text(self.verdict, px, colour, bold=True)
        if head.get_width() > width:
            head = theme.text(self.verdict, max(14, px * width // head.get_width()), colour, bold=True)
        surface.blit(head, (x, y))
        y += head.get_height() + 14
        card = pygame.Rect(x, y, width, hud.score_card_height(size))
        hud.draw_scores(surface, card, self.game, self.settings, winner)
        y = card.bottom + 10
        hint_key = "rules.countries.hint" if self.game.rules is Rules.COUNTRIES else "rules.classic.hint"
        hint = theme.text(t(hint_key), theme.text_size(size, 15), theme.INK_SOFT)
        if hint.get_width() > width:
            hint = theme.text(t(hint_key), max(10, theme.text_size(size, 15) * width // hint.get_width()),
                              theme.INK_SOFT)
        surface.blit(hint, (x, y))
        self.buttons.draw(surface, theme.text_size(size, 21))

