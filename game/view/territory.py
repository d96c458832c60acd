"""The territory: the board's picture under its dots (paper, grid, countries in layers, chains,
classic free areas), brought up to date in place from the engine's reports of each move.

Only the rectangles around the layers laid, taken back or faded, and the free areas that changed,
are painted again, by the same drawing code as a whole build clipped to each rectangle, so the
result is the same picture (``tests/test_view_cache.py`` compares them). The picture last painted
stays readable until the next update (:meth:`Territory.painted`): an animation takes the old
picture from there.
"""

from __future__ import annotations

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
from game.view.territory_paint import (
    draw_fills,
    draw_free_areas,
    draw_outlines,
    draw_zone,
    grid_overlay,
    margin,
)


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
        pad = margin(layout.cell)
        c = layout.cell
        rects = [pygame.Rect(local.left + x0 * c - pad, local.top + y0 * c - pad,
                             (x1 - x0) * c + 2 * pad + 1, (y1 - y0) * c + 2 * pad + 1)
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

    def _paint_territory(self, surf: pygame.Surface, game: Game, layout: BoardLayout, rect: pygame.Rect) -> None:
        """Everything on the paper inside ``rect`` (paper pixels), as a whole build draws it there."""
        shown = self._shown
        assert shown is not None
        local = self._local(layout)
        classic = game.rules is Rules.CLASSIC
        surf.set_clip(rect)
        surf.fill(theme.PAPER)
        if classic:
            draw_zone(surf, game, local)
        draw_fills(surf, local, shown.colours, (game.width - 1, game.height - 1), rect)
        surf.blit(self._grid_overlay(layout), rect.topleft, rect)
        draw_outlines(surf, local, rect, shown.layers, shown.boxes, shown.walls, shown.stacks)
        if classic:
            draw_free_areas(surf, local, rect, shown.chains)
        surf.set_clip(None)

    def _grid_overlay(self, layout: BoardLayout) -> pygame.Surface:
        """Grid lines and node marks, see-through, drawn over the fills (cached per layout)."""
        if self._grid is None or self._grid[0] != layout:
            self._grid = (layout, grid_overlay(layout))
        return self._grid[1]


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
