"""The first screen: two players or against the computer, the rule set, and quit."""

from __future__ import annotations

import pygame

from engine import Rules
from game import paper, theme
from game.opponent import Chooser
from game.pointer import pointer_of
from game.scene import Scene, SceneStack
from game.settings import MatchSettings
from game.strings import t
from game.widgets import Button, ButtonGroup, row_buttons, stack_buttons


class MenuScene(Scene):
    """«Два игрока», «Против компьютера», «Страны» / «Классика», «Выход».

    ``chooser`` is handed on to the computer games (tests pass a stand-in).
    """

    name = "menu"

    def __init__(self, stack: SceneStack, *, rules: Rules = Rules.COUNTRIES, chooser: Chooser | None = None) -> None:
        super().__init__(stack)
        self.rules = rules
        self.chooser = chooser
        self.buttons = ButtonGroup()
        self.b_hotseat = self.buttons.add(Button("menu.hotseat", primary=True), self.start_hotseat)
        self.b_computer = self.buttons.add(Button("menu.computer"), self.start_computer)
        self.b_countries = self.buttons.add(Button("rules.countries"), lambda: self.set_rules(Rules.COUNTRIES))
        self.b_classic = self.buttons.add(Button("rules.classic"), lambda: self.set_rules(Rules.CLASSIC))
        self.b_quit = self.buttons.add(Button("menu.quit"), self.stack.quit)
        self.set_rules(rules)
        self._rules_label_y = 0
        self._title_y = 0
        self._card = pygame.Rect(0, 0, 0, 0)

    # ----- actions ------------------------------------------------------------------

    def set_rules(self, rules: Rules) -> None:
        """Choose the rule set for the next game."""
        self.rules = rules
        self.b_countries.selected = rules is Rules.COUNTRIES
        self.b_classic.selected = rules is Rules.CLASSIC

    def start_hotseat(self) -> None:
        """Two players at one screen: go and pick the board."""
        from game.picker import PickerScene

        self.stack.push(PickerScene(self.stack, MatchSettings(rules=self.rules), chooser=self.chooser))

    def start_computer(self) -> None:
        """Against the computer: choose level and colour first."""
        from game.versus import VersusScene

        self.stack.push(VersusScene(self.stack, self.rules, chooser=self.chooser))

    # ----- scene hooks --------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = theme.button_height(size)
        gap = max(10, bh // 4)
        col_w = min(480, int(w * 0.62))
        x = (w - col_w) // 2
        r = self._emblem_radius()
        title_h = (theme.font(theme.text_size(size, 54), True).get_linesize() + 2 * r + 14
                   + theme.font(theme.text_size(size, 20)).get_linesize())
        label_h = theme.text_size(size, 18) + 10
        hint_h = theme.font(theme.text_size(size, 16)).get_linesize() + 24
        total = title_h + 28 + 2 * (bh + gap) + 10 + label_h + bh + hint_h + 18 + bh
        top = max(16, (h - total) // 2)
        self._title_y = top
        y = top + title_h + 28
        y = stack_buttons([self.b_hotseat, self.b_computer], x, y, col_w, bh, gap)
        self._rules_label_y = y + 10
        y += 10 + label_h
        row_buttons([self.b_countries, self.b_classic], x, y, col_w, bh, gap)
        y += bh + hint_h + 18
        self.b_quit.rect = pygame.Rect(x + col_w // 4, y, col_w // 2, bh)
        card_top = self._rules_label_y - 16
        self._card = pygame.Rect(x - 28, card_top, col_w + 56, y - 18 - card_top)

    def _emblem_radius(self) -> int:
        return max(7, theme.text_size(self.size, 11))

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            self.buttons.handle(p)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_hotseat()

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = self.size
        surface.blit(paper.backdrop(self.size), (0, 0))
        cx = w // 2
        y = self._title_y
        title = theme.text(t("app.title"), theme.text_size(self.size, 54), theme.INK, bold=True)
        y = paper.blit_centred(surface, title, cx, y)
        # Two dots under the title: the players' colours, as a small emblem.
        r = self._emblem_radius()
        paper.player_dot(surface, theme.BLUE, theme.BLUE_DARK, (cx - 3 * r, y + r + 6), r)
        paper.player_dot(surface, theme.RED, theme.RED_DARK, (cx + 3 * r, y + r + 6), r)
        pygame.draw.line(surface, theme.INK_SOFT, (cx - 2 * r + 2, y + r + 6), (cx + 2 * r - 2, y + r + 6), 2)
        sub = theme.text(t("app.subtitle"), theme.text_size(self.size, 20), theme.INK_SOFT)
        paper.blit_centred(surface, sub, cx, y + 2 * r + 14)
        paper.card(surface, self._card)
        label = theme.text(t("menu.rules"), theme.text_size(self.size, 18), theme.INK_SOFT)
        surface.blit(label, (self.b_countries.rect.x, self._rules_label_y))
        hint_key = "rules.countries.hint" if self.rules is Rules.COUNTRIES else "rules.classic.hint"
        hint = theme.text(t(hint_key), theme.text_size(self.size, 16), theme.INK_SOFT)
        paper.blit_centred(surface, hint, cx, self.b_countries.rect.bottom + 10)
        self.buttons.draw(surface, theme.text_size(self.size, 22))

