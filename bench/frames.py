"""Frame-time benchmark of the play scene: ``python -m bench.frames``.

Two cases in a 1920×1080 window: the 38×31 preset and the largest «Авто» board
for that window, each filled by seeded random legal moves (countries rules)
until nobody can move, then the last move taken back so the game is still on.
A frame is what the loop does at steady state: one pointer event, update, the
cached board blitted, the ghost dot and the HUD drawn, flip. Each case also
times the frames right after moves that lay a layer: the last moves of the
game are taken back and clicked again, and the frame of each click is timed
(it plays the move, brings the cached board up to date and starts the
animation).

With ``--idle`` it also measures what the loop costs when nothing moves (the
process's CPU time over a few seconds of ``Control.run`` on the 38×31 board,
against the same seconds of the old draw-every-frame loop) and the frame times
while moves animate (each replayed by a posted click: the first frame after a
move, which brings the board up to date, apart from the animation frames after it,
and from the first still frame, which writes the autosave).

While each replayed move's moment plays (the floating «+N», the burst, the
banner, the board's pulse) its frames are timed too: effect frames.

Prints one line per case and ends with exactly
``frame: median X ms, p99 Y ms; move frames: median A ms, p99 B ms; effect frames:
median C ms, p99 D ms; load L``: steady frames of the slowest case (by median),
move and effect frames of the 38×31 board, and the load average (one minute) at the end.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from engine import Game, Rules
from game.control import Control, start_pygame
from game.input.layout import auto_size_for_window
from game.match import demo
from game.match.settings import MatchSettings
from game.scenes.handoff import Match
from game.scenes.play import PlayScene

WINDOW = (1920, 1080)
MIN_LAYERS = 800
REPLAYED = 300
"""Moves taken back and clicked again to time the frames right after moves."""
EFFECT_FRAMES = 3000
"""Frames timed while moments play (about 40 moments' worth), so a run stays short."""
FRAME_MS = 1000 / 60
"""A frame at 60 Hz: the most any frame may take."""


def percentile(samples: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``samples``, nearest rank."""
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def full_game(width: int, height: int, seed: int) -> Game:
    """A countries game played to the end by seeded random moves, minus its last move."""
    game = demo.random_game(width, height, Rules.COUNTRIES, seed=seed)
    game.undo()  # one node left: the game is still on, as during play
    return game


def run_case(control: Control, width: int, height: int, frames: int, seed: int) -> dict[str, float]:
    """Time ``frames`` steady frames and a few after-move frames; returns the figures in ms."""
    game = full_game(width, height, seed)
    layers = len(game.layers)
    if layers < MIN_LAYERS:
        raise SystemExit(f"{width}×{height}: only {layers} layers, the benchmark needs {MIN_LAYERS}")
    stack = control.stack
    stack.shutdown_all()
    scene = PlayScene(stack, Match(MatchSettings(Rules.COUNTRIES, width, height), game))
    stack.push(scene)
    control.step(1 / 60)  # the first frame builds the static board
    control.collector.idle(scene)  # as the real loop does while it waits for the first input: see game.collector
    nodes = [(x, y) for y in range(height) for x in range(width)]
    steady: list[float] = []
    for i in range(frames):
        # The mouse wanders over the board, so the ghost and hit-testing run every frame.
        node = nodes[(i * 7) % len(nodes)]
        pos = tuple(int(v) for v in scene.board.node_to_pixel(node))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0),
                                             touch=False))
        t0 = time.perf_counter()
        control.step(1 / 60)
        steady.append((time.perf_counter() - t0) * 1000)
    effects: list[float] = []
    cpu: dict[str, list[float]] = {"move": [], "effect": []}
    moves = move_frames(control, scene, REPLAYED, effects, cpu)
    return {
        "layers": float(layers),
        "moves": float(game.move_count),
        "cell": float(scene.board.cell),
        "median": statistics.median(steady),
        "p99": percentile(steady, 0.99),
        "move_median": statistics.median(moves),
        "move_p99": percentile(moves, 0.99),
        "move_max": max(moves),
        "move_frames": float(len(moves)),
        "effect_median": statistics.median(effects),
        "effect_p99": percentile(effects, 0.99),
        "effect_max": max(effects),
        "effect_frames": float(len(effects)),
        "over": float(sum(t > FRAME_MS for t in moves + effects)),
        "move_cpu": statistics.median(cpu["move"]),
        "move_cpu_p99": percentile(cpu["move"], 0.99),
        "effect_cpu": statistics.median(cpu["effect"]),
        "effect_cpu_p99": percentile(cpu["effect"], 0.99),
    }


def timed_step(control: Control, wall: list[float], cpu: list[float] | None) -> None:
    """One 60 Hz frame, its wall time (ms) put in ``wall`` and the main thread's CPU time in ``cpu``: on a
    busy machine the wall time is mostly waiting for a core, the CPU time what the frame itself costs."""
    c0, t0 = time.thread_time(), time.perf_counter()
    control.step(1 / 60)
    wall.append((time.perf_counter() - t0) * 1000)
    if cpu is not None:
        cpu.append((time.thread_time() - c0) * 1000)


def move_frames(control: Control, scene: PlayScene, replayed: int, effects: list[float] | None = None,
                cpu: dict[str, list[float]] | None = None) -> list[float]:
    """Times in ms of the frame right after each of the last ``replayed`` moves that laid a layer.

    The moves are taken back, then clicked again one by one as a player would:
    the timed frame plays the move and draws the board with it (and the first
    frame of its animation). While the move's moment plays (its «+N», burst,
    banner, pulse: :mod:`game.view.moments`) each 60 Hz frame is timed into
    ``effects``, up to :data:`EFFECT_FRAMES` of them; the rest of the animation
    is run out untimed. ``cpu`` gets the frames' CPU times under "move" and "effect".
    """
    cpu = {"move": [], "effect": []} if cpu is None else cpu
    clicks: list[float] = []
    game = scene.game
    replay = [a.point for a in game.history[-replayed:]]
    for _ in replay:
        game.undo()
    control.step(1 / 60)
    times: list[float] = []
    for node in replay:
        assert node is not None
        layers = game.layers
        pos = tuple(int(v) for v in scene.board.node_to_pixel(node))
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))
        click_cpu: list[float] = []
        timed_step(control, clicks, click_cpu)
        if game.last_move != node:
            raise SystemExit(f"the click at {node} did not play")
        if game.layers != layers:  # laid a layer (covering one lays one too)
            times.append(clicks[-1])
            cpu["move"] += click_cpu
        while effects is not None and len(effects) < EFFECT_FRAMES and scene.anims.effects.running(scene.clock):
            timed_step(control, effects, cpu["effect"])
        control.step(1.0)  # the animation runs out, untimed
        control.step(1 / 60)  # the first still frame writes the autosave, as in play: untimed too
    return times


def settled_scene(control: Control, width: int, height: int, seed: int) -> PlayScene:
    """A play scene with a full random game, drawn, with nothing left moving."""
    control.stack.shutdown_all()
    control.stack.quit_requested = False
    scene = PlayScene(control.stack, Match(MatchSettings(Rules.COUNTRIES, width, height), full_game(width, height, seed)))
    control.stack.push(scene)
    while True:
        control.step(1 / 60)
        if control.wake_in() is None:
            return scene


def cpu_share(run: object, seconds: float) -> tuple[float, float]:
    """CPU time of this process while ``run()`` runs, as a share of the wall time, and the wall time."""
    cpu, wall = time.process_time(), time.perf_counter()
    run()  # type: ignore[operator]
    return (time.process_time() - cpu) / (time.perf_counter() - wall), time.perf_counter() - wall


def measure_idle(control: Control, seconds: float, seed: int) -> dict[str, float]:
    """CPU share of the real loop (``Control.run``) idle in the play scene, and of the old 60 fps loop."""
    settled_scene(control, 38, 31, seed)
    frames, polls = control.frames, control.idle_polls
    pygame.time.set_timer(pygame.event.Event(pygame.QUIT), round(seconds * 1000), loops=1)
    idle, wall = cpu_share(control.run, seconds)
    drawn, looked = control.frames - frames, control.idle_polls - polls
    settled_scene(control, 38, 31, seed)

    def every_frame() -> None:  # what the loop did before: tick at 60 fps and draw every frame
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            control.step(control.clock.tick(60) / 1000.0)

    busy, _ = cpu_share(every_frame, seconds)
    return {"idle": idle * 100, "busy": busy * 100, "frames": drawn, "polls": looked, "seconds": wall}


def measure_animation(control: Control, width: int, height: int, seed: int, moves: int) -> dict[str, float]:
    """Frame times while the last ``moves`` moves of a full game are clicked again and animate."""
    scene = settled_scene(control, width, height, seed)
    game = scene.game
    replay = [a.point for a in game.history[-moves:]]
    for _ in replay:
        game.undo()
    control.step(1 / 60)
    first: list[float] = []
    frames: list[float] = []
    saves: list[float] = []
    laid = 0
    for node in replay:
        assert node is not None
        layers = len(game.layers)
        pos = tuple(int(v) for v in scene.board.node_to_pixel(node))
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))
        t0 = time.perf_counter()
        control.step(1 / 60)  # the click: the move, the board brought up to date, the animation's first frame
        first.append((time.perf_counter() - t0) * 1000)
        laid += len(game.layers) > layers
        while scene.anims.running(scene.clock):
            t0 = time.perf_counter()
            control.step(1 / 60)
            frames.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        control.step(1 / 60)  # the first still frame: the autosave is written
        saves.append((time.perf_counter() - t0) * 1000)
    return {"median": statistics.median(frames), "p99": percentile(frames, 0.99), "frames": float(len(frames)),
            "first": statistics.median(first), "first_max": max(first), "moves": float(len(replay)),
            "laid": float(laid), "save": statistics.median(saves)}


def main(argv: list[str] | None = None) -> int:
    """Run both cases and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.frames", description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600, help="steady frames timed per case")
    parser.add_argument("--seed", type=int, default=7, help="seed of the random games")
    parser.add_argument("--idle", action="store_true",
                        help="also measure the idle loop's CPU use and the frame times of move animations")
    parser.add_argument("--idle-seconds", type=float, default=5.0, help="how long each idle measurement runs")
    args = parser.parse_args(argv)
    # Moves made here are autosaved: into a scratch folder, never the player's.
    scratch = tempfile.TemporaryDirectory(prefix="tochki-bench-")
    os.environ["TOCHKI_DATA_DIR"] = scratch.name
    start_pygame()
    try:
        control = Control(WINDOW)
        auto = auto_size_for_window(WINDOW)
        cases = [("38×31", (38, 31)), (f"«Авто» {auto[0]}×{auto[1]}", auto)]
        results: list[tuple[str, dict[str, float]]] = []
        for name, (w, h) in cases:
            figures = run_case(control, w, h, args.frames, args.seed)
            results.append((name, figures))
            print(f"{name} in {WINDOW[0]}×{WINDOW[1]}: {int(figures['layers'])} layers, "
                  f"{int(figures['moves'])} moves, cell {int(figures['cell'])} px; "
                  f"frame median {figures['median']:.2f} ms, p99 {figures['p99']:.2f} ms; "
                  f"{int(figures['move_frames'])} frames right after a move that laid a layer: "
                  f"median {figures['move_median']:.2f} ms, p99 {figures['move_p99']:.2f} ms, "
                  f"max {figures['move_max']:.2f} ms; {int(figures['effect_frames'])} frames while a moment "
                  f"plays: median {figures['effect_median']:.2f} ms, p99 {figures['effect_p99']:.2f} ms, "
                  f"max {figures['effect_max']:.2f} ms; {int(figures['over'])} of these over {FRAME_MS:.1f} ms; "
                  f"CPU time of a move frame median {figures['move_cpu']:.2f} ms, p99 {figures['move_cpu_p99']:.2f} "
                  f"ms, of an effect frame median {figures['effect_cpu']:.2f} ms, p99 {figures['effect_cpu_p99']:.2f} ms")
        if args.idle:
            idle = measure_idle(control, args.idle_seconds, args.seed)
            print(f"idle in the play scene (38×31, {WINDOW[0]}×{WINDOW[1]}): {idle['idle']:.2f}% CPU over "
                  f"{idle['seconds']:.1f} s, {int(idle['frames'])} frames drawn, {int(idle['polls'])} looks for "
                  f"input; drawing every frame at 60 fps instead: {idle['busy']:.1f}% CPU")
            for name, (w, h) in cases:
                anim = measure_animation(control, w, h, args.seed, moves=24)
                print(f"animations {name}: {int(anim['moves'])} moves clicked ({int(anim['laid'])} laid a layer), "
                      f"{int(anim['frames'])} animation frames median {anim['median']:.2f} ms, "
                      f"p99 {anim['p99']:.2f} ms; the click's frame (board brought up to date) median "
                      f"{anim['first']:.1f} ms, max {anim['first_max']:.1f} ms; the first still frame "
                      f"(autosave written) median {anim['save']:.1f} ms")
        control.stack.shutdown_all()
    finally:
        pygame.quit()
        scratch.cleanup()
    _, worst = max(results, key=lambda r: r[1]["median"])
    preset = results[0][1]  # move frames on the 38×31 board, as the target is set
    print(f"frame: median {worst['median']:.2f} ms, p99 {worst['p99']:.2f} ms; "
          f"move frames: median {preset['move_median']:.2f} ms, p99 {preset['move_p99']:.2f} ms; "
          f"effect frames: median {preset['effect_median']:.2f} ms, p99 {preset['effect_p99']:.2f} ms; "
          f"load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
