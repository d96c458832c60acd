"""What the progress needs of one finished game (:class:`Finished`), and its written form: checked field by
field when read back, so a hostile summary or record gives a ValueError and nothing else.

Apart from :mod:`game.storage.history` so that the history's kept index (:mod:`game.storage.history_index`)
reads and writes the facts without importing the history itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from ai import Level
from ai.ladder import SHARES
from engine import Rules
from game.match.settings import COLOURS


@dataclass(frozen=True)
class Finished:
    """What the progress needs of one finished game, from the side of the people at the screen."""

    file: str
    """The record's file name in the history folder."""
    when: str
    """When it ended, local time, ``2025-01-18T14:03:22``: the order of the history."""
    rules: str
    width: int
    height: int
    level: str | None
    """The computer's level by name; None: two people at one screen."""
    human: str | None
    """The colour the person played against the computer ('blue' or 'red'); None at one screen."""
    winner: str | None
    """'blue', 'red', or None for a draw."""
    how: str
    """How it ended (``engine.How``'s value: finish, full, stop, time, resign)."""
    moves: int
    scores: tuple[str, str]
    """Blue's and Red's final counts, as fractions (``'7/2'``)."""
    capture: int = 0
    """The most enemy dots one move of the people at the screen crossed out (against the computer, the person's)."""
    countries: int = 0
    """Countries (classic: surrounded areas) the people at the screen laid."""
    takeovers: int = 0
    """Enemy countries they took over whole."""
    hints: int = 0
    takebacks: int = 0
    """Times moves were taken back («Отменить»)."""
    share: int = 1
    """Against the master on a share of its budget (a rung of ``ai.ladder``): the divisor; 1 for a level."""
    no_takebacks: bool = False
    """Against the computer, set up without takebacks: such a game moves the rating (``game.storage.rating``)."""

    @property
    def outcome(self) -> str:
        """'won', 'lost' or 'drawn' for the person against the computer; at one screen 'drawn' or the
        winner's colour."""
        if self.winner is None:
            return "drawn"
        if self.human is None:
            return self.winner
        return "won" if self.winner == self.human else "lost"

    def to_json(self) -> dict[str, object]:
        # (not dataclasses.asdict: its deep copies took 0.5 ms a game, half a second for a summary of 1,000)
        return {**{name: getattr(self, name) for name in _NAMES}, "scores": list(self.scores)}

    @classmethod
    def from_json(cls, data: object) -> Finished:
        """The facts :meth:`to_json` wrote; ValueError for anything else (never another exception)."""
        if not isinstance(data, Mapping):
            raise ValueError("not an object")
        values: dict[str, object] = {}
        for name, default, kind, fits in _CHECKS:
            value = data.get(name, default)
            if not fits(value):
                raise ValueError(f"{name} is not {kind}")
            values[name] = value
        scores = values["scores"]
        assert isinstance(scores, list)
        values["scores"] = (scores[0], scores[1])
        facts = cls(**values)  # type: ignore[arg-type]
        if facts.human not in (None, *COLOURS) or facts.winner not in (None, *COLOURS):
            raise ValueError("a colour is 'blue' or 'red'")
        if facts.rules not in _RULES or facts.level not in _LEVELS:
            raise ValueError("an unknown rule set or level")
        if facts.share != 1 and (facts.level != Level.MASTER.value or facts.share not in SHARES):
            raise ValueError("a share of the budget is for the master only, one of the ladder's")
        return facts


_FIELDS = fields(Finished)
_NAMES = tuple(f.name for f in _FIELDS)
_RULES = frozenset(r.value for r in Rules)
_LEVELS = frozenset((None, *(level.value for level in Level)))  # (built once: a thousand rows are read at a time)
_DEFAULTS = {"capture": 0, "countries": 0, "takeovers": 0, "hints": 0, "takebacks": 0, "share": 1,
             "no_takebacks": False}
_KINDS = {"file": "name", "when": "text", "rules": "text", "width": "count", "height": "count", "level": "text?",
          "human": "text?", "winner": "text?", "how": "text", "moves": "count", "scores": "pair", "capture": "count",
          "countries": "count", "takeovers": "count", "hints": "count", "takebacks": "count",
          "share": "count", "no_takebacks": "flag"}


def _count(value: object) -> bool:
    return type(value) is int and 0 <= value <= 1_000_000


def _text(value: object) -> bool:
    return isinstance(value, str) and len(value) <= 40


def _text_or_none(value: object) -> bool:
    return value is None or _text(value)


def is_record_name(value: object) -> bool:
    """A record's file name as the history's folder holds it: no folder in it, not hidden, ``*.sgf``."""
    return isinstance(value, str) and 0 < len(value) <= 255 and value.endswith(".sgf") and "/" not in value \
        and "\\" not in value and not value.startswith(".")


def _pair(value: object) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) and len(v) < 20 for v in value)


def _flag(value: object) -> bool:
    return type(value) is bool


_FITS = {"count": _count, "flag": _flag, "text": _text, "text?": _text_or_none, "name": is_record_name, "pair": _pair}
_CHECKS = tuple((name, _DEFAULTS.get(name), _KINDS[name], _FITS[_KINDS[name]]) for name in _NAMES)
"""Each field's name, default, kind and check, in order (a table: a thousand facts are read at a first open)."""
