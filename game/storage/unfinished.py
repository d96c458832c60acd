"""The games in progress, one SGF record each in ``unfinished/<slot>.sgf``, rewritten after every move,
with their set-up in the private root property ``TOCHKI[...]``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import secrets
import stat
import time
from collections import OrderedDict
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from engine import Game, sgf
from game.paths import user_data_dir
from game.storage import holding
from game.storage.atomic import (
    read_bounded,
    remove_stale_temporaries,
    set_aside,
    write_atomically,
)
from game.storage.errors import Notice, StoreError, problem_of
from game.storage.reading import kind_of

log = logging.getLogger(__name__)

AUTOSAVE_FILE = "autosave.sgf"
"""The one game in progress that earlier versions kept; adopted into :data:`UNFINISHED_DIR`."""
UNFINISHED_DIR = "unfinished"
META_PROPERTY = "TOCHKI"
"""The private SGF root property that carries the autosave's set-up as JSON."""
LIST_STEP_SECONDS = 0.015
"""What a frame may spend reading a folder's entries beyond its first step (this list's and the saved
games'): the rest waits for the next frames, never left out."""
MAX_KNOWN = 256
"""Games in progress kept as read (by file: a move since reads it again), so the list after the menu reads none."""


class Resumable(NamedTuple):
    """A game in progress: its SGF record, its set-up (``meta``), its slot, when it was last saved,
    and the record as ``engine.sgf.read`` read it (the game, its clock, its hints): read once, when
    listed, and resumed from that."""

    text: str
    meta: dict[str, Any]
    slot: str = ""
    modified: datetime | None = None
    record: sgf.Record | None = None

    @property
    def game(self) -> Game | None:
        """The game as listed (None: not read yet)."""
        return self.record.game if self.record is not None else None


# The root node's opening, "(;", then our property if it is there, value escaped as SGF does.
_ROOT_START = re.compile(r"\ufeff?\s*\(\s*;")
_META = re.compile(META_PROPERTY + r"\[((?:[^\\\]]|\\.)*)\]", re.DOTALL)
# A slot names a file in the unfinished folder: letters, digits, '-' and '_' only.
_SLOT = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _sgf_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _sgf_unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text, flags=re.DOTALL)


def with_meta(sgf_text: str, meta: dict[str, Any]) -> str:
    """``sgf_text`` with ``meta`` as JSON in the ``TOCHKI`` property, first in the root node.

    >>> with_meta("(;GM[40]SZ[5])", {"mode": "hotseat"})
    '(;TOCHKI[{"mode": "hotseat"}]GM[40]SZ[5])'
    """
    start = _ROOT_START.match(sgf_text)
    if start is None:
        raise StoreError("problem.not_record", "not an SGF record: it must begin with '(;'")
    try:
        # ASCII-only JSON: nothing in it can clash with the record's encoding.
        blob = json.dumps(meta, sort_keys=True)
    except (TypeError, ValueError) as e:
        raise StoreError("problem.not_written", f"the game's set-up cannot be saved: {e}") from None
    return f"{sgf_text[:start.end()]}{META_PROPERTY}[{_sgf_escape(blob)}]{sgf_text[start.end():]}"


def split_meta(text: str) -> tuple[str, dict[str, Any]]:
    """The record without the ``TOCHKI`` property, and the set-up it held.

    A missing or unreadable set-up gives ``{}``: the game itself is what matters,
    and the caller falls back to its defaults.

    >>> split_meta('(;TOCHKI[{"mode": "hotseat"}]GM[40]SZ[5])')
    ('(;GM[40]SZ[5])', {'mode': 'hotseat'})
    """
    start = _ROOT_START.match(text)
    found = _META.match(text, start.end()) if start else None
    if start is None or found is None:
        return text, {}
    try:
        meta = json.loads(_sgf_unescape(found.group(1)))
    except ValueError:
        meta = None
    if not isinstance(meta, dict):
        log.warning("the autosave's set-up is unreadable; resuming with defaults")
        meta = {}
    return text[:found.start()] + text[found.end():], meta


def autosave_path() -> Path:
    """Where earlier versions kept their one game in progress (adopted by :func:`list_current`)."""
    return user_data_dir() / AUTOSAVE_FILE


def unfinished_dir() -> Path:
    """The folder of games in progress (not created until one is saved)."""
    return user_data_dir() / UNFINISHED_DIR


def new_slot() -> str:
    """A fresh slot name for a new game in progress: when it began, and a random tail.

    >>> bool(_SLOT.fullmatch(new_slot()))
    True
    """
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"


def slot_path(slot: str) -> Path:
    """The file of the game in progress ``slot``; ValueError for a name that is not a slot."""
    if not _SLOT.fullmatch(slot):
        raise ValueError(f"not a slot name: {slot!r}")
    return unfinished_dir() / f"{slot}.sgf"


def save_current(sgf_text: str, meta: dict[str, Any], slot: str | None = None) -> str:
    """Saves a game in progress, atomically, over the previous save of the same ``slot``; the slot.

    ``slot`` None starts a new one. ``meta`` is what goes with the game, any JSON-able dict:
    ``game.storage.autosave.autosave_meta`` makes it, the set-up in ``MatchSettings``' written form.
    Raises :class:`StoreError` if it could not be written (the previous save is then
    still whole); the play scene shows the message and plays on.
    """
    slot = slot or new_slot()
    data = with_meta(sgf_text, meta).encode("utf-8")
    try:
        path = slot_path(slot)
        path.parent.mkdir(parents=True, exist_ok=True)
        holder = holding.take(path)  # only the window that holds a game writes it
        if holder is not None:
            raise StoreError("problem.held", f"the game {slot} is held by process {holder.pid} on {holder.host!r}")
        write_atomically(path, data)
    except OSError as e:
        raise StoreError(problem_of(e, writing=True), f"the game could not be autosaved: {e}") from e
    return slot


def clear_current(slot: str | None = None) -> bool:
    """Forgets the game in progress ``slot`` (it has ended, or the player deleted it);
    None: the single game in progress of earlier versions. False when it is left alone: another
    window plays it (:func:`held_elsewhere`), or it could not be removed. Never raises."""
    try:
        path = autosave_path() if slot is None else slot_path(slot)
        if slot is not None and held_elsewhere(slot):
            log.warning("game in progress %s not removed: another window plays it", slot)
            return False
        path.unlink(missing_ok=True)
    except (OSError, ValueError) as e:
        log.warning("game in progress %s not removed: %s", slot, e)
        return False
    finally:
        if slot is not None:
            release(slot)
    return True


def hold(slot: str) -> holding.Holder | None:
    """Holds the game in progress ``slot`` for this window before it is played on: None when it does,
    else the other window's :class:`~game.storage.holding.Holder` (the game is then looked at, or
    played on as a copy). A hold that cannot be written is no hold: the autosave says why."""
    try:
        return holding.take(slot_path(slot))
    except OSError as e:
        log.warning("game in progress %s not held: %s", slot, e)
        return None


def release(slot: str) -> None:
    """This window has left the game in progress ``slot``: another may play it. Never raises."""
    with contextlib.suppress(ValueError):
        holding.release(slot_path(slot))


def held_elsewhere(slot: str) -> bool:
    """Does another window (a live process) hold the game in progress ``slot``? Never raises."""
    try:
        return holding.holder_of(slot_path(slot)) is not None
    except ValueError:
        return False


def clear_all_current() -> None:
    """Forgets every game in progress (a scratch folder's set-up: screenshots). Never raises."""
    clear_current()
    with contextlib.suppress(OSError):
        for path in unfinished_dir().glob("*.sgf"):
            with contextlib.suppress(OSError):
                path.unlink()


class Found(NamedTuple):
    """What :func:`list_current` found: the games in progress, newest first, and what went wrong."""

    games: list[Resumable]
    notices: list[Notice]


_Key = tuple[str, int, int, int]
_KNOWN: OrderedDict[_Key, Resumable] = OrderedDict()
"""The games in progress read so far this run, by file (path, modification time, size, inode)."""


class CurrentReader:
    """The games in progress, read one file a step, newest first, so that no frame waits for thirty big
    games: :attr:`games` grows until :attr:`done`, and :attr:`total` says from the start how many there are
    (one that turns out bad is set aside and no longer counted).

    The folder is looked at once, at the start (names, kinds, sizes and dates: no file read). Anything but
    a regular file under a slot's name (a pipe, a link to a device, a folder) is left out and logged; a file
    too large for a game (more than ``engine.sgf.MAX_INPUT`` bytes) is not read at all; it and any unreadable
    or invalid one are moved aside to ``<slot>.corrupt-<time>.sgf`` with a :class:`Notice`, so the next start
    does not find them again. An unusable data folder is one notice. Never raises.
    """

    def __init__(self) -> None:
        self.games: list[Resumable] = []
        self.notices: list[Notice] = []
        self._waiting: list[tuple[os.stat_result, Path]] = []
        try:
            folder = unfinished_dir()
        except Exception as e:  # noqa: BLE001 — no data folder: nothing to resume, and no reason to crash
            log.warning("data folder unusable, no game in progress read: %s", e)
            self.notices.append(Notice("store.no_folder"))
            return
        _adopt_old_autosave(folder)
        try:
            remove_stale_temporaries(folder)
            self._waiting = _slots_in(folder)
        except FileNotFoundError:
            return
        except OSError as e:
            log.warning("games in progress not listed: %s", e)
            self.notices.append(Notice("store.no_folder"))

    @property
    def done(self) -> bool:
        """Every game in progress read (or set aside)."""
        return not self._waiting

    @property
    def total(self) -> int:
        """The games in progress: read so far and still to read."""
        return len(self.games) + len(self._waiting)

    def step(self) -> None:
        """Read the next game in progress (newest first)."""
        if not self._waiting:
            return
        st, path = self._waiting.pop(0)
        key = (str(path), st.st_mtime_ns, st.st_size, st.st_ino)
        known = _KNOWN.get(key)
        if known is not None:
            self.games.append(known)
            return
        try:
            text = read_bounded(path, st.st_size)
            record, meta = split_meta(text)
            read = sgf.read(record)
        except FileNotFoundError:
            return  # deleted meanwhile (another copy of the game)
        except Exception as e:  # noqa: BLE001 — whatever is wrong with the file, set it aside
            log.warning("game in progress %s is not a valid game: %s", path.name, e)
            aside = set_aside(path)
            fields = (("name", aside.name),) if aside else ()
            self.notices.append(Notice("store.set_aside" if aside else "store.not_resumed", problem_of(e), fields))
            return
        found = Resumable(record, meta, path.stem, datetime.fromtimestamp(st.st_mtime), read)
        _KNOWN[key] = found
        while len(_KNOWN) > MAX_KNOWN:
            _KNOWN.popitem(last=False)
        self.games.append(found)

    def work(self, budget: float = LIST_STEP_SECONDS) -> None:
        """A frame's share: one game read always, more while ``budget`` seconds last."""
        started = time.perf_counter()
        self.step()
        while self._waiting and time.perf_counter() - started < budget:
            self.step()

    def finish(self) -> Found:
        """Every game in progress read now; what was found."""
        while self._waiting:
            self.step()
        return Found(self.games, self.notices)


def _slots_in(folder: Path) -> list[tuple[os.stat_result, Path]]:
    """The regular files under a slot's name in ``folder``, with what ``stat`` says of them, newest first."""
    entries = []
    for path in folder.glob("*.sgf"):
        if ".corrupt-" in path.name or not _SLOT.fullmatch(path.stem):
            continue
        try:
            st = path.stat()
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            log.warning("game in progress %s left out: a %s, not a file", path.name, kind_of(st.st_mode))
            continue
        entries.append((st, path))
    entries.sort(key=lambda entry: (entry[0].st_mtime_ns, entry[1].name), reverse=True)
    return entries


def list_current() -> Found:
    """Every game in progress that can be resumed, newest first, and a :class:`Notice` for each that could
    not be (:class:`CurrentReader` to the end). Never raises."""
    return CurrentReader().finish()


def count_current() -> int:
    """How many games in progress there are, by their files (none is read: the games list shows the
    number and :func:`list_current` reads them when asked). Never raises."""
    try:
        return len(_slots_in(unfinished_dir())) + autosave_path().is_file()
    except Exception as e:  # noqa: BLE001 — no data folder: none to count
        log.warning("games in progress not counted: %s", e)
        return 0


def load_current() -> Resumable | str | None:
    """The latest game in progress, else the message about one that could not be read, else None.
    Never raises."""
    found = list_current()
    if found.games:
        return found.games[0]
    return found.notices[0].text() if found.notices else None


def _adopt_old_autosave(folder: Path) -> None:
    """Moves an earlier version's ``autosave.sgf`` into the unfinished folder as a slot of its own."""
    old = folder.parent / AUTOSAVE_FILE
    try:
        if not old.is_file():
            return
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(old.stat().st_mtime))
        os.replace(old, folder / f"{stamp}-{secrets.token_hex(3)}.sgf")
    except OSError as e:
        log.warning("the old autosave was not moved into %s: %s", folder, e)


