"""The game clock (issue 13, items 1 and 2): its arithmetic on a fake time source, the record's
``TM``/``BL``/``WL``, the autosave, the play scene with a clock, and how the results say a game ended."""

from __future__ import annotations

import pytest

from engine import Game, Player, sgf
from game.clock import MatchClock, TimeControl


def played(*points: tuple[int, int]) -> Game:
    game = Game(7, 7)
    for point in points:
        game.play(point)
    return game


def test_a_record_keeps_the_clock_and_each_moves_time_left() -> None:
    game = played((1, 1), (5, 5), (2, 2))
    times = sgf.Times(600, 5, (598.2, 590, 1.05))
    text = sgf.dumps(game, times=times)
    assert "TM[600]" in text and "OT[Fischer 5]" in text
    assert ";B[bb]BL[598.2];W[ff]WL[590];B[cc]BL[1.1]" in text  # to a tenth, blue as B, red as W
    back = sgf.read_times(text)
    assert back == sgf.Times(600, 5, (598.2, 590, 1.1))
    assert sgf.loads(text).history == game.history  # the game reads as before
    assert back.left_at(game.history, 2) == {Player.BLUE: 598.2, Player.RED: 590}
    assert back.left_at(game.history, 0) == {Player.BLUE: 600, Player.RED: 600}


def test_a_record_without_a_clock_has_none_and_a_gap_is_a_time_not_known() -> None:
    game = played((1, 1), (5, 5))
    assert "TM" not in sgf.dumps(game)
    assert sgf.read_times(sgf.dumps(game)) == sgf.Times(None)
    text = sgf.dumps(game, times=sgf.Times(300, 0, (None, 250)))
    assert "BL" not in text and "OT" not in text
    assert sgf.read_times(text) == sgf.Times(300, 0, (None, 250))
    assert sgf.read_times(text).left_at(game.history, 2) == {Player.BLUE: 300, Player.RED: 250}


@pytest.mark.parametrize("tm", ["-5", "nan", "inf", "1e999", "0", "abc", "", "99999999999", "1_000", " 5 5"])
def test_a_hostile_time_limit_is_no_clock(tm: str) -> None:
    text = f"(;GM[40]SZ[7]TM[{tm}];B[bb]BL[5])"
    assert sgf.read_times(text) == sgf.Times(None)
    assert sgf.loads(text).move_count == 1


@pytest.mark.parametrize("left", ["-1", "NaN", "Infinity", "1e3", "0x10", "9" * 40, "5]", "3:00"])
def test_a_hostile_time_left_is_not_known(left: str) -> None:
    value = left.replace("]", "\\]")
    times = sgf.read_times(f"(;GM[40]SZ[7]TM[300]OT[Fischer 99999];B[bb]BL[{value}];W[cc]WL[12.5])")
    assert times.left == (None, 12.5)
    assert times.increment == 0  # five digits is no increment


def test_dumps_refuses_a_clock_that_is_none() -> None:
    game = played((1, 1))
    for times in (sgf.Times(0), sgf.Times(-1), sgf.Times(float("nan")), sgf.Times(300, 0, (-2,)),
                  sgf.Times(300, 0, (float("inf"),))):
        with pytest.raises(ValueError):
            sgf.dumps(game, times=times)
    with pytest.raises(ValueError):
        sgf.dumps(game, info={"TM": "5"})  # the clock goes in as times, one source


class Ms:
    """A time source in ms that moves only when the test says so."""

    def __init__(self) -> None:
        self.ms = 50_000

    def __call__(self) -> int:
        return self.ms

    def wait(self, seconds: float) -> None:
        self.ms += round(seconds * 1000)


def test_the_clock_of_the_player_to_move_runs_and_a_move_adds_the_increment() -> None:
    now = Ms()
    clock = MatchClock(TimeControl(5, 3), now)
    clock.follow(Player.BLUE)
    now.wait(20)
    assert clock.left_now(Player.BLUE) == 280 and clock.left_now(Player.RED) == 300
    assert clock.moved(Player.BLUE) == 283  # Fischer: the increment after the move
    clock.follow(Player.RED)
    now.wait(4.5)
    clock.follow(Player.BLUE)  # red's clock charged as it stops
    assert clock.left == {Player.BLUE: 283, Player.RED: 295.5}
    assert clock.shown(Player.RED) == "4:56"  # whole seconds rounded up, as the panel shows it


def test_a_closed_game_stops_the_clock_and_the_time_source_decides_not_the_frames() -> None:
    now = Ms()
    clock = MatchClock(TimeControl(10), now)
    clock.follow(Player.RED)
    now.wait(7)
    assert clock.left_now(Player.RED) == 593  # no update in between (a dialog on top): it ran all the same
    clock.stop()
    now.wait(3600)
    assert clock.left == {Player.BLUE: 600, Player.RED: 593}
    assert clock.wake_in() is None


def test_a_flag_falls_at_zero_and_no_clock_never_runs() -> None:
    now = Ms()
    clock = MatchClock(TimeControl(5), now, left={Player.BLUE: 11, Player.RED: 2})
    clock.follow(Player.BLUE)
    now.wait(0.5)
    assert not clock.low(Player.BLUE) and clock.flag() is None
    now.wait(1)
    assert clock.low(Player.BLUE) and not clock.low(Player.RED)  # only the running clock turns red
    assert clock.tick_due() and not clock.tick_due()  # one soft tick a second
    now.wait(1)
    assert clock.tick_due()
    now.wait(8.5)
    assert clock.flag() is Player.BLUE and clock.shown(Player.BLUE) == "0:00"
    none = MatchClock(TimeControl(), now)
    none.follow(Player.BLUE)
    now.wait(10_000)
    assert not none and none.flag() is None and none.wake_in() is None and not none.low(Player.BLUE)


def test_the_time_left_after_each_move_follows_the_game_through_take_backs() -> None:
    now = Ms()
    clock = MatchClock(TimeControl(5, 5), now)
    clock.follow(Player.BLUE)
    now.wait(10)
    clock.moved(Player.BLUE, index=0)
    clock.follow(Player.RED)
    now.wait(3)
    clock.moved(Player.RED, index=1)
    clock.follow(Player.BLUE)
    assert clock.moves == [295, 302]
    now.wait(1)
    clock.moved(Player.BLUE, index=0)  # both moves taken back, then a new first move
    assert clock.moves == [299] and clock.times() == sgf.Times(300, 5, (299,))
    clock.moved(Player.RED, index=3)  # moves replayed without a time: not known
    assert clock.moves == [299, None, None, 307]


def test_the_control_is_remembered_and_read_back_from_a_record() -> None:
    assert TimeControl.of(sgf.Times(600, 3)) == TimeControl(10, 3)
    assert TimeControl.of(sgf.Times(1500, 4.5)) == TimeControl(20, 5)  # another program's: the nearest offered
    assert TimeControl.of(sgf.Times(None)) == TimeControl()
