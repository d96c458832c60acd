"""The classic first-move zone: shaded inside the board only (on a 10×10 board it reaches the top and
bottom rows, and stopped half a cell past them), and named in the play panel while it holds, in both
languages, so the player knows what the shading is before a move is refused."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from driving import click, step

from engine import Game, Rules
from game.control import Control
from game.input.layout import Box, fit_board
from game.match.settings import MatchSettings
from game.scenes.handoff import Match
from game.strings import LANGUAGES, set_language, t
from game.view import theme
from game.view.board_view import BoardView
from game.view.refusal import RefusalMark


@pytest.fixture(autouse=True)
def _pygame(pygame_session: object) -> Iterator[None]:
    yield


def margin_pixels(layout_paper: Box, top: int, bottom: int, xs: range) -> list[tuple[int, int]]:
    """Pixels of the paper's half-cell margin above the top row and below the bottom row, at ``xs``."""
    above = [(x, y) for x in xs for y in range(layout_paper.y + 2, top - 2)]
    below = [(x, y) for x in xs for y in range(bottom + 3, layout_paper.y + layout_paper.h - 2)]
    return above + below


def test_the_zone_of_a_small_board_stays_inside_its_edge() -> None:
    game = Game(10, 10, Rules.CLASSIC)
    x0, y0, w, h = game.first_move_zone  # type: ignore[misc]
    assert (y0, h) == (0, 10)  # the zone's rows are the whole board's
    layout = fit_board(10, 10, Box(0, 0, 400, 400))
    surface = pygame.Surface((400, 400))
    BoardView().draw(surface, game, layout)
    left, top = layout.node_to_pixel((x0, 0))
    right, bottom = layout.node_to_pixel((x0 + w - 1, 9))
    inside = (left + layout.cell // 2 + 2, top + layout.cell // 2 + 2)  # mid-cell in the zone
    assert surface.get_at(inside)[:3] != theme.PAPER  # shaded
    xs = range(left + 3, right - 2, 5)
    outside = margin_pixels(layout.paper, top, bottom, xs)
    assert outside and all(surface.get_at(p)[:3] == theme.PAPER for p in outside)
    # The zone lit up for a refused first move stops at the edge too.
    lit = surface.copy()
    mark = RefusalMark.of(game, (9, 5))  # beside the zone, its mark and words clear of the margins
    assert mark.key == "refusal.zone"
    mark.draw(lit, layout, game)
    assert lit.get_at(inside) != surface.get_at(inside)
    assert all(lit.get_at(p) == surface.get_at(p) for p in outside)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_panel_names_the_shaded_zone_while_it_holds(control: Control, language: str) -> None:
    set_language(language)
    scene = control.stack.go("play", Match(MatchSettings(Rules.CLASSIC, 20, 20)))
    step(control)
    note = [line for line in t("play.zone").split("\n")]
    assert note and all(line.strip() for line in note)

    def shown() -> list[str]:
        return [text for text, _ in scene_status(scene)]

    assert all(line in shown() for line in note)
    for _ in range(2):  # Blue's first dot, then Red's: the zone holds for each
        x0, y0, w, h = scene.game.first_move_zone
        click(control, scene.board.node_to_pixel((x0 + w // 2, y0 + h // 2 - 2 + scene.game.move_count)))
        step(control)
    assert scene.game.move_count == 2 and scene.game.first_move_zone is None
    assert not any(line in shown() for line in note)
    # A countries game has no zone and no note.
    plain = control.stack.swap("play", Match(MatchSettings(Rules.COUNTRIES, 20, 20)))
    step(control)
    assert not any(line in [text for text, _ in scene_status(plain)] for line in note)


def scene_status(scene: object) -> list[tuple[str, object]]:
    """The status lines the play panel shows under the scores now."""
    from game.view import hud

    return hud.play_status(scene.game, scene.settings, stop_clock="", ai_failed=False,  # type: ignore[attr-defined]
                           autosave_failed=False)
