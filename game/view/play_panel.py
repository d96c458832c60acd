"""The play scene's side panel: its buttons, where they go, and the text between them.

The panel decides nothing: the scene hands it what each button does, says which
are enabled, and gives it the lines to show (:func:`game.view.hud.play_status`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pygame

from engine import Game, Player, Rules
from game.input.layout import ScreenLayout
from game.input.pointer import Pointer
from game.match.settings import MatchSettings
from game.view import hud, theme
from game.view.widgets import Button, ButtonGroup, IconButton, SoundButton

Action = Callable[[], object]
"""What a button does; what it returns (a scene it opened, say) is not used."""


class PlayPanel:
    """«Отменить», «Вернуть», «Стоп», «Подсказка», «Завершить», «Сдаться», «В меню» and the help and sound icons."""

    def __init__(self, *, undo: Action, redo: Action, stop: Action, hint: Action, finish: Action, resign: Action,
                 menu: Action, help: Action, sound: Action, takebacks: bool = True) -> None:
        self.buttons = ButtonGroup()
        # A game set up without takebacks says so on the button itself, which stays off all game.
        self.b_undo = self.buttons.add(Button("play.undo" if takebacks else "play.undo.off", enabled=takebacks), undo)
        self.b_redo = self.buttons.add(Button("play.redo"), redo)
        self.b_stop = self.buttons.add(Button("play.stop"), stop)
        self.b_hint = self.buttons.add(Button("play.hint"), hint)
        self.b_finish = self.buttons.add(Button("play.finish"), finish)
        self.b_resign = self.buttons.add(Button("play.resign"), resign)
        self.b_menu = self.buttons.add(Button("play.menu"), menu)
        # Small square buttons at the top of the panel, apart from the column of big ones.
        self.icons = ButtonGroup()
        self.b_help = self.icons.add(IconButton("feel.help", "help"), help)
        self.b_sound = self.icons.add(SoundButton(), sound)
        self.text_top = 0
        self.caption_right = 0
        self.status_area = pygame.Rect(0, 0, 0, 0)
        """Where the last frame put the status lines (the clocks among them): :meth:`draw_status` redraws it."""
        self.card = pygame.Rect(0, 0, 0, 0)
        """Where the last frame put the score card: a moment's «+N» flies to its player's score there."""

    def place(self, screen: ScreenLayout, rules: Rules) -> None:
        """Lay the buttons out for ``screen``; «Стоп» only in classic, «Вернуть» paired with «Отменить»,
        «Подсказка» with «Завершить», «Сдаться» with «В меню» (a row of its own would take the room of the
        scores on a low screen)."""
        self.b_stop.rect = pygame.Rect(0, 0, 0, 0)
        rows = [[self.b_undo, self.b_redo], *([[self.b_stop]] if rules is Rules.CLASSIC else []),
                [self.b_hint, self.b_finish], [self.b_resign, self.b_menu]]
        self.text_top, self.caption_right = hud.place_play_buttons(screen, rows, [self.b_help, self.b_sound])

    def enable(self, *, undo: bool, redo: bool, stop: bool, hint: bool, resign: bool = True,
               hint_key: str = "play.hint") -> None:
        """Which of «Отменить», «Вернуть», «Стоп», «Подсказка» and «Сдаться» can be pressed now; ``hint_key``:
        the hint button's label («Думаю…» while the master thinks about a hint, «Загрузка…» while it waits
        for its kernel: :attr:`game.view.thinking.Thinking.hint_key`)."""
        self.b_undo.enabled, self.b_redo.enabled, self.b_stop.enabled, self.b_hint.enabled = undo, redo, stop, hint
        self.b_resign.enabled = resign
        self.b_hint.key = hint_key

    def draw_status(self, surface: pygame.Surface, status: list[tuple[str, theme.Colour]]) -> list[pygame.Rect]:
        """Only the ``status`` lines, where the last frame had them (a clock ticked); the rect redrawn."""
        hud.redraw_status(surface, self.status_area, status)
        return [self.status_area.copy()]

    def score_spots(self, size: tuple[int, int]) -> dict[Player, tuple[int, int]]:
        """Each player's score on the last frame's card, in a window of ``size``."""
        return {p: hud.score_spot(self.card, p, size) for p in (Player.BLUE, Player.RED)}

    def look(self) -> tuple[object, ...]:
        """What the buttons show but their hover and press, which only input changes."""
        return tuple((b.key, tuple(b.rect), b.enabled) for group in (self.buttons, self.icons) for b, _ in group.items)

    def handle(self, pointer: Pointer) -> bool:
        """True when the pointer event was for one of the panel's buttons."""
        return self.icons.handle(pointer) or self.buttons.handle(pointer)

    def draw(self, surface: pygame.Surface, screen: ScreenLayout, game: Game, settings: MatchSettings, *,
             turn: hud.Turn, shown: dict[Player, Fraction], pulse: dict[Player, float], status: list[tuple[str, theme.Colour]]) -> None:
        """The caption, scores, turn and status lines, then the buttons over them."""
        self.status_area, self.card = hud.draw_play_text(
            surface, screen, game, settings, top=self.text_top, caption_right=self.caption_right,
            icons=self.b_help.rect, turn=turn, shown=shown, pulse=pulse, status=status,
            buttons=[b.rect for b, _ in self.buttons.items])
        size = theme.text_size(screen.size, 21)
        self.buttons.draw(surface, size)
        self.icons.draw(surface, size)
