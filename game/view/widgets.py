"""Buttons for menus and the HUD: big enough for a finger, driven by mouse and touch alike.

A button acts when a press that began on it is released on it by the same
pointer, so a finger that slides off cancels, as on a phone, and the release of
another pointer (a second finger, a mouse copy of the finger) never acts. Which
events reach a button at all is decided before it, by ``game.input.pointer.InputFilter``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeVar

import pygame

from game.input.pointer import Pointer
from game.strings import t
from game.view import theme
from game.view.sound import Sounds

LABEL_MARGIN = 20
"""Pixels a label leaves free in its button, both sides together (less, and it shrinks): a label
nearer the frame than ten pixels looks cramped."""


class Button:
    """A labelled rectangle that reports a completed press.

    The label is a string id (``strings.t``) with its fields, looked up when drawn,
    so a language switch needs no rebuild. ``selected`` draws it as the chosen
    option of a group (rule set, level …); ``primary`` as the main action.
    """

    def __init__(self, key: str, *, enabled: bool = True, selected: bool = False, primary: bool = False,
                 **fields: object) -> None:
        self.key = key
        self.fields = fields
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.selected = selected
        self.primary = primary
        self.hovered = False
        self._pressed_by: tuple[str, int] | None = None

    def handle(self, p: Pointer) -> bool:
        """Feed a pointer; True when this completes a press (the button acts)."""
        inside = self.rect.collidepoint(p.pos)
        who = (p.source, p.finger)
        if p.source == "mouse":
            self.hovered = inside
        if p.kind == "down":
            self._pressed_by = who if inside and self.enabled else None
            return False
        if p.kind == "up":
            if p.source == "touch":
                self.hovered = False
            if self._pressed_by != who:
                # Another pointer's release (a second finger, a mouse copy of the
                # finger): it neither completes nor cancels the press that is held.
                return False
            self._pressed_by = None
            return inside and self.enabled
        return False

    @property
    def label(self) -> str:
        """The text shown, in the current language."""
        return t(self.key, **self.fields)

    @property
    def pressed(self) -> bool:
        """True while a press that began on it is held."""
        return self._pressed_by is not None

    def draw(self, surface: pygame.Surface, text_px: int) -> None:
        """Draw the button with its label at ``text_px`` pixels."""
        r = self.rect
        if r.w <= 0 or r.h <= 0:
            return
        radius = max(6, r.h // 5)
        edge_w = 1
        if self.primary and self.enabled:
            fill = theme.BUTTON_MAIN_DOWN if self.pressed else theme.BUTTON_MAIN_HOVER if self.hovered \
                else theme.BUTTON_SELECTED
            ink = theme.BUTTON_SELECTED_TEXT
            edge = theme.mix(theme.BUTTON_SELECTED, theme.INK, 0.3)
        elif self.selected:
            # The chosen option of a group: tinted and outlined, so it does not
            # look like the main action of the screen.
            fill = theme.BUTTON_CHOSEN_DOWN if self.pressed else theme.BUTTON_CHOSEN
            ink = theme.BLUE_DARK
            edge = theme.BUTTON_SELECTED
            edge_w = 3
        else:
            fill = theme.BUTTON
            if self.pressed:
                fill = theme.BUTTON_DOWN
            elif self.hovered and self.enabled:
                fill = theme.BUTTON_HOVER
            ink = theme.INK if self.enabled else theme.BUTTON_DISABLED_TEXT
            edge = theme.BUTTON_EDGE if self.enabled else theme.mix(theme.BUTTON_EDGE, theme.PANEL, 0.5)
        # A soft drop shadow reads as "press me" on paper without looking glossy; a disabled button lies flat.
        if self.enabled:
            pygame.draw.rect(surface, theme.SHADOW, r.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, edge, r, width=edge_w, border_radius=radius)
        self.draw_label(surface, text_px, ink)

    @property
    def bold(self) -> bool:
        """The label is bold when the button is the chosen option or the main action."""
        return self.selected or self.primary

    def label_width(self, px: int, bold: bool) -> int:
        """The width the label needs at ``px`` (its frame margin not counted)."""
        return theme.font(px, bold).size(self.label)[0]

    def draw_label(self, surface: pygame.Surface, text_px: int, ink: theme.Colour) -> None:
        """The label centred in the button, shrunk from ``text_px`` if it would come too near the frame."""
        r, text, bold = self.rect, self.label, self.bold
        label = theme.text(text, text_px, ink, bold=bold)
        if label.get_width() > r.w - LABEL_MARGIN:
            # A long label in a narrow panel: shrink it rather than spill out.
            px = max(10, int(text_px * (r.w - LABEL_MARGIN) / label.get_width()))
            label = theme.text(text, px, ink, bold=bold)
        surface.blit(label, label.get_rect(center=r.center))


LINES_MARGIN = 6
"""Pixels a two-line label leaves free above and below, together: the lines' own spacing does the rest."""


class WrappingButton(Button):
    """A button whose label takes a second line when one line would not fit its width at the type asked
    for: in a narrow row «Play on from here» beside «Analysis» was shrunk to 13 px at 1024×600, too
    small to read on a touch laptop; as «Play on» over «from here» it keeps the buttons' type."""

    def lines(self, px: int, bold: bool | None = None) -> list[str]:
        """The label's lines at ``px``: one when it fits the width, else the split at a word that needs the
        least width, when two lines fit the height; else one (to be shrunk)."""
        bold = self.bold if bold is None else bold
        f = theme.font(px, bold)
        room = self.rect.w - LABEL_MARGIN
        text = self.label
        if f.size(text)[0] <= room or 2 * f.get_linesize() > self.rect.h - LINES_MARGIN:
            return [text]
        words = text.split()
        splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
        return min(splits, key=lambda pair: max(f.size(line)[0] for line in pair), default=[text])

    def label_width(self, px: int, bold: bool) -> int:
        return max(theme.font(px, bold).size(line)[0] for line in self.lines(px, bold))

    def narrowest(self, px: int, bold: bool) -> int:
        """The least width its label needs at ``px``: on two lines if the height allows, else on one."""
        f = theme.font(px, bold)
        words = self.label.split()
        if len(words) < 2 or 2 * f.get_linesize() > self.rect.h - LINES_MARGIN:
            return f.size(self.label)[0]
        return min(max(f.size(" ".join(words[:i]))[0], f.size(" ".join(words[i:]))[0]) for i in range(1, len(words)))

    def draw_label(self, surface: pygame.Surface, text_px: int, ink: theme.Colour) -> None:
        widest, room = self.label_width(text_px, self.bold), self.rect.w - LABEL_MARGIN
        if widest > room:  # too narrow even on two lines: shrunk rather than spilt, as a one-line label is
            text_px = max(10, text_px * room // widest)
        lines = self.lines(text_px)
        if len(lines) == 1:
            return super().draw_label(surface, text_px, ink)
        step = theme.font(text_px, self.bold).get_linesize()
        images = [theme.text(line, text_px, ink, bold=self.bold) for line in lines]
        # Centred by their ink, not their line boxes: the space kept for accents and descenders
        # («Play on» / «from here» have none below) left the pair sitting low in the frame.
        inks = [image.get_bounding_rect().move(0, i * step) for i, image in enumerate(images)]
        ink_box = inks[0].unionall(inks[1:])
        top = self.rect.centery - ink_box.h // 2 - ink_box.y
        for i, image in enumerate(images):
            surface.blit(image, image.get_rect(midtop=(self.rect.centerx, top + i * step)))
        return None


class IconButton(Button):
    """A small square button that shows a drawn icon instead of its label («Звук», «Подсказки»).

    ``icon`` names the picture: 'sound_on', 'sound_off' or 'help'. The label
    (``key``) is still there for tests and for what the button means.
    """

    def __init__(self, key: str, icon: str, *, enabled: bool = True) -> None:
        super().__init__(key, enabled=enabled)
        self.icon = icon

    def draw(self, surface: pygame.Surface, text_px: int) -> None:
        r = self.rect
        if r.w <= 0 or r.h <= 0:
            return
        radius = max(6, r.h // 4)
        fill = theme.BUTTON_DOWN if self.pressed else theme.BUTTON_HOVER if self.hovered else theme.BUTTON
        pygame.draw.rect(surface, theme.SHADOW, r.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, theme.BUTTON_EDGE, r, 1, border_radius=radius)
        draw_icon(surface, self.icon, r.inflate(-r.w // 3, -r.h // 3), theme.INK if self.enabled
                  else theme.BUTTON_DISABLED_TEXT)


def draw_icon(surface: pygame.Surface, icon: str, box: pygame.Rect, colour: theme.Colour) -> None:
    """Draw the icon ``icon`` to fill ``box``: a loudspeaker (with waves or struck out) or a question mark."""
    x, y, w, h = box
    line = max(2, w // 12)
    if icon in ("sound_on", "sound_off"):
        cy = y + h / 2
        body = [(x, cy - h * 0.17), (x + w * 0.22, cy - h * 0.17), (x + w * 0.5, y + h * 0.08),
                (x + w * 0.5, y + h * 0.92), (x + w * 0.22, cy + h * 0.17), (x, cy + h * 0.17)]
        pygame.draw.polygon(surface, colour, body)
        if icon == "sound_on":
            for k in (1, 2):
                rr = w * (0.2 + 0.17 * k)
                arc = pygame.Rect(0, 0, 2 * rr, 2 * rr)
                arc.center = (round(x + w * 0.5), round(cy))
                pygame.draw.arc(surface, colour, arc, -0.75, 0.75, line)
        else:
            a, b = x + w * 0.64, x + w
            pygame.draw.line(surface, theme.ILLEGAL, (a, cy - h * 0.18), (b, cy + h * 0.18), line + 1)
            pygame.draw.line(surface, theme.ILLEGAL, (a, cy + h * 0.18), (b, cy - h * 0.18), line + 1)
    elif icon == "help":
        # A question mark drawn, not typed: an arc, a short stem and a dot.
        cx = x + w / 2
        rr = min(w, h) * 0.26
        arc = pygame.Rect(0, 0, 2 * rr, 2 * rr)
        arc.center = (round(cx), round(y + h * 0.3))
        pygame.draw.arc(surface, colour, arc, -math.pi / 2, math.pi, line + 1)
        pygame.draw.line(surface, colour, (cx, y + h * 0.3 + rr), (cx, y + h * 0.68), line + 1)
        pygame.draw.circle(surface, colour, (round(cx), round(y + h * 0.88)), line + 1)


class SoundButton(IconButton):
    """The loudspeaker icon: it shows whether sound is on, and says what a press does."""

    def __init__(self) -> None:
        super().__init__("feel.sound.on", "sound_on")

    def toggle(self, sounds: Sounds | None, remember: Callable[..., object]) -> None:
        """Sound on or off, ``remember``-ed for the next start (the settings'), and shown so."""
        if sounds is not None:
            remember(sound=sounds.toggle())
            self.show(sounds)

    def show(self, sounds: Sounds | None) -> None:
        """Match ``sounds`` (None: nothing to switch, shown as on)."""
        on = sounds is None or sounds.enabled
        self.icon = "sound_on" if on else "sound_off"
        self.key = "feel.sound.on" if on else "feel.sound.off"


def common_px(buttons: list[Button], text_px: int) -> int:
    """The largest type, at most ``text_px``, at which every shown button's label fits unshrunk.

    Buttons side by side drawn at this one size read as a set; each shrunk on its own,
    a long label («Играть отсюда») stood out smaller than its neighbours. In a row of
    choices (one of them selected) every label is measured bold, as it is once chosen,
    so the type does not change as the choice moves along the row.
    """
    shown = [b for b in buttons if b.rect.w > 0 and not isinstance(b, IconButton)]
    choices = any(b.selected for b in shown)
    px = text_px
    for b in shown:
        bold = choices or b.bold
        while px > 10 and b.label_width(px, bold) > b.rect.w - LABEL_MARGIN:
            px -= 1
    return px


def stack_buttons(buttons: list[Button], x: int, y: int, w: int, h: int, gap: int) -> int:
    """Lay ``buttons`` out one under another from ``(x, y)``; returns the y below the last."""
    for b in buttons:
        b.rect = pygame.Rect(x, y, w, h)
        y += h + gap
    return y


def row_buttons(buttons: list[Button], x: int, y: int, w: int, h: int, gap: int) -> None:
    """Lay ``buttons`` out side by side, sharing the width ``w``."""
    n = max(1, len(buttons))
    each = (w - gap * (n - 1)) // n
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(x + i * (each + gap), y, each, h)


AnyButton = TypeVar("AnyButton", bound=Button)
"""A button of any kind: ``ButtonGroup.add`` hands back the kind it was given (a ``HelpButton`` keeps ``show``)."""


class ButtonGroup:
    """The buttons of a scene with what each does; routes pointers to all of them."""

    def __init__(self) -> None:
        # What an action returns is not used: many open a scene and hand it back.
        self.items: list[tuple[Button, Callable[[], object]]] = []

    def add(self, button: AnyButton, action: Callable[[], object]) -> AnyButton:
        """Register ``button``; ``action`` runs when it is pressed."""
        self.items.append((button, action))
        return button

    def handle(self, p: Pointer) -> bool:
        """Feed a pointer to every button (hover and press states); run the action of the one pressed."""
        fired: Callable[[], object] | None = None
        for button, action in self.items:
            if button.handle(p) and fired is None:
                fired = action
        if fired is not None:
            fired()
            return True
        return False

    def hit(self, pos: tuple[float, float]) -> bool:
        """True when ``pos`` is on one of the buttons."""
        return any(b.rect.collidepoint(pos) for b, _ in self.items)

    def draw(self, surface: pygame.Surface, text_px: int) -> None:
        """Draw every button in the type of its set: see :func:`type_sets`."""
        for rows in type_sets([b for b, _ in self.items]):
            px = min(common_px(row, text_px) for row in rows)  # each row measured as it is (bold where a choice)
            for row in rows:
                for button in row:
                    button.draw(surface, px)


def type_sets(buttons: list[Button]) -> list[list[list[Button]]]:
    """``buttons`` in rows (side by side: same top and height), and the rows in the sets drawn in one
    type: rows holding buttons of the same size go together.

    A grid reads as one block: in the play panel «Отменить | Вернуть» over «Подсказка | Завершить»,
    each row typed on its own, put the second row a size smaller than the first.
    """
    rows: dict[tuple[int, int], list[Button]] = {}
    for b in buttons:
        rows.setdefault((b.rect.y, b.rect.h), []).append(b)
    keys = list(rows)
    parent = {key: key for key in keys}

    def root(key: tuple[int, int]) -> tuple[int, int]:
        while parent[key] != key:
            key = parent[key]
        return key

    by_size: dict[tuple[int, int], tuple[int, int]] = {}
    for key in keys:
        for b in rows[key]:
            size = (b.rect.w, b.rect.h)
            if b.rect.w > 0 and size in by_size:
                parent[root(key)] = root(by_size[size])
            by_size.setdefault(size, key)
    sets: dict[tuple[int, int], list[list[Button]]] = {}
    for key in keys:
        sets.setdefault(root(key), []).append(rows[key])
    return list(sets.values())
