"""The achievements: one list (:data:`ACHIEVEMENTS`) of what each is called in both languages, what it asks
of the finished games kept (:mod:`game.storage.history`) and how many of it.

Each is a rule over the history, so it is counted anew from it, oldest game first: a lost or damaged
summary changes nothing (the history rebuilds it from the records). A rule is what one game brings
(:attr:`Achievement.brings`) and how the games' takings add up (:class:`Fold`): a sum over the games, the
best single game, a run of games in a row, or kinds seen. :class:`Count` folds the games in one at a time
(a game kept: one step on the count kept by :mod:`game.storage.standings`); :func:`standings` makes one pass
for all of them and says how far each has come and with which game it was first reached.

>>> from game.storage.history import Finished
>>> def game(winner="blue", level="beginner", capture=0, hints=0):
...     return Finished("x.sgf", "2025", "countries", 20, 15, level, "blue", winner, "finish", 60, ("9", "2"),
...                     capture, hints=hints)
>>> got = {s.achievement.key: s for s in standings([game(capture=4), game(hints=1, capture=11), game("red")])}
>>> got["capture_ten"].earned, got["capture_ten"].value, got["capture_ten"].by
(True, 10, 2)
>>> got["wins_ten"].value, got["wins_ten"].goal, got["clean_win"].by, got["beat_master"].earned
(2, 10, 1, False)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ai import PLAYER_LEVELS, Level
from engine import Rules
from game.match.settings import PRESETS
from game.storage.finished import Finished
from game.strings import language


class Fold(enum.Enum):
    """How what each game brings adds up over the history."""

    SUM = "sum"
    """Added over all the games (ten wins, fifty countries)."""
    BEST = "best"
    """The most one game brought (a capture of ten)."""
    RUN = "run"
    """The longest run of games in a row that brought 1; a game that brings -1 ends the run, 0 passes over."""
    KINDS = "kinds"
    """How many different kinds were seen: what a game brings is a bit mask of kinds (both rule sets)."""


@dataclass(frozen=True)
class Achievement:
    """One achievement: its key (the stored file's word for it), its name and what it asks, in each language."""

    key: str
    name: Mapping[str, str]
    asks: Mapping[str, str]
    """What it asks of the player, the card's second line; ``{goal}`` is :attr:`goal`."""
    goal: int
    brings: Callable[[Finished], int]
    fold: Fold = Fold.SUM

    def title(self) -> str:
        """The name in the language now in force."""
        return self.name[language()]

    def says(self) -> str:
        """What it asks, in the language now in force."""
        return self.asks[language()].format(goal=self.goal)

    @property
    def counted(self) -> bool:
        """True when its progress is worth showing as «7/10» (more than one step to it)."""
        return self.goal > 1


# ----- what a game brings ----------------------------------------------------------------------

def _won(game: Finished) -> bool:
    """The person won against the computer (at one screen nobody at the screen «wins» for this list)."""
    return game.level is not None and game.outcome == "won"


def _clean(game: Finished) -> bool:
    return game.hints == 0 and game.takebacks == 0


def _against(game: Finished, level: Level) -> bool:
    """Played against ``level`` itself: the master on a share of its budget (a rung of the rating's ladder,
    a ``share`` above 1 where the history keeps one) is not the Master."""
    return game.level == level.value and getattr(game, "share", 1) == 1


def _beat(level: Level) -> Callable[[Finished], int]:
    return lambda g: int(_won(g) and _against(g, level))


def _against_computer_run(game: Finished) -> int:
    """A win goes on with the run, a loss or a draw against the computer ends it; a game at one screen passes."""
    if game.level is None:
        return 0
    return 1 if game.outcome == "won" else -1


_RULE_BITS = {Rules.COUNTRIES.value: 1, Rules.CLASSIC.value: 2}
LARGEST = PRESETS[-1]
"""The largest board the picker offers (38×31): a win on it is an achievement of its own."""
LONG_GAME = 200
"""Moves (both sides') of a long game: some 17 % of the largest board's nodes."""

_LEVEL_NAMES = {Level.BEGINNER: ("Новичок побеждён", "Beginner beaten"),
                Level.AMATEUR: ("Любитель побеждён", "Amateur beaten"),
                Level.MASTER: ("Мастер побеждён", "Master beaten")}
_LEVEL_ASKS = {Level.BEGINNER: ("Выиграйте у Новичка", "Win against the Beginner"),
               Level.AMATEUR: ("Выиграйте у Любителя", "Win against the Amateur"),
               Level.MASTER: ("Выиграйте у Мастера", "Win against the Master")}


def _both(ru: str, en: str) -> dict[str, str]:
    return {"ru": ru, "en": en}


def _a(key: str, name: tuple[str, str], asks: tuple[str, str], goal: int, brings: Callable[[Finished], int],
       fold: Fold = Fold.SUM) -> Achievement:
    return Achievement(key, _both(*name), _both(*asks), goal, brings, fold)


ACHIEVEMENTS: tuple[Achievement, ...] = (
    _a("first_country", ("Первая страна", "First country"), ("Окружите страну в «Странах»",
                                                             "Surround a country in “Countries”"),
       1, lambda g: g.countries if g.rules == Rules.COUNTRIES.value else 0),
    _a("first_surround", ("Первое окружение", "First surround"), ("Окружите точки соперника в «Классике»",
                                                                   "Surround the other side's dots in “Classic”"),
       1, lambda g: int(g.rules == Rules.CLASSIC.value and g.capture > 0)),
    _a("first_takeover", ("Первый перехват", "First takeover"), ("Перехватите страну соперника",
                                                                 "Take one of the other side's countries over"),
       1, lambda g: g.takeovers),
    _a("capture_ten", ("Десять за раз", "Ten at once"), ("Зачеркните {goal} точек одним ходом",
                                                          "Cross out {goal} dots with one move"),
       10, lambda g: g.capture, Fold.BEST),
    _a("classic_six", ("Шестеро в кольце", "Six in a ring"), ("Окружите {goal} точек одним ходом в «Классике»",
                                                               "Surround {goal} dots with one move in “Classic”"),
       6, lambda g: g.capture if g.rules == Rules.CLASSIC.value else 0, Fold.BEST),
    _a("takeovers_three", ("Три перехвата", "Three takeovers"), ("Перехватите {goal} страны за одну партию",
                                                                  "Take {goal} countries over in one game"),
       3, lambda g: g.takeovers, Fold.BEST),
    _a("countries_fifty", ("Картограф", "Map maker"), ("Окружите {goal} стран за все партии",
                                                       "Surround {goal} countries over all your games"),
       50, lambda g: g.countries if g.rules == Rules.COUNTRIES.value else 0),
    _a("first_win", ("Первая победа", "First win"), ("Выиграйте у компьютера", "Win against the computer"),
       1, lambda g: int(_won(g))),
    *(_a(f"beat_{level.value}", _LEVEL_NAMES[level], _LEVEL_ASKS[level], 1, _beat(level)) for level in PLAYER_LEVELS),
    _a("clean_win", ("Без подсказок", "On your own"), ("Выиграйте у компьютера без подсказок и отмен",
                                                       "Win against the computer with no hints or takebacks"),
       1, lambda g: int(_won(g) and _clean(g))),
    _a("clean_master", ("Чистая победа", "Clean sweep"), ("Выиграйте у Мастера без подсказок и отмен",
                                                          "Beat the Master with no hints or takebacks"),
       1, lambda g: int(_won(g) and _against(g, Level.MASTER) and _clean(g))),
    _a("largest_board", ("Большое поле", "The big board"),
       (f"Выиграйте у компьютера на поле {LARGEST[0]}×{LARGEST[1]}",
        f"Win against the computer on the {LARGEST[0]}×{LARGEST[1]} board"),
       1, lambda g: int(_won(g) and (g.width, g.height) == LARGEST)),
    _a("both_rules", ("Оба свода правил", "Both rule sets"), ("Выиграйте у компьютера и в «Странах», и в «Классике»",
                                                              "Win against the computer in “Countries” and “Classic”"),
       2, lambda g: _RULE_BITS.get(g.rules, 0) if _won(g) else 0, Fold.KINDS),
    _a("run_three", ("Три подряд", "Three in a row"), ("Выиграйте у компьютера {goal} партии подряд",
                                                       "Win {goal} games in a row against the computer"),
       3, _against_computer_run, Fold.RUN),
    _a("wins_ten", ("Десять побед", "Ten wins"), ("Выиграйте у компьютера {goal} партий",
                                                  "Win {goal} games against the computer"),
       10, lambda g: int(_won(g))),
    _a("long_game", ("Марафон", "Marathon"), ("Доиграйте партию в {goal} ходов",
                                              "Finish a game of {goal} moves"),
       LONG_GAME, lambda g: g.moves, Fold.BEST),
    _a("played_25", ("Завсегдатай", "Regular"), ("Доиграйте {goal} партий", "Finish {goal} games"),
       25, lambda g: 1),
    _a("first_hotseat", ("За одним экраном", "Side by side"), ("Сыграйте вдвоём за одним экраном",
                                                               "Play a game with a friend at one screen"),
       1, lambda g: int(g.level is None)),
    _a("hotseat_ten", ("Домашний турнир", "Home tournament"), ("Сыграйте вдвоём {goal} партий",
                                                               "Play {goal} games at one screen"),
       10, lambda g: int(g.level is None)),
)
"""Every achievement, in the order the scene shows them: the first steps of each rule set, the
levels, the harder wins, the long haul, then two players at one screen."""

BY_KEY: dict[str, Achievement] = {a.key: a for a in ACHIEVEMENTS}


@dataclass(frozen=True)
class Standing:
    """How far one achievement has come over a history."""

    achievement: Achievement
    value: int
    """What the games brought, folded, at most the goal."""
    by: int | None
    """The number (1 for the oldest) of the game that first reached the goal; None: not yet."""

    @property
    def goal(self) -> int:
        return self.achievement.goal

    @property
    def earned(self) -> bool:
        return self.by is not None


class Count:
    """Every achievement's count over the games folded so far, oldest first: a fold that goes on with each game
    kept (:meth:`add`), so that one more game costs one step, not a pass over the history
    (:mod:`game.storage.standings` keeps it between runs). ``total``, ``run`` and ``by`` are per achievement,
    in :data:`ACHIEVEMENTS`' order."""

    __slots__ = ("by", "games", "run", "total")

    def __init__(self, games: int = 0, total: list[int] | None = None, run: list[int] | None = None,
                 by: list[int | None] | None = None) -> None:
        count = len(ACHIEVEMENTS)
        self.games = games
        """How many games were folded."""
        self.total: list[int] = total if total is not None else [0] * count
        """What the games brought, folded (a sum not capped at the goal)."""
        self.run: list[int] = run if run is not None else [0] * count
        """The run going on (:attr:`Fold.RUN`), or the kinds seen as a bit mask (:attr:`Fold.KINDS`)."""
        self.by: list[int | None] = by if by is not None else [None] * count
        """The number (1 for the oldest) of the game that first reached the goal; None: not yet."""

    def add(self, game: Finished) -> Count:
        """``game`` folded in as the newest; returns this count."""
        self.games += 1
        total, run, by = self.total, self.run, self.by
        for i, a in enumerate(ACHIEVEMENTS):
            brought = a.brings(game)
            if a.fold is Fold.SUM:
                total[i] += max(0, brought)
            elif a.fold is Fold.BEST:
                total[i] = max(total[i], brought)
            elif a.fold is Fold.KINDS:
                run[i] |= max(0, brought)
                total[i] = bin(run[i]).count("1")
            else:
                run[i] = run[i] + 1 if brought > 0 else 0 if brought < 0 else run[i]
                total[i] = max(total[i], run[i])
            if by[i] is None and total[i] >= a.goal:
                by[i] = self.games
        return self

    def fold(self, games: Iterable[Finished]) -> Count:
        """Each of ``games`` (oldest first) folded in after those already counted; returns this count."""
        for game in games:
            self.add(game)
        return self

    def copy(self) -> Count:
        return Count(self.games, list(self.total), list(self.run), list(self.by))

    def standings(self) -> list[Standing]:
        """Each achievement's standing over the games folded, in :data:`ACHIEVEMENTS`' order."""
        return [Standing(a, min(self.total[i], a.goal), self.by[i]) for i, a in enumerate(ACHIEVEMENTS)]

    def earned(self) -> set[str]:
        """The keys of the achievements the games folded earn."""
        return {a.key for a, by in zip(ACHIEVEMENTS, self.by, strict=True) if by is not None}


RULES_VERSION = 1
"""The achievements' rules as counted: raised when what a rule asks changes, so that a count kept by an older
game (:mod:`game.storage.standings`) is counted again rather than trusted."""


def standings(games: Iterable[Finished]) -> list[Standing]:
    """Each achievement's standing over ``games`` (oldest first), in :data:`ACHIEVEMENTS`' order: one pass."""
    return Count().fold(games).standings()
