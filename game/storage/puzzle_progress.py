"""«Задачи»: the stars won at each puzzle, kept in the data folder as ``puzzles.json``.

``{"version": 1, "stars": {"<puzzle name>": 0–3}}``, written whole and atomically after each puzzle
solved (:func:`game.storage.atomic.write_atomically`). A file that cannot be read, is not this shape or
is of a later version is set aside (renamed ``puzzles.corrupt-<time>.json``) and the player starts
afresh with a notice (:attr:`PuzzleProgress.notice`); a folder that cannot be written keeps the stars
for the run and says so. Names that are no puzzle's any more are kept as they are.
"""

from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

from game.paths import user_data_dir
from game.storage.atomic import free_path, write_atomically
from game.storage.errors import Notice, problem_of
from game.storage.reading import read_limited

log = logging.getLogger(__name__)

FILE = "puzzles.json"
VERSION = 1
MOST_BYTES = 1024 * 1024
MOST_STARS = 3


class PuzzleProgress:
    """The stars per puzzle name, read once, saved after each change."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self.stars: dict[str, int] = {}
        self.notice: Notice | None = None
        """Said once on the puzzles' screen: the file was damaged, or cannot be written."""

    @property
    def path(self) -> Path:
        return (self.folder if self.folder is not None else user_data_dir()) / FILE

    def load(self) -> PuzzleProgress:
        """Read the file (a missing one is no progress yet); returns self."""
        try:
            path = self.path
            raw = read_limited(path, MOST_BYTES)
        except FileNotFoundError:
            return self
        except OSError as e:
            log.warning("puzzle progress not read: %s", e)
            self.notice = Notice("puzzles.progress_unread", why=problem_of(e))
            return self
        try:
            self.stars = _stars_of(json.loads(raw.decode("utf-8")))
        except (ValueError, UnicodeDecodeError) as e:
            log.warning("puzzle progress %s damaged (%s): set aside, starting afresh", path, e)
            self.notice = Notice("puzzles.progress_damaged")
            _set_aside(path)
        return self

    def record(self, name: str, stars: int) -> None:
        """Keep ``stars`` for ``name`` when more than before, and save."""
        if stars <= self.stars.get(name, 0):
            return
        self.stars[name] = min(MOST_STARS, stars)
        data = json.dumps({"version": VERSION, "stars": self.stars}, ensure_ascii=False, indent=0)
        try:
            write_atomically(self.path, data.encode("utf-8"))
        except OSError as e:
            log.warning("puzzle progress not saved: %s", e)
            self.notice = Notice("puzzles.progress_unsaved", why=problem_of(e, writing=True))

    def solved(self, name: str) -> bool:
        return self.stars.get(name, 0) > 0


def _stars_of(data: object) -> dict[str, int]:
    """The stars a parsed file holds; ValueError when it is not the shape this version writes."""
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("stars"), dict):
        raise ValueError("not a puzzle progress file of version 1")
    stars = {}
    for name, count in data["stars"].items():
        if not isinstance(name, str) or type(count) is not int or not 0 <= count <= MOST_STARS:
            raise ValueError(f"odd entry {name!r}: {count!r}")
        stars[name] = count
    return stars


def _set_aside(path: Path) -> None:
    target = free_path(path.parent, f"{path.stem}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}", path.suffix)
    try:
        os.replace(path, target)
    except OSError as e:
        log.warning("damaged puzzle progress not set aside: %s", e)
