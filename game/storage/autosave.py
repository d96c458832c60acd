"""The autosave of a game in progress: when it is written, and the set-up saved with it.

:mod:`game.storage.unfinished` keeps the files (one SGF record per game in progress, its
slot, with the set-up as JSON in its ``TOCHKI`` property); this module says what
goes in that set-up (:func:`autosave_meta`, read back by :func:`resume`: the
game's :class:`MatchSettings` in its one written form, the «Стоп» time left, the moves taken
back, and both players' time left as the game was closed; older versions' own form still
reads) and when a play scene's
changes reach the disk (:class:`Autosaver`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from ai import PLAYER_LEVELS, Level
from engine import STOP_SECONDS, Game, Player, sgf
from game.match.clock import CLOCK_MINUTES, INCREMENTS, MAX_LEFT, ClockState, MatchClock, TimeControl
from game.match.settings import ComputerSettings, MatchSettings, SetupError
from game.match.takeback import TakeBack
from game.storage import unfinished

log = logging.getLogger(__name__)

WAIT_SECONDS = 2.0
"""The longest an autosave waits for the board to be still (moves in quick succession): longer than a
moment's banner (1.7 s, ``game.view.moments``), so one big capture is never saved in the middle of it."""


def autosave_meta(settings: MatchSettings, game: Game, stop_left: float | None = None,
                  redo: TakeBack | None = None, clock: ClockState | None = None) -> dict[str, Any]:
    """What is saved with the game besides its record: the set-up (``setup``, in
    :meth:`MatchSettings.to_json`'s form), what is left of a «Стоп» under way, the moves taken back that
    «Вернуть» can replay, and both players' time left (``clock_left``, to the millisecond: resuming
    gives it back exactly).

    >>> autosave_meta(MatchSettings(computer=ComputerSettings(Level.MASTER, Player.RED)), Game(5, 5))["setup"]
    {'rules': 'countries', 'width': 5, 'height': 5, 'computer': {'level': 'master', 'human': 'red'}, 'clock': {'minutes': 0, 'increment': 0}}
    """
    # The record's own rule set and size are the truth: the set-up says the same.
    meta: dict[str, Any] = {"setup": replace(settings, rules=game.rules, width=game.width,
                                             height=game.height).to_json()}
    meta[unfinished.SUMMARY] = unfinished.summary_of(game)  # the list's row without a replay (unfinished.listed_of)
    if stop_left is not None and game.stopped_by is not None:
        meta["stop_left"] = round(max(0.0, stop_left), 1)
    if redo is not None and redo.can_redo:
        meta["redo"] = redo.to_json()
    if settings.clock and clock is not None:
        meta["clock_left"] = [round(left, 3) for left in clock.left]
    return meta


def _times_left(left: object) -> tuple[float, float] | None:
    """Both players' time left as saved; None for anything that is not two times in range."""
    if not (isinstance(left, list) and len(left) == 2
            and all(type(v) in (int, float) and 0 <= v <= MAX_LEFT for v in left)):  # nan fails too
        return None
    return float(left[0]), float(left[1])


def clock_from_meta(meta: Mapping[str, Any]) -> tuple[TimeControl, tuple[float, float] | None]:
    """The clock an older version saved a game with (``clock``: minutes, increment and both times
    left, Blue's, Red's; None: full); anything odd is no clock.

    >>> clock_from_meta({"clock": {"minutes": 5, "increment": 3, "left": [12.5, 290]}})
    (TimeControl(minutes=5, increment=3), (12.5, 290.0))
    >>> clock_from_meta({"clock": {"minutes": 7, "left": [1, 2]}}), clock_from_meta({"clock": [5]})[0]
    ((TimeControl(minutes=0, increment=0), None), TimeControl(minutes=0, increment=0))
    """
    saved = meta.get("clock")
    if not isinstance(saved, dict):
        return TimeControl(), None
    minutes, increment = saved.get("minutes"), saved.get("increment", 0)
    if type(minutes) is not int or minutes not in CLOCK_MINUTES[1:] or type(increment) is not int \
            or increment not in INCREMENTS:
        return TimeControl(), None
    return TimeControl(minutes, increment), _times_left(saved.get("left"))


def _old_settings(meta: Mapping[str, Any], game: Game) -> MatchSettings:
    """The set-up as versions before ``setup`` spelt it (``mode``, ``level``, ``human``, ``clock``)."""
    computer = None
    if meta.get("mode") == "computer":
        level = meta.get("level")
        human = Player.RED if meta.get("human") == "red" else Player.BLUE
        computer = ComputerSettings(Level(level) if level in PLAYER_LEVELS else Level.BEGINNER, human)
    return MatchSettings(game.rules, game.width, game.height, computer, clock_from_meta(meta)[0])


def settings_from_meta(meta: Mapping[str, Any], game: Game) -> MatchSettings:
    """The set-up to resume ``game`` with, as :func:`autosave_meta` wrote it or as older versions did;
    a set-up that cannot be read is two players without a clock (logged): the game itself still resumes.

    >>> settings_from_meta({"mode": "computer", "level": "amateur", "human": "red"}, Game(7, 5)).computer
    ComputerSettings(level=<Level.AMATEUR: 'amateur'>, human=<Player.RED: 2>, share=1, takebacks=True, fits=False)
    """
    if "setup" not in meta:
        return _old_settings(meta, game)
    try:
        settings = MatchSettings.from_json(meta["setup"])
    except SetupError as e:
        log.warning("the game's set-up is unreadable (%s); it resumes as two players without a clock", e)
        settings = MatchSettings()
    # The record's own rule set and size are the truth; the set-up only adds the opponent and the clock.
    return replace(settings, rules=game.rules, width=game.width, height=game.height)


def left_from_meta(meta: Mapping[str, Any]) -> tuple[float, float] | None:
    """Both players' time left as the game was closed (Blue's, Red's); None: full, or no clock."""
    if "setup" not in meta:
        return clock_from_meta(meta)[1]
    return _times_left(meta.get("clock_left"))


class Resumed(NamedTuple):
    """A game in progress ready to play on, in the order ``Match`` takes it: ``Match(*resume(saved))``."""

    settings: MatchSettings
    game: Game
    stop_left: float | None
    """Seconds left of its «Стоп»; None: none under way."""
    slot: str | None = None
    """The save it goes on writing to."""
    redo: TakeBack | None = None
    """The moves taken back before it was left, for «Вернуть», and how many times moves were taken back."""
    clock: ClockState | None = None
    """Both players' time left as it was left, and each move's for the record; None: no clock."""
    hints: int = 0
    """Hints used so far against the computer (the record's ``HN``): the count goes on."""
    engine: sgf.MasterEngine | None = None
    """The engine the computer's master played on so far (the record's ``ENGINE``): the game goes on naming
    the weakest it was played on; None: no master moved."""


def resume(saved: unfinished.Resumable) -> Resumed:
    """The game in progress ``saved`` (from ``unfinished.list_current()``), its set-up, the seconds left
    of its «Стоп», its slot, the moves taken back, and the engine its master played on so far.

    The record is the one ``list_current`` read (the game, its clock's figures, its hints): it is
    not parsed again. Raises ``engine.sgf.SgfError`` for a record that is not a game (read here
    only when ``saved`` came without it).
    """
    record = saved.record if saved.record is not None else sgf.read(saved.text)
    game = record.game.copy()  # the listed game stays as listed (its row's picture)
    left = saved.meta.get("stop_left")
    stop_left = None
    if game.stopped_by is not None and isinstance(left, (int, float)) and not isinstance(left, bool):
        stop_left = min(float(STOP_SECONDS), max(0.0, float(left)))
    redo = TakeBack.from_json(saved.meta["redo"], game) if "redo" in saved.meta else None
    if record.takebacks:  # the count goes on from the record's TAKEBACKS
        redo = redo or TakeBack()
        redo.taken = record.takebacks
    settings, left = settings_from_meta(saved.meta, game), left_from_meta(saved.meta)
    clock = None
    if settings.clock and left is not None:
        # The figures of the moves come from the record's BL/WL; they are only for showing.
        clock = ClockState(left, record.times.left[:game.move_count])
    return Resumed(settings, game, stop_left, saved.slot or None, redo, clock, record.hints,
                   sgf.read_engine(record.info))


Job = tuple[str, Callable[[], str | None], dict[str, Any]]
"""A waiting write: «save» or «clear», the record made when written (None: nothing to write), the meta."""


class Autosaver:
    """The autosave of one game: asked for after every change, written once the board is still.

    A write (with fsync) takes about 10 ms, a dropped frame or two if it fell in
    the middle of a move's animation, so the scene writes it on the first frame
    with nothing moving, and at most :data:`WAIT_SECONDS` after it was asked
    for (:meth:`tick`). (A worker thread was tried: on a busy machine its GIL
    hand-offs cost the animation more than the write itself.) Only the newest
    request matters: the file ends up as the game is now. ``failed`` is True
    while the last write failed.
    """

    def __init__(self, slot: str | None = None) -> None:
        self._job: Job | None = None
        self.slot = slot
        """The game's own save (``unfinished.save_current``); None until its first write makes one."""
        self.asked_at = 0.0
        """The scene's clock when the waiting request was first made."""
        self.failed = False

    @property
    def pending(self) -> bool:
        """A request is waiting to be written."""
        return self._job is not None

    def save(self, text: str, meta: dict[str, Any], now: float) -> None:
        """Ask for ``text`` (SGF) with ``meta`` to become this game's save."""
        self._put(("save", lambda: text, meta), now)

    def save_game(self, game: Game, settings: MatchSettings, stop_left: float | None, now: float,
                  redo: TakeBack | None = None, clock: MatchClock | None = None, hints: int = 0,
                  engine: sgf.MasterEngine | None = None) -> None:
        """Ask for ``game`` to be saved, with the hints used and the engine the computer's master played on so
        far (``engine``), unless there is nothing to lose yet.

        Nothing to lose: no move on the board and none taken back, and never saved
        (a game taken back to an empty board is kept, with its moves to replay).
        A game that is over is left alone: the results take over, and clear it.
        """
        if game.is_over:
            return
        if not game.history and not (redo is not None and redo.can_redo) and self.slot is None:
            return
        state = clock.state() if clock else None
        times = clock.times() if clock else None
        taken = redo.taken if redo is not None else 0
        info = sgf.hints_info(hints) | sgf.takebacks_info(taken) | sgf.engine_info(engine)
        asked = game.version

        def record() -> str | None:
            # Written out when the write comes (a still frame), not in the move's frame: the record of a
            # long game takes milliseconds. A game changed since without asking again has ended: nothing.
            return sgf.dumps(game, times=times, info=info) if game.version == asked else None

        self._put(("save", record, autosave_meta(settings, game, stop_left, redo, state)), now)

    def clear(self, now: float) -> None:
        """Ask for this game's save to be forgotten (it has ended)."""
        self._put(("clear", lambda: "", {}), now)

    def _put(self, job: Job, now: float) -> None:
        if self._job is None:
            self.asked_at = now
        self._job = job

    def tick(self, now: float, *, busy: bool) -> None:
        """Once a frame: write the waiting request if the board is still (not ``busy``) or it has waited long enough."""
        if self._job is not None and (not busy or now - self.asked_at >= WAIT_SECONDS):
            self.flush()

    def release(self) -> None:
        """The game is left (or the window closes): after the last write, another window may play it."""
        self.flush()
        if self.slot is not None:
            unfinished.release(self.slot)

    def flush(self) -> None:
        """Write the waiting request now. Never raises: the game goes on whatever the disk says."""
        job, self._job = self._job, None
        if job is None:
            return
        kind, record, meta = job
        try:
            if kind == "save":
                text = record()
                if text is None:
                    return
                self.slot = unfinished.save_current(text, meta, self.slot)
            elif self.slot is not None:
                unfinished.clear_current(self.slot)
            self.failed = False
        except Exception as e:  # noqa: BLE001 — StoreError or worse: never take the game down for it
            log.warning("autosave failed: %s", e)
            self.failed = kind == "save"
