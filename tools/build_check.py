"""Build the executable with PyInstaller and run it once with ``--smoke``: does the download work?

Usage, from anywhere, with the project's requirements installed in the Python
that runs it::

    python tools/build_check.py             # one-folder build into dist/tochki-strany/
    python tools/build_check.py --onefile   # one-file build into dist/onefile/
    python tools/build_check.py --no-build  # smoke-run what is already in dist/

Exits 0 when both the build and the smoke run succeed, non-zero otherwise. The
run uses SDL's dummy video and audio drivers, so it needs no screen, and a
throw-away data folder, so it leaves no autosave or log in the home folder. A
windowed build prints nothing when it fails, so the game's log is shown instead.
The smoke run's line must also say that the master thought in two threads
(``game.shots.smoke.smoke_master``);
and that the master then played on the compiled kernel (``ai.kernel``) the build shipped,
compiling nothing (the throw-away folder starts empty, as on a player's first launch):
numba, llvmlite, the kernel's sources and its compiled cache must all be in the bundle
for that. On Windows the one-folder bundle must also carry every DLL the kernel's
binaries import that Windows itself lacks (``tools/windows_dlls.py``).

The helpers here are also used by ``tools/build_bench.py``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"
EXE_NAME = "tochki-strany"
APP_NAME = "Точки — страны"  # the macOS bundle, as build.spec names it
SMOKE_TIMEOUT_S = 420.0
"""The smoke run loads the shipped kernel in seconds; a build without it would compile (30–90 s on two
busy cores) and fail the check, but should still be told apart from a hung run."""
SMOKE_PARALLEL = "the master thought on 2 cores"
"""What the smoke run's line says when the master searched in two threads."""
SMOKE_KERNEL = "the master played on the compiled kernel, shipped with the game: nothing was compiled"
"""What the smoke run's line says when the master's move came from the compiled kernel the build shipped
(else it says where the kernel came from, or why it did not play, with ``ai.kernel.status()``)."""


def dist_dir(onefile: bool) -> Path:
    """Where a build lands: one-file apart, because its file has the one-folder folder's name."""
    return ROOT / "dist" / "onefile" if onefile else ROOT / "dist"


def executable_path(onefile: bool) -> Path:
    """The built executable: the file itself, or the one inside the folder (on macOS, inside the .app)."""
    name = EXE_NAME + (".exe" if sys.platform == "win32" else "")
    if onefile:
        return dist_dir(True) / name
    if sys.platform == "darwin":
        return dist_dir(False) / f"{APP_NAME}.app" / "Contents" / "MacOS" / name  # what players get there
    return dist_dir(False) / EXE_NAME / name


def build(onefile: bool) -> float:
    """Run PyInstaller on build.spec (which compiles the kernel to ship, too); the seconds it took.
    Raises ``CalledProcessError`` if it fails."""
    if not (ROOT / "main.py").is_file():
        raise FileNotFoundError(f"{ROOT / 'main.py'} is missing: nothing to build")
    env = dict(os.environ, TOCHKI_ONEFILE="1" if onefile else "0")
    mode = "onefile" if onefile else "onedir"
    command = [
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
        "--distpath", str(dist_dir(onefile)),
        "--workpath", str(ROOT / "build" / mode),  # separate caches: switching modes rebuilds nothing
        str(SPEC),
    ]
    print(f"build_check: building {mode} …", flush=True)
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, check=True)
    seconds = time.perf_counter() - started
    print(f"build_check: built {executable_path(onefile)} in {seconds:.0f} s", flush=True)
    return seconds


def headless_env(data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment for running the game without a screen, keeping its files in ``data_dir``."""
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TOCHKI_DATA_DIR=str(data_dir),
                **extra)


def show_logs(data_dir: Path) -> None:
    """Print the game's log files from ``data_dir``, if it wrote any."""
    for log_file in sorted((data_dir / "logs").glob("*.log")):
        text = log_file.read_text(encoding="utf-8", errors="replace").strip()
        if text:
            print(f"--- {log_file.name} ---\n{text}", flush=True)


def smoke(executable: Path, timeout: float = SMOKE_TIMEOUT_S) -> int:
    """Run ``executable --smoke`` headless; 0 if it exited with 0 in time and its master thought on
    several cores and played on the compiled kernel, else 1."""
    if not executable.is_file():
        print(f"build_check: no executable at {executable}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="tochki-smoke-") as tmp:
        data_dir = Path(tmp)
        started = time.perf_counter()
        try:
            result = subprocess.run([str(executable), "--smoke"], check=False, env=headless_env(data_dir), timeout=timeout,
                                    stdout=subprocess.PIPE, text=True, encoding="utf-8", errors="replace")
        except subprocess.TimeoutExpired:
            print(f"build_check: smoke run still going after {timeout:.0f} s", file=sys.stderr)
            show_logs(data_dir)
            return 1
        elapsed = time.perf_counter() - started
        print(result.stdout, end="", flush=True)
        if result.returncode != 0:
            print(f"build_check: smoke run failed with exit code {result.returncode}", file=sys.stderr)
            show_logs(data_dir)
            return 1
        # A windowed build on Windows may have no stdout of its own: its line then went to the log.
        logs = "".join(f.read_text(encoding="utf-8", errors="replace") for f in (data_dir / "logs").glob("*.log"))
        if SMOKE_PARALLEL not in result.stdout + logs:
            print(f"build_check: the smoke run's master did not think in two threads "
                  f"(no {SMOKE_PARALLEL!r} in its line)", file=sys.stderr)
            show_logs(data_dir)
            return 1
        if SMOKE_KERNEL not in result.stdout + logs:
            print(f"build_check: the smoke run's master did not play on the compiled kernel the build shipped "
                  f"(no {SMOKE_KERNEL!r} in its line)", file=sys.stderr)
            show_logs(data_dir)
            return 1
    print(f"build_check: smoke run passed in {elapsed:.1f} s", flush=True)
    return 0


def bundle_folder() -> Path:
    """The one-folder build's folder of libraries and data (``_internal``, beside the executable)."""
    return executable_path(False).parent / "_internal"


def check_windows_dlls(bundle: Path, system: Path | None = None) -> int:
    """0 when every DLL the kernel's binaries in ``bundle`` import is there or Windows' own, else 1 (and why).

    The smoke run cannot tell: a runner, like many players' machines, has the Visual C++ runtime installed.
    """
    sys.path.insert(0, str(ROOT))
    from tools import windows_dlls

    if not bundle.is_dir():
        print(f"build_check: no bundle folder at {bundle}", file=sys.stderr)
        return 1
    problems = windows_dlls.missing(bundle, system or windows_dlls.system_folder())
    for problem in problems:
        print(f"build_check: {problem}", file=sys.stderr)
    if problems:
        return 1
    print("build_check: the bundle carries every DLL the kernel needs", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="build and run the one-file executable")
    parser.add_argument("--no-build", action="store_true", help="smoke-run the existing build only")
    args = parser.parse_args(argv)
    if not args.no_build:
        try:
            build(args.onefile)
        except (subprocess.CalledProcessError, FileNotFoundError) as exc:
            print(f"build_check: build failed: {exc}", file=sys.stderr)
            return 1
    if sys.platform == "win32" and not args.onefile and check_windows_dlls(bundle_folder()):
        return 1
    return smoke(executable_path(args.onefile))


if __name__ == "__main__":
    raise SystemExit(main())
