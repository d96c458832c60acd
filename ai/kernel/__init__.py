"""The master's compiled kernel: loading it, and whether it is ready.

The kernel (``ai.kernel.rules`` and ``ai.kernel.uct``) is numba code. Compiling it takes a
minute of one core; loading it from a cache, a second or two. So the game calls :func:`start`
while its menu shows, and a background thread makes the kernel ready, in this order:

- the player's cache (``ai.kernel.cache``: a folder named after the sources' hash), when complete;
- else the cache a build shipped (``python -m ai.kernel.prepare``), copied into the player's folder;
- else a child process compiles the kernel into the player's folder (compiling holds up the
  window of the process that does it), and this process loads the result; :func:`progress`
  tells how far it got.

Until :func:`ready` says so a master's move waits for it (``ai.kernel_can_search``).
:func:`status` says where the kernel came from (``ready (shipped)``, ``ready (cached)``,
``ready (compiled)``, ``ready (compiled, not cached)``), or why it is off or failed; the log says
more. Off or failed, :func:`plain` tells whether the master still searches on the kernel's modules as
plain Python (numba missing or switched off) or cannot search at all (numba there, the kernel failed:
``ai.kernel_can_search`` then lets the amateur play for the master).

The cache heals: a cache that fails to load, whatever the error, is removed and compiled again
once; a compiling child killed while the game runs is started again (only the game's own exit
stops it for good); the child ends when the game's process does; where the player's folder
cannot be written the kernel is cached in a fresh temporary folder for the run, and where none
can be written it is compiled uncached in this thread (the window may stall then; the log says
so). Where numba cannot load at all, or ``TOCHKI_KERNEL=off`` is set, the kernel stays off for
the run.

The cache goes where :func:`configure` says (the game gives its user data folder, since a
frozen build's own folder is read-only or temporary); otherwise it goes beside the sources.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import multiprocessing.util  # its exit handler (ending the children) must be registered before ours
import os
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from ai.kernel import cache
from ai.kernel.cache import CACHE_ENV, COMPLETE, SHIPPED_FOLDER, SWITCH_ENV, switched_off

log = logging.getLogger(__name__)

SHIPPED = "shipped"
CACHED = "cached"
COMPILED = "compiled"
UNCACHED = "compiled, not cached"
"""Where a ready kernel came from, as :func:`status` says it (``ready (shipped)`` and so on)."""

_lock = threading.Lock()
_done = threading.Event()
_closing = threading.Event()
_thread: threading.Thread | None = None
_state = "not started"
_cache_dir: Path | None = None
_compiling: Path | None = None


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
            log.info("the kernel is off (%s=%s): the master searches on it as plain Python",
                     SWITCH_ENV, os.environ.get(SWITCH_ENV))
            _thread = threading.current_thread()  # a marker: never started again
            _done.set()
            return
        # Runs before multiprocessing's own exit handler (registered earlier, so run later) ends the
        # compiling child: a child ended then is the game closing, not a reason to compile again.
        atexit.register(_closing.set)
        _state = "loading"
        _thread = threading.Thread(target=_load, name="kernel-compile", daemon=True)
        _thread.start()


def ready() -> bool:
    """True once the kernel is compiled and may search (never when it is off or failed)."""
    return _done.is_set() and _state.startswith("ready")


def wait(timeout: float | None = None) -> bool:
    """Start the kernel if need be and wait up to ``timeout`` seconds; True when it is ready."""
    start()
    _done.wait(timeout)
    return ready()


def status() -> str:
    """``ready (shipped)``, ``ready (cached)``, ``ready (compiled)``, ``ready (compiled, not cached)``,
    ``compiling``, ``loading``, ``not started``, or why it is off (``off: ...``) or failed (``failed: ...``)."""
    if _compiling is not None and not _done.is_set():
        return "compiling"
    return _state


def plain() -> bool:
    """True when the kernel's modules run as plain Python in this run (numba missing, or switched off):
    the master searches on them uncompiled. False where numba was imported, or is not yet known to be
    missing: a kernel that failed then cannot search (``ai.kernel_can_search``). Never imports numba."""
    if switched_off():
        return True
    jit = sys.modules.get("ai.kernel.jit")
    return jit is not None and getattr(jit, "load_error", None) is not None


def progress() -> float | None:
    """How much of the kernel's compile is done, 0 to 1 (1 once ready); None when unknown: not started,
    off, failed, or loading a cache (which takes seconds, not a minute)."""
    if ready():
        return 1.0
    folder = _compiling
    if folder is None:
        return None
    # The compiled functions written so far, against those a complete cache holds; the last step
    # (loading them here) is left to ready().
    return min(cache.code_files(folder) / max(cache.cached_functions(), 1), 0.99)


def _load() -> None:
    global _state
    began = time.perf_counter()
    try:
        if _cache_dir is not None:
            # Read by ai.kernel.jit before numba is imported; the children of this process inherit it.
            os.environ[CACHE_ENV] = str(_cache_dir)
        origin = _bring_in()
    except Exception as error:  # noqa: BLE001 - any failure only means the master cannot play compiled
        _state = f"failed: {type(error).__name__}: {error}"
        log.warning("the kernel could not load, so the master cannot play compiled: %s\n%s",
                    _state, traceback.format_exc())
    else:
        _state = f"ready ({origin})"
        log.info("the kernel is ready in %.1f s (%s; cache: %s)", time.perf_counter() - began, origin,
                 os.environ.get("NUMBA_CACHE_DIR"))
    finally:
        _done.set()


def _bring_in() -> str:
    """Make the kernel ready in this process; where it came from (:data:`SHIPPED` and so on)."""
    # The folder's root: its own name waits for numba's import (its version is part of it), in ai.kernel.jit.
    if "ai.kernel.jit" not in sys.modules and not cache.writable(cache.cache_root()):
        _cache_elsewhere()
    from ai.kernel import jit  # names numba's cache folder and settings, then imports numba

    if jit.load_error is not None:
        raise jit.load_error  # here, not in a search
    folder, caching = jit.folder, jit.caching
    origin = CACHED
    if caching and not cache.is_complete(folder):
        shipped = cache.shipped_cache()
        if shipped is not None:
            try:
                cache.install(shipped, folder)
            except OSError as error:  # then it is compiled, as without one
                log.warning("the shipped kernel %s could not be copied to %s: %s", shipped, folder, error)
            else:
                origin = SHIPPED
    for attempt in (1, 2):
        if caching and not cache.is_complete(folder):
            _compile_aside(folder)
            origin = COMPILED
        try:
            compiled_here = _import_kernel()
            break
        except Exception as error:  # any error: numba's loader itself lets all but OSError through
            if attempt == 2 or not caching:
                raise
            log.warning("the kernel's cache %s could not be loaded (%s: %s): it is removed and compiled again",
                        folder, type(error).__name__, error)
            _forget_kernel()
            cache.remove(folder)
    if not caching:
        log.warning("the kernel was compiled without a cache in the game's own process (no folder could be "
                    "written: %s, nor a temporary one); the next start compiles it again", folder)
        return UNCACHED
    if not cache.is_complete(folder):
        _mark_complete(folder)
    if compiled_here and origin != COMPILED:
        log.warning("%d kernel functions did not match the %s cache and were compiled in the game's own process",
                    compiled_here, origin)
        origin = COMPILED
    return origin


def _cache_elsewhere() -> None:
    """The player's cache folder cannot be written: cache in a fresh temporary folder for this run
    (made afresh, so that no one else's files are ever loaded), else nowhere."""
    unwritable = cache.cache_root()
    try:
        temporary = Path(tempfile.mkdtemp(prefix="tochki-kernel-"))
    except OSError as error:
        log.warning("the kernel's cache folder %s cannot be written, nor a temporary one (%s): "
                    "it is compiled without a cache", unwritable, error)
        return
    atexit.register(cache.remove, temporary)
    os.environ[CACHE_ENV] = str(temporary)
    log.warning("the kernel's cache folder %s cannot be written: it is cached in %s for this run",
                unwritable, temporary)


_KERNEL_MODULES = ("ai.kernel.rules", "ai.kernel.captures", "ai.kernel.uct", "ai.kernel.lifeline", "ai.kernel.read",
                   "ai.kernel.master", "ai.kernel.warm")


def _import_kernel() -> int:
    """Import (so load, or compile) the kernel here and search once with each rule set; how many of its
    functions were compiled here rather than loaded from the cache."""
    from ai.kernel import warm

    warm.compile_all()
    from numba.core.caching import FunctionCache

    misses = 0
    for name in ("ai.kernel.rules", "ai.kernel.captures", "ai.kernel.uct", "ai.kernel.lifeline", "ai.kernel.read"):
        if name not in sys.modules or f"{name.rsplit('.', 1)[1]}.py" not in cache.cached_sources():
            continue  # the ladders' press, off: a test or bench compiled it here, not the game
        for value in vars(sys.modules[name]).values():
            # Only the cached functions: numba also compiles an inlined helper on its own, uncached.
            if isinstance(getattr(value, "_cache", None), FunctionCache):
                misses += sum(value.stats.cache_misses.values())
    return misses


def _forget_kernel() -> None:
    """Drop the kernel's modules, so that importing them again loads the cache afresh."""
    for name in _KERNEL_MODULES:
        sys.modules.pop(name, None)
        package = sys.modules[__name__]
        if hasattr(package, name.rsplit(".", 1)[1]):
            delattr(package, name.rsplit(".", 1)[1])


COMPILE_SECONDS = 900.0
"""How long a compiling child process may take before this process compiles for itself."""

COMPILE_TRIES = 3
"""How many compiling children one start runs at most (one stopped or failed is followed by another)."""


class CompileStopped(RuntimeError):
    """The compiling child was stopped while the game is closing (multiprocessing ends its daemon
    children at exit). Compiling here instead would start a long compile during the interpreter's
    shutdown, which can abort it."""


def _compile_aside(folder: Path, work: Callable[[], None] | None = None) -> None:
    """Compile into the cache in a child process, so that this one only loads it.

    Compiling holds the interpreter lock for long stretches (one of over two seconds was seen
    on a busy machine): in the game's own process that would stall the window. Loading the
    cache afterwards costs a second or so, in short steps. A child stopped by a signal (killed
    by the system or a person) is followed by another, unless the game is closing
    (:class:`CompileStopped`); one that fails has the folder removed (a damaged cache fails it)
    before the next. Where no child can be started, or none succeeds, this process compiles for
    itself (logged). ``work`` replaces the child's compile (tests).
    """
    global _compiling
    began = time.perf_counter()
    _compiling = folder
    try:
        for attempt in range(1, COMPILE_TRIES + 1):
            try:
                child = multiprocessing.get_context("spawn").Process(
                    target=_child_main, args=(work or _compile_child,), name="kernel-compile", daemon=True)
                child.start()
                child.join(COMPILE_SECONDS)
                if child.is_alive():
                    child.terminate()
                    raise RuntimeError(f"the compiling process took over {COMPILE_SECONDS:.0f} s")
                code = child.exitcode
            except Exception as error:  # noqa: BLE001 - this process then compiles for itself
                log.warning("the kernel is compiled in the game's own process instead: %s", error)
                return
            if code == 0:
                log.info("the kernel was compiled in %.1f s in a process of its own", time.perf_counter() - began)
                return
            if _closing.is_set():
                raise CompileStopped(f"the compiling process ended ({code}) as the game closes")
            if code is not None and code < 0:
                log.warning("the compiling process was stopped by signal %d (try %d of %d)",
                            -code, attempt, COMPILE_TRIES)
            else:
                log.warning("the compiling process failed (exit %s, try %d of %d): the cache %s is removed",
                            code, attempt, COMPILE_TRIES, folder)
                cache.remove(folder)
        log.warning("the kernel is compiled in the game's own process instead: %d compiling processes ended "
                    "without it", COMPILE_TRIES)
    finally:
        _compiling = None


def _child_main(work: Callable[[], None]) -> None:
    """A compiling child's life: ``work``, ended early should this child's parent (the game) end."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="parent-watch", daemon=True).start()
    work()


ORPHANED = 3
"""The exit code of a compiling child whose parent ended before it did."""


def _end_with(parent: multiprocessing.process.BaseProcess) -> None:
    # The parent's sentinel (a pipe from it on POSIX, its process handle on Windows) is ready once it
    # ended, however it ended: no polling of process ids, which Windows and orphaning reuse.
    parent.join()
    os._exit(ORPHANED)


def _compile_child() -> None:
    """The child process's work: import (and so compile) the kernel and search once; the cache is the result."""
    from ai.kernel import jit

    if jit.load_error is not None:
        raise jit.load_error
    from ai.kernel import warm

    warm.compile_all()
    _mark_complete(jit.folder)


def _mark_complete(folder: Path) -> None:
    try:
        cache.mark_complete(folder)
    except OSError as error:  # a read-only cache: the next start compiles aside again, nothing worse
        log.info("the kernel's cache could not be marked complete: %s", error)


__all__ = ["CACHED", "CACHE_ENV", "COMPILED", "COMPLETE", "CompileStopped", "SHIPPED", "SHIPPED_FOLDER",
           "SWITCH_ENV", "UNCACHED", "configure", "plain", "progress", "ready", "start", "status", "switched_off", "wait"]
