"""The small values one screen hands the next when it asks the stack for it by name.

Each screen takes one value (``stack.go(name, value)``): the versus screen and
the rules page a ``Rules``, the picker a ``MatchSettings``, the save screen the
``Game`` to save, and the ones below for the rest. Other screens take none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine import Game, sgf
from engine.puzzle import Puzzle
from game.match.clock import ClockState
from game.match.ending import Ending
from game.match.settings import MatchSettings
from game.match.takeback import TakeBack
from game.storage.puzzle_progress import PuzzleProgress


@dataclass(frozen=True)
class Match:
    """A game to play or to show the end of: its set-up, the game itself (None: a new one),
    what is left of a «Стоп» under way (None: its full time), the save of a game in progress
    it goes on writing to (None: a save of its own), the moves taken back before, to replay,
    the players' clocks as they were (None: full, if the set-up has a clock), the hints used
    (against the computer: shown at the end and kept in the record), the engine the computer's master
    played on (for the results and the record, and the autosave of a game resumed; None: no master moved),
    and how it ended (for the results; None: as the game itself says).

    ``Match(*autosave.resume(saved))`` goes on with a game in progress."""

    settings: MatchSettings
    game: Game | None = None
    stop_left: float | None = None
    slot: str | None = None
    redo: TakeBack | None = None
    clock: ClockState | None = None
    hints: int = 0
    engine: sgf.MasterEngine | None = None  # before the ending: a resumed game's record gives it (autosave.Resumed)
    ending: Ending | None = None
    takebacks: int = 0
    """How many times moves were taken back («Отменить»): shown at the end and kept in the record."""


@dataclass(frozen=True)
class Reviewing:
    """A game to step through: the set-up it was played with when known, its name (a file's),
    the two sides' names from a record (Blue's, Red's), the move to show first (None: the last),
    its clock as a record keeps it (None: none), whether to start the master's analysis at once, the
    hints a record says were used (``HN``), the times moves were taken back (``TAKEBACKS``) and the
    engine the computer's master played on (``ENGINE``; None: none said)."""

    game: Game
    settings: MatchSettings | None = None
    title: str | None = None
    players: tuple[str, str] | None = None
    step: int | None = None
    times: sgf.Times | None = None
    analyse: bool = False
    hints: int = 0
    takebacks: int = 0
    engine: sgf.MasterEngine | None = None


@dataclass(frozen=True)
class Question:
    """A yes/no question: the string ids of the question and of «yes», what «yes» does, and a hint line;
    ``other``, a third answer between «no» and «yes» (its string id and what it does: «Сохранить партию»);
    ``no``, the string id of «no» (a question outside a game is not answered «Продолжить игру»); ``on_no``, what
    «no» (Esc, a tap outside) does besides closing the card (the first start's offer remembers it was answered)."""

    question: str
    yes: str
    on_yes: Callable[[], object]  # what it returns (a scene it opened, say) is not used
    hint: str | None = None
    hint_fields: Mapping[str, object] = field(default_factory=dict)
    other: tuple[str, Callable[[], object]] | None = None
    no: str = "confirm.no"
    on_no: Callable[[], object] | None = None


@dataclass(frozen=True)
class Naming:
    """A name to ask for (renaming a saved game): the string ids of the card's title and of its «yes»,
    the name offered, and what «yes» does with the name as typed."""

    title: str
    yes: str
    name: str
    on_name: Callable[[str], None]


@dataclass(frozen=True)
class PuzzleRun:
    """The puzzles to go through (a theme's, or all in order), which one now, and the stars kept."""

    puzzles: list[Puzzle]
    index: int
    progress: PuzzleProgress

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]
