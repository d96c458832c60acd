"""The clocks of a game: the classic «Стоп» countdown, and the players' own clocks.

:class:`StopClock` is how long the other player may still move alone after a
«Стоп». The time comes from the rules (``engine.STOP_SECONDS``); the play scene
runs it once a frame, ends the game when it runs out, and shows it as «2:59».

:class:`MatchClock` is the clock agreed before a game (:class:`TimeControl`, the
official rules leave it to the players): minutes a player, seconds added after
each move, the side to move's time running, and the game lost by whoever's runs out.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from engine import STOP_SECONDS, Action, Game, Player, sgf


class ClockKeeper(Protocol):
    """Where a started clock is kept to be shown: the loop's ``SceneStack.clocks``, a set of whatever
    shows time, which this layer cannot name (it lies above)."""

    def add(self, clock: MatchClock, /) -> None: ...


class StopClock:
    """Seconds left after a «Стоп», or None while nobody has stopped.

    >>> clock = StopClock()
    >>> clock.start(); clock.shown()
    '3:00'
    >>> clock.left = 0.2; clock.shown()
    '0:01'
    """

    def __init__(self, left: float | None = None) -> None:
        self.left = None if left is None else min(float(STOP_SECONDS), max(0.0, left))

    def start(self) -> None:
        """«Стоп» was pressed just now: the full time."""
        self.left = float(STOP_SECONDS)

    def run(self, game: Game, dt: float) -> bool:
        """Count ``dt`` seconds off while ``game`` is stopped; True once the time has run out."""
        if game.stopped_by is None:
            self.left = None  # undone, or never pressed
            return False
        if self.left is None:
            self.start()
        assert self.left is not None
        self.left -= dt
        return self.left <= 0

    def wake_in(self) -> float | None:
        """Seconds until the shown time changes (it shows whole seconds); None when not running."""
        if self.left is None:
            return None
        return max(0.001, self.left - math.floor(self.left)) if self.left > 0 else 0.0

    def shown(self) -> str:
        """The time left as the panel shows it, whole seconds rounded up: «2:59»."""
        secs = max(0, int((STOP_SECONDS if self.left is None else self.left) + 0.999))
        return f"{secs // 60}:{secs % 60:02d}"


CLOCK_MINUTES = (0, 5, 10, 20)
"""The clocks offered before a game, minutes a player; 0 is no clock."""
INCREMENTS = (0, 3, 5)
"""Seconds a move may add to its player's time."""
LOW_SECONDS = 10.0
"""From here the running clock turns red and ticks softly."""
MAX_LEFT = float(sgf.MAX_CLOCK_SECONDS)
"""No clock holds more (increments could add up without end; a saved figure is capped too)."""


@dataclass(frozen=True)
class TimeControl:
    """The time each player gets, agreed before the game: minutes (0 = no clock) and seconds
    added after each move.

    >>> TimeControl(5, 3).limit, bool(TimeControl()), TimeControl(10).times((1.0,))
    (300, False, Times(limit=600, increment=0, left=(1.0,)))
    """

    minutes: int = 0
    increment: int = 0

    def __bool__(self) -> bool:
        return self.minutes > 0

    @property
    def limit(self) -> int:
        """Each player's time in seconds."""
        return self.minutes * 60

    def times(self, left: tuple[float | None, ...]) -> sgf.Times:
        """The record's clock: this control and the time left after each move."""
        return sgf.Times(self.limit, self.increment, left) if self else sgf.Times(None)

    def start(self, now: Callable[[], int], state: ClockState | None = None,
              shown: ClockKeeper | None = None) -> MatchClock:
        """A clock on this control, reading ``now`` (ms), full or going on from ``state``; added to
        ``shown``, the clocks the loop keeps showing under a dialog (``SceneStack.clocks``)."""
        left = None if state is None else dict(zip((Player.BLUE, Player.RED), state.left, strict=True))
        clock = MatchClock(self, now, left, () if state is None else state.moves)
        if shown is not None and self:
            shown.add(clock)
        return clock

    @classmethod
    def of(cls, times: sgf.Times) -> TimeControl:
        """The control a record was played on (an odd figure falls to the nearest offered one)."""
        limit = times.limit
        if limit is None:
            return cls()
        minutes = min(CLOCK_MINUTES[1:], key=lambda m: abs(m * 60 - limit))
        return cls(minutes, min(INCREMENTS, key=lambda s: abs(s - times.increment)))


def shown_time(seconds: float) -> str:
    """A clock as the panel shows it: whole seconds rounded up, «4:59»; «1:05:00» past an hour.

    >>> shown_time(299.2), shown_time(0.0), shown_time(-3), shown_time(3900)
    ('5:00', '0:00', '0:00', '1:05:00')
    """
    secs = max(0, math.ceil(seconds - 1e-9))
    hours, rest = divmod(secs, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


class ClockState(NamedTuple):
    """A clock to go on with: seconds left (Blue's, Red's) and the figures of the moves so far."""

    left: tuple[float, float]
    moves: tuple[float | None, ...] = ()


def state_at(times: sgf.Times, history: tuple[Action, ...], moves: int) -> ClockState | None:
    """The clocks after the first ``moves`` moves of a recorded game (``history``), to play on from
    there; None when the record has no clock.

    >>> g = Game(5, 5); _ = g.play((1, 1)); _ = g.play((3, 3))
    >>> state_at(sgf.Times(300, 3, (290.5, 280)), g.history, 1)
    ClockState(left=(290.5, 300), moves=(290.5,))
    """
    if times.limit is None:
        return None
    left = times.left_at(history, moves)
    blue, red = (times.limit if v is None else v for v in (left[Player.BLUE], left[Player.RED]))
    return ClockState((blue, red), times.left[:moves])


class MatchClock:
    """Both players' time left, the side to move's running against a time source in ms.

    The time source (the loop's, ``SceneStack.now``) runs on whatever is on screen:
    a dialog or the rules over the game do not stop the clock, and the time charged
    is what the source says passed, not what scene updates added up. :meth:`stop`
    when the game is closed; the autosave keeps :meth:`left_now`.

    >>> now = [0]
    >>> clock = MatchClock(TimeControl(5, 3), lambda: now[0])
    >>> clock.follow(Player.BLUE); now[0] = 12_500
    >>> clock.shown(Player.BLUE), clock.moved(Player.BLUE), clock.shown(Player.RED)
    ('4:48', 290.5, '5:00')
    """

    def __init__(self, control: TimeControl, now: Callable[[], int],
                 left: Mapping[Player, float] | None = None, moves: Iterable[float | None] = ()) -> None:
        """A clock on ``control``; ``left`` and ``moves`` as a saved game had them (else full)."""
        self.control = control
        self.now = now
        full = float(control.limit)
        self.left = {p: full if left is None else min(MAX_LEFT, max(0.0, float(left[p]))) for p in Player}
        """Each player's seconds left as of the last charge (see :meth:`left_now` for this moment)."""
        self.moves: list[float | None] = list(moves)
        """The time its player had left after each move of the game: the record's ``BL``/``WL``."""
        self.running: Player | None = None
        self._since = 0
        self._ticked: int | None = None

    def __bool__(self) -> bool:
        return bool(self.control)

    def _charge(self) -> None:
        now = self.now()
        if self.running is not None:
            self.left[self.running] = max(0.0, self.left[self.running] - max(0, now - self._since) / 1000)
        self._since = now

    def follow(self, player: Player | None) -> None:
        """Run ``player``'s clock from now on (None: neither), charging the one that ran until now."""
        if not self:
            return
        self._charge()
        self.running = player

    def stop(self) -> None:
        """The game is closed (or over): charge the running clock and stop it."""
        self.follow(None)

    def left_now(self, player: Player) -> float:
        """``player``'s seconds left at this moment (changes nothing: drawing may ask)."""
        if player is not self.running:
            return self.left[player]
        return max(0.0, self.left[player] - max(0, self.now() - self._since) / 1000)

    def flag(self) -> Player | None:
        """The player whose time has run out, if any."""
        if not self:
            return None
        return next((p for p in Player if self.left_now(p) <= 0), None)

    def moved(self, player: Player, index: int | None = None) -> float:
        """``player`` has just made the game's move number ``index`` (from 0; None: the next one):
        charge the time, add the increment, note it for the record; the time they have left.

        Moves taken back leave the time spent spent, as on a real clock; only their
        figures for the record go (moves replayed meanwhile have none: not known)."""
        if self:
            self._charge()
            if self.left[player] > 0:  # a move after the flag fell earns nothing
                self.left[player] = min(MAX_LEFT, self.left[player] + self.control.increment)
        index = len(self.moves) if index is None else index
        del self.moves[index:]
        self.moves.extend([None] * (index - len(self.moves)))
        self.moves.append(self.left[player] if self else None)
        return self.left[player]

    def run(self, game: Game, tick: Callable[[], None] | None = None) -> Player | None:
        """Once a frame: the clock of ``game``'s player to move runs (none once it is over);
        the player whose time has run out, if any. ``tick`` is called when :meth:`tick_due`."""
        self.follow(None if game.is_over else game.to_move)
        flag = self.flag()
        if flag is None and self.tick_due() and tick is not None:
            tick()
        return flag

    def tick_due(self) -> bool:
        """True once for each new second the running clock shows in its last :data:`LOW_SECONDS`
        (the soft tick)."""
        second = math.ceil(self.left_now(self.running)) if self.running is not None and self.low(self.running) \
            else None
        due = second is not None and second != self._ticked
        self._ticked = second
        return due

    def state(self) -> ClockState:
        """What a resumed game needs to go on with this clock exactly: both times, the moves' figures."""
        self._charge()
        return ClockState((self.left[Player.BLUE], self.left[Player.RED]), tuple(self.moves))

    def low(self, player: Player) -> bool:
        """``player``'s clock is in its last :data:`LOW_SECONDS`: shown red (and ticking while it runs)."""
        return bool(self) and self.left_now(player) <= LOW_SECONDS

    def shown(self, player: Player) -> str:
        """``player``'s time left as shown: «4:59»."""
        return shown_time(self.left_now(player))

    def wake_in(self) -> float | None:
        """Seconds until the running clock's shown time changes; None when none runs."""
        if not self or self.running is None:
            return None
        left = self.left_now(self.running)
        return max(0.001, left - math.floor(left)) if left > 0 else 0.0

    def times(self) -> sgf.Times:
        """The record's clock so far."""
        return self.control.times(tuple(self.moves))
