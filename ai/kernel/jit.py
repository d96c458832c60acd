"""numba's ``njit`` for the kernel, or a stand-in that leaves functions as plain Python.

The kernel's modules import ``njit`` from here only. The loader (``ai.kernel``) imports
them once numba is known to load and its cache folder is set; the stand-in keeps the
modules importable, and readable by the tests, on a machine without numba.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

try:
    from numba import njit as _njit
except ImportError:  # pragma: no cover - numba is pinned in requirements.txt
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
