"""How fast «Неоконченные партии» fills: ``python -m bench.unfinished``.

Thirty games in progress on 38 × 31, 900 moves each, made by seeded random legal moves that
prefer a node next to the mover's own dots (so chains close and capture, as in a real game),
countries and classic in turn, are autosaved as the game saves them (``unfinished.save_current``
with ``autosave.autosave_meta``) into a scratch data folder. Then, for each window size, the list
is opened a few times, each time in a fresh run (nothing kept from the last), and
driven as the game's loop drives it with the pointer moving over the rows: a frame every 1/60 s,
each timed, until every game is listed and every row in sight has its picture.

Prints, per window size, the medians over the runs: the time until all 30 are listed, until the
pictures in sight are drawn, and the frame times while it fills (median, p99, longest); then what
one record costs: listing it from its summary (``CurrentReader.step``), replaying it (``sgf.read``)
and drawing its picture; with ``--old``, the time until all 30 are listed when the autosaves carry
no summary (as earlier versions wrote them: every record replayed in the frame).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from engine import Game, Rules, sgf
from game.control import Control, start_pygame
from game.match.settings import MatchSettings
from game.scenes.files.unfinished_list import UnfinishedScene
from game.storage import unfinished
from game.storage.autosave import autosave_meta
from game.view import thumbnail

GAMES = 30
SIZE = (38, 31)
MOVES = 900
WINDOWS = ((1024, 600), (1920, 1080))
FRAME = 1 / 60
STILL_FRAMES = 60
"""Frames timed after the list is whole and drawn, the same way: what a frame costs here with nothing to fill."""


def percentile(samples: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``samples``, nearest rank."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def played_game(rules: Rules, seed: int) -> Game:
    """``MOVES`` seeded legal moves on a 38 × 31 board, most of them beside the mover's own dots."""
    rng = random.Random(seed)
    game = Game(*SIZE, rules)
    own: dict[int, list[tuple[int, int]]] = {1: [], 2: []}
    while game.move_count < MOVES:
        mover = int(game.to_move)
        move = None
        if own[mover] and rng.random() < 0.7:
            for _ in range(6):
                x, y = rng.choice(own[mover])
                near = (x + rng.choice((-1, 0, 1)), y + rng.choice((-1, 0, 1)))
                if game.is_legal(near):
                    move = near
                    break
        move = move or game.random_move(rng)
        if move is None:
            raise SystemExit(f"seed {seed}: the board filled before {MOVES} moves")
        game.play(move)
        own[mover].append(move)
    return game


def save_games(games: list[Game]) -> None:
    """The games as the play scene autosaves them, a minute apart, the first the oldest."""
    for i, game in enumerate(games):
        slot = unfinished.save_current(sgf.dumps(game), autosave_meta(MatchSettings(game.rules, *SIZE), game))
        stamp = time.time() - 3600 + 60 * i
        os.utime(unfinished.slot_path(slot), (stamp, stamp))


def strip_summaries() -> None:
    """Every autosave as an earlier version wrote it: the set-up without the summary."""
    for path in unfinished.unfinished_dir().glob("*.sgf"):
        record, meta = unfinished.split_meta(path.read_text("utf-8"))
        meta.pop(unfinished.SUMMARY, None)
        path.write_text(unfinished.with_meta(record, meta), "utf-8")


def forget() -> None:
    """Nothing read kept from an earlier run: the list starts as in a fresh start of the game."""
    unfinished._KNOWN.clear()
    thumbnail.KNOWN.clear()


def fill_once(control: Control, pictures: bool = True) -> dict[str, Any]:
    """Open the list and drive it until it is whole (and, with ``pictures``, its rows in sight
    drawn); the times in seconds and each frame's time in ms."""
    forget()
    control.stack.shutdown_all()
    start = time.perf_counter()
    scene = control.stack.go("unfinished")
    assert isinstance(scene, UnfinishedScene)
    frames: list[float] = []
    after: list[float] = []
    listed = drawn = None
    while len(after) < (STILL_FRAMES if pictures else 0) or drawn is None:
        began = time.perf_counter()
        control.step(FRAME)
        took = time.perf_counter() - began
        (frames if drawn is None else after).append(took * 1000)
        now = time.perf_counter() - start
        if listed is None and not scene.filling and scene.count == GAMES:
            listed = now
        if drawn is None and listed is not None and (not pictures or (scene.catalogue.done()
                                                                      and not scene.catalogue.busy)):
            drawn = now
        # A frame every 1/60 s, the pointer moving over the rows: the most the loop draws while the list fills
        # (left alone, it draws only when the worker has news).
        time.sleep(max(0.0, FRAME - took))
        y = scene.list_rect.y + (len(frames) * 7) % max(1, scene.list_rect.h)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(scene.list_rect.centerx, y), rel=(0, 1),
                                             buttons=(0, 0, 0), touch=False))
    shown = len(scene.visible_rows())
    control.stack.shutdown_all()
    return {"listed": listed, "drawn": drawn, "frames": frames, "in_sight": shown, "first": frames[0], "after": after}


def record_costs(texts: list[str]) -> dict[str, float]:
    """Medians in ms: a game listed from its summary (the reader's step), replayed, and drawn."""
    forget()
    reader = unfinished.CurrentReader()
    steps = []
    while not reader.done:
        began = time.perf_counter()
        reader.step()
        steps.append((time.perf_counter() - began) * 1000)
    replays, pictures = [], []
    for text in texts[:10]:
        began = time.perf_counter()
        game = sgf.read(text).game
        replays.append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        thumbnail.picture(game, (81, 62))
        pictures.append((time.perf_counter() - began) * 1000)
    return {"step": statistics.median(steps), "replay": statistics.median(replays),
            "picture": statistics.median(pictures)}


def main(argv: list[str] | None = None) -> int:
    """Make the games, fill the list at each window size, and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.unfinished", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fills timed per window size")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--old", action="store_true", help="also time the list of autosaves without summaries")
    args = parser.parse_args(argv)
    scratch = tempfile.TemporaryDirectory(prefix="tochki-bench-")
    os.environ["TOCHKI_DATA_DIR"] = scratch.name  # never the player's own games
    began = time.perf_counter()
    games = [played_game(Rules.COUNTRIES if i % 2 == 0 else Rules.CLASSIC, args.seed + i) for i in range(GAMES)]
    layers = statistics.median(len(g.layers) for g in games)
    taken = statistics.median(sum(1 for _, _, dead in g.dots() if dead) for g in games)
    print(f"{GAMES} games of {MOVES} moves on {SIZE[0]}×{SIZE[1]} made in {time.perf_counter() - began:.1f} s: "
          f"median {layers:.0f} layers and {taken:.0f} dots taken a game")
    save_games(games)
    size = statistics.median(p.stat().st_size for p in unfinished.unfinished_dir().glob("*.sgf"))
    start_pygame()
    try:
        control = Control(WINDOWS[0])
        for window in WINDOWS:
            control.resize(window)
            runs = [fill_once(control) for _ in range(args.runs)]
            frames = [f for run in runs for f in run["frames"]]
            still = [f for run in runs for f in run["after"]]
            print(f"{window[0]}×{window[1]}: all {GAMES} listed in median "
                  f"{statistics.median(r['listed'] for r in runs):.3f} s, the {runs[0]['in_sight']} rows in sight "
                  f"drawn in {statistics.median(r['drawn'] for r in runs):.2f} s ({args.runs} runs); "
                  f"{len(frames)} frames while filling: median {statistics.median(frames):.1f} ms, "
                  f"p99 {percentile(frames, 0.99):.1f} ms, longest {max(frames):.1f} ms "
                  f"(the first, which reads the folder: median {statistics.median(r['first'] for r in runs):.1f} ms); "
                  f"{len(still)} frames after: median {statistics.median(still):.1f} ms, "
                  f"p99 {percentile(still, 0.99):.1f} ms, longest {max(still):.1f} ms")
        costs = record_costs([sgf.dumps(g) for g in games])
        print(f"one record ({size / 1024:.1f} KB): listed from its summary {costs['step']:.2f} ms, "
              f"replayed {costs['replay']:.0f} ms, its picture drawn {costs['picture']:.0f} ms (medians)")
        if args.old:
            strip_summaries()
            old = fill_once(control, pictures=False)
            print(f"without summaries (autosaves of earlier versions): all {GAMES} listed in {old['listed']:.2f} s, "
                  f"{len(old['frames'])} frames, median {statistics.median(old['frames']):.0f} ms, "
                  f"longest {max(old['frames']):.0f} ms")
    finally:
        pygame.quit()
        scratch.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
