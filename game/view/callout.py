"""The loupe above a fingertip: the spot the finger hides, magnified, with the dot it would place.

A finger covers the node it aims at (on a 38×31 board in a small window, four of
them). While a finger is down the play scene shows, above the fingertip, a round
close-up of the board around the aimed node, the ghost dot at its middle; it is
cut from the frame already drawn, so it shows exactly what is there at any zoom.
"""

from __future__ import annotations

import pygame

from game.input.layout import BOARD_PADDING, BoardLayout, Box, Point
from game.view import theme

MAGNIFY = 2.0
"""How much larger the loupe shows the board."""


def loupe_radius(layout: BoardLayout, window: tuple[int, int]) -> int:
    """Big enough to see a few nodes around the aim, small enough to leave the board in view.

    >>> from game.input.layout import BoardLayout
    >>> loupe_radius(BoardLayout(38, 31, 18, 40, 40), (1024, 600))
    60
    """
    return max(60, min(round(layout.cell * 2.2), min(window) // 6))


def loupe_bounds(layout: BoardLayout, window: tuple[int, int]) -> Box:
    """Where the loupe may go: the board's area (what a zoom clips to), never over the side panel.

    >>> from game.input.layout import BoardLayout
    >>> loupe_bounds(BoardLayout(10, 10, 40, 56, 56), (1024, 600))
    Box(x=20, y=20, w=432, h=432)
    """
    if layout.clip is not None:
        return layout.clip
    paper = layout.paper
    x, y = max(0, paper.x - BOARD_PADDING), max(0, paper.y - BOARD_PADDING)
    right = min(window[0], paper.x + paper.w + BOARD_PADDING)
    bottom = min(window[1], paper.y + paper.h + BOARD_PADDING)
    return Box(x, y, right - x, bottom - y)


def loupe_centre(finger: tuple[int, int], radius: int, bounds: Box) -> tuple[int, int]:
    """Where the loupe goes: above the fingertip, clear of it; beside it when there is no room above.

    >>> loupe_centre((500, 400), 60, Box(0, 0, 1024, 600))
    (500, 250)
    >>> loupe_centre((500, 100), 60, Box(0, 0, 1024, 600))
    (650, 100)
    """
    lift = 2 * radius + 30  # the loupe's own size plus a fingertip
    x, y = finger
    left, top, right, bottom = bounds.x, bounds.y, bounds.x + bounds.w, bounds.y + bounds.h
    if y - lift - radius >= top:
        centre = (x, y - lift)
    elif x + lift + radius <= right:
        centre = (x + lift, y)
    else:
        centre = (x - lift, y)
    # Kept inside the bounds where they are big enough; a tiny board keeps it at least on its left/top.
    cx = max(min(centre[0], right - radius), left + radius)
    cy = max(min(centre[1], bottom - radius), top + radius)
    return (cx, cy)


def draw_loupe(surface: pygame.Surface, layout: BoardLayout, node: Point, finger: tuple[int, int]) -> None:
    """Magnify the frame around ``node`` into a round loupe placed by :func:`loupe_centre`."""
    window = surface.get_size()
    radius = loupe_radius(layout, window)
    source_r = max(4, round(radius / MAGNIFY))
    nx, ny = (round(v) for v in layout.node_to_pixel(node))
    source = pygame.Rect(nx - source_r, ny - source_r, 2 * source_r, 2 * source_r)
    patch = pygame.Surface(source.size)
    patch.fill(theme.BACKGROUND)
    patch.blit(surface, (0, 0), source)  # the parts off the window stay background
    lens = pygame.transform.smoothscale(patch, (2 * radius, 2 * radius))
    mask = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (radius, radius), radius)
    round_lens = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    round_lens.blit(lens, (0, 0))
    round_lens.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    cx, cy = loupe_centre(finger, radius, loupe_bounds(layout, window))
    shadow = (cx + 3, cy + 4)
    pygame.draw.circle(surface, theme.SHADOW, shadow, radius + 2)
    surface.blit(round_lens, (cx - radius, cy - radius))
    pygame.draw.circle(surface, theme.PAPER_EDGE, (cx, cy), radius + 1, 3)
    # A small cross at the aimed node, so the eye finds the middle at once.
    arm = max(6, radius // 6)
    for dx, dy in ((arm, 0), (0, arm)):
        pygame.draw.line(surface, theme.INK_SOFT, (cx - dx, cy - dy), (cx - dx // 2, cy - dy // 2), 2)
        pygame.draw.line(surface, theme.INK_SOFT, (cx + dx // 2, cy + dy // 2), (cx + dx, cy + dy), 2)
