"""Never losing a game: settings, the atomic autosave, setting aside bad saves, saved games."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Self

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from ai import PLAYER_LEVELS, Level
from engine import Game, Player, Rules, sgf
from game import strings
from game.match.clock import TimeControl
from game.match.settings import ComputerSettings, MatchSettings
from game.storage import atomic, errors, library, preferences, unfinished
from game.storage.errors import StoreError
from game.storage.preferences import Preferences, Settings
from game.storage.unfinished import Resumable

META = {"mode": "computer", "level": "amateur", "human": "red", "rules": "classic"}


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty user data folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def english() -> Iterator[None]:
    previous = strings.language()
    strings.set_language("en")
    yield
    strings.set_language(previous)


def a_game(moves: int = 8, rules: Rules = Rules.CLASSIC) -> Game:
    g = Game(width=8, height=7, rules=rules)
    # Blue rings the red dot at (2, 2) on its 7th move: a capture, so the record is not trivial.
    for p in [(2, 1), (2, 2), (1, 2), (5, 5), (3, 2), (6, 5), (2, 3), (5, 6)][:moves]:
        g.play(p)
    return g


def temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def unfinished_folder(data_dir: Path) -> Path:
    return data_dir / unfinished.UNFINISHED_DIR


# ----- settings ------------------------------------------------------------------------


class TestSettings:
    def test_defaults_without_a_file(self) -> None:
        assert preferences.load_settings() == Settings(first_lesson_due=True)  # the first start: the tutorial offered
        assert Settings().language == "ru" and Settings().sound is True and Settings().board_size == "auto"

    def test_round_trip(self, data_dir: Path) -> None:
        computer = ComputerSettings(Level.MASTER, Player.RED)
        s = Settings(language="en", sound=False, setup=MatchSettings(Rules.CLASSIC, 30, 20, computer, TimeControl(5, 3)),
                     auto_board=False, computer=computer)
        assert preferences.save_settings(s)
        assert preferences.load_settings() == s and s.board_size == (30, 20) and s.against_computer
        kept = json.loads((data_dir / "settings.json").read_text("utf-8"))
        assert kept["setup"] == s.setup.to_json()  # the set-up's one written form, as the autosave keeps it
        assert (kept["setup"]["rules"], kept["computer"]) == ("classic", {"level": "master", "human": "red"})
        assert temporaries(data_dir) == []

    def test_a_file_written_before_the_one_setup_still_reads(self, data_dir: Path) -> None:
        """settings.json as the game wrote it before the set-up became a MatchSettings, key for key."""
        data_dir.mkdir(parents=True, exist_ok=True)
        (data_dir / "settings.json").write_text(json.dumps({
            "language": "en", "sound": False, "board_size": [15, 15], "rules": "classic", "mode": "computer",
            "level": "master", "colour": "red", "clock_minutes": 10, "clock_increment": 5, "cores": None,
        }), "utf-8")
        s = preferences.load_settings()
        computer = ComputerSettings(Level.MASTER, Player.RED)
        assert s == Settings(language="en", sound=False, auto_board=False, computer=computer,
                             setup=MatchSettings(Rules.CLASSIC, 15, 15, computer, TimeControl(10, 5)))
        two = preferences.settings_from_dict({"mode": "hotseat", "level": "amateur", "board_size": "auto"})
        assert two.setup.computer is None and two.computer.level is Level.AMATEUR and two.board_size == "auto"

    @pytest.mark.parametrize("setup", [
        None, [], "countries", {}, {"rules": "go"}, {"rules": "classic", "width": True, "height": 5},
        {"rules": "classic", "width": 5, "height": 5, "computer": {"level": "grandmaster", "human": "red"}, "clock": {}},
        {"rules": "classic", "width": 5, "height": 5, "computer": None, "clock": {"minutes": 7, "increment": 0}},
        {"rules": "classic", "width": 5, "height": 10 ** 9, "computer": None, "clock": None},
    ])
    def test_a_bad_setup_is_the_default_one(self, setup: object) -> None:
        s = preferences.settings_from_dict({"language": "en", "setup": setup})
        assert s.setup == MatchSettings() and s.language == "en"

    def test_every_field_is_checked_on_load(self) -> None:
        assert set(preferences._VALIDATORS) == {f for f in Settings.__dataclass_fields__}

    @pytest.mark.parametrize("content", [
        b"", b"{", b"not json at all", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b"null", b'"ru"', b"1e999999",
    ])
    def test_corrupt_file_gives_defaults(self, data_dir: Path, content: bytes) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        (data_dir / "settings.json").write_bytes(content)
        assert preferences.load_settings() == Settings()

    def test_partial_and_invalid_fields_fall_back_one_by_one(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        (data_dir / "settings.json").write_text(json.dumps({
            "language": "en",          # kept
            "sound": "yes",            # not a bool: default
            "board_size": [99, 3],     # too wide: default
            "rules": "classic",        # kept
            "level": "grandmaster",    # unknown: default
            "colour": "red",           # kept
            "future_option": 42,       # unknown key: ignored
        }), "utf-8")
        s = preferences.load_settings()
        assert (s.language, s.sound, s.board_size, s.setup.rules, s.setup.computer, s.computer) == \
            ("en", True, "auto", Rules.CLASSIC, None, ComputerSettings(Level.BEGINNER, Player.RED))
        assert type(s.computer.level) is Level and type(s.setup.rules) is Rules and type(s.computer.human) is Player

    @pytest.mark.parametrize("size", [[20], [20, 20, 20], [True, 20], [20.0, 20], ["20", "20"], [1, 20], {}, "big"])
    def test_bad_board_sizes(self, size: object) -> None:
        assert preferences.settings_from_dict({"board_size": size}).board_size == "auto"

    def test_a_huge_file_gives_defaults(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        padding = " " * preferences.MAX_SETTINGS_BYTES
        (data_dir / "settings.json").write_text('{"language": "en"' + padding + "}", "utf-8")
        assert preferences.load_settings() == Settings()

    @pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
    def test_a_pipe_in_its_place_gives_defaults_without_waiting(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        os.mkfifo(data_dir / "settings.json")  # opening it to read would wait for a writer for ever
        assert preferences.load_settings() == Settings()

    def test_unreadable_file_gives_defaults(self, data_dir: Path) -> None:
        (data_dir / "settings.json").mkdir(parents=True)  # a folder where the file should be
        assert preferences.load_settings() == Settings()

    def test_save_failure_returns_false(self, data_dir: Path) -> None:
        (data_dir / "settings.json").mkdir(parents=True)
        assert preferences.save_settings(Settings(language="en")) is False
        assert temporaries(data_dir) == []


class Writes(list[Settings]):
    """Stands in for the settings file: keeps every set written, in order."""

    def __call__(self, settings: Settings) -> bool:
        self.append(settings)
        return True


class TestPreferences:
    def test_read_once_at_start_the_file_changing_later_has_no_effect(self, data_dir: Path) -> None:
        preferences.save_settings(Settings(language="en", setup=MatchSettings(Rules.CLASSIC)))
        chosen = Preferences.load()
        preferences.save_settings(Settings(language="ru", computer=ComputerSettings(Level.MASTER)))  # another hand
        assert (chosen.chosen.language, chosen.chosen.setup.rules, chosen.chosen.computer.level) == \
            ("en", Rules.CLASSIC, Level.BEGINNER)

    def test_written_only_when_a_choice_changes(self) -> None:
        written = Writes()
        chosen = Preferences(keep=written)
        amateur = ComputerSettings(Level.AMATEUR)
        assert chosen.remember(computer=amateur).computer.level is Level.AMATEUR
        chosen.remember(computer=ComputerSettings(Level.AMATEUR))
        chosen.remember(setup=MatchSettings(Rules.COUNTRIES), sound=True)  # the defaults already
        assert written == [Settings(computer=amateur)]
        red = ComputerSettings(Level.AMATEUR, Player.RED)
        chosen.remember_setup(MatchSettings(computer=red))  # against the computer: it is the one kept too
        assert written[-1] == Settings(setup=MatchSettings(computer=red), computer=red) and len(written) == 2
        chosen.remember_setup(MatchSettings())  # two players: the computer chosen last stays for next time
        assert written[-1] == Settings(computer=red) and len(written) == 3

    def test_an_unknown_choice_is_refused_and_nothing_written(self) -> None:
        written = Writes()
        chosen = Preferences(keep=written)
        with pytest.raises(TypeError):
            chosen.remember(colour_of_the_sky="blue")
        assert written == [] and chosen.chosen == Settings()

    def test_a_choice_that_cannot_be_written_still_holds_for_this_run(self, data_dir: Path) -> None:
        (data_dir / "settings.json").mkdir(parents=True)
        chosen = Preferences.load()
        assert chosen.remember(language="en").language == "en" and chosen.chosen.language == "en"

    def test_the_levels_are_one_enum(self) -> None:
        assert tuple(Level) == PLAYER_LEVELS and [str(level) for level in Level] == ["beginner", "amateur", "master"]
        assert preferences.settings_from_dict({"level": "amateur"}).computer.level is Level.AMATEUR
        assert Settings().computer.level is PLAYER_LEVELS[0]


# ----- the games in progress ------------------------------------------------------------


class TestAutosave:
    def test_nothing_to_resume(self) -> None:
        assert unfinished.load_current() is None

    def test_resume_round_trip_with_a_real_game(self, data_dir: Path) -> None:
        g = a_game()
        slot = unfinished.save_current(sgf.dumps(g), META)
        found = unfinished.load_current()
        assert isinstance(found, Resumable) and found.slot == slot
        text, meta = found.text, found.meta
        assert meta == META
        assert text == sgf.dumps(g)  # handed back without the private property
        g2 = sgf.loads(text)
        assert g2.history == g.history and g2.to_move == g.to_move
        assert g2.score(Player.BLUE) == g.score(Player.BLUE) == 1
        assert unfinished.slot_path(slot).read_text("utf-8").startswith('(;TOCHKI[{"human": "red"')
        assert temporaries(unfinished_folder(data_dir)) == []

    def test_the_file_itself_is_a_valid_record(self, data_dir: Path) -> None:
        g = a_game(rules=Rules.COUNTRIES)
        slot = unfinished.save_current(sgf.dumps(g), META)
        # Other programs (and our own loader) read the autosave as is, skipping TOCHKI.
        assert sgf.loads(unfinished.slot_path(slot).read_text("utf-8")).history == g.history

    def test_meta_with_sgf_special_characters(self) -> None:
        meta = {"note": "a]b\\c[d] — «ё»", "n": [1, 2], "nested": {"x": None}}
        unfinished.save_current(sgf.dumps(a_game(2)), meta)
        found = unfinished.load_current()
        assert isinstance(found, Resumable) and found.meta == meta

    def test_each_save_replaces_the_last(self) -> None:
        g = Game(width=6, height=6)
        slot = None
        for p in [(1, 1), (4, 4), (2, 2)]:
            g.play(p)
            slot = unfinished.save_current(sgf.dumps(g), {"moves": len(g.history)}, slot)
        assert len(unfinished.list_current().games) == 1
        found = unfinished.load_current()
        assert isinstance(found, Resumable)
        assert found.meta == {"moves": 3} and sgf.loads(found.text).history == g.history

    def test_lost_meta_still_resumes_the_game(self, data_dir: Path) -> None:
        g = a_game(3)
        data_dir.mkdir(parents=True, exist_ok=True)
        (data_dir / "autosave.sgf").write_text(sgf.dumps(g).replace("(;", "(;TOCHKI[{broken json]", 1), "utf-8")
        found = unfinished.load_current()
        assert isinstance(found, Resumable)
        assert found.meta == {} and sgf.loads(found.text).history == g.history

    def test_clear(self, data_dir: Path) -> None:
        unfinished.clear_current()  # nothing there: fine
        slot = unfinished.save_current(sgf.dumps(a_game(1)), META)
        unfinished.clear_current(slot)
        assert not unfinished.slot_path(slot).exists()
        assert unfinished.load_current() is None
        unfinished.clear_current("../../settings")  # not a slot: refused, nothing else deleted

    def test_bad_input_is_refused_and_keeps_the_old_save(self) -> None:
        slot = unfinished.save_current(sgf.dumps(a_game(2)), META)
        with pytest.raises(StoreError, match="not an SGF record"):
            unfinished.save_current("hello", META, slot)
        with pytest.raises(StoreError, match="set-up"):
            unfinished.save_current(sgf.dumps(a_game(4)), {"when": object()}, slot)
        found = unfinished.load_current()
        assert isinstance(found, Resumable) and len(sgf.loads(found.text).history) == 2


class TestCrashWhileSaving:
    """The previous autosave survives any failure of the next one, and no half-file is ever loaded."""

    def test_rename_fails(self, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        old = sgf.dumps(a_game(2))
        slot = unfinished.save_current(old, META)

        def no_replace(src: object, dst: object) -> None:
            raise OSError(28, "No space left on device")

        with monkeypatch.context() as m, pytest.raises(StoreError, match="No space left") as e:
            m.setattr(atomic.os, "replace", no_replace)
            unfinished.save_current(sgf.dumps(a_game(6)), META, slot)
        assert e.value.problem == "problem.disk_full"
        assert temporaries(unfinished_folder(data_dir)) == []
        found = unfinished.load_current()
        assert isinstance(found, Resumable) and found.text == old

    def test_process_dies_mid_write(self, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Half the bytes reach the temporary file, then the process is gone (no clean-up runs)."""
        old = sgf.dumps(a_game(2))
        slot = unfinished.save_current(old, META)
        real_fdopen = os.fdopen

        class HalfWriter:
            def __init__(self, fd: int, mode: str) -> None:
                self.f = real_fdopen(fd, mode)

            def __enter__(self) -> Self:
                return self

            def __exit__(self, *exc: object) -> None:
                self.f.close()

            def write(self, data: bytes) -> None:
                self.f.write(data[: len(data) // 2])
                self.f.flush()
                raise SystemExit("killed")

        with monkeypatch.context() as m, pytest.raises(SystemExit):
            m.setattr(atomic.os, "fdopen", HalfWriter)
            m.setattr(atomic.os, "unlink", lambda path: None)  # a dead process cleans nothing up
            unfinished.save_current(sgf.dumps(a_game(6)), META, slot)

        [leftover] = temporaries(unfinished_folder(data_dir))
        assert 0 < leftover.stat().st_size < len(unfinished.with_meta(sgf.dumps(a_game(6)), META))
        found = unfinished.load_current()
        assert isinstance(found, Resumable) and found.text == old and found.meta == META
        assert leftover.exists()  # fresh: maybe another copy of the game is writing it

        os.utime(leftover, (1, 1))  # long ago: a crash's leftover, tidied at the next start
        assert isinstance(unfinished.load_current(), Resumable)
        assert temporaries(unfinished_folder(data_dir)) == []

    def test_fsync_fails(self, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        old = sgf.dumps(a_game(3))
        slot = unfinished.save_current(old, META)

        def broken_fsync(fd: int) -> None:
            raise OSError(5, "Input/output error")

        with monkeypatch.context() as m, pytest.raises(StoreError):
            m.setattr(atomic.os, "fsync", broken_fsync)
            unfinished.save_current(sgf.dumps(a_game(5)), META, slot)
        assert temporaries(unfinished_folder(data_dir)) == []
        found = unfinished.load_current()
        assert isinstance(found, Resumable) and found.text == old


class TestCorruptAutosave:
    @pytest.mark.parametrize("content", [
        b"",
        b"garbage, not a record",
        b"\xff\xfe\xfa not utf-8",
        b"(;FF[4]GM[40]SZ[5:5];B[cc];W[cc])",  # a dot on a dot: the engine rejects it
        b"(;FF[4]GM[40]SZ[5:5];B[cc];W[d",  # cut off mid-write by an older version, say
        b'(;TOCHKI[{"mode": "hotseat"}]FF[4]GM[1]SZ[19])',  # Go, not Dots
    ])
    def test_set_aside_with_a_message(self, data_dir: Path, content: bytes, english: None) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        (data_dir / "autosave.sgf").write_bytes(content)
        message = unfinished.load_current()
        assert isinstance(message, str)
        assert "\n" not in message and message.startswith("The last game could not be resumed")
        [aside] = list(unfinished_folder(data_dir).glob("*.corrupt-*.sgf"))
        assert aside.name in message
        assert aside.read_bytes() == content  # kept, not lost
        assert not (data_dir / "autosave.sgf").exists()
        assert not any(word in message for word in ("Errno", "codec", "node", "GM["))  # no raw detail
        assert unfinished.load_current() is None  # reported once, not at every start

    def test_message_follows_the_language(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        (data_dir / "autosave.sgf").write_bytes(b"junk")
        previous = strings.language()
        strings.set_language("ru")
        try:
            message = unfinished.load_current()
        finally:
            strings.set_language(previous)
        [aside] = list(unfinished_folder(data_dir).glob("*.corrupt-*.sgf"))
        assert isinstance(message, str) and message.startswith("Прошлую партию не удалось продолжить")
        assert message.endswith(f"Файл отложен как {aside.name}")

    def test_two_bad_saves_in_one_second_both_kept(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        for content in (b"first", b"second"):
            (data_dir / "autosave.sgf").write_bytes(content)
            assert isinstance(unfinished.load_current(), str)
        kept = sorted(p.read_bytes() for p in unfinished_folder(data_dir).glob("*.corrupt-*.sgf"))
        assert kept == [b"first", b"second"]

    def test_a_folder_named_like_a_save_is_left_out_and_logged(self, data_dir: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
        folder = unfinished_folder(data_dir) / "20250101-000000-abcdef.sgf"
        folder.mkdir(parents=True)  # no file: nothing to read, nothing to tell the player (issue 21, item 4)
        with caplog.at_level(logging.WARNING):
            assert unfinished.load_current() is None
        assert folder.is_dir() and "a folder, not a file" in caplog.text

    def test_no_data_folder_at_all(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        blocker = tmp_path / "a file"
        blocker.write_text("x")
        monkeypatch.setenv("TOCHKI_DATA_DIR", str(blocker / "data"))  # cannot be created
        assert unfinished.list_current().notices == [errors.Notice("store.no_folder")]
        assert unfinished.load_current() == strings.t("store.no_folder")  # says so, not «could not be continued»
        assert preferences.load_settings() == Settings()
        with pytest.raises(StoreError):
            unfinished.save_current(sgf.dumps(a_game(1)), META)


# ----- saved games --------------------------------------------------------------------


class TestSavedGames:
    def test_save_list_read(self, data_dir: Path) -> None:
        text = sgf.dumps(a_game())
        path = library.save_game("Партия с Машей", text)
        assert path == data_dir / "games" / "Партия с Машей.sgf"
        [saved] = library.list_games()
        assert (saved.name, saved.path, saved.size) == ("Партия с Машей", path, len(text.encode("utf-8")))
        assert library.read_game(saved.path) == text
        assert sgf.loads(library.read_game(saved.path)).history == a_game().history

    def test_never_overwrites(self) -> None:
        paths = [library.save_game("match", f"(;GM[40]SZ[{n + 5}])") for n in range(3)]
        assert [p.name for p in paths] == ["match.sgf", "match (2).sgf", "match (3).sgf"]
        assert [library.read_game(p) for p in paths] == [f"(;GM[40]SZ[{n + 5}])" for n in range(3)]

    def test_newest_first(self) -> None:
        for name in ["old", "newest", "middle"]:
            path = library.save_game(name, "(;GM[40]SZ[5])")
            t = {"old": 1_000_000, "middle": 2_000_000, "newest": 3_000_000}[name]
            os.utime(path, (t, t))
        assert [g.name for g in library.list_games()] == ["newest", "middle", "old"]

    def test_listing_without_a_folder_and_ignoring_others(self, data_dir: Path) -> None:
        assert library.list_games() == []
        games = data_dir / "games"
        games.mkdir(parents=True)
        (games / "notes.txt").write_text("x")
        (games / "folder.sgf").mkdir()
        (games / ".game.sgf.abc.tmp").write_text("half")
        library.save_game("real", "(;GM[40]SZ[5])")
        assert [g.name for g in library.list_games()] == ["real"]

    @pytest.mark.parametrize("name, expected", [
        ("../../evil", "_.._evil"),
        ("a/b\\c:d*e?f\"g<h>i|j", "a_b_c_d_e_f_g_h_i_j"),
        ("  spaced.sgf  ", "spaced"),
        ("", "game"),
        ("...", "game"),
        ("con", "_con"),
        ("LPT1.txt", "_LPT1.txt"),
        ("tab\there", "tab_here"),
        ("я" * 300, "я" * library.MAX_NAME),
    ])
    def test_safe_names(self, name: str, expected: str, data_dir: Path) -> None:
        assert library.safe_name(name) == expected
        path = library.save_game(name, "(;GM[40]SZ[5])")
        assert path.parent == data_dir / "games" and path.name == expected + ".sgf"

    @hyp_settings(max_examples=150, deadline=None)
    @given(st.text(max_size=200))
    def test_any_name_stays_in_the_folder(self, name: str) -> None:
        safe = library.safe_name(name)
        assert 0 < len(safe) <= library.MAX_NAME and len(safe.encode("utf-8")) <= library.MAX_NAME_BYTES
        assert not set(safe) & set('/\\:*?"<>|\0') and safe == safe.strip(" .")
        folder = Path("/games")
        assert (folder / f"{safe}.sgf").parent == folder

    def test_read_errors(self, data_dir: Path) -> None:
        games = data_dir / "games"
        games.mkdir(parents=True)
        (games / "empty.sgf").write_bytes(b"  \n")
        (games / "latin1.sgf").write_bytes("(;GM[40]C[café])".encode("latin-1"))
        (games / "dir.sgf").mkdir()
        for name, why in [("missing.sgf", "problem.gone"), ("empty.sgf", "problem.empty"),
                          ("latin1.sgf", "problem.not_text"), ("dir.sgf", "problem.not_a_file")]:
            with pytest.raises(StoreError) as e:
                library.read_game(games / name)
            assert e.value.problem == why
            assert name in str(e.value) and isinstance(e.value, ValueError)

    def test_byte_order_mark_is_dropped(self, data_dir: Path) -> None:
        path = library.save_game("bom", "\ufeff(;GM[40]SZ[5])")
        assert library.read_game(path) == "(;GM[40]SZ[5])"

    def test_save_failure(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True)
        (data_dir / "games").write_text("a file where the folder should be")
        with pytest.raises(StoreError, match="could not be saved"):
            library.save_game("x", "(;GM[40]SZ[5])")
