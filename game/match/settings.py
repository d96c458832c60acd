"""What a game is set up with, handed from the menu through the picker to play and results."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai import Level
from engine import Player, Rules
from game.match.clock import TimeControl


@dataclass(frozen=True)
class ComputerSettings:
    """A game against the computer: its level and the colour the human plays."""

    level: Level = Level.BEGINNER
    human: Player = Player.BLUE

    @property
    def computer(self) -> Player:
        """The colour the computer plays."""
        return self.human.other


@dataclass(frozen=True)
class MatchSettings:
    """One game's set-up: rule set, board size, the computer if any (None = hot-seat), and the clock."""

    rules: Rules = Rules.COUNTRIES
    width: int = 20
    height: int = 20
    computer: ComputerSettings | None = None
    clock: TimeControl = TimeControl()

    def with_size(self, width: int, height: int) -> MatchSettings:
        """The same set-up on another board size."""
        return replace(self, width=width, height=height)
