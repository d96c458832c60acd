"""Writing a file so that a crash mid-write leaves the old one whole, reading one no larger
than a game can be, and setting a bad one aside.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
import time
from pathlib import Path

from engine import sgf
from game.storage.errors import StoreError

log = logging.getLogger(__name__)

_TEMP_SUFFIX = ".tmp"


def write_atomically(path: Path, data: bytes) -> None:
    """Replaces ``path`` with ``data`` so that a crash leaves either the old file or the new one."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            # The data must be on disk before the rename is, or a power cut can
            # leave the new name pointing at an empty file.
            os.fsync(f.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open a folder, and
    # some file systems refuse: the rename has happened either way.
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temporaries(folder: Path, *, older_than: float = 60.0) -> None:
    """Deletes temporary files a crash left behind in ``folder``.

    Only old ones: a second copy of the game may be writing one right now.
    """
    now = time.time()
    for temp in folder.glob(f".*{_TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            if now - temp.stat().st_mtime > older_than:
                temp.unlink()


def free_path(folder: Path, base: str, suffix: str) -> Path:
    """``folder/base+suffix``, or with `` (2)``, `` (3)`` … before the suffix if that is taken."""
    path = folder / f"{base}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{base} ({n}){suffix}"
        n += 1
    return path


def read_bounded(path: Path, size: int) -> str:
    """A file's text, refused before it is read when it is larger than a game's record can be."""
    if size > sgf.MAX_INPUT:
        raise StoreError("problem.too_large", f"{path.name}: {size} bytes, at most {sgf.MAX_INPUT}")
    with path.open("rb") as f:
        raw = f.read(sgf.MAX_INPUT + 1)  # the file may have grown since its size was read
    if len(raw) > sgf.MAX_INPUT:
        raise StoreError("problem.too_large", f"{path.name}: more than {sgf.MAX_INPUT} bytes")
    if not raw.strip():
        raise StoreError("problem.empty", f"{path.name}: the file is empty")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise StoreError("problem.not_text", f"{path.name}: not UTF-8 (bad byte at offset {e.start})") from None


def set_aside(path: Path) -> Path | None:
    """Renames a bad game in progress so it is neither lost nor loaded again; its new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = free_path(path.parent, f"{path.stem}.corrupt-{stamp}", ".sgf")
    try:
        os.replace(path, target)
        return target
    except OSError as e:
        log.warning("bad game in progress not moved aside: %s", e)
    # Could not rename: delete it rather than fail on it at every start.
    with contextlib.suppress(OSError):
        path.unlink()
    return None
