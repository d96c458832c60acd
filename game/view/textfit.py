"""Fitting text into a width: wrapped paragraphs, and single lines that shrink, then cut.

Any string is safe here, an empty one or one that draws as nothing (U+200B, a lone
U+FE0F) included: it gives an empty line, or with :func:`named` a placeholder.
"""

from __future__ import annotations

import re

import pygame

from game.strings import t
from game.view import theme


def named(name: str, px: int, *, bold: bool = False) -> str:
    """``name`` as a list shows it: «(без имени)» when it would draw as nothing at ``px``."""
    return name if name.strip() and theme.font(px, bold).size(name)[0] > 0 else t("files.unnamed")


BREAKS = re.compile(r"[^\S\u00a0\u2007\u202f]+")
"""Where a line may break: any white space but the no-break ones (a score keeps its name: «красные\u00a00»)."""
DASHES = ("—", "–")


def units(text: str) -> list[str]:
    """``text`` in the pieces a line is made of: its words, a dash standing alone glued to the word before
    it (a line never starts with «—», as the rules page's «… вы ни сыграли, / — если только …» did).

    >>> units("где бы вы ни сыграли, — если только")
    ['где', 'бы', 'вы', 'ни', 'сыграли, —', 'если', 'только']
    >>> units("Синие\u00a04 · красные\u00a00")
    ['Синие\xa04', '·', 'красные\xa00']
    """
    pieces: list[str] = []
    for word in BREAKS.split(text.strip()):
        if word in DASHES and pieces:
            pieces[-1] += " " + word
        elif word:
            pieces.append(word)
    return pieces


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels (a long word gets its own line), only where
    :func:`units` allows."""
    lines: list[str] = []
    line = ""
    for word in units(text):
        candidate = f"{line} {word}" if line else word
        if not line or font.size(candidate)[0] <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def one_line(text: str, px: int, colour: theme.Colour, width: int, *, bold: bool = False,
             min_px: int = 11) -> pygame.Surface:
    """``text`` on one line no wider than ``width``: smaller type first (down to ``min_px``), then cut with «…»."""
    text = " ".join(text.split())  # a message with line breaks still takes one line
    img = theme.text(text, px, colour, bold=bold)
    if img.get_width() <= width:
        return img
    px = max(min_px, px * width // img.get_width())
    img = theme.text(text, px, colour, bold=bold)
    while img.get_width() > width and px > min_px:  # type does not shrink exactly in proportion
        px -= 1
        img = theme.text(text, px, colour, bold=bold)
    while img.get_width() > width and len(text) > 2:
        text = text[:-2].rstrip() + "…"
        img = theme.text(text, px, colour, bold=bold)
    return img
