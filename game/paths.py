"""Where the game's files are: read-only assets, and the player's own data.

Assets (fonts, sounds, the icon) sit in ``assets/`` at the repository root when
the game runs from source, and in the unpacked bundle (``sys._MEIPASS``) when it
runs as a PyInstaller executable; :func:`asset_path` hides the difference.

The autosave, settings and logs go in the per-user data folder from
:func:`user_data_dir`, never next to the executable: that folder may be
read-only (``Program Files``, a signed macOS ``.app``) or, for a one-file build,
a temporary directory deleted on exit.

>>> asset_path("fonts", "DejaVuSans.ttf").name
'DejaVuSans.ttf'
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "tochki-strany"
DATA_DIR_ENV = "TOCHKI_DATA_DIR"
"""Environment variable that, when set, replaces the user data folder (tests, portable installs)."""


def bundle_root() -> Path:
    """The folder that holds ``assets/``: the repository root, or the frozen bundle."""
    if getattr(sys, "frozen", False):
        # PyInstaller unpacks (one-file) or places (one-folder: ``_internal``) the
        # data files under _MEIPASS; other freezers only promise sys.executable.
        meipass = getattr(sys, "_MEIPASS", None)
        if meipass:
            return Path(meipass)
        return Path(sys.executable).resolve().parent
    return Path(__file__).resolve().parents[1]  # game/paths.py → the repository root


def asset_path(*parts: str) -> Path:
    """The path of an asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``.

    The file is not checked for existence: callers open it and get the usual
    ``FileNotFoundError`` with the full path in it.
    """
    return bundle_root().joinpath("assets", *parts)


def user_data_dir() -> Path:
    """The player's data folder, created if missing.

    ``$TOCHKI_DATA_DIR`` when set; otherwise the platform's per-user data folder,
    e.g. ``~/.local/share/tochki-strany``, ``%LOCALAPPDATA%\\tochki-strany`` or
    ``~/Library/Application Support/tochki-strany``.
    """
    override = os.environ.get(DATA_DIR_ENV)
    # appauthor=False: no extra vendor folder level on Windows.
    path = Path(override).expanduser() if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
