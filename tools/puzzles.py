"""The puzzle maker and checker (not shipped): ``python -m tools.puzzles mine …`` and ``--check``.

``mine`` has the master play games against itself (and, given ``--sparring PATH``, against the
oppai-rs sparring partner in classic) on boards of 10×10 to 20×20 in both rule sets, and looks at
every position of every game for a move that the master's kernel proves the only good one:

1. The exact two-move count (``ai.kernel.uct.nets``, compiled): for every legal move of the side to
   move, what it encloses now less the most the other side can enclose with one reply. The best move
   must beat every other move by :data:`CLEAR` (2 cells in countries, 2 dots in classic), and either
   enclose that much itself or keep the other side from enclosing that much (a threat it answers).
2. The master's search (``ai.kernel.master.search``, its playouts answering nothing: :func:`_search`)
   from each of :data:`SEEDS` at :data:`BUDGET` seconds' worth of work (the work is counted, so the
   result is the same on a busy machine) must choose that very move.

Where no move passes the first proof, a quiet move may pass :func:`prove_net` instead (a «сеть»): it
encloses nothing, the other side threatens nothing, and after every legal reply the player encloses at
least CLEAR with one move (an exact three-move count, compiled with the kernel's own rules); it must
beat every other move by CLEAR and be the master's choice from every seed, as above. Its line must then
go on with a proved move that encloses CLEAR or more.

The answer line goes on while the same holds for the player after the master's reply, up to
:data:`engine.puzzle.MOST_PLAYER_MOVES` moves of the player. Its theme follows from what its moves do
(see :func:`theme_of`), its tier from how long it is and how many other moves enclose something.
Each puzzle is written to ``assets/puzzles/`` as a record :mod:`engine.puzzle` reads. ``--themes
net,country`` keeps only those themes, ``--rules countries`` plays only that rule set's seeds.

``--check`` replays every shipped puzzle (``--sample K``: K of them, spread over the list) and proves
each of its player's moves again the same way (a net's first move by :func:`prove_net`); the last line is ``puzzles: N checked, M sound``, and
the exit status is 1 unless every one is sound.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from engine import Game, Player, Rules
from engine.puzzle import MOST_PLAYER_MOVES, Puzzle, PuzzleError, Theme, read_puzzle, write_puzzle

FOLDER = Path(__file__).resolve().parent.parent / "assets" / "puzzles"
CLEAR = {Rules.COUNTRIES: 4, Rules.CLASSIC: 2}
"""The margin a puzzle's move must win by, in score units: 2 cells (4 half cells) or 2 dots."""
SEEDS = (11, 23, 37)
BUDGET = 1.0
"""Seconds of the master's work (counted, ``ai.work.MOVES_PER_SECOND``) per seed and move checked."""
PLAY_SECONDS = 0.05
"""Each side's thinking in the mined games: short, so that both make the slips puzzles come from."""
SIZES = (10, 12, 14, 15, 16, 18, 20)
SKIP_OPENING = 8
"""Moves of a game not looked at: there is nothing to take yet."""


@dataclass(frozen=True)
class Step:
    """One move of the player proved the only good one."""

    move: tuple[int, int]
    gain: int
    """Units it encloses now."""
    threat: int
    """Units the other side could enclose now if the player did nothing."""
    margin: int
    """Units its two-move count beats the best other move's by."""
    distractors: int
    """Other moves of the player that enclose something now."""
    net: bool = False
    """Proved by :func:`prove_net`: it encloses nothing now and the next move encloses whatever the reply."""


def _kernel() -> None:
    from ai import kernel

    kernel.start()
    if not kernel.wait(1800):
        sys.exit(f"puzzles: the master's kernel is not ready ({kernel.status()})")


def count_moves(game: Game) -> tuple[list[tuple[int, int]], np.ndarray, np.ndarray, int]:
    """Every legal move of the side to move with its ``gain`` and ``lets`` (units), and the threat."""
    from ai.kernel import rules, uct

    root, geo = rules.from_game(game)
    n, w = int(root[rules.S_NODES]), game.width
    p = int(root[rules.S_TO_MOVE])
    out = np.empty(n, dtype=np.int32)
    k = rules.legal_nodes(root, geo, p, out)
    moves = out[:k].copy()
    gain = np.zeros(k, dtype=np.int64)
    lets = np.zeros(k, dtype=np.int64)
    uct.nets(root, geo, moves, gain, lets)
    spare = root.copy()
    theirs = np.empty(n, dtype=np.int32)
    threat = max((int(uct._gains(root, geo, int(v), 3 - p, spare))
                  for v in theirs[:rules.legal_nodes(root, geo, 3 - p, theirs)]), default=0)
    return [(int(v) % w, int(v) // w) for v in moves], gain, lets, threat


def _net_kernels() -> tuple[Any, Any]:
    """The two compiled counts a net needs (compiled once per run, not cached: the tools are not shipped)."""
    global _NET_KERNELS
    if _NET_KERNELS is None:
        from ai.kernel.jit import njit
        from ai.kernel.rules import S_NODES, S_TO_MOVE, legal_nodes, play
        from ai.kernel.uct import _gains

        @njit(cache=False)
        def threats(s: np.ndarray, g: np.ndarray, moves: np.ndarray, out: np.ndarray) -> None:
            # For each move: the most the side to move could enclose with a second move of its own,
            # the other side passing (a net must threaten at least this much).
            p = s[S_TO_MOVE]
            after = s.copy()
            spare = s.copy()
            mine = np.empty(s[S_NODES], dtype=np.int32)
            for i in range(moves.shape[0]):
                after[:] = s
                play(after, g, moves[i], p)
                most = 0
                for j in range(legal_nodes(after, g, p, mine)):
                    most = max(most, _gains(after, g, mine[j], p, spare))
                out[i] = most

        @njit(cache=False)
        def sealed(s: np.ndarray, g: np.ndarray, v: int, floor: int) -> int:
            # The exact three-move count of v: over every legal reply, the most the side to move then
            # encloses with its next move less what the reply enclosed; the least of those. Stops
            # early (returning the count so far) once it is below floor.
            p = s[S_TO_MOVE]
            o = 3 - p
            after = s.copy()
            play(after, g, v, p)
            then = after.copy()
            spare = s.copy()
            replies = np.empty(s[S_NODES], dtype=np.int32)
            mine = np.empty(s[S_NODES], dtype=np.int32)
            least = 1 << 40
            for i in range(legal_nodes(after, g, o, replies)):
                r = replies[i]
                took = _gains(after, g, r, o, spare)
                then[:] = after
                play(then, g, r, o)
                most = 0
                for j in range(legal_nodes(then, g, p, mine)):
                    most = max(most, _gains(then, g, mine[j], p, spare))
                least = min(least, most - took)
                if least < floor:
                    return least
            return least

        _NET_KERNELS = (threats, sealed)
    return _NET_KERNELS


_NET_KERNELS: tuple[Any, Any] | None = None


def _search(game: Game, seed: int) -> tuple[int, int]:
    """The master's move from ``seed`` at :data:`BUDGET`, its playouts answering nothing (``uct.P_LOCAL`` 0):
    the search the shipped puzzles were proved with. The game's master answers in countries up to 20×15, and
    it left a save or net the count proves to another move in 6 of the 80 countries puzzles up to 15×15, from
    at least one seed of three (docs/MEASURED.md)."""
    from ai.kernel import master, uct

    params = master.own_weights(game.rules, game.width * game.height)
    params[uct.P_LOCAL] = 0.0
    # Far deadline: the counted work ends the search, so a busy machine changes nothing.
    found = master.search(game, BUDGET, seed=seed, cores=1, deadline=time.perf_counter() + 3600, params=params)
    return found.move


def prove(game: Game) -> Step | None:
    """The one move of the side to move that the kernel proves clearly best (module note), else None."""
    if game.is_over:
        return None
    points, gain, lets, threat = count_moves(game)
    if len(points) < 2:
        return None
    net = gain - lets
    order = np.argsort(-net, kind="stable")
    best, second = int(order[0]), int(order[1])
    margin = int(net[best] - net[second])
    clear = CLEAR[game.rules]
    if margin < clear or not (gain[best] >= clear or threat >= clear):
        return None
    move = points[best]
    if any(_search(game, seed) != move for seed in SEEDS):
        return None
    distractors = int(np.count_nonzero(gain > 0)) - (1 if gain[best] > 0 else 0)
    return Step(move, int(gain[best]), threat, margin, distractors)


def prove_net(game: Game) -> Step | None:
    """The one quiet move of the side to move that the kernel proves seals a group (a net), else None.

    It encloses nothing now, the other side threatens nothing now, and its exact three-move count (over
    every legal reply, what the side to move then encloses with one move, less what the reply enclosed)
    is at least :data:`CLEAR`. Its margin is that count less the most any other move is worth: the
    two-move count of :func:`prove` for each, or the three-move count for every other move that would
    threaten as much (their count is cut short once it falls under CLEAR, so it is a bound from above).
    The master's search from each of :data:`SEEDS` must choose it, as in :func:`prove`.
    """
    from ai.kernel import rules

    if game.is_over:
        return None
    points, gain, lets, threat = count_moves(game)
    clear = CLEAR[game.rules]
    if len(points) < 2 or threat >= clear:
        return None  # a threat to answer: a save, not a net
    threats, sealed = _net_kernels()
    root, geo = rules.from_game(game)
    w = game.width
    nodes = np.array([x + y * w for x, y in points], dtype=np.int32)
    threatens = np.zeros(len(points), dtype=np.int64)
    threats(root, geo, nodes, threatens)
    # A quiet move that makes a new threat of CLEAR or more; a threat already on the board is a capture's.
    candidates = np.flatnonzero((gain == 0) & (threatens >= clear) & (threatens > int(gain.max())))
    if candidates.size == 0:
        return None
    worth = (gain - lets).astype(np.int64)
    for i in candidates:
        worth[i] = int(sealed(root, geo, int(nodes[i]), clear))
    order = np.argsort(-worth, kind="stable")
    best, second = int(order[0]), int(order[1])
    if gain[best] != 0 or worth[best] < clear:
        return None
    margin = int(worth[best] - worth[second])
    if margin < clear:
        return None
    move = points[best]
    if any(_search(game, seed) != move for seed in SEEDS):
        return None
    distractors = int(np.count_nonzero(gain > 0))
    return Step(move, 0, threat, margin, distractors, net=True)


def answer(game: Game) -> tuple[list[tuple[int, int]], list[Step]]:
    """The line from ``game``: proved moves of the player and the master's replies, ending on the player's.

    A first move proved only by :func:`prove_net` must be followed by a proved move enclosing at least
    :data:`CLEAR`, or there is no line: a net is shown by the capture it makes sure of."""
    line: list[tuple[int, int]] = []
    steps: list[Step] = []
    work = game.copy()
    while len(steps) < MOST_PLAYER_MOVES:
        step = prove(work)
        if step is None and not steps:
            step = prove_net(work)
        if step is None:
            break
        work.play(step.move)
        line.append(step.move)
        steps.append(step)
        if work.is_over or len(steps) == MOST_PLAYER_MOVES:
            break
        reply = _search(work, SEEDS[0])
        work.play(reply)
        line.append(reply)
    if line and len(line) % 2 == 0:
        line.pop()
    if steps and steps[0].net and (len(steps) < 2 or steps[1].gain < CLEAR[game.rules]):
        return [], []
    return line, steps


def walled_in(game: Game, move: tuple[int, int]) -> tuple[int, int, int]:
    """What ``move`` walls in: empty nodes newly the mover's, the other side's dots it crosses out, and
    the units of country the other side loses."""
    me, other = game.to_move, game.to_move.other
    points = [(x, y) for x in range(game.width) for y in range(game.height)]
    open_before = [p for p in points if game.dot_at(p) is None and game.owner_at(p) is not me]
    dead_before = sum(1 for _p, owner, dead in game.dots() if owner is other and dead)
    theirs = game.score_units(other)
    after = game.copy()
    after.play(move)
    empty = sum(1 for p in open_before if after.dot_at(p) is None and after.owner_at(p) is me)
    dead = sum(1 for _p, owner, dead in after.dots() if owner is other and dead) - dead_before
    return empty, dead, theirs - after.score_units(other)


def theme_of(game: Game, steps: list[Step]) -> Theme:
    """A first move proved by :func:`prove_net`: a net; three or more forced moves: a ladder; a first
    move that answers a threat: save; else a capture, or in countries a country when the first move
    walls in a country of mostly empty nodes (at least as many empty as enemy dots) and takes none of
    the other side's country."""
    clear = CLEAR[game.rules]
    first = steps[0]
    if first.net:
        return Theme.NET
    if len(steps) >= 3:
        return Theme.LADDER
    if first.gain < clear:
        return Theme.SAVE
    if game.rules is Rules.COUNTRIES:
        empty, dots, taken = walled_in(game, first.move)
        if empty >= max(1, dots) and taken == 0:
            return Theme.COUNTRY
    return Theme.CAPTURE


def tier_of(theme: Theme, steps: list[Step]) -> int:
    """1: one move and nothing else to take; each more move, distraction or save makes it harder."""
    # A net is two moves at least (the seal and the capture): the second is no extra difficulty.
    hard = (len(steps) - 1 - (theme is Theme.NET)) + (steps[0].distractors > 0) + (theme is Theme.SAVE)
    return min(3, 1 + hard)


class Sparring:
    """The oppai-rs sparring partner (its README), playing one side in classic over its JSON lines."""

    def __init__(self, path: str, width: int, height: int, millis: int) -> None:
        folder = Path(path).parent
        self.process = subprocess.Popen(
            [path, "-t", "1", "-p", str(folder / "debuts.txt"), str(folder / "heuristics.txt")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.millis = millis
        self._ask({"command": "Init", "width": width, "height": height})

    def _ask(self, message: dict[str, object]) -> dict[str, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        reply: dict[str, object] = json.loads(self.process.stdout.readline())
        return reply

    def tell(self, point: tuple[int, int], player: Player) -> None:
        self._ask({"command": "PutPoint", "coords": {"x": point[0], "y": point[1]},
                   "player": "Black" if player is Player.BLUE else "Red"})

    def choose(self, game: Game) -> tuple[int, int] | None:
        reply = self._ask({"command": "Analyze", "player": "Black" if game.to_move is Player.BLUE else "Red",
                           "constraint": {"type": "Time", "value": self.millis}})
        for m in reply.get("moves", []):  # type: ignore[union-attr]
            point = (int(m["coords"]["x"]), int(m["coords"]["y"]))
            if game.is_legal(point):
                return point
        return None

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def play_game(rules: Rules, size: int, seed: int, sparring: str | None) -> Game:
    """A whole game of the master against itself (or, classic with ``sparring``, against oppai-rs)."""
    from ai.kernel import master

    rng = random.Random(seed)
    game = Game(size, size, rules, zone=sparring is None)
    partner = Sparring(sparring, size, size, 50) if sparring and rules is Rules.CLASSIC else None
    partner_side = Player.RED if seed % 2 else Player.BLUE
    try:
        c = size // 2
        opening = [(c + rng.randint(-1, 1), c + rng.randint(-1, 1)) for _ in range(4)]
        while not game.is_over and game.legal_count:
            if game.move_count < len(opening) and game.is_legal(opening[game.move_count]):
                move: tuple[int, int] | None = opening[game.move_count]
            elif partner is not None and game.to_move is partner_side:
                move = partner.choose(game)
            else:
                move = master.search(game, PLAY_SECONDS, seed=rng.randrange(1 << 30), cores=1,
                                     deadline=time.perf_counter() + 600).move
            if move is None or not game.is_legal(move):
                break
            mover = game.to_move
            game.play(move)
            if partner is not None:
                partner.tell(move, mover)
            if game.move_count > size * size * 0.7:
                break  # the tactics are over long before the board is full
    finally:
        if partner is not None:
            partner.close()
    return game


def mine(args: argparse.Namespace) -> None:
    _kernel()
    FOLDER.mkdir(parents=True, exist_ok=True)
    made = len(list(FOLDER.glob("*.sgf")))
    seed = args.seed
    deadline = time.time() + args.minutes * 60
    while time.time() < deadline and made < args.most:
        rules = (Rules.COUNTRIES, Rules.CLASSIC)[seed % 2]
        if args.rules != "both" and rules.value != args.rules:
            seed += 1
            continue  # the seeds of the other rule set are left for a run that asks for it
        size = SIZES[(seed // 2) % len(SIZES)]
        game = play_game(rules, size, seed, args.sparring)
        source = "sparring" if args.sparring and rules is Rules.CLASSIC else "self"
        print(f"game {seed}: {rules.value} {size}×{size}, {game.move_count} moves ({source})", flush=True)
        used: set[tuple[int, int]] = set()
        last = -99
        for start in range(SKIP_OPENING, game.move_count):
            if time.time() >= deadline:
                break
            if start - last < 4:
                continue  # one puzzle from one fight
            position = Game.from_actions(size, size, rules, zone=game.zone_rule, actions=game.history[:start])
            line, steps = answer(position)
            if not steps or steps[0].move in used:
                continue
            theme = theme_of(position, steps)
            if args.themes and theme.value not in args.themes:
                continue
            whole = position.copy()
            for point in line:
                whole.play(point)
            text = write_puzzle(whole, start=start, tier=tier_of(theme, steps), theme=theme, gain=steps[0].margin)
            name = f"{rules.value}-{size}-{seed:04d}-{start:03d}.sgf"
            (FOLDER / name).write_text(text, encoding="utf-8")
            used.update(steps_move for steps_move in (s.move for s in steps))
            last = start
            made += 1
            print(f"  {name}: {theme.value}, tier {tier_of(theme, steps)}, {len(steps)} move(s), "
                  f"+{steps[0].margin} units", flush=True)
        seed += 1
    print(f"mined up to game {seed}: {made} puzzles in {FOLDER}", flush=True)


def check_one(puzzle: Puzzle) -> str | None:
    """None when every move of the player in the puzzle's line is proved again; else what failed."""
    game = puzzle.start()
    for i, point in enumerate(puzzle.line):
        if i % 2 == 0:
            step = prove_net(game) if i == 0 and puzzle.theme is Theme.NET else prove(game)
            if step is None:
                return f"move {i + 1} ({point}) is no longer proved the only good one"
            if step.move != point:
                return f"move {i + 1}: the kernel proves {step.move}, the puzzle says {point}"
            if i == 0 and step.margin != puzzle.gain:
                return f"the margin is {step.margin} units, the puzzle says {puzzle.gain}"
        game.play(point)
    return None


def check(args: argparse.Namespace) -> int:
    files = sorted(FOLDER.glob("*.sgf"))
    if args.sample and args.sample < len(files):
        step = len(files) / args.sample
        files = [files[int(i * step)] for i in range(args.sample)]
    _kernel()
    sound = 0
    for path in files:
        try:
            problem = check_one(read_puzzle(path.read_bytes(), path.stem))
        except PuzzleError as e:
            problem = f"unreadable: {e}"
        print(f"{path.name}: {'sound' if problem is None else problem}", flush=True)
        sound += problem is None
    print(f"puzzles: {len(files)} checked, {sound} sound", flush=True)
    return 0 if sound == len(files) and files else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.puzzles", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="re-prove every shipped puzzle")
    parser.add_argument("--sample", type=int, default=0, help="with --check: only this many, spread evenly")
    sub = parser.add_subparsers(dest="command")
    m = sub.add_parser("mine", help="play games and keep the puzzles found")
    m.add_argument("--minutes", type=float, default=30.0)
    m.add_argument("--most", type=int, default=400, help="stop once the folder holds this many")
    m.add_argument("--seed", type=int, default=1, help="the first game's seed (each game the next)")
    m.add_argument("--sparring", help="path of oppai-cli: it plays one side of the classic games")
    m.add_argument("--themes", type=lambda text: text.split(","), default=[],
                   help="keep only these themes, comma-separated (net,country): the others are plentiful")
    m.add_argument("--rules", choices=("both", "countries", "classic"), default="both",
                   help="mine the games of one rule set only (the seeds keep their rule set and size)")
    args = parser.parse_args(argv)
    if args.check:
        return check(args)
    if args.command == "mine":
        mine(args)
        return 0
    parser.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
