"""The engine's calls at their edges (issue 21): who finished a game survives a copy, a replay and a
save; a player or an action that is none is named in a ValueError or TypeError, never read as some
other player or taken for a Finish."""

from __future__ import annotations

import pytest

from engine import Action, ActionKind, Game, Player, Rules, sgf

# ----- Finish keeps who pressed it -------------------------------------------------------------------------------


def test_a_record_finished_by_red_copies_replays_and_saves_as_read() -> None:
    game = sgf.loads("(;GM[40]SZ[9]FINISH[W])")
    assert game.history == (Action(ActionKind.FINISH, Player.RED),) and game.finished
    rebuilt = Game.from_actions(9, 9, game.rules, zone=game.zone_rule, actions=game.history, to_move=game.to_move)
    for twin in (game.copy(), rebuilt):
        assert (twin.history, twin.to_move, twin.finished) == (game.history, game.to_move, True)
        assert sgf.dumps(twin) == sgf.dumps(game)
    assert sgf.loads(sgf.dumps(game.copy())).history == game.history


def test_apply_finishes_for_the_player_it_names_and_leaves_the_turn() -> None:
    game = Game(9, 9)
    game.play((4, 4))
    game.play((5, 5))
    report = game.apply(Action(ActionKind.FINISH, Player.RED))  # Red finishes on Blue's turn
    assert report is not None and report.action.player is Player.RED
    assert game.to_move is Player.BLUE and game.history[-1].player is Player.RED
    again = sgf.loads(sgf.dumps(game))
    assert (again.history, again.to_move) == (game.history, game.to_move)
    game.undo()
    assert not game.finished and game.to_move is Player.BLUE


# ----- arguments that are none ------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", list(Rules))
@pytest.mark.parametrize("player", [-1, 0, 3, None, "1", True, 1.0])
def test_a_score_of_no_player_is_a_value_error_naming_the_player(rules: Rules, player: object) -> None:
    game = Game(6, 6, rules)
    with pytest.raises(ValueError, match="player"):
        game.score(player)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player"):
        game.score_units(player)  # type: ignore[arg-type]


def test_a_score_by_a_player_s_code_is_that_player_s() -> None:
    game = Game(6, 6)
    for point in [(2, 2), (0, 0), (3, 2), (5, 0), (3, 3), (0, 5), (2, 3)]:
        game.play(point)
    assert game.score(1) == game.score(Player.BLUE) > 0  # type: ignore[arg-type]
    assert game.score(2) == game.score(Player.RED) == 0  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [None, "finish", ("move", Player.BLUE, (1, 1))])
def test_apply_of_what_is_no_action_is_a_type_error_naming_it(action: object) -> None:
    game = Game(5, 5)
    with pytest.raises(TypeError, match="action"):
        game.apply(action)  # type: ignore[arg-type]
    assert game.history == () and not game.finished


def test_apply_of_an_action_of_no_kind_is_a_value_error_not_a_finish() -> None:
    game = Game(5, 5)
    with pytest.raises(ValueError, match=r"action\.kind"):
        game.apply(Action("finish", Player.BLUE))  # type: ignore[arg-type]
    assert not game.finished
