"""The screens of the rating against the computer to photograph (issue 30): «Рейтинг» over a dozen rated games,
the versus screen with «По силам» and no takebacks chosen, the results of a rated game (the rating moved), and
a game without takebacks.

Joined to :func:`game.shots.setups.screenshot_scenes` (kept apart for the size of that module).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from ai import Level
from engine import Player, Rules
from game.match import demo
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.handoff import Match
from game.storage import history

RATED_GAMES = ((Level.BEGINNER, 1, True), (Level.BEGINNER, 1, True), (Level.AMATEUR, 1, False),
               (Level.BEGINNER, 1, True), (Level.AMATEUR, 1, True), (Level.AMATEUR, 1, True),
               (Level.MASTER, 64, False), (Level.AMATEUR, 1, True), (Level.MASTER, 64, True),
               (Level.MASTER, 64, False), (Level.MASTER, 16, False), (Level.MASTER, 64, True))
"""The rated games the chart shows, oldest first: the computer's level, its share, and whether the player won."""


def keep_rated_games() -> None:
    """A history of :data:`RATED_GAMES` in countries (the demo game finished, the player on the winner's side or
    the loser's), and no other game."""
    folder = history.history_dir()
    shutil.rmtree(folder, ignore_errors=True)
    game = demo.countries_demo()
    game.finish()
    winner = game.winner or Player.BLUE
    when = datetime(2025, 1, 18, 12, 0)
    for i, (level, share, won) in enumerate(RATED_GAMES):
        computer = ComputerSettings(level, winner if won else winner.other, share, takebacks=False)
        history.keep_game(game, MatchSettings(Rules.COUNTRIES, 20, 15, computer), None, now=when + timedelta(hours=i))


def rating_screens(screens: Any) -> list[tuple[str, Callable[[], None]]]:
    """(name, set-up) pairs for ``screens`` (``game.shots.setups._Screens``)."""
    only, menu, stack = screens.only, screens.menu, screens.stack

    def rating() -> Any:
        keep_rated_games()
        return stack.make("rating")

    def fits_chosen(scene: Any) -> None:
        scene.set_level(None)
        scene.set_takebacks(False)

    def versus() -> Any:
        keep_rated_games()
        return stack.make("versus", Rules.COUNTRIES)

    def rated_result() -> Any:
        keep_rated_games()
        game = demo.countries_demo()
        game.finish()
        human = game.winner or Player.BLUE
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.MASTER, human, 16, takebacks=False))
        return stack.make("results", Match(settings, game))

    no_takebacks = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.MASTER, Player.BLUE, 16,
                                                                           takebacks=False))
    return [
        ("rating", only(menu, lambda: stack.make("progress"), rating)),
        ("versus-fits", only(menu, versus, then=fits_chosen)),
        ("results-rated", only(menu, rated_result)),
        ("play-no-takebacks", only(menu, lambda: stack.make("play", Match(no_takebacks, demo.countries_demo())))),
    ]
