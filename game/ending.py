"""How a game ended, and who won by it: the engine counts the board, the clock can overrule it.

The engine knows a full board and «Завершить» (``Game.finish``); it has no notion of
time. The play scene notes why it ended the game (:class:`Ending`), and the results
say it in words and take the winner from here: a player whose clock ran out has lost,
whatever the count.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine import Game, Player


class How(enum.Enum):
    """The four ways a game ends."""

    FULL = "full"
    """Nowhere left to play: the board is full (or, in classic, the player to move has no free node)."""
    FINISH = "finish"
    """«Завершить» was pressed (or the computer, moving alone after a «Стоп», finished)."""
    STOP = "stop"
    """The «Стоп» time ran out."""
    TIME = "time"
    """A player's clock ran out: they lose."""


@dataclass(frozen=True)
class Ending:
    """How ``game`` ended; ``flag`` is the player whose clock ran out (with :attr:`How.TIME`).

    >>> g = Game(5, 5); _ = g.finish()
    >>> Ending.of(g).how, Ending(How.TIME, Player.BLUE).winner(g)
    (<How.FINISH: 'finish'>, <Player.RED: 2>)
    """

    how: How
    flag: Player | None = None

    @classmethod
    def of(cls, game: Game, how: How | None = None, flag: Player | None = None) -> Ending:
        """The ending of ``game`` as the play scene saw it: a fallen ``flag`` first (a «Завершить»
        confirmed after it fell came too late), then ``how`` it was ended; else whether anyone
        finished it, else the board ran out of room."""
        if flag is not None:
            return cls(How.TIME, flag)
        if how is not None and how is not How.TIME:
            return cls(how)
        return cls(How.FINISH if game.finished else How.FULL)

    def winner(self, game: Game) -> Player | None:
        """Who won: the other player when a flag fell, else the higher score (None: a draw)."""
        return self.flag.other if self.how is How.TIME and self.flag is not None else game.winner

    def key(self, computer_human: Player | None) -> str:
        """The string id of the line that says how the game ended (``computer_human``: the
        human's colour against the computer, None at one screen)."""
        if self.how is not How.TIME or self.flag is None:
            return f"results.end.{self.how.value}"
        if computer_human is not None:
            return "results.end.time.you" if self.flag == computer_human else "results.end.time.computer"
        return f"results.end.time.{self.flag.name.lower()}"
