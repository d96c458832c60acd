"""«Задачи»: the shipped puzzles (``assets/puzzles/``) and one try at one of them, without pygame.

:func:`load_shelf` reads every puzzle file with :func:`engine.puzzle.read_puzzle`; a file that cannot be
one is left out and logged (the shelf counts them, so the screen can say so). The order is the tier,
then the board's size and how many moves led to the position: «по порядку» goes from the easiest.

:class:`Attempt` is the player at one puzzle: :meth:`Attempt.play` judges a move against the answer line.
The right move is played and the other side's reply (:attr:`Attempt.reply_due`) is the line's; a wrong
one is played too, with what goes wrong: the other side's best enclosure after it (the refutation), so
the player sees it before :meth:`Attempt.again` puts the board back. Stars: one for solving, one for
solving it without a wrong move, one without the hint.

>>> from engine import Game
>>> from engine.puzzle import read_puzzle, write_puzzle, Theme
>>> g = Game(6, 6)
>>> for p in [(2, 1), (2, 2), (1, 2), (4, 4), (3, 2), (5, 5), (2, 3)]:
...     _ = g.play(p)
>>> a = Attempt(read_puzzle(write_puzzle(g, start=6, tier=1, theme=Theme.CAPTURE, gain=2), "x"))
>>> a.play((0, 0)).right, a.again() is None, a.play((2, 3)).solved, a.stars
(False, True, True, 2)
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from engine import Game, Point
from engine.puzzle import Puzzle, PuzzleError, Theme, read_puzzle

log = logging.getLogger(__name__)

SUFFIX = ".sgf"


@dataclass
class Shelf:
    """The puzzles that could be read, easiest first, and how many files could not."""

    puzzles: list[Puzzle] = field(default_factory=list)
    unreadable: int = 0

    def of_theme(self, theme: Theme | None) -> list[Puzzle]:
        """The puzzles of ``theme`` in order (None: all)."""
        return [p for p in self.puzzles if theme is None or p.theme is theme]


def load_shelf(folder: Path) -> Shelf:
    """Every puzzle in ``folder``; what cannot be read is logged and counted, never raised."""
    shelf = Shelf()
    try:
        paths = sorted(p for p in folder.iterdir() if p.suffix == SUFFIX)
    except OSError as e:
        log.warning("puzzles: the folder %s cannot be read: %s", folder, e)
        return shelf
    for path in paths:
        try:
            shelf.puzzles.append(read_puzzle(path.read_bytes(), path.stem))
        except (OSError, PuzzleError) as e:
            log.warning("puzzles: %s left out: %s", path.name, e)
            shelf.unreadable += 1
    # Within a tier the small, sparse boards first: a first puzzle of ninety dots on 12×12 was a hard start.
    shelf.puzzles.sort(key=lambda p: (p.tier, p.position.width * p.position.height, p.position.move_count, p.name))
    return shelf


KEY_POINT_THEMES = frozenset({Theme.NET, Theme.COUNTRY})
"""Themes whose wrong moves lose nothing at once: the refutation is the other side on the answer's own point."""


@dataclass(frozen=True)
class Judged:
    """What a move of the player did."""

    right: bool
    solved: bool = False
    refutation: Point | None = None
    """After a wrong move: the other side's reply that shows what goes wrong (None: it needs none, the
    move just takes less than the answer)."""
    key_point: bool = False
    """The refutation takes nothing: the other side took the point the answer needed (a net's cut, a
    country's last wall), which is what goes wrong there."""


def best_enclosure(game: Game) -> Point | None:
    """The move of the side to move that encloses the most now (None when none encloses anything).

    Only nodes beside two or more of the mover's dots can close a ring, so only those are tried.
    """
    mover, best, most = game.to_move, None, 0
    for point in game.legal_moves():
        x, y = point
        around = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        near = sum(1 for q in around if 0 <= q[0] < game.width and 0 <= q[1] < game.height
                   and game.dot_at(q) is mover and not game.is_dead(q))
        if near < 2:
            continue
        units = game.play(point).units(mover)
        game.undo()
        if units > most:
            best, most = point, units
    return best


class Attempt:
    """The player at one puzzle: the board, how far along the line, and what the stars will be."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.game = puzzle.start()
        self.done = 0
        """Moves of the line played so far (the player's and the replies)."""
        self.mistakes = 0
        self.hinted = False
        self.wrong_moves = 0
        """Moves on the board past the line (the wrong move and its refutation), taken back by :meth:`again`."""
        self.solved = False

    @property
    def reply_due(self) -> Point | None:
        """The line's reply to play now (after a right move), or None."""
        if self.solved or self.wrong_moves or self.done % 2 == 0:
            return None
        return self.puzzle.line[self.done]

    @property
    def awaits_player(self) -> bool:
        return not self.solved and not self.wrong_moves and self.done % 2 == 0

    @property
    def hint(self) -> Point | None:
        """The answer's next move for the player (None when it is not the player's turn)."""
        return self.puzzle.line[self.done] if self.awaits_player else None

    def take_hint(self) -> Point | None:
        point = self.hint
        if point is not None:
            self.hinted = True
        return point

    @property
    def stars(self) -> int:
        return 0 if not self.solved else 1 + (self.mistakes == 0) + (not self.hinted)

    def play(self, point: Point) -> Judged:
        """The player's move (which must be legal): right or wrong, it is played."""
        if not self.awaits_player:
            raise ValueError("it is not the player's turn in this puzzle")
        if point == self.puzzle.line[self.done]:
            self.game.play(point)
            self.done += 1
            self.solved = self.done == len(self.puzzle.line)
            return Judged(True, self.solved)
        self.mistakes += 1
        self.game.play(point)
        self.wrong_moves = 1
        refutation = None if self.game.is_over else best_enclosure(self.game)
        key_point = False
        if refutation is None and not self.game.is_over and self.puzzle.theme in KEY_POINT_THEMES:
            # Nothing is taken at once after a missed net or country: the other side takes the answer's point,
            # so the board shows why the move was wrong, not only the words.
            answer = self.puzzle.line[self.done]
            if self.game.is_legal(answer):
                refutation, key_point = answer, True
        if refutation is not None:
            self.game.play(refutation)
            self.wrong_moves = 2
        return Judged(False, refutation=refutation, key_point=key_point)

    def play_reply(self) -> Point | None:
        """Play the line's reply that is due; the point, or None when none is."""
        point = self.reply_due
        if point is not None:
            self.game.play(point)
            self.done += 1
        return point

    def again(self) -> None:
        """Take back the wrong move and its refutation: the player tries again from where they were."""
        for _ in range(self.wrong_moves):
            self.game.undo()
        self.wrong_moves = 0

    def restart(self) -> None:
        """Back to the puzzle's start (the stars already lost stay lost)."""
        self.game = self.puzzle.start()
        self.done = 0
        self.wrong_moves = 0
        self.solved = False
