"""The list of games in progress from the summaries kept in the autosaves (issue 27: thirty long games listed
at once), and the record staying the truth: a summary of another record or another form is not taken, a
summary that disagrees with its record gives way to it once the record is replayed, and a record that is no
game behind a made-up summary is set aside with the store's message, as without one.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from conftest import FakeClock
from driving import key, running

from engine import Game, Rules, sgf
from game.control import Control
from game.match import demo
from game.match.settings import MatchSettings
from game.scenes.files.unfinished_list import UnfinishedScene, describe
from game.scenes.play import PlayScene
from game.storage import unfinished
from game.storage.autosave import autosave_meta
from game.view import drawn_apart, thumbnail


@pytest.fixture
def control(pygame_session: object, data_dir: Path, clock: FakeClock) -> Iterator[Control]:
    thumbnail.KNOWN.clear()
    unfinished._KNOWN.clear()
    yield from running((1024, 600), clock)


def autosaved(game: Game, slot: str | None = None) -> str:
    """``game`` saved as the play scene autosaves it (its set-up and summary with it); its slot."""
    return unfinished.save_current(sgf.dumps(game), autosave_meta(MatchSettings(game.rules, game.width, game.height),
                                                                  game), slot)


def games() -> list[Game]:
    """A few games in progress of both rule sets, with takeovers and captures."""
    return [demo.random_game(14, 11, Rules.COUNTRIES if i % 2 else Rules.CLASSIC, seed=i, moves=60 + 9 * i)
            for i in range(5)]


def file_of(slot: str) -> tuple[str, dict[str, Any]]:
    """The record and the set-up in the autosave of ``slot``."""
    return unfinished.split_meta(unfinished.slot_path(slot).read_text("utf-8"))


def rewrite(slot: str, record: str, meta: dict[str, Any]) -> None:
    """The autosave of ``slot`` as someone else wrote it: ``meta`` as it stands (no digest added)."""
    unfinished.slot_path(slot).write_text(unfinished.with_meta(record, meta), "utf-8")


def listing(control: Control) -> UnfinishedScene:
    scene = control.stack.go("unfinished")
    assert isinstance(scene, UnfinishedScene)
    control.step(1 / 60)
    return scene


def replayed_in_full(entry: unfinished.Resumable) -> str:
    """The row of ``entry`` as a full replay of its record makes it."""
    return describe(entry._replace(record=sgf.read(entry.text), listed=None))


def test_the_games_in_progress_are_listed_without_a_replay_and_agree_with_one(
        control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    for game in games():
        autosaved(game)
    replays: list[str] = []
    real = sgf.read

    def counted(text: str) -> sgf.Record:
        replays.append(text)
        return real(text)

    monkeypatch.setattr(unfinished.sgf, "read", counted)
    scene = listing(control)
    assert scene.count == 5 and not scene.filling and replays == []  # every row in the first frame, none replayed
    assert all(e.record is None and e.listed is not None for e in scene.unfinished)
    assert [describe(e) for e in scene.unfinished] == [replayed_in_full(e) for e in scene.unfinished]
    scene.read_all_in_sight()  # the games in sight replayed apart: their pictures, and their records' word
    assert all(scene.catalogue.picture(k) is not None for k in scene.keys)
    assert [describe(e) for e in scene.unfinished] == [replayed_in_full(e) for e in scene.unfinished]
    assert scene.message is None and len(list(unfinished.unfinished_dir().glob("*.corrupt-*"))) == 0


def test_a_game_listed_from_its_summary_resumes_its_record(control: Control) -> None:
    game = demo.random_game(12, 10, Rules.CLASSIC, seed=3, moves=40)
    autosaved(game)
    scene = listing(control)
    assert scene.unfinished[0].record is None
    key(control, pygame.K_DOWN)  # the first row chosen
    key(control, pygame.K_RETURN)
    play = control.stack.top
    assert isinstance(play, PlayScene) and play.game.history == game.history


def test_a_summary_of_another_record_is_not_taken(control: Control) -> None:
    before = demo.random_game(12, 10, Rules.COUNTRIES, seed=4, moves=30)
    slot = autosaved(before)
    _, meta = file_of(slot)
    after = demo.random_game(12, 10, Rules.COUNTRIES, seed=4, moves=31)  # a move since, by another program
    rewrite(slot, sgf.dumps(after), meta)  # the summary and digest of the record before
    [found] = unfinished.list_current().games
    assert found.listed is None and found.record is not None and found.record.game.move_count == 31
    scene = listing(control)
    assert describe(scene.unfinished[0]).endswith("ход № 32")


@pytest.mark.parametrize("change", [
    {"v": 2}, {"v": "1"}, {"width": 0}, {"width": True}, {"height": 300}, {"moves": -1}, {"moves": 10 * 12 + 1},
    {"moves": 3.0}, {"over": 0}, {"rules": "go"}, {"record": None}, "not a summary",
])
def test_a_summary_of_another_form_or_out_of_range_is_not_taken(data_dir: Path, change: Any) -> None:
    game = demo.random_game(12, 10, Rules.CLASSIC, seed=5, moves=20)
    slot = autosaved(game)
    record, meta = file_of(slot)
    assert unfinished.listed_of(meta, record) == unfinished.Listed(Rules.CLASSIC, 12, 10, 20, False)
    meta[unfinished.SUMMARY] = {**meta[unfinished.SUMMARY], **change} if isinstance(change, dict) else change
    assert unfinished.listed_of(meta, record) is None
    rewrite(slot, record, meta)
    unfinished._KNOWN.clear()
    [found] = unfinished.list_current().games
    assert found.listed is None and found.record is not None  # read from its record, as before summaries


def made_up(slot: str, record: str, **facts: Any) -> None:
    """The autosave of ``slot`` with ``record`` and a summary that names it (its digest) but says ``facts``."""
    _, meta = file_of(slot)
    meta[unfinished.SUMMARY] = {**meta[unfinished.SUMMARY], **facts, "record": unfinished.record_digest(record)}
    rewrite(slot, record, meta)


def test_a_summary_that_disagrees_with_its_record_gives_way_to_it(control: Control,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    game = demo.random_game(12, 10, Rules.COUNTRIES, seed=6, moves=25)
    slot = autosaved(game)
    made_up(slot, sgf.dumps(game), moves=99, width=30, height=30)
    scene = listing(control)
    with caplog.at_level(logging.WARNING):
        scene.read_all_in_sight()
    [entry] = scene.unfinished
    assert describe(entry) == replayed_in_full(entry) and "12 × 10" in describe(entry) and "ход № 26" in describe(entry)
    assert "not its record's" in caplog.text
    back = listing(control)  # listed again this run: the record's word is kept, not the summary's
    assert describe(back.unfinished[0]) == replayed_in_full(entry)


def test_a_record_that_is_no_game_behind_a_made_up_summary_is_set_aside(control: Control) -> None:
    good = demo.random_game(12, 10, Rules.CLASSIC, seed=7, moves=20)
    autosaved(good)
    bad = Game(12, 10, Rules.CLASSIC)
    slot = autosaved(bad)
    twice = "(;FF[4]GM[40]SZ[12:10]RU[classic];B[ee];W[ee])"  # a second dot on one node: no game
    made_up(slot, twice, moves=2)
    scene = listing(control)
    assert scene.count == 2  # listed on its summary's word, until its record is replayed
    scene.read_all_in_sight()
    assert scene.count == 1 and slot not in [e.slot for e in scene.unfinished] and scene.message is not None
    notice = scene.message[0]
    assert notice.key == "store.set_aside" and notice.why == "problem.illegal_move"
    aside = list(unfinished.unfinished_dir().glob(f"{slot}.corrupt-*.sgf"))
    assert len(aside) == 1 and unfinished.split_meta(aside[0].read_text("utf-8"))[0] == twice


def test_the_pictures_come_without_their_process_too(control: Control, monkeypatch: pytest.MonkeyPatch,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    for game in games()[:2]:
        autosaved(game)
    monkeypatch.setattr(drawn_apart, "_child", None)
    monkeypatch.setattr(drawn_apart, "_broken", False)

    def no_process(*args: object, **kwargs: object) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(drawn_apart.multiprocessing, "get_context", no_process)
    scene = listing(control)
    with caplog.at_level(logging.WARNING):
        scene.read_all_in_sight()
    assert "not used" in caplog.text
    assert all(scene.catalogue.picture(k) is not None for k in scene.keys)
    assert [describe(e) for e in scene.unfinished] == [replayed_in_full(e) for e in scene.unfinished]


def test_the_summary_is_written_with_the_record_it_stands_for(data_dir: Path) -> None:
    game = demo.random_game(10, 10, Rules.COUNTRIES, seed=8, moves=15)
    slot = autosaved(game)
    record, meta = file_of(slot)
    kept = meta[unfinished.SUMMARY]
    assert kept == {"v": unfinished.SUMMARY_VERSION, "rules": "countries", "width": 10, "height": 10, "moves": 15,
                    "over": False, "record": unfinished.record_digest(record)}
    assert json.loads(json.dumps(kept)) == kept
    assert record == sgf.dumps(game)


def test_the_pictures_process_ends_with_the_game(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The game waits a second before it ends the child itself; on a busy machine the child's own end can take
    # longer, and a child ended so would fail this test for the machine's load, not for the game.
    monkeypatch.setattr(drawn_apart, "CLOSE_SECONDS", 120.0)
    game = demo.random_game(10, 8, Rules.CLASSIC, seed=9, moves=12)
    summary, picture = drawn_apart.prepare(sgf.dumps(game), (40, 32), thumbnail.replayed_and_drawn)
    assert summary.moves == 12 and picture is not None and max(picture.get_size()) <= 40
    child = drawn_apart._child
    assert child is not None and child[0].is_alive()
    drawn_apart._close()  # as when the game closes (atexit): the pipe closed, the child ends on its own
    assert not child[0].is_alive() and child[0].exitcode == 0 and drawn_apart._child is None
