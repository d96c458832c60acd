"""Issue 30: takebacks counted as hints are. Each «Отменить» that took something back counts; the count
reaches the results (shown against the computer), the finished game's record in the history and a saved
record (``TAKEBACKS``), and the autosave, so a resumed game goes on counting. Driven by posted events."""

from __future__ import annotations

import pygame
from driving import click, key, press, step, step_until
from test_game_scenes import grid_px, start_play

from engine import Game, Player, Point, Rules, sgf
from game.control import Control
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.files.save_game import SaveGameScene
from game.scenes.handoff import Match
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.storage import history, unfinished
from game.storage.autosave import resume
from game.strings import set_language

SETTINGS = MatchSettings(Rules.COUNTRIES, 9, 7, ComputerSettings("amateur", Player.BLUE))


def first_legal(game: Game, level: str, **_: object) -> Point:
    return max(game.legal_moves())


def play_and_take_back(control: Control, play: PlayScene, node: Point) -> None:
    """The person plays ``node``, the computer answers, and «Отменить» takes both back."""
    click(control, grid_px(play, *node))
    step_until(control, lambda: play.human_to_move and play.game.move_count % 2 == 0)
    moves = play.game.move_count
    press(control, play.panel.b_undo)
    assert play.game.move_count == moves - 2


def test_takebacks_against_the_computer_reach_the_results_the_history_and_a_saved_record(control: Control) -> None:
    play = start_play(control, SETTINGS, chooser=first_legal)
    play_and_take_back(control, play, (1, 1))
    press(control, play.panel.b_redo)  # «Вернуть» replays the pair: the takeback still counts
    assert play.game.move_count == 2
    play_and_take_back(control, play, (2, 2))
    press(control, play.panel.b_undo)  # the first pair, replayed, taken back again
    assert play.game.move_count == 0 and play.takeback.taken == 3
    assert not play.panel.b_undo.enabled
    key(control, pygame.K_z, pygame.KMOD_CTRL)  # nothing left to take back: not counted
    assert play.takeback.taken == 3
    click(control, grid_px(play, 3, 3))
    step_until(control, lambda: play.human_to_move)
    play.finish()
    step(control)
    results = control.stack.top
    assert isinstance(results, ResultsScene) and results.takebacks == 3
    assert results.help_used == "Подсказок: 0 · Отмен: 3"
    set_language("en")
    try:
        assert results.help_used == "Hints used: 0 · Takebacks: 3"
    finally:
        set_language("ru")
    kept = results.kept.facts
    assert kept is not None and kept.takebacks == 3
    record = sgf.read((history.history_dir() / kept.file).read_bytes())
    assert record.takebacks == 3 and "TAKEBACKS[3]" in sgf.write(record)
    history.forget()
    (history.history_dir() / history.SUMMARY_FILE).unlink()  # rebuilt from the record: the count is there
    assert [g.takebacks for g in history.load().games] == [3]
    press(control, results.b_save)
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    press(control, save.b_save)
    assert save.saved is not None
    assert sgf.read_takebacks(sgf.read_info(save.saved.read_text(encoding="utf-8"))) == 3


def test_the_count_goes_on_after_a_resume(control: Control) -> None:
    play = start_play(control, SETTINGS, chooser=first_legal)
    play_and_take_back(control, play, (1, 1))
    click(control, grid_px(play, 2, 2))
    step_until(control, lambda: play.human_to_move and play.game.move_count == 2)
    play.shutdown()  # leaving writes the autosave now
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable) and "TAKEBACKS[1]" in saved.text
    again = PlayScene(control.stack, Match(*resume(saved)))
    control.stack.push(again)
    step(control)
    assert again.takeback.taken == 1
    press(control, again.panel.b_undo)
    assert again.takeback.taken == 2 and again.game.move_count == 0
    again.shutdown()


def test_at_one_screen_takebacks_are_kept_but_not_shown(control: Control) -> None:
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 9, 9))
    click(control, grid_px(play, 4, 4))
    press(control, play.panel.b_undo)
    click(control, grid_px(play, 4, 4))
    play.finish()
    step(control)
    results = control.stack.top
    assert isinstance(results, ResultsScene) and results.takebacks == 1
    assert results.kept.facts is not None and results.kept.facts.takebacks == 1


def test_an_odd_count_in_a_record_is_none_and_never_an_error() -> None:
    for value in ("²", "-1", "many", "99999999", ""):
        record = sgf.read(f"(;GM[40]SZ[5]HN[{value}]TAKEBACKS[{value}];B[aa])")  # "²" raised ValueError
        assert (record.hints, record.takebacks) == (0, 0)


def test_a_game_saved_from_the_leave_question_keeps_its_takebacks(control: Control) -> None:
    play = start_play(control, SETTINGS, chooser=first_legal)
    play_and_take_back(control, play, (1, 1))
    play_and_take_back(control, play, (2, 2))
    click(control, grid_px(play, 3, 3))
    step_until(control, lambda: play.human_to_move and play.game.move_count == 2)
    press(control, play.panel.b_menu)  # «Выйти из партии?», with «Сохранить партию» beside the answers
    question = control.stack.top
    assert question is not play and question.b_other is not None  # type: ignore[union-attr]
    press(control, question.b_other)  # type: ignore[union-attr]
    save = control.stack.top
    assert isinstance(save, SaveGameScene) and save.takebacks == 2
    press(control, save.b_save)
    assert save.saved is not None
    assert sgf.read_takebacks(sgf.read_info(save.saved.read_text(encoding="utf-8"))) == 2
