"""Never losing a game: settings, the autosave of the game in progress, saved games.

Everything lives in :func:`game.storage.paths.user_data_dir`::

    settings.json                       the player's choices (Settings)
    autosave.sgf                        the game in progress, rewritten after every move
    autosave.corrupt-<timestamp>.sgf    an autosave that could not be read, set aside
    games/<name>.sgf                    games the player saved by name

Every write goes to a temporary file in the same folder, is flushed and fsynced,
and only then renamed over the old file with ``os.replace`` (atomic on POSIX and
Windows), so a crash or power cut mid-write leaves the previous file whole, and
a half-written temporary file is never taken for the real one.

The autosave is one SGF record (RULES.md §4) as ``engine.sgf.dumps`` writes it,
with the set-up the record itself cannot hold (mode, level, the human's colour
…) as JSON in a private root property, ``TOCHKI[...]``, placed first in the root
node. One file rather than a record plus a JSON sidecar, so the game and its
set-up are replaced together in one atomic step; other SGF programs skip the
unknown property, and :func:`load_current` hands the record back without it.

Reading never crashes the game: bad settings fall back to defaults field by
field, and a bad autosave is moved aside and reported as a one-line message.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, NamedTuple

from ai import PLAYER_LEVELS
from engine import MAX_SIZE, Rules, sgf
from game.storage.paths import user_data_dir
from game.view.strings import DEFAULT_LANGUAGE, LANGUAGES, t

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.sgf"
GAMES_DIR = "games"
META_PROPERTY = "TOCHKI"
"""The private SGF root property that carries the autosave's set-up as JSON."""

MAX_NAME = 60
"""Longest saved-game name, in characters, before ``.sgf``: short enough for any file system's 255."""
MIN_BOARD = 2  # at least one cell
RULES = tuple(rules.value for rules in Rules)
MODES = ("hotseat", "computer")
COLOURS = ("blue", "red")


class StoreError(ValueError):
    """A file of the player's could not be read or written; the message says which and why."""


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


# ----- the game in progress -------------------------------------------------------------


class Resumable(NamedTuple):
    """An autosaved game: its SGF record and its set-up (``meta``)."""

    text: str
    meta: dict[str, Any]


# The root node's opening, "(;", then our property if it is there, value escaped as SGF does.
_ROOT_START = re.compile(r"\ufeff?\s*\(\s*;")
_META = re.compile(META_PROPERTY + r"\[((?:[^\\\]]|\\.)*)\]", re.DOTALL)


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
        raise StoreError("not an SGF record: it must begin with '(;'")
    try:
        # ASCII-only JSON: nothing in it can clash with the record's encoding.
        blob = json.dumps(meta, sort_keys=True)
    except (TypeError, ValueError) as e:
        raise StoreError(f"the game's set-up cannot be saved: {e}") from None
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
    """Where the game in progress is kept."""
    return user_data_dir() / AUTOSAVE_FILE


def save_current(sgf_text: str, meta: dict[str, Any]) -> None:
    """Saves the game in progress, atomically, replacing the previous autosave.

    ``meta`` is the game's set-up, any JSON-able dict, e.g.
    ``{"mode": "computer", "level": "beginner", "human": "blue", "rules": "countries"}``.
    Raises :class:`StoreError` if it could not be written (the previous autosave
    is then still whole); the play scene shows the message and plays on.
    """
    data = with_meta(sgf_text, meta).encode("utf-8")
    try:
        _write_atomically(autosave_path(), data)
    except OSError as e:
        raise StoreError(f"the game could not be autosaved: {e}") from e


def load_current() -> Resumable | str | None:
    """The autosaved game to resume, a message if it could not be read, or None.

    - ``None``: there is no game in progress.
    - ``Resumable(text, meta)``: a record that ``engine.sgf.loads`` accepts (``text``
      without the ``TOCHKI`` property) and its set-up (``{}`` if that was lost).
    - ``str``: the autosave was unreadable or not a valid game. It has been moved
      aside to ``autosave.corrupt-<timestamp>.sgf``, and the string is a one-line
      message for the player. The next start finds no autosave.

    Never raises.
    """
    try:
        path = autosave_path()
    except Exception as e:  # noqa: BLE001 — no data folder: nothing to resume, and no reason to crash
        log.warning("autosave not read: %s", e)
        return _message(e, None)
    try:
        _remove_stale_temporaries(path)
        record, meta = split_meta(path.read_bytes().decode("utf-8"))
        sgf.loads(record)
    except FileNotFoundError:
        return None
    except Exception as e:  # noqa: BLE001 — whatever is wrong with the file, set it aside
        log.warning("autosave is not a valid game: %s", e)
        return _message(e, _set_aside(path))
    return Resumable(record, meta)


def clear_current() -> None:
    """Forgets the game in progress (it has ended). Never raises."""
    try:
        autosave_path().unlink(missing_ok=True)
    except OSError as e:
        log.warning("autosave not removed: %s", e)


def _set_aside(path: Path) -> Path | None:
    """Renames a bad autosave so it is neither lost nor loaded again; its new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = _free_path(path.parent, f"autosave.corrupt-{stamp}", ".sgf")
    try:
        os.replace(path, target)
        return target
    except OSError as e:
        log.warning("bad autosave not moved aside: %s", e)
    # Could not rename: delete it rather than fail on it at every start.
    with contextlib.suppress(OSError):
        path.unlink()
    return None


def _message(error: BaseException, aside: Path | None) -> str:
    """The one-line report of an autosave that could not be resumed."""
    why = " ".join(str(error).split()) or type(error).__name__
    if len(why) > 100:
        why = why[:99] + "…"
    return t("store.not_resumed", why=why) + (t("store.kept_as", name=aside.name) if aside else "")


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


def games_dir() -> Path:
    """The folder of saved games (not created until a game is saved)."""
    return user_data_dir() / GAMES_DIR


# Characters no file system takes in a name (Windows' set is the widest), and controls.
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
# Names Windows keeps for devices, with any extension.
_RESERVED = re.compile(r"(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?", re.IGNORECASE)


def safe_name(name: str) -> str:
    """``name`` made into a file name that is safe everywhere (without ``.sgf``).

    Path separators and other unsafe characters become ``_``, outer spaces and
    dots go, the length is capped at :data:`MAX_NAME`; Cyrillic stays.

    >>> safe_name("../../etc/passwd")
    '_.._etc_passwd'
    >>> safe_name("  Партия с Машей.sgf ")
    'Партия с Машей'
    >>> safe_name("CON"), safe_name("...")
    ('_CON', 'game')
    """
    name = name.strip()
    if name.lower().endswith(".sgf"):
        name = name[:-4]
    name = _UNSAFE.sub("_", name)
    # Leading dots hide a file (and ".." means the parent); Windows drops trailing dots and spaces.
    name = name.strip(" .")[:MAX_NAME].strip(" .")
    if _RESERVED.fullmatch(name):
        name = "_" + name
    return name or "game"


def save_game(name: str, sgf_text: str) -> Path:
    """Saves a game under ``name`` (made safe) in the games folder; the file's path.

    An existing game is never overwritten: the name gets `` (2)``, `` (3)`` … instead.
    Raises :class:`StoreError` if it could not be written.
    """
    try:
        folder = games_dir()
        folder.mkdir(parents=True, exist_ok=True)
        base = safe_name(name)
        while True:
            path = _free_path(folder, base, ".sgf")
            try:
                # Claim the name first, so two saves at once cannot pick the same one;
                # the content then arrives atomically over the empty claim.
                path.open("xb").close()
            except FileExistsError:
                continue
            break
        try:
            _write_atomically(path, sgf_text.encode("utf-8"))
        except BaseException:
            with contextlib.suppress(OSError):
                path.unlink()
            raise
    except OSError as e:
        raise StoreError(f"the game could not be saved: {e}") from e
    return path


def list_games() -> list[SavedGame]:
    """The saved games, newest first. Never raises: unreadable entries are skipped."""
    games: list[SavedGame] = []
    try:
        entries = list(games_dir().glob("*.sgf"))
    except OSError as e:
        log.warning("saved games not listed: %s", e)
        return games
    for path in entries:
        try:
            st = path.stat()
            if not path.is_file():
                continue
        except OSError:
            continue
        games.append(SavedGame(path.stem, path, datetime.fromtimestamp(st.st_mtime), st.st_size))
    games.sort(key=lambda g: (g.modified, g.name), reverse=True)
    return games


def read_game(path: Path | str) -> str:
    """The text of a saved game; :class:`StoreError` saying why if it cannot be read.

    The text is not judged as a game here: ``engine.sgf.loads`` does that and
    raises ``SgfError`` with its own message.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise StoreError(f"{path.name}: the file is gone") from None
    except IsADirectoryError:
        raise StoreError(f"{path.name}: a folder, not a saved game") from None
    except OSError as e:
        raise StoreError(f"{path.name}: could not be read ({e.strerror or e})") from None
    if len(raw) > sgf.MAX_INPUT:
        raise StoreError(f"{path.name}: too large to be a game ({len(raw)} bytes)")
    if not raw.strip():
        raise StoreError(f"{path.name}: the file is empty")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise StoreError(f"{path.name}: not UTF-8 text (bad byte at offset {e.start})") from None


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


def _remove_stale_temporaries(path: Path, *, older_than: float = 60.0) -> None:
    """Deletes temporary files a crash left behind next to ``path``.

    Only old ones: a second copy of the game may be writing one right now.
    """
    now = time.time()
    for temp in path.parent.glob(f".{path.name}.*{_TEMP_SUFFIX}"):
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
