"""«Сыгранные партии»: every finished game kept (:mod:`game.storage.history`), newest first, as the saved
games are listed (a picture of the last position, rules, board, moves, result, players, date); a tap opens
one in the review. «Хранить: 500» at the top right says how many are kept and steps to the next choice;
the oldest beyond it go when the next game is kept. A notice under the list says what could not be read.

Opened as ``stack.go("history")``.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import pygame

from ai import Level
from ai.ladder import Rung
from game.scenes.base import SceneStack
from game.scenes.files.saved_list import SavedGamesScene
from game.storage import errors, history, library
from game.storage.names import shown
from game.storage.rating import strength_name
from game.strings import t
from game.view import theme
from game.view.widgets import Button

log = logging.getLogger(__name__)


def row_name(facts: history.Finished | None) -> str:
    """A finished game's name in the list: who played and how it went, in the language now in force."""
    if facts is None:
        return t("history.row.unknown")
    if facts.level is None:
        return t("history.row.hotseat")
    return t(f"history.row.{facts.outcome}", level=strength_name(Rung(Level(facts.level), facts.share)))


class HistoryScene(SavedGamesScene):
    """The finished games kept, newest first; a tap opens one for review; «Хранить: N» steps the limit."""

    name = "history"
    title_key = "history.title"
    empty_key = "history.empty"

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack, data)
        self.kept = history.History()
        self.facts: dict[str, history.Finished] = {}
        """The kept games' facts by file name: each row's name."""
        self.b_keep = self.buttons.add(Button("history.keep", n=history.DEFAULT_KEEP), self.next_keep)
        self.rechecking = False
        """The records are being compared with what is listed, a slice a frame."""

    def refresh(self) -> None:
        """The history read anew (its index checked against the folder, rebuilt if need be): every row at once,
        from the sizes and times that look found, none of the folder read again."""
        self.stop_reading()
        self.reader = None
        self.kept = history.load(quick=True)
        self.rechecking = True
        self.facts = self.kept.files
        self.b_keep.fields = {"n": self.kept.keep}
        if self.kept.notices:
            self.message = (self.kept.notices[0], theme.ILLEGAL)
        self.take(self.kept.rows(), self.chosen())

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.rechecking:  # the records compared with what is listed, a slice a frame: listed again if one changed
            changed = history.recheck()
            self.rechecking = changed is not None
            if changed:
                self.refresh()

    def wake_in(self) -> float | None:
        return 0.0 if self.rechecking else super().wake_in()

    def entry(self, index: int) -> library.SavedGame:
        game = super().entry(index)
        facts = self.facts.get(game.path.name)
        return replace(game, name=row_name(facts))

    def next_keep(self) -> None:
        """The next choice of how many games to keep (after the largest, the smallest)."""
        choices = history.KEEP_CHOICES
        keep = choices[(choices.index(self.kept.keep) + 1) % len(choices)] if self.kept.keep in choices \
            else history.DEFAULT_KEEP
        try:
            history.set_keep(keep)
        except errors.StoreError as e:
            log.warning("how many games to keep not changed: %s", e)
            self.message = (errors.Notice("history.keep_failed", e.problem), theme.ILLEGAL)
            return
        self.kept.keep = keep
        self.b_keep.fields = {"n": keep}
        self.message = (errors.Notice("history.keep_note", fields=(("n", str(keep)),)), theme.INK)

    def _lay_out_header(self, margin: int, bh: int) -> int:
        w = max(theme.finger_px(), round(230 * theme.ui_scale(self.size)))
        self.b_keep.rect = pygame.Rect(self.size[0] - margin - w, margin, w, bh)
        return w + margin

    def _footer(self) -> str:
        try:
            return t("history.folder", path=shown(history.history_dir()))
        except OSError:
            return ""
