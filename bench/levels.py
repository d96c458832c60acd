"""How long each level thinks, and how fast it looks: time per move and positions per second.

    python -m bench.levels [--positions 5] [--rules countries] [--size 20x20] [--level master] [--cores 2]

Positions are built by seeded play (beginner against beginner, a third of
the nodes filled), on 20×20 and 38×31 boards, for both rule sets unless one is
named. Each level then chooses a move in each position with its default
budget, on one core; the master then once more in a thread on every core (``--cores``, default
all of the machine's, see ``ai.parallel``), on a line of its own that also says how
many times the one-core rate that is. The machine may be shared: the median is the
figure to quote. Positions per second counts every engine move made while thinking
(the search's own moves and the ones played out to read gains; on several cores,
every thread's), over all positions of a line, divided by the time they took;
"visited" counts the search's own moves only (the nodes of its tree). The last line
sums every line up, the several-core ones after the others.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from ai import choose_move, kernel, parallel, think
from engine import Game, Rules

SIZES = ((20, 20), (38, 31))
LEVELS = ("beginner", "amateur", "master")
"""The player's levels: each line of the master says how many times the amateur's positions per second it
looks at, measured in the same run (the amateur is the next level down, master-v2 is gone)."""

_SEARCHES = ("master",)


def mid_game(width: int, height: int, rules: Rules, seed: int) -> Game:
    """A position a third of the way to a full board, from seeded beginner-against-beginner play."""
    game = Game(width, height, rules)
    rng = random.Random(seed)
    target = width * height // 3
    while game.move_count < target and not game.is_over:
        game.play(choose_move(game, "beginner", seed=rng.randrange(1 << 30)))
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.levels", description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5, help="positions per board size and rule set")
    parser.add_argument("--rules", choices=[r.value for r in Rules], default=None)
    parser.add_argument("--size", choices=[f"{w}x{h}" for w, h in SIZES], default=None)
    parser.add_argument("--level", choices=LEVELS, default=None, help="one level only")
    parser.add_argument("--cores", type=int, default=None,
                        help="cores for the master's second line (default: all; 1 leaves the line out)")
    args = parser.parse_args(argv)
    if args.cores is not None and args.cores < 1:
        parser.error("--cores is a whole number from 1")
    rule_sets = [Rules(args.rules)] if args.rules else list(Rules)
    sizes = [(w, h) for w, h in SIZES if args.size in (None, f"{w}x{h}")]
    levels = [level for level in LEVELS if args.level in (None, level)]
    cores = args.cores if args.cores is not None else parallel.default_cores()
    if "master" in levels:
        # Compiled, or loaded from its cache, before anything is timed.
        print(f"bench: the master's kernel is {'ready' if kernel.wait(600) else kernel.status()}", flush=True)
    summary, spread = [], []
    for w, h in sizes:
        for rules in rule_sets:
            games = [mid_game(w, h, rules, seed) for seed in range(args.positions)]
            one: dict[str, Line] = {}
            for level in levels:
                line = one[level] = measure(games, level, 1)
                than = (f", {line.rate / one['amateur'].rate:.0f}× the amateur's"
                        if level == "master" and "amateur" in one else "")
                print(f"{w}x{h} {rules.value:9s} {level:9s} {line.text}{than}", flush=True)
                summary.append(f"{level} {w}x{h} {rules.value} {line.brief}")
                if level in _SEARCHES and cores > 1:
                    many = measure(games, level, cores)
                    print(f"{w}x{h} {rules.value:9s} {level:9s} {many.text} on {many.cores} cores, "
                          f"{many.rate / line.rate:.2f}× the positions/s of one", flush=True)
                    spread.append(f"{level}-{cores}cores {w}x{h} {rules.value} {many.brief}")
    print("bench (median/worst s, positions/s, visited/s): " + ", ".join(summary + spread))
    return 0


class Line:
    """One line of the bench: a level's think times and rates over a set of positions."""

    def __init__(self, times: list[float], looked: int, visited: int, cores: int) -> None:
        self.median, self.worst = statistics.median(times), max(times)
        self.rate, self.visit_rate = looked / sum(times), visited / sum(times)
        self.count = len(times)
        self.cores = cores
        """The fewest cores (threads) any of its searches ran on."""

    @property
    def text(self) -> str:
        return (f"median {self.median:5.2f} s  worst {self.worst:5.2f} s  {self.rate:7.0f} positions/s  "
                f"{self.visit_rate:6.0f} visited/s  ({self.count} positions)")

    @property
    def brief(self) -> str:
        return f"{self.median:.2f}/{self.worst:.2f} s {self.rate:.0f}/s {self.visit_rate:.0f} visited/s"


def measure(games: list[Game], level: str, cores: int) -> Line:
    """``level`` thinks once in each of ``games`` with its default budget and seed 0, on ``cores``."""
    times = []
    looked = visited = 0
    used = cores
    for game in games:
        t0 = time.perf_counter()
        thought = think(game, level, seed=0, cores=cores)
        times.append(time.perf_counter() - t0)
        looked += thought.positions
        visited += thought.visits
        used = min(used, thought.cores)
    return Line(times, looked, visited, used)


if __name__ == "__main__":
    sys.exit(main())
