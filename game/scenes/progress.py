"""«Успехи»: per rule set and opponent (each level, and two players) the games played, won, lost and
drawn, the current and best streak of wins, the biggest capture and the longest game, all counted from
the finished games kept (:mod:`game.storage.progress`); «Сыгранные: N» opens their list, «Достижения» the
achievements (:mod:`game.scenes.achievements`). What could not
be read is one line under the table. Opened as ``stack.go("progress")``.
"""

from __future__ import annotations

import pygame

from engine import Rules
from game.input.pointer import pointer_of
from game.scenes.base import SceneStack
from game.scenes.rechecked import RecheckedPage
from game.storage import history, history_index
from game.storage.progress import Tally, tally
from game.strings import rules_name, t
from game.view import paper, theme
from game.view.textfit import one_line, wrap
from game.view.widgets import Button, ButtonGroup, row_buttons

COLUMNS = ("played", "won", "lost", "drawn", "streak", "capture", "longest")
"""The table's figures, left to right, after the row's name (``progress.col.*``)."""


def row_label(row: Tally) -> str:
    """«Страны · Мастер», «Классика · два игрока»."""
    who = t(f"level.{row.level}") if row.level is not None else t("progress.hotseat")
    return t("progress.row", rules=rules_name(Rules(row.rules)), who=who)


def figures(row: Tally) -> list[str]:
    """The row's figures in :data:`COLUMNS`' order (a streak as «2 / 5»; none at one screen)."""
    streak = f"{row.streak} / {row.best_streak}" if row.level is not None else "—"
    return [str(row.played), str(row.won), str(row.lost), str(row.drawn), streak, str(row.capture), str(row.longest)]


_counted: tuple[dict[str, history_index.Known], list[Tally]] | None = None
"""The rows last counted, with the history's records they were counted from (the history gives the same
records again while nothing changed: a thousand games are not counted again at each open)."""


class ProgressScene(RecheckedPage):
    """The «Успехи» table; «Назад» (Esc) goes back, «Сыгранные: N» lists the games counted."""

    name = "progress"

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack)
        self.kept = history.History()
        self.rows: list[Tally] = []
        self.buttons = ButtonGroup()
        self.b_back = self.buttons.add(Button("files.back"), self.stack.pop)
        self.b_games = self.buttons.add(Button("progress.games", n=0), lambda: self.stack.go("history"))
        self.b_achievements = self.buttons.add(Button("progress.achievements"), lambda: self.stack.go("achievements"))
        self.b_rating = self.buttons.add(Button("rating.open"), lambda: self.stack.go("rating"))
        self._table = pygame.Rect(0, 0, 0, 0)
        self._title_pos = (0, 0)
        self.rechecking = False
        """The records are being compared with what was counted, a slice a frame."""

    def resume(self) -> None:
        """Counted anew each time it shows (a game may have ended since); the records then compared with what
        was counted a slice a frame (:func:`history.recheck`), counted again if one changed meanwhile."""
        global _counted
        self.kept = history.load(quick=True)
        if _counted is None or _counted[0] is not self.kept.records:  # (the same records while nothing changed)
            _counted = (self.kept.records, tally(self.kept.games))
        self.rows = _counted[1]
        self.b_games.fields = {"n": len(self.kept.games)}
        self.rechecking = True

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        head = theme.page_head(size)
        margin, bh, self.b_back.rect = head.margin, head.button_h, head.back
        # Three tabs of one width, evenly apart, as the rules' tabs are.
        tabs_w = min(3 * round(220 * theme.ui_scale(size)), w - head.back.w - 3 * margin)
        row_buttons([self.b_rating, self.b_achievements, self.b_games], w - margin - tabs_w, margin, tabs_w, bh,
                    margin // 2)
        self._title_pos = head.title_pos
        col_w = min(w - 2 * margin, round(1100 * theme.ui_scale(size)))
        top = margin + bh + margin
        self._table = pygame.Rect((w - col_w) // 2, top, col_w, h - top - margin)

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            self.buttons.handle(p)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        size = self.size
        surface.blit(paper.backdrop(size), (0, 0))
        room = self.b_rating.rect.x - self._title_pos[0] - 12
        title = one_line(t("progress.title"), theme.text_size(size, 32), theme.INK, room, bold=True)
        surface.blit(title, (self._title_pos[0], self._title_pos[1] - title.get_height() // 2))
        self.buttons.draw(surface, theme.text_size(size, 21))
        area = self._table
        px = theme.text_size(size, 17)
        line = theme.font(px).get_linesize() + 10
        y = area.y
        if not self.rows:
            empty = theme.text(t("progress.empty"), theme.text_size(size, 19), theme.INK_SOFT)
            paper.blit_centred(surface, empty, area.centerx, y + 16)
            y += line * 2
        else:
            y = self._draw_table(surface, area, px, line)
        if self.rows:
            for text in wrap(t("progress.legend"), theme.font(theme.text_size(self.size, 15)), area.w):
                note = theme.text(text, theme.text_size(self.size, 15), theme.INK_SOFT)
                surface.blit(note, (area.x, y))
                y += note.get_height() + 2
        if any(row.level is None for row in self.rows):
            note = one_line(t("progress.hotseat_note"), theme.text_size(self.size, 15), theme.INK_SOFT, area.w)
            surface.blit(note, (area.x, y))
            y += note.get_height() + 4
        for notice in self.kept.notices[:2]:
            says = one_line(notice.text(), theme.text_size(size, 15), theme.RED_DARK, area.w)
            surface.blit(says, (area.x, y + 6))
            y += says.get_height() + 6

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect, px: int, line: int) -> int:
        """The heading and a row per rule set and opponent; returns the y under it."""
        name_w = round(area.w * 0.3)
        col_w = (area.w - name_w) // len(COLUMNS)
        card = pygame.Rect(area.x - 8, area.y, area.w + 16, line * (len(self.rows) + 1) + 20)
        paper.card(surface, card)
        y = area.y + 10
        small = theme.text_size(self.size, 14)
        for i, key in enumerate(COLUMNS):
            head = one_line(t(f"progress.col.{key}"), small, theme.INK_SOFT, col_w - 6)
            surface.blit(head, (area.x + name_w + i * col_w + (col_w - head.get_width()) // 2,
                                y + (line - head.get_height()) // 2))
        y += line
        for row in self.rows:
            pygame.draw.line(surface, theme.BUTTON_EDGE, (area.x, y), (area.right, y))
            label = one_line(row_label(row), px, theme.INK, name_w - 8)
            surface.blit(label, (area.x + 4, y + (line - label.get_height()) // 2))
            for i, text in enumerate(figures(row)):
                ink = theme.INK
                if row.level is None and i in (1, 2):  # at one screen: Blue's wins, Red's wins
                    ink = theme.BLUE_DARK if i == 1 else theme.RED_DARK
                cell = one_line(text, px, ink, col_w - 6, bold=i == 1)
                surface.blit(cell, (area.x + name_w + i * col_w + (col_w - cell.get_width()) // 2,
                                    y + (line - cell.get_height()) // 2))
            y += line
        return card.bottom + 8
