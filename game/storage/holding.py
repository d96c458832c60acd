"""Which window holds a game in progress: one at a time writes it, so two windows never overwrite
each other's moves.

The hold is a small file beside the game's, ``unfinished/<slot>.lock``, naming the process that
holds it (:class:`Holder`: its id, when it started, a token of this run and the machine). It is made
with ``O_EXCL``, so of two windows taking it at once one wins; it goes when the game is left or
ends, or the program exits. A hold whose process is gone (a crash, a kill) is *stale* and taken
over: the process id is checked to be running, and — because a new process may get the same id —
to have started when the hold says (where the system tells: Linux and Windows).

Where that cannot be proved either way — a hold from another machine (a shared data folder), from
this machine under an earlier name (macOS renames it with the network), or on a system that does not
say when a process started (macOS) — a hold is alive only while it is *fresh*: its holder touches it
every :data:`REFRESH_SECONDS` while it runs (:func:`refresh_held`, from a thread of its own), so one
left untouched for :data:`FRESH_SECONDS` was left by a crash, and is taken over. A hold dated ahead
of this machine's clock by more than :data:`CLOCK_SKEW_SECONDS` was written before the clock was set
back: no live holder keeps it so, and it is stale too.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import secrets
import socket
import stat
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger(__name__)

LOCK_SUFFIX = ".lock"
MAX_LOCK_BYTES = 4096
"""A hold is a line of JSON: anything longer is not one of ours."""
CREATING_SECONDS = 5.0
"""A hold found empty or unreadable this young is being written by its window: it counts as held."""
REFRESH_SECONDS = 30.0
"""How often a running holder touches its holds, so that a window that cannot check it sees it alive."""
FRESH_SECONDS = 10 * REFRESH_SECONDS
"""A hold untouched this long, whose holder cannot be checked, was left by a crash (ten refreshes missed:
a busy or sleeping machine misses a few, not ten)."""
CLOCK_SKEW_SECONDS = 30.0
"""How far ahead of this machine's clock a hold may be dated and still count as written now (a shared
folder's server, another machine's clock); one dated further ahead was written before the clock was set back."""


@dataclass(frozen=True)
class Holder:
    """The process that holds a game: its id, its start (as the system counts it; None: not known
    here), a token of its run (the same id in a later run is another holder) and its machine."""

    pid: int
    started: int | None
    token: str
    host: str

    def to_bytes(self) -> bytes:
        return json.dumps(asdict(self), sort_keys=True).encode("ascii")

    @classmethod
    def from_bytes(cls, data: bytes) -> Holder | None:
        """The holder a hold file names; None if it names none (empty, cut short, not ours).

        >>> Holder.from_bytes(Holder(12, 34, "ab", "here").to_bytes())
        Holder(pid=12, started=34, token='ab', host='here')
        >>> Holder.from_bytes(b""), Holder.from_bytes(b'{"pid": "12"}')
        (None, None)
        """
        try:
            found = json.loads(data.decode("utf-8"))
        except ValueError:
            return None
        if not isinstance(found, dict):
            return None
        pid, started, token, host = (found.get(k) for k in ("pid", "started", "token", "host"))
        if type(pid) is not int or pid <= 0 or not (started is None or type(started) is int) \
                or not isinstance(token, str) or not isinstance(host, str):
            return None
        return cls(pid, started, token, host)


_me: Holder | None = None
_held: set[Path] = set()


def myself() -> Holder:
    """This process as a holder (made afresh in a child process: it is another holder)."""
    global _me
    if _me is None or _me.pid != os.getpid():
        pid = os.getpid()
        _me = Holder(pid, process_started(pid), secrets.token_hex(8), socket.gethostname())
    return _me


def lock_path(game: Path) -> Path:
    """The hold file of the game in progress at ``game``."""
    return game.with_suffix(LOCK_SUFFIX)


def take(game: Path) -> Holder | None:
    """Holds the game in progress at ``game`` for this process; None when it does (now or already),
    else the live :class:`Holder` that has it. A stale hold is taken over. Raises OSError when the
    hold cannot be written (a read-only disk: the game cannot be saved there either)."""
    lock = lock_path(game)
    me = myself()
    holder: Holder | None = None
    for _ in range(3):  # a stale hold broken by two windows at once: the loser looks again
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        except FileExistsError:
            pass
        else:
            try:
                os.write(fd, me.to_bytes())
            finally:
                os.close(fd)
            _hold(lock)
            return None
        try:
            seen, age = _read(lock)
        except FileNotFoundError:
            continue  # released meanwhile
        holder = Holder.from_bytes(seen)
        if holder is not None and holder.token == me.token:
            _hold(lock)
            with contextlib.suppress(OSError):
                _touch(lock)  # every autosave keeps it fresh, besides the refresher
            return None
        if holder is None and being_written(age):
            return Holder(0, None, "", "")  # its window is writing it right now
        if holder is not None and is_alive(holder, age):
            return holder
        log.info("game in progress %s: the hold of %s is stale, taken over", game.name, holder)
        _break(lock, seen)
    return holder or Holder(0, None, "", "")


def still_ours(game: Path) -> bool:
    """Does this process hold the game at ``game``? (Never raises: an unreadable hold is not ours.)"""
    try:
        seen, _age = _read(lock_path(game))
    except OSError:
        return False
    holder = Holder.from_bytes(seen)
    return holder is not None and holder.token == myself().token


def release(game: Path) -> None:
    """Lets go of the game at ``game`` if this process holds it. Never raises."""
    lock = lock_path(game)
    if lock not in _held:
        return
    _held.discard(lock)
    if still_ours(game):
        with contextlib.suppress(OSError):
            lock.unlink()


def release_all() -> None:
    """Lets go of every game this process holds (the program is closing). Never raises."""
    for lock in list(_held):
        release(lock.with_suffix(".sgf"))


atexit.register(release_all)


def holder_of(game: Path) -> Holder | None:
    """The live holder of the game at ``game`` other than this process; None: free, stale or ours.
    Never raises."""
    try:
        seen, age = _read(lock_path(game))
    except OSError:
        return None
    holder = Holder.from_bytes(seen)
    if holder is None:
        return Holder(0, None, "", "") if being_written(age) else None
    if holder.token == myself().token or not is_alive(holder, age):
        return None
    return holder


def forget_stale(folder: Path) -> None:
    """Removes the stale holds in ``folder`` whose game is gone (a crash, then the game deleted). Never raises."""
    with contextlib.suppress(OSError):
        for lock in folder.glob(f"*{LOCK_SUFFIX}"):
            game = lock.with_suffix(".sgf")
            if not game.exists() and holder_of(game) is None and lock not in _held:
                with contextlib.suppress(OSError):
                    lock.unlink()


def being_written(age: float) -> bool:
    """Is a hold file that names no holder (empty, cut short), ``age`` seconds old, still being written
    by its window? Not when older than :data:`CREATING_SECONDS` (its window was killed doing so), nor when
    dated further ahead than :data:`CLOCK_SKEW_SECONDS` (the clock was set back since)."""
    return -CLOCK_SKEW_SECONDS <= age < CREATING_SECONDS


def fresh(age: float) -> bool:
    """Has a hold ``age`` seconds old been touched lately enough for a running holder (:data:`FRESH_SECONDS`),
    and not dated in the future beyond :data:`CLOCK_SKEW_SECONDS`?"""
    return -CLOCK_SKEW_SECONDS <= age <= FRESH_SECONDS


def is_alive(holder: Holder, age: float) -> bool:
    """Is the process ``holder`` names still running, the same one that took the hold ``age`` seconds ago
    (as its file's date says)? Checked where this machine can tell; otherwise: is the hold :func:`fresh`."""
    me = myself()
    if holder.host == me.host:
        if holder.pid == me.pid:
            return holder.token == me.token  # our id, another run: a run before this one, gone
        if not pid_running(holder.pid):
            return False
        started = process_started(holder.pid)
        if holder.started is not None and started is not None:
            return started == holder.started  # a reused id started at another time
    # Another machine's process, this machine under an earlier name, or no start time to tell a reused
    # id by (macOS): the holder proves itself alive by keeping its hold fresh.
    return fresh(age)


def refresh_held() -> None:
    """Touches every hold this process still has, so that another window sees it alive. Never raises."""
    for lock in list(_held):
        with contextlib.suppress(OSError):
            _touch(lock)


def _touch(lock: Path) -> None:
    """Dates the hold at ``lock`` now if it is this process's, by writing its own bytes again in place; a hold
    another window made meanwhile (a new file under the name) is read through the same handle and left alone.

    Not ``os.utime``: on Windows it opens the file sharing nothing, and another window reading the hold at that
    instant would fail; a plain write shares, and its bytes are the same ones, so a reader sees the hold whole.
    """
    mine = myself().to_bytes()
    fd = os.open(lock, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode) and os.read(fd, MAX_LOCK_BYTES + 1) == mine:
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, mine)
    finally:
        os.close(fd)


_refresher: tuple[int, threading.Thread] | None = None
"""The thread that keeps this process's holds fresh, and the process it runs in (a child has none)."""


def _hold(lock: Path) -> None:
    """``lock`` is this process's hold now: kept fresh until it is let go."""
    global _refresher
    _held.add(lock)
    if _refresher is None or _refresher[0] != os.getpid() or not _refresher[1].is_alive():
        thread = threading.Thread(target=_keep_fresh, name="holds-refresh", daemon=True)
        _refresher = (os.getpid(), thread)
        thread.start()


def _keep_fresh() -> None:
    while True:  # a daemon: it ends with the program
        time.sleep(REFRESH_SECONDS)
        refresh_held()


def pid_running(pid: int) -> bool:
    """Is a process with this id running (not a zombie)?"""
    if sys.platform == "win32":
        return _windows_process(pid)[0]
    try:
        os.kill(pid, 0)  # signal 0: only asks whether it could be sent
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process: alive
    except OSError:
        return True
    return _linux_state(pid) not in ("Z", "X")


def process_started(pid: int) -> int | None:
    """When process ``pid`` started, as the system counts it (compared, never shown); None: not known."""
    if sys.platform == "win32":
        return _windows_process(pid)[1]
    fields = _linux_stat(pid)
    if fields is None or len(fields) < 20:
        return None
    try:
        return int(fields[19])  # starttime, field 22 of /proc/<pid>/stat: clock ticks after boot
    except ValueError:
        return None


def _linux_stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command's name (which may hold spaces)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    return text[text.rfind(")") + 1:].split()


def _linux_state(pid: int) -> str:
    fields = _linux_stat(pid)
    return fields[0] if fields else "?"


def _windows_process(pid: int) -> tuple[bool, int | None]:
    """Windows: is ``pid`` running, and its creation time. (``os.kill`` there would end it.)"""
    if sys.platform != "win32":
        return True, None
    import ctypes
    from ctypes import wintypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    # A handle is pointer-sized: without these, ctypes would cut it to an int.
    kernel32.OpenProcess.argtypes = [wintypes.DWORD, wintypes.BOOL, wintypes.DWORD]
    kernel32.OpenProcess.restype = wintypes.HANDLE
    kernel32.GetExitCodeProcess.argtypes = [wintypes.HANDLE, ctypes.POINTER(wintypes.DWORD)]
    kernel32.GetProcessTimes.argtypes = [wintypes.HANDLE, *[ctypes.POINTER(wintypes.FILETIME)] * 4]
    kernel32.CloseHandle.argtypes = [wintypes.HANDLE]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return ctypes.get_last_error() == 5, None  # ERROR_ACCESS_DENIED: it runs, as someone else
    try:
        code = wintypes.DWORD()
        if kernel32.GetExitCodeProcess(handle, ctypes.byref(code)) and code.value != 259:  # STILL_ACTIVE
            return False, None
        created, ended, kernel, user = (wintypes.FILETIME() for _ in range(4))
        if not kernel32.GetProcessTimes(handle, ctypes.byref(created), ctypes.byref(ended),
                                        ctypes.byref(kernel), ctypes.byref(user)):
            return True, None
        return True, (created.dwHighDateTime << 32) | created.dwLowDateTime
    finally:
        kernel32.CloseHandle(handle)


def _read(lock: Path) -> tuple[bytes, float]:
    """A hold file's bytes and its age in seconds (regular files only, a few bytes only)."""
    fd = os.open(lock, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        st = os.fstat(fd)
        data = os.read(fd, MAX_LOCK_BYTES) if stat.S_ISREG(st.st_mode) else b""
    finally:
        os.close(fd)
    return data, time.time() - st.st_mtime


def _break(lock: Path, seen: bytes) -> None:
    """Removes the stale hold ``seen`` at ``lock``, unless another window took the game meanwhile.

    Renamed aside first (of two windows that rename it only one finds it), then checked: if it is
    not the stale hold looked at but a fresh one made since, it is put back.
    """
    aside = lock.with_name(f".{lock.name}.{secrets.token_hex(4)}.tmp")  # a crash here: a temporary, cleared
    try:
        os.rename(lock, aside)
    except OSError:
        return  # gone already, or another window broke it first
    try:
        with contextlib.suppress(OSError):
            if _read(aside)[0] != seen:  # bounded and never waits, as every hold read
                _put_back(aside, lock)
    finally:
        with contextlib.suppress(OSError):
            aside.unlink()


def _put_back(aside: Path, lock: Path) -> None:
    # A new link never replaces a hold made meanwhile; Windows' rename neither.
    if os.name == "nt":
        os.rename(aside, lock)
    else:
        os.link(aside, lock)
