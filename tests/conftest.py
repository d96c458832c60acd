"""Shared test set-up: no screen and no sound, and pygame started once for the game tests.

The SDL variables are set at import, before any test module imports pygame, so
the game tests run the same on a desktop, a server and CI. The player's data
folder (settings, the autosave that every move in a play scene writes) is a
temporary one for the whole run, so tests never touch the real one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

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

