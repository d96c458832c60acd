"""Compile the kernel for shipping: ``python -m ai.kernel.prepare OUTDIR``.

Compiles every kernel function, both rule sets (as the loader does), for numba's generic CPU
(``ai.kernel.cache.CPU_NAME``) into ``OUTDIR/numba-<the sources' hash>-<python and numba>/``, marks it complete and
exits 0; on failure it prints one line and exits 1. A build puts OUTDIR's content in
``ai.kernel.cache.SHIPPED_FOLDER`` at the bundle's root, where the loader finds it: a player's first
launch then loads the kernel instead of compiling it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ai.kernel import cache


def prepare(outdir: Path) -> Path:
    """Compile the kernel into a fresh cache folder under ``outdir``; the folder made."""
    os.environ[cache.CACHE_ENV] = str(outdir)  # read by ai.kernel.jit, imported below
    from ai.kernel import jit  # imports numba, whose version names the folder

    if jit.load_error is not None:
        raise jit.load_error
    folder = jit.folder
    cache.remove(folder)  # nothing of an earlier run is shipped (nothing is compiled before warm's import)
    if not jit.caching:
        raise OSError(f"{folder} cannot be written")
    from ai.kernel import warm

    warm.compile_all()
    made, wanted = cache.code_files(folder), cache.cached_functions()
    if made != wanted:
        raise RuntimeError(f"{folder} holds {made} compiled functions, not {wanted}")
    cache.mark_complete(folder)
    return folder


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m ai.kernel.prepare OUTDIR", file=sys.stderr)
        return 2
    try:
        folder = prepare(Path(args[0]).resolve())
    except Exception as error:  # noqa: BLE001 - one line for the build's log, whatever went wrong
        print(f"the kernel could not be compiled for shipping: {type(error).__name__}: {error}".replace("\n", " "),
              file=sys.stderr)
        return 1
    print(f"the kernel is compiled for shipping in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
