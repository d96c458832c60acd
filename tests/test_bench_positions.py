"""The lost positions of ``bench.positions`` are what they say: the record loads, each position has the
master's side to move, the capture it is about happens in the record where it says, and the checker
tells a right move from a wrong one. Whether the master finds the right moves is the benchmark's to
print, not a test's to assert (it does not yet)."""

from __future__ import annotations

import pytest

from bench import positions
from bench.positions import POSITIONS, Position
from engine import Game, Player, Rules


@pytest.fixture(scope="module")
def whole() -> Game:
    return positions.record()


def test_the_record_is_the_lost_game() -> None:
    game = positions.record()
    assert (game.width, game.height, game.rules) == (15, 15, Rules.CLASSIC)
    assert (game.score_units(Player.BLUE), game.score_units(Player.RED)) == (36, 0)


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_a_position_loads_with_its_side_to_move(position: Position, whole: Game) -> None:
    game = positions.load(position, whole)
    assert game.move_count == position.move - 1
    assert game.to_move is position.player
    # Every move the position names is one the side to move may play there.
    assert all(game.is_legal(point) for point in (position.play or position.avoid))


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_the_record_takes_the_group_where_the_position_says(position: Position, whole: Game) -> None:
    """From the position on, the record's own moves reach the capture it is about: ``lost`` dots at once,
    taken by the side not the master's in the game (Blue)."""
    history = list(whole.history)
    taken = positions.before(position.lost_at, whole)
    before = taken.score_units(Player.BLUE)
    action = history[position.lost_at - 1]
    assert action.player is Player.BLUE
    taken.play(action.point, player=action.player)
    assert taken.score_units(Player.BLUE) - before == position.lost


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_the_checker_sees_a_right_and_a_wrong_move(position: Position, whole: Game) -> None:
    """The record's own move there is judged as the game showed (the master's was wrong, oppai's cut
    right), and of the legal moves some are right and some wrong."""
    game = positions.load(position, whole)
    played = list(whole.history)[position.move - 1].point
    assert position.is_right(played) is (position.player is Player.BLUE)
    verdicts = {position.is_right(point) for point in game.legal_moves()}
    assert verdicts == {True, False}


def test_the_bench_counts_what_the_checker_says(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The benchmark's report, with the master's choice stood in for (a wrong move, then a right one):
    it counts what the checker says."""
    position = POSITIONS[0]
    wrong = next(iter(position.avoid))
    chosen = iter([wrong, (13, 0)])

    class Thought:
        def __init__(self) -> None:
            self.move = next(chosen)

    monkeypatch.setattr(positions, "think", lambda *args, **kwargs: Thought())
    assert positions.main(["--only", position.name, "--seeds", "2", "--seconds", "0.1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2].startswith(position.name) and "right 1 of 2" in out[-2]
    assert out[-1].endswith(f"right 1 of 2 ({position.name} 1/2)")


def test_the_reading_sees_the_ladder_threat(whole: Game) -> None:
    """The reading behind the sets (``--read``), two plies deep where it is quick: before move 104, running
    on to (4, 12) keeps Red's three dots for now, and any other move, giving up included, lets Blue's
    reply take them."""
    ladder = next(p for p in POSITIONS if p.name == "ladder-104")
    values = {point: value for value, point in positions.read(ladder, plies=2, whole=whole)}
    now = positions.margin(positions.load(ladder, whole), Player.RED)
    assert values[(4, 12)] == now
    assert values[positions.ELSEWHERE] == now - 3
    assert max(value for point, value in values.items() if point != (4, 12)) == now - 3
