"""Whether the master plays at full strength now: its compiled kernel ready, still getting ready (and how
far along), or never on this computer, where it plays the same search uncompiled, much weaker; or, where
numba is there but the kernel failed to load, not at all: the amateur plays for it (``ai.kernel_can_search``).

The screens that offer and play the master (versus, play, results) ask :func:`master_state` (through a
:class:`MasterWatch`) and say so:
no one plays a weaker master without being told. It reads ``ai.kernel`` (``status()``, ``ready()``,
``progress()`` and ``plain()``) and never waits: a frame asks it. A kernel without ``progress()`` (older than the one that
reports its first compile's progress) reads as progress unknown.

Which engine played a game's master is named as the record keeps it (:class:`engine.sgf.MasterEngine`).
"""

from __future__ import annotations

import enum
import logging
import math
import threading
from collections.abc import Callable
from dataclasses import dataclass

from ai import kernel
from engine.sgf import MasterEngine

log = logging.getLogger(__name__)


class Readiness(enum.Enum):
    """Where the master's compiled kernel stands."""

    READY = "ready"
    """Compiled and loaded: the master plays at full strength."""
    GETTING_READY = "getting ready"
    """Loading or compiling: the master's move waits for it."""
    NEVER = "never"
    """It cannot be compiled here (numba missing, or switched off): the master plays uncompiled."""
    STAND_IN = "stand-in"
    """numba is here but the kernel failed to load in this run: the amateur plays for the master."""


PROGRESS_EVERY = 0.5
"""Seconds between looks at the progress while a screen shows it getting ready (nothing else wakes it)."""


@dataclass(frozen=True)
class MasterState:
    """The kernel's readiness and, while it gets ready, how much of its first compile is done (0..1;
    None: not known)."""

    readiness: Readiness
    progress: float | None = None

    @property
    def percent(self) -> int | None:
        """The progress in whole percent, at most 99 until it is ready (loading follows the compile);
        None when not known or not getting ready.

        >>> MasterState(Readiness.GETTING_READY, 0.404).percent, MasterState(Readiness.GETTING_READY, 1.0).percent
        (40, 99)
        >>> MasterState(Readiness.READY, 1.0).percent is None, MasterState(Readiness.GETTING_READY).percent is None
        (True, True)
        """
        if self.readiness is not Readiness.GETTING_READY or self.progress is None:
            return None
        return min(99, int(self.progress * 100))

    @property
    def engine(self) -> MasterEngine | None:
        """The engine a master's move found now was searched on: the kernel when ready, the uncompiled
        search where it never will be, the amateur where the kernel failed; None while it gets ready (a real
        master waits for it, so a move found then came from a stand-in).

        >>> MasterState(Readiness.NEVER).engine.value, MasterState(Readiness.GETTING_READY).engine is None
        ('uncompiled', True)
        >>> MasterState(Readiness.STAND_IN).engine.value
        'amateur'
        """
        return _ENGINES.get(self.readiness)


_ENGINES = {Readiness.READY: MasterEngine.KERNEL, Readiness.NEVER: MasterEngine.UNCOMPILED,
            Readiness.STAND_IN: MasterEngine.AMATEUR}


Watch = Callable[[], MasterState]
"""Where a screen learns the master's state: :func:`master_state` (the screenshots pin one state instead)."""

_told_progress_failed = threading.Event()

_NEVER_WORDS = ("failed", "off")
"""How ``kernel.status()`` begins when the kernel will not load in this run."""


def master_state() -> MasterState:
    """The master's compiled kernel now, from ``ai.kernel``; never waits."""
    status = kernel.status()
    if status.startswith(_NEVER_WORDS):
        # Uncompiled only where the kernel's modules run as plain Python; a failed kernel with numba there
        # cannot search (it would compile in this process), and the amateur plays instead.
        return MasterState(Readiness.NEVER if kernel.plain() else Readiness.STAND_IN)
    # ready() only once the status says so: asked first, a test session's ready() waits for the load.
    if status.startswith("ready") and kernel.ready():
        return MasterState(Readiness.READY)
    return MasterState(Readiness.GETTING_READY, _progress())


def _progress() -> float | None:
    """``kernel.progress()`` as a fraction in 0..1, or None where it is missing, unknown or nonsense."""
    progress = getattr(kernel, "progress", None)
    if progress is None:
        return None
    try:
        value = progress()
    except Exception:  # a progress that fails is unknown; the screen still says it gets ready
        if not _told_progress_failed.is_set():  # once: a frame asks again and again
            _told_progress_failed.set()
            log.exception("the kernel's progress could not be read")
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        return None
    return min(1.0, max(0.0, float(value)))


_WEAKEST_FIRST = (MasterEngine.AMATEUR, MasterEngine.UNCOMPILED, MasterEngine.KERNEL)


def weakest(engines: set[MasterEngine]) -> MasterEngine | None:
    """The engine to name for a game whose master moves were found on ``engines``: the weakest of them
    (the amateur standing in, then the uncompiled search: the game was not played at full strength
    throughout); None when it never moved.

    >>> weakest({MasterEngine.KERNEL, MasterEngine.UNCOMPILED}).value, weakest(set()) is None
    ('uncompiled', True)
    >>> weakest({MasterEngine.AMATEUR, MasterEngine.UNCOMPILED}).value
    'amateur'
    """
    return next((engine for engine in _WEAKEST_FIRST if engine in engines), None)


class MasterWatch:
    """A screen's look at the master's kernel: its state as last looked at (once a frame), and in a game
    the engines the computer's master found its moves on."""

    def __init__(self, watch: Watch = master_state, *, before: MasterEngine | None = None) -> None:
        self.watch = watch
        """Where the state comes from: :func:`master_state` (the screenshots pin one)."""
        self.state = watch()
        """The state as last looked at."""
        self.engines: set[MasterEngine] = set() if before is None else {before}
        """The engines the master's moves were found on (for the results and the record), with ``before``: the
        one a resumed game's record says its master played on until then."""

    def look(self) -> MasterState:
        """Look again (once a frame); the state now."""
        self.state = self.watch()
        return self.state

    @property
    def getting_ready(self) -> MasterState | None:
        """The state while the kernel gets ready (the lines that say how far along show it); else None."""
        return self.state if self.state.readiness is Readiness.GETTING_READY else None

    def moved(self) -> None:
        """The master has just found a move: note the engine it was found on, looked at as the move came
        (a real master's move waits for its kernel unless that can never load)."""
        engine = self.watch().engine
        if engine is not None:
            self.engines.add(engine)

    @property
    def engine(self) -> MasterEngine | None:
        """The engine to name for the game so far (:func:`weakest`)."""
        return weakest(self.engines)

