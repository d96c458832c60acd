"""The kept index of the finished games, ``history/summary.json``: for each record its name, size and
modification time and the facts read from it (:class:`Finished`), so that «Успехи» and the finished games'
list open in the same time with a thousand games as with ten.

The records stay the truth and the index only a copy, checked at each open against the folder: the names
listed and each record's size and time looked at (:func:`check`), never its content. A record added,
replaced or edited behind the game's back has another size or time, so only it is read again; one removed
is dropped; one that cannot be read is remembered as such with its size and time (counted, not read again
until it changes). A lost, damaged or hostile index (huge, binary, of another version, a folder in its
place) is rebuilt from the records with a line in the log, never a crash. Written atomically whenever it
no longer says what the folder holds.

Two windows sharing the data folder may each write it: every open checks the folder anyway, so an index
another window wrote a moment before ours (or ours before theirs) costs at most a few records read again.
The facts known are kept for the run (:data:`_known`) with the index file's identity as last read or
written, so that the file is parsed again only when someone else changed it.

Version 2 added each record's size and time; a version 1 summary (facts only) is taken for the records as
they are when it is first read, as the game that wrote it did.
"""

from __future__ import annotations

import json
import logging
import os
import stat
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import NamedTuple

from engine import sgf
from game.storage.atomic import write_atomically
from game.storage.errors import Notice, StoreError
from game.storage.finished import Finished, is_record_name
from game.storage.reading import read_limited

log = logging.getLogger(__name__)

SUMMARY_FILE = "summary.json"
SUMMARY_VERSION = 2
"""The written form of the index: 2 keeps each record's size and time beside its facts."""
ADOPTED_VERSION = 1
"""The facts-only summary read as if its records were unchanged since."""
MAX_SUMMARY_BYTES = 4 * 1024 * 1024
"""An index larger than this (2,000 games take about 700 KB) is no index of ours: rebuilt."""

Stamp = tuple[int, int]
"""A record's size in bytes and modification time in ns: another stamp, another content."""


class Known(NamedTuple):
    """What is known of one record: its stamp when it was read, and what was read (a tuple: a thousand are
    made at each first open, three times faster than a frozen dataclass)."""

    stamp: Stamp | None
    """None: from a version 1 summary, taken for the record as it is the first time it is looked at."""
    facts: Finished | None
    """None: it could not be read (not read again until its stamp changes)."""
    listed: bool = True
    """A regular file, so the finished games' list shows it (a folder or a pipe named ``*.sgf`` is not)."""


FileId = tuple[int, int, int, int]
"""The index file's inode, size, modification and change times: another one, another content."""
_known: dict[Path, tuple[FileId | None, dict[str, Known]]] = {}
"""Per history folder, this run's knowledge of its records, and the identity of the index file when it last
said exactly that (None: it did not: written again at the next open)."""


def forget() -> None:
    """Drop what is held in memory (the next open reads the index file): for a changed data folder and tests."""
    _known.clear()
    _settled.clear()
    _doubted.clear()
    _unchecked.clear()


def file_id(path: Path) -> FileId | None:
    """The file's identity (its inode, size and times) as it is now; None if there is none to look at."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


RACY_SECONDS = 2.0
"""How long after the folder last changed a look at it may have missed a change in the same tick of the file
system's clock (FAT's is two seconds): a look sooner than that is not trusted for :func:`quick`."""
RECHECK_SLICE = 100
"""Records whose size and time :func:`recheck` looks at in one call (a frame's share: well under a millisecond)."""
_settled: dict[Path, tuple[int, int, FileId | None]] = {}
"""Per history folder, its own modification time and inode (and the index file's identity) when the last whole
check found it settled: while they stay, no record was added, removed or replaced."""
_doubted: set[Path] = set()
"""History folders where :func:`recheck` found a record changed: the next check looks at every record."""
_unchecked: dict[Path, list[str]] = {}
"""Per history folder, the records :func:`recheck` has still to look at since the last whole check."""


def _folder_id(folder: Path) -> tuple[int, int] | None:
    try:
        st = folder.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_ino)


def quick(folder: Path) -> dict[str, Known] | None:
    """The records as the last whole :func:`check` found them, if neither the folder nor the index changed since
    (two looks, whatever the number of records); None when a whole check is due. A record edited in place (the
    folder unchanged) is found by :func:`recheck`, a slice a frame, while a screen shows the history."""
    settled, held = _settled.get(folder), _known.get(folder)
    if settled is None or held is None or held[0] is None:
        return None
    if (*(_folder_id(folder) or (-1, -1)), file_id(folder / SUMMARY_FILE)) != settled:
        return None
    return held[1]


def recheck(folder: Path, count: int = RECHECK_SLICE) -> bool | None:
    """The sizes and times of the next ``count`` records compared with what is held: True when one differs (the
    next :func:`quick` is refused, so the next open checks them all), False when none did, None when all have
    been looked at since the last whole check."""
    names, held = _unchecked.get(folder), _known.get(folder)
    if not names or held is None:
        return None
    where = os.path.join(folder, "")
    for _ in range(min(count, len(names))):
        name = names.pop()
        known = held[1].get(name)
        try:
            st = os.stat(where + name)
            stamp: Stamp = (st.st_size, st.st_mtime_ns)
        except OSError:
            stamp = (-1, -1)
        if known is None or known.stamp != stamp:
            log.info("finished game %s changed behind the game's back: the history is checked again", name)
            _settled.pop(folder, None)
            _unchecked.pop(folder, None)
            _doubted.add(folder)
            return True
    return False


def check(folder: Path, read: Callable[[Path], Finished], added: Mapping[str, Finished],
          notices: list[Notice], *, by_name: bool = False) -> dict[str, Known]:
    """Every ``*.sgf`` in ``folder`` by name with its facts: from the index where its stamp still matches, from
    ``added`` (records this run just wrote), else ``read`` from the record now. The index written again if it
    no longer says this. OSError if the folder cannot be listed (FileNotFoundError: there is none yet).

    ``by_name`` (a screen's open): a record the index knows is taken as it says without looking at its size
    and time (the folder listed, no call per record); :func:`recheck` compares them afterwards.

    The dict returned is the one the last check returned when nothing changed since: not to be altered."""
    began = time.time()
    _settled.pop(folder, None)
    if folder in _doubted:  # a record was seen changed: each one looked at, not taken by name
        by_name = False
        _doubted.discard(folder)
    index = folder / SUMMARY_FILE
    index_id = file_id(index)
    held_id, held = _known.get(folder, (None, {}))
    says: dict[str, Known] | None = held  # what the index file says, where it is known
    if index_id is None or index_id != held_id:
        from_file = read_index(index, notices)
        says = from_file
        base = held if from_file is None else {**held, **from_file}
    else:
        base = held
    now: dict[str, Known] = {}
    changed = says is None
    with os.scandir(folder) as listing:
        records = [e for e in listing if e.name.endswith(".sgf") and not e.name.startswith(".")]
    if says is not None and len(records) != len(says):
        changed = True
    if index_id is None and len(records) > len(added):  # records but no index: it was lost (a new folder has none)
        log.info("the index of finished games is missing: built again from the %d records", len(records))
    same = len(records) == len(held)
    for record in records:
        name = record.name
        old = base.get(name)
        entry = old if by_name and old is not None and old.stamp is not None else _look(record, old, read, added)
        now[name] = entry
        if not changed and (says is None or says.get(name) is not entry):
            changed = True
        if same and held.get(name) is not entry:
            same = False
    if same:
        now = held  # the very same knowledge: the caller may keep what it made of it (the list's rows)
    if not changed:
        _known[folder] = (index_id, now)
    else:
        try:
            write_index(index, now)
            _known[folder] = (file_id(index), now)
        except OSError as e:  # a copy: not written now, written at the next open
            log.warning("the index of finished games was not written: %s", e)
            _known[folder] = (None, now)
    _settle(folder, began)
    return now


def _settle(folder: Path, began: float) -> None:
    """The folder as this check left it, trusted by :func:`quick` if it had not changed for a while when the
    check began (a change within the same tick of its clock would not show in its time); every record
    to :func:`recheck` again."""
    _unchecked[folder] = list(_known[folder][1])
    folder_id = _folder_id(folder)
    if folder_id is not None and folder_id[0] < (began - RACY_SECONDS) * 1e9:
        _settled[folder] = (*folder_id, _known[folder][0])


_SIZES_LISTED = os.name == "nt"
"""Windows' folder listing carries each file's size and time (no call per file); elsewhere a stat is cheaper
than the listing's own (``os.DirEntry.stat``: twice as slow here)."""


def _look(record: os.DirEntry[str], old: Known | None, read: Callable[[Path], Finished],
          added: Mapping[str, Finished]) -> Known:
    """A record as it is now: ``old`` while its stamp matches, else read again (only this one)."""
    name = record.name
    try:  # following a link: what matters is what would be read
        st = record.stat() if _SIZES_LISTED else os.stat(record.path)
        stamp: Stamp = (st.st_size, st.st_mtime_ns)
        listed = stat.S_ISREG(st.st_mode)
    except OSError as e:  # a link to nowhere, a file gone meanwhile
        stamp, listed = (-1, -1), False
        if old is None or old.stamp != stamp:
            log.warning("finished game %s not read: %s", name, e)
        return old if old is not None and old.stamp == stamp else Known(stamp, None, False)
    if old is not None and old.stamp == stamp:
        return old
    if old is not None and old.stamp is None and old.facts is not None:  # adopted from a version 1 summary
        return Known(stamp, old.facts, listed)
    facts = added.get(name)
    if facts is None:
        try:
            facts = read(Path(record.path))
        except (StoreError, sgf.SgfError, OSError, ValueError, RecursionError) as e:
            log.warning("finished game %s not read: %s", name, e)
    return Known(stamp, facts, listed)


def read_index(path: Path, notices: list[Notice]) -> dict[str, Known] | None:
    """The index's records by name; None when there is none to trust (when it is damaged, a line in the log
    and a notice), so all is checked and read anew."""
    try:
        data = json.loads(read_limited(path, MAX_SUMMARY_BYTES))
        if not isinstance(data, dict) or data.get("version") not in (SUMMARY_VERSION, ADOPTED_VERSION) \
                or not isinstance(data.get("games"), list) or not isinstance(data.get("unread", []), list):
            raise ValueError("not an index of finished games of a version this game reads")
        adopted = data["version"] == ADOPTED_VERSION
        known: dict[str, Known] = {}
        for item in data["games"]:
            facts = Finished.from_json(item)
            known[facts.file] = Known(None if adopted else _stamp_of(item), facts)
        for item in data.get("unread", []):
            if not isinstance(item, dict) or not is_record_name(item.get("file")):
                raise ValueError("an unread record without a name")
            known[item["file"]] = Known(_stamp_of(item), None, item.get("listed") is True)
    except FileNotFoundError:
        return None
    except (StoreError, OSError, ValueError, RecursionError) as e:  # bad JSON and wrong fields are ValueErrors
        log.warning("the index of finished games is rebuilt from the records: %s", e)
        notices.append(Notice("history.rebuilt"))
        return None
    return known


def _stamp_of(item: Mapping[str, object]) -> Stamp:
    size, time = item.get("size"), item.get("mtime_ns")
    if type(size) is not int or type(time) is not int or size < -1 or time < -1:
        raise ValueError("a record's size and time are whole numbers")
    return (size, time)


def write_index(path: Path, known: Mapping[str, Known]) -> None:
    """``known`` written as the index, atomically. OSError if it cannot be."""
    games: list[dict[str, object]] = []
    unread: list[dict[str, object]] = []
    for name, entry in known.items():
        size, time = entry.stamp if entry.stamp is not None else (-1, -1)
        if entry.facts is not None:
            facts = entry.facts.to_json()  # a new dict each time: the stamp added to it
            facts["size"], facts["mtime_ns"] = size, time
            games.append(facts)
        else:
            unread.append({"file": name, "size": size, "mtime_ns": time, "listed": entry.listed})
    games.sort(key=lambda g: (str(g["when"]), str(g["file"])))
    data = {"version": SUMMARY_VERSION, "games": games, "unread": unread}
    write_atomically(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
