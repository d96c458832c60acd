"""Shared test set-up: no screen and no sound, and pygame started once for the game tests.

The SDL variables are set at import, before any test module imports pygame, so
the game tests run the same on a desktop, a server and CI. The player's data
folder (settings, the autosave that every move in a play scene writes) is a
temporary one for the whole run, so tests never touch the real one.
"""

from __future__ import annotations

import os
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


@pytest.fixture(scope="session")
def pygame_session() -> Iterator[object]:
    """pygame initialised once with the dummy drivers; quit after the last test."""
    import pygame

    pygame.init()
    yield pygame
    pygame.quit()

@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user data folder of the test's own (created on first use by game.storage.paths)."""
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
