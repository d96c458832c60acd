"""Issue 27: a data folder that cannot be used (no home folder, a file in its place, a name too long, a read-only
disk) gives a game that plays, keeps nothing, and says so on the menu in the player's language — with where
the folder would be — never a traceback. Autosave, saving by name, the lists and the settings then refuse or
come up empty, each without a crash.

The start is the real one (``main.py`` in a process of its own, only the loop after the first frame left out),
with each environment that made it crash.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from driving import key, press, running

from game import paths, strings
from game.control import Control
from game.match.settings import MatchSettings
from game.scenes.files.open_game import OpenGameScene
from game.scenes.files.save_game import SaveGameScene
from game.scenes.files.unfinished_list import UnfinishedScene
from game.scenes.handoff import Match
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.storage import errors, library, preferences, unfinished
from game.storage.preferences import Preferences

ROOT = Path(__file__).resolve().parents[1]

START = """
import runpy, sys
from game.control import Control

def first_frame_only(control):  # the real start up to the menu's first frame; the player's loop left out
    from game import strings
    notice = control.stack.top.notice
    print("LANGUAGE:", strings.language(), flush=True)  # the system's: nothing could be chosen and kept
    print("NOTICE:", notice.text() if notice is not None else None, flush=True)

Control.run = first_frame_only
sys.argv = ["main.py"]
runpy.run_path("main.py", run_name="__main__")
"""


def start_env(**changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"TOCHKI_DATA_DIR", "XDG_DATA_HOME", "LANG", "LANGUAGE",
                                                            "LC_ALL", "LC_MESSAGES"}}
    return dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TOCHKI_KERNEL="off", PYTHONPATH=str(ROOT),
                PYTHONIOENCODING="utf-8",  # the menu's line in Cyrillic through a pipe, on Windows too
                **changes)


def unusable_folders(tmp_path: Path) -> dict[str, tuple[dict[str, str], str]]:
    """Each environment that crashed the start, and the folder the menu must name."""
    a_file = tmp_path / "a file"
    a_file.write_text("x")
    long_name = str(tmp_path / ("д" * 300))
    cases = {"a file": ({"TOCHKI_DATA_DIR": str(a_file)}, str(a_file)),
             "a name too long": ({"TOCHKI_DATA_DIR": long_name}, long_name)}
    if os.name == "posix":  # Windows finds its folders without $HOME, and «~name» there is a folder under C:\Users
        home = "/dev/null"
        wanted = ("/dev/null/Library/Application Support/tochki-strany" if sys.platform == "darwin"
                  else "/dev/null/.local/share/tochki-strany")
        cases["HOME=/dev/null"] = ({"HOME": home}, wanted)
        cases["~nouser/d"] = ({"TOCHKI_DATA_DIR": "~nouser-of-tochki/d"}, "~nouser-of-tochki/d")
    return cases


CASES = ["a file", "a name too long", "HOME=/dev/null", "~nouser/d"]


@pytest.mark.parametrize("case", CASES)
def test_the_game_starts_on_its_menu_saying_games_will_not_be_kept_and_where(tmp_path: Path, case: str) -> None:
    cases = unusable_folders(tmp_path)
    if case not in cases:
        pytest.skip("Windows finds its data folder without $HOME, and «~name» is a plain folder there")
    changes, wanted = cases[case]
    done = subprocess.run([sys.executable, "-c", START], cwd=ROOT, env=start_env(**changes), capture_output=True,
                          text=True, encoding="utf-8", errors="replace", timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr and "неожиданно закрылась" not in done.stderr, done.stderr[-3000:]
    notice = [line for line in done.stdout.splitlines() if line.startswith("NOTICE:")]
    # Russian on a bare Linux (no LANG), the system's language elsewhere (Windows and macOS ask the system).
    spoken = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("LANGUAGE:")]
    assert spoken in (["ru"], ["en"]) and (spoken == ["ru"] or not sys.platform.startswith("linux")), done.stdout
    said = strings.STRINGS["store.not_kept"][spoken[0]].format(folder=shown_folder(wanted))
    assert notice == [f"NOTICE: {said}"]


def shown_folder(path: str) -> str:
    """A folder's path as the menu's line gives it: a long one with its middle left out."""
    return errors.middle_cut(path, errors.MAX_FOLDER_SHOWN)


@pytest.fixture
def no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The data folder's name is taken by a file: where the game would keep everything."""
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(blocker))
    return str(blocker)


@pytest.fixture
def control(pygame_session: object, no_folder: str) -> Iterator[Control]:
    yield from running((1024, 600), lambda: 0.0)


def open_menu(control: Control) -> MenuScene:
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    control.step(1 / 60)
    return menu


def test_the_menu_says_it_in_the_players_language(control: Control, no_folder: str) -> None:
    menu = open_menu(control)
    folder = shown_folder(no_folder)
    assert menu.notice == errors.Notice("store.not_kept", fields=(("folder", folder),))
    assert menu.notice.text() == f"Партии и настройки не сохранятся: папка игры «{folder}» недоступна"
    press(control, menu.language_buttons["en"])  # a choice not kept either: no crash for it
    assert menu.notice.text() == f"Games and settings will not be kept: the game's folder “{folder}” cannot be used"
    assert menu.b_continue.rect.w == 0 and menu.b_unfinished.rect.w == 0  # nothing to resume


def test_every_keeping_refuses_politely(control: Control, no_folder: str) -> None:
    assert Preferences.load().chosen == preferences.Settings()
    library.tidy()
    menu = open_menu(control)
    control.stack.go("play", Match(MatchSettings(width=9, height=9)))
    play = control.stack.top
    assert isinstance(play, PlayScene)
    assert play.try_play((4, 4))
    play.autosaver.flush()
    assert play.autosaver.failed and play.autosaver.slot is None  # «Автосохранение не удалось», the game goes on
    assert play.try_play((5, 5))
    control.step(1 / 60)
    control.stack.go("save", play.game)
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    key(control, pygame.K_RETURN)
    assert save.saved is None and save.message is not None
    assert save.message[0].text() == "Не удалось сохранить: папка данных игры недоступна"
    control.stack.pop()
    play.autosaver.release()
    control.stack.pop()
    assert control.stack.top is menu
    press(control, menu.b_open)
    assert isinstance(control.stack.top, OpenGameScene) and control.stack.top.count == 0
    control.stack.pop()
    control.stack.go("unfinished")
    control.step(1 / 60)
    assert isinstance(control.stack.top, UnfinishedScene) and control.stack.top.count == 0
    assert unfinished.count_current() == 0 and unfinished.list_current().games == []
    with pytest.raises(errors.StoreError) as refused:
        library.save_game("x", "(;GM[40]SZ[5])")
    assert refused.value.problem == "problem.no_data_folder"


def test_a_folder_nothing_can_be_written_in_says_so_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only disk: the folder is there, nothing can be written in it (faked: the tests may run as root)."""
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(tmp_path))
    assert paths.data_dir_problem() is None and errors.data_folder_notice() is None
    assert list(tmp_path.iterdir()) == []  # the probe is gone

    def read_only(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    problem = paths.data_dir_problem()
    assert problem is not None and problem.wanted == str(tmp_path) and problem.errno == errno.EROFS
    assert errors.data_folder_notice() == errors.Notice("store.not_kept", fields=(("folder", shown_folder(str(tmp_path))),))


def test_the_folder_that_cannot_be_made_is_an_os_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.DATA_DIR_ENV, "~nouser-of-tochki/d")
    monkeypatch.setattr(Path, "expanduser", lambda self: (_ for _ in ()).throw(RuntimeError("no home")))
    with pytest.raises(OSError) as raised:  # every caller that copes with a failed read copes with this
        paths.user_data_dir()
    assert isinstance(raised.value, paths.DataFolderError) and raised.value.wanted == "~nouser-of-tochki/d"
    assert errors.problem_of(raised.value, writing=True) == "problem.no_data_folder"


def test_a_folder_lost_during_a_game_never_crashes_its_leaving(
        pygame_session: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The data folder usable as the game began, gone (a file in its place) by the time it is let go: forgetting
    and letting go of the game in progress log it and carry on (``paths.DataFolderError`` is no crash)."""
    import shutil

    folder = tmp_path / "data"
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(folder))
    loop = running((1024, 600), lambda: 0.0)
    control = next(loop)
    try:
        control.stack.go("play", Match(MatchSettings(width=9, height=9)))
        play = control.stack.top
        assert isinstance(play, PlayScene) and play.try_play((4, 4))
        play.autosaver.flush()
        slot = play.autosaver.slot
        assert slot is not None and unfinished.slot_path(slot).is_file()
        shutil.rmtree(folder)
        folder.write_text("not a folder")
        assert not unfinished.held_elsewhere(slot)
        assert unfinished.clear_current(slot) is False  # its finally let go, on a folder that is no more
        unfinished.release(slot)
        play.autosaver.release()  # leaving the game
        assert "not let go" in caplog.text
    finally:
        next(loop, None)  # its teardown: the scenes shut down (the play scene lets go of its game again)
