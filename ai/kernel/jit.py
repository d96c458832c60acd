"""numba's ``njit`` for the kernel, caching where ``ai.kernel.cache`` says, or a plain-Python stand-in.

The cache folder is set here, before numba is imported (numba reads ``NUMBA_CACHE_DIR``
then, and is told again should something have imported it first).

The kernel's modules import ``njit`` from here only; without numba the stand-in keeps
them importable, as plain Python.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from ai.kernel.cache import cache_folder

os.environ["NUMBA_CACHE_DIR"] = str(cache_folder())

load_error: ImportError | None = None
"""Why numba could not be imported (the kernel then stays off), or None."""

try:
    import numba.core.config
    from numba import njit as _njit

    # Numba reads its settings when first imported: if something imported it before this
    # module did, the cache folder just set must still reach it.
    numba.core.config.reload_config()
except ImportError as error:  # the loader reports it, and the pure-Python master plays
    load_error = error
    _njit = None


def njit(*args: Any, **kwargs: Any) -> Any:
    """``numba.njit`` (``@njit`` or ``@njit(...)``), or the function itself without numba."""
    if _njit is not None:
        return _njit(*args, **kwargs)
    if args and callable(args[0]):
        return args[0]

    def keep(function: Callable[..., Any]) -> Callable[..., Any]:
        return function
    return keep
