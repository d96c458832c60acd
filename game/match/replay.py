"""A finished or saved game's moves to step through, one move at a time (the review screen's model)."""

from __future__ import annotations

from engine import ActionKind, Game
from engine.types import Action


class Replay:
    """A game's moves to step through; :attr:`game` is the position at :attr:`step`.

    >>> from engine import Game
    >>> g = Game(width=5, height=5)
    >>> for p in [(1, 1), (3, 3), (2, 1)]:
    ...     _ = g.play(p)
    >>> r = Replay(g)
    >>> r.moves, r.step, r.game.move_count
    (3, 3, 3)
    >>> r.goto(1); r.game.last_move
    (1, 1)
    """

    def __init__(self, source: Game) -> None:
        self.source = source
        self.actions: tuple[Action, ...] = source.history
        self.game = self._fresh()
        self.applied = 0
        moves = [i for i, a in enumerate(self.actions) if a.kind is ActionKind.MOVE]
        # ends[k]: how many actions make the position after move k.
        self.ends = [*moves, len(self.actions)]
        self.step = 0
        self.goto(self.moves)

    def _fresh(self) -> Game:
        s = self.source
        # Before the first action its mover is to move (a record may start with Red).
        first = self.actions[0].player if self.actions else s.to_move
        return Game.from_actions(s.width, s.height, s.rules, setup=s.setup, zone=s.zone_rule, to_move=first)

    @property
    def moves(self) -> int:
        """How many moves the game has (the last step)."""
        return len(self.ends) - 1

    def goto(self, step: int) -> None:
        """Show the position after move ``step`` (clamped to 0…moves)."""
        self.step = max(0, min(self.moves, step))
        target = self.ends[self.step]
        while self.applied > target:
            self.game.undo()
            self.applied -= 1
        while self.applied < target:
            self.game.apply(self.actions[self.applied])
            self.applied += 1

    def playable(self) -> Game:
        """A new game in the position shown, to play on from; a Finish is left out."""
        game = self._fresh()
        for action in self.actions[:self.ends[self.step]]:
            if action.kind is not ActionKind.FINISH:
                game.apply(action)
        return game
