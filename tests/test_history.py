"""Issue 30, part 1: every finished game is kept in a history apart from the saved games, with a limit the
player sees and changes (the oldest go first, never a saved game); a killed game loses nothing; a damaged or
hostile history gives a notice and the rest works. Scenes are driven by posted events."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pygame
import pytest
from driving import click, key, press

from ai import Level
from engine import Game, Player, Rules, sgf
from game.control import Control
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.dialog import ConfirmScene
from game.scenes.history_list import HistoryScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.progress import ProgressScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.storage import atomic, errors, history, history_index, library

RING = [(1, 0), (1, 1), (0, 1), (4, 4), (2, 1), (4, 3), (1, 2)]
"""Blue rings Red's dot at (1, 1): one country, one dot captured."""
T0 = datetime(2025, 1, 18, 12, 0, 0)


def ringed(width: int = 5, height: int = 5) -> Game:
    game = Game(width, height)
    for node in RING:
        game.play(node)
    game.finish()
    return game


def keep(n: int, settings: MatchSettings | None = None, start: datetime = T0) -> list[history.Kept]:
    settings = settings or MatchSettings(Rules.COUNTRIES, 5, 5)
    return [history.keep_game(ringed(), settings, None, now=start + timedelta(minutes=i)) for i in range(n)]


def top(control: Control) -> object:
    return control.stack.top


def open_menu(control: Control) -> MenuScene:
    control.stack.push(MenuScene(control.stack))
    control.step(1 / 60)
    menu = top(control)
    assert isinstance(menu, MenuScene)
    return menu


def finish_by_the_panel(control: Control, play: PlayScene) -> ResultsScene:
    press(control, play.panel.b_finish)
    assert isinstance(top(control), ConfirmScene)
    key(control, pygame.K_RETURN)
    control.step(1 / 60)
    results = top(control)
    assert isinstance(results, ResultsScene)
    return results


# ----- a finished game is kept, and listed -----------------------------------------------------------------


def test_a_hot_seat_game_played_to_the_end_is_in_the_history_and_its_list(control: Control) -> None:
    menu = open_menu(control)
    press(control, menu.b_hotseat)
    sized = next(b for b, _ in top(control).buttons.items if b.key == "picker.size")  # type: ignore[attr-defined]
    press(control, sized)
    play = top(control)
    assert isinstance(play, PlayScene)
    for node in RING:
        click(control, play.board.grid_to_pixel(node))
    assert play.game.move_count == len(RING)
    results = finish_by_the_panel(control, play)
    assert results.kept.problem is None and results.kept.facts is not None
    kept = history.load()
    assert [(g.level, g.winner, g.capture, g.countries, g.moves) for g in kept.games] == [(None, "blue", 1, 1, 7)]
    assert not library.list_games(), "a finished game is not one the player saved by name"
    press(control, results.b_menu)
    menu = top(control)
    assert isinstance(menu, MenuScene)
    press(control, menu.b_progress)
    progress = top(control)
    assert isinstance(progress, ProgressScene)
    assert [(r.rules, r.level, r.played, r.won, r.capture, r.longest) for r in progress.rows] == [
        ("countries", None, 1, 1, 1, 7)]
    press(control, progress.b_games)
    listed = top(control)
    assert isinstance(listed, HistoryScene)
    while listed.filling:
        control.step(1 / 60)
    assert listed.count == 1 and listed.entry(0).name == "Два игрока"
    click(control, listed.row_rect(0).center)
    review = top(control)
    assert isinstance(review, ReviewScene) and review.game.move_count == len(RING)


def test_a_game_lost_to_the_computer_by_resigning_is_kept_as_a_loss(control: Control) -> None:
    settings = MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.BEGINNER, Player.BLUE))
    control.stack.go("play", _match(settings))
    play = top(control)
    assert isinstance(play, PlayScene)
    click(control, play.board.grid_to_pixel((5, 5)))
    press(control, play.panel.b_resign)
    key(control, pygame.K_RETURN)
    control.step(1 / 60)
    assert isinstance(top(control), ResultsScene)
    (game,) = history.load().games
    assert (game.level, game.human, game.outcome, game.how) == ("beginner", "blue", "lost", "resign")


def _match(settings: MatchSettings) -> object:
    from game.scenes.handoff import Match

    return Match(settings)


def test_a_game_with_no_move_is_not_kept(data_dir: Path) -> None:
    game = Game(5, 5)
    game.finish()
    kept = history.keep_game(game, MatchSettings(Rules.COUNTRIES, 5, 5), None)
    assert kept.facts is None and kept.problem is None and not history.load().games


def test_the_record_in_the_history_opens_as_a_game_and_keeps_its_set_up(data_dir: Path) -> None:
    settings = MatchSettings(Rules.COUNTRIES, 5, 5, ComputerSettings(Level.MASTER, Player.RED))
    kept = history.keep_game(ringed(), settings, None, hints=2, now=T0)
    assert kept.facts is not None
    record = sgf.read((history.history_dir() / kept.facts.file).read_bytes())
    assert record.game.history == ringed().history and record.hints == 2
    assert library.record_setup(record) == settings


# ----- the limit --------------------------------------------------------------------------------------


def test_the_oldest_go_first_beyond_the_limit_and_never_a_saved_game(data_dir: Path) -> None:
    library.save_game("Моя партия", sgf.dumps(ringed()))
    history.set_keep(50)
    keep(53)
    kept = history.load()
    assert len(kept.games) == 50 and kept.keep == 50
    assert kept.games[0].when == (T0 + timedelta(minutes=3)).strftime("%Y-%m-%dT%H:%M:%S")
    assert len(list(history.history_dir().glob("*.sgf"))) == 50
    assert [g.name for g in library.list_games()] == ["Моя партия"]


def test_lowering_the_limit_removes_nothing_until_the_next_game(data_dir: Path) -> None:
    keep(60)
    history.set_keep(50)
    assert len(history.load().games) == 60
    keep(1, start=T0 + timedelta(days=1))
    assert len(history.load().games) == 50


def test_the_list_shows_the_limit_and_its_button_steps_through_the_choices(control: Control) -> None:
    keep(2)
    control.stack.go("history")
    listed = top(control)
    assert isinstance(listed, HistoryScene)
    assert listed.b_keep.label == f"Хранить: {history.DEFAULT_KEEP}"
    press(control, listed.b_keep)
    following = history.KEEP_CHOICES[history.KEEP_CHOICES.index(history.DEFAULT_KEEP) + 1]
    assert history.load().keep == following and listed.b_keep.label == f"Хранить: {following}"
    for _ in history.KEEP_CHOICES:
        press(control, listed.b_keep)
    assert history.load().keep == following, "the choices go round"


def test_a_bad_limit_is_refused(data_dir: Path) -> None:
    with pytest.raises(ValueError):
        history.set_keep(7)


# ----- a killed game, damaged and hostile files ----------------------------------------------------------


def test_a_game_killed_before_its_summary_was_written_is_found(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keep(2)

    def killed(path: Path, known: object) -> None:
        raise KeyboardInterrupt  # the program dies between the record and the summary

    with monkeypatch.context() as patched, pytest.raises(KeyboardInterrupt):
        patched.setattr(history_index, "write_index", killed)
        keep(1, start=T0 + timedelta(days=1))
    kept = history.load()
    assert len(kept.games) == 3 and not kept.notices
    summary = json.loads((history.history_dir() / history.SUMMARY_FILE).read_text())
    assert len(summary["games"]) == 3, "the summary caught up"


SUMMARIES = {
    "garbled": b"\x00\xff garbage \x9c",
    "truncated": None,  # the real summary cut in half
    "not ours": b'{"version": 99, "games": []}',
    "wrong kinds": json.dumps({"version": 1, "games": [{"file": "../../x.sgf", "when": 5}]}).encode(),
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "huge": None,  # a sparse file of 300 MB
    "a folder": None,
}


@pytest.mark.parametrize("case", list(SUMMARIES))
def test_a_damaged_summary_is_rebuilt_from_the_records_with_a_notice(data_dir: Path, case: str) -> None:
    keep(3)
    path = history.history_dir() / history.SUMMARY_FILE
    if case == "truncated":
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    elif case == "huge":
        with path.open("wb") as f:
            f.truncate(300 * 1024 * 1024)
    elif case == "a folder":
        path.unlink()
        path.mkdir()
    else:
        data = SUMMARIES[case]
        assert data is not None
        path.write_bytes(data)
    kept = history.load()
    assert [g.capture for g in kept.games] == [1, 1, 1]
    assert [n.key for n in kept.notices] == ["history.rebuilt"]
    if case != "a folder":
        assert not history.load().notices, "rebuilt once, then read"


def test_a_lost_summary_is_rebuilt_quietly(data_dir: Path) -> None:
    keep(3)
    (history.history_dir() / history.SUMMARY_FILE).unlink()
    kept = history.load()
    assert len(kept.games) == 3 and not kept.notices


def test_a_damaged_record_is_left_out_with_a_notice_and_the_rest_is_read(data_dir: Path) -> None:
    keep(2)
    folder = history.history_dir()
    (folder / history.SUMMARY_FILE).unlink()
    (folder / "2020-01-01 00-00-00.sgf").write_bytes(b"(;GM[40]SZ[5];B[aa];B[aa]")
    kept = history.load()
    assert len(kept.games) == 2
    assert [(n.key, n.text()) for n in kept.notices] == [
        ("history.records_unread", "Не прочитано записей сыгранных партий: 1 (они остались в папке)")]


def test_hostile_facts_in_a_record_are_replaced_by_the_game_replayed(data_dir: Path) -> None:
    (kept,) = keep(1)
    assert kept.facts is not None
    folder = history.history_dir()
    path = folder / kept.facts.file
    record = sgf.read(path.read_bytes())
    info = dict(record.info)
    info["TOCHKI"] = json.dumps({"version": 1, "facts": {"capture": -5, "moves": "lots"}})
    path.write_text(sgf.write(replace(record, info=info)))
    (folder / history.SUMMARY_FILE).unlink()
    (game,) = history.load().games
    assert (game.capture, game.moves, game.winner) == (1, 7, "blue")


@pytest.mark.parametrize("content", [b"{", b'{"version": 1, "keep": 7}', b'{"version": 1, "keep": true}'])
def test_a_damaged_limit_falls_back_to_the_default_with_a_notice(data_dir: Path, content: bytes) -> None:
    keep(1)
    (history.history_dir() / history.KEEP_FILE).write_bytes(content)
    kept = history.load()
    assert kept.keep == history.DEFAULT_KEEP and [n.key for n in kept.notices] == ["history.keep_reset"]


def test_an_unusable_data_folder_keeps_nothing_and_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(blocker / "data"))
    kept = history.keep_game(ringed(), MatchSettings(Rules.COUNTRIES, 5, 5), None)
    assert kept.facts is None and kept.problem == "problem.no_data_folder" and not kept.history.games


def test_the_list_says_what_could_not_be_read(control: Control) -> None:
    keep(1)
    (history.history_dir() / history.SUMMARY_FILE).write_bytes(b"nonsense")
    control.stack.go("history")
    listed = top(control)
    assert isinstance(listed, HistoryScene) and listed.message is not None
    assert listed.message[0].key == "history.rebuilt"
    while listed.filling:
        control.step(1 / 60)
    assert listed.count == 1


def test_a_record_file_that_is_no_file_is_skipped(data_dir: Path) -> None:
    keep(1)
    folder = history.history_dir()
    (folder / history.SUMMARY_FILE).unlink()
    (folder / "a folder.sgf").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "a pipe.sgf")
    kept = history.load()
    assert len(kept.games) == 1 and [n.key for n in kept.notices] == ["history.records_unread"]


# ----- «Успехи» --------------------------------------------------------------------------------------------


def versus(level: Level, human: Player = Player.BLUE, rules: Rules = Rules.COUNTRIES) -> MatchSettings:
    return MatchSettings(rules, 5, 5, ComputerSettings(level, human))


def test_progress_counts_each_rule_set_and_level_apart_with_streaks(data_dir: Path) -> None:
    from game.storage.progress import tally

    when = iter(T0 + timedelta(minutes=i) for i in range(100))
    for human in (Player.BLUE, Player.BLUE, Player.RED, Player.BLUE, Player.BLUE, Player.BLUE):
        history.keep_game(ringed(), versus(Level.MASTER, human), None, now=next(when))  # Blue wins each
    history.keep_game(ringed(), versus(Level.BEGINNER), None, now=next(when))
    history.keep_game(ringed(), MatchSettings(Rules.COUNTRIES, 5, 5), None, now=next(when))
    rows = tally(history.load().games)
    assert [(r.level, r.played, r.won, r.lost, r.drawn, r.streak, r.best_streak) for r in rows] == [
        ("beginner", 1, 1, 0, 0, 1, 1), ("master", 6, 5, 1, 0, 3, 3), (None, 1, 1, 0, 0, 0, 0)]


def test_progress_opens_from_the_menu_and_survives_a_lost_summary(control: Control) -> None:
    keep(2, versus(Level.AMATEUR))
    (history.history_dir() / history.SUMMARY_FILE).write_bytes(b"\x00")
    menu = open_menu(control)
    press(control, menu.b_progress)
    progress = top(control)
    assert isinstance(progress, ProgressScene)
    assert [(r.level, r.played, r.won, r.streak) for r in progress.rows] == [("amateur", 2, 2, 2)]
    assert [n.key for n in progress.kept.notices] == ["history.rebuilt"]
    key(control, pygame.K_ESCAPE)
    assert isinstance(top(control), MenuScene)


def test_progress_with_no_games_says_so(control: Control) -> None:
    control.stack.go("progress")
    progress = top(control)
    assert isinstance(progress, ProgressScene) and progress.rows == [] and progress.b_games.label == "Сыгранные: 0"


def counting_summary_reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Each reading of a summary file from disk, by folder."""
    reads: list[Path] = []
    real = history_index.read_index

    def spy(path: Path, notices: list[errors.Notice]) -> dict[str, history_index.Known] | None:
        reads.append(path.parent)
        return real(path, notices)
    monkeypatch.setattr(history_index, "read_index", spy)
    return reads


def test_a_second_open_uses_the_summary_held_and_keeping_a_game_reads_nothing_back(
        control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    keep(3)
    history.forget()
    reads = counting_summary_reads(monkeypatch)
    control.stack.go("progress")
    assert len(reads) == 1, "the first open reads the summary"
    control.stack.pop()
    control.stack.go("progress")
    control.stack.pop()
    control.stack.go("history")
    assert len(reads) == 1, "the next opens use what was read"
    kept = history.keep_game(ringed(), MatchSettings(Rules.COUNTRIES, 5, 5), None, now=T0 + timedelta(days=1))
    assert kept.facts is not None and len(kept.history.games) == 4
    assert len(history.load().games) == 4 and len(reads) == 1, "a kept game is added in memory, not read back"
    on_disk = json.loads((history.history_dir() / history.SUMMARY_FILE).read_text())
    assert [g["file"] for g in on_disk["games"]] == [g.file for g in history.load().games]


def test_a_summary_another_window_changed_is_read_again(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keep(2)
    assert [g.hints for g in history.load().games] == [0, 0]
    reads = counting_summary_reads(monkeypatch)
    folder = history.history_dir()
    path = folder / history.SUMMARY_FILE
    data = json.loads(path.read_text())
    data["games"][1]["hints"] = 3  # another window (or a person) wrote it anew
    atomic.write_atomically(path, json.dumps(data).encode())
    assert [g.hints for g in history.load().games] == [0, 3] and len(reads) == 1
    assert [g.hints for g in history.load().games] == [0, 3] and len(reads) == 1
    path.write_bytes(b"{ not json")  # damaged in place: read, rebuilt with a notice, as before
    kept = history.load()
    assert [n.key for n in kept.notices] == ["history.rebuilt"] and len(kept.games) == 2 and len(reads) == 2


def test_a_record_another_window_added_is_found_while_the_summary_is_held(data_dir: Path) -> None:
    keep(2)
    history.load()
    folder = history.history_dir()
    other = history.keep_game(ringed(), MatchSettings(Rules.COUNTRIES, 5, 5), None, now=T0 + timedelta(days=2))
    assert other.facts is not None
    text = (folder / other.facts.file).read_bytes()
    (folder / "2030-01-01 00-00-00.sgf").write_bytes(text)  # its summary not yet written (killed, or not yet)
    assert len(history.load().games) == 4
