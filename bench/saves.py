"""Whether the master saves a group that a ladder will take, with the ladders' read and without:
``python -m bench.saves``.

    python -m bench.saves [--seeds 3] [--seconds S] [RECORD ...]

Each record (by default the lost games in ``bench/data``; ``PB``/``PW`` name the master) is replayed. For each
capture of at least :data:`LEAST_LOST` of the master's dots, the position looked at is the first of the master's
turns in the :data:`BACK` moves before it where the ladders' read (``ai.kernel.lifeline``, the other side to move
first, net points beside any end of the ways out) takes that group: the first turn the read could have helped.
There the root's whole reading (``ai.kernel.read.bounds`` with ``read.LADDERS`` on and no count of moves) names
the moves it keeps, the *saves*; where it keeps every move the position is listed but not counted.

The master then thinks there at the game's budget (or ``--seconds``), seeded and on one core, once with
``read.LADDERS`` off (as the game plays) and once with it on, and each move it picks is a save or not. A seeded
search stops on its count of work, but the root reading also stops at the clock's hard end, so on a busy
machine the reading may end before it says anything: run it on an idle one. docs/MEASURED.md «The ladders'
read where the big groups were lost» has the figures.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai import budget, kernel, think
from bench import positions
from engine import Game, Player, Point, sgf

DATA = Path(__file__).resolve().parent / "data"
"""The lost games kept with the benchmarks."""

LEAST_LOST = 6
"""Dots of the master's taken at once for a capture to be looked at."""

BACK = 16
"""Moves before a capture in which the master's turns are looked at."""


@dataclass(frozen=True)
class Turn:
    """The master's turn at move ``move`` (counted from 1) of a record, where a ladder takes a group of its."""

    record: Path
    move: int
    master: Player
    lost_at: int
    """The record's move that took the group."""
    lost: int
    """The master's dots taken at that move."""
    group: Point
    """A dot of the group, still the master's at ``move``."""
    ways: int
    """The group's ways out there (``lifeline.escape``)."""
    takes: int
    """What the ladder takes with the other side to move first, in units."""


def master_of(text: str) -> Player:
    """The master's side in a record's text, from its players' names (``PB``: Blue)."""
    blue = "PB[master" in text or "PB[project" in text
    red = "PW[master" in text or "PW[project" in text
    if blue == red:
        raise ValueError("the record does not name one side as the master")
    return Player.BLUE if blue else Player.RED


def _taken(before: Game, after: Game, master: Player) -> list[Point]:
    """The master's dots live in ``before`` and dead in ``after``."""
    return [(x, y) for y in range(after.height) for x in range(after.width)
            if after.dot_at((x, y)) is master and after.is_dead((x, y)) and not before.is_dead((x, y))]


def turns(record: Path) -> Iterator[Turn]:
    """The turns of ``record`` to look at, one for each big capture whose group a ladder was seen to take."""
    from ai.kernel import lifeline, rules  # the compiled kernel: loaded only when a record is read

    text = record.read_text(encoding="utf-8", errors="replace")
    master = master_of(text)
    whole = sgf.loads(record.read_bytes())
    games = [positions.before(n + 1, whole) for n in range(len(whole.history) + 1)]
    for lost_at in range(1, len(games)):
        lost = _taken(games[lost_at - 1], games[lost_at], master)
        if len(lost) < LEAST_LOST:
            continue
        for n in range(max(0, lost_at - BACK), lost_at - 1):
            game = games[n]
            alive = [point for point in lost if not game.is_dead(point) and game.dot_at(point) is master]
            if game.to_move is not master or not alive:
                continue
            s, geo = rules.from_game(game)
            nodes = int(s[rules.S_NODES])
            presses = lifeline.Presses(geo, np.array([0, 1 << 40, 0], dtype=np.int64), nodes)
            seed = alive[0][1] * game.width + alive[0][0]
            ways = int(presses.cuts_of(s, seed)[0])
            if ways >= lifeline.OUT:
                continue
            other_first = s.copy()
            other_first[rules.S_TO_MOVE] = 3 - int(s[rules.S_TO_MOVE])
            takes = presses.ladder(other_first, seed, wide=True)
            if takes > 0:
                yield Turn(record, n + 1, master, lost_at, len(lost), alive[0], ways, takes)
                break


def saves(game: Game) -> set[Point] | None:
    """The moves the root's whole reading keeps in ``game`` with the ladders read (None: every move)."""
    from ai.kernel import read, rules, uct

    s, geo = rules.from_game(game)
    out = np.empty(int(s[rules.S_NODES]), dtype=np.int32)
    moves = out[:int(uct.candidates(s, geo, out))].copy()
    was = read.LADDERS
    read.LADDERS = True
    try:
        keep, _plays = read.bounds(s, geo, moves, 1 << 40)
    finally:
        read.LADDERS = was
    return None if keep is None else set(kept_points(game, moves, keep))


def kept_points(game: Game, moves: np.ndarray, keep: np.ndarray) -> tuple[Point, ...]:
    """The points of the root ``moves`` (nodes of ``game``'s board) that the mask ``keep`` keeps, in their order."""
    return tuple((int(v) % game.width, int(v) // game.width) for v, kept in zip(moves, keep, strict=True) if kept)


def choices(game: Game, ladders: bool, seeds: int, seconds: float) -> list[Point]:
    """The master's moves in ``game`` (seeds 0, 1, …), with ``read.LADDERS`` as ``ladders``."""
    from ai.kernel import read

    was = read.LADDERS
    read.LADDERS = ladders
    try:
        return [think(game, "master", seconds=seconds, seed=seed, cores=1).move for seed in range(seeds)]
    finally:
        read.LADDERS = was


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.saves", description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="*", type=Path, help="SGF records (default: bench/data's lost games)")
    parser.add_argument("--seeds", type=int, default=3, help="searches per position and setting, seeds 0, 1, …")
    parser.add_argument("--seconds", type=float, default=None, help="a move's budget (default: the game's)")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds is a whole number from 1")
    records = args.records or sorted(DATA.glob("*-loss*.sgf"))
    print(f"bench: the master's kernel is {'ready' if kernel.wait(600) else kernel.status()}", flush=True)
    counted = 0
    chose = {False: 0, True: 0}
    for record in records:
        try:
            found = list(turns(record))
        except (OSError, ValueError) as error:  # unreadable, not an SGF record, or no side named the master
            print(f"{record}: not read ({error})", flush=True)
            continue
        for turn in found:
            game = positions.before(turn.move, sgf.loads(record.read_bytes()))
            kept = saves(game)
            where = (f"{record.name} move {turn.move} ({turn.master.name.lower()}): {turn.lost} dots taken at move "
                     f"{turn.lost_at}, {turn.ways} ways out, the ladder takes {turn.takes}")
            if kept is None:
                print(f"{where}; the reading keeps every move", flush=True)
                continue
            counted += 1
            seconds = args.seconds if args.seconds is not None else budget("master", game.width, game.height)
            line = [f"{where}; saves {' '.join(f'{x},{y}' for x, y in sorted(kept))}"]
            for ladders in (False, True):
                moves = choices(game, ladders, args.seeds, seconds)
                chose[ladders] += sum(move in kept for move in moves)
                line.append(f"ladders {'on' if ladders else 'off'}: "
                            + " ".join(f"{x},{y}{'' if (x, y) in kept else '!'}" for x, y in moves))
            print("; ".join(line), flush=True)
    total = counted * args.seeds
    print(f"saves ({args.seeds} seed{'' if args.seeds == 1 else 's'} a position, one core; ! marks a move that is not a save): in {counted} "
          f"position{'' if counted == 1 else 's'} the master chose a save {chose[False]} of {total} times with the ladders off, "
          f"{chose[True]} of {total} with them on")
    return 0


if __name__ == "__main__":
    sys.exit(main())
