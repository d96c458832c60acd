"""The achievements' count over the finished games kept (:class:`~game.storage.achievements.Count`), kept in
``standings.json`` in the data folder with what it was counted over, so that opening «Достижения» or keeping
one more game folds in only the games the count has not seen, not a thousand again.

Only a copy of what the history gives: the file says how many games it folded, oldest first, and a digest of
those games' facts in order (:func:`fingerprint`). While the history's oldest games are still exactly those,
only the games after them are folded; otherwise (a game removed, one kept before others when the clock was put
back, a record edited, the rules changed, the file lost, damaged, hostile or of another version) the whole
history is counted again, with a line in the log and no notice (nothing is lost), and the file written anew.
Written atomically (:mod:`game.storage.atomic`), in the data folder and not in the history's own: a write in
there would make the screens look over the whole folder again (:func:`game.storage.history_index.quick`).

What was last read or written is held for the run with the file's identity, and the count of the history's
records (:attr:`History.records`, the same dict while nothing changed), so that opening the page again reads
nothing and digests nothing.
"""

from __future__ import annotations

import hashlib
import json
import logging
import operator
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.paths import user_data_dir
from game.storage.achievements import ACHIEVEMENTS, RULES_VERSION, Count
from game.storage.atomic import write_atomically
from game.storage.errors import StoreError
from game.storage.finished import Finished
from game.storage.history_index import FileId, file_id
from game.storage.reading import read_limited

if TYPE_CHECKING:
    from game.storage.history import History

log = logging.getLogger(__name__)

STANDINGS_FILE = "standings.json"
VERSION = 1
"""The written form of :data:`STANDINGS_FILE`; another is counted again and written over (it is only a copy)."""
MAX_STANDINGS_BYTES = 64 * 1024
"""Far beyond what the count takes (some 1.5 KB)."""
RULES = [RULES_VERSION, *(f"{a.key}:{a.goal}:{a.fold.value}" for a in ACHIEVEMENTS)]
"""The rules the count was made under: another list (an achievement added, a goal moved), another count."""
_MOST = 10**9
"""More than any count a history of finished games reaches (a sum of 2,000 games' captures)."""

_held: tuple[Path, FileId, str, Count] | None = None
"""The file as last read or written: its path and identity, the digest of the games counted and the count."""
_of_records: tuple[Mapping[str, object], Count] | None = None
"""The history's records (:attr:`History.records`) last counted over and their count."""


def forget() -> None:
    """Drop what is held in memory (the next count reads the file): for a changed data folder and tests."""
    global _held, _of_records, _lines_of
    _held = _of_records = None
    _lines_of = ([], [])


def standings_path() -> Path:
    """Where the count is kept; OSError if the data folder is unusable."""
    return user_data_dir() / STANDINGS_FILE


def fingerprint(game: Finished) -> str:
    """One game's facts in a line: the digest of the games counted is made of these, in order (every field, so
    a record edited behind the game's back is another game)."""
    return repr(_FACTS(game))


_FACTS = operator.attrgetter(*Finished.__dataclass_fields__)
"""Every field of the facts, as a tuple (1.5 µs a game: a history of 1,000 fingerprinted in 1.5 ms)."""


def fingerprints(games: Sequence[Finished]) -> list[str]:
    """Each game's :func:`fingerprint`: those of the games fingerprinted last time taken again while they are
    the very same facts (the history holds them for the run), so that one game more costs one line."""
    global _lines_of
    old_games, old_lines = _lines_of
    same = 0
    for game, old in zip(games, old_games, strict=False):
        if game is not old:
            break
        same += 1
    lines = old_lines[:same] + [fingerprint(g) for g in games[same:]]
    _lines_of = (list(games), lines)
    return lines


_lines_of: tuple[list[Finished], list[str]] = ([], [])
"""The games last fingerprinted, and their fingerprints."""


def digest(lines: Sequence[str]) -> str:
    """The digest of the games whose :func:`fingerprint` are ``lines``, in order."""
    return hashlib.blake2b("\n".join(lines).encode(), digest_size=16).hexdigest()


def of_history(history: History) -> Count:
    """The count over ``history``'s games, kept for the next time. Never raises."""
    global _of_records
    if _of_records is not None and _of_records[0] is history.records:
        return _of_records[1].copy()
    lines = fingerprints(history.games)
    count = counted(history.games, lines)
    if history.games:  # (no history, nothing worth a file)
        keep(count, lines)
    _of_records = (history.records, count.copy())
    return count


def counted(games: Sequence[Finished], lines: Sequence[str] | None = None) -> Count:
    """The count over ``games`` (oldest first; ``lines``: their fingerprints if made already): the kept one
    where it counted the oldest of them, the rest folded in; else counted anew. Never raises."""
    lines = lines if lines is not None else fingerprints(games)
    kept = _kept()
    if kept is not None:
        done, count = kept
        if count.games <= len(games) and done == digest(lines[:count.games]):
            return count.copy().fold(games[count.games:])
        log.info("the achievements are counted again over the %d finished games: the history changed", len(games))
    return Count().fold(games)


def keep(count: Count, lines: Sequence[str]) -> None:
    """``count``, made over the games whose fingerprints are ``lines``, written as the file unless it says so
    already. Never raises: a file not written is counted again next time."""
    global _held
    assert count.games == len(lines), "a count is kept with the games it was made over"
    done = digest(lines)
    if _held is not None and _held[2] == done and _held[3].games == count.games:
        try:
            if file_id(standings_path()) == _held[1]:
                return
        except OSError:
            return
    data = {"version": VERSION, "rules": RULES, "games": count.games, "digest": done, "total": count.total,
            "run": count.run, "by": count.by}
    data["check"] = _check(data)
    try:
        path = standings_path()
        write_atomically(path, json.dumps(data, separators=(",", ":")).encode())
        written = file_id(path)
    except OSError as e:
        log.warning("the achievements' count was not kept: %s", e)
        _held = None
        return
    _held = (path, written, done, count.copy()) if written is not None else None


def _check(data: Mapping[str, object]) -> str:
    """A digest of the rest of the file: a count altered by hand or by a fault is counted again."""
    rest = {k: v for k, v in data.items() if k != "check"}
    return hashlib.blake2b(json.dumps(rest, sort_keys=True).encode(), digest_size=8).hexdigest()


def _kept() -> tuple[str, Count] | None:
    """The digest of the games the file counted and its count (a copy of what is held while the file is the one
    last read or written); None when there is none to trust."""
    global _held
    try:
        path = standings_path()
        identity = file_id(path)
        if identity is None:
            return None
        if _held is not None and _held[:2] == (path, identity):
            return _held[2], _held[3].copy()
        done, count = _read(path)
    except FileNotFoundError:
        return None
    except (StoreError, OSError, ValueError, RecursionError) as e:  # bad JSON and wrong fields are ValueErrors
        log.warning("the achievements' kept count is not used, counted again: %s", e)
        return None
    _held = (path, identity, done, count.copy())
    return done, count


def _read(path: Path) -> tuple[str, Count]:
    """The file's digest and count, checked field by field; ValueError (or OSError, StoreError) otherwise."""
    data = json.loads(read_limited(path, MAX_STANDINGS_BYTES))
    if not isinstance(data, dict) or data.get("version") != VERSION or data.get("rules") != RULES:
        raise ValueError("not a count of this game's version and rules")
    if data.get("check") != _check(data):
        raise ValueError("altered since it was written")
    games, done = data.get("games"), data.get("digest")
    if type(games) is not int or not 0 <= games <= _MOST or not isinstance(done, str):
        raise ValueError("no number of games counted, or no digest")
    total, run, by = data.get("total"), data.get("run"), data.get("by")
    size = len(ACHIEVEMENTS)
    if not all(isinstance(v, list) and len(v) == size for v in (total, run, by)):
        raise ValueError("not a count per achievement")
    assert isinstance(total, list) and isinstance(run, list) and isinstance(by, list)
    for i, a in enumerate(ACHIEVEMENTS):
        t, r, b = total[i], run[i], by[i]
        if type(t) is not int or type(r) is not int or not 0 <= t <= _MOST or not 0 <= r <= _MOST:
            raise ValueError(f"{a.key}: no count")
        if not (b is None and t < a.goal or type(b) is int and 1 <= b <= games and t >= a.goal):
            raise ValueError(f"{a.key}: reached by no game counted")
    return done, Count(games, total, run, by)
