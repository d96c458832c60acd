"""The move report says exactly what a move changed, checked against a slow diff of the position.

The diff looks only at the public surface before and after an action: which
layers exist (by identity), which layer is on top of each quarter, which dots
are crossed out, and both scores. Undo must hand back the very same report.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, ActionKind, Game, IllegalMove, Layer, MoveReport, Player, Rules

BLUE, RED = Player.BLUE, Player.RED


class Position:
    """What the public surface shows of a game at one moment."""

    def __init__(self, game: Game) -> None:
        self.layers = game.layers
        self.top: dict[tuple[int, int, int], Layer] = {}
        for layer in self.layers:  # oldest first, so the last one over a quarter is its top
            for q in layer.cell_quarters:
                self.top[q] = layer
        self.dead = {point for point, _, crossed in game.dots() if crossed}
        self.units = (game.score_units(BLUE), game.score_units(RED))
        self.scores = (game.score(BLUE), game.score(RED))
        self.to_move = game.to_move
        self.free = frozenset((region.owner, region.quarters) for player in (BLUE, RED)
                              for region in game.free_areas(player))


def expected_report(action: Action, before: Position, after: Position) -> tuple:
    """The report's fields as the slow diff sees them."""
    old = {id(layer) for layer in before.layers}
    laid = tuple(layer for layer in after.layers if id(layer) not in old)
    new = {id(layer) for layer in laid}
    covered: list[Layer] = []
    for q, layer in after.top.items():
        under = before.top.get(q)
        if id(layer) in new and under is not None and id(under) not in new and under not in covered:
            covered.append(under)
    return (action, {id(x) for x in laid}, {id(x) for x in covered}, after.dead - before.dead,
            before.dead - after.dead, after.units[0] - before.units[0], after.units[1] - before.units[1])


def fields(report: MoveReport) -> tuple:
    return (report.action, {id(x) for x in report.laid}, {id(x) for x in report.covered},
            set(report.crossed_out), set(report.revived), report.blue_units, report.red_units)


def check_action(game: Game, do: Callable[[], MoveReport]) -> MoveReport:
    before = Position(game)
    report = do()
    after = Position(game)
    assert fields(report) == expected_report(report.action, before, after)
    assert [layer.owner for layer in report.laid] == [report.action.player] * len(report.laid)
    if after.free != before.free:  # a view redraws classic free areas only when told
        assert report.free_areas_changed
    for player in (BLUE, RED):
        # The units and the fractions are the same change.
        assert report.score_change(player) == game.score(player) - before.scores[player - 1]
        assert game.score(player) == game.score_units(player) * game.rules.unit
    return report


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(list(Rules)),
       width=st.integers(3, 11), height=st.integers(3, 11), swaps=st.booleans())
def test_report_equals_a_slow_diff_and_undo_gives_it_back(seed: int, rules: Rules, width: int, height: int,
                                                          swaps: bool) -> None:
    rng = random.Random(seed)
    game = Game(width, height, rules, zone=False)
    reports: list[tuple[MoveReport, Position]] = []
    while not game.is_over:
        point = game.random_move(rng)
        assert point is not None
        # Sometimes the other side moves (as a search's null move or a record does).
        player = game.to_move.other if swaps and game.stopped_by is None and rng.random() < 0.2 else None
        before = Position(game)
        reports.append((check_action(game, lambda p=point, who=player: game.play(p, player=who)), before))
        if rules is Rules.CLASSIC and game.stopped_by is None and not game.is_over and rng.random() < 0.02:
            before = Position(game)
            reports.append((check_action(game, game.stop), before))
        if rng.random() < 0.1 and reports:  # take back a few now and then, then go on
            for _ in range(rng.randint(1, min(3, len(reports)))):
                report, before = reports.pop()
                after_undo = game.undo()
                assert after_undo == report
                now = Position(game)
                assert now.top == before.top and now.dead == before.dead and now.units == before.units
                assert now.to_move == before.to_move
    while reports:
        report, _ = reports.pop()
        assert game.undo() == report
    assert not game.layers and game.move_count == 0


def test_takeover_report_names_the_covered_country() -> None:
    # Blue's half cell (2,2)-(3,2)-(3,3), then Red rings all of it from outside.
    game = Game(8, 8)
    blue = [(2, 2), (3, 2), (3, 3)]
    red = [(2, 1), (3, 1), (4, 2), (4, 3), (3, 4), (2, 3), (1, 2)]
    first = None
    for b, r in zip(blue, red, strict=False):  # Red rings on alone after Blue's three
        report = game.play(b)
        first = first or (report if report.laid else None)
        game.play(r)
    assert first is not None and len(first.laid) == 1
    country = first.laid[0]
    moves = red[len(blue):]
    last = None
    for r in moves:
        game.play((7, 7 - moves.index(r)))
        last = game.play(r)
    assert last is not None
    assert country in last.covered and last.takeover
    assert last.laid[0].owner is RED and country.fade == 1
    assert last.units(BLUE) < 0 < last.units(RED)


def test_stop_finish_and_refusals_report_nothing_changed() -> None:
    game = Game(9, 9, Rules.CLASSIC)
    game.play((4, 4))
    stop = game.stop()
    assert stop.action == Action(ActionKind.STOP, RED) and not stop.laid and stop.blue_units == 0
    assert game.to_move is BLUE
    with pytest.raises(IllegalMove):
        game.play((5, 5), player=RED)  # Red stopped: it moves no more, whoever asks
    finish = game.finish()
    assert finish is not None and finish.action.kind is ActionKind.FINISH
    assert game.finish() is None  # already finished: nothing happened
    assert game.undo() == finish and game.undo() == stop and game.to_move is RED


def test_a_move_for_the_other_side_and_its_undo_restore_the_turn() -> None:
    game = Game(5, 5)
    game.play((1, 1))
    version = game.version
    game.play((2, 2), player=BLUE)  # Blue twice in a row: a search's null move
    assert game.to_move is RED and game.version == version + 1
    game.undo()
    assert game.to_move is RED and game.dot_at((2, 2)) is None and game.version == version + 2


@pytest.mark.parametrize("bad", [(True, False), b"\x01\x04", {5: 0, 4: 0}, (1.0, 2), (1, 2, 3), "ab", None])
def test_points_are_pairs_of_whole_numbers(bad: object) -> None:
    game = Game(6, 6)
    with pytest.raises(IllegalMove):
        game.play(bad)  # type: ignore[arg-type]
    assert not game.is_legal(bad)  # type: ignore[arg-type]
    assert game.move_count == 0


@pytest.mark.parametrize("size", [(True, 2), (2, False), (2.0, 3), ("5", 5)])
def test_board_sizes_are_whole_numbers(size: tuple) -> None:
    with pytest.raises(ValueError):
        Game(*size)


@pytest.mark.parametrize("who", [True, 1.0, "1", 3, None])
def test_a_player_is_a_player(who: object) -> None:
    game = Game(6, 6)
    if who is None:
        game.play((1, 1), player=None)  # None means the player to move
        return
    with pytest.raises(ValueError):
        game.play((1, 1), player=who)  # type: ignore[arg-type]


def test_from_actions_rebuilds_and_refuses_a_stopper_to_move() -> None:
    game = Game(9, 9, Rules.CLASSIC, zone=False)
    rng = random.Random(5)
    for _ in range(12):
        point = game.random_move(rng)
        assert point is not None
        game.play(point)
    game.stop()
    twin = Game.from_actions(9, 9, Rules.CLASSIC, zone=False, actions=game.history, to_move=game.to_move)
    assert twin.history == game.history and twin.to_move == game.to_move and twin.stopped_by == game.stopped_by
    assert Position(twin).top.keys() == Position(game).top.keys()
    with pytest.raises(IllegalMove):
        Game.from_actions(9, 9, Rules.CLASSIC, zone=False, actions=game.history, to_move=game.stopped_by)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(list(Rules)), zone=st.booleans(),
       width=st.integers(2, 9), height=st.integers(2, 9))
def test_every_reachable_state_agrees_with_itself(seed: int, rules: Rules, zone: bool, width: int,
                                                  height: int) -> None:
    """Whatever mix of moves for either side, Stop, turn passing and undo: the legal moves are
    exactly the nodes ``is_legal`` accepts, their count agrees, and the game is over when there are none."""
    rng = random.Random(seed)
    game = Game(width, height, rules, zone=zone)
    nodes = [(x, y) for y in range(height) for x in range(width)]
    for _ in range(width * height + 10):
        moves = game.legal_moves()
        assert sorted(moves) == sorted(p for p in nodes if game.is_legal(p))
        assert game.legal_count == len(moves) and game.is_over == (not moves or game.finished)
        assert game.stopped_by is not game.to_move
        roll = rng.random()
        if roll < 0.05 and game.history:
            game.undo()
        elif roll < 0.08 and rules is Rules.CLASSIC and game.stopped_by is None and not game.is_over:
            game.stop()
        elif roll < 0.12:
            try:
                game.pass_to(game.to_move.other)
            except IllegalMove:
                assert game.stopped_by is game.to_move.other
        elif moves:
            game.play(rng.choice(moves))
        else:
            break


def test_refusals_name_their_reason() -> None:
    from engine import Refusal

    game = Game(20, 20, Rules.CLASSIC)
    assert game.refusal((0, 0)) is Refusal.ZONE  # a first move outside the central zone
    game.play((10, 10))
    assert game.refusal((10, 10)) is Refusal.TAKEN and game.refusal((-1, 0)) is Refusal.NOT_A_NODE
    with pytest.raises(IllegalMove) as caught:
        game.play((10, 10))
    assert caught.value.refusal is Refusal.TAKEN
    ring = Game(7, 7)
    for p in [(3, 2), (0, 0), (4, 3), (6, 0), (3, 4), (0, 6), (2, 3)]:
        ring.play(p)
    assert ring.refusal((3, 3)) is Refusal.INSIDE and ring.owner_at((3, 3)) is BLUE
    stopped = Game(9, 9, Rules.CLASSIC)
    stopped.play((4, 4))
    stopped.stop()
    with pytest.raises(IllegalMove) as caught:
        stopped.play((4, 5), player=RED)
    assert caught.value.refusal is Refusal.STOPPED
    stopped.finish()
    assert stopped.refusal((1, 1)) is Refusal.OVER


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(list(Rules)), every=st.integers(1, 7))
def test_a_follower_of_changes_since_sees_the_position(seed: int, rules: Rules, every: int) -> None:
    """A view that reads only ``changes_since`` now and then keeps the layers and dots the game has."""
    rng = random.Random(seed)
    game = Game(9, 8, rules, zone=False)
    seen, layers, dots = game.version, [], {}
    for step in range(120):
        roll = rng.random()
        if roll < 0.25 and game.history:
            game.undo()
        elif roll < 0.28:
            with contextlib.suppress(IllegalMove):  # refused to the player who pressed Stop: play goes on
                game.pass_to(game.to_move.other)
        elif not game.is_over:
            game.play(game.random_move(rng))  # type: ignore[arg-type]
        if step % every:
            continue
        changes = game.changes_since(seen)
        assert changes is not None
        for report, undone in changes:
            if report is None or report.action.point is None:
                continue
            point = report.action.point
            if undone:
                del layers[len(layers) - len(report.laid):]
                dots.pop(point)
                dots.update({p: True for p in report.crossed_out})  # taken back: alive again
                dots.update({p: False for p in report.revived})
            else:
                layers.extend(report.laid)
                dots[point] = True
                dots.update({p: False for p in report.crossed_out})
                dots.update({p: True for p in report.revived})
        seen = game.version
        assert layers == list(game.layers)
        assert dots == {p: not crossed for p, _, crossed in game.dots()}
    assert game.changes_since(game.version) == []
    assert game.changes_since(game.version + 1) is None
