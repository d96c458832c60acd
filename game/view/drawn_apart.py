"""Games replayed and their pictures drawn in a process of their own, for the list of games in progress.

Replaying a record of 900 moves and drawing its picture is a few tenths of a second of Python. Done on a
thread of the game's own process it shares the one interpreter lock with the frames: on a busy 2-core
machine a frame waited for it up to several tenths of a second (``python -m bench.unfinished``). Here a
child process (started once, on the first game asked for, and kept for the run) does that work; the
thread that asks only waits for the answer, letting go of the lock, so the frames run as if nothing else did.

The child is sent a record's text and the picture's box; it answers (``thumbnail.replayed_and_drawn``) with
the row's :class:`~game.view.thumbnail.Summary` and the picture's pixels, or with why the record is no game. If the
child cannot be started or stops, the same work is done on the asking thread (and logged): slower frames,
the same rows.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

import pygame

from game.storage.errors import StoreError

log = logging.getLogger(__name__)

CHILD_NICENESS = 10
"""How much lower than the game's the child's priority is (POSIX)."""
CLOSE_SECONDS = 1.0
"""How long the closing game waits for the child to end once its pipe is closed, before ending it."""
_lock = threading.Lock()
"""One question at a time on the pipe (a list left while its game was being drawn still waits for it)."""
_child: tuple[Any, Connection] | None = None
_broken = False
"""The child could not be started or stopped answering: the work is done here from then on."""


Answer = Callable[[str, tuple[int, int]], tuple[Any, ...]]
"""What the child does with a record's text and a box (``thumbnail.replayed_and_drawn``): ``("ok", summary,
pixels, size)`` (pixels None: not drawn) or ``("bad", problem, detail)``. A module's function: the child
is handed it by name."""


def prepare(text: str, box: tuple[int, int], answer: Answer) -> tuple[Any, pygame.Surface | None]:
    """The record ``text`` replayed and drawn to fit ``box`` by ``answer`` in the child: its summary and its
    picture (None: it could not be drawn, logged). Raises :class:`StoreError` (the ``problem.*`` of why)
    when the record is no game.
    """
    with _lock:
        conn = _connection(answer)
        if conn is not None:
            try:
                conn.send((text, box))
                reply = conn.recv()
            except (OSError, EOFError, ValueError) as e:
                _give_up(f"it stopped answering: {e}")
            else:
                return _unpacked(reply)
    return _unpacked(answer(text, box))


def _unpacked(answer: tuple[Any, ...]) -> tuple[Any, pygame.Surface | None]:
    if answer[0] != "ok":
        raise StoreError(answer[1], answer[2])
    _, summary, pixels, size = answer
    return summary, pygame.image.frombytes(pixels, size, "RGB") if pixels is not None else None


def _serve(conn: Connection, answer: Answer) -> None:
    """The child: answers each question until the pipe closes (the game closing closes it: :func:`_close`)."""
    # Ended by its parent (terminate) as any process is; Ctrl+C in a terminal is the parent's to take.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):  # the frames come first: on a busy machine the system runs the game's process before this
        with contextlib.suppress(OSError):
            os.nice(CHILD_NICENESS)
    while True:
        try:
            text, box = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(answer(text, box))


def _connection(answer: Answer) -> Connection | None:
    """The pipe to the child, started on first use; None once it has failed."""
    global _child
    if _broken:
        return None
    if _child is None:
        try:
            context = multiprocessing.get_context("spawn")
            mine, its = context.Pipe()
            process = context.Process(target=_serve, args=(its, answer), name="list-pictures", daemon=True)
            process.start()
            its.close()
            _child = (process, mine)
            atexit.register(_close)  # before multiprocessing's own (last registered, first run): the child ends
        except Exception as e:  # noqa: BLE001 — no child: the work is done here
            _give_up(f"it could not be started: {e}")
            return None
    return _child[1]


def _close() -> None:
    """The game is closing: the pipe closed, the child ends on its own (or is ended after a second)."""
    global _child
    if _child is None:
        return
    process, conn = _child
    _child = None
    conn.close()
    process.join(CLOSE_SECONDS)
    if process.is_alive():
        process.kill()
        process.join(CLOSE_SECONDS)


def _give_up(why: str) -> None:
    global _child, _broken
    log.warning("the pictures' process is not used (%s); the list replays its games on a thread", why)
    if _child is not None:
        process, conn = _child
        conn.close()
        if process.is_alive():
            process.kill()
    _child, _broken = None, True
