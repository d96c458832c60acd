"""«Анализ»: the master's review of a whole game (:mod:`ai.review`) as a background job.

A game of a few hundred moves takes the master a minute or more, so the review
runs beside the window (:mod:`game.match.jobs`): the scene starts it, reads
:attr:`Analysis.moves` and :attr:`Analysis.fraction` to draw the chart as it grows
and the progress bar, and cancels it when the player stops it or leaves. Each move
reviewed, and the end, wake the loop (``notify``): the chart gets its point and a
finished review loses «Прервать» and the bar at once, with no input and nobody
polling. The worker rebuilds the game from a snapshot the UI thread takes (no replay
there) and shares only the list of moves reviewed, under a lock. The thread cannot
be killed; a cancel makes the search give up within a fraction of one move's budget.

The review counts work, never time (:mod:`ai.review`), so a finished one is the
answer for that record at those settings: :func:`kept` keeps it in memory while the
game runs, keyed by the record's moves and the settings, and leaving the review and
coming back shows it at once. A record with a move more is another key: reviewed anew.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ai import Cancelled
from ai import review as ai_review
from engine import Game
from game.match.jobs import Job, Jobs, Notify
from game.match.opponent import Snapshot

log = logging.getLogger(__name__)

Reviewer = Callable[..., list[ai_review.MoveReview]]
"""``ai.review.review``'s signature (tests hand in a quicker one)."""

KEPT = 16
"""Finished analyses kept in memory while the game runs (the oldest seen goes first)."""

Key = tuple[Any, ...]
"""A record's content (size, rules, setup, first-move zone, every action) and the review's settings."""

_kept: OrderedDict[Key, Analysis] = OrderedDict()
_kept_lock = threading.Lock()  # finished analyses are kept from their worker threads


def key_of(game: Game, work: int, seed: int) -> Key:
    """What decides an analysis' verdicts: the record's content, not its name or file, and the settings."""
    first = game.history[0].player if game.history else game.to_move
    return (game.width, game.height, game.rules, game.setup, game.zone_rule, first, game.history, work, seed)


def kept(game: Game, *, seconds: float | None = None, work: int | None = None, seed: int = 0) -> Analysis | None:
    """The finished analysis of ``game``'s moves at these settings, if one was made while the game ran."""
    key = key_of(game, ai_review.work_count(game.rules, work=work, seconds=seconds), seed)
    with _kept_lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
        return found


def forget_kept() -> None:
    """Drop every kept analysis (tests start from none)."""
    with _kept_lock:
        _kept.clear()


class Analysis:
    """One game's review, running or done; :attr:`moves` grows as it goes."""

    def __init__(self, game: Game, *, seconds: float | None = None, work: int | None = None, seed: int = 0,
                 reviewer: Reviewer | None = None, notify: Notify | None = None) -> None:
        self.total = game.move_count
        """How many moves the game has: the chart's width from the start."""
        self._shot = Snapshot.of(game)
        self.work = ai_review.work_count(game.rules, work=work, seconds=seconds)
        """Each search's work count (``seconds``, when given, as ``ai.review.work_count`` counts it)."""
        self.seed = seed
        self.key = key_of(game, self.work, seed)
        self._reviewer: Reviewer = reviewer if reviewer is not None else ai_review.review
        self.jobs: Jobs[None] = Jobs("analysis", notify)
        self._lock = threading.Lock()
        self._moves: list[ai_review.MoveReview] = []
        self._done = False
        self.failed = False
        """True when the review stopped on an error (it is in the log)."""

    @classmethod
    def of_record(cls, game: Game, *, seconds: float | None = None, work: int | None = None, seed: int = 0,
                  reviewer: Reviewer | None = None, notify: Notify | None = None) -> Analysis:
        """The kept analysis of ``game`` at these settings, else a new one started."""
        found = kept(game, seconds=seconds, work=work, seed=seed)
        if found is not None:
            return found
        return cls(game, seconds=seconds, work=work, seed=seed, reviewer=reviewer, notify=notify).start()

    @classmethod
    def of(cls, game: Game, moves: list[ai_review.MoveReview]) -> Analysis:
        """A finished analysis of ``game`` from ``moves`` reviewed before (the screenshots show one)."""
        done = cls(game)
        done._moves = list(moves)
        done._done = True
        return done

    def start(self) -> Analysis:
        """Start the worker; returns self."""
        self.jobs.start(self._work)
        return self

    @property
    def job(self) -> Job | None:
        """The review's job (tests wait on its ``done``); None before :meth:`start`."""
        return self.jobs.job

    def _work(self, job: Job) -> None:
        def add(move: ai_review.MoveReview, total: int) -> None:
            with self._lock:
                if not job.cancel.is_set():
                    self._moves.append(move)
            job.news()  # the chart's next point, the bar a step on

        try:
            self._reviewer(self._shot.game(), work=self.work, seed=self.seed, cancel=job.cancel, progress=add)
        except Cancelled:
            pass
        except Exception:  # told to the scene (failed), never raised in a thread
            log.exception("The game review stopped on an error")
            self.failed = True
        with self._lock:
            self._done = True  # before the job's own wake-up: the frame it wakes sees the review over
            whole = not self.failed and len(self._moves) == self.total
        if whole:
            self._keep()

    def _keep(self) -> None:
        """Keep this finished analysis for its record and settings (the oldest kept goes past :data:`KEPT`)."""
        with _kept_lock:
            _kept[self.key] = self
            _kept.move_to_end(self.key)
            while len(_kept) > KEPT:
                _kept.popitem(last=False)

    @property
    def moves(self) -> list[ai_review.MoveReview]:
        """The moves reviewed so far, first to last (a copy)."""
        with self._lock:
            return list(self._moves)

    @property
    def running(self) -> bool:
        """True until the review is done, failed or cancelled."""
        job = self.jobs.job
        with self._lock:
            return not self._done and job is not None and not job.cancel.is_set()

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
        job = self.jobs.job
        if job is not None:
            job.cancel.set()  # (not Jobs.cancel: the job stays, so the scene can say where it stopped)

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker (tests, and a tidy exit)."""
        self.jobs.join(timeout)
