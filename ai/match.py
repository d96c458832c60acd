"""Play two levels against each other and count: the ladder's measuring stick.

    python -m ai.match --a master --b amateur --games 40 --size 15x15 --rules countries --seed 1

Colours alternate (A is Blue in games 1, 3, 5, …). A game runs until the side
to move has no legal move, or until the move cap. Games run two at a time (the
machine has two cores). The last line is exactly
``match: A wins W, B wins L, draws D``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from dataclasses import dataclass
from fractions import Fraction

from ai import LEVELS, choose_move
from engine import Game, Player, Rules, format_score


@dataclass(frozen=True)
class Job:
    """One game to play: who is who, on what board, with what seeds."""

    number: int
    a: str
    b: str
    width: int
    height: int
    rules: Rules
    seed: int
    seconds: float | None
    max_moves: int


@dataclass(frozen=True)
class Result:
    """How one game ended, from A's side."""

    number: int
    a_blue: bool
    a_score: Fraction
    b_score: Fraction
    moves: int
    seconds: float
    slowest: float


def play_game(job: Job) -> Result:
    """Play one game to its end (or the move cap) and score it."""
    a_colour = Player.BLUE if job.number % 2 == 1 else Player.RED
    game = Game(job.width, job.height, job.rules)
    start = time.perf_counter()
    slowest = 0.0
    while not game.is_over and game.move_count < job.max_moves:
        level = job.a if game.to_move is a_colour else job.b
        t0 = time.perf_counter()
        move = choose_move(game, level, seconds=job.seconds, seed=job.seed * 100_003 + game.move_count)
        slowest = max(slowest, time.perf_counter() - t0)
        game.play(move)
    return Result(job.number, a_colour is Player.BLUE, game.score(a_colour), game.score(a_colour.other),
                  game.move_count, time.perf_counter() - start, slowest)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 15x15, not {text!r}") from None
    return w, h


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.match", description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True, choices=LEVELS + ("novice",))
    parser.add_argument("--b", required=True, choices=LEVELS + ("novice",))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--size", type=_size, default=(15, 15))
    parser.add_argument("--rules", choices=[r.value for r in Rules], default="countries")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=None, help="thinking time per move (default: each level's)")
    parser.add_argument("--max-moves", type=int, default=None, help="move cap (default: every node once)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    args = parser.parse_args(argv)
    w, h = args.size
    cap = args.max_moves if args.max_moves is not None else w * h
    jobs = [Job(i, args.a, args.b, w, h, Rules(args.rules), args.seed * 1000 + i, args.seconds, cap)
            for i in range(1, args.games + 1)]
    print(f"{args.a} (A) vs {args.b} (B): {args.games} games, {w}x{h} {args.rules}, seed {args.seed}, "
          f"seconds {args.seconds if args.seconds is not None else 'default'}", flush=True)
    wins = losses = draws = 0
    margin = Fraction(0)
    started = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for r in pool.imap(play_game, jobs):
            diff = r.a_score - r.b_score
            margin += diff
            if diff > 0:
                wins += 1
                verdict = "A wins"
            elif diff < 0:
                losses += 1
                verdict = "B wins"
            else:
                draws += 1
                verdict = "draw"
            print(f"game {r.number:3d}: A {'blue' if r.a_blue else 'red '} {format_score(r.a_score):>5} : "
                  f"{format_score(r.b_score):<5} B  {verdict:7s} {r.moves:4d} moves {r.seconds:7.1f} s "
                  f"(slowest move {r.slowest:.2f} s)", flush=True)
    games = max(1, args.games)
    print(f"{args.a} vs {args.b}: A won {wins} of {args.games} ({100 * wins / games:.0f}%), "
          f"average margin A-B {float(margin) / games:+.2f}, {time.perf_counter() - started:.0f} s")
    print(f"match: A wins {wins}, B wins {losses}, draws {draws}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
