"""Which program this is: its name and version, read from pyproject.toml, the one place they are written.

The window's title, the F1 card, saved records (``AP[tochki-strany:1.0.0]``) and the
executables' metadata all take the version from here. build.spec puts pyproject.toml at
the root of the frozen bundle, where this file's folder (``engine/``) also sits, so the
same reading works in the executable.

>>> VERSION.count(".") >= 2 and NAME
'tochki-strany'
"""

from __future__ import annotations

import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def _project() -> dict[str, str]:
    try:
        text = PYPROJECT.read_text(encoding="utf-8")
    except OSError as exc:
        # Only a broken build gets here; the smoke run of every build starts the game and would fail.
        raise RuntimeError(f"the game's version is read from {PYPROJECT}, which cannot be read: {exc}") from exc
    project = tomllib.loads(text)["project"]
    return {"name": str(project["name"]), "version": str(project["version"])}


_PROJECT = _project()
NAME: str = _PROJECT["name"]
"""The program's name as files and records spell it (ASCII)."""
VERSION: str = _PROJECT["version"]
"""``X.Y.Z``, as released: the tag of a release is ``vX.Y.Z``."""
