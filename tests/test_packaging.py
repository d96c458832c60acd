"""Packaging without building: asset and data paths, the crash guard, the icon files, the build recipe.

The real PyInstaller build is slow and lives in ``tools/build_check.py``; these
tests check the pieces it relies on in a fraction of a second.
"""

from __future__ import annotations

import faulthandler
import logging
import struct
import sys
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import platformdirs
import pygame
import pytest

from game.storage import crash, paths

ROOT = Path(__file__).resolve().parent.parent
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# --- asset_path and user_data_dir -------------------------------------------------------------------------------


def test_asset_path_from_source_finds_the_repository_assets() -> None:
    font = paths.asset_path("fonts", "DejaVuSans.ttf")
    assert font == ROOT / "assets" / "fonts" / "DejaVuSans.ttf"
    assert font.is_file()


def test_asset_path_in_a_frozen_bundle_uses_meipass(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.asset_path("icon.png") == tmp_path / "assets" / "icon.png"
    assert paths.asset_path("fonts", "DejaVuSans.ttf") == tmp_path / "assets" / "fonts" / "DejaVuSans.ttf"


def test_asset_path_frozen_without_meipass_uses_the_executable_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "tochki-strany"))
    assert paths.asset_path("icon.png") == tmp_path.resolve() / "assets" / "icon.png"


def test_user_data_dir_honours_the_override_and_creates_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / "nested" / "data"
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(target))
    assert paths.user_data_dir() == target
    assert target.is_dir()


def test_user_data_dir_defaults_to_the_platform_folder_for_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    asked: list[tuple[Any, ...]] = []

    def fake_user_data_dir(*args: Any, **kwargs: Any) -> str:
        asked.append((args, kwargs))
        return str(tmp_path / "platform")

    monkeypatch.delenv(paths.DATA_DIR_ENV, raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", fake_user_data_dir)
    assert paths.user_data_dir() == tmp_path / "platform"
    assert (tmp_path / "platform").is_dir()
    assert asked == [(("tochki-strany",), {"appauthor": False})]


# --- install_logging and run_guarded ------------------------------------------------------------------------------


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


def read_log(data_dir: Path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
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
    assert "CRITICAL game.storage.crash: The game crashed" in text
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


# --- the icon and the build recipe ------------------------------------------------------------------------------


def test_icon_ico_holds_png_images_of_the_promised_sizes() -> None:
    data = (ROOT / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert width == height and planes == 1 and bits == 32
        assert data[offset:offset + 8] == PNG_SIGNATURE
        assert offset + length <= len(data)
        sizes.append(width or 256)
    assert sizes == [16, 32, 48, 256]


def test_icon_icns_and_png_are_well_formed() -> None:
    icns = (ROOT / "assets" / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    assert (ROOT / "assets" / "icon.png").read_bytes()[:8] == PNG_SIGNATURE


class _Recorder:
    """Stands in for one of PyInstaller's build steps, remembering what the recipe asked for."""

    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        _Recorder.calls.append((self.kind, args, kwargs))
        step = type(self.kind, (), {})()
        step.pure = step.scripts = step.binaries = step.datas = []
        return step


def run_spec(monkeypatch: pytest.MonkeyPatch, onefile: bool) -> dict[str, dict[str, Any]]:
    """Execute build.spec with PyInstaller's steps replaced by recorders; the keyword arguments of each step."""
    # PyInstaller ships no type information.
    import PyInstaller.building.api  # type: ignore[import-untyped]
    import PyInstaller.building.build_main  # type: ignore[import-untyped]
    import PyInstaller.building.osx  # type: ignore[import-untyped]
    import PyInstaller.utils.hooks  # type: ignore[import-untyped]

    for module, kind in ((PyInstaller.building.build_main, "Analysis"), (PyInstaller.building.api, "PYZ"),
                         (PyInstaller.building.api, "EXE"), (PyInstaller.building.api, "COLLECT"),
                         (PyInstaller.building.osx, "BUNDLE")):
        monkeypatch.setattr(module, kind, _Recorder(kind))
    monkeypatch.setattr(PyInstaller.utils.hooks, "collect_submodules", lambda package: [f"{package}.stub"])
    monkeypatch.setenv("TOCHKI_ONEFILE", "1" if onefile else "0")
    _Recorder.calls = []
    namespace: dict[str, Any] = {"SPECPATH": str(ROOT), "__name__": "__main__"}
    code = compile((ROOT / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec")
    exec(code, namespace)  # noqa: S102 — running the recipe is what PyInstaller does with it
    return {kind: kwargs for kind, _, kwargs in _Recorder.calls}


def test_build_spec_one_folder_bundles_the_assets_and_names_the_program(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = run_spec(monkeypatch, onefile=False)
    analysis = steps["Analysis"]
    bundled = {(Path(src).relative_to(ROOT).as_posix(), dest.replace("\\", "/")) for src, dest in analysis["datas"]}
    assert ("assets/icon.png", "assets") in bundled
    assert ("assets/fonts/DejaVuSans.ttf", "assets/fonts") in bundled
    assert ("assets/samples/zagram-352562.sgf", "assets/samples") in bundled  # the sample record the game opens
    assert not any(src.endswith(".py") for src, _ in bundled)
    assert {"tkinter", "numpy", "unittest", "pytest", "hypothesis", "pydoc"} <= set(analysis["excludes"])
    assert {"engine.stub", "ai.stub", "game.stub"} <= set(analysis["hiddenimports"])
    assert steps["EXE"]["name"] == "tochki-strany"
    assert steps["EXE"]["console"] is False
    assert steps["EXE"]["exclude_binaries"] is True
    assert steps["COLLECT"]["name"] == "tochki-strany"


def test_build_spec_one_file_is_a_single_executable(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = run_spec(monkeypatch, onefile=True)
    assert "COLLECT" not in steps and "BUNDLE" not in steps
    assert steps["EXE"]["name"] == "tochki-strany"
    assert not steps["EXE"].get("exclude_binaries", False)
