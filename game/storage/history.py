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

Reading and checking a summary of a thousand games takes some 100 ms, too long for a screen to wait at each
open; so the facts read are kept for the run with the summary's identity on disk (:func:`_stamp`: inode, size,
times), and read again only when the file changed (another window kept a game, or someone edited it). Each open
still lists the folder (a few ms), so a record the summary lacks is found as before; keeping a game adds its
facts to those in memory and writes the summary from them, nothing read back.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from pathlib import Path

from ai import Level
from ai.ladder import SHARES
from engine import Game, Player, Rules, sgf
from engine.ending import Ending
from game.match.settings import COLOURS, MatchSettings, colour_name
from game.paths import user_data_dir
from game.storage.atomic import remove_stale_temporaries, write_atomically, write_new
from game.storage.errors import Notice, StoreError, problem_of
from game.storage.library import record_info, record_setup
from game.storage.reading import read_limited
from game.storage.unfinished import META_PROPERTY

log = logging.getLogger(__name__)

HISTORY_DIR = "history"
SUMMARY_FILE = "summary.json"
KEEP_FILE = "keep.json"
VERSION = 1
"""The written form of the summary, the keep file and the facts in a record; another is rebuilt or ignored."""
KEEP_CHOICES = (50, 100, 200, 500, 1000, 2000)
"""How many finished games the player may choose to keep."""
DEFAULT_KEEP = 500
MAX_SUMMARY_BYTES = 4 * 1024 * 1024
"""A summary larger than this (2,000 games take about 600 KB) is no summary of ours: rebuilt."""
MAX_KEEP_BYTES = 4096


def history_dir() -> Path:
    """The folder of finished games (made when the first is kept); OSError if the data folder is unusable."""
    return user_data_dir() / HISTORY_DIR


@dataclass(frozen=True)
class Finished:
    """What the progress needs of one finished game, from the side of the people at the screen."""

    file: str
    """The record's file name in the history folder."""
    when: str
    """When it ended, local time, ``2025-01-18T14:03:22``: the order of the history."""
    rules: str
    width: int
    height: int
    level: str | None
    """The computer's level by name; None: two people at one screen."""
    human: str | None
    """The colour the person played against the computer ('blue' or 'red'); None at one screen."""
    winner: str | None
    """'blue', 'red', or None for a draw."""
    how: str
    """How it ended (``engine.How``'s value: finish, full, stop, time, resign)."""
    moves: int
    scores: tuple[str, str]
    """Blue's and Red's final counts, as fractions (``'7/2'``)."""
    capture: int = 0
    """The most enemy dots one move of the people at the screen crossed out (against the computer, the person's)."""
    countries: int = 0
    """Countries (classic: surrounded areas) the people at the screen laid."""
    takeovers: int = 0
    """Enemy countries they took over whole."""
    hints: int = 0
    takebacks: int = 0
    """Times moves were taken back («Отменить»)."""
    share: int = 1
    """Against the master on a share of its budget (a rung of ``ai.ladder``): the divisor; 1 for a level."""
    no_takebacks: bool = False
    """Against the computer, set up without takebacks: such a game moves the rating (``game.storage.rating``)."""

    @property
    def outcome(self) -> str:
        """'won', 'lost' or 'drawn' for the person against the computer; at one screen 'drawn' or the
        winner's colour."""
        if self.winner is None:
            return "drawn"
        if self.human is None:
            return self.winner
        return "won" if self.winner == self.human else "lost"

    def to_json(self) -> dict[str, object]:
        # (not dataclasses.asdict: its deep copies took 0.5 ms a game, half a second for a summary of 1,000)
        return {**{name: getattr(self, name) for name in _NAMES}, "scores": list(self.scores)}

    @classmethod
    def from_json(cls, data: object) -> Finished:
        """The facts :meth:`to_json` wrote; ValueError for anything else (never another exception)."""
        if not isinstance(data, Mapping):
            raise ValueError("not an object")
        values: dict[str, object] = {}
        for f in _FIELDS:
            value = data.get(f.name, _DEFAULTS.get(f.name))
            want = _KINDS[f.name]
            if f.name == "scores":
                if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) and len(v) < 20
                                                                           for v in value)):
                    raise ValueError("scores is two fractions")
                value = (value[0], value[1])
            elif not _fits(value, want):
                raise ValueError(f"{f.name} is not {want}")
            values[f.name] = value
        facts = cls(**values)  # type: ignore[arg-type]
        if facts.human not in (None, *COLOURS) or facts.winner not in (None, *COLOURS):
            raise ValueError("a colour is 'blue' or 'red'")
        if facts.rules not in _RULES or facts.level not in _LEVELS:
            raise ValueError("an unknown rule set or level")
        if facts.share != 1 and (facts.level != Level.MASTER.value or facts.share not in SHARES):
            raise ValueError("a share of the budget is for the master only, one of the ladder's")
        return facts


_FIELDS = fields(Finished)
_NAMES = tuple(f.name for f in _FIELDS)
_RULES = frozenset(r.value for r in Rules)
_LEVELS = frozenset((None, *(level.value for level in Level)))  # (built once: a thousand rows are read at a time)
_DEFAULTS = {"capture": 0, "countries": 0, "takeovers": 0, "hints": 0, "takebacks": 0, "share": 1,
             "no_takebacks": False}
_KINDS = {"file": "name", "when": "text", "rules": "text", "width": "count", "height": "count", "level": "text?",
          "human": "text?", "winner": "text?", "how": "text", "moves": "count", "scores": "pair", "capture": "count",
          "countries": "count", "takeovers": "count", "hints": "count", "takebacks": "count",
          "share": "count", "no_takebacks": "flag"}


def _fits(value: object, kind: str) -> bool:
    if kind == "count":
        return type(value) is int and 0 <= value <= 1_000_000
    if kind == "flag":
        return type(value) is bool
    if kind == "text?" and value is None:
        return True
    if kind == "name":
        return isinstance(value, str) and 0 < len(value) <= 255 and value.endswith(".sgf") and "/" not in value \
            and "\\" not in value and not value.startswith(".")
    return isinstance(value, str) and len(value) <= 40


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

    @property
    def files(self) -> dict[str, Finished]:
        return {g.file: g for g in self.games}


def load(added: Mapping[str, Finished] | None = None) -> History:
    """The history as the folder holds it now; never raises (an unusable folder is an empty history).

    ``added``: facts of records just written by this run, by file name, so that they are not read back."""
    history = History()
    try:
        folder = history_dir()
    except OSError as e:
        log.warning("the finished games cannot be read: %s", e)
        return history
    history.keep = _read_keep(folder, history.notices)
    try:
        names = sorted(entry.name for entry in os.scandir(folder)
                       if entry.name.endswith(".sgf") and not entry.name.startswith("."))
    except FileNotFoundError:
        return history
    except OSError as e:
        log.warning("the finished games cannot be listed: %s", e)
        history.notices.append(Notice("history.unreadable", problem_of(e)))
        return history
    known = _summary_facts(folder, history.notices)
    unread = 0
    for name in names:
        facts = known.get(name) or (added or {}).get(name)
        if facts is None:
            try:
                facts = _facts_from_record(folder / name)
            except (StoreError, sgf.SgfError, OSError, ValueError) as e:
                log.warning("finished game %s not read: %s", name, e)
                unread += 1
                continue
        history.games.append(facts)
    history.games.sort(key=lambda g: (g.when, g.file))
    if unread:
        history.notices.append(Notice("history.records_unread", fields=(("n", str(unread)),)))
    if set(known) != {g.file for g in history.games}:
        with contextlib.suppress(OSError):  # the summary is a copy: not written now, rebuilt next time
            _write_summary(folder, history.games)
    return history


Stamp = tuple[int, int, int, int]
"""A file's inode, size, modification and change times (ns): another stamp, another content."""
_read: dict[Path, tuple[Stamp, dict[str, Finished]]] = {}
"""The summary last read or written in each history folder this run, with its stamp then."""


def _stamp(path: Path) -> Stamp | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _summary_facts(folder: Path, notices: list[Notice]) -> dict[str, Finished]:
    """The summary's facts by file name: those in memory while the file is the one they came from, else read."""
    path = folder / SUMMARY_FILE
    stamp = _stamp(path)
    held = _read.get(folder)
    if stamp is not None and held is not None and held[0] == stamp:
        return dict(held[1])
    known = _read_summary(folder, notices)
    _read.pop(folder, None)
    if known and stamp is not None and stamp == _stamp(path):  # not replaced while it was read
        _read[folder] = (stamp, dict(known))
    return known


def forget() -> None:
    """Drop the summaries held in memory (the next open reads the file): for a changed data folder and tests."""
    _read.clear()


def _read_summary(folder: Path, notices: list[Notice]) -> dict[str, Finished]:
    """The summary's facts by file name; empty (and a notice) when it is damaged, so all is read anew."""
    path = folder / SUMMARY_FILE
    try:
        data = json.loads(read_limited(path, MAX_SUMMARY_BYTES))
        if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("games"), list):
            raise ValueError("not a summary of this version")
        games = [Finished.from_json(item) for item in data["games"]]
    except FileNotFoundError:
        return {}
    except (StoreError, OSError, ValueError, RecursionError) as e:  # bad JSON and wrong fields are ValueErrors
        log.warning("the summary of finished games is rebuilt from the records: %s", e)
        notices.append(Notice("history.rebuilt"))
        return {}
    return {g.file: g for g in games}


def _facts_from_record(path: Path) -> Finished:
    """A record's own facts (kept in its root); replayed from the game where they are missing or odd."""
    record = sgf.read(read_limited(path, sgf.MAX_INPUT))
    with contextlib.suppress(ValueError, RecursionError, KeyError, TypeError):
        kept = json.loads(record.info.get(META_PROPERTY, "{}"))
        if isinstance(kept, dict) and kept.get("version") == VERSION:
            facts = Finished.from_json({**kept["facts"], "file": path.name})
            return facts
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


def _write_summary(folder: Path, games: Iterable[Finished]) -> None:
    """The summary written from ``games`` and held in memory as what the file now says."""
    games = list(games)
    data = {"version": VERSION, "games": [g.to_json() for g in games]}
    _read.pop(folder, None)
    path = folder / SUMMARY_FILE
    write_atomically(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
    stamp = _stamp(path)
    if stamp is not None:
        _read[folder] = (stamp, {g.file: g for g in games})


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
    _prune(folder, history)
    return Kept(facts, history)


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
    with contextlib.suppress(OSError):
        _write_summary(folder, history.games)
