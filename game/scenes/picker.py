"""Choosing the clock and the board: the usual sizes, or «Авто», which fits the board to the window.

The clock comes first (a size starts the game): none, 5, 10 or 20 minutes a player,
with 0, 3 or 5 seconds added after each move. «Авто» shows the size it will use on
its own button, worked out for the window as it is now, so the players see it
before the game starts. The choices are remembered in the settings: next time
their buttons are marked and Enter starts the board chosen last.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pygame

from game.input.layout import PRESETS, auto_size_for_window
from game.input.pointer import pointer_of
from game.match.clock import CLOCK_MINUTES, INCREMENTS, TimeControl
from game.match.settings import MatchSettings
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Match
from game.storage.preferences import BoardSize
from game.strings import rules_name, t
from game.view import paper, theme
from game.view.widgets import Button, ButtonGroup, row_buttons


class PickerScene(Scene):
    """A grid of board sizes; pressing one starts the game."""

    name = "picker"

    def __init__(self, stack: SceneStack, settings: MatchSettings) -> None:
        super().__init__(stack)
        chosen = stack.preferences.chosen
        self.settings = replace(settings, clock=chosen.setup.clock)
        self.last: BoardSize = chosen.board_size
        """The board chosen last time: a size, or 'auto'."""
        self.buttons = ButtonGroup()
        self.minute_buttons = [self.buttons.add(Button("clock.minutes", m=m) if m else Button("clock.none"),
                                                partial(self.set_clock, minutes=m)) for m in CLOCK_MINUTES]
        self.increment_buttons = [self.buttons.add(Button("clock.increment", s=s), partial(self.set_clock, increment=s))
                                  for s in INCREMENTS]
        self.size_buttons: list[Button] = []
        for w, h in PRESETS:
            b = self.buttons.add(Button("picker.size", w=w, h=h), partial(self.start, w, h))
            self.size_buttons.append(b)
        # One choice marked at a time: «Авто» is an option like the sizes (filled as the main action it
        # read as chosen beside the outlined size remembered).
        self.b_auto = self.buttons.add(Button("picker.auto", w=0, h=0), self.start_auto)
        self.b_back = self.buttons.add(Button("picker.back"), self.stack.pop)
        self.auto_size = (0, 0)
        self._title_y = 0
        self._clock_label_y = 0
        self._mark_last()

    def start(self, width: int, height: int) -> None:
        """Start a game on ``width × height`` nodes (this scene stays below it for «back»)."""
        self._choose((width, height), (width, height))
        self.stack.go("play", Match(self.settings.with_size(width, height)))

    def start_auto(self) -> None:
        """Start on the board «Авто» chose for the current window."""
        self._choose("auto", self.auto_size)
        self.stack.go("play", Match(self.settings.with_size(*self.auto_size)))

    def start_last(self) -> None:
        """Enter: the board chosen last time (a size no longer offered falls back to «Авто»)."""
        if self.last != "auto" and self.last in PRESETS:
            self.start(*self.last)
        else:
            self.start_auto()

    def set_clock(self, *, minutes: int | None = None, increment: int | None = None) -> None:
        """Choose the clock (remembered for the next game)."""
        clock = self.settings.clock
        clock = TimeControl(clock.minutes if minutes is None else minutes,
                            clock.increment if increment is None else increment)
        preferences = self.stack.preferences
        preferences.remember(setup=replace(preferences.chosen.setup, clock=clock))
        self.settings = replace(self.settings, clock=clock)
        self._mark_last()

    def _choose(self, board: BoardSize, size: tuple[int, int]) -> None:
        preferences = self.stack.preferences
        self.last = preferences.remember(setup=preferences.chosen.setup.with_size(*size),
                                         auto_board=board == "auto").board_size
        self._mark_last()

    def _mark_last(self) -> None:
        for b, preset in zip(self.size_buttons, PRESETS, strict=True):
            b.selected = preset == self.last
        self.b_auto.selected = self.last == "auto" or self.last not in PRESETS  # what Enter starts
        clock = self.settings.clock
        for b, minutes in zip(self.minute_buttons, CLOCK_MINUTES, strict=True):
            b.selected = minutes == clock.minutes
        for b, increment in zip(self.increment_buttons, INCREMENTS, strict=True):
            b.selected, b.enabled = bool(clock) and increment == clock.increment, bool(clock)  # no clock: no increment

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.auto_size = auto_size_for_window(size)
        self.b_auto.fields = {"w": self.auto_size[0], "h": self.auto_size[1]}
        w, h = size
        bh = theme.button_height(size)
        gap = max(12, bh // 4)
        # The column grows with the type (as the menu's does): held at 600 px, the four clock
        # buttons of a 1920×1080 window were too narrow for «Без часов» at the scaled type, and
        # their row came out a third smaller than the sizes under it.
        col_w = min(max(600, round(600 * theme.ui_scale(size))), int(w * 0.7))
        cols = 2 if col_w >= 360 else 1
        each = (col_w - gap * (cols - 1)) // cols
        tiles = self.size_buttons + [self.b_auto]
        rows = (len(tiles) + cols - 1) // cols
        title_h = theme.font(theme.text_size(size, 40), True).get_linesize() + \
            theme.font(theme.text_size(size, 18)).get_linesize() + 10
        hint_h = theme.font(theme.text_size(size, 16)).get_linesize() + 16
        label_h = theme.font(theme.text_size(size, 18)).get_linesize() + 6
        clock_h = label_h + 2 * (bh + gap) + gap
        total = title_h + 24 + clock_h + rows * (bh + gap) + hint_h + 12 + bh
        top = max(12, (h - total) // 2)
        self._title_y = top
        x0 = (w - col_w) // 2
        self._clock_label_y = top + title_h + 16
        y = self._clock_label_y + label_h
        row_buttons(self.minute_buttons, x0, y, col_w, bh, gap)
        row_buttons(self.increment_buttons, x0, y + bh + gap, col_w, bh, gap)
        y0 = top + title_h + 24 + clock_h
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
        label = theme.text(t("picker.clock"), theme.text_size(self.size, 18), theme.INK_SOFT)
        surface.blit(label, (self.minute_buttons[0].rect.x, self._clock_label_y))
        self.buttons.draw(surface, theme.text_size(self.size, 22))
        hint = theme.text(t("picker.auto.hint"), theme.text_size(self.size, 16), theme.INK_SOFT)
        paper.blit_centred(surface, hint, cx, self.b_auto.rect.bottom + 12)
