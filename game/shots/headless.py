"""What the headless runs share: SDL's dummy drivers, a throw-away data folder, and the zagram sample.

They use nothing outside the repository (or the bundle), and never read or touch the player's files.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from game.paths import DATA_DIR_ENV, asset_path

ZAGRAM = asset_path("samples", "zagram-352562.sgf")
"""A real classic game from zagram.org (39×32, setup dots), shipped with the game as a sample."""


def use_dummy_drivers() -> None:
    """No screen, no sound: for the smoke run and screenshots (set before pygame.init)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"


@contextlib.contextmanager
def scratch_data_dir() -> Iterator[Path]:
    """A throw-away user data folder for the smoke run and screenshots: the player's own
    settings, autosave and saved games are neither read nor touched."""
    before = os.environ.get(DATA_DIR_ENV)
    with tempfile.TemporaryDirectory(prefix="tochki-") as folder:
        os.environ[DATA_DIR_ENV] = folder
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop(DATA_DIR_ENV, None)
            else:
                os.environ[DATA_DIR_ENV] = before


def other_program_record() -> str:
    """The zagram sample game (an asset: the build ships it, and a missing one is an error, not a stand-in)."""
    return ZAGRAM.read_text(encoding="utf-8")
