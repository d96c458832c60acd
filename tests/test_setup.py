"""One description of a game's set-up (issue 20, item 3): :class:`MatchSettings` and its one written form,
kept alike by the autosave, a saved record and the preferences; what today's files hold still reads,
and whatever a hostile file holds is a clear :class:`SetupError`, never another exception."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from ai import Level
from engine import Game, Player, Rules, sgf
from game.match.clock import TimeControl
from game.match.settings import ComputerSettings, MatchSettings, SetupError
from game.storage import autosave, library, preferences, unfinished

EVERY_KIND = [
    MatchSettings(),
    MatchSettings(Rules.CLASSIC, 38, 31, ComputerSettings(Level.MASTER, Player.RED), TimeControl(20, 5)),
    MatchSettings(Rules.COUNTRIES, 1, 7, ComputerSettings(Level.AMATEUR), TimeControl(0, 3)),
]


@pytest.mark.parametrize("settings", EVERY_KIND)
def test_the_written_form_is_plain_json_and_reads_back_the_same(settings: MatchSettings) -> None:
    text = json.dumps(settings.to_json())
    assert MatchSettings.from_json(json.loads(text)) == settings


@pytest.mark.parametrize(("data", "field"), [
    ("countries", "the set-up"),
    ({"rules": "go"}, "rules"),
    ({"rules": "classic", "width": 0, "height": 5}, "width"),
    ({"rules": "classic", "width": 5, "height": 5.0}, "height"),
    ({"rules": "classic", "width": 5, "height": 5, "computer": {"level": "novice", "human": "red"}}, "computer.level"),
    ({"rules": "classic", "width": 5, "height": 5, "computer": {"level": "master", "human": 2}}, "computer.human"),
    ({"rules": "classic", "width": 5, "height": 5, "computer": None}, "clock"),
    ({"rules": "classic", "width": 5, "height": 5, "computer": None, "clock": {"minutes": True}}, "clock.minutes"),
    ({"rules": "classic", "width": 5, "height": 5, "computer": None, "clock": {"minutes": 5, "increment": 4}},
     "clock.increment"),
])
def test_a_wrong_field_is_named(data: object, field: str) -> None:
    with pytest.raises(SetupError, match=f"^{field} is "):
        MatchSettings.from_json(data)


def test_a_huge_value_is_cut_short_in_the_message() -> None:
    with pytest.raises(SetupError) as refused:
        MatchSettings.from_json({"rules": "x" * 1_000_000})
    assert len(str(refused.value)) < 120
    deep: list[object] = []
    for _ in range(100_000):  # deeper than repr() can spell out
        deep = [deep]
    with pytest.raises(SetupError, match="^rules is one of countries, classic, not a list$"):
        MatchSettings.from_json({"rules": deep})


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
                    max_leaves=20)
FIELDS = st.fixed_dictionaries({}, optional={
    "rules": st.sampled_from(["countries", "classic", "Countries", ""]) | JSON,
    "width": st.integers(-2, 40) | JSON, "height": st.integers(-2, 40) | JSON,
    "computer": st.fixed_dictionaries({}, optional={"level": st.sampled_from(["master", "beginner"]) | JSON,
                                                    "human": st.sampled_from(["blue", "red"]) | JSON}) | JSON,
    "clock": st.fixed_dictionaries({}, optional={"minutes": st.sampled_from([0, 5, 7]) | JSON,
                                                 "increment": st.sampled_from([0, 3, 4]) | JSON}) | JSON,
})


@hyp_settings(max_examples=300, deadline=None)
@given(FIELDS | JSON)
def test_whatever_a_file_holds_is_a_set_up_or_a_setup_error(data: object) -> None:
    try:
        settings = MatchSettings.from_json(data)
    except SetupError:
        return
    assert MatchSettings.from_json(settings.to_json()) == settings


def test_a_level_named_by_text_is_held_as_the_level() -> None:
    assert ComputerSettings("master", Player.RED).level is Level.MASTER  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ComputerSettings("grandmaster")  # type: ignore[arg-type]


# ----- the autosave ------------------------------------------------------------------------------------


def test_the_autosave_keeps_the_set_up_in_its_written_form(data_dir: Path) -> None:
    settings = EVERY_KIND[1].with_size(9, 7)
    game = Game(9, 7, Rules.CLASSIC)
    game.play((3, 3))
    meta = autosave.autosave_meta(settings, game)
    assert meta["setup"] == settings.to_json()
    slot = unfinished.save_current(sgf.dumps(game), meta)
    [saved] = unfinished.list_current().games
    assert saved.slot == slot and autosave.resume(saved).settings == settings


def test_an_autosave_written_by_the_game_before_still_resumes(data_dir: Path) -> None:
    """The set-up as the autosave wrote it before: mode, level, human, and the clock with both times left."""
    game = Game(9, 7, Rules.CLASSIC)
    game.play((3, 3))
    old = {"mode": "computer", "rules": "classic", "level": "master", "human": "red",
           "clock": {"minutes": 5, "increment": 3, "left": [12.5, 290]}}
    unfinished.save_current(sgf.dumps(game, times=TimeControl(5, 3).times((12.5,))), old)
    resumed = autosave.resume(unfinished.list_current().games[0])
    assert resumed.settings == MatchSettings(Rules.CLASSIC, 9, 7, ComputerSettings(Level.MASTER, Player.RED),
                                             TimeControl(5, 3))
    assert resumed.clock is not None and resumed.clock.left == (12.5, 290.0)


@pytest.mark.parametrize("setup", [None, "classic", {"rules": "classic"}, [1, 2], {"computer": {"level": 3}}])
def test_an_autosave_with_a_set_up_that_cannot_be_read_resumes_the_game(data_dir: Path, setup: object) -> None:
    game = Game(6, 5)
    game.play((1, 1))
    unfinished.save_current(sgf.dumps(game), {"setup": setup, "clock_left": [1, 1]})
    resumed = autosave.resume(unfinished.list_current().games[0])
    assert resumed.settings == MatchSettings(Rules.COUNTRIES, 6, 5) and resumed.clock is None
    assert resumed.game.history == game.history


def test_the_autosaves_set_up_follows_the_record_on_rules_and_board() -> None:
    game = Game(6, 5, Rules.CLASSIC)
    meta = {"setup": MatchSettings(Rules.COUNTRIES, 30, 30).to_json()}  # a hand-edited file
    assert autosave.settings_from_meta(meta, game) == MatchSettings(Rules.CLASSIC, 6, 5)


# ----- a saved record -----------------------------------------------------------------------------------


def test_a_saved_record_keeps_the_set_up_and_gives_it_back(data_dir: Path) -> None:
    settings = EVERY_KIND[1].with_size(9, 7)
    game = Game(9, 7, Rules.CLASSIC)
    game.play((3, 3))
    path = library.save_game("versus", sgf.dumps(game, info=library.record_info(settings, datetime(2025, 1, 18))))
    record = library.read_record(path)
    assert library.record_setup(record) == settings
    assert (record.info["PB"], record.info["BR"]) == ("Компьютер", "Мастер")  # what other programs show


@pytest.mark.parametrize("kept", [None, "{", "[]", '{"setup": 5}', '{"setup": {"rules": "classic"}}', "[" * 5000])
def test_a_record_without_a_readable_set_up_opens_without_one(data_dir: Path, kept: str | None) -> None:
    game = Game(5, 5)
    game.play((2, 2))
    info = {} if kept is None else {unfinished.META_PROPERTY: kept}
    path = library.save_game("other", sgf.dumps(game, info=info))
    record = library.read_record(path)
    assert record.game.move_count == 1 and library.record_setup(record) is None


# ----- the preferences ----------------------------------------------------------------------------------


def test_the_preferences_keep_the_last_set_up_in_the_same_written_form(data_dir: Path) -> None:
    settings = EVERY_KIND[1]
    chosen = preferences.Preferences()
    chosen.remember_setup(settings)
    preferences.save_settings(chosen.chosen)
    kept = json.loads((data_dir / preferences.SETTINGS_FILE).read_text("utf-8"))
    assert kept["setup"] == settings.to_json() and kept["computer"] == settings.computer.to_json()  # type: ignore[union-attr]
    assert preferences.load_settings().setup == settings
