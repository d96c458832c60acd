"""The saved games as rows with a picture of the last position and what the record says of the game."""

from __future__ import annotations

import pygame

from engine import Player, format_score
from game.scenes.base import SceneStack
from game.scenes.files.listing import GamesScene
from game.storage import library
from game.storage.library import LEVEL_KEYS
from game.strings import STRINGS, rules_name, t
from game.view import paper, theme, thumbnail
from game.view.textfit import named, one_line

LINE_GAP = 3  # px between the lines of a row: descenders of one never touch the next


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
        super().update(dt)
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
        """0 while the list fills, or rows in sight or near wait for their pictures."""
        return 0.0 if self.filling or not self.catalogue.done() else None

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
