"""How long each level thinks, and how fast it looks: time per move and positions per second.

    python -m ai.bench [--positions 5] [--rules countries] [--size 20x20]

Positions are built by seeded play (beginner against beginner, a third of
the nodes filled), on 20×20 and 38×31 boards, for both rule sets unless one is
named. Each level then chooses a move in each position with its default
budget. The machine may be shared: the median is the figure to quote.
Positions per second counts every engine move made while thinking (the
search's own moves and the ones played out to read gains), over all
positions of a line, divided by the time they took; "visited" counts the
search's own moves only (the nodes of its tree).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from ai import choose_move, think
from engine import Game, Rules

SIZES = ((20, 20), (38, 31))
LEVELS = ("beginner", "amateur", "master")


def mid_game(width: int, height: int, rules: Rules, seed: int) -> Game:
    """A position a third of the way to a full board, from seeded beginner-against-beginner play."""
    game = Game(width, height, rules)
    rng = random.Random(seed)
    target = width * height // 3
    while game.move_count < target and not game.is_over:
        game.play(choose_move(game, "beginner", seed=rng.randrange(1 << 30)))
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5, help="positions per board size and rule set")
    parser.add_argument("--rules", choices=[r.value for r in Rules], default=None)
    parser.add_argument("--size", choices=[f"{w}x{h}" for w, h in SIZES], default=None)
    args = parser.parse_args(argv)
    rule_sets = [Rules(args.rules)] if args.rules else list(Rules)
    sizes = [(w, h) for w, h in SIZES if args.size in (None, f"{w}x{h}")]
    summary = []
    for w, h in sizes:
        for rules in rule_sets:
            games = [mid_game(w, h, rules, seed) for seed in range(args.positions)]
            for level in LEVELS:
                times = []
                looked = visited = 0
                for game in games:
                    t0 = time.perf_counter()
                    thought = think(game, level, seed=0)
                    times.append(time.perf_counter() - t0)
                    looked += thought.positions
                    visited += thought.visits
                median, worst = statistics.median(times), max(times)
                rate, visit_rate = looked / sum(times), visited / sum(times)
                print(f"{w}x{h} {rules.value:9s} {level:8s} median {median:5.2f} s  worst {worst:5.2f} s  "
                      f"{rate:7.0f} positions/s  {visit_rate:6.0f} visited/s  ({len(times)} positions)", flush=True)
                summary.append(f"{level} {w}x{h} {rules.value} {median:.2f}/{worst:.2f} s {rate:.0f}/s "
                               f"{visit_rate:.0f} visited/s")
    print("bench (median/worst s, positions/s, visited/s): " + ", ".join(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
