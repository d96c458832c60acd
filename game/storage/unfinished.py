"""The games in progress, one SGF record each in ``unfinished/<slot>.sgf``, rewritten after every move,
with their set-up in the private root property ``TOCHKI[...]``.

Beside the set-up the autosave keeps what the list of games in progress says of the game (``listed``,
:class:`Listed`) with a digest of its record: thirty records of 900 moves take seconds to replay, their
summaries a frame. A summary is taken only in this version's form and with its record's own digest (else
the record is replayed), and the record stays the truth: resuming replays it, and the list replays the
games it shows and lets the record correct a summary that disagrees.
"""

from __future__ import annotations

import contextlib
import hashlib
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

from engine import MAX_SIZE, Game, Rules, sgf
from game.paths import user_data_dir
from game.storage import holding
from game.storage.atomic import read_bounded, remove_stale_temporaries, set_aside, write_atomically
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
SUMMARY = "listed"
"""The set-up's key for what the list says of the game (:class:`Listed`), with the record's digest."""
SUMMARY_VERSION = 1
"""The form of :data:`SUMMARY` written now; a summary of any other is not read (the record is replayed)."""


class Listed(NamedTuple):
    """What the list of games in progress says of one: its rules, board, moves played and whether it is over."""

    rules: Rules
    width: int
    height: int
    moves: int
    over: bool

    @classmethod
    def of(cls, game: Game) -> Listed:
        """The facts of ``game`` as it stands."""
        return cls(game.rules, game.width, game.height, game.move_count, game.is_over)

    @property
    def move_number(self) -> int:
        """The move about to be made, as ``game.view.hud.move_number`` counts it (the last one when over)."""
        return self.moves + (not self.over)


def summary_of(game: Game) -> dict[str, Any]:
    """The summary to keep in the set-up of ``game``'s autosave (:func:`save_current` adds the record's digest).

    >>> summary_of(Game(7, 5))
    {'v': 1, 'rules': 'countries', 'width': 7, 'height': 5, 'moves': 0, 'over': False}
    """
    listed = Listed.of(game)
    return {"v": SUMMARY_VERSION, "rules": listed.rules.value, "width": listed.width, "height": listed.height,
            "moves": listed.moves, "over": listed.over}


def record_digest(record: str) -> str:
    """The digest that ties a summary to the record it was made from (SHA-256 of its UTF-8, in hex)."""
    return hashlib.sha256(record.encode("utf-8", "surrogatepass")).hexdigest()


def listed_of(meta: dict[str, Any], record: str) -> Listed | None:
    """The summary in ``meta`` if it may stand for ``record`` until the record is replayed: this version's
    form, the record's own digest, every fact of the right kind and in range. None otherwise (no summary,
    an earlier form, a record changed since by hand or by another program, facts out of range).
    ``tests/test_unfinished_summaries.py`` tries each."""
    kept = meta.get(SUMMARY)
    if not isinstance(kept, dict) or kept.get("v") != SUMMARY_VERSION:
        return None
    if kept.get("record") != record_digest(record):
        log.info("the summary kept with a game in progress is not its record's: the record is replayed")
        return None
    width, height, moves, over = (kept.get(k) for k in ("width", "height", "moves", "over"))
    if type(width) is not int or type(height) is not int or type(moves) is not int or type(over) is not bool \
            or kept.get("rules") not in {r.value for r in Rules}:
        return None
    if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE and 0 <= moves <= width * height):
        return None
    return Listed(Rules(kept["rules"]), width, height, moves, over)


class Resumable(NamedTuple):
    """A game in progress: its SGF record, its set-up (``meta``), its slot, when it was last saved,
    and the record as ``engine.sgf.read`` read it (the game, its clock, its hints), resumed from that;
    or, until it is read, ``listed``: the summary kept with it (:func:`listed_of`)."""

    text: str
    meta: dict[str, Any]
    slot: str = ""
    modified: datetime | None = None
    record: sgf.Record | None = None
    listed: Listed | None = None

    @property
    def game(self) -> Game | None:
        """The game as read; listed from its summary, its record replayed now (each time: resuming and the
        list keep what they replay with :func:`replayed`). None: the record is no game."""
        if self.record is not None:
            return self.record.game
        try:
            return sgf.read(self.text).game
        except sgf.SgfError:
            return None

    @property
    def facts(self) -> Listed:
        """What its row says: the record's own facts once read, else its summary (one of them is there)."""
        if self.record is not None:
            return Listed.of(self.record.game)
        if self.listed is not None:
            return self.listed
        return Listed.of(sgf.read(self.text).game)


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
    if isinstance(meta.get(SUMMARY), dict):  # tied to this very record: a record changed since is replayed
        meta = {**meta, SUMMARY: {**meta[SUMMARY], "record": record_digest(sgf_text)}}
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
    """This window has left the game in progress ``slot``: another may play it. Never raises (a data folder
    unusable by now, a ``DataFolderError``, leaves the hold to ``holding.release_all`` at exit)."""
    try:
        holding.release(slot_path(slot))
    except (OSError, ValueError) as e:
        log.warning("game in progress %s not let go: %s", slot, e)


def held_elsewhere(slot: str) -> bool:
    """Does another window (a live process) hold the game in progress ``slot``? Never raises: False for a data
    folder unusable now."""
    try:
        return holding.holder_of(slot_path(slot)) is not None
    except (OSError, ValueError) as e:
        log.warning("game in progress %s: its hold not read: %s", slot, e)
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
            listed = listed_of(meta, record)
            # A summary that may stand for the record lists it at once; without one the record is replayed.
            read = sgf.read(record) if listed is None else None
        except FileNotFoundError:
            return  # deleted meanwhile (another copy of the game)
        except Exception as e:  # noqa: BLE001 — whatever is wrong with the file, set it aside
            log.warning("game in progress %s is not a valid game: %s", path.name, e)
            self.notices.append(_set_aside(path, e))
            return
        found = Resumable(record, meta, path.stem, datetime.fromtimestamp(st.st_mtime), read, listed)
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


def _set_aside(path: Path, error: Exception) -> Notice:
    """Moves the bad game in progress at ``path`` aside; what the player is told."""
    aside = set_aside(path)
    fields = (("name", aside.name),) if aside else ()
    return Notice("store.set_aside" if aside else "store.not_resumed", problem_of(error), fields)


def replayed(found: Resumable, record: sgf.Record) -> Resumable:
    """``found`` with its record replayed (``record``), kept so this run; a summary it contradicts is logged."""
    return _known_as(found, found._replace(record=record, listed=None), Listed.of(record.game))


def checked(found: Resumable, facts: Listed) -> Resumable:
    """``found`` as its record, replayed apart, is (``facts``): what its row says now; a summary it contradicts is logged."""
    return _known_as(found, found if found.record is not None else found._replace(listed=facts), facts)


def _known_as(found: Resumable, now: Resumable, facts: Listed) -> Resumable:
    if found.listed is not None and found.listed != facts:
        log.warning("game in progress %s: its summary %s is not its record's %s; the record is shown",
                    found.slot, tuple(found.listed), tuple(facts))
    for key, known in _KNOWN.items():
        if known is found:
            _KNOWN[key] = now
            break
    return now


def not_a_game(found: Resumable, error: Exception) -> Notice | None:
    """``found`` turned out to be no game when replayed (its summary listed it): it is set aside, as any bad
    game in progress is, unless its file has been saved again since (the new save is left alone: None)."""
    log.warning("game in progress %s is not a valid game: %s", found.slot, error)
    for key, known in list(_KNOWN.items()):
        if known is found:
            del _KNOWN[key]
    try:
        path = slot_path(found.slot)
        still = split_meta(read_bounded(path, path.stat().st_size))[0] == found.text
    except (OSError, ValueError, StoreError) as e:
        log.warning("game in progress %s not set aside: %s", found.slot, e)
        return None
    return _set_aside(path, error) if still else None


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


