"""The squared-paper backdrop of the menu screens, and a few shared drawing helpers."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.view import theme

PAPER_STEP = 28  # px between the lines of the backdrop
MARGIN_X = PAPER_STEP * 2 + PAPER_STEP // 2 + 6
"""Where the notebook's red margin line runs, from the left edge."""


@lru_cache(maxsize=4)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """A window-sized sheet of squared paper (cached per size)."""
    w, h = size
    surf = pygame.Surface((max(1, w), max(1, h)))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    surf.fill(theme.PAPER)
    line = theme.BACKDROP_LINE
    for x in range(PAPER_STEP // 2, w, PAPER_STEP):
        pygame.draw.line(surf, line, (x, 0), (x, h))
    for y in range(PAPER_STEP // 2, h, PAPER_STEP):
        pygame.draw.line(surf, line, (0, y), (w, y))
    # A notebook's margin line, at the left.
    pygame.draw.line(surf, (236, 170, 170), (MARGIN_X, 0), (MARGIN_X, h), 2)
    return surf


def card(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A soft panel that lifts text and buttons off the paper."""
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 4), border_radius=14)
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=14)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=14)


def blit_centred(surface: pygame.Surface, image: pygame.Surface, centre_x: int, top: int) -> int:
    """Blit ``image`` centred on ``centre_x`` at ``top``; returns the y below it."""
    surface.blit(image, (centre_x - image.get_width() // 2, top))
    return top + image.get_height()


def player_dot(surface: pygame.Surface, colour: theme.Colour, dark: theme.Colour, centre: tuple[int, int],
               radius: int) -> None:
    """A dot as on the board, for legends and turn indicators."""
    pygame.draw.aacircle(surface, colour, centre, radius)
    pygame.draw.aacircle(surface, dark, centre, radius, 1)
