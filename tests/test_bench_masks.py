"""``bench.masks`` finds the turns where a net's mask and the lines' keep nothing together and judges them on both
places: on the issue's own lost game (``bench.positions``' record) the turn before move 102, where the ladder along
row 12 began, is one, and the net's points are proved three dots better."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai import kernel
from bench import masks, positions
from engine import sgf

pytestmark = pytest.mark.skipif(kernel.switched_off(), reason=f"{kernel.SWITCH_ENV} keeps the kernel off")


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert kernel.wait(900), kernel.status()


def test_the_count_is_the_game_s_at_one_second() -> None:
    """The figure docs/MEASURED.md quotes: a 1 s move on 15×15 reads 27,000 moves."""
    from ai.kernel import master, rules

    s, _g = rules.from_game(positions.before(1))
    assert (master.read_count(s, 1.0), master.read_count(s, 2.0)) == (27_000, 54_000)


def test_the_turn_before_the_ladder_is_found_and_judged() -> None:
    found = {d.move: d for d in masks.disagreements(positions.RECORD)}
    assert 102 in found
    d = found[102]
    assert (d.centre, d.net_stake, d.lines_stake) == ((5, 11), 3, 1)
    assert set(d.net_keeps) == {(4, 11), (5, 11), (4, 12)} and d.lines_keeps == ((8, 10),)
    assert d.played == (9, 1)
    assert masks.judge(positions.before(102), d, 8) == (-3, -6, -6)


def test_the_report_counts_the_mask_with_more_at_stake(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Cut at move 103, the record holds one such turn (102): the net, with more at stake, was the better one. A
    file that is not a record gets one line and the rest are read."""
    cut = tmp_path / "cut.sgf"
    cut.write_text(sgf.dumps(positions.before(103), info={"PB": "oppai-2000ms", "PW": "project-master-1.0s"}),
                   encoding="utf-8")
    broken = tmp_path / "broken.sgf"
    broken.write_text("not a record", encoding="utf-8")
    assert masks.main([str(broken), str(cut)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith(f"{broken}: not read")
    assert out[-1] == ("masks: 1 turns where a net and the lines keep nothing together; the one with more at stake "
                       "was better in 1, level in 0, worse in 0")
