"""«Сдаться» (issue 21, item 12): a button in the play panel, asked first, that ends the game as a loss
for the one who gave up whatever the count; the results say so in both languages and a saved record's
``RE`` is ``W+R`` / ``B+R``. Driven with real pygame events."""

from __future__ import annotations

import threading

import pytest
from driving import SAFETY_SECONDS, press, step, step_until
from test_game_scenes import start_play, top

from engine import Game, Player, sgf
from game import strings
from game.control import Control
from game.match.ending import Ending, How
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.dialog import ConfirmScene
from game.scenes.files.save_game import SaveGameScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene


def blue_ahead() -> Game:
    """Blue has closed a country (a point up) and is to move."""
    game = Game(10, 10)
    for point in [(1, 1), (8, 8), (2, 0), (8, 7), (3, 1), (7, 8), (2, 2), (5, 5)]:
        game.play(point)
    assert game.score(Player.BLUE) > game.score(Player.RED) and game.to_move is Player.BLUE
    return game


def first_free(game: Game, level: str, **_: object) -> tuple[int, int]:
    return min(game.legal_moves())


def resign(control: Control, play: PlayScene) -> ResultsScene:
    """«Сдаться», then «Сдаться» in the question: the results."""
    press(control, play.panel.b_resign)
    asked = top(control)
    assert isinstance(asked, ConfirmScene)
    press(control, asked.b_yes)
    step(control)
    results = top(control)
    assert isinstance(results, ResultsScene)
    return results


def saved_record(control: Control, results: ResultsScene) -> str:
    press(control, results.b_save)
    saving = top(control)
    assert isinstance(saving, SaveGameScene)
    saving.save()
    assert saving.saved is not None
    return saving.saved.read_text(encoding="utf-8")


@pytest.mark.parametrize(("language", "line"), [("ru", "Вы сдались"), ("en", "You resigned")])
def test_resigning_against_the_computer_is_a_loss_whatever_the_count(control: Control, language: str,
                                                                     line: str) -> None:
    strings.set_language(language)
    settings = MatchSettings(width=10, height=10, computer=ComputerSettings("beginner", Player.BLUE))
    play = start_play(control, settings, game=blue_ahead(), chooser=first_free)
    assert play.panel.b_resign.rect.w > 0 and play.panel.b_resign.enabled
    results = resign(control, play)
    assert results.ending == Ending(How.RESIGN, Player.BLUE)
    assert results.won_by is Player.RED  # the computer won, though the person led on the count
    assert results.verdict == strings.t("results.won.computer")
    assert strings.t(results.ending.key(Player.BLUE)) == line
    text = saved_record(control, results)
    assert "RE[W+R]" in text and "RE[B+" not in text
    record = sgf.read(text)
    assert record.ending == Ending(How.RESIGN, Player.BLUE) and record.ending.winner(record.game) is Player.RED


def test_the_person_may_resign_while_the_computer_thinks(control: Control) -> None:
    settings = MatchSettings(width=10, height=10, computer=ComputerSettings("beginner", Player.RED))
    asked, answer = threading.Event(), threading.Event()

    def thinks_until_told(game: Game, level: str, **_: object) -> tuple[int, int]:
        asked.set()
        answer.wait(SAFETY_SECONDS)  # bounded: a broken test does not hang
        return min(game.legal_moves())

    play = start_play(control, settings, chooser=thinks_until_told)
    try:
        step_until(control, asked.is_set)
        assert not play.human_to_move  # the computer (blue) is thinking
        results = resign(control, play)
        assert results.ending == Ending(How.RESIGN, Player.RED) and results.won_by is Player.BLUE
        assert results.game.move_count == 0  # its move, come too late, is not played
        assert "RE[B+R]" in saved_record(control, results)
    finally:
        answer.set()


@pytest.mark.parametrize(("language", "line"), [("ru", "Красные сдались"), ("en", "Red resigned")])
def test_at_one_screen_the_player_to_move_resigns(control: Control, language: str, line: str) -> None:
    strings.set_language(language)
    game = Game(10, 10)
    game.play((1, 1))  # red to move
    play = start_play(control, game=game)
    press(control, play.panel.b_resign)
    asked = top(control)
    assert isinstance(asked, ConfirmScene)
    assert asked.hint == "confirm.resign.hint" and asked.hint_fields == {"player": strings.t("player.red")}
    press(control, asked.b_yes)
    step(control)
    results = top(control)
    assert isinstance(results, ResultsScene)
    assert results.ending == Ending(How.RESIGN, Player.RED) and results.won_by is Player.BLUE
    assert strings.t(results.ending.key(None)) == line
    assert "RE[B+R]" in saved_record(control, results)


def test_no_in_the_question_plays_on(control: Control) -> None:
    play = start_play(control, game=blue_ahead())
    press(control, play.panel.b_resign)
    asked = top(control)
    assert isinstance(asked, ConfirmScene)
    press(control, asked.b_no)
    assert top(control) is play and not play.game.is_over and play.ending is None
