"""What one action did to the position, as the engine itself saw it.

The engine logs every change of a move so that undo can replay it backwards;
the report is that log read once and frozen. Animation, sound, the board
cache and the computer read it instead of working the change out again.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from engine.region import Layer
from engine.types import Action, Player, Point


class MoveReport(NamedTuple):
    """The change one move, Stop or Finish made (or, from ``undo``, took back).

    A named tuple rather than a dataclass: every move of a search builds one, and
    a tuple is immutable and the cheapest thing to build.

    >>> from engine import Game
    >>> g = Game(width=5, height=5)
    >>> for p in [(1, 1), (0, 4), (2, 1), (4, 4)]:
    ...     _ = g.play(p)
    >>> report = g.play((2, 2))
    >>> [layer.area for layer in report.laid], report.score_change(Player.BLUE)
    ([Fraction(1, 2)], Fraction(1, 2))
    >>> g.undo() == report
    True
    """

    action: Action
    """The action itself: who did what, and where."""
    laid: tuple[Layer, ...] = ()
    """Layers the action laid, in the order they were laid."""
    covered: tuple[Layer, ...] = ()
    """Layers that lay on top before and now lie under a new layer (taken over)."""
    crossed_out: tuple[Point, ...] = ()
    """Dots that died: now inside the other player's territory."""
    revived: tuple[Point, ...] = ()
    """Dots that came alive again: their owner took the ground back."""
    blue_units: int = 0
    """Blue's score change in score units (``Rules.unit``)."""
    red_units: int = 0
    """Red's score change in score units."""
    unit: Fraction = Fraction(1)
    """What one score unit is worth: half a cell in countries, a dot in classic."""
    free_areas_changed: bool = False
    """Classic: an enclosure was made or opened, or a layer laid, so ``Game.free_areas`` may differ."""

    def units(self, player: Player) -> int:
        """One player's score change in whole score units (cheap: no fractions)."""
        return self.blue_units if player == Player.BLUE else self.red_units

    def score_change(self, player: Player) -> Fraction:
        """One player's score change, as ``Game.score`` counts it."""
        return self.units(player) * self.unit

    @property
    def takeover(self) -> bool:
        """True when the action laid a layer over another player's country."""
        return any(under.owner != layer.owner for layer in self.laid for under in layer.covered)
