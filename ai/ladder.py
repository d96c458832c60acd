"""The ladder of strengths the computer can play at: the three levels and, between the amateur and the master,
the master on a smaller search budget («По силам» picks among them).

A rung between is the master's kernel searching a share of the master's budget, always seeded: a seeded
search stops on a count of kernel moves (``ai.work.MOVES_PER_SECOND`` a second of budget), not on the clock,
and its clock's hard limit is the whole master's budget (:meth:`Rung.clock_seconds`), so a rung does the same
work on an idle machine or a busy one and its strength is what ``bench.match`` measured. Each rung's
rating is in :data:`RATINGS`, from the matches in docs/MEASURED.md («Ratings of the levels»).

>>> [r.name for r in RUNGS]
['beginner', 'amateur', 'master/64', 'master/16', 'master/4', 'master']
>>> rung("master/16").seconds(10, 10) == budget("master", 10, 10) / 16
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ai import Level, budget
from engine import Rules


@dataclass(frozen=True)
class Rung:
    """A strength the computer plays at: ``level`` searching ``1/share`` of its budget."""

    level: Level
    share: int = 1
    """The budget's divisor: 1 for the level itself, more for a rung between the amateur and the master."""

    @property
    def name(self) -> str:
        """``'amateur'``, ``'master'``, or ``'master/16'`` for a share of the master's budget."""
        return self.level.value if self.share == 1 else f"{self.level.value}/{self.share}"

    def seconds(self, width: int, height: int) -> float | None:
        """The budget handed to the search: None (the level's own) for a level, the share of the master's for a
        rung between."""
        return None if self.share == 1 else budget(self.level.value, width, height) / self.share

    def clock_seconds(self, width: int, height: int) -> float | None:
        """The clock's hard limit for a rung between: the whole level's budget, so that its work count, not a
        busy machine's clock, ends its search (None for a level: its budget is its limit)."""
        return None if self.share == 1 else budget(self.level.value, width, height)



SHARES = (64, 16, 4)
"""The rungs between the amateur and the master, weakest first: the master's budget divided by these."""

RUNGS: tuple[Rung, ...] = (Rung(Level.BEGINNER), Rung(Level.AMATEUR),
                           *(Rung(Level.MASTER, share) for share in SHARES), Rung(Level.MASTER))
"""Every strength, weakest first."""

ANCHOR = 1000
"""The beginner's rating in each rule set, where the scale is pinned (a player with no rated game starts here)."""

STEPS: dict[Rules, tuple[int, ...]] = {
    Rules.COUNTRIES: (269, 636, 179, 61, 137),
    Rules.CLASSIC: (636, 564, 89, 66, 108),
}
"""Each rung's rating above the one below it, from the beginner up, in each rule set: the differences measured
with ``bench.match`` between neighbours on 10×10 (docs/MEASURED.md, «Ratings of the levels», has the matches,
their win rates and the ± of each figure). The countries master's three upper steps were measured again at the
game's budgets once its playouts answered (issue 31). Classic's were kept: measured so too, the lower ones
agreed within their intervals, and the master above master/4 did not show at the game's budgets (10×10: 32 games
of 40 level; 15×15: 10-9-1 of 20), so the step measured at 0.3 s keeps the ladder in order."""

RATINGS: dict[Rules, dict[str, int]] = {
    rules: {r.name: ANCHOR + sum(steps[:i]) for i, r in enumerate(RUNGS)} for rules, steps in STEPS.items()}
"""Each rung's fixed rating in each rule set (Elo scale): :data:`ANCHOR` plus the :data:`STEPS` below it."""


def rung(name: str) -> Rung:
    """The rung called ``name`` (:attr:`Rung.name`); ValueError for another name."""
    for r in RUNGS:
        if r.name == name:
            return r
    raise ValueError(f"unknown strength {name!r}; known: {', '.join(r.name for r in RUNGS)}")


def rating_of(rules: Rules, step: Rung) -> int:
    """The fixed rating of ``step`` in ``rules``; ValueError for a rung not on the ladder."""
    return RATINGS[rules][rung(step.name).name]


def expected(rating: float, other: float) -> float:
    """The share of the points a player rated ``rating`` is expected to score against one rated ``other``
    (Elo: 400 points more is ten to one).

    >>> expected(1500, 1500), round(expected(1900, 1500), 3)
    (0.5, 0.909)
    """
    return 1.0 / (1.0 + float(10.0 ** ((other - rating) / 400.0)))


def difference(score: float) -> float:
    """The rating difference that expects ``score`` (a share of the points, strictly between 0 and 1): the
    inverse of :func:`expected`.

    >>> round(difference(0.5)), round(difference(10 / 11))
    (0, 400)
    """
    if not 0.0 < score < 1.0:
        raise ValueError(f"a score strictly between 0 and 1 has a finite difference, not {score!r}")
    return 400.0 * math.log10(score / (1.0 - score))


def fitting(rules: Rules, rating: float) -> Rung:
    """The rung in ``rules`` whose rating is nearest ``rating``: against it the player's expected score is the
    nearest to a half (the weaker of two equally near).

    >>> [fitting(Rules.COUNTRIES, r).name for r in (1000, 5000, -3)]
    ['beginner', 'master', 'beginner']
    """
    ratings = RATINGS[rules]
    return min(RUNGS, key=lambda r: (abs(ratings[r.name] - rating), ratings[r.name]))


__all__ = ["ANCHOR", "RATINGS", "STEPS", "RUNGS", "SHARES", "Rung", "difference", "expected", "fitting", "rating_of", "rung"]
