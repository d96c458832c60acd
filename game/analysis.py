"""«Анализ»: the master's review of a whole game (:mod:`ai.review`) on a worker thread.

A game of a few hundred moves takes the master a minute or more, so the review
runs beside the window: the scene starts it, reads :attr:`Analysis.moves` and
:attr:`Analysis.fraction` every frame to draw the chart as it grows and the
progress bar, and cancels it when the player stops it or leaves. The worker
gets its own copy of the game and shares only the list of moves reviewed,
under a lock. The thread cannot be killed; a cancel makes the search give up
within a fraction of one move's budget.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from ai import review as ai_review
from ai.board import Cancelled
from engine import Game

log = logging.getLogger(__name__)

Reviewer = Callable[..., list[ai_review.MoveReview]]
"""``ai.review.review``'s signature (tests hand in a quicker one)."""


class Analysis:
    """One game's review, running or done; :attr:`moves` grows as it goes."""

    def __init__(self, game: Game, *, seconds: float | None = None, reviewer: Reviewer | None = None) -> None:
        self.total = game.move_count
        """How many moves the game has: the chart's width from the start."""
        self._game = game.copy()
        self._seconds = ai_review.SECONDS if seconds is None else seconds
        self._reviewer: Reviewer = reviewer if reviewer is not None else ai_review.review
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self._moves: list[ai_review.MoveReview] = []
        self._done = False
        self.failed = False
        """True when the review stopped on an error (it is in the log)."""
        self._thread = threading.Thread(target=self._work, name="analysis", daemon=True)

    @classmethod
    def of(cls, game: Game, moves: list[ai_review.MoveReview]) -> Analysis:
        """A finished analysis of ``game`` from ``moves`` reviewed before (the screenshots show one)."""
        done = cls(game)
        done._moves = list(moves)
        done._done = True
        return done

    def start(self) -> Analysis:
        """Start the worker; returns self."""
        self._thread.start()
        return self

    def _work(self) -> None:
        try:
            self._reviewer(self._game, seconds=self._seconds, cancel=self._cancel, progress=self._add)
        except Cancelled:
            pass
        except Exception:  # noqa: BLE001 - told to the scene (failed), never raised in a thread
            log.exception("The game review stopped on an error")
            self.failed = True
        with self._lock:
            self._done = True

    def _add(self, move: ai_review.MoveReview, total: int) -> None:
        with self._lock:
            if not self._cancel.is_set():
                self._moves.append(move)

    @property
    def moves(self) -> list[ai_review.MoveReview]:
        """The moves reviewed so far, first to last (a copy)."""
        with self._lock:
            return list(self._moves)

    @property
    def running(self) -> bool:
        """True until the review is done, failed or cancelled."""
        with self._lock:
            return not self._done and not self._cancel.is_set()

    @property
    def complete(self) -> bool:
        """True when every move has been reviewed."""
        with self._lock:
            return len(self._moves) == self.total

    @property
    def fraction(self) -> float:
        """How much of the game has been reviewed, 0…1 (1 for a game with no moves)."""
        with self._lock:
            return len(self._moves) / self.total if self.total else 1.0

    def cancel(self) -> None:
        """Stop the review; what was reviewed so far stays."""
        self._cancel.set()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker (tests, and a tidy exit)."""
        if self._thread.is_alive():
            self._thread.join(timeout)
