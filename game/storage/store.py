"""Never losing a game: settings, the games in progress, saved games.

Everything lives in :func:`game.paths.user_data_dir`::

    settings.json                           the player's choices (Settings)
    unfinished/<slot>.sgf                   each game in progress, rewritten after every move
    unfinished/<slot>.corrupt-<time>.sgf    one that could not be read, set aside
    autosave.sgf                            the single game in progress of earlier versions,
                                            adopted into ``unfinished/`` when first seen
    games/<name>.sgf                        games the player saved by name

Every unfinished game is kept until it ends or the player deletes it: each play
scene writes its own slot, so starting a new game never touches another.

Every write goes to a temporary file in the same folder, is flushed and fsynced,
and only then renamed over the old file with ``os.replace`` (atomic on POSIX and
Windows), so a crash or power cut mid-write leaves the previous file whole, and
a half-written temporary file is never taken for the real one.

A game in progress is one SGF record (docs/RULES.md §4) as ``engine.sgf.dumps`` writes it,
with the set-up the record itself cannot hold (mode, level, the human's colour,
the moves taken back …) as JSON in a private root property, ``TOCHKI[...]``,
placed first in the root node. One file rather than a record plus a JSON
sidecar, so the game and its set-up are replaced together in one atomic step;
other SGF programs skip the unknown property, and :func:`list_current` hands the
record back without it.

Reading never crashes the game and never reads a file whole before its size is
known: bad settings fall back to defaults field by field, a bad or oversized
game in progress is moved aside and reported as a :class:`Notice`. What went wrong
reaches the player as a sentence in their language (a ``problem.*`` string id,
:func:`problem_of`); the technical detail goes to the log.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
import secrets
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, NamedTuple

from ai import PLAYER_LEVELS
from ai.parallel import MAX_CORES
from engine import MAX_SIZE, Game, Rules, sgf
from game.match.clock import CLOCK_MINUTES, INCREMENTS
from game.paths import user_data_dir
from game.strings import DEFAULT_LANGUAGE, LANGUAGES, t

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.sgf"
"""The one game in progress that earlier versions kept; adopted into :data:`UNFINISHED_DIR`."""
UNFINISHED_DIR = "unfinished"
GAMES_DIR = "games"
META_PROPERTY = "TOCHKI"
"""The private SGF root property that carries the autosave's set-up as JSON."""

MAX_NAME = 60
"""Longest saved-game name the player may type, in characters."""
MAX_NAME_BYTES = 180
"""Longest saved-game name on disk, in UTF-8 bytes before `` (2).sgf``: file systems count bytes
(255), and the temporary file beside it is ``.<name>.<random>.tmp``, 16 bytes longer still."""
MAX_LISTED = 100
"""At most this many games in progress are read for the list (newest first): a bounded start."""
LIST_SECONDS = 0.25
"""Reading the games in progress stops after this long; the older ones wait for the next look."""
MIN_BOARD = 2  # at least one cell
RULES = tuple(rules.value for rules in Rules)
MODES = ("hotseat", "computer")
COLOURS = ("blue", "red")


class StoreError(ValueError):
    """A file of the player's could not be read or written.

    ``problem`` is the string id of what the player reads (``problem.too_large`` …);
    the message is the technical detail, for the log.
    """

    def __init__(self, problem: str, detail: str) -> None:
        super().__init__(detail)
        self.problem = problem


@dataclass(frozen=True)
class Notice:
    """A one-line message kept as string ids, so it follows a language switch.

    ``key`` is the sentence, ``why`` a ``problem.*`` id put into its ``{why}``,
    ``fields`` the rest (a file's name …).

    >>> Notice("files.open_failed", why="problem.too_large", fields=(("name", "x"),)).text()
    'Не удалось открыть «x»: файл слишком большой для партии в точки'
    """

    key: str
    why: str | None = None
    fields: tuple[tuple[str, str], ...] = ()

    def text(self) -> str:
        """The message in the language now in force."""
        values: dict[str, object] = dict(self.fields)
        if self.why is not None:
            values["why"] = t(self.why)
        return t(self.key, **values)


def problem_of(error: BaseException) -> str:
    """The ``problem.*`` string id that tells the player what went wrong with a file.

    >>> problem_of(PermissionError(13, "Permission denied")), problem_of(sgf.SgfError("cut short", sgf.Problem.DAMAGED))
    ('problem.no_permission', 'problem.damaged')
    """
    if isinstance(error, StoreError):
        return error.problem
    if isinstance(error, sgf.SgfError):
        return _sgf_problem(error)
    if isinstance(error, UnicodeError):
        return "problem.not_text"
    if isinstance(error, PermissionError):
        return "problem.no_permission"
    if isinstance(error, (IsADirectoryError, NotADirectoryError)):
        return "problem.not_a_file"
    if isinstance(error, FileNotFoundError):
        return "problem.gone"
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "problem.disk_full"
    if isinstance(error, OSError) and error.errno == errno.ENAMETOOLONG:
        return "problem.name_too_long"
    if isinstance(error, OSError):
        return "problem.unreadable"
    return "problem.damaged"


_SGF_PROBLEMS: dict[sgf.Problem, str] = {
    sgf.Problem.NOT_RECORD: "problem.not_record",
    sgf.Problem.NOT_TEXT: "problem.not_text",
    sgf.Problem.DAMAGED: "problem.damaged",
    sgf.Problem.TOO_LARGE: "problem.too_large",
    sgf.Problem.UNSUPPORTED: "problem.unsupported",
    sgf.Problem.ILLEGAL: "problem.illegal_move",
}
"""What the player is told for each kind of record trouble the engine names."""


def _sgf_problem(error: sgf.SgfError) -> str:
    # The engine's message is English detail for the log; its kind is what the player needs.
    return _SGF_PROBLEMS[error.problem]


# ----- settings ----------------------------------------------------------------------

BoardSize = tuple[int, int] | Literal["auto"]


@dataclass
class Settings:
    """What the player chose last time, so the next start begins there."""

    language: str = DEFAULT_LANGUAGE
    """'ru' or 'en'."""
    sound: bool = True
    """Sound effects on."""
    board_size: BoardSize = "auto"
    """The last board, ``(width, height)`` in nodes, or 'auto' («Авто»)."""
    rules: str = "countries"
    """'countries' or 'classic' (``engine.Rules`` values)."""
    mode: str = "hotseat"
    """'hotseat' (two players) or 'computer'."""
    level: str = PLAYER_LEVELS[0]
    """The computer's level, one of ``ai.PLAYER_LEVELS``."""
    colour: str = "blue"
    """The colour the human plays against the computer: 'blue' or 'red'."""
    clock_minutes: int = 0
    """The clock chosen last: minutes a player, one of ``game.match.clock.CLOCK_MINUTES`` (0: none)."""
    clock_increment: int = 0
    """Seconds added after each move, one of ``game.match.clock.INCREMENTS``."""
    cores: int | None = None
    """Processes the master thinks in, 1 to ``ai.parallel.MAX_CORES``; None: every core of the machine.
    No menu sets it: it is for the settings file, on a machine shared with other work."""


def _board_size(value: object) -> BoardSize | None:
    if value == "auto":
        return "auto"
    if isinstance(value, (list, tuple)) and len(value) == 2:
        w, h = value
        # bool is an int subclass; [true, false] is not a board.
        if all(type(n) is int and MIN_BOARD <= n <= MAX_SIZE for n in (w, h)):
            return (w, h)
    return None


def _one_of(choices: tuple[str, ...]) -> Callable[[object], str | None]:
    return lambda value: value if value in choices else None


# How each field is checked when read back: the valid value, or None for "use the default".
_VALIDATORS: dict[str, Callable[[object], object | None]] = {
    "language": _one_of(LANGUAGES),
    "sound": lambda value: value if isinstance(value, bool) else None,
    "board_size": _board_size,
    "rules": _one_of(RULES),
    "mode": _one_of(MODES),
    "level": _one_of(PLAYER_LEVELS),
    "colour": _one_of(COLOURS),
    "clock_minutes": lambda value: value if type(value) is int and value in CLOCK_MINUTES else None,
    "clock_increment": lambda value: value if type(value) is int and value in INCREMENTS else None,
    "cores": lambda value: value if type(value) is int and 1 <= value <= MAX_CORES else None,
}


def settings_from_dict(data: object) -> Settings:
    """Settings from parsed JSON: each missing or invalid field takes its default.

    >>> s = settings_from_dict({"language": "en", "sound": "loud", "board_size": [30, 20]})
    >>> s.language, s.sound, s.board_size, s.rules
    ('en', True, (30, 20), 'countries')
    """
    settings = Settings()
    if not isinstance(data, dict):
        return settings
    for f in fields(Settings):
        if f.name in data:
            value = _VALIDATORS[f.name](data[f.name])
            if value is not None:
                setattr(settings, f.name, value)
    return settings


def load_settings() -> Settings:
    """The saved settings; defaults for anything missing or unreadable. Never raises."""
    try:
        path = user_data_dir() / SETTINGS_FILE
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        return Settings()
    except Exception as e:  # noqa: BLE001 — unreadable or not JSON: start from defaults
        log.warning("settings not read, using defaults: %s", e)
        return Settings()
    settings = settings_from_dict(data)
    if settings_to_dict(settings) != data:
        log.info("some settings were missing or invalid and took their defaults")
    return settings


def remember(**choices: object) -> Settings:
    """Keep the player's latest choices (``remember(rules="classic")``) for the next visit and start.

    Only a change is written; like :func:`save_settings` it never raises. The settings as they are now.
    """
    settings = load_settings()
    changed = False
    for name, value in choices.items():
        if not hasattr(settings, name):
            raise TypeError(f"no setting called {name!r}")
        if getattr(settings, name) != value:
            setattr(settings, name, value)
            changed = True
    if changed:
        save_settings(settings)
    return settings


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    """The JSON form of ``settings`` (the board size as a list)."""
    data = asdict(settings)
    if isinstance(settings.board_size, tuple):
        data["board_size"] = list(settings.board_size)
    return data


def save_settings(settings: Settings) -> bool:
    """Writes ``settings``; False (and a log line) if it could not. Never raises.

    A preference that did not stick is not worth interrupting a game for.
    """
    try:
        text = json.dumps(settings_to_dict(settings), ensure_ascii=False, indent=2) + "\n"
        _write_atomically(user_data_dir() / SETTINGS_FILE, text.encode("utf-8"))
    except Exception as e:  # noqa: BLE001
        log.warning("settings not saved: %s", e)
        return False
    return True


# ----- the games in progress --------------------------------------------------------------


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

    ``slot`` None starts a new one. ``meta`` is the game's set-up, any JSON-able dict, e.g.
    ``{"mode": "computer", "level": "beginner", "human": "blue", "rules": "countries"}``.
    Raises :class:`StoreError` if it could not be written (the previous save is then
    still whole); the play scene shows the message and plays on.
    """
    slot = slot or new_slot()
    data = with_meta(sgf_text, meta).encode("utf-8")
    try:
        path = slot_path(slot)
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_atomically(path, data)
    except OSError as e:
        raise StoreError(problem_of(e), f"the game could not be autosaved: {e}") from e
    return slot


def clear_current(slot: str | None = None) -> None:
    """Forgets the game in progress ``slot`` (it has ended, or the player deleted it);
    None: the single game in progress of earlier versions. Never raises."""
    try:
        (autosave_path() if slot is None else slot_path(slot)).unlink(missing_ok=True)
    except (OSError, ValueError) as e:
        log.warning("game in progress %s not removed: %s", slot, e)


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
        _remove_stale_temporaries(folder)
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
            text = _read_bounded(path, st.st_size)
            record, meta = split_meta(text)
            read = sgf.read(record)
        except FileNotFoundError:
            continue  # deleted meanwhile (another copy of the game)
        except Exception as e:  # noqa: BLE001 — whatever is wrong with the file, set it aside
            log.warning("game in progress %s is not a valid game: %s", path.name, e)
            aside = _set_aside(path)
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


def _read_bounded(path: Path, size: int) -> str:
    """A file's text, refused before it is read when it is larger than a game's record can be."""
    if size > sgf.MAX_INPUT:
        raise StoreError("problem.too_large", f"{path.name}: {size} bytes, at most {sgf.MAX_INPUT}")
    with path.open("rb") as f:
        raw = f.read(sgf.MAX_INPUT + 1)  # the file may have grown since its size was read
    if len(raw) > sgf.MAX_INPUT:
        raise StoreError("problem.too_large", f"{path.name}: more than {sgf.MAX_INPUT} bytes")
    if not raw.strip():
        raise StoreError("problem.empty", f"{path.name}: the file is empty")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise StoreError("problem.not_text", f"{path.name}: not UTF-8 (bad byte at offset {e.start})") from None


def _set_aside(path: Path) -> Path | None:
    """Renames a bad game in progress so it is neither lost nor loaded again; its new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = _free_path(path.parent, f"{path.stem}.corrupt-{stamp}", ".sgf")
    try:
        os.replace(path, target)
        return target
    except OSError as e:
        log.warning("bad game in progress not moved aside: %s", e)
    # Could not rename: delete it rather than fail on it at every start.
    with contextlib.suppress(OSError):
        path.unlink()
    return None


# ----- saved games ----------------------------------------------------------------------


@dataclass(frozen=True)
class SavedGame:
    """A game in the saved-games folder."""

    name: str
    """The file name without ``.sgf``, as the list shows it."""
    path: Path
    modified: datetime = field(compare=False)
    """When it was saved (local time)."""
    size: int = field(compare=False)
    """In bytes."""
    modified_ns: int = field(default=0, compare=False)
    """The modification time to the nanosecond: with the path and size, what tells a file changed."""


def games_dir() -> Path:
    """The folder of saved games (not created until a game is saved)."""
    return user_data_dir() / GAMES_DIR


# Characters no file system takes in a name (Windows' set is the widest), and controls.
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
# Names Windows keeps for devices, with any extension.
_RESERVED = re.compile(r"(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?", re.IGNORECASE)


def visible(text: str) -> str:
    """``text`` without what shows as nothing or turns text around: format characters (U+200B,
    the bidi controls U+202A–U+202E, U+2066–U+2069, U+FEFF …), the grapheme joiner U+034F,
    lone surrogates, and variation selectors and other combining marks with nothing before them.

    >>> visible("\u202eexe.txt"), visible("\ufe0f\u034f"), visible("Маша\u200b")
    ('exe.txt', '', 'Маша')
    """
    kept: list[str] = []
    for ch in text:
        if unicodedata.category(ch) in ("Cf", "Cs") or ch == "\u034f":
            continue  # a lone surrogate (a file name decoded with surrogateescape) is no character either
        if unicodedata.category(ch) in ("Mn", "Me") and (not kept or kept[-1].isspace()):
            continue  # a mark alone draws as nothing (U+FE0F) or as a dotted circle
        kept.append(ch)
    return "".join(kept)


def _cut_to_bytes(text: str, limit: int) -> str:
    """The longest start of ``text`` whose UTF-8 takes at most ``limit`` bytes (never half a character)."""
    return text.encode("utf-8")[:limit].decode("utf-8", "ignore")


def safe_name(name: str) -> str:
    """``name`` made into a file name that is safe everywhere (without ``.sgf``).

    Path separators and other unsafe characters become ``_``, what draws as nothing
    or reverses text (:func:`visible`) goes, outer spaces and dots go, the length is
    capped at :data:`MAX_NAME_BYTES` bytes of UTF-8; Cyrillic stays.

    >>> safe_name("../../etc/passwd")
    '_.._etc_passwd'
    >>> safe_name("  Партия с Машей.sgf ")
    'Партия с Машей'
    >>> safe_name("CON"), safe_name("..."), safe_name("\u200b")
    ('_CON', 'game', 'game')
    >>> len(safe_name("😀" * 60).encode("utf-8")) <= MAX_NAME_BYTES
    True
    """
    name = visible(name).strip()
    if name.lower().endswith(".sgf"):
        name = name[:-4]
    name = _UNSAFE.sub("_", name)
    # Leading dots hide a file (and ".." means the parent); Windows drops trailing dots and spaces.
    name = _cut_to_bytes(name.strip(" .")[:MAX_NAME], MAX_NAME_BYTES).strip(" .")
    if _RESERVED.fullmatch(name):
        name = "_" + name
    return name or "game"


def _check_encodable(name: str) -> None:
    """StoreError if the file system's encoding cannot hold ``name`` (a non-UTF-8 locale)."""
    encoding = sys.getfilesystemencoding()
    try:
        name.encode(encoding, "strict")
    except (UnicodeEncodeError, LookupError) as e:
        raise StoreError("problem.name_encoding", f"{name!r} cannot be written in {encoding}: {e}") from None


def _claim(folder: Path, base: str) -> Path:
    """A free ``base.sgf`` (or ``base (2).sgf`` …) in folder, created empty at once: claimed
    first, two saves or renames at once cannot pick the same name."""
    while True:
        path = _free_path(folder, base, ".sgf")
        try:
            path.open("xb").close()
        except FileExistsError:
            continue
        return path


@contextlib.contextmanager
def _filling(claim: Path) -> Iterator[None]:
    """Fill a claimed name; if that fails, the empty claim is given up again."""
    try:
        yield
    except BaseException:
        with contextlib.suppress(OSError):
            claim.unlink()
        raise


def save_game(name: str, sgf_text: str) -> Path:
    """Saves a game under ``name`` (made safe) in the games folder; the file's path.

    An existing game is never overwritten: the name gets `` (2)``, `` (3)`` … instead.
    Raises :class:`StoreError` if it could not be written.
    """
    base = safe_name(name)
    _check_encodable(base)
    try:
        folder = games_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = _claim(folder, base)
        with _filling(path):  # the content arrives atomically over the empty claim
            _write_atomically(path, sgf_text.encode("utf-8"))
    except UnicodeEncodeError as e:
        raise StoreError("problem.name_encoding", f"the game could not be saved: {e}") from None
    except OSError as e:
        problem = problem_of(e)
        raise StoreError("problem.not_written" if problem == "problem.unreadable" else problem,
                         f"the game could not be saved: {e}") from e
    return path


def list_games() -> list[SavedGame]:
    """The saved games, newest first. Never raises: unreadable entries are skipped.

    Only the folder and each file's size and date are read, never a file's content,
    and for at most :data:`LIST_SECONDS`: a folder of a hundred thousand files shows
    the ones read by then rather than holding the screen up.
    """
    games: list[SavedGame] = []
    started = time.perf_counter()
    try:
        with os.scandir(games_dir()) as entries:
            for entry in entries:
                if time.perf_counter() - started > LIST_SECONDS:
                    log.warning("the games folder is too big to list at once; %d games shown", len(games))
                    break
                if not entry.name.lower().endswith(".sgf") or entry.name.startswith("."):
                    continue
                try:
                    if not entry.is_file():
                        continue
                    st = entry.stat()
                except OSError:
                    continue
                path = Path(entry.path)
                games.append(SavedGame(path.stem, path, datetime.fromtimestamp(st.st_mtime), st.st_size, st.st_mtime_ns))
    except FileNotFoundError:
        return games
    except (OSError, ValueError) as e:
        log.warning("saved games not listed: %s", e)
        return games
    games.sort(key=lambda g: (g.modified, g.name), reverse=True)
    return games


# A deleted game waits as a hidden file (never listed: the name starts with a dot) until its
# «Вернуть» has passed: ``.<name>.<unix time>.deleted``. The time in the name says when it was
# deleted (a rename keeps the file's own date), so a copy left by a crash can be cleared later.
_DELETED = re.compile(r"\.(.+)\.(\d{1,12})(?: \(\d+\))?\.deleted")
DELETED_KEPT_SECONDS = 60.0
"""A deleted game left behind (the game closed within its «Вернуть») is removed after this long."""


def delete_game(path: Path | str) -> Path:
    """Takes a saved game out of the list, keeping it aside for :func:`restore_game`; where it is kept.

    Nothing is lost until :func:`forget_deleted`. Raises :class:`StoreError` saying why it could not be.
    """
    path = Path(path)
    try:
        aside = _free_path(path.parent, f".{path.stem}.{int(time.time())}", ".deleted")
        os.replace(path, aside)
    except OSError as e:
        raise StoreError(problem_of(e), f"{path.name} not deleted: {e}") from e
    return aside


def restore_game(aside: Path | str) -> Path:
    """Puts a game :func:`delete_game` set aside back in the list, under its old name if it is
    still free (else `` (2)`` …); its path. Raises :class:`StoreError` if it cannot."""
    aside = Path(aside)
    found = _DELETED.fullmatch(aside.name)
    base = safe_name(found.group(1)) if found else "game"
    try:
        while True:
            path = _free_path(aside.parent, base, ".sgf")
            try:
                path.open("xb").close()  # claim the name: a save at the same moment cannot take it
            except FileExistsError:
                continue
            break
        os.replace(aside, path)
    except OSError as e:
        raise StoreError(problem_of(e), f"{aside.name} not restored: {e}") from e
    return path


def forget_deleted(aside: Path | str | None = None, *, older_than: float | None = None) -> None:
    """Removes for good the game set aside at ``aside``; or, with ``aside`` None, every one set aside
    more than ``older_than`` seconds ago (:data:`DELETED_KEPT_SECONDS` by default). Never raises."""
    if aside is not None:
        with contextlib.suppress(OSError):
            Path(aside).unlink(missing_ok=True)
        return
    limit = time.time() - (DELETED_KEPT_SECONDS if older_than is None else older_than)
    with contextlib.suppress(OSError):
        for path in games_dir().glob(".*.deleted"):
            found = _DELETED.fullmatch(path.name)
            if found and int(found.group(2)) < limit:
                with contextlib.suppress(OSError):
                    path.unlink()


def rename_game(path: Path | str, name: str) -> Path:
    """Gives a saved game a new ``name`` (made safe as :func:`save_game` does; never over another
    game: `` (2)`` … instead); its new path, the same one if the name did not change.
    Raises :class:`StoreError` saying why it could not be renamed."""
    path = Path(path)
    base = safe_name(name)
    if base == path.stem:
        return path
    _check_encodable(base)
    try:
        if not path.is_file():
            raise FileNotFoundError(errno.ENOENT, "no such file", str(path))
        target = _claim(path.parent, base)
        with _filling(target):  # the rename replaces only our empty claim
            os.replace(path, target)
    except UnicodeEncodeError as e:
        raise StoreError("problem.name_encoding", f"{path.name} not renamed: {e}") from None
    except OSError as e:
        raise StoreError(problem_of(e), f"{path.name} not renamed: {e}") from e
    return target


Record = sgf.Record
"""A saved game as read (for the list, to open it): the game at its last move, its root properties
(``PB``, ``PW``, ``BR``, ``WR``, ``DT``, ``RE`` …), its clock, hints and how it ended."""


def read_record(path: Path | str, size: int | None = None) -> Record:
    """The saved file's record, read once: the game, its root properties (``PB``, ``PW``, ``BR``, ``WR``,
    ``DT`` …), its clock, hints and ending.

    ``size`` is the file's size as listed (read again when None): a file larger than a
    record can be is refused before a byte is read. Raises :class:`StoreError` (unreadable)
    or ``sgf.SgfError`` (not a game).
    """
    path = Path(path)
    if size is None:
        text = read_game(path)
    else:
        try:
            text = _read_bounded(path, size)
        except OSError as e:
            raise StoreError(problem_of(e), f"{path.name}: could not be read ({e})") from None
    return sgf.read(text)


def read_game(path: Path | str) -> str:
    """The text of a saved game; :class:`StoreError` saying why if it cannot be read.

    The size is checked before anything is read: a file larger than a game's record
    can be (``engine.sgf.MAX_INPUT``) is refused at once. The text is not judged as a
    game here: ``engine.sgf.read`` does that and raises ``SgfError``.
    """
    path = Path(path)
    try:
        if path.is_dir():
            raise StoreError("problem.not_a_file", f"{path.name}: a folder, not a saved game")
        return _read_bounded(path, path.stat().st_size)
    except OSError as e:
        raise StoreError(problem_of(e), f"{path.name}: could not be read ({e})") from None


# ----- files ------------------------------------------------------------------------------

_TEMP_SUFFIX = ".tmp"


def _write_atomically(path: Path, data: bytes) -> None:
    """Replaces ``path`` with ``data`` so that a crash leaves either the old file or the new one."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            # The data must be on disk before the rename is, or a power cut can
            # leave the new name pointing at an empty file.
            os.fsync(f.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open a folder, and
    # some file systems refuse: the rename has happened either way.
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _remove_stale_temporaries(folder: Path, *, older_than: float = 60.0) -> None:
    """Deletes temporary files a crash left behind in ``folder``.

    Only old ones: a second copy of the game may be writing one right now.
    """
    now = time.time()
    for temp in folder.glob(f".*{_TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            if now - temp.stat().st_mtime > older_than:
                temp.unlink()


def _free_path(folder: Path, base: str, suffix: str) -> Path:
    """``folder/base+suffix``, or with `` (2)``, `` (3)`` … before the suffix if that is taken."""
    path = folder / f"{base}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{base} ({n}){suffix}"
        n += 1
    return path
