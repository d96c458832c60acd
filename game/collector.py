"""The garbage collector kept out of the frames.

Python's collector walks every tracked object in a full pass: after the master's kernel (numba) is loaded
that is some 60,000 of them, 30 ms or more on a quiet machine, and such a pass may start in any frame — a
move's, a moment's. So whenever another scene comes on top, at its first frame with nothing moving (the loop
is waiting for input then), the collector runs once and what is left alive is frozen (``gc.freeze``): kept out
of later passes, which then only look at what was made since. What was frozen before is thawed first, so the
last scene's garbage is freed in that pass rather than kept for good.
"""

from __future__ import annotations

import gc


class Collector:
    """When to collect and freeze: once per scene that comes on top, at an idle moment."""

    def __init__(self) -> None:
        self._seen: object | None = None
        self.settled = 0
        """How many times it collected and froze (tests read it)."""

    def idle(self, top: object | None) -> bool:
        """The loop waits for input with ``top`` on top: collect and freeze if ``top`` is new since the last
        time. True when it did."""
        if top is None or top is self._seen:
            return False
        self._seen = top
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.settled += 1
        return True
