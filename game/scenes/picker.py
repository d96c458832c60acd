"""Choosing the board: the usual sizes, or «Авто», which fits the board to the window.

«Авто» shows the size it will use on its own button, worked out for the window
as it is now, so the players see it before the game starts. The choice is
remembered in the settings: next time its button is marked and Enter starts it.
"""

from __future__ import annotations

import pygame

from game.input.layout import PRESETS, auto_size_for_window
from game.input.pointer import pointer_of
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Match
from game.settings import MatchSettings
from game.storage import store
from game.view import paper, theme
from game.view.strings import rules_name, t
from game.view.widgets import Button, ButtonGroup


class PickerScene(Scene):
    """A grid of board sizes; pressing one starts the game."""

    name = "picker"

    def __init__(self, stack: SceneStack, settings: MatchSettings) -> None:
        super().__init__(stack)
        self.settings = settings
        self.last: store.BoardSize = store.load_settings().board_size
        """The board chosen last time: a size, or 'auto'."""
        self.buttons = ButtonGroup()
        self.size_buttons: list[Button] = []
        for w, h in PRESETS:
            b = self.buttons.add(Button("picker.size", w=w, h=h), lambda w=w, h=h: self.start(w, h))
            self.size_buttons.append(b)
        self.b_auto = self.buttons.add(Button("picker.auto", primary=True, w=0, h=0), self.start_auto)
        self.b_back = self.buttons.add(Button("picker.back"), self.stack.pop)
        self.auto_size = (0, 0)
        self._title_y = 0
        self._mark_last()

    def start(self, width: int, height: int) -> None:
        """Start a game on ``width × height`` nodes (this scene stays below it for «back»)."""
        self._choose((width, height))
        self.stack.go("play", Match(self.settings.with_size(width, height)))

    def start_auto(self) -> None:
        """Start on the board «Авто» chose for the current window."""
        self._choose("auto")
        self.stack.go("play", Match(self.settings.with_size(*self.auto_size)))

    def start_last(self) -> None:
        """Enter: the board chosen last time (a size no longer offered falls back to «Авто»)."""
        if self.last != "auto" and self.last in PRESETS:
            self.start(*self.last)
        else:
            self.start_auto()

    def _choose(self, board: store.BoardSize) -> None:
        self.last = store.remember(board_size=board).board_size
        self._mark_last()

    def _mark_last(self) -> None:
        for b, preset in zip(self.size_buttons, PRESETS, strict=True):
            b.selected = preset == self.last

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.auto_size = auto_size_for_window(size)
        self.b_auto.fields = {"w": self.auto_size[0], "h": self.auto_size[1]}
        w, h = size
        bh = theme.button_height(size)
        gap = max(12, bh // 4)
        col_w = min(600, int(w * 0.7))
        cols = 2 if col_w >= 360 else 1
        each = (col_w - gap * (cols - 1)) // cols
        tiles = self.size_buttons + [self.b_auto]
        rows = (len(tiles) + cols - 1) // cols
        title_h = theme.font(theme.text_size(size, 40), True).get_linesize() + \
            theme.font(theme.text_size(size, 18)).get_linesize() + 10
        hint_h = theme.font(theme.text_size(size, 16)).get_linesize() + 16
        total = title_h + 24 + rows * (bh + gap) + hint_h + 12 + bh
        top = max(12, (h - total) // 2)
        self._title_y = top
        x0 = (w - col_w) // 2
        y0 = top + title_h + 24
        for i, b in enumerate(tiles):
            r, c = divmod(i, cols)
            b.rect = pygame.Rect(x0 + c * (each + gap), y0 + r * (bh + gap), each, bh)
        y = y0 + rows * (bh + gap) + hint_h + 12
        self.b_back.rect = pygame.Rect((w - col_w // 2) // 2, y, col_w // 2, bh)

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            self.buttons.handle(p)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_last()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(paper.backdrop(self.size), (0, 0))
        cx = self.size[0] // 2
        y = self._title_y
        title = theme.text(t("picker.title"), theme.text_size(self.size, 40), theme.INK, bold=True)
        y = paper.blit_centred(surface, title, cx, y) + 10
        rules = rules_name(self.settings.rules)
        mode = t("menu.computer" if self.settings.computer else "menu.hotseat")
        sub = theme.text(f"{mode} · {rules}", theme.text_size(self.size, 18), theme.INK_SOFT)
        paper.blit_centred(surface, sub, cx, y)
        self.buttons.draw(surface, theme.text_size(self.size, 22))
        hint = theme.text(t("picker.auto.hint"), theme.text_size(self.size, 16), theme.INK_SOFT)
        paper.blit_centred(surface, hint, cx, self.b_auto.rect.bottom + 12)
