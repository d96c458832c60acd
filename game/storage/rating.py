"""The player's rating against the computer, one in each rule set, worked out from the finished games kept.

Each strength the computer plays at has a fixed rating (``ai.ladder.RATINGS``, measured between the levels).
The player starts at :data:`START` and, after each rated game, moves by Elo's rule: ``K × (score − expected)``,
where the score is 1 for a win, ½ for a draw, 0 for a loss, and ``expected`` is what the two ratings foretell
(``ai.ladder.expected``). Only the computer's rating is fixed, so only the player's moves.

A game is rated when it was played against the computer, set up without takebacks, and no hint was asked:
the rating then measures the player alone. The rating is never stored: it is replayed from the history
(:mod:`game.storage.history`) each time, oldest game first, so whatever rebuilds the history rebuilds it. When
the oldest games are removed beyond the limit the start moves with them; after a few dozen games the start
no longer shows (each game keeps at most ``1 − K·ln10/1600`` of what came before).

>>> round(after(1000, 1000, "won"), 1), round(after(1000, 1000, "drawn"), 1), round(after(1000, 1400, "lost"), 1)
(1016.0, 1000.0, 997.1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ai import Level
from ai.ladder import ANCHOR, RATINGS, Rung, expected, fitting, rating_of
from engine import Rules
from game.storage.history import Finished
from game.strings import t

K = 32
"""How far one game moves the rating at most: a win that was a certain loss gains all of it."""
START = ANCHOR
"""The rating of a player with no rated game: the beginner's (``ai.ladder.RATINGS``)."""
SCORES = {"won": 1.0, "drawn": 0.5, "lost": 0.0}
"""What a game's outcome scores, from the player's side."""


def after(rating: float, other: float, outcome: str) -> float:
    """The rating after a game against a computer rated ``other`` that ended ``outcome`` ('won', 'drawn', 'lost')."""
    return rating + K * (SCORES[outcome] - expected(rating, other))


def rated(game: Finished) -> bool:
    """Whether ``game`` moves the rating: against the computer, no takebacks allowed, no hint asked."""
    return game.level is not None and game.no_takebacks and game.hints == 0


@dataclass(frozen=True)
class Step:
    """One rated game and where it left the rating."""

    when: str
    """When it ended, as the history has it."""
    file: str
    """Its record's name in the history folder."""
    opponent: Rung
    other: int
    """The computer's rating in that game."""
    outcome: str
    rating: float
    """The player's rating after it."""


def steps(games: Iterable[Finished], rules: Rules) -> list[Step]:
    """The rated games in ``rules`` among ``games`` (oldest first, as the history lists them), each with the
    rating after it."""
    rating = float(START)
    out = []
    for game in games:
        if game.rules != rules.value or not rated(game):
            continue
        assert game.level is not None  # (rated says so)
        opponent = Rung(Level(game.level), game.share)
        other = rating_of(rules, opponent)
        rating = after(rating, other, game.outcome)
        out.append(Step(game.when, game.file, opponent, other, game.outcome, rating))
    return out


def current(games: Iterable[Finished], rules: Rules) -> float:
    """The player's rating in ``rules`` now: :data:`START` before the first rated game."""
    done = steps(games, rules)
    return done[-1].rating if done else float(START)


def strength_name(rung: Rung) -> str:
    """The computer's strength as the player reads it: «Мастер», or «Мастер 1/16» for a share of its search."""
    if rung.share == 1:
        return t(f"level.{rung.level.value}")
    return t("level.master.share", share=f"1/{rung.share}")



def moved(games: Sequence[Finished], game: Finished) -> tuple[float, float] | None:
    """The rating after the finished ``game`` (one of ``games``) and how far that game moved it; None when it
    was not rated."""
    if not rated(game):
        return None
    before = float(START)
    for step in steps(games, Rules(game.rules)):
        if step.file == game.file:
            return step.rating, step.rating - before
        before = step.rating
    return None


def fits(games: Iterable[Finished], rules: Rules) -> Rung:
    """«По силам»: the strength in ``rules`` against which the player, rated as now, expects to score nearest
    half the points."""
    return fitting(rules, current(games, rules))


__all__ = ["K", "RATINGS", "SCORES", "START", "Step", "after", "current", "fits", "fitting", "moved", "rated", "rating_of",
           "steps", "strength_name"]
