"""numba's ``njit`` for the kernel, caching where ``ai.kernel.cache`` says, or a plain-Python stand-in.

The cache folder is set here, before numba is imported (numba reads ``NUMBA_CACHE_DIR``
then, and is told again should something have imported it first).

The kernel's modules import ``njit`` from here only; without numba the stand-in keeps
them importable, as plain Python.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar, overload

from ai.kernel.cache import cache_folder

os.environ["NUMBA_CACHE_DIR"] = str(cache_folder())

load_error: ImportError | None = None
"""Why numba could not be imported (the kernel then stays off), or None."""

_numba_njit: Callable[..., Any] | None
try:
    import numba.core.config
    from numba import njit as _numba_njit

    # Numba reads its settings when first imported: if something imported it before this
    # module did, the cache folder just set must still reach it.
    numba.core.config.reload_config()  # type: ignore[no-untyped-call]  # numba's own code has no annotations
except ImportError as error:  # the loader reports it, and the pure-Python master plays
    load_error = error
    _numba_njit = None

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
        return _numba_njit(*args, **kwargs)
    if args and callable(args[0]):
        return args[0]

    def keep(function: _Function) -> _Function:
        return function
    return keep
