"""The games the player saved by name, in ``games/<name>.sgf``: safe file names, saving, listing,
renaming, deleting with a short way back, reading a record, and what a saved record says of itself
(its default name, its date, the players and the computer's level).
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import json
import logging
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from ai import PLAYER_LEVELS
from engine import Game, Player, sgf
from game.match.settings import MatchSettings
from game.paths import user_data_dir
from game.storage import holding
from game.storage.atomic import (
    free_path,
    move_to_free_name,
    read_bounded,
    remove_stale_temporaries,
    write_new,
)
from game.storage.errors import StoreError, problem_of
from game.storage.names import on_disk, shown, visible
from game.storage.reading import check_regular
from game.storage.unfinished import LIST_STEP_SECONDS, META_PROPERTY, unfinished_dir
from game.strings import rules_name, t

log = logging.getLogger(__name__)

GAMES_DIR = "games"
MAX_NAME = 60
"""Longest saved-game name the player may type, in characters."""
MAX_NAME_BYTES = 180
"""Longest saved-game name on disk, in UTF-8 bytes before `` (2).sgf``: file systems count bytes
(255), and the temporary file beside it is ``.<name>.<random>.tmp``, 16 bytes longer still."""


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


def _on_disk(name: str) -> str:
    """``name`` as the file system takes it (:func:`names.on_disk`: UTF-8 bytes under a C locale);
    StoreError where it cannot hold it at all."""
    try:
        return on_disk(name)
    except UnicodeEncodeError as e:
        raise StoreError("problem.name_encoding", f"{name!r} cannot be written here: {e}") from None


def save_game(name: str, sgf_text: str) -> Path:
    """Saves a game under ``name`` (made safe) in the games folder; the file's path.

    An existing game is never overwritten: the name gets `` (2)``, `` (3)`` … instead.
    Raises :class:`StoreError` if it could not be written.
    """
    base = _on_disk(safe_name(name))
    try:
        folder = games_dir()
        folder.mkdir(parents=True, exist_ok=True)
        # Written in full under a temporary name, then given its own: a kill leaves no empty record.
        path = write_new(folder, base, ".sgf", sgf_text.encode("utf-8"))
    except UnicodeEncodeError as e:
        raise StoreError("problem.name_encoding", f"the game could not be saved: {e}") from None
    except OSError as e:
        raise StoreError(problem_of(e, writing=True), f"the game could not be saved: {e}") from e
    return path


LIST_SLICE = 100
"""Entries of the games folder looked at in one step of :class:`GamesReader` (a frame does one at least)."""


class GamesReader:
    """The saved games, listed a slice of the folder at a time so that no frame waits for a big folder or a
    slow disk, and none is left out: :attr:`games` grows, newest first, until :attr:`done`.

    Only each entry's kind, size and date are read, never a file's content. Anything but a regular
    file of at most ``engine.sgf.MAX_INPUT`` bytes (a pipe, a link to a device, a folder named
    ``*.sgf``) is left out, and the log says which and why; a file too large for a game stays in the
    list (its row says so: it is not read).
    """

    def __init__(self, folder: Path | None = None) -> None:
        self.games: list[SavedGame] = []
        """The games found so far, newest first."""
        self.seen = 0
        """Entries of the folder looked at so far (games or not)."""
        self.done = False
        self._entries: Iterator[os.DirEntry[str]] | None = None
        self._closer: contextlib.ExitStack | None = None
        try:
            self._folder = folder if folder is not None else games_dir()
        except (OSError, ValueError) as e:
            log.warning("saved games not listed: %s", e)
            self.done = True

    def step(self, count: int = LIST_SLICE) -> None:
        """Look at the next ``count`` entries; the list sorted again if it grew."""
        if self.done:
            return
        found: list[SavedGame] = []
        try:
            if self._entries is None:
                self._closer = contextlib.ExitStack()
                self._entries = self._closer.enter_context(os.scandir(self._folder))
            looked = 0
            for entry in itertools.islice(self._entries, count):
                looked += 1
                game = _saved_game(entry)
                if game is not None:
                    found.append(game)
            self.seen += looked
            if looked < count:  # the folder's end
                self.close()
        except FileNotFoundError:
            self.close()
        except (OSError, ValueError) as e:
            log.warning("saved games not listed (%d looked at): %s", self.seen, e)
            self.close()
        if found:
            self.games.extend(found)
            self.games.sort(key=lambda g: (g.modified_ns, g.name), reverse=True)

    def work(self, budget: float = LIST_STEP_SECONDS) -> None:
        """A frame's share: one :meth:`step` always, more while ``budget`` seconds last."""
        started = time.perf_counter()
        self.step()
        while not self.done and time.perf_counter() - started < budget:
            self.step()

    def finish(self) -> list[SavedGame]:
        """Every game, the rest of the folder looked at now; the list."""
        while not self.done:
            self.step()
        return self.games

    def close(self) -> None:
        """Stop reading the folder (the list is as complete as it got)."""
        self.done = True
        if self._closer is not None:
            self._closer.close()
            self._closer = None


def _saved_game(entry: os.DirEntry[str]) -> SavedGame | None:
    """The saved game in a folder entry; None for anything else (a hidden or deleted game, a pipe, a folder …)."""
    if not entry.name.lower().endswith(".sgf") or entry.name.startswith("."):
        return None
    try:
        st = entry.stat()  # follows a link: what matters is what would be read
        check_regular(entry.name, st, sgf.MAX_INPUT)
    except StoreError as e:
        if e.problem != "problem.too_large":  # too large is listed all the same: its row says so, unread
            log.warning("%s left out of the saved games: %s", shown(entry.name), e)
            return None
    except OSError as e:  # a link to nowhere, a file gone meanwhile
        log.warning("%s left out of the saved games: %s", shown(entry.name), e)
        return None
    return saved_game(entry.path, st.st_size, st.st_mtime_ns)


ROWS_HELD = 20_000
"""Rows :func:`saved_game` holds for the run (some 6 MB at most) before it starts again."""
_rows: dict[str, SavedGame] = {}


def forget() -> None:
    """Drop the rows held for the run (benchmarks of a first open; tests)."""
    _rows.clear()


def saved_game(path: str, size: int, modified_ns: int) -> SavedGame:
    """The list's row for the file at ``path`` of this size and time: made once (its name cleaned, its date
    read), then the same row while the file keeps its size and time, so a folder of a thousand games is
    listed again in a few milliseconds."""
    row = _rows.get(path)
    if row is not None and row.size == size and row.modified_ns == modified_ns:
        return row
    if len(_rows) >= ROWS_HELD:
        _rows.clear()
    file = Path(path)
    row = SavedGame(shown(file.stem), file, datetime.fromtimestamp(modified_ns / 1e9), size, modified_ns)
    _rows[path] = row
    return row


def list_games() -> list[SavedGame]:
    """Every saved game, newest first (:class:`GamesReader` to the end). Never raises."""
    return GamesReader().finish()


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
        aside = free_path(path.parent, f".{path.stem}.{int(time.time())}", ".deleted")
        os.replace(path, aside)
    except OSError as e:
        raise StoreError(problem_of(e, writing=True), f"{path.name} not deleted: {e}") from e
    return aside


def restore_game(aside: Path | str) -> Path:
    """Puts a game :func:`delete_game` set aside back in the list, under its old name if it is
    still free (else `` (2)`` …); its path. Raises :class:`StoreError` if it cannot."""
    aside = Path(aside)
    found = _DELETED.fullmatch(aside.name)
    base = _on_disk(safe_name(shown(found.group(1)))) if found else "game"
    try:
        path = move_to_free_name(aside, aside.parent, base, ".sgf")  # never over a game saved meanwhile
    except OSError as e:
        raise StoreError(problem_of(e, writing=True), f"{aside.name} not restored: {e}") from e
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


def tidy() -> None:
    """At start: clears the temporary files a kill left in the data folder, the saved games and the games
    in progress (older than :data:`game.storage.atomic.STALE_SECONDS`), and the games deleted long ago.
    Never raises."""
    try:
        folders = (user_data_dir(), games_dir(), unfinished_dir())
    except Exception as e:  # noqa: BLE001 — no data folder: nothing to tidy
        log.warning("data folder not tidied: %s", e)
        return
    for folder in folders:
        remove_stale_temporaries(folder)
    holding.forget_stale(folders[2])
    forget_deleted()


def rename_game(path: Path | str, name: str) -> Path:
    """Gives a saved game a new ``name`` (made safe as :func:`save_game` does; never over another
    game: `` (2)`` … instead); its new path, the same one if the name did not change.
    Raises :class:`StoreError` saying why it could not be renamed."""
    path = Path(path)
    base = _on_disk(safe_name(name))
    if base == path.stem:
        return path
    try:
        if not path.is_file():
            raise FileNotFoundError(errno.ENOENT, "no such file", str(path))
        # Never over another game, and a kill midway leaves no empty file under the new name.
        target = move_to_free_name(path, path.parent, base, ".sgf")
    except UnicodeEncodeError as e:
        raise StoreError("problem.name_encoding", f"{path.name} not renamed: {e}") from None
    except OSError as e:
        raise StoreError(problem_of(e, writing=True), f"{path.name} not renamed: {e}") from e
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
            text = read_bounded(path, size)
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
        return read_bounded(path, path.stat().st_size)
    except OSError as e:
        raise StoreError(problem_of(e), f"{path.name}: could not be read ({e})") from None


LEVEL_KEYS = frozenset(f"level.{level}" for level in PLAYER_LEVELS)


def default_name(game: Game, now: datetime | None = None) -> str:
    """«2025-01-18 14-30 Страны»: when, and which rule set (no ':' — not every file system takes it)."""
    now = now or datetime.now()
    return t("files.default_name", date=now.strftime("%Y-%m-%d %H-%M"), rules=rules_name(game.rules))


def record_info(settings: MatchSettings | None, now: datetime) -> dict[str, str]:
    """The root properties a saved record gets besides the game: the date; against the computer
    who played which colour (``PB``/``PW``) and its level as the computer's rank (``BR``/``WR``),
    in the player's language, as other programs show names; and the set-up itself in its one written
    form (:meth:`MatchSettings.to_json`) in the private ``TOCHKI`` property, which :func:`record_setup`
    reads back and other programs skip.

    >>> from ai import Level
    >>> from game.match.settings import ComputerSettings
    >>> info = record_info(MatchSettings(computer=ComputerSettings(Level.MASTER, Player.RED)), datetime(2025, 1, 18))
    >>> {key: value for key, value in info.items() if key != META_PROPERTY}
    {'DT': '2025-01-18', 'PB': 'Компьютер', 'BR': 'Мастер', 'PW': 'Игрок'}
    """
    info = {"DT": now.strftime("%Y-%m-%d")}
    computer = settings.computer if settings is not None else None
    if computer is not None:
        side, other = ("B", "W") if computer.computer is Player.BLUE else ("W", "B")
        info[f"P{side}"] = t("play.computer")
        info[f"{side}R"] = t(f"level.{computer.level.value}")
        info[f"P{other}"] = t("files.player.human")
    if settings is not None:
        info[META_PROPERTY] = json.dumps({"setup": settings.to_json()}, sort_keys=True)
    return info


def record_setup(record: Record) -> MatchSettings | None:
    """The set-up :func:`record_info` kept in a saved record, on the record's own rules and board;
    None when it keeps none (another program's record, an older save) or one that cannot be read
    (logged: the game still opens)."""
    kept = record.info.get(META_PROPERTY)
    if kept is None:
        return None
    try:
        data = json.loads(kept)
        settings = MatchSettings.from_json(data.get("setup") if isinstance(data, dict) else data)
    except (ValueError, RecursionError) as e:  # SetupError and bad JSON are ValueErrors
        log.warning("the saved game's set-up is unreadable, opened without it: %s", e)
        return None
    game = record.game
    return replace(settings, rules=game.rules, width=game.width, height=game.height)
