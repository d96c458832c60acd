"""Where the root reading's lines and its nets disagree, and which was right: ``python -m bench.masks``.

    python -m bench.masks [--seconds S] [--plies 8] [RECORD ...]

At each of the master's turns in each record (by default the lost games in ``bench/data``; ``PB``/``PW`` name the
master), the lines' mask and each net's mask of ``ai.kernel.read.bounds`` are read at the count of a move of
``--seconds`` (the game's 1 s by default). Where a net's mask and the lines' leave no move together, the turn is
listed with what each has at stake; ``bounds`` keeps the one with more (the lines' on a tie). Each such turn is
then judged by a plain alpha-beta of ``--plies`` plies on the kernel's rules over both places at once: the 3 × 3
round the net's centre, the 3 × 3 round each move the lines keep (round the move played where they keep more than
:data:`FOCUS`), and a move elsewhere. It prints the best value each side's moves reach there, and counts how
often the mask with more at stake was the better one. docs/MEASURED.md «The lines weighed by their stake» has the
figures.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai import kernel
from bench import positions, saves
from engine import Game, Point, sgf

FOCUS = 3
"""The most moves kept by the lines whose surroundings are judged; beyond it, the move played is."""


@dataclass(frozen=True)
class Disagreement:
    """A master's turn (before ``move``) at which a net round ``centre`` and the lines keep no move in common."""

    move: int
    centre: Point
    net_stake: int
    lines_stake: int
    net_keeps: tuple[Point, ...]
    lines_keeps: tuple[Point, ...]
    played: Point | None


def disagreements(record: Path, seconds: float = 1.0) -> Iterator[Disagreement]:
    """The turns of ``record``'s master at which a net's mask and the lines' leave nothing together."""
    from ai.kernel import master, read, rules, uct  # the compiled kernel: loaded only when a record is read

    side = saves.master_of(record.read_text(encoding="utf-8", errors="replace"))
    whole = sgf.loads(record.read_bytes())
    for move in range(1, len(whole.history) + 1):
        game = positions.before(move, whole)
        if game.is_over or game.to_move is not side:
            continue
        s, g = rules.from_game(game)
        out = np.empty(game.width * game.height, dtype=np.int32)
        moves = out[:int(uct.candidates(s, g, out))].copy()
        reader = read._Reader(s, g, master.read_count(s, seconds), read.DEPTH)
        lines, lines_stake = read._line_keep(reader, s, g, moves, read.DEPTH)
        if lines is None:
            continue
        null = s.copy()
        null[rules.S_TO_MOVE] = 3 - int(s[rules.S_TO_MOVE])
        for centre in sorted({reader.net_centre(s), reader.net_centre(null)} - {-1}):
            kept, net_stake = read._net_keep(reader, s, moves, centre)
            if reader.cut:
                break
            if kept is None or (kept & lines).any():
                continue
            yield Disagreement(move, _point(game, centre), net_stake, lines_stake, saves.kept_points(game, moves, kept),
                               saves.kept_points(game, moves, lines), whole.history[move - 1].point)


def _point(game: Game, node: int) -> Point:
    return node % game.width, node // game.width


def value(s: np.ndarray, g: np.ndarray, plies: int, alpha: int, beta: int, box: Sequence[int]) -> int:
    """The side to move's margin (units) after ``plies`` more moves of ``box`` (nodes; -1 a move elsewhere that
    only hands the turn over) by both sides, each at its best: plain alpha-beta on the kernel's rules."""
    from ai.kernel import rules

    p = int(s[rules.S_TO_MOVE])
    if plies == 0:
        return int(rules.units(s, p) - rules.units(s, 3 - p))
    best = -(1 << 40)
    for v in box:
        after = s.copy()
        if v < 0:
            after[rules.S_TO_MOVE] = 3 - p
        elif rules.is_legal(s, g, v, p):
            rules.play(after, g, v, p)
        else:
            continue
        best = max(best, -value(after, g, plies - 1, -beta, -alpha, box))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def judge(game: Game, found: Disagreement, plies: int) -> tuple[int, int, int]:
    """The best values (units, the side to move's) the net's moves (those of its 3 × 3), the lines' moves and a
    move elsewhere reach in ``plies`` plies over both places (the module's docstring says which points)."""
    from ai.kernel import rules

    s, g = rules.from_game(game)
    lines = found.lines_keeps if len(found.lines_keeps) <= FOCUS or found.played is None else (found.played,)
    box: set[int] = set()
    for x, y in [found.centre, *lines]:
        box |= {yy * game.width + xx for yy in range(max(0, y - 1), min(game.height, y + 2))
                for xx in range(max(0, x - 1), min(game.width, x + 2))}
    nodes = [*sorted(box), -1]
    p = int(s[rules.S_TO_MOVE])

    def best(points: Sequence[Point | None]) -> int:
        found_values = []
        for point in points:
            after = s.copy()
            if point is None:
                after[rules.S_TO_MOVE] = 3 - p
            elif rules.is_legal(s, g, point[1] * game.width + point[0], p):
                rules.play(after, g, point[1] * game.width + point[0], p)
            else:
                continue
            found_values.append(-value(after, g, plies - 1, -(1 << 40), 1 << 40, nodes))
        return max(found_values)

    # The net reads only its 3 x 3 and values a move outside it as a move elsewhere (and what it takes at once).
    cx, cy = found.centre
    net: list[Point | None] = [(x, y) for x, y in found.net_keeps if abs(x - cx) <= 1 and abs(y - cy) <= 1]
    return best(net or [None]), best(lines), best([None])


def _shown(points: tuple[Point, ...]) -> str:
    """A mask's points, or how many where they are more than :data:`FOCUS`."""
    return str(list(points)) if len(points) <= FOCUS else f"{len(points)} moves"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.masks", description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="*", type=Path, help="SGF records (default: bench/data's lost games)")
    parser.add_argument("--seconds", type=float, default=1.0, help="the master's seconds a move the count is of")
    parser.add_argument("--plies", type=int, default=8, help="plies of the judging alpha-beta")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.plies < 1:
        parser.error("--seconds is above 0 and --plies a whole number from 1")
    records = args.records or sorted(saves.DATA.glob("*-loss*.sgf"))
    print(f"bench: the master's kernel is {'ready' if kernel.wait(600) else kernel.status()}", flush=True)
    right = {True: 0, False: 0}
    level = judged = 0
    for record in records:
        try:
            found = list(disagreements(record, args.seconds))
        except (OSError, ValueError) as error:  # unreadable, not an SGF record, or no side named the master
            print(f"{record}: not read ({error})", flush=True)
            continue
        for d in found:
            net, lines, elsewhere = judge(positions.before(d.move, sgf.loads(record.read_bytes())), d, args.plies)
            bigger = "net" if d.net_stake > d.lines_stake else "lines"
            kept = "the net's" if bigger == "net" else "the lines'"
            print(f"{record.name if record.parent == saves.DATA else record} move {d.move}: the net round {d.centre} keeps {_shown(d.net_keeps)} (stake "
                  f"{d.net_stake}), the lines keep {_shown(d.lines_keeps)} (stake {d.lines_stake}), played {d.played}; "
                  f"kept: {kept}; judged over {args.plies} plies: net {net}, lines {lines}, "
                  f"elsewhere {elsewhere}", flush=True)
            judged += 1
            if net == lines:
                level += 1
            else:
                right[(net > lines) == (bigger == "net")] += 1
    print(f"masks: {judged} turns where a net and the lines keep nothing together; the one with more at stake was "
          f"better in {right[True]}, level in {level}, worse in {right[False]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
