"""The territory: the board's picture under its dots (paper, grid, countries in layers, chains,
classic free areas), brought up to date in place from the engine's reports of each move.

Only the rectangles around the layers laid, taken back or faded, and the free areas that changed,
are painted again, by the same drawing code as a whole build clipped to each rectangle, so the
result is the same picture (``tests/test_view_cache.py`` compares them). The picture last painted
stays readable until the next update (:meth:`Territory.painted`): an animation takes the old
picture from there.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import pygame

from engine import Game, Layer, MoveReport, Player, Rules
from game.input.layout import BoardLayout
from game.view import theme
from game.view.board_geometry import (
    FreeChain,
    NodeBox,
    Wall,
    beneath,
    free_chains,
    layer_walls,
    node_box,
)

DASH_GAP = 0.8
"""A dash's gap as a share of the dash: a little shorter, so a dashed wall reads as one line."""


def _dashed_polygon(surface: pygame.Surface, colour: theme.Colour, points: Sequence[tuple[float, float]],
                    width: int, dash: float, *, closed: bool = True) -> None:
    """Dashes along the chain ``points``, the pattern running on round corners and joins.

    The phase carries from one segment to the next rather than starting again
    at each node, so a straight wall of many cells is one even row of dashes;
    a closed chain fits a whole number of dashes and gaps, stretched a little,
    so its closing node shows no stub or double dash either.
    """
    pts = list(points)
    if closed and pts:
        pts.append(pts[0])
    lengths = [math.hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in itertools.pairwise(pts)]
    total = sum(lengths)
    if total <= 0:
        return
    period = dash * (1 + DASH_GAP)
    if closed:
        count = max(1, round(total / period))
        dash *= total / (count * period)
        period = total / count
    line = pygame.draw.line
    start = 0.0  # the distance along the chain where this segment starts
    for ((x0, y0), (x1, y1)), length in zip(itertools.pairwise(pts), lengths, strict=True):
        if length > 0:
            end = start + length
            k = math.floor(start / period)
            while k * period < end:
                a = max(start, k * period)
                b = min(end, k * period + dash)
                if b > a:
                    u, v = (a - start) / length, (b - start) / length
                    line(surface, colour, (x0 + (x1 - x0) * u, y0 + (y1 - y0) * u),
                         (x0 + (x1 - x0) * v, y0 + (y1 - y0) * v), width)
                k += 1
            start = end


@dataclass
class _Shown:
    """What the cached territory shows, and the game version it shows.

    ``layers`` and the lists beside it (``boxes``, ``slots``, ``walls``) follow the game's
    layers, which only grow at the end and shrink from the end (undo), as the
    reports since ``version`` say; ``index`` finds a covered layer's place in
    them when its fade changes. ``stacks`` and ``colours`` are per quarter slot
    (``(cell y × cells wide + cell x) × 4 + side``): the layers on it, oldest
    first, and the colour they blend to (None for bare paper). ``chains`` are the
    classic free areas' dashed chains with their node boxes, in drawing order.
    """

    game: Game
    layout: BoardLayout
    zone: object
    version: int
    layers: list[Layer] = field(default_factory=list)
    index: dict[Layer, int] = field(default_factory=dict)
    boxes: list[NodeBox] = field(default_factory=list)
    slots: list[list[int]] = field(default_factory=list)
    walls: list[list[Wall]] = field(default_factory=list)
    stacks: list[list[Layer]] = field(default_factory=list)
    colours: list[theme.Colour | None] = field(default_factory=list)
    chains: dict[FreeChain, NodeBox] = field(default_factory=dict)


class Territory:
    """The board's paper-sized picture without its dots: paper, grid, first-move zone, countries in layers,
    chains and classic free areas; kept for one game and layout and painted again only where a move changed it.

    A whole build paints each quarter triangle in the colour of its stack of layers blended over
    the paper, so the work grows with the board, not with how many layers were ever laid.
    """

    def __init__(self) -> None:
        self._grid: tuple[BoardLayout, pygame.Surface] | None = None
        self._territory: pygame.Surface | None = None
        self._territory_now: tuple[Game, int, BoardLayout] | None = None
        self._shown: _Shown | None = None
        self._blends: dict[tuple[tuple[Player, int], ...], theme.Colour] = {}
        self.dirty: list[pygame.Rect] = []
        """Rectangles (paper pixels) painted since the board's backdrop last copied them."""
        self.dirty_all = True
        """The picture was built whole since the backdrop last copied it."""

    def picture(self, game: Game, layout: BoardLayout) -> pygame.Surface:
        """The paper-sized picture of paper, grid, countries and chains (no dots) for ``game`` now.

        The same surface is drawn over when the position changes: the picture before a
        move is :meth:`painted`, until the next draw. It does not depend on where
        the paper is, so panning a zoomed board draws none of it again.
        """
        layout = self._local(layout)
        now = (game, game.version, layout)
        if self._territory is None or self._territory_now != now:
            self._update_territory(game, layout)
            self._territory_now = now
        assert self._territory is not None
        return self._territory

    def painted(self, game: Game, layout: BoardLayout, version: int) -> pygame.Surface | None:
        """The territory as last painted, if that was ``game`` at ``version`` on ``layout``; else None.

        Nothing is painted here: an animation that starts just after a move copies the picture from
        before it (``version``) out of this before the board is drawn again.
        """
        if self._territory is None or self._territory_now != (game, version, self._local(layout)):
            return None
        return self._territory

    def _update_territory(self, game: Game, layout: BoardLayout) -> None:
        """Paper, grid, countries and chains: painted again only where the reports since the
        shown version laid, took back or faded a layer, or changed a free area.

        Most moves lay no layer: then nothing here is painted at all.
        """
        zone = game.first_move_zone
        zone_key = (zone, game.to_move if zone else None)
        paper = layout.paper
        shown = self._shown
        surf = self._territory
        changes = None
        if shown is not None and shown.game is game and shown.layout == layout and shown.zone == zone_key \
                and surf is not None and surf.get_size() == (paper.w, paper.h):
            changes = game.changes_since(shown.version)
        if changes is None or shown is None or surf is None:
            # Another game, layout or zone, or a jump past what the engine's journal keeps.
            self._build_territory(game, layout, zone_key)
            return
        shown.version = game.version
        boxes, recolour, free_changed = self._follow(shown, changes, game.rules is Rules.CLASSIC)
        if free_changed:
            chains = free_chains(game, shown.stacks)
            if chains.keys() != shown.chains.keys():
                # A chain drawn the same stays; one that changed at all is painted out and in whole,
                # as its dashes were spaced along all of it.
                boxes.extend(box for key, box in shown.chains.items() if key not in chains)
                boxes.extend(box for key, box in chains.items() if key not in shown.chains)
                shown.chains = chains
        if not boxes:
            return
        colours, stacks = shown.colours, shown.stacks
        for i in set(recolour):
            colours[i] = self._blend(stacks[i])
        self._repaint(surf, game, layout, boxes)

    def _follow(self, shown: _Shown, changes: list[tuple[MoveReport | None, bool]],
                classic: bool) -> tuple[list[NodeBox], list[int], bool]:
        """Bring ``shown``'s layers up to date with ``changes``: the boxes to paint again, the quarters to
        recolour, and whether a free area's chains may have changed (classic rules only)."""
        boxes: list[NodeBox] = []
        recolour: list[int] = []
        faded: set[Layer] = set()
        free_changed = False  # a free area changed, or a layer changed which walls of one are drawn
        for report, undone in changes:
            if report is None:
                continue  # the turn handed over: only the zone, which is keyed above
            if report.laid:
                if undone:
                    # Undo takes layers back newest first, so each is on top of all its quarters.
                    for layer in reversed(report.laid):
                        assert shown.layers[-1] is layer, "the reports follow the layers shown"
                        box, slots = self._take_layer(shown)
                        boxes.append(box)
                        recolour.extend(slots)
                else:
                    for layer in report.laid:
                        box, slots = self._add_layer(shown, layer)
                        boxes.append(box)
                        recolour.extend(slots)
                beneath(report.covered, faded)
            if classic and not free_changed:
                free_changed = report.free_areas_changed or bool(report.laid)
        index = shown.index
        for layer in faded:
            i = index.get(layer)
            if i is not None:  # a layer taken back in this batch had its box painted already
                boxes.append(shown.boxes[i])
                recolour.extend(shown.slots[i])
        return boxes, recolour, free_changed

    def _repaint(self, surf: pygame.Surface, game: Game, layout: BoardLayout, boxes: list[NodeBox]) -> None:
        """Paint the territory again inside ``boxes`` (node boxes, widened by the walls' margin), and
        note what was painted in :attr:`dirty`."""
        local = self._local(layout)
        margin = self._margin(layout)
        c = layout.cell
        rects = [pygame.Rect(local.left + x0 * c - margin, local.top + y0 * c - margin,
                             (x1 - x0) * c + 2 * margin + 1, (y1 - y0) * c + 2 * margin + 1)
                 for x0, y0, x1, y1 in boxes]
        bounds = surf.get_rect()
        for rect in merged(rects):
            rect = rect.clip(bounds)
            if rect.w > 0 and rect.h > 0:
                self._paint_territory(surf, game, layout, rect)
                self.dirty.append(rect)

    def _build_territory(self, game: Game, layout: BoardLayout, zone_key: object) -> None:
        """The whole territory from scratch: a new game, layout or first-move zone."""
        paper = layout.paper
        surf = self._territory
        if surf is None or surf.get_size() != (paper.w, paper.h):
            surf = pygame.Surface((paper.w, paper.h))
            if pygame.display.get_surface() is not None:
                surf = surf.convert()
            self._territory = surf
        slots = 4 * max(0, game.width - 1) * max(0, game.height - 1)
        shown = self._shown = _Shown(game, layout, zone_key, game.version, stacks=[[] for _ in range(slots)],
                                     colours=[None] * slots)
        for layer in game.layers:
            self._add_layer(shown, layer)
        if game.rules is Rules.CLASSIC:
            shown.chains = free_chains(game, shown.stacks)
        stacks, colours = shown.stacks, shown.colours
        for i, stack in enumerate(stacks):
            if stack:
                colours[i] = self._blend(stack)
        if len(self._blends) > 4096:  # fades and owners make few signatures; this only guards against a leak
            self._blends.clear()
        self._paint_territory(surf, game, layout, surf.get_rect())
        self.dirty.clear()
        self.dirty_all = True

    @staticmethod
    def _add_layer(shown: _Shown, layer: Layer) -> tuple[NodeBox, list[int]]:
        """Put ``layer`` on top of its quarters' stacks; its node box and quarter slots."""
        cw = shown.game.width - 1
        slots = [(cy * cw + cx) * 4 + side for cx, cy, side in layer.cell_quarters]
        stacks = shown.stacks
        for i in slots:
            stacks[i].append(layer)  # in place: a new tuple per quarter would be one more object kept per move
        box = node_box(layer)
        shown.index[layer] = len(shown.layers)
        shown.layers.append(layer)
        shown.boxes.append(box)
        shown.slots.append(slots)
        shown.walls.append(layer_walls(layer, cw, shown.game.height - 1))
        return box, slots

    @staticmethod
    def _take_layer(shown: _Shown) -> tuple[NodeBox, list[int]]:
        """Take the newest layer off its quarters' stacks (it is on top of each); its node box and slots."""
        del shown.index[shown.layers.pop()]
        slots = shown.slots.pop()
        shown.walls.pop()
        stacks = shown.stacks
        for i in slots:
            stacks[i].pop()
        return shown.boxes.pop(), slots

    def _blend(self, stack: list[Layer]) -> theme.Colour | None:
        """The colour of a quarter: each layer on it, oldest first, over the paper."""
        if not stack:
            return None
        signature = tuple((layer.owner, layer.fade) for layer in stack)
        colour = self._blends.get(signature)
        if colour is None:
            colour = theme.PAPER
            for owner, fade in signature:
                colour = theme.mix(colour, theme.player_colour(owner), theme.layer_alpha(fade) / 255)
            self._blends[signature] = colour
        return colour

    @staticmethod
    def _local(layout: BoardLayout) -> BoardLayout:
        """``layout`` with the paper's top-left corner as the origin (and the whole paper in sight)."""
        paper = layout.paper
        return replace(layout, left=layout.left - paper.x, top=layout.top - paper.y, clip=None)

    @staticmethod
    def _chain_width(cell: int) -> int:
        return max(2, round(cell / 12))

    @staticmethod
    def _free_width(cell: int) -> int:
        return max(2, round(cell / 14))

    def _margin(self, layout: BoardLayout) -> int:
        """Pixels a chain or a free area's dashes may reach past the nodes of its box."""
        return max(self._chain_width(layout.cell), self._free_width(layout.cell)) + 2

    def _paint_territory(self, surf: pygame.Surface, game: Game, layout: BoardLayout, rect: pygame.Rect) -> None:
        """Everything on the paper inside ``rect`` (paper pixels), as a whole build draws it there."""
        local = self._local(layout)
        surf.set_clip(rect)
        surf.fill(theme.PAPER)
        if game.rules is Rules.CLASSIC:
            self._draw_zone(surf, game, local)
        self._draw_fills(surf, local, rect)
        surf.blit(self._grid_overlay(layout), rect.topleft, rect)
        self._draw_outlines(surf, local, rect)
        if game.rules is Rules.CLASSIC:
            self._draw_free_areas(surf, local, rect)
        surf.set_clip(None)

    @staticmethod
    def _px(layout: BoardLayout, point: tuple[float, float]) -> tuple[float, float]:
        return (layout.left + point[0] * layout.cell, layout.top + point[1] * layout.cell)

    def _reaching(self, layout: BoardLayout, boxes: Sequence[NodeBox], rect: pygame.Rect) -> list[int]:
        """Indices of the ``boxes`` (regions' node boxes) whose drawing can touch ``rect``."""
        c, m = layout.cell, self._margin(layout)
        # A box's pixels run from left + x0·c − m to left + x1·c + m (and so down).
        xa, xb = rect.x - layout.left - m, rect.right - layout.left + m
        ya, yb = rect.y - layout.top - m, rect.bottom - layout.top + m
        return [i for i, (x0, y0, x1, y1) in enumerate(boxes)
                if x0 * c < xb and x1 * c >= xa and y0 * c < yb and y1 * c >= ya]

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

    def _draw_fills(self, surf: pygame.Surface, layout: BoardLayout, rect: pygame.Rect) -> None:
        """The quarters' colours in the cells that can touch ``rect``, row by row.

        A cell's triangles reach one pixel into the cells right of and below it,
        so the order is fixed (rows top down, whole cells last) and a cell
        beyond ``rect`` is drawn too: a part painted again matches a whole build.
        """
        shown = self._shown
        assert shown is not None
        colours = shown.colours
        c = layout.cell
        left, top = layout.left, layout.top
        cw, ch = shown.game.width - 1, shown.game.height - 1
        cx0, cx1 = max(0, (rect.x - left) // c - 1), min(cw, (rect.right - left) // c + 2)
        cy0, cy1 = max(0, (rect.y - top) // c - 1), min(ch, (rect.bottom - top) // c + 2)
        runs: list[tuple[theme.Colour, int, int, int]] = []  # colour, first and last cell x, pixel y
        polygon = pygame.draw.polygon
        for cy in range(cy0, cy1):
            y = top + cy * c
            run: theme.Colour | None = None  # whole cells of one colour side by side in this row
            first = last = 0
            for cx in range(cx0, cx1):
                i = (cy * cw + cx) * 4
                north, east, south, west = colours[i:i + 4]
                if north is not None and north == east == south == west:
                    if run == north and last == cx - 1:
                        last = cx
                        continue
                    if run is not None:
                        runs.append((run, first, last, y))
                    run, first, last = north, cx, cx
                    continue
                if north is None and east is None and south is None and west is None:
                    continue
                x = left + cx * c
                corners = ((x, y), (x + c, y), (x + c, y + c), (x, y + c))
                centre = (x + c / 2, y + c / 2)
                for k, colour in enumerate((north, east, south, west)):
                    if colour is not None:
                        polygon(surf, colour, (corners[k], corners[(k + 1) % 4], centre))
            if run is not None:
                runs.append((run, first, last, y))
        # Whole cells of one colour side by side in a row are one rectangle, drawn over the triangles' edges.
        for colour, first, last, y in runs:
            surf.fill(colour, (left + first * c, y, (last - first + 1) * c, c))

    def _draw_outlines(self, surf: pygame.Surface, layout: BoardLayout, rect: pygame.Rect) -> None:
        """The chains of the layers reaching ``rect``, drawn so that the board reads as a map.

        Covered layers come first, thin and pale, so a takeover still shows who
        was there. A wall of a layer on top is drawn by what lies on its two
        sides now: where both are topped by its owner (two countries of one
        player side by side) it is only a faint line inside one territory;
        elsewhere it is the territory's border, bold, in the owner's dark
        colour, drawn last so that no faint or pale line crosses it. A wall
        depends only on the quarters beside it, so a change of their top owner
        repaints it: it lies in those quarters' cell, inside the changed layer's box.
        """
        shown = self._shown
        assert shown is not None
        width = self._chain_width(layout.cell)
        near = self._reaching(layout, shown.boxes, rect)
        layers, stacks = shown.layers, shown.stacks
        line = pygame.draw.line
        left, top, c = layout.left, layout.top, layout.cell
        borders: list[tuple[theme.Colour, float, float, float, float]] = []
        for i in near:
            layer = layers[i]
            owner = layer.owner
            if layer.fade > 0:
                colour = theme.mix(theme.player_colour(owner), theme.PAPER, min(0.75, 0.35 + 0.15 * layer.fade))
                for poly in layer.outline:
                    if len(poly) >= 2:
                        pts = [self._px(layout, p) for p in poly]
                        pygame.draw.lines(surf, colour, True, pts, max(1, width - 1))
                continue
            faint = theme.mix(theme.player_colour(owner), theme.PAPER, 0.45)
            dark = theme.player_dark(owner)
            for x0, y0, x1, y1, sides in shown.walls[i]:
                inner = [s0 >= 0 and s1 >= 0 and bool(stacks[s0]) and bool(stacks[s1])
                         and stacks[s0][-1].owner == owner and stacks[s1][-1].owner == owner
                         for s0, s1 in sides]
                ax, ay, bx, by = left + x0 * c, top + y0 * c, left + x1 * c, top + y1 * c
                if len(inner) == 1 or inner[0] == inner[1]:
                    if inner[0]:
                        line(surf, faint, (ax, ay), (bx, by))
                    else:
                        borders.append((dark, ax, ay, bx, by))
                    continue
                # A diagonal inside the territory on one half only: each half as it is.
                mx, my = (ax + bx) / 2, (ay + by) / 2
                for (px, py, qx, qy), inside in zip(((ax, ay, mx, my), (mx, my, bx, by)), inner, strict=True):
                    if inside:
                        line(surf, faint, (px, py), (qx, qy))
                    else:
                        borders.append((dark, px, py, qx, qy))
        for colour, ax, ay, bx, by in borders:
            line(surf, colour, (ax, ay), (bx, by), width)

    def _draw_free_areas(self, surf: pygame.Surface, layout: BoardLayout, rect: pygame.Rect) -> None:
        """Classic free areas: each player's as one territory, dashed evenly along each chain."""
        shown = self._shown
        assert shown is not None
        width = self._free_width(layout.cell)
        dash = max(5.0, layout.cell / 4)
        chains = list(shown.chains)
        colours = {player: theme.mix(theme.player_colour(player), theme.PAPER, 0.2)
                   for player in (Player.BLUE, Player.RED)}
        for i in self._reaching(layout, list(shown.chains.values()), rect):
            player, closed, corners = chains[i]
            pts = [self._px(layout, p) for p in corners]
            _dashed_polygon(surf, colours[player], pts, width, dash, closed=closed)


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with overlapping ones joined into their bounding rectangle, so no pixel is painted twice."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        hit = rect.collidelist(out)
        while hit >= 0:
            rect.union_ip(out.pop(hit))
            hit = rect.collidelist(out)
        out.append(rect)
    return out
