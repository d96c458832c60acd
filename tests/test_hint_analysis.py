"""«Подсказка» and «Анализ» off the UI thread: the hint is legal and for the position shown,
the analysis grows and stops on cancel, the chart is drawn Blue above and Red below."""

from __future__ import annotations

import random
import threading

import pygame
import pytest
from driving import SAFETY_SECONDS, step_until

from ai import choose_move
from ai.review import MISTAKE_LOSS, MoveReview
from engine import Game, Player, Point, Rules
from game.match.analysis import Analysis
from game.match.hint import Hint
from game.view import theme
from game.view.lead_chart import LeadChart, fill_colour


def random_game(rules: Rules, moves: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(9, 9, rules)
    for _ in range(moves):
        point = game.random_move(rng)
        if point is None:
            break
        game.play(point)
    return game


@pytest.mark.parametrize("rules", list(Rules))
def test_the_masters_hint_is_always_a_legal_move_of_the_position_it_is_shown_for(rules: Rules) -> None:
    for seed in range(4):
        game = random_game(rules, 10 + 9 * seed, seed)
        if game.is_over:
            continue
        hint = Hint(seconds=0.1)
        hint.ask(game)
        step_until(None, lambda: not hint.thinking)  # noqa: B023 - waited on at once
        hint.follow(game, 0.0)
        assert hint.point is not None and game.is_legal(hint.point)


def test_an_illegal_or_stale_answer_is_never_shown() -> None:
    game = Game(7, 7)
    game.play((3, 3))
    taken: Point = (3, 3)

    def illegal(game: Game, level: str, **_: object) -> Point:
        return taken

    hint = Hint(illegal)
    hint.ask(game)
    step_until(None, lambda: not hint.thinking)
    hint.follow(game, 0.0)
    assert hint.point is None and not hint.active

    release = threading.Event()

    def slow(game: Game, level: str, **_: object) -> Point:
        release.wait(5)
        return game.legal_moves()[0]

    hint = Hint(slow)
    hint.ask(game)
    assert hint.thinking and hint.used == 1
    game.play((1, 1))  # the position moved on while it thought
    hint.follow(game, 0.0)
    release.set()
    hint.join(5)
    hint.follow(game, 0.0)
    assert hint.point is None and not hint.active and not hint.thinking


def test_a_cancel_tells_the_masters_search_to_stop() -> None:
    game = random_game(Rules.COUNTRIES, 12, 1)
    big = Game(38, 31)
    for point in game.history:
        big.play(point.point)  # type: ignore[arg-type]
    started, returned = threading.Event(), threading.Event()

    def master(game: Game, level: str, **options: object) -> Point:  # the real master, watched
        started.set()
        try:
            return choose_move(game, level, **options)  # type: ignore[arg-type]
        finally:
            returned.set()

    # An hour's budget: only the cancel can end this search before the safety net of step_until.
    hint = Hint(master, seconds=3600.0)
    hint.ask(big)
    step_until(None, started.is_set)
    hint.cancel()
    step_until(None, returned.is_set)
    hint.join(10)
    assert hint.point is None and not hint.thinking


def test_the_hint_count_goes_into_the_record_and_back() -> None:
    from engine import sgf
    game = Game(5, 5)
    game.play((1, 1))
    text = sgf.dumps(game, info=sgf.hints_info(4))
    assert "HN[4]" in text
    assert sgf.read_hints(sgf.read_info(text)) == 4
    assert sgf.read_hints(sgf.read_info(sgf.dumps(game, info=sgf.hints_info(0)))) == 0


def fake_review(lead_of: dict[int, float], *, pause_after: int | None = None) -> object:
    """A reviewer that reports each move at once; after move ``pause_after`` it waits for the cancel."""
    def review(game: Game, *, work: int, seed: int, cancel: threading.Event, progress: object) -> list[MoveReview]:
        done = []
        for k, action in enumerate(game.history, start=1):
            if cancel.is_set():
                from ai.board import Cancelled
                raise Cancelled
            lead = lead_of.get(k, 0.0)
            move = MoveReview(k, action.player, action.point, lead, action.point,  # type: ignore[arg-type]
                              MISTAKE_LOSS if k == 3 else 0.0)
            done.append(move)
            progress(move, game.move_count)  # type: ignore[operator]
            if k == pause_after:
                cancel.wait(SAFETY_SECONDS)
        return done
    return review


def test_the_analysis_grows_in_the_background_and_stops_on_cancel() -> None:
    game = random_game(Rules.COUNTRIES, 30, 2)
    analysis = Analysis(game, seconds=0.01, reviewer=fake_review({}, pause_after=3)).start()  # type: ignore[arg-type]
    assert analysis.total == 30
    step_until(None, lambda: len(analysis.moves) >= 3)
    analysis.cancel()
    analysis.join(SAFETY_SECONDS)
    kept = len(analysis.moves)
    assert kept == 3 and not analysis.running and not analysis.complete
    assert [m.number for m in analysis.moves] == list(range(1, kept + 1))

    whole = Analysis(game, seconds=0.01, reviewer=fake_review({})).start()  # type: ignore[arg-type]
    whole.join(SAFETY_SECONDS)  # a net: the fake review takes no time of its own
    assert whole.complete and whole.fraction == 1.0 and not whole.running and not whole.failed


def chart_of(leads: list[float], step: int = 0) -> tuple[pygame.Surface, LeadChart]:
    players = [Player.BLUE, Player.RED]
    moves = [MoveReview(k, players[(k - 1) % 2], (0, 0), lead, (0, 0), MISTAKE_LOSS if k == 3 else 0.0)
             for k, lead in enumerate(leads, start=1)]
    surface = pygame.Surface((420, 160))
    surface.fill(theme.PANEL)
    chart = LeadChart()
    chart.draw(surface, pygame.Rect(10, 10, 400, 120), moves, len(leads), step, progress=None)
    return surface, chart


def near(colour: pygame.Color, target: theme.Colour) -> bool:
    return sum(abs(a - b) for a, b in zip(colour[:3], target, strict=True)) < 30


def test_the_chart_fills_blue_above_the_line_where_blue_leads_and_red_below_where_red_does(
        pygame_session: object) -> None:
    # Blue ahead by 6 for the first half, Red ahead by 6 for the second.
    surface, chart = chart_of([6.0] * 10 + [-6.0] * 10, step=15)
    rect = chart.rect
    mid = rect.y + rect.h // 2
    quarter, three_quarters = rect.x + rect.w // 4, rect.x + 3 * rect.w // 4
    assert near(surface.get_at((quarter, mid - 15)), fill_colour(Player.BLUE))
    assert not near(surface.get_at((quarter, mid + 15)), fill_colour(Player.BLUE))  # nothing under Blue's lead
    assert near(surface.get_at((three_quarters + 5, mid + 15)), fill_colour(Player.RED))
    assert not near(surface.get_at((three_quarters + 5, mid - 15)), fill_colour(Player.RED))
    # The mistake at move 3 is a dot in the mover's (Blue's) dark colour on the curve.
    x3 = rect.x + round((rect.w - 1) * 3 / 20)
    column = [surface.get_at((x3, y)) for y in range(rect.y, rect.bottom)]
    assert any(near(c, theme.player_dark(Player.BLUE)) for c in column)


def test_a_tap_on_the_chart_is_the_move_under_it(pygame_session: object) -> None:
    _, chart = chart_of([1.0] * 40)
    rect = chart.rect
    assert chart.step_at((rect.x, rect.centery)) == 0
    assert chart.step_at((rect.right - 1, rect.centery)) == 40
    assert chart.step_at((rect.x + (rect.w - 1) // 2, rect.centery)) == 20
    assert chart.step_at((rect.x - 2, rect.centery)) is None
