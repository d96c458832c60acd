"""The game review (ai.review): a planted blunder is found, every loss is the chart's fall, the CLI's last
line, cancel and progress, and the CLI reads only a record of at most its size, never a pipe or a device."""

from __future__ import annotations

import os
import re
import sys
import threading
from pathlib import Path

import pytest

import ai
from ai import Cancelled
from ai import review as ai_review
from engine import Game, Player, Rules, files, sgf

WORK = ai_review.WORK
"""Each position's work here: the default, at which the review sees the blunder's three dots (at a tenth of
it, less than the two of a mistake)."""

LAST_LINE = re.compile(r"^review: (\d+) moves, (\d+) mistakes by blue, (\d+) mistakes by red$")


def blundered_game() -> Game:
    """Classic, 10×10: Red boxes three Blue dots in against the bottom edge but for (6, 9);
    Blue's 15th move goes to the far corner instead of stepping out there, and Red takes the three."""
    game = Game(10, 10, Rules.CLASSIC, zone=False)
    for point in [(4, 8), (3, 8), (5, 8), (4, 7), (6, 8), (5, 7), (0, 0), (6, 7), (1, 0), (7, 8),
                  (9, 0), (4, 9), (8, 0), (5, 9), (0, 2), (6, 9)]:
        game.play(point)
    assert game.score(Player.RED) == 3  # the blunder cost what the test says it did
    return game


def test_the_planted_blunder_is_the_mistake_found_with_the_move_that_saved_the_dots() -> None:
    game = blundered_game()
    moves = ai_review.review(game, work=WORK)
    assert [m.number for m in moves] == list(range(1, 17))
    blunder = moves[14]
    assert (blunder.player, blunder.point) == (Player.BLUE, (0, 2))
    assert blunder.mistake and blunder.loss >= ai_review.MISTAKE_LOSS
    assert blunder.best == (6, 9)
    assert [m.number for m in moves if m.mistake] == [15]
    # Red's capture is the best move and the lead swings to Red by about the three dots.
    assert not moves[15].mistake and moves[15].loss == 0
    assert moves[15].lead <= moves[13].lead - 2.5
    assert game.history == blundered_game().history  # the game reviewed is left alone


def fall(before: float, move: ai_review.MoveReview) -> float:
    """How far the chart's lead fell at ``move`` from the mover's side (negative: it rose)."""
    return before - move.lead if move.player is Player.BLUE else move.lead - before


@pytest.mark.parametrize("rules", list(Rules))
def test_every_loss_is_the_fall_of_the_charts_lead_and_the_last_lead_the_score(rules: Rules) -> None:
    # A game of the master against itself, played to its end (nowhere left to play).
    game = Game(7, 7, rules)
    seed = 0
    while not game.is_over and game.legal_count:
        seed += 1
        game.play(ai.choose_move(game, "master", seconds=0.02, seed=seed))
    moves = ai_review.review(game, work=5_000)
    assert moves[0].before == ai_review.review(game, work=5_000)[0].before  # repeatable
    before = moves[0].before
    for move in moves:
        assert move.before == before  # the chart's previous point
        # The fall of the chart, except that the master's own choice loses nothing.
        assert move.loss == (max(0.0, fall(before, move)) if move.best != move.point else 0.0)
        before = move.lead
    assert moves[-1].lead == float(game.score(Player.BLUE) - game.score(Player.RED))
    assert any(move.loss > 0 for move in moves)  # the master at 0.02 s a move does give something away


def test_the_cli_prints_a_line_a_move_and_the_summary_last(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "blunder.sgf"
    record.write_text(sgf.dumps(blundered_game()), encoding="utf-8")
    assert ai_review.main([str(record), "--work", str(WORK)]) == 0
    lines = capsys.readouterr().out.splitlines()
    found = LAST_LINE.match(lines[-1])
    assert found is not None, lines[-1]
    assert found.groups() == ("16", "1", "0")
    move_lines = [line for line in lines if re.match(r"^\s*\d+\s", line)]
    assert len(move_lines) == 16
    assert move_lines[14].split()[:3] == ["15", "blue", sgf.point_text((0, 2))]
    assert "best " + sgf.point_text((6, 9)) in move_lines[14] and move_lines[14].endswith("mistake")


def test_the_cli_refuses_a_file_that_is_no_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.sgf"
    bad.write_text("not a record", encoding="utf-8")
    assert ai_review.main([str(bad)]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_progress_is_told_every_move_and_cancel_stops_the_review() -> None:
    game = blundered_game()
    cancel = threading.Event()
    seen: list[tuple[int, int]] = []

    def progress(move: ai_review.MoveReview, total: int) -> None:
        seen.append((move.number, total))
        if move.number == 3:
            cancel.set()

    with pytest.raises(Cancelled):
        ai_review.review(game, seconds=0.05, cancel=cancel, progress=progress)
    assert seen == [(1, 16), (2, 16), (3, 16)]


def test_a_cancel_while_the_kernel_loads_ends_the_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    # A kernel that never finishes loading: the review waits in slices and gives up on the cancel.
    monkeypatch.setattr(ai.kernel, "wait", lambda timeout=None: False)
    monkeypatch.setattr(ai.kernel, "status", lambda: "loading")
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        ai_review.review(blundered_game(), work=WORK, cancel=cancel)


# ----- what the command line reads ----------------------------------------------------------------------------------


def refused(path: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What the CLI says of ``path``: it must refuse it with one line, exit 2."""
    assert ai_review.main([path]) == 2
    err = capsys.readouterr().err.strip()
    assert "cannot read" in err and "\n" not in err, err
    return err


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system (Windows)")
def test_the_cli_refuses_a_device_without_reading_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert "device" in refused("/dev/zero", capsys)


@pytest.mark.skipif(sys.platform == "win32", reason="no named pipes in the file system on Windows")
def test_the_cli_refuses_a_named_pipe_without_waiting_for_a_writer(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    pipe = tmp_path / "record.sgf"
    os.mkfifo(pipe)
    # Run aside, so that a reader that waits for a writer fails the test instead of hanging the run.
    result: list[str] = []
    reader = threading.Thread(target=lambda: result.append(refused(str(pipe), capsys)), daemon=True)
    reader.start()
    reader.join(60)
    if reader.is_alive():  # let the stuck reader go: a writer that opens and closes at once
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("the review waited for a writer on a named pipe")
    assert result and "pipe" in result[0]


def test_the_cli_refuses_a_folder_and_a_record_over_the_limit(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert "folder" in refused(str(tmp_path), capsys)
    big = tmp_path / "big.sgf"
    with big.open("wb") as out:
        out.truncate(sgf.MAX_INPUT + 1)  # sparse: costs no disk
    assert str(sgf.MAX_INPUT) in refused(str(big), capsys)


def test_a_file_that_grows_past_the_limit_is_read_no_further(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "growing.sgf"
    path.write_bytes(b"x" * 10)
    real = os.fstat

    def small(fd: int) -> os.stat_result:  # the size looked at says 10 bytes; the file holds more by the read
        path.write_bytes(b"x" * 100)
        return real(fd)

    monkeypatch.setattr(os, "fstat", small)
    with pytest.raises(files.Refused) as refusal:
        files.read_limited(path, 50)
    assert refusal.value.problem == "too_large"
