"""Game records: reading and writing SGF (FF[4], ``GM[40]``) as docs/RULES.md §4 says.

A record is what the save and load screens write and read, in the shape that
other Dots programs (zagram.org, for one) use too::

    (;FF[4]GM[40]CA[UTF-8]AP[tochki-strany:1.0.0]SZ[39:32]RU[classic]
      AB[lk][ml]AW[ll][mk];B[qv];W[rv];B[zs]STOP[W];B[ry]FINISH[B])

- ``SZ[N]`` for a square board, else ``SZ[W:H]``; 1 to 52 nodes each way.
- ``RU[countries]`` or ``RU[classic]``; any other ``RU`` value, and no ``RU``
  at all, reads as classic (that is what other programs' ``GM[40]`` records are).
- Blue plays as ``B``, Red as ``W``. A node is two letters, column then row,
  ``a``–``z`` then ``A``–``Z`` for 0–51. Text after a dot in a move
  (``W[Aw.zvywzxAwzv]``, the loop another program drew) is ignored: the
  position is always recomputed by the engine.
- Setup dots are ``AB``/``AW`` (``aa:cc`` rectangles too) in the nodes before
  the first move. Within one node the ``AB`` dots go down before the ``AW``
  dots; a setup whose colours alternate in another order is written over
  several setup nodes so that it loads in exactly the same order.
- ``PL[W]`` in a setup node: Red is to move first. A last node holding only
  ``PL`` sets who is to move when that differs from what the moves imply.

Stop and Finish (private properties; other programs ignore unknown ones):

- ``STOP[B]`` / ``STOP[W]``: that player pressed Stop (classic). It sits on the
  node of the move after which it was pressed, or on the last setup node (the
  root) when it was pressed before any move. The other player's moves follow
  as usual, and they may be consecutive moves of one colour.
- ``FINISH[B]`` / ``FINISH[W]``: the game was finished with that player to
  move, placed the same way; within one node the order is move, ``STOP``,
  ``FINISH``.

How the game ended (:class:`engine.ending.Ending`, ``dumps``' ``ending``) is the
standard ``RE`` in the root, as other programs write it: ``B+T`` / ``W+T`` when the
other player's clock ran out, ``B+R`` / ``W+R`` when the other resigned («Сдаться»,
or another program's record), else for a game that is over the
count, ``B+3``, ``W+4.5``, ``0`` for a draw. :func:`read` reads it back as the
record's ``ending``: ``+T``/``+Time`` and ``+R``/``+Resign`` name the loser, a count
(or ``Draw``, ``Void``, ``?``, anything else) leaves the ending to the board.

A game played on a clock (:class:`Times`, written when ``dumps`` is given one and
read by :func:`read`, never needed for the game itself): ``TM[300]`` in the root
is each player's time in seconds, ``OT[Fischer 3]`` the seconds added after each
move, and ``BL[287.4]`` / ``WL[291]`` on a move's node the time its player had left
after it, as SGF defines them.

``HN[3]`` in the root (private): the player used three hints («Подсказка») against
the computer; :func:`hints_info` writes it as ``dumps``' ``info``, :func:`read` reads it
back as the record's ``hints`` (anything but a plain count is none). ``TAKEBACKS[2]`` likewise
counts the presses of «Отменить» that took something back (:func:`takebacks_info`, :func:`read_takebacks`;
not SGF's ``TB``, which is Black's territory).

``ENGINE[kernel]`` or ``ENGINE[uncompiled]`` in the root (private): the computer's master
played on its compiled kernel, or (where that cannot be compiled) on the same search
uncompiled, much weaker; ``ENGINE[amateur]``: the kernel failed to load, and the amateur
played for the master; :func:`engine_info` writes it, :func:`read_engine` reads it. The
computer's name and level stay in ``PB``/``PW`` and ``BR``/``WR``, for other programs.

One parse per record: :func:`read` gives the game, the root's properties, the clock,
the hints and the ending together (a :class:`Record`; :func:`write` is its inverse).
:func:`loads` (the game alone), :func:`read_info` and :func:`read_times` stay for
what needs one part only; a caller that needs two reads the :class:`Record`.

Reading is defensive: only the first game tree is read, its main line (the first
variation at each branch) is followed by an iterative parser, and anything
wrong (size, truncation, bad coordinates, an illegal move, limits on size and
node count) raises :class:`SgfError` saying what and where.

>>> from engine import Game, Player
>>> g = Game(width=5, height=4)
>>> for point in [(1, 1), (3, 2)]:
...     _ = g.play(point)
>>> dumps(g).replace(VERSION, "X.Y.Z")
'(;FF[4]GM[40]CA[UTF-8]AP[tochki-strany:X.Y.Z]SZ[5:4]RU[countries];B[bb];W[dc])'
>>> loads(dumps(g)).history == g.history
True
>>> record = read(dumps(g, ending=Ending(How.TIME, Player.RED)))
>>> record.info["RE"], record.ending, record.game.history == g.history
('B+T', Ending(how=<How.TIME: 'time'>, flag=<Player.RED: 2>), True)
"""

from __future__ import annotations

import enum
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from engine.about import NAME, VERSION
from engine.ending import Ending, How
from engine.game import Game
from engine.types import MAX_SIZE, Action, ActionKind, IllegalMove, Player, Point, Rules

# A full 52×52 game is 2,704 moves, about 20 KB; the limits leave room for
# comments and variations, and keep the worst record's parse near 0.3 s.
MAX_INPUT = 1024 * 1024
"""Longest record read, in characters (or bytes when given bytes)."""
MAX_NODES = 20_000
"""Most nodes (all variations together) read from one record."""
MAX_VALUES = 60_000
"""Most property values read from one record."""

APPLICATION = NAME
"""``AP``'s name part; records of ours say ``AP[tochki-strany:X.Y.Z]``, with the version that wrote them."""
NO_ZONE = "NOZONE"
"""Root property of a classic record of ours that was played without the first-move zone."""
STOP = "STOP"
FINISH = "FINISH"
HINTS = "HN"
"""Root property of ours: how many hints the player used against the computer."""
_MOST_HINTS = 100_000  # more than any game has moves: a larger figure is no count
TAKEBACKS = "TAKEBACKS"
"""Root property of ours: how many times moves were taken back («Отменить»)."""
ENGINE = "ENGINE"
"""Root property of ours: which engine played the computer's master (:class:`MasterEngine`)."""


class MasterEngine(enum.Enum):
    """What the computer's master searched on, as the record's ``ENGINE`` names it: the one source of
    these names (the game's screens say them in words)."""

    KERNEL = "kernel"
    """The compiled kernel: full strength."""
    UNCOMPILED = "uncompiled"
    """The same search uncompiled, where the kernel cannot be compiled: much weaker."""
    AMATEUR = "amateur"
    """No search: numba was there but the kernel failed to load (searching uncompiled would have compiled it
    in the game's own process), so the amateur played for the master."""

_LETTERS = string.ascii_lowercase + string.ascii_uppercase
_INDEX = {c: i for i, c in enumerate(_LETTERS)}
_LETTER_OF = {Player.BLUE: "B", Player.RED: "W"}
_PLAYER_OF = {"B": Player.BLUE, "W": Player.RED}
_ACTIONS = ("B", "W", STOP, FINISH)
# Properties that loads() interprets; every other one is ignored.
_READ = frozenset({"AP", NO_ZONE, "GM", "SZ", "RU", "AB", "AW", "AE", "PL", "B", "W", STOP, FINISH})
# Root properties that dumps() writes itself and ``info`` may not override.
_RESERVED = frozenset({NO_ZONE, "FF", "GM", "CA", "AP", "SZ", "RU", "AB", "AW", "AE", "PL", "RE", "B", "W", STOP, FINISH,
                       "TM", "OT", "BL", "WL"})
_TIMES = frozenset({"TM", "OT", "B", "W", "BL", "WL"})
RESULT = "RE"
_LOST_BY = {How.TIME: "T", How.RESIGN: "R"}
# RE of a game won on time or by resignation, as SGF spells it (``B+T``, ``W+Resign``); a little
# room for the spaces other programs put in, and no more (a long value is no such result).
_RESULT_LOST = re.compile(r"([BW])\s{0,3}\+\s{0,3}(t|time|r|resign)", re.IGNORECASE)
_HOW_LOST = {"t": How.TIME, "time": How.TIME, "r": How.RESIGN, "resign": How.RESIGN}
_TIME_LEFT = {Player.BLUE: "BL", Player.RED: "WL"}
MAX_CLOCK_SECONDS = 100 * 3600
"""The longest time a record's clock may hold; a larger figure is not a clock and is ignored."""
_SECONDS = re.compile(r"\d{1,9}(?:\.\d{1,6})?")
"""A time in a record: plain decimal seconds (no sign, exponent, nan or inf)."""
_FISCHER = re.compile(r"fischer\s*\+?(\d{1,4})", re.IGNORECASE)

_SPACE = re.compile(r"\s*")
_IDENT = re.compile(r"[A-Za-z]+")
# A backslash before a line break is a soft break (both go); before anything else it escapes it.
_UNESCAPE = re.compile(r"\\(?:\r\n|\n\r|[\r\n]|(.))", re.DOTALL)
# The ']' closing a value: the first one after an even run of backslashes.
_CLOSE = re.compile(r"[^\\](?:\\\\)*\]")

Node = dict[str, list[str]]


class Problem(enum.Enum):
    """What kind of trouble a record has: what a player is told, while the message holds the detail."""

    NOT_RECORD = "not_record"
    """Not a Dots record at all (no ``(;``, another game)."""
    NOT_TEXT = "not_text"
    """Bytes that are not UTF-8 text."""
    DAMAGED = "damaged"
    """A Dots record whose structure or values are broken or cut short."""
    TOO_LARGE = "too_large"
    """More than a game of Dots can need (``MAX_INPUT``, ``MAX_NODES``, ``MAX_VALUES``)."""
    UNSUPPORTED = "unsupported"
    """Well formed, but asks for what this game cannot do (AE, setup mid-game, a board over ``MAX_SIZE``)."""
    ILLEGAL = "illegal"
    """A move, Stop or turn that the rules do not allow at that point."""


class SgfError(ValueError):
    """A record that cannot be read; the message says what is wrong and where, ``problem`` what kind of trouble.

    >>> try:
    ...     loads("(;GM[40]SZ[9];B[zz])")
    ... except SgfError as e:
    ...     e.problem
    <Problem.ILLEGAL: 'illegal'>
    """

    def __init__(self, message: str, problem: Problem = Problem.NOT_RECORD) -> None:
        super().__init__(message)
        self.problem = problem


class Times(NamedTuple):
    """A game's clock as a record keeps it.

    >>> g = Game(5, 5); _ = g.play((1, 1)); _ = g.play((3, 3))
    >>> text = dumps(g, times=Times(300, 3, (298.5, None)))
    >>> text[text.index("TM"):]
    'TM[300]OT[Fischer 3];B[bb]BL[298.5];W[dd])'
    >>> read_times(text) == Times(300, 3, (298.5, None))
    True
    """

    limit: float | None
    """Each player's time in seconds (``TM``); None: no clock."""
    increment: float = 0
    """Seconds added to a player's time after each of their moves (``OT[Fischer N]``)."""
    left: tuple[float | None, ...] = ()
    """One per move, in order: the time its player had left after it (``BL``/``WL``); None: not known."""

    def left_at(self, history: tuple[Action, ...], moves: int) -> dict[Player, float | None]:
        """Each player's time left after the first ``moves`` moves of ``history``: the latest
        figure recorded for them by then, else the full time (None without a clock).

        >>> g = Game(5, 5); _ = g.play((1, 1)); _ = g.play((3, 3))
        >>> Times(300, 0, (290, 280)).left_at(g.history, 1)
        {<Player.BLUE: 1>: 290, <Player.RED: 2>: 300}
        """
        shown: dict[Player, float | None] = {Player.BLUE: self.limit, Player.RED: self.limit}
        done = 0
        for action in history:
            if action.kind is not ActionKind.MOVE:
                continue
            if done >= moves:
                break
            if done < len(self.left) and self.left[done] is not None:
                shown[action.player] = self.left[done]
            done += 1
        return shown


def _seconds_text(value: float) -> str:
    """A time for a record: seconds to a tenth, no needless zeros (``287.4``, ``300``)."""
    return f"{value:.1f}".removesuffix(".0")


# ----- writing ---------------------------------------------------------------------


def dumps(game: Game, *, info: Mapping[str, str] | None = None, times: Times | None = None,
          ending: Ending | None = None) -> str:
    """The SGF text of the whole game: setup, moves, Stop and Finish.

    ``info`` adds text properties to the root, such as ``PB``/``PW`` (player
    names), ``DT`` (date) or ``C`` (a comment); :func:`read` reads them back.
    ``times`` adds the clock (``TM``, ``OT``, and ``BL``/``WL`` after each move
    it has a figure for); :func:`read` reads it back. ``ending`` says how the game
    ended, for ``RE``: a player who lost on time or resigned (``B+T``, ``W+R``) even
    mid-game; otherwise a game that is over gets its count (``B+3``, ``0``).
    """
    if not isinstance(game, Game):
        raise TypeError(f"dumps() needs a Game, not {type(game).__name__}")
    root = [f"FF[4]GM[40]CA[UTF-8]AP[{APPLICATION}:{VERSION}]", _size_text(game.width, game.height),
            f"RU[{game.rules.value}]"]
    if game.rules is Rules.CLASSIC and not game.zone_rule and not game.setup:
        root.append(f"{NO_ZONE}[1]")
    root += _info_properties(info or {})
    clock, left = _clock_properties(times)
    root += clock

    history = game.history
    first_to_move = history[0].player if history else game.to_move
    if first_to_move is Player.RED:
        root.append("PL[W]")
    if (result := _result(game, ending)) is not None:
        root.append(f"{RESULT}[{result}]")

    setup = _setup_nodes(game.setup)
    nodes: list[list[str]] = [root + setup[0], *setup[1:]]

    # What a reader's to_move will be after each action, to spot a final PL.
    to_move, stopped, moves = first_to_move, False, 0
    for action in history:
        letter = _LETTER_OF[action.player]
        if action.kind is ActionKind.MOVE:
            assert action.point is not None
            nodes.append([f"{letter}[{point_text(action.point)}]"])
            if moves < len(left) and (remaining := left[moves]) is not None:
                nodes[-1].append(f"{_TIME_LEFT[action.player]}[{_seconds_text(remaining)}]")
            moves += 1
            to_move = action.player if stopped else action.player.other
        elif action.kind is ActionKind.STOP:
            nodes[-1].append(f"{STOP}[{letter}]")
            stopped, to_move = True, action.player.other
        else:
            nodes[-1].append(f"{FINISH}[{letter}]")
            to_move = action.player
    if game.to_move is not to_move:
        nodes.append([f"PL[{_LETTER_OF[game.to_move]}]"])
    return "(" + "".join(";" + "".join(props) for props in nodes) + ")"


def _info_properties(info: Mapping[str, str]) -> list[str]:
    """The root's text properties from ``dumps``' ``info``, each name and value checked."""
    properties = []
    for ident, value in info.items():
        if not (isinstance(ident, str) and ident.isascii() and ident.isalpha() and ident.isupper()):
            raise ValueError(f"info property {ident!r} must be capital letters")
        if ident in _RESERVED:
            raise ValueError(f"info property {ident} is written by dumps() itself")
        if not isinstance(value, str):
            raise TypeError(f"info property {ident} must be text, not {type(value).__name__}")
        properties.append(f"{ident}[{_escape(value)}]")
    return properties


def _clock_properties(times: Times | None) -> tuple[list[str], tuple[float | None, ...]]:
    """The root's clock properties (``TM``, ``OT``) and the time left after each move, every figure
    checked; none for a game without a clock."""
    if times is None or times.limit is None:
        return [], ()
    for figure in (times.limit, times.increment, *(v for v in times.left if v is not None)):
        if not 0 <= figure <= MAX_CLOCK_SECONDS:  # also refuses nan
            raise ValueError(f"a clock time of {figure!r} s is not one")
    if times.limit <= 0:
        raise ValueError("a clock needs some time")
    properties = [f"TM[{_seconds_text(times.limit)}]"]
    if times.increment:
        properties.append(f"OT[Fischer {_seconds_text(times.increment)}]")
    return properties, times.left


def _setup_nodes(setup: tuple[tuple[Player, Point], ...]) -> list[list[str]]:
    """Setup properties node by node, the first for the root (always at least that one).

    Runs of one colour keep their order; a node takes an AB run and then an AW
    run, which is the order a reader applies them in.
    """
    runs: list[tuple[Player, list[Point]]] = []
    for player, point in setup:
        if runs and runs[-1][0] is player:
            runs[-1][1].append(point)
        else:
            runs.append((player, [point]))
    groups: list[list[str]] = [[]]
    for player, points in runs:
        if player is Player.BLUE and groups[-1]:
            groups.append([])  # runs alternate, so a Red run always fits after a Blue one
        groups[-1].append(("AB" if player is Player.BLUE else "AW")
                          + "".join(f"[{point_text(p)}]" for p in points))
    return groups


def coordinate(index: int) -> str:
    """The letter of column or row ``index`` (0 to 51), as a record names it: ``a``–``z``, then ``A``–``Z``.

    The board's coordinates (:mod:`game.view.coordinates`) are these letters.

    >>> coordinate(0), coordinate(25), coordinate(26), coordinate(51)
    ('a', 'z', 'A', 'Z')
    """
    return _LETTERS[index]


def point_text(point: Point) -> str:
    """Two letters for a node, column then row: ``(0, 0)`` → ``aa``, ``(51, 26)`` → ``ZA``."""
    x, y = point
    return coordinate(x) + coordinate(y)


def _size_text(width: int, height: int) -> str:
    return f"SZ[{width}]" if width == height else f"SZ[{width}:{height}]"


def _escape(text: str) -> str:
    # Only these two characters are special inside an SGF value.
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _result(game: Game, ending: Ending | None = None) -> str | None:
    """``RE``'s value: who won on time or by resignation, else the count of a game that is over
    (None: a game under way, which has no result yet)."""
    if ending is not None and ending.decided and ending.flag is not None:
        return f"{_LETTER_OF[ending.flag.other]}+{_LOST_BY[ending.how]}"
    if not game.is_over:
        return None
    blue, red = game.score(Player.BLUE), game.score(Player.RED)
    if blue == red:
        return "0"
    winner = "B" if blue > red else "W"
    margin = abs(blue - red)
    return f"{winner}+{_number(margin)}"


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def write(record: Record) -> str:
    """The SGF text of ``record`` (:func:`read`'s inverse): its game, its root's own properties
    (names, date, comments; not what ``dumps`` writes itself), clock, hints and ending.

    >>> g = Game(5, 5); _ = g.play((1, 1)); _ = g.finish()
    >>> text = dumps(g, info={"PB": "Маша", **hints_info(2)}, ending=Ending(How.TIME, Player.BLUE))
    >>> write(read(text)) == text
    True
    """
    info = {ident: value for ident, value in record.info.items()
            if ident not in _RESERVED and ident not in (HINTS, TAKEBACKS)}
    return dumps(record.game, info=info | hints_info(record.hints) | takebacks_info(record.takebacks),
                 times=record.times, ending=record.ending)


# ----- reading -------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Record:
    """All a record holds, from one parse (:func:`read`): the game and what is written around it.

    Only ``game`` can make a record unreadable; the rest is taken as far as it makes sense
    (an odd clock is none, an odd hint count none, an unknown ``RE`` leaves the ending to the board).
    """

    game: Game
    """The game replayed move by move, in the recorded state (as :func:`loads` gives it)."""
    info: Mapping[str, str] = field(default_factory=dict)
    """The root's properties, first value of each, unescaped (``PB``, ``PW``, ``DT``, ``C``, ``RE`` …)."""
    times: Times = Times(None)
    """The clock it was played on (``Times(None)``: none)."""
    hints: int = 0
    """Hints the player used against the computer (``HN``)."""
    ending: Ending | None = None
    """How it ended: a loss on time or by resignation as ``RE`` says, else as the board says when the
    game is over (finished or full); None for a game under way."""
    takebacks: int = 0
    """Times moves were taken back (``TAKEBACKS``)."""


def read(text: str | bytes | bytearray) -> Record:
    """The game a record describes and all written around it, from one parse; SgfError if the game
    cannot be read (as :func:`loads` says).

    >>> r = read("(;GM[40]SZ[5]PB[Маша]RE[W+Resign]HN[2]TM[60];B[aa]BL[55];W[bb])")
    >>> r.game.move_count, r.info["PB"], r.times, r.hints, r.ending
    (2, 'Маша', Times(limit=60.0, increment=0, left=(55.0, None)), 2, Ending(how=<How.RESIGN: 'resign'>, flag=<Player.BLUE: 1>))
    """
    # The root whole (its properties are the record's information); further on, only what the
    # game and its clock need, so a huge comment costs a scan and nothing more.
    nodes = _main_line(_as_text(text), _READ | _TIMES, whole_root=True)
    game = _replay(nodes)
    info = _info_of(nodes[0])
    return Record(game, info, _times_of(nodes), read_hints(info), _ending_of(info.get(RESULT), game),
                  read_takebacks(info))


def loads(text: str | bytes | bytearray) -> Game:
    """The game a record describes, replayed move by move; SgfError if it cannot be.

    ``bytes`` are read as UTF-8. The returned game is in the recorded state:
    stopped or finished as the record says, with the recorded player to move.
    """
    return _replay(_main_line(_as_text(text), _READ))


def _ending_of(result: str | None, game: Game) -> Ending | None:
    """How a game ended by its ``RE``: a loss on time or by resignation it names, else as the board says.

    >>> g = Game(5, 5)
    >>> _ending_of("b + time", g), _ending_of("W+R", g).flag, _ending_of("B+3", g), _ending_of("B+T" * 9, g)
    (Ending(how=<How.TIME: 'time'>, flag=<Player.RED: 2>), <Player.BLUE: 1>, None, None)
    """
    lost = _RESULT_LOST.fullmatch(result.strip()) if result is not None and len(result) <= 40 else None
    if lost is not None:
        winner = _PLAYER_OF[lost.group(1).upper()]
        return Ending(_HOW_LOST[lost.group(2).lower()], winner.other)
    return Ending.of(game) if game.is_over else None


def _replay(nodes: list[Node]) -> Game:
    """The game of a record's main line (:func:`_main_line`), replayed move by move."""
    root = nodes[0]
    _check_game_type(root)
    width, height = _board_size(root)
    rules = _rule_set(root)

    # Setup lives in the nodes before the first action and in that node itself.
    first = next((i for i, node in enumerate(nodes) if any(p in node for p in _ACTIONS)), len(nodes))
    setup, to_move = _setup_of(nodes[:first + 1], first, width, height)
    try:
        game = Game(width, height, rules, setup=setup, zone=_zone_rule(root))
    except IllegalMove as e:
        raise SgfError(f"bad setup: {e}", Problem.ILLEGAL) from None
    game.pass_to(to_move)

    move_no = 0
    for i in range(first, len(nodes)):
        node = nodes[i]
        if i > first and any(p in node for p in ("AB", "AW", "AE")):
            raise SgfError(f"node {i}: setup dots (AB/AW/AE) after the first move are not supported", Problem.UNSUPPORTED)
        if "PL" in node:
            player = _player(node, "PL", f"node {i}")
            try:
                game.pass_to(player)
            except IllegalMove as e:
                raise SgfError(f"node {i}: PL[{_LETTER_OF[player]}]: {e}", Problem.ILLEGAL) from None
        move_no = _replay_move(game, node, i, move_no)
        _replay_stop_and_finish(game, node, i)
    return game


def _setup_of(nodes: list[Node], first: int, width: int, height: int) -> tuple[list[tuple[Player, Point]], Player]:
    """The setup dots of a record's first nodes (``first`` is the node of the first action), and who
    is to move first (``PL`` before that node)."""
    setup: list[tuple[Player, Point]] = []
    taken: set[Point] = set()
    to_move = Player.BLUE
    for i, node in enumerate(nodes):
        if "AE" in node:
            raise SgfError(f"node {i}: AE (taking dots off the board) is not supported", Problem.UNSUPPORTED)
        for ident, player in (("AB", Player.BLUE), ("AW", Player.RED)):
            for value in node.get(ident, ()):
                # Refused at the first repeat, so rectangles never add up to more than the board.
                for p in _point_list(value, width, height, ident):
                    if p in taken:
                        raise SgfError(f"node {i}: {ident}[{_clip(value)}] puts a second dot on {point_text(p)}", Problem.ILLEGAL)
                    taken.add(p)
                    setup.append((player, p))
        if i < first and "PL" in node:
            to_move = _player(node, "PL", f"node {i}")
    return setup, to_move


def _replay_move(game: Game, node: Node, i: int, move_no: int) -> int:
    """Play node i's move (``B`` or ``W``), if it has one; the number of moves read so far."""
    if "B" in node and "W" in node:
        raise SgfError(f"node {i} holds both a B and a W move", Problem.ILLEGAL)
    for ident in ("B", "W"):
        if ident not in node:
            continue
        move_no += 1
        where = f"move {move_no} ({ident}[{_clip(node[ident][0])}])"
        if len(node[ident]) != 1:
            raise SgfError(f"{where}: a move has exactly one value", Problem.DAMAGED)
        player = _PLAYER_OF[ident]
        point = _move_point(node[ident][0], game.width, game.height, where)
        if game.stopped_by is player:
            raise SgfError(f"{where}: {player.name.lower()} pressed Stop and may not move", Problem.ILLEGAL)
        try:
            game.apply(Action(ActionKind.MOVE, player, point))
        except IllegalMove as e:
            raise SgfError(f"{where}: {e}", Problem.ILLEGAL) from None
    return move_no


def _replay_stop_and_finish(game: Game, node: Node, i: int) -> None:
    """Node i's ``STOP`` and then its ``FINISH``, if it holds them (after its move)."""
    if STOP in node:
        player = _player(node, STOP, f"node {i}")
        try:
            game.apply(Action(ActionKind.STOP, player))
        except IllegalMove as e:
            raise SgfError(f"node {i}: STOP[{_LETTER_OF[player]}]: {e}", Problem.ILLEGAL) from None
    if FINISH in node:
        player = _player(node, FINISH, f"node {i}")
        if game.finished:
            raise SgfError(f"node {i}: the game was already finished", Problem.ILLEGAL)
        try:
            # Finish is recorded by the player to move then.
            game.pass_to(player)
        except IllegalMove as e:
            raise SgfError(f"node {i}: FINISH[{_LETTER_OF[player]}]: {e}", Problem.ILLEGAL) from None
        game.apply(Action(ActionKind.FINISH, player))


def hints_info(count: int) -> dict[str, str]:
    """The root property that keeps ``count`` hints (none for none), for ``dumps(info=...)``.

    >>> read_hints(read_info(dumps(Game(5, 5), info=hints_info(3)))), hints_info(0)
    (3, {})
    """
    return {HINTS: str(count)} if count > 0 else {}


def read_hints(info: Mapping[str, str]) -> int:
    """The hints a record's root (:func:`read_info`) says were used: 0 when it says nothing sensible.

    >>> read_hints({}), read_hints({"HN": "-2"}), read_hints({"HN": "lots"}), read_hints({"HN": "10000000"})
    (0, 0, 0, 0)
    """
    return _count(info, HINTS)


def takebacks_info(count: int) -> dict[str, str]:
    """The root property that keeps ``count`` takebacks (none for none), for ``dumps(info=...)``.

    >>> read_takebacks(read(dumps(Game(5, 5), info=takebacks_info(2) | hints_info(1))).info), takebacks_info(0)
    (2, {})
    """
    return {TAKEBACKS: str(count)} if count > 0 else {}


def read_takebacks(info: Mapping[str, str]) -> int:
    """The takebacks a record's root says were made: 0 when it says nothing sensible.

    >>> read_takebacks({"TAKEBACKS": "3"}), read_takebacks({"TAKEBACKS": "²"}), read_takebacks({"TAKEBACKS": "-1"})
    (3, 0, 0)
    """
    return _count(info, TAKEBACKS)


def _count(info: Mapping[str, str], ident: str) -> int:
    # ASCII digits only: "²".isdigit() is True, and int("²") raises
    text = info.get(ident, "").strip()
    return int(text) if text.isascii() and text.isdigit() and int(text) <= _MOST_HINTS else 0


def engine_info(engine: MasterEngine | None) -> dict[str, str]:
    """The root property that names the engine the master played on (none for None), for ``dumps(info=...)``.

    >>> read_engine(read_info(dumps(Game(5, 5), info=engine_info(MasterEngine.UNCOMPILED)))), engine_info(None)
    (<MasterEngine.UNCOMPILED: 'uncompiled'>, {})
    """
    return {ENGINE: engine.value} if engine is not None else {}


def read_engine(info: Mapping[str, str]) -> MasterEngine | None:
    """The engine a record's root (:func:`read_info`) says the master played on; None when it names none
    it knows.

    >>> read_engine({"ENGINE": " Kernel "}), read_engine({}), read_engine({"ENGINE": "turbo"})
    (<MasterEngine.KERNEL: 'kernel'>, None, None)
    """
    try:
        return MasterEngine(info.get(ENGINE, "").strip().lower())
    except ValueError:
        return None


def read_info(text: str | bytes | bytearray) -> dict[str, str]:
    """The root's properties of a record, first value of each, unescaped.

    For showing names, date and comments (``PB``, ``PW``, ``DT``, ``C``...)
    without judging the game itself; :func:`read` gives them with the game.
    """
    return _info_of(_main_line(_as_text(text), frozenset(), whole_root=True)[0])


def _info_of(root: Node) -> dict[str, str]:
    return {ident: values[0] for ident, values in root.items()}


def read_times(text: str | bytes | bytearray) -> Times:
    """The clock a record was played on (``Times(None)`` when it has none).

    Only what reads as a plain time is taken: a negative, huge, ``nan`` or
    otherwise odd ``TM`` means no clock, an odd ``BL``/``WL`` is a time not known.
    SgfError only for what is no record at all, as :func:`loads` says.

    >>> read_times("(;GM[40]SZ[5]TM[600]OT[fischer 5];B[aa]BL[599.5];W[bb]WL[-3];B[cc]BL[nan])")
    Times(limit=600.0, increment=5.0, left=(599.5, None, None))
    >>> read_times("(;GM[40]SZ[5]TM[1e999];B[aa]BL[5])")
    Times(limit=None, increment=0, left=())
    """
    return _times_of(_main_line(_as_text(text), _TIMES))


def _times_of(nodes: list[Node]) -> Times:
    limit = _clock_seconds(_single(nodes[0], "TM"))
    if limit is None or limit <= 0:
        return Times(None)
    fischer = _FISCHER.fullmatch(_single(nodes[0], "OT") or "")
    increment = min(float(fischer.group(1)), limit) if fischer else 0
    left: list[float | None] = []
    for node in nodes:
        for ident, time_ident in (("B", "BL"), ("W", "WL")):
            if ident in node:
                left.append(_clock_seconds(_single(node, time_ident)))
    return Times(limit, increment, tuple(left))


def _clock_seconds(value: str | None) -> float | None:
    if value is None or not _SECONDS.fullmatch(value):
        return None
    seconds = float(value)
    return seconds if seconds <= MAX_CLOCK_SECONDS else None


def _as_text(text: object) -> str:
    if isinstance(text, (bytes, bytearray, memoryview)):
        raw = bytes(text)
        if len(raw) > MAX_INPUT:
            raise SgfError(f"the record is too large: {len(raw)} bytes, at most {MAX_INPUT}", Problem.TOO_LARGE)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise SgfError(f"the record is not UTF-8 text: bad byte at offset {e.start}", Problem.NOT_TEXT) from None
    if not isinstance(text, str):
        raise SgfError(f"an SGF record is text (str or UTF-8 bytes), not {type(text).__name__}", Problem.NOT_RECORD)
    if len(text) > MAX_INPUT:
        raise SgfError(f"the record is too large: {len(text)} characters, at most {MAX_INPUT}", Problem.TOO_LARGE)
    return text.removeprefix("\ufeff")


def _where(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"line {line}, column {column}"


def _main_line(text: str, keep: frozenset[str] | None = None, *, whole_root: bool = False) -> list[Node]:
    """The nodes of the first game tree's main line, read without recursion.

    Only the properties named in ``keep`` (all when None; in the root, all with
    ``whole_root``) are kept and unescaped, so that a huge comment costs a scan and
    nothing more.

    ``depth`` counts open parentheses; the main line is the sequence at
    ``main_depth`` and, when it branches, its first variation. Once the main
    line's innermost tree closes, the rest of the tree is only scanned.
    """
    n = len(text)
    pos = _skip(text, 0)
    if not text.startswith("(", pos) or not text.startswith(";", _skip(text, pos + 1)):
        raise SgfError("not an SGF record: it must start with '(;'", Problem.NOT_RECORD)
    nodes: list[Node] = []
    node: Node | None = None   # main-line node receiving properties
    in_node = False            # properties may follow (main line or not)
    depth, main_depth, main_open = 0, 0, True
    node_count = value_count = 0
    while True:
        pos = _skip(text, pos)
        if pos >= n:
            raise SgfError(f"the record is cut short: {depth} game tree(s) are not closed", Problem.DAMAGED)
        c = text[pos]
        if c == "(":
            if not text.startswith(";", _skip(text, pos + 1)):
                raise SgfError(f"a game tree must start with ';' ({_where(text, pos)})", Problem.DAMAGED)
            if main_open and depth == main_depth:
                main_depth += 1  # the first variation carries the main line on
            depth += 1
            in_node, node = False, None
            pos += 1
        elif c == ")":
            if main_open and depth == main_depth:
                main_open = False
            depth -= 1
            in_node, node = False, None
            pos += 1
            if depth == 0:
                return nodes
        elif c == ";":
            node_count += 1
            if node_count > MAX_NODES:
                raise SgfError(f"the record has too many nodes: more than {MAX_NODES}", Problem.TOO_LARGE)
            in_node = True
            node = None
            if main_open and depth == main_depth:
                node = {}
                nodes.append(node)
            pos += 1
        elif c in _INDEX:
            kept = None if whole_root and node is not None and node is nodes[0] else keep
            pos, value_count = _read_property(text, pos, in_node, node, kept, value_count)
        else:
            raise SgfError(f"unexpected character {c!r} ({_where(text, pos)})", Problem.DAMAGED)


def _read_property(text: str, pos: int, in_node: bool, node: Node | None, keep: frozenset[str] | None,
                   value_count: int) -> tuple[int, int]:
    """The property at ``pos``: its name and every value read, the values kept in ``node`` (None: in no
    node) when ``keep`` names the property (None: every name). Where it ends, and ``value_count`` (the
    record's values so far) with its own added."""
    start = pos
    pos = _skip_ident(text, pos)
    raw_ident = text[start:pos]
    ident = "".join(ch for ch in raw_ident if ch.isupper())
    if not ident:
        raise SgfError(f"property name {_clip(raw_ident)!r} has no capital letter ({_where(text, start)})", Problem.DAMAGED)
    if not in_node:
        raise SgfError(f"property {ident} is outside a node ({_where(text, start)})", Problem.DAMAGED)
    kept = node if keep is None or ident in keep else None
    values = 0
    while True:
        pos = _skip(text, pos)
        if not text.startswith("[", pos):
            break
        end = _value_end(text, pos)
        if end < 0:
            raise SgfError(f"the record is cut short inside a value of {ident} ({_where(text, pos)})", Problem.DAMAGED)
        values += 1
        value_count += 1
        if value_count > MAX_VALUES:
            raise SgfError(f"the record has too many property values: more than {MAX_VALUES}", Problem.TOO_LARGE)
        if kept is not None:
            raw = text[pos + 1:end]
            if "\\" in raw:
                raw = _UNESCAPE.sub(r"\1", raw)
            kept.setdefault(ident, []).append(raw)
        pos = end + 1
    if not values:
        if pos >= len(text):
            raise SgfError(f"the record is cut short after property {ident}", Problem.DAMAGED)
        raise SgfError(f"property {ident} has no value ({_where(text, pos)})", Problem.DAMAGED)
    return pos, value_count


def _skip(text: str, pos: int) -> int:
    """Index of the first non-space character at or after pos."""
    m = _SPACE.match(text, pos)
    return m.end() if m else pos


def _skip_ident(text: str, pos: int) -> int:
    m = _IDENT.match(text, pos)
    return m.end() if m else pos


def _value_end(text: str, pos: int) -> int:
    """Index of the ``]`` closing the value whose ``[`` is at pos, or -1 if there is none."""
    m = _CLOSE.search(text, pos)  # the '[' itself anchors a run of backslashes at the start
    return m.end() - 1 if m else -1


def _clip(value: str, limit: int = 20) -> str:
    return value if len(value) <= limit else value[:limit] + "…"


def _single(node: Node, ident: str) -> str | None:
    values = node.get(ident)
    return values[0].strip() if values else None


def _check_game_type(root: Node) -> None:
    gm = _single(root, "GM")
    if gm is None:
        raise SgfError("GM is missing: a Dots record has GM[40] (without GM, SGF means Go)", Problem.NOT_RECORD)
    if gm != "40":
        raise SgfError(f"GM[{_clip(gm)}] is not Dots: a Dots record has GM[40]", Problem.NOT_RECORD)


def _board_size(root: Node) -> tuple[int, int]:
    sz = _single(root, "SZ")
    if sz is None:
        raise SgfError("SZ (board size) is missing", Problem.DAMAGED)
    m = re.fullmatch(r"(\d+)\s*(?::\s*(\d+))?", sz)
    if m is None:
        raise SgfError(f"SZ[{_clip(sz)}] is not a board size (N or W:H)", Problem.DAMAGED)
    sides = [m.group(1), m.group(2) or m.group(1)]
    # A long digit string is too large anyway; int() of it could be refused or slow.
    if any(len(s.lstrip("0")) > 3 for s in sides):
        raise SgfError(f"SZ[{_clip(sz)}] is too large: at most {MAX_SIZE}×{MAX_SIZE}", Problem.UNSUPPORTED)
    width, height = int(sides[0].lstrip("0") or "0"), int(sides[1].lstrip("0") or "0")
    if width < 1 or height < 1:
        raise SgfError(f"SZ[{_clip(sz)}]: a board has at least one node each way", Problem.DAMAGED)
    if width > MAX_SIZE or height > MAX_SIZE:
        raise SgfError(f"SZ[{_clip(sz)}] is too large: at most {MAX_SIZE}×{MAX_SIZE}", Problem.UNSUPPORTED)
    return width, height


def _zone_rule(root: Node) -> bool:
    # Only our own records promise that classic first moves kept to the central
    # zone; other programs' records load as they were played.
    return (_single(root, "AP") or "").split(":")[0] == APPLICATION and NO_ZONE not in root


def _rule_set(root: Node) -> Rules:
    ru = _single(root, "RU")
    # Other programs write their own rule strings: those games are classic.
    return Rules.COUNTRIES if ru is not None and ru.lower() == Rules.COUNTRIES.value else Rules.CLASSIC


def _player(node: Node, ident: str, where: str) -> Player:
    value = _single(node, ident) or ""
    if value not in _PLAYER_OF:
        raise SgfError(f"{where}: {ident}[{_clip(value)}] must be B or W", Problem.DAMAGED)
    return _PLAYER_OF[value]


def _coordinates(text: str, width: int, height: int, where: str) -> Point:
    if len(text) != 2 or text[0] not in _INDEX or text[1] not in _INDEX:
        raise SgfError(f"{where}: {_clip(text)!r} is not a node (two letters a–z, A–Z)", Problem.DAMAGED)
    x, y = _INDEX[text[0]], _INDEX[text[1]]
    if x >= width or y >= height:
        raise SgfError(f"{where}: {text} {(x, y)} is off the {width}×{height} board", Problem.ILLEGAL)
    return x, y


def _move_point(value: str, width: int, height: int, where: str) -> Point:
    if not value:
        raise SgfError(f"{where}: an empty move (there is no pass in Dots)", Problem.ILLEGAL)
    if len(value) > 2 and value[2] != ".":
        raise SgfError(f"{where}: {_clip(value)!r} is not a node (two letters, then optionally '.' and a loop)", Problem.DAMAGED)
    return _coordinates(value[:2], width, height, where)


def _point_list(value: str, width: int, height: int, ident: str) -> list[Point]:
    """Nodes of one AB/AW value: a node, a rectangle ``aa:cc``, or nothing."""
    value = value.strip()
    where = f"{ident}[{_clip(value)}]"
    if not value:
        return []
    if ":" not in value:
        return [_coordinates(value, width, height, where)]
    a, _, b = value.partition(":")
    (x0, y0), (x1, y1) = _coordinates(a, width, height, where), _coordinates(b, width, height, where)
    xs, ys = range(min(x0, x1), max(x0, x1) + 1), range(min(y0, y1), max(y0, y1) + 1)
    return [(x, y) for y in ys for x in xs]
