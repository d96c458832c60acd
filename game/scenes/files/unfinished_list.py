"""«Неоконченные партии»: each game in progress as a row (rules, board, opponent, move, date);
a tap resumes it in play, «✕» deletes it after asking.

The rows come from the summaries kept with the autosaves (:func:`game.storage.unfinished.listed_of`), so
thirty long games are listed in a frame or two; the games in sight are then replayed beside the window,
one at a time, for their pictures (:class:`game.view.thumbnail.Catalogue` with ``beside``), and each
replayed record takes over its row: a summary it contradicts is no longer shown, a record that is no game
is set aside with the store's message, as when it is read without a summary.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from engine import Game, sgf
from game.scenes import held
from game.scenes.base import SceneStack
from game.scenes.files.listing import GamesScene
from game.scenes.handoff import Question
from game.storage import errors, unfinished
from game.storage.autosave import resume, settings_from_meta
from game.strings import rules_name, t
from game.view import theme, thumbnail
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
        self.catalogue = thumbnail.Catalogue(beside=self._text_of, notify=stack.notify, on_read=self._replayed)
        self.current: unfinished.CurrentReader | None = None
        """The games in progress being read (:meth:`refresh`)."""
        self._notices = 0
        self._sources: dict[str, unfinished.Resumable] = {}
        """Each listed game by slot, as the worker replays it (replaced, never changed, by the frames)."""
        self._described: dict[str, tuple[unfinished.Resumable, str]] = {}
        """Each row's line as last made, for the entry it was made of (drawn every frame, made once)."""

    @property
    def count(self) -> int:
        return len(self.unfinished)

    def _text_of(self, key: thumbnail.Key, path: Path) -> str:
        # On the worker: the record the store read, the one the row shows.
        return self._sources[path.stem].text

    def _replayed(self, key: thumbnail.Key, record: thumbnail.Summary | Exception) -> None:
        """A game in sight replayed beside the window: its record takes over its row, or, no game, it is set aside."""
        if key not in self.keys:
            return  # listed again since, or deleted
        index = self.keys.index(key)
        entry = self.unfinished[index]
        if isinstance(record, Exception):
            notice = unfinished.not_a_game(entry, record)
            del self.unfinished[index], self.keys[index]
            if self.current is not None and entry in self.current.games:
                self.current.games.remove(entry)
            if notice is not None:
                self.message = (notice, theme.ILLEGAL)
            if self.selected is not None and self.selected >= self.count:
                self.selected = None
            self.scroll_by(0)
            return
        facts = unfinished.Listed(record.rules, record.width, record.height, record.moves, record.over)
        self._put(index, unfinished.checked(entry, facts))

    def _put(self, index: int, entry: unfinished.Resumable) -> None:
        """Row ``index`` is now ``entry`` (its record read): here and in the reader still filling the list."""
        old = self.unfinished[index]
        self.unfinished[index] = entry
        self._sources[entry.slot] = entry
        if self.current is not None:
            self.current.games[:] = [entry if e is old else e for e in self.current.games]

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
        self.catalogue.work()

    def wake_in(self) -> float | None:
        """0 while the list fills, or rows in sight wait for a picture not yet asked for; a picture under way
        wakes the loop itself when it is done."""
        return 0.0 if self.filling or not (self.catalogue.busy or self.catalogue.done()) else None

    def read_all_in_sight(self) -> None:
        """Every row listed, and every row in sight replayed and drawn, now (screenshots; tests)."""
        while True:
            self.update(0.0)
            if self.catalogue.busy:
                self.catalogue.wait()
            elif not self.filling and self.catalogue.done():
                return

    def shutdown(self) -> None:
        super().shutdown()
        self.catalogue.close()

    def refresh(self) -> None:
        """Look at the folder again: the games in progress are read one a step, a frame's share at a time
        (:meth:`fill`), newest first; the list says so until every one is in."""
        self.current = unfinished.CurrentReader()
        self.unfinished = []
        self.keys = []
        self._notices = 0
        self._described = {}
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
        self._sources = {e.slot: e for e in self.unfinished}
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
        if entry.record is None:  # listed from its summary: the record is replayed now, and is what resumes
            try:
                record = sgf.read(entry.text)
            except Exception as e:  # noqa: BLE001 — no game after all: set aside, as the list would have
                self._replayed(self.keys[index], e)
                return
            entry = unfinished.replayed(entry, record)
            self._put(index, entry)
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
        made = self._described.get(entry.slot)
        if made is None or made[0] is not entry:
            made = self._described[entry.slot] = (entry, describe(entry))
        line = one_line(made[1], name_px, theme.INK, box.x - x - date.get_width() - 26)
        surface.blit(line, (x, row.centery - line.get_height() // 2))


def describe(entry: unfinished.Resumable) -> str:
    """«Страны, 20 × 20 · компьютер: Новичок · ход № 12»: what the list says of a game in progress (its
    record's facts, or its summary's until the record is replayed); the move is the one about to be made,
    as the play panel numbers it once the game is resumed (``hud.move_number``)."""
    facts = entry.facts
    # The opponent is the set-up's; the set-up reads against a game of the listed size and rules.
    game = entry.record.game if entry.record is not None else Game(facts.width, facts.height, facts.rules)
    computer = settings_from_meta(entry.meta, game).computer
    if computer is not None:
        opponent = t("unfinished.computer", level=t(f"level.{computer.level.value}"))
    else:
        opponent = t("unfinished.hotseat")
    return t("unfinished.row", rules=rules_name(facts.rules), w=facts.width, h=facts.height, opponent=opponent,
             k=facts.move_number)
