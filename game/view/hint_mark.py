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


def draw_hint(surface: pygame.Surface, view: BoardView, layout: BoardLayout, node: Point, player: Player,
              phase: float | None) -> None:
    """The ghost of ``player``'s dot at ``node`` and a ring around it; ``phase`` (see :func:`pulse`)
    swells and fades the ring, None draws it still."""
    view.draw_ghost(surface, layout, node, player)
    r = dot_radius(layout.cell)
    grow = 0.6 if phase is None else phase
    radius = max(r + 5, round(r * (1.8 + 1.4 * grow)))
    alpha = 255 if phase is None else round(255 * (1.0 - 0.8 * math.sin(phase * math.pi / 2)))
    width = max(3, r // 2)
    ring = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
    pygame.draw.circle(ring, (255, 255, 255, alpha // 2), ring.get_rect().center, radius + 1, width + 2)
    pygame.draw.circle(ring, (*theme.HINT, alpha), ring.get_rect().center, radius, width)
    cx, cy = layout.node_to_pixel(node)
    surface.blit(ring, ring.get_rect(center=(round(cx), round(cy))))


def draw_asked_hint(surface: pygame.Surface, view: BoardView, layout: BoardLayout, hint: Hint, game: Game,
                    clock: float) -> None:
    """The hint's pulsing ghost, if one is shown, in the colour of the side to move."""
    if hint.point is not None:
        draw_hint(surface, view, layout, hint.point, game.to_move, pulse(clock, hint.since))
