"""Issue 21, items 1–4: hostile names, long lists and special files never break the files screens.

A saved game whose file name is not UTF-8 (a CP1251 name from a Windows archive) is listed,
drawn, opened and renamed; a C locale lists, opens, renames and saves Cyrillic names (a
subprocess); thirty large games in progress are all counted and reachable, and five thousand
saved games on a busy machine are all listed, newest first, the list saying so while it fills;
a pipe, a link to a device or a folder named like a game is left out and logged, never opened.
The scenes are driven by posted events under SDL's dummy driver; "slow" disks and records
advance the store's fake clock (``store_clock``) instead of taking time.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from conftest import FakeClock, StillTime
from driving import click, key, press, running, type_text

from engine import Game, sgf
from game.control import Control
from game.scenes.files.open_game import OpenGameScene
from game.scenes.files.rename import NameScene
from game.scenes.files.save_game import SaveGameScene
from game.scenes.files.unfinished_list import UnfinishedScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.review import ReviewScene
from game.storage import library, names, unfinished
from game.view import thumbnail

ROOT = Path(__file__).resolve().parents[1]
CP1251_NAME = "Партия с Машей".encode("cp1251")
CP1251_SHOWN = "������ � �����"
"""How the game shows that name on a UTF-8 system: each byte that is no UTF-8 as «�»."""
CP1251_LISTED = CP1251_NAME.decode("utf-8", "surrogateescape")
"""That name as a POSIX system with UTF-8 names lists it (``os.fsdecode``): its bytes as escapes."""
NO_BYTE_NAMES = pytest.mark.skipif(os.name == "nt", reason="Windows names are UTF-16 text: a name of CP1251 bytes "
                                                           "that are no UTF-8 cannot exist there")


@pytest.fixture
def control(pygame_session: object, data_dir: Path, clock: FakeClock) -> Iterator[Control]:
    thumbnail.KNOWN.clear()
    yield from running((1024, 600), clock)


def open_menu(control: Control) -> MenuScene:
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    control.step(1 / 60)
    return menu


def frames_until(control: Control, done: Any, most: int) -> int:
    """Frames run until ``done()``, at most ``most`` (a bound, never a time); how many."""
    for n in range(most):
        if done():
            return n
        control.step(1 / 60)
    raise AssertionError(f"not done after {most} frames")


# ----- 1. one sanitiser for every name shown ---------------------------------------------------------


def test_the_sanitiser_shows_what_is_no_character_as_a_replacement_and_never_raises() -> None:
    escaped = CP1251_LISTED  # as a UTF-8 system lists the Windows name
    assert names.shown(escaped) == CP1251_SHOWN
    for hostile in (escaped, "\ud800x\udfff", "a\nb\x00c", "\u202eexe.txt", b"\xff\xfe", "Маша"):
        text = names.shown(hostile)
        text.encode("utf-8")  # no surrogate left: the font takes it
        assert "\n" not in text and "\u202e" not in text
    assert names.shown("Маша".encode().decode("ascii", "surrogateescape")) == "Маша"  # a C locale's listing


def write_byte_named(folder: Path, text: str) -> None:
    """``text`` in a file of ``folder`` named by the CP1251 bytes; the test skipped where the file system
    refuses a name that is no UTF-8 (macOS: «Illegal byte sequence»)."""
    try:
        (folder / os.fsdecode(CP1251_NAME + b".sgf")).write_text(text, "utf-8")
    except OSError as e:
        if e.errno != errno.EILSEQ:
            raise
        pytest.skip(f"this file system keeps names as UTF-8 and refuses other bytes: {e}")


@NO_BYTE_NAMES
def test_a_file_name_that_is_not_utf8_is_listed_opened_and_renamed(control: Control, data_dir: Path) -> None:
    games = data_dir / "games"
    games.mkdir(parents=True)
    game = Game(9, 9)
    game.play((4, 4))
    write_byte_named(games, sgf.dumps(game))
    menu = open_menu(control)
    press(control, menu.b_open)  # drew the list: the font met the name
    files = control.stack.top
    assert isinstance(files, OpenGameScene) and files.count == 1
    shown = files.games[0].name
    assert shown == CP1251_SHOWN
    control.step(1 / 60)
    row = files.row_rect(0)
    click(control, (row.x + files.thumb_size()[0] + 40, row.centery))
    assert isinstance(control.stack.top, ReviewScene)  # opened by its real (undecodable) path
    control.step(1 / 60)
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is files
    click(control, files.boxes(0)[0].center)  # «✎»
    card = control.stack.top
    assert isinstance(card, NameScene) and card.name_field.text == shown
    for _ in range(3):
        key(control, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    type_text(control, "Партия с Машей")
    key(control, pygame.K_RETURN)
    assert control.stack.top is files and [g.name for g in files.games] == ["Партия с Машей"]
    assert [p.name for p in games.iterdir()] == ["Партия с Машей.sgf"]
    control.stack.go("save", game)  # «Сохранить партию» lists the folder too
    control.step(1 / 60)
    assert isinstance(control.stack.top, SaveGameScene)


@NO_BYTE_NAMES
def test_saving_beside_an_undecodable_name_draws_the_list(control: Control, data_dir: Path) -> None:
    games = data_dir / "games"
    games.mkdir(parents=True)
    write_byte_named(games, "(;GM[40]SZ[9])")
    open_menu(control)
    game = Game(9, 9)
    control.stack.go("save", game)
    control.step(1 / 60)
    save = control.stack.top
    assert isinstance(save, SaveGameScene) and save.count == 1
    key(control, pygame.K_RETURN)
    assert save.saved is not None and save.count == 2
    control.step(1 / 60)


C_LOCALE_RUN = r"""
import json, os, sys
from pathlib import Path
sys.path[:0] = [sys.argv[1], os.path.join(sys.argv[1], "tests")]
import pygame
from driving import click, key, press, running, type_text
from engine import Game, sgf
from game.control import start_pygame
from game.scenes.files.open_game import OpenGameScene
from game.scenes.files.rename import NameScene
from game.scenes.menu import MenuScene
from game.scenes.review import ReviewScene
from game.storage import library

report = {"encoding": sys.getfilesystemencoding()}
games = library.games_dir()
games.mkdir(parents=True)
game = Game(9, 9)
game.play((4, 4))
with open(os.path.join(os.fsencode(games), "Партия.sgf".encode()), "wb") as f:
    f.write(sgf.dumps(game).encode())
start_pygame()
control = next(running((1024, 600), lambda: 0))
menu = MenuScene(control.stack)
control.stack.push(menu)
control.step(1 / 60)
press(control, menu.b_open)
files = control.stack.top
report["listed"] = [g.name for g in files.games]
row = files.row_rect(0)
click(control, (row.x + files.thumb_size()[0] + 40, row.centery))
report["opened"] = isinstance(control.stack.top, ReviewScene)
key(control, pygame.K_ESCAPE)
click(control, files.boxes(0)[0].center)
report["offered"] = control.stack.top.name_field.text if isinstance(control.stack.top, NameScene) else None
key(control, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
type_text(control, "Финал")
key(control, pygame.K_RETURN)
report["renamed"] = [g.name for g in files.games]
control.stack.go("save", game)
control.step(1 / 60)
save = control.stack.top
for _ in range(40):
    key(control, pygame.K_BACKSPACE)
type_text(control, "Ничья у Маши")
key(control, pygame.K_RETURN)
report["saved"] = save.message[0].text() if save.message else None
report["listed_after"] = [g.name for g in save.games]
report["on_disk"] = sorted(name.decode() for name in os.listdir(os.fsencode(games)))
control.stack.shutdown_all()
pygame.quit()
print(json.dumps(report, ensure_ascii=True))
"""


@pytest.mark.skipif(sys.platform in ("win32", "darwin"),
                    reason="the locale does not choose the file-system encoding here: names are UTF-8 on macOS "
                           "and UTF-16 on Windows whatever LC_ALL says")
def test_a_c_locale_lists_opens_renames_and_saves_cyrillic_names(tmp_path: Path) -> None:
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "TOCHKI_KERNEL": "off",
           "TOCHKI_DATA_DIR": str(tmp_path / "data"), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONIOENCODING": "ascii"}
    env.pop("LC_CTYPE", None)
    script = tmp_path / "c_locale_run.py"  # a file (read as UTF-8): a command line would be read in ASCII
    script.write_text(C_LOCALE_RUN, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(ROOT)], env=env, capture_output=True,
                          text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["encoding"] == "ascii"  # the locale really is C: names come as escaped bytes
    assert report["listed"] == ["Партия"] and report["opened"] and report["offered"] == "Партия"
    assert report["renamed"] == ["Финал"]
    assert report["saved"] == "Сохранено: Ничья у Маши"
    assert report["listed_after"] == ["Ничья у Маши", "Финал"]
    assert report["on_disk"] == ["Ничья у Маши.sgf", "Финал.sgf"]  # UTF-8 on disk, as the system names files


def test_a_c_locale_console_takes_the_help(tmp_path: Path) -> None:
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "TOCHKI_KERNEL": "off",
           "TOCHKI_DATA_DIR": str(tmp_path / "data")}
    env.pop("PYTHONIOENCODING", None)
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], env=env, capture_output=True,
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode("ascii", "replace")[-2000:]
    assert b"--screenshot DIR" in done.stdout and b"\\u0422" in done.stdout  # «Т…» escaped, not a crash


# ----- 2. every game in progress counted and reachable -----------------------------------------------


@pytest.fixture(scope="module")
def large_record() -> str:
    """A 38 × 31 game of 900 moves, as a game in progress is written."""
    game = Game(38, 31)
    nodes = [(x, y) for x in range(38) for y in range(31)]
    random.Random(5).shuffle(nodes)
    for node in nodes:  # bounded: one pass over the board
        if game.move_count == 900:
            break
        if game.is_legal(node):
            game.play(node)
    assert game.move_count == 900
    return sgf.dumps(game)


def test_thirty_large_games_in_progress_are_all_counted_and_reached(control: Control, large_record: str,
                                                                    store_clock: StillTime,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    slots = []
    for i in range(30):
        slot = unfinished.save_current(large_record, {"mode": "hotseat"}, f"2025010{i // 10}-0000{i % 10:02d}-abc{i:03d}")
        stamp = 1_700_000_000 + 60 * i
        os.utime(unfinished.slot_path(slot), (stamp, stamp))
        slots.append(slot)
    newest_first = slots[::-1]
    real_read = sgf.read

    def costly_read(text: str) -> sgf.Record:  # each read as long as it takes on a busy laptop (about 0.2 s)
        store_clock.advance(0.2)
        return real_read(text)

    monkeypatch.setattr(sgf, "read", costly_read)
    menu = open_menu(control)
    assert menu.b_unfinished.label == "Неоконченные: 30"  # the true count from the first frame
    assert menu.resumable is not None and menu.resumable.slot == newest_first[0] and menu.wake_in() == 0
    press(control, menu.b_unfinished)  # while the menu is still reading
    listing = control.stack.top
    assert isinstance(listing, UnfinishedScene) and listing.filling and listing.count < 30
    assert listing.filling_text() == f"Партии ещё читаются… {listing.count} из 30"
    frames_until(control, lambda: not listing.filling, 60)
    assert [e.slot for e in listing.unfinished] == newest_first
    key(control, pygame.K_END)
    key(control, pygame.K_RETURN)
    play = control.stack.top
    assert isinstance(play, PlayScene) and play.game.move_count == 900 and (play.game.width, play.game.height) == (38, 31)
    assert play.autosaver.slot == newest_first[-1]  # the oldest, once out of reach, resumed


# ----- 3. five thousand saved games under load --------------------------------------------------------


class BusyScandir:
    """``os.scandir`` on a busy machine: each entry of the games folder costs a millisecond of the store's clock."""

    def __init__(self, real: Any, folder: Path, clock: StillTime) -> None:
        self.real, self.folder, self.clock = real, folder, clock

    def __call__(self, path: Any = ".") -> Any:
        inner = self.real(path)
        return _Busy(inner, self.clock) if Path(os.fsdecode(path)) == self.folder else inner


class _Busy:
    def __init__(self, inner: Any, clock: StillTime) -> None:
        self.inner, self.clock = inner, clock

    def __enter__(self) -> _Busy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.inner.close()

    def close(self) -> None:
        self.inner.close()

    def __iter__(self) -> _Busy:
        return self

    def __next__(self) -> os.DirEntry[str]:
        entry = next(self.inner)
        self.clock.advance(0.001)
        return entry


def test_five_thousand_saved_games_under_load_are_all_listed_newest_first(
        control: Control, data_dir: Path, store_clock: StillTime, monkeypatch: pytest.MonkeyPatch) -> None:
    games = data_dir / "games"
    games.mkdir(parents=True)
    order = list(range(5000))
    random.Random(21).shuffle(order)  # the folder's order is not the dates'
    for n in order:
        path = games / f"game {n:04d}.sgf"
        path.write_bytes(b"(;GM[40]SZ[5])")
        os.utime(path, (1_700_000_000 + n, 1_700_000_000 + n))
    monkeypatch.setattr(os, "scandir", BusyScandir(os.scandir, games, store_clock))
    menu = open_menu(control)
    press(control, menu.b_open)
    files = control.stack.top
    assert isinstance(files, OpenGameScene) and 0 < files.count < 5000  # a busy disk: not all in one frame
    key(control, pygame.K_DOWN)  # a row chosen while the list fills stays the same game
    chosen = files.games[files.selected or 0].path
    for _ in range(100):  # bounded: 5,000 entries at a hundred or more a frame
        control.step(1 / 60)
    assert files.count == 5000 and files.games[0].name == "game 4999" and files.games[-1].name == "game 0000"
    assert [g.modified_ns for g in files.games] == sorted((g.modified_ns for g in files.games), reverse=True)
    assert files.selected is not None and files.games[files.selected].path == chosen
    assert not files.filling
    files.refresh()  # while it fills, it says so (and the loop keeps drawing frames)
    assert files.filling and files.wake_in() == 0 and 0 < files.count < 5000
    assert files.filling_text() == f"Список ещё читается… найдено: {files.count}"
    assert frames_until(control, lambda: not files.filling, 100) > 1 and files.count == 5000
    assert files.selected is not None and files.games[files.selected].path == chosen  # chosen again once back


# ----- 4. only regular files are read ------------------------------------------------------------------


class PipeWatch:
    """Notices the game opening a named pipe to read: then a writer can open it, and lets the reader go."""

    def __init__(self, pipe: Path) -> None:
        self.pipe = pipe
        self.opened = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                fd = os.open(self.pipe, os.O_WRONLY | os.O_NONBLOCK)  # ENXIO while nobody reads
            except OSError:
                time.sleep(0.002)
                continue
            self.opened = True
            os.close(fd)  # the reader gets an end of file instead of waiting for ever
            return

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_special_files_named_like_games_are_left_out_and_logged(control: Control, data_dir: Path,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    folder = data_dir / unfinished.UNFINISHED_DIR
    games = data_dir / "games"
    folder.mkdir(parents=True)
    games.mkdir(parents=True)
    game = Game(9, 9)
    game.play((4, 4))
    kept = unfinished.save_current(sgf.dumps(game), {"mode": "hotseat"})
    os.mkfifo(folder / "20990101-000000-fifo00.sgf")  # the newest: read first
    (folder / "20990101-000000-zero00.sgf").symlink_to("/dev/zero")
    library.save_game("real", sgf.dumps(game))
    os.mkfifo(games / "pipe.sgf")
    (games / "zero.sgf").symlink_to("/dev/zero")
    (games / "folder.sgf").mkdir()
    watches = [PipeWatch(folder / "20990101-000000-fifo00.sgf"), PipeWatch(games / "pipe.sgf")]
    try:
        with caplog.at_level(logging.WARNING):
            menu = open_menu(control)
            assert [g.slot for g in menu.unfinished] == [kept] and menu.notice is None  # nothing on the screen
            assert menu.b_unfinished.label == "Неоконченные: 1"
            press(control, menu.b_open)
            files = control.stack.top
            assert isinstance(files, OpenGameScene) and [g.name for g in files.games] == ["real"]
            assert files.message is None and files.b_unfinished.label == "Неоконченные: 1"
            control.step(1 / 60)
    finally:
        for watch in watches:
            watch.stop()
    assert not any(watch.opened for watch in watches)  # never opened: nothing waited for a writer
    assert (folder / "20990101-000000-fifo00.sgf").exists()  # left alone, not moved aside
    log = caplog.text
    assert "a pipe, not a file" in log and "a device, not a file" in log and "a folder, not a file" in log
    assert "pipe.sgf" in log and "zero.sgf" in log and "folder.sgf" in log


def test_one_reader_refuses_what_is_no_regular_file_or_too_large(tmp_path: Path) -> None:
    from game.storage import errors, preferences, reading

    big = tmp_path / "big"
    with open(big, "wb") as f:
        f.truncate(sgf.MAX_INPUT + 1)
    for path, why in ((big, "problem.too_large"), (tmp_path, "problem.not_a_file")):
        with pytest.raises(errors.StoreError) as refused:
            reading.read_limited(path, sgf.MAX_INPUT)
        assert refused.value.problem == why
    assert reading.read_limited(big, sgf.MAX_INPUT + 1) == b"\0" * (sgf.MAX_INPUT + 1)
    assert preferences.MAX_SETTINGS_BYTES < sgf.MAX_INPUT  # each kind its own limit, in one place


@pytest.mark.skipif(os.name != "posix", reason="Windows has no /dev/zero, nor device files to link a name to "
                                               "(and a link needs rights a player does not have)")
def test_the_reader_refuses_a_link_to_a_device(tmp_path: Path) -> None:
    from game.storage import errors, reading

    (tmp_path / "zero").symlink_to("/dev/zero")
    with pytest.raises(errors.StoreError) as refused:
        reading.read_limited(tmp_path / "zero", sgf.MAX_INPUT)
    assert refused.value.problem == "problem.not_a_file"
