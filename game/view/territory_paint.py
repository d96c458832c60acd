"""Painting the territory's parts onto the paper: the grid, the classic first-move zone, the quarters'
colours, the countries' chains and the free areas' dashes.

Each painter draws what reaches one rectangle of the paper, from data that
:class:`game.view.territory.Territory` keeps up to date; it decides nothing
about what to paint again, so a part painted again matches a whole build.
All coordinates here are paper pixels (a layout whose origin is the paper's corner).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from engine import Game, Layer, Player
from game.input.layout import BoardLayout
from game.view import theme
from game.view.board_geometry import FreeChain, NodeBox, Wall

DASH_GAP = 0.8
"""A dash's gap as a share of the dash: a little shorter, so a dashed wall reads as one line."""


def dashed_polygon(surface: pygame.Surface, colour: theme.Colour, points: Sequence[tuple[float, float]],
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


def chain_width(cell: int) -> int:
    """A country's bold border, in pixels."""
    return max(2, round(cell / 12))


def free_width(cell: int) -> int:
    """A free area's dashes, in pixels."""
    return max(2, round(cell / 14))


def margin(cell: int) -> int:
    """Pixels a chain or a free area's dashes may reach past the nodes of its box."""
    return max(chain_width(cell), free_width(cell)) + 2


def px(layout: BoardLayout, point: tuple[float, float]) -> tuple[float, float]:
    """The pixel of ``point`` (node coordinates, halves allowed)."""
    return (layout.left + point[0] * layout.cell, layout.top + point[1] * layout.cell)


def reaching(layout: BoardLayout, boxes: Sequence[NodeBox], rect: pygame.Rect) -> list[int]:
    """Indices of the ``boxes`` (regions' node boxes) whose drawing can touch ``rect``."""
    c, m = layout.cell, margin(layout.cell)
    # A box's pixels run from left + x0·c − m to left + x1·c + m (and so down).
    xa, xb = rect.x - layout.left - m, rect.right - layout.left + m
    ya, yb = rect.y - layout.top - m, rect.bottom - layout.top + m
    return [i for i, (x0, y0, x1, y1) in enumerate(boxes)
            if x0 * c < xb and x1 * c >= xa and y0 * c < yb and y1 * c >= ya]


def grid_overlay(layout: BoardLayout) -> pygame.Surface:
    """Grid lines and node marks on a see-through paper-sized surface, drawn over the fills."""
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
    return over


def zone_rect(layout: BoardLayout, zone: tuple[int, int, int, int]) -> pygame.Rect:
    """The pixels of the classic first-move ``zone`` (``x0, y0, w, h`` in nodes): half a cell round its
    nodes, but never past the board's edge, where no node lies beyond.

    >>> from game.input.layout import BoardLayout
    >>> zone_rect(BoardLayout(10, 10, 20, 10, 10), (1, 0, 8, 10))  # the whole height of a 10×10 board
    Rect(20, 10, 160, 180)
    """
    x0, y0, w, h = zone
    half = layout.cell / 2
    left, top = px(layout, (x0, y0))
    right, bottom = px(layout, (x0 + w - 1, y0 + h - 1))
    edge_right, edge_bottom = px(layout, (layout.width - 1, layout.height - 1))
    ax, ay = round(max(layout.left, left - half)), round(max(layout.top, top - half))
    bx, by = round(min(edge_right, right + half)), round(min(edge_bottom, bottom + half))
    return pygame.Rect(ax, ay, bx - ax, by - ay)


def draw_zone(surf: pygame.Surface, game: Game, layout: BoardLayout) -> None:
    """The first-move zone of the player to move (classic), shaded in their colour, with a dashed rim."""
    zone = game.first_move_zone
    if zone is None:
        return
    rect = zone_rect(layout, zone)
    colour = theme.player_colour(game.to_move)
    surf.fill(theme.mix(theme.PAPER, colour, 0.1), rect)
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
    dashed_polygon(surf, theme.mix(colour, theme.PAPER, 0.3), corners, 2, max(6.0, layout.cell / 3))


def draw_fills(surf: pygame.Surface, layout: BoardLayout, colours: Sequence[theme.Colour | None],
               cells: tuple[int, int], rect: pygame.Rect) -> None:
    """The quarters' ``colours`` (per quarter slot, None for bare paper) in the cells that can touch
    ``rect``, row by row, on a board ``cells`` wide and high.

    A cell's triangles reach one pixel into the cells right of and below it,
    so the order is fixed (rows top down, whole cells last) and a cell
    beyond ``rect`` is drawn too: a part painted again matches a whole build.
    """
    c = layout.cell
    left, top = layout.left, layout.top
    cw, ch = cells
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


def draw_outlines(surf: pygame.Surface, layout: BoardLayout, rect: pygame.Rect, layers: Sequence[Layer],
                  boxes: Sequence[NodeBox], walls: Sequence[list[Wall]], stacks: Sequence[list[Layer]]) -> None:
    """The chains of the ``layers`` reaching ``rect`` (with their node ``boxes`` and ``walls``, over the
    quarters' ``stacks``), drawn so that the board reads as a map.

    Covered layers come first, thin and pale, so a takeover still shows who
    was there. A wall of a layer on top is drawn by what lies on its two
    sides now: where both are topped by its owner (two countries of one
    player side by side) it is only a faint line inside one territory;
    elsewhere it is the territory's border, bold, in the owner's dark
    colour, drawn last so that no faint or pale line crosses it. A wall
    depends only on the quarters beside it, so a change of their top owner
    repaints it: it lies in those quarters' cell, inside the changed layer's box.
    """
    width = chain_width(layout.cell)
    line = pygame.draw.line
    left, top, c = layout.left, layout.top, layout.cell
    borders: list[tuple[theme.Colour, float, float, float, float]] = []
    for i in reaching(layout, boxes, rect):
        layer = layers[i]
        owner = layer.owner
        if layer.fade > 0:
            colour = theme.mix(theme.player_colour(owner), theme.PAPER, min(0.75, 0.35 + 0.15 * layer.fade))
            for poly in layer.outline:
                if len(poly) >= 2:
                    pygame.draw.lines(surf, colour, True, [px(layout, p) for p in poly], max(1, width - 1))
            continue
        faint = theme.mix(theme.player_colour(owner), theme.PAPER, 0.45)
        dark = theme.player_dark(owner)
        for x0, y0, x1, y1, sides in walls[i]:
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
            for (qx0, qy0, qx1, qy1), inside in zip(((ax, ay, mx, my), (mx, my, bx, by)), inner, strict=True):
                if inside:
                    line(surf, faint, (qx0, qy0), (qx1, qy1))
                else:
                    borders.append((dark, qx0, qy0, qx1, qy1))
    for colour, ax, ay, bx, by in borders:
        line(surf, colour, (ax, ay), (bx, by), width)


def draw_free_areas(surf: pygame.Surface, layout: BoardLayout, rect: pygame.Rect,
                    chains: dict[FreeChain, NodeBox]) -> None:
    """Classic free areas reaching ``rect``: each player's as one territory, dashed evenly along each chain."""
    width = free_width(layout.cell)
    dash = max(5.0, layout.cell / 4)
    keys = list(chains)
    colours = {player: theme.mix(theme.player_colour(player), theme.PAPER, 0.2)
               for player in (Player.BLUE, Player.RED)}
    for i in reaching(layout, list(chains.values()), rect):
        player, closed, corners = keys[i]
        dashed_polygon(surf, colours[player], [px(layout, p) for p in corners], width, dash, closed=closed)
