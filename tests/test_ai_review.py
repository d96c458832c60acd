"""The game review (ai.review): a planted blunder is found, the CLI's last line, cancel and progress."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from ai import review as ai_review
from ai.board import Cancelled
from engine import Game, Player, Rules, sgf

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


@pytest.mark.usefixtures("ai_counts_work")  # the review stops on its work count, however busy the machine
def test_the_planted_blunder_is_the_mistake_found_with_the_move_that_saved_the_dots() -> None:
    game = blundered_game()
    # The analysis scene's budget (test_analysis_scene), counted in work: enough for every verdict below.
    moves = ai_review.review(game, seconds=0.15)
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


def test_the_cli_prints_a_line_a_move_and_the_summary_last(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "blunder.sgf"
    record.write_text(sgf.dumps(blundered_game()), encoding="utf-8")
    assert ai_review.main([str(record), "--seconds", "0.3"]) == 0
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
