"""A one-line text field for a saved game's name: typing, editing keys, and the limits a name on disk has."""

from __future__ import annotations

import pygame

from game.storage import library
from game.view import theme


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
