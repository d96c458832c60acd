"""The name card: the name of a saved game to confirm or type over (rename from «Открыть партию»)."""

from __future__ import annotations

import pygame

from game.input.pointer import pointer_of
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Naming
from game.strings import t
from game.view import paper, theme
from game.view.name_field import NameField
from game.view.textfit import one_line
from game.view.widgets import Button, ButtonGroup


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
