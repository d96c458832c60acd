"""Writing a file so that a crash mid-write leaves the old one whole, reading one no larger
than a game can be, and setting a bad one aside.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from engine import sgf
from game.storage.errors import StoreError
from game.storage.reading import read_limited

log = logging.getLogger(__name__)

_TEMP_SUFFIX = ".tmp"


def write_atomically(path: Path, data: bytes) -> None:
    """Replaces ``path`` with ``data`` so that a crash leaves either the old file or the new one."""
    temp = write_temporary(path, data)
    try:
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    sync_folder(path.parent)


def write_temporary(path: Path, data: bytes) -> Path:
    """``data`` in a new hidden temporary file beside ``path`` (``.<name>.<random>.tmp``), on disk; its path.

    A kill before it is renamed leaves only this file, which :func:`remove_stale_temporaries` clears.
    """
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            # The data must be on disk before the rename is, or a power cut can
            # leave the new name pointing at an empty file.
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return Path(temp)


def write_new(folder: Path, base: str, suffix: str, data: bytes) -> Path:
    """Writes ``data`` as a new file ``folder/base+suffix`` (or `` (2)`` … if taken); its path.

    Never over another file, and never an empty or partial file under that name, whenever the
    program is killed: the data is on disk under a temporary name before the name is given.
    """
    temp = write_temporary(folder / f"{base}{suffix}", data)
    try:
        path = move_to_free_name(temp, folder, base, suffix)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return path


def move_to_free_name(source: Path, folder: Path, base: str, suffix: str) -> Path:
    """Renames ``source`` to the first free ``folder/base+suffix`` (`` (2)`` … after it), never replacing
    a file there, even one another copy of the game makes at the same moment; the new path."""
    while True:
        path = free_path(folder, base, suffix)
        try:
            _rename_no_replace(source, path)
        except FileExistsError:
            continue  # taken between the look and the rename: the next number
        sync_folder(folder)
        return path


# What link() says on a file system without hard links (FAT, exFAT, some network shares).
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, getattr(errno, "ENOTSUP", errno.EOPNOTSUPP), errno.ENOSYS}


def _rename_no_replace(source: Path, target: Path) -> None:
    """``source`` renamed to ``target``; FileExistsError (and nothing changed) if ``target`` exists."""
    if os.name == "nt":
        os.rename(source, target)  # Windows' rename refuses a name that is taken
        return
    try:
        # A new link fails on a taken name, atomically; a kill before the unlink leaves the same
        # file under both names (nothing lost, nothing empty).
        # (A link itself is moved, not the file it points to, as a rename would.)
        os.link(source, target, follow_symlinks=os.link not in os.supports_follow_symlinks)
    except FileExistsError:
        raise
    except OSError as e:
        if e.errno not in _NO_LINKS:
            raise
        # No hard links here: claim the name with an empty file, then rename over the claim. Only on
        # such file systems can a kill between the two leave the empty claim.
        with target.open("xb"):
            pass
        try:
            os.replace(source, target)
        except BaseException:
            with contextlib.suppress(OSError):
                target.unlink()
            raise
        return
    try:
        os.unlink(source)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(target)  # not moved after all: one name, the old one
        raise


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


# mkstemp's names as write_temporary asks for them: ".<name>." + 8 random characters + ".tmp".
_TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}" + re.escape(_TEMP_SUFFIX))
STALE_SECONDS = 60.0
"""A temporary file older than this is a crash's leftover: a write takes milliseconds."""


def remove_stale_temporaries(folder: Path, *, older_than: float = STALE_SECONDS, now: float | None = None) -> int:
    """Deletes the temporary files a kill left behind in ``folder``; how many. Never raises.

    Only our own (named as :func:`write_temporary` names them), only regular files (not a link,
    a folder or a pipe that happens to be named so), and only old ones: a second copy of the game
    may be writing one right now.
    """
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not _TEMPORARY.fullmatch(entry.name):
            continue
        with contextlib.suppress(OSError):
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > older_than:
                os.unlink(entry.path)
                removed += 1
    if removed:
        log.info("%d temporary files a crash left in %s removed", removed, folder)
    return removed


def free_path(folder: Path, base: str, suffix: str) -> Path:
    """``folder/base+suffix``, or with `` (2)``, `` (3)`` … before the suffix if that is taken."""
    path = folder / f"{base}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{base} ({n}){suffix}"
        n += 1
    return path


def read_bounded(path: Path, size: int) -> str:
    """A regular file's text, refused before it is read when it is larger than a game's record can be
    (``size``: its size as listed) or is no regular file (:func:`reading.read_limited`)."""
    if size > sgf.MAX_INPUT:
        raise StoreError("problem.too_large", f"{path.name}: {size} bytes, at most {sgf.MAX_INPUT}")
    raw = read_limited(path, sgf.MAX_INPUT)
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
