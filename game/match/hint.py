"""«Подсказка»: the move the master would play, thought out off the UI thread for about a second.

The hint runs on the computer opponent's worker (:class:`game.match.opponent.ComputerOpponent`:
a background job of :mod:`game.match.jobs` on its own game, a generation number, a cancel flag the
search honours) at the master level with a budget of :data:`HINT_SECONDS`; the answer wakes
the loop (``notify``), so «Думаю…» gives way to the hint at once, with no input. It belongs to
one position: as soon as the game is at another version (a move by either side,
undo, redo) the thinking is cancelled and the answer would be dropped, so a stale
hint never shows. The node shown is always legal in the game as it is then; a
tap on it plays it like a tap on any node.

Against the computer the hints asked for are counted; the count goes into the
record as the private root property ``HN[n]`` (``engine.sgf.hints_info``, read back
by ``engine.sgf.read_hints``), the autosave's too, so a resumed game goes on counting.
"""

from __future__ import annotations

from ai import Level
from engine import Game, Player, Point
from game.match.jobs import Job, Notify
from game.match.opponent import Chooser, ComputerOpponent

HINT_SECONDS = 1.0
"""The master's thought for one hint: the player waits for it, so a second, not its full budget."""

class Hint:
    """The hint for the position on the board: asked for, being thought about, or shown at :attr:`point`."""

    def __init__(self, chooser: Chooser | None = None, *, used: int = 0, seconds: float = HINT_SECONDS,
                 notify: Notify | None = None) -> None:
        # The opponent's worker does the threading; the colour it is made for plays no part
        # in request/poll/cancel, and nothing here ends a game (no «Стоп» finishing).
        self._worker = ComputerOpponent(Player.BLUE, Level.MASTER, chooser=chooser, stop_done=lambda _game: False,
                                        seconds=seconds, notify=notify)
        self.used = used
        """Hints asked for in this game (against the computer: shown at the end and kept in the record)."""
        self.point: Point | None = None
        """The master's move for the position shown, once found; None before and after."""
        self.since = 0.0
        """The scene's clock when :attr:`point` was found: the pulse starts there."""
        self._version: int | None = None  # the game version the hint is for; None: no hint asked

    @property
    def thinking(self) -> bool:
        """True from a request until its answer arrives or it is cancelled."""
        return self._worker.thinking

    @property
    def active(self) -> bool:
        """A hint asked for this position: being thought about or shown."""
        return self._version is not None

    @property
    def job(self) -> Job | None:
        """The search for the hint asked last (tests wait on its ``done``); None before the first."""
        return self._worker.jobs.job

    def ask(self, game: Game) -> None:
        """Start thinking about ``game`` (unless a hint for this very position is already on its way)."""
        if game.is_over or game.legal_count == 0 or self._version == game.version:
            return
        self.cancel()
        self._version = game.version
        self.used += 1
        self._worker.request(game)  # supersedes any search before it

    def follow(self, game: Game, clock: float) -> None:
        """Once a frame: drop the hint when ``game`` moved on, else take the answer when it comes."""
        if self._version is None:
            return
        if game.version != self._version or game.is_over:
            self.cancel()
            return
        answer = self._worker.poll()
        if answer is None:
            return
        if answer.move is not None and answer.version == game.version and game.is_legal(answer.move):
            self.point, self.since = answer.move, clock
        else:
            self._version = None  # no move came (or one for another position): nothing to show

    def cancel(self) -> None:
        """Stop thinking and hide the hint (undo, leaving, a move)."""
        self._worker.cancel()
        self.point = None
        self._version = None

    def wake_in(self) -> float | None:
        """For the scene's loop: every frame while the hint pulses; while it is thought about, nothing
        (the answer wakes the loop itself)."""
        return 0.0 if self.point is not None else None

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker threads (tests)."""
        self._worker.join(timeout)
