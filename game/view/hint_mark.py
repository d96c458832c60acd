"""The hint on the board: the ghost dot of the move suggested, with a ring pulsing around it.

A ghost alone looks like the pointer's own aim; the green ring (neither player's
colour nor the last move's gold) that swells and fades once a second says «this
one is suggested» and draws the eye to it on a full board. The review scene marks the better move at a mistake the same way, still.
"""

from __future__ import annotations

import math

import pygame

from engine import Game, Player, Point
from game.input.layout import BoardLayout
from game.match.hint import Hint
from game.view import theme
from game.view.board_geometry import dot_radius
from game.view.board_view import BoardView

PULSE_SECONDS = 1.0
"""One swell of the ring."""


def pulse(clock: float, since: float) -> float:
    """0…1 through each pulse, starting at 0 when the hint appeared.

    >>> pulse(3.0, 3.0), round(pulse(3.5, 3.0), 2)
    (0.0, 0.5)
    """
    return ((clock - since) / PULSE_SECONDS) % 1.0


MIN_RING_PX = 11
"""The ring's smallest radius, in pixels: on a 38×31 board in a small window a dot is 3 px across, and
a ring scaled from it alone was lost among the dots."""
MIN_RING_WIDTH = 4
"""The ring's thinnest line, in pixels."""
RING_EDGE: theme.Colour = (10, 70, 40)
"""A dark rim round the ring, so it stands out on paper and on both players' colours alike."""


def ring_size(cell: int, phase: float | None) -> tuple[int, int]:
    """The ring's radius and line width for cells of ``cell`` pixels at ``phase`` (None: still).

    >>> ring_size(17, 0.0), ring_size(17, 0.99)  # a 38×31 board in a small window
    ((11, 4), (19, 4))
    >>> ring_size(80, None)
    (42, 8)
    """
    r = dot_radius(cell)
    grow = 0.6 if phase is None else phase
    base = max(r * 1.8, r + 5, MIN_RING_PX)
    return round(base * (1 + 0.75 * grow)), max(MIN_RING_WIDTH, r // 2)


def draw_hint(surface: pygame.Surface, view: BoardView, layout: BoardLayout, node: Point, player: Player,
              phase: float | None) -> None:
    """The ghost of ``player``'s dot at ``node`` and a ring around it; ``phase`` (see :func:`pulse`)
    swells and fades the ring (to three quarters of its strength, no less), None draws it still."""
    view.draw_ghost(surface, layout, node, player)
    radius, width = ring_size(layout.cell, phase)
    alpha = 255 if phase is None else round(255 * (1.0 - 0.25 * math.sin(phase * math.pi / 2)))
    ring = pygame.Surface((2 * radius + 10, 2 * radius + 10), pygame.SRCALPHA)
    centre = ring.get_rect().center
    # White on both sides of the green, then a dark rim outside: the ring reads on any fill.
    pygame.draw.circle(ring, (255, 255, 255, alpha), centre, radius + 2, width + 4)
    pygame.draw.circle(ring, (*theme.HINT, alpha), centre, radius, width)
    pygame.draw.circle(ring, (*RING_EDGE, alpha), centre, radius + 3, 1)
    cx, cy = layout.node_to_pixel(node)
    surface.blit(ring, ring.get_rect(center=(round(cx), round(cy))))


def draw_asked_hint(surface: pygame.Surface, view: BoardView, layout: BoardLayout, hint: Hint, game: Game,
                    clock: float) -> None:
    """The hint's pulsing ghost, if one is shown, in the colour of the side to move."""
    if hint.point is not None:
        draw_hint(surface, view, layout, hint.point, game.to_move, pulse(clock, hint.since))
