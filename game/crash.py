"""Logging and the last line of defence, for a windowed build that has no console.

A windowed executable (PyInstaller ``console=False``) starts with ``sys.stdout``
and ``sys.stderr`` set to ``None``: a stray ``print`` or a library warning would
then raise, and a crash would vanish without a word. :func:`install_logging`
gives such a build a log file and turns the two streams into writers to it;
:func:`run_guarded` runs the game so that an uncaught exception ends up in that
log with its traceback, and the player sees a short message saying where it is.

The log is kept harmless in itself: a record is clipped to a few kilobytes (a
hostile file can put megabytes into one message), a handler that cannot write
(a full disk) says so once and then stays quiet, and the fallback folder in the
shared temp directory is a private one that another user cannot redirect.

``main.py`` uses both::

    install_logging()
    sys.exit(run_guarded(main))
"""

from __future__ import annotations

import contextlib
import faulthandler
import io
import logging
import os
import platform
import stat
import sys
import tempfile
import threading
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import IO, Any, TextIO

from game.paths import APP_NAME, user_data_dir

LOG_FILE_NAME = "game.log"
FAULT_FILE_NAME = "faults.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 2
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOG_MESSAGE_MAX_CHARS = 4_000
"""A longer message is clipped: one log line stays readable whatever a file or a bug put into it."""
LOG_TRACEBACK_MAX_CHARS = 32_000
"""A traceback keeps its start and its end (the error itself) within this many characters."""

# The crash message is written here rather than taken from game.strings: when the
# game has just failed, the less of it this path depends on, the better.
CRASH_TITLE = "Точки — страны"
CRASH_TEXT = "Игра неожиданно закрылась."
CRASH_TEXT_WITH_LOG = "Игра неожиданно закрылась. Подробности записаны в файл:\n{path}"

_FILE_HANDLER_NAME = "tochki-strany-file"
_CONSOLE_HANDLER_NAME = "tochki-strany-console"

log = logging.getLogger(__name__)

_log_path: Path | None = None
_fault_file: IO[str] | None = None  # kept open: faulthandler writes to its descriptor at crash time


class LogStream(io.TextIOBase):
    """A stand-in for ``sys.stdout``/``sys.stderr`` that sends each written line to a logger."""

    def __init__(self, logger: logging.Logger, level: int) -> None:
        super().__init__()
        self._logger = logger
        self._level = level
        self._pending = ""
        self._lock = threading.Lock()
        # A handler that fails reports through sys.stderr, which may be this very
        # stream: the flag drops such nested writes instead of looping.
        self._inside = threading.local()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, s: str) -> int:
        if getattr(self._inside, "flag", False):
            return len(s)
        self._inside.flag = True
        try:
            with self._lock:
                self._pending += s
                *lines, self._pending = self._pending.split("\n")
            for line in lines:
                if line.strip():
                    self._logger.log(self._level, line.rstrip())
        except Exception:  # noqa: BLE001 — a print must never fail because the log did
            pass
        finally:
            self._inside.flag = False
        return len(s)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, saying how much was cut.

    >>> clip("abcdef", 3)
    'abc… [3 more characters]'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [{len(text) - limit} more characters]"


def _clip_traceback(text: str) -> str:
    """Each line clipped, and the middle of a very long traceback left out: its end names the error."""
    text = "\n".join(clip(line, LOG_MESSAGE_MAX_CHARS) for line in text.split("\n"))
    if len(text) <= LOG_TRACEBACK_MAX_CHARS:
        return text
    half = LOG_TRACEBACK_MAX_CHARS // 2
    return f"{text[:half]}\n… [{len(text) - 2 * half} characters left out] …\n{text[-half:]}"


class ClippingFormatter(logging.Formatter):
    """The log's formatter: messages and tracebacks clipped to a few kilobytes."""

    def format(self, record: logging.LogRecord) -> str:
        # Another handler (pytest's, a console's) may have cached the traceback unclipped on
        # the record; it is formatted afresh here, and the cache is left as it was.
        cached = record.exc_text
        if record.exc_info:
            record.exc_text = None
        elif cached:
            record.exc_text = _clip_traceback(cached)
        try:
            return super().format(record)
        finally:
            record.exc_text = cached

    def formatMessage(self, record: logging.LogRecord) -> str:  # logging's name
        record.message = clip(record.message, LOG_MESSAGE_MAX_CHARS)
        return super().formatMessage(record)

    def formatException(self, ei: Any) -> str:
        return _clip_traceback(super().formatException(ei))

    def formatStack(self, stack_info: str) -> str:
        return _clip_traceback(super().formatStack(stack_info))


class _QuietOnError(logging.Handler):
    """A handler that, when it cannot write, says so once on stderr and then stays quiet.

    logging's own ``handleError`` prints «--- Logging error ---» and a traceback on
    every failed record: with a full disk, that is every line the game logs.
    """

    _failed = False

    def handleError(self, record: logging.LogRecord) -> None:  # logging's name
        if self._failed:
            return
        self._failed = True  # before writing: stderr may lead back to this handler
        error = sys.exc_info()[1]
        with contextlib.suppress(Exception):
            print(f"{APP_NAME}: the log cannot be written ({error}); further log errors are not shown",
                  file=sys.stderr)


def _open_without_following(path: str, flags: int) -> int:
    """``open``'s opener for log files: a symlink in place of the file is refused, not followed."""
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0), 0o600)


class LogFileHandler(_QuietOnError, RotatingFileHandler):
    """The rotating log file, opened without following a symlink."""

    def _open(self) -> io.TextIOWrapper:
        # Appended to, as a rotating log always is (the handler itself forces 'a' once it rotates); the
        # literal mode also tells the type checker it is a text file.
        return open(self.baseFilename, "a", encoding=self.encoding,  # the handler owns it and closes it
                    errors=self.errors, opener=_open_without_following)


class ConsoleHandler(_QuietOnError, logging.StreamHandler[TextIO]):
    """Warnings on the console; a console that fails (stderr full or closed) is not reported on itself."""


class UnsafeFolder(OSError):
    """The fallback log folder exists but is not this user's private folder."""


def private_temp_dir() -> Path:
    """This user's own folder in the shared temp directory, created ``0700``; raises ``OSError`` otherwise.

    ``/tmp`` is shared: another user could create the folder first, or a symlink by
    its name, and read or redirect what the game writes. The folder is therefore
    per user (``tochki-strany-<uid>``), and used only if it is a real directory
    (not a symlink), owned by this user, and writable by no one else. Windows has
    no uids; its temp folder is inside the user's own profile.
    """
    getuid = getattr(os, "getuid", None)
    base = Path(tempfile.gettempdir())
    if getuid is None:
        folder = base / APP_NAME
        folder.mkdir(exist_ok=True)
        return folder
    uid = getuid()
    folder = base / f"{APP_NAME}-{uid}"
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder, 0o700)
    info = os.lstat(folder)
    if stat.S_ISLNK(info.st_mode):
        raise UnsafeFolder(f"{folder} is a symlink")
    if not stat.S_ISDIR(info.st_mode):
        raise UnsafeFolder(f"{folder} is not a directory")
    if info.st_uid != uid:
        raise UnsafeFolder(f"{folder} belongs to uid {info.st_uid}, not {uid}")
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise UnsafeFolder(f"{folder} is writable by others (mode {stat.filemode(info.st_mode)})")
    return folder


def _user_log_dir() -> Path:
    directory = user_data_dir() / "logs"
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def _open_log_handler() -> tuple[LogFileHandler | None, Path | None, list[str]]:
    """A rotating file handler in the user data folder, else in the private temp folder, else none;
    with the reasons each folder was passed over."""
    problems: list[str] = []
    for folder in (_user_log_dir, private_temp_dir):  # the second when the home folder is unwritable
        try:
            path = folder() / LOG_FILE_NAME
            handler = LogFileHandler(path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
            return handler, path, problems
        except OSError as error:
            problems.append(str(error))
    return None, None, problems


def _log_thread_exception(args: threading.ExceptHookArgs) -> None:
    """``threading.excepthook`` that logs, e.g. for a computer player thinking in the background."""
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "?"
    log.error("Uncaught exception in thread %s", name,
              exc_info=(args.exc_type, args.exc_value, args.exc_traceback))  # type: ignore[arg-type]


def _system() -> str:
    """The operating system, for the log's first line.

    Not ``platform.platform()``: on Windows, Python 3.11 runs ``cmd /c ver`` for
    it, which flashes a console window over a windowed game.
    """
    if sys.platform == "win32":
        version = sys.getwindowsversion()
        return f"Windows {version.major}.{version.minor}.{version.build}"
    uname = os.uname()
    return f"{uname.sysname} {uname.release} {uname.machine}"


def install_logging(level: int = logging.INFO) -> Path | None:
    """Set up the log file and make missing console streams harmless; returns the log's path.

    Safe to call more than once. Without a console (``sys.stdout``/``sys.stderr``
    is ``None``), what is printed goes to the log as ``stdout``/``stderr`` records
    and hard crashes of native code go to ``logs/faults.log``. With a console,
    warnings and errors are also shown there. Returns ``None`` if no folder was
    writable; the game then runs without a log.
    """
    global _log_path, _fault_file
    root = logging.getLogger()
    no_console = sys.stderr is None

    # Streams first, so that nothing below can trip over a None stream.
    if sys.stdout is None:
        sys.stdout = LogStream(logging.getLogger("stdout"), logging.INFO)
    if sys.stderr is None:
        sys.stderr = LogStream(logging.getLogger("stderr"), logging.WARNING)

    problems: list[str] = []
    first = not any(h.name == _FILE_HANDLER_NAME for h in root.handlers)
    if first:
        handler, _log_path, problems = _open_log_handler()
        if handler is not None:
            handler.name = _FILE_HANDLER_NAME
            handler.setFormatter(ClippingFormatter(LOG_FORMAT))
            root.addHandler(handler)
        root.setLevel(level)

    if not isinstance(sys.stderr, LogStream) and not any(h.name == _CONSOLE_HANDLER_NAME for h in root.handlers):
        console = ConsoleHandler(sys.stderr)
        console.name = _CONSOLE_HANDLER_NAME
        # The console is for problems while the file has the rest; without a file it is the whole log.
        console.setLevel(logging.WARNING if _log_path is not None else level)
        console.setFormatter(ClippingFormatter(LOG_FORMAT))
        root.addHandler(console)

    if first:
        frozen = "frozen" if getattr(sys, "frozen", False) else "source"
        log.info("Start (%s): Python %s on %s, %s", frozen, platform.python_version(), _system(), sys.executable)
        if problems:
            where = f"logging to {_log_path}" if _log_path is not None else "logging to stderr only"
            log.warning("Log folder passed over (%s); %s", "; ".join(problems), where)

    logging.captureWarnings(True)
    if threading.excepthook is threading.__excepthook__:  # keep anyone else's hook
        threading.excepthook = _log_thread_exception

    if no_console and _fault_file is None and _log_path is not None:
        try:
            _fault_file = open(_log_path.with_name(FAULT_FILE_NAME), "a", encoding="utf-8",  # noqa: SIM115
                               opener=_open_without_following)
            faulthandler.enable(_fault_file)
        except (OSError, ValueError, RuntimeError):
            _fault_file = None
    return _log_path


def log_path() -> Path | None:
    """The log file :func:`install_logging` opened, if any."""
    return _log_path


def show_message(text: str) -> None:
    """Show ``text`` to the player in a native message box, or print it if there is none."""
    # Broad catches here and below: whatever failed, the next fallback is tried.
    with contextlib.suppress(Exception):
        import pygame

        # SDL can show a message box with or without an initialised display; with
        # the dummy driver, or no display server, it raises pygame.error.
        pygame.display.message_box(CRASH_TITLE, text, message_type="error")
        return
    with contextlib.suppress(Exception):
        print(f"{CRASH_TITLE}: {text}", file=sys.stderr)


def _exit_code(code: object) -> int:
    """The process exit code ``sys.exit(code)`` would give."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    with contextlib.suppress(Exception):
        print(code, file=sys.stderr)
    return 1


def _report_crash(exc: BaseException) -> None:
    """Log ``exc`` with its traceback, close the window, tell the player; never raises."""
    with contextlib.suppress(Exception):
        log.critical("The game crashed", exc_info=exc)
    with contextlib.suppress(Exception):
        # A full-screen window could hide the message box; the game is over anyway.
        pygame = sys.modules.get("pygame")
        if pygame is not None:
            pygame.display.quit()
    with contextlib.suppress(Exception):
        path = _log_path
        show_message(CRASH_TEXT_WITH_LOG.format(path=path) if path is not None else CRASH_TEXT)


def run_guarded(main: Callable[[], int | None]) -> int:
    """Run ``main`` and return its exit code; on an uncaught exception, log it, tell the player, return 1.

    ``sys.exit`` inside ``main`` is honoured; Ctrl+C in a terminal quits quietly
    with 130, as shells expect. Never raises.
    """
    with contextlib.suppress(Exception):  # without a log the game can still run
        install_logging()
    try:
        code = main()
    except SystemExit as exc:
        return _exit_code(exc.code)
    except KeyboardInterrupt:
        return 130
    except BaseException as exc:  # noqa: BLE001 — this is the one place that catches everything
        _report_crash(exc)
        return 1
    return _exit_code(code)
