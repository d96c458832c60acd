"""«Неоконченные партии»: each game in progress as a row (rules, board, opponent, move, date);
a tap resumes it in play, «✕» deletes it after asking.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from engine import Rules, sgf
from game.scenes import held
from game.scenes.base import SceneStack
from game.scenes.files.listing import GamesScene
from game.scenes.handoff import Question
from game.storage import errors, library, unfinished
from game.storage.autosave import resume, settings_from_meta
from game.strings import rules_name, t
from game.view import hud, theme, thumbnail
from game.view.textfit import one_line

log = logging.getLogger(__name__)


class UnfinishedScene(GamesScene):
    """«Неоконченные партии»: every game in progress, the latest first, with a picture of where it
    stands (drawn a few a frame, like the saved games'); a tap resumes it, «✕» on its row (or Delete)
    deletes it after asking."""

    name = "unfinished"
    title_key = "unfinished.title"
    empty_key = "unfinished.empty"

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack)
        self.unfinished: list[unfinished.Resumable] = []
        self.keys: list[thumbnail.Key] = []
        """Each game's file as the pictures' cache knows it (a move since gives a new picture)."""
        self.catalogue = thumbnail.Catalogue(read=self._read)
        self.current: unfinished.CurrentReader | None = None
        """The games in progress being read (:meth:`refresh`)."""
        self._notices = 0

    @property
    def count(self) -> int:
        return len(self.unfinished)

    def _read(self, path: Path, size: int) -> library.Record:
        # The store has read and checked every game in progress already: its record is used as it is.
        entry = next(e for e in self.unfinished if e.slot == path.stem)
        return entry.record if entry.record is not None else sgf.read(entry.text)

    def thumb_size(self) -> tuple[int, int]:
        """The box a row's picture fits in."""
        side = self.row_h - 10
        return (round(side * 1.3), side)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.catalogue.box = self.thumb_size()

    def update(self, dt: float) -> None:
        self.fill()
        shown = [i for i in self.visible_rows() if i < len(self.keys)]
        self.catalogue.want((self.keys[i], unfinished.slot_path(self.unfinished[i].slot)) for i in shown)
        if not self.catalogue.done():
            self.catalogue.work()

    def wake_in(self) -> float | None:
        """0 while the list fills, or rows in sight wait for their pictures."""
        return 0.0 if self.filling or not self.catalogue.done() else None

    def refresh(self) -> None:
        """Look at the folder again: the games in progress are read one a step, a frame's share at a time
        (:meth:`fill`), newest first; the list says so until every one is in."""
        self.current = unfinished.CurrentReader()
        self.unfinished = []
        self.keys = []
        self._notices = 0
        self.fill()

    def fill(self) -> None:
        """This frame's share of the games in progress: they come in under the rows already listed."""
        if self.current is None:
            return
        self.current.work()
        if len(self.current.notices) > self._notices:  # the first of what went wrong since the last look
            self.message = (self.current.notices[self._notices], theme.ILLEGAL)
            self._notices = len(self.current.notices)
        if len(self.unfinished) == len(self.current.games):
            return
        self.unfinished = list(self.current.games)
        self.keys += [thumbnail.key_of_file(unfinished.slot_path(e.slot)) or (e.slot, 0, 0)
                      for e in self.unfinished[len(self.keys):]]
        if self.selected is not None and self.selected >= self.count:
            self.selected = None
        self.scroll_by(0)

    @property
    def filling(self) -> bool:
        return self.current is not None and not self.current.done

    def filling_text(self) -> str:
        """«Читаю партии… 3 из 30»."""
        total = self.current.total if self.current is not None else self.count
        return t("unfinished.filling", n=self.count, total=total)

    def open_entry(self, index: int) -> None:
        """Resume the game of row ``index``."""
        if not 0 <= index < self.count:
            return
        self.selected = index
        self.message = None  # what went wrong with another game is no longer news
        entry = self.unfinished[index]
        try:
            resumed = resume(entry)
        except Exception as e:  # noqa: BLE001 — a record, or its set-up's notes, changed since listed: no crash
            log.warning("game in progress %s not resumed: %s", entry.slot, e)
            self.message = (errors.Notice("menu.resume_failed", errors.problem_of(e)), theme.ILLEGAL)
            return
        held.go_on(self.stack, resumed, entry.record.times if entry.record is not None else None)

    def ask_delete(self, index: int) -> None:
        """Ask, then delete the game of row ``index``."""
        if not 0 <= index < self.count:
            return
        slot = self.unfinished[index].slot
        self.selected = index
        self.stack.go("confirm", Question("confirm.delete", "confirm.delete.yes", lambda: self.delete(slot),
                                          hint="confirm.delete.hint", no="confirm.delete.no"))

    def delete(self, slot: str) -> None:
        """Delete the game in progress ``slot`` now (no question asked); not one another window plays."""
        deleted = unfinished.clear_current(slot)
        self.refresh()
        if not deleted:
            self.message = (errors.Notice("held.not_deleted"), theme.ILLEGAL)

    def delete_box(self, index: int) -> pygame.Rect:
        """Where the «✕» of row ``index`` is, on the screen."""
        y = self.list_rect.y + index * self.row_step - self.scroll
        right = self.list_rect.right - (10 if self.max_scroll > 0 else 0)
        return pygame.Rect(right - self.row_h, y, self.row_h, self.row_h)

    def tap_row(self, index: int, pos: tuple[float, float]) -> None:
        if self.delete_box(index).collidepoint(pos):
            self.ask_delete(index)
        else:
            self.open_entry(index)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_DELETE and self.selected is not None:
            self.ask_delete(self.selected)
        else:
            super()._key(event)

    def _footer(self) -> str:
        return t("unfinished.hint")

    def _draw_row(self, surface: pygame.Surface, i: int, row: pygame.Rect, name_px: int, date_px: int) -> None:
        """One game in progress: rule set, board, opponent and move; the date; «✕»."""
        entry = self.unfinished[i]
        box = self.delete_box(i)
        cross = theme.text(t("unfinished.delete"), name_px, theme.RED_DARK, bold=True)
        surface.blit(cross, cross.get_rect(center=box.center))
        pygame.draw.line(surface, theme.BUTTON_EDGE, (box.x, row.y + 8), (box.x, row.bottom - 8))
        when = entry.modified.strftime("%Y-%m-%d %H:%M") if entry.modified else ""
        date = theme.text(when, date_px, theme.INK_SOFT)
        surface.blit(date, (box.x - 12 - date.get_width(), row.centery - date.get_height() // 2))
        thumb_box = pygame.Rect((row.x + 5, row.y + 5), self.thumb_size())
        picture = self.catalogue.picture(self.keys[i]) if i < len(self.keys) else None
        if picture is None:
            thumbnail.draw_placeholder(surface, thumb_box)
        else:
            surface.blit(picture, picture.get_rect(center=thumb_box.center))
        x = thumb_box.right + 12
        line = one_line(describe(entry), name_px, theme.INK, box.x - x - date.get_width() - 26)
        surface.blit(line, (x, row.centery - line.get_height() // 2))


def describe(entry: unfinished.Resumable) -> str:
    """«Страны, 20 × 20 · компьютер: Новичок · ход № 12»: what the list says of a game in progress; the
    move is the one about to be made, as the play panel numbers it once the game is resumed."""
    game = entry.record.game if entry.record is not None else sgf.read(entry.text).game
    computer = settings_from_meta(entry.meta, game).computer
    if computer is not None:
        opponent = t("unfinished.computer", level=t(f"level.{computer.level.value}"))
    else:
        opponent = t("unfinished.hotseat")
    rules = rules_name(game.rules) if isinstance(game.rules, Rules) else ""
    return t("unfinished.row", rules=rules, w=game.width, h=game.height, opponent=opponent,
             k=hud.move_number(game))
