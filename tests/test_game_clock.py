"""The game clock (issue 13, items 1 and 2): its arithmetic on a fake time source, the record's
``TM``/``BL``/``WL``, the autosave, the play scene with a clock, and how the results say a game ended."""

from __future__ import annotations

import pytest

from engine import Game, Player, sgf


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
