"""The achievements earned: counted from the history (:mod:`game.storage.achievements`), and kept in
``achievements.json`` in the data folder so that one earned by a game the history has since let go
(the oldest go when it is full) stays earned.

The file only adds: what the history earns is earned whatever the file says, so a lost, damaged or
hostile file takes nothing away that the kept games still show; it is read within a limit, checked
field by field, and when it is not ours the player reads a line saying so and the file is written anew
at the next achievement. A file of a later version is left alone. Written atomically
(:mod:`game.storage.atomic`).

:func:`announce` is what the results ask after a game is kept: the achievements this game earned,
those its history earns with it and did not earn without it, less those the file already had. Both it and
:func:`board` take the count over the history from :mod:`game.storage.standings`, which keeps it, so that
neither counts a thousand games when only one is new.
"""

from __future__ import annotations

import bisect
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from game.paths import user_data_dir
from game.storage import standings as kept_standings
from game.storage.achievements import ACHIEVEMENTS, BY_KEY, Achievement, Standing
from game.storage.atomic import write_atomically
from game.storage.errors import Notice, StoreError, problem_of
from game.storage.history import History, Kept, load
from game.storage.reading import read_limited

log = logging.getLogger(__name__)

EARNED_FILE = "achievements.json"
VERSION = 1
"""The written form of :data:`EARNED_FILE`; a later one is not read nor written over."""
MAX_EARNED_BYTES = 64 * 1024
"""Far beyond what a list of every achievement with its date takes (some 2 KB)."""


def earned_path() -> Path:
    """Where the earned achievements are kept; OSError if the data folder is unusable."""
    return user_data_dir() / EARNED_FILE


@dataclass
class Stored:
    """What the file says: the keys earned with when (``2025-01-18T14:03:22``), and what went wrong."""

    when: dict[str, str] = field(default_factory=dict)
    notices: list[Notice] = field(default_factory=list)
    later: bool = False
    """Written by a later version of the game: neither read nor written over."""


def read_stored() -> Stored:
    """The earned achievements the file holds; never raises (a missing file holds none)."""
    stored = Stored()
    try:
        data = json.loads(read_limited(earned_path(), MAX_EARNED_BYTES))
        version = data.get("version") if isinstance(data, dict) else None
        if type(version) is int and version > VERSION:
            log.warning("achievements.json is of version %d, later than this game's: left alone", version)
            stored.later = True
            stored.notices.append(Notice("achievements.later"))
            return stored
        earned = data.get("earned") if isinstance(data, dict) and version == VERSION else None
        if not isinstance(earned, dict):
            raise ValueError("not a list of achievements of this version")
        for key, when in earned.items():
            if key not in BY_KEY or not isinstance(when, str) or len(when) > 40:
                raise ValueError(f"{str(key)[:40]!r}: no achievement of this game, or no date")
            stored.when[key] = when
    except FileNotFoundError:
        pass
    except (StoreError, OSError, ValueError, RecursionError) as e:  # bad JSON is a ValueError too
        log.warning("the earned achievements are counted from the finished games alone: %s", e)
        stored.when.clear()
        why = e.problem if isinstance(e, StoreError) else problem_of(e) if isinstance(e, OSError) else None
        stored.notices.append(Notice("achievements.damaged") if why is None else
                            Notice("achievements.unreadable", why))
    return stored


def write_stored(when: dict[str, str]) -> None:
    """``when`` (key → the date it was earned) written as the file. StoreError if it cannot be."""
    data = {"version": VERSION, "earned": {a.key: when[a.key] for a in ACHIEVEMENTS if a.key in when}}
    try:
        write_atomically(earned_path(), json.dumps(data, ensure_ascii=False, indent=1).encode())
    except OSError as e:
        raise StoreError(problem_of(e, writing=True), f"achievements not written: {e}") from e


@dataclass(frozen=True)
class Shown:
    """An achievement as the scene shows it: its standing over the history, earned by it or by the file,
    and when (None: not earned)."""

    standing: Standing
    when: str | None

    @property
    def achievement(self) -> Achievement:
        return self.standing.achievement

    @property
    def earned(self) -> bool:
        return self.when is not None

    @property
    def value(self) -> int:
        """The progress shown: the goal once earned, even if the games that earned it are gone."""
        return self.standing.goal if self.earned else self.standing.value


@dataclass
class Board:
    """Every achievement as shown, in :data:`ACHIEVEMENTS`' order, and what could not be read."""

    shown: list[Shown]
    notices: list[Notice]

    @property
    def earned(self) -> int:
        return sum(1 for s in self.shown if s.earned)


def board(history: History | None = None) -> Board:
    """The achievements over ``history`` (None: the one on disk now) and the file. Never raises."""
    history = history if history is not None else load()
    stored = read_stored()
    shown = []
    for s in kept_standings.of_history(history).standings():
        when = stored.when.get(s.achievement.key)
        if s.by is not None:
            when = min(when or "~", history.games[s.by - 1].when)  # the earliest the player earned it
        shown.append(Shown(s, when))
    return Board(shown, [*history.notices, *stored.notices])


def announce(kept_game: Kept) -> list[Achievement]:
    """The achievements the game just kept earned (nothing if it was not kept), written to the file with
    every other the history earns. Never raises: a file that cannot be written is logged, and the
    announcement stands (the history earns them anyway).

    The games before it are counted once (from the kept count, :mod:`game.storage.standings`: usually only
    the game before this one is new to it), and this game folded in; the count over the history with it is
    kept for the page when no old game went to make room for it."""
    facts = kept_game.facts
    if facts is None:
        return []
    games = kept_game.history.games
    earlier = kept_game.earlier if kept_game.earlier is not None else [g for g in games if g.file != facts.file]
    at = bisect.bisect([(g.when, g.file) for g in earlier], (facts.when, facts.file))  # the newest, but for
    after = [*earlier[:at], facts, *earlier[at:]]  # a clock put back: then the later ones are folded in twice
    lines = kept_standings.fingerprints(after)
    base = kept_standings.counted(earlier[:at], lines[:at])
    before = base.copy().fold(earlier[at:])
    now = base.add(facts).fold(earlier[at:])
    if len(after) == len(games):
        kept_standings.keep(now, lines)
    stored = read_stored()
    had, got = before.earned(), now.earned()
    new = [a for a in ACHIEVEMENTS if a.key in got and a.key not in had and a.key not in stored.when]
    when = dict(stored.when)
    for a, by in zip(ACHIEVEMENTS, now.by, strict=True):
        if by is not None:
            when.setdefault(a.key, after[by - 1].when)
    if when != stored.when and not stored.later:
        try:
            write_stored(when)
        except StoreError as e:
            log.warning("%s", e)
    return new
