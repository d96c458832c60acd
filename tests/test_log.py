"""The log and the last line of defence (game.crash), and the computer's errors in the log.

install_logging and run_guarded as ``main.py`` uses them; then what keeps the log
itself harmless: records clipped to a few kilobytes, a handler on a full disk that
says so once, and a fallback folder in the shared temp directory that another
user cannot redirect (tests plant the symlink and the foreign folder; running as
root, a foreign owner is simulated through ``os.getuid``).
"""

from __future__ import annotations

import errno
import faulthandler
import logging
import os
import stat
import sys
import tempfile
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine import Game, Player
from game import crash, paths
from game.match.opponent import ComputerOpponent

# --- install_logging and run_guarded ------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def display_kept() -> Iterator[None]:
    """The crash guard closes the window (``pygame.display.quit``); a later module's window must still open."""
    was_open = pygame.display.get_init()
    yield
    if was_open and not pygame.display.get_init():
        pygame.display.init()


@pytest.fixture
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A private data folder, and the process-wide logging state put back afterwards."""
    folder = tmp_path / "data"
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(folder))
    monkeypatch.setattr(sys, "stdout", sys.stdout)  # so that monkeypatch restores whatever the test sets
    monkeypatch.setattr(sys, "stderr", sys.stderr)
    monkeypatch.setattr(threading, "excepthook", threading.__excepthook__)
    monkeypatch.setattr(crash, "_log_path", None)
    monkeypatch.setattr(crash, "_fault_file", None)
    # pytest's own fault handler stays in place; the call is checked, not made.
    monkeypatch.setattr(faulthandler, "enable", lambda *args, **kwargs: None)
    root = logging.getLogger()
    level = root.level
    yield folder
    for handler in root.handlers[:]:
        if handler.name in {crash._FILE_HANDLER_NAME, crash._CONSOLE_HANDLER_NAME}:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    logging.captureWarnings(False)
    if crash._fault_file is not None:
        crash._fault_file.close()


def flush_log_file() -> None:
    for handler in logging.getLogger().handlers:
        if handler.name == crash._FILE_HANDLER_NAME:
            handler.flush()


def read_log(data_dir: Path) -> str:
    flush_log_file()
    return (data_dir / "logs" / "game.log").read_text(encoding="utf-8")


def test_install_logging_without_console_makes_printing_and_logging_safe(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    log_file = crash.install_logging()

    assert log_file == data_dir / "logs" / "game.log"
    print("напечатано")
    print("в stderr", file=sys.stderr)
    sys.stdout.write("без конца строки")  # held until the line ends
    sys.stdout.flush()
    logging.getLogger("test").warning("предупреждение")
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.warn("устарело", DeprecationWarning, stacklevel=1)
    sys.stdout.write(" — и вот конец\n")

    text = read_log(data_dir)
    assert "INFO stdout: напечатано" in text
    assert "WARNING stderr: в stderr" in text
    assert "WARNING test: предупреждение" in text
    assert "устарело" in text
    assert "INFO stdout: без конца строки — и вот конец" in text


def test_install_logging_twice_adds_one_file_handler(data_dir: Path) -> None:
    crash.install_logging()
    crash.install_logging()
    names = [h.name for h in logging.getLogger().handlers]
    assert names.count(crash._FILE_HANDLER_NAME) == 1
    assert names.count(crash._CONSOLE_HANDLER_NAME) == 1


def test_install_logging_without_console_sends_native_crashes_to_a_file(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    enabled: list[Any] = []
    monkeypatch.setattr(faulthandler, "enable", lambda file, **kwargs: enabled.append(file))
    monkeypatch.setattr(sys, "stderr", None)
    crash.install_logging()
    assert [Path(f.name) for f in enabled] == [data_dir / "logs" / "faults.log"]


def test_an_exception_in_a_thread_is_logged(data_dir: Path) -> None:
    crash.install_logging()

    def fail() -> None:
        raise ValueError("в потоке")

    worker = threading.Thread(target=fail, name="computer")
    worker.start()
    worker.join()
    text = read_log(data_dir)
    assert "Uncaught exception in thread computer" in text
    assert "ValueError: в потоке" in text


def test_run_guarded_logs_the_crash_tells_the_player_and_returns_1(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[str, str]] = []

    def fake_message_box(title: str, message: str | None = None, **kwargs: Any) -> int:
        shown.append((title, message or ""))
        return 0

    monkeypatch.setattr(pygame.display, "message_box", fake_message_box)

    def main() -> int:
        raise ZeroDivisionError("деление на ноль в партии")

    assert crash.run_guarded(main) == 1
    text = read_log(data_dir)
    assert "CRITICAL game.crash: The game crashed" in text
    assert "Traceback (most recent call last)" in text
    assert "ZeroDivisionError: деление на ноль в партии" in text
    log_file = data_dir / "logs" / "game.log"
    assert shown == [("Точки — страны", f"Игра неожиданно закрылась. Подробности записаны в файл:\n{log_file}")]


def test_run_guarded_prints_the_message_when_no_message_box_can_be_shown(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_message_system(*args: Any, **kwargs: Any) -> int:
        raise pygame.error("No message system available")

    monkeypatch.setattr(pygame.display, "message_box", no_message_system)
    def main() -> int:
        raise KeyError("нет такого хода")

    assert crash.run_guarded(main) == 1
    assert "Игра неожиданно закрылась" in capsys.readouterr().err


def test_run_guarded_never_raises_even_without_a_log(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_install_logging(*args: Any, **kwargs: Any) -> None:
        raise PermissionError("read-only home")

    def broken_message(text: str) -> None:
        raise RuntimeError("no way to show it")

    monkeypatch.setattr(crash, "install_logging", broken_install_logging)
    monkeypatch.setattr(crash, "_log_path", None)
    monkeypatch.setattr(crash, "show_message", broken_message)
    assert crash.run_guarded(lambda: 1 // 0) == 1


@pytest.mark.parametrize(("result", "code"), [(0, 0), (None, 0), (3, 3)])
def test_run_guarded_passes_the_exit_code_through(data_dir: Path, result: int | None, code: int) -> None:
    assert crash.run_guarded(lambda: result) == code


@pytest.mark.parametrize(("exit_arg", "code"), [(None, 0), (0, 0), (2, 2), ("сообщение", 1)])
def test_run_guarded_honours_sys_exit(data_dir: Path, exit_arg: str | int | None, code: int) -> None:
    def main() -> int:
        sys.exit(exit_arg)

    assert crash.run_guarded(main) == code


# --- the computer's worker ----------------------------------------------------------------------------------------


def test_an_error_in_the_computers_worker_is_logged_with_its_traceback(data_dir: Path) -> None:
    crash.install_logging()

    def broken_chooser(game: Game, level: str, *, seconds: float | None = None, seed: int | None = None) -> Any:
        raise RuntimeError("оценка позиции сломалась")

    opponent = ComputerOpponent(Player.RED, "beginner", chooser=broken_chooser)
    opponent.request(Game(width=10, height=10))
    opponent.join(timeout=10)
    answer = opponent.poll()
    assert answer is not None and isinstance(answer.error, RuntimeError)  # the scene still hears of it
    text = read_log(data_dir)
    assert "ERROR game.match.opponent: The computer (RED, level beginner) could not choose a move" in text
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: оценка позиции сломалась" in text


# --- clipping --------------------------------------------------------------------------------------------------


def test_a_huge_message_makes_a_short_log_line(data_dir: Path) -> None:
    crash.install_logging()
    name = "свойство" * 500_000  # 4 MB, as a hostile SGF property name can be
    logging.getLogger("game.test").warning("unknown property %s", name)
    lines = [line for line in read_log(data_dir).splitlines() if "unknown property" in line]
    assert len(lines) == 1
    assert len(lines[0]) < crash.LOG_MESSAGE_MAX_CHARS + 200, len(lines[0])
    assert lines[0].endswith(f"… [{len('unknown property ' + name) - crash.LOG_MESSAGE_MAX_CHARS} more characters]")


def test_a_huge_exception_keeps_its_traceback_short_and_its_end(data_dir: Path) -> None:
    crash.install_logging()
    try:
        raise KeyError("ключ" * 1_000_000)
    except KeyError:
        logging.getLogger("game.test").exception("lookup failed")
    text = read_log(data_dir)
    assert len(text) < crash.LOG_TRACEBACK_MAX_CHARS + 2 * crash.LOG_MESSAGE_MAX_CHARS, len(text)
    assert "Traceback (most recent call last)" in text
    assert "KeyError: 'ключключ" in text
    assert "more characters]" in text


def test_clipping_leaves_the_middle_out_of_a_long_traceback() -> None:
    lines = [f"  File frame{i}.py, line {i}" for i in range(5_000)]
    text = crash._clip_traceback("\n".join(["Traceback (most recent call last):", *lines, "ValueError: end"]))
    assert len(text) < crash.LOG_TRACEBACK_MAX_CHARS + 100
    assert text.startswith("Traceback (most recent call last):")
    assert text.endswith("ValueError: end")
    assert "characters left out" in text


# --- a handler that cannot write ---------------------------------------------------------------------------------


class FullDisk:
    """A stream whose every write fails as on a full disk; it keeps what it was asked to write."""

    def __init__(self) -> None:
        self.tried: list[str] = []

    def write(self, text: str) -> int:
        self.tried.append(text)
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def seek(self, offset: int, whence: int = 0) -> int:
        return 0

    def tell(self) -> int:
        return 0


def test_a_full_disk_is_reported_once_not_for_every_record(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    crash.install_logging()
    file_handler = next(h for h in logging.getLogger().handlers if h.name == crash._FILE_HANDLER_NAME)
    assert isinstance(file_handler, logging.StreamHandler)
    real_file = file_handler.stream
    file_handler.stream = FullDisk()  # not setStream: that flushes, and this stream cannot
    capsys.readouterr()
    try:
        for i in range(20):
            logging.getLogger("game.test").info("move %d", i)
    finally:
        file_handler.stream = real_file
    err = capsys.readouterr().err
    assert "--- Logging error ---" not in err
    assert "Traceback" not in err
    assert err.count("the log cannot be written") == 1, err
    assert "No space left on device" in err


def test_a_failing_console_stays_quiet(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    console = FullDisk()
    monkeypatch.setattr(sys, "stderr", console)
    crash.install_logging()  # the console handler now writes to the full stream
    for i in range(5):
        logging.getLogger("game.test").warning("problem %d", i)
    assert "WARNING game.test: problem 4" in read_log(data_dir)  # the file still gets everything
    reports = [text for text in console.tried if "problem" not in text and text.strip()]
    assert not any("Logging error" in text or "Traceback" in text for text in reports), reports
    assert sum("the log cannot be written" in text for text in reports) == 1, reports


# --- the fallback folder in the shared temp directory -----------------------------------------------------------


needs_uids = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners; Windows' temp folder is per user")


@pytest.fixture
def shared_tmp(data_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The home folder unwritable (the data folder's parent is a file) and a shared temp directory of the test's own."""
    blocker = tmp_path / "home-is-a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(blocker / "data"))
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(shared))
    return shared


def private_name() -> str:
    return f"tochki-strany-{os.getuid()}"


@needs_uids
def test_the_fallback_folder_is_per_user_and_private(shared_tmp: Path) -> None:
    log_file = crash.install_logging()
    folder = shared_tmp / private_name()
    assert log_file == folder / "game.log"
    info = os.lstat(folder)
    assert stat.S_ISDIR(info.st_mode) and stat.S_IMODE(info.st_mode) == 0o700
    logging.getLogger("game.test").warning("в запасной папке")
    flush_log_file()
    assert "в запасной папке" in log_file.read_text(encoding="utf-8")
    assert stat.S_IMODE(os.stat(log_file).st_mode) & 0o077 == 0


def assert_only_stderr(capsys: pytest.CaptureFixture[str], log_file: Path | None) -> str:
    """No log file, and stderr the whole log; returns what stderr got."""
    assert log_file is None
    assert not any(h.name == crash._FILE_HANDLER_NAME for h in logging.getLogger().handlers)
    logging.getLogger("game.test").info("после старта")
    err = capsys.readouterr().err
    assert "logging to stderr only" in err
    assert "INFO game.test: после старта" in err  # stderr is the whole log now
    return err


@needs_uids
def test_a_symlink_planted_as_the_fallback_folder_is_not_followed(
    shared_tmp: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "someone-elses"
    target.mkdir()
    (shared_tmp / private_name()).symlink_to(target, target_is_directory=True)
    assert "is a symlink" in assert_only_stderr(capsys, crash.install_logging())
    assert list(target.iterdir()) == []


@needs_uids
def test_a_fallback_folder_of_another_owner_is_refused(
    shared_tmp: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    me = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: me + 1)  # the folder below was made by "someone else": us
    (shared_tmp / f"tochki-strany-{me + 1}").mkdir(mode=0o700)
    assert "belongs to uid" in assert_only_stderr(capsys, crash.install_logging())


@needs_uids
def test_a_fallback_folder_others_can_write_is_refused(shared_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = shared_tmp / private_name()
    folder.mkdir()
    folder.chmod(0o777)  # pre-made by someone, open to all
    assert "writable by others" in assert_only_stderr(capsys, crash.install_logging())
    assert list(folder.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "O_NOFOLLOW"), reason="no O_NOFOLLOW on this system")
def test_a_log_file_that_is_a_symlink_is_not_followed(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))  # where the log goes instead
    victim = tmp_path / "victim.txt"
    victim.write_text("do not touch\n", encoding="utf-8")
    logs = data_dir / "logs"
    logs.mkdir(parents=True)
    (logs / "game.log").symlink_to(victim)
    log_file = crash.install_logging()
    assert log_file is not None and log_file.parent != logs
    logging.getLogger("game.test").warning("written somewhere safe")
    flush_log_file()
    assert victim.read_text(encoding="utf-8") == "do not touch\n"
