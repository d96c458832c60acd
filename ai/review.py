"""Game review: the master's view of every move of a game, and where a side gave something away.

    python -m ai.review GAME.sgf [--work N | --seconds S] [--seed K]

The master's kernel (``ai.kernel.master``) searches every position of the game once,
the one before the first move to the one after the last, and gives each a *value*:
the margin Blue can expect there (negative: Red's), the mean final margin of the
search's playouts, in the units the score is counted in (cells in «Страны», dots in
«Классика»). The *lead* after a move is the value of the position it leaves; the
*loss* of a move is how much the value fell from the mover's side across it (never
below zero), except that the move the master chose there itself loses nothing (a
fall across it is the search misjudging the position before, not the mover). So the
loss of a move is the fall of the chart's lead at that move (on a 221-move game with
oppai-rs, all but one move within a dot of it), and a move that kept or raised its
side's value lost nothing. Once the
game is over (finished, or nowhere left to play) the last value is the score itself;
after a classic «Стоп» it is the score the side moving alone can still reach
(``ai.stop``). A move that gives away at least :data:`MISTAKE_LOSS` is a mistake.

Each search stops on a count of work (kernel moves played out), never on the clock,
on one core, and is seeded, so one record gives the same verdicts on an idle machine
and a busy one, in the game and on the command line. The output is one line per move
and ends with exactly ``review: N moves, B mistakes by blue, R mistakes by red``.

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
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ai import CancelFlag, Cancelled, KernelUnavailable, _seconds, await_kernel
from ai.board import Board
from ai.stop import filled_margin, stop_move
from ai.work import MOVES_PER_SECOND
from engine import ActionKind, Game, Player, Point, Rules, files, sgf

if TYPE_CHECKING:  # numpy is imported with the kernel, not with the game's first frame
    import numpy as np

MISTAKE_LOSS = 2.0
"""A move that gives away at least this much of its side's value (cells or dots) is a mistake."""

WORK = 200_000
"""Default work of each position's search, in kernel moves played out. A 221-move 15×15 game then takes
about 35 s of one core (``python -m bench.review``; see docs/MEASURED.md)."""

EXPLORE = 0.0
"""The review's exploration weight (``uct.P_EXPLORE``; the master plays with 0.25): none beyond what the
rapid action values and the first visit of each move give. A search's value is the mean of all its
playouts, so the more it tries moves it will not choose, the lower it values the side to move: with the
master's weight each move looked about 0.4 of a dot better for its side than the position before it (a
15×15 game with oppai-rs, 200,000 moves a position), with none about 0.13; and a planted blunder of three
dots on 10×10 lost 3.0 on the chart with none, 2.4 at 0.05 (``tests/test_ai_review.py``)."""


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
    """The master's move in the position before it (the move played when it lost nothing)."""
    loss: float
    """How much the move lowered its side's expected margin: ``before`` less ``lead`` from the mover's
    side, never below zero; nothing for the master's own choice."""
    before: float = 0.0
    """Blue's expected margin before the move: the lead after the move before it, or for the first move
    the value of the position the game started from."""

    @property
    def mistake(self) -> bool:
        """True when the move gave away at least :data:`MISTAKE_LOSS`."""
        return self.loss >= MISTAKE_LOSS


Progress = Callable[[MoveReview, int], None]
"""Told each move as soon as it is reviewed, with how many moves there are in all."""


def work_count(rules: Rules, *, work: int | None = None, seconds: float | None = None) -> int:
    """The work each position's search gets: ``work`` as given, else ``seconds``' worth at the fixed rate a
    seeded master is counted at (``ai.work.MOVES_PER_SECOND``: still a count, the clock is never
    read), else :data:`WORK`. ValueError for both, for a work that is not a whole number from 1, or for a
    budget ``ai.choose_move`` would refuse (one over ``ai.MAX_SECONDS`` is that long). ``rules`` is kept
    for the callers: the rate is the same for both rule sets."""
    del rules
    if work is not None and seconds is not None:
        raise ValueError("give the review's budget as work or as seconds, not both")
    if seconds is not None:
        return max(1, int(_seconds(seconds) * MOVES_PER_SECOND))
    if work is None:
        return WORK
    if type(work) is not int or work < 1:
        raise ValueError(f"work, the review's budget per search, is a whole number from 1, not {work!r}")
    return work


def review(game: Game, *, work: int | None = None, seconds: float | None = None, seed: int = 0,
           cancel: CancelFlag | None = None, progress: Progress | None = None) -> list[MoveReview]:
    """Every move of ``game`` reviewed, first to last; ``game`` itself is left untouched.

    The budget is :func:`work_count`'s. The kernel is waited for if it is still loading;
    :class:`ai.KernelUnavailable` when it cannot search at all. ``cancel.is_set()`` turning true
    raises :class:`ai.Cancelled` within a fraction of a position's work; ``progress`` is told every
    move as it is reviewed.
    """
    budget = work_count(game.rules, work=work, seconds=seconds)
    await_kernel(cancel)
    actions = game.history
    first = actions[0].player if actions else game.to_move
    replay = Game.from_actions(game.width, game.height, game.rules, setup=game.setup, zone=game.zone_rule,
                               to_move=first)
    moves_at = [i for i, a in enumerate(actions) if a.kind is ActionKind.MOVE and a.point is not None]
    if not moves_at:
        return []
    found: list[MoveReview] = []
    value, best = _judge(replay, budget, seed * 100_003, cancel)
    for k, at in enumerate(moves_at):
        move = actions[at]
        assert move.point is not None  # (moves_at holds moves with a point only)
        replay.apply(move)
        for after in actions[at + 1:moves_at[k + 1] if k + 1 < len(moves_at) else len(actions)]:
            replay.apply(after)  # a Stop or Finish before the next move, or after the last
        lead, next_best = _judge(replay, budget, seed * 100_003 + k + 1, cancel)
        fall = value - lead if move.player is Player.BLUE else lead - value
        # The master's own choice loses nothing: a fall across it is the search misjudging, not the mover.
        loss = max(0.0, fall) if best != move.point else 0.0
        reviewed = MoveReview(k + 1, move.player, move.point, lead, best if loss > 0 else move.point, loss, value)
        found.append(reviewed)
        if progress is not None:
            progress(reviewed, len(moves_at))
        value, best = lead, next_best
    return found


def _judge(game: Game, work: int, seed: int, cancel: CancelFlag | None) -> tuple[float, Point]:
    """Blue's expected margin in ``game`` and the master's move there (any point when there is none)."""
    if game.is_over or game.legal_count == 0:  # the final position's value is its score, not an estimate
        return float(game.score(Player.BLUE) - game.score(Player.RED)), (0, 0)
    if game.stopped_by is not None:  # the side moving alone: what it can still enclose is all that is left
        board = Board(game)
        return filled_margin(game, Player.BLUE), board.points[stop_move(board)]
    from ai.kernel import master  # loaded by await_kernel

    found = master.search(game, work / MOVES_PER_SECOND, seed=seed, deadline=float("inf"),
                          cancel=None if cancel is None else cancel.is_set, params=_weights(game))
    if cancel is not None and cancel.is_set():
        raise Cancelled
    return found.lead, found.move


def _weights(game: Game) -> np.ndarray:
    """The master's weights for ``game``'s rules and board with the review's exploration."""
    from ai.kernel import master, uct

    weights = master.own_weights(game.rules, game.width * game.height)
    weights[uct.P_EXPLORE] = EXPLORE
    return weights


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
                        help=f"work of each position's search, in kernel moves played out (default {WORK})")
    budget.add_argument("--seconds", type=float, default=None,
                        help="the work an idle machine does in this time (a count still, not the clock)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.seconds is not None and not 0 < args.seconds < 3600:
        parser.error("--seconds must be above 0 and below an hour")
    if args.work is not None and args.work < 1:
        parser.error("--work must be 1 or more")
    try:
        game = sgf.loads(files.read_limited(args.record, sgf.MAX_INPUT))
    except (OSError, files.Refused, sgf.SgfError) as error:
        print(f"ai.review: cannot read {args.record}: {error}", file=sys.stderr)
        return 2
    unit = "dots" if game.rules is Rules.CLASSIC else "cells"
    work = work_count(game.rules, work=args.work, seconds=args.seconds)
    print(f"# {args.record.name}: {game.width}x{game.height} {game.rules.value}, lead and loss in {unit}, "
          f"Blue's lead above zero; a mistake loses {MISTAKE_LOSS:g} or more; work {work}, seed {args.seed}",
          flush=True)
    try:
        moves = review(game, work=work, seed=args.seed, progress=lambda move, _: print(line(move), flush=True))
    except KernelUnavailable as error:
        print(f"ai.review: the master's kernel cannot search here: {error}", file=sys.stderr)
        return 2
    print(summary(moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
