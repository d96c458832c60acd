"""Drawing the board: the window's static picture (background, the scene's panel, the paper with its
territory and dots), the dots' sprites and the ghost of the dot under the pointer.

Everything that depends only on the position is drawn once onto a cached
surface, so a frame is one blit plus the few things that move (the ghost dot,
the illegal-move flash, and the short animations of ``game.view.anim``, which
borrow the cached territory and dot pictures through :meth:`BoardView.territory`,
:meth:`BoardView.painted_territory` and :meth:`BoardView.dot_sprite`).

When the position changes, the cache is brought up to date in place from the
engine's own account of what happened (:meth:`engine.Game.changes_since`, a
:class:`engine.MoveReport` per action): the territory under the dots
(:mod:`game.view.territory`) repaints the rectangles around the layers that
changed, and this module the dots and the last-move ring that changed, each by
the same drawing code as a whole build clipped to its rectangle, so the result is
the same picture (``tests/test_view_cache.py`` compares them). A new game, layout
or window, or a jump further back than the engine's journal reaches, is drawn whole.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine import Game, Player
from game.input.layout import BoardLayout, Point
from game.view import theme
from game.view.board_geometry import (
    dot_codes,
    dot_radius,
    last_move_ring,
)
from game.view.territory import Territory, merged


class BoardView:
    """Draws one game's board; keeps the static drawing and brings it up to date in place.

    The static drawing is window-sized (background, the scene's panel, the board),
    so a frame starts with a single blit. A whole build paints each quarter
    triangle in the colour of its stack of layers blended over the paper, so the
    work grows with the board, not with how many layers were ever laid; after a
    move only the rectangles that changed are painted again.
    """

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._game: Game | None = None
        self._version = -1
        self._backdrop: pygame.Surface | None = None
        self._dots: list[int] = []
        """What stands on each node (``y × width + x``) as drawn: see :func:`dot_codes`."""
        self._last: Point | None = None
        self._paper = Territory()
        self._sprites: dict[tuple[int, Player, bool], pygame.Surface] = {}
        self._ghosts: dict[tuple[int, Player, bool], pygame.Surface] = {}
        self.rebuilds = 0
        """How many times the static drawing was made or brought up to date (tests check the cache with it)."""
        self.full_builds = 0
        """How many of those drew the whole window rather than what changed."""

    def backdrop(self, game: Game, layout: BoardLayout, size: tuple[int, int],
                 decorate: Callable[[pygame.Surface], object] | None = None, decor_key: object = None) -> pygame.Surface:
        """The window's static picture: background, ``decorate`` (the scene's panel), the board.

        Drawn whole for a new game, layout, window size or ``decor_key``; after a
        change of position only what changed is painted again.
        """
        key = (layout, size, decor_key)
        surf = self._backdrop
        if surf is not None and self._game is game and self._key == key:
            if self._version == game.version:
                return surf
            self._update_backdrop(surf, game, layout, decorate)
        else:
            if surf is None or surf.get_size() != size:
                surf = pygame.Surface(size)
                if pygame.display.get_surface() is not None:
                    surf = surf.convert()
                self._backdrop = surf
            self._render(surf, game, layout, decorate)
        self._game = game
        self._key = key
        self._version = game.version
        self.rebuilds += 1
        return surf

    def draw(self, surface: pygame.Surface, game: Game, layout: BoardLayout,
             decorate: Callable[[pygame.Surface], object] | None = None, decor_key: object = None) -> None:
        """Blit the cached static picture over the whole of ``surface``."""
        surface.blit(self.backdrop(game, layout, surface.get_size(), decorate, decor_key), (0, 0))

    def _render(self, surf: pygame.Surface, game: Game, layout: BoardLayout,
                decorate: Callable[[pygame.Surface], object] | None) -> None:
        territory = self.territory(game, layout)
        self._paper.dirty.clear()
        self._paper.dirty_all = False
        self._dots = dot_codes(game)
        self._last = game.last_move
        surf.set_clip(None)
        self._paint_backdrop(surf, layout, territory, decorate, None)
        self.full_builds += 1

    def _update_backdrop(self, surf: pygame.Surface, game: Game, layout: BoardLayout,
                         decorate: Callable[[pygame.Surface], object] | None) -> None:
        """Paint again the rectangles where the territory, a dot or the last-move ring changed."""
        territory = self.territory(game, layout)
        if self._paper.dirty_all:
            self._render(surf, game, layout, decorate)
            return
        changes = game.changes_since(self._version)
        if changes is None:
            self._render(surf, game, layout, decorate)
            return
        paper = layout.paper
        rects = [r.move(paper.x, paper.y) for r in self._paper.dirty]
        self._paper.dirty.clear()
        r = dot_radius(layout.cell)
        # The nodes the reports name; what stands there now is read off the game, so a dot
        # put and taken back within one jump is simply the same as drawn.
        touched: set[Point] = set()
        for report, _ in changes:
            if report is not None:
                if report.action.point is not None:
                    touched.add(report.action.point)
                touched.update(report.crossed_out)
                touched.update(report.revived)
        # The largest sprite (a crossed-out dot) covers whatever a dot there drew.
        half = self.dot_sprite(r, Player.BLUE, True).get_width() // 2 + 1
        dots, width = self._dots, game.width
        for point in touched:
            owner = game.dot_at(point)
            code = 0 if owner is None else owner * 2 + game.is_dead(point)
            v = point[1] * width + point[0]
            if dots[v] != code:
                dots[v] = code
                x, y = layout.node_to_pixel(point)
                rects.append(pygame.Rect(x - half, y - half, 2 * half + 1, 2 * half + 1))
        last = game.last_move
        if last != self._last:
            ring_r, ring_w = last_move_ring(r)
            half = ring_r + ring_w + 2
            for ringed in (self._last, last):
                if ringed is not None:
                    x, y = layout.node_to_pixel(ringed)
                    rects.append(pygame.Rect(x - half, y - half, 2 * half + 1, 2 * half + 1))
            self._last = last
        bounds = surf.get_rect()
        for rect in merged(rects):
            rect = rect.clip(bounds)
            if rect.w > 0 and rect.h > 0:
                surf.set_clip(rect)
                self._paint_backdrop(surf, layout, territory, decorate, rect)
        surf.set_clip(None)

    def _paint_backdrop(self, surf: pygame.Surface, layout: BoardLayout, territory: pygame.Surface,
                        decorate: Callable[[pygame.Surface], object] | None, area: pygame.Rect | None) -> None:
        """The window picture, all of it or (with the clip set to ``area``) the part in ``area``."""
        paper = pygame.Rect(layout.paper)
        if area is None or not paper.contains(area):
            # Inside the paper the territory covers all this; outside it, a dot's edge may reach the panel's side.
            surf.fill(theme.BACKGROUND)
            if decorate is not None:
                decorate(surf)
        whole = surf.get_clip()
        if layout.clip is not None:  # zoomed: the board only inside its area, the panel never covered
            surf.set_clip(whole.clip(pygame.Rect(layout.clip)))
        surf.fill(theme.SHADOW, (paper.x + 3, paper.y + 4, paper.w, paper.h))
        part = paper if area is None else area.clip(paper)
        surf.blit(territory, part.topleft, part.move(-paper.x, -paper.y))
        pygame.draw.rect(surf, theme.PAPER_EDGE, paper, 1)
        self._draw_dots(surf, layout, area)
        surf.set_clip(whole)

    def territory(self, game: Game, layout: BoardLayout) -> pygame.Surface:
        """The paper-sized picture of paper, grid, countries and chains (no dots) for ``game`` now
        (:class:`game.view.territory.Territory`)."""
        return self._paper.picture(game, layout)

    def painted_territory(self, game: Game, layout: BoardLayout, version: int) -> pygame.Surface | None:
        """The territory as last painted, if that was ``game`` at ``version`` on ``layout``; else None:
        the picture from before a move, until the board is drawn again."""
        return self._paper.painted(game, layout, version)

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

    def _draw_dots(self, surf: pygame.Surface, layout: BoardLayout, area: pygame.Rect | None) -> None:
        """The dots (row by row, as sprites may overlap) and the last-move ring, all or those reaching ``area``."""
        r = dot_radius(layout.cell)
        c = layout.cell
        ring_r, ring_w = last_move_ring(r)
        x0, y0, x1, y1 = 0, 0, layout.width - 1, layout.height - 1
        if area is not None:
            reach = max(self.dot_sprite(r, Player.BLUE, True).get_width() // 2, ring_r + ring_w) + 2
            x0 = max(x0, (area.x - reach - layout.left) // c)
            x1 = min(x1, (area.right + reach - layout.left) // c + 1)
            y0 = max(y0, (area.y - reach - layout.top) // c)
            y1 = min(y1, (area.bottom + reach - layout.top) // c + 1)
        dots = self._dots
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                code = dots[y * layout.width + x]
                if not code:
                    continue
                sprite = self.dot_sprite(r, Player(code >> 1), bool(code & 1))
                half = sprite.get_width() // 2
                surf.blit(sprite, (layout.left + x * c - half, layout.top + y * c - half))
        last = self._last
        if last is not None and (area is None or (x0 <= last[0] <= x1 and y0 <= last[1] <= y1)):
            # A bright ring just outside the dot: visible on any fill, hides nothing.
            pygame.draw.aacircle(surf, theme.LAST_MOVE, layout.node_to_pixel(last), ring_r, ring_w)

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
