"""The classic «Стоп» clock: how long the other player may still move alone.

The time comes from the rules (``engine.STOP_SECONDS``); the play scene runs the
clock once a frame, ends the game when it runs out, and shows it as «2:59».
"""

from __future__ import annotations

import math

from engine import STOP_SECONDS, Game


class StopClock:
    """Seconds left after a «Стоп», or None while nobody has stopped.

    >>> clock = StopClock()
    >>> clock.start(); clock.shown()
    '3:00'
    >>> clock.left = 0.2; clock.shown()
    '0:01'
    """

    def __init__(self, left: float | None = None) -> None:
        self.left = None if left is None else min(float(STOP_SECONDS), max(0.0, left))

    def start(self) -> None:
        """«Стоп» was pressed just now: the full time."""
        self.left = float(STOP_SECONDS)

    def run(self, game: Game, dt: float) -> bool:
        """Count ``dt`` seconds off while ``game`` is stopped; True once the time has run out."""
        if game.stopped_by is None:
            self.left = None  # undone, or never pressed
            return False
        if self.left is None:
            self.start()
        assert self.left is not None
        self.left -= dt
        return self.left <= 0

    def wake_in(self) -> float | None:
        """Seconds until the shown time changes (it shows whole seconds); None when not running."""
        if self.left is None:
            return None
        return max(0.001, self.left - math.floor(self.left)) if self.left > 0 else 0.0

    def shown(self) -> str:
        """The time left as the panel shows it, whole seconds rounded up: «2:59»."""
        secs = max(0, int((STOP_SECONDS if self.left is None else self.left) + 0.999))
        return f"{secs // 60}:{secs % 60:02d}"
