"""Puzzles («Задачи»): a record of real play that stops at a position, and the answer that follows it.

A puzzle is an ordinary game record (``GM[40]``, as :mod:`engine.sgf` writes and reads it), so any Dots
program opens it: the moves that led to the position, so that every country and capture on the board is
exact, then the answer line as the game's continuation — the player's move, the other side's reply, the
player's next move, …, ending with a move of the player. Four root properties of ours say the rest (other
programs ignore properties they do not know)::

    (;FF[4]GM[40]CA[UTF-8]AP[tochki-strany:1.0.0]SZ[15]RU[classic]PZSTART[37]PZTIER[2]PZTHEME[save]
      ;B[hh];W[hi]…;B[jk])

- ``PZSTART[n]``: the puzzle starts after the record's first ``n`` moves; the player is the side to move there.
- ``PZTIER[1]`` to ``PZTIER[3]``: how hard (1 first).
- ``PZTHEME[…]``: one of :class:`Theme`'s values (``capture`` «захвати», ``save`` «спаси», ``ladder``
  «лестница», ``net`` «сеть», ``country`` «страна»).
- ``PZGAIN[u]``: what the answer wins over the best other first move, in score units (half cells in
  countries, dots in classic); shown to the player, checked again by ``python -m tools.puzzles --check``.
- The rule set is the record's own ``RU`` (``countries`` or ``classic``).

:func:`read_puzzle` refuses anything else with a :class:`PuzzleError` saying why: a record the SGF reader
refuses, a missing or odd property, a start outside the record, a line that is empty, holds a «Стоп» or a
finish, ends on the other side's move or asks more than :data:`MOST_PLAYER_MOVES` moves of the player, a
board outside :data:`SMALLEST`–:data:`LARGEST` nodes a side, or a file over :data:`MOST_BYTES`.

>>> from engine import Game
>>> g = Game(5, 5)
>>> for p in [(1, 1), (3, 3), (2, 2)]:
...     _ = g.play(p)
>>> text = write_puzzle(g, start=2, tier=1, theme=Theme.CAPTURE, gain=2)
>>> p = read_puzzle(text, "demo")
>>> p.position.move_count, p.line, p.player.name, p.theme.value, p.gain
(2, ((2, 2),), 'BLUE', 'capture', 2)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from engine import sgf
from engine.game import Game
from engine.types import ActionKind, Player, Point, Rules

START = "PZSTART"
TIER = "PZTIER"
THEME = "PZTHEME"
GAIN = "PZGAIN"
"""The root properties of a puzzle (see the module's note)."""

TIERS = (1, 2, 3)
MOST_PLAYER_MOVES = 5
"""The longest answer: moves of the player (the other side's replies between them not counted)."""
SMALLEST, LARGEST = 5, 39
"""Board sides a puzzle may have, in nodes."""
MOST_BYTES = 64 * 1024
"""The largest puzzle file read: a 39×32 board's whole game is about 20 KB."""
MOST_GAIN = 10_000


class Theme(enum.Enum):
    """What the answer does; the value is what ``PZTHEME`` holds, and names the strings ``puzzle.theme.*``."""

    CAPTURE = "capture"
    """«Захвати»: take enemy dots, in one move or a few."""
    SAVE = "save"
    """«Спаси»: the only move that keeps a group from being taken."""
    LADDER = "ladder"
    """«Лестница»: a run of forced moves, each one saving or taking again."""
    NET = "net"
    """«Сеть»: cut a group off so that it is taken a move later."""
    COUNTRY = "country"
    """«Страна»: the biggest country (empty cells walled in), in countries."""


class PuzzleError(ValueError):
    """A puzzle file that cannot be used; the message says why (for the log and the maker)."""


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One puzzle, read and checked."""

    name: str
    """Where it came from (the file's stem): progress is kept under it."""
    position: Game
    """The game at the puzzle's start (a copy of its own for each caller: see :meth:`start`)."""
    line: tuple[Point, ...]
    """The answer: the player's moves and the other side's replies in turn, the player's first and last."""
    theme: Theme
    tier: int
    gain: int
    """Units the answer wins over the best other first move (``PZGAIN``)."""

    @property
    def rules(self) -> Rules:
        return self.position.rules

    @property
    def player(self) -> Player:
        """Who the person plays: the side to move at the start."""
        return self.position.to_move

    @property
    def player_moves(self) -> int:
        return (len(self.line) + 1) // 2

    def start(self) -> Game:
        """A fresh game at the puzzle's start, for playing on."""
        return self.position.copy()


def write_puzzle(game: Game, *, start: int, tier: int, theme: Theme, gain: int) -> str:
    """The record of a puzzle: ``game`` holds the moves to the start, then the answer line.

    Checked by reading it back, so what is written is what :func:`read_puzzle` accepts.
    """
    info = {START: str(start), TIER: str(tier), THEME: theme.value, GAIN: str(gain)}
    text = sgf.dumps(game, info=info)
    read_puzzle(text, "written")
    return text


def read_puzzle(text: str | bytes, name: str) -> Puzzle:
    """The puzzle a file holds, or :class:`PuzzleError` saying why it cannot be one."""
    if len(text) > MOST_BYTES:
        raise PuzzleError(f"{len(text)} bytes, more than a puzzle needs ({MOST_BYTES})")
    try:
        record = sgf.read(text)
    except sgf.SgfError as e:
        raise PuzzleError(f"not a readable record: {e}") from None
    game, info = record.game, record.info
    if not (SMALLEST <= game.width <= LARGEST and SMALLEST <= game.height <= LARGEST):
        raise PuzzleError(f"a {game.width}×{game.height} board: a puzzle's sides are {SMALLEST} to {LARGEST}")
    start = _whole(info, START, 0, len(game.history) - 1)
    tier = _whole(info, TIER, TIERS[0], TIERS[-1])
    gain = _whole(info, GAIN, 1, MOST_GAIN)
    try:
        theme = Theme(info.get(THEME, "").strip())
    except ValueError:
        raise PuzzleError(f"{THEME} must be one of {', '.join(t.value for t in Theme)}") from None
    history = game.history
    if any(a.kind is not ActionKind.MOVE for a in history):
        raise PuzzleError("a puzzle's record holds moves only (no «Стоп», no finish)")
    position = Game.from_actions(game.width, game.height, game.rules, actions=history[:start],
                                 setup=game.setup, zone=game.zone_rule)
    player = position.to_move
    line = history[start:]
    for i, action in enumerate(line):
        if action.player is not (player if i % 2 == 0 else player.other):
            raise PuzzleError(f"move {start + i + 1} of the answer is not the turn's: the sides must alternate")
    if len(line) % 2 == 0:
        raise PuzzleError("the answer must end with a move of the player")
    if (len(line) + 1) // 2 > MOST_PLAYER_MOVES:
        raise PuzzleError(f"the answer asks more than {MOST_PLAYER_MOVES} moves of the player")
    points = tuple(a.point for a in line if a.point is not None)
    return Puzzle(name, position, points, theme, tier, gain)


def _whole(info: Mapping[str, str], ident: str, low: int, high: int) -> int:
    """The whole number ``ident`` holds, from ``low`` to ``high``; PuzzleError if it is missing or odd."""
    value = info.get(ident)
    text = (value or "").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 6) or not low <= int(text) <= high:
        raise PuzzleError(f"{ident} must be a whole number from {low} to {high}, not {_clip(value)}")
    return int(text)


def _clip(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "…"
