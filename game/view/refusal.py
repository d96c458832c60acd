"""A refused node, shown where the finger or mouse is: a shaking mark and the reason in a word or two.

The engine says why (``Game.refusal``); this picks the words and draws them at
the node, readable over paper and over countries of either colour (a white halo
under a red mark, the label on a white chip). A first move outside the classic
zone lights the zone up, so the player sees where to play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from engine import Game, Refusal, Rules
from game.input.layout import BoardLayout, Point
from game.strings import t
from game.view import theme
from game.view.territory_paint import zone_rect

SECONDS = 1.4
"""How long the mark and its reason stay: long enough to read two words."""
SHAKE_SECONDS = 0.35
HALO: theme.Colour = (255, 255, 255)


def reason_key(game: Game, node: Point, refusal: Refusal) -> str:
    """The string id of the words shown beside a refused node.

    >>> from engine import Game
    >>> g = Game(5, 5)
    >>> _ = g.play((2, 2))
    >>> reason_key(g, (2, 2), Refusal.TAKEN)
    'refusal.taken'
    """
    if refusal is Refusal.INSIDE:
        if game.rules is Rules.CLASSIC:
            return "refusal.surrounded"
        return "refusal.own_country" if game.owner_at(node) == game.to_move else "refusal.their_country"
    return f"refusal.{refusal.value}"


@dataclass
class RefusalMark:
    """One refused node while its mark is on screen."""

    node: Point
    reason: Refusal
    key: str
    """The string id of the reason shown beside the node."""
    left: float = SECONDS

    @classmethod
    def of(cls, game: Game, node: Point) -> RefusalMark:
        """The mark for ``node``, which the game refuses now (any reason the engine gives)."""
        refusal = game.refusal(node) or Refusal.NOT_A_NODE
        return cls(node, refusal, reason_key(game, node, refusal))

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; False once the mark is gone."""
        self.left -= dt
        return self.left > 0

    def draw(self, surface: pygame.Surface, layout: BoardLayout, game: Game) -> None:
        """The zone (for a first move outside it), the shaking mark, and the reason on its chip."""
        age = SECONDS - self.left
        strength = min(1.0, self.left / 0.4)  # full, then fading over the last 0.4 s
        if self.reason is Refusal.ZONE and game.first_move_zone is not None:
            _light_zone(surface, layout, game.first_move_zone, strength)
        shake = 0.0
        if age < SHAKE_SECONDS:
            shake = math.sin(age * 40) * (1 - age / SHAKE_SECONDS) * max(3.0, layout.cell * 0.15)
        x, cy = layout.node_to_pixel(self.node)
        cx = x + shake
        r = max(7, round(layout.cell * 0.32))
        alpha = int(255 * strength)
        mark = pygame.Surface((2 * r + 10, 2 * r + 10), pygame.SRCALPHA)
        c = mark.get_width() // 2
        d = int(r * 0.6)
        for colour, width in ((HALO, 7), (theme.ILLEGAL, 3)):  # the halo keeps red readable on red and blue
            pygame.draw.circle(mark, (*colour, alpha), (c, c), r, width)
            pygame.draw.line(mark, (*colour, alpha), (c - d, c - d), (c + d, c + d), width)
            pygame.draw.line(mark, (*colour, alpha), (c - d, c + d), (c + d, c - d), width)
        surface.blit(mark, mark.get_rect(center=(round(cx), round(cy))))
        self._draw_label(surface, layout, (cx, cy), r, alpha)

    def _draw_label(self, surface: pygame.Surface, layout: BoardLayout, at: tuple[float, float], r: int,
                    alpha: int) -> None:
        px = max(13, min(22, round(layout.cell * 0.42)))
        words = theme.text(t(self.key), px, theme.ILLEGAL, bold=True)
        pad = max(3, px // 4)
        chip = pygame.Surface((words.get_width() + 2 * pad, words.get_height() + pad), pygame.SRCALPHA)
        chip.fill((*HALO, min(alpha, 235)))
        pygame.draw.rect(chip, (*theme.ILLEGAL, alpha), chip.get_rect(), 1)
        words.set_alpha(alpha)
        chip.blit(words, (pad, pad // 2))
        # Beside the node, on the side with room; above it when the finger would hide the right side.
        box = chip.get_rect(midleft=(round(at[0]) + r + 6, round(at[1])))
        bounds = surface.get_rect()
        if box.right > bounds.right:
            box.midright = (round(at[0]) - r - 6, round(at[1]))
        box.clamp_ip(bounds)
        surface.blit(chip, box)


def _light_zone(surface: pygame.Surface, layout: BoardLayout, zone: tuple[int, int, int, int],
                strength: float) -> None:
    rect = zone_rect(layout, zone)
    glow = pygame.Surface(rect.size, pygame.SRCALPHA)
    glow.fill((*theme.ZONE_GLOW, int(70 * strength)))
    pygame.draw.rect(glow, (*theme.ZONE_GLOW, int(220 * strength)), glow.get_rect(), 3)
    surface.blit(glow, rect)
