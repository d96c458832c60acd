"""While a finger is down on the board, a loupe above the fingertip shows the spot and the ghost dot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from conftest import FakeClock

from engine import Player
from game.control import Control
from game.input.layout import Box
from game.match.settings import MatchSettings
from game.scenes.handoff import Match
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.view.callout import loupe_bounds, loupe_centre, loupe_radius


@pytest.fixture
def control(pygame_session: object, clock: FakeClock, data_dir: Path) -> Iterator[Control]:
    pygame.event.clear()
    c = Control((1024, 600), now=clock)
    yield c
    c.stack.shutdown_all()
    pygame.event.clear()


def finger(control: Control, kind: int, pos: tuple[float, float]) -> None:
    w, h = control.size
    pygame.event.post(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=0,
                                         touch_id=1, pressure=1.0))
    control.step(1 / 60)


def start(control: Control) -> PlayScene:
    control.stack.push(MenuScene(control.stack))
    play = PlayScene(control.stack, Match(MatchSettings(width=38, height=31)))
    control.stack.push(play)
    control.step(1 / 60)
    return play


def test_the_loupe_shows_above_the_finger_and_goes_when_it_lifts(control: Control) -> None:
    play = start(control)
    node = (20, 20)
    at = play.board.grid_to_pixel(node)
    bare = control.screen.copy()
    finger(control, pygame.FINGERDOWN, at)
    assert play.ghost_node() == node and play.aim.finger_pos is not None
    radius = loupe_radius(play.board, control.size)
    bounds = loupe_bounds(play.board, control.size)
    cx, cy = loupe_centre(play.aim.finger_pos, radius, bounds)
    assert bounds.x + bounds.w <= play.screen.panel.x  # never over the side panel
    assert cy < at[1] - radius  # above the fingertip, clear of it
    # The loupe's middle is the magnified ghost: Blue, see-through, over the paper.
    middle = control.screen.get_at((cx + 3, cy + 3))
    assert middle.b > middle.r + 40 and middle != bare.get_at((cx + 3, cy + 3))
    finger(control, pygame.FINGERMOTION, play.board.grid_to_pixel((10, 25)))
    assert play.ghost_node() == (10, 25)
    finger(control, pygame.FINGERUP, play.board.grid_to_pixel((10, 25)))
    assert play.game.dot_at((10, 25)) is Player.BLUE and play.aim.finger_pos is None
    control.step(1 / 60)
    assert control.screen.get_at((cx + 3, cy + 3)) == bare.get_at((cx + 3, cy + 3))  # gone with the finger


def test_the_mouse_gets_no_loupe(control: Control) -> None:
    play = start(control)
    x, y = (round(v) for v in play.board.grid_to_pixel((20, 20)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0), touch=False))
    control.step(1 / 60)
    assert play.ghost_node() == (20, 20) and play.aim.finger_pos is None


def test_near_the_top_the_loupe_goes_beside_the_finger() -> None:
    radius, board = 60, Box(0, 0, 1024, 600)
    assert loupe_centre((500, 80), radius, board) == (500 + 2 * radius + 30, 80)
    assert loupe_centre((1000, 80), radius, board) == (1000 - 2 * radius - 30, 80)
    assert loupe_centre((500, 300), radius, Box(0, 0, 540, 600))[0] <= 540 - radius  # kept off the panel
