"""Drawing the board: squared paper, countries in layers, dots, crosses and marks.

Everything that depends only on the position is drawn once onto a cached
surface, keyed by the game's ``version`` and the board's layout, so a frame is
one blit plus the few things that move (the ghost dot, the illegal-move flash,
and the short animations of ``game.view.anim``, which borrow the cached territory
and dot pictures through :meth:`BoardView.territory` and :meth:`BoardView.dot_sprite`).
The engine gives each layer's region as triangles and its chain as polygons;
this module only turns node coordinates into pixels (RULES.md §2.6 for fading).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

import pygame

from engine import Game, Layer, Player, Rules
from game.input.layout import BoardLayout, Point
from game.view import theme

Triangle = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]


def dot_radius(cell: int) -> int:
    """Radius of a dot for a cell of ``cell`` pixels."""
    return max(3, min(16, round(cell * 0.2)))


def last_move_ring(r: int) -> tuple[int, int]:
    """Radius and line width of the ring around the latest move, for dots of radius ``r``."""
    return r + max(4, r // 2), max(3, r // 3)


Quarter = tuple[int, int, int]
"""A quarter triangle of a cell: ``(cx, cy, k)`` with k = 0 north, 1 east, 2 south, 3 west."""

# Centroids of the four quarters of the cell at (0, 0), in node units.
_QUARTER_CENTROIDS = ((0.5, 1 / 6), (5 / 6, 0.5), (0.5, 5 / 6), (1 / 6, 0.5))


def _quarter_of(tri: Triangle) -> Quarter | None:
    """The quarter a triangle is, when it is exactly one (two cell corners and the centre)."""
    centre = None
    others = []
    for px, py in tri:
        if centre is None and px % 1 == 0.5 and py % 1 == 0.5:
            centre = (px, py)
        else:
            others.append((px, py))
    if centre is None or len(others) != 2:
        return None
    cx, cy = int(centre[0] - 0.5), int(centre[1] - 0.5)
    mx = (others[0][0] + others[1][0]) / 2 - cx
    my = (others[0][1] + others[1][1]) / 2 - cy
    side = {(0.5, 0.0): 0, (1.0, 0.5): 1, (0.5, 1.0): 2, (0.0, 0.5): 3}.get((mx, my))
    return None if side is None else (cx, cy, side)


def _inside(p: tuple[float, float], tri: Triangle) -> bool:
    (x1, y1), (x2, y2), (x3, y3) = tri
    d1 = (p[0] - x2) * (y1 - y2) - (x1 - x2) * (p[1] - y2)
    d2 = (p[0] - x3) * (y2 - y3) - (x2 - x3) * (p[1] - y3)
    d3 = (p[0] - x1) * (y3 - y1) - (x3 - x1) * (p[1] - y1)
    has_neg = d1 < 0 or d2 < 0 or d3 < 0
    has_pos = d1 > 0 or d2 > 0 or d3 > 0
    return not (has_neg and has_pos)


def quarters_of(triangles: Iterable[Triangle]) -> list[Quarter]:
    """The quarters that a layer's triangles cover.

    Regions are always whole quarters (RULES.md §1), so a larger triangle is
    split by testing each quarter's centroid; quarter triangles map directly.
    """
    out: list[Quarter] = []
    for tri in triangles:
        q = _quarter_of(tri)
        if q is not None:
            out.append(q)
            continue
        xs = [p[0] for p in tri]
        ys = [p[1] for p in tri]
        for cy in range(math.floor(min(ys)), math.ceil(max(ys))):
            for cx in range(math.floor(min(xs)), math.ceil(max(xs))):
                for k, (ox, oy) in enumerate(_QUARTER_CENTROIDS):
                    if _inside((cx + ox, cy + oy), tri):
                        out.append((cx, cy, k))
    return out


def _dashed_polygon(surface: pygame.Surface, colour: theme.Colour, points: Sequence[tuple[float, float]],
                    width: int, dash: float) -> None:
    n = len(points)
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        steps = max(1, int(length // dash))
        for s in range(0, steps, 2):
            a = s / steps
            b = min(1.0, (s + 1) / steps)
            pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)


class BoardView:
    """Draws one game's board; keeps the static drawing until the position or layout changes.

    The static drawing is window-sized (background, the scene's panel, the board),
    so a frame starts with a single blit. It is rebuilt from the layers in one
    pass: each quarter triangle's colour is its stack of layers blended in order
    over the paper, so the work grows with the board, not with how many layers
    were ever laid.
    """

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._game: Game | None = None
        self._backdrop: pygame.Surface | None = None
        self._quarters: dict[int, tuple[Layer, list[Quarter]]] = {}
        self._grid: tuple[BoardLayout, pygame.Surface] | None = None
        self._territory: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._territory_now: tuple[Game, int, BoardLayout] | None = None
        self._sprites: dict[tuple[int, Player, bool], pygame.Surface] = {}
        self._ghosts: dict[tuple[int, Player, bool], pygame.Surface] = {}
        self.rebuilds = 0
        """How many times the static drawing was made (tests check the cache with it)."""

    # ----- the cached, static part ------------------------------------------------

    def backdrop(self, game: Game, layout: BoardLayout, size: tuple[int, int],
                 decorate: Callable[[pygame.Surface], None] | None = None, decor_key: object = None) -> pygame.Surface:
        """The window's static picture: background, ``decorate`` (the scene's panel), the board.

        Cached on the game's version, the layout, the window size and ``decor_key``.
        """
        key = (game.version, layout, size, decor_key)
        if self._backdrop is None or self._game is not game or self._key != key:
            if self._backdrop is None or self._backdrop.get_size() != size:
                self._backdrop = pygame.Surface(size)
                if pygame.display.get_surface() is not None:
                    self._backdrop = self._backdrop.convert()
            self._render(self._backdrop, game, layout, decorate)
            self._game = game
            self._key = key
            self.rebuilds += 1
        return self._backdrop

    def draw(self, surface: pygame.Surface, game: Game, layout: BoardLayout,
             decorate: Callable[[pygame.Surface], None] | None = None, decor_key: object = None) -> None:
        """Blit the cached static picture over the whole of ``surface``."""
        surface.blit(self.backdrop(game, layout, surface.get_size(), decorate, decor_key), (0, 0))

    def _render(self, surf: pygame.Surface, game: Game, layout: BoardLayout,
                decorate: Callable[[pygame.Surface], None] | None) -> None:
        surf.fill(theme.BACKGROUND)
        if decorate is not None:
            decorate(surf)
        paper = layout.paper
        surf.fill(theme.SHADOW, (paper.x + 3, paper.y + 4, paper.w, paper.h))
        surf.blit(self.territory(game, layout), (paper.x, paper.y))
        pygame.draw.rect(surf, theme.PAPER_EDGE, paper, 1)
        self._draw_dots(surf, game, layout)

    def territory(self, game: Game, layout: BoardLayout) -> pygame.Surface:
        """The paper-sized picture of paper, grid, countries and chains (no dots) for ``game`` now.

        The same surface is drawn over when the position changes, so a caller that
        wants to keep the old picture (an animation) copies from it before the
        next draw.
        """
        now = (game, game.version, layout)
        if self._territory is not None and self._territory_now is not None and self._territory_now[0] is game \
                and self._territory_now[1:] == now[1:]:
            return self._territory[1]
        surf = self._territory_surface(game, layout)
        self._territory_now = now
        return surf

    def _territory_surface(self, game: Game, layout: BoardLayout) -> pygame.Surface:
        """Paper, grid, countries and chains: cached until a layer is laid, faded or undone.

        Most moves lay no layer, so after them only the dots are drawn again.
        """
        layers = game.layers
        free = tuple((r.owner, r.outline) for p in (Player.BLUE, Player.RED) for r in game.free_areas(p))
        # The key holds the layers themselves (compared by identity), not their ids,
        # so an undone layer's id reused by a new one cannot match by mistake.
        key = (layout, game.first_move_zone, game.to_move if game.first_move_zone else None,
               tuple((layer, layer.fade) for layer in layers), free)
        if self._territory is not None and self._territory[0] == key:
            return self._territory[1]
        paper = layout.paper
        local = replace(layout, left=layout.left - paper.x, top=layout.top - paper.y)
        surf = self._territory[1] if self._territory is not None else None
        if surf is None or surf.get_size() != (paper.w, paper.h):
            surf = pygame.Surface((paper.w, paper.h))
            if pygame.display.get_surface() is not None:
                surf = surf.convert()
        surf.fill(theme.PAPER)
        if game.rules is Rules.CLASSIC:
            self._draw_zone(surf, game, local)
        self._draw_fills(surf, layers, local)
        surf.blit(self._grid_overlay(layout), (0, 0))
        self._draw_outlines(surf, layers, local)
        if game.rules is Rules.CLASSIC:
            self._draw_free_areas(surf, game, local)
        self._territory = (key, surf)
        return surf

    @staticmethod
    def _px(layout: BoardLayout, point: tuple[float, float]) -> tuple[float, float]:
        return (layout.left + point[0] * layout.cell, layout.top + point[1] * layout.cell)

    def _grid_overlay(self, layout: BoardLayout) -> pygame.Surface:
        """Grid lines and node marks, see-through, drawn over the fills (cached per layout)."""
        if self._grid is not None and self._grid[0] == layout:
            return self._grid[1]
        paper = layout.paper
        over = pygame.Surface((paper.w, paper.h), pygame.SRCALPHA)
        c = layout.cell
        x0, y0 = layout.left - paper.x, layout.top - paper.y
        x1, y1 = x0 + (layout.width - 1) * c, y0 + (layout.height - 1) * c
        for i in range(layout.width):
            pygame.draw.line(over, theme.GRID_LINE, (x0 + i * c, y0), (x0 + i * c, y1))
        for j in range(layout.height):
            pygame.draw.line(over, theme.GRID_LINE, (x0, y0 + j * c), (x1, y0 + j * c))
        # The outer line is darker: the board's edge is where the nodes end.
        pygame.draw.rect(over, theme.GRID_EDGE, (x0, y0, x1 - x0 + 1, y1 - y0 + 1), 1)
        if c >= 14:
            r = 2 if c >= 30 else 1
            for i in range(layout.width):
                for j in range(layout.height):
                    pygame.draw.circle(over, theme.GRID_EDGE, (x0 + i * c, y0 + j * c), r)
        self._grid = (layout, over)
        return over

    def _draw_zone(self, surf: pygame.Surface, game: Game, layout: BoardLayout) -> None:
        zone = game.first_move_zone
        if zone is None:
            return
        zx, zy, zw, zh = zone
        c = layout.cell
        x, y = self._px(layout, (zx - 0.5, zy - 0.5))
        rect = pygame.Rect(round(x), round(y), zw * c, zh * c)
        colour = theme.player_colour(game.to_move)
        surf.fill(theme.mix(theme.PAPER, colour, 0.1), rect)
        corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
        _dashed_polygon(surf, theme.mix(colour, theme.PAPER, 0.3), corners, 2, max(6.0, c / 3))

    def layer_quarters(self, layer: Layer) -> list[Quarter]:
        """The quarters ``layer`` covers, as ``(cx, cy, k)``."""
        # A layer's shape never changes once laid, so its quarters are worked out
        # once. The cache holds the layer itself, so its id cannot be reused.
        hit = self._quarters.get(id(layer))
        if hit is not None and hit[0] is layer:
            return hit[1]
        quarters = quarters_of(layer.triangles)
        self._quarters[id(layer)] = (layer, quarters)
        return quarters

    def _draw_fills(self, surf: pygame.Surface, layers: Sequence[Layer], layout: BoardLayout) -> None:
        if len(self._quarters) > 2 * len(layers) + 64:  # forget layers that undo removed
            alive = {id(layer) for layer in layers}
            self._quarters = {k: v for k, v in self._quarters.items() if k in alive}
        # Each quarter's stack of layers, oldest first, as (owner, fade) pairs.
        stacks: dict[Quarter, tuple[tuple[Player, int], ...]] = {}
        get = stacks.get
        for layer in layers:
            item = ((layer.owner, layer.fade),)
            for q in self.layer_quarters(layer):
                below = get(q)
                stacks[q] = item if below is None else below + item
        blends: dict[tuple[tuple[Player, int], ...], theme.Colour] = {}
        cells: dict[tuple[int, int], list[theme.Colour | None]] = {}
        for (cx, cy, k), signature in stacks.items():
            colour = blends.get(signature)
            if colour is None:
                colour = theme.PAPER
                for owner, fade in signature:  # each layer over what lies below it
                    colour = theme.mix(colour, theme.player_colour(owner), theme.layer_alpha(fade) / 255)
                blends[signature] = colour
            quarters = cells.get((cx, cy))
            if quarters is None:
                quarters = cells[(cx, cy)] = [None, None, None, None]
            quarters[k] = colour
        c = layout.cell
        left, top = layout.left, layout.top
        runs: dict[tuple[int, theme.Colour], list[int]] = {}
        polygon = pygame.draw.polygon
        for (cx, cy), quarter_colours in cells.items():
            first = quarter_colours[0]
            if first is not None and quarter_colours.count(first) == 4:
                runs.setdefault((cy, first), []).append(cx)
                continue
            x, y = left + cx * c, top + cy * c
            corners = ((x, y), (x + c, y), (x + c, y + c), (x, y + c))
            centre = (x + c / 2, y + c / 2)
            for k, colour in enumerate(quarter_colours):
                if colour is not None:
                    polygon(surf, colour, (corners[k], corners[(k + 1) % 4], centre))
        # Whole cells of one colour side by side in a row become one rectangle.
        for (cy, colour), xs in runs.items():
            xs.sort()
            start = prev = xs[0]
            for cx in xs[1:] + [-2]:
                if cx == prev + 1:
                    prev = cx
                    continue
                surf.fill(colour, (left + start * c, top + cy * c, (prev - start + 1) * c, c))
                start = prev = cx

    def _draw_outlines(self, surf: pygame.Surface, layers: Sequence[Layer], layout: BoardLayout) -> None:
        # Chains: faded ones thin and pale first, so the countries on top read clearly.
        width = max(2, round(layout.cell / 12))
        for faded in (True, False):
            for layer in layers:
                if (layer.fade > 0) != faded:
                    continue
                colour = theme.player_colour(layer.owner)
                if faded:
                    colour = theme.mix(colour, theme.PAPER, min(0.75, 0.35 + 0.15 * layer.fade))
                for poly in layer.outline:
                    if len(poly) >= 2:
                        pts = [self._px(layout, p) for p in poly]
                        pygame.draw.lines(surf, colour, True, pts, max(1, width - 1) if faded else width)

    def _draw_free_areas(self, surf: pygame.Surface, game: Game, layout: BoardLayout) -> None:
        width = max(2, round(layout.cell / 14))
        for player in (Player.BLUE, Player.RED):
            colour = theme.mix(theme.player_colour(player), theme.PAPER, 0.2)
            for region in game.free_areas(player):
                for poly in region.outline:
                    if len(poly) >= 2:
                        pts = [self._px(layout, p) for p in poly]
                        _dashed_polygon(surf, colour, pts, width, max(5.0, layout.cell / 4))

    def dot_sprite(self, r: int, owner: Player, dead: bool) -> pygame.Surface:
        """The picture of a dot of radius ``r`` (crossed out if ``dead``), centred in its square."""
        key = (r, owner, dead)
        sprite = self._sprites.get(key)
        if sprite is None:
            d = r + max(1, r // 3)  # the strike reaches past the dot so it reads as crossed out
            size = 2 * (d + 2) + 1
            sprite = pygame.Surface((size, size), pygame.SRCALPHA)
            centre = (size // 2, size // 2)
            colour = theme.player_colour(owner)
            if dead:
                pygame.draw.aacircle(sprite, theme.mix(colour, theme.PAPER, 0.55), centre, r)
                w = max(2, r // 3)
                cx, cy = centre
                pygame.draw.line(sprite, theme.CROSS, (cx - d, cy - d), (cx + d, cy + d), w)
                pygame.draw.line(sprite, theme.CROSS, (cx - d, cy + d), (cx + d, cy - d), w)
            else:
                pygame.draw.aacircle(sprite, colour, centre, r)
                pygame.draw.aacircle(sprite, theme.player_dark(owner), centre, r, 1)
            self._sprites[key] = sprite
        return sprite

    def _draw_dots(self, surf: pygame.Surface, game: Game, layout: BoardLayout) -> None:
        r = dot_radius(layout.cell)
        c = layout.cell
        for y in range(game.height):
            for x in range(game.width):
                owner = game.dot_at((x, y))
                if owner is None:
                    continue
                sprite = self.dot_sprite(r, owner, game.is_dead((x, y)))
                half = sprite.get_width() // 2
                surf.blit(sprite, (layout.left + x * c - half, layout.top + y * c - half))
        last = game.last_move
        if last is not None:
            # A bright ring just outside the dot: visible on any fill, hides nothing.
            ring_r, ring_w = last_move_ring(r)
            pygame.draw.aacircle(surf, theme.LAST_MOVE, layout.node_to_pixel(last), ring_r, ring_w)

    # ----- per frame ----------------------------------------------------------------

    def draw_ghost(self, surface: pygame.Surface, layout: BoardLayout, node: Point, player: Player) -> None:
        """A see-through dot where a click or a lifted finger would play."""
        r = dot_radius(layout.cell)
        key = (r, player, True)
        ghost = self._ghosts.get(key)
        if ghost is None:
            size = 2 * r + 4
            ghost = pygame.Surface((size, size), pygame.SRCALPHA)
            centre = (size // 2, size // 2)
            pygame.draw.circle(ghost, (*theme.player_colour(player), 120), centre, r)
            pygame.draw.circle(ghost, (*theme.player_dark(player), 200), centre, r, 2)
            self._ghosts[key] = ghost
        cx, cy = layout.node_to_pixel(node)
        surface.blit(ghost, ghost.get_rect(center=(cx, cy)))

    @staticmethod
    def draw_refusal(surface: pygame.Surface, layout: BoardLayout, node: Point, strength: float) -> None:
        """The brief mark of an illegal node: a red ring with a cross, fading with ``strength``."""
        if strength <= 0:
            return
        r = dot_radius(layout.cell) + 4
        cx, cy = layout.node_to_pixel(node)
        size = 2 * r + 6
        mark = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        alpha = int(230 * min(1.0, strength))
        pygame.draw.circle(mark, (*theme.ILLEGAL, alpha), (c, c), r, 3)
        d = int(r * 0.55)
        pygame.draw.line(mark, (*theme.ILLEGAL, alpha), (c - d, c - d), (c + d, c + d), 3)
        pygame.draw.line(mark, (*theme.ILLEGAL, alpha), (c - d, c + d), (c + d, c - d), 3)
        surface.blit(mark, mark.get_rect(center=(cx, cy)))
