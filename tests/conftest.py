"""Shared test set-up: no screen and no sound, and pygame started once for the game tests.

The SDL variables are set at import, before any test module imports pygame, so
the game tests run the same on a desktop, a server and CI.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture(scope="session")
def pygame_session() -> Iterator[object]:
    """pygame initialised once with the dummy drivers; quit after the last test."""
    import pygame

    pygame.init()
    yield pygame
    pygame.quit()
