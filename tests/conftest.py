"""Shared test set-up: no screen and no sound, and pygame started once for the game tests.

The SDL variables are set at import, before any test module imports pygame, so
the game tests run the same on a desktop, a server and CI. The player's data
folder (settings, the autosave that every move in a play scene writes) is a
temporary one for the whole run, so tests never touch the real one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture(scope="session", autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """``TOCHKI_DATA_DIR`` points into the test run's temporary folder (subprocesses inherit it)."""
    old = os.environ.get("TOCHKI_DATA_DIR")
    os.environ["TOCHKI_DATA_DIR"] = str(tmp_path_factory.mktemp("data"))
    yield
    if old is None:
        os.environ.pop("TOCHKI_DATA_DIR", None)
    else:
        os.environ["TOCHKI_DATA_DIR"] = old


KERNEL_FREE = frozenset({
    "test_ai_board", "test_board_geometry", "test_callout", "test_engine_edges",
    "test_engine_report", "test_engine_rules", "test_engine_undo", "test_engine_vs_reference", "test_game_hit",
    "test_achievement_standings", "test_achievements", "test_game_layout", "test_keep_games",
    "test_kernel_rules", "test_map_look",
    "test_match_engine", "test_project_files", "test_reference", "test_refusal", "test_release",
    "test_sgf", "test_sgf_hostile", "test_sgf_record", "test_sound", "test_store", "test_taps", "test_view_cache",
    "test_tutorial", "test_window_storms", "test_zoom",
})
"""Test modules whose tests never have the master think or review: they run first, while the kernel's first
compile (a child process, a minute of one core on a fresh clone) runs beside them, so that the suite does
not spend that minute waiting. (The kernel's rules tests import the compiled rules as they are collected:
that compile is not beside them yet.) Were one of them to have the master think after all, it would wait
for the kernel inside ``ai.think``, as the game does: slower, never wrong. None parses Python with ``ast``:
numba parses a function's source as it compiles it in the loading thread, and CPython 3.11 counts the AST's depth
once for all threads (python/cpython#106905), so a parse beside it can fail with SystemError."""


def pytest_configure(config: pytest.Config) -> None:
    """The kernel starts loading before collection, so that its first compile runs beside the tests that do
    not need it."""
    from ai import kernel

    kernel.start()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules of :data:`KERNEL_FREE` first, so the kernel compiles beside them (each module keeps its order)."""
    items.sort(key=lambda item: item.path.stem not in KERNEL_FREE)


@pytest.fixture(autouse=True)
def compiled_master(request: pytest.FixtureRequest) -> None:
    """A test outside :data:`KERNEL_FREE` waits for the master's kernel before it starts, so that a computer
    thinking in a scene test never spends its safety net (``driving.step_until``) on the compile. (The master
    itself waits for a loading kernel, so this changes when the wait happens, never what is played.)"""
    from ai import kernel

    if not kernel.switched_off() and request.path.stem not in KERNEL_FREE:
        assert kernel.wait(900), f"the master's kernel did not load: {kernel.status()}"


@pytest.fixture(scope="session")
def pygame_session() -> Iterator[object]:
    """pygame started once with the dummy drivers, as the game starts it; quit after the last test."""
    import pygame

    from game.control import start_pygame
    from game.view import theme

    theme.check_inks(True)  # words only in the colours theme.TEXT_ON declares (and tests/test_contrast.py checks)
    start_pygame()
    yield pygame
    pygame.quit()

@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user data folder of the test's own (created on first use by game.paths)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(folder))
    return folder


class FakeClock:
    """Milliseconds that move only when a test says so (the 300 ms guard after a finger lifts)."""

    def __init__(self) -> None:
        self.ms = 100_000

    def __call__(self) -> int:
        return self.ms


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def control(pygame_session: object, data_dir: Path, clock: FakeClock) -> Iterator[object]:
    """The game's loop in a 1280×800 window with a private data folder and the fake clock; Russian
    again afterwards. A test module that needs another window size defines its own."""
    from driving import running

    yield from running((1280, 800), clock)


class SlowedTime:
    """The ``time`` module as the computer's search reads it in tests: ``perf_counter`` runs
    :attr:`SLOWER` times slower than the real one (the rest is the real module's)."""

    SLOWER = 20.0

    def __init__(self) -> None:
        import time

        self._time = time
        self._start = time.perf_counter()

    def perf_counter(self) -> float:
        return self._start + (self._time.perf_counter() - self._start) / self.SLOWER

    def __getattr__(self, name: str) -> object:
        return getattr(self._time, name)


@pytest.fixture
def ai_counts_work(monkeypatch: pytest.MonkeyPatch, compiled_master: None) -> SlowedTime:
    """A seeded search stops on its work count, the same on an idle machine and a busy one.

    ``ai`` gives a seeded search a work limit (repeatable: the same move for the same seed) and the
    clock as a hard limit; on a busy machine the clock came first and the move changed. Here the
    clock the search reads runs twenty times slower, so the work limit decides unless the machine
    is twenty-odd times slower than an idle one; the clock is still there as a net (a 1 s budget
    ends after 19 s at most). An unseeded search gets twenty times its budget, so tests under this
    fixture seed theirs, or cancel them.
    """
    import ai
    import ai.board

    slowed = SlowedTime()
    for module in (ai, ai.board):  # (ai.review reads no clock: its searches count work alone)
        monkeypatch.setattr(module, "time", slowed)
    # The compiled master, loaded by now (compiled_master waited for it) unless off: the same clock.
    compiled = sys.modules.get("ai.kernel.master")
    if compiled is not None:
        monkeypatch.setattr(compiled, "time", slowed)
    return slowed


@pytest.fixture(autouse=True)
def no_kept_analysis() -> Iterator[None]:
    """Each test starts with no finished analysis kept from another (``game.match.analysis.kept``)."""
    yield
    analysis = sys.modules.get("game.match.analysis")
    if analysis is not None:
        analysis.forget_kept()


class StillTime:
    """The ``time`` module with a ``perf_counter`` that moves only by :meth:`advance` (the rest is real)."""

    def __init__(self) -> None:
        import time

        self._time = time
        self.now = 1000.0

    def perf_counter(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def __getattr__(self, name: str) -> object:
        return getattr(self._time, name)


@pytest.fixture(autouse=True)
def store_clock(monkeypatch: pytest.MonkeyPatch) -> StillTime:
    """The clock that shares the game's folder listings out across frames
    (``game.storage.unfinished.LIST_STEP_SECONDS``) stands still unless a test advances it: a list is
    read whole in its first frame on any machine, and a test of the sharing says how long each read
    takes instead of sleeping."""
    from game.storage import library, unfinished

    still = StillTime()
    for module in (unfinished, library):
        monkeypatch.setattr(module, "time", still)
    return still
