"""Where the kernel's compiled code is cached: a folder that can never hold stale code.

numba checks a cached function against its own file only: after a change to ``rules.py``,
a cached ``uct.run`` that calls into it would still run the old rules. So the cache lives in
a folder named after a hash of every kernel source file (and the Python and numba that compile it:
:func:`compiler_tag`), under ``$TOCHKI_KERNEL_CACHE`` (the
game sets it to its user data folder, see ``ai.kernel.configure``), else beside these
sources; ``ai.kernel.locator`` makes that folder the only one numba reads or writes, and
stamps every index in it with the same hash (so a cache is valid wherever the same sources
lie, whatever their paths and modification times).

A build ships a finished cache (made by ``python -m ai.kernel.prepare``) in
:data:`SHIPPED_FOLDER` at the bundle's root; :func:`shipped_cache` finds it.

This module imports no numba: the loader reads it before numba is known to load.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

CACHE_ENV = "TOCHKI_KERNEL_CACHE"
"""Environment variable: the folder under which the kernel's compiled code is cached."""

SWITCH_ENV = "TOCHKI_KERNEL"
"""Environment variable: ``off`` (or ``0``, ``no``, ``false``) keeps numba out: the kernel runs as plain Python.
Here, not in ``ai.kernel``, since ``ai.kernel.jit`` reads it before numba is imported."""

_OFF_WORDS = ("off", "0", "no", "false")


def switched_off() -> bool:
    """True when the environment asks for the kernel uncompiled (plain Python)."""
    return os.environ.get(SWITCH_ENV, "").strip().lower() in _OFF_WORDS

SOURCES = Path(__file__).resolve().parent
"""The kernel's source folder (``ai/kernel``), in a frozen build too (the build keeps the sources)."""

SHIPPED_FOLDER = "kernel-cache"
"""The folder at the bundle's root (beside ``ai/``: ``sys._MEIPASS`` in a frozen build, the checkout
from source) that holds a finished cache made by ``python -m ai.kernel.prepare``."""

COMPLETE = "complete"
"""A file in the cache folder, written once every kernel function is in the cache: only then is it
loaded without a compiling child (a cache cut short by a closed game would compile the rest in the
game's own process, holding up its window)."""

CPU_NAME = "generic"
"""The CPU numba compiles the kernel for, on every machine. A cache made for ``generic`` (no CPU
features) loads on any machine of the same system and architecture, so the one a build ships and the
one a player's machine makes are the same kind, and one rule loads both. Generic code searched as fast
as code tuned for the host within the noise of a loaded machine (``python -m bench.kernel_cpu``:
0.98–1.17 of its positions per CPU second; an earlier measurement 0.83–0.95): tuning in the
background would cost a minute of one of two cores beside the player's first game, after every
update, for a few per cent at most."""

_CACHED = re.compile(r"^@njit\(.*\bcache=True", re.MULTILINE)

LADDERS_SOURCE, LADDERS_ON = "lifeline.py", re.compile(r"^LADDERS = True\b", re.MULTILINE)
"""The ladders' press, and how ``read.py`` says its read is on (``read.LADDERS``, read here as text: this module
imports no numba). Off, nothing imports the press, so no cache holds it and a first launch does not compile it."""


def source_key(folder: Path | None = None) -> str:
    """A short hash of the kernel's source files (in ``folder``, by default this one's): a new one for
    every change to any of them."""
    if folder is None:
        return _own_key()
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@functools.lru_cache(maxsize=1)
def _own_key() -> str:
    # Asked for every cached function as numba loads it: the sources do not change while the game runs.
    return source_key(SOURCES)


def numba_version() -> str:
    """The numba that compiles the kernel: the imported one's own ``__version__``, else its installed
    version (numba not imported yet: a frozen build carries no numba metadata, but ``ai.kernel.jit``
    imports numba before it names the folder); ``none`` without numba. Never imports numba."""
    version = getattr(sys.modules.get("numba"), "__version__", None)
    if isinstance(version, str):
        return version
    try:
        return importlib.metadata.version("numba")
    except Exception:  # noqa: BLE001 - not installed, or its metadata unreadable: no numba to name
        return "none"


def compiler_tag() -> str:
    """What the cache also depends on, beyond the sources: the Python (numba names its index files after
    it: another finds none) and numba's version (each index holds it: another numba reads none). Either
    change would leave a complete-looking folder whose every function numba compiles again in the
    process that loads it (the game's, its window frozen); a new name makes it a first launch instead,
    compiled in the background child.

    >>> compiler_tag() == f"py{sys.version_info[0]}{sys.version_info[1]}-numba{numba_version()}"
    True
    """
    numba = re.sub(r"[^0-9A-Za-z.]+", "_", numba_version())  # a folder's name on every system
    return f"py{sys.version_info[0]}{sys.version_info[1]}-numba{numba}"


def folder_name() -> str:
    """The cache folder's own name: ``numba-``, the sources' hash and :func:`compiler_tag`."""
    return f"numba-{source_key()}-{compiler_tag()}"


def cache_root() -> Path:
    """The folder the hash-named cache folder goes in."""
    base = os.environ.get(CACHE_ENV)
    return Path(base) if base else SOURCES / "__pycache__"


def cache_folder() -> Path:
    """Where this version of the kernel keeps its compiled code."""
    return cache_root() / folder_name()


def is_complete(folder: Path) -> bool:
    """True when ``folder`` holds every kernel function (its :data:`COMPLETE` file is there)."""
    return (folder / COMPLETE).is_file()


def mark_complete(folder: Path) -> None:
    """Write :data:`COMPLETE` into ``folder`` (raises ``OSError`` where it cannot)."""
    (folder / COMPLETE).write_text(f"every kernel function is cached here ({cached_functions()})\n",
                                   encoding="utf-8")


def bundle_root() -> Path:
    """The folder holding ``ai/``: the frozen bundle's root, or the checkout."""
    return SOURCES.parent.parent


def shipped_cache() -> Path | None:
    """The complete cache a build shipped for these very sources, or None."""
    folder = bundle_root() / SHIPPED_FOLDER / folder_name()
    return folder if is_complete(folder) else None


@functools.lru_cache(maxsize=1)
def cached_sources() -> tuple[str, ...]:
    """The kernel's source files whose functions a complete cache holds: all but :data:`LADDERS_SOURCE` while
    the ladders' read is off."""
    ladders = bool(LADDERS_ON.search((SOURCES / "read.py").read_text(encoding="utf-8")))
    return tuple(sorted(path.name for path in SOURCES.glob("*.py") if ladders or path.name != LADDERS_SOURCE))


@functools.lru_cache(maxsize=1)
def cached_functions() -> int:
    """How many kernel functions numba caches (one index file and one code file each in a complete
    cache): those the :func:`cached_sources` declare with ``cache=True``."""
    return sum(len(_CACHED.findall((SOURCES / name).read_text(encoding="utf-8"))) for name in cached_sources())


def of_cached_source(path: Path) -> bool:
    """Whether a file of a cache folder is one of the :func:`cached_sources`' (numba names it after its module
    first: ``rules.play-582.py311.1.nbc``)."""
    return f"{path.name.split('.', 1)[0]}.py" in cached_sources()


def code_files(folder: Path) -> int:
    """How many compiled functions of the :func:`cached_sources` ``folder`` holds so far (numba writes a
    function's code file last)."""
    try:
        return sum(1 for path in folder.glob("*.nbc") if of_cached_source(path))
    except OSError:
        return 0


def writable(folder: Path) -> bool:
    """True when ``folder`` exists or can be made, and a file can be written in it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def remove(folder: Path) -> None:
    """Remove a cache folder and all in it (what cannot be removed stays; the compile overwrites it)."""
    shutil.rmtree(folder, ignore_errors=True)


def install(shipped: Path, folder: Path) -> None:
    """Copy a shipped cache into ``folder`` (its complete marker last, so a copy cut short is never
    taken for a finished cache); raises ``OSError`` where it cannot."""
    remove(folder)
    folder.mkdir(parents=True)
    for path in sorted(shipped.iterdir()):
        if path.is_file() and path.name != COMPLETE:
            shutil.copyfile(path, folder / path.name)
    shutil.copyfile(shipped / COMPLETE, folder / COMPLETE)
