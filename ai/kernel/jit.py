"""numba's ``njit`` for the kernel, caching where ``ai.kernel.cache`` says, or a plain-Python stand-in.

numba's settings are made here and told to numba once it is imported (``reload_config``, as numba
reads them at its import and something may have imported it first): the CPU the code is made for
(``ai.kernel.cache.CPU_NAME``, part of every cached function's key, set before the import), the only
locator that may use the cache (``ai.kernel.locator``), and the cache folder (``NUMBA_CACHE_DIR``),
named only after numba's import, since numba's version is part of its name
(``ai.kernel.cache.compiler_tag``). Where the cache folder cannot be written, the kernel is compiled
without a cache (:data:`caching` is False) rather than failing.

The kernel's modules import ``njit`` from here only; without numba the stand-in keeps
them importable, as plain Python.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar, overload

from ai.kernel.cache import CPU_NAME, SWITCH_ENV, cache_folder, switched_off, writable

os.environ["NUMBA_CPU_NAME"] = CPU_NAME
os.environ.pop("NUMBA_CPU_FEATURES", None)  # numba's default for a generic CPU: none

load_error: ImportError | None = None
"""Why numba is not imported (missing, or :data:`ai.kernel.SWITCH_ENV` says off): the kernel's modules
then run as plain Python. None: numba compiles them."""

_numba_njit: Callable[..., Any] | None = None


def _load_numba() -> None:
    """Import numba with the settings above, or note why it cannot be (:data:`load_error`)."""
    global _numba_njit, load_error
    try:
        from numba import njit as _numba_njit

        from ai.kernel.locator import LOCATOR

        os.environ["NUMBA_CACHE_LOCATOR_CLASSES"] = LOCATOR
    except ImportError as error:  # the loader reports it; the kernel runs as plain Python
        load_error = error
        _numba_njit = None


if switched_off():  # the kernel asked for uncompiled: numba is never imported, so nothing compiles
    load_error = ImportError(f"{SWITCH_ENV} asks for the kernel as plain Python")
else:
    _load_numba()

folder = cache_folder()
"""The folder numba caches the kernel in, for this process's life (named after the numba just imported)."""

os.environ["NUMBA_CACHE_DIR"] = str(folder)

caching = writable(folder)
"""Whether the kernel's functions are cached (False where the cache folder cannot be written)."""

if _numba_njit is not None:
    import numba.core.config

    # Numba reads its settings when first imported: the locator's name and the cache folder are only
    # known after, and if something imported numba before this module did, they must still reach it.
    numba.core.config.reload_config()  # type: ignore[no-untyped-call]  # numba's own code has no annotations

_Function = TypeVar("_Function", bound=Callable[..., Any])


@overload
def njit(function: _Function, /) -> _Function: ...


@overload
def njit(*signatures: str, **options: object) -> Callable[[_Function], _Function]: ...


def njit(*args: Any, **kwargs: Any) -> Any:
    """``numba.njit`` (``@njit`` or ``@njit(...)``), or the function itself without numba.

    numba's decorator is unannotated; typed here as giving back the function's own signature,
    which is what its compiled dispatcher accepts and answers (the kernel's callers use nothing else
    of it), so that mypy checks the kernel's calls instead of losing them to ``Any``.
    """
    if _numba_njit is not None:
        if not caching:
            kwargs.pop("cache", None)
        return _numba_njit(*args, **kwargs)
    if args and callable(args[0]):
        return args[0]

    def keep(function: _Function) -> _Function:
        return function
    return keep
