"""Every finished game, kept: ``history/<date time>.sgf`` in the data folder, apart from the games saved by name.

The records are the truth. Each is a whole SGF (the saved-games list draws it, the review opens it) whose
private ``TOCHKI`` root property holds, beside the set-up, what the progress needs of the game
(:class:`Finished`: who won, the biggest capture, hints and takebacks …). ``history/summary.json`` gathers
those facts in one file so that «Успехи» reads one file, not a thousand; it is only a copy: a lost,
damaged or hostile summary is rebuilt from the records, and a record the summary lacks (the game was
killed between writing the one and the other) is read and added. ``history/keep.json`` holds how many games
to keep (:data:`KEEP_CHOICES`); when a new game passes it, the oldest go first. A saved game lives in
``games/`` and is never touched here.

Each write is atomic (:mod:`game.storage.atomic`): the record first, then the summary; a kill anywhere
leaves every finished game findable.

The summary is the history's kept index (:mod:`game.storage.history_index`): each record's facts with its
size and modification time, checked at each open against the folder, so that a record added, changed,
damaged or removed behind the game's back is noticed and only it read again; a thousand games open in a few
milliseconds, not the hundreds a folder read file by file took. The list of finished games takes its rows
from the same look at the folder (:meth:`History.rows`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from engine import Game, Player, sgf
from engine.ending import Ending
from game.match.settings import MatchSettings, colour_name
from game.paths import user_data_dir
from game.storage import history_index, library
from game.storage.atomic import remove_stale_temporaries, write_atomically, write_new
from game.storage.errors import Notice, StoreError, problem_of
from game.storage.finished import Finished
from game.storage.history_index import MAX_SUMMARY_BYTES, SUMMARY_FILE
from game.storage.library import record_info, record_setup
from game.storage.reading import read_limited
from game.storage.unfinished import META_PROPERTY

__all__ = ["DEFAULT_KEEP", "KEEP_CHOICES", "MAX_SUMMARY_BYTES", "SUMMARY_FILE", "Finished", "History", "Kept",
           "facts_of", "forget", "history_dir", "keep_game", "load", "set_keep"]

log = logging.getLogger(__name__)

HISTORY_DIR = "history"
KEEP_FILE = "keep.json"
VERSION = 1
"""The written form of the keep file and of the facts in a record; another is ignored (the summary has its own:
:data:`game.storage.history_index.SUMMARY_VERSION`)."""
KEEP_CHOICES = (50, 100, 200, 500, 1000, 2000)
"""How many finished games the player may choose to keep."""
DEFAULT_KEEP = 500
MAX_KEEP_BYTES = 4096


def history_dir() -> Path:
    """The folder of finished games (made when the first is kept); OSError if the data folder is unusable."""
    return user_data_dir() / HISTORY_DIR


def facts_of(game: Game, settings: MatchSettings, ending: Ending | None, *, when: datetime, file: str = "",
             hints: int = 0, takebacks: int = 0) -> Finished:
    """The facts of the finished ``game``, replayed once to see each move's captures (a few ms on 38×31).

    >>> from engine import Rules
    >>> g = Game(5, 5)
    >>> for p in [(1, 0), (1, 1), (0, 1), (4, 4), (2, 1), (4, 3), (1, 2)]:  # Blue rings Red's (1, 1)
    ...     _ = g.play(p)
    >>> _ = g.finish()
    >>> f = facts_of(g, MatchSettings(Rules.COUNTRIES, 5, 5), None, when=datetime(2025, 1, 18))
    >>> f.winner, f.capture, f.countries, f.moves, f.outcome
    ('blue', 1, 1, 7, 'blue')
    """
    ending = ending or Ending.of(game)
    computer = settings.computer
    human = computer.human if computer is not None else None
    capture = countries = takeovers = 0
    trial = Game(game.width, game.height, game.rules, setup=game.setup, zone=game.zone_rule)
    for action in game.history:
        report = trial.apply(action)
        mover = action.player
        if report is None or (human is not None and mover != human):
            continue
        capture = max(capture, sum(1 for p in report.crossed_out if trial.dot_at(p) == mover.other))
        countries += sum(1 for layer in report.laid if layer.owner == mover)
        takeovers += sum(1 for layer in report.covered if layer.owner == mover.other)
    won = ending.winner(game)
    return Finished(file=file, when=when.strftime("%Y-%m-%dT%H:%M:%S"), rules=game.rules.value, width=game.width,
                    height=game.height, level=computer.level.value if computer is not None else None,
                    human=colour_name(human) if human is not None else None,
                    winner=colour_name(won) if won is not None else None, how=ending.how.value,
                    moves=game.move_count, scores=(str(game.score(Player.BLUE)), str(game.score(Player.RED))),
                    capture=capture, countries=countries, takeovers=takeovers, hints=hints,
                    takebacks=takebacks, share=computer.share if computer is not None else 1,
                    no_takebacks=computer is not None and not computer.takebacks)


@dataclass
class History:
    """The finished games kept, oldest first, how many to keep, and what went wrong reading them."""

    games: list[Finished] = field(default_factory=list)
    keep: int = DEFAULT_KEEP
    notices: list[Notice] = field(default_factory=list)
    """What the player is told: a summary rebuilt, records that could not be read."""

    folder: Path | None = field(default=None, compare=False, repr=False)
    records: dict[str, history_index.Known] = field(default_factory=dict, compare=False, repr=False)
    """Every record in the folder by file name, as the last look found it (those unread too)."""

    @property
    def files(self) -> dict[str, Finished]:
        return {g.file: g for g in self.games}

    def rows(self) -> list[library.SavedGame]:
        """The records as the finished games' list shows them, newest first, as ``library.GamesReader`` lists a
        folder (one too large to read kept, its row says so; a folder or a pipe named ``*.sgf`` left out) but
        from the sizes and times the history already looked at."""
        global _rows_of
        if self.folder is None:
            return []
        if _rows_of is not None and _rows_of[0] is self.records:  # nothing changed since they were made
            return list(_rows_of[1])
        where = os.path.join(self.folder, "")
        found = [library.saved_game(where + name, *known.stamp)
                 for name, known in self.records.items() if known.listed and known.stamp is not None]
        found.sort(key=lambda g: (g.modified_ns, g.name), reverse=True)
        _rows_of = (self.records, found)
        return list(found)


_rows_of: tuple[dict[str, history_index.Known], list[library.SavedGame]] | None = None
"""The rows last made, with the records they were made of (:func:`history_index.check` returns the same
records again while nothing changes)."""


def load(added: Mapping[str, Finished] | None = None, *, quick: bool = False) -> History:
    """The history as the folder holds it now; never raises (an unusable folder is an empty history).

    The facts come from the kept index (:mod:`game.storage.history_index`), checked against each record's
    size and time; only a record added or changed since is read. ``added``: facts of records just written by
    this run, by file name, so that they are not read back. ``quick`` (the screens): what the last check found
    while the folder and the index have not changed since (:func:`history_index.quick`), else the folder listed
    and the records the index knows taken by name; their sizes and times then compared a slice a frame by
    :func:`recheck`."""
    history = History()
    try:
        folder = history_dir()
    except OSError as e:
        log.warning("the finished games cannot be read: %s", e)
        return history
    history.folder = folder
    history.keep = _read_keep(folder, history.notices)
    try:
        quick = quick and not added
        records = history_index.quick(folder) if quick else None
        if records is None:
            records = history_index.check(folder, _facts_from_record, added or {}, history.notices, by_name=quick)
    except FileNotFoundError:
        return history
    except OSError as e:
        log.warning("the finished games cannot be listed: %s", e)
        history.notices.append(Notice("history.unreadable", problem_of(e)))
        return history
    global _games_of
    history.records = records
    if _games_of is None or _games_of[0] is not records:  # (the same records again while nothing changed)
        games = [k.facts for k in records.values() if k.facts is not None]
        games.sort(key=lambda g: (g.when, g.file))
        _games_of = (records, games)
    history.games = list(_games_of[1])
    unread = len(history.records) - len(history.games)
    if unread:
        history.notices.append(Notice("history.records_unread", fields=(("n", str(unread)),)))
    return history


_games_of: tuple[dict[str, history_index.Known], list[Finished]] | None = None
"""The games in order last made, with the records they were made of."""


def recheck() -> bool | None:
    """A frame's share of comparing the records' sizes and times with what the history holds: True when one
    changed behind the game's back (the screen loads the history again, and only it is read), False when none
    did so far, None when every record has been compared since the last whole check."""
    try:
        return history_index.recheck(history_dir())
    except OSError:
        return None


def forget() -> None:
    """Drop what is held in memory of the history (the next open reads its index): for a changed data folder
    and tests."""
    history_index.forget()


def _facts_from_record(path: Path) -> Finished:
    """A record's own facts (kept in its root, read without replaying the game: a rebuild of a thousand takes
    a fraction of a second, not seconds); replayed from the game where they are missing or odd."""
    text = read_limited(path, sgf.MAX_INPUT)
    with contextlib.suppress(ValueError, RecursionError, KeyError, TypeError):  # SgfError is a ValueError
        kept = json.loads(sgf.read_info(text).get(META_PROPERTY, "{}"))
        if isinstance(kept, dict) and kept.get("version") == VERSION:
            facts = Finished.from_json({**kept["facts"], "file": path.name})
            return facts
    record = sgf.read(text)
    settings = record_setup(record) or MatchSettings(record.game.rules, record.game.width, record.game.height)
    when = datetime.fromtimestamp(path.stat().st_mtime)
    return facts_of(record.game, settings, record.ending, when=when, file=path.name, hints=record.hints,
                    takebacks=record.takebacks)


def _read_keep(folder: Path, notices: list[Notice]) -> int:
    try:
        data = json.loads(read_limited(folder / KEEP_FILE, MAX_KEEP_BYTES))
        if not isinstance(data, dict) or data.get("version") != VERSION or data.get("keep") not in KEEP_CHOICES:
            raise ValueError("not a choice of how many games to keep")
        keep = data["keep"]
        assert isinstance(keep, int)
        return keep
    except FileNotFoundError:
        return DEFAULT_KEEP
    except (StoreError, OSError, ValueError, RecursionError) as e:
        log.warning("how many finished games to keep is unreadable, %d kept: %s", DEFAULT_KEEP, e)
        notices.append(Notice("history.keep_reset", fields=(("n", str(DEFAULT_KEEP)),)))
        return DEFAULT_KEEP


def set_keep(keep: int) -> None:
    """Keep ``keep`` finished games from now on (one of :data:`KEEP_CHOICES`). The oldest beyond it go
    when the next game is kept, not now: a choice passed on the way loses nothing. StoreError if not written."""
    if keep not in KEEP_CHOICES:
        raise ValueError(f"keep is one of {KEEP_CHOICES}, not {keep!r}")
    try:
        folder = history_dir()
        folder.mkdir(parents=True, exist_ok=True)
        write_atomically(folder / KEEP_FILE, json.dumps({"version": VERSION, "keep": keep}).encode())
    except OSError as e:
        raise StoreError(problem_of(e, writing=True), f"how many games to keep not written: {e}") from e


@dataclass(frozen=True)
class Kept:
    """What keeping a finished game did: its facts and the history after it (None: it could not be kept)."""

    facts: Finished | None
    history: History
    problem: str | None = None
    """The ``problem.*`` id of why it was not kept."""
    earlier: list[Finished] | None = None
    """The games kept before this one, oldest first, as they were before the oldest beyond the limit went (the
    achievements it earned are what it adds to them); None: not known (``history`` without this game)."""


def keep_game(game: Game, settings: MatchSettings, ending: Ending | None, *, hints: int = 0, takebacks: int = 0,
              times: sgf.Times | None = None, engine: sgf.MasterEngine | None = None,
              now: datetime | None = None) -> Kept:
    """Keep the finished ``game``: its record in the history folder, then the summary, the oldest beyond
    the limit removed. Never raises; a game with no move is not kept."""
    now = now or datetime.now()
    if game.move_count == 0:
        return Kept(None, load())
    facts = facts_of(game, settings, ending, when=now, hints=hints, takebacks=takebacks)
    info = record_info(settings, now)
    kept = json.loads(info.get(META_PROPERTY, "{}"))
    facts_json = facts.to_json()
    del facts_json["file"]  # the file's own name is where it is
    info[META_PROPERTY] = json.dumps({**kept, "version": VERSION, "facts": facts_json}, sort_keys=True,
                                     ensure_ascii=False)
    info |= sgf.hints_info(hints) | sgf.takebacks_info(takebacks) | sgf.engine_info(engine)
    text = sgf.dumps(game, info=info, times=times, ending=ending)
    try:
        folder = history_dir()
        folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(folder)
        path = write_new(folder, now.strftime("%Y-%m-%d %H-%M-%S"), ".sgf", text.encode("utf-8"))
    except OSError as e:
        log.warning("the finished game was not kept: %s", e)
        return Kept(None, load(), problem_of(e, writing=True))
    facts = replace(facts, file=path.name)
    history = load({path.name: facts})  # the summary held in memory (or read), this game added, not read back
    earlier = [g for g in history.games if g.file != path.name]
    _prune(folder, history)
    return Kept(facts, history, earlier=earlier)


def _prune(folder: Path, history: History) -> None:
    """The oldest finished games beyond the limit removed, records and summary."""
    extra = len(history.games) - history.keep
    if extra <= 0:
        return
    for old in history.games[:extra]:
        with contextlib.suppress(FileNotFoundError):
            try:
                (folder / old.file).unlink()
            except OSError as e:
                log.warning("an old finished game could not be removed: %s", e)
                continue
    history.games = history.games[extra:]
    with contextlib.suppress(OSError):  # the index checked against the folder again: the removed dropped
        history.records = history_index.check(folder, _facts_from_record, {}, [])
