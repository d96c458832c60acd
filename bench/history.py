"""Do a thousand finished games slow the screens down? ``python -m bench.history [--games 10 1000] [--runs 9]
[--before REV]``.

For each count in ``--games``, in a scratch data folder with that many finished games and as many saved ones
(a 20×20 game of 120 random moves, kept once and copied), prints the median milliseconds over ``--runs`` of:
the menu built and drawn; «Успехи» opened and drawn, and as the first open in a run finds it (nothing held in
memory); the finished games' list («Сыгранные партии») and the saved games' list («Открыть партию»), each its
first frame and opened until every row is listed and drawn; a game kept as the results keep it; then the
history's index rebuilt from the records when it is lost. Each figure as wall time and as this process's
processor time (``time.process_time``). Headless (SDL's dummy drivers), 1280×800.

``--before REV`` measures the game as it was at the git revision ``REV`` in the same run: its tree exported
(``git archive``) to a temporary folder and this very file run there, each side in a process of its own, in
turns (``--rounds``), so that a busy machine's load falls on both alike; printed side by side. This file uses
only what both sides have.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pygame

from engine import Game, Rules, sgf
from game.control import Control, start_pygame
from game.match.settings import MatchSettings
from game.shots.headless import scratch_data_dir, use_dummy_drivers
from game.storage import history, library

SETTINGS = MatchSettings(Rules.COUNTRIES, 20, 20)
SCREENS = ("menu", "progress", "progress, 1st in a run", "finished list, 1st frame", "finished list, whole",
           "saved list, 1st frame", "saved list, whole", "a game kept", "index rebuilt")


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
    """The median wall and processor milliseconds (``time.process_time``: what the machine's other jobs do not
    inflate) of ``runs`` calls of ``action``."""
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
    forget_rows = getattr(library, "forget", None)  # (the rows held for the run are newer than --before's REV)
    if forget_rows is not None:
        forget_rows()


def screens(control: Control, runs: int) -> dict[str, tuple[float, float]]:
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
            forget_all()
            show(name)()
        return go

    game = random_game(2)
    figures = {"menu": median_ms(show("menu"), runs), "progress": median_ms(show("progress"), runs),
               "progress, 1st in a run": median_ms(cold("progress"), runs),
               "finished list, 1st frame": median_ms(show("history", whole=False), runs),
               "finished list, whole": median_ms(show("history"), runs),
               "saved list, 1st frame": median_ms(show("open", whole=False), runs),
               "saved list, whole": median_ms(show("open"), runs),
               "a game kept": median_ms(lambda: history.keep_game(game, SETTINGS, None), runs)}
    summary = history.history_dir() / history.SUMMARY_FILE

    def rebuild() -> None:
        forget_all()
        summary.unlink()
        history.load()
    figures["index rebuilt"] = median_ms(rebuild, 1)  # (seconds before the index: once)
    return figures


def fill(count: int) -> None:
    """``count`` finished games and as many saved ones, a minute apart."""
    kept = history.keep_game(random_game(), SETTINGS, None, now=datetime(2024, 1, 1))
    assert kept.facts is not None
    folder = history.history_dir()
    source = folder / kept.facts.file
    saved = library.games_dir()
    saved.mkdir(parents=True, exist_ok=True)
    text = sgf.dumps(random_game(3))
    start = datetime(2024, 1, 2)
    for i in range(count):
        when = start + timedelta(minutes=i)
        if i < count - 1:
            shutil.copyfile(source, folder / f"{when:%Y-%m-%d %H-%M-%S}.sgf")
        (saved / f"{when:%Y-%m-%d %H-%M} Страны.sgf").write_text(text, encoding="utf-8")
    history.set_keep(min((c for c in history.KEEP_CHOICES if c >= count + 100), default=max(history.KEEP_CHOICES)))
    # As a player finds the history: the last game kept a while ago (a folder changed within the last two
    # seconds is checked record by record at each open).
    history.load()  # the index written
    hour_ago = (datetime.now() - timedelta(hours=1)).timestamp()
    os.utime(folder, (hour_ago, hour_ago))
    history.load()


def measure(counts: list[int], runs: int) -> dict[int, dict[str, tuple[float, float]]]:
    use_dummy_drivers()
    start_pygame()
    figures = {}
    for count in counts:
        with scratch_data_dir():
            forget_all()
            control = Control((1280, 800))
            fill(count)
            figures[count] = screens(control, runs)
    pygame.quit()
    return figures


def exported(rev: str, into: str) -> str:
    """The tree of git revision ``rev`` in the folder ``into``, this file in its ``bench/``; the folder."""
    repo = Path(__file__).resolve().parent.parent
    archive = subprocess.run(["git", "archive", "--format=tar", rev], cwd=repo, capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    shutil.copyfile(__file__, Path(into) / "bench" / "history.py")
    return into


Figures = dict[int, dict[str, tuple[float, float]]]
"""Per count of games, per screen of :data:`SCREENS`, the wall and processor medians."""


def measured_in(tree: str, counts: list[int], runs: int) -> Figures:
    """The figures of the game in the folder ``tree``, measured by this file in a process of its own."""
    command = [sys.executable, "-m", "bench.history", "--json", "--runs", str(runs), "--games", *map(str, counts)]
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": tree})
    figures: dict[str, dict[str, list[float]]] = json.loads(done.stdout.strip().splitlines()[-1])
    return {int(count): {name: (wall, cpu) for name, (wall, cpu) in values.items()} for count, values in figures.items()}


def side_by_side(rev: str, counts: list[int], runs: int, rounds: int) -> dict[str, Figures]:
    """Both sides measured in turns, ``rounds`` times each (a busy machine's load then falls on both alike);
    each figure the median of the rounds' medians."""
    here = str(Path(__file__).resolve().parent.parent)
    rounds_of: dict[str, list[Figures]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory(prefix="tochki-before-") as folder:
        trees = {"before": exported(rev, folder), "after": here}
        for _ in range(rounds):
            for side, tree in trees.items():
                rounds_of[side].append(measured_in(tree, counts, runs))
    return {side: {count: {name: (statistics.median(r[count][name][0] for r in done),
                                  statistics.median(r[count][name][1] for r in done)) for name in SCREENS}
                   for count in counts} for side, done in rounds_of.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10, 1000])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--before", metavar="REV", help="a git revision to measure in the same run, in turns")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each side with --before")
    parser.add_argument("--json", action="store_true", help="print the figures as one line of JSON")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    if args.before:
        sides = list(side_by_side(args.before, args.games, args.runs, args.rounds).items())
    else:
        sides = [("now", measure(args.games, args.runs))]
    if args.json:
        print(json.dumps(sides[0][1]))
        return
    rounds = f", {args.rounds} rounds of each side in turns" if args.before else ""
    print(f"median ms over {args.runs} runs{rounds}, 1280x800 headless, wall / processor; load average {load:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end")
    heads = [f"{side} {count}" for side, _ in sides for count in args.games]
    print(f"  {'':26s}" + "".join(f"{head:>16s}" for head in heads))
    for name in SCREENS:
        cells = [figures[count][name] for _, figures in sides for count in args.games]
        print(f"  {name:26s}" + "".join(f"{wall:8.1f} /{cpu:6.1f}" for wall, cpu in cells))


if __name__ == "__main__":
    main()
