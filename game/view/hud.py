"""Pieces of the side panel shared by the play and results scenes: the panel and the score card."""

from __future__ import annotations

from fractions import Fraction

import pygame

from engine import Game, Player, format_score
from game.view import paper, theme
from game.input.layout import Box
from game.settings import MatchSettings
from game.view.strings import t


def player_name(player: Player, settings: MatchSettings) -> str:
    """«Синие» / «Красные» at one screen; «Вы» / «Компьютер» against the computer."""
    if settings.computer is not None:
        return t("play.you") if player == settings.computer.human else t("play.computer")
    return t("player.blue" if player == Player.BLUE else "player.red")


def draw_panel(surface: pygame.Surface, panel: Box, portrait: bool) -> None:
    """The panel's paper, with a line where it meets the board area."""
    pygame.draw.rect(surface, theme.PANEL, panel)
    if portrait:
        pygame.draw.line(surface, theme.PANEL_EDGE, (panel.x, panel.y), (panel.x + panel.w, panel.y), 2)
    else:
        pygame.draw.line(surface, theme.PANEL_EDGE, (panel.x, panel.y), (panel.x, panel.y + panel.h), 2)


def score_card_height(size: tuple[int, int]) -> int:
    """Height of the score card in a window of ``size``."""
    return 2 * row_height(size) + 12


def row_height(size: tuple[int, int]) -> int:
    """Height of one player's row on the score card."""
    return max(44, theme.text_size(size, 30) + 22)


def draw_scores(surface: pygame.Surface, rect: pygame.Rect, game: Game, settings: MatchSettings,
                highlight: Player | None, *, shown: dict[Player, Fraction] | None = None,
                pulse: dict[Player, float] | None = None) -> None:
    """Both players' live scores (with halves: 4½), the row of ``highlight`` tinted.

    ``shown`` replaces the game's scores while they tick towards it (``game.view.anim``),
    and ``pulse`` draws a score that much bigger (1 = normal size).
    """
    size = surface.get_size()
    rh = row_height(size)
    paper.card(surface, rect)
    name_px = theme.text_size(size, 20)
    score_px = theme.text_size(size, 30)
    for i, player in enumerate((Player.BLUE, Player.RED)):
        row = pygame.Rect(rect.x + 6, rect.y + 6 + i * rh, rect.w - 12, rh)
        colour = theme.player_colour(player)
        if player == highlight:
            tint = theme.mix(colour, (255, 255, 255), 0.86)
            pygame.draw.rect(surface, tint, row, border_radius=10)
            pygame.draw.rect(surface, theme.mix(colour, theme.PANEL, 0.5), row, 2, border_radius=10)
        r = max(7, rh // 5)
        paper.player_dot(surface, colour, theme.player_dark(player), (row.x + 12 + r, row.centery), r)
        name = theme.text(player_name(player, settings), name_px, theme.INK)
        surface.blit(name, (row.x + 24 + 2 * r, row.centery - name.get_height() // 2))
        value = shown[player] if shown is not None else game.score(player)
        score = theme.text(format_score(value), score_px, theme.player_dark(player), bold=True)
        grow = pulse.get(player, 1.0) if pulse is not None else 1.0
        if grow != 1.0:
            # Scaled, not rendered bigger: a new font size would be a file to load mid-animation.
            score = pygame.transform.smoothscale_by(score, grow)
        # Anchored at the right end of the row, so a swelling number grows towards the name.
        surface.blit(score, (row.right - 12 - score.get_width(), row.centery - score.get_height() // 2))
