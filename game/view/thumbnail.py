"""What the games list knows of each saved game: a summary and a small picture of its last position,
made a few at a time so the list never stops answering.

Reading a record and replaying it takes milliseconds for a short game, a tenth of a second
for a 52 × 52 board played out, and up to ~0.3 s for the worst record ``engine.sgf`` accepts;
drawing its picture as much again. A folder of hundreds of games done at once would freeze
the screen for minutes, so the :class:`Catalogue` does one *step* at a time — read one file,
or draw one picture — in :meth:`Catalogue.work`, which the list calls once a frame with a
time budget: one step always, more while the budget lasts. The rows in sight come first;
a row not done yet shows :func:`draw_placeholder`.

A step done in the frame makes the frame as long as the step. The list of games in progress, whose rows
come from the summaries kept with them, has its steps done beside the window instead (``beside``: the
record's text replayed and drawn by :func:`game.view.drawn_apart.prepare`, in a process of its own, asked
from one worker thread, :class:`Beside`, which wakes the loop when the answer is in): its frames only hand
the next game over and take what the last one made.

What is learnt is kept for the whole run by file (:data:`Key`: path, modification time and
size, so a file changed or replaced under the same name is read again), in bounded caches:
going back to the list shows it at once.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from pathlib import Path

import pygame

from engine import Game, Player, Rules, sgf
from game.input.layout import Box, fit_board
from game.match.jobs import Notify
from game.storage import errors, library, names
from game.view import drawn_apart, theme
from game.view.board_view import BoardView

log = logging.getLogger(__name__)

Key = tuple[str, int, int]
"""A file as the cache knows it: its path, modification time (ns) and size in bytes."""

STEP_BUDGET_SECONDS = 0.02
"""Work a frame may spend on the list beyond its first step: the list scrolls at about 30 frames a second
even while pictures are being made."""
MAX_SUMMARIES = 4000
MAX_PICTURES = 240
"""Pictures kept (some 20 KB each): several screens of the list, both ways."""
MAX_NAME = 48
"""Longest player name shown; a record may hold anything (the list cuts it to the row anyway)."""


def key_of(path: Path, modified_ns: int, size: int) -> Key:
    """The cache's name for a file in this state."""
    return (str(path), modified_ns, size)


def key_of_file(path: Path) -> Key | None:
    """The key of ``path`` as it is on disk now (a sample among the assets); None if it cannot be seen."""
    try:
        st = path.stat()
    except OSError:
        return None
    return key_of(path, st.st_mtime_ns, st.st_size)


def clean(text: str | None) -> str:
    """A name from a record as the list may show it: on one line, nothing invisible or reversing, short.

    >>> clean(" Маша\\u202e\\n Петрова "), clean(None), len(clean("x" * 500))
    ('Маша Петрова', '', 48)
    """
    shown = names.shown(text)  # the one sanitiser every name shown passes through
    return shown if len(shown) <= MAX_NAME else shown[:MAX_NAME - 1].rstrip() + "…"


@dataclass(frozen=True)
class Summary:
    """A saved game as its row tells it: rules, board, moves, scores, and the names in the record."""

    rules: Rules
    width: int
    height: int
    moves: int
    over: bool
    """Finished (counted): the scores are the result."""
    blue: Fraction
    red: Fraction
    players: tuple[str, str]
    """Blue's and Red's names (``PB``, ``PW``), '' where the record has none."""
    ranks: tuple[str, str]
    """Their ranks (``BR``, ``WR``): the computer's level in our records."""
    date: str = ""
    """When it was played (``DT``), as the record says."""
    recorded: str = ""
    """The result the record states (``RE``: ``W+R`` for a resignation on zagram.org), '' if none."""

    @classmethod
    def of(cls, game: Game, info: Mapping[str, str]) -> Summary:
        """What the row needs of a game read from a record and its root properties."""
        return cls(game.rules, game.width, game.height, game.move_count, game.is_over,
                   game.score(Player.BLUE), game.score(Player.RED),
                   (clean(info.get("PB")), clean(info.get("PW"))), (clean(info.get("BR")), clean(info.get("WR"))),
                   clean(info.get("DT"))[:10], clean(info.get("RE"))[:12])


def picture(game: Game, box: tuple[int, int]) -> pygame.Surface:
    """``game``'s board drawn by the board view, scaled to fit a ``box`` (width, height).

    Drawn at twice the size or more (at least 4 px a cell), then scaled down, so dots
    and countries stay smooth on a 52 × 52 board.
    """
    cell = max(4, min(10, math.ceil(2 * min(box[0] / game.width, box[1] / game.height))))
    size = (game.width * cell + 4, game.height * cell + 5)
    layout = fit_board(game.width, game.height, Box(0, 0, size[0] - 3, size[1] - 4), padding=0)
    big = BoardView().backdrop(game, layout, size, lambda s: s.fill(theme.BUTTON))
    scale = min(box[0] / size[0], box[1] / size[1])
    return pygame.transform.smoothscale(big, (max(1, round(size[0] * scale)), max(1, round(size[1] * scale))))


def draw_placeholder(surface: pygame.Surface, box: pygame.Rect) -> None:
    """Where a picture will be: blank squared paper, until it is drawn."""
    pygame.draw.rect(surface, theme.PAPER, box)
    step = max(6, box.w // 6)
    for x in range(box.x + step, box.right, step):
        pygame.draw.line(surface, theme.GRID, (x, box.y), (x, box.bottom - 1))
    for y in range(box.y + step, box.bottom, step):
        pygame.draw.line(surface, theme.GRID, (box.x, y), (box.right - 1, y))
    pygame.draw.rect(surface, theme.PAPER_EDGE, box, 1)


class _Known:
    """The caches, shared by every list of the run: summaries and problems by file, pictures by file and size."""

    def __init__(self) -> None:
        self.summaries: OrderedDict[Key, Summary | str] = OrderedDict()
        """A summary, or the ``problem.*`` id of why the file is no game."""
        self.pictures: OrderedDict[tuple[Key, tuple[int, int]], pygame.Surface] = OrderedDict()

    def keep_summary(self, key: Key, value: Summary | str) -> None:
        self.summaries[key] = value
        self.summaries.move_to_end(key)
        while len(self.summaries) > MAX_SUMMARIES:
            self.summaries.popitem(last=False)

    def keep_picture(self, key: tuple[Key, tuple[int, int]], value: pygame.Surface) -> None:
        self.pictures[key] = value
        self.pictures.move_to_end(key)
        while len(self.pictures) > MAX_PICTURES:
            self.pictures.popitem(last=False)

    def clear(self) -> None:
        self.summaries.clear()
        self.pictures.clear()


KNOWN = _Known()


class Beside:
    """The one thread that does a list's steps beside the window, one at a time, started with the first.

    A thread started for each step (as ``game.match.jobs.Jobs`` does for a move) made the frame that started
    it wait until the system ran it: up to a quarter of a second on a busy machine. ``notify`` wakes the
    loop when a step is done; :meth:`take` gives what it made, once.
    """

    def __init__(self, notify: Notify | None = None) -> None:
        self.notify = notify
        self._cond = threading.Condition()
        self._work: Callable[[], Made] | None = None
        self._made: Made | None = None
        self._busy = False
        self._closed = False
        self._idle = threading.Event()
        self._idle.set()
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """A step handed over is not done yet."""
        with self._cond:
            return self._busy

    def start(self, work: Callable[[], Made]) -> None:
        """Hand ``work`` over (nothing else is under way)."""
        with self._cond:
            if self._closed:
                return
            self._work, self._busy = work, True
            self._idle.clear()
            self._cond.notify()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="list-step", daemon=True)
            self._thread.start()

    def take(self) -> Made | None:
        """What the last step made, once; None while it runs or when taken."""
        with self._cond:
            made, self._made = self._made, None
            return made

    def wait(self) -> None:
        """Until no step is under way (screenshots, tests)."""
        self._idle.wait()

    def close(self) -> None:
        """No more steps: the thread ends after the one under way, whose work is dropped."""
        with self._cond:
            self._closed, self._work = True, None
            if not self._busy or self._thread is None:
                self._busy = False
                self._idle.set()
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._work is None and not self._closed:
                    self._cond.wait()
                work, self._work = self._work, None
                if work is None:  # closed
                    return
            try:
                made: Made | None = work()
            except Exception:  # a step that failed is logged; the list goes on without it
                log.exception("a step of the list failed beside the window")
                made = None
            with self._cond:
                self._made = None if self._closed else made
                self._busy = False
                closed = self._closed
            self._idle.set()
            if self.notify is not None and not closed:
                try:
                    self.notify()
                except Exception:  # the result is kept; the next frame takes it anyway
                    log.exception("could not wake the loop for the list")


Made = tuple[Key, tuple[int, int], "Summary | Exception", "pygame.Surface | None"]
"""What a step beside the window made: for which file and box, the game's summary (or why it is no game),
and its picture (None: none)."""


class Catalogue:
    """Summaries and pictures (to fit ``box``, width and height) of the games a list shows, made by :meth:`work`.

    ``reads`` and ``drawn`` count the files read and pictures drawn (the tests bound them per frame).
    ``beside``: each step takes a record's text as ``beside`` gives it and is done away from the frames
    (``notify`` wakes the loop when it is done); ``on_read`` hears, in the frame that takes it, what each
    record gave: its summary, or the error that makes it no game.
    """

    def __init__(self, box: tuple[int, int] = (80, 64), *, known: _Known = KNOWN,
                 read: Callable[[Path, int], library.Record] | None = None,
                 beside: Callable[[Key, Path], str] | None = None, notify: Notify | None = None,
                 on_read: Callable[[Key, Summary | Exception], None] | None = None) -> None:
        self.box = box
        self.known = known
        self.read = read
        """How a file is read (None: :func:`game.storage.library.read_record`)."""
        self.wanted: list[tuple[Key, Path]] = []
        self._games: dict[Key, Game] = {}
        """Games read but not drawn yet: the next step draws them without reading again."""
        self.reads = 0
        self.drawn = 0
        self.beside = beside
        self.on_read = on_read
        self._worker = Beside(notify) if beside is not None else None
        self._undrawable: set[Key] = set()
        """Games whose picture could not be drawn beside the window (logged): not tried again."""

    def want(self, files: Iterable[tuple[Key, Path]]) -> None:
        """The files to work on, the most wanted first (the rows in sight); others are forgotten."""
        self.wanted = list(files)
        keep = {key for key, _ in self.wanted}
        self._games = {key: game for key, game in self._games.items() if key in keep}

    def summary(self, key: Key) -> Summary | str | None:
        """The file's summary, the ``problem.*`` id saying why it is not a game, or None: not read yet."""
        return self.known.summaries.get(key)

    def picture(self, key: Key) -> pygame.Surface | None:
        """The file's picture for this catalogue's box, if drawn."""
        return self.known.pictures.get((key, self.box))

    def done(self) -> bool:
        """True when every wanted file has its summary, and its picture if it is a game."""
        return all(self._next_step(key) is None for key, _ in self.wanted)

    @property
    def busy(self) -> bool:
        """A step is under way beside the window (never without ``beside``)."""
        return self._worker is not None and self._worker.busy

    def wait(self) -> None:
        """Until the step under way beside the window is done (screenshots, tests): the next :meth:`work` takes it."""
        if self._worker is not None:
            self._worker.wait()

    def close(self) -> None:
        """The list is left: what the step under way beside the window makes is dropped, its thread ends."""
        if self._worker is not None:
            self._worker.close()

    def _next_step(self, key: Key) -> str | None:
        if key in self._undrawable:
            return None
        known = self.known.summaries.get(key)
        if known is None:
            return "read"
        if isinstance(known, str) or (key, self.box) in self.known.pictures:
            return None
        return "draw" if key in self._games else "read"

    def work(self, budget: float = STEP_BUDGET_SECONDS, clock: Callable[[], float] = time.perf_counter) -> int:
        """Do the wanted steps in order: one always, more until ``budget`` seconds have passed. How many.

        ``beside``: take what the step beside the window made, if it is done, and hand over the next (how
        many were taken)."""
        if self._worker is not None:
            return self._work_beside()
        started = clock()
        steps = 0
        for key, path in self.wanted:
            while (step := self._next_step(key)) is not None:
                if steps and clock() - started >= budget:
                    return steps
                steps += 1
                if step == "read":
                    self._read(key, path)
                else:
                    game = self._games.pop(key)
                    self.known.keep_picture((key, self.box), picture(game, self.box))
                    self.drawn += 1
        return steps

    def _read(self, key: Key, path: Path) -> None:
        self.reads += 1
        try:
            record = (self.read or library.read_record)(path, key[2])
        except Exception as e:  # noqa: BLE001 — whatever is wrong with a file, its row says so; the list goes on
            self.known.keep_summary(key, errors.problem_of(e))
            return
        self.known.keep_summary(key, Summary.of(record.game, record.info))
        self._games[key] = record.game

    def _work_beside(self) -> int:
        worker = self._worker
        assert worker is not None
        finished = worker.take()
        if finished is not None:
            self._keep(*finished)
        if not worker.busy:
            # The first wanted file not done: beside the window a step replays and draws at once.
            waiting = next(((key, path) for key, path in self.wanted if self._next_step(key) is not None), None)
            if waiting is not None:
                self.reads += 1
                worker.start(partial(self._read_and_draw, *waiting, self.box))
        return int(finished is not None)

    def _read_and_draw(self, key: Key, path: Path, box: tuple[int, int]) -> Made:
        """On the worker thread: the record replayed and drawn away from the frames."""
        assert self.beside is not None
        try:
            summary, drawn = drawn_apart.prepare(self.beside(key, path), box, replayed_and_drawn)
        except Exception as e:  # noqa: BLE001 — whatever is wrong with a record, its row says so; the list goes on
            return (key, box, e, None)
        return (key, box, summary, drawn)

    def _keep(self, key: Key, box: tuple[int, int], summary: Summary | Exception, drawn: pygame.Surface | None) -> None:
        """In the frame: what a step beside the window made, kept as a step in the frame keeps it."""
        self.known.keep_summary(key, errors.problem_of(summary) if isinstance(summary, Exception) else summary)
        if drawn is not None:
            self.known.keep_picture((key, box), drawn)
            self.drawn += 1
        elif not isinstance(summary, Exception):
            self._undrawable.add(key)  # logged where it failed; the row goes without a picture
        if self.on_read is not None:
            self.on_read(key, summary)


def replayed_and_drawn(text: str, box: tuple[int, int]) -> tuple[object, ...]:
    """A record's text replayed and its picture drawn to fit ``box``, as :mod:`game.view.drawn_apart` carries
    it between processes: ``("ok", summary, RGB pixels, size)`` (pixels and size None: not drawn, logged) or
    ``("bad", problem, detail)`` when the record is no game."""
    try:
        record = sgf.read(text)
    except Exception as e:  # noqa: BLE001 — whatever is wrong with the record, the list says so
        return ("bad", errors.problem_of(e), str(e)[:300])
    summary = Summary.of(record.game, record.info)
    try:
        drawn = picture(record.game, box)
    except Exception:  # a picture is never worth the list: logged, the row goes without
        log.exception("a game's picture could not be drawn")
        return ("ok", summary, None, None)
    return ("ok", summary, pygame.image.tobytes(drawn, "RGB"), drawn.get_size())
