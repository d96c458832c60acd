"""Where the kernel's compiled code is cached: a folder that can never hold stale code.

numba checks a cached function against its own file only: after a change to ``rules.py``,
a cached ``uct.run`` that calls into it would still run the old rules. So the cache lives in
a folder named after a hash of every kernel source file, under ``$TOCHKI_KERNEL_CACHE`` (the
game sets it to its user data folder, see ``ai.kernel.configure``), else beside these
sources. This module imports no numba: the loader reads it before numba is known to load.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

CACHE_ENV = "TOCHKI_KERNEL_CACHE"
"""Environment variable: the folder under which the kernel's compiled code is cached."""


def source_key(folder: Path | None = None) -> str:
    """A short hash of the kernel's source files (in ``folder``, by default this one's): a new one for
    every change to any of them."""
    digest = hashlib.sha256()
    for path in sorted((folder or Path(__file__).parent).glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_folder() -> Path:
    """Where this version of the kernel keeps its compiled code."""
    base = os.environ.get(CACHE_ENV)
    root = Path(base) if base else Path(__file__).parent / "__pycache__"
    return root / f"numba-{source_key()}"
