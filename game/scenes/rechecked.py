"""A page counted from the kept games that compares their records a slice a frame after it shows.

«Успехи» and «Достижения» open on the history as the last look at its folder found it (quick), then
:func:`game.storage.history.recheck` compares the records' sizes and times a slice a frame; when one changed
behind the game's back the page is counted again (its ``resume``).
"""

from __future__ import annotations

from game.scenes.base import Scene
from game.storage import history


class RecheckedPage(Scene):
    """A scene whose ``resume`` counts from the history and sets :attr:`rechecking`."""

    rechecking = False
    """True while the records are still being compared with what was counted."""

    def update(self, dt: float) -> None:
        if self.rechecking:
            changed = history.recheck()
            self.rechecking = changed is not None
            if changed:
                self.resume()

    def wake_in(self) -> float | None:
        """0 while the records are compared with what was counted."""
        return 0.0 if self.rechecking else None
