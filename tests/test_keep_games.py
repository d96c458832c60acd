"""Issue 11: nothing a player does loses a game, and no file crashes or freezes the game.

Every unfinished game is kept (a new game never overwrites another), «Играть отсюда»
is saved at once, «Вернуть» replays whatever «Отменить» took back, the «Стоп» time
left survives a restart, and files that are huge, hostile, oddly named or
unreadable give the player one sentence in their language, quickly. The scenes
are driven by posted events under SDL's dummy driver.
"""

from __future__ import annotations

import logging
import os
import random
import re
import sys
import time
from pathlib import Path

import pygame
import pytest
from conftest import StillTime
from driving import click, key, post, press, step_until
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st
from test_sgf_hostile import CASES

from engine import Game, Player, Rules, sgf
from game import strings
from game.control import Control
from game.match import demo
from game.match.settings import ComputerSettings, MatchSettings
from game.match.takeback import TakeBack
from game.scenes.dialog import ConfirmScene
from game.scenes.files.open_game import OpenGameScene
from game.scenes.files.save_game import SaveGameScene
from game.scenes.files.unfinished_list import UnfinishedScene, describe
from game.scenes.handoff import Match, Reviewing
from game.scenes.menu import MenuScene
from game.scenes.picker import PickerScene
from game.scenes.play import PlayScene
from game.scenes.review import ReviewScene
from game.storage import errors, library, unfinished
from game.storage.autosave import resume
from game.strings import rules_name
from game.view import theme

RAW = re.compile(r"Errno|codec|Traceback|game tree|node \d|offset \d|\.py\b|0x[0-9a-f]{2}")
"""What raw Python or OS text looks like; none of it may reach the screen."""


def settle(control: Control, seconds: float = 1.2) -> None:
    for _ in range(round(seconds * 60)):
        control.step(1 / 60)


def open_menu(control: Control) -> MenuScene:
    control.stack.push(MenuScene(control.stack))
    control.step(1 / 60)
    menu = control.stack.top
    assert isinstance(menu, MenuScene)
    return menu


def play_nodes(control: Control, play: PlayScene, nodes: list[tuple[int, int]]) -> None:
    for node in nodes:
        click(control, play.board.grid_to_pixel(node))


def new_hotseat_game(control: Control, menu: MenuScene) -> PlayScene:
    """«Два игрока», then the first board size on the picker."""
    press(control, menu.b_hotseat)
    picker = control.stack.top
    assert isinstance(picker, PickerScene)
    sized = next(b for b, _ in picker.buttons.items if b.key == "picker.size")
    press(control, sized)
    play = control.stack.top
    assert isinstance(play, PlayScene)
    return play


def leave_to_menu(control: Control, play: PlayScene) -> MenuScene:
    press(control, play.panel.b_menu)
    if isinstance(control.stack.top, ConfirmScene):
        key(control, pygame.K_RETURN)
    menu = control.stack.top
    assert isinstance(menu, MenuScene)
    return menu


def spread(n: int, width: int = 20) -> list[tuple[int, int]]:
    """``n`` nodes far enough apart that no move closes anything."""
    return [((i * 3) % width, (i * 3) // width * 2) for i in range(n)]


# ----- 1. every unfinished game is kept ----------------------------------------------------------


def test_a_new_game_never_overwrites_a_paused_one(control: Control) -> None:
    menu = open_menu(control)
    first = new_hotseat_game(control, menu)
    play_nodes(control, first, [(2, 2), (5, 5), (7, 2)])
    menu = leave_to_menu(control, first)
    assert menu.resumable is not None and menu.resumable.game is not None
    assert menu.resumable.game.move_count == 3
    second = new_hotseat_game(control, menu)
    play_nodes(control, second, [(1, 1)])
    settle(control)
    key(control, pygame.K_z, pygame.KMOD_CTRL)  # the one dot taken back: the other game is untouched
    settle(control)
    games = unfinished.list_current().games
    assert sorted(g.game.move_count for g in games if g.game is not None) == [0, 3]
    menu = leave_to_menu(control, second)
    assert menu.b_unfinished.rect.w > 0 and menu.b_unfinished.label.endswith("2")
    # «Продолжить» resumes the latest: the second game, with its dot to replay.
    press(control, menu.b_continue)
    resumed = control.stack.top
    assert isinstance(resumed, PlayScene) and resumed.game.move_count == 0 and resumed.panel.b_redo.enabled
    press(control, resumed.panel.b_redo)
    assert resumed.game.last_move == (1, 1)


def test_the_unfinished_list_resumes_and_deletes_after_asking(control: Control) -> None:
    older = Game(12, 9, Rules.CLASSIC)
    for node in [(5, 4), (6, 4)]:
        older.play(node)
    computer = MatchSettings(Rules.CLASSIC, 12, 9, ComputerSettings("amateur", Player.RED))
    unfinished.save_current(sgf.dumps(older), {"mode": "computer", "level": "amateur", "human": "red",
                                          "rules": "classic"})
    time.sleep(0.01)
    newer = Game(10, 10)
    newer.play((3, 3))
    unfinished.save_current(sgf.dumps(newer), {"mode": "hotseat", "rules": "countries"})
    menu = open_menu(control)
    press(control, menu.b_unfinished)
    listing = control.stack.top
    assert isinstance(listing, UnfinishedScene) and listing.count == 2
    control.step(1 / 60)  # drawn
    assert describe(listing.unfinished[0]) == "Страны, 10 × 10 · два игрока · ход № 2"  # one played: the 2nd next
    assert describe(listing.unfinished[1]) == "Классика, 12 × 9 · компьютер: Любитель · ход № 3"
    # «✕» on the first row asks; «no» keeps the game, and says so (not «Продолжить игру»: that would
    # read as resuming it).
    cross = listing.delete_box(0).center
    click(control, cross)
    dialog = control.stack.top
    assert isinstance(dialog, ConfirmScene)
    assert dialog.b_no.label == "Оставить"
    press(control, dialog.b_no)
    assert control.stack.top is listing and len(unfinished.list_current().games) == 2
    click(control, cross)
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is listing and len(unfinished.list_current().games) == 2
    click(control, cross)
    key(control, pygame.K_RETURN)  # «Удалить»
    assert control.stack.top is listing and listing.count == 1
    [left] = unfinished.list_current().games
    assert left.game is not None and left.game.rules is Rules.CLASSIC
    # A tap on the row resumes it with its own set-up.
    click(control, (listing.list_rect.x + 40, listing.list_rect.y + listing.row_h // 2))
    play = control.stack.top
    assert isinstance(play, PlayScene) and play.settings == computer and play.game.history == older.history
    assert play.autosaver.slot == left.slot  # it goes on writing to its own save


@pytest.mark.parametrize("lang, listed, panel", [("ru", "ход № {n}", "Ход № {n}"), ("en", "move {n}", "Move {n}")])
def test_the_list_and_the_panel_give_a_game_the_same_move_number(
        control: Control, monkeypatch: pytest.MonkeyPatch, lang: str, listed: str, panel: str) -> None:
    """The list said «ход 29» (moves played) where the resumed game's panel said «Ход № 30» (the move
    about to be made): both now say the move about to be made."""
    strings.set_language(lang)
    game = demo.countries_demo()
    unfinished.save_current(sgf.dumps(game), {"mode": "hotseat", "rules": "countries"})
    drawn: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **kw: drawn.append(s) or real(s, *a, **kw))
    menu = open_menu(control)
    press(control, menu.b_unfinished)
    listing = control.stack.top
    assert isinstance(listing, UnfinishedScene) and listing.count == 1
    drawn.clear()
    control.step(1 / 60)
    [row] = [text for text in drawn if text.startswith(rules_name(Rules.COUNTRIES))]
    click(control, (listing.list_rect.x + 40, listing.list_rect.y + listing.row_h // 2))  # resume it
    play = control.stack.top
    assert isinstance(play, PlayScene) and play.game.history == game.history
    drawn.clear()
    control.step(1 / 60)
    n = game.move_count + 1
    assert row.endswith(" · " + listed.format(n=n)), row
    assert panel.format(n=n) in drawn


def test_an_old_single_autosave_is_still_picked_up(control: Control, data_dir: Path) -> None:
    game = Game(9, 9)
    game.play((4, 4))
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / unfinished.AUTOSAVE_FILE).write_text(unfinished.with_meta(sgf.dumps(game), {"mode": "hotseat"}), "utf-8")
    menu = open_menu(control)
    assert menu.resumable is not None and not (data_dir / unfinished.AUTOSAVE_FILE).exists()
    press(control, menu.b_continue)
    play = control.stack.top
    assert isinstance(play, PlayScene) and play.game.history == game.history


# ----- 2. «Играть отсюда» is saved at once -------------------------------------------------------


def test_play_on_from_the_review_is_kept_before_any_move(control: Control) -> None:
    game = Game(10, 10)
    for node in spread(6, 10):
        game.play(node)
    game.finish()
    menu = open_menu(control)
    control.stack.go("review", Reviewing(game, step=4))
    review = control.stack.top
    assert isinstance(review, ReviewScene)
    press(control, review.b_play_on)
    play = control.stack.top
    assert isinstance(play, PlayScene)
    [kept] = unfinished.list_current().games  # on disk already, before any move
    assert kept.game is not None and kept.game.history == play.game.history and kept.game.move_count == 4
    press(control, play.panel.b_menu)
    assert isinstance(control.stack.top, ConfirmScene)  # «Её можно будет продолжить из меню»: true now
    key(control, pygame.K_RETURN)
    assert control.stack.top is menu and menu.resumable is not None


# ----- 3. «Вернуть» -------------------------------------------------------------------------------


def test_two_hundred_undos_lose_nothing_and_redo_replays_all(control: Control) -> None:
    game = Game(20, 20)
    for node in spread(40):
        game.play(node)
    line = game.history
    menu = open_menu(control)
    control.stack.go("play", Match(MatchSettings(width=20, height=20), game))
    play = control.stack.top
    assert isinstance(play, PlayScene)
    for _ in range(200):
        key(control, pygame.K_z, pygame.KMOD_CTRL)
    assert play.game.move_count == 0 and not play.panel.b_undo.enabled and play.panel.b_redo.enabled
    settle(control)
    [kept] = unfinished.list_current().games  # the game is kept, taken back to an empty board
    assert kept.game is not None and kept.game.move_count == 0 and len(kept.meta["redo"]) == 40
    for i in range(100):  # Ctrl+Y and Ctrl+Shift+Z both replay
        if i % 2:
            key(control, pygame.K_y, pygame.KMOD_CTRL)
        else:
            key(control, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert play.game.history == line and not play.panel.b_redo.enabled
    # Half back, leave, come back: the other half is still there to replay.
    for _ in range(20):
        press(control, play.panel.b_undo)
    menu = leave_to_menu(control, play)
    press(control, menu.b_continue)
    again = control.stack.top
    assert isinstance(again, PlayScene) and again.game.move_count == 20
    for _ in range(20):
        press(control, again.panel.b_redo)
    assert again.game.history == line
    # A new move forgets what was taken back.
    press(control, again.panel.b_undo)
    play_nodes(control, again, [(19, 19)])
    assert not again.panel.b_redo.enabled and not again.takeback.can_redo


def test_redo_against_the_computer_replays_the_pair(control: Control) -> None:
    def first_legal(game: Game, level: str, **_: object) -> tuple[int, int]:
        return max(game.legal_moves())

    control.stack.chooser = first_legal
    open_menu(control)
    control.stack.go("play", Match(MatchSettings(width=9, height=7, computer=ComputerSettings("beginner"))))
    play = control.stack.top
    assert isinstance(play, PlayScene)
    for node in [(1, 1), (1, 3)]:
        play_nodes(control, play, [node])
        step_until(control, lambda: play.human_to_move)
    line = play.game.history
    assert len(line) == 4
    press(control, play.panel.b_undo)
    assert play.game.history == line[:2]
    press(control, play.panel.b_redo)
    assert play.game.history == line and play.human_to_move


Op = tuple[str, int]


@hyp_settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["move", "move", "undo", "redo"]), st.integers(0, 10_000)),
                max_size=60),
       st.sampled_from(list(Rules)))
def test_any_moves_undos_and_redos_equal_replaying_the_line(ops: list[Op], rules: Rules) -> None:
    game = Game(6, 5, rules)
    back = TakeBack()
    undone: list[object] = []  # a model: the actions taken back, the next to replay last
    for op, pick in ops:
        if op == "move" and not game.is_over:
            moves = game.legal_moves()
            game.play(moves[pick % len(moves)])
            back.forget()
            undone.clear()
        elif op == "undo" and game.history:
            undone.append(game.history[-1])
            back.undo(game, Game.undo)
        elif op == "redo" and back.can_redo:
            assert back.redo(game)
            assert game.history[-1] == undone.pop()
        # The game is always exactly its line replayed from the start.
        rebuilt = Game.from_actions(6, 5, rules, actions=game.history)
        assert rebuilt.to_move == game.to_move and sorted(rebuilt.dots()) == sorted(game.dots())
        assert (rebuilt.score(Player.BLUE), rebuilt.score(Player.RED)) == (game.score(Player.BLUE),
                                                                             game.score(Player.RED))
        assert back.actions == len(undone)
    # What was taken back survives JSON and, replayed, gives the line as it was before the undos.
    whole = game.history + tuple(reversed(undone))  # type: ignore[arg-type]
    restored = TakeBack.from_json(back.to_json(), game)
    while restored.redo(game):
        pass
    assert game.history == whole


# ----- 4. the «Стоп» time left ---------------------------------------------------------------------


def test_the_stop_clock_left_survives_closing_the_window(control: Control) -> None:
    open_menu(control)
    control.stack.go("play", Match(MatchSettings(Rules.CLASSIC, 20, 20)))
    play = control.stack.top
    assert isinstance(play, PlayScene)
    play_nodes(control, play, [(8, 8), (9, 9)])
    play.stop()
    for _ in range(80):
        control.step(0.25)  # twenty seconds of «Стоп», no move meanwhile
    control.stack.shutdown_all()  # the window closes
    [kept] = unfinished.list_current().games
    assert 155 < kept.meta["stop_left"] < 165
    resumed = resume(kept)
    assert resumed.stop_left == kept.meta["stop_left"]
    again = PlayScene(control.stack, Match(*resumed))
    assert again.stop_clock.shown() == "2:40"
    again.shutdown()


# ----- 6. names that draw as nothing ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["\u200b", "\ufe0f", "\u034f", "\u202e\u200b"])
def test_a_file_whose_name_draws_as_nothing_shows_a_placeholder(control: Control, data_dir: Path,
                                                                name: str) -> None:
    games = data_dir / "games"
    games.mkdir(parents=True)
    (games / f"{name}.sgf").write_text(sgf.dumps(Game(5, 5)), "utf-8")
    menu = open_menu(control)
    for _ in range(2):  # every visit
        press(control, menu.b_open)
        files = control.stack.top
        assert isinstance(files, OpenGameScene) and files.count == 1
        for size in ((800, 600), (1280, 800)):
            control.resize(size)
            control.step(1 / 60)
        key(control, pygame.K_ESCAPE)
    finished = Game(5, 5)
    finished.finish()
    control.stack.go("save", finished)
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    control.step(1 / 60)
    for _ in range(80):
        key(control, pygame.K_BACKSPACE)
    for lone in ("\ufe0f", "\u034f", "\u200b", "\u202e"):
        post(control, pygame.event.Event(pygame.TEXTINPUT, text=lone))
    assert save.name_text == ""
    key(control, pygame.K_RETURN)
    assert save.saved is not None and save.saved.stem.strip()  # the default name
    control.step(1 / 60)


# ----- 9. sizes are checked before reading -------------------------------------------------------------


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files opened or read whole from now on."""
    names: list[str] = []
    real_open, real_read = Path.open, Path.read_bytes

    def spy_open(self: Path, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        names.append(self.name)
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    def spy_read(self: Path) -> bytes:
        names.append(self.name)
        return real_read(self)

    monkeypatch.setattr(Path, "open", spy_open)
    monkeypatch.setattr(Path, "read_bytes", spy_read)
    return names


def sparse(path: Path, size: int = 300 * 1024 * 1024) -> Path:
    """A file of ``size`` bytes that takes no room on disk (made with the builtin open: not a read)."""
    with open(path, "wb") as f:
        f.truncate(size)
    return path


def test_a_huge_autosave_is_set_aside_without_reading_it(control: Control, data_dir: Path,
                                                          opened: list[str]) -> None:
    folder = data_dir / unfinished.UNFINISHED_DIR
    folder.mkdir(parents=True)
    huge = sparse(folder / "20250101-000000-abcdef.sgf")
    menu = open_menu(control)
    assert huge.name not in opened  # its size was enough: not a byte of it read
    assert menu.resumable is None and menu.notice is not None and menu.notice.why == "problem.too_large"
    assert not huge.exists() and list(folder.glob("*.corrupt-*.sgf"))


def test_a_huge_record_is_refused_at_once(control: Control, data_dir: Path, opened: list[str]) -> None:
    games = data_dir / "games"
    games.mkdir(parents=True)
    sparse(games / "huge.sgf")
    for i in range(200):  # a big folder: the list reads sizes and dates only
        (games / f"game {i}.sgf").write_text("(;GM[40]SZ[5])", "utf-8")
    open_menu(control)
    opened.clear()
    control.stack.go("open")
    files = control.stack.top
    assert isinstance(files, OpenGameScene) and files.count == 201
    assert opened == []  # the list itself read no file: sizes and dates only
    files.open_entry([g.name for g in files.games].index("huge"))
    assert files.message is not None and files.message[0].why == "problem.too_large"
    assert files.message[0].text() == "Не удалось открыть «huge»: файл слишком большой для партии в точки"
    assert "huge.sgf" not in opened  # refused by its size alone


# ----- 12. a sentence in the player's language, the detail in the log -------------------------------


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_records_through_the_open_screen(control: Control, data_dir: Path, name: str,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    games = data_dir / "games"
    games.mkdir(parents=True)
    (games / "hostile.sgf").write_bytes(CASES[name]().encode("utf-8", "surrogateescape"))
    open_menu(control)
    control.stack.go("open")
    files = control.stack.top
    assert isinstance(files, OpenGameScene)
    with caplog.at_level(logging.WARNING):  # sgf.loads's work on each case is bounded in test_sgf_hostile
        click(control, (files.list_rect.x + 40, files.list_rect.y + files.row_h // 2))
    if isinstance(control.stack.top, ReviewScene):
        control.step(1 / 60)
        return
    assert control.stack.top is files and files.message is not None
    text = files.message[0].text()
    assert text.startswith("Не удалось открыть «hostile»: ") and "\n" not in text
    assert not RAW.search(text) and not re.search("[A-Za-z]{3,}", text.split(": ", 1)[1]), text
    assert any("hostile.sgf" in r.getMessage() for r in caplog.records)  # the detail is in the log
    control.step(1 / 60)


@pytest.mark.parametrize("make, why", [
    (lambda games: (games / "dir.sgf").mkdir(), "problem.not_a_file"),
    (lambda games: (games / "latin.sgf").write_bytes(b"(;GM[40]SZ[9]C[\x9f])"), "problem.not_text"),
    (lambda games: (games / "cut.sgf").write_text("(;GM[40]SZ[9];B[aa]", "utf-8"), "problem.damaged"),
    (lambda games: (games / "go.sgf").write_text("(;GM[1]SZ[19])", "utf-8"), "problem.not_record"),
    (lambda games: (games / "bad.sgf").write_text("(;GM[40]SZ[9];B[aa];W[aa])", "utf-8"), "problem.illegal_move"),
    (lambda games: (games / "off.sgf").write_text("(;GM[40]SZ[9];B[zz])", "utf-8"), "problem.illegal_move"),
    (lambda games: (games / "wide.sgf").write_text("(;GM[40]SZ[99])", "utf-8"), "problem.unsupported"),
    (lambda games: (games / "big.sgf").write_text("(;GM[40]SZ[9]C[" + "x" * 1_100_000 + "])", "utf-8"),
     "problem.too_large"),
])
def test_each_kind_of_failure_has_its_sentence(control: Control, data_dir: Path, make, why: str) -> None:  # type: ignore[no-untyped-def]
    games = data_dir / "games"
    games.mkdir(parents=True)
    make(games)
    open_menu(control)
    control.stack.go("open")
    files = control.stack.top
    assert isinstance(files, OpenGameScene) and files.count <= 1
    if files.count == 0:  # a folder named .sgf is not listed; opened by path it still says so
        with pytest.raises(errors.StoreError) as e:
            library.read_game(games / "dir.sgf")
        assert e.value.problem == why
        return
    files.open_entry(0)
    assert files.message is not None and files.message[0].why == why
    assert not RAW.search(files.message[0].text())


def test_an_unreadable_file_says_no_permission(control: Control, data_dir: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    games = data_dir / "games"
    games.mkdir(parents=True)
    (games / "locked.sgf").write_text("(;GM[40]SZ[9])", "utf-8")
    real_open = os.open

    def locked_open(path: str | Path, *args: object, **kwargs: object) -> int:
        if Path(path).name == "locked.sgf":  # as chmod 0 would, for anyone but root
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", locked_open)  # how the store opens a file it reads (game.storage.reading)
    open_menu(control)
    control.stack.go("open")
    files = control.stack.top
    assert isinstance(files, OpenGameScene)
    files.open_entry(0)
    assert files.message is not None and files.message[0].why == "problem.no_permission"
    assert files.message[0].text() == "Не удалось открыть «locked»: нет прав на этот файл или папку"


def test_the_start_message_follows_a_language_switch(control: Control, data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / unfinished.AUTOSAVE_FILE).write_bytes(b"\x9f\x9f not a record")
    menu = open_menu(control)
    assert menu.notice is not None and menu.notice.text().startswith("Прошлую партию не удалось продолжить")
    press(control, menu.language_buttons["en"])
    assert menu.notice.text().startswith("The last game could not be resumed: the file is damaged")
    assert not RAW.search(menu.notice.text())


def test_an_unusable_data_folder_says_so(control: Control, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("x")
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(blocker / "data"))
    menu = open_menu(control)
    folder = errors.middle_cut(str(blocker / "data"), errors.MAX_FOLDER_SHOWN)  # a long path: its middle left out
    assert menu.notice == errors.Notice("store.not_kept", fields=(("folder", folder),))
    assert "не сохранятся" in menu.notice.text() and folder in menu.notice.text()


# ----- 13. save names ---------------------------------------------------------------------------------


def saving(control: Control) -> SaveGameScene:
    finished = Game(5, 5)
    finished.finish()
    open_menu(control)
    control.stack.go("save", finished)
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    for _ in range(80):
        key(control, pygame.K_BACKSPACE)
    return save


def test_sixty_four_byte_characters_save(control: Control) -> None:
    save = saving(control)
    post(control, pygame.event.Event(pygame.TEXTINPUT, text="😀" * 60))
    assert len(save.name_text.encode("utf-8")) <= library.MAX_NAME_BYTES
    key(control, pygame.K_RETURN)
    assert save.saved is not None and save.saved.is_file()
    assert len(save.saved.name.encode("utf-8")) <= 200
    assert library.safe_name("😀" * 60 + ".sgf") == save.saved.stem


def test_bidi_and_zero_width_characters_are_dropped(control: Control) -> None:
    save = saving(control)
    post(control, pygame.event.Event(pygame.TEXTINPUT, text="\u202eexe\u200b.txt"))
    assert save.name_text == "exe.txt"
    assert library.safe_name("Маша\u202e\u2066\ufeff") == "Маша"


def test_a_name_an_ascii_file_system_cannot_hold_is_written_in_utf8(control: Control,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    save = saving(control)
    post(control, pygame.event.Event(pygame.TEXTINPUT, text="Партия"))
    monkeypatch.setattr(sys, "getfilesystemencoding", lambda: "ascii")  # a C locale (issue 21: no message, saved)
    key(control, pygame.K_RETURN)
    assert save.saved is not None and os.fsencode(save.saved.name) == "Партия.sgf".encode()
    assert save.message is not None and save.message[0].text() == "Сохранено: Партия"


def test_windows_takes_any_name_whatever_its_legacy_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows names are UTF-16 text: a file-system encoding that cannot hold Cyrillic (the legacy «mbcs» mode on
    a Western code page) says nothing about what the disk takes, so nothing is refused (it once was)."""
    from game.storage import names

    monkeypatch.setattr(sys, "getfilesystemencoding", lambda: "cp1252")
    monkeypatch.setattr(names, "UTF16_NAMES", True)
    assert names.on_disk("Партия") == "Партия"


def test_random_names_never_crash_the_save(data_dir: Path) -> None:
    rng = random.Random(11)
    alphabet = "aя😀\u200b\u202e\ufe0f\u034f /\\:.\x00\udcff"
    for _ in range(60):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 90)))
        try:
            path = library.save_game(name, "(;GM[40]SZ[5])")
        except errors.StoreError as e:
            assert e.problem.startswith("problem.")
        else:
            assert path.parent == data_dir / "games" and len(path.name.encode("utf-8")) <= 200


def test_reading_the_games_in_progress_is_shared_out_and_drops_none(monkeypatch: pytest.MonkeyPatch,
                                                                     store_clock: StillTime) -> None:
    game = Game(6, 6)
    game.play((2, 2))
    for _ in range(5):
        unfinished.save_current(sgf.dumps(game), {"mode": "hotseat"})
    assert len(unfinished.list_current().games) == 5
    real_read = sgf.read

    def slow_read(text: str) -> sgf.Record:  # a slow disk or a costly record: each read a frame of its own
        store_clock.advance(2 * unfinished.LIST_STEP_SECONDS)
        return real_read(text)

    monkeypatch.setattr(unfinished.sgf, "read", slow_read)
    unfinished._KNOWN.clear()
    reader = unfinished.CurrentReader()
    assert reader.total == 5 and reader.games == []
    counts = []
    for _ in range(10):  # bounded: five frames are enough
        reader.work()
        counts.append(len(reader.games))
        if reader.done:
            break
    assert counts == [1, 2, 3, 4, 5] and reader.total == 5
    assert [g.modified for g in reader.games] == sorted((g.modified for g in reader.games), reverse=True)


def test_undoing_and_redoing_a_stop_keeps_its_time(control: Control) -> None:
    open_menu(control)
    control.stack.go("play", Match(MatchSettings(Rules.CLASSIC, 20, 20)))
    play = control.stack.top
    assert isinstance(play, PlayScene)
    play_nodes(control, play, [(8, 8), (9, 9)])
    play.stop()
    for _ in range(40):
        control.step(0.25)  # ten seconds of «Стоп»
    press(control, play.panel.b_undo)
    assert play.game.stopped_by is None
    control.step(0.25)
    press(control, play.panel.b_redo)
    assert play.game.stopped_by == Player.BLUE and play.stop_clock.shown() == "2:50"


def test_listing_a_huge_games_folder_is_shared_out(data_dir: Path, opened: list[str]) -> None:
    games = data_dir / "games"
    games.mkdir(parents=True)
    for i in range(1000):
        (games / f"{i}.sgf").write_bytes(b"(;GM[40]SZ[5])")
    opened.clear()
    assert len(library.list_games()) == 1000
    assert opened == []  # sizes and dates only: not one file read
    reader = library.GamesReader()
    reader.step()
    assert len(reader.games) == library.LIST_SLICE and not reader.done  # a slice a step, the rest waits
    assert len(reader.finish()) == 1000 and reader.done
