"""The review's chart readable on a small screen (issue 29): at 1024×600 it keeps its least height whatever
the lines above it say, and its mistakes' dots are at least 11 px across, ringed apart from both fills."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from conftest import FakeClock
from driving import running, step

from ai.review import MISTAKE_LOSS, MoveReview
from engine import Player, sgf
from game import strings
from game.control import Control
from game.match.analysis import Analysis
from game.match.replay import Replay
from game.scenes.handoff import Reviewing
from game.scenes.menu import MenuScene
from game.scenes.review import ReviewScene
from game.shots.headless import ZAGRAM, other_program_record
from game.view import lead_chart, theme
from game.view.lead_chart import MIN_DOT_PX, LeadChart, fill_colour


@pytest.fixture
def small(pygame_session: object, data_dir: object, clock: FakeClock) -> Iterator[Control]:
    """The game's loop in the smallest touch laptop's window."""
    yield from running((1024, 600), clock)


def reviewed(moves: int) -> list[MoveReview]:
    """A review with a mistake every third move, the lead swinging from side to side."""
    out, lead = [], 0.0
    for k in range(1, moves + 1):
        player = Player.BLUE if k % 2 else Player.RED
        mistake = k % 3 == 0
        before, lead = lead, lead + (-1 if player is Player.BLUE else 1) * (MISTAKE_LOSS + 1 if mistake else -0.5)
        out.append(MoveReview(k, player, (0, 0), lead, (1, 1), MISTAKE_LOSS + 1 if mistake else 0.0, before))
    return out


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_chart_keeps_its_height_and_big_dots_at_1024x600(small: Control, language: str) -> None:
    strings.set_language(language)
    record = sgf.read(other_program_record())
    small.stack.push(MenuScene(small.stack))
    scene = ReviewScene(small.stack, Reviewing(record.game, title=ZAGRAM.stem,
                                               players=(record.info["PB"], record.info["PW"])))
    small.stack.push(scene)
    total = Replay(record.game).moves
    scene.analysis = Analysis.of(scene.replay.source, reviewed(total))
    # The most the panel says over the chart: the end (the verdict), and a mistake (what it lost).
    for shown in (total, total - total % 3, 3, 0):
        scene.goto(shown)
        step(small)
        assert scene.chart.rect.h >= lead_chart.min_height(small.size) >= 96, shown
        assert scene.chart.dot_px >= MIN_DOT_PX, shown
        assert scene.chart.rect.bottom <= scene.b_first.rect.top  # above the step buttons


def test_a_dot_on_either_fill_is_ringed_in_dark_ink(pygame_session: object) -> None:
    # Red far ahead throughout, Blue's mistake at move 3: its dot sits on the red fill.
    moves = [MoveReview(k, Player.BLUE if k % 2 else Player.RED, (0, 0), -6.0, (0, 0),
                        MISTAKE_LOSS if k == 3 else 0.0, -6.0) for k in range(1, 21)]
    surface = pygame.Surface((300, 140))
    chart = LeadChart()
    chart.draw(surface, pygame.Rect(10, 10, 260, 96), moves, 20, 0, progress=None)
    x = chart.rect.x + round((chart.rect.w - 1) * 3 / 20)
    dot = [y for y in range(chart.rect.y, chart.rect.bottom) if surface.get_at((x, y))[:3] == theme.player_dark(Player.BLUE)]
    assert dot and len(dot) == dot[-1] - dot[0] + 1 == chart.dot_px  # one dot, as wide as it says
    assert chart.dot_px >= MIN_DOT_PX
    above = [surface.get_at((x, y))[:3] for y in range(dot[0] - 1, dot[0] - 6, -1)]  # towards the zero line
    assert above[0] == (255, 255, 255) and theme.CHART_DOT_EDGE in above[1:3]  # a light ring, then a dark one
    assert above[-1] == fill_colour(Player.RED)  # and Red's fill round it
