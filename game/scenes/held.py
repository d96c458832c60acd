"""A game in progress another window plays: this one asks whether to look at it or play on a copy.

Only the window that holds a game writes it (:mod:`game.storage.holding`); a second window that
resumes the same game gets the question instead, never a second writer to one file. «Только
смотреть» opens it in the review (nothing is written), «Продолжить копию» plays on from the same
position as a new game in progress of its own.
"""

from __future__ import annotations

from engine import sgf
from game.scenes.base import SceneStack
from game.scenes.handoff import Match, Question, Reviewing
from game.storage import unfinished
from game.storage.autosave import Resumed


def go_on(stack: SceneStack, resumed: Resumed, times: sgf.Times | None = None) -> None:
    """Play ``resumed`` on if this window can hold it, else ask; ``times``, its record's clock (for the look)."""
    if resumed.slot is None or unfinished.hold(resumed.slot) is None:
        stack.go("play", Match(*resumed))
        return
    copy = Match(*resumed._replace(slot=None))  # its first autosave makes a slot of its own
    look = Reviewing(resumed.game, resumed.settings, times=times, hints=resumed.hints,
                     takebacks=resumed.redo.taken if resumed.redo is not None else 0, engine=resumed.engine)
    stack.go("confirm", Question("held.question", "held.copy", lambda: stack.go("play", copy), hint="held.hint",
                                 other=("held.look", lambda: stack.go("review", look)), no="held.cancel"))
