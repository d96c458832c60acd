"""Play two levels against each other and count: the ladder's measuring stick.

    python -m ai.match --a master --b amateur --games 40 --size 15x15 --rules countries --seed 1
    python -m ai.match --a master --b master-v1 --games 40 --rules classic --seconds 1 --fair-end

Colours alternate (A is Blue in games 1, 3, 5, …). A game runs until the side
to move has no legal move (a full board), or until the move cap. In classic,
``--fair-end`` ends it sooner, where a player would press «Стоп»: when every
legal move of the side to move lies in the other side's free areas, so that all
it could do is feed dots to be captured (:func:`fair_end`); the game is scored
there. Each game's line says how it ended: "fair end", "full board" or "move cap";
a classic game played on past its fair end also says how it stood there.
Games run two at a time (the machine has two cores); ``--cores`` gives each
master more (default 1: the games already share the cores). The last line is
exactly ``match: A wins W, B wins L, draws D``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction

from ai import LEVELS, parallel, think
from engine import Game, Player, Rules, format_score
from engine.grid import grid

FAIR_END, FULL_BOARD, MOVE_CAP = "fair end", "full board", "move cap"
"""How a game of a match ended, as its line says."""


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
    fair_end: bool = False
    cores: int = 1


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
    ended: str = FULL_BOARD
    """FAIR_END, FULL_BOARD or MOVE_CAP."""
    cores: int = 1
    """The most cores a move of the game was searched on."""
    at_fair_end: tuple[Fraction, Fraction, int] | None = None
    """Classic, played on past it: A's and B's scores at the fair end, and the move it came at."""


def fair_end(game: Game) -> bool:
    """Classic: the side to move can only feed the other side, every legal move of it lying in one of
    the other side's free areas (where a dot is captured). Where a player would press «Стоп».

    A move into its own free area, or anywhere outside the other side's, is still a move to
    make, so the game goes on. Countries has no free areas: never there.
    """
    if game.rules is not Rules.CLASSIC or game.is_over:
        return False
    areas = game.free_areas(game.to_move.other)
    if not areas:
        return False
    inside = set().union(*(area.quarters for area in areas))
    # All quarters round an empty node lie in one region (no wall passes through it): one tells.
    rep, w = grid(game.width, game.height).rep, game.width
    moves = game.legal_moves()
    return bool(moves) and all(rep[y * w + x] in inside for x, y in moves)


def play_game(job: Job) -> Result:
    """Play one game to its end (a full board, the move cap or, asked for, the fair end) and score it."""
    a_colour = Player.BLUE if job.number % 2 == 1 else Player.RED
    game = Game(job.width, job.height, job.rules)
    if job.cores > 1:
        # Ready before the first move: a search on a pool still starting would run on one core.
        parallel.start(job.cores, wait_seconds=60.0)
    start = time.perf_counter()
    slowest = 0.0
    ended = FULL_BOARD
    cores = 1
    at_fair_end = None
    while not game.is_over:
        if game.move_count >= job.max_moves:
            ended = MOVE_CAP
            break
        if at_fair_end is None and fair_end(game):
            if job.fair_end:
                ended = FAIR_END
                break
            # Played on, the game still tells where it could have ended fairly, and how it stood.
            at_fair_end = (game.score(a_colour), game.score(a_colour.other), game.move_count)
        level = job.a if game.to_move is a_colour else job.b
        t0 = time.perf_counter()
        thought = think(game, level, seconds=job.seconds, seed=job.seed * 100_003 + game.move_count,
                        cores=job.cores)
        slowest = max(slowest, time.perf_counter() - t0)
        cores = max(cores, thought.cores)
        game.play(thought.move)
    return Result(job.number, a_colour is Player.BLUE, game.score(a_colour), game.score(a_colour.other),
                  game.move_count, time.perf_counter() - start, slowest, ended, cores, at_fair_end)


def _fair_note(r: Result) -> str:
    if r.at_fair_end is None:
        return ""
    a, b, move = r.at_fair_end
    return f"; at the fair end (move {move}) {format_score(a)} : {format_score(b)}"


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
    parser.add_argument("--fair-end", action="store_true",
                        help="classic: end a game when the side to move could only feed the other side's free areas")
    parser.add_argument("--cores", type=int, default=1,
                        help="processes each master searches in (default 1: the games already run two at a time)")
    args = parser.parse_args(argv)
    if args.cores < 1 or args.jobs < 1:
        parser.error("--cores and --jobs are whole numbers from 1")
    w, h = args.size
    cap = args.max_moves if args.max_moves is not None else w * h
    jobs = [Job(i, args.a, args.b, w, h, Rules(args.rules), args.seed * 1000 + i, args.seconds, cap, args.fair_end,
                args.cores) for i in range(1, args.games + 1)]
    print(f"{args.a} (A) vs {args.b} (B): {args.games} games, {w}x{h} {args.rules}, seed {args.seed}, "
          f"seconds {args.seconds if args.seconds is not None else 'default'}"
          f"{', fair end' if args.fair_end else ''}{f', {args.cores} cores a master' if args.cores > 1 else ''}",
          flush=True)
    wins = losses = draws = 0
    margin = Fraction(0)
    endings = dict.fromkeys((FAIR_END, FULL_BOARD, MOVE_CAP), 0)
    fair_seen = fair_wins = 0
    fair_margin = Fraction(0)
    started = time.perf_counter()
    # Not multiprocessing.Pool: its workers are daemonic and may not start a master's own workers (--cores).
    # Spawned, not forked: a fork would share the parent's state, a pool of workers among it.
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        for r in pool.map(play_game, jobs):
            endings[r.ended] += 1
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
                  f"(slowest move {r.slowest:.2f} s{f', up to {r.cores} cores' if args.cores > 1 else ''}), "
                  f"{r.ended}{_fair_note(r)}", flush=True)
            if r.at_fair_end is not None:
                fair_seen += 1
                fair_wins += r.at_fair_end[0] > r.at_fair_end[1]
                fair_margin += r.at_fair_end[0] - r.at_fair_end[1]
    games = max(1, args.games)
    print(f"{args.a} vs {args.b}: A won {wins} of {args.games} ({100 * wins / games:.0f}%), "
          f"average margin A-B {float(margin) / games:+.2f}, {time.perf_counter() - started:.0f} s; ended: "
          + ", ".join(f"{how} {count}" for how, count in endings.items() if count))
    if fair_seen:
        print(f"at the fair end ({fair_seen} games reached it): A won {fair_wins}, "
              f"average margin A-B {float(fair_margin) / fair_seen:+.2f}")
    print(f"match: A wins {wins}, B wins {losses}, draws {draws}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
