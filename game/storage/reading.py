"""Reading one of the player's files: only a regular file, and never more than its kind may hold.

Whatever sits under a file's name is looked at before a byte is read: a named pipe would hold
the game up for ever (opening it waits for a writer), a link to ``/dev/zero`` or a sparse file
of gigabytes would fill the memory, a folder is no file. Each kind of file has its limit in one
place: ``engine.sgf.MAX_INPUT`` for a game's record, ``preferences.MAX_SETTINGS_BYTES`` for the
settings.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from game.storage.errors import StoreError

_NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
"""Opening a pipe that slipped in after the look does not wait for a writer (POSIX)."""


def kind_of(mode: int) -> str:
    """What a file is, for the log: 'file', 'folder', 'pipe', 'device', 'socket' or 'other'."""
    kinds = ((stat.S_ISREG, "file"), (stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "pipe"),
             (stat.S_ISCHR, "device"), (stat.S_ISBLK, "device"), (stat.S_ISSOCK, "socket"))
    return next((name for test, name in kinds if test(mode)), "other")


def check_regular(path: Path | str, st: os.stat_result, limit: int) -> None:
    """StoreError unless ``st`` (what ``path`` is) is a regular file of at most ``limit`` bytes."""
    name = os.path.basename(path)
    if not stat.S_ISREG(st.st_mode):
        raise StoreError("problem.not_a_file", f"{name!r}: a {kind_of(st.st_mode)}, not a file; not read")
    if st.st_size > limit:
        raise StoreError("problem.too_large", f"{name!r}: {st.st_size} bytes, at most {limit}; not read")


def read_limited(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises :class:`StoreError` (``problem.not_a_file``, ``problem.too_large``) for anything else,
    OSError if it cannot be opened. What ``path`` names is looked at before it is opened, and the
    open file again (it may have been swapped meanwhile); a file that grew past ``limit`` since is
    refused after ``limit + 1`` bytes.
    """
    check_regular(path, os.stat(path), limit)
    fd = os.open(path, os.O_RDONLY | _NO_WAIT)
    with open(fd, "rb", closefd=True) as file:
        check_regular(path, os.fstat(fd), limit)
        data = file.read(limit + 1)
    if len(data) > limit:
        raise StoreError("problem.too_large", f"{os.path.basename(path)!r}: more than {limit} bytes; not read")
    return data
