"""numba's one place for the kernel's cache: the hash-named folder, and nowhere else.

numba tries several cache locations in turn (``NUMBA_CACHE_DIR``, then ``__pycache__`` beside the
source, then the user's ``~/.cache/numba``), so a read-only or misplaced folder used to make it cache
silently elsewhere, outside the folder named after the sources' hash that keeps stale code out.
``ai.kernel.jit`` names :class:`KernelCacheLocator` as numba's only locator
(``NUMBA_CACHE_LOCATOR_CLASSES``): where the folder cannot be written, numba has no locator and the
kernel is compiled without a cache (``ai.kernel.jit`` sees to that beforehand).

The locator also keeps numba's files directly in the folder (numba's own adds a subfolder named
after the sources' absolute path, which a one-file build changes at every launch) and stamps every
index with the sources' hash instead of numba's stamp of each file (a hash of the file's bytes, or
of the whole executable in a frozen build): the folder's name already says which sources the cache
was made from, so a cache made from source at build time loads in the executable, wherever unpacked.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from numba.core import config
from numba.core.caching import _CacheLocator

from ai.kernel.cache import SOURCES, source_key


class KernelCacheLocator(_CacheLocator):
    """Caches a kernel function in ``NUMBA_CACHE_DIR`` (the hash-named folder), keyed by the sources' hash."""

    def __init__(self, py_func: Any, py_file: str) -> None:
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = _cache_dir()

    def ensure_cache_path(self) -> None:
        os.makedirs(self._cache_path, exist_ok=True)
        tempfile.TemporaryFile(dir=self._cache_path).close()  # writable, as numba's own locators ask

    def get_cache_path(self) -> str:
        return self._cache_path

    def get_source_stamp(self) -> str:
        return source_key()

    def get_disambiguator(self) -> str:
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> KernelCacheLocator | None:
        """A locator for a kernel function, when the cache folder is set and writable; else None."""
        if not _cache_dir() or Path(py_file).resolve().parent != SOURCES:
            return None
        locator = cls(py_func, py_file)
        try:
            locator.ensure_cache_path()
        except OSError:
            return None
        return locator


def _cache_dir() -> str:
    # Set by numba from NUMBA_CACHE_DIR (ai.kernel.jit sets that), among settings it makes at run time.
    return str(getattr(config, "CACHE_DIR", ""))


LOCATOR = f"{__name__}.{KernelCacheLocator.__name__}"
"""The locator's full name, as ``NUMBA_CACHE_LOCATOR_CLASSES`` takes it."""
