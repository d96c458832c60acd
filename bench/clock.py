"""What a running clock costs while nobody touches anything: ``python -m bench.clock``.

The play scene on a busy 38×31 board (seeded random moves) with a 20-minute clock ticking, in a
1440×810 window (issue 21 measured 7 % CPU there): the loop (:meth:`Control.wait_for_frame` and
:meth:`Control.step`, as :meth:`Control.run` does) runs for ``--seconds``, and the process's CPU
time over them is measured twice: with only the clock's lines redrawn each second, and with every
frame drawn whole (``Control.draw_parts`` off, as before). Under SDL's dummy driver a flip copies
nothing, so a real window costs more, and more for whole frames.

Prints one line per way and ends with ``clock: lines alone X %, whole frames Y % CPU``.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.control import Control, start_pygame
from game.match import demo
from game.match.clock import TimeControl
from game.match.settings import MatchSettings
from game.scenes.handoff import Match

WINDOW = (1440, 810)
BOARD = (38, 31)
SEED = 3


def cpu_percent(draw_parts: bool, seconds: float) -> tuple[float, int, int]:
    """CPU % of ``seconds`` of the idle loop with a clock running; the frames drawn, and how many in part."""
    control = Control(WINDOW)
    game = demo.random_game(*BOARD, seed=SEED)
    game.undo()  # still on: the clock runs
    settings = MatchSettings(width=BOARD[0], height=BOARD[1], clock=TimeControl(20, 0))
    control.stack.go("play", Match(settings, game))
    control.draw_parts = draw_parts
    control.step(0.0)  # the first frame, whole, before the measurement
    frames, parts = control.frames, control.part_frames
    cpu, wall = time.process_time(), time.perf_counter()
    last = wall
    while time.perf_counter() - wall < seconds:
        events, longest = control.wait_for_frame()
        now = time.perf_counter()
        control.step(min(now - last, longest), events)
        last = now
    used = time.process_time() - cpu
    elapsed = time.perf_counter() - wall
    control.stack.shutdown_all()
    return 100 * used / elapsed, control.frames - frames, control.part_frames - parts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of each way (10)")
    args = parser.parse_args(argv)
    start_pygame()
    figures = {}
    for name, draw_parts in (("lines alone", True), ("whole frames", False)):
        percent, frames, parts = cpu_percent(draw_parts, args.seconds)
        figures[name] = percent
        print(f"{name}: {percent:.2f} % CPU over {args.seconds:g} s, {frames} frames ({parts} drawn in part)",
              flush=True)
    pygame.quit()
    print(f"clock: lines alone {figures['lines alone']:.2f} %, whole frames {figures['whole frames']:.2f} % CPU")


if __name__ == "__main__":
    main()
