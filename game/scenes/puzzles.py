"""«Задачи»: choose a theme, or go on in order; each opens its first puzzle not yet solved.

The shipped puzzles are read once a run (:func:`shelf`); the stars come from the progress file
(:class:`game.storage.puzzle_progress.PuzzleProgress`), read when this screen opens. A damaged progress
file, or puzzle files that could not be read, are said in a line under the buttons; the rest works.
Opened from the menu as ``stack.go("puzzles")``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine.puzzle import Theme
from game.input.pointer import pointer_of
from game.match.puzzles import Shelf, load_shelf
from game.paths import asset_path
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import PuzzleRun
from game.storage.puzzle_progress import PuzzleProgress
from game.strings import t
from game.view import paper, theme
from game.view.textfit import one_line
from game.view.widgets import Button, ButtonGroup

_shelf: Shelf | None = None


def shelf() -> Shelf:
    """The shipped puzzles (``assets/puzzles/``), read on first use in a run."""
    global _shelf
    if _shelf is None:
        _shelf = load_shelf(asset_path("puzzles"))
    return _shelf


class PuzzlesScene(Scene):
    """«По порядку» and a button per theme, each with how many of its puzzles are solved."""

    name = "puzzles"

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack)
        self.shelf = shelf()
        self.progress = PuzzleProgress().load()
        self.buttons = ButtonGroup()
        self.b_back = self.buttons.add(Button("files.back"), self.stack.pop)
        self.b_order = self.buttons.add(Button("puzzles.in_order", solved=0, n=0, primary=True),
                                        lambda: self.open(None))
        self.theme_buttons = {th: self.buttons.add(Button("puzzles.theme_row", name=t(f"puzzle.theme.{th.value}"),
                                                          solved=0, n=0), self._opener(th)) for th in Theme}
        self._title_pos = (0, 0)
        self._notes_y = 0
        self._col = pygame.Rect(0, 0, 0, 0)

    def _opener(self, th: Theme) -> Callable[[], None]:
        return lambda: self.open(th)

    def open(self, th: Theme | None) -> None:
        """The list of ``th`` (None: all) from its first puzzle not yet solved."""
        puzzles = self.shelf.of_theme(th)
        if not puzzles:
            return
        first = next((i for i, p in enumerate(puzzles) if not self.progress.solved(p.name)), 0)
        self.stack.go("puzzle", PuzzleRun(puzzles, first, self.progress))

    def resume(self) -> None:
        """The counts again (a puzzle may have been solved meanwhile), in the language now in force."""
        for th, button in [(None, self.b_order), *self.theme_buttons.items()]:
            puzzles = self.shelf.of_theme(th)
            button.fields = {"solved": sum(self.progress.solved(p.name) for p in puzzles), "n": len(puzzles)}
            if th is not None:
                button.fields["name"] = t(f"puzzle.theme.{th.value}")
            button.enabled = bool(puzzles)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.resume()
        w, h = size
        head = theme.page_head(size)
        margin, bh, self.b_back.rect = head.margin, head.button_h, head.back
        self._title_pos = head.title_pos
        col_w = min(w - 2 * margin, round(520 * theme.ui_scale(size)))
        gap = max(6, bh // 5)
        rows = 1 + len(self.theme_buttons)
        top = margin + bh + margin
        each = min(bh, (h - top - margin - 2 * theme.text_size(size, 16) - gap * rows) // rows)
        x, y = (w - col_w) // 2, top
        self.b_order.rect = pygame.Rect(x, y, col_w, each)
        y += each + 2 * gap
        for button in self.theme_buttons.values():
            button.rect = pygame.Rect(x, y, col_w, each)
            y += each + gap
        self._col = pygame.Rect(x, top, col_w, y - top)
        self._notes_y = y + gap

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            self.buttons.handle(p)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open(None)

    def draw(self, surface: pygame.Surface) -> None:
        size = self.size
        surface.blit(paper.backdrop(size), (0, 0))
        room = size[0] - self._title_pos[0] - 12
        stars = sum(self.progress.stars.values())
        title = one_line(t("puzzles.title", stars=stars), theme.text_size(size, 32), theme.INK, room, bold=True)
        surface.blit(title, (self._title_pos[0], self._title_pos[1] - title.get_height() // 2))
        self.buttons.draw(surface, theme.text_size(size, 21))
        y = self._notes_y
        notes = []
        if self.shelf.unreadable:
            notes.append(t("puzzles.unreadable", n=self.shelf.unreadable))
        if self.progress.notice is not None:
            notes.append(self.progress.notice.text())
        for text in notes:
            line = one_line(text, theme.text_size(size, 16), theme.RED_DARK, size[0] - 24)
            paper.blit_centred(surface, line, size[0] // 2, y)
            y += line.get_height() + 4
