"""Games as files: «Открыть партию» lists the games folder, «Сохранить партию» writes to it,
«Неоконченные партии» lists the games in progress.

No system dialog: the list shows :func:`game.storage.library.games_dir`, whose path is
written small at the bottom, so a player can drop ``.sgf`` files from other Dots
programs there (a classic ``GM[40]`` record with setup dots opens like ours).
Tapping a game opens it in the review (``stack.go("review", …)``). Anything that goes
wrong (``StoreError`` from reading or writing, ``SgfError`` from a record that is
not a game) is one line on the screen in the player's language (its kind,
:func:`game.storage.errors.problem_of`; the detail goes to the log), never a crash.
A file's size is checked before it is read, so no file holds the screen up.

Each saved game's row shows a picture of its last position, its rules, board, moves
and result, the players (and the computer's level) as the record names them, and
the date; newest first. Rows are read and drawn a few a frame by a
:class:`game.view.thumbnail.Catalogue` (a blank sheet until then), so a folder of
hundreds of games scrolls at once. In «Открыть партию» «✎» (F2) renames a game (a name
card: the name offered is confirmed with a tap, typing edits it) and «✕» (Delete) deletes
it, with «Вернуть» (Ctrl+Z) for a few seconds; the games in progress are one tap away
(«Неоконченные: N»), and the sample games shipped with the game (``assets/samples``)
are listed apart, below the player's own.

«Сохранить партию» is opened with the game (``Match``: its set-up names the players and
the computer's level in the record, ``PB``/``PW`` and ``BR``/``WR``), from the results or
from the question on leaving a game in progress.

The unfinished games list shows each game in progress (rules, board, opponent,
move, date); a tap resumes it in play, «✕» deletes it after asking.

Open by name: ``stack.go("open")``, ``stack.go("save", Match(settings, game))`` (a bare
``Game`` too) or ``stack.go("unfinished")``; Esc or «Назад» goes back.
"""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path

import pygame

from ai import PLAYER_LEVELS
from engine import Game, Player, Rules, format_score, sgf
from game.input.pointer import pointer_of
from game.match.settings import MatchSettings
from game.paths import asset_path
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Match, Naming, Question, Reviewing
from game.storage import errors, library, unfinished
from game.storage.autosave import resume
from game.strings import STRINGS, rules_name, t
from game.view import hud, paper, theme, thumbnail
from game.view.textfit import named, one_line, wrap
from game.view.widgets import Button, ButtonGroup

log = logging.getLogger(__name__)

DRAG_SLOP = 10  # px a press may wander and still count as a tap on a row
LEVEL_KEYS = frozenset(f"level.{level}" for level in PLAYER_LEVELS)
UNDO_SECONDS = 6.0
"""How long «Вернуть» is offered after a game is deleted; then it is gone for good."""
FOOTER_LINES = 2  # lines the games folder's path may take under the list
LINE_GAP = 3  # px between the lines of a row: descenders of one never touch the next
SAMPLES_DIR = asset_path("samples")
"""Games shipped with the program (the zagram.org record): listed apart, never renamed or deleted."""


def default_name(game: Game, now: datetime | None = None) -> str:
    """«2025-01-18 14-30 Страны»: when, and which rule set (no ':' — not every file system takes it)."""
    now = now or datetime.now()
    return t("files.default_name", date=now.strftime("%Y-%m-%d %H-%M"), rules=rules_name(game.rules))


def record_info(settings: MatchSettings | None, now: datetime) -> dict[str, str]:
    """The root properties a saved record gets besides the game: the date, and against the computer
    who played which colour (``PB``/``PW``) and its level as the computer's rank (``BR``/``WR``),
    in the player's language, as other programs show names.

    >>> from game.match.settings import ComputerSettings
    >>> record_info(MatchSettings(computer=ComputerSettings("master", Player.RED)), datetime(2025, 1, 18))
    {'DT': '2025-01-18', 'PB': 'Компьютер', 'BR': 'Мастер', 'PW': 'Игрок'}
    """
    info = {"DT": now.strftime("%Y-%m-%d")}
    computer = settings.computer if settings is not None else None
    if computer is not None:
        side, other = ("B", "W") if computer.computer is Player.BLUE else ("W", "B")
        info[f"P{side}"] = t("play.computer")
        if f"level.{computer.level}" in LEVEL_KEYS:
            info[f"{side}R"] = t(f"level.{computer.level}")
        info[f"P{other}"] = t("files.player.human")
    return info


def type_into(name: str, typed: str) -> str:
    """``name`` with ``typed`` added, as much of it as fits the limits: :data:`library.MAX_NAME`
    characters and :data:`library.MAX_NAME_BYTES` bytes on disk.

    >>> len(type_into("", "😀" * 60).encode("utf-8")) <= library.MAX_NAME_BYTES
    True
    """
    for ch in typed:
        longer = name + ch
        if len(longer) > library.MAX_NAME or len(longer.encode("utf-8", "surrogatepass")) > library.MAX_NAME_BYTES:
            break
        name = longer
    return name


def open_record(path: Path | str) -> sgf.Record:
    """The record in a saved file, read once: the game, its root properties (names, date …), its
    clock (``TM``, ``BL``/``WL``), its hints and how it ended.

    Raises ``errors.StoreError`` (unreadable file) or ``sgf.SgfError`` (not a game).
    """
    return sgf.read(library.read_game(path))


def result_text(summary: thumbnail.Summary) -> str:
    """«Синие +7», «ничья», a loss on time or a resignation the record states («Красные: у соперника
    вышло время», «Красные: соперник сдался») even when the count says otherwise, or the score so
    far of a game not counted: «не окончена, 3 : 60»."""
    winner, _, how = summary.recorded.partition("+")
    winner, how = winner.strip().upper(), how.strip()[:1].upper()
    if winner in ("B", "W") and how in ("R", "T"):  # RE[W+R], RE[B+T]: resigned, out of time
        player = t("player.blue" if winner == "B" else "player.red")
        return t("files.result.resigned" if how == "R" else "files.result.time", player=player)
    if not summary.over:
        return t("files.result.open", blue=format_score(summary.blue), red=format_score(summary.red))
    if summary.blue == summary.red:
        return t("files.result.draw")
    winner = "player.blue" if summary.blue > summary.red else "player.red"
    return t("files.result.won", player=t(winner), margin=format_score(abs(summary.blue - summary.red)))


def details_text(summary: thumbnail.Summary) -> str:
    """«Классика · 39 × 32 · ходов: 244 · не окончена, 3 : 60»: the row's second line."""
    return t("files.row", rules=rules_name(summary.rules), w=summary.width, h=summary.height, k=summary.moves,
             result=result_text(summary))


SIDE_KEYS = ("play.computer", "files.player.human")
"""What :func:`record_info` writes as a side's name: read back in the language now in force."""


def in_this_language(text: str, keys: tuple[str, ...] | frozenset[str]) -> str:
    """``text`` in the language now in force if it is one of ``keys``' texts in any language (a record we
    wrote in Russian shows «Computer (Master)» in English); else as it is, a name.

    >>> in_this_language("Мастер", LEVEL_KEYS), in_this_language("Маша", SIDE_KEYS)
    ('Мастер', 'Маша')
    """
    return next((t(key) for key in sorted(keys) if text in STRINGS[key].values()), text)


def player_text(summary: thumbnail.Summary, player: Player) -> str:
    """A side as the record names it, its rank (the computer's level) after it; the colour if unnamed."""
    i = 0 if player is Player.BLUE else 1
    name = summary.players[i] or t("player.blue" if player is Player.BLUE else "player.red")
    name, rank = in_this_language(name, SIDE_KEYS), in_this_language(summary.ranks[i], LEVEL_KEYS)
    return t("files.player.ranked", name=name, rank=rank) if rank else name


class NameField:
    """A one-line name being typed: typed text goes in (only what shows, within the file name limits),
    Backspace takes a character (Ctrl: a word) back; the caret blinks at the end."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.clock = 0.0

    def handle(self, event: pygame.event.Event) -> bool:
        """True when ``event`` was typing (and changed or tried to change the text)."""
        if event.type == pygame.TEXTINPUT:
            # What shows as nothing or turns the name around («\u202e» makes «txt.exe») never gets in.
            text = library.visible("".join(ch for ch in event.text if ch.isprintable()))
            self.text = type_into(self.text, text)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            if event.mod & pygame.KMOD_CTRL:
                self.text = self.text.rstrip().rpartition(" ")[0]
            else:
                self.text = self.text[:-1]
            return True
        return False

    def open(self, box: pygame.Rect) -> None:
        """Typing starts: a touch screen's keyboard comes up, and a system keyboard or IME shows its
        window by ``box``."""
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(box)

    @staticmethod
    def close() -> None:
        """Typing ends (the scene is covered or gone): the system keyboard goes away."""
        pygame.key.stop_text_input()

    def tick(self, dt: float) -> None:
        self.clock += dt

    def next_blink(self) -> float:
        """Seconds until the caret blinks next."""
        return 0.5 - self.clock % 0.5

    def draw(self, surface: pygame.Surface, box: pygame.Rect, px: int) -> None:
        """The field in ``box``, its text at ``px``; a long name shows its end, where the caret is."""
        pygame.draw.rect(surface, theme.BUTTON, box, border_radius=8)
        pygame.draw.rect(surface, theme.BUTTON_SELECTED, box, 2, border_radius=8)
        font = theme.font(px)
        shown = self.text
        while shown and font.size(shown)[0] > box.w - 28:
            shown = shown[1:]
        img = theme.text(shown, px, theme.INK)
        tx, ty = box.x + 12, box.centery - img.get_height() // 2
        surface.blit(img, (tx, ty))
        if int(self.clock * 2) % 2 == 0:
            cx = tx + img.get_width() + 2
            pygame.draw.line(surface, theme.INK, (cx, ty + 2), (cx, ty + img.get_height() - 2), 2)


class GamesScene(Scene):
    """A list of finger-sized rows; a tap (or Enter) opens one.

    The list scrolls by wheel, drag and keys (↑ ↓ choose, PgUp PgDn, Home End).
    """

    name = "files"
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

    # ----- the list ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the folder again (a file may have been dropped in or saved)."""
        self.games = library.list_games()
        self._keep_selection()

    def _keep_selection(self) -> None:
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
        except Exception as e:  # noqa: BLE001 — StoreError, SgfError or worse: a line on the screen, never a crash
            log.warning("%s not opened: %s", entry.path.name, e)
            name = named(entry.name, theme.text_size(self.size, 15), bold=True)
            self.message = (errors.Notice("files.open_failed", errors.problem_of(e), (("name", name),)), theme.ILLEGAL)
            return
        players = (record.info.get("PB", ""), record.info.get("PW", ""))
        self.stack.go("review", Reviewing(record.game, title=entry.name, players=players, times=record.times,
                                          hints=record.hints))

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

    def row_height(self, size: tuple[int, int]) -> int:
        """How tall a row is in a window of ``size``: a button's height, a finger target."""
        return theme.button_height(size)

    def footer_height(self, size: tuple[int, int]) -> int:
        """Room under the list: a message line and the folder's path (two lines: see :meth:`draw`)."""
        return (1 + FOOTER_LINES) * theme.font(theme.text_size(size, 15)).get_linesize() + 16

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = theme.button_height(size)
        self.row_h = self.row_height(size)
        margin = max(12, round(20 * theme.ui_scale(size)))
        back_w = max(110, round(150 * theme.ui_scale(size)))
        self.b_back.rect = pygame.Rect(margin, margin, back_w, bh)
        self._title_pos = (self.b_back.rect.right + margin, margin + bh // 2)
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
            return t("files.folder", path=str(library.games_dir()))
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
            empty = theme.text(t(self.empty_key), theme.text_size(size, 19), theme.INK_SOFT)
            paper.blit_centred(surface, empty, area.centerx, area.y + 16 - self.scroll)
        self._draw_sections(surface)
        for i in self.visible_rows():
            row = self.row_rect(i)
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

    def _draw_sections(self, surface: pygame.Surface) -> None:
        """Headings between the rows (the samples')."""

    def _draw_row(self, surface: pygame.Surface, i: int, row: pygame.Rect, name_px: int, date_px: int) -> None:
        """One saved game: its name, and the date on the right."""
        entry = self.entry(i)
        date = theme.text(entry.modified.strftime("%Y-%m-%d %H:%M"), date_px, theme.INK_SOFT)
        surface.blit(date, (row.right - 14 - date.get_width(), row.centery - date.get_height() // 2))
        name = one_line(named(entry.name, name_px), name_px, theme.INK, row.w - date.get_width() - 44)
        surface.blit(name, (row.x + 14, row.centery - name.get_height() // 2))


class SavedGamesScene(GamesScene):
    """The saved games as rows with a picture of the last position, rules, board, moves, result,
    players and date; pictures and summaries come a few a frame (:mod:`game.view.thumbnail`)."""

    column = 1000

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack, data)
        self.samples: list[library.SavedGame] = []
        self.catalogue = thumbnail.Catalogue()
        self._lines: tuple[int, int] = (19, 15)  # the name's and the other lines' type size

    def entry(self, index: int) -> library.SavedGame:
        return self.games[index] if index < self.count else self.samples[index - self.count]

    @property
    def rows(self) -> int:
        return self.count + len(self.samples)

    def section_height(self) -> int:
        """The samples' heading."""
        return theme.font(theme.text_size(self.size, 17)).get_linesize() + 2 * self.row_gap

    def row_top(self, index: int) -> int:
        if index < self.count:
            return index * self.row_step
        # The player's games (or the line saying there are none), then the samples under their heading.
        return max(1, self.count) * self.row_step + self.section_height() + (index - self.count) * self.row_step

    def row_height(self, size: tuple[int, int]) -> int:
        name_px, small_px = theme.text_size(size, 18), theme.text_size(size, 14)
        self._lines = (name_px, small_px)
        lines = theme.font(name_px, True).get_linesize() + 2 * theme.font(small_px).get_linesize()
        return max(theme.button_height(size), lines + 2 * LINE_GAP + 20)

    def thumb_size(self) -> tuple[int, int]:
        """The box a row's picture fits in: the row's height, a little wider (most boards are)."""
        side = self.row_h - 10
        return (round(side * 1.3), side)

    def key(self, index: int) -> thumbnail.Key:
        """The catalogue's key of row ``index``'s file."""
        entry = self.entry(index)
        return thumbnail.key_of(entry.path, entry.modified_ns, entry.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.catalogue.box = self.thumb_size()

    def update(self, dt: float) -> None:
        self._read_some()

    def _read_some(self, budget: float = thumbnail.STEP_BUDGET_SECONDS) -> None:
        """This frame's share of reading files and drawing pictures: the rows in sight first, then a
        screenful either way, so a scroll finds them ready."""
        shown = self.visible_rows()
        ahead = range(max(0, shown.start - len(shown)), min(self.rows, shown.stop + len(shown)))
        order = [*shown, *(i for i in ahead if i not in shown)]
        self.catalogue.want((self.key(i), self.entry(i).path) for i in order)
        if not self.catalogue.done():
            self.catalogue.work(budget)

    def read_all_in_sight(self) -> None:
        """Every row in sight read and drawn now (screenshots; tests)."""
        while True:
            self._read_some()
            if self.catalogue.done():
                return

    def wake_in(self) -> float | None:
        """0 while rows in sight or near wait for their pictures."""
        return 0.0 if not self.catalogue.done() else None

    def boxes(self, index: int) -> list[pygame.Rect]:
        """The small buttons on row ``index`` (none here)."""
        return []

    def _draw_row(self, surface: pygame.Surface, i: int, row: pygame.Rect, name_px: int, date_px: int) -> None:
        """The picture, then three lines: name and date; rules, board, moves and result; the players."""
        entry, key = self.entry(i), self.key(i)
        name_px, small_px = self._lines
        thumb_box = pygame.Rect((row.x + 5, row.y + 5), self.thumb_size())
        picture = self.catalogue.picture(key)
        if picture is None:
            thumbnail.draw_placeholder(surface, thumb_box)
        else:
            surface.blit(picture, picture.get_rect(center=thumb_box.center))
        boxes = self.boxes(i)
        for box, mark in zip(boxes, ("files.rename", "files.delete"), strict=False):
            pygame.draw.line(surface, theme.BUTTON_EDGE, (box.x, row.y + 8), (box.x, row.bottom - 8))
            ink = theme.RED_DARK if mark == "files.delete" else theme.BLUE_DARK
            icon = theme.text(t(mark), theme.text_size(self.size, 22), ink, bold=True)
            surface.blit(icon, icon.get_rect(center=box.center))
        x = thumb_box.right + 12
        right = (boxes[0].x if boxes else row.right) - 12
        name_h = theme.font(name_px, True).get_linesize()
        small_h = theme.font(small_px).get_linesize()
        y = row.y + (row.h - name_h - 2 * small_h - 2 * LINE_GAP) // 2
        summary = self.catalogue.summary(key)
        if i < self.count:
            when = entry.modified.strftime("%Y-%m-%d %H:%M")  # when it was saved: the order of the list
        else:  # a sample: when it was played, not when the program was installed
            when = summary.date if isinstance(summary, thumbnail.Summary) else ""
        date = theme.text(when, small_px, theme.INK_SOFT)
        surface.blit(date, (right - date.get_width(), y + (name_h - date.get_height()) // 2))
        name = one_line(named(entry.name, name_px, bold=True), name_px, theme.INK, right - x - date.get_width() - 16,
                        bold=True)
        surface.blit(name, (x, y))
        y += name_h + LINE_GAP
        if summary is None:
            return
        if isinstance(summary, str):
            why = one_line(t("files.unreadable", why=t(summary)), small_px, theme.RED_DARK, right - x)
            surface.blit(why, (x, y))
            return
        surface.blit(one_line(details_text(summary), small_px, theme.INK, right - x), (x, y))
        y += small_h + LINE_GAP
        r = max(3, small_h // 4)
        for player in (Player.BLUE, Player.RED):
            if x + 4 * r > right:
                break
            paper.player_dot(surface, theme.player_colour(player), theme.player_dark(player), (x + r, y + small_h // 2), r)
            room = (right - x) // 2 if player is Player.BLUE else right - x
            label = one_line(player_text(summary, player), small_px, theme.INK_SOFT, max(1, room - 2 * r - 8))
            surface.blit(label, (x + 2 * r + 6, y + (small_h - label.get_height()) // 2))
            x += 2 * r + 6 + label.get_width() + 3 * r

    def _draw_sections(self, surface: pygame.Surface) -> None:
        if not self.samples:
            return
        px = theme.text_size(self.size, 17)
        y = self.list_rect.y + max(1, self.count) * self.row_step + self.row_gap - self.scroll
        heading = one_line(t("files.samples"), px, theme.INK_SOFT, self.list_rect.w, bold=True)
        surface.blit(heading, (self.list_rect.x + 4, y))


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
            self.message = (errors.Notice("files.restored", fields=(("name", path.stem),)), theme.BLUE_DARK)
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
        for i, entry in enumerate(self.games):
            if entry.path == path:
                self.select(i)

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
        name = library.visible(name).strip() or entry.name
        try:
            path = library.rename_game(entry.path, name)
        except errors.StoreError as e:
            log.warning("%s not renamed as %r: %s", entry.path.name, name, e)
            self.message = (errors.Notice("files.rename_failed", e.problem), theme.ILLEGAL)
            return
        self.message = (errors.Notice("files.renamed", fields=(("name", path.stem),)), theme.BLUE_DARK)
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


class NameScene(Scene):
    """A card over the list asking for a name (:class:`Naming`): the name offered in a field, «Отмена»
    and the «yes» the asker names. A tap on «yes» takes the name as it is; typing edits it (Backspace,
    Ctrl+Backspace a word), Enter takes it, Esc or a tap outside the card closes the card."""

    overlay = True
    name = "rename"

    def __init__(self, stack: SceneStack, asked: Naming) -> None:
        super().__init__(stack)
        self.asked = asked
        self.name_field = NameField(asked.name)
        self.buttons = ButtonGroup()
        self.b_yes = self.buttons.add(Button(asked.yes, primary=True), self.accept)
        self.b_no = self.buttons.add(Button("files.rename.no"), self.stack.pop)
        self._card = pygame.Rect(0, 0, 0, 0)
        self.field = pygame.Rect(0, 0, 0, 0)
        self._dim: pygame.Surface | None = None

    def accept(self) -> None:
        """Close the card, then hand the name on."""
        self.stack.pop()
        self.asked.on_name(self.name_field.text)

    def resume(self) -> None:
        self.name_field.open(self.field)

    def pause(self) -> None:
        self.name_field.close()

    def shutdown(self) -> None:
        self.name_field.close()

    def update(self, dt: float) -> None:
        self.name_field.tick(dt)

    def wake_in(self) -> float | None:
        return self.name_field.next_blink()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = theme.button_height(size)
        pad = 28
        title_h = theme.font(theme.text_size(size, 26), True).get_linesize()
        card_w = min(w - 40, round(700 * theme.ui_scale(size)))
        card_h = pad + title_h + 14 + bh + 20 + bh + pad
        self._card = pygame.Rect((w - card_w) // 2, (h - card_h) // 2, card_w, card_h)
        self.field = pygame.Rect(self._card.x + pad, self._card.y + pad + title_h + 14, card_w - 2 * pad, bh)
        each = (card_w - 3 * pad) // 2
        y = self._card.bottom - pad - bh
        self.b_no.rect = pygame.Rect(self._card.x + pad, y, each, bh)
        self.b_yes.rect = pygame.Rect(self._card.x + 2 * pad + each, y, each, bh)
        pygame.key.set_text_input_rect(self.field)
        self._dim = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        self._dim.fill(theme.DIM)

    def process_event(self, event: pygame.event.Event) -> None:
        if self.name_field.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.accept()
            elif event.key == pygame.K_ESCAPE:
                self.stack.pop()
            return
        p = pointer_of(event, self.size)
        if p is not None and not self.buttons.handle(p) and p.kind == "up" and not self._card.collidepoint(p.pos):
            self.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        if self._dim is not None:
            surface.blit(self._dim, (0, 0))
        paper.card(surface, self._card)
        title = one_line(t(self.asked.title), theme.text_size(self.size, 26), theme.INK, self._card.w - 56, bold=True)
        surface.blit(title, (self._card.x + 28, self._card.y + 28))
        self.name_field.draw(surface, self.field, theme.text_size(self.size, 20))
        self.buttons.draw(surface, theme.text_size(self.size, 21))


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
        self.ending = match.ending if isinstance(saving, Match) else None
        """How the game ended, for the record's ``RE`` (a loss on time says so); None: as the board says."""
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
            info = record_info(self.settings, datetime.now()) | sgf.hints_info(self.hints)
            text = sgf.dumps(self.game, info=info, times=self.times, ending=self.ending)
            path = library.save_game(name, text)
        except Exception as e:  # noqa: BLE001 — StoreError or worse: a line on the screen, never a crash
            log.warning("game not saved as %r: %s", name, e)
            problem = errors.problem_of(e)
            why = problem if isinstance(e, (errors.StoreError, OSError, UnicodeError)) else "problem.not_written"
            self.message = (errors.Notice("files.save_failed", why), theme.ILLEGAL)
            return
        self.saved = path
        self.b_save.enabled = False  # until the name changes: a second press would only make a copy
        self.message = (errors.Notice("files.saved", fields=(("name", path.stem),)), theme.BLUE_DARK)
        self.refresh()
        for i, entry in enumerate(self.games):
            if entry.path == path:
                self.select(i)

    def resume(self) -> None:
        super().resume()
        self.name_field.open(self.field)

    def pause(self) -> None:
        self.name_field.close()

    def shutdown(self) -> None:
        self.name_field.close()

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
        shown = [i for i in self.visible_rows() if i < len(self.keys)]
        self.catalogue.want((self.keys[i], unfinished.slot_path(self.unfinished[i].slot)) for i in shown)
        if not self.catalogue.done():
            self.catalogue.work()

    def wake_in(self) -> float | None:
        """0 while rows in sight wait for their pictures."""
        return 0.0 if not self.catalogue.done() else None

    def refresh(self) -> None:
        found = unfinished.list_current()
        self.unfinished = found.games
        self.keys = [thumbnail.key_of_file(unfinished.slot_path(e.slot)) or (e.slot, 0, 0) for e in self.unfinished]
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
            self.message = (errors.Notice("menu.resume_failed", errors.problem_of(e)), theme.ILLEGAL)
            return
        self.stack.go("play", Match(*resumed))

    def ask_delete(self, index: int) -> None:
        """Ask, then delete the game of row ``index``."""
        if not 0 <= index < self.count:
            return
        slot = self.unfinished[index].slot
        self.selected = index
        self.stack.go("confirm", Question("confirm.delete", "confirm.delete.yes", lambda: self.delete(slot),
                                          hint="confirm.delete.hint", no="confirm.delete.no"))

    def delete(self, slot: str) -> None:
        """Delete the game in progress ``slot`` now (no question asked)."""
        unfinished.clear_current(slot)
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
    meta = entry.meta
    if meta.get("mode") == "computer":
        level = meta.get("level")
        opponent = t("unfinished.computer", level=t(f"level.{level}") if f"level.{level}" in LEVEL_KEYS else "?")
    else:
        opponent = t("unfinished.hotseat")
    rules = rules_name(game.rules) if isinstance(game.rules, Rules) else ""
    return t("unfinished.row", rules=rules, w=game.width, h=game.height, opponent=opponent,
             k=hud.move_number(game))
