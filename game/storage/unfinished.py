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
import time
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

log = logging.getLogger(__name__)

AUTOSAVE_FILE = "autosave.sgf"
"""The one game in progress that earlier versions kept; adopted into :data:`UNFINISHED_DIR`."""
UNFINISHED_DIR = "unfinished"
META_PROPERTY = "TOCHKI"
"""The private SGF root property that carries the autosave's set-up as JSON."""
MAX_LISTED = 100
"""At most this many games in progress are read for the list (newest first): a bounded start."""
LIST_SECONDS = 0.25
"""Reading the games in progress stops after this long; the older ones wait for the next look."""


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


def list_current() -> Found:
    """Every game in progress that can be resumed (at most :data:`MAX_LISTED`, newest first, and
    only as many as are read in :data:`LIST_SECONDS`), and a :class:`Notice` for each that could not be.

    A file too large for a game (more than ``engine.sgf.MAX_INPUT`` bytes) is not read
    at all; it and any unreadable or invalid one are moved aside to
    ``<slot>.corrupt-<time>.sgf``, so the next start does not find them again.
    An unusable data folder is one notice. Never raises.
    """
    notices: list[Notice] = []
    try:
        folder = unfinished_dir()
    except Exception as e:  # noqa: BLE001 — no data folder: nothing to resume, and no reason to crash
        log.warning("data folder unusable, no game in progress read: %s", e)
        return Found([], [Notice("store.no_folder")])
    _adopt_old_autosave(folder)
    try:
        remove_stale_temporaries(folder)
        entries = []
        for path in folder.glob("*.sgf"):
            if ".corrupt-" in path.name or not _SLOT.fullmatch(path.stem):
                continue
            with contextlib.suppress(OSError):
                entries.append((path.stat(), path))
    except FileNotFoundError:
        return Found([], notices)
    except OSError as e:
        log.warning("games in progress not listed: %s", e)
        return Found([], [Notice("store.no_folder")])
    entries.sort(key=lambda entry: (entry[0].st_mtime, entry[1].name), reverse=True)
    games: list[Resumable] = []
    started = time.perf_counter()
    for n, (st, path) in enumerate(entries[:MAX_LISTED]):
        if time.perf_counter() - started > LIST_SECONDS:
            log.warning("%d older games in progress not read this time: reading took too long",
                        min(len(entries), MAX_LISTED) - n)
            break
        try:
            text = read_bounded(path, st.st_size)
            record, meta = split_meta(text)
            read = sgf.read(record)
        except FileNotFoundError:
            continue  # deleted meanwhile (another copy of the game)
        except Exception as e:  # noqa: BLE001 — whatever is wrong with the file, set it aside
            log.warning("game in progress %s is not a valid game: %s", path.name, e)
            aside = set_aside(path)
            fields = (("name", aside.name),) if aside else ()
            notices.append(Notice("store.set_aside" if aside else "store.not_resumed", problem_of(e), fields))
            continue
        games.append(Resumable(record, meta, path.stem, datetime.fromtimestamp(st.st_mtime), read))
    return Found(games, notices)


def count_current() -> int:
    """How many games in progress there are, by their files (none is read: the games list shows the
    number and :func:`list_current` reads them when asked). Never raises."""
    try:
        return sum(1 for path in unfinished_dir().glob("*.sgf")
                   if ".corrupt-" not in path.name and _SLOT.fullmatch(path.stem)) \
            + autosave_path().is_file()
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


