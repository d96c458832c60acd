"""PyInstaller's runtime hook for the one-file executable (``build.spec``): numpy, numba and llvmlite
unpack on their first import instead of before Python starts (``tools/onefile_unpack.py`` says why).

It runs in every process of the executable before ``main.py``, in ``main.py``'s namespace: hence
the one function, deleted once called.
"""

from __future__ import annotations


def _unpack_on_import() -> None:
    from tools import onefile_unpack

    onefile_unpack.install()


_unpack_on_import()
del _unpack_on_import
