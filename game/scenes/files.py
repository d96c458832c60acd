"""Games as files: «Открыть партию» lists the games folder, «Сохранить партию» writes to it,
«Неоконченные партии» lists the games in progress.

No system dialog: the list shows :func:`game.storage.store.games_dir`, whose path is
written small at the bottom, so a player can drop ``.sgf`` files from other Dots
programs there (a classic ``GM[40]`` record with setup dots opens like ours).
Tapping a game opens it in the review (``stack.go("review", …)``). Anything that goes
wrong (``StoreError`` from reading or writing, ``SgfError`` from a record that is
not a game) is one line on the screen in the player's language (its kind,
:func:`game.storage.store.problem_of`; the detail goes to the log), never a crash.
A file's size is checked before it is read, so no file holds the screen up.

The unfinished games list shows each game in progress (rules, board, opponent,
move, date); a tap resumes it in play, «✕» deletes it after asking.

Open by name: ``stack.go("open")``, ``stack.go("save", game)`` or ``stack.go("unfinished")``;
Esc or «Назад» goes back.
"""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path

import pygame

from ai import PLAYER_LEVELS
from engine import Game, Rules, sgf
from game.input.pointer import pointer_of
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Match, Question, Reviewing
from game.storage import store
from game.storage.autosave import resume
from game.view import paper, theme
from game.view.strings import rules_name, t
from game.view.textfit import named, one_line
from game.view.widgets import Button, ButtonGroup

log = logging.getLogger(__name__)

DRAG_SLOP = 10  # px a press may wander and still count as a tap on a row
LEVEL_KEYS = frozenset(f"level.{level}" for level in PLAYER_LEVELS)


def default_name(game: Game, now: datetime | None = None) -> str:
    """«2025-01-18 14-30 Страны»: when, and which rule set (no ':' — not every file system takes it)."""
    now = now or datetime.now()
    return t("files.default_name", date=now.strftime("%Y-%m-%d %H-%M"), rules=rules_name(game.rules))


def type_into(name: str, typed: str) -> str:
    """``name`` with ``typed`` added, as much of it as fits the limits: :data:`store.MAX_NAME`
    characters and :data:`store.MAX_NAME_BYTES` bytes on disk.

    >>> len(type_into("", "😀" * 60).encode("utf-8")) <= store.MAX_NAME_BYTES
    True
    """
    for ch in typed:
        longer = name + ch
        if len(longer) > store.MAX_NAME or len(longer.encode("utf-8", "surrogatepass")) > store.MAX_NAME_BYTES:
            break
        name = longer
    return name


def open_record(path: Path | str) -> tuple[Game, dict[str, str]]:
    """The game in a saved file and its root properties (names, date …).

    Raises ``store.StoreError`` (unreadable file) or ``sgf.SgfError`` (not a game).
    """
    text = store.read_game(path)
    game = sgf.loads(text)
    return game, sgf.read_info(text)


class GamesScene(Scene):
    """The games folder as a list of finger-sized rows; a tap (or Enter) opens one for review.

    The list scrolls by wheel, drag and keys (↑ ↓ choose, PgUp PgDn, Home End).
    """

    name = "files"
    title_key = "files.open.title"
    empty_key = "files.empty"

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack)
        self.games: list[store.SavedGame] = []
        self.selected: int | None = None
        self.hover: int | None = None
        self.scroll = 0
        self.message: tuple[store.Notice, theme.Colour] | None = None
        """One line under the list: what went wrong (red) or what was done."""
        self.buttons = ButtonGroup()
        self.b_back = self.buttons.add(Button("files.back"), self.stack.pop)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 48
        self.row_gap = 6
        self._title_pos = (0, 0)
        self._label_y: int | None = None
        self._footer_y = 0
        self._press: tuple[tuple[str, int], float, int, bool] | None = None  # who, start y, scroll, moved

    # ----- the list ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the folder again (a file may have been dropped in or saved)."""
        self.games = store.list_games()
        if self.selected is not None and self.selected >= self.count:
            self.selected = None
        self.scroll_by(0)

    def open_entry(self, index: int) -> None:
        """Open the game of row ``index`` for review, or say in one line why it cannot be."""
        if not 0 <= index < len(self.games):
            return
        entry = self.games[index]
        self.selected = index
        self.message = None  # what went wrong with another file is no longer news
        try:
            game, info = open_record(entry.path)
        except Exception as e:  # noqa: BLE001 — StoreError, SgfError or worse: a line on the screen, never a crash
            log.warning("%s not opened: %s", entry.path.name, e)
            name = named(entry.name, theme.text_size(self.size, 15), bold=True)
            self.message = (store.Notice("files.open_failed", store.problem_of(e), (("name", name),)), theme.ILLEGAL)
            return
        players = (info.get("PB", ""), info.get("PW", ""))
        self.stack.go("review", Reviewing(game, title=entry.name, players=players))

    @property
    def row_step(self) -> int:
        return self.row_h + self.row_gap

    @property
    def count(self) -> int:
        """How many rows the list has."""
        return len(self.games)

    @property
    def max_scroll(self) -> int:
        return max(0, self.count * self.row_step - self.row_gap - self.list_rect.h)

    def scroll_by(self, dy: float) -> None:
        """Move the list by ``dy`` pixels, within its ends."""
        self.scroll = int(max(0, min(self.max_scroll, self.scroll + dy)))

    def row_at(self, pos: tuple[float, float]) -> int | None:
        """The row under a pixel, if any."""
        if not self.list_rect.collidepoint(pos):
            return None
        offset = pos[1] - self.list_rect.y + self.scroll
        index = int(offset // self.row_step)
        if offset - index * self.row_step > self.row_h or not 0 <= index < self.count:
            return None
        return index

    def select(self, index: int) -> None:
        """Choose row ``index`` (keys) and scroll it into view."""
        if not self.count:
            return
        self.selected = max(0, min(self.count - 1, index))
        top = self.selected * self.row_step
        if top < self.scroll:
            self.scroll = top
        elif top + self.row_h > self.scroll + self.list_rect.h:
            self.scroll_by(top + self.row_h - self.list_rect.h - self.scroll)

    # ----- scene hooks -------------------------------------------------------------------------

    def resume(self) -> None:
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = theme.button_height(size)
        self.row_h = bh
        margin = max(12, round(20 * theme.ui_scale(size)))
        back_w = max(110, round(150 * theme.ui_scale(size)))
        self.b_back.rect = pygame.Rect(margin, margin, back_w, bh)
        self._title_pos = (self.b_back.rect.right + margin, margin + bh // 2)
        col_w = min(w - 2 * margin, round(900 * theme.ui_scale(size)))
        x = (w - col_w) // 2
        top = self._lay_out_top(x, margin + bh + margin, col_w)
        footer = 2 * theme.font(theme.text_size(size, 15)).get_linesize() + 16
        self.list_rect = pygame.Rect(x, top, col_w, max(self.row_h, h - margin - footer - top))
        self._footer_y = self.list_rect.bottom + 10
        self.scroll_by(0)

    def _lay_out_top(self, x: int, y: int, width: int) -> int:
        """Lay out what sits between the header and the list; returns the list's top."""
        self._label_y = None
        return y

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
            self.select(self.count - 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            self.open_entry(self.selected)

    # ----- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        size = self.size
        surface.blit(paper.backdrop(size), (0, 0))
        room = size[0] - self._title_pos[0] - 16
        title = one_line(t(self.title_key), theme.text_size(size, 32), theme.INK, room, bold=True)
        surface.blit(title, (self._title_pos[0], self._title_pos[1] - title.get_height() // 2))
        self._draw_top(surface)
        self._draw_list(surface)
        x, y, w = self.list_rect.x, self._footer_y, self.list_rect.w
        small = theme.text_size(size, 15)
        if self.message is not None:
            line = one_line(self.message[0].text(), small, self.message[1], w, bold=True)
            surface.blit(line, (x, y))
        y += theme.font(small).get_linesize() + 4
        footer = self._footer()
        if footer:
            surface.blit(one_line(footer, small, theme.INK_SOFT, w, min_px=10), (x, y))
        self.buttons.draw(surface, theme.text_size(size, 21))

    def _footer(self) -> str:
        """The small line at the bottom: where the games are."""
        try:
            return t("files.folder", path=str(store.games_dir()))
        except OSError:
            return ""

    def _draw_top(self, surface: pygame.Surface) -> None:
        """What sits between the header and the list (the name field when saving)."""

    def _draw_list(self, surface: pygame.Surface) -> None:
        size = self.size
        area = self.list_rect
        if not self.count:
            empty = theme.text(t(self.empty_key), theme.text_size(size, 19), theme.INK_SOFT)
            paper.blit_centred(surface, empty, area.centerx, area.y + 24)
            return
        name_px, date_px = theme.text_size(size, 19), theme.text_size(size, 15)
        old_clip = surface.get_clip()
        surface.set_clip(area)
        first = self.scroll // self.row_step
        for i in range(first, self.count):
            y = area.y + i * self.row_step - self.scroll
            if y > area.bottom:
                break
            row = pygame.Rect(area.x, y, area.w - (10 if self.max_scroll > 0 else 0), self.row_h)
            if i == self.selected:
                fill = theme.mix(theme.BUTTON_SELECTED, (255, 255, 255), 0.84)
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


    def _draw_row(self, surface: pygame.Surface, i: int, row: pygame.Rect, name_px: int, date_px: int) -> None:
        """One saved game: its name, and the date on the right."""
        entry = self.games[i]
        date = theme.text(entry.modified.strftime("%Y-%m-%d %H:%M"), date_px, theme.INK_SOFT)
        surface.blit(date, (row.right - 14 - date.get_width(), row.centery - date.get_height() // 2))
        name = one_line(named(entry.name, name_px), name_px, theme.INK, row.w - date.get_width() - 44)
        surface.blit(name, (row.x + 14, row.centery - name.get_height() // 2))

class OpenGameScene(GamesScene):
    """«Открыть партию»: the saved games; a tap opens one for review."""

    name = "open"
    title_key = "files.open.title"


class SaveGameScene(GamesScene):
    """«Сохранить партию»: a name (date-time and rule set unless typed over), «Сохранить», and the list.

    Typing edits the name (Backspace deletes, Enter saves); the saved game then
    shows in the list, chosen.
    """

    name = "save"
    title_key = "files.save.title"

    def __init__(self, stack: SceneStack, game: Game) -> None:
        super().__init__(stack)
        self.game = game
        self.name_text = default_name(game)
        self.saved: Path | None = None
        self.b_save = self.buttons.add(Button("files.save", primary=True), self.save)
        self.field = pygame.Rect(0, 0, 0, 0)
        self._name_label_y = 0
        self.clock = 0.0

    def save(self) -> None:
        """Write the game under the name typed; the message says where, or why not."""
        name = store.visible(self.name_text).strip() or default_name(self.game)
        try:
            text = sgf.dumps(self.game, info={"DT": datetime.now().strftime("%Y-%m-%d")})
            path = store.save_game(name, text)
        except Exception as e:  # noqa: BLE001 — StoreError or worse: a line on the screen, never a crash
            log.warning("game not saved as %r: %s", name, e)
            problem = store.problem_of(e)
            why = problem if isinstance(e, (store.StoreError, OSError, UnicodeError)) else "problem.not_written"
            self.message = (store.Notice("files.save_failed", why), theme.ILLEGAL)
            return
        self.saved = path
        self.b_save.enabled = False  # until the name changes: a second press would only make a copy
        self.message = (store.Notice("files.saved", fields=(("name", path.stem),)), theme.BLUE_DARK)
        self.refresh()
        for i, entry in enumerate(self.games):
            if entry.path == path:
                self.select(i)

    def resume(self) -> None:
        super().resume()
        pygame.key.start_text_input()

    def pause(self) -> None:
        pygame.key.stop_text_input()

    def shutdown(self) -> None:
        pygame.key.stop_text_input()

    def update(self, dt: float) -> None:
        self.clock += dt

    def wake_in(self) -> float | None:
        """When the caret blinks next."""
        return 0.5 - self.clock % 0.5

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
        if event.type == pygame.TEXTINPUT:
            # What shows as nothing or turns the name around («\u202e» makes «txt.exe») never gets in.
            text = store.visible("".join(ch for ch in event.text if ch.isprintable()))
            self.name_text = type_into(self.name_text, text)
            self.b_save.enabled = True
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                if event.mod & pygame.KMOD_CTRL:
                    self.name_text = self.name_text.rstrip().rpartition(" ")[0]
                else:
                    self.name_text = self.name_text[:-1]
                self.b_save.enabled = True
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save()
                return
        super().process_event(event)

    def _draw_top(self, surface: pygame.Surface) -> None:
        size = self.size
        px = theme.text_size(size, 17)
        surface.blit(theme.text(t("files.name"), px, theme.INK_SOFT), (self.field.x, self._name_label_y))
        pygame.draw.rect(surface, theme.BUTTON, self.field, border_radius=8)
        pygame.draw.rect(surface, theme.BUTTON_SELECTED, self.field, 2, border_radius=8)
        inner = self.field.w - 28
        font = theme.font(theme.text_size(size, 20))
        shown = self.name_text
        while shown and font.size(shown)[0] > inner:  # a long name shows its end, where the caret is
            shown = shown[1:]
        img = theme.text(shown, theme.text_size(size, 20), theme.INK)
        tx, ty = self.field.x + 12, self.field.centery - img.get_height() // 2
        surface.blit(img, (tx, ty))
        if int(self.clock * 2) % 2 == 0:  # a blinking caret at the end
            cx = tx + img.get_width() + 2
            pygame.draw.line(surface, theme.INK, (cx, ty + 2), (cx, ty + img.get_height() - 2), 2)
        if self._label_y is not None:
            surface.blit(theme.text(t("files.list"), px, theme.INK_SOFT), (self.field.x, self._label_y))


class UnfinishedScene(GamesScene):
    """«Неоконченные партии»: every game in progress, the latest first; a tap resumes it,
    «✕» on its row (or Delete) deletes it after asking."""

    name = "unfinished"
    title_key = "unfinished.title"
    empty_key = "unfinished.empty"

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack)
        self.unfinished: list[store.Resumable] = []

    @property
    def count(self) -> int:
        return len(self.unfinished)

    def refresh(self) -> None:
        found = store.list_current()
        self.unfinished = found.games
        if found.notices:
            self.message = (found.notices[0], theme.ILLEGAL)
        if self.selected is not None and self.selected >= self.count:
            self.selected = None
        self.scroll_by(0)

    def open_entry(self, index: int) -> None:
        """Resume the game of row ``index``."""
        if not 0 <= index < self.count:
            return
        self.selected = index
        self.message = None  # what went wrong with another game is no longer news
        entry = self.unfinished[index]
        try:
            resumed = resume(entry)
        except Exception as e:  # noqa: BLE001 — the store checked it; a file changed since is still no crash
            log.warning("game in progress %s not resumed: %s", entry.slot, e)
            self.message = (store.Notice("menu.resume_failed", store.problem_of(e)), theme.ILLEGAL)
            return
        self.stack.go("play", Match(*resumed))

    def ask_delete(self, index: int) -> None:
        """Ask, then delete the game of row ``index``."""
        if not 0 <= index < self.count:
            return
        slot = self.unfinished[index].slot
        self.selected = index
        self.stack.go("confirm", Question("confirm.delete", "confirm.delete.yes", lambda: self.delete(slot),
                                          hint="confirm.delete.hint"))

    def delete(self, slot: str) -> None:
        """Delete the game in progress ``slot`` now (no question asked)."""
        store.clear_current(slot)
        self.refresh()

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
        line = one_line(describe(entry), name_px, theme.INK, box.x - row.x - date.get_width() - 40)
        surface.blit(line, (row.x + 14, row.centery - line.get_height() // 2))


def describe(entry: store.Resumable) -> str:
    """«Страны, 20 × 20 · компьютер: Новичок · ход 12»: what the list says of a game in progress."""
    game = entry.game if entry.game is not None else sgf.loads(entry.text)
    meta = entry.meta
    if meta.get("mode") == "computer":
        level = meta.get("level")
        opponent = t("unfinished.computer", level=t(f"level.{level}") if f"level.{level}" in LEVEL_KEYS else "?")
    else:
        opponent = t("unfinished.hotseat")
    rules = rules_name(game.rules) if isinstance(game.rules, Rules) else ""
    return t("unfinished.row", rules=rules, w=game.width, h=game.height, opponent=opponent, k=game.move_count)
