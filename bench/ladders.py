"""What the ladders' read costs the master a turn, over recorded games: ``python -m bench.ladders``.

    python -m bench.ladders [RECORD.sgf ...] [--side blue|red|both] [--seconds S]

Each record (by default the games in ``bench/data``) is replayed; at each turn of ``--side`` (by default the
master's, the side named ``master`` in the record, else both) the root's ladders are read as the master's
reading would with ``read.LADDERS`` on: :func:`ai.kernel.lifeline.lifeline_keep` over the search's root
moves, at the count the master gives its ladders for a move of ``--seconds`` (1 s by default). Only that
read is timed. One line per record: its turns, the milliseconds of a turn's read (median, mean, how many
over 300, the slowest), the press's moves a turn (mean), and the microseconds of one move; the last line
sums them all up. Run it on an idle machine, or beside the same load for every figure compared.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from engine import ActionKind, Game, Player, sgf

DATA = Path(__file__).resolve().parent / "data"

SLOW_MS = 300
"""A turn's read counted as slow past this (a third of the master's 1 s move)."""


def turns(path: Path, side: str) -> list[tuple[Game, int]]:
    """Each position of the record at ``path`` before a move of ``side`` (``master``: the side its players name
    so, else both), with its move's number."""
    record = sgf.read(path.read_bytes())
    whole = record.game
    names = {Player.BLUE: record.info.get("PB", ""), Player.RED: record.info.get("PW", "")}
    wanted = {Player.BLUE, Player.RED}
    if side in ("blue", "red"):
        wanted = {Player.BLUE if side == "blue" else Player.RED}
    elif side == "master":
        wanted = {p for p, name in names.items() if "master" in name.lower()} or wanted
    game = Game(whole.width, whole.height, whole.rules, zone=whole.zone_rule)
    found = []
    for number, action in enumerate(whole.history, 1):
        if action.kind is not ActionKind.MOVE or action.point is None:
            break
        if action.player in wanted:
            found.append((game.copy(), number))
        game.play(action.point, player=action.player)
    return found


def read_turn(game: Game, seconds: float) -> tuple[float, int]:
    """The milliseconds and the press's moves of the ladders' read at the root of ``game``."""
    from ai.kernel import lifeline, master, read, rules, uct

    s, g = rules.from_game(game)
    n = int(s[rules.S_NODES])
    lines = master.read_count(s, seconds)
    limit = int(read.PRESS_COUNT * lines)  # as read's own ladders are counted
    out = np.empty(n, dtype=np.int32)
    moves = out[:int(uct.candidates(s, g, out))].copy()
    sharp = [int(v) for v in out[:int(uct.sharp(s, g, out))]]
    presses = lifeline.Presses(g, np.array([0, limit, 0], dtype=np.int64), n)
    start = time.perf_counter()
    lifeline.lifeline_keep(presses, s, moves, sharp)
    return 1000 * (time.perf_counter() - start), int(presses.work[0])


def line(name: str, ms: list[float], plays: list[int]) -> str:
    """One line of figures for the turns read."""
    if not ms:
        return f"{name}: no turns"
    per_move = 1000 * sum(ms) / max(1, sum(plays))
    return (f"{name}: {len(ms)} turns, a turn's read {statistics.median(ms):.1f} ms median, "
            f"{statistics.fmean(ms):.1f} ms mean, {sum(m > SLOW_MS for m in ms)} over {SLOW_MS} ms, "
            f"slowest {max(ms):.0f} ms; {statistics.fmean(plays):.0f} moves a turn, {per_move:.2f} µs a move")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ladders", description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="*", type=Path, help="SGF records (default: bench/data's)")
    parser.add_argument("--side", choices=["master", "blue", "red", "both"], default="master")
    parser.add_argument("--seconds", type=float, default=1.0, help="the move whose reading count is used")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds is above 0")
    from ai import kernel

    print(f"bench: the master's kernel is {'ready' if kernel.wait(600) else kernel.status()}", flush=True)
    records = args.records or sorted(DATA.glob("*.sgf"))
    every_ms: list[float] = []
    every_plays: list[int] = []
    for path in records:
        try:
            positions = turns(path, args.side)
        except (OSError, ValueError) as error:
            print(f"{path.name}: not read ({error})", file=sys.stderr)
            return 1
        ms: list[float] = []
        plays: list[int] = []
        for game, _number in positions:
            took, played = read_turn(game, args.seconds)
            ms.append(took)
            plays.append(played)
        print(line(path.name, ms, plays), flush=True)
        every_ms += ms
        every_plays += plays
    print(line("all", every_ms, every_plays))
    return 0


if __name__ == "__main__":
    sys.exit(main())
