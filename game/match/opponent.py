"""The computer player as the play scene sees it: ask for a move, hear when it is found, cancel it.

The search runs on a background job (:mod:`game.match.jobs`) on a game of its own, so the
window keeps drawing while the computer thinks and the real game is never touched from
two threads. The UI thread only takes a :class:`Snapshot` (tuples, no replay: a few
hundredths of a millisecond where ``Game.copy`` takes ten on a long game); the worker
rebuilds the game from it, once, and hands the search that game as its own (``copy=False``), so
it is not replayed a second time into a copy of a copy. Every request is a job with a generation number;
undo, leaving the game or closing the window cancel it, and what an older job brings is
dropped. When the answer is there the job wakes the loop (``notify``), so the move
shows at once, with nobody polling.

The move chooser is injected: by default it is ``ai.choose_move``; tests set a
quick stand-in once, on the scene stack (``SceneStack.chooser``). A chooser that
raises is reported, never raised: the scene then says the computer could not move,
and the log gets the traceback (the player's one line is no use for finding the bug).

In classic the computer's turn may end in a «Стоп» instead of a move: before it
looks for a move, the worker asks ``press_stop`` (``ai.stop.should_press_stop`` for
the levels in :data:`STOP_LEVELS`, see :meth:`ComputerOpponent.against`).
:meth:`ComputerOpponent.take_turn` hands the scene a :class:`Decision` to apply.
"""

from __future__ import annotations

import inspect
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ai import PLAYER_LEVELS, Level, budget, choose_move, stop_phase_done
from ai.stop import should_press_stop
from engine import Action, Game, IllegalMove, Player, Point, Rules
from game.match.jobs import Job, Jobs, Notify
from game.match.settings import ComputerSettings

log = logging.getLogger(__name__)

STOP_LEVELS = (Level.AMATEUR, Level.MASTER)
"""The levels that press «Стоп» when ahead and safe; the beginner plays on to the end."""


class Chooser(Protocol):
    """``ai.choose_move``'s signature: the move to play in ``game`` at ``level`` (``cancel`` and ``copy``
    are passed as well to a chooser that takes them)."""

    def __call__(self, game: Game, level: str, *, seconds: float | None = None,
                 seed: int | None = None) -> Point: ...


def _takes(chooser: Callable[..., object], name: str) -> bool:
    """Whether ``chooser`` takes the keyword ``name`` (a test's stand-in may not)."""
    try:
        params = inspect.signature(chooser).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == name or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


@dataclass(frozen=True)
class Snapshot:
    """What a worker needs to rebuild a game, taken on the UI thread without replaying it.

    The same arguments ``Game.copy`` hands ``Game.from_actions``; all immutable, so the
    worker may rebuild from them while the real game moves on.
    """

    width: int
    height: int
    rules: Rules
    setup: tuple[tuple[Player, Point], ...]
    zone: bool
    actions: tuple[Action, ...]
    to_move: Player
    version: int
    """The real game's version when taken: an answer is for that position."""

    @classmethod
    def of(cls, game: Game) -> Snapshot:
        """``game`` as it is now."""
        return cls(game.width, game.height, game.rules, game.setup, game.zone_rule, game.history, game.to_move,
                   game.version)

    def game(self) -> Game:
        """A new game in the position taken (the worker's own: the search may play on it)."""
        return Game.from_actions(self.width, self.height, self.rules, setup=self.setup, zone=self.zone,
                                 actions=self.actions, to_move=self.to_move)


@dataclass(frozen=True)
class Answer:
    """What a finished request gave: a move, or the error that stopped it."""

    move: Point | None
    error: BaseException | None = None
    version: int = -1
    """The game version the request was made at (the move is for that position)."""
    finish: bool = False
    """Classic «Стоп»: moving alone, the computer has nothing more to gain and ends the game."""
    stop: bool = False
    """Classic: the computer presses «Стоп» (ahead, and none of its dots can be taken any more)."""


@dataclass(frozen=True)
class Decision:
    """The computer's turn, for the scene to apply: play :attr:`move`, press «Стоп», or finish the game."""

    move: Point | None = None
    stop: bool = False
    """Classic: «Стоп» now (the other side moves alone)."""
    finish: bool = False
    """Classic, moving alone after the other side's «Стоп»: nothing more to gain, the game ends."""


class ComputerOpponent:
    """Plays ``player`` at ``level`` by running ``chooser`` as a background job."""

    def __init__(self, player: Player, level: Level, *, chooser: Chooser | None = None,
                 stop_done: Callable[[Game], bool] | None = None,
                 press_stop: Callable[[Game], bool] | None = None,
                 seconds: float | None = None, seed: int | None = None, notify: Notify | None = None,
                 share: int = 1) -> None:
        if level not in PLAYER_LEVELS:
            raise ValueError(f"unknown level {level!r}; known: {', '.join(PLAYER_LEVELS)}")
        self.player = player
        self.level = Level(level)
        self.seconds = seconds
        self.share = share
        """A rung between the amateur and the master (``ai.ladder``): the budget is divided by this."""
        # A rung searches seeded, so that it stops on its count of kernel moves (the strength measured), not on
        # the clock; a seed drawn for the game keeps its moves from repeating from one game to the next.
        self.seed = seed if seed is not None or share == 1 else random.randrange(1 << 30)
        self._chooser: Chooser = chooser if chooser is not None else choose_move
        # When it moves alone after the human's «Стоп», the computer may end the
        # game early (docs/RULES.md §3.8) once ``stop_done`` says nothing is left to take.
        self._stop_done = stop_done if stop_done is not None else (stop_phase_done if chooser is None else None)
        # Whether to press «Стоп» itself instead of moving; None never does (a hint, the beginner).
        self._press_stop = press_stop
        # A chooser that takes ``cancel`` (ai.choose_move does) is told to stop
        # early, so a dropped search stops using the CPU; one that takes ``copy`` is told the
        # game it gets is the worker's own, so it need not replay it into a copy again.
        self._extra: dict[str, object] = {}
        if _takes(self._chooser, "copy"):
            self._extra["copy"] = False
        self._pass_cancel = _takes(self._chooser, "cancel")
        self._pass_clock = _takes(self._chooser, "clock_seconds")
        self.jobs: Jobs[Answer] = Jobs(f"computer-{player.name.lower()}", notify)
        """Its searches: the current one's answer wakes the loop through ``notify``."""
        self._asked_version: int | None = None  # the position last asked about by take_turn
        self.failed = False
        """True once it could not move (an error, no move, a move for an old position); undo clears it."""

    @classmethod
    def against(cls, settings: ComputerSettings, *, chooser: Chooser | None = None,
                seconds: float | None = None, notify: Notify | None = None) -> ComputerOpponent:
        """The computer of a game against a person: its level decides whether it presses «Стоп».

        With a stand-in ``chooser`` (tests) it never does: such a test brings its own rule.

        >>> [ComputerOpponent.against(ComputerSettings(level)).presses_stop for level in Level]
        [False, True, True]
        """
        press = should_press_stop if chooser is None and settings.level in STOP_LEVELS else None
        return cls(settings.computer, settings.level, chooser=chooser, press_stop=press, seconds=seconds,
                   notify=notify, share=settings.share)

    @property
    def presses_stop(self) -> bool:
        """True when its turn may end in a «Стоп» (classic, when its rule says so)."""
        return self._press_stop is not None

    @property
    def thinking(self) -> bool:
        """True from a request until its answer arrives or it is cancelled."""
        return self.jobs.busy

    @property
    def generation(self) -> int:
        """The current request's number; older answers are stale."""
        return self.jobs.generation

    def request(self, game: Game) -> Job:
        """Start thinking about ``game`` (a snapshot taken now, on the caller's thread); the job."""
        shot = Snapshot.of(game)
        return self.jobs.start(lambda job: self._work(shot, job))

    def _work(self, shot: Snapshot, job: Job) -> Answer:
        version = shot.version
        try:
            game = shot.game()
            if self._stop_done is not None and game.stopped_by == self.player.other and self._stop_done(game):
                return Answer(None, None, version, finish=True)
            if self._wants_stop(game):
                return Answer(None, None, version, stop=True)
            extra = dict(self._extra, cancel=job.cancel) if self._pass_cancel else self._extra
            if self.share != 1 and self._pass_clock:  # a rung: its work count ends the search, not the clock
                extra = dict(extra, clock_seconds=budget(self.level, game.width, game.height))
            move = self._chooser(game, self.level, seconds=self._budget(game), seed=self.seed, **extra)
            return Answer((int(move[0]), int(move[1])), None, version)
        except BaseException as error:  # reported to the scene, never raised in a thread
            log.error("The computer (%s, level %s) could not choose a move at game version %d",
                      self.player.name, self.level, version, exc_info=error)
            return Answer(None, error, version)

    def _budget(self, game: Game) -> float | None:
        """The seconds its search is given: as set (None: the level's own), or a rung's share of it."""
        if self.share == 1:
            return self.seconds
        whole = self.seconds if self.seconds is not None else budget(self.level, game.width, game.height)
        return whole / self.share

    def _wants_stop(self, game: Game) -> bool:
        """Ask ``press_stop`` about its own turn; a rule that fails means play on (logged), not a failed turn."""
        if self._press_stop is None or game.stopped_by is not None or game.to_move != self.player:
            return False
        try:
            return bool(self._press_stop(game))
        except Exception as error:  # a move is still wanted; the log keeps the bug
            log.error("The computer (%s) could not decide on «Стоп» at game version %d; it plays on",
                      self.player.name, game.version, exc_info=error)
            return False

    def poll(self) -> Answer | None:
        """The answer of the current request, once; None while thinking or after cancel."""
        finished = self.jobs.take()
        if finished is None:
            return None
        return finished.value if finished.value is not None else Answer(None, finished.error)

    def take_turn(self, game: Game) -> Decision | None:
        """Once a frame: when it is this player's turn in ``game``, ask about a new position, else take
        the answer once it has come: a :class:`Decision` for the scene to apply (None: nothing yet).

        An error, no move, a move for another position or one the game refuses (an illegal move, a
        «Стоп» not to be had) sets :attr:`failed`; nothing more is asked until :meth:`cancel`. So a
        decision handed out is one the game takes as it is.
        """
        if self.failed or game.to_move != self.player or game.is_over:
            return None
        if self._asked_version != game.version:
            self.request(game)
            self._asked_version = game.version
            return None
        answer = self.poll()
        if answer is None:
            return None
        if answer.version != game.version or not self._allowed(answer, game):
            self.failed = True
            return None
        return Decision(answer.move, stop=answer.stop, finish=answer.finish)

    @staticmethod
    def _allowed(answer: Answer, game: Game) -> bool:
        """Whether the game takes ``answer`` as it is now: a legal move, a «Стоп» classic still has, or the end."""
        if answer.finish:
            return True
        if answer.stop:
            return game.rules is Rules.CLASSIC and game.stopped_by is None
        try:
            return answer.move is not None and game.is_legal(answer.move)
        except IllegalMove:
            return False

    def take_back(self, game: Game) -> None:
        """Undo: drop any search, then take back this player's replies and the other side's last action."""
        self.cancel()
        while game.history and game.undo().action.player == self.player:
            pass

    def cancel(self) -> None:
        """Drop the current request (its answer, when it comes, is ignored) and forget a failure:
        the next turn asks afresh."""
        self._asked_version = None
        self.failed = False
        self.jobs.cancel()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker threads (tests, and a tidy exit)."""
        self.jobs.join(timeout)
