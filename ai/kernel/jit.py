"""numba's ``njit`` for the kernel, with a cache that can never go stale, or a plain-Python stand-in.

numba checks a cached function against its own file only: after a change to
``rules.py``, a cached ``uct.run`` that calls into it would still run the old rules.
So the cache lives in a folder named after a hash of every kernel source file, set
here before numba is first imported (numba reads ``NUMBA_CACHE_DIR`` then). The
folder sits under ``$TOCHKI_KERNEL_CACHE`` (the game sets it to its user data folder,
see ``ai.kernel.configure``), else beside these sources.

The kernel's modules import ``njit`` from here only; without numba the stand-in keeps
them importable, as plain Python.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ai.kernel import CACHE_ENV


def source_key() -> str:
    """A short hash of the kernel's source files: a new one for every change to any of them."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_folder() -> Path:
    """Where this version of the kernel keeps its compiled code."""
    base = os.environ.get(CACHE_ENV)
    root = Path(base) if base else Path(__file__).parent / "__pycache__"
    return root / f"numba-{source_key()}"


if "numba" not in sys.modules:
    os.environ["NUMBA_CACHE_DIR"] = str(cache_folder())

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
