"""Game review: the master's view of every move of a game, and where a side gave something away.

    python -m ai.review GAME.sgf [--work N | --seconds S] [--seed K]

For each move the master searches the position before it, then searches the
move played and its own best move to the same depth with a full window
(``Master.values``): the two values come from one search, so a move the master
would have played itself loses nothing, and the loss of any other is the
difference of two numbers measured alike. The *lead* after a move is the value
of the move played, turned to Blue's side: what the master expects the final
margin to be, in the units the score is counted in (cells in «Страны», dots in
«Классика»); once the game is over (finished, or nowhere left to play) the
last lead is the score itself. A move that gives away at least
:data:`MISTAKE_LOSS` is a mistake.

Each of the two searches stops on a count of work (``Board.work``: engine moves
played out), never on the clock, and the master's random choices are seeded, so
one record gives the same verdicts on an idle machine and a busy one, in the game
and on the command line. The output is one line per move and ends with exactly
``review: N moves, B mistakes by blue, R mistakes by red``.

>>> from engine import Game
>>> g = Game(6, 6)
>>> for p in [(1, 1), (4, 4), (2, 2)]:
...     _ = g.play(p)
>>> moves = review(g, work=2000)
>>> [(m.number, m.player.name, m.point) for m in moves]
[(1, 'BLUE', (1, 1)), (2, 'RED', (4, 4)), (3, 'BLUE', (2, 2))]
>>> all(m.loss >= 0 and g.width > m.best[0] >= 0 for m in moves)
True
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ai import _WORK_PER_SECOND, CancelFlag, _seconds
from ai.board import Board, Cancelled
from ai.search import MASTER, Master
from engine import ActionKind, Game, Player, Point, Rules, sgf

MISTAKE_LOSS = 2.0
"""A move that gives away at least this much against the master's best (cells or dots) is a mistake."""

WORK = 6_000
"""Default work of each of a move's two searches (``Board.work``: engine moves played out). Measured
by ``python -m bench.review``: see docs/MEASURED.md for what it costs a player in time."""


@dataclass(frozen=True)
class MoveReview:
    """One move as the master sees it."""

    number: int
    """1 for the first move (setup dots, Stop and Finish are not moves)."""
    player: Player
    point: Point
    lead: float
    """Blue's expected margin after the move (negative: Red leads), in cells or dots; after the last move
    of a game that is over, the final score's margin."""
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


def work_count(rules: Rules, *, work: int | None = None, seconds: float | None = None) -> int:
    """The work each of a move's two searches gets: ``work`` as given, else ``seconds``' worth at the fixed
    rate a seeded search is counted at (``ai._WORK_PER_SECOND``: still a count, the clock is never read),
    else :data:`WORK`. ValueError for both, for a work that is not a whole number from 1, or for a budget
    ``ai.choose_move`` would refuse (one over ``ai.MAX_SECONDS`` is that long)."""
    if work is not None and seconds is not None:
        raise ValueError("give the review's budget as work or as seconds, not both")
    if seconds is not None:
        return max(1, int(_seconds(seconds) * _WORK_PER_SECOND[rules]))
    if work is None:
        return WORK
    if type(work) is not int or work < 1:
        raise ValueError(f"work, the review's budget per search, is a whole number from 1, not {work!r}")
    return work


def review(game: Game, *, work: int | None = None, seconds: float | None = None, seed: int = 0,
           cancel: CancelFlag | None = None, progress: Progress | None = None) -> list[MoveReview]:
    """Every move of ``game`` reviewed, first to last; ``game`` itself is left untouched.

    The budget is :func:`work_count`'s. ``cancel.is_set()`` turning true raises
    :class:`ai.board.Cancelled` within a fraction of a move's work; ``progress`` is told every
    move as it is reviewed.
    """
    budget = work_count(game.rules, work=work, seconds=seconds)
    actions = game.history
    first = actions[0].player if actions else game.to_move
    replay = Game.from_actions(game.width, game.height, game.rules, setup=game.setup, zone=game.zone_rule,
                               to_move=first)
    # One Board walks the whole game: building its tables costs more than a short search on a big board.
    board = Board(replay, copy=False)
    if cancel is not None:
        board.cancel = cancel.is_set
    moves_at = [i for i, a in enumerate(actions) if a.kind is ActionKind.MOVE and a.point is not None]
    last = moves_at[-1] if moves_at else -1
    found: list[MoveReview] = []
    for i, action in enumerate(actions[:last + 1]):
        if action.kind is ActionKind.MOVE and action.point is not None:
            number = len(found) + 1
            rng = random.Random(seed * 100_003 + number - 1)
            move = review_move(board, action.point, work=budget, rng=rng, cancel=cancel, number=number)
            if i == last:
                for after in actions[last + 1:]:  # a Stop or Finish after the last move
                    replay.apply(after)
                if replay.is_over:  # the final position's value is its score, not a search's estimate
                    move = replace(move, lead=float(replay.score(Player.BLUE) - replay.score(Player.RED)))
            found.append(move)
            if progress is not None:
                progress(move, len(moves_at))
        else:  # Stop and Finish change whose turn it is and nothing the Board counts
            replay.apply(action)
    return found


def review_move(board: Board, point: Point, *, work: int, rng: random.Random, cancel: CancelFlag | None,
                number: int) -> MoveReview:
    """The master's view of ``point`` played by the side to move on ``board``, which then plays it."""
    game = board.game
    mover = game.to_move
    master = Master(board, rng, MASTER)
    played = game.width * point[1] + point[0]
    _budget(board, work)
    try:
        best = master.best_move()
    except Cancelled:
        _reraise_if_cancelled(cancel)
        best = played
    depth = max(1, master.depth_done)
    _budget(board, work)  # comparing the two moves gets a budget of its own
    try:
        values = master.values([played] if best == played else [best, played], depth)
    except Cancelled:  # out of work: one ply, however much it takes (two moves played out, no search)
        _reraise_if_cancelled(cancel)
        board.work_limit = 1 << 62
        values = master.values([played] if best == played else [best, played], 1)
    if values.get(best, values[played]) < values[played]:
        best = played  # a full window can find the move played better than the search's bound said
    loss = max(0.0, values[best] - values[played])
    board.play(played)
    # At the end the score itself counts, not the search's bonus for a win.
    value = board.score_diff(int(mover)) if game.is_over or game.legal_count == 0 else values[played]
    lead = value if mover is Player.BLUE else -value
    return MoveReview(number, mover, point, lead, board.points[best], loss)


def _budget(board: Board, work: int) -> None:
    """A fresh budget on ``board``: a work count alone, so that a busy machine takes longer but finds the
    same; the clock is no limit (the Board's deadline stays where it is: never)."""
    board.deadline = float("inf")
    board.work_limit = board.work + work


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
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--work", type=int, default=None,
                        help=f"work of each search of a move, in engine moves played out (default {WORK})")
    budget.add_argument("--seconds", type=float, default=None,
                        help="the work an idle machine does in this time (a count still, not the clock)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.seconds is not None and not 0 < args.seconds < 3600:
        parser.error("--seconds must be above 0 and below an hour")
    if args.work is not None and args.work < 1:
        parser.error("--work must be 1 or more")
    try:
        game = sgf.loads(args.record.read_bytes())
    except (OSError, sgf.SgfError) as error:
        print(f"ai.review: cannot read {args.record}: {error}", file=sys.stderr)
        return 2
    unit = "dots" if game.rules is Rules.CLASSIC else "cells"
    work = work_count(game.rules, work=args.work, seconds=args.seconds)
    print(f"# {args.record.name}: {game.width}x{game.height} {game.rules.value}, lead and loss in {unit}, "
          f"Blue's lead above zero; a mistake loses {MISTAKE_LOSS:g} or more; work {work}, seed {args.seed}",
          flush=True)
    moves = review(game, work=work, seed=args.seed, progress=lambda move, _: print(line(move), flush=True))
    print(summary(moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
