"""Reading one of the player's files: only a regular file, and never more than its kind may hold.

The looking and reading are ``engine.files``' (a pipe never waited on, a device or a sparse file of
gigabytes never read past the limit, a folder refused); here a refusal becomes the game's own
:class:`StoreError`, which the screens turn into a line in the player's language. Each kind of file
has its limit in one place: ``engine.sgf.MAX_INPUT`` for a game's record,
``preferences.MAX_SETTINGS_BYTES`` for the settings.
"""

from __future__ import annotations

import os
from pathlib import Path

from engine import files
from engine.files import kind_of
from game.storage.errors import StoreError

__all__ = ["check_regular", "kind_of", "read_limited"]


def _refused(refused: files.Refused) -> StoreError:
    return StoreError(f"problem.{refused.problem}", f"{refused}; not read")


def check_regular(path: Path | str, st: os.stat_result, limit: int) -> None:
    """StoreError unless ``st`` (what ``path`` is) is a regular file of at most ``limit`` bytes."""
    try:
        files.check_regular(path, st, limit)
    except files.Refused as refused:
        raise _refused(refused) from None


def read_limited(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (``engine.files.read_limited``).

    Raises :class:`StoreError` (``problem.not_a_file``, ``problem.too_large``) for anything else,
    OSError if it cannot be opened.
    """
    try:
        return files.read_limited(path, limit)
    except files.Refused as refused:
        raise _refused(refused) from None
