"""Measure the download: size of the one-folder and one-file builds, and time to the first frame.

Usage: ``python tools/build_bench.py [--runs 5] [--no-build] [--kernel] [--kernel-off]``.

Time to first frame is measured from launch to exit of the game run with
``TOCHKI_FIRST_FRAME_EXIT=1``, which makes it quit right after its first
``pygame.display.flip()``; the exit itself (for the one file, also removing what
it unpacked) adds a little, so the figure errs on the slow side. Runs are headless
(SDL dummy drivers), each with a fresh data folder: a player's very first launch
(the kernel starts loading only after the first frame, so it is not in the figure;
``--kernel-off`` switches it off all the same, for comparison). One
unmeasured round first warms the disk cache, as a player's second start would be;
its cold figures are printed too. The builds take turns within each round, so that
a busy machine's load falls on all of them alike: the ratio to the one-folder build
holds when the seconds do not. The CPU seconds beside them (the launch's and its
child processes', Unix only) depend little on the load.

With ``--kernel`` it also launches each build as a player would (headless) and
waits for the log's line that the master's compiled kernel is ready, timed from the
launch: on a very first launch (a fresh data folder and home folder, nothing cached
anywhere) the kernel the build shipped is copied into the data folder and loaded; on
the second (same folders) the data folder's copy is loaded. The line also says where
the kernel came from (``shipped``, ``cached``, ``compiled``). Until it is ready a
master's move waits for it. ``--kernel-runs`` pairs of launches each, medians printed.

It also prints how long each build took (PyInstaller, and the kernel's compile for
shipping within it) and how much of each build the shipped kernel is.

Targets: one-file ≤ 100 MB (issue 6 had 40 MB; the master's compiled kernel brings numba,
llvmlite's LLVM and numpy), first frame ≤ 2 s for both builds; with ``--kernel``, the
one-folder build's kernel ready ≤ 5 s after a first launch, from the kernel it ships.
Exits 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from build_check import ROOT, build, bundle_folder, dist_dir, executable_path, headless_env

sys.path.insert(0, str(ROOT))
from ai.kernel.cache import SHIPPED_FOLDER  # the folder the build ships the kernel in

MB = 1_000_000  # decimal megabytes, as download pages count them
ONEFILE_MAX_MB = 100.0
FIRST_FRAME_MAX_S = 2.0
FIRST_KERNEL_MAX_S = 5.0
RUN_TIMEOUT_S = 60.0
KERNEL_TIMEOUT_S = 300.0
KERNEL_READY = re.compile(r"the kernel is ready in ([0-9.]+) s \(([^;)]+)")
"""ai.kernel's log line: the seconds in its thread, and where it came from (``shipped``, ``cached``…)."""
KERNEL_FAILED = "the kernel could not load"
SHIPPED = "shipped"


def size_of(path: Path) -> int:
    """Bytes in a file, or in all files under a folder."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def children_cpu_seconds() -> float:
    """CPU seconds (user and system) of this process's finished children so far; 0 where unknown (Windows)."""
    try:
        import resource
    except ImportError:
        return 0.0
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


SHUTDOWN_CRASH = "at interpreter shutdown"
"""What Python says when it aborts while exiting: after the first frame, so the run still times it (and is
counted). A kernel thread that starts compiling in the game's own process as the game exits does that."""


def first_frame_seconds(command: list[str], kernel: bool = True) -> tuple[float, float, bool]:
    """Seconds from starting ``command`` to its exit after the first frame, the CPU seconds it used, and
    whether it crashed while exiting."""
    with tempfile.TemporaryDirectory(prefix="tochki-bench-") as tmp:
        env = headless_env(Path(tmp), TOCHKI_FIRST_FRAME_EXIT="1", **({} if kernel else {"TOCHKI_KERNEL": "off"}))
        cpu = children_cpu_seconds()
        started = time.perf_counter()
        try:
            result = subprocess.run(command, check=False, env=env, cwd=ROOT, timeout=RUN_TIMEOUT_S,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"{command[0]} ran {RUN_TIMEOUT_S:.0f} s: does the game honour "
                               "TOCHKI_FIRST_FRAME_EXIT=1?") from None
        elapsed = time.perf_counter() - started
        cpu = children_cpu_seconds() - cpu
    said = result.stderr.decode(errors="replace")
    if result.returncode != 0 and SHUTDOWN_CRASH not in said:
        raise RuntimeError(f"{command[0]} exited with {result.returncode}: {said}")
    return elapsed, cpu, result.returncode != 0


def time_runs(commands: dict[str, list[str]], runs: int, kernel: bool = True) -> dict[str, float]:
    """Print each command's cold and warm times to the first frame, the commands taking turns in each
    round, and each one's ratio to the first; return the warm medians by label."""
    cold = {label: first_frame_seconds(command, kernel) for label, command in commands.items()}
    warm: dict[str, list[tuple[float, float, bool]]] = {label: [] for label in commands}
    for _ in range(runs):
        for label, command in commands.items():
            warm[label].append(first_frame_seconds(command, kernel))
    medians = {label: statistics.median(wall for wall, _cpu, _crash in times) for label, times in warm.items()}
    first = next(iter(medians.values()))
    for label, times in warm.items():
        spread = ", ".join(f"{wall:.2f}" for wall, _cpu, _crash in times)
        cpu = statistics.median(cpu for _wall, cpu, _crash in times)
        crashes = sum(crash for _wall, _cpu, crash in (*times, cold[label]))
        print(f"first frame, {label}: median {medians[label]:.2f} s over {runs} runs ({spread}), "
              f"{medians[label] / first:.2f}× the first; CPU {cpu:.2f} s; cold start {cold[label][0]:.2f} s"
              + (f"; {crashes} of {runs + 1} crashed while exiting" if crashes else ""), flush=True)
    return medians


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes), where the system tells them."""
    try:
        return ", ".join(f"{value:.1f}" for value in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def empty_home_env(data_dir: Path) -> dict[str, str]:
    """The headless environment with ``data_dir`` as the data folder and a home folder of its own beside it:
    nothing a player's machine would not have on a very first launch (no numba cache under ``~/.cache``)."""
    home = data_dir / "home"
    home.mkdir(parents=True, exist_ok=True)
    env = {name: value for name, value in headless_env(data_dir).items()
           if not name.startswith(("XDG_", "NUMBA_", "TOCHKI_KERNEL"))}
    env.update(HOME=str(home), USERPROFILE=str(home), APPDATA=str(home / "AppData" / "Roaming"),
               LOCALAPPDATA=str(home / "AppData" / "Local"))
    return env


def kernel_ready_seconds(command: list[str], data_dir: Path) -> tuple[float, float, str]:
    """Launch the game with ``data_dir`` as its data folder (and home), wait for its log to say the kernel is
    ready, and close it: seconds from launch, the seconds the log gives (from the kernel's start), and where
    the log says the kernel came from."""
    shutil.rmtree(data_dir / "logs", ignore_errors=True)  # the last launch's lines; the cache stays
    started = time.perf_counter()
    process = subprocess.Popen(command, env=empty_home_env(data_dir), cwd=data_dir,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - started < KERNEL_TIMEOUT_S:
            text = "".join(f.read_text(encoding="utf-8", errors="replace") for f in data_dir.glob("logs/*.log"))
            if found := KERNEL_READY.search(text):
                return time.perf_counter() - started, float(found.group(1)), found.group(2).strip()
            if KERNEL_FAILED in text or process.poll() is not None:
                raise RuntimeError(f"{command[0]}: no kernel (exit code {process.poll()}):\n{text}")
            time.sleep(0.05)
        raise RuntimeError(f"{command[0]}: the kernel was not ready after {KERNEL_TIMEOUT_S:.0f} s")
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def time_kernel(label: str, command: list[str], runs: int) -> tuple[float, list[str]]:
    """Print how long a first and a second launch take until the kernel is ready, ``runs`` pairs each in fresh
    folders, and their medians; the first launches' median and where their kernels came from."""
    seconds: dict[str, list[float]] = {"first": [], "second": []}
    origins: list[str] = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="tochki-bench-kernel-") as tmp:
            for launch in ("first", "second"):
                wall, logged, origin = kernel_ready_seconds(command, Path(tmp))
                seconds[launch].append(wall)
                if launch == "first":
                    origins.append(origin)
                print(f"kernel ready, {label}, {launch} launch: {wall:.1f} s after launch "
                      f"({logged:.1f} s in its thread; {origin})", flush=True)
    for launch, walls in seconds.items():
        print(f"kernel ready, {label}, {launch} launch: median {statistics.median(walls):.1f} s after launch over "
              f"{runs} ({', '.join(f'{wall:.1f}' for wall in walls)})", flush=True)
    return statistics.median(seconds["first"]), origins


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per build (default 5)")
    parser.add_argument("--no-build", action="store_true", help="measure the builds already in dist/")
    parser.add_argument("--kernel", action="store_true",
                        help="also time the compiled kernel's readiness on a first and a second launch")
    parser.add_argument("--kernel-runs", type=int, default=3,
                        help="pairs of first and second launches per build with --kernel (default 3)")
    parser.add_argument("--kernel-off", action="store_true",
                        help="time the first frame with the kernel switched off (TOCHKI_KERNEL=off), for comparison")
    args = parser.parse_args(argv)

    if not args.no_build:
        for onefile, label in ((False, "one folder"), (True, "one file")):
            print(f"build, {label}: {build(onefile=onefile):.0f} s, the kernel's compile for shipping included",
                  flush=True)

    onedir_mb = size_of(dist_dir(False) / "tochki-strany") / MB
    onefile_mb = size_of(executable_path(True)) / MB
    shipped = [path for path in (bundle_folder() / SHIPPED_FOLDER).rglob("*") if path.is_file()]
    kernel_mb = sum(path.stat().st_size for path in shipped) / MB
    kernel_packed_mb = sum(len(zlib.compress(path.read_bytes(), zlib.Z_BEST_COMPRESSION)) for path in shipped) / MB
    print(f"size, one folder: {onedir_mb:.1f} MB, of which the shipped kernel {kernel_mb:.1f} MB")
    print(f"size, one file:   {onefile_mb:.1f} MB (target ≤ {ONEFILE_MAX_MB:.0f} MB), of which the shipped kernel "
          f"about {kernel_packed_mb:.1f} MB (compressed as PyInstaller does)")

    print(f"first frame with the kernel {'off' if args.kernel_off else 'on'}, load average before: {load()}")
    medians = time_runs({"one folder": [str(executable_path(False))], "one file": [str(executable_path(True))],
                         "from source": [sys.executable, str(ROOT / "main.py")]}, args.runs, not args.kernel_off)
    print(f"load average after: {load()}")

    missed = []
    if args.kernel:
        # numba's default cache, beside the bundled sources, would make the first launch a second one.
        shutil.rmtree(bundle_folder() / "ai" / "kernel" / "__pycache__", ignore_errors=True)
        first, origins = time_kernel("one folder", [str(executable_path(False))], args.kernel_runs)
        time_kernel("one file", [str(executable_path(True))], args.kernel_runs)
        if first > FIRST_KERNEL_MAX_S:
            missed.append(f"one-folder kernel ready {first:.1f} s after a first launch > {FIRST_KERNEL_MAX_S:.0f} s")
        if any(origin != SHIPPED for origin in origins):
            missed.append(f"one-folder first launches did not load the shipped kernel: {', '.join(origins)}")

    if onefile_mb > ONEFILE_MAX_MB:
        missed.append(f"one-file size {onefile_mb:.1f} MB > {ONEFILE_MAX_MB:.0f} MB")
    for label in ("one folder", "one file"):
        if medians[label] > FIRST_FRAME_MAX_S:
            missed.append(f"{label} first frame {medians[label]:.2f} s > {FIRST_FRAME_MAX_S:.0f} s")
    for line in missed:
        print(f"target missed: {line}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
