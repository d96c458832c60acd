"""The master's compiled kernel: loading it, and whether it is ready.

The kernel (``ai.kernel.rules`` and ``ai.kernel.uct``) is numba code. Its first use
on a machine compiles it (several seconds) and writes the result to a cache; later
starts load the cache in about a second. So the game calls :func:`start` while its
menu shows: a background thread imports numba and compiles or loads every kernel
function, and until :func:`ready` says so the master plays its pure-Python search
(``ai.search``). Where numba cannot load at all, or ``TOCHKI_KERNEL=off`` is set, the
kernel stays off for the run and :func:`status` (and the log) says why.

The cache goes where :func:`configure` says (the game gives its user data folder,
since a frozen build's own folder is read-only or temporary); otherwise it goes beside
the sources. ``ai.kernel.jit`` names the folder after the sources' hash.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import traceback
from pathlib import Path

log = logging.getLogger(__name__)

SWITCH_ENV = "TOCHKI_KERNEL"
"""Environment variable: ``off`` (or ``0``, ``no``, ``false``) keeps the kernel off, so the pure-Python master plays."""

CACHE_ENV = "TOCHKI_KERNEL_CACHE"
"""Environment variable: the folder under which the kernel's compiled code is cached (see ``ai.kernel.jit``)."""

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
        import numba  # noqa: F401  (fails here, not in a search, when it cannot load)

        from ai.kernel import warm
        warm.compile_all()
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


__all__ = ["CACHE_ENV", "SWITCH_ENV", "configure", "ready", "start", "status", "switched_off", "wait"]
