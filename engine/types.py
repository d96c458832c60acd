"""Plain values of the rules: players, rule sets, points, actions and the move error."""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import NamedTuple

MAX_SIZE = 52
"""Nodes at most each way: game records write a coordinate as one letter a–z, A–Z."""

STOP_SECONDS = 180.0
"""Classic «Стоп»: how long the other player may then move alone (docs/RULES.md §3)."""

Point = tuple[int, int]
"""A node of the board, ``(x, y)``: column from the left, row from the top."""


class Player(enum.IntEnum):
    """The two sides. Blue moves first. The values are the engine's array codes."""

    BLUE = 1
    RED = 2

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.RED if self is Player.BLUE else Player.BLUE


class Rules(enum.Enum):
    """The two rule sets of docs/RULES.md: area of countries, or the official captures."""

    COUNTRIES = "countries"
    CLASSIC = "classic"

    @property
    def unit(self) -> Fraction:
        """What one whole score unit is worth: half a cell in countries, a captured dot in classic.

        >>> Rules.COUNTRIES.unit, Rules.CLASSIC.unit
        (Fraction(1, 2), Fraction(1, 1))
        """
        return Fraction(1, 2) if self is Rules.COUNTRIES else Fraction(1)


class Refusal(enum.Enum):
    """Why a node cannot be played now: what a player is shown at the node, in a word or two."""

    NOT_A_NODE = "not_a_node"
    """Off the board, or not a point at all."""
    OVER = "over"
    """The game has ended."""
    TAKEN = "taken"
    """A dot stands there already."""
    STOPPED = "stopped"
    """Classic: the player pressed «Стоп» and moves no more."""
    INSIDE = "inside"
    """Inside a country (countries) or a surrounded area (classic): ``Game.owner_at`` says whose."""
    ZONE = "zone"
    """Classic: a first move must be in the central zone (``Game.first_move_zone``)."""


class IllegalMove(ValueError):
    """A move the rules forbid; the message says why, ``refusal`` what kind of reason it is."""

    def __init__(self, message: str, refusal: Refusal = Refusal.NOT_A_NODE) -> None:
        super().__init__(message)
        self.refusal = refusal


class ActionKind(enum.Enum):
    """What one entry of a game's history did."""

    MOVE = "move"
    STOP = "stop"
    FINISH = "finish"


class Action(NamedTuple):
    """One entry of a game's history, as a record keeps it.

    A named tuple: immutable, and every move builds one, so it must be cheap to build.
    """

    kind: ActionKind
    player: Player
    """Who acted: the mover, the player who pressed Stop, or who was to move at Finish."""
    point: Point | None = None
    """The node of a move; None for Stop and Finish."""
