"""How many threads the master searches in: the player's choice, else every core this process may use.

The game sets the number from its settings (``configure``); an unseeded master then searches in
that many threads, each growing its own tree (``ai.kernel.master``). A settings file is not
trusted: more than :data:`MAX_CORES`, or more than the machine has, is never used.
"""

from __future__ import annotations

import os
import threading

MAX_CORES = 64
"""More threads than this are never used, whatever is asked (a settings file is not trusted)."""

_lock = threading.Lock()
_cores: int | None = None  # configured; None: every core of the machine


def configure(cores: int | None) -> None:
    """The default number of cores for an unseeded master (None: all of them; 1: one thread)."""
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
    than :func:`machine_cores` (a settings file asking for 64 would start 64 threads to share two cores)."""
    with _lock:
        cores = _cores
    return min(MAX_CORES, machine_cores(), cores if cores is not None else machine_cores())
