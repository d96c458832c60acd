"""How a game ended, and who won by it: data a game record carries (``RE``), so it outlives the game's screen.

The rules know a full board and «Завершить» (``Game.finish``); they have no notion of
time or of giving up. A clock that ran out, or a resignation («Сдаться», or in another program's
record), overrules the count: that player has lost, whatever the board says. The play
scene notes why it ended a game (:class:`Ending`); ``engine.sgf`` writes it as the
record's ``RE`` (``B+T``: Blue won on time, ``W+R``: Red won by resignation, else the
count) and reads it back.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.game import Game
from engine.types import Player


class How(enum.Enum):
    """The ways a game ends."""

    FULL = "full"
    """Nowhere left to play: the board is full (or, in classic, the player to move has no free node)."""
    FINISH = "finish"
    """«Завершить» was pressed (or the computer, moving alone after a «Стоп», finished)."""
    STOP = "stop"
    """The «Стоп» time ran out."""
    TIME = "time"
    """A player's clock ran out: they lose."""
    RESIGN = "resign"
    """A player resigned («Сдаться»; other programs' records say it too): they lose."""


LOST_BY = frozenset({How.TIME, How.RESIGN})
"""The endings that name a loser (``flag``) whatever the count."""


@dataclass(frozen=True)
class Ending:
    """How ``game`` ended; ``flag`` is the player who lost by it: whose clock ran out (:attr:`How.TIME`)
    or who resigned (:attr:`How.RESIGN`); None for the endings the count decides.

    >>> g = Game(5, 5); _ = g.finish()
    >>> Ending.of(g).how, Ending(How.TIME, Player.BLUE).winner(g)
    (<How.FINISH: 'finish'>, <Player.RED: 2>)
    """

    how: How
    flag: Player | None = None

    def __eq__(self, other: object) -> bool:
        # By value, whatever the subclass (the game's screens add wording to this class): an
        # ending read from a record equals the one the play scene noted.
        if not isinstance(other, Ending):
            return NotImplemented
        return (self.how, self.flag) == (other.how, other.flag)

    def __hash__(self) -> int:
        return hash((self.how, self.flag))

    @classmethod
    def of(cls, game: Game, how: How | None = None, flag: Player | None = None) -> Ending:
        """The ending of ``game`` as the play scene saw it: a fallen ``flag`` first (a «Завершить»
        confirmed after it fell came too late), then ``how`` it was ended; else whether anyone
        finished it, else the board ran out of room."""
        if flag is not None:
            return cls(How.TIME, flag)
        if how is not None and how not in LOST_BY:
            return cls(how)
        return cls(How.FINISH if game.finished else How.FULL)

    @property
    def decided(self) -> bool:
        """A player lost by it (time, resignation), whatever the count."""
        return self.how in LOST_BY and self.flag is not None

    def winner(self, game: Game) -> Player | None:
        """Who won: the other player when one lost on time or resigned, else the higher score (None: a draw)."""
        return self.flag.other if self.decided and self.flag is not None else game.winner
