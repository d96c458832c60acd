"""Do a thousand finished games slow the achievements down? ``python -m bench.achievements [--games 1000] [--runs 9]
[--before REV]``.

In a scratch data folder, with one finished game and then with ``--games`` of them (a 20×20 game of 120
random moves against the beginner, kept once and its record copied), prints the median milliseconds over
``--runs`` of: every achievement's standing counted anew from the history, the standings as the page takes
them (the count kept, :mod:`game.storage.standings`, where there is one), the «Достижения» page opened and
drawn (again, and as the first open in a run finds it: nothing held in memory), and a game kept as the results
keep it, without and with the announcement of what it earned. Each figure is given as wall time and as the
processor time of this process (``time.process_time``: what a busy machine's other jobs do not inflate).
Headless (SDL's dummy drivers), 1280×800.

``--before REV`` measures the game as it was at the git revision ``REV`` in the same run, as ``bench.history``
does: its tree exported, this very file run there, each side in a process of its own, in turns (``--rounds``);
each figure the median of the rounds' medians. This file uses only what both sides have.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pygame

from ai import Level
from engine import Game, Player, Rules
from game.control import Control, start_pygame
from game.match.settings import ComputerSettings, MatchSettings
from game.shots.headless import scratch_data_dir, use_dummy_drivers
from game.storage import earned, history
from game.storage.achievements import standings

try:  # (the count kept is newer than --before's REV: there the page counted the history at each open)
    from game.storage import standings as kept_count
except ImportError:
    kept_count = None  # type: ignore[assignment]

SETTINGS = MatchSettings(Rules.COUNTRIES, 20, 20, ComputerSettings(Level.BEGINNER, Player.BLUE))


def random_game(seed: int = 1, moves: int = 120) -> Game:
    game = Game(20, 20)
    rng = random.Random(seed)
    while game.move_count < moves and not game.is_over:
        move = game.random_move(rng)
        if move is None:
            break
        game.play(move)
    game.finish()
    return game


def median_ms(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """The median wall and processor milliseconds of ``runs`` calls of ``action``."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def forget_all() -> None:
    """Nothing held in memory, as at the first open in a run."""
    history.forget()
    if kept_count is not None:
        kept_count.forget()


def fill(count: int) -> None:
    """``count`` finished games in the history: one kept, its record copied under later dates."""
    shutil.rmtree(history.history_dir(), ignore_errors=True)
    kept = history.keep_game(random_game(), SETTINGS, None, now=datetime(2024, 1, 1))
    assert kept.facts is not None
    folder = history.history_dir()
    start = datetime(2024, 1, 2)
    for i in range(count - 1):
        shutil.copyfile(folder / kept.facts.file, folder / f"{(start + timedelta(minutes=i)):%Y-%m-%d %H-%M-%S}.sgf")
    history.set_keep(2000)
    assert len(history.load().games) == count
    # As a player finds the history: the last game kept a while ago (a folder changed within the last two
    # seconds is listed again at each open, bench.history's fill says).
    hour_ago = (datetime.now() - timedelta(hours=1)).timestamp()
    os.utime(folder, (hour_ago, hour_ago))
    history.load()


def measure(control: Control, runs: int) -> dict[str, tuple[float, float]]:
    game = random_game(2)
    later = iter(datetime(2030, 1, 1) + timedelta(minutes=i) for i in range(10**6))

    def kept() -> history.Kept:
        """The game kept a minute after the last, as a player's games are (in the same second, a name with «(2)»
        sorts before the first and the game counts as kept before others)."""
        return history.keep_game(game, SETTINGS, None, now=next(later))

    def page() -> None:
        control.stack.scenes.clear()
        control.stack.go("achievements")
        control.step(0.0)
        control.stack.shutdown_all()

    def cold_page() -> None:
        forget_all()
        page()

    def as_the_page() -> object:  # (before the count was kept, the page counted over a history looked at whole)
        if kept_count is None:
            return standings(history.load().games)
        return kept_count.of_history(history.load(quick=True))

    page()  # (the count kept once, as after any game)
    return {"standings": median_ms(lambda: standings(history.load().games), runs),
            "kept standings": median_ms(as_the_page, runs),
            "page": median_ms(page, runs),
            "page, 1st in a run": median_ms(cold_page, runs),
            "kept": median_ms(kept, runs),
            "kept, announced": median_ms(lambda: earned.announce(kept()), runs)}


NAMES = {"standings": "every standing counted anew", "kept standings": "the standings as the page takes them",
         "page": "«Достижения» opened, drawn", "page, 1st in a run": "«Достижения», 1st in a run",
         "kept": "a game kept", "kept, announced": "kept and announced"}
Figures = dict[str, dict[str, tuple[float, float]]]
"""Per count of games ("1", "1000"), per figure of :data:`NAMES`, the wall and processor medians."""


def measured(games: int, runs: int) -> Figures:
    use_dummy_drivers()
    start_pygame()
    figures = {}
    with scratch_data_dir():
        control = Control((1280, 800))
        for count in (1, games):
            forget_all()
            fill(count)
            figures[str(count)] = measure(control, runs)
    pygame.quit()
    return figures


def side_by_side(rev: str, games: int, runs: int, rounds: int) -> dict[str, Figures]:
    """Both sides measured in turns, ``rounds`` times each, in processes of their own; each figure the median
    of the rounds' medians."""
    from bench.history import exported

    here = Path(__file__).resolve().parent.parent
    done: dict[str, list[Figures]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory(prefix="tochki-before-") as folder:
        exported(rev, folder)
        shutil.copyfile(__file__, Path(folder) / "bench" / "achievements.py")
        trees = {"before": folder, "after": str(here)}
        for _ in range(rounds):
            for side, tree in trees.items():
                command = [sys.executable, "-m", "bench.achievements", "--json", "--games", str(games),
                           "--runs", str(runs)]
                out = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=True,
                                     env={**os.environ, "PYTHONPATH": tree})
                done[side].append(json.loads(out.stdout.strip().splitlines()[-1]))
    return {side: {count: {name: (statistics.median(r[count][name][0] for r in rounds_of),
                                  statistics.median(r[count][name][1] for r in rounds_of)) for name in NAMES}
                   for count in rounds_of[0]} for side, rounds_of in done.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--before", metavar="REV", help="a git revision to measure in the same run, in turns")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each side with --before")
    parser.add_argument("--json", action="store_true", help="print the figures as one line of JSON")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    sides = (side_by_side(args.before, args.games, args.runs, args.rounds) if args.before
             else {"now": measured(args.games, args.runs)})
    if args.json:
        print(json.dumps(sides["now"]))
        return
    rounds = f", {args.rounds} rounds of each side in turns" if args.before else ""
    print(f"median ms over {args.runs} runs{rounds}, 1280x800 headless, wall / processor; load average {load:.1f} "
          f"at the start, {os.getloadavg()[0]:.1f} at the end")
    heads = [f"{side} {count}" for side in sides for count in ("1", str(args.games))]
    print(f"  {'':38s}" + "".join(f"{head:>16s}" for head in heads))
    for key, name in NAMES.items():
        cells = [figures[count][key] for figures in sides.values() for count in ("1", str(args.games))]
        print(f"  {name:38s}" + "".join(f"{w:8.1f} /{c:6.1f}" for w, c in cells))


if __name__ == "__main__":
    main()
