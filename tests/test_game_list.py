"""The games list of issue 13 (item 5), driven by posted events under SDL's dummy driver.

Rows newest first, each with a picture of the last position and the record's rules,
board, moves, result, players (the computer's level) and date; the sample games
apart; delete with «Вернуть»; rename through the name card, hostile names too;
«Сохранить партию» from a game in progress; and a folder of hundreds of games read a
bounded number of files a frame, never holding the screen up.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

import pygame
import pytest
from conftest import FakeClock, StillTime
from driving import click, key, press, running, type_text

from ai import Level
from engine import Game, Player, Rules, sgf
from game import strings
from game.control import Control
from game.match import demo
from game.match.clock import TimeControl
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.dialog import ConfirmScene
from game.scenes.files.listing import UNDO_SECONDS
from game.scenes.files.open_game import OpenGameScene
from game.scenes.files.rename import NameScene
from game.scenes.files.save_game import SaveGameScene
from game.scenes.files.unfinished_list import UnfinishedScene
from game.scenes.handoff import Match
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.shots.headless import ZAGRAM
from game.storage import library, unfinished
from game.storage.library import record_info
from game.view import theme, thumbnail


@pytest.fixture
def read_clock(monkeypatch: pytest.MonkeyPatch) -> StillTime:
    """The clock of the pictures' per-frame budget (``Catalogue.work``), moved by the test's stand-in
    for a slow disk instead of by sleeping: the frames do the same on any machine."""
    still = StillTime()
    real = thumbnail.Catalogue.work

    def work(self: thumbnail.Catalogue, budget: float = thumbnail.STEP_BUDGET_SECONDS,
             clock: Callable[[], float] | None = None) -> int:
        return real(self, budget, clock or still.perf_counter)

    monkeypatch.setattr(thumbnail.Catalogue, "work", work)
    return still
"""The longest a frame of the list may take while it reads and draws (the brief's bound)."""


@pytest.fixture
def control(pygame_session: object, data_dir: Path, clock: FakeClock) -> Iterator[Control]:
    thumbnail.KNOWN.clear()  # every test reads its own files afresh
    yield from running((1280, 800), clock)


def save_at(name: str, game: Game, minute: int, info: dict[str, str] | None = None) -> Path:
    """``game`` saved as ``name``, dated ``minute`` minutes past 10:00 today (the list's order)."""
    path = library.save_game(name, sgf.dumps(game, info=info))
    stamp = datetime.now().replace(hour=10, minute=minute, second=0, microsecond=0).timestamp()
    os.utime(path, (stamp, stamp))
    return path


def open_list(control: Control) -> OpenGameScene:
    """«Открыть» from the menu, with the rows in sight read and drawn."""
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    control.step(1 / 60)
    press(control, menu.b_open)
    files = control.stack.top
    assert isinstance(files, OpenGameScene)
    for _ in range(200):
        if files.catalogue.done():
            break
        control.step(1 / 60)
    assert files.catalogue.done()
    return files


def row_point(files: OpenGameScene, index: int) -> tuple[int, int]:
    """A point on row ``index``'s text, away from its picture and buttons."""
    row = files.row_rect(index)
    return row.x + files.thumb_size()[0] + 40, row.centery


def blue_pixels(picture: pygame.Surface) -> int:
    """How many pixels of a picture are clearly blue (dots and countries of Blue)."""
    w, h = picture.get_size()
    return sum(1 for x in range(w) for y in range(h)
               if (c := picture.get_at((x, y))).b > c.r + 60 and c.b > c.g + 30)


def finished_countries() -> Game:
    game = demo.countries_demo()
    game.finish()
    return game


# ----- what a row shows ---------------------------------------------------------------------------


def test_rows_newest_first_with_pictures_rules_size_players_result_moves_and_date(control: Control) -> None:
    against = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings("master", Player.RED))
    save_at("hot-seat", finished_countries(), 1)
    save_at("versus", finished_countries(), 3, record_info(against, datetime(2025, 1, 18)))
    save_at("unfinished classic", demo.classic_demo(), 2)
    zagram_copy = library.save_game("zagram", ZAGRAM.read_text(encoding="utf-8"))  # another program's record as it is
    stamp = datetime.now().replace(hour=10, minute=0, second=0, microsecond=0).timestamp()
    os.utime(zagram_copy, (stamp, stamp))
    (library.games_dir() / "broken.sgf").write_text("(;GM[40]SZ[9];B[zz])", encoding="utf-8")
    stamp = datetime.now().replace(hour=9, minute=0).timestamp()
    os.utime(library.games_dir() / "broken.sgf", (stamp, stamp))
    files = open_list(control)
    assert [g.name for g in files.games] == ["versus", "unfinished classic", "hot-seat", "zagram", "broken"]
    summaries = [files.catalogue.summary(files.key(i)) for i in range(files.count)]
    versus, classic, hot, zagram, broken = summaries
    assert isinstance(versus, thumbnail.Summary) and isinstance(classic, thumbnail.Summary)
    assert isinstance(hot, thumbnail.Summary) and isinstance(zagram, thumbnail.Summary)
    assert (versus.rules, versus.width, versus.height, versus.over) == (Rules.COUNTRIES, 20, 15, True)
    assert versus.moves == finished_countries().move_count and versus.date == "2025-01-18"
    assert versus.players == ("Компьютер", "Игрок") and versus.ranks == ("Мастер", "")
    assert (classic.rules, classic.width, classic.height, classic.over) == (Rules.CLASSIC, 24, 20, False)
    assert hot.players == ("", "") and zagram.players == ("Митрандир", "Роман Максимов") and zagram.moves == 244
    assert broken == "problem.illegal_move"
    # What the rows say, as drawn (every string goes through theme.text).
    drawn = texts_drawn(files)
    game = finished_countries()
    margin = strings.t("files.result.won", player="Синие", margin="6½")
    assert game.score(Player.BLUE) - game.score(Player.RED) == 6.5  # the margin the line says
    assert f"Страны · 20 × 15 · ходов: {game.move_count} · {margin}" in drawn
    assert "Компьютер (Мастер)" in drawn and "Игрок" in drawn and "Синие" in drawn and "Красные" in drawn
    assert "Классика · 24 × 20 · ходов: 15 · не окончена, 1 : 0" in drawn
    assert "Классика · 39 × 32 · ходов: 244 · Красные: соперник сдался" in drawn
    assert "Не открывается: в записи есть ход не по правилам" in drawn
    assert datetime.now().replace(hour=10, minute=3).strftime("%Y-%m-%d %H:%M") in drawn
    # Pictures of the last positions: a finished game's board has Blue on it; the broken file has none.
    for i in range(4):
        picture = files.catalogue.picture(files.key(i))
        assert picture is not None and picture.get_width() <= files.thumb_size()[0]
        assert picture.get_height() <= files.thumb_size()[1] and blue_pixels(picture) > 5
    assert files.catalogue.picture(files.key(4)) is None
    # The sample apart, under its heading, after the player's own games; it opens like them.
    assert files.rows == files.count + 1 and files.entry(files.count).path.parent.name == "samples"
    assert files.row_top(files.count) > files.row_top(files.count - 1) + files.row_step
    assert strings.t("files.samples") in drawn
    assert files.boxes(files.count) == []  # no rename or delete for a sample
    strings.set_language("en")  # the names our record wrote in Russian follow the language; others' stay
    drawn = texts_drawn(files)
    assert {"Computer (Master)", "Player", "Митрандир", "Blue"} <= drawn and "Компьютер (Мастер)" not in drawn
    strings.set_language("ru")
    click(control, row_point(files, files.count))
    review = control.stack.top
    assert isinstance(review, ReviewScene) and review.players == ("Митрандир", "Роман Максимов")


def test_a_saved_game_against_the_computer_opens_with_its_set_up_and_plays_on_against_it(control: Control) -> None:
    settings = MatchSettings(Rules.CLASSIC, 12, 12, ComputerSettings(Level.AMATEUR, Player.RED), TimeControl(5, 3))
    game = Game(12, 12, Rules.CLASSIC)
    game.play((3, 3))
    save_at("versus", game, 1, record_info(settings, datetime(2025, 1, 18)))
    files = open_list(control)
    click(control, row_point(files, 0))
    review = control.stack.top
    assert isinstance(review, ReviewScene) and review.settings == settings and review.computer_side() is Player.BLUE
    control.stack.chooser = lambda game, level, **_: max(game.legal_moves())  # a quick stand-in for the computer
    press(control, review.b_play_on)
    play = control.stack.top
    assert isinstance(play, PlayScene) and play.settings == settings
    assert play.opponent is not None and play.opponent.player is Player.BLUE and play.opponent.level is Level.AMATEUR


def texts_drawn(scene: OpenGameScene) -> set[str]:
    """Every string drawn by the scene in one frame."""
    seen: set[str] = set()
    plain = theme.text

    def text(s: str, px: int, colour: theme.Colour = theme.INK, *, bold: bool = False) -> pygame.Surface:
        seen.add(s)
        return plain(s, px, colour, bold=bold)

    theme.text = text  # type: ignore[assignment]
    try:
        scene.draw(pygame.Surface(scene.size))
    finally:
        theme.text = plain  # type: ignore[assignment]
    return seen


def test_a_row_shows_blank_paper_until_its_picture_is_drawn(control: Control, monkeypatch: pytest.MonkeyPatch,
                                                            read_clock: StillTime) -> None:
    for i in range(3):
        save_at(f"game {i}", finished_countries(), i)
    slow = library.read_record

    def read(path: Path, size: int | None = None) -> library.Record:
        read_clock.advance(0.03)  # longer than a frame's budget: one file a frame
        return slow(path, size)

    monkeypatch.setattr(library, "read_record", read)
    drawn: list[pygame.Rect] = []
    monkeypatch.setattr(thumbnail, "draw_placeholder", lambda surface, box: drawn.append(box))
    files = OpenGameScene(control.stack)
    control.stack.push(files)
    control.step(1 / 60)
    assert files.catalogue.reads == 1 and not files.catalogue.done()
    assert len(drawn) >= 2  # the rows not read yet show blank paper
    for _ in range(20):
        control.step(1 / 60)
    assert files.catalogue.done() and files.catalogue.reads == files.rows == 4  # the sample too


def test_pictures_are_kept_by_path_date_and_size(control: Control, data_dir: Path) -> None:
    path = save_at("kept", finished_countries(), 1)
    entry = library.list_games()[0]
    key = thumbnail.key_of(entry.path, entry.modified_ns, entry.size)
    first = thumbnail.Catalogue((80, 60))
    first.want([(key, path)])
    while not first.done():
        first.work()
    assert first.reads == 1 and first.drawn == 1
    again = thumbnail.Catalogue((80, 60))  # another visit to the list: nothing read again
    again.want([(key, path)])
    assert again.done() and again.work() == 0 and again.reads == 0
    path.write_text(sgf.dumps(demo.classic_demo()), encoding="utf-8")  # the same name, another game
    entry = library.list_games()[0]
    changed = thumbnail.key_of(entry.path, entry.modified_ns, entry.size)
    assert changed != key
    again.want([(changed, path)])
    while not again.done():
        again.work()
    summary = again.summary(changed)
    assert again.reads == 1 and isinstance(summary, thumbnail.Summary) and summary.rules is Rules.CLASSIC


# ----- many files ----------------------------------------------------------------------------------


def test_hundreds_of_games_are_read_a_few_a_frame(control: Control, monkeypatch: pytest.MonkeyPatch,
                                                  read_clock: StillTime) -> None:
    folder = library.games_dir()
    folder.mkdir(parents=True)
    record = sgf.dumps(finished_countries())
    for i in range(400):
        (folder / f"game {i:03}.sgf").write_text(record, encoding="utf-8")
    real = library.read_record
    per_read = 0.01

    def read(path: Path, size: int | None = None) -> library.Record:
        read_clock.advance(per_read)  # a slow disk: each file takes 10 ms more
        return real(path, size)

    monkeypatch.setattr(library, "read_record", read)
    files = OpenGameScene(control.stack)
    control.stack.push(files)
    frames: list[int] = []  # files read in each frame
    for _ in range(60):
        before = files.catalogue.reads
        control.step(1 / 60)
        frames.append(files.catalogue.reads - before)
        if files.catalogue.done():
            break
    assert files.count == 400 and files.catalogue.done()
    # One read always, then more only within the frame's budget: a frame never waits on many files.
    assert max(frames) <= 1 + thumbnail.STEP_BUDGET_SECONDS / per_read + 1
    assert len(frames) > 1, "every file in sight was read in one frame"
    in_sight = len(files.visible_rows())
    assert files.catalogue.reads <= 3 * in_sight + 1  # the rows in sight and a screenful either way, not 400
    key(control, pygame.K_END)  # far down the list: those rows are read next, the top ones are not read again
    reads = files.catalogue.reads
    for _ in range(60):
        control.step(1 / 60)
        if files.catalogue.done():
            break
    last = files.visible_rows()
    assert files.catalogue.done() and last.stop == files.rows
    assert all(files.catalogue.picture(files.key(i)) is not None for i in last if i < files.count)
    assert files.catalogue.reads - reads <= 3 * len(last) + 1


# ----- delete, with «Вернуть» ----------------------------------------------------------------------


def test_delete_then_undo_then_delete_for_good(control: Control) -> None:
    first = save_at("first", finished_countries(), 2)
    save_at("second", finished_countries(), 1)
    files = open_list(control)
    assert not files.b_restore.rect.w  # no «Вернуть» until a game is deleted
    click(control, files.boxes(0)[1].center)  # «✕» on «first»
    assert [g.name for g in files.games] == ["second"] and not first.exists()
    assert files.message is not None and files.message[0].text() == "Удалена: first"
    [aside] = [p for p in library.games_dir().iterdir() if p.name.endswith(".deleted")]
    press(control, files.b_restore)
    assert first.is_file() and not aside.exists() and [g.name for g in files.games] == ["first", "second"]
    assert files.selected == 0 and not files.b_restore.rect.w
    # Delete (the key, on the chosen row), and let «Вернуть» pass: the game is gone for good.
    key(control, pygame.K_DELETE)
    assert not first.exists() and files.b_restore.rect.w
    files.update(UNDO_SECONDS + 0.1)
    assert not files.b_restore.rect.w and files.message is None
    assert sorted(p.name for p in library.games_dir().iterdir()) == ["second.sgf"]
    key(control, pygame.K_z, pygame.KMOD_CTRL)  # nothing left to bring back
    assert [g.name for g in files.games] == ["second"]


def test_ctrl_z_brings_back_and_leaving_the_list_deletes_for_good(control: Control) -> None:
    path = save_at("only", finished_countries(), 1)
    files = open_list(control)
    click(control, files.boxes(0)[1].center)
    assert files.count == 0
    key(control, pygame.K_z, pygame.KMOD_CTRL)
    assert path.is_file() and files.count == 1
    click(control, files.boxes(0)[1].center)
    press(control, files.b_back)  # leaving ends «Вернуть»: nothing is left aside
    assert control.stack.top is not files and list(library.games_dir().iterdir()) == []


def test_a_deleted_game_left_by_a_crash_is_cleared_later(control: Control) -> None:
    path = save_at("crash", finished_countries(), 1)
    aside = library.delete_game(path)
    library.forget_deleted()  # just deleted: kept for its «Вернуть»
    assert aside.exists()
    old = int(time.time() - library.DELETED_KEPT_SECONDS - 5)
    stale = aside.with_name(aside.name.replace(aside.name.split(".")[-2], str(old)))
    aside.rename(stale)
    open_list(control)
    assert not stale.exists()


# ----- rename ----------------------------------------------------------------------------------


def test_rename_with_a_tap_and_by_typing(control: Control) -> None:
    save_at("Партия", finished_countries(), 2)
    other = save_at("Финал", finished_countries(), 1)
    files = open_list(control)
    card = name_card(control, files, 0)  # «✎»
    assert card.name_field.text == "Партия" and card.b_yes.label == "Переименовать"
    press(control, card.b_yes)  # the name offered, confirmed with a tap: nothing changes
    assert control.stack.top is files and [g.name for g in files.games] == ["Партия", "Финал"]
    name_card(control, files, 0)
    for _ in range(len("Партия")):
        key(control, pygame.K_BACKSPACE)
    type_text(control, "Финал")  # a name taken: the game becomes «Финал (2)», the other is untouched
    key(control, pygame.K_RETURN)
    names = sorted(p.name for p in library.games_dir().iterdir())
    assert names == ["Финал (2).sgf", "Финал.sgf"] and other.is_file()
    assert files.message is not None and files.message[0].text() == "Новое название: Финал (2)"
    assert files.entry(files.selected or 0).name == "Финал (2)"
    # Esc and a tap outside the card leave the name as it was.
    name_card(control, files, 0)
    type_text(control, " x")
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is files
    card = name_card(control, files, 0)
    type_text(control, " y")
    click(control, (card._card.centerx, card._card.bottom + 10))
    assert control.stack.top is files
    assert sorted(p.name for p in library.games_dir().iterdir()) == names


def name_card(control: Control, files: OpenGameScene, index: int) -> NameScene:
    """«✎» on row ``index``: the name card on top."""
    click(control, files.boxes(index)[0].center)
    card = control.stack.top
    assert isinstance(card, NameScene)
    return card


def test_the_system_keyboard_comes_and_goes_with_the_name_field(control: Control,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # A touch laptop shows its keyboard only while text input is on: on over the name card and the
    # save screen, placed by the field, and off again when either is closed or covered.
    typing: list[object] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: typing.append("on"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: typing.append("off"))
    monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda rect: typing.append(pygame.Rect(rect)))
    save_at("Партия", finished_countries(), 1)
    files = open_list(control)
    typing.clear()
    card = name_card(control, files, 0)
    assert "on" in typing and card.field in typing and typing[-1] != "off"
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is files and typing[-1] == "off"
    typing.clear()
    save = control.stack.go("save", finished_countries())
    assert isinstance(save, SaveGameScene)
    control.step(1 / 60)
    assert "on" in typing and save.field in typing and typing[-1] != "off"
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is not save and typing[-1] == "off"


@pytest.mark.parametrize(("typed", "expected"), [
    ("../../etc/passwd", "_.._etc_passwd"),
    ("CON", "_CON"),
    ("\u202eexe.sgf", "exe"),
    ("Маша: 1/2 ", "Маша_ 1_2"),
    ("...", "game"),
])
def test_hostile_names_stay_in_the_games_folder(control: Control, typed: str, expected: str) -> None:
    save_at("plain", finished_countries(), 1)
    files = open_list(control)
    card = name_card(control, files, 0)
    key(control, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    assert card.name_field.text == ""
    type_text(control, typed)
    press(control, card.b_yes)
    assert [p.name for p in library.games_dir().iterdir()] == [f"{expected}.sgf"]
    assert [g.name for g in files.games] == [expected]


# ----- saving -------------------------------------------------------------------------------------


def test_save_from_a_game_in_progress_through_the_leave_question(control: Control) -> None:
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    play = control.stack.go("play", Match(MatchSettings(Rules.CLASSIC, 12, 10)))
    assert isinstance(play, PlayScene)
    control.step(1 / 60)
    for node in ((3, 3), (4, 4), (5, 3)):
        assert play.try_play(node)
    press(control, play.panel.b_menu)
    question = control.stack.top
    assert isinstance(question, ConfirmScene) and question.b_other is not None
    assert question.b_other.label == "Сохранить партию"
    assert question.b_no.rect.right < question.b_other.rect.x < question.b_other.rect.right < question.b_yes.rect.x
    press(control, question.b_other)
    save = control.stack.top
    assert isinstance(save, SaveGameScene) and save.game is play.game
    press(control, save.b_save)
    assert save.saved is not None
    record = save.saved.read_text(encoding="utf-8")
    saved = sgf.loads(record)
    assert saved.history == play.game.history and not saved.is_over and "RE[" not in record
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is play and not play.game.is_over  # back in the game, still on
    assert play.try_play((6, 6))
    files = control.stack.go("open")
    assert isinstance(files, OpenGameScene)
    for _ in range(50):
        control.step(1 / 60)
    summary = files.catalogue.summary(files.key(0))
    assert isinstance(summary, thumbnail.Summary) and summary.moves == 3 and not summary.over


def test_the_results_save_names_the_computer_and_its_level(control: Control) -> None:
    MenuScene(control.stack)
    settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings("amateur", Player.BLUE))
    results = ResultsScene(control.stack, Match(settings, finished_countries()))
    control.stack.push(results)
    control.step(1 / 60)
    press(control, results.b_save)
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    press(control, save.b_save)
    assert save.saved is not None
    info = sgf.read_info(save.saved.read_text(encoding="utf-8"))
    assert (info["PB"], info["PW"], info["WR"]) == ("Игрок", "Компьютер", "Любитель") and "BR" not in info
    assert info["DT"] == datetime.now().strftime("%Y-%m-%d")
    strings.set_language("en")
    info = record_info(settings, datetime(2025, 1, 18))
    assert info.pop(unfinished.META_PROPERTY) == json.dumps({"setup": settings.to_json()}, sort_keys=True)
    assert info == {"DT": "2025-01-18", "PB": "Player", "PW": "Computer", "WR": "Amateur"}
    assert record_info(MatchSettings(), datetime(2025, 1, 18)).keys() == {"DT", unfinished.META_PROPERTY}  # no names


def test_the_unfinished_games_are_one_tap_away(control: Control) -> None:
    unfinished.save_current(sgf.dumps(demo.countries_demo()), {"mode": "hotseat", "rules": "countries"})
    files = open_list(control)
    assert files.b_unfinished.label == "Неоконченные: 1" and files.b_unfinished.enabled
    press(control, files.b_unfinished)
    assert control.stack.top is not None and control.stack.top.name == "unfinished"
    unfinished.clear_all_current()
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is files and not files.b_unfinished.enabled


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_the_rows_buttons_are_finger_targets(control: Control, size: tuple[int, int]) -> None:
    save_at("a game", finished_countries(), 1)
    save_at("another", finished_countries(), 2)
    control.resize(size)
    files = open_list(control)
    click(control, files.boxes(0)[1].center)  # deleted: «Вернуть» shows
    finger = theme.finger_px()
    assert files.count == 1 and len(files.boxes(0)) == 2
    targets = [*files.boxes(0), files.b_restore.rect, files.b_unfinished.rect, files.row_rect(0)]
    assert all(r.w >= finger and r.h >= finger for r in targets), targets
    assert files.b_restore.rect.bottom <= size[1] and files.list_rect.bottom < files.b_restore.rect.y
    files.restore()
    card = name_card(control, files, 0)
    assert all(r.w >= finger and r.h >= finger for r in (card.b_yes.rect, card.b_no.rect, card.field))
    assert card._card.contains(card.field) and card._card.contains(card.b_yes.rect)
    assert pygame.Rect(0, 0, *size).contains(card._card)


def test_the_games_in_progress_have_pictures_that_follow_a_move(control: Control) -> None:
    slot = unfinished.save_current(sgf.dumps(demo.countries_demo()), {"mode": "hotseat", "rules": "countries"})
    unfinished.save_current(sgf.dumps(demo.classic_demo()), {"mode": "hotseat", "rules": "classic"})
    listing = control.stack.go("unfinished")
    assert isinstance(listing, UnfinishedScene)
    control.step(1 / 60)
    listing.read_all_in_sight()  # the pictures are drawn beside the window: waited for, not counted in frames
    assert listing.count == 2 and listing.catalogue.done()
    pictures = [listing.catalogue.picture(k) for k in listing.keys]
    assert all(p is not None and blue_pixels(p) > 0 for p in pictures)
    assert listing.catalogue.reads == 2
    game = demo.countries_demo()
    game.play((0, 0))  # a move since: the file changes, and so does its picture's key
    before = listing.keys[[e.slot for e in listing.unfinished].index(slot)]
    time.sleep(0.01)
    unfinished.save_current(sgf.dumps(game), {"mode": "hotseat", "rules": "countries"}, slot)
    listing.refresh()
    after = listing.keys[[e.slot for e in listing.unfinished].index(slot)]
    assert after != before and listing.catalogue.picture(after) is None
    listing.read_all_in_sight()
    assert listing.catalogue.picture(after) is not None and listing.catalogue.reads == 3


def test_a_row_pushed_down_by_the_samples_heading_is_drawn_when_partly_in_sight(control: Control) -> None:
    for i in range(3):
        save_at(f"game {i}", finished_countries(), i)
    files = open_list(control)
    sample = files.count
    # Scrolled past where the sample row would start without its heading, not past its end.
    files.scroll = (sample + 1) * files.row_step + 1
    assert files.row_top(sample) + files.row_h > files.scroll > files.row_top(sample)
    assert sample in files.visible_rows()
