"""What the game review costs, and that it finds the same each time: ``python -m bench.review``.

    python -m bench.review [RECORD ...] [--work 6000 12000 18000] [--twice]

Reviews each record (by default the zagram sample, 39×32 classic, and a seeded
20×20 countries game of the beginner against itself) at each work count
(``ai.review``'s budget of each of a move's two searches) and prints, a line each:
the record, the work, the seconds the whole review took here (wall clock, and the
processor's time, which a shared machine inflates less) and per move, the mistakes
by each side, the chart's last lead and the final score's margin.
``--twice`` reviews each once more and says whether every verdict came out the
same (it must: the review counts work, not time). The machine may be shared, so the
seconds are this run's; the work and the verdicts are the same anywhere.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from ai import choose_move
from ai.review import WORK, MoveReview, count_mistakes, review
from engine import Game, Player, Rules, sgf

ZAGRAM = Path(__file__).resolve().parent.parent / "assets" / "samples" / "zagram-352562.sgf"


def countries_game(seed: int = 1, moves: int = 120) -> Game:
    """A 20×20 countries game of ``moves`` moves, the beginner (seeded, short budget) on both sides."""
    game = Game(20, 20, Rules.COUNTRIES)
    rng = random.Random(seed)
    while game.move_count < moves and not game.is_over:
        game.play(choose_move(game, "beginner", seconds=0.02, seed=rng.randrange(1 << 30)))
    return game


def verdicts(moves: list[MoveReview]) -> list[tuple[int, float, tuple[int, int], float]]:
    """What a review says of each move, to compare two runs by."""
    return [(m.number, m.lead, m.best, m.loss) for m in moves]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.review", description=__doc__.split("\n", 1)[0])
    parser.add_argument("records", nargs="*", type=Path, help="SGF records (default: the zagram sample and a countries game)")
    parser.add_argument("--work", type=int, nargs="+", default=[WORK])
    parser.add_argument("--twice", action="store_true", help="review each again and compare the verdicts")
    args = parser.parse_args(argv)
    games = [(path.name, sgf.loads(path.read_bytes())) for path in args.records] or \
        [(ZAGRAM.name, sgf.loads(ZAGRAM.read_bytes())), ("countries 20x20 beginner", countries_game())]
    for name, game in games:
        margin = float(game.score(Player.BLUE) - game.score(Player.RED))
        for work in args.work:
            start, cpu = time.perf_counter(), time.process_time()
            moves = review(game, work=work)
            took, cpu = time.perf_counter() - start, time.process_time() - cpu
            same = ""
            if args.twice:
                same = "  same" if verdicts(review(game, work=work)) == verdicts(moves) else "  DIFFERENT"
            print(f"{name}: work {work}: {took:6.1f} s ({cpu:.1f} s processor), "
                  f"{1000 * cpu / max(1, len(moves)):4.0f} ms processor a move, "
                  f"{len(moves)} moves, mistakes blue {count_mistakes(moves, Player.BLUE)} "
                  f"red {count_mistakes(moves, Player.RED)}, last lead {moves[-1].lead:+.1f} "
                  f"(score {margin:+.1f}{', over' if game.is_over else ''}){same}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
