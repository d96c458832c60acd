"""Writing the player's files when things go wrong (issue 21): a kill mid-save or mid-rename leaves
no empty record and no temporary file after the next start; a read-only disk is reported as a file
that could not be *written*, never *read*."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import Game, sgf
from game import strings
from game.storage import atomic, errors, library, unfinished
from game.storage.errors import StoreError

ROOT = Path(__file__).resolve().parent.parent
RECORD = sgf.dumps(Game(5, 5))


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def language() -> Iterator[Callable[[str], None]]:
    previous = strings.language()
    yield strings.set_language
    strings.set_language(previous)


# --- a kill during «Сохранить партию» or a rename ---------------------------------------------------------------

# Run apart and killed at one point of the write (os._exit runs no cleanup, as SIGKILL would not).
KILLED = """
import os, sys
from game.storage import library
where, action = sys.argv[1], sys.argv[2]
def killed(*args, **kwargs):
    os._exit(9)
if where == "fsync":
    os.fsync = killed  # the data written, not yet on disk, nothing renamed
else:
    os.link = os.replace = os.rename = killed  # on disk under its temporary name, at the rename
if action == "save":
    library.save_game("Партия с Машей", sys.argv[3])
else:
    library.rename_game(library.games_dir() / "old.sgf", "Партия с Машей")
"""


def run_killed(where: str, action: str) -> int:
    env = dict(os.environ, TOCHKI_KERNEL="off", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", KILLED, where, action, RECORD], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    return done.returncode


def visible_games(folder: Path) -> dict[str, int]:
    return {p.name: p.stat().st_size for p in folder.iterdir() if not p.name.startswith(".")}


@pytest.mark.parametrize("where", ["fsync", "rename"])
def test_a_save_killed_midway_leaves_no_empty_record_and_the_next_start_clears_its_temporary(
        data_dir: Path, where: str) -> None:
    assert run_killed(where, "save") == 9
    games = library.games_dir()
    assert all(size > 0 for size in visible_games(games).values()), visible_games(games)
    left = [p for p in games.iterdir() if p.name.endswith(".tmp")]
    assert left, "the kill should have left the temporary file this test is about"
    for temp in left:  # a minute and more later
        old = time.time() - 2 * atomic.STALE_SECONDS
        os.utime(temp, (old, old))
    library.tidy()  # what the game does at start (game.app.run)
    assert [p.name for p in games.iterdir()] == [n for n in visible_games(games)]
    for game in library.list_games():
        sgf.read(library.read_game(game.path))  # whatever is listed is a whole record


def test_a_rename_killed_midway_leaves_no_empty_record(data_dir: Path) -> None:
    old = library.save_game("old", RECORD)
    assert run_killed("rename", "rename") == 9
    games = visible_games(old.parent)
    assert games and all(size > 0 for size in games.values()), games
    for game in library.list_games():
        assert sgf.read(library.read_game(game.path)).game.width == 5


def test_the_start_clears_only_old_temporaries_of_our_own_and_only_files(data_dir: Path) -> None:
    library.save_game("kept", RECORD)
    folders = [library.games_dir(), unfinished.unfinished_dir(), data_dir]
    unfinished.unfinished_dir().mkdir(parents=True)
    old = time.time() - 2 * atomic.STALE_SECONDS
    stale, fresh, others = [], [], []
    for folder in folders:
        fd, name = tempfile.mkstemp(prefix=".x.sgf.", suffix=".tmp", dir=folder)  # as a kill leaves one
        os.close(fd)
        os.utime(name, (old, old))
        stale.append(Path(name))
        fd, name = tempfile.mkstemp(prefix=".y.sgf.", suffix=".tmp", dir=folder)  # being written right now
        os.close(fd)
        fresh.append(Path(name))
        mine = folder / ".notes.tmp"  # not our pattern
        mine.write_text("the player's", encoding="utf-8")
        box = folder / ".w.sgf.abcdefgh.tmp"  # our pattern, but a folder
        box.mkdir()
        for path in (mine, box):
            os.utime(path, (old, old))
        others += [mine, box]
        link = folder / ".z.sgf.abcdefgh.tmp"  # our pattern, but a link
        try:
            link.symlink_to(mine)
            os.utime(link, (old, old), follow_symlinks=False)
        except (OSError, NotImplementedError):
            continue  # Windows without the right to make links
        others.append(link)
    library.tidy()
    assert not any(p.exists() for p in stale)
    assert all(p.exists() or p.is_symlink() for p in fresh + others)
    assert [g.name for g in library.list_games()] == ["kept"]


def test_a_save_never_takes_a_name_taken_meanwhile(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = library.save_game("Партия", RECORD)
    real_free = atomic.free_path
    calls = []

    def stale_look(folder: Path, base: str, suffix: str) -> Path:
        calls.append(base)
        # The first look is answered as if the name were free: another window saved it just now.
        return folder / f"{base}{suffix}" if len(calls) == 1 else real_free(folder, base, suffix)

    monkeypatch.setattr(atomic, "free_path", stale_look)
    second = library.save_game("Партия", sgf.dumps(Game(7, 7)))
    assert second != first and second.name == "Партия (2).sgf"
    assert sgf.read(library.read_game(first)).game.width == 5
    assert sgf.read(library.read_game(second)).game.width == 7
    assert not [p for p in first.parent.iterdir() if p.name.startswith(".")]


# --- a read-only disk: «нельзя записать» ----------------------------------------------------------------------


def read_only(monkeypatch: pytest.MonkeyPatch, folder: Path, code: int = errno.EROFS) -> None:
    """Every change under ``folder`` fails with ``code``, as on a read-only disk (chmod does not stop
    root, who runs these tests in CI's containers); reading still works."""
    def inside(path: Any) -> bool:
        try:
            return Path(os.fspath(path)).resolve().is_relative_to(folder.resolve())
        except TypeError:
            return False

    def refuse(path: Any) -> None:
        if inside(path):
            raise OSError(code, os.strerror(code), str(path))

    def wrap(name: str, module: Any = os, paths: int = 1) -> None:
        real = getattr(module, name)

        def refusing(*args: Any, **kwargs: Any) -> Any:
            for path in args[:paths]:
                refuse(path)
            return real(*args, **kwargs)
        monkeypatch.setattr(module, name, refusing)

    for name in ("replace", "rename", "link"):
        wrap(name, paths=2)
    for name in ("unlink", "remove", "mkdir"):
        wrap(name)
    real_open, real_io_open = os.open, io.open

    def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            refuse(path)
        return real_open(path, flags, *args, **kwargs)

    def io_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(c in mode for c in "wxa+"):
            refuse(file)
        return real_io_open(file, mode, *args, **kwargs)
    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(io, "open", io_open)


def operations(data_dir: Path) -> dict[str, Callable[[], object]]:
    """Each write the player can ask for, ready to run once the disk turns read-only."""
    kept = library.save_game("kept", RECORD)
    gone = library.save_game("gone", RECORD)
    aside = library.delete_game(gone)
    slot = unfinished.save_current(RECORD, {"mode": "hotseat"})
    return {
        "save": lambda: library.save_game("new", RECORD),
        "rename": lambda: library.rename_game(kept, "renamed"),
        "delete": lambda: library.delete_game(kept),
        "restore": lambda: library.restore_game(aside),
        "autosave": lambda: unfinished.save_current(RECORD, {"mode": "hotseat"}, slot),
    }


@pytest.mark.parametrize("operation", ["save", "rename", "delete", "restore", "autosave"])
def test_a_read_only_disk_says_the_file_cannot_be_written(data_dir: Path,
                                                           language: Callable[[str], None], operation: str) -> None:
    run = operations(data_dir)[operation]
    listed = sorted(p.name for p in library.games_dir().iterdir())
    with pytest.MonkeyPatch.context() as disk:
        read_only(disk, data_dir)
        with pytest.raises(StoreError) as raised:
            run()
    assert raised.value.problem == "problem.read_only"
    notice = errors.Notice("files.rename_failed", raised.value.problem)
    language("ru")
    assert "нельзя записать" in notice.text() and "прочитать" not in notice.text()
    language("en")
    assert "cannot write" in notice.text() and "read" not in notice.text().replace("read-only", "")
    assert sorted(p.name for p in library.games_dir().iterdir()) == listed  # nothing changed, nothing lost


@pytest.mark.parametrize(("operation", "code", "problem"), [
    ("rename", errno.EACCES, "problem.no_write_permission"),
    ("delete", errno.EPERM, "problem.no_write_permission"),
    ("restore", errno.ENOSPC, "problem.disk_full"),
    ("save", errno.ENOSPC, "problem.disk_full"),
    ("autosave", errno.EACCES, "problem.no_write_permission"),
    ("rename", errno.EIO, "problem.not_written"),
])
def test_each_error_of_the_system_has_its_own_sentence(data_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                       operation: str, code: int, problem: str) -> None:
    run = operations(data_dir)[operation]
    read_only(monkeypatch, data_dir, code)
    with pytest.raises(StoreError) as raised:
        run()
    assert raised.value.problem == problem


def test_reading_and_writing_name_the_same_error_each_its_own_way() -> None:
    denied = PermissionError(errno.EACCES, "Permission denied")
    assert errors.problem_of(denied) == "problem.no_permission"
    assert errors.problem_of(denied, writing=True) == "problem.no_write_permission"
    assert errors.problem_of(OSError(errno.EIO, "I/O error")) == "problem.unreadable"
    assert errors.problem_of(OSError(errno.EIO, "I/O error"), writing=True) == "problem.not_written"
    assert errors.problem_of(FileNotFoundError(errno.ENOENT, "gone"), writing=True) == "problem.gone"
    assert errors.problem_of(OSError(errno.EROFS, "Read-only file system")) == "problem.read_only"


def test_a_rename_onto_a_read_only_disk_shows_the_sentence_in_the_list(data_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                                        language: Callable[[str], None]) -> None:
    kept = library.save_game("kept", RECORD)
    read_only(monkeypatch, data_dir)
    language("ru")
    with pytest.raises(StoreError) as raised:
        library.rename_game(kept, "other")
    text = errors.Notice("files.rename_failed", raised.value.problem).text()
    assert text == "Не удалось переименовать: диск только для чтения — нельзя записать"


def test_a_file_system_without_hard_links_still_saves_and_renames(data_dir: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")  # what Linux says on FAT

    monkeypatch.setattr(os, "link", no_links)
    first = library.save_game("Партия", RECORD)
    second = library.save_game("Партия", sgf.dumps(Game(7, 7)))
    assert (first.name, second.name) == ("Партия.sgf", "Партия (2).sgf")
    renamed = library.rename_game(second, "Партия")
    assert renamed.name == "Партия (3).sgf" and not second.exists()
    assert sgf.read(library.read_game(renamed)).game.width == 7
    assert sorted(p.name for p in first.parent.iterdir()) == ["Партия (3).sgf", "Партия.sgf"]
