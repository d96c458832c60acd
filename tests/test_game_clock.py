"""The game clock (issue 13, items 1 and 2): its arithmetic on a fake time source, the record's
``TM``/``BL``/``WL``, the autosave, the play scene with a clock, and how the results say a game ended."""

from __future__ import annotations

import pygame
import pytest
from conftest import FakeClock
from driving import click, press, step, step_until
from test_game_scenes import grid_px, start_play, top

from engine import STOP_SECONDS, Game, Player, Rules, sgf
from game import strings
from game.control import Control
from game.match.clock import MatchClock, TimeControl
from game.match.ending import Ending, How
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.dialog import ConfirmScene
from game.scenes.handoff import Match, Reviewing
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.storage import autosave, unfinished
from game.view import hud, theme


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
    assert clock.low(Player.BLUE) and clock.low(Player.RED)  # both red, the one stopped at 0:02 too
    assert clock.tick_due() and not clock.tick_due()  # one soft tick a second, for the running one
    clock.follow(None)
    assert not clock.tick_due()  # a stopped clock does not tick
    clock.follow(Player.BLUE)
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


# ----- the play scene on a clock (real events, the loop's fake time source) -------------------------


def clocked(minutes: int = 5, increment: int = 3, **kw: object) -> MatchSettings:
    return MatchSettings(width=10, height=10, clock=TimeControl(minutes, increment), **kw)  # type: ignore[arg-type]


def test_the_panel_shows_the_move_number_and_both_clocks(control: Control, clock: FakeClock) -> None:
    play = start_play(control, clocked())
    texts = [text for text, _ in hud.play_status(play.game, play.settings, stop_clock="", ai_failed=False,
                                                 autosave_failed=False, clock=play.match_clock)]
    assert texts == ["Ход № 1", "Синие: 5:00", "Красные: 5:00"]
    clock.ms += 2_500
    click(control, grid_px(play, 2, 2))
    clock.ms += 1_000
    lines = hud.play_status(play.game, play.settings, stop_clock="", ai_failed=False, autosave_failed=False,
                            clock=play.match_clock)
    assert [text for text, _ in lines] == ["Ход № 2", "Синие: 5:01", "Красные: 4:59"]  # 300 - 2.5 + 3
    assert lines[2][1] == theme.player_dark(Player.RED) and lines[1][1] == theme.INK_SOFT  # the running one stands out
    no_clock = start_play(control)
    assert [text for text, _ in hud.play_status(no_clock.game, no_clock.settings, stop_clock="", ai_failed=False,
                                                autosave_failed=False, clock=no_clock.match_clock)] == ["Ход № 1"]


def test_the_clock_runs_while_a_dialog_is_open_and_a_flag_that_fell_meanwhile_loses(control: Control,
                                                                                      clock: FakeClock) -> None:
    play = start_play(control, clocked(5, 0))
    click(control, grid_px(play, 2, 2))  # blue moves: red's clock runs
    press(control, play.panel.b_finish)
    dialog = top(control)
    assert isinstance(dialog, ConfirmScene)
    clock.ms += 30_000
    step(control, 3)  # only the dialog is updated
    assert play.match_clock.left_now(Player.RED) == 270 and play.match_clock.left_now(Player.BLUE) == 300
    press(control, dialog.b_no)
    step(control)
    assert play.match_clock.left[Player.RED] == 270  # charged once, not twice
    press(control, play.panel.b_finish)
    clock.ms += 271_000  # red's flag falls while the question is open …
    press(control, top(control).b_yes)  # type: ignore[union-attr]
    step(control)
    results = top(control)
    assert isinstance(results, ResultsScene)  # … so «Завершить» came too late: a loss on time
    assert results.ending == Ending(How.TIME, Player.RED) and results.won_by is Player.BLUE
    assert results.verdict == "Победили синие!"


def test_a_fallen_flag_ends_the_game_and_no_move_is_taken_after_it(control: Control, clock: FakeClock) -> None:
    game = Game(10, 10)
    for point in [(1, 1), (8, 8), (2, 0), (8, 7), (3, 1), (7, 8), (2, 2), (5, 5)]:
        game.play(point)  # blue closes a country: blue leads on the count
    play = start_play(control, clocked(5, 5), game=game)
    play.match_clock.left[Player.BLUE] = 9.5
    clock.ms += 500
    step(control)
    assert play.match_clock.low(Player.BLUE) and play.match_clock.shown(Player.BLUE) == "0:09"
    clock.ms += 9_000
    click(control, grid_px(play, 6, 2))  # the flag is down though no frame has said so yet: not played
    assert play.game.move_count == 8
    step(control)
    results = top(control)
    assert isinstance(results, ResultsScene) and results.game.score(Player.BLUE) > results.game.score(Player.RED)
    assert results.ending == Ending(How.TIME, Player.BLUE) and results.won_by is Player.RED
    assert results.times == sgf.Times(300, 5, ())  # the moves before it came on no clock of this scene
    assert unfinished.list_current().games == []  # an ended game is not offered to resume


def test_a_game_lost_on_time_is_saved_saying_so(control: Control, clock: FakeClock) -> None:
    from game.scenes.files.listing import open_record
    from game.scenes.files.save_game import SaveGameScene
    from game.scenes.files.saved_list import result_text
    from game.view import thumbnail

    game = Game(10, 10)
    for point in [(1, 1), (8, 8), (2, 0), (8, 7), (3, 1), (7, 8), (2, 2), (5, 5)]:
        game.play(point)  # blue closes a country: blue leads on the count …
    start_play(control, clocked(5, 0), game=game)
    clock.ms += 301_000  # … and blue's flag falls
    step(control)
    results = top(control)
    assert isinstance(results, ResultsScene) and results.ending == Ending(How.TIME, Player.BLUE)
    press(control, results.b_save)
    saving = top(control)
    assert isinstance(saving, SaveGameScene)
    saving.save()
    assert saving.saved is not None
    text = saving.saved.read_text(encoding="utf-8")
    assert "RE[W+T]" in text and "RE[B+" not in text  # red won on time, whatever the count says
    record = open_record(saving.saved)
    assert record.ending == Ending(How.TIME, Player.BLUE) and record.ending.winner(record.game) is Player.RED
    assert "RE[W+T]" in sgf.write(record)  # opened and written again: still a loss on time
    summary = thumbnail.Summary.of(record.game, dict(record.info))  # its row in the list says so too
    assert result_text(summary) == strings.t("files.result.time", player=strings.t("player.red"))


def test_the_computers_thinking_counts_on_its_clock(control: Control, clock: FakeClock) -> None:
    def thinks_seven_seconds(game: Game, level: str, **_: object) -> tuple[int, int]:
        clock.ms += 7_000
        return max(game.legal_moves())

    play = start_play(control, clocked(5, 3, computer=ComputerSettings("beginner", Player.BLUE)),
                      chooser=thinks_seven_seconds)
    clock.ms += 2_000
    click(control, grid_px(play, 2, 2))
    step_until(control, lambda: play.game.move_count == 2)
    assert play.match_clock.moves == [301, 296]  # blue 300 - 2 + 3, the computer 300 - 7 + 3
    step(control)
    assert play.match_clock.running is Player.BLUE


def test_closing_stops_the_clock_and_resuming_restores_both_times_exactly(control: Control,
                                                                          clock: FakeClock) -> None:
    play = start_play(control, clocked(10, 5))
    clock.ms += 12_345
    click(control, grid_px(play, 2, 2))
    clock.ms += 4_321
    click(control, grid_px(play, 7, 7))
    clock.ms += 1_111  # blue thinks, then the game is closed
    control.stack.shutdown_all()
    clock.ms += 3_600_000  # closed for an hour: no clock runs
    [saved] = unfinished.list_current().games
    assert sgf.read_times(saved.text) == sgf.Times(600, 5, (592.7, 600.7))  # the record: to a tenth
    resumed = autosave.resume(saved)
    assert resumed.settings.clock == TimeControl(10, 5)
    again = PlayScene(control.stack, Match(*resumed))
    control.stack.push(again)
    step(control)
    assert again.match_clock.left == {Player.BLUE: 600 - 12.345 + 5 - 1.111, Player.RED: 600 - 4.321 + 5}
    clock.ms += 2_000
    step(control)
    assert again.match_clock.left_now(Player.BLUE) == pytest.approx(600 - 12.345 + 5 - 1.111 - 2)


def test_a_hostile_saved_clock_is_no_clock() -> None:
    for bad in ({"minutes": 5, "increment": 3, "left": [float("nan"), 5]}, {"minutes": 5, "left": [1e12, 5]},
                {"minutes": True, "left": [1, 1]}, {"minutes": 5, "increment": 4, "left": [1, 1]}, "5+3"):
        control_, left = autosave.clock_from_meta({"clock": bad})
        assert left is None
    assert autosave.clock_from_meta({"clock": {"minutes": 5, "left": "x"}}) == (TimeControl(5), None)


# ----- how a game ended, as the results say it ---------------------------------------------------------


def ending_line(results: ResultsScene, monkeypatch: pytest.MonkeyPatch) -> str:
    drawn: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **kw: drawn.append(s) or real(s, *a, **kw))
    results.draw(pygame.Surface(results.size))
    monkeypatch.setattr(theme, "text", real)
    head = len(drawn) - 1 - drawn[::-1].index(results.verdict)  # (fitting may render it more than once)
    return " ".join(drawn[head + 1:])  # what is drawn under the headline, wrapped lines joined


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_results_say_how_the_game_ended(control: Control, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
                                            lang: str) -> None:
    strings.set_language(lang)
    try:
        said: dict[str, str] = {}
        # «Завершить», confirmed
        play = start_play(control, clocked())
        press(control, play.panel.b_finish)
        press(control, top(control).b_yes)  # type: ignore[union-attr]
        step(control)
        said["finish"] = ending_line(top(control), monkeypatch)  # type: ignore[arg-type]
        # the board full: a 2 × 2 board, four dots
        play = start_play(control, MatchSettings(width=2, height=2))
        for node in [(0, 0), (1, 0), (0, 1), (1, 1)]:
            click(control, grid_px(play, *node))
        step(control)
        said["full"] = ending_line(top(control), monkeypatch)  # type: ignore[arg-type]
        # the «Стоп» time ran out
        play = start_play(control, MatchSettings(Rules.CLASSIC, 10, 10))
        click(control, grid_px(play, 4, 4))
        play.stop()
        step(control, 1, dt=STOP_SECONDS + 1)
        step(control)
        said["stop"] = ending_line(top(control), monkeypatch)  # type: ignore[arg-type]
        # a clock ran out, against the computer and at one screen
        play = start_play(control, clocked(5, 0, computer=ComputerSettings("beginner", Player.BLUE)),
                          chooser=lambda game, level, **_: max(game.legal_moves()))
        clock.ms += 301_000
        step(control, 2)
        said["time.you"] = ending_line(top(control), monkeypatch)  # type: ignore[arg-type]
        play = start_play(control, clocked(5, 0))
        click(control, grid_px(play, 4, 4))
        clock.ms += 301_000
        step(control, 2)
        said["time.red"] = ending_line(top(control), monkeypatch)  # type: ignore[arg-type]
        for how, line in said.items():
            assert line.startswith(strings.t(f"results.end.{how}")), (how, line)
    finally:
        strings.set_language("ru")


def test_the_review_shows_the_times_left_at_the_move_shown(control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes import review

    game = Game(10, 10)
    for point in [(1, 1), (8, 8), (2, 2)]:
        game.play(point)
    text = sgf.dumps(game, times=TimeControl(5, 0).times((290, 280, 270.5)))
    scene = review.ReviewScene(control.stack, Reviewing(sgf.loads(text), times=sgf.read_times(text), step=1))
    control.stack.push(scene)
    step(control)
    drawn: list[str] = []
    real = review.one_line
    monkeypatch.setattr(review, "one_line", lambda s, *a, **kw: drawn.append(s) or real(s, *a, **kw))

    def shown() -> list[str]:
        drawn.clear()
        scene.draw(pygame.Surface(scene.size))
        return [s for s in drawn if s.startswith(("Синие:", "Красные:"))]

    assert shown() == ["Синие: 4:50", "Красные: 5:00"]  # after the first move red has not moved yet
    scene.goto(3)
    assert shown() == ["Синие: 4:31", "Красные: 4:40"]
    scene.times = None  # a record without a clock: no such lines
    assert shown() == []


def test_a_game_saved_from_the_results_keeps_its_clock_and_opens_with_it(control: Control, clock: FakeClock) -> None:
    from game.scenes.files.listing import open_record
    from game.scenes.files.save_game import SaveGameScene

    play = start_play(control, clocked(20, 5))
    clock.ms += 1_500
    click(control, grid_px(play, 2, 2))
    clock.ms += 2_000
    click(control, grid_px(play, 7, 7))
    press(control, play.panel.b_finish)
    press(control, top(control).b_yes)  # type: ignore[union-attr]
    step(control)
    results = top(control)
    assert isinstance(results, ResultsScene)
    press(control, results.b_save)
    saving = top(control)
    assert isinstance(saving, SaveGameScene)
    saving.save()
    assert saving.saved is not None
    record = open_record(saving.saved)
    assert record.times == sgf.Times(1200, 5, (1203.5, 1203)) and record.game.move_count == 2


def test_a_game_saved_on_leaving_keeps_its_clock(control: Control, clock: FakeClock) -> None:
    from game.scenes.files.listing import open_record
    from game.scenes.files.save_game import SaveGameScene

    play = start_play(control, clocked(5, 0))
    clock.ms += 4_000
    click(control, grid_px(play, 2, 2))
    press(control, play.panel.b_menu)
    dialog = top(control)
    assert isinstance(dialog, ConfirmScene) and dialog.b_other is not None
    press(control, dialog.b_other)
    saving = top(control)
    assert isinstance(saving, SaveGameScene)
    saving.save()
    assert saving.saved is not None and open_record(saving.saved).times == sgf.Times(300, 0, (296,))


def test_play_on_from_a_recorded_game_goes_on_with_its_clocks(control: Control, clock: FakeClock) -> None:
    from game.scenes import review

    game = Game(10, 10)
    for point in [(1, 1), (8, 8), (2, 2)]:
        game.play(point)
    text = sgf.dumps(game, times=TimeControl(10, 5).times((590, 480.5, 400)))
    scene = review.ReviewScene(control.stack, Reviewing(sgf.loads(text), times=sgf.read_times(text), step=2))
    control.stack.push(scene)
    step(control)
    press(control, scene.b_play_on)
    play = top(control)
    assert isinstance(play, PlayScene) and play.game.move_count == 2
    assert play.settings.clock == TimeControl(10, 5)
    assert play.match_clock.left == {Player.BLUE: 590, Player.RED: 480.5} and play.match_clock.running is Player.BLUE
    clock.ms += 1_000
    click(control, grid_px(play, 5, 5))
    assert play.match_clock.moves == [590, 480.5, 594]


def test_a_move_taken_back_keeps_the_time_spent_and_drops_its_figure(control: Control, clock: FakeClock) -> None:
    play = start_play(control, clocked(5, 0))
    clock.ms += 10_000
    click(control, grid_px(play, 2, 2))
    clock.ms += 5_000
    click(control, grid_px(play, 7, 7))
    press(control, play.panel.b_undo)
    assert play.game.move_count == 1 and play.match_clock.moves == [290, 295]  # the figure stays until replaced
    clock.ms += 1_000
    step(control)
    assert play.match_clock.left == {Player.BLUE: 290, Player.RED: 294}  # red's time ran on, as a clock's does
    click(control, grid_px(play, 6, 6))
    assert play.match_clock.moves == [290, 294]
    assert sgf.read_times(sgf.dumps(play.game, times=play.match_clock.times())).left == (290, 294)


def test_under_a_dialog_the_loop_wakes_to_show_the_clock_ticking(control: Control, clock: FakeClock) -> None:
    play = start_play(control, clocked(5, 0))
    click(control, grid_px(play, 2, 2))
    clock.ms += 250
    press(control, play.panel.b_finish)
    assert isinstance(top(control), ConfirmScene)
    assert control.wake_in() == pytest.approx(0.75)  # red's 4:59.75 shows 5:00 until the next second
    clock.ms += 300_000
    assert control.wake_in() is None  # a flag down: the game ends once it is back on top, no spinning meanwhile
    control.stack.shutdown_all()  # the game closed: its clock stopped
    plain = start_play(control)
    press(control, plain.panel.b_finish)
    assert control.wake_in() is None  # no clock: the dialog sleeps


def test_the_last_ten_seconds_tick_softly_once_a_second(control: Control, clock: FakeClock,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[str] = []
    monkeypatch.setattr(control.stack, "sound", heard.append)
    play = start_play(control, clocked(5, 0))
    play.match_clock.left[Player.BLUE] = 11.5
    for _ in range(8):  # 11.5 s down to 7.5 s, a frame every half second
        clock.ms += 500
        step(control)
    assert heard.count("tick") == 3  # as it shows 0:10, 0:09 and 0:08 (7.5 s still shows 0:08); none at 0:11
