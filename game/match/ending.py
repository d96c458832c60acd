"""How a game ended, as the results say it: the engine's :class:`engine.Ending` with its wording.

The ending itself (how, whose flag fell or who resigned, who won by it) is engine data, written into a
saved record's ``RE`` and read back (``engine.sgf``); the play scene notes it, the results
take the winner from it and say it in words (:meth:`Ending.key`): a player whose clock ran
out, or who pressed «Сдаться», has lost, whatever the count.
"""

from __future__ import annotations

from engine import Ending as _Ending
from engine import Game, How, Player
from engine.ending import LOST_BY

__all__ = ["Ending", "How"]


class Ending(_Ending):
    """How ``game`` ended; ``flag`` is the player whose clock ran out (with :attr:`How.TIME`).

    Equal to the engine's ending of the same value (a record's, say): this class only adds the words.

    >>> from engine import Game
    >>> g = Game(5, 5); _ = g.finish()
    >>> Ending.of(g).how, Ending(How.TIME, Player.BLUE).winner(g), Ending(How.TIME, Player.RED).key(None)
    (<How.FINISH: 'finish'>, <Player.RED: 2>, 'results.end.time.red')
    """

    @classmethod
    def of(cls, game: Game, how: How | None = None, flag: Player | None = None) -> Ending:
        """The engine's :meth:`engine.Ending.of`, typed as this class (which it builds already)."""
        return cls.told(super().of(game, how, flag))

    @classmethod
    def told(cls, ending: _Ending) -> Ending:
        """``ending`` (a record's, say) with its wording."""
        return ending if isinstance(ending, Ending) else cls(ending.how, ending.flag)

    def key(self, computer_human: Player | None) -> str:
        """The string id of the line that says how the game ended (``computer_human``: the
        human's colour against the computer, None at one screen)."""
        if self.flag is None or self.how not in LOST_BY:  # (a loss naming no one reads as an ending)
            return "results.end.finish" if self.how in LOST_BY else f"results.end.{self.how.value}"
        how = self.how.value  # time or resign: who lost by it, by name
        if computer_human is not None:
            return f"results.end.{how}.you" if self.flag == computer_human else f"results.end.{how}.computer"
        return f"results.end.{how}.{self.flag.name.lower()}"
