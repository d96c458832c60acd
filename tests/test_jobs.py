"""Background jobs (:mod:`game.match.jobs`): a superseded or cancelled job's late result is dropped and wakes
nobody; a current job's result and news wake the loop (``JOB_NEWS``), so with the loop idle — no input
posted — a hint's answer and a finished analysis show in the very next frame; undo while the computer
thinks cancels its job and its late move is never played. Every wait is on a job's ``done`` flag or a
condition, never on a clock."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pygame
import pytest
from driving import click, press, step, step_until
from test_ai_review import blundered_game
from test_game_scenes import grid_px, start_play

from ai import Level
from ai import review as ai_review
from ai.review import MoveReview
from engine import Game, Player, Point, Rules
from game import strings
from game.control import JOB_NEWS, Control
from game.match.jobs import Job, Jobs
from game.match.opponent import ComputerOpponent, Snapshot
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.handoff import Reviewing
from game.scenes.menu import MenuScene
from game.scenes.review import ReviewScene
from game.view import theme
from game.view.lead_chart import LeadChart

# ----- the helper alone -------------------------------------------------------------------------------


def test_a_superseded_jobs_late_result_is_dropped_and_wakes_nobody() -> None:
    woken: list[int] = []
    jobs: Jobs[str] = Jobs("test", notify=lambda: woken.append(1))
    gate = threading.Event()

    def slow(job: Job) -> str:
        gate.wait(30)
        job.news()  # progress from a job nobody wants any more
        return "old"

    first = jobs.start(slow)
    second = jobs.start(lambda job: "new")  # supersedes the first
    assert first.cancel.is_set() and not second.cancel.is_set() and second.generation == first.generation + 1
    step_until(None, second.done.is_set)
    assert woken == [1]  # the current job's result, once
    gate.set()
    step_until(None, first.done.is_set)
    assert woken == [1]  # the old one's news and result woke nobody
    finished = jobs.take()
    assert finished is not None and finished.value == "new" and finished.generation == second.generation
    assert jobs.take() is None  # a result is taken once
    assert not jobs.busy


def test_a_cancelled_job_brings_nothing_and_an_error_is_a_result() -> None:
    woken: list[int] = []
    jobs: Jobs[int] = Jobs("test", notify=lambda: woken.append(1))
    gate = threading.Event()
    job = jobs.start(lambda job: 1 if gate.wait(30) else 0)
    assert jobs.busy and jobs.job is job
    jobs.cancel()
    assert job.cancel.is_set() and not jobs.busy and jobs.job is None
    gate.set()
    step_until(None, job.done.is_set)
    assert jobs.take() is None and woken == []

    def broken(job: Job) -> int:
        raise RuntimeError("no luck")

    failing = jobs.start(broken)
    step_until(None, failing.done.is_set)
    finished = jobs.take()
    assert finished is not None and finished.value is None and isinstance(finished.error, RuntimeError)
    assert woken == [1]


def test_a_failing_notify_does_not_lose_the_result() -> None:
    def no_window() -> None:
        raise RuntimeError("the loop is gone")

    jobs: Jobs[int] = Jobs("test", notify=no_window)
    job = jobs.start(lambda job: 7)
    step_until(None, job.done.is_set)
    finished = jobs.take()
    assert finished is not None and finished.value == 7


def test_the_snapshot_rebuilds_the_game_as_a_copy_would() -> None:
    game = Game(12, 12, Rules.CLASSIC)
    for point in [(4, 4), (5, 5), (4, 6), (6, 6), (3, 5), (1, 1), (5, 4)]:
        game.play(point)
    game.stop()
    game.play((9, 9))
    shot = Snapshot.of(game)
    twin, copy = shot.game(), game.copy()
    assert twin is not game and shot.version == game.version
    assert twin.history == copy.history and twin.to_move == copy.to_move and twin.stopped_by == copy.stopped_by
    assert [twin.score(p) for p in Player] == [copy.score(p) for p in Player]
    assert sorted(twin.legal_moves()) == sorted(copy.legal_moves())
    game.play((10, 10))  # the real game moves on; the snapshot stays where it was taken
    assert shot.game().history == copy.history


def test_an_opponents_superseded_answer_is_never_handed_out() -> None:
    gates = [threading.Event(), threading.Event()]

    def chooser(game: Game, level: str, **_: object) -> Point:
        n = len(game.history) - 1  # the first request sees one move, the second two
        gates[n].wait(30)
        return (n, n)

    opponent = ComputerOpponent(Player.RED, "amateur", chooser=chooser)
    game = Game(5, 5)
    game.play((2, 2))
    old = opponent.request(game)
    game.play((3, 3))
    new = opponent.request(game)
    gates[0].set()
    step_until(None, old.done.is_set)
    assert opponent.poll() is None and opponent.thinking  # the late answer for the old position: dropped
    gates[1].set()
    step_until(None, new.done.is_set)
    answer = opponent.poll()
    assert answer is not None and answer.move == (1, 1) and answer.version == game.version


# ----- the loop wakes ----------------------------------------------------------------------------------


@pytest.fixture
def no_late_quit() -> Iterator[pygame.event.Event]:
    """A QUIT 30 s on, as a safety net for a wait that would otherwise never end; stopped afterwards."""
    quit_event = pygame.event.Event(pygame.QUIT)
    pygame.time.set_timer(quit_event, 30_000, loops=1)
    yield quit_event
    pygame.time.set_timer(quit_event, 0)


def drawn_texts(control: Control, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the top scene draws now."""
    drawn: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **kw: drawn.append(s) or real(s, *a, **kw))
    control.stack.draw(pygame.Surface(control.size))
    monkeypatch.setattr(theme, "text", real)
    return drawn


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_hint_shows_in_the_next_frame_with_the_loop_idle(control: Control, monkeypatch: pytest.MonkeyPatch,
                                                          no_late_quit: pygame.event.Event, lang: str) -> None:
    strings.set_language(lang)
    gate = threading.Event()

    def quick_master(game: Game, level: str, **_: object) -> Point:
        gate.wait(30)
        return (6, 6)

    play = start_play(control, MatchSettings(width=10, height=10), chooser=quick_master)
    click(control, grid_px(play, 4, 4))
    press(control, play.panel.b_hint)
    step(control)
    thinking = strings.t("play.hint.thinking")
    assert play.panel.b_hint.key == "play.hint.thinking" and thinking in drawn_texts(control, monkeypatch)
    job = play.hint.job
    assert job is not None
    step_until(control, lambda: control.idle)  # the move's pop and its save done: nothing would bring a frame
    assert play.hint.thinking  # (and no timer polls the hint)
    gate.set()
    step_until(None, job.done.is_set)  # the worker is done; no frame has run since
    events, _ = control.wait_for_frame()  # the loop's own wait ends on the job's news, not on the safety net
    assert JOB_NEWS in {e.type for e in events} and pygame.QUIT not in {e.type for e in events}
    control.step(1 / 60, events)  # one frame
    assert play.hint.point == (6, 6) and play.panel.b_hint.key == "play.hint"
    assert thinking not in drawn_texts(control, monkeypatch)
    assert strings.t("play.hint") in drawn_texts(control, monkeypatch)


def gated_review(gate: threading.Event, before: int) -> object:
    """A reviewer that reports each move at once, but waits for ``gate`` before move ``before``."""
    def review(game: Game, *, work: int, seed: int, cancel: threading.Event, progress: object) -> list[MoveReview]:
        done: list[MoveReview] = []
        for k, action in enumerate(game.history, start=1):
            if k == before:
                gate.wait(30)
            move = MoveReview(k, action.player, action.point, float(k), action.point, 0.0)  # type: ignore[arg-type]
            done.append(move)
            progress(move, game.move_count)  # type: ignore[operator]
        return done
    return review


def test_a_finished_analysis_shows_in_the_next_frame_with_the_loop_idle(
        control: Control, monkeypatch: pytest.MonkeyPatch, no_late_quit: pygame.event.Event) -> None:
    game = blundered_game()
    gate = threading.Event()
    monkeypatch.setattr(ai_review, "review", gated_review(gate, before=game.move_count))
    charts: list[tuple[int, float | None]] = []  # each chart drawn: its points, and the bar (None: none)
    real_draw = LeadChart.draw

    def watched(chart: LeadChart, surface: pygame.Surface, rect: pygame.Rect, moves: list[MoveReview], total: int,
                step: int, *, progress: float | None) -> None:
        charts.append((len(moves), progress))
        real_draw(chart, surface, rect, moves, total, step, progress=progress)

    monkeypatch.setattr(LeadChart, "draw", watched)
    control.stack.push(MenuScene(control.stack))
    scene = ReviewScene(control.stack, Reviewing(game, step=0))
    control.stack.push(scene)
    step(control)
    press(control, scene.b_analyse)
    analysis = scene.analysis
    assert analysis is not None and analysis.job is not None
    total = analysis.total
    step_until(control, lambda: len(analysis.moves) == total - 1 and charts[-1][0] == total - 1)
    assert scene.b_analyse.key == "review.analyse.stop" and charts[-1][1] == pytest.approx((total - 1) / total)
    assert control.idle  # the review waits for the analysis' news, it does not poll it
    gate.set()
    step_until(None, analysis.job.done.is_set)
    events, _ = control.wait_for_frame()
    assert JOB_NEWS in {e.type for e in events} and pygame.QUIT not in {e.type for e in events}
    control.step(1 / 60, events)  # one frame
    assert not analysis.running and analysis.complete
    assert scene.b_analyse.key == "review.analyse" and not scene.b_analyse.enabled  # no «Прервать»
    assert charts[-1] == (total, None)  # the last point is on the chart; the bar is full, so it is gone


def test_undo_while_the_computer_thinks_cancels_its_job_and_its_late_move_is_never_played(
        control: Control) -> None:
    gate = threading.Event()

    def slow(game: Game, level: str, **_: object) -> Point:
        gate.wait(30)
        return (0, 0)

    play = start_play(control, MatchSettings(width=10, height=10, computer=ComputerSettings("beginner", Player.BLUE)),
                      chooser=slow)
    click(control, grid_px(play, 5, 5))
    step(control)
    assert play.opponent is not None
    job = play.opponent.jobs.job
    assert job is not None and play.opponent.thinking
    press(control, play.panel.b_undo)
    assert job.cancel.is_set() and play.game.move_count == 0 and not play.opponent.thinking
    gate.set()
    step_until(None, job.done.is_set)
    assert not pygame.event.peek(JOB_NEWS)  # the cancelled job woke nobody
    step(control, 5)
    assert play.game.move_count == 0 and play.game.dot_at((0, 0)) is None and not play.ai_failed
    click(control, grid_px(play, 5, 5))  # the game goes on: the computer thinks afresh
    assert play.opponent.jobs.job is not None and play.opponent.jobs.job.generation > job.generation


def test_the_computers_move_copies_the_game_once_on_its_way_to_the_search(
        control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    """From the tap to ``ai.choose_move``: the UI thread takes a snapshot (no replay), the worker rebuilds
    the game from it, and the search plays on that rebuilt game; it used to replay it into a copy again."""
    rebuilt = Game.from_actions.__func__  # type: ignore[attr-defined]
    copies: list[str] = []

    def counted(cls: type[Game], *args: object, **kwargs: object) -> Game:
        copies.append(threading.current_thread().name)
        return rebuilt(cls, *args, **kwargs)  # type: ignore[no-any-return]

    play = start_play(control, MatchSettings(width=9, height=9, computer=ComputerSettings(Level.BEGINNER, Player.BLUE)),
                      ai_seconds=0.05)  # the real ai.choose_move, with a short budget
    monkeypatch.setattr(Game, "from_actions", classmethod(counted))  # Game.copy replays through it too
    click(control, grid_px(play, 4, 4))
    step_until(control, lambda: play.game.move_count == 2)
    assert len(copies) == 1 and copies[0].startswith("computer-"), copies  # once, on the worker
    played = play.game.history[-1]
    assert played.player is Player.RED and play.game.move_count == 2  # and the live game only got the answer
