"""«Успехи»: the finished games kept (:mod:`game.storage.history`) counted per rule set and opponent.

Computed from the history each time (a thousand games take a few milliseconds), so nothing here can be
lost or go stale: a damaged summary is rebuilt by the history, and these figures follow.

>>> from game.storage.history import Finished
>>> def f(winner, level="master", moves=10, capture=0):
...     return Finished("x.sgf", "2025", "countries", 20, 20, level, "blue", winner, "finish", moves, ("0", "0"), capture)
>>> (row,) = tally([f("blue"), f("blue", capture=4), f("red"), f("blue"), f("blue", moves=99), f(None)])
>>> row.played, row.won, row.lost, row.drawn, row.streak, row.best_streak, row.capture, row.longest
(6, 4, 1, 1, 0, 2, 4, 99)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine import Rules
from game.storage.history import Finished

OPPONENTS = ("beginner", "amateur", "master", None)
"""The order of the rows within a rule set: the levels, then two players (None)."""


@dataclass
class Tally:
    """One row of «Успехи»: a rule set against one opponent (``level`` None: two players at one screen).

    At one screen ``won`` counts Blue's wins and ``lost`` Red's; the streaks are the person's against
    the computer only (a draw ends a streak, as a loss does)."""

    rules: str
    level: str | None
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    streak: int = 0
    """Wins in a row up to the latest game."""
    best_streak: int = 0
    capture: int = 0
    """The most dots taken in one move."""
    longest: int = 0
    """The most moves in one game."""

    def add(self, game: Finished) -> None:
        """Count ``game`` (the games come oldest first)."""
        self.played += 1
        outcome = game.outcome
        if outcome in ("won", "blue"):
            self.won += 1
        elif outcome in ("lost", "red"):
            self.lost += 1
        else:
            self.drawn += 1
        if self.level is not None:
            self.streak = self.streak + 1 if outcome == "won" else 0
            self.best_streak = max(self.best_streak, self.streak)
        self.capture = max(self.capture, game.capture)
        self.longest = max(self.longest, game.moves)


def tally(games: Iterable[Finished]) -> list[Tally]:
    """The rows, «Страны» before «Классика», the levels before two players; only those with a game."""
    rows: dict[tuple[str, str | None], Tally] = {}
    for game in games:
        key = (game.rules, game.level if game.level in OPPONENTS else None)
        rows.setdefault(key, Tally(*key)).add(game)
    order = [(rules.value, level) for rules in (Rules.COUNTRIES, Rules.CLASSIC) for level in OPPONENTS]
    return [rows[key] for key in order if key in rows]
