"""The achievements' screens to photograph (:mod:`game.shots.setups` lists them): the page over a few
kept games, and the results of a first win announcing what it earned."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any

from ai import Level
from engine import Player, Rules
from game.match import demo
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.handoff import Match
from game.storage import earned, history
from game.view.achieved import START


def _fresh() -> None:
    """No finished game kept, no achievement earned: what a picture shows depends on its own set-up only."""
    shutil.rmtree(history.history_dir(), ignore_errors=True)
    earned.earned_path().unlink(missing_ok=True)


def achievement_screens(s: Any) -> list[tuple[str, Callable[[], None]]]:
    """(name, set-up) pairs for :class:`game.shots.setups._Screens` ``s``."""

    def page() -> Any:
        earned.earned_path().unlink(missing_ok=True)
        s.kept_games().shutdown()  # the four games of the history's picture: some earned, some under way
        return s.stack.make("achievements")

    def first_win() -> Any:
        _fresh()
        game = demo.countries_demo()
        game.finish()
        human = game.winner or Player.BLUE
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.BEGINNER, human))
        scene = s.stack.make("results", Match(settings, game))
        scene.update(START + 1.2)  # every card in, the last confetti falling
        return scene

    def scrolled(scene: Any) -> None:
        scene.scroll = scene.max_scroll

    return [("achievements", s.only(s.menu, page)),
            ("achievements-end", s.only(s.menu, page, then=scrolled)),
            ("results-achieved", s.only(s.menu, first_win))]
