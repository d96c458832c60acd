"""The help card over any scene (F1, or the «?» button): the keys, how to play with a mouse or a finger,
how to zoom and pan, and what a red cross means under the rule set in play; and two switches kept in the
settings: reduced motion («Меньше движения»: the same information without movement) and the board's
coordinates («Координаты», :mod:`game.view.coordinates`). The rules with these keys on them are a page of
their own, «Клавиши» (:mod:`game.scenes.rules`), which the «?» of a game opens.

Open it by name: ``stack.toggle("help")`` (F1 does that in every scene) or
``stack.go("help")`` from a button. F1, Esc, Enter, the button or a tap
anywhere close it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from engine import Game, Rules
from engine.about import VERSION
from game.input.pointer import pointer_of
from game.scenes.base import Scene, SceneStack
from game.strings import t
from game.view import paper, theme
from game.view.keys import KEYS, TIPS
from game.view.textfit import wrap
from game.view.widgets import Button, ButtonGroup

ILLEGAL: dict[Rules, str] = {Rules.COUNTRIES: "help.illegal", Rules.CLASSIC: "help.illegal.classic"}
"""What a red cross means, by rule set: classic has surrounded areas, not countries, and the first-move zone."""


def rules_below(scenes: Sequence[object]) -> Rules:
    """The rule set of the nearest of ``scenes`` (bottom first) that has one: a game's (play, review,
    results), else the one chosen (menu, rules, picker); «Точки — страны» when none has.

    >>> from engine import Game, Rules
    >>> class Played:
    ...     game = Game(9, 9, Rules.CLASSIC)
    >>> class Menu:
    ...     rules = Rules.COUNTRIES
    >>> rules_below([Menu(), Played()]), rules_below([Played(), Menu()]), rules_below([])
    (<Rules.CLASSIC: 'classic'>, <Rules.COUNTRIES: 'countries'>, <Rules.COUNTRIES: 'countries'>)
    """
    for scene in reversed(scenes):
        game = getattr(scene, "game", None)
        if isinstance(game, Game):
            return game.rules
        for rules in (getattr(scene, "rules", None), getattr(getattr(scene, "settings", None), "rules", None)):
            if isinstance(rules, Rules):
                return rules
    return Rules.COUNTRIES


class HelpScene(Scene):
    """A card of keys and tips over the scene below, which shows through dimmed."""

    overlay = True
    name = "help"

    def __init__(self, stack: SceneStack, data: None = None) -> None:
        super().__init__(stack)
        self.buttons = ButtonGroup()
        self.b_close = self.buttons.add(Button("help.close", primary=True), self.close)
        self.b_motion = self.buttons.add(Button("help.motion"), self.toggle_motion)
        self.b_coords = self.buttons.add(Button("help.coords"), self.toggle_coordinates)
        self._show_switches()
        self._box = pygame.Rect(0, 0, 0, 0)
        self._scale = 1.0
        self._dim: pygame.Surface | None = None
        # Made before it is pushed: the scenes on the stack are all below it.
        self.tips: tuple[tuple[str | None, str], ...] = (*TIPS, (None, ILLEGAL[rules_below(stack.scenes)]))

    def close(self) -> None:
        """Back to the scene below."""
        if self.stack.top is self:
            self.stack.pop()

    def toggle_motion(self) -> None:
        """Reduced motion on or off, remembered (a game below reads it at its next moment)."""
        preferences = self.stack.preferences
        preferences.remember(reduced_motion=not preferences.chosen.reduced_motion)
        self._show_switches()

    def toggle_coordinates(self) -> None:
        """The board's coordinates on or off, remembered; the scenes lay out again so a board below shows it."""
        preferences = self.stack.preferences
        preferences.remember(coordinates=not preferences.chosen.coordinates)
        self._show_switches()
        self.stack.resize(self.size)  # a board below makes room for its labels (or gives it back) now

    def _show_switches(self) -> None:
        on = self.stack.preferences.chosen.reduced_motion
        self.b_motion.key, self.b_motion.selected = ("help.motion.on" if on else "help.motion"), on
        on = self.stack.preferences.chosen.coordinates
        self.b_coords.key, self.b_coords.selected = ("help.coords.on" if on else "help.coords"), on

    # ----- layout ------------------------------------------------------------------------

    def _px(self, base: int) -> int:
        return max(11, round(theme.text_size(self.size, base) * self._scale))

    def _content_height(self, width: int) -> int:
        h = theme.font(self._px(28), True).get_linesize() + 2
        h += theme.font(self._px(16)).get_linesize() + 12
        h += theme.font(self._px(18), True).get_linesize() + 6
        h += len(KEYS) * (theme.font(self._px(17)).get_linesize() + 4) + 12
        for title, text in self.tips:
            if title is not None:
                h += theme.font(self._px(17), True).get_linesize()
            h += len(wrap(t(text), theme.font(self._px(16)), width)) * theme.font(self._px(16)).get_linesize() + 10
        return h

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = theme.button_height(size)
        pad = max(20, round(26 * theme.ui_scale(size)))
        box_w = min(max(360, int(w * 0.86)), round(720 * theme.ui_scale(size)), w - 16)
        inner = box_w - 2 * pad
        # Shrink the text until the card fits the window (an 800×600 window, a long language).
        self._scale = 1.0
        while self._scale > 0.6 and self._content_height(inner) + bh + 3 * pad > h - 16:
            self._scale -= 0.05
        box_h = min(h - 16, self._content_height(inner) + bh + 3 * pad)
        self._box = pygame.Rect((w - box_w) // 2, (h - box_h) // 2, box_w, box_h)
        # One row: the two switches, then «Понятно» (a row more would shrink the card's text at 1024×600).
        gap = max(8, bh // 5)
        bw = (inner - 2 * gap) // 3
        x, y = self._box.centerx - (3 * bw + 2 * gap) // 2, self._box.bottom - pad - bh
        for i, button in enumerate((self.b_motion, self.b_coords, self.b_close)):
            button.rect = pygame.Rect(x + i * (bw + gap), y, bw, bh)
        self._dim = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        self._dim.fill(theme.DIM)

    # ----- input ---------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            # The button, or a tap anywhere else once it is lifted: both close it.
            if not self.buttons.handle(p) and p.kind == "up" and not self.buttons.hit(p.pos):
                self.close()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()

    # ----- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self._dim is not None:
            surface.blit(self._dim, (0, 0))
        box = self._box
        paper.card(surface, box)
        pad = max(20, round(26 * theme.ui_scale(self.size)))
        x, width = box.x + pad, box.w - 2 * pad
        y = box.y + pad
        title = theme.text(t("help.title"), self._px(28), theme.INK, bold=True)
        y = paper.blit_centred(surface, title, box.centerx, y) + 2
        version = theme.text(t("app.version", version=VERSION), self._px(16), theme.INK_SOFT)
        y = paper.blit_centred(surface, version, box.centerx, y) + 12
        head = theme.text(t("help.keys"), self._px(18), theme.INK_SOFT, bold=True)
        surface.blit(head, (x, y))
        y += head.get_height() + 6
        keys = [theme.text(t(k), self._px(17), theme.BLUE_DARK, bold=True) for k, _ in KEYS]
        key_w = max(k.get_width() for k in keys) + 18
        line = theme.font(self._px(17)).get_linesize() + 4
        for key_img, (_, does) in zip(keys, KEYS, strict=True):
            surface.blit(key_img, (x, y))
            surface.blit(theme.text(t(does), self._px(17), theme.INK), (x + key_w, y))
            y += line
        y += 12
        body = theme.font(self._px(16))
        for heading, text in self.tips:
            if heading is not None:
                img = theme.text(t(heading), self._px(17), theme.INK, bold=True)
                surface.blit(img, (x, y))
                y += img.get_height()
            colour = theme.ILLEGAL if heading is None else theme.INK_SOFT
            for row in wrap(t(text), body, width):
                surface.blit(theme.text(row, self._px(16), colour), (x, y))
                y += body.get_linesize()
            y += 10
        self.buttons.draw(surface, theme.text_size(self.size, 21))

