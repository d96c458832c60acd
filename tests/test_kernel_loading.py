"""The kernel's loader: a cache that heals, a shipped cache, and what it says while it works.

Each case runs a fresh Python process, as a game's start is, on a copy of a finished cache.
Where a case needs a compile, the compiling child's work is one of ``tests/kernel_children.py``
(copying the finished cache in a moment, or being killed); the slow tests compile for real.
"""

from __future__ import annotations

import ast
import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from ai import kernel
from ai.kernel import cache
from tests import kernel_children

ROOT = Path(__file__).resolve().parents[1]
COPY = shutil.copyfile
"""How these tests copy a cache, as ``ai.kernel.cache.install`` does: contents only. (``copytree``'s default,
``copy2``, calls ``CopyFile2`` on Windows, which wine 8 lacks: the run under wine would abort.)"""

pytestmark = pytest.mark.skipif(kernel.switched_off(), reason=f"{kernel.SWITCH_ENV} keeps the kernel off")

NET_SECONDS = 900.0
"""How long a started game may take to make its kernel ready: far beyond a compile on the slowest machine."""


@pytest.fixture(scope="module")
def finished() -> Path:
    """This run's own finished cache (the test session loads the kernel before any of these tests)."""
    assert kernel.wait(NET_SECONDS), kernel.status()
    folder = Path(os.environ["NUMBA_CACHE_DIR"])  # set by ai.kernel.jit
    if not (folder / kernel.COMPLETE).is_file():
        pytest.skip("this run's kernel is not cached")
    return folder


_GAME = """
    {prelude}
    import logging, sys
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    from pathlib import Path
    from ai import kernel
    from tests import kernel_children
    work = {work!r}
    if work:
        kernel._compile_child = getattr(kernel_children, work)  # the child's work, pickled by name
    print("progress at first:", getattr(kernel, "progress", lambda: "none before this loader")())
    ready = kernel.wait({net})
    print("status:", kernel.status())
    if ready:
        from ai import think
        from engine import Game
        game = Game(9, 9)
        for point in ((4, 4), (4, 5), (3, 4)):
            game.play(point)
        print("kernel:", think(game, "master", seconds=0.1, seed=1).kernel)
"""


def _environment(cache_root: Path, tmp_path: Path, finished: Path | None, **extra: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), cache.CACHE_ENV: str(cache_root),
           kernel_children.MARKER_ENV: str(tmp_path / "marker"), **extra}
    if finished is not None:
        env[kernel_children.FINISHED_ENV] = str(finished)
    return env


def _start_game(cache_root: Path, tmp_path: Path, finished: Path | None, work: str = "", *,
                cwd: Path = ROOT, prelude: str = "", **extra: str) -> str:
    """A game's start (the kernel loaded, the master asked once) in a process of its own; its output."""
    code = textwrap.dedent(_GAME.format(work=work, net=NET_SECONDS, prelude=prelude))
    done = subprocess.run([sys.executable, "-c", code],
                          cwd=cwd, env=_environment(cache_root, tmp_path, finished, **extra),
                          capture_output=True, text=True, timeout=NET_SECONDS + 120)
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


def _copy_finished(finished: Path, root: Path) -> Path:
    folder = root / finished.name
    shutil.copytree(finished, folder, copy_function=COPY)
    return folder


def _cut_code(folder: Path) -> None:
    for path in folder.rglob("*.nbc"):
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _garble_indexes(folder: Path) -> None:
    noise = random.Random(28)
    for path in folder.rglob("*.nbi"):
        path.write_bytes(noise.randbytes(path.stat().st_size))


def _empty_one_code_file(folder: Path) -> None:
    sorted(folder.rglob("*.nbc"))[0].write_bytes(b"")
    (folder / kernel.COMPLETE).unlink()


def test_a_finished_cache_loads_as_the_players_own(finished: Path, tmp_path: Path) -> None:
    _copy_finished(finished, tmp_path / "cache")
    out = _start_game(tmp_path / "cache", tmp_path, finished, "killed")  # a compile would fail
    assert "status: ready (cached)" in out and "kernel: True" in out
    assert "progress at first: None" in out


@pytest.mark.parametrize("damage", [_cut_code, _garble_indexes], ids=["code cut in half", "indexes garbled"])
def test_a_damaged_finished_cache_is_removed_and_compiled_again(finished: Path, tmp_path: Path,
                                                                damage: object) -> None:
    folder = _copy_finished(finished, tmp_path / "cache")
    damage(folder)  # type: ignore[operator]
    out = _start_game(tmp_path / "cache", tmp_path, finished, "finish")
    assert "status: ready (compiled)" in out and "kernel: True" in out, out
    assert "it is removed and compiled again" in out  # the log says what happened
    assert (tmp_path / "marker").read_text(encoding="utf-8") == "finished\n"  # compiled once
    assert cache.is_complete(folder)
    # ... and the next start loads what that compile left.
    assert "status: ready (cached)" in _start_game(tmp_path / "cache", tmp_path, finished, "killed")


def test_a_killed_compiling_child_is_started_again(finished: Path, tmp_path: Path) -> None:
    out = _start_game(tmp_path / "cache", tmp_path, finished, "killed_first")
    assert "status: ready (compiled)" in out and "kernel: True" in out, out
    assert (tmp_path / "marker").read_text(encoding="utf-8") == "killed\nfinished\n"
    # Windows has no signals: a process killed from outside exits with the code its killer gave (15 here).
    assert "stopped by signal" in out if os.name == "posix" else "exit 15" in out


def test_a_child_ended_while_the_game_closes_is_not_started_again(tmp_path: Path) -> None:
    kernel._closing.set()
    try:
        with pytest.raises(kernel.CompileStopped):
            kernel._compile_aside(tmp_path / "cache", work=kernel_children.killed)
    finally:
        kernel._closing.clear()


class _EndedChild:
    """A compiling child as multiprocessing leaves it when the game closes mid-compile: ended by SIGTERM."""

    exitcode: int | None = -15

    def __init__(self, **_: object) -> None:
        pass

    def start(self) -> None:
        pass

    def join(self, timeout: float | None = None) -> None:
        pass

    def is_alive(self) -> bool:
        return False


class _Spawn:
    Process = _EndedChild


def test_a_compile_stopped_by_closing_is_not_done_again_in_the_games_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Compiling in the closing process's daemon thread aborted the interpreter now and then (exit -6).
    import threading

    monkeypatch.setattr(kernel.multiprocessing, "get_context", lambda _: _Spawn)
    monkeypatch.setattr(kernel, "_closing", threading.Event())
    kernel._closing.set()
    monkeypatch.setattr(kernel, "_bring_in", lambda: kernel._compile_aside(tmp_path) or "compiled")
    monkeypatch.setattr(kernel, "_done", threading.Event())
    monkeypatch.setattr(kernel, "_state", "loading")
    kernel._load()
    assert kernel.status().startswith("failed: CompileStopped")  # so ready() says no: the master cannot play compiled


def test_children_that_fail_leave_the_compile_to_this_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    class Failed(_EndedChild):
        exitcode = 1
        started: list[str] = []

        def start(self) -> None:
            self.started.append("child")

    class Spawn:
        Process = Failed

    (tmp_path / "cache").mkdir()
    monkeypatch.setattr(kernel.multiprocessing, "get_context", lambda _: Spawn)
    with caplog.at_level("WARNING", logger=kernel.__name__):
        kernel._compile_aside(tmp_path / "cache")  # returns: _bring_in goes on to compile here
    assert Failed.started == ["child"] * kernel.COMPILE_TRIES
    assert "the cache" in caplog.text and not (tmp_path / "cache").exists()  # a damaged cache goes first
    assert "compiled in the game's own process instead" in caplog.text


def test_a_child_that_never_ends_is_stopped_by_the_games_exit(tmp_path: Path) -> None:
    """The closing flag is set by the game's exit, before multiprocessing stops its children."""
    script = f"""
        import sys, time
        from pathlib import Path
        from ai import kernel
        from tests import kernel_children
        kernel._compile_child = kernel_children.endless
        kernel.start()
        marker = Path({str(tmp_path / "marker")!r})
        while not marker.exists():
            time.sleep(0.05)
        sys.exit(0)
    """
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], cwd=ROOT,
                          env=_environment(tmp_path / "cache", tmp_path, None),
                          capture_output=True, text=True, timeout=NET_SECONDS)
    assert done.returncode == 0, done.stderr
    assert "stopped by signal" not in done.stderr  # not taken for a child killed beside a running game


def _ended(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")  # a zombie has ended; only its parent (here, maybe no one) reaps it


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or not hasattr(signal, "SIGKILL"),
                    reason="reads processes from /proc")
def test_the_compiling_child_ends_when_the_game_is_killed(tmp_path: Path) -> None:
    game = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent("""
            from ai import kernel
            from tests import kernel_children
            kernel._compile_child = kernel_children.endless
            kernel.start()
            kernel.wait()
        """)],
        cwd=ROOT, env=_environment(tmp_path / "cache", tmp_path, None), stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    marker = tmp_path / "marker"
    try:
        deadline = time.monotonic() + NET_SECONDS
        while not marker.exists() or not marker.read_text(encoding="utf-8").strip():
            assert game.poll() is None and time.monotonic() < deadline, "the compiling child never started"
            time.sleep(0.05)
        child = int(marker.read_text(encoding="utf-8"))
    finally:
        game.kill()
        game.wait()
    deadline = time.monotonic() + NET_SECONDS
    while not _ended(child):
        if time.monotonic() > deadline:
            os.kill(child, signal.SIGKILL)
            pytest.fail("the compiling child went on after the game was killed")
        time.sleep(0.05)


def test_numba_caches_the_kernel_in_its_hash_folder_and_nowhere_else(tmp_path: Path) -> None:
    """Its folder is written to directly and the index is stamped with the sources' hash; where it cannot
    be written numba has no other place (no ``__pycache__`` beside the sources, no ``~/.cache/numba``)."""
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder\n", encoding="utf-8")
    script = """
        import sys
        from ai.kernel import cache, jit
        from numba.core.caching import FunctionCache
        print("caching:", getattr(jit, "caching", "always"))
        def where(function):
            try:
                found = FunctionCache(function)
            except RuntimeError as error:
                return f"nowhere ({error})"
            return f"{found.cache_path} stamped {found._impl.locator.get_source_stamp()}"
        print("kernel:", where(cache.cache_folder))
        import engine.about
        print("elsewhere:", where(engine.about._project))
        print("folder:", cache.cache_folder(), "key:", cache.source_key())
    """

    def run(cache_root: Path) -> dict[str, str]:
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], cwd=ROOT,
                              env=_environment(cache_root, tmp_path, None, HOME=str(blocked)),
                              capture_output=True, text=True, timeout=NET_SECONDS)
        assert done.returncode == 0, done.stderr
        return dict(line.split(": ", 1) for line in done.stdout.splitlines())

    usable = run(tmp_path / "cache")
    folder, key = usable["folder"].split(" key: ")
    assert usable["caching"] == "True" and usable["kernel"] == f"{folder} stamped {key}"
    assert usable["elsewhere"].startswith("nowhere")
    unwritable = run(blocked / "cache")
    assert unwritable["caching"] == "False" and unwritable["kernel"].startswith("nowhere")
    assert not (cache.SOURCES / "__pycache__" / "numba").exists()


def test_an_unwritable_cache_folder_is_replaced_by_a_temporary_one(finished: Path, tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder\n", encoding="utf-8")
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    out = _start_game(blocked / "cache", tmp_path, finished, "finish", TMPDIR=str(temporary))
    assert "status: ready (compiled)" in out and "kernel: True" in out, out
    assert "cannot be written: it is cached in" in out
    assert not list(temporary.iterdir())  # removed as the game ended


def test_the_compile_reports_its_progress(finished: Path, tmp_path: Path) -> None:
    script = f"""
        import time
        from pathlib import Path
        from ai import kernel
        from tests import kernel_children
        kernel._compile_child = kernel_children.half_then_finish
        kernel.start()
        marker = Path({str(tmp_path / "marker")!r})
        while not marker.exists():
            time.sleep(0.05)
        print("half:", kernel.status(), kernel.progress())
        Path({str(tmp_path / "go")!r}).touch()
        print("ready:", kernel.wait(), kernel.status(), kernel.progress())
    """
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], cwd=ROOT,
                          env=_environment(tmp_path / "cache", tmp_path, finished,
                                           **{kernel_children.GO_ENV: str(tmp_path / "go")}),
                          capture_output=True, text=True, timeout=NET_SECONDS)
    assert done.returncode == 0, done.stderr
    half = cache.cached_functions() // 2 / cache.cached_functions()
    assert f"half: compiling {half}" in done.stdout
    assert "ready: True ready (compiled) 1.0" in done.stdout


def test_a_finished_cache_holds_each_cached_function_once(finished: Path) -> None:
    """The count progress() measures against, read from the sources, is what a compile leaves."""
    indexes = sum(1 for path in finished.glob("*.nbi") if cache.of_cached_source(path))
    assert indexes == cache.code_files(finished) == cache.cached_functions() > 0


def test_the_ladders_press_is_compiled_only_where_their_read_is_on(finished: Path) -> None:
    """``ai.kernel.cache`` reads ``read.LADDERS`` from its source text (it imports no numba): the two agree, and
    with the ladders off the game's kernel never imports the press, so a first launch does not compile it."""
    from ai.kernel import read

    assert (cache.LADDERS_SOURCE in cache.cached_sources()) is read.LADDERS
    script = """
        import sys
        from ai.kernel import warm
        warm.compile_all()
        print("press imported:", "ai.kernel.lifeline" in sys.modules)
    """
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], cwd=ROOT, capture_output=True, text=True,
                          timeout=NET_SECONDS)
    assert done.returncode == 0, done.stderr
    assert f"press imported: {read.LADDERS}" in done.stdout


def _kernel_imports(text: str) -> set[str]:
    """The kernel modules a module's own top level imports (an import inside a function binds nothing there)."""
    names = set()
    for statement in ast.parse(text).body:
        if isinstance(statement, ast.ImportFrom) and statement.module == "ai.kernel":
            names |= {alias.name for alias in statement.names}
        elif isinstance(statement, ast.ImportFrom) and (statement.module or "").startswith("ai.kernel."):
            names.add(statement.module.rsplit(".", 1)[1])
    return names


def test_a_damaged_cache_forgets_every_module_that_holds_its_functions() -> None:
    """Before a damaged cache is loaded again, ``_forget_kernel`` drops each kernel module that compiles functions,
    and each that imports one of those: a module left behind would keep the functions of the cache just removed."""
    sources = {path.stem: path.read_text(encoding="utf-8") for path in cache.SOURCES.glob("*.py")}
    holding = {name for name, text in sources.items() if "@njit(" in text and name != "jit"}
    while more := {name for name, text in sources.items() if _kernel_imports(text) & holding} - holding:
        holding |= more
    assert {"captures", "rules", "uct", "read", "master", "warm"} <= holding
    assert {f"ai.kernel.{name}" for name in holding} <= set(kernel._KERNEL_MODULES)


def test_no_test_that_runs_beside_the_kernels_load_parses_python() -> None:
    """What ``conftest.KERNEL_FREE`` says of its modules: none parses Python with ``ast`` (a parse beside the
    kernel's load failed on CI in ``test_game_imports``)."""
    from tests.conftest import KERNEL_FREE

    parsing = [name for name in KERNEL_FREE
               if "import ast" in (ROOT / "tests" / f"{name}.py").read_text(encoding="utf-8")]
    assert not parsing


def _moved_sources(tmp_path: Path) -> Path:
    """The game's sources copied elsewhere, every file stamped with another time (as an unzip, or a one-file
    build's unpacking at each launch, leaves them)."""
    moved = tmp_path / "bundle"
    for part in ("ai", "engine"):
        shutil.copytree(ROOT / part, moved / part, ignore=shutil.ignore_patterns("__pycache__"), copy_function=COPY)
    (moved / "tests").mkdir()
    for name in ("pyproject.toml", "tests/kernel_children.py"):
        shutil.copyfile(ROOT / name, moved / name)
    for path in moved.rglob("*"):
        os.utime(path, (1_000_000_000, 1_000_000_000))
    return moved


def test_a_shipped_cache_loads_for_the_same_sources_wherever_they_lie(finished: Path, tmp_path: Path) -> None:
    moved = _moved_sources(tmp_path)
    shipped = _copy_finished(finished, moved / cache.SHIPPED_FOLDER)
    out = _start_game(tmp_path / "cache", tmp_path, None, "killed", cwd=moved, PYTHONPATH=str(moved))
    assert "status: ready (shipped)" in out and "kernel: True" in out, out
    assert cache.is_complete(tmp_path / "cache" / shipped.name)  # the player's own from now on
    assert "status: ready (cached)" in _start_game(tmp_path / "cache", tmp_path, None, "killed", cwd=moved,
                                                   PYTHONPATH=str(moved))


def test_a_shipped_cache_for_other_sources_is_left_alone(finished: Path, tmp_path: Path) -> None:
    moved = _moved_sources(tmp_path)
    shutil.copytree(finished, moved / cache.SHIPPED_FOLDER / finished.name, copy_function=COPY)
    script = "from ai.kernel import cache; print(cache.shipped_cache())"

    def shipped() -> str:
        done = subprocess.run([sys.executable, "-c", script], cwd=moved, env={**os.environ, "PYTHONPATH": str(moved)},
                              capture_output=True, text=True, timeout=NET_SECONDS)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert shipped() == str(moved / cache.SHIPPED_FOLDER / finished.name)
    with (moved / "ai" / "kernel" / "uct.py").open("a", encoding="utf-8") as source:
        source.write("\n# changed after the cache was made\n")
    assert shipped() == "None"


def test_prepare_fails_in_one_line(tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "ai.kernel.prepare", str(blocked / "out")], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                          timeout=NET_SECONDS)
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("the kernel could not be compiled for shipping:")


# Compiling for real: a minute or more each.

@pytest.mark.slow
@pytest.mark.parametrize("damage", [_cut_code, _garble_indexes, _empty_one_code_file],
                         ids=["code cut in half", "indexes garbled", "an empty code file, unfinished"])
def test_a_damaged_cache_is_compiled_again_for_real(finished: Path, tmp_path: Path, damage: object) -> None:
    folder = _copy_finished(finished, tmp_path / "cache")
    damage(folder)  # type: ignore[operator]
    out = _start_game(tmp_path / "cache", tmp_path, None)
    assert "status: ready (compiled)" in out and "kernel: True" in out, out
    assert "status: ready (cached)" in _start_game(tmp_path / "cache", tmp_path, None, "killed")


@pytest.mark.slow
def test_prepare_makes_a_cache_that_ships(tmp_path: Path) -> None:
    moved = _moved_sources(tmp_path)
    made = subprocess.run([sys.executable, "-m", "ai.kernel.prepare", str(tmp_path / "out")], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                          timeout=NET_SECONDS)
    assert made.returncode == 0, made.stderr
    shutil.copytree(tmp_path / "out", moved / cache.SHIPPED_FOLDER, copy_function=COPY)
    out = _start_game(tmp_path / "cache", tmp_path, None, "killed", cwd=moved, PYTHONPATH=str(moved))
    assert "status: ready (shipped)" in out and "kernel: True" in out, out


@pytest.mark.slow
def test_with_no_folder_to_write_the_kernel_is_compiled_uncached(tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder\n", encoding="utf-8")
    # The temporary folder too (TMPDIR alone does not do: Python then tries /tmp and others).
    out = _start_game(blocked / "cache", tmp_path, None, "killed", HOME=str(blocked),
                      prelude=f"import tempfile; tempfile.tempdir = {str(blocked)!r}")
    assert "status: ready (compiled, not cached)" in out and "kernel: True" in out, out
    assert "compiled without a cache" in out
