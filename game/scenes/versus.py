"""Setting up a game against the computer: its level and the human's colour, remembered for next time.

Beside the three levels, «По силам» picks the computer's strength from the player's rating in the rule set
(:func:`game.storage.rating.fits`: the strength against which the player expects half the points), and a row
says whether moves may be taken back: a rated game allows none (the line under it says so).

Under the levels, while the master's compiled kernel is getting ready, a line says so (with its progress
when known) and the choice stays the player's: start now (the master's first move waits) or pick another
level. Where the kernel never loads, the line says the master plays uncompiled here, much weaker; where it
failed to load though numba is here, that the amateur plays in the master's place.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pygame

from ai import PLAYER_LEVELS, Level
from engine import Player, Rules
from game.input.pointer import pointer_of
from game.match import readiness
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.base import Scene, SceneStack
from game.storage import history, rating
from game.strings import rules_name, t
from game.view import hud, paper, theme
from game.view.textfit import one_line, wrap
from game.view.widgets import Button, ButtonGroup, row_buttons


class VersusScene(Scene):
    """«Новичок» / «Любитель» / «Мастер», blue or red, then on to the board picker."""

    name = "versus"

    def __init__(self, stack: SceneStack, rules: Rules) -> None:
        super().__init__(stack)
        self.rules = rules
        computer = stack.preferences.chosen.computer
        self.level = computer.level
        self.human = computer.human
        self.fits = computer.fits
        self.takebacks = computer.takebacks
        self.rating = rating.current(history.load().games, rules)
        """The player's rating in ``rules`` now: «По силам» picks from it."""
        self.buttons = ButtonGroup()
        self.level_buttons = [
            self.buttons.add(Button(f"level.{level}"), partial(self.set_level, level)) for level in PLAYER_LEVELS
        ]
        self.level_buttons.append(self.buttons.add(Button("level.fits"), partial(self.set_level, None)))
        self.b_takebacks = self.buttons.add(Button("versus.takebacks.on"), lambda: self.set_takebacks(True))
        self.b_no_takebacks = self.buttons.add(Button("versus.takebacks.off"), lambda: self.set_takebacks(False))
        self.b_blue = self.buttons.add(Button("colour.blue.first"), lambda: self.set_human(Player.BLUE))
        self.b_red = self.buttons.add(Button("colour.red.second"), lambda: self.set_human(Player.RED))
        self.b_next = self.buttons.add(Button("versus.next", primary=True), self.next)
        self.b_back = self.buttons.add(Button("picker.back"), self.stack.pop)
        self._show_choices()
        self._title_y = 0
        self._level_label_y = 0
        self._colour_label_y = 0
        self._takebacks_label_y = 0
        self._rating_y = 0
        self._card = pygame.Rect(0, 0, 0, 0)
        self.master = readiness.MasterWatch()
        """The master's kernel, looked at once a frame: the line under the levels says how it stands."""
        self._note_y = 0
        self._note_h = 0  # room for the master's lines under the levels (kept once laid out: nothing jumps)

    def set_level(self, level: Level | None) -> None:
        """Choose the computer's level, or (None) «По силам» (remembered for the next visit)."""
        self.fits = level is None
        if level is not None:
            self.level = level
        self._remember()
        self._show_choices()

    def set_takebacks(self, allowed: bool) -> None:
        """Allow moves to be taken back in the game, or not (a rated game; remembered for the next visit)."""
        self.takebacks = allowed
        self._remember()
        self._show_choices()

    def set_human(self, player: Player) -> None:
        """Choose the colour the human plays (blue moves first; remembered for the next visit)."""
        self.human = player
        self._remember()
        self._show_choices()

    def _remember(self) -> None:
        """The level and colour, for the next visit and start: against the computer, on the rules shown."""
        preferences = self.stack.preferences
        preferences.remember_setup(replace(preferences.chosen.setup, rules=self.rules, computer=self.computer()))

    def _show_choices(self) -> None:
        for b, name in zip(self.level_buttons, (*PLAYER_LEVELS, None), strict=True):
            b.selected = name == (None if self.fits else self.level)
        self.b_blue.selected = self.human == Player.BLUE
        self.b_red.selected = self.human == Player.RED
        self.b_takebacks.selected, self.b_no_takebacks.selected = self.takebacks, not self.takebacks

    def computer(self) -> ComputerSettings:
        """The computer as chosen: with «По силам», the strength that fits the player's rating now."""
        if not self.fits:
            return ComputerSettings(self.level, self.human, takebacks=self.takebacks)
        rung = rating.fitting(self.rules, self.rating)
        return ComputerSettings(rung.level, self.human, rung.share, takebacks=self.takebacks, fits=True)

    def settings(self) -> MatchSettings:
        """The set-up chosen so far (the board size comes next)."""
        return MatchSettings(rules=self.rules, computer=self.computer())

    def rating_lines(self) -> list[str]:
        """The player's rating, the strength «По силам» picks when chosen, and whether the game is rated."""
        lines = [t("versus.rating", rules=rules_name(self.rules), rating=round(self.rating))]
        if self.fits:
            rung = self.computer().rung
            lines[0] += " · " + t("versus.fits.picks", who=rating.strength_name(rung),
                                  rating=rating.rating_of(self.rules, rung))
        lines.append(t("versus.rated") if not self.takebacks else t("versus.unrated"))
        return lines

    def next(self) -> None:
        """On to the board size."""
        self.stack.go("picker", self.settings())

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = theme.button_height(size)
        gap = max(10, bh // 4)
        # The column grows with the type (as the menu's does): held at 620 px, «Синими (первый ход)»
        # did not fit a 1920×1080 window's scaled type and its row shrank below the levels' above it.
        col_w = min(max(620, round(620 * theme.ui_scale(size))), int(w * 0.72))
        x = (w - col_w) // 2
        title_h = theme.font(theme.text_size(size, 40), True).get_linesize()
        label_h = theme.font(theme.text_size(size, 18)).get_linesize() + 8
        self._note_h = 0 if self.master.look().readiness is readiness.Readiness.READY else \
            NOTE_LINES * theme.font(theme.text_size(size, NOTE_PX)).get_linesize() + 6
        note_h = theme.font(theme.text_size(size, NOTE_PX)).get_linesize()
        total = title_h + 30 + 3 * (label_h + bh) + 28 + self._note_h + 2 * 18 + RATING_LINES * note_h + 46 + bh \
            + gap + bh
        squeeze = 0 if total <= h - 24 else min(12, (total - h + 24) // 6)  # a low window: the gaps give way first
        top = max(12, (h - total + 6 * squeeze) // 2)
        self._title_y = top
        y = top + title_h + 30 - squeeze
        self._level_label_y = y
        y += label_h
        row_buttons(self.level_buttons, x, y, col_w, bh, gap)
        y += bh + 10
        self._note_y = y
        y += self._note_h + 18 - squeeze
        self._colour_label_y = y
        y += label_h
        row_buttons([self.b_blue, self.b_red], x, y, col_w, bh, gap)
        y += bh + 18 - squeeze
        self._takebacks_label_y = y
        y += label_h
        row_buttons([self.b_takebacks, self.b_no_takebacks], x, y, col_w, bh, gap)
        y += bh + 10
        self._rating_y = y
        y += RATING_LINES * note_h
        card_top = self._level_label_y - 16
        self._card = pygame.Rect(x - 24, card_top, col_w + 48, y + 12 - card_top)
        y += 46 - 2 * squeeze
        self.b_next.rect = pygame.Rect(x + col_w // 4, y, col_w // 2, bh)
        y += bh + gap
        self.b_back.rect = pygame.Rect(x + col_w // 4, y, col_w // 2, bh)

    def update(self, dt: float) -> None:
        self.master.look()

    def wake_in(self) -> float | None:
        """While the master gets ready, often enough to show its progress; else only input changes the screen."""
        return readiness.PROGRESS_EVERY if self.master.getting_ready is not None else None

    def master_lines(self) -> list[tuple[str, theme.Colour]]:
        """What the screen says about the master now: nothing once it is ready; while it gets ready, how far
        along, and (the master chosen) that a game may start anyway; where it never will, that it is weaker,
        or that the amateur plays for it."""
        state = self.master.state
        if state.readiness is readiness.Readiness.READY:
            return []
        weaker = hud.WEAKER_MASTER.get(state.engine) if state.engine is not None else None
        if weaker is not None:
            return [(t(weaker), theme.INK)]
        lines = [(hud.master_getting_ready(state), theme.INK)]
        if self.computer().level == Level.MASTER:
            lines.append((t("versus.master.wait"), theme.INK_SOFT))
        return lines

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            self.buttons.handle(p)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.next()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(paper.backdrop(self.size), (0, 0))
        cx = self.size[0] // 2
        title = theme.text(t("versus.title"), theme.text_size(self.size, 40), theme.INK, bold=True)
        paper.blit_centred(surface, title, cx, self._title_y)
        paper.card(surface, self._card)
        px = theme.text_size(self.size, 18)
        x = self.level_buttons[0].rect.x
        surface.blit(theme.text(t("versus.level"), px, theme.INK_SOFT), (x, self._level_label_y))
        surface.blit(theme.text(t("versus.colour"), px, theme.INK_SOFT), (x, self._colour_label_y))
        surface.blit(theme.text(t("versus.takebacks"), px, theme.INK_SOFT), (x, self._takebacks_label_y))
        note_px = theme.text_size(self.size, NOTE_PX)
        width = self.level_buttons[-1].rect.right - x
        for i, text in enumerate(self.rating_lines()):
            line = one_line(text, note_px, theme.INK if i == 0 else theme.INK_SOFT, width)
            surface.blit(line, (x, self._rating_y + i * theme.font(note_px).get_linesize()))
        self._draw_master_lines(surface, x, self.level_buttons[-1].rect.right - x)
        self.buttons.draw(surface, theme.text_size(self.size, 21))

    def _draw_master_lines(self, surface: pygame.Surface, x: int, width: int) -> None:
        """:meth:`master_lines` under the levels, wrapped to the row, as many lines as the room laid out holds."""
        note_px = theme.text_size(self.size, NOTE_PX)
        font = theme.font(note_px)
        y, bottom = self._note_y, self._note_y + self._note_h
        for text, colour in self.master_lines():
            for line in wrap(text, font, width):
                if y + font.get_height() > bottom:
                    return
                surface.blit(theme.text(line, note_px, colour), (x, y))
                y += font.get_linesize()


NOTE_PX = 17
"""The type of the master's lines under the levels (at the reference window size)."""
RATING_LINES = 2
"""Lines under the takebacks' row: the player's rating (and what «По силам» picks), and what is rated."""
NOTE_LINES = 2
"""Lines of room under the levels while the master is not ready: its state and what the player may do."""
