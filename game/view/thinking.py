"""What the play panel says while the computer or a hint thinks, and which engine the computer's master played on.

The computer thinking: «Компьютер думает» with its dots. The master's move, or a hint, waiting for the
master's compiled kernel to get ready (:mod:`game.match.readiness`; the wait is on the worker's thread):
«Мастер готовится… 40 %» on the turn line, or «Загрузка…» on the hint's button and the progress among
the status lines. The scene is read as it is at each call (a test may give it another hint); the
kernel once a frame (its progress counts files on disk, and a frame asks several times).
"""

from __future__ import annotations

from typing import Protocol

from ai import Level
from engine import Game, sgf
from game.match.hint import Hint
from game.match.opponent import ComputerOpponent, Decision
from game.match.readiness import PROGRESS_EVERY, MasterState, MasterWatch
from game.match.settings import MatchSettings
from game.view import hud
from game.view.anim import BoardAnimations


class Playing(Protocol):
    """What is read of the play scene: its game, the computer (None at one screen), the hint, and its clock
    (seconds since it started: a new value is a new frame)."""

    game: Game
    opponent: ComputerOpponent | None
    hint: Hint
    clock: float
    anims: BoardAnimations


class Thinking:
    """The play scene's computer and hint as the panel shows them while they think."""

    def __init__(self, scene: Playing, master: MasterWatch | None = None, *,
                 before: sgf.MasterEngine | None = None) -> None:
        self.scene = scene
        self.master = master or MasterWatch(before=before)
        """The master's kernel (read once a frame) and the engines the master's moves came from (``before``:
        the one a resumed game's master played on until it was left)."""
        self._looked_at: float | None = None  # the scene's clock when the kernel was last read
        self._held: tuple[int, Decision] | None = None
        """The computer's answer (and the game's version it answers) while the person's «+N» still flies."""

    @property
    def computer_thinks(self) -> bool:
        """The computer is to move and has not given up (its dots, or its getting ready, show)."""
        opponent, game = self.scene.opponent, self.scene.game
        return opponent is not None and game.to_move == opponent.player and not opponent.failed

    @property
    def master_waits(self) -> MasterState | None:
        """The kernel's state while the computer's master is to move and waits for it to get ready."""
        opponent = self.scene.opponent
        master_to_move = self.computer_thinks and opponent is not None and opponent.level == Level.MASTER
        return self._getting_ready() if master_to_move else None

    @property
    def hint_waits(self) -> MasterState | None:
        """The kernel's state while a hint is thought about and waits for it to get ready."""
        return self._getting_ready() if self.scene.hint.thinking else None

    def _getting_ready(self) -> MasterState | None:
        if self._looked_at != self.scene.clock:
            self._looked_at = self.scene.clock
            self.master.look()
        return self.master.getting_ready

    @property
    def hint_key(self) -> str:
        """The hint button's label: «Подсказка», «Думаю…», or «Загрузка…» while it waits for the kernel."""
        if not self.scene.hint.thinking:
            return "play.hint"
        return "play.hint.getting_ready" if self.hint_waits is not None else "play.hint.thinking"

    def turn(self, settings: MatchSettings, clock: float) -> hud.Turn:
        """The turn line at the scene's ``clock``: whose turn, the computer thinking, or the master getting ready."""
        opponent, game = self.scene.opponent, self.scene.game
        thinking = clock if opponent is not None and game.to_move == opponent.player else None
        return hud.turn_label(game, settings, thinking, getting_ready=self.master_waits)

    def wake_in(self, clock: float) -> float | None:
        """The nearest of: the thinking dots' next change, the kernel's progress while a hint waits, the hint's
        pulse. (An answer, when it comes, wakes the loop itself.)"""
        held = self.scene.anims.effects.flying(self.scene.opponent.player.other, clock) \
            if self._held is not None and self.scene.opponent is not None else None
        waits = [held, self.scene.hint.wake_in(), PROGRESS_EVERY if self.hint_waits is not None else None,
                 hud.thinking_dots_in(clock) if self.computer_thinks else None]
        return min((w for w in waits if w is not None), default=None)

    def take_turn(self) -> Decision | None:
        """The computer's turn (:meth:`ComputerOpponent.take_turn`); a master's move notes the engine it came from."""
        opponent, game = self.scene.opponent, self.scene.game
        decision = None if opponent is None else opponent.take_turn(game)
        if decision is not None:
            self._held = (game.version, decision)
        if self._held is None or opponent is None:
            return None
        version, decision = self._held
        if version != game.version:  # taken back meanwhile: the answer was for another position
            self._held = None
            return None
        if self.scene.anims.effects.flying(opponent.player.other, self.scene.clock) > 0:
            return None  # the person's moment lands first; the answer follows it
        self._held = None
        if decision.move is not None and opponent.level == Level.MASTER:
            self.master.moved()
        return decision

    @property
    def engine(self) -> sgf.MasterEngine | None:
        """The engine the computer's master played this game on (None: it has not moved)."""
        return self.master.engine
