"""``bench.ladders`` reads the turns it says it reads and prints its figures, or one line for a record it cannot
read. What the figures are is the benchmark's to print (docs/MEASURED.md), not a test's to assert."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench import ladders
from engine import Game, Player, sgf

RECORD = ladders.DATA / "master-vs-oppai-2s-clock-nets-loss-1-17.sgf"
"""The master Red (``PW[master]``), lost 1 : 17 to a 10-dot group a read to its end keeps (move 110)."""


def _cut(tmp_path: Path, moves: int) -> Path:
    """The record's first ``moves`` moves, as a record of its own (its players named as in the record)."""
    record = sgf.read(RECORD.read_bytes())
    whole = record.game
    game = Game(whole.width, whole.height, whole.rules, zone=whole.zone_rule)
    for action in whole.history[:moves]:
        game.play(action.point, player=action.player)
    path = tmp_path / "cut.sgf"
    path.write_text(sgf.dumps(game, info={key: record.info[key] for key in ("PB", "PW")}), encoding="utf-8")
    return path


def test_the_master_s_turns_are_the_side_the_record_names_master() -> None:
    found = ladders.turns(RECORD, "master")
    assert found and {game.to_move for game, _number in found} == {Player.RED}
    assert [number for _game, number in found][:3] == [2, 4, 6]
    assert len(ladders.turns(RECORD, "both")) == len(found) + len(ladders.turns(RECORD, "blue"))


def test_each_record_gets_its_line_and_the_last_sums_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _cut(tmp_path, 40)
    assert ladders.main([str(path), str(path), "--side", "both"]) == 0
    lines = capsys.readouterr().out.splitlines()
    figures = r": (\d+) turns, a turn's read [\d.]+ ms median, [\d.]+ ms mean, \d+ over 300 ms, slowest \d+ ms; " \
              r"\d+ moves a turn, [\d.]+ µs a move$"
    assert [re.search(figures, line) is not None for line in lines[1:]] == [True, True, True]
    assert [line.split(":")[0] for line in lines[1:]] == ["cut.sgf", "cut.sgf", "all"]
    assert [int(re.search(figures, line).group(1)) for line in lines[1:]] == [40, 40, 80]  # type: ignore[union-attr]


def test_a_record_it_cannot_read_is_one_line_and_a_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.sgf"
    path.write_bytes(b"(;GM[40]SZ[15];B[zz")
    assert ladders.main([str(path)]) == 1
    assert capsys.readouterr().err.startswith("broken.sgf: not read (")
