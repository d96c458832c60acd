"""«Анализ» in the review scene, driven by posted events: it runs beside the frame loop, the chart
grows, a tap on it shows that move, and at the planted blunder the better move is ringed."""

from __future__ import annotations

import pygame
from driving import click, press, step, step_until
from test_ai_review import blundered_game

from game.control import Control
from game.scenes.handoff import Reviewing
from game.scenes.menu import MenuScene
from game.scenes.review import ReviewScene
from game.view import theme


def open_review(control: Control) -> ReviewScene:
    control.stack.push(MenuScene(control.stack))
    control.stack.ai_seconds = 0.25  # the review's work per position, counted as seconds (225,000 kernel moves)
    scene = ReviewScene(control.stack, Reviewing(blundered_game(), step=0))
    control.stack.push(scene)
    step(control)
    return scene


def test_the_analysis_runs_beside_the_frames_and_the_chart_jumps_to_the_mistake(control: Control) -> None:
    scene = open_review(control)
    press(control, scene.b_analyse)
    analysis = scene.analysis
    assert analysis is not None and analysis.running and scene.b_analyse.key == "review.analyse.stop"
    reviewed: list[int] = []  # how many moves the analysis had reviewed, at each frame

    def done_else_a_key() -> bool:
        if not analysis.running:
            return True
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        reviewed.append(len(analysis.moves))
        return False

    step_until(control, done_else_a_key)
    assert analysis.complete, "the analysis did not finish"
    # The loop kept stepping while the master thought: frames saw the analysis at many moves on
    # its way (a frame that waited for a move's review would see each count once at most), and the
    # arrow keys posted meanwhile were all taken.
    assert len(reviewed) >= 20 and len(set(reviewed)) >= 4 and len(reviewed) > 2 * len(set(reviewed))
    assert scene.step == scene.replay.moves
    step(control)
    assert scene.b_analyse.key == "review.analyse" and not scene.b_analyse.enabled
    mistakes = [m.number for m in analysis.moves if m.mistake]
    assert 15 in mistakes
    chart = scene.chart.rect
    assert chart.w > 100 and chart.h > 40
    # A tap on the chart at the mistake's place shows that move.
    x = chart.x + (chart.w - 1) * 15 / 16
    click(control, (x, chart.centery))
    assert scene.step == 15
    # The better move (6, 9) is ringed on the board in the hint's green.
    surface = pygame.Surface(control.size)
    scene.draw(surface)
    cx, cy = scene.board.node_to_pixel((6, 9))
    reach = round(scene.board.cell * 0.9)
    ring = [surface.get_at((round(cx) + dx, round(cy) + dy)) for dx in range(-reach, reach + 1)
            for dy in range(-reach, reach + 1) if surface.get_rect().collidepoint(round(cx) + dx, round(cy) + dy)]
    assert any(sum(abs(a - b) for a, b in zip(c[:3], theme.HINT, strict=True)) < 40 for c in ring)


def test_leaving_the_review_stops_the_analysis(control: Control) -> None:
    scene = open_review(control)
    control.stack.ai_seconds = 5.0
    press(control, scene.b_analyse)
    analysis = scene.analysis
    assert analysis is not None and analysis.running
    control.stack.pop()
    assert not analysis.running
    analysis.join(5)
    assert len(analysis.moves) < analysis.total


def test_analysis_on_the_results_opens_the_review_with_it_running(control: Control) -> None:
    from game.match.settings import MatchSettings
    from game.scenes.handoff import Match
    from game.scenes.results import ResultsScene

    control.stack.push(MenuScene(control.stack))
    control.stack.ai_seconds = 0.05
    game = blundered_game()
    game.finish()
    results = ResultsScene(control.stack, Match(MatchSettings(game.rules, 10, 10), game))
    control.stack.push(results)
    step(control)
    press(control, results.b_analyse)
    review = control.stack.top
    assert isinstance(review, ReviewScene) and review.analysis is not None
    assert review.analysis.total == 16 and review.step == review.replay.moves
    control.stack.pop()  # back to the results: the analysis stops
    assert not review.analysis.running


def test_a_stopped_analysis_says_so_and_counts_no_mistakes_for_the_whole_game(control: Control) -> None:
    scene = open_review(control)
    control.stack.ai_seconds = 5.0
    press(control, scene.b_analyse)
    analysis = scene.analysis
    assert analysis is not None and analysis.running
    press(control, scene.b_analyse)  # «Прервать»
    analysis.join(10)
    step(control)
    assert not analysis.running and not analysis.complete
    lines = [text for text, _ in scene._analysis_lines()]
    assert lines[0] == f"Анализ прерван на ходе\u00a0{len(analysis.moves)} из\u00a0{analysis.total}"  # kept together
    assert not any(text.startswith("Ошибок") for text in lines)
    assert scene.b_analyse.key == "review.analyse" and scene.b_analyse.enabled  # it can be run again
