"""Do a thousand finished games slow the achievements down? ``python -m bench.achievements [--games 1000] [--runs 9]``.

In a scratch data folder, with one finished game and then with ``--games`` of them (a 20×20 game of 120
random moves against the beginner, kept once and its record copied), prints the median milliseconds over
``--runs`` of: every achievement's standing counted from the history, the «Достижения» page opened and drawn,
and a game kept as the results keep it, without and with the announcement of what it earned (the history
counted with the game and without it, and the file read). Headless (SDL's dummy drivers), 1280×800.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import time
from collections.abc import Callable
from datetime import datetime, timedelta

import pygame

from ai import Level
from engine import Game, Player, Rules
from game.control import Control
from game.match.settings import ComputerSettings, MatchSettings
from game.shots.headless import scratch_data_dir, use_dummy_drivers
from game.storage import earned, history
from game.storage.achievements import standings

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


def median_ms(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


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


def measure(control: Control, runs: int) -> dict[str, float]:
    game = random_game(2)

    def page() -> None:
        control.stack.scenes.clear()
        control.stack.go("achievements")
        control.step(0.0)
        control.stack.shutdown_all()

    return {"standings": median_ms(lambda: standings(history.load().games), runs),
            "page": median_ms(page, runs),
            "kept": median_ms(lambda: history.keep_game(game, SETTINGS, None), runs),
            "kept, announced": median_ms(lambda: earned.announce(history.keep_game(game, SETTINGS, None)), runs)}


NAMES = {"standings": "every standing counted", "page": "«Достижения» opened, drawn",
         "kept": "a game kept", "kept, announced": "kept and announced"}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args(argv)
    use_dummy_drivers()
    pygame.init()
    with scratch_data_dir():
        control = Control((1280, 800))
        fill(1)
        one = measure(control, args.runs)
        fill(args.games)
        full = measure(control, args.runs)
    pygame.quit()
    print(f"median ms over {args.runs} runs, 1280x800 headless: 1 finished game | {args.games} finished games")
    for key, name in NAMES.items():
        print(f"  {name:28s} {one[key]:8.1f} | {full[key]:8.1f}")


if __name__ == "__main__":
    main()
