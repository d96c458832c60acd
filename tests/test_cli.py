"""The command line (main.py): errors in one line with the right exit code, never a crash report.

Exit codes: 2 for a command-line error (argparse's), 1 for a run that could not do
its job (no screen, a file or stdout that cannot be written). Several tests run
``main.py`` in a subprocess, as a player or CI would; they look for what a crash
leaves behind (a traceback, «Игра неожиданно закрылась») as well as for the message.
The smoke run is checked to use nothing of the player's: it runs from another
folder, with a data folder of the player's own that it must neither need nor touch.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pygame
import pytest

import main
from game import app, strings
from game.control import Control
from game.scenes.play import PlayScene
from game.scenes.review import ReviewScene
from game.shots import headless, pictures, setups
from game.storage import preferences, unfinished

ROOT = Path(__file__).resolve().parent.parent
CRASHED = "неожиданно закрылась"


def run_main(*args: str, env: dict[str, str] | None = None, cwd: Path = ROOT, timeout: float = 120,
             stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], check=False, cwd=cwd, env=env,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=timeout)


def assert_no_crash(stderr: str) -> None:
    assert "Traceback" not in stderr, stderr
    assert CRASHED not in stderr, stderr
    assert "Exception ignored" not in stderr, stderr


def error_lines(stderr: str) -> list[str]:
    """The lines that are not argparse's usage line."""
    return [line for line in stderr.splitlines() if line.strip() and not line.startswith("usage:")]


# --- command-line errors: exit 2, one line ------------------------------------------------------------------------


def test_an_empty_screenshot_folder_is_a_command_line_error_not_the_game() -> None:
    done = run_main("--screenshot", "", timeout=30)
    assert done.returncode == 2
    assert_no_crash(done.stderr)
    assert error_lines(done.stderr) == ["main.py: error: argument --screenshot: the folder name is empty"]


def test_screenshots_onto_a_file_are_a_command_line_error(tmp_path: Path) -> None:
    a_file = tmp_path / "shots.png"
    a_file.write_bytes(b"")
    done = run_main("--screenshot", str(a_file), timeout=30)
    assert done.returncode == 2
    assert_no_crash(done.stderr)
    assert error_lines(done.stderr) == [f"main.py: error: argument --screenshot: {a_file} is a file, not a folder"]
    below = a_file / "shots"
    done = run_main("--screenshot", str(below), timeout=30)
    assert done.returncode == 2
    assert_no_crash(done.stderr)
    [line] = error_lines(done.stderr)
    assert line.startswith(f"main.py: error: argument --screenshot: cannot write to {below}: ")


def test_a_read_only_screenshot_folder_is_a_command_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    if os.access(folder, os.W_OK):  # root ignores the mode bits: the write fails as it would for anyone else
        def refuse(*args: object, **kwargs: object) -> object:
            raise PermissionError(errno.EACCES, "Permission denied")

        monkeypatch.setattr(tempfile, "NamedTemporaryFile", refuse)
    drawn: list[object] = []
    monkeypatch.setattr(pictures, "screenshots", lambda *args, **kwargs: drawn.append(args) or [])
    try:
        with pytest.raises(SystemExit) as exit_:
            main.main(["--screenshot", str(folder)])
    finally:
        folder.chmod(0o755)
    assert exit_.value.code == 2
    assert drawn == []  # refused before any drawing
    [line] = error_lines(capsys.readouterr().err)
    assert line.endswith(f"argument --screenshot: cannot write to {folder}: Permission denied")


def test_smoke_and_screenshot_together_are_a_command_line_error(tmp_path: Path) -> None:
    done = run_main("--smoke", "--screenshot", str(tmp_path), timeout=30)
    assert done.returncode == 2
    assert_no_crash(done.stderr)
    assert "not allowed with argument" in done.stderr


# --- a run that cannot write its output: exit 1, one line -----------------------------------------------------------


def failed_screenshots(folder: Path, save: str, **env: str) -> tuple[str, subprocess.CompletedProcess[str]]:
    """``--screenshot folder`` in a process of its own (screenshots start and quit pygame) with
    ``pygame.image.save`` replaced by the function ``full`` that ``save`` defines: the run must stop with
    exit 1 and one line saying which file it could not write; that line, and the run."""
    script = (
        "import sys, pygame, main\n"
        "sys.argv[0] = 'main.py'\n"
        f"{save}"
        "pygame.image.save = full\n"
        f"sys.exit(main.main(['--screenshot', {str(folder)!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], check=False, cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **env), timeout=120)
    assert done.returncode == 1, done.stderr
    assert_no_crash(done.stderr)
    [line] = error_lines(done.stderr)
    assert line.startswith(f"main.py: cannot write {folder}")
    return line, done


def test_a_screenshot_that_cannot_be_written_midway_is_one_line_and_exit_1(tmp_path: Path) -> None:
    # The folder passes the check; then the disk fills up.
    line, _ = failed_screenshots(tmp_path, "def full(*args, **kwargs):\n"
                                           "    raise pygame.error('Error writing to datastream')\n")
    assert line.endswith(": Error writing to datastream")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("written", ["empty", "cut"])
def test_a_screenshot_left_empty_by_a_full_disk_stops_the_run_with_exit_1(tmp_path: Path, written: str) -> None:
    # pygame.image.save says nothing on a full disk: it leaves an empty (or cut-off) file behind.
    line, done = failed_screenshots(tmp_path, "real = pygame.image.save\n"
                                              "def full(surface, path, *args):\n"
                                              "    real(surface, path)\n"
                                              f"    data = open(path, 'rb').read()[:{0 if written == 'empty' else 100}]\n"
                                              "    open(path, 'wb').write(data)\n", TOCHKI_KERNEL="off")
    assert ("is empty" if written == "empty" else "is cut short") in line, line
    assert "wrote" not in done.stdout
    assert list(tmp_path.iterdir()) == []  # it stopped at the first, and left no empty picture behind


def test_a_whole_screenshot_passes_the_check_and_a_wrong_one_does_not(pygame_session: object, tmp_path: Path) -> None:
    surface = pygame.Surface((64, 48))
    path = tmp_path / "shot.png"
    pygame.image.save(surface, str(path))
    pictures.check_written(path, (64, 48))
    with pytest.raises(pictures.CannotWrite, match="is 64x48, not 80x48"):
        pictures.check_written(path, (80, 48))
    assert not path.exists()
    path.write_bytes(b"GIF89a" + bytes(40))
    with pytest.raises(pictures.CannotWrite, match="not a PNG"):
        pictures.check_written(path, (64, 48))


@pytest.mark.slow  # a whole smoke run of the game, which now waits for the compiled master: a minute
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_smoke_into_a_full_stdout_is_not_a_crash(tmp_path: Path) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = run_main("--smoke", stdout=full.fileno(), timeout=300)  # a net: the kernel may compile first
    assert done.returncode == 1
    assert_no_crash(done.stderr)
    assert error_lines(done.stderr) == ["main.py: cannot write to standard output: No space left on device"]


def test_say_reports_a_stdout_that_fails(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    class ClosedPipe:
        def write(self, text: str) -> int:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())  # no fileno: nothing to redirect, and no crash for that
    assert main.say("smoke: fine", "main.py") == main.EXIT_FAILED
    assert capsys.readouterr().err == "main.py: cannot write to standard output: Broken pipe\n"
    monkeypatch.undo()
    assert main.say("smoke: fine", "main.py") == 0
    assert capsys.readouterr().out == "smoke: fine\n"


# --- no screen ---------------------------------------------------------------------------------------------------


class FakeDisplay:
    """pygame.display's start as an SDL without a display server leaves it: the offscreen driver, or none."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, driver: str | None) -> None:
        self.quit_called = False

        def init() -> None:
            if driver is None:
                raise pygame.error("No available video device")

        def quit_() -> None:
            self.quit_called = True

        monkeypatch.setattr(pygame.display, "init", init)
        monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
        monkeypatch.setattr(pygame.display, "quit", quit_)


@pytest.mark.parametrize("driver", ["offscreen", "dummy"])
def test_a_driver_that_shows_nothing_is_refused_unless_asked_for(
    monkeypatch: pytest.MonkeyPatch, driver: str
) -> None:
    display = FakeDisplay(monkeypatch, driver)
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    with pytest.raises(app.NoDisplay, match=f"SDL: {driver}"):
        app.open_display()
    assert display.quit_called
    monkeypatch.setenv("SDL_VIDEODRIVER", driver)  # the tests', build_bench's: asked for, so meant
    app.open_display()


def test_a_real_driver_and_no_video_device_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    FakeDisplay(monkeypatch, "x11")
    app.open_display()
    FakeDisplay(monkeypatch, None)
    with pytest.raises(app.NoDisplay, match="SDL: No available video device"):
        app.open_display()


def test_no_display_is_told_in_the_players_language(monkeypatch: pytest.MonkeyPatch) -> None:
    FakeDisplay(monkeypatch, "offscreen")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    strings.set_language("en")
    try:
        with pytest.raises(app.NoDisplay) as english:
            app.open_display()
    finally:
        strings.set_language(strings.DEFAULT_LANGUAGE)
    with pytest.raises(app.NoDisplay) as russian:
        app.open_display()
    assert str(english.value) == strings.STRINGS["start.no_display"]["en"].format(reason="SDL: offscreen")
    assert str(russian.value) == strings.STRINGS["start.no_display"]["ru"].format(reason="SDL: offscreen")


def headless_linux_env(data_dir: Path) -> dict[str, str]:
    # No locale either: a first start speaks the system's language, and these runs expect Russian.
    env = {k: v for k, v in os.environ.items() if k not in {"SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "LANG",
                                                            "LANGUAGE", "LC_ALL", "LC_MESSAGES"}}
    # Should a display be found after all, the game draws one frame and quits: the test fails, not hangs.
    return dict(env, TOCHKI_DATA_DIR=str(data_dir), TOCHKI_FIRST_FRAME_EXIT="1", SDL_AUDIODRIVER="dummy")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY and WAYLAND_DISPLAY are Linux's")
def test_without_a_display_the_game_says_so_and_exits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    done = run_main(env=headless_linux_env(tmp_path / "ru"), timeout=60)
    assert done.returncode == 1, done.stderr
    assert_no_crash(done.stderr)
    assert strings.STRINGS["start.no_display"]["ru"].split("(")[0] in done.stderr

    english = tmp_path / "en"
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(english))
    preferences.save_settings(preferences.Settings(language="en"))
    done = run_main(env=headless_linux_env(english), timeout=60)
    assert done.returncode == 1, done.stderr
    assert strings.STRINGS["start.no_display"]["en"].split("(")[0] in done.stderr


def started_app(data_dir: Path, script: str) -> str:
    """What ``script`` prints, run in a process of its own as the real start (no first-frame exit: the script
    stubs the loop) with the dummy display; the run must succeed."""
    env = dict(headless_linux_env(data_dir), SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    del env["TOCHKI_FIRST_FRAME_EXIT"]
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_menu_is_drawn_before_the_kernel_starts_loading(tmp_path: Path) -> None:
    """Loading numba (and, in the one-file build, unpacking it) would compete with the first frame."""
    script = """
import pygame
from ai import kernel
from game import app
from game.control import Control

seen = []
step = Control.step
Control.step = lambda self, *a, **k: (seen.append("frame"), step(self, *a, **k))[1]
kernel.start = lambda: seen.append("kernel")
Control.run = lambda self: seen.append("loop")
assert app.run() == 0
print(seen)
"""
    assert started_app(tmp_path, script).strip() == "['frame', 'kernel', 'loop']"


def test_the_game_starts_its_clock_window_fonts_and_sound_but_no_joysticks(tmp_path: Path) -> None:
    """``pygame.init()`` would start the joysticks too, which the game never reads: on Windows that loads XInput,
    and wine's faulted at exit (``game.control.start_pygame``)."""
    script = """
import time
import pygame
import pygame._sdl2.controller
from ai import kernel
from game import app
from game.control import Control

def loop(self):
    time.sleep(0.05)
    print(pygame.time.get_ticks() > 0, pygame.display.get_surface() is not None, pygame.font.get_init(),
          self.sounds.available, pygame.joystick.get_init(), pygame._sdl2.controller.get_init())

kernel.start = lambda: None
Control.run = loop
assert app.run() == 0
"""
    assert started_app(tmp_path, script).split() == ["True", "True", "True", "True", "False", "False"]


# --- the smoke run needs nothing of the player's ----------------------------------------------------------------


def test_the_first_frame_waits_for_no_compiler_and_no_headless_tooling(tmp_path: Path) -> None:
    """numpy, numba and llvmlite are the kernel's, which loads them in the background (and the one-file
    executable unpacks them only then: tools/onefile_unpack.py); game.shots is the headless runs'."""
    env = dict(headless_linux_env(tmp_path), SDL_VIDEODRIVER="dummy", TOCHKI_KERNEL="off")
    done = subprocess.run([sys.executable, "-X", "importtime", str(ROOT / "main.py")], check=False, cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert {"game.app", "game.control", "pygame"} <= imported  # the whole start up to the first frame
    early = {name for name in imported
             if name.split(".")[0] in {"numpy", "numba", "llvmlite"} or name.startswith("game.shots")}
    assert early == set()


@pytest.mark.slow  # a whole smoke run in a process of its own (every scene, the pool, the master on the kernel)
def test_smoke_runs_from_anywhere_and_leaves_the_players_files_alone(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    player = tmp_path / "player"
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(player))
    preferences.save_settings(preferences.Settings(language="en"))
    unfinished.autosave_path().write_text("(;GM[40]SZ[9];B[zz])", encoding="utf-8")  # a broken autosave, too
    before = {p.relative_to(player): p.read_bytes() for p in player.rglob("*") if p.is_file()}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, TOCHKI_DATA_DIR=str(player), HOME=str(tmp_path / "no-home"))
    done = run_main("--smoke", env=env, cwd=elsewhere, timeout=300)  # a kernel not cached yet compiles for a minute
    assert done.returncode == 0, done.stderr
    assert "every scene ran" in done.stdout
    assert "compiled kernel" in done.stdout  # the master played on it, or the line says why not
    after = {p.relative_to(player): p.read_bytes() for p in player.rglob("*")
             if p.is_file() and p.parts[len(player.parts)] != "logs"}  # the log is the one thing it adds
    assert after == before
    assert list(elsewhere.iterdir()) == []


def test_the_zagram_sample_is_read_from_the_repository() -> None:
    assert headless.ZAGRAM.is_relative_to(ROOT / "assets")
    assert headless.other_program_record().startswith("(;")


# --- the screenshots ------------------------------------------------------------------------------------------------

NEW_SCREENSHOTS = ("play-zoomed", "play-zoomed-deepest", "play-refusal-zoomed", "play-loupe", "review-zoomed",
                   "review-zoomed-deepest", "review-analysis-stopped")
"""The pictures added for the zoom, a refusal in sight, the finger's loupe and a stopped analysis."""


@pytest.mark.slow  # screenshots in a process of their own
def test_screenshots_cover_the_zoom_a_refusal_the_loupe_and_a_stopped_analysis(tmp_path: Path) -> None:
    # Run apart, at one size (every size would take a minute): screenshots start and quit pygame.
    script = (
        "import sys\n"
        "from game.shots import pictures\n"
        f"pictures.screenshots({str(tmp_path)!r}, sizes=((1024, 600),))\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", script], check=False, cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert_no_crash(done.stderr)
    written = {p.name for p in tmp_path.iterdir()}
    for name in ("menu", "play-full", "review-zagram", "review-analysis", *NEW_SCREENSHOTS,  # the old names stay
                 "puzzles", "puzzle", "puzzle-hint", "puzzle-wrong", "puzzle-solved"):  # «Задачи» (issue 32)
        for suffix in ("", "-en"):
            assert f"{name}{suffix}-1024x600.png" in written, name

    def picture(name: str) -> pygame.Surface:
        return pygame.image.load(str(tmp_path / f"{name}-1024x600.png"))

    def differ(a: str, b: str) -> bool:
        first, second = picture(a), picture(b)
        return first.get_size() == second.get_size() and \
            pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(second, "RGB")

    # Each new picture shows something its plain scene does not: the board zoomed, deeper, a mark, the loupe.
    assert differ("play-zoomed", "play-full") and differ("play-zoomed-deepest", "play-zoomed")
    assert differ("play-refusal-zoomed", "play-zoomed") and differ("play-loupe", "play-full")
    assert differ("review-zoomed", "review-zagram") and differ("review-zoomed-deepest", "review-zoomed")
    assert differ("review-analysis-stopped", "review-analysis")


@pytest.mark.slow  # the screenshots' set-ups, each drawn
def test_the_pictures_show_what_their_names_say(pygame_session: object, data_dir: Path) -> None:
    """The set-ups themselves: zoomed by the ``+`` key, a refusal in sight, a finger held on a legal node."""
    control = Control((1024, 600))
    try:
        scenes = dict(setups.screenshot_scenes(control))
        for name in ("play-zoomed", "play-zoomed-deepest", "review-zoomed", "review-zoomed-deepest"):
            scenes[name]()
            top = control.stack.top
            assert isinstance(top, PlayScene | ReviewScene) and top.zoom.zoomed, name
            assert top.zoom.deepest is name.endswith("deepest"), name
        scenes["play-refusal-zoomed"]()
        play = control.stack.top
        assert isinstance(play, PlayScene) and play.refusal is not None
        assert play.refusal.key == "refusal.their_country"
        assert play.board.shows(*play.board.node_to_pixel(play.refusal.node))  # where the player can see it
        scenes["play-loupe"]()
        play = control.stack.top
        assert isinstance(play, PlayScene) and play.aim.finger_pos is not None and play.ghost_node() is not None
        scenes["review-analysis-stopped"]()
        review = control.stack.top
        assert isinstance(review, ReviewScene) and review.analysis is not None
        assert not review.analysis.running and not review.analysis.complete
        stopped = strings.t("review.analysis_stopped", k=len(review.analysis.moves), n=review.analysis.total)
        assert review._analysis_lines()[0][0] == stopped
    finally:
        control.stack.shutdown_all()
        control.stack.scenes.clear()
        strings.set_language(strings.DEFAULT_LANGUAGE)
