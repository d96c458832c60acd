"""Background jobs for the scenes: work on a thread that wakes the loop when it has news.

The computer's move, a hint and the analysis of a game each run beside the window. A
:class:`Jobs` runs one kind of them: :meth:`Jobs.start` makes a :class:`Job` (a
generation number, a cancel flag, a done flag) and runs its work on a daemon thread;
starting another supersedes it — its cancel flag is set and whatever it brings later
is dropped, so a stale answer never reaches the game. A Python thread cannot be
killed: a superseded job runs on until its work looks at the flag.

No one polls. The work tells the loop when there is something to show — its result
(:meth:`Jobs.take`, once) or progress (:meth:`Job.news`) — through ``notify``, a
callable injected by whoever owns the loop (``Control`` posts a pygame event, which
ends the loop's wait at once). This module knows nothing of pygame; with no
``notify`` (tests that drive the workers alone) the news simply waits to be read.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

Notify = Callable[[], None]
"""Wakes the loop: called from a worker thread, so it must be thread-safe and quick."""


@dataclass(frozen=True)
class Finished(Generic[T]):
    """What a job brought: the work's return value, or the error it raised (logged already)."""

    generation: int
    value: T | None
    error: BaseException | None = None


class Job:
    """One piece of background work: its generation, and flags to cancel it and to see it end."""

    def __init__(self, generation: int, owner: Jobs[Any]) -> None:
        self.generation = generation
        self.cancel = threading.Event()
        """Set when the job is cancelled or superseded: the work may stop early; its result is dropped."""
        self.done = threading.Event()
        """Set once the work has returned or raised and its result is stored (or dropped):
        tests wait on it instead of on a clock."""
        self._owner = owner

    @property
    def current(self) -> bool:
        """True while nothing has cancelled or superseded it: its news still matters."""
        return not self.cancel.is_set() and self._owner.generation == self.generation

    def news(self) -> None:
        """Progress to show (a move reviewed): wake the loop, unless the job no longer matters."""
        if self.current:
            self._owner.wake()


class Jobs(Generic[T]):
    """At most one current job of a kind (the computer's move, a hint, an analysis)."""

    def __init__(self, name: str, notify: Notify | None = None) -> None:
        self.name = name
        self.notify = notify
        """Called (from the worker) when a current job has news or has finished; None: nobody listens."""
        self._lock = threading.Lock()
        self._generation = 0
        self._job: Job | None = None
        self._finished: Finished[T] | None = None
        self._threads: list[threading.Thread] = []

    @property
    def generation(self) -> int:
        """The current job's number: anything an older one brings is stale."""
        with self._lock:
            return self._generation

    @property
    def job(self) -> Job | None:
        """The current job, running or finished; None before the first and after :meth:`cancel`."""
        with self._lock:
            return self._job

    @property
    def busy(self) -> bool:
        """True while the current job's work runs (its result not yet brought)."""
        with self._lock:
            return self._job is not None and not self._job.done.is_set()

    def start(self, work: Callable[[Job], T]) -> Job:
        """Run ``work(job)`` on a new thread as the current job; the one before is cancelled."""
        with self._lock:
            if self._job is not None:
                self._job.cancel.set()  # a search still running for it may stop now
            self._generation += 1
            job = Job(self._generation, self)
            self._job, self._finished = job, None
        thread = threading.Thread(target=self._run, args=(job, work), name=f"{self.name}-{job.generation}",
                                  daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()]
        self._threads.append(thread)
        thread.start()
        return job

    def _run(self, job: Job, work: Callable[[Job], T]) -> None:
        try:
            finished: Finished[T] = Finished(job.generation, work(job))
        except BaseException as error:  # told to the scene, never raised in a thread
            log.error("A background job (%s %d) stopped on an error", self.name, job.generation, exc_info=error)
            finished = Finished(job.generation, None, error)
        with self._lock:
            current = job is self._job and not job.cancel.is_set()
            if current:
                self._finished = finished
        # Done before the wake-up: the frame it wakes must find the job over (no «Прервать» left over).
        job.done.set()
        if current:
            self.wake()

    def wake(self) -> None:
        """Tell the loop there is something to show (a failing ``notify`` is logged, never raised)."""
        if self.notify is not None:
            try:
                self.notify()
            except Exception:  # the result is stored; the next frame shows it anyway
                log.exception("Could not wake the loop for %s", self.name)

    def take(self) -> Finished[T] | None:
        """The current job's result, once; None while it runs, after it was taken, or after cancel."""
        with self._lock:
            finished, self._finished = self._finished, None
            return finished

    def cancel(self) -> None:
        """Drop the current job: its cancel flag is set and its result, when it comes, is ignored."""
        with self._lock:
            if self._job is not None:
                self._job.cancel.set()
            self._generation += 1
            self._job, self._finished = None, None

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker threads (tests, and a tidy exit)."""
        for thread in list(self._threads):
            thread.join(timeout)
