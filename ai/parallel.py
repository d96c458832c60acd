"""The master on every core: its root split between worker processes, the answers merged.

``search`` hands each of n worker processes one share of the root
(``Master.best_move(share=(i, n))``: every n-th root move from the i-th) with the
same deadline and work limit as the search on one core, and merges what they
found: at the deepest iteration every share finished, the share whose best value
is highest gives the move (a tie goes to the share that holds the root's earlier
moves). Each worker rebuilds the position from the game's history
(``Game.from_actions``: a few kilobytes, a millisecond or two), so the cost of
sending it is part of the budget like everything else.

The pool is started on the first request that needs it, with the "spawn" start
method (the game has threads and pygame: forking them is unsafe), and kept for
the next ones; until its workers say they are ready, requests are searched on one
core (``search`` returns None and ``ai.think`` does it in-process). One parallel
search runs at a time: a second request meanwhile (a hint while the computer
thinks) gets None too. Cancel is honoured at once: the caller's flag is polled,
the workers are told through a shared number they read at every node
(``Board.cancel``), and the caller gets a legal move without waiting for them. A
worker that dies, or a pool that cannot start, is logged and the search goes on
in-process; after a few such failures the pool is not tried again in this run.
Workers are daemonic and the pool is shut down at interpreter exit (``atexit``)
and by ``game.app`` when the window closes, so no process outlives the game.

The worker side never imports pygame: a spawned worker imports this module, the
engine and the search, nothing else of the game.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Protocol

from ai.board import Board, Cancelled
from ai.search import Master, Settings
from engine import Action, ActionKind, Game, Player, Point, Rules

log = logging.getLogger(__name__)

MAX_CORES = 64
"""More workers than this are never started, whatever is asked (a settings file is not trusted)."""

REPLY_MARGIN = 0.02
"""Seconds the workers stop before the search's deadline: time to pickle, send and merge their answers."""

POLL_SECONDS = 0.01
"""How often the waiting parent looks at the caller's cancel flag."""

MAX_FAILURES = 3
"""Pools that failed to start or lost a worker before the parallel search is given up for this run."""

_CONTEXT: Any = multiprocessing.get_context("spawn")  # a module attribute: the tests replace it with a failing one


class CancelFlag(Protocol):
    """What ``cancel`` must offer: ``threading.Event`` does."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class Share:
    """What one worker found in its share of the root."""

    move: Point | None
    """Its best move (None when it was stopped before it had one)."""
    iterations: list[dict[Point, float]]
    """The root values of each iteration it finished: the best exact, the others bounds from above."""
    positions: int
    visits: int


@dataclass(frozen=True)
class Found:
    """The merged answer of one parallel search."""

    move: Point
    positions: int
    visits: int
    cores: int
    depth: int
    """The deepest iteration every share finished (0: none did, the move is a share's own choice)."""


class _Failed(Exception):
    """A worker died or could not be reached: the search goes on in-process."""


# ----- the worker process --------------------------------------------------------------------------------------------


def _position(game: Game) -> tuple[Any, ...]:
    """What a worker needs to rebuild ``game``: its size, rules, setup dots and history (picklable, small)."""
    return (game.width, game.height, game.rules.value, tuple((int(p), pt) for p, pt in game.setup),
            game.zone_rule, tuple((a.kind.value, int(a.player), a.point) for a in game.history), int(game.to_move))


def _rebuild(position: tuple[Any, ...]) -> Game:
    width, height, rules, setup, zone, actions, to_move = position
    return Game.from_actions(width, height, Rules(rules), setup=[(Player(p), pt) for p, pt in setup], zone=zone,
                             actions=[Action(ActionKind(k), Player(p), pt) for k, p, pt in actions],
                             to_move=Player(to_move))


def search_share(position: tuple[Any, ...], settings: Settings, share: tuple[int, int], seconds: float,
                 work_limit: int | None, seed: int | None, cancel: Callable[[], bool] | None) -> Share:
    """One worker's search: its share of the root of ``position`` for ``seconds`` (or ``work_limit``)."""
    started = time.perf_counter()
    board = Board(_rebuild(position), copy=False)
    board.deadline = started + seconds
    if work_limit is not None:
        board.work_limit = work_limit
    board.cancel = cancel
    master = Master(board, random.Random(seed), settings)
    move: int | None = None
    try:
        move = master.best_move(share=share)
        if not master.iterations and share[1] > 1:
            # A share of a single root move returns it unsearched; the merge needs its value to weigh it.
            _deepen_one(master, move)
    except Cancelled:
        pass
    points = board.points
    return Share(None if move is None else points[move],
                 [{points[v]: value for v, value in values.items()} for values in master.iterations],
                 board.positions, board.visits)


def _deepen_one(master: Master, move: int) -> None:
    """Iterative deepening of one root move with a full window: exact values, as a share's best gets."""
    for depth in range(1, master.settings.max_depth + 1):
        master.iterations.append(master.values([move], depth))


def _serve(index: int, conn: Connection, stop: Any) -> None:
    """A worker's life: say it is ready, then answer tasks until told to stop or the parent is gone."""
    try:
        conn.send(("ready", index, os.getpid()))
        while True:
            task = conn.recv()
            if task is None:
                return
            job, position, settings, share, deadline_wall, work_limit, seed = task
            # The parent's deadline is on the wall clock (the one clock both processes read alike);
            # from here on the worker's own monotonic clock measures it.
            seconds = deadline_wall - time.time()
            try:
                # Stopping a job stops every older one too: a worker may still be on one the parent dropped.
                found = search_share(position, settings, share, seconds, work_limit, seed, _dropped(stop, job))
                conn.send(("done", job, index, found))
            except Exception:  # noqa: BLE001 - a bug in the search is the parent's to log, not a dead worker
                conn.send(("error", job, index, traceback.format_exc()))
    except (EOFError, OSError, KeyboardInterrupt):
        return  # the parent went away (or is shutting the pool down): nothing to answer to


def _dropped(stop: Any, job: int) -> Callable[[], bool]:
    """The cancel flag of one job: set once the parent stops it or a newer one (``stop`` holds the newest stopped)."""
    return lambda: bool(stop.value >= job)


# ----- the pool ------------------------------------------------------------------------------------------------------


class _Pool:
    """n worker processes, each with its own pipe, and the shared number that stops a job."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.stop = _CONTEXT.RawValue("q", 0)  # jobs up to this one are dropped; read at every node
        self.job = 0
        self.processes: list[Any] = []
        self.conns: list[Connection] = []
        self.ready = [False] * count
        self.owed = [0] * count  # tasks sent to each worker and not answered yet
        try:
            for i in range(count):
                parent_end, child_end = _CONTEXT.Pipe()
                process = _CONTEXT.Process(target=_serve, args=(i, child_end, self.stop), name=f"tochki-ai-{i}",
                                           daemon=True)
                process.start()
                child_end.close()
                self.processes.append(process)
                self.conns.append(parent_end)
        except BaseException:
            self.close()
            raise

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes if p.pid is not None]

    def alive(self) -> bool:
        return all(p.is_alive() for p in self.processes)

    def _receive(self, i: int) -> tuple[Any, ...] | None:
        """One message from worker i, bookkeeping done: a job's answer, or None for a ready notice."""
        try:
            message: tuple[Any, ...] = self.conns[i].recv()
        except (EOFError, OSError) as error:
            self.processes[i].join(0.1)  # its exit code, if it is dying
            raise _Failed(f"worker {i} died or closed its pipe (exit code {self.processes[i].exitcode})") from error
        if message[0] == "ready":
            self.ready[i] = True
            return None
        self.owed[i] -= 1
        return message

    def _died(self, i: int) -> bool:
        return self.processes[i].exitcode is not None and not self.conns[i].poll()

    def poll_ready(self, timeout: float = 0.0) -> bool:
        """True once every worker said it is ready (waiting up to ``timeout`` for them)."""
        end = time.perf_counter() + timeout
        while not all(self.ready):
            waiting = [i for i in range(self.count) if not self.ready[i]]
            left = end - time.perf_counter()
            ready = wait([self.conns[i] for i in waiting] + [self.processes[i].sentinel for i in waiting],
                         timeout=max(0.0, left))
            for i in waiting:
                if self.conns[i] in ready:
                    self._receive(i)
                elif self.processes[i].sentinel in ready and self._died(i):
                    raise _Failed(f"worker {i} died while starting (exit code {self.processes[i].exitcode})")
            if left <= 0:
                break
        return all(self.ready)

    def settle(self, timeout: float) -> bool:
        """Read (and drop) the answers still owed for earlier jobs; True when no worker is busy any more."""
        end = time.perf_counter() + timeout
        while any(self.owed):
            busy = [i for i in range(self.count) if self.owed[i]]
            left = end - time.perf_counter()
            if left <= 0:
                return False
            ready = wait([self.conns[i] for i in busy] + [self.processes[i].sentinel for i in busy], timeout=left)
            for i in busy:
                if self.conns[i] in ready:
                    self._receive(i)
                elif self.processes[i].sentinel in ready and self._died(i):
                    raise _Failed(f"worker {i} died (exit code {self.processes[i].exitcode})")
        return True

    def run(self, position: tuple[Any, ...], settings: Settings, deadline: float, hard: float,
            work_limit: int | None, seed: int | None, cancel: CancelFlag | None) -> list[Share | None] | None:
        """Every share searched until ``deadline`` (perf_counter); their answers, None if cancelled.

        Answers not in by ``hard`` are not waited for (the workers are told to stop).
        Raises ``_Failed`` when a worker dies or cannot be reached.
        """
        self.job += 1
        job = self.job
        deadline_wall = time.time() + (deadline - time.perf_counter())
        # One seed for every share: the root's order breaks ties at random, and the shares must
        # split the same order between them, or some moves would be searched twice and others never.
        share_seed = seed if seed is not None else random.getrandbits(62)
        for i in range(self.count):
            try:
                self.conns[i].send((job, position, settings, (i, self.count), deadline_wall, work_limit, share_seed))
            except (OSError, ValueError) as error:
                raise _Failed(f"worker {i} cannot be reached ({error})") from error
            self.owed[i] += 1
        shares: list[Share | None] = [None] * self.count
        waiting = set(range(self.count))
        while waiting:
            if cancel is not None and cancel.is_set():
                self.stop.value = job
                return None
            left = hard - time.perf_counter()
            if left <= 0:
                self.stop.value = job
                log.info("parallel search: %d of %d shares not in by the deadline", len(waiting), self.count)
                break
            ready = wait([self.conns[i] for i in waiting] + [self.processes[i].sentinel for i in waiting],
                         timeout=min(POLL_SECONDS, left))
            for i in sorted(waiting):
                if self.conns[i] in ready:
                    message = self._receive(i)
                    if message is None or message[1] != job:
                        continue  # a ready notice, or the late answer of a job dropped before
                    waiting.discard(i)
                    if message[0] == "done":
                        shares[i] = message[3]
                    else:
                        log.error("parallel search: share %d of %d failed:\n%s", i, self.count, message[3])
                elif self.processes[i].sentinel in ready and self._died(i):
                    raise _Failed(f"worker {i} died mid-search (exit code {self.processes[i].exitcode})")
        return shares

    def close(self, timeout: float = 1.0) -> None:
        """Stop every worker: ask, then wait a little, then terminate, then kill; no process is left."""
        self.stop.value = self.job
        for conn in self.conns:
            with contextlib.suppress(OSError, ValueError):  # a worker already gone needs no asking
                conn.send(None)
        end = time.perf_counter() + timeout
        for process in self.processes:
            process.join(max(0.0, end - time.perf_counter()))
        for process in self.processes:
            if process.is_alive():
                process.terminate()
                process.join(0.5)
            if process.is_alive():
                process.kill()
                process.join(0.5)
        for conn in self.conns:
            conn.close()
        for process in self.processes:
            with contextlib.suppress(ValueError):  # still running after a kill: nothing more can be done from here
                process.close()


# ----- the module's one pool -----------------------------------------------------------------------------------------

_lock = threading.Lock()          # guards _pool, _cores and _failures
_searching = threading.Lock()     # held by the one parallel search running
_pool: _Pool | None = None
_cores: int | None = None         # configured; None: every core of the machine
_failures = 0
_exit_hooked = False


def configure(cores: int | None) -> None:
    """The default number of cores for an unseeded master (None: all of them; 1: in-process only)."""
    global _cores
    if cores is not None and (type(cores) is not int or cores < 1):
        raise ValueError(f"cores is a whole number from 1, or None for all, not {cores!r}")
    with _lock:
        _cores = cores


def machine_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity on Windows and macOS: every core of the machine
        return max(1, os.cpu_count() or 1)


def default_cores() -> int:
    """The cores a search uses when none is asked for: the configured number, else every core; never more
    than :func:`machine_cores` (a settings file asking for 64 would start 64 processes to share two cores)."""
    with _lock:
        cores = _cores
    return min(MAX_CORES, machine_cores(), cores if cores is not None else machine_cores())


def start(cores: int | None = None, wait_seconds: float = 0.0) -> bool:
    """Start the pool for ``cores`` workers (default: ``default_cores()``) if it is not running; True once
    every worker is ready, waiting up to ``wait_seconds`` for that. False too when it cannot start."""
    count = min(MAX_CORES, cores if cores is not None else default_cores())
    if count < 2 or not _searching.acquire(timeout=wait_seconds):
        return False
    try:
        pool = _get_pool(count)
        if pool is None:
            return False
        try:
            return pool.poll_ready(wait_seconds)
        except _Failed as error:
            _broken(pool, error)
            return False
    finally:
        _searching.release()


def _get_pool(count: int) -> _Pool | None:
    """The running pool of ``count`` workers, started now if need be; None when it cannot be."""
    global _pool, _failures, _exit_hooked
    with _lock:
        if _pool is not None and (_pool.count != count or not _pool.alive()):
            old, _pool = _pool, None
            old.close()
        if _pool is None:
            if _failures >= MAX_FAILURES:
                return None
            try:
                _pool = _Pool(count)
            except Exception as error:  # noqa: BLE001 - no pool is no reason to stop the game: one core will do
                _failures += 1
                log.warning("parallel search: the pool of %d workers could not start (%s); searching on one core",
                            count, error)
                return None
            if not _exit_hooked:
                atexit.register(shutdown)
                _exit_hooked = True
        return _pool


def _broken(pool: _Pool, error: BaseException) -> None:
    global _pool, _failures
    log.warning("parallel search: %s; the pool is closed and the search goes on on one core", error)
    with _lock:
        _failures += 1
        if _pool is pool:
            _pool = None
    pool.close(timeout=0.2)


def search(game: Game, settings: Settings, *, cores: int, deadline: float, hard: float, work_limit: int | None,
           seed: int | None, cancel: CancelFlag | None) -> Found | None:
    """The master's move for ``game`` from ``cores`` worker processes, or None: search on one core instead.

    ``deadline`` (``time.perf_counter()``) is when the workers stop, as ``Board.deadline`` is for one
    core; answers not in by ``hard`` are not waited for. None when the pool is not ready yet (it
    is started then, for the next request), another parallel search is running, a worker died,
    or the search was cancelled (check ``cancel`` before searching again).
    """
    if cores < 2 or not _searching.acquire(blocking=False):
        return None
    try:
        pool = _get_pool(min(MAX_CORES, cores))
        if pool is None:
            return None
        try:
            if not pool.poll_ready():
                return None  # still starting: one core this time
            # A worker still on a dropped job stops at its next node and then takes this one.
            shares = pool.run(_position(game), settings, deadline - REPLY_MARGIN, hard, work_limit, seed, cancel)
        except _Failed as error:
            _broken(pool, error)
            return None
        if shares is None:
            return None
        # With time left, shares that cannot be compared are better searched again on one core.
        return merge(shares, any_move=time.perf_counter() >= deadline - REPLY_MARGIN)
    finally:
        _searching.release()


def merge(shares: list[Share | None], *, any_move: bool = False) -> Found | None:
    """One move from the shares' answers; None when they give nothing to choose by.

    The shares are compared at the deepest iteration all that finished one have in
    common (an iteration deeper than another's is not comparable with it: odd and even
    depths lean opposite ways); the highest best value wins, a tie going to the lower
    share (the root's earlier moves), and that share's own final choice is played, as
    it read deepest. A share that finished no iteration takes no part. When none
    finished one, their moves count only if they all agree, or with ``any_move`` (no time
    left to look again) the first share's that has one: it holds the root's first move.
    """
    answered = [s for s in shares if s is not None]
    positions = sum(s.positions for s in answered)
    visits = sum(s.visits for s in answered)
    done = [(i, s) for i, s in enumerate(shares) if s is not None and s.iterations and s.move is not None]
    if done:
        depth = min(len(s.iterations) for _, s in done)
        _, best = max(done, key=lambda pair: (max(pair[1].iterations[depth - 1].values()), -pair[0]))
        assert best.move is not None
        return Found(best.move, positions, visits, len(shares), depth)
    moves = [s.move for s in answered if s.move is not None]
    if moves and (any_move or (len(moves) == len(shares) and len(set(moves)) == 1)):
        return Found(moves[0], positions, visits, len(shares), 0)
    return None


def settle(timeout: float = 1.0) -> bool:
    """Wait until no worker is busy with a dropped job any more (tests; True when none is)."""
    if not _searching.acquire(timeout=timeout):
        return False
    try:
        with _lock:
            pool = _pool
        if pool is None:
            return True
        try:
            return pool.settle(timeout)
        except _Failed as error:
            _broken(pool, error)
            return True
    finally:
        _searching.release()


def worker_pids() -> list[int]:
    """The process ids of the pool's workers (empty when there is no pool)."""
    with _lock:
        return [] if _pool is None else _pool.pids


def shutdown() -> None:
    """Close the pool, if there is one: every worker stopped (or killed) and joined. Safe to call twice."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is None:
        return
    pool.stop.value = pool.job  # a search still running stops at its next node
    got = _searching.acquire(timeout=2.0)  # and its parent side gives the pipes back
    try:
        pool.close()
    finally:
        if got:
            _searching.release()


def reset_failures() -> None:
    """Try the pool again after it failed (tests, or a new start)."""
    global _failures
    with _lock:
        _failures = 0
