"""The list the files screens share: finger-sized rows that scroll by wheel, drag and keys, a tap
opening one, and the games folder's path under it.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from engine import sgf
from game.input.pointer import pointer_of
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Reviewing
from game.storage import errors, library
from game.storage.names import shown
from game.strings import t
from game.view import paper, theme
from game.view.textfit import named, one_line, wrap
from game.view.widgets import Button, ButtonGroup

log = logging.getLogger(__name__)

DRAG_SLOP = 10  # px a press may wander and still count as a tap on a row
UNDO_SECONDS = 6.0
"""How long «Вернуть» is offered after a game is deleted; then it is gone for good."""
FOOTER_LINES = 2  # lines the games folder's path may take under the list


def open_record(path: Path | str) -> sgf.Record:
    """The record in a saved file, read once: the game, its root properties (names, date …), its
    clock (``TM``, ``BL``/``WL``), its hints and how it ended.

    Raises ``errors.StoreError`` (unreadable file) or ``sgf.SgfError`` (not a game).
    """
    return sgf.read(library.read_game(path))


class GamesScene(Scene):
    """A list of finger-sized rows; a tap (or Enter) opens one.

    The list scrolls by wheel, drag and keys (↑ ↓ choose, PgUp PgDn, Home End).
    """

    title_key = "files.open.title"
    empty_key = "files.empty"
    column = 900
    """The list's width at 1280×800 (at most the window's)."""

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack)
        self.games: list[library.SavedGame] = []
        self.selected: int | None = None
        self.hover: int | None = None
        self.scroll = 0
        self.message: tuple[errors.Notice, theme.Colour] | None = None
        """One line under the list: what went wrong (red) or what was done."""
        self.buttons = ButtonGroup()
        self.b_back = self.buttons.add(Button("files.back"), self.stack.pop)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 48
        self.row_gap = 6
        self._title_pos = (0, 0)
        self._title_room = 0
        self._label_y: int | None = None
        self._footer_y = 0
        self._press: tuple[tuple[str, int], float, int, bool] | None = None  # who, start y, scroll, moved
        self.reader: library.GamesReader | None = None
        """The folder being read (:meth:`refresh`); None before the first look."""
        self.wanted: Path | None = None
        """A game to choose and scroll to once the filling list has it (:meth:`show`)."""
        self.held: Path | None = None
        """The game chosen before the folder was looked at again, chosen again when it is back in the list."""

    # ----- the list ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the folder again (a file may have been dropped in or saved): a slice now, the rest a slice
        a frame (:meth:`update`), the list filling newest first and saying so until it is whole."""
        self.stop_reading()
        self.reader = library.GamesReader()
        self.fill()

    def fill(self) -> None:
        """This frame's share of the folder; the row chosen stays chosen as rows come in above it (and comes
        back chosen, once read again, after a new look at the folder)."""
        if self.reader is None or self.reader.done:
            return
        chosen = self.chosen()  # before the reader sorts its list (the rows') anew
        self.reader.work()
        self.take(self.reader.games, chosen)

    def chosen(self) -> Path | None:
        """The game of the row chosen (or held to be chosen again)."""
        return self.games[self.selected].path if self.selected is not None and self.selected < self.count \
            else self.held

    def take(self, games: list[library.SavedGame], chosen: Path | None) -> None:
        """The list's rows are now ``games``; the game ``chosen`` before stays chosen where it is among them."""
        self.games = games
        if chosen is not None:
            self.selected = next((i for i, g in enumerate(self.games) if g.path == chosen), None)
            self.held = chosen if self.selected is None and self.filling else None
        self._keep_selection()

    @property
    def filling(self) -> bool:
        """The folder is still being read: the list grows, and says so."""
        return self.reader is not None and not self.reader.done

    def filling_text(self) -> str:
        """What the list says while it fills: «Читаю список… 1 234»."""
        return t("files.filling", n=self.count)

    def show(self, path: Path) -> None:
        """Choose the row of the game at ``path`` (just saved, renamed or brought back): now, or as soon
        as the filling list has it."""
        self.wanted = path
        self._keep_selection()

    def stop_reading(self) -> None:
        """Let go of the folder (the scene leaves, or reads it again)."""
        if self.reader is not None:
            self.reader.close()

    def _keep_selection(self) -> None:
        if self.wanted is not None:
            found = next((i for i, g in enumerate(self.games) if g.path == self.wanted), None)
            if found is not None:
                self.wanted = None
                self.select(found)
            elif not self.filling:
                self.wanted = None
        if self.selected is not None and self.selected >= self.rows:
            self.selected = None
        self.scroll_by(0)

    def open_entry(self, index: int) -> None:
        """Open the game of row ``index`` for review, or say in one line why it cannot be."""
        if not 0 <= index < self.rows:
            return
        entry = self.entry(index)
        self.selected = index
        self.message = None  # what went wrong with another file is no longer news
        try:
            record = open_record(entry.path)
        except (errors.StoreError, sgf.SgfError) as e:  # what open_record raises: a line on the screen, never a crash
            log.warning("%s not opened: %s", entry.path.name, e)
            name = named(entry.name, theme.text_size(self.size, 15), bold=True)
            self.message = (errors.Notice("files.open_failed", errors.problem_of(e), (("name", name),)), theme.ILLEGAL)
            return
        players = (shown(record.info.get("PB")), shown(record.info.get("PW")))
        self.stack.go("review", Reviewing(record.game, library.record_setup(record), title=entry.name,
                                          players=players, times=record.times, hints=record.hints,
                                          takebacks=record.takebacks, engine=sgf.read_engine(record.info)))

    def entry(self, index: int) -> library.SavedGame:
        """The saved game of row ``index``."""
        return self.games[index]

    @property
    def row_step(self) -> int:
        return self.row_h + self.row_gap

    @property
    def count(self) -> int:
        """How many games the list has (of the player's own)."""
        return len(self.games)

    @property
    def rows(self) -> int:
        """How many rows the list has, the samples listed apart included."""
        return self.count

    def row_top(self, index: int) -> int:
        """Where row ``index`` begins, in pixels from the top of the unscrolled list."""
        return index * self.row_step

    @property
    def content_height(self) -> int:
        return self.row_top(self.rows - 1) + self.row_h if self.rows else 0

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.list_rect.h)

    def scroll_by(self, dy: float) -> None:
        """Move the list by ``dy`` pixels, within its ends."""
        self.scroll = int(max(0, min(self.max_scroll, self.scroll + dy)))

    def row_rect(self, index: int) -> pygame.Rect:
        """Row ``index`` on the screen (leaving room for the scroll bar)."""
        return pygame.Rect(self.list_rect.x, self.list_rect.y + self.row_top(index) - self.scroll,
                           self.list_rect.w - (10 if self.max_scroll > 0 else 0), self.row_h)

    def row_at(self, pos: tuple[float, float]) -> int | None:
        """The row under a pixel, if any."""
        if not self.list_rect.collidepoint(pos):
            return None
        return next((i for i in self.visible_rows() if self.row_rect(i).collidepoint(pos)), None)

    def visible_rows(self) -> range:
        """The rows in sight, or partly."""
        # A heading (under a row's height) may push a row down: start a row or two early, never from the top.
        start = max(0, self.scroll // self.row_step - 2)
        first = next((i for i in range(start, self.rows) if self.row_top(i) + self.row_h > self.scroll), self.rows)
        last = first
        while last < self.rows and self.row_top(last) < self.scroll + self.list_rect.h:
            last += 1
        return range(first, last)

    def select(self, index: int) -> None:
        """Choose row ``index`` (keys) and scroll it into view."""
        if not self.rows:
            return
        self.selected = max(0, min(self.rows - 1, index))
        top = self.row_top(self.selected)
        if top < self.scroll:
            self.scroll = top
        elif top + self.row_h > self.scroll + self.list_rect.h:
            self.scroll_by(top + self.row_h - self.list_rect.h - self.scroll)

    # ----- scene hooks -------------------------------------------------------------------------

    def resume(self) -> None:
        self.refresh()

    def update(self, dt: float) -> None:
        self.fill()

    def wake_in(self) -> float | None:
        """0 while the list fills."""
        return 0.0 if self.filling else None

    def shutdown(self) -> None:
        self.stop_reading()

    def row_height(self, size: tuple[int, int]) -> int:
        """How tall a row is in a window of ``size``: a button's height, a finger target."""
        return theme.button_height(size)

    def footer_height(self, size: tuple[int, int]) -> int:
        """Room under the list: a message line and the folder's path (two lines: see :meth:`draw`)."""
        return (1 + FOOTER_LINES) * theme.font(theme.text_size(size, 15)).get_linesize() + 16

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        head = theme.page_head(size)
        self.row_h = self.row_height(size)
        margin, bh, self.b_back.rect = head.margin, head.button_h, head.back
        self._title_pos = head.title_pos
        self._title_room = w - self._title_pos[0] - margin - self._lay_out_header(margin, bh)
        col_w = min(w - 2 * margin, round(self.column * theme.ui_scale(size)))
        x = (w - col_w) // 2
        top = self._lay_out_top(x, margin + bh + margin, col_w)
        footer = self.footer_height(size)
        self.list_rect = pygame.Rect(x, top, col_w, max(self.row_h, h - margin - footer - top))
        self._footer_y = self.list_rect.bottom + 10
        self._lay_out_footer()
        self.scroll_by(0)

    def _lay_out_header(self, margin: int, bh: int) -> int:
        """Lay out what sits right of the title; returns the width it takes."""
        return 0

    def _lay_out_top(self, x: int, y: int, width: int) -> int:
        """Lay out what sits between the header and the list; returns the list's top."""
        self._label_y = None
        return y

    def _lay_out_footer(self) -> None:
        """Lay out what sits under the list besides the message and the path."""

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.row_step)
            return
        p = pointer_of(event, self.size)
        if p is None or self.buttons.handle(p):
            return
        who = (p.source, p.finger)
        if p.source == "mouse":
            self.hover = self.row_at(p.pos)
        if p.kind == "down":
            self._press = (who, p.pos[1], self.scroll, False) if self.list_rect.collidepoint(p.pos) else None
            return
        if self._press is None or self._press[0] != who:
            return
        _, y0, scroll0, moved = self._press
        dy = p.pos[1] - y0
        moved = moved or abs(dy) > DRAG_SLOP
        if moved:
            self.scroll = scroll0
            self.scroll_by(-dy)
        if p.kind == "move":
            self._press = (who, y0, scroll0, moved)
            return
        self._press = None
        if not moved:
            index = self.row_at(p.pos)
            if index is not None:
                self.tap_row(index, p.pos)

    def tap_row(self, index: int, pos: tuple[float, float]) -> None:
        """A tap on row ``index`` at ``pos``: open it."""
        self.open_entry(index)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        current = -1 if self.selected is None else self.selected
        page = max(1, self.list_rect.h // self.row_step)
        moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page}
        if key == pygame.K_ESCAPE:
            self.stack.pop()
        elif key in moves:
            self.select(max(0, current + moves[key]))
        elif key == pygame.K_HOME:
            self.select(0)
        elif key == pygame.K_END:
            self.select(self.rows - 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            self.open_entry(self.selected)

    # ----- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        size = self.size
        surface.blit(paper.backdrop(size), (0, 0))
        title = one_line(t(self.title_key), theme.text_size(size, 32), theme.INK, self._title_room, bold=True)
        surface.blit(title, (self._title_pos[0], self._title_pos[1] - title.get_height() // 2))
        self._draw_top(surface)
        self._draw_list(surface)
        x, y, w = self.list_rect.x, self._footer_y, self._message_width()
        small = theme.text_size(size, 15)
        if self.message is not None:
            line = one_line(self.message[0].text(), small, self.message[1], w, bold=True)
            surface.blit(line, (x, y + (self._message_height() - line.get_height()) // 2))
        elif self.filling:
            line = one_line(self.filling_text(), small, theme.INK_SOFT, w)
            surface.blit(line, (x, y + (self._message_height() - line.get_height()) // 2))
        y += self._message_height() + 4
        # The folder's path in up to two lines at the type of the message: fitted to one line, a long path
        # shrank the sentence to 11 px, too small to read. What does not fit two lines is cut with «…».
        rows = wrap(self._footer(), theme.font(small), self.list_rect.w)
        if len(rows) > FOOTER_LINES:
            rows = rows[:FOOTER_LINES - 1] + [" ".join(rows[FOOTER_LINES - 1:])]
        for row in rows:
            surface.blit(one_line(row, small, theme.INK_SOFT, self.list_rect.w, min_px=small), (x, y))
            y += theme.font(small).get_linesize()
        self.buttons.draw(surface, theme.text_size(size, 21))

    def _message_width(self) -> int:
        return self.list_rect.w

    def _message_height(self) -> int:
        return theme.font(theme.text_size(self.size, 15)).get_linesize()

    def _footer(self) -> str:
        """The small line at the bottom: where the games are."""
        try:
            return t("files.folder", path=shown(library.games_dir()))
        except OSError:
            return ""

    def _draw_top(self, surface: pygame.Surface) -> None:
        """What sits between the header and the list (the name field when saving)."""

    def _draw_list(self, surface: pygame.Surface) -> None:
        size = self.size
        area = self.list_rect
        name_px, date_px = theme.text_size(size, 19), theme.text_size(size, 15)
        old_clip = surface.get_clip()
        surface.set_clip(area.clip(old_clip))
        if not self.count:
            says = self.filling_text() if self.filling else t(self.empty_key)
            empty = theme.text(says, theme.text_size(size, 19), theme.INK_SOFT)
            paper.blit_centred(surface, empty, area.centerx, area.y + 16 - self.scroll)
        self._draw_sections(surface)
        for i in self.visible_rows():
            row = self.row_rect(i)
            if i == self.selected:
                fill = theme.BUTTON_CHOSEN
            else:
                fill = theme.BUTTON_HOVER if i == self.hover else theme.BUTTON
            pygame.draw.rect(surface, fill, row, border_radius=10)
            edge = theme.BUTTON_SELECTED if i == self.selected else theme.BUTTON_EDGE
            pygame.draw.rect(surface, edge, row, 2 if i == self.selected else 1, border_radius=10)
            self._draw_row(surface, i, row, name_px, date_px)
        surface.set_clip(old_clip)
        if self.max_scroll > 0:
            track = area.h
            bar_h = max(30, track * area.h // (self.max_scroll + area.h))
            bar_y = area.y + (track - bar_h) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, theme.mix(theme.PANEL_EDGE, theme.INK_SOFT, 0.4),
                             (area.right - 5, bar_y, 5, bar_h), border_radius=3)

    def _draw_sections(self, surface: pygame.Surface) -> None:
        """Headings between the rows (the samples')."""

    def _draw_row(self, surface: pygame.Surface, i: int, row: pygame.Rect, name_px: int, date_px: int) -> None:
        """One saved game: its name, and the date on the right."""
        entry = self.entry(i)
        date = theme.text(entry.modified.strftime("%Y-%m-%d %H:%M"), date_px, theme.INK_SOFT)
        surface.blit(date, (row.right - 14 - date.get_width(), row.centery - date.get_height() // 2))
        name = one_line(named(entry.name, name_px), name_px, theme.INK, row.w - date.get_width() - 44)
        surface.blit(name, (row.x + 14, row.centery - name.get_height() // 2))
