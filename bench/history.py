"""Do a thousand finished games slow the screens down? ``python -m bench.history [--games 1000] [--runs 9]``.

In a scratch data folder, with no finished game and then with ``--games`` of them (a 20×20 game of
120 random moves, kept once and copied), prints the median milliseconds over ``--runs`` of: the menu
built and drawn, «Успехи» opened and drawn, the finished games' list opened until every row is listed
and drawn (its rows are listed a slice a frame: its first frame too), «Открыть партию» opened and drawn, and a game kept as the results keep it; «Успехи» once more as
the first open in a run finds it (the summary not yet held in memory); then the summary's rebuild from the
records when it is lost. Headless (SDL's dummy drivers), 1280×800.
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

from engine import Game, Rules
from game.control import Control
from game.match.settings import MatchSettings
from game.shots.headless import scratch_data_dir, use_dummy_drivers
from game.storage import history

SETTINGS = MatchSettings(Rules.COUNTRIES, 20, 20)


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


def screens(control: Control, runs: int) -> dict[str, float]:
    def show(name: str, whole: bool = True) -> Callable[[], None]:
        def go() -> None:
            control.stack.scenes.clear()
            control.stack.go(name)
            top = control.stack.top
            while whole and top is not None and getattr(top, "filling", False):
                top.update(0.0)
            control.step(0.0)
            control.stack.shutdown_all()
        return go
    def cold(name: str) -> Callable[[], None]:
        def go() -> None:
            history.forget()  # as at the first open in a run: the summary read from disk
            show(name)()
        return go
    game = random_game(2)
    return {"menu": median_ms(show("menu"), runs), "progress": median_ms(show("progress"), runs),
            "progress, 1st": median_ms(cold("progress"), runs),
            "finished list": median_ms(show("history"), runs),
            "its 1st frame": median_ms(show("history", whole=False), runs), "saved list": median_ms(show("open"), runs),
            "a game kept": median_ms(lambda: history.keep_game(game, SETTINGS, None), runs)}


def fill(count: int) -> None:
    kept = history.keep_game(random_game(), SETTINGS, None, now=datetime(2024, 1, 1))
    assert kept.facts is not None
    folder = history.history_dir()
    source = folder / kept.facts.file
    start = datetime(2024, 1, 2)
    for i in range(count - 1):
        shutil.copyfile(source, folder / f"{(start + timedelta(minutes=i)):%Y-%m-%d %H-%M-%S}.sgf")
    history.set_keep(max(c for c in history.KEEP_CHOICES if c >= count) if count <= 2000 else 2000)
    history.load()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args(argv)
    use_dummy_drivers()
    pygame.init()
    with scratch_data_dir():
        control = Control((1280, 800))
        empty = screens(control, args.runs)
        for path in history.history_dir().glob("*"):
            path.unlink()
        fill(args.games)
        full = screens(control, args.runs)
        summary = history.history_dir() / history.SUMMARY_FILE

        def rebuild() -> None:
            summary.unlink()
            history.load()
        rebuilt = median_ms(rebuild, max(1, args.runs // 3))
    pygame.quit()
    print(f"median ms over {args.runs} runs, 1280x800 headless: no finished game | {args.games} finished games")
    for name in empty:
        print(f"  {name:15s} {empty[name]:8.1f} | {full[name]:8.1f}")
    print(f"  summary rebuilt from {args.games} records: {rebuilt:.0f} ms")


if __name__ == "__main__":
    main()
