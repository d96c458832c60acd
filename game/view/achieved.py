"""Achievements drawn: the medal (gold with a tick when earned, a ring filling with the progress when not),
and the announcement over the results' board of those a game just earned.

The announcement is a column of gold cards («Новое достижение» over the name) at the top of the board,
in the style of the game's moments (:mod:`game.view.moments`: a rounded banner that grows in and fades
out): each card follows the one before by :data:`STAGGER`, all stay :data:`SHOW_SECONDS`, then fade.
The pictures are made once per window size; a frame is a few blits. With reduced motion the cards stand
still for the same time, all at once, and go at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.storage.achievements import Achievement
from game.strings import language, t
from game.view import theme
from game.view.moments import ease_out
from game.view.textfit import one_line

GOLD: theme.Colour = theme.LAST_MOVE
GOLD_DARK: theme.Colour = theme.ACHIEVED_INK

START = 0.6
"""Seconds after the results show that the first card comes: the end's sound and the confetti first."""
STAGGER = 0.35
SHOW_SECONDS = 4.0
"""How long the cards stay once all are in, before they fade."""
GROW_SECONDS = 0.18
FADE_SECONDS = 0.4
MOST_CARDS = 3
"""Cards shown at most; a fourth says «и ещё N» (the panel's line names them all)."""


def medal(surface: pygame.Surface, centre: tuple[int, int], r: int, *, earned: bool, share: float = 0.0) -> None:
    """A medal of radius ``r``: earned, gold with a white tick; not yet, a pale disc whose gold arc shows
    ``share`` (0 to 1) of the way."""
    x, y = centre
    if earned:
        pygame.draw.circle(surface, GOLD, centre, r)
        pygame.draw.circle(surface, GOLD_DARK, centre, r, max(2, r // 8))
        tick = [(x - r * 0.42, y + r * 0.02), (x - r * 0.1, y + r * 0.34), (x + r * 0.45, y - r * 0.3)]
        pygame.draw.lines(surface, theme.WHITE, False, tick, max(3, r // 4))
        return
    pygame.draw.circle(surface, theme.mix(theme.PANEL, theme.BUTTON_EDGE, 0.25), centre, r)
    pygame.draw.circle(surface, theme.BUTTON_EDGE, centre, r, max(1, r // 12))
    if share > 0:
        box = pygame.Rect(0, 0, 2 * r - 2, 2 * r - 2)
        box.center = centre
        top = math.pi / 2  # the arc fills clockwise from the top
        pygame.draw.arc(surface, GOLD, box, top - math.tau * min(1.0, share), top, max(3, r // 5))
    pygame.draw.circle(surface, theme.BUTTON_EDGE, centre, max(2, r // 4))


def card_picture(achievement: Achievement | None, more: int, width: int, size: tuple[int, int]) -> pygame.Surface:
    """One announcement card ``width`` wide: the medal, «Новое достижение» and the name (``achievement``
    None: the «и ещё ``more``» card)."""
    head_px, name_px = theme.text_size(size, 16), theme.text_size(size, 24)
    pad = max(8, name_px // 2)
    if achievement is None:
        words = one_line(t("achievements.more", n=more), head_px, theme.WHITE, width - 2 * pad, bold=True)
        h = words.get_height() + pad
    else:
        r = round(name_px * 0.95)
        room = width - 3 * pad - 2 * r
        head = one_line(t("achievements.new"), head_px, theme.ACHIEVED_HEAD, room)
        name = one_line(achievement.title(), name_px, theme.WHITE, room, bold=True, min_px=12)
        h = max(2 * r, head.get_height() + name.get_height()) + 2 * pad
    out = pygame.Surface((width, h), pygame.SRCALPHA)
    box = out.get_rect()
    pygame.draw.rect(out, (*theme.INK, theme.ACHIEVED_BACKING_ALPHA), box, border_radius=min(h // 2, 24))  # ink: white and gold read on it
    pygame.draw.rect(out, (*GOLD, 255), box, 3, border_radius=min(h // 2, 24))
    if achievement is None:
        out.blit(words, words.get_rect(center=box.center))
        return out
    medal(out, (pad + r, h // 2), r, earned=True)
    x = 2 * pad + 2 * r
    top = (h - head.get_height() - name.get_height()) // 2
    out.blit(head, (x, top))
    out.blit(name, (x, top + head.get_height()))
    return out


@dataclass
class Announcement:
    """The new achievements of one finished game over its board; drawn by the results' clock."""

    earned: list[Achievement]
    _pictures: tuple[tuple[int, int, str], list[pygame.Surface]] | None = field(default=None, repr=False)

    @property
    def end(self) -> float:
        """When the last card is gone (0: nothing to announce)."""
        if not self.earned:
            return 0.0
        return START + STAGGER * (self.cards - 1) + SHOW_SECONDS + FADE_SECONDS

    @property
    def cards(self) -> int:
        return min(len(self.earned), MOST_CARDS + 1)

    def showing(self, clock: float) -> bool:
        """True from the results' first frame until the last card has gone (the loop keeps drawing)."""
        return clock < self.end

    def pictures(self, width: int, size: tuple[int, int]) -> list[pygame.Surface]:
        """The cards, made once for a width, window height and language."""
        key = (width, size[1], language())
        if self._pictures is None or self._pictures[0] != key:
            shown = self.earned if len(self.earned) <= MOST_CARDS + 1 else self.earned[:MOST_CARDS]
            pics = [card_picture(a, 0, width, size) for a in shown]
            if len(shown) < len(self.earned):
                pics.append(card_picture(None, len(self.earned) - len(shown), width, size))
            self._pictures = (key, pics)
        return self._pictures[1]

    def draw(self, surface: pygame.Surface, area: pygame.Rect, clock: float, *, still: bool) -> None:
        """The cards ``clock`` seconds after the results showed, at the top of ``area`` (the board's)."""
        if not self.earned or clock < START or clock >= self.end:
            return
        width = min(area.w - 24, round(460 * theme.ui_scale(surface.get_size())))
        y = area.y + 12
        fade_from = self.end - FADE_SECONDS
        for i, picture in enumerate(self.pictures(width, surface.get_size())):
            since = clock - START - (0 if still else STAGGER * i)
            if since < 0:
                break
            image = picture
            if not still:
                grow = since / GROW_SECONDS
                if grow < 1:
                    image = pygame.transform.smoothscale_by(picture, 0.6 + 0.4 * ease_out(grow))
                elif clock > fade_from:
                    image = picture.copy()
                    image.set_alpha(round(255 * (self.end - clock) / FADE_SECONDS))
            surface.blit(image, image.get_rect(midtop=(area.centerx, y + (picture.get_height() - image.get_height())
                                                       // 2)))
            y += picture.get_height() + 8
