"""What the play scene asks before it acts: «Стоп», «Завершить», «Сдаться» and leaving a game under
way. Each builds the question for the confirm dialog; its «yes» runs the scene's own action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine import Game, Player
from game.match.clock import MatchClock
from game.match.hint import Hint
from game.match.opponent import ComputerOpponent
from game.match.settings import MatchSettings
from game.match.takeback import TakeBack
from game.scenes.base import SceneStack
from game.scenes.handoff import Match, Question
from game.view import hud
from game.view.thinking import Thinking


class Asking(Protocol):
    """What of the play scene the questions read, and the actions their «yes» runs."""

    stack: SceneStack
    game: Game
    settings: MatchSettings
    opponent: ComputerOpponent | None
    match_clock: MatchClock
    hint: Hint
    takeback: TakeBack
    thinking: Thinking

    def can_stop(self) -> bool: ...
    def stop(self, *, by_computer: bool = False) -> None: ...
    def finish(self) -> None: ...
    def resign(self) -> None: ...


def ask_stop(scene: Asking) -> None:
    """Confirm, then stop: the other player moves alone for up to three minutes."""
    if not scene.can_stop():
        return
    # Against the computer the other side is one player («Компьютер ходит один»);
    # at one screen it is a colour, plural in Russian («Красные ходят одни»).
    hint = "confirm.stop.hint.computer" if scene.opponent else "confirm.stop.hint"
    other = {"player": hud.player_name(scene.game.to_move.other, scene.settings)}
    scene.stack.go("confirm", Question("confirm.stop", "confirm.stop.yes", scene.stop, hint=hint, hint_fields=other))


def ask_finish(scene: Asking) -> None:
    """Confirm, then finish and count."""
    if not scene.game.is_over:
        scene.stack.go("confirm", Question("confirm.finish", "confirm.finish.yes", scene.finish,
                                           hint="confirm.finish.hint"))


def resigner(scene: Asking) -> Player:
    """Who «Сдаться» gives the game up for: the person against the computer, else the player to move."""
    return scene.opponent.player.other if scene.opponent is not None else scene.game.to_move


def ask_resign(scene: Asking) -> None:
    """Confirm, then resign: the game ends as a loss for :func:`resigner`, whatever the count."""
    if not scene.game.is_over:
        loser = {"player": hud.player_name(resigner(scene), scene.settings)}
        hint = "confirm.resign.hint.computer" if scene.opponent else "confirm.resign.hint"
        scene.stack.go("confirm", Question("confirm.resign", "confirm.resign.yes", scene.resign, hint=hint,
                                           hint_fields=loser))


def leave(scene: Asking, to: str | None = None) -> None:
    """Esc: back to the board picker, «В меню» (``to="menu"``) to the menu; asking first mid-game."""
    stack = scene.stack
    go: Callable[[], None] = stack.back if to is None else lambda: stack.back_to(to)
    if not scene.game.history or scene.game.is_over:  # nothing would be lost: no question
        go()
        return
    keep = ("results.save", lambda: stack.go(  # a copy, if wanted
        "save", Match(scene.settings, scene.game, clock=scene.match_clock.state(), hints=scene.hint.used,
                      engine=scene.thinking.engine, takebacks=scene.takeback.taken)))
    stack.go("confirm", Question("confirm.leave", "confirm.leave.yes", go, "feel.leave.hint", other=keep))
