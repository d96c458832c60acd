"""What a game is set up with, handed from the menu through the picker to play and results.

:class:`MatchSettings` is the one description of a set-up, and :meth:`MatchSettings.to_json` its one
written form: the autosave, a saved record and the player's preferences (the set-up chosen last)
all keep it so, and read it back with :meth:`MatchSettings.from_json`, which checks every field and
says which one is wrong (:class:`SetupError`) instead of failing on whatever a file holds.

>>> s = MatchSettings(Rules.CLASSIC, 15, 15, ComputerSettings(Level.MASTER, Player.RED), TimeControl(5, 3))
>>> s.to_json()
{'rules': 'classic', 'width': 15, 'height': 15, 'computer': {'level': 'master', 'human': 'red'}, 'clock': {'minutes': 5, 'increment': 3}}
>>> MatchSettings.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ai import Level
from ai.ladder import SHARES, Rung
from engine import MAX_SIZE, Player, Rules
from game.match.clock import CLOCK_MINUTES, INCREMENTS, TimeControl

PRESETS: tuple[tuple[int, int], ...] = ((10, 10), (15, 15), (20, 20), (30, 30), (38, 31))
"""The board sizes the picker offers (width × height in nodes), smallest first."""
COLOURS: dict[str, Player] = {"blue": Player.BLUE, "red": Player.RED}
"""A player's colour as the written set-up spells it."""


class SetupError(ValueError):
    """A written set-up that is not one: names the field and what is wrong with it."""


def colour_name(player: Player) -> str:
    """``player`` as the written set-up spells it: 'blue' or 'red'."""
    return "red" if player is Player.RED else "blue"


def _member(kind: type[Rules] | type[Level], value: object, field: str) -> Any:
    if isinstance(value, str):
        for member in kind:
            if member.value == value:
                return member
    known = ", ".join(member.value for member in kind)
    raise SetupError(f"{field} is one of {known}, not {_shown(value)}")


def _colour(value: object, field: str) -> Player:
    if isinstance(value, str) and value in COLOURS:
        return COLOURS[value]
    raise SetupError(f"{field} is 'blue' or 'red', not {_shown(value)}")


def _choice(value: object, choices: tuple[int, ...], field: str) -> int:
    if type(value) is int and value in choices:  # True is no number of minutes
        return value
    raise SetupError(f"{field} is one of {', '.join(map(str, choices))}, not {_shown(value)}")


def _flag(value: object, field: str) -> bool:
    if type(value) is bool:  # 1 is no yes
        return value
    raise SetupError(f"{field} is true or false, not {_shown(value)}")


def _nodes(value: object, field: str) -> int:
    if type(value) is int and 1 <= value <= MAX_SIZE:
        return value
    raise SetupError(f"{field} is a whole number of nodes from 1 to {MAX_SIZE}, not {_shown(value)}")


def _mapping(value: object, field: str) -> Mapping[str, object]:
    if isinstance(value, Mapping):
        return value
    raise SetupError(f"{field} is an object of named fields, not {_shown(value)}")


def _shown(value: object) -> str:
    """A value in an error message, cut short: a hostile file may hold a megabyte in one field, or
    lists nested a thousand deep (named by their kind alone: spelling them out could overflow the stack).

    >>> _shown("x" * 100), _shown([[[]]]), _shown(None)
    ("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", 'a list', 'None')
    """
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class ComputerSettings:
    """A game against the computer: its level and the colour the human plays; the master on a share of its
    budget (a rung between the amateur and the master, ``ai.ladder``); whether moves may be taken back; and
    whether «По силам» chose the strength from the player's rating.

    The written form names ``share``, ``takebacks`` and ``fits`` only when they differ from a plain game, so a
    set-up written before they existed reads back as it was.

    >>> ComputerSettings(Level.MASTER, share=16, takebacks=False).to_json()
    {'level': 'master', 'human': 'blue', 'share': 16, 'takebacks': False}
    """

    level: Level = Level.BEGINNER
    human: Player = Player.BLUE
    share: int = 1
    """The master's budget is divided by this: 1, or one of ``ai.ladder.SHARES`` (the master only)."""
    takebacks: bool = True
    """False: «Отменить» is off for this game (a rated game needs it: ``game.storage.rating``)."""
    fits: bool = False
    """«По силам»: the level and share were picked from the player's rating (and are again next time)."""

    def __post_init__(self) -> None:
        # A level given by its name ("master") is held as the Level it names; an unknown one is a ValueError.
        object.__setattr__(self, "level", Level(self.level))
        if self.share != 1 and (self.level is not Level.MASTER or self.share not in SHARES):
            raise ValueError(f"a share of the budget is one of {SHARES} and for the master only, not {self.share!r}")

    @property
    def computer(self) -> Player:
        """The colour the computer plays."""
        return self.human.other

    @property
    def rung(self) -> Rung:
        """The strength it plays at, as the ladder names it."""
        return Rung(self.level, self.share)

    def to_json(self) -> dict[str, object]:
        """The written form: the level by name, the human's colour as 'blue' or 'red', and what differs from a
        plain game."""
        data: dict[str, object] = {"level": self.level.value, "human": colour_name(self.human)}
        if self.share != 1:
            data["share"] = self.share
        if not self.takebacks:
            data["takebacks"] = False
        if self.fits:
            data["fits"] = True
        return data

    @classmethod
    def from_json(cls, data: object, field: str = "computer") -> ComputerSettings:
        """The computer :meth:`to_json` wrote; :class:`SetupError` for anything else."""
        fields = _mapping(data, field)
        level = _member(Level, fields.get("level"), f"{field}.level")
        share = fields.get("share", 1)
        if not (type(share) is int and (share == 1 or (share in SHARES and level is Level.MASTER))):
            raise SetupError(f"{field}.share is 1 or, for the master, one of {', '.join(map(str, SHARES))}, "
                             f"not {_shown(share)}")
        return cls(level, _colour(fields.get("human"), f"{field}.human"), share,
                   _flag(fields.get("takebacks", True), f"{field}.takebacks"), _flag(fields.get("fits", False),
                                                                                  f"{field}.fits"))


@dataclass(frozen=True)
class MatchSettings:
    """One game's set-up: rule set, board size, the computer if any (None = hot-seat), and the clock."""

    rules: Rules = Rules.COUNTRIES
    width: int = 20
    height: int = 20
    computer: ComputerSettings | None = None
    clock: TimeControl = TimeControl()

    @property
    def takebacks(self) -> bool:
        """Whether «Отменить» may take moves back: always at one screen, against the computer as chosen."""
        return self.computer is None or self.computer.takebacks

    def with_size(self, width: int, height: int) -> MatchSettings:
        """The same set-up on another board size."""
        return replace(self, width=width, height=height)

    def to_json(self) -> dict[str, Any]:
        """The written form, plain JSON: the rules and level by name, colours as 'blue' or 'red',
        ``computer`` null for two people, the clock as minutes and seconds added (0 minutes: none; the
        seconds are kept even then, as the picker keeps them for when a clock is chosen again)."""
        return {"rules": self.rules.value, "width": self.width, "height": self.height,
                "computer": None if self.computer is None else self.computer.to_json(),
                "clock": {"minutes": self.clock.minutes, "increment": self.clock.increment}}

    @classmethod
    def from_json(cls, data: object) -> MatchSettings:
        """The set-up :meth:`to_json` wrote. Anything else, whatever it holds, is a :class:`SetupError`
        naming the first wrong field (never another exception).

        >>> MatchSettings.from_json({"rules": "go", "width": 20, "height": 20, "computer": None, "clock": {}})
        Traceback (most recent call last):
        ...
        game.match.settings.SetupError: rules is one of countries, classic, not 'go'
        """
        fields = _mapping(data, "the set-up")
        rules = _member(Rules, fields.get("rules"), "rules")
        width, height = _nodes(fields.get("width"), "width"), _nodes(fields.get("height"), "height")
        found = fields.get("computer")
        computer = None if found is None else ComputerSettings.from_json(found)
        clock = _mapping(fields.get("clock"), "clock")
        minutes = _choice(clock.get("minutes"), CLOCK_MINUTES, "clock.minutes")
        increment = _choice(clock.get("increment"), INCREMENTS, "clock.increment")
        return cls(rules, width, height, computer, TimeControl(minutes, increment))
