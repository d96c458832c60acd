"""«Сохранить партию»: the game under a name offered (when, which rules), beside the games saved before."""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path

import pygame

from engine import Game, sgf
from game.match.settings import MatchSettings
from game.scenes.base import SceneStack
from game.scenes.files.saved_list import (
    SavedGamesScene,
)
from game.scenes.handoff import Match
from game.storage import errors, library
from game.storage.library import default_name, record_info
from game.storage.names import shown
from game.strings import t
from game.view import theme
from game.view.name_field import NameField
from game.view.widgets import Button

log = logging.getLogger(__name__)


class SaveGameScene(SavedGamesScene):
    """«Сохранить партию»: a name (date-time and rule set unless typed over), «Сохранить», and the list.

    Typing edits the name (Backspace deletes, Enter saves); the saved game then
    shows in the list, chosen.
    """

    name = "save"
    title_key = "files.save.title"

    def __init__(self, stack: SceneStack, saving: Game | Match) -> None:
        super().__init__(stack)
        match = saving if isinstance(saving, Match) else Match(MatchSettings(), saving)
        assert match.game is not None, "saving needs the game"
        self.game: Game = match.game
        self.settings: MatchSettings | None = match.settings if isinstance(saving, Match) else None
        self.times = match.settings.clock.times(match.clock.moves) if match.clock is not None else None
        """The clock the game was played on, for the record (``TM``, ``BL``/``WL``); None: none."""
        self.hints = match.hints if self.settings is not None and self.settings.computer is not None else 0
        """Hints used against the computer, for the record (``HN``)."""
        self.takebacks = match.takebacks
        """Times moves were taken back, for the record (``TAKEBACKS``)."""
        self.ending = match.ending if isinstance(saving, Match) else None
        """How the game ended, for the record's ``RE`` (a loss on time says so); None: as the board says."""
        self.engine = match.engine
        """The engine the computer's master played on, for the record (``ENGINE``); None: no master moved."""
        self.name_field = NameField(default_name(self.game))
        self.saved: Path | None = None
        self.b_save = self.buttons.add(Button("files.save", primary=True), self.save)
        self.field = pygame.Rect(0, 0, 0, 0)
        self._name_label_y = 0

    @property
    def name_text(self) -> str:
        """The name as typed so far."""
        return self.name_field.text

    def save(self) -> None:
        """Write the game under the name typed; the message says where, or why not."""
        name = library.visible(self.name_text).strip() or default_name(self.game)
        try:
            info = record_info(self.settings, datetime.now()) | sgf.hints_info(self.hints) | sgf.engine_info(self.engine) \
                | sgf.takebacks_info(self.takebacks)
            text = sgf.dumps(self.game, info=info, times=self.times, ending=self.ending)
            path = library.save_game(name, text)
        except Exception as e:  # noqa: BLE001 — StoreError or worse: a line on the screen, never a crash
            log.warning("game not saved as %r: %s", name, e)
            problem = errors.problem_of(e, writing=True)
            why = problem if isinstance(e, (errors.StoreError, OSError, UnicodeError)) else "problem.not_written"
            self.message = (errors.Notice("files.save_failed", why), theme.ILLEGAL)
            return
        self.saved = path
        self.b_save.enabled = False  # until the name changes: a second press would only make a copy
        self.message = (errors.Notice("files.saved", fields=(("name", shown(path.stem)),)), theme.BLUE_DARK)
        self.refresh()
        self.show(path)

    def resume(self) -> None:
        super().resume()
        self.name_field.open(self.field)

    def pause(self) -> None:
        self.name_field.close()

    def shutdown(self) -> None:
        self.name_field.close()
        super().shutdown()

    def update(self, dt: float) -> None:
        self.name_field.tick(dt)
        super().update(dt)

    def wake_in(self) -> float | None:
        """When the caret blinks next (at once while pictures are being made)."""
        busy = super().wake_in()
        return busy if busy is not None else self.name_field.next_blink()

    def _lay_out_top(self, x: int, y: int, width: int) -> int:
        bh = theme.button_height(self.size)
        gap = max(8, bh // 5)
        label_h = theme.font(theme.text_size(self.size, 17)).get_linesize() + 4
        self._name_label_y = y
        y += label_h
        save_w = max(140, round(200 * theme.ui_scale(self.size)))
        self.field = pygame.Rect(x, y, width - save_w - gap, bh)
        self.b_save.rect = pygame.Rect(self.field.right + gap, y, save_w, bh)
        pygame.key.set_text_input_rect(self.field)  # where a system keyboard or IME shows its window
        y += bh + 2 * gap
        self._label_y = y
        return y + label_h

    def process_event(self, event: pygame.event.Event) -> None:
        if self.name_field.handle(event):
            self.b_save.enabled = True
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save()
            return
        super().process_event(event)

    def _draw_top(self, surface: pygame.Surface) -> None:
        size = self.size
        px = theme.text_size(size, 17)
        surface.blit(theme.text(t("files.name"), px, theme.INK_SOFT), (self.field.x, self._name_label_y))
        self.name_field.draw(surface, self.field, theme.text_size(size, 20))
        if self._label_y is not None:
            surface.blit(theme.text(t("files.list"), px, theme.INK_SOFT), (self.field.x, self._label_y))
