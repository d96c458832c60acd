"""One parse per record: ``engine.sgf.read`` and the ending a record carries in ``RE``.

``read`` must give what the one-part readers (``loads``, ``read_info``, ``read_times``,
``read_hints``) give, from a single pass over the text; opening a saved game and resuming
a game in progress parse its record once each. A game lost on time is saved with ``RE``
saying so (``B+T``/``W+T``) and keeps it when read and written again; records of earlier
versions and other programs' ``RE`` values (hostile ones too) load.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Ending, Game, How, Player, Rules, sgf
from game.storage import autosave, library, unfinished

SAMPLE = Path(__file__).resolve().parents[1] / "assets" / "samples" / "zagram-352562.sgf"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty user data folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(folder))
    return folder


class Parses:
    """Counts the parser's passes over a record (``engine.sgf._main_line``, every reader's one entry)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = sgf._main_line

        def counted(*args: object, **kwargs: object) -> list[sgf.Node]:
            self.count += 1
            return real(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(sgf, "_main_line", counted)


def a_game(moves: int = 6) -> Game:
    game = Game(9, 9)
    for point in [(1, 1), (7, 7), (2, 1), (7, 6), (3, 1), (6, 7), (4, 4), (5, 5)][:moves]:
        game.play(point)
    return game


def blue_ahead_then_flag() -> tuple[Game, Ending]:
    """Blue closes a country and leads on the count; then Blue's flag falls and the game is ended."""
    game = Game(10, 10)
    for point in [(1, 1), (8, 8), (2, 0), (8, 7), (3, 1), (7, 8), (2, 2), (5, 5)]:
        game.play(point)
    game.finish()
    assert game.winner is Player.BLUE
    return game, Ending(How.TIME, Player.BLUE)


# ----- read: everything at once, the same as the one-part readers -----------------------------------


def records() -> list[str]:
    clocked = sgf.dumps(a_game(), info={"PB": "Маша", "C": "a ] comment \\ here", **sgf.hints_info(4)},
                        times=sgf.Times(300, 3, (298.5, None, 290, 280.2)))
    finished = a_game(8)
    finished.finish()
    return [clocked, sgf.dumps(finished), sgf.dumps(Game(5, 5)), SAMPLE.read_text(encoding="utf-8"),
            "(;GM[40]SZ[5]TM[nan]HN[lots]RE[Void];B[aa]BL[-1](;W[bb])(;W[cc]))"]


@pytest.mark.parametrize("text", records())
def test_read_gives_what_the_one_part_readers_give(text: str) -> None:
    record = sgf.read(text)
    assert record.game.history == sgf.loads(text).history
    assert record.game.setup == sgf.loads(text).setup and record.game.to_move is sgf.loads(text).to_move
    assert dict(record.info) == sgf.read_info(text)
    assert record.times == sgf.read_times(text)
    assert record.hints == sgf.read_hints(sgf.read_info(text))
    assert sgf.read(text.encode("utf-8")).info == record.info  # bytes read as UTF-8, as loads does


def test_read_parses_the_text_once(monkeypatch: pytest.MonkeyPatch) -> None:
    parses = Parses(monkeypatch)
    record = sgf.read(records()[0])
    assert parses.count == 1
    assert (record.info["PB"], record.hints, record.times.limit, record.game.move_count) == ("Маша", 4, 300, 6)


def test_write_is_reads_inverse() -> None:
    for text in records()[:3]:
        assert sgf.write(sgf.read(text)) == text
    # Another program's record: what dumps writes itself (FF, AP, SZ …) is not written twice, names stay.
    foreign = sgf.read(SAMPLE.read_text(encoding="utf-8"))
    again = sgf.read(sgf.write(foreign))
    assert again.game.history == foreign.game.history
    assert {k: v for k, v in again.info.items() if k in ("PB", "PW")} == \
        {k: v for k, v in foreign.info.items() if k in ("PB", "PW")}


def test_a_bad_game_is_still_an_sgf_error_and_odd_extras_are_none() -> None:
    for bad in ["", "(;GM[1]SZ[19])", "(;GM[40]SZ[5];B[zz])", "(;GM[40]SZ[5]", b"\xff\xfe"]:
        with pytest.raises(sgf.SgfError):
            sgf.read(bad)
    record = sgf.read("(;GM[40]SZ[5]TM[-5]OT[Fischer x]HN[-1];B[aa]BL[1e9])")
    assert record.times == sgf.Times(None) and record.hints == 0 and record.ending is None


# ----- the ending in RE --------------------------------------------------------------------------


def test_a_game_lost_on_time_saves_re_saying_so_and_keeps_it() -> None:
    game, ending = blue_ahead_then_flag()
    assert "RE[B+" in sgf.dumps(game)  # the count says Blue …
    text = sgf.dumps(game, ending=ending)
    assert "RE[W+T]" in text and "RE[B+" not in text  # … but Blue lost on time
    record = sgf.read(text)
    assert record.ending == ending and record.ending.winner(record.game) is Player.RED
    assert record.info["RE"] == "W+T"
    assert "RE[W+T]" in sgf.write(record)  # loaded and saved again: still a loss on time
    assert sgf.read(sgf.write(record)).ending == ending
    # Red's flag: B+T.
    assert "RE[B+T]" in sgf.dumps(game, ending=Ending(How.TIME, Player.RED))


def test_re_from_the_other_endings() -> None:
    game = a_game(8)
    assert "RE[" not in sgf.dumps(game) and sgf.read(sgf.dumps(game)).ending is None  # under way: no result
    # A resignation is a result even mid-game (other programs' records end so).
    assert "RE[B+R]" in sgf.dumps(game, ending=Ending(How.RESIGN, Player.RED))
    game.finish()
    score = sgf.dumps(game)
    assert "RE[W+0.5]" in score and "+T" not in score and "+R" not in score  # the count
    for how in (How.FINISH, How.FULL, How.STOP):  # endings the count decides: the count
        assert sgf.dumps(game, ending=Ending(how)) == score
    assert sgf.read(score).ending == Ending(How.FINISH)
    draw = Game(5, 5)
    draw.finish()
    assert "RE[0]" in sgf.dumps(draw) and sgf.read(sgf.dumps(draw)).ending.winner(draw) is None  # type: ignore[union-attr]


def test_old_records_without_the_new_fields_load() -> None:
    # As earlier versions wrote them: RE the count (never read back then), no HN, no clock.
    old = "(;FF[4]GM[40]CA[UTF-8]AP[tochki-strany]SZ[5:4]RU[countries]RE[0];B[bb];W[dc]FINISH[B])"
    record = sgf.read(old)
    assert record.game.is_over and record.ending == Ending(How.FINISH) and record.hints == 0
    assert record.times == sgf.Times(None)
    under_way = sgf.read("(;FF[4]GM[40]SZ[5]RU[classic];B[bb];W[dc])")
    assert under_way.ending is None and under_way.game.rules is Rules.CLASSIC


@pytest.mark.parametrize(("re", "expected"), [
    ("B+R", Ending(How.RESIGN, Player.RED)),
    ("W+Resign", Ending(How.RESIGN, Player.BLUE)),
    ("b+time", Ending(How.TIME, Player.RED)),
    (" W + T ", Ending(How.TIME, Player.BLUE)),
    ("B+T", Ending(How.TIME, Player.RED)),
    ("W+12.5", None), ("0", None), ("Draw", None), ("Void", None), ("?", None), ("B+F", None),
    ("B+Forfeit", None), ("", None), ("W+", None), ("+T", None), ("B+TT", None), ("В+T", None),  # Cyrillic В
    ("B+T" * 1000, None), ("x" * 200_000, None), ("\\]B+T", None), ("B+T\n\x00", None),
])
def test_foreign_and_hostile_re_values_load(re: str, expected: Ending | None) -> None:
    value = re.replace("\\", "\\\\").replace("]", "\\]")
    record = sgf.read(f"(;GM[40]SZ[9]RE[{value}];B[aa];W[bb])")
    assert record.ending == expected and record.game.move_count == 2
    assert record.info["RE"] == re
    sgf.write(record)  # and it can be written again


def test_hostile_re_on_a_finished_game_leaves_the_ending_to_the_board() -> None:
    game = a_game(8)
    game.finish()
    text = sgf.dumps(game).replace("RE[", "RE[nonsense ", 1)
    record = sgf.read(text)
    assert record.ending == Ending(How.FINISH) and record.ending.winner(record.game) is game.winner


def test_the_games_ending_equals_the_engines() -> None:
    from game.match.ending import Ending as Told

    assert Told(How.TIME, Player.RED) == Ending(How.TIME, Player.RED)
    assert hash(Told(How.TIME, Player.RED)) == hash(Ending(How.TIME, Player.RED))
    assert Told.told(Ending(How.TIME, Player.RED)).key(None) == "results.end.time.red"
    assert Told(How.FULL) != Ending(How.FINISH)


# ----- the game's callers: one parse each -----------------------------------------------------------


def test_opening_a_saved_game_parses_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes.files.listing import open_record

    game, ending = blue_ahead_then_flag()
    path = library.save_game("lost on time", sgf.dumps(game, info=sgf.hints_info(2), ending=ending,
                                                     times=sgf.Times(300, 0, (10,) * 8)))
    parses = Parses(monkeypatch)
    record = open_record(path)
    assert parses.count == 1
    assert record.game.history == game.history and record.hints == 2 and record.times.limit == 300
    assert record.ending == ending
    listed = library.read_record(path)  # the list's row: once more, for the row alone
    assert parses.count == 2 and listed.info["RE"] == "W+T"


def test_resuming_a_game_in_progress_parses_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = a_game(6)
    text = sgf.dumps(game, times=sgf.Times(300, 3, (290, 280, 270, 260, 250, 240)), info=sgf.hints_info(3))
    unfinished.save_current(text, {"mode": "computer", "level": "beginner", "human": "blue",
                              "clock": {"minutes": 5, "increment": 3, "left": [240.5, 250.0]}})
    parses = Parses(monkeypatch)
    [saved] = unfinished.list_current().games
    resumed = autosave.resume(saved)
    assert parses.count == 1
    assert resumed.game.history == game.history and resumed.hints == 3
    assert resumed.clock is not None and resumed.clock.moves == (290, 280, 270, 260, 250, 240)
    assert resumed.game is not saved.game  # played on, the listed game stays as listed


def test_a_listed_game_in_progress_without_its_record_is_read_when_resumed() -> None:
    text = sgf.dumps(a_game(4), info=sgf.hints_info(1))
    resumed = autosave.resume(unfinished.Resumable(text, {"mode": "hotseat"}))
    assert resumed.game.move_count == 4 and resumed.hints == 1
