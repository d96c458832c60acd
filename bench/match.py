"""Play two levels against each other, or a level against an outside engine, and count: the ladder's measuring stick.

    python -m bench.match --a master --b amateur --games 40 --size 15x15 --rules countries --seed 1
    python -m bench.match --a master --b amateur --games 40 --rules classic --seconds 1 --fair-end
    python -m bench.match --a master --engine "PATH/oppai-cli -t 1" --engine-seconds 1 --seconds 1 --fair-end

A side is a level or a rung between the amateur and the master (``--b master/16``: the master on a
sixteenth of its budget, ``ai.ladder``). Every search is seeded, so the master and the rungs stop on their
counts of kernel moves; their clocks are :data:`CLOCK_SLACK` times their budgets, there only as a net.
Colours alternate (A is Blue in games 1, 3, 5, …); ``--first`` starts a series further on. ``--a-weights``
plays A's master with other search weights than B's (``--a master --b master --a-weights margin_weight=0.3``).
A game runs until the side to move has no legal move (a full board), or until the move cap. In classic,
``--fair-end`` ends it sooner, where a player would press «Стоп»: when every legal move of the side to move lies
in the other side's free areas, so that all it could do is feed dots to be captured (:func:`fair_end`); the game
is scored there. Each game's line says how it ended: "fair end", "full board" or "move cap";
a classic game played on past its fair end also says how it stood there.
Games run two at a time (the machine has two cores); ``--cores`` gives each
master more (default 1: the games already share the cores). A line after the games turns the score into a
rating difference with its 95 % interval (:func:`elo_line`); the last line is
exactly ``match: A wins W, B wins L, draws D``.

``--engine`` puts an outside program in B's place: one that speaks oppai-cli's
JSON-lines protocol (:class:`OutsideEngine`), started afresh for each game and
given ``--engine-seconds`` a move. Such games are classic without the first-move
zone (the protocol knows no other), and our engine referees them. A game whose
engine hangs, dies or talks nonsense ends as an "error" line and is not scored.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import os
import queue
import random
import shlex
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from ai import LEVELS, Thought, budget, kernel, think
from ai.ladder import RUNGS, difference, rung
from engine import Game, Player, Point, Rules, format_score, sgf
from engine.grid import grid

FAIR_END, FULL_BOARD, MOVE_CAP, ERROR = "fair end", "full board", "move cap", "error"
"""How a game of a match ended, as its line says (ERROR: the outside engine failed; not scored)."""

REPLY_SLACK = 30.0
"""Seconds an outside engine may take to answer beyond its thinking time before its game is given up."""

CLOCK_SLACK = 20
"""A master's (or a rung's) clock in a match is this many times its budget: its seeded search stops on its work
count unless the machine is twenty-odd times slower than an idle one (at a load of 10 on the two cores the
kernel ran at a ninth of its idle speed, and a clock of one budget cut the counts short)."""

WEIGHT_NAMES = ("explore", "rave_equiv", "first_urgency", "margin_weight", "komi_share", "prior", "local", "widen")
"""The master's weights ``--a-weights`` may set: ``ai.kernel.uct``'s ``P_*`` indices, lower case (its komi is set by
the search itself). Read there once A's master moves: importing that module compiles the kernel."""

_COLOURS = {Player.BLUE: "Black", Player.RED: "Red"}
"""Our colours as oppai-cli names them: Blue moves first, as its Black does."""


@dataclass(frozen=True)
class Job:
    """One game to play: who is who, on what board, with what seeds."""

    number: int
    a: str
    b: str
    """B's level, or with ``engine`` only its name for the lines."""
    width: int
    height: int
    rules: Rules
    seed: int
    seconds: float | None
    max_moves: int
    fair_end: bool = False
    cores: int = 1
    engine: tuple[str, ...] | None = None
    """The outside engine's command line, playing B in place of a level."""
    engine_seconds: float = 1.0
    a_unread: bool = False
    """A's master searches without reading forcing lines first: is the reading worth its time against an engine?"""
    b_unread: bool = False
    """B's master searches without reading forcing lines first (``ai.kernel.master.READING``): the master before
    issue 31."""
    a_weights: tuple[tuple[str, float], ...] = ()
    """Weights A's master searches with in place of its own (:data:`WEIGHT_NAMES`; ``ai.kernel.master.WEIGHTS``)."""
    reply_slack: float = REPLY_SLACK
    clock: bool = False
    """The masters stop on the clock, as the game's full master does, not on their work count: they use their
    whole budget whatever the machine's speed (the count stops them sooner on a fast one), unrepeatably."""


@dataclass(frozen=True)
class Result:
    """How one game ended, from A's side."""

    number: int
    a_blue: bool
    a_score: Fraction
    b_score: Fraction
    moves: int
    seconds: float
    slowest: float
    ended: str = FULL_BOARD
    """FAIR_END, FULL_BOARD, MOVE_CAP or ERROR."""
    cores: int = 1
    """The most cores a move of the game was searched on."""
    at_fair_end: tuple[Fraction, Fraction, int] | None = None
    """Classic, played on past it: A's and B's scores at the fair end, and the move it came at."""
    think: tuple[float, float] = (0.0, 0.0)
    """Seconds A and B spent choosing their moves, all told."""
    turns: tuple[int, int] = (0, 0)
    """Moves A and B chose."""
    skipped: int = 0
    """Outside engine: suggestions passed over because our engine did not accept them."""
    fallbacks: int = 0
    """Outside engine: moves we chose for it when none of its suggestions was legal here."""
    refused: tuple[tuple[int, Point], ...] = ()
    """Outside engine: (move number, node) of each move it answered put:false to."""
    error: str | None = None
    """Outside engine: why the game was given up (ended is ERROR)."""
    record: str = ""
    """The game's SGF, A and B named, for ``--record``: the losses are studied from these."""


class EngineError(Exception):
    """The outside engine did not answer, answered nonsense, or is gone."""


class OutsideEngine:
    """An engine in a child process speaking oppai-cli's protocol: one JSON object a line each way.

    Its standard error goes to DEVNULL (a full pipe there would block it); its standard output
    is read by a thread, so that a reply can be waited for with a timeout.
    """

    def __init__(self, command: tuple[str, ...], slack: float = REPLY_SLACK) -> None:
        self.slack = slack
        try:
            self._proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.DEVNULL, text=True, encoding="utf-8", errors="replace",
                                          bufsize=1)
        except OSError as e:
            raise EngineError(f"cannot start the engine: {e}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        assert self._proc.stdout is not None
        self._reader = threading.Thread(target=_pump, args=(self._proc.stdout, self._lines), daemon=True)
        self._reader.start()

    def _ask(self, message: dict[str, Any], wait: float) -> dict[str, Any]:
        command = message["command"]
        try:
            assert self._proc.stdin is not None
            self._proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            self._proc.stdin.flush()
        except (OSError, ValueError):
            raise EngineError(f"the engine is gone (exit code {self._exit_code()}) before {command}") from None
        deadline = time.monotonic() + wait
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineError(f"no answer to {command} in {wait:g} s") from None
            if line is None:
                raise EngineError(f"the engine exited (code {self._exit_code()}) at {command}")
            if line.strip():
                break
        try:
            reply = json.loads(line)
        except ValueError:
            reply = None
        if not isinstance(reply, dict) or reply.get("command") != command:
            raise EngineError(f"answered {line.strip()[:80]!r} to {command}")
        return reply

    def init(self, width: int, height: int) -> None:
        self._ask({"command": "Init", "width": width, "height": height}, self.slack)

    def put(self, point: Point, player: Player) -> bool:
        """Tell it a move was played; False when it refused the move."""
        x, y = point
        reply = self._ask({"command": "PutPoint", "coords": {"x": x, "y": y}, "player": _COLOURS[player]},
                          self.slack)
        return reply.get("put") is True

    def analyze(self, player: Player, seconds: float) -> list[Point]:
        """Its moves for ``player``, best first (entries that are no node are left out)."""
        ms = max(1, round(seconds * 1000))
        reply = self._ask({"command": "Analyze", "player": _COLOURS[player],
                           "constraint": {"type": "Time", "value": ms}}, seconds + self.slack)
        moves = reply.get("moves")
        if not isinstance(moves, list):
            raise EngineError(f"Analyze without a list of moves: {str(reply)[:80]}")
        points: list[Point] = []
        for entry in moves:
            coords = entry.get("coords") if isinstance(entry, dict) else None
            if isinstance(coords, dict) and type(coords.get("x")) is int and type(coords.get("y")) is int:
                points.append((coords["x"], coords["y"]))
        return points

    def _exit_code(self) -> int | None:
        try:
            return self._proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return None

    def close(self) -> None:
        """Kill it, whatever state it is in: a match never leaves an engine behind."""
        if self._proc.poll() is None:
            self._proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(timeout=5.0)
        for stream in (self._proc.stdin, self._proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    # None marks the end: the engine closed its output (exited or was killed).
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):
        pass
    finally:
        lines.put(None)


def fair_end(game: Game) -> bool:
    """Classic: the side to move can only feed the other side, every legal move of it lying in one of
    the other side's free areas (where a dot is captured). Where a player would press «Стоп».

    A move into its own free area, or anywhere outside the other side's, is still a move to
    make, so the game goes on. Countries has no free areas: never there.
    """
    if game.rules is not Rules.CLASSIC or game.is_over:
        return False
    areas = game.free_areas(game.to_move.other)
    if not areas:
        return False
    inside = set().union(*(area.quarters for area in areas))
    # All quarters round an empty node lie in one region (no wall passes through it): one tells.
    rep, w = grid(game.width, game.height).rep, game.width
    moves = game.legal_moves()
    return bool(moves) and all(rep[y * w + x] in inside for x, y in moves)


def play_game(job: Job) -> Result:
    """Play one game to its end (a full board, the move cap or, asked for, the fair end) and score it.

    With ``job.engine`` B is that outside engine, told every move of both sides; the game is then
    given up as ERROR when the engine fails, and the engine is killed however the game ends.
    """
    a_colour = Player.BLUE if job.number % 2 == 1 else Player.RED
    # The protocol has no first-move zone: against an outside engine both sides open anywhere.
    game = Game(job.width, job.height, job.rules, zone=job.engine is None)
    if any(name.startswith("master") for name in (job.a, job.b)):
        # Compiled (or loaded from its cache) before the clock runs: the game plays the compiled master.
        kernel.wait(600)
    start = time.perf_counter()
    slowest = 0.0
    ended = FULL_BOARD
    cores = 1
    at_fair_end = None
    spent = [0.0, 0.0]
    turns = [0, 0]
    skipped = fallbacks = 0
    refused: list[tuple[int, Point]] = []
    error = None
    engine = None
    try:
        if job.engine is not None:
            engine = OutsideEngine(job.engine, job.reply_slack)
            engine.init(job.width, job.height)
        while not game.is_over:
            if game.move_count >= job.max_moves:
                ended = MOVE_CAP
                break
            if at_fair_end is None and fair_end(game):
                if job.fair_end:
                    ended = FAIR_END
                    break
                # Played on, the game still tells where it could have ended fairly, and how it stood.
                at_fair_end = (game.score(a_colour), game.score(a_colour.other), game.move_count)
            mover = game.to_move
            side = 0 if mover is a_colour else 1
            seed = job.seed * 100_003 + game.move_count
            t0 = time.perf_counter()
            if engine is not None and side == 1:
                suggested = engine.analyze(mover, job.engine_seconds)
                think_time = time.perf_counter() - t0
                # Its captures come sooner than ours (a dot in a walled-in empty area): it can name a node
                # we refuse. Our engine is the referee: its first move we accept, else one of ours.
                legal = next((i for i, p in enumerate(suggested) if game.is_legal(p)), None)
                if legal is None:
                    skipped += len(suggested)
                    fallbacks += 1
                    move = game.random_move(random.Random(seed))
                    assert move is not None  # the game is not over: there is a legal move
                else:
                    skipped += legal
                    move = suggested[legal]
            else:
                level, seconds = _budget(job.a if side == 0 else job.b, job)
                clock = None if level != "master" or job.clock else \
                    CLOCK_SLACK * (seconds if seconds is not None else budget(level, job.width, job.height))
                thought = _think(job, side, game, level, seconds, None if job.clock and level == "master" else seed,
                                 clock)
                think_time = time.perf_counter() - t0
                cores = max(cores, thought.cores)
                move = thought.move
            spent[side] += think_time
            turns[side] += 1
            slowest = max(slowest, think_time)
            game.play(move)
            if engine is not None and not engine.put(move, mover):
                refused.append((game.move_count, move))
    except EngineError as e:
        ended, error = ERROR, str(e)
    finally:
        if engine is not None:
            engine.close()
    names = {a_colour: job.a, a_colour.other: job.b}
    record = sgf.dumps(game, info={"PB": names[Player.BLUE], "PW": names[Player.RED], "GN": f"game {job.number}"})
    return Result(job.number, a_colour is Player.BLUE, game.score(a_colour), game.score(a_colour.other),
                  game.move_count, time.perf_counter() - start, slowest, ended, cores, at_fair_end,
                  (spent[0], spent[1]), (turns[0], turns[1]), skipped, fallbacks, tuple(refused), error, record)


def _think(job: Job, side: int, game: Game, level: str, seconds: float | None, seed: int | None,
           clock: float | None) -> Thought:
    """``ai.think`` for one side of ``job``: a master without its reading where ``job.a_unread``/``b_unread`` says so,
    and A's with ``job.a_weights`` (one game at a time in a process: the switches are put back before the other
    side moves)."""
    unread = (job.a_unread, job.b_unread)[side]
    weights = job.a_weights if side == 0 else ()
    if not ((unread or weights) and level == "master"):
        return think(game, level, seconds=seconds, seed=seed, cores=job.cores, clock_seconds=clock)
    from ai.kernel import master as compiled  # loaded: play_game waited for the kernel
    from ai.kernel import uct

    compiled.READING = not unread
    compiled.WEIGHTS = {int(getattr(uct, f"P_{name.upper()}")): value for name, value in weights}
    try:
        return think(game, level, seconds=seconds, seed=seed, cores=job.cores, clock_seconds=clock)
    finally:
        compiled.READING = True
        compiled.WEIGHTS = {}


def _budget(name: str, job: Job) -> tuple[str, float | None]:
    """The level a side plays and its budget: a rung between («master/16») searches its share of the master's
    budget, or of ``--seconds`` when given; a level has ``--seconds`` or its own."""
    if "/" not in name:
        return name, job.seconds
    step = rung(name)
    if job.seconds is None:
        return step.level.value, step.seconds(job.width, job.height)
    return step.level.value, job.seconds / step.share


def elo_line(wins: int, losses: int, draws: int) -> str:
    """How far A's rating is above B's by the score (a draw half a point), with a 95 % interval.

    The interval is the score's, two standard errors either way, turned into ratings; a match won or lost
    whole has no finite estimate: it then says the one-sided bound (the score that would make such a
    sweep one chance in twenty) and, as the ladder counts it, the score as if half a game had gone the other
    way.

    >>> elo_line(31, 5, 4)
    'elo: A-B +269 (95 %: +162 to +455), score 33.0 of 40'
    >>> elo_line(40, 0, 0)
    'elo: A-B at least +444 (95 %, one-sided); +759 counting half a game lost, score 40.0 of 40'
    """
    n = wins + losses + draws
    if n == 0:
        return "elo: no game scored"
    score = (wins + draws / 2) / n
    if score in (0.0, 1.0):
        bound = 0.05 ** (1 / n)
        sign = 1 if score == 1.0 else -1
        half = (n - 0.5) / n
        return (f"elo: A-B at {'least' if sign > 0 else 'most'} {sign * difference(bound):+.0f} (95 %, one-sided); "
                f"{sign * difference(half):+.0f} counting half a game {'lost' if sign > 0 else 'won'}, "
                f"score {wins + draws / 2:.1f} of {n}")
    spread = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    se = math.sqrt(spread / n)
    low, high = score - 1.96 * se, score + 1.96 * se
    shown = [f"{difference(x):+.0f}" if 0 < x < 1 else ("-inf" if x <= 0 else "+inf") for x in (low, high)]
    return f"elo: A-B {difference(score):+.0f} (95 %: {shown[0]} to {shown[1]}), score {wins + draws / 2:.1f} of {n}"


def _fair_note(r: Result) -> str:
    if r.at_fair_end is None:
        return ""
    a, b, move = r.at_fair_end
    return f"; at the fair end (move {move}) {format_score(a)} : {format_score(b)}"


def _engine_note(r: Result) -> str:
    notes = []
    if r.error is not None:
        notes.append(r.error)
    if r.skipped:
        notes.append(f"{r.skipped} of its suggestions not legal here")
    if r.fallbacks:
        notes.append(f"{r.fallbacks} move{'s' if r.fallbacks > 1 else ''} played for it (no legal suggestion)")
    if r.refused:
        shown = ", ".join(f"move {n} {p}" for n, p in r.refused[:5])
        more = ", …" if len(r.refused) > 5 else ""
        notes.append(f"it refused {len(r.refused)} put{'s' if len(r.refused) > 1 else ''} ({shown}{more})")
    return f"; engine: {'; '.join(notes)}" if notes else ""


def _average(seconds: float, moves: int) -> str:
    return f"{seconds / moves:.2f} s" if moves else "-"


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 15x15, not {text!r}") from None
    return w, h


def _command(text: str) -> tuple[str, ...]:
    try:
        words = tuple(shlex.split(text))
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"cannot split the engine's command line {text!r}: {e}") from None
    if not words:
        raise argparse.ArgumentTypeError("the engine's command line is empty")
    return words


def _weights(text: str) -> tuple[tuple[str, float], ...]:
    weights = []
    for item in text.split(","):
        name, _, value = item.partition("=")
        name = name.strip().lower()
        if name not in WEIGHT_NAMES:
            raise argparse.ArgumentTypeError(f"no weight {name!r}: the weights are {', '.join(WEIGHT_NAMES)}")
        try:
            number = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a number, not {value!r}") from None
        if not math.isfinite(number) or number < 0:
            raise argparse.ArgumentTypeError(f"{name} must be a finite number from 0, not {value!r}")
        weights.append((name, number))
    return tuple(weights)


def _check_engine(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuses (``parser.error``) an outside engine that cannot play, or ``--a-unread``/``--b-unread``/``--a-weights``
    for no master."""
    if args.a_unread and not args.a.startswith("master"):
        parser.error("--a-unread is for A a master (or a rung of it)")
    if args.b_unread and (args.b is None or not args.b.startswith("master")):
        parser.error("--b-unread is for B a master (or a rung of it)")
    if args.a_weights and not args.a.startswith("master"):
        parser.error("--a-weights is for A a master (or a rung of it)")
    if args.engine is not None:
        if args.rules is not None and Rules(args.rules) is not Rules.CLASSIC:
            parser.error(f"an outside engine plays classic only (its protocol has no countries and no first-move "
                         f"zone): use --rules classic, not {args.rules}")
        if shutil.which(args.engine[0]) is None:
            parser.error(f"--engine: no program to run at {args.engine[0]!r}")
        if not args.engine_seconds > 0:
            parser.error("--engine-seconds must be more than 0")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.match", description=__doc__.splitlines()[0])
    names = LEVELS + ("novice",) + tuple(r.name for r in RUNGS if r.share != 1)
    parser.add_argument("--a", required=True, choices=names, help="A's level, or a rung between such as master/16")
    parser.add_argument("--b", choices=names, help="B's level or rung (or --engine)")
    parser.add_argument("--engine", type=_command, default=None,
                        help="B is an outside engine speaking oppai-cli's JSON-lines protocol: its command line, "
                             "split as a shell would (e.g. \"PATH -t 1 -p debuts.txt heuristics.txt\"); classic only")
    parser.add_argument("--engine-seconds", type=float, default=1.0, help="the outside engine's time a move")
    parser.add_argument("--a-unread", action="store_true",
                        help="A's master does not read forcing lines at the root (the master before issue 31)")
    parser.add_argument("--b-unread", action="store_true",
                        help="B's master does not read forcing lines at the root (the master before issue 31)")
    parser.add_argument("--a-weights", type=_weights, default=(),
                        help="A's master searches with these weights in place of its own, as NAME=VALUE,... with "
                             f"names from {', '.join(WEIGHT_NAMES)} (ai.kernel.uct.PARAMS)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=1,
                        help="the number of the first game: games FIRST to FIRST+GAMES-1 of the seed's series, each "
                             "with its own seed and colours, so that a series stopped early can be finished")
    parser.add_argument("--size", type=_size, default=(15, 15))
    parser.add_argument("--rules", choices=[r.value for r in Rules], default=None,
                        help="default countries; classic against an outside engine")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=None, help="thinking time per move (default: each level's)")
    parser.add_argument("--max-moves", type=int, default=None, help="move cap (default: every node once)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--fair-end", action="store_true",
                        help="classic: end a game when the side to move could only feed the other side's free areas")
    parser.add_argument("--cores", type=int, default=1,
                        help="processes each master searches in (default 1: the games already run two at a time)")
    parser.add_argument("--clock", action="store_true",
                        help="masters stop on the clock as in the game (their whole budget), not on their work "
                             "count; unrepeatable")
    parser.add_argument("--record", type=Path, default=None,
                        help="a folder to write each game into as game-N.sgf (A and B named), to study them")
    args = parser.parse_args(argv)
    if args.cores < 1 or args.jobs < 1 or args.first < 1:
        parser.error("--cores, --jobs and --first are whole numbers from 1")
    if (args.b is None) == (args.engine is None):
        parser.error("B is either a level (--b) or an outside engine (--engine): give one of them")
    _check_engine(parser, args)
    rules = Rules(args.rules) if args.rules is not None else \
        Rules.CLASSIC if args.engine is not None else Rules.COUNTRIES
    b_name = args.b if args.engine is None else os.path.basename(args.engine[0])
    w, h = args.size
    cap = args.max_moves if args.max_moves is not None else w * h
    jobs = [Job(i, args.a, b_name, w, h, rules, args.seed * 1000 + i, args.seconds, cap, args.fair_end,
                args.cores, args.engine, args.engine_seconds, a_unread=args.a_unread, b_unread=args.b_unread,
                a_weights=args.a_weights, clock=args.clock)
            for i in range(args.first, args.first + args.games)]
    a_weights = "".join(f" {name}={value:g}" for name, value in args.a_weights)
    print(f"{args.a}{' unread' if args.a_unread else ''}{a_weights} (A) vs {b_name}{' unread' if args.b_unread else ''} (B): {args.games} games"
          f"{f' from game {args.first}' if args.first > 1 else ''}, {w}x{h} {rules.value}, seed {args.seed}, "
          f"seconds {args.seconds if args.seconds is not None else 'default'}"
          f"{f', engine seconds {args.engine_seconds:g}, no first-move zone' if args.engine is not None else ''}"
          f"{', fair end' if args.fair_end else ''}{f', {args.cores} cores a master' if args.cores > 1 else ''}"
          f"{', masters on the clock' if args.clock else ''}",
          flush=True)
    wins = losses = draws = errors = 0
    margin = Fraction(0)
    endings = dict.fromkeys((FAIR_END, FULL_BOARD, MOVE_CAP, ERROR), 0)
    fair_seen = fair_wins = 0
    fair_margin = Fraction(0)
    spent = [0.0, 0.0]
    turns = [0, 0]
    started = time.perf_counter()
    # Not multiprocessing.Pool: its workers are daemonic and may not start children (the kernel's compile).
    # Spawned, not forked: a fork would share the parent's state, the kernel's loading thread among it.
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        for r in pool.map(play_game, jobs):
            endings[r.ended] += 1
            for side in (0, 1):
                spent[side] += r.think[side]
                turns[side] += r.turns[side]
            diff = r.a_score - r.b_score
            if r.ended == ERROR:
                # Cut short by the engine, not decided by play: the game counts nowhere.
                errors += 1
                verdict = "error"
            elif diff > 0:
                wins += 1
                verdict = "A wins"
            elif diff < 0:
                losses += 1
                verdict = "B wins"
            else:
                draws += 1
                verdict = "draw"
            if r.ended != ERROR:
                margin += diff
            print(f"game {r.number:3d}: A {'blue' if r.a_blue else 'red '} {format_score(r.a_score):>5} : "
                  f"{format_score(r.b_score):<5} B  {verdict:7s} {r.moves:4d} moves {r.seconds:7.1f} s "
                  f"(a move A {_average(r.think[0], r.turns[0])}, B {_average(r.think[1], r.turns[1])}; "
                  f"slowest move {r.slowest:.2f} s{f', up to {r.cores} cores' if args.cores > 1 else ''}), "
                  f"{r.ended}{_fair_note(r)}{_engine_note(r)}", flush=True)
            if args.record is not None:
                args.record.mkdir(parents=True, exist_ok=True)
                (args.record / f"game-{r.number}.sgf").write_text(r.record, encoding="utf-8")
            if r.at_fair_end is not None and r.ended != ERROR:
                fair_seen += 1
                fair_wins += r.at_fair_end[0] > r.at_fair_end[1]
                fair_margin += r.at_fair_end[0] - r.at_fair_end[1]
    scored = args.games - errors
    print(elo_line(wins, losses, draws))
    print(f"think time a move: A {_average(spent[0], turns[0])}, B {_average(spent[1], turns[1])}")
    games = max(1, scored)
    print(f"{args.a} vs {b_name}: A won {wins} of {scored}{f' scored ({errors} errors)' if errors else ''} "
          f"({100 * wins / games:.0f}%), average margin A-B {float(margin) / games:+.2f}, "
          f"{time.perf_counter() - started:.0f} s; ended: "
          + ", ".join(f"{how} {count}" for how, count in endings.items() if count))
    if fair_seen:
        print(f"at the fair end ({fair_seen} games reached it): A won {fair_wins}, "
              f"average margin A-B {float(fair_margin) / fair_seen:+.2f}")
    print(f"match: A wins {wins}, B wins {losses}, draws {draws}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
