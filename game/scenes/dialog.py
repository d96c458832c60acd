"""A yes/no question over the current scene («Выйти из партии?», «Завершить и подсчитать?»)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.input.pointer import pointer_of
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Question
from game.strings import t
from game.view import paper, theme
from game.view.widgets import Button, ButtonGroup


class ConfirmScene(Scene):
    """Asks the :class:`Question`; «yes» closes the dialog then runs its ``on_yes`` (a third answer, its
    own action the same way); «no», Esc or a tap outside close it, then run its ``on_no`` if it has one."""

    overlay = True
    name = "confirm"

    def __init__(self, stack: SceneStack, asked: Question) -> None:
        super().__init__(stack)
        self.question = asked.question
        self.hint = asked.hint
        self.hint_fields = dict(asked.hint_fields)
        self.on_yes = asked.on_yes
        self.on_no = asked.on_no
        self.buttons = ButtonGroup()
        self.b_yes = self.buttons.add(Button(asked.yes, primary=True), self.accept)
        self.b_no = self.buttons.add(Button(asked.no), self.decline)
        self.b_other: Button | None = None
        if asked.other is not None:
            key, action = asked.other
            self.b_other = self.buttons.add(Button(key), lambda: self._answer(action))
        self._box = pygame.Rect(0, 0, 0, 0)
        self._dim: pygame.Surface | None = None

    def accept(self) -> None:
        """Close the dialog, then do what was asked (which may leave the scene below too)."""
        self._answer(self.on_yes)

    def decline(self) -> None:
        """Close the dialog, then do what «no» does, if anything."""
        self._answer(self.on_no or (lambda: None))

    def _answer(self, action: Callable[[], object]) -> None:
        self.stack.pop()
        action()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = theme.button_height(size)
        # The card grows with the type: held at 820 px, a 1920×1080 window's three answers shrank
        # to two thirds of the type asked for («Сохранить партию» did not fit its third).
        base = 640 if self.b_other is None else 820
        box_w = min(max(base, round(base * theme.ui_scale(size))), int(w * 0.8))
        box_h = theme.text_size(size, 30) + theme.text_size(size, 18) + bh + 110
        self._box = pygame.Rect((w - box_w) // 2, (h - box_h) // 2, box_w, box_h)
        pad = 28
        row = [self.b_no, *([self.b_other] if self.b_other is not None else []), self.b_yes]
        each = (box_w - (len(row) + 1) * pad) // len(row)
        y = self._box.bottom - pad - bh
        for i, button in enumerate(row):
            button.rect = pygame.Rect(self._box.x + pad + i * (each + pad), y, each, bh)
        self._dim = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        self._dim.fill(theme.DIM)

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            if not self.buttons.handle(p) and p.kind == "up" and not self._box.collidepoint(p.pos):
                self.decline()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.decline()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.accept()

    def draw(self, surface: pygame.Surface) -> None:
        if self._dim is not None:
            surface.blit(self._dim, (0, 0))
        paper.card(surface, self._box)
        cx = self._box.centerx
        y = self._box.y + 26
        title = theme.text(t(self.question), theme.text_size(self.size, 30), theme.INK, bold=True)
        y = paper.blit_centred(surface, title, cx, y) + 10
        if self.hint:
            hint = theme.text(t(self.hint, **self.hint_fields), theme.text_size(self.size, 18), theme.INK_SOFT)
            paper.blit_centred(surface, hint, cx, y)
        self.buttons.draw(surface, theme.text_size(self.size, 21))
