"""«Анализ» is repeatable and kept: one record gives the same verdicts in the game's background job and
in ``ai.review`` however fast the clock runs, the chart ends on the final score, and a finished analysis
is shown again at once when the player comes back to the review (no second job)."""

from __future__ import annotations

from pathlib import Path

import pytest
from driving import click, press, step, step_until
from test_ai_review import blundered_game

from ai import review as ai_review
from engine import Game, Player, sgf
from game.control import Control
from game.match.analysis import Analysis
from game.scenes.handoff import Reviewing
from game.scenes.menu import MenuScene
from game.scenes.review import ReviewScene

WORK = ai_review.WORK
"""Each position's work in the repeatability tests: the default, at which the planted blunder is a mistake
(a search cut short by the clock would find other values)."""

QUICK = 10_000
"""Each position's work where only the last point matters."""

SAFETY_SECONDS = 120.0
"""A net for joins: the reviews here are bounded by work, this only stops a broken one hanging the run."""


class RushingTime:
    """The ``time`` module with a ``perf_counter`` that jumps :attr:`STEP` seconds at every reading: a
    machine so loaded that any search bounded by the clock would give up at once."""

    STEP = 1000.0

    def __init__(self) -> None:
        import time

        self._time = time
        self.now = 0.0
        self.readings = 0

    def perf_counter(self) -> float:
        self.now += self.STEP
        self.readings += 1
        return self.now

    def __getattr__(self, name: str) -> object:
        return getattr(self._time, name)


def rush(monkeypatch: pytest.MonkeyPatch) -> RushingTime:
    """From now on the clock every search reads rushes (the review's modules included)."""
    import ai
    import ai.board
    from ai.kernel import master

    rushing = RushingTime()
    for module in (ai, ai.board, master, ai_review):
        monkeypatch.setattr(module, "time", rushing, raising=False)
    return rushing


def verdicts(moves: list[ai_review.MoveReview]) -> list[tuple[int, Player, tuple[int, int], float, tuple[int, int],
                                                              float, bool]]:
    return [(m.number, m.player, m.point, m.lead, m.best, m.loss, m.mistake) for m in moves]


def record() -> str:
    """The planted blunder's game as a saved record, then finished: what both paths read."""
    game = blundered_game()
    game.finish()
    return sgf.dumps(game)


def test_the_game_and_the_command_lines_function_agree_however_fast_the_clock_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = record()
    calm = ai_review.review(sgf.loads(text), work=WORK)
    assert [m.number for m in calm if m.mistake] == [15]  # the master does see the blunder at this work
    rushing = rush(monkeypatch)
    in_game = Analysis(sgf.loads(text), work=WORK).start()  # the «Анализ» button's job
    in_game.join(SAFETY_SECONDS)
    assert in_game.complete
    rushed = ai_review.review(sgf.loads(text), work=WORK)
    assert rushing.readings > 0  # the searches did read the clock, and went on regardless
    assert verdicts(in_game.moves) == verdicts(calm)
    assert verdicts(rushed) == verdicts(calm)


def test_the_command_line_prints_the_verdicts_the_game_shows(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "blunder.sgf"
    path.write_text(record(), encoding="utf-8")
    in_game = Analysis(sgf.loads(path.read_text("utf-8")), work=WORK).start()
    in_game.join(SAFETY_SECONDS)
    rush(monkeypatch)
    assert ai_review.main([str(path), "--work", str(WORK)]) == 0
    printed = [line for line in capsys.readouterr().out.splitlines() if line[:4].strip().isdigit()]
    assert printed == [ai_review.line(m) for m in in_game.moves]
    assert printed[14].endswith("mistake")


def test_the_charts_last_point_is_the_final_score_of_a_finished_game() -> None:
    # Blue blunders with its 15th move and Red finishes the game before taking the three dots: the search
    # would see Red about three ahead, but the game ended 0 : 0, and so the blunder cost nothing.
    game = blundered_game()
    game.undo()
    game.finish()
    assert game.is_over and game.score(Player.BLUE) == game.score(Player.RED) == 0
    moves = ai_review.review(game, work=QUICK)
    assert moves[-1].number == 15 and moves[-1].lead == 0.0
    assert moves[-1].loss == max(0.0, moves[-1].before)  # the chart's fall to the score, from Blue's side
    # The game's job draws the same last point.
    in_game = Analysis(game, work=QUICK).start()
    in_game.join(SAFETY_SECONDS)
    assert in_game.moves[-1].lead == 0.0
    # A game that goes on keeps the search's estimate at its last move: Red's capture is still to come.
    going_on = blundered_game()
    going_on.undo()
    assert ai_review.review(going_on, work=QUICK)[-1].lead <= -2.0


def open_review(control: Control, game: Game) -> ReviewScene:
    scene = ReviewScene(control.stack, Reviewing(game, step=0))
    control.stack.push(scene)
    step(control)
    return scene


def test_coming_back_to_the_review_shows_the_finished_analysis_without_a_second_job(
        control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    real = ai_review.review
    jobs: list[int] = []

    def counted(game: Game, **settings: object) -> list[ai_review.MoveReview]:
        jobs.append(game.move_count)
        return real(game, **settings)  # type: ignore[arg-type]

    monkeypatch.setattr(ai_review, "review", counted)
    control.stack.push(MenuScene(control.stack))
    control.stack.ai_seconds = 0.015  # the stack's budget, counted as work (1,125 in classic)
    text = record()
    scene = open_review(control, sgf.loads(text))
    assert scene.analysis is None
    press(control, scene.b_analyse)
    analysis = scene.analysis
    assert analysis is not None
    step_until(control, lambda: not analysis.running, timeout=SAFETY_SECONDS)
    assert analysis.complete and jobs == [16]
    control.stack.pop()  # back to the menu, and the same record opened again (read anew from its text)
    again = open_review(control, sgf.loads(text))
    assert again.analysis is not None and again.analysis.complete and not again.analysis.running
    assert verdicts(again.analysis.moves) == verdicts(analysis.moves)
    assert not again.b_analyse.enabled  # nothing left to analyse
    click(control, again.b_analyse.rect.center)
    step(control)
    assert jobs == [16] and again.analysis is not None and again.analysis.complete  # no second job
    # The same game with one move more is another record: «Анализ» reviews it anew.
    longer = blundered_game()
    longer.play((9, 9))
    control.stack.pop()
    third = open_review(control, longer)
    assert third.analysis is None
    press(control, third.b_analyse)
    third_analysis = third.analysis
    assert third_analysis is not None
    step_until(control, lambda: not third_analysis.running, timeout=SAFETY_SECONDS)
    assert jobs == [16, 17]
