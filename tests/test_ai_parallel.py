"""The master on several cores (ai.parallel): legal and in budget, cancelled at once, no process left
behind, one core whenever the pool cannot help, the setting that picks the number of cores.

A worker process starts in about half a second here, so one pool is started for the
module and kept; the tests that break it start a fresh one for the next. «In budget» is
what the pool itself tells: every share came in by its deadline (else it logs those that did
not and searches on one core); no test here times the search with a clock of its own.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from driving import SAFETY_SECONDS, step_until

from ai import choose_move, parallel, think
from ai.board import Board
from ai.parallel import Share
from ai.search import MASTER_V1, Master
from bench import levels as bench_levels
from engine import Game, Rules
from game.storage import preferences

CORES = 2

pytestmark = pytest.mark.slow  # processes started and searches of a second: in the slow run

LATE = "not in by the deadline"
"""What the pool logs when a worker's share missed its deadline."""
ROOT = Path(__file__).resolve().parent.parent


def mid_game(rules: Rules, seed: int = 3, size: int = 15, moves: int = 70) -> Game:
    rng = random.Random(seed)
    game = Game(size, size, rules)
    while game.move_count < moves:
        point = game.random_move(rng)
        assert point is not None
        game.play(point)
    return game


def game_point(game: Game, v: int) -> tuple[int, int]:
    return (v % game.width, v // game.width)


def alive(pid: int) -> bool:
    """True while ``pid`` is a process (not yet reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.fixture
def pool() -> Iterator[None]:
    """A ready pool of two workers (kept between tests: starting one costs half a second)."""
    parallel.reset_failures()
    assert parallel.start(CORES, wait_seconds=60.0), "the pool did not start"
    yield


@pytest.fixture(scope="module", autouse=True)
def no_pool_after_the_module() -> Iterator[None]:
    yield
    parallel.shutdown()


# ----- a move from several cores ------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", list(Rules))
def test_a_parallel_move_is_legal_and_the_workers_stop_on_the_deadline(pool: None, rules: Rules,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    game = mid_game(rules)
    before = (game.history, game.version)
    for seconds in (0.3, 0.8):
        thought = think(game, "master-v2", seconds=seconds, cores=CORES)
        # On how many cores is the clock's to say (a worker late on a busy machine means one): unasserted.
        assert game.is_legal(thought.move) and thought.positions > 0
    assert (game.history, game.version) == before
    # No work limit: only the deadline stops the workers, and each answers, long before the far net.
    live = parallel._get_pool(CORES)
    assert live is not None
    now = time.perf_counter()
    with caplog.at_level(logging.INFO, logger="ai.parallel"):
        shares = live.run(parallel._position(game), MASTER_V1, now + 0.3, now + SAFETY_SECONDS, None, None, None)
    assert shares is not None and all(s is not None for s in shares) and LATE not in caplog.text


def test_a_seeded_parallel_search_is_legal_and_stops_on_its_work(pool: None, caplog: pytest.LogCaptureFixture) -> None:
    game = mid_game(Rules.COUNTRIES)
    # Stopped by a count of work, the clock a far net only: every share is in, however busy the machine.
    now = time.perf_counter()
    with caplog.at_level(logging.INFO, logger="ai.parallel"):
        found = parallel.search(game, MASTER_V1, cores=CORES, deadline=now + SAFETY_SECONDS,
                                hard=now + SAFETY_SECONDS, work_limit=30_000, seed=4, cancel=None)
    assert found is not None and found.cores == CORES and LATE not in caplog.text
    assert game.is_legal(found.move)
    # Through think, as the game asks: a legal move (on how many cores depends on the clock, so unasserted).
    assert game.is_legal(think(game, "master-v1", seconds=0.5, seed=4, cores=CORES).move)


@pytest.mark.parametrize("seed", [None, 5])
def test_the_shares_split_one_root_order_between_them(pool: None, seed: int | None) -> None:
    # Ties in the root's order are broken at random: shares ordering it each their own way
    # would search some moves twice and others never.
    game = mid_game(Rules.COUNTRIES)
    live = parallel._get_pool(CORES)
    assert live is not None
    # Stopped by a count of work (enough for a first iteration each), the clock a far net only.
    now = time.perf_counter()
    shares = live.run(parallel._position(game), MASTER_V1, now + SAFETY_SECONDS, now + SAFETY_SECONDS, 30_000, seed,
                      None)
    assert shares is not None and all(s is not None and s.iterations for s in shares)
    first = [set(s.iterations[0]) for s in shares if s is not None]
    root = Master(Board(game), random.Random(seed), MASTER_V1).info().moves  # countries: every candidate
    assert not first[0] & first[1]
    assert first[0] | first[1] == {game_point(game, v) for v in root}
    if seed is not None:  # the same order as one core's, split every other move
        assert first[0] == {game_point(game, v) for v in root[0::2]}


def test_a_seeded_search_stays_on_one_core_unless_told(pool: None) -> None:
    # A seed promises the same move; one core keeps the promise whatever the pool is doing.
    game = mid_game(Rules.COUNTRIES)
    assert think(game, "master-v2", seconds=0.2, seed=1).cores == 1
    assert think(game, "master-v2", seconds=0.2, seed=1, cores=1).cores == 1


def test_only_the_master_levels_use_the_pool(pool: None) -> None:
    game = mid_game(Rules.CLASSIC)
    for level in ("random", "beginner", "amateur"):
        assert think(game, level, seconds=0.2, cores=CORES).cores == 1
    assert think(Game(9, 9), "master-v2", seconds=0.2, cores=CORES).cores == 1  # the opening is not searched


def test_cores_must_be_a_whole_number_from_one() -> None:
    for cores in (0, -1, True, 1.5, "2"):
        with pytest.raises(ValueError):
            choose_move(Game(9, 9), "master-v2", seconds=0.1, cores=cores)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        parallel.configure(0)


def test_a_second_search_meanwhile_runs_on_one_core(pool: None) -> None:
    game = mid_game(Rules.COUNTRIES)
    first: list[Any] = []
    cancel = threading.Event()
    # The first search holds the pool until the test cancels it (no clock ends it), so the second comes
    # while it runs on a machine of any speed.
    worker = threading.Thread(target=lambda: first.append(
        parallel.search(game, MASTER_V1, cores=CORES, deadline=time.perf_counter() + SAFETY_SECONDS,
                        hard=time.perf_counter() + SAFETY_SECONDS, work_limit=None, seed=None, cancel=cancel)))
    worker.start()
    step_until(None, lambda: parallel._pool is not None and any(parallel._pool.owed))  # the pool has it
    second = think(game, "master-v2", seconds=0.3, cores=CORES)  # a hint while the computer thinks
    assert worker.is_alive()  # the first still holds the pool
    cancel.set()
    worker.join(SAFETY_SECONDS)
    assert second.cores == 1 and game.is_legal(second.move)
    assert first == [None]  # cancelled on the pool
    assert parallel.settle(SAFETY_SECONDS)


# ----- cancel and shutdown ------------------------------------------------------------------------------------------


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the workers' CPU time from /proc")
def test_cancel_returns_at_once_and_the_workers_stop(pool: None) -> None:
    game = mid_game(Rules.CLASSIC, size=20, moves=130)
    pids = parallel.worker_pids()
    cancel = threading.Event()
    result: list[Any] = []
    # An hour's budget: only the cancel ends it before step_until's safety net fails the test.
    worker = threading.Thread(target=lambda: result.append(think(game, "master-v2", seconds=3600, cancel=cancel,
                                                                 cores=CORES)), daemon=True)
    before = sum(cpu_seconds(pid) for pid in pids)
    worker.start()
    step_until(None, lambda: sum(cpu_seconds(pid) for pid in pids) - before > 0.15)  # the workers are searching
    cancel.set()
    step_until(None, lambda: result)
    assert game.is_legal(result[0].move)
    assert parallel.settle(SAFETY_SECONDS), "a worker is still on the cancelled search"
    idle = [cpu_seconds(pid) for pid in pids]
    time.sleep(0.4)
    assert sum(cpu_seconds(pid) for pid in pids) - sum(idle) < 0.05  # and are not any more


def test_no_child_process_remains_after_shutdown(pool: None) -> None:
    pids = parallel.worker_pids()
    assert len(pids) == CORES and all(alive(pid) for pid in pids)
    assert set(pids) <= {p.pid for p in multiprocessing.active_children()}
    parallel.shutdown()
    assert parallel.worker_pids() == []
    assert not {p.pid for p in multiprocessing.active_children()} & set(pids)
    assert not any(alive(pid) for pid in pids)
    parallel.shutdown()  # twice is harmless


def test_shutdown_during_a_search_leaves_a_legal_move_and_no_process(pool: None) -> None:
    game = mid_game(Rules.COUNTRIES)
    pids = parallel.worker_pids()
    result: list[Any] = []
    worker = threading.Thread(target=lambda: result.append(think(game, "master-v2", seconds=20, cores=CORES)))
    worker.start()
    step_until(None, lambda: parallel._pool is not None and any(parallel._pool.owed))  # the pool has it
    parallel.shutdown()  # the window closes while the computer thinks
    worker.join(25)
    assert not worker.is_alive() and game.is_legal(result[0].move)
    assert not any(alive(pid) for pid in pids)


def test_the_game_applies_the_setting_and_closes_the_pool_with_its_window(tmp_path: Path) -> None:
    # In a process of its own: app.run starts and quits pygame, which the other tests share.
    script = textwrap.dedent("""
        import os
        from ai import parallel
        from game import app
        from game.storage import preferences

        if __name__ == "__main__":
            # One core: a setting any machine can honour (more than it has is capped), unlike the default of all.
            preferences.save_settings(preferences.Settings(cores=1))
            assert parallel.start(2, wait_seconds=60.0)
            pids = parallel.worker_pids()
            assert app.run() == 0
            gone = []
            for pid in pids:
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    gone.append(pid)
            print("cores", parallel.default_cores(), "workers", len(pids), "gone", len(gone))
    """)
    env = dict(os.environ, TOCHKI_DATA_DIR=str(tmp_path), TOCHKI_FIRST_FRAME_EXIT="1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "cores 1 workers 2 gone 2" in done.stdout


# ----- when the pool cannot help ------------------------------------------------------------------------------------


class _NoProcesses:
    """A multiprocessing context whose processes cannot start (as when the system refuses more)."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def Process(self, *args: Any, **kwargs: Any) -> Any:  # capitalised: the name multiprocessing gives it
        raise OSError("no more processes")


def test_falls_back_to_one_core_when_the_pool_cannot_start(monkeypatch: pytest.MonkeyPatch,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    parallel.shutdown()
    parallel.reset_failures()
    monkeypatch.setattr(parallel, "_CONTEXT", _NoProcesses(parallel._CONTEXT))
    game = mid_game(Rules.COUNTRIES)
    with caplog.at_level(logging.WARNING, logger="ai.parallel"):
        thought = think(game, "master-v2", seconds=0.4, cores=CORES)
    assert thought.cores == 1 and game.is_legal(thought.move) and thought.positions > 0
    assert "could not start" in caplog.text
    assert parallel.worker_pids() == []
    for _ in range(parallel.MAX_FAILURES):
        think(game, "master-v2", seconds=0.05, cores=CORES)
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="ai.parallel"):
        assert think(game, "master-v2", seconds=0.05, cores=CORES).cores == 1
    assert caplog.text == ""  # given up for the run: not tried (and logged) at every move
    parallel.reset_failures()


def test_a_worker_that_dies_mid_search_falls_back_to_one_core(pool: None, caplog: pytest.LogCaptureFixture) -> None:
    game = mid_game(Rules.COUNTRIES)
    pids = parallel.worker_pids()
    result: list[Any] = []
    with caplog.at_level(logging.WARNING, logger="ai.parallel"):
        worker = threading.Thread(target=lambda: result.append(think(game, "master-v2", seconds=1.2, cores=CORES)))
        worker.start()
        step_until(None, lambda: parallel._pool is not None and any(parallel._pool.owed))  # mid-search
        os.kill(pids[1], signal.SIGKILL)
        worker.join(SAFETY_SECONDS)
    assert result[0].cores == 1 and game.is_legal(result[0].move)  # searched again on one core, in time
    assert "died" in caplog.text
    assert not any(alive(pid) for pid in pids)  # the broken pool is closed, its other worker too
    assert parallel.start(CORES, wait_seconds=60.0)  # and the next request starts a fresh one


# ----- merging the shares -------------------------------------------------------------------------------------------


def share(move: tuple[int, int] | None, *iterations: dict[tuple[int, int], float]) -> Share:
    return Share(move, list(iterations), 10, 2)


def test_merge_compares_the_shares_at_the_deepest_iteration_all_finished() -> None:
    a = share((1, 1), {(1, 1): 1.0, (3, 3): 0.5}, {(1, 1): 0.0}, {(2, 2): 9.0})
    b = share((4, 4), {(4, 4): 2.0}, {(4, 4): -1.0})
    found = parallel.merge([a, b])
    assert found is not None
    # Depth 1 would pick b (2 > 1); only a finished depth 3; at depth 2, a's 0 beats b's -1.
    assert (found.move, found.depth, found.cores) == ((1, 1), 2, 2)
    assert found.positions == 20 and found.visits == 4


def test_merge_takes_the_best_value_and_a_tie_goes_to_the_earlier_share() -> None:
    a = share((1, 1), {(1, 1): 3.0, (5, 5): 2.5})
    b = share((4, 4), {(4, 4): 3.0})
    c = share((6, 6), {(6, 6): 3.5, (7, 7): 1.0})
    assert parallel.merge([a, b]).move == (1, 1)  # type: ignore[union-attr]
    assert parallel.merge([b, a]).move == (4, 4)  # type: ignore[union-attr]
    assert parallel.merge([a, b, c]).move == (6, 6)  # type: ignore[union-attr]


def test_merge_leaves_out_a_share_without_an_iteration() -> None:
    found = parallel.merge([share(None), share((2, 3), {(2, 3): -4.0}), None])
    assert found is not None and found.move == (2, 3) and found.depth == 1


def test_merge_without_iterations_needs_agreement_or_no_time_left() -> None:
    assert parallel.merge([share((1, 1)), share((1, 1))]).move == (1, 1)  # type: ignore[union-attr]
    assert parallel.merge([share((1, 1)), share((2, 2))]) is None  # search again on one core
    assert parallel.merge([share(None), share((2, 2))], any_move=True).move == (2, 2)  # type: ignore[union-attr]
    assert parallel.merge([None, None], any_move=True) is None


# ----- the setting ----------------------------------------------------------------------------------------------------


def test_the_cores_setting_is_checked_like_the_others() -> None:
    assert preferences.Settings().cores is None
    assert preferences.settings_from_dict({"cores": 2}).cores == 2
    for bad in (0, -2, True, 2.0, "2", parallel.MAX_CORES + 1, [2]):
        assert preferences.settings_from_dict({"cores": bad}).cores is None, bad
    assert preferences.settings_to_dict(preferences.Settings(cores=4))["cores"] == 4


def test_configure_sets_the_default_and_none_means_every_core() -> None:
    try:
        parallel.configure(1)
        assert parallel.default_cores() == 1
        assert think(mid_game(Rules.COUNTRIES), "master-v2", seconds=0.1).cores == 1
        parallel.configure(None)
        assert parallel.default_cores() == min(parallel.MAX_CORES, parallel.machine_cores())
    finally:
        parallel.configure(None)


# ----- the bench ----------------------------------------------------------------------------------------------------


def test_the_bench_shows_the_master_on_one_core_and_on_several(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_levels.main(["--positions", "1", "--size", "20x20", "--rules", "countries", "--level", "master-v2",
                              "--cores", str(CORES)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("20x20 countries master-v2 median")
    assert f"on {CORES} cores" in lines[1] and "the positions/s of one" in lines[1]
    last = lines[-1]
    assert last.startswith("bench (median/worst s, positions/s, visited/s): master-v2 20x20 countries ")
    assert last.endswith("visited/s") and f", master-v2-{CORES}cores 20x20 countries " in last
    assert parallel.worker_pids() == []  # the bench closes its pool
