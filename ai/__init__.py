"""The computer opponent: ``choose_move(game, level)`` for the game's worker thread.

Levels, weakest first: ``"random"`` (the floor for measurements), ``"beginner"``
(also spelt ``"novice"``), ``"amateur"`` and ``"master"``. The master searches on its
kernel (``ai.kernel``: UCT with playouts, compiled by numba). While the kernel is still
loading the master waits for it, in short slices that end at once when its cancel flag
is set. Where numba cannot be imported, or ``TOCHKI_KERNEL=off`` keeps it out, the kernel's
modules run as plain Python (``ai.kernel.jit``), and the master searches on them, far slower;
where numba is there but the kernel failed to load, importing the kernel would compile it in
this process, so the amateur plays for the master instead (logged once). The game passed in is never changed: every level
thinks on its own copy (unless told, ``copy=False``, that the game already is one).
``stop_phase_done`` tells the classic «Стоп» phase when the side moving alone has nothing
left to take.

The master may search in several threads (``cores``): each grows its own tree. By default an
unseeded search uses the number ``ai.parallel.configure`` set, else every core; a seeded one
stays on one core unless told otherwise, since a seed promises the same move.

>>> from engine import Game, Rules
>>> g = Game(9, 9)
>>> move = choose_move(g, "amateur", seed=1)
>>> g.is_legal(move), g.move_count
(True, 0)
"""

from __future__ import annotations

import logging
import math
import random
import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from ai import kernel, parallel
from ai.board import Board, Cancelled
from ai.simple import amateur_move, beginner_move, opening_move, random_move
from ai.stop import stop_move, stop_phase_done
from ai.work import MOVES_PER_SECOND
from engine import Game

log = logging.getLogger(__name__)

LEVELS: tuple[str, ...] = ("random", "beginner", "amateur", "master")
"""Every level, weakest first."""

class Level(StrEnum):
    """The levels a player can choose in the game (random is a yardstick for measurements). A member is
    its own name: ``Level.MASTER == "master"``."""

    BEGINNER = "beginner"
    AMATEUR = "amateur"
    MASTER = "master"


PLAYER_LEVELS: tuple[Level, ...] = tuple(Level)
"""The player's levels, weakest first (the names are :class:`Level`'s)."""

_ALIASES = {"novice": "beginner"}

MAX_SECONDS = 24 * 3600.0
"""The longest budget a search is given. A budget is how long the computer may think, an upper
bound: any larger one (even 1e308) asks the same, "as long as you like", and is cut to this, which
keeps the work counts and deadlines reckoned from it finite numbers."""

# Seconds of thought on a 20×20 board; other sizes scale by (nodes / 400) ** 0.35,
# which gives about 1.6 s on 15×15 and 2.9 s on 38×31 for the master.
_BASE_SECONDS = {"random": 0.05, "beginner": 0.25, "amateur": 0.25, "master": 2.0}
_SCALE_POWER = 0.35

WAIT_SLICE = 0.1
"""Seconds the master waits for a loading kernel between two looks at its cancel flag."""


class KernelUnavailable(RuntimeError):
    """The master's kernel cannot search in this run (numba there, but the kernel failed or is off)."""


class CancelFlag(Protocol):
    """What ``cancel`` must offer: ``threading.Event`` does."""

    def is_set(self) -> bool: ...


def budget(level: str, width: int, height: int) -> float:
    """Default thinking time in seconds for ``level`` on a board of ``width × height`` nodes."""
    level = _level(level)
    return float(_BASE_SECONDS[level] * (width * height / 400) ** _SCALE_POWER)


def choose_move(game: Game, level: str, *, seconds: float | None = None, seed: int | None = None,
                cancel: CancelFlag | None = None, cores: int | None = None, copy: bool = True,
                clock_seconds: float | None = None) -> tuple[int, int]:
    """A legal move for ``game.to_move`` at ``level``; ``game`` itself is left as it was.

    ``seconds`` replaces the level's budget, ``seed`` makes the choice repeatable,
    and ``cancel.is_set()`` turning true makes it return a legal move at once.
    ``cores`` is how many threads the master searches in (None: see the module's note); the other
    levels ignore it.
    Raises ValueError for an unknown level, a budget that is not a finite number of seconds, a
    number of cores below 1, or a game with no move to make; TypeError for a ``game`` that is not
    an ``engine.Game`` or a ``level`` that is not text. A budget over :data:`MAX_SECONDS` is
    that long.

    ``copy=False`` says ``game`` is already a copy of the caller's own, made for this search and
    touched by no one else meanwhile (the game's worker rebuilds one off the UI thread): the search
    plays its lines out on it, each taken back again, instead of replaying the whole game into a
    copy of its own first. The real game is then copied once on its way here, not twice.

    ``clock_seconds`` moves the clock's hard limit away from the budget: a seeded master then stops on
    its budget's work count and only this ends it sooner (a rung of ``ai.ladder``, the master on a share of
    its budget, is given the whole budget here, so that a busy machine does not cut its count short).
    """
    return think(game, level, seconds=seconds, seed=seed, cancel=cancel, cores=cores, copy=copy,
                 clock_seconds=clock_seconds).move


@dataclass(frozen=True)
class Thought:
    """A chosen move and how much looking it took (what ``python -m bench.levels`` reports)."""

    move: tuple[int, int]
    positions: int
    """Positions played out on the way: one per engine move made while thinking."""
    visits: int
    """Of those, the positions the search itself moved to (the rest only read what a move gains)."""
    cores: int = 1
    """How many threads searched: more than one on several cores."""
    kernel: bool = False
    """True when the master's kernel chose the move."""


def think(game: Game, level: str, *, seconds: float | None = None, seed: int | None = None,
          cancel: CancelFlag | None = None, cores: int | None = None, copy: bool = True,
          clock_seconds: float | None = None) -> Thought:
    """``choose_move`` that also tells how many positions it played out, and on how many cores."""
    start = time.perf_counter()
    if not isinstance(game, Game):
        raise TypeError(f"game must be an engine Game, not {type(game).__name__}")
    level = _level(level)
    if cores is not None and (type(cores) is not int or cores < 1):
        raise ValueError(f"cores is a whole number from 1, not {cores!r}")
    if game.is_over or game.legal_count == 0:
        raise ValueError("the game is over: there is no move to choose")
    limit = budget(level, game.width, game.height) if seconds is None else _seconds(seconds)
    deadline = start + (limit if clock_seconds is None else max(limit, _seconds(clock_seconds))) * 0.95
    if cores is None:
        cores = 1 if seed is not None else parallel.default_cores()
    if (level == "master" and game.stopped_by is None
            and (game.move_count or game.setup)  # the opening move is not searched at all
            and not (cancel is not None and cancel.is_set())):
        can = kernel_can_search(cancel)
        if can:
            # Before Board: the kernel replays the game into its own arrays, and Board's copy would be
            # a second replay (many milliseconds on a full 38×31 board) that it never reads. The wait
            # for the kernel is part of the budget.
            from ai.kernel import master as compiled  # loaded: kernel_can_search said so

            found = compiled.search(game, limit, seed=seed, deadline=deadline,
                                    cancel=None if cancel is None else cancel.is_set, cores=cores)
            if game.is_legal(found.move):
                return Thought(found.move, found.positions, found.iterations, found.cores, kernel=True)
        elif can is False:
            level = "amateur"  # logged once by kernel_can_search
    rng = random.Random(seed)
    board = Board(game, copy=copy)
    board.deadline = deadline
    if cancel is not None:
        board.cancel = cancel.is_set
    fallback = board.legal()[0]
    if cancel is not None and cancel.is_set():
        return Thought(board.points[fallback], board.positions, board.visits)
    move = board.points[_one_core(board, level, rng, fallback)]
    if not game.is_legal(move):  # a safety net: never hand the game an illegal move
        move = board.points[fallback]
    return Thought(move, board.positions, board.visits)


_told_unavailable = False


def kernel_can_search(cancel: CancelFlag | None = None) -> bool | None:
    """Whether the master's kernel can search, once it is loaded: waits for a loading kernel (starting it if
    need be) in slices of :data:`WAIT_SLICE`. True: compiled, or plain Python where numba is missing;
    False: it cannot in this run (logged the first time); None: ``cancel`` was set while waiting."""
    global _told_unavailable
    while not kernel.wait(WAIT_SLICE):
        state = kernel.status()
        if state.startswith(("off", "failed")):
            break
        if cancel is not None and cancel.is_set():
            return None
    else:
        return True
    from ai.kernel import jit  # numba's import, or why it failed: nothing is compiled here

    if jit.load_error is not None:
        return True  # the kernel's modules are plain Python: slow, but they need no compiling
    if not _told_unavailable:
        _told_unavailable = True
        log.warning("the master's kernel cannot search (%s): the amateur plays for the master", kernel.status())
    return False


def await_kernel(cancel: CancelFlag | None = None) -> None:
    """Return once the master's kernel can search (:func:`kernel_can_search`); :class:`Cancelled` when
    ``cancel`` was set meanwhile, :class:`KernelUnavailable` when it cannot search in this run."""
    can = kernel_can_search(cancel)
    if can is None:
        raise Cancelled
    if not can:
        raise KernelUnavailable(kernel.status())


def _one_core(board: Board, level: str, rng: random.Random, fallback: int) -> int:
    """The node ``level`` chooses on ``board`` in this process; ``fallback`` when cancelled or out of time."""
    try:
        if level == "random":
            return random_move(board, rng)
        if board.game.stopped_by is not None:
            return stop_move(board)
        if level == "beginner":
            return beginner_move(board, rng)
        if level == "amateur":
            return amateur_move(board, rng)
        return opening_move(board, rng)  # the master's first dot (a search would have no dots to read)
    except Cancelled:
        return fallback


def _seconds(seconds: object) -> float:
    """A budget as given, at most :data:`MAX_SECONDS`: a finite number of seconds, not below zero
    (True and "2" are no budgets)."""
    if (type(seconds) is int or type(seconds) is float) and math.isfinite(seconds) and seconds >= 0:
        return min(float(seconds), MAX_SECONDS)
    raise ValueError(f"seconds, the budget, is a finite number of seconds, not {seconds!r}")


def _level(level: str) -> str:
    if not isinstance(level, str):
        raise TypeError(f"level must be a level's name, not {type(level).__name__}")
    name = _ALIASES.get(level, level)
    if name not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    return name


__all__ = ["LEVELS", "MAX_SECONDS", "MOVES_PER_SECOND", "PLAYER_LEVELS", "WAIT_SLICE", "CancelFlag", "Cancelled",
           "KernelUnavailable", "Level", "Thought", "await_kernel", "budget", "choose_move", "kernel_can_search",
           "stop_phase_done", "think"]
