"""«Отменить» and «Вернуть»: moves taken back since the last new move, ready to be replayed.

Each press of «Отменить» takes back one group of actions (at one screen one move;
against the computer the human's move and the replies after it, as
``ComputerOpponent.take_back`` does) and keeps the group; «Вернуть» replays the
group taken back last. A new move forgets them all. The kept groups go into the
autosave (:meth:`TakeBack.to_json`), so a game taken back to an empty board is
still there, whole, after a restart.

Each press that took something back is counted (:attr:`TakeBack.taken`), as hints are: the count goes into
the record as ``TAKEBACKS[n]`` (``engine.sgf.takebacks_info``), the autosave's too, so a resumed game goes
on counting, and the results show it against the computer.

>>> from engine import Game
>>> g = Game(5, 5)
>>> _ = g.play((1, 1)); _ = g.play((3, 3))
>>> back = TakeBack()
>>> back.undo(g, lambda game: game.undo()), back.undo(g, lambda game: game.undo()), g.move_count
(True, True, 0)
>>> back.redo(g), g.last_move, back.can_redo
(True, (1, 1), True)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from engine import Action, ActionKind, Game, IllegalMove, Player
from game.match.clock import StopClock

log = logging.getLogger(__name__)

Group = tuple[Action, ...]


class TakeBack:
    """The groups of actions taken back, the one to replay first last."""

    def __init__(self, groups: Sequence[Group] = (), taken: int = 0) -> None:
        self.groups: list[Group] = list(groups)
        self.taken = taken
        """Presses of «Отменить» that took something back, in the whole game (not undone by «Вернуть»)."""
        self.stop_left: float | None = None
        """The «Стоп» time left when a «Стоп» was taken back: «Вернуть» brings it back with it, not 3:00."""

    @property
    def can_redo(self) -> bool:
        """Is there something to replay?"""
        return bool(self.groups)

    @property
    def actions(self) -> int:
        """How many actions are kept to replay."""
        return sum(len(group) for group in self.groups)

    def undo(self, game: Game, take_back: Callable[[Game], object]) -> bool:
        """Take back one group with ``take_back(game)`` and keep what it took; True if anything was."""
        before = game.history
        take_back(game)
        taken = before[len(game.history):]
        if taken:
            self.groups.append(taken)
        return bool(taken)

    def take_back(self, game: Game, take_back: Callable[[Game], object], stop_clock: StopClock) -> bool:
        """One press of «Отменить»: :meth:`undo`, remembering the «Стоп» time if it took a «Стоп» back."""
        stopped = game.stopped_by is not None
        done = self.undo(game, take_back)
        self.taken += done
        if stopped and game.stopped_by is None:
            self.stop_left = stop_clock.left
        return done

    def bring_back(self, game: Game, stop_clock: StopClock) -> bool:
        """One press of «Вернуть»: :meth:`redo`, and a «Стоп» replayed runs on from the time it had."""
        if not self.redo(game):
            return False
        if game.stopped_by is not None and self.stop_left is not None:
            stop_clock.left, self.stop_left = self.stop_left, None
        return True

    def redo(self, game: Game) -> bool:
        """Replay the group taken back last; True if it was. A group the game refuses (it cannot
        happen unless the game was changed behind our back) is dropped with the rest."""
        if not self.groups:
            return False
        group = self.groups.pop()
        done = 0
        try:
            for action in group:
                game.apply(action)
                done += 1
        except IllegalMove as e:
            log.warning("a move taken back could not be replayed, the rest is forgotten: %s", e)
            for _ in range(done):
                game.undo()
            self.groups.clear()
            return False
        return True

    def forget(self) -> None:
        """A new move was played: what was taken back can no longer be replayed."""
        self.groups.clear()

    def to_json(self) -> list[list[list[object]]]:
        """The groups as JSON: ``[[["move", "blue", x, y], ["stop", "red"]], …]``.

        >>> TakeBack([(Action(ActionKind.MOVE, Player.BLUE, (2, 3)),)]).to_json()
        [[['move', 'blue', 2, 3]]]
        """
        return [[_action_json(action) for action in group] for group in self.groups]

    @classmethod
    def from_json(cls, data: object, game: Game) -> TakeBack:
        """The groups kept in an autosave, if they replay on ``game`` (checked on a copy);
        none if anything is odd: the game itself is what matters.

        >>> g = Game(5, 5)
        >>> TakeBack.from_json([[["move", "blue", 2, 3]]], g).actions, TakeBack.from_json([["x"]], g).actions
        (1, 0)
        """
        try:
            if not isinstance(data, list):
                raise ValueError("not a list")
            groups = [tuple(_action_of(item) for item in group) for group in data]
            if any(not group for group in groups):
                raise ValueError("an empty group")
            trial = game.copy()
            for group in reversed(groups):
                for action in group:
                    trial.apply(action)
        except (ValueError, TypeError, KeyError, IndexError, IllegalMove) as e:
            log.warning("the moves taken back in the autosave are not replayable, forgotten: %s", e)
            return cls()
        return cls(groups)


def _action_json(action: Action) -> list[object]:
    head: list[object] = [action.kind.value, action.player.name.lower()]
    return head + list(action.point) if action.point is not None else head


def _action_of(item: object) -> Action:
    if not isinstance(item, list) or len(item) not in (2, 4):
        raise ValueError(f"not an action: {item!r}")
    kind, player = ActionKind(item[0]), Player[str(item[1]).upper()]
    if kind is ActionKind.MOVE:
        x, y = item[2], item[3]
        if type(x) is not int or type(y) is not int:
            raise ValueError(f"not a node: {item!r}")
        return Action(kind, player, (x, y))
    if len(item) != 2:
        raise ValueError(f"not an action: {item!r}")
    return Action(kind, player)
