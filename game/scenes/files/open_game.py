"""«Открыть партию»: the games folder and the sample games; a tap opens one in the review,
«✎» renames, «✕» deletes with «Вернуть» for a few seconds.
"""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path

import pygame

from game.paths import asset_path
from game.scenes.base import SceneStack
from game.scenes.files.listing import FOOTER_LINES, UNDO_SECONDS
from game.scenes.files.saved_list import (
    SavedGamesScene,
)
from game.scenes.handoff import Naming
from game.storage import errors, library, unfinished
from game.storage.names import shown
from game.view import theme
from game.view.widgets import Button

log = logging.getLogger(__name__)

SAMPLES_DIR = asset_path("samples")
"""Games shipped with the program (the zagram.org record): listed apart, never renamed or deleted."""


class OpenGameScene(SavedGamesScene):
    """«Открыть партию»: the saved games, newest first; a tap opens one for review, «✎» renames it,
    «✕» deletes it («Вернуть» brings it back for a few seconds); «Неоконченные» and the samples apart."""

    name = "open"
    title_key = "files.open.title"

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack, data)
        self.b_unfinished = self.buttons.add(Button("menu.unfinished", n=0), lambda: self.stack.go("unfinished"))
        self.b_restore = self.buttons.add(Button("files.restore", primary=True), self.restore)
        self.deleted: tuple[Path, str, float] | None = None
        """The game last deleted: where it waits, its name, and the clock when «Вернуть» goes."""
        self.clock = 0.0
        self.samples = self._find_samples()

    @staticmethod
    def _find_samples() -> list[library.SavedGame]:
        found: list[library.SavedGame] = []
        try:
            for path in sorted(SAMPLES_DIR.glob("*.sgf")):
                st = path.stat()
                found.append(library.SavedGame(path.stem, path, datetime.fromtimestamp(st.st_mtime), st.st_size,
                                             st.st_mtime_ns))
        except OSError as e:  # a build without its samples still lists the player's games
            log.warning("sample games not listed: %s", e)
        return found

    def refresh(self) -> None:
        library.forget_deleted()  # what a closed game left deleted (its «Вернуть» long gone)
        super().refresh()
        n = unfinished.count_current()
        self.b_unfinished.fields = {"n": n}
        self.b_unfinished.enabled = n > 0

    # ----- delete, with «Вернуть» ----------------------------------------------------------------

    def boxes(self, index: int) -> list[pygame.Rect]:
        """«✎» and «✕» at the right end of a row of the player's own (the samples have none)."""
        if index >= self.count:
            return []
        row = self.row_rect(index)
        w = max(theme.finger_px(), round(self.row_h * 0.85))
        return [pygame.Rect(row.right - 2 * w, row.y, w, row.h), pygame.Rect(row.right - w, row.y, w, row.h)]

    def tap_row(self, index: int, pos: tuple[float, float]) -> None:
        boxes = self.boxes(index)
        if boxes and boxes[0].collidepoint(pos):
            self.start_renaming(index)
        elif boxes and boxes[1].collidepoint(pos):
            self.delete(index)
        else:
            self.open_entry(index)

    def delete(self, index: int) -> None:
        """Delete the game of row ``index`` now; «Вернуть» brings it back for :data:`UNDO_SECONDS`."""
        if not 0 <= index < self.count:
            return
        entry = self.games[index]
        self.forget_deleted()  # one «Вернуть» at a time: the game deleted before is gone now
        try:
            aside = library.delete_game(entry.path)
        except errors.StoreError as e:
            log.warning("%s not deleted: %s", entry.path.name, e)
            self.message = (errors.Notice("files.delete_failed", e.problem), theme.ILLEGAL)
            return
        self.deleted = (aside, entry.name, self.clock + UNDO_SECONDS)
        self.message = (errors.Notice("files.deleted", fields=(("name", entry.name),)), theme.INK)
        self.refresh()
        if self.count:
            self.selected = min(index, self.count - 1)
        self._lay_out_footer()

    def restore(self) -> None:
        """«Вернуть»: the game just deleted back in the list, chosen."""
        if self.deleted is None:
            return
        aside, name, _ = self.deleted
        self.deleted = None
        try:
            path = library.restore_game(aside)
        except errors.StoreError as e:
            log.warning("%s not restored: %s", aside.name, e)
            self.message = (errors.Notice("files.restore_failed", e.problem), theme.ILLEGAL)
        else:
            self.message = (errors.Notice("files.restored", fields=(("name", shown(path.stem)),)), theme.BLUE_DARK)
            self._show(path)
        self._lay_out_footer()

    def forget_deleted(self) -> None:
        """The game deleted last is gone for good (its «Вернуть» has passed, or the list is left)."""
        if self.deleted is not None:
            library.forget_deleted(self.deleted[0])
            self.deleted = None
            self.message = None
            self._lay_out_footer()

    def _show(self, path: Path) -> None:
        self.refresh()
        self.show(path)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.deleted is not None and self.clock >= self.deleted[2]:
            self.forget_deleted()
        super().update(dt)

    def wake_in(self) -> float | None:
        waits = [w for w in (super().wake_in(),) if w is not None]
        if self.deleted is not None:
            waits.append(max(0.0, self.deleted[2] - self.clock))
        return min(waits) if waits else None

    def shutdown(self) -> None:
        self.forget_deleted()
        super().shutdown()

    # ----- rename ------------------------------------------------------------------------------

    def start_renaming(self, index: int) -> None:
        """Ask for a new name for the game of row ``index`` (a card over the list): its name offered."""
        if not 0 <= index < self.count:
            return
        self.selected = index
        self.message = None
        entry = self.games[index]
        self.stack.go("rename", Naming("files.rename.title", "files.rename.yes", entry.name,
                                       lambda name: self.rename(entry, name)))

    def rename(self, entry: library.SavedGame, name: str) -> None:
        """Give the game ``entry`` the name ``name`` (its old one if nothing shows); the message says so,
        or why not."""
        name = shown(name) or entry.name
        try:
            path = library.rename_game(entry.path, name)
        except errors.StoreError as e:
            log.warning("%s not renamed as %r: %s", entry.path.name, name, e)
            self.message = (errors.Notice("files.rename_failed", e.problem), theme.ILLEGAL)
            return
        self.message = (errors.Notice("files.renamed", fields=(("name", shown(path.stem)),)), theme.BLUE_DARK)
        self._show(path)

    # ----- layout, input, drawing ----------------------------------------------------------------

    def _lay_out_header(self, margin: int, bh: int) -> int:
        w = max(theme.finger_px(), round(230 * theme.ui_scale(self.size)))
        self.b_unfinished.rect = pygame.Rect(self.size[0] - margin - w, margin, w, bh)
        return w + margin

    def footer_height(self, size: tuple[int, int]) -> int:
        return theme.button_height(size) + FOOTER_LINES * theme.font(theme.text_size(size, 15)).get_linesize() + 16

    def _message_height(self) -> int:
        return theme.button_height(self.size)

    def _message_width(self) -> int:
        return self.list_rect.w - (self.b_restore.rect.w + 12 if self.b_restore.rect.w else 0)

    def _lay_out_footer(self) -> None:
        if self.deleted is None:
            self.b_restore.rect = pygame.Rect(0, 0, 0, 0)
            return
        w = max(theme.finger_px(), round(180 * theme.ui_scale(self.size)))
        self.b_restore.rect = pygame.Rect(self.list_rect.right - w, self._footer_y, w, theme.button_height(self.size))

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_DELETE and self.selected is not None:
                self.delete(self.selected)
                return
            if event.key == pygame.K_F2 and self.selected is not None:
                self.start_renaming(self.selected)
                return
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.restore()
                return
        super().process_event(event)
