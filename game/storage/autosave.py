"""The autosave of the game in progress: when it is written, and the set-up saved with it.

:mod:`game.storage.store` keeps the file (one SGF record with the set-up as JSON in
its ``TOCHKI`` property); this module says what goes in that set-up
(:func:`autosave_meta`, read back by :func:`resume`) and when a play scene's
changes reach the disk (:class:`Autosaver`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from ai import PLAYER_LEVELS
from engine import STOP_SECONDS, Game, Player, sgf
from game.settings import ComputerSettings, MatchSettings
from game.storage import store

log = logging.getLogger(__name__)

WAIT_SECONDS = 1.0
"""The longest an autosave waits for the board to be still (moves in quick succession)."""


def autosave_meta(settings: MatchSettings, game: Game, stop_left: float | None = None) -> dict[str, Any]:
    """The set-up saved with the game: mode, rules, the computer's level and the human's colour,
    and what is left of a «Стоп» under way.

    >>> autosave_meta(MatchSettings(computer=ComputerSettings("master", Player.RED)), Game(5, 5))
    {'mode': 'computer', 'rules': 'countries', 'level': 'master', 'human': 'red'}
    """
    meta: dict[str, Any] = {"mode": "hotseat", "rules": game.rules.value}
    if settings.computer is not None:
        meta["mode"] = "computer"
        meta["level"] = settings.computer.level
        meta["human"] = "blue" if settings.computer.human == Player.BLUE else "red"
    if stop_left is not None and game.stopped_by is not None:
        meta["stop_left"] = round(max(0.0, stop_left), 1)
    return meta


def settings_from_meta(meta: Mapping[str, Any], game: Game) -> MatchSettings:
    """The set-up to resume ``game`` with; anything missing or odd in ``meta`` takes its default.

    >>> settings_from_meta({"mode": "computer", "level": "amateur", "human": "red"}, Game(7, 5)).computer
    ComputerSettings(level='amateur', human=<Player.RED: 2>)
    """
    computer = None
    if meta.get("mode") == "computer":
        level = meta.get("level")
        human = Player.RED if meta.get("human") == "red" else Player.BLUE
        computer = ComputerSettings(level if level in PLAYER_LEVELS else PLAYER_LEVELS[0], human)
    # The record's own rule set and size are the truth; the set-up only adds the opponent.
    return MatchSettings(game.rules, game.width, game.height, computer)


def resume(saved: store.Resumable) -> tuple[MatchSettings, Game, float | None]:
    """The autosaved game (``store.load_current()``), its set-up, and the seconds left of its «Стоп» (None: none).

    Raises ``engine.sgf.SgfError`` for a record that is not a game (``load_current``
    has checked that already; a file changed since is still no crash).
    """
    game = sgf.loads(saved.text)
    left = saved.meta.get("stop_left")
    stop_left = None
    if game.stopped_by is not None and isinstance(left, (int, float)) and not isinstance(left, bool):
        stop_left = min(float(STOP_SECONDS), max(0.0, float(left)))
    return settings_from_meta(saved.meta, game), game, stop_left


class Autosaver:
    """The autosave of one game: asked for after every change, written once the board is still.

    A write (with fsync) takes about 10 ms, a dropped frame or two if it fell in
    the middle of a move's animation, so the scene writes it on the first frame
    with nothing moving, and at most :data:`WAIT_SECONDS` after it was asked
    for (:meth:`tick`). (A worker thread was tried: on a busy machine its GIL
    hand-offs cost the animation more than the write itself.) Only the newest
    request matters: the file ends up as the game is now. ``failed`` is True
    while the last write failed.
    """

    def __init__(self) -> None:
        self._job: tuple[str, str, dict[str, Any]] | None = None
        self.asked_at = 0.0
        """The scene's clock when the waiting request was first made."""
        self.failed = False

    @property
    def pending(self) -> bool:
        """A request is waiting to be written."""
        return self._job is not None

    def save(self, text: str, meta: dict[str, Any], now: float) -> None:
        """Ask for ``text`` (SGF) with ``meta`` to become the game in progress."""
        self._put(("save", text, meta), now)

    def save_game(self, game: Game, settings: MatchSettings, stop_left: float | None, now: float) -> None:
        """Ask for ``game`` to become the game in progress, or to be forgotten when no move is left to lose.

        A game that is over is left alone: the results take over, and clear it.
        """
        if game.is_over:
            return
        if not game.history:
            self.clear(now)
            return
        self.save(sgf.dumps(game), autosave_meta(settings, game, stop_left), now)

    def clear(self, now: float) -> None:
        """Ask for the game in progress to be forgotten (it has ended, or nothing is left to lose)."""
        self._put(("clear", "", {}), now)

    def _put(self, job: tuple[str, str, dict[str, Any]], now: float) -> None:
        if self._job is None:
            self.asked_at = now
        self._job = job

    def tick(self, now: float, *, busy: bool) -> None:
        """Once a frame: write the waiting request if the board is still (not ``busy``) or it has waited long enough."""
        if self._job is not None and (not busy or now - self.asked_at >= WAIT_SECONDS):
            self.flush()

    def flush(self) -> None:
        """Write the waiting request now. Never raises: the game goes on whatever the disk says."""
        job, self._job = self._job, None
        if job is None:
            return
        kind, text, meta = job
        try:
            if kind == "save":
                store.save_current(text, meta)
            else:
                store.clear_current()
            self.failed = False
        except Exception as e:  # noqa: BLE001 — StoreError or worse: never take the game down for it
            log.warning("autosave failed: %s", e)
            self.failed = kind == "save"
