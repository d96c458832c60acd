"""Reading a file someone named: only a regular file, and never more than a limit.

What sits under the name is looked at before a byte is read: a named pipe would hold the reader
up for ever (opening it waits for a writer), ``/dev/zero`` or a sparse file of gigabytes would
fill the memory, a folder is no file. The file is opened without waiting, looked at again once
open (it may have been swapped meanwhile), and read to at most one byte past the limit.

Pure (no game, no pygame): the command-line tools (``python -m ai.review``) read records here;
the limit for a game's record is ``engine.sgf.MAX_INPUT``.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

_NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
"""Opening a pipe that slipped in after the look does not wait for a writer (POSIX)."""


class Refused(ValueError):
    """A file not read: ``problem`` is ``"not_a_file"`` (a folder, pipe, device…) or ``"too_large"``."""

    def __init__(self, problem: str, message: str) -> None:
        super().__init__(message)
        self.problem = problem


def kind_of(mode: int) -> str:
    """What a file is, in a word: 'file', 'folder', 'pipe', 'device', 'socket' or 'other'."""
    kinds = ((stat.S_ISREG, "file"), (stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "pipe"),
             (stat.S_ISCHR, "device"), (stat.S_ISBLK, "device"), (stat.S_ISSOCK, "socket"))
    return next((name for test, name in kinds if test(mode)), "other")


def check_regular(path: Path | str, st: os.stat_result, limit: int) -> None:
    """:class:`Refused` unless ``st`` (what ``path`` is) is a regular file of at most ``limit`` bytes."""
    name = os.path.basename(path)
    if not stat.S_ISREG(st.st_mode):
        raise Refused("not_a_file", f"{name!r} is a {kind_of(st.st_mode)}, not a file")
    if st.st_size > limit:
        raise Refused("too_large", f"{name!r} has {st.st_size} bytes, more than {limit}")


def read_limited(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises :class:`Refused` for anything else (never waiting, never reading more than ``limit + 1``
    bytes), OSError when it cannot be looked at or opened.
    """
    check_regular(path, os.stat(path), limit)
    fd = os.open(path, os.O_RDONLY | _NO_WAIT)
    with open(fd, "rb", closefd=True) as file:
        check_regular(path, os.fstat(fd), limit)
        data = file.read(limit + 1)
    if len(data) > limit:
        raise Refused("too_large", f"{os.path.basename(path)!r} has more than {limit} bytes")
    return data
