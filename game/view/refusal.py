"""A refused node, shown where the finger or mouse is: a shaking mark and the reason in a word or two.

The engine says why (``Game.refusal``); this picks the words and draws them at
the node, readable over paper and over countries of either colour (a white halo
under a red mark, the label on a white chip, put where it hides no dot if it can: above the node, between
the rows, rather than over its neighbours). A first move outside the classic
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
from game.view.board_geometry import dot_radius
from game.view.territory_paint import zone_rect

SECONDS = 1.4
"""How long the mark and its reason stay: long enough to read two words."""
SHAKE_SECONDS = 0.35
HALO = theme.HALO


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
        self._draw_label(surface, layout, game, (x, cy), r, alpha)  # still, so the words read while the mark shakes

    def _draw_label(self, surface: pygame.Surface, layout: BoardLayout, game: Game, at: tuple[float, float], r: int,
                    alpha: int) -> None:
        px = max(13, min(22, round(layout.cell * 0.42)))
        words = theme.text(t(self.key), px, theme.ILLEGAL, bold=True)
        pad = max(3, px // 4)
        chip = pygame.Surface((words.get_width() + 2 * pad, words.get_height() + pad), pygame.SRCALPHA)
        chip.fill((*HALO, min(alpha, theme.CHIP_ALPHA)))
        pygame.draw.rect(chip, (*theme.ILLEGAL, alpha), chip.get_rect(), 1)
        words.set_alpha(alpha)
        chip.blit(words, (pad, pad // 2))
        # The part of the window in sight (a zoomed board draws inside its own area).
        box = label_box(chip.get_size(), (round(at[0]), round(at[1])), r, layout, game, surface.get_clip())
        surface.blit(chip, box)


def label_box(size: tuple[int, int], at: tuple[int, int], r: int, layout: BoardLayout, game: Game,
              bounds: pygame.Rect) -> pygame.Rect:
    """Where the reason's chip of ``size`` goes for a mark of radius ``r`` at pixel ``at``: inside
    ``bounds``, clear of the mark and of as many dots as it can be.

    The places tried run from above the node (a finger comes from below) round to its sides and
    below, first between the rows next to it, then a row further out; the first that covers no dot
    wins, else the one covering fewest. Dots lie only on nodes, so a chip between two rows covers
    none there once the cells are larger than the chip is tall.
    """
    x, y = at
    w, h = size
    c = layout.cell
    clear = r + 4 + max(3, round(c * 0.15))  # past the mark's halo, however far it shakes
    side = clear + w / 2
    near = max(c / 2, clear + h / 2)  # between the node's row and the next
    far = max(3 * c / 2, clear + h / 2)  # a row further out
    places = [(x, y - near), (x + side, y - near), (x - side, y - near), (x + side, y), (x - side, y),
              (x, y + near), (x + side, y + near), (x - side, y + near)]  # the chip's centre
    places += [(x + dx, y + dy) for dy in (-far, far) for dx in (0, side, -side)]
    mark = pygame.Rect(x - clear, y - clear, 2 * clear, 2 * clear)
    best: tuple[int, pygame.Rect] | None = None
    for cx, cy in places:
        box = pygame.Rect(0, 0, w, h)
        box.center = (round(cx), round(cy))
        box.clamp_ip(bounds)
        covered = _dots_under(box, layout, game) + 100 * box.colliderect(mark)
        if best is None or covered < best[0]:
            best = (covered, box)
            if covered == 0:
                break
    assert best is not None
    return best[1]


def _dots_under(box: pygame.Rect, layout: BoardLayout, game: Game) -> int:
    """How many dots (crossed out or not) the rectangle ``box`` touches."""
    c = layout.cell
    reach = dot_radius(c)  # a pixel at the radius is the anti-aliased rim: touching it hides nothing
    x0 = max(0, -(-(box.left - reach - layout.left) // c))
    x1 = min(game.width - 1, (box.right + reach - layout.left) // c)
    y0 = max(0, -(-(box.top - reach - layout.top) // c))
    y1 = min(game.height - 1, (box.bottom + reach - layout.top) // c)
    under = 0
    for ny in range(y0, y1 + 1):
        for nx in range(x0, x1 + 1):
            if game.dot_at((nx, ny)) is not None:
                px, py = layout.node_to_pixel((nx, ny))
                # The dot's circle against the rectangle: the nearest point of the box to its centre.
                near_x, near_y = min(max(px, box.left), box.right), min(max(py, box.top), box.bottom)
                under += (near_x - px) ** 2 + (near_y - py) ** 2 < reach * reach
    return under


def _light_zone(surface: pygame.Surface, layout: BoardLayout, zone: tuple[int, int, int, int],
                strength: float) -> None:
    rect = zone_rect(layout, zone)
    glow = pygame.Surface(rect.size, pygame.SRCALPHA)
    glow.fill((*theme.ZONE_GLOW, int(70 * strength)))
    pygame.draw.rect(glow, (*theme.ZONE_GLOW, int(220 * strength)), glow.get_rect(), 3)
    surface.blit(glow, rect)
