"""The computer player as the play scene sees it: ask for a move, poll for it, cancel it.

The search runs on a worker thread on a copy of the game, so the window keeps
drawing while the computer thinks and the real game is never touched from two
threads. Every request gets a generation number; undo, leaving the game or
closing the window bump it, and a result from an older generation is dropped.
(A Python thread cannot be killed, so a cancelled search finishes in the
background and its answer is thrown away.)

The move chooser is injected: by default it is ``ai.choose_move``; tests set a
quick stand-in once, on the scene stack (``SceneStack.chooser``). A chooser that
raises is reported, never raised: the scene then says the computer could not move,
and the log gets the traceback (the player's one line is no use for finding the bug).

In classic the computer's turn may end in a «Стоп» instead of a move: before it
looks for a move, the worker asks ``press_stop`` (``ai.stop.should_press_stop`` for
the levels in :data:`STOP_LEVELS`, see :meth:`ComputerOpponent.against`).
"""

from __future__ import annotations

import copy
import inspect
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ai import PLAYER_LEVELS, choose_move, stop_phase_done
from ai.stop import should_press_stop
from engine import Game, IllegalMove, Player, Point
from game.settings import ComputerSettings

log = logging.getLogger(__name__)

POLL_SECONDS = 0.05
"""While a worker thinks (the computer's move, a hint): how often a scene looks for the answer."""

STOP_LEVELS = ("amateur", "master")
"""The levels that press «Стоп» when ahead and safe; the beginner plays on to the end."""


class Chooser(Protocol):
    """``ai.choose_move``'s signature: the move to play in ``game`` at ``level``."""

    def __call__(self, game: Game, level: str, *, seconds: float | None = None,
                 seed: int | None = None) -> Point: ...


def _takes_cancel(chooser: Callable[..., object]) -> bool:
    try:
        params = inspect.signature(chooser).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "cancel" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


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


def copy_game(game: Game) -> Game:
    """An independent copy for the worker: ``Game.copy()`` where there is one."""
    make_copy: Callable[[], Game] | None = getattr(game, "copy", None)
    return make_copy() if make_copy is not None else copy.deepcopy(game)


class ComputerOpponent:
    """Plays ``player`` at ``level`` by running ``chooser`` on a worker thread."""

    def __init__(self, player: Player, level: str, *, chooser: Chooser | None = None,
                 stop_done: Callable[[Game], bool] | None = None,
                 press_stop: Callable[[Game], bool] | None = None,
                 seconds: float | None = None, seed: int | None = None) -> None:
        if level not in PLAYER_LEVELS:
            raise ValueError(f"unknown level {level!r}; known: {', '.join(PLAYER_LEVELS)}")
        self.player = player
        self.level = level
        self.seconds = seconds
        self.seed = seed
        self._chooser: Chooser = chooser if chooser is not None else choose_move
        # When it moves alone after the human's «Стоп», the computer may end the
        # game early (RULES.md §3.8) once ``stop_done`` says nothing is left to take.
        self._stop_done = stop_done if stop_done is not None else (stop_phase_done if chooser is None else None)
        # Whether to press «Стоп» itself instead of moving; None never does (a hint, the beginner).
        self._press_stop = press_stop
        # A chooser that takes ``cancel`` (ai.choose_move does) is told to stop
        # early, so a dropped search stops using the CPU.
        self._pass_cancel = _takes_cancel(self._chooser)
        self._stop_flag = threading.Event()
        self._lock = threading.Lock()
        self._generation = 0
        self._answer: Answer | None = None
        self._thinking = False
        self._threads: list[threading.Thread] = []
        self._asked_version: int | None = None  # the position last asked about by take_turn
        self.failed = False
        """True once it could not move (an error, no move, a move for an old position); undo clears it."""

    @classmethod
    def against(cls, settings: ComputerSettings, *, chooser: Chooser | None = None,
                seconds: float | None = None) -> ComputerOpponent:
        """The computer of a game against a person: its level decides whether it presses «Стоп».

        With a stand-in ``chooser`` (tests) it never does: such a test brings its own rule.

        >>> [ComputerOpponent.against(ComputerSettings(level)).presses_stop for level in ("beginner", "amateur", "master")]
        [False, True, True]
        """
        press = should_press_stop if chooser is None and settings.level in STOP_LEVELS else None
        return cls(settings.computer, settings.level, chooser=chooser, press_stop=press, seconds=seconds)

    @property
    def presses_stop(self) -> bool:
        """True when its turn may end in a «Стоп» (classic, when its rule says so)."""
        return self._press_stop is not None

    @property
    def thinking(self) -> bool:
        """True from a request until its answer arrives or it is cancelled."""
        with self._lock:
            return self._thinking

    @property
    def generation(self) -> int:
        """The current request's number; older answers are stale."""
        with self._lock:
            return self._generation

    def request(self, game: Game) -> None:
        """Start thinking about ``game`` (copied now, on the caller's thread)."""
        twin = copy_game(game)
        version = game.version
        flag = threading.Event()
        with self._lock:
            self._stop_flag.set()  # a search still running for an older request may stop now
            self._stop_flag = flag
            self._generation += 1
            generation = self._generation
            self._answer = None
            self._thinking = True
        worker = threading.Thread(target=self._work, args=(twin, version, generation, flag),
                                  name=f"computer-{generation}", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()]
        self._threads.append(worker)
        worker.start()

    def _work(self, game: Game, version: int, generation: int, flag: threading.Event) -> None:
        try:
            if self._stop_done is not None and game.stopped_by == self.player.other and self._stop_done(game):
                self._deliver(generation, Answer(None, None, version, finish=True))
                return
            if self._wants_stop(game):
                self._deliver(generation, Answer(None, None, version, stop=True))
                return
            if self._pass_cancel:
                move = self._chooser(game, self.level, seconds=self.seconds, seed=self.seed,
                                     cancel=flag)  # type: ignore[call-arg]
            else:
                move = self._chooser(game, self.level, seconds=self.seconds, seed=self.seed)
            answer = Answer((int(move[0]), int(move[1])), None, version)
        except BaseException as error:  # noqa: BLE001 - reported to the scene, never raised in a thread
            log.error("The computer (%s, level %s) could not choose a move at game version %d",
                      self.player.name, self.level, version, exc_info=error)
            answer = Answer(None, error, version)
        self._deliver(generation, answer)

    def _wants_stop(self, game: Game) -> bool:
        """Ask ``press_stop`` about its own turn; a rule that fails means play on (logged), not a failed turn."""
        if self._press_stop is None or game.stopped_by is not None or game.to_move != self.player:
            return False
        try:
            return bool(self._press_stop(game))
        except Exception as error:  # noqa: BLE001 - a move is still wanted; the log keeps the bug
            log.error("The computer (%s) could not decide on «Стоп» at game version %d; it plays on",
                      self.player.name, game.version, exc_info=error)
            return False

    def _deliver(self, generation: int, answer: Answer) -> None:
        with self._lock:
            if generation == self._generation:
                self._answer = answer
                self._thinking = False

    def poll(self) -> Answer | None:
        """The answer of the current request, once; None while thinking or after cancel."""
        with self._lock:
            answer, self._answer = self._answer, None
            return answer

    def take_turn(self, game: Game, play: Callable[[Point], None], finish: Callable[[], None],
                  stop: Callable[[], None] | None = None) -> None:
        """Once a frame: when it is this player's turn in ``game``, ask about a new position, else look
        for the answer and ``play`` its move, ``finish`` the game (classic, moving alone) or ``stop``
        (classic «Стоп»: the other side moves alone).

        An error, no move, a move for another position or one ``play`` or ``stop`` refuses
        (``IllegalMove``; a «Стоп» with no ``stop`` to take it) sets :attr:`failed`; nothing more
        is asked until :meth:`cancel`.
        """
        if self.failed or game.to_move != self.player or game.is_over:
            return
        if self._asked_version != game.version:
            self.request(game)
            self._asked_version = game.version
            return
        answer = self.poll()
        if answer is None:
            return
        if answer.version != game.version or (answer.move is None and not answer.finish and not answer.stop) \
                or (answer.stop and stop is None):
            self.failed = True
        elif answer.finish:
            finish()
        else:
            try:
                if stop is not None and answer.stop:
                    stop()
                elif answer.move is not None:
                    play(answer.move)
            except IllegalMove:
                self.failed = True

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
        with self._lock:
            self._stop_flag.set()
            self._generation += 1
            self._answer = None
            self._thinking = False

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker threads (tests, and a tidy exit)."""
        for t in list(self._threads):
            t.join(timeout)
