"""Positions a game was lost by, and whether the master plays the move that counts there:
``python -m bench.positions``.

    python -m bench.positions [--seeds 5] [--seconds S] [--only NAME] [--read]

The positions come from one of our own games, ``bench/data/master-vs-oppai-2s-loss.sgf``: the
master (Red, 1 s a move) against oppai-rs (Blue, 2 s) on 15×15 classic, lost 0 : 36 in three
captures (issue 31). Each position is that record replayed up to one move, with the side to move
the master's; what counts there is written beside it (:data:`POSITIONS`), as a set of moves to
play or a set of moves to avoid, and why. The sets were settled by reading each position with the
engine (every move of a few points round the group, both sides, a fixed number of plies deep;
the depth is given with each, and ``--read`` prints that reading again), not by what the master likes.

The master thinks once per seed at the game's budget for the board (``ai.budget``), or ``--seconds``,
on one core, as in a game. Each line names the position, what counts, the moves chosen and how many
were right; the last line sums them up. This is a benchmark, not a test: what the master finds here is
measured (docs/MEASURED.md «The lost positions» has the figures, before and after its reading of forcing lines
and nets, ``ai.kernel.read``), ``tests/test_bench_positions.py`` checks only that the positions are what they
say, and ``tests/test_kernel_read.py`` proves the reading's claims in the two edge-net positions.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ai import budget, kernel, think
from engine import Game, Player, Point, sgf

RECORD = Path(__file__).resolve().parent / "data" / "master-vs-oppai-2s-loss.sgf"
"""The lost game: oppai-rs is Blue (the record's B), the master Red (W)."""


@dataclass(frozen=True)
class Position:
    """The record just before its move ``move`` (counted from 1), ``player`` to move there."""

    name: str
    move: int
    player: Player
    play: frozenset[Point] | None
    """The moves that count as right (every other one is wrong); None: see :attr:`avoid`."""
    avoid: frozenset[Point]
    """With :attr:`play` None: the moves that count as wrong (every other one is right)."""
    lost_at: int
    """The record's move that then took the group, ``lost`` dots of it (what the position is about)."""
    lost: int
    why: str
    read: tuple[int, int, int, int, int]
    """How its sets were read (``--read``): the box ``x0, y0, x1, y1`` of points both sides may play, and plies."""

    def is_right(self, point: Point) -> bool:
        """Whether ``point`` is a move that counts here."""
        return point in self.play if self.play is not None else point not in self.avoid

    @property
    def counts(self) -> str:
        """What counts, in a few words."""
        if self.play is not None:
            return "play one of " + " ".join(f"{p[0]},{p[1]}" for p in sorted(self.play))
        return "avoid " + " ".join(f"{p[0]},{p[1]}" for p in sorted(self.avoid))


POSITIONS: tuple[Position, ...] = (
    Position("ladder-104", 104, Player.RED, None, frozenset({(4, 12)}), 111, 6,
             "Red's three dots on row 12 are caught between Blue's walls on rows 11 and 13; running left "
             "along row 12 and up column 4 meets Blue's wall on column 4 and loses 6 at move 111. Read 9 "
             "plies deep: running costs at least one dot more than giving the three up now.", (2, 9, 5, 12, 9)),
    Position("edge-net-128", 128, Player.RED,
             frozenset({(9, 12), (9, 14), (10, 13), (10, 14), (11, 12), (11, 13), (11, 14)}), frozenset(),
             137, 20,
             "Red's 20-dot group reaches the bottom edge only through (9, 13). Read 9 plies deep, each of "
             "these keeps it; a move elsewhere (the master's was (5, 3)) lets Blue's (10, 13) start the "
             "net that seals it at move 137. After move 129 every reply loses the group (read 7 plies).",
             (8, 10, 12, 14, 9)),
    Position("edge-net-cut-129", 129, Player.BLUE, frozenset({(10, 13)}), frozenset(), 137, 20,
             "The same net from the attacker's side, the master playing Blue: read 8 plies deep, only "
             "(10, 13), beside Red's last link to the edge, takes the 20 dots.", (9, 11, 11, 14, 8)),
    Position("ladder-142", 142, Player.RED, None, frozenset({(2, 9)}), 153, 6,
             "Red's three dots on column 3 are caught between Blue's columns 2 and 4; running down "
             "column 2 meets Blue's wall on row 13 and loses 6 at move 153 instead of 3. A 7-ply reading "
             "still likes running (the ladder ends 11 plies on): this set rests on the ladder's dead end, "
             "Blue's column 1 built beside it and its row 13 below.", (1, 8, 2, 12, 7)),
)
"""The losing positions of the record (issue 31): two ladders and the edge net, from both sides."""


def record() -> Game:
    """The whole lost game."""
    return sgf.loads(RECORD.read_bytes())


def before(move: int, whole: Game | None = None) -> Game:
    """The record just before its move ``move`` (``whole``: the record, when already read)."""
    whole = whole if whole is not None else record()
    actions = list(whole.history)[:move - 1]
    return Game.from_actions(whole.width, whole.height, whole.rules, setup=whole.setup, zone=whole.zone_rule,
                             actions=actions)


def load(position: Position, whole: Game | None = None) -> Game:
    """The position of ``position`` (``whole``: the record, when already read)."""
    return before(position.move, whole)


ELSEWHERE = (13, 0)
"""A move far from every group of these positions (free in all of them): what "giving up" plays in a reading."""


def margin(game: Game, player: Player) -> int:
    """``player``'s score minus the other's, in dots."""
    return game.score_units(player) - game.score_units(player.other)


def read(position: Position, plies: int | None = None, whole: Game | None = None) -> list[tuple[int, Point]]:
    """Each move of the box of ``position.read`` (and :data:`ELSEWHERE`) with what the side to move keeps after
    it: its margin once both sides have played the best moves of that box for ``plies`` plies in all (the
    position's own depth unless given), best first. Plain alpha-beta on the engine, so a deep reading takes
    minutes (9 plies: 0.5 to 8 minutes here)."""
    game = load(position, whole)
    me = game.to_move
    x0, y0, x1, y1, depth = position.read
    box = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]

    def moves() -> list[Point]:
        return [point for point in [*box, ELSEWHERE] if game.is_legal(point)]

    def value(left: int, alpha: int, beta: int) -> int:
        if left == 0 or game.is_over:
            return margin(game, me)
        mine = game.to_move is me
        best = -(1 << 30) if mine else 1 << 30
        for point in moves():
            game.play(point)
            v = value(left - 1, alpha, beta)
            game.undo()
            if mine:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                break
        return best

    found = []
    for point in moves():
        game.play(point)
        found.append((value((plies if plies is not None else depth) - 1, -(1 << 30), 1 << 30), point))
        game.undo()
    return sorted(found, key=lambda item: -item[0])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.positions", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="searches per position, seeds 0, 1, …")
    parser.add_argument("--seconds", type=float, default=None, help="a move's budget (default: the game's)")
    parser.add_argument("--only", choices=[p.name for p in POSITIONS], default=None)
    parser.add_argument("--read", action="store_true",
                        help="instead of the master, print the engine's reading that settled what counts (slow)")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds is a whole number from 1")
    if args.read:
        for position in POSITIONS:
            if args.only in (None, position.name):
                x0, y0, x1, y1, depth = position.read
                values = " ".join(f"{x},{y}:{v}{'' if position.is_right((x, y)) else '!'}"
                                  for v, (x, y) in read(position))
                print(f"{position.name:17s} {depth} plies over x {x0}-{x1}, y {y0}-{y1}: {values}", flush=True)
        return 0
    print(f"bench: the master's kernel is {'ready' if kernel.wait(600) else kernel.status()}", flush=True)
    whole = record()
    seconds = args.seconds if args.seconds is not None else budget("master", whole.width, whole.height)
    summary = []
    total = right_total = 0
    for position in POSITIONS:
        if args.only not in (None, position.name):
            continue
        game = load(position, whole)
        moves = [think(game, "master", seconds=seconds, seed=seed, cores=1).move for seed in range(args.seeds)]
        right = sum(position.is_right(move) for move in moves)
        total += len(moves)
        right_total += right
        chosen = " ".join(f"{x},{y}{'' if position.is_right((x, y)) else '!'}" for x, y in moves)
        print(f"{position.name:17s} {position.player.name.lower():4s} move {position.move}: "
              f"{position.counts}; right {right} of {len(moves)}; chose {chosen}", flush=True)
        summary.append(f"{position.name} {right}/{len(moves)}")
    print(f"positions ({seconds:.2f} s a move, one core; ! marks a wrong move): right {right_total} of {total} "
          f"({', '.join(summary)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
