"""What the game review costs, that its losses are the chart's falls, and that it finds the same each time.

    python -m bench.review [RECORD ...] [--work 200000] [--twice]

Reviews each record (by default the zagram sample, 39×32 classic, and two 15×15 games
of the master against itself, seeded, one of each rule set, played until nowhere is
left to play) at each work count (``ai.review``'s budget of each position's search)
and prints, a line each: the record, the work, the seconds the whole review took here
(wall clock, and the processor's time, which a shared machine inflates less) and per
move, the mistakes by each side, the share of moves whose loss is within one unit of
the fall the chart shows at that move (from the mover's side, none when it rose),
the chart's last lead and the final score's margin.
``--twice`` reviews each once more and says whether every verdict came out the
same (it must: the review counts work, not time). The machine may be shared, so the
seconds are this run's; the work and the verdicts are the same anywhere.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ai import choose_move, kernel
from ai.review import WORK, MoveReview, count_mistakes, review
from engine import Game, Player, Rules, files, sgf

ZAGRAM = Path(__file__).resolve().parent.parent / "assets" / "samples" / "zagram-352562.sgf"


def masters_game(rules: Rules, size: int = 15, seconds: float = 0.05) -> Game:
    """A game of the master against itself (seeded, ``seconds`` a move) until nowhere is left to play."""
    game = Game(size, size, rules)
    seed = 0
    while not game.is_over and game.legal_count:
        seed += 1
        game.play(choose_move(game, "master", seconds=seconds, seed=seed))
    return game


def verdicts(moves: list[MoveReview]) -> list[tuple[int, float, tuple[int, int], float, float]]:
    """What a review says of each move, to compare two runs by."""
    return [(m.number, m.lead, m.best, m.loss, m.before) for m in moves]


def agreeing(moves: list[MoveReview], within: float = 1.0) -> float:
    """The share of moves whose loss is within ``within`` of the fall the chart shows at that move."""
    if not moves:
        return 1.0
    shown = [moves[0].before] + [m.lead for m in moves]  # the chart's points, move 0 first
    good = 0
    for k, m in enumerate(moves):
        fall = shown[k] - shown[k + 1] if m.player is Player.BLUE else shown[k + 1] - shown[k]
        good += abs(m.loss - max(0.0, fall)) <= within
    return good / len(moves)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.review", description=__doc__.split("\n", 1)[0])
    parser.add_argument("records", nargs="*", type=Path, help="SGF records (default: the zagram sample and two "
                                                               "games of the master against itself)")
    parser.add_argument("--work", type=int, nargs="+", default=[WORK])
    parser.add_argument("--twice", action="store_true", help="review each again and compare the verdicts")
    args = parser.parse_args(argv)
    print(f"bench: the master's kernel is {'ready' if kernel.wait(900) else kernel.status()}", flush=True)
    games = [(path.name, sgf.loads(files.read_limited(path, sgf.MAX_INPUT))) for path in args.records] or [
        (ZAGRAM.name, sgf.loads(files.read_limited(ZAGRAM, sgf.MAX_INPUT))),
        *((f"{rules.value} 15x15 master against itself", masters_game(rules)) for rules in Rules)]
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
                  f"red {count_mistakes(moves, Player.RED)}, loss within 1 of the chart's fall "
                  f"{100 * agreeing(moves):.1f} %, last lead {moves[-1].lead:+.1f} "
                  f"(score {margin:+.1f}{', over' if game.is_over or not game.legal_count else ''}){same}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
