"""Where the game's files are: read-only assets, and the player's own data.

Assets (fonts, sounds, the icon) sit in ``assets/`` at the repository root when
the game runs from source, and in the unpacked bundle (``sys._MEIPASS``) when it
runs as a PyInstaller executable; :func:`asset_path` hides the difference.

The autosave, settings and logs go in the per-user data folder from
:func:`user_data_dir`, never next to the executable: that folder may be
read-only (``Program Files``, a signed macOS ``.app``) or, for a one-file build,
a temporary directory deleted on exit. A folder that cannot be made or written in (no home folder,
a file in its place, a read-only disk) is a :class:`DataFolderError`, an ``OSError``: the game plays on
keeping nothing, and the menu says so (:func:`data_dir_problem`).

>>> asset_path("fonts", "DejaVuSans.ttf").name
'DejaVuSans.ttf'
"""

from __future__ import annotations

import os
import sys
import tempfile
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


class DataFolderError(OSError):
    """The player's data folder cannot be used: no home folder to put it in, a file in its place, a
    name too long, no right to make it or to write in it. An ``OSError``, so whatever copes with a
    file that cannot be read or written copes with this too. :attr:`wanted` says where it would be."""

    def __init__(self, wanted: str, cause: BaseException) -> None:
        super().__init__(f"the data folder {wanted} cannot be used: {cause}")
        self.errno = cause.errno if isinstance(cause, OSError) else None  # type: ignore[assignment]
        self.wanted = wanted


def _wanted_data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    # appauthor=False: no extra vendor folder level on Windows.
    return Path(override).expanduser() if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def wanted_data_dir() -> str:
    """Where the player's data folder is, or would be if it could be made (for the player to read). Never raises."""
    try:
        return str(_wanted_data_dir())
    except Exception:  # noqa: BLE001 — «~nouser/d», no home folder at all: the name as it was given
        return os.environ.get(DATA_DIR_ENV) or f"~/{APP_NAME}"


def user_data_dir() -> Path:
    """The player's data folder, created if missing; :class:`DataFolderError` if it cannot be.

    ``$TOCHKI_DATA_DIR`` when set; otherwise the platform's per-user data folder,
    e.g. ``~/.local/share/tochki-strany``, ``%LOCALAPPDATA%\\tochki-strany`` or
    ``~/Library/Application Support/tochki-strany``.
    """
    try:
        path = _wanted_data_dir()
        path.mkdir(parents=True, exist_ok=True)  # FileExistsError when a file has the name
    except (OSError, RuntimeError, ValueError) as e:  # RuntimeError: «~» names no one's home
        raise DataFolderError(wanted_data_dir(), e) from e
    return path


def data_dir_problem() -> DataFolderError | None:
    """Why the player's data folder can keep nothing: it cannot be made, or nothing can be written in it
    (a read-only disk, no right to). None when it can. Never raises.

    A file is written to find out (``.probe.<random>.tmp``, removed at once; one a kill leaves is
    cleared with the other temporaries): the permission bits do not tell the whole story.
    """
    try:
        folder = user_data_dir()
    except DataFolderError as e:
        return e
    try:
        fd, probe = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        return DataFolderError(str(folder), e)
    return None
