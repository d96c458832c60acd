"""``bench.saves`` looks where it says: the master's side is read from the record, the turn looked at is the first
before a big capture at which a ladder takes the group, and the report counts the saves the master chose, with
the ladders' read off and on, as the reading names them. What the master chooses there is the benchmark's to print."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import positions, saves
from engine import Player, Point, sgf

RECORD = saves.DATA / "master-vs-oppai-8s-clock-loss-0-13.sgf"
"""The 8× game 6 (the master Red, lost 0 : 13): a 7-dot group with two ways out, taken with a dot more at move 137."""


def test_the_master_s_side_is_read_from_the_names() -> None:
    assert saves.master_of("PB[oppai-cli]PW[master]") is Player.RED
    assert saves.master_of("PB[master]PW[oppai-cli]") is Player.BLUE
    assert saves.master_of("PB[oppai-2000ms]PW[project-master-1.0s]") is Player.RED
    with pytest.raises(ValueError):
        saves.master_of("PB[oppai-cli]PW[someone]")


def test_the_turn_is_the_first_at_which_a_ladder_takes_the_group() -> None:
    """Blue's quiet (10, 0) at move 133 let the ladder through: at the master's turn before it (move 132) no ladder
    takes the group, at move 134 one takes 7 of the 8 dots lost at move 137 (the eighth fell with them)."""
    found = list(saves.turns(RECORD))
    assert [(t.lost_at, t.lost, t.move, t.master) for t in found] == [(137, 8, 134, Player.RED)]
    turn = found[0]
    assert turn.ways == 2 and turn.takes == 7
    game = positions.before(turn.move, sgf.loads(RECORD.read_bytes()))
    assert game.to_move is Player.RED and game.dot_at(turn.group) is Player.RED and not game.is_dead(turn.group)


def test_the_report_counts_the_saves_chosen(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """With the master's choices stood in for (off: a save, then a move elsewhere; on: two saves), the report
    marks the move that is not a save and counts what the reading's saves say; the ladders' setting is put back."""
    from ai.kernel import read

    game = positions.before(134, sgf.loads(RECORD.read_bytes()))
    kept = saves.saves(game)
    assert kept is not None and (12, 1) in kept and (0, 14) not in kept
    chosen: list[Point] = [(12, 1), (0, 14), (12, 1), (12, 1)]
    seen: list[bool] = []

    class Thought:
        def __init__(self) -> None:
            seen.append(read.LADDERS)
            self.move = chosen[len(seen) - 1]

    monkeypatch.setattr(saves, "think", lambda *args, **kwargs: Thought())
    assert saves.main([str(Path(RECORD)), "--seeds", "2", "--seconds", "0.1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert seen == [False, False, True, True] and read.LADDERS is False
    assert "move 134 (red)" in out[-2] and "ladders off: 12,1 0,14!; ladders on: 12,1 12,1" in out[-2]
    assert out[-1].endswith("in 1 position the master chose a save 1 of 2 times with the ladders off, 2 of 2 "
                            "with them on")


def test_a_record_it_cannot_read_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that is no record, and a record naming no master, each get a line of their own; the rest is read."""
    junk = tmp_path / "junk.sgf"
    junk.write_bytes(b"\x00not a record")
    nameless = tmp_path / "nameless.sgf"
    nameless.write_text(RECORD.read_text(encoding="utf-8").replace("PW[master]", "PW[someone]"), encoding="utf-8")
    assert saves.main([str(junk), str(nameless), "--seeds", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith(f"{junk}: not read (") and out[2].startswith(f"{nameless}: not read (")
    assert out[-1].endswith("in 0 positions the master chose a save 0 of 0 times with the ladders off, 0 of 0 with them on")
