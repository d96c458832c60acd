"""Stand-ins for the kernel's compiling child, for tests/test_kernel_loading.py.

A real compile takes a minute of one core; these do in a moment what a compile leaves behind
(a finished cache, copied from ``$TOCHKI_TEST_FINISHED_CACHE``) or what can befall one (killed
by a signal, or left running when the game dies). The loader runs them as its child's work.
"""

from __future__ import annotations

import os
import shutil
import signal
import threading
import time
from pathlib import Path

FINISHED_ENV = "TOCHKI_TEST_FINISHED_CACHE"
"""A complete kernel cache folder to copy."""

MARKER_ENV = "TOCHKI_TEST_MARKER"
"""A file the stand-ins write, so a test can tell what ran."""

GO_ENV = "TOCHKI_TEST_GO"
"""A file :func:`half_then_finish` waits for before it finishes."""


def _target() -> Path:
    from ai.kernel import cache

    return cache.cache_folder()


def _copy(names: list[Path], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for path in names:
        shutil.copyfile(path, folder / path.name)


def finish() -> None:
    """What a compile leaves: every function cached, and the folder marked complete."""
    finished = Path(os.environ[FINISHED_ENV])
    _copy(sorted(finished.iterdir()), _target())
    with open(os.environ[MARKER_ENV], "a", encoding="utf-8") as marker:
        marker.write("finished\n")


def killed_first() -> None:
    """Killed by a signal the first time (as by ``kill -9``), a compile the next."""
    marker = Path(os.environ[MARKER_ENV])
    if not marker.exists():
        marker.write_text("killed\n", encoding="utf-8")
        os.kill(os.getpid(), signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
    finish()


def killed() -> None:
    """Killed by a signal, every time."""
    os.kill(os.getpid(), signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)


def endless() -> None:
    """A compile that never ends (it says it began in the marker file)."""
    Path(os.environ[MARKER_ENV]).write_text(f"{os.getpid()}\n", encoding="utf-8")
    threading.Event().wait()


def half_then_finish() -> None:
    """Half the functions cached, then (once the go file is there) all of them."""
    from ai.kernel import cache

    finished = sorted(path for path in Path(os.environ[FINISHED_ENV]).iterdir() if path.suffix in (".nbi", ".nbc"))
    # Half of those the game compiles: the test run may have compiled the ladders' press too (off in the game).
    code = [path for path in finished if path.suffix == ".nbc" and cache.of_cached_source(path)]
    _copy(code[: len(code) // 2], _target())
    Path(os.environ[MARKER_ENV]).write_text("half\n", encoding="utf-8")
    go = Path(os.environ[GO_ENV])
    while not go.exists():
        time.sleep(0.05)
    finish()
