"""Game review: the master's view of every move of a game, and where a side gave something away.

    python -m ai.review GAME.sgf [--seconds S]

For each move the master searches the position before it (``seconds`` of
thought), then searches the move played and its own best move to the same depth
with a full window (``Master.values``): the two values come from one search, so
a move the master would have played itself loses nothing, and the loss of any
other is the difference of two numbers measured alike. The *lead* after a move
is the value of the move played, turned to Blue's side: what the master expects
the final margin to be, in the units the score is counted in (cells in
«Страны», dots in «Классика»). A move that gives away at least
:data:`MISTAKE_LOSS` is a mistake.

The output is one line per move and ends with exactly
``review: N moves, B mistakes by blue, R mistakes by red``.

>>> from engine import Game
>>> g = Game(6, 6)
>>> for p in [(1, 1), (4, 4), (2, 2)]:
...     _ = g.play(p)
>>> moves = review(g, seconds=0.02)
>>> [(m.number, m.player.name, m.point) for m in moves]
[(1, 'BLUE', (1, 1)), (2, 'RED', (4, 4)), (3, 'BLUE', (2, 2))]
>>> all(m.loss >= 0 and g.width > m.best[0] >= 0 for m in moves)
True
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ai import _WORK_PER_SECOND, CancelFlag, _seconds
from ai.board import Board, Cancelled
from ai.search import MASTER, Master
from engine import ActionKind, Game, Player, Point, Rules, sgf

MISTAKE_LOSS = 2.0
"""A move that gives away at least this much against the master's best (cells or dots) is a mistake."""

SECONDS = 0.25
"""Default thought per move: a 244-move game on 39×32 takes a little over a minute on two cores."""

@dataclass(frozen=True)
class MoveReview:
    """One move as the master sees it."""

    number: int
    """1 for the first move (setup dots, Stop and Finish are not moves)."""
    player: Player
    point: Point
    lead: float
    """Blue's expected margin after the move (negative: Red leads), in cells or dots."""
    best: Point
    """The master's move in the position before it (the move played when it found nothing better)."""
    loss: float
    """How much the move played gave away against ``best``; never below zero."""

    @property
    def mistake(self) -> bool:
        """True when the move gave away at least :data:`MISTAKE_LOSS`."""
        return self.loss >= MISTAKE_LOSS


Progress = Callable[[MoveReview, int], None]
"""Told each move as soon as it is reviewed, with how many moves there are in all."""


def review(game: Game, *, seconds: float = SECONDS, seed: int = 0, cancel: CancelFlag | None = None,
           progress: Progress | None = None) -> list[MoveReview]:
    """Every move of ``game`` reviewed, first to last; ``game`` itself is left untouched.

    ``cancel.is_set()`` turning true raises :class:`ai.board.Cancelled` within a
    fraction of a move's budget; ``progress`` is told every move as it is reviewed. ``seconds``
    is checked and capped as ``ai.choose_move``'s budget is.
    """
    seconds = _seconds(seconds)
    actions = game.history
    first = actions[0].player if actions else game.to_move
    replay = Game.from_actions(game.width, game.height, game.rules, setup=game.setup, zone=game.zone_rule,
                               to_move=first)
    # One Board walks the whole game: building its tables costs more than a short search on a big board.
    board = Board(replay, copy=False)
    if cancel is not None:
        board.cancel = cancel.is_set
    total = sum(1 for a in actions if a.kind is ActionKind.MOVE)
    found: list[MoveReview] = []
    for action in actions:
        if action.kind is ActionKind.MOVE and action.point is not None:
            rng = random.Random(seed * 100_003 + len(found))
            found.append(review_move(board, action.point, seconds=seconds, rng=rng, cancel=cancel,
                                     number=len(found) + 1))
            if progress is not None:
                progress(found[-1], total)
        else:  # Stop and Finish change whose turn it is and nothing the Board counts
            replay.apply(action)
    return found


def review_move(board: Board, point: Point, *, seconds: float, rng: random.Random, cancel: CancelFlag | None,
                number: int) -> MoveReview:
    """The master's view of ``point`` played by the side to move on ``board``, which then plays it."""
    game = board.game
    mover = game.to_move
    master = Master(board, rng, MASTER)
    played = game.width * point[1] + point[0]
    _budget(board, seconds)
    try:
        best = master.best_move()
    except Cancelled:
        _reraise_if_cancelled(cancel)
        best = played
    depth = max(1, master.depth_done)
    _budget(board, seconds)  # comparing the two moves gets a budget of its own
    try:
        values = master.values([played] if best == played else [best, played], depth)
    except Cancelled:  # out of budget: one ply, however long it takes (two moves played out, no search)
        _reraise_if_cancelled(cancel)
        board.deadline, board.work_limit = float("inf"), 1 << 62
        values = master.values([played] if best == played else [best, played], 1)
    if values.get(best, values[played]) < values[played]:
        best = played  # a full window can find the move played better than the search's bound said
    loss = max(0.0, values[best] - values[played])
    board.play(played)
    # At the end the score itself counts, not the search's bonus for a win.
    value = board.score_diff(int(mover)) if game.is_over or game.legal_count == 0 else values[played]
    lead = value if mover is Player.BLUE else -value
    return MoveReview(number, mover, point, lead, board.points[best], loss)


def _budget(board: Board, seconds: float) -> None:
    """A fresh budget on ``board``: the clock as the hard limit, the work count as the repeatable one."""
    board.deadline = time.perf_counter() + seconds * 0.95
    board.work_limit = board.work + int(seconds * _WORK_PER_SECOND[board.game.rules])


def _reraise_if_cancelled(cancel: CancelFlag | None) -> None:
    if cancel is not None and cancel.is_set():
        raise Cancelled


def count_mistakes(moves: Sequence[MoveReview], player: Player) -> int:
    """How many of ``player``'s moves were mistakes."""
    return sum(1 for m in moves if m.player is player and m.mistake)


def line(move: MoveReview) -> str:
    """One move as the CLI prints it: number, player, point, lead, best move, loss, and «mistake»."""
    mark = "  mistake" if move.mistake else ""
    return (f"{move.number:4d}  {move.player.name.lower():4s}  {sgf.point_text(move.point)}  "
            f"lead {move.lead:+6.1f}  best {sgf.point_text(move.best)}  loss {move.loss:4.1f}{mark}")


def summary(moves: Sequence[MoveReview]) -> str:
    """The CLI's last line."""
    return (f"review: {len(moves)} moves, {count_mistakes(moves, Player.BLUE)} mistakes by blue, "
            f"{count_mistakes(moves, Player.RED)} mistakes by red")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.review", description=__doc__.split("\n", 1)[0])
    parser.add_argument("record", type=Path, help="an SGF game record (GM[40]), ours or another program's")
    parser.add_argument("--seconds", type=float, default=SECONDS, help=f"thought per move (default {SECONDS})")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if not 0 < args.seconds < 3600:
        parser.error("--seconds must be above 0 and below an hour")
    try:
        game = sgf.loads(args.record.read_bytes())
    except (OSError, sgf.SgfError) as error:
        print(f"ai.review: cannot read {args.record}: {error}", file=sys.stderr)
        return 2
    unit = "dots" if game.rules is Rules.CLASSIC else "cells"
    print(f"# {args.record.name}: {game.width}x{game.height} {game.rules.value}, lead and loss in {unit}, "
          f"Blue's lead above zero; a mistake loses {MISTAKE_LOSS:g} or more", flush=True)
    moves = review(game, seconds=args.seconds, seed=args.seed, progress=lambda move, _: print(line(move), flush=True))
    print(summary(moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
