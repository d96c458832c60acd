"""The master's compiled kernel: loading it, and whether it is ready.

The kernel (``ai.kernel.rules`` and ``ai.kernel.uct``) is numba code. Its first use
on a machine compiles it (several seconds) and writes the result to a cache; later
starts load the cache in about a second. So the game calls :func:`start` while its
menu shows: a background thread has a child process compile the kernel into the cache
when it is not there yet (compiling would hold up the window), then loads it, and until
:func:`ready` says so the master plays its pure-Python search
(``ai.search``). Where numba cannot load at all, or ``TOCHKI_KERNEL=off`` is set, the
kernel stays off for the run and :func:`status` (and the log) says why.

The cache goes where :func:`configure` says (the game gives its user data folder,
since a frozen build's own folder is read-only or temporary); otherwise it goes beside
the sources. ``ai.kernel.cache`` names the folder after the sources' hash.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
import traceback
from pathlib import Path

from ai.kernel.cache import CACHE_ENV, cache_folder

log = logging.getLogger(__name__)

SWITCH_ENV = "TOCHKI_KERNEL"
"""Environment variable: ``off`` (or ``0``, ``no``, ``false``) keeps the kernel off, so the pure-Python master plays."""

_OFF_WORDS = ("off", "0", "no", "false")

_lock = threading.Lock()
_done = threading.Event()
_thread: threading.Thread | None = None
_state = "not started"
_cache_dir: Path | None = None


def switched_off() -> bool:
    """True when the environment asks for the pure-Python master."""
    return os.environ.get(SWITCH_ENV, "").strip().lower() in _OFF_WORDS


def configure(cache_dir: Path | None) -> None:
    """Where numba's compiled code is cached; call before :func:`start` (later calls change nothing)."""
    global _cache_dir
    with _lock:
        if _thread is None:
            _cache_dir = cache_dir


def start() -> None:
    """Load or compile the kernel in a background thread (once per run; later calls do nothing)."""
    global _thread, _state
    with _lock:
        if _thread is not None:
            return
        if switched_off():
            _state = f"off: {SWITCH_ENV} is set"
            log.info("the kernel is off (%s=%s): the master plays its pure-Python search",
                     SWITCH_ENV, os.environ.get(SWITCH_ENV))
            _thread = threading.current_thread()  # a marker: never started again
            _done.set()
            return
        _state = "loading"
        _thread = threading.Thread(target=_load, name="kernel-compile", daemon=True)
        _thread.start()


def ready() -> bool:
    """True once the kernel is compiled and may search (never when it is off or failed)."""
    return _done.is_set() and _state == "ready"


def wait(timeout: float | None = None) -> bool:
    """Start the kernel if need be and wait up to ``timeout`` seconds; True when it is ready."""
    start()
    _done.wait(timeout)
    return ready()


def status() -> str:
    """``ready``, ``loading``, ``not started``, or why it is off or failed."""
    return _state


def _load() -> None:
    global _state
    began = time.perf_counter()
    try:
        if _cache_dir is not None:
            # Read by ai.kernel.jit before numba is imported; the children of this process inherit it.
            os.environ[CACHE_ENV] = str(_cache_dir)
        if not (cache_folder() / COMPLETE).exists():
            _compile_aside()
        from ai.kernel import jit  # names numba's cache folder, then imports numba

        if jit.load_error is not None:
            raise jit.load_error  # here, not in a search
        from ai.kernel import warm
        warm.compile_all()
        _mark_complete()
    except Exception as error:  # noqa: BLE001 - any failure only means the pure-Python master plays
        _state = f"failed: {type(error).__name__}: {error}"
        log.warning("the kernel could not load, so the master plays its pure-Python search: %s\n%s",
                    _state, traceback.format_exc())
    else:
        _state = "ready"
        log.info("the kernel is ready in %.1f s (cache: %s)", time.perf_counter() - began,
                 os.environ.get("NUMBA_CACHE_DIR", "beside the sources"))
    finally:
        _done.set()


COMPILE_SECONDS = 900.0
"""How long a compiling child process may take before this process compiles for itself."""


class CompileStopped(RuntimeError):
    """The compiling child was stopped by a signal: the game is closing (multiprocessing ends its
    daemon children at exit) or the system stopped it. Compiling here instead would start a long
    compile during the interpreter's shutdown, which can abort it; the pure-Python master plays."""


def _compile_aside() -> None:
    """Compile into the cache in a child process, so that this one only loads it.

    Compiling holds the interpreter lock for long stretches (one of over two seconds was seen
    on a busy machine): in the game's own process that would stall the window. Loading the
    cache afterwards costs a second or so, in short steps. Where no child can be started, or
    it fails, this process compiles for itself (logged); a child stopped by a signal raises
    :class:`CompileStopped` instead.
    """
    began = time.perf_counter()
    try:
        child = multiprocessing.get_context("spawn").Process(target=_compile_child, name="kernel-compile",
                                                             daemon=True)
        child.start()
        child.join(COMPILE_SECONDS)
        if child.is_alive():
            child.terminate()
            raise RuntimeError(f"the compiling process took over {COMPILE_SECONDS:.0f} s")
        code = child.exitcode
    except Exception as error:  # noqa: BLE001 - this process then compiles for itself
        log.warning("the kernel is compiled in the game's own process instead: %s", error)
        return
    if code is not None and code < 0:
        raise CompileStopped(f"the compiling process was stopped by signal {-code}")
    if code != 0:
        log.warning("the kernel is compiled in the game's own process instead: the compiling process "
                    "exited with %s", code)
        return
    log.info("the kernel was compiled in %.1f s in a process of its own", time.perf_counter() - began)


def _compile_child() -> None:
    """The child process's work: import (and so compile) the kernel and search once; the cache is the result."""
    from ai.kernel import jit

    if jit.load_error is not None:
        raise jit.load_error
    from ai.kernel import warm

    warm.compile_all()
    _mark_complete()


COMPLETE = "complete"
"""A file in the cache folder, written once every kernel function is in the cache: only then is it
loaded without a compiling child (a cache cut short by a closed game would compile the rest in the
game's own process, holding up its window)."""


def _mark_complete() -> None:
    try:
        (cache_folder() / COMPLETE).write_text("every kernel function is cached here\n", encoding="utf-8")
    except OSError as error:  # a read-only cache: the next start compiles aside again, nothing worse
        log.info("the kernel's cache could not be marked complete: %s", error)


__all__ = ["CACHE_ENV", "COMPLETE", "CompileStopped", "SWITCH_ENV", "configure", "ready", "start", "status", "switched_off", "wait"]
