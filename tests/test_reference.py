"""Checks of the reference rules (tests/reference.py) against docs/RULES.md.

Every value and worked example of docs/RULES.md is here, for both colours and near
the edges, so that the reference can be trusted as the judge of the fast
engine. These tests need nothing from engine/.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.reference import (
    BLUE,
    CLASSIC,
    COUNTRIES,
    RED,
    E,
    N,
    Node,
    RefGame,
    RefIllegalMove,
    S,
    W,
    first_move_zone,
    other,
)

BOTH = pytest.mark.parametrize("me", [BLUE, RED], ids=["blue", "red"])


def filler_pool(game: RefGame) -> list[Node]:
    """Far-away nodes for "the other player plays far away".

    Every other node of every other row from the bottom up to row 9 (the
    shapes in these tests stay above row 8). No two of them are neighbours, so
    they form no walls and enclose nothing. The first legal one is taken, which
    also keeps classic first moves inside the central zone.
    """
    rows = range(game.height - 1, 8, -2)
    return [(x, y) for y in rows for x in range(0, game.width, 2)]


def play_far(game: RefGame) -> None:
    """The player to move plays a far-away node that changes nothing."""
    game.play(next(node for node in filler_pool(game) if game.is_legal(node)))


def play_alone(game: RefGame, me: int, dots: list[Node]) -> int:
    """Play ``dots`` in order for ``me``; the opponent answers far away in between.

    Returns how many moves were played in all.
    """
    played = 0
    for dot in dots:
        if game.to_move != me:
            play_far(game)
            played += 1
        game.play(dot)
        played += 1
    return played


def shift(dots: list[Node], dx: int, dy: int) -> list[Node]:
    return [(x + dx, y + dy) for x, y in dots]


TRIANGLE = [(2, 2), (3, 2), (3, 3)]
SQUARE = [(5, 5), (6, 5), (6, 6), (5, 6)]
DIAMOND = [(5, 4), (6, 5), (5, 6), (4, 5)]  # around the empty node (5, 5)
RING_OF_EIGHT = [(4, 4), (5, 4), (6, 4), (6, 5), (6, 6), (5, 6), (4, 6), (4, 5)]
RING_OF_TWELVE = [
    (4, 4), (5, 4), (6, 4), (7, 4), (7, 5), (7, 6),
    (7, 7), (6, 7), (5, 7), (4, 7), (4, 6), (4, 5),
]  # fmt: skip


# ----- geometry --------------------------------------------------------------


def test_quarters_touching_a_node() -> None:
    game = RefGame(5, 4)
    assert len(game.quarters_at((2, 2))) == 8
    assert len(game.quarters_at((0, 2))) == 4
    assert len(game.quarters_at((2, 0))) == 4
    assert len(game.quarters_at((0, 0))) == 2
    assert len(game.quarters_at((4, 3))) == 2
    assert len(game.quarters()) == 4 * 4 * 3


def test_every_quarter_edge_is_shared_both_ways() -> None:
    """Adjacency must be symmetric and cross the same wall from both sides."""
    game = RefGame(4, 3)
    for quarter in game.quarters():
        for wall, beyond in game.quarter_edges(quarter):
            if beyond is not None:
                assert (wall, quarter) in game.quarter_edges(beyond)


def test_outside_edges_are_exactly_the_board_border() -> None:
    game = RefGame(4, 3)
    outside = [
        (quarter, wall)
        for quarter in game.quarters()
        for wall, beyond in game.quarter_edges(quarter)
        if beyond is None
    ]
    # One quarter per unit segment of the border: 2 * (3 + 2) of them.
    assert len(outside) == 10
    for _, (a, b) in outside:
        assert (a[0] == b[0] in (0, 3)) or (a[1] == b[1] in (0, 2))


# ----- «Точки — страны»: values from the seed -----------------------------------


@BOTH
def test_triangle_is_half_a_cell(me: int) -> None:
    game = RefGame(12, 16)
    play_alone(game, me, TRIANGLE)
    assert game.score(me) == Fraction(1, 2)
    assert game.score(other(me)) == 0
    # The half cut off by the diagonal (2,2)-(3,3) is the N and E quarters.
    assert [game.top((2, 2, side)) for side in (N, E, S, W)] == [me, me, None, None]


@BOTH
@pytest.mark.parametrize("corner", [0, 1, 2, 3])
def test_every_triangle_of_a_cell_is_half(me: int, corner: int) -> None:
    cell = [(6, 6), (7, 6), (7, 7), (6, 7)]
    game = RefGame(12, 16)
    play_alone(game, me, cell[:corner] + cell[corner + 1 :])
    assert game.score(me) == Fraction(1, 2)


@BOTH
def test_triangle_leaves_the_fourth_corner_open(me: int) -> None:
    game = RefGame(12, 16)
    play_alone(game, me, TRIANGLE)
    if game.to_move == me:
        play_far(game)
    assert game.is_legal((2, 3))
    game.play((2, 3))
    assert game.dot_at((2, 3)) == other(me)
    assert not game.is_dead((2, 3))
    assert game.score(me) == Fraction(1, 2)
    assert game.score(other(me)) == 0


@BOTH
def test_fourth_corner_completes_the_cell(me: int) -> None:
    game = RefGame(12, 16)
    play_alone(game, me, TRIANGLE + [(2, 3)])
    assert game.score(me) == 1


@BOTH
def test_square_is_one_cell(me: int) -> None:
    game = RefGame(12, 16)
    play_alone(game, me, SQUARE)
    assert game.score(me) == 1
    assert game.score(other(me)) == 0


@BOTH
def test_diamond_is_two_cells(me: int) -> None:
    game = RefGame(12, 16)
    play_alone(game, me, DIAMOND)
    assert game.score(me) == 2
    # Inside a country: closed to the opponent and (Decision §2.1) to the owner.
    assert not game.is_legal((5, 5))
    if game.to_move != me:
        play_far(game)
    assert not game.is_legal((5, 5))


@BOTH
def test_ring_of_eight_is_four_cells(me: int) -> None:
    game = RefGame(12, 16)
    scores = []
    for dot in RING_OF_EIGHT:
        play_alone(game, me, [dot])
        scores.append(game.score(me))
    # The corner triangles (5,4)-(6,4)-(6,5) etc. count on their own first.
    assert scores == [0, 0, 0, Fraction(1, 2), Fraction(1, 2), 1, 1, 4]
    assert not game.is_legal((5, 5))


# ----- «Точки — страны»: worked examples ---------------------------------------


@BOTH
def test_takeover_of_a_square_by_a_ring_of_twelve(me: int) -> None:
    """docs/RULES.md §2: the square-takeover example, with either colour as the taker."""
    victim = other(me)
    game = RefGame(12, 16)
    play_alone(game, victim, SQUARE)
    assert game.score(victim) == 1
    play_alone(game, me, RING_OF_TWELVE)
    assert game.score(me) == 9
    assert game.score(victim) == 0
    for dot in SQUARE:
        assert game.dot_at(dot) == victim
        assert game.is_dead(dot)
    for dot in RING_OF_TWELVE:
        assert not game.is_dead(dot)
    # The victim's square is a layer at fade level 1 under the taker's layer.
    for quarter in game.quarters_of_cell((5, 5)):
        assert game.stack(quarter) == (victim, me)
    for quarter in game.quarters_of_cell((4, 4)):
        assert game.stack(quarter) == (me,)


@BOTH
def test_edge_example_encloses_nothing(me: int) -> None:
    game = RefGame(12, 16)
    play_alone(game, me, [(0, 2), (1, 1), (2, 0)])
    assert game.score(me) == 0
    assert game.is_legal((0, 0)) and game.is_legal((1, 0)) and game.is_legal((0, 1))


@BOTH
def test_open_shapes_at_other_edges_enclose_nothing(me: int) -> None:
    game = RefGame(10, 12)
    play_alone(game, me, [(9, 2), (8, 1), (7, 0)])
    play_alone(game, me, [(9, 5), (8, 6), (9, 7)])
    assert game.score(me) == 0


@BOTH
def test_own_walls_on_the_edge_do_enclose(me: int) -> None:
    """A wall lying on the border blocks leaving through it (only the bare edge is no wall)."""
    game = RefGame(12, 16)
    play_alone(game, me, [(0, 0), (1, 0), (0, 1)])
    assert game.score(me) == Fraction(1, 2)
    play_alone(game, me, [(1, 1)])
    assert game.score(me) == 1


@BOTH
def test_edge_notch_closes_only_with_the_edge_dot(me: int) -> None:
    game = RefGame(12, 16)
    play_alone(game, me, [(0, 3), (1, 4), (0, 5)])
    assert game.score(me) == 0
    play_alone(game, me, [(0, 4)])
    assert game.score(me) == 1


@BOTH
def test_diamond_touching_the_edge(me: int) -> None:
    game = RefGame(12, 16)
    play_alone(game, me, shift(DIAMOND, -4, -4))  # (1,0), (2,1), (1,2), (0,1)
    assert game.score(me) == 2
    assert not game.is_legal((1, 1))


@BOTH
@pytest.mark.parametrize("rules", [COUNTRIES, CLASSIC])
def test_edge_dot_is_never_captured(me: int, rules: str) -> None:
    game = RefGame(8, 12, rules)  # the first-move zone is the whole board
    play_alone(game, other(me), [(0, 5)])
    play_alone(game, me, [(0, 4), (1, 4), (1, 5), (1, 6), (0, 6)])
    assert not game.is_dead((0, 5))
    assert game.score(me) == (1 if rules == COUNTRIES else 0)
    assert game.score(other(me)) == 0


@BOTH
def test_takeover_revives_the_dots_of_the_new_owner(me: int) -> None:
    """docs/RULES.md §2.4 Decision: a dead dot inside its own player's top layer lives again."""
    foe = other(me)
    game = RefGame(12, 16)
    play_alone(game, foe, [(5, 5)])
    play_alone(game, me, DIAMOND)
    assert game.is_dead((5, 5))
    assert game.score(me) == 2
    big_diamond = [(5, 3), (6, 4), (7, 5), (6, 6), (5, 7), (4, 6), (3, 5), (4, 4)]
    play_alone(game, foe, big_diamond)
    assert game.score(foe) == 8
    assert game.score(me) == 0
    assert not game.is_dead((5, 5))
    assert all(game.is_dead(dot) for dot in DIAMOND)
    assert game.stack((5, 5, N)) == (me, foe)
    assert game.stack((5, 3, S)) == (foe,)


@BOTH
def test_dead_dots_form_no_walls(me: int) -> None:
    foe = other(me)
    game = RefGame(12, 16)
    play_alone(game, foe, SQUARE)
    play_alone(game, me, RING_OF_TWELVE)
    assert game.score(foe) == 0
    # The dead square cannot be the wall of anything any more.
    assert not game.is_wall(foe, ((5, 5), (6, 5)))
    assert game.enclosed_quarters(foe) == set()


def test_two_diagonals_of_different_players_cross_without_blocking() -> None:
    game = RefGame(12, 16)
    game.play((5, 5))  # Blue
    game.play((6, 5))  # Red
    game.play((6, 6))  # Blue: the diagonal (5,5)-(6,6)
    game.play((5, 6))  # Red: the crossing diagonal (6,5)-(5,6)
    assert game.is_wall(BLUE, ((5, 5), (6, 6)))
    assert game.is_wall(RED, ((6, 5), (5, 6)))
    assert game.score(BLUE) == 0 and game.score(RED) == 0


# ----- «Точки — страны»: legality and the end ----------------------------------


def test_illegal_moves_raise_a_value_error() -> None:
    game = RefGame(4, 4)
    game.play((1, 1))
    with pytest.raises(RefIllegalMove):
        game.play((1, 1))
    with pytest.raises(ValueError):
        game.play((4, 0))
    assert game.to_move == RED


def test_edge_moves_are_allowed() -> None:
    game = RefGame(4, 4)
    assert set(game.legal_moves()) == set(game.nodes())


def test_full_board_ends_the_game() -> None:
    game = RefGame(2, 2)
    for node in [(0, 0), (1, 1), (1, 0), (0, 1)]:
        assert not game.is_over
        game.play(node)
    assert game.is_over
    assert game.legal_moves() == []
    assert game.score(BLUE) == 0 and game.score(RED) == 0


def test_game_ends_when_the_player_to_move_has_nowhere_to_play() -> None:
    """An empty node inside a country is no place to play: with only it left, the game ends."""
    game = RefGame(3, 3)
    # Blue's diamond around the centre touches all four edges; Red takes corners.
    for node in [(1, 0), (0, 0), (2, 1), (2, 0), (1, 2), (0, 2), (0, 1)]:
        game.play(node)
    assert game.score(BLUE) == 2
    assert game.legal_moves() == [(2, 2)]
    game.play((2, 2))  # Red
    assert game.dot_at((1, 1)) is None
    assert game.legal_moves() == []
    assert game.is_over
    assert game.score(BLUE) == 2 and game.score(RED) == 0


def test_finish_ends_the_game() -> None:
    game = RefGame(5, 5)
    game.play((2, 2))
    game.finish()
    assert game.is_over
    assert not game.is_legal((0, 0))
    assert game.legal_moves() == []
    with pytest.raises(RefIllegalMove):
        game.play((0, 0))


# ----- undo and setup ------------------------------------------------------------


def observable(game: RefGame) -> tuple[object, ...]:
    nodes = game.nodes()
    return (
        game.to_move,
        tuple(game.dot_at(node) for node in nodes),
        tuple(game.is_dead(node) for node in nodes),
        tuple(game.stack(quarter) for quarter in game.quarters()),
        game.score(BLUE),
        game.score(RED),
        tuple(game.legal_moves()),
        game.is_over,
    )


@pytest.mark.parametrize("rules", [COUNTRIES, CLASSIC])
def test_undo_restores_every_state(rules: str) -> None:
    game = RefGame(12, 16, rules)
    start = observable(game)
    played = play_alone(game, RED, SQUARE)
    after_square = observable(game)
    played_ring = play_alone(game, BLUE, RING_OF_TWELVE)
    assert game.score(BLUE) == (9 if rules == COUNTRIES else 4)
    for _ in range(played_ring):
        game.undo()
    assert observable(game) == after_square
    for _ in range(played):
        game.undo()
    assert observable(game) == start
    with pytest.raises(IndexError):
        game.undo()


def test_undo_takes_back_stop_and_finish() -> None:
    game = RefGame(8, 8, CLASSIC)
    game.play((3, 3))
    game.stop()
    game.play((4, 4))
    game.finish()
    assert game.is_over
    game.undo()  # the finish
    assert not game.is_over and game.to_move == BLUE
    game.undo()  # Blue's lone move
    assert game.dot_at((4, 4)) is None and game.to_move == BLUE
    game.undo()  # the stop
    assert game.to_move == RED and game.alone is None
    game.undo()
    assert game.dot_at((3, 3)) is None
    with pytest.raises(IndexError):
        game.undo()


def test_undo_with_nothing_to_undo_raises_index_error() -> None:
    with pytest.raises(IndexError):
        RefGame(3, 3).undo()


@BOTH
def test_setup_dots_enclose_but_keep_the_turn(me: int) -> None:
    game = RefGame(12, 16)
    for dot in SQUARE:
        game.setup(me, dot)
    assert game.to_move == BLUE
    assert game.score(me) == 1
    with pytest.raises(IndexError):
        game.undo()


# ----- «Классика» -----------------------------------------------------------------

# Classic boards here are 12 x 15: the first-move zone is x 2..9, which holds
# the first dot of every shape, and play_far picks a legal far-away node.


@BOTH
def test_classic_capture(me: int) -> None:
    foe = other(me)
    game = RefGame(12, 15, CLASSIC)
    play_alone(game, foe, [(5, 5)])
    play_alone(game, me, DIAMOND)
    assert game.is_dead((5, 5))
    assert game.score(me) == 1
    assert game.score(foe) == 0
    assert all(game.top(q) == me for q in game.quarters_at((5, 5)))


@BOTH
def test_classic_surrounded_area_is_closed_to_both(me: int) -> None:
    foe = other(me)
    game = RefGame(12, 15, CLASSIC)
    play_alone(game, foe, [(5, 5)])
    play_alone(game, me, RING_OF_TWELVE)
    assert game.score(me) == 1
    for node in [(6, 5), (5, 6), (6, 6)]:
        assert game.dot_at(node) is None
        assert not game.is_legal(node)
    if game.to_move == me:
        play_far(game)
    assert not game.is_legal((6, 6))


@BOTH
def test_classic_empty_enclosure_is_a_free_area(me: int) -> None:
    foe = other(me)
    game = RefGame(12, 15, CLASSIC)
    play_alone(game, me, DIAMOND)
    assert game.score(me) == 0
    assert all(game.top(q) is None for q in game.quarters())
    assert game.is_legal((5, 5))  # the opponent may play into a free area
    game.play((5, 5))
    assert game.dot_at((5, 5)) == foe
    assert not game.is_dead((5, 5))  # not at the opponent's own move
    play_far(game)  # the owner's next move, anywhere
    assert game.is_dead((5, 5))
    assert game.score(me) == 1
    assert all(game.top(q) == me for q in game.quarters_at((5, 5)))


@BOTH
def test_classic_owner_may_play_into_own_free_area(me: int) -> None:
    game = RefGame(12, 15, CLASSIC)
    play_alone(game, me, DIAMOND)
    play_alone(game, me, [(5, 5)])
    assert game.score(me) == 0
    assert not game.is_dead((5, 5))


@BOTH
def test_classic_rule_four_exception(me: int) -> None:
    """The dot put into a free area that itself captures the area's border is not captured."""
    foe = other(me)
    game = RefGame(12, 15, CLASSIC)
    play_alone(game, me, DIAMOND)  # free area around (5, 5)
    # The foe's diamond around my (5, 4), all but its last corner (5, 5).
    play_alone(game, foe, [(5, 3), (6, 4), (4, 4)])
    assert game.score(me) == 0 and game.score(foe) == 0
    play_alone(game, foe, [(5, 5)])  # crosses my diagonals, closes around (5, 4)
    assert game.is_dead((5, 4))
    assert game.score(foe) == 1
    play_far(game)  # my next move does not capture (5, 5) any more
    assert not game.is_dead((5, 5))
    assert game.score(me) == 0
    assert game.score(foe) == 1


@BOTH
def test_classic_takeover_cancels_the_earlier_captures(me: int) -> None:
    """Official comment 2: captures inside an area that is taken over no longer count."""
    foe = other(me)
    game = RefGame(12, 15, CLASSIC)
    play_alone(game, foe, [(3, 3)])
    play_alone(game, me, shift(DIAMOND, -2, -2))  # around (3, 3)
    assert game.score(me) == 1
    big_diamond = [(3, 1), (4, 2), (5, 3), (4, 4), (3, 5), (2, 4), (1, 3), (2, 2)]
    play_alone(game, foe, big_diamond)
    assert game.score(me) == 0
    assert game.score(foe) == 4
    assert not game.is_dead((3, 3))


@BOTH
def test_classic_score_counts_dots_not_area(me: int) -> None:
    foe = other(me)
    game = RefGame(12, 15, CLASSIC)
    play_alone(game, foe, [(5, 5), (6, 6)])
    play_alone(game, me, RING_OF_TWELVE)
    assert game.score(me) == 2
    assert game.score(foe) == 0


def test_first_move_zone_on_the_default_board() -> None:
    zone = {(x, y) for x in range(15, 23) for y in range(8, 23)}
    assert first_move_zone(38, 31) == zone
    game = RefGame(38, 31, CLASSIC)
    assert set(game.legal_moves()) == zone
    game.play((15, 8))
    assert set(game.legal_moves()) == zone - {(15, 8)}
    assert not game.is_legal((14, 8)) and not game.is_legal((23, 22))
    game.play((22, 22))
    assert len(game.legal_moves()) == 38 * 31 - 2
    assert game.is_legal((0, 0))


def test_first_move_zone_on_small_and_odd_boards() -> None:
    assert first_move_zone(5, 5) == {(x, y) for x in range(5) for y in range(5)}
    assert first_move_zone(10, 20) == {(x, y) for x in range(1, 9) for y in range(2, 17)}
    assert first_move_zone(9, 16) == {(x, y) for x in range(8) for y in range(15)}


def test_first_move_zone_comes_back_with_undo() -> None:
    game = RefGame(38, 31, CLASSIC)
    game.play((18, 15))
    game.undo()
    assert not game.is_legal((0, 0))


def test_first_move_zone_is_off_with_setup_dots_and_in_countries() -> None:
    game = RefGame(38, 31, CLASSIC)
    game.setup(BLUE, (18, 15))
    assert game.is_legal((0, 0))
    assert len(RefGame(38, 31, COUNTRIES).legal_moves()) == 38 * 31


def test_first_move_zone_holds_for_the_second_player_too() -> None:
    game = RefGame(20, 20, CLASSIC)
    zone = first_move_zone(20, 20)
    game.play(min(zone))
    assert set(game.legal_moves()) == zone - {min(zone)}


def test_classic_stop_lets_the_other_player_move_alone() -> None:
    game = RefGame(8, 8, CLASSIC)
    game.play((3, 3))  # Blue
    game.stop()  # Red stops
    assert game.to_move == BLUE
    game.play((5, 5))
    assert game.to_move == BLUE
    game.play((6, 6))
    assert game.to_move == BLUE
    assert game.dot_at((6, 6)) == BLUE
    with pytest.raises(RefIllegalMove):
        game.stop()


def test_stop_is_not_a_countries_rule() -> None:
    with pytest.raises(RefIllegalMove):
        RefGame(5, 5, COUNTRIES).stop()


def test_stopped_player_is_surrounded_alone() -> None:
    game = RefGame(8, 12, CLASSIC)
    game.play((5, 5))  # Blue
    game.play((0, 11))  # Red
    game.stop()  # Blue stops: Red now moves alone and Blue never answers
    assert game.to_move == RED
    for dot in RING_OF_EIGHT:
        game.play(dot)
    assert game.to_move == RED
    assert game.is_dead((5, 5))
    assert game.score(RED) == 1


def test_players_accept_engine_style_enums() -> None:
    import enum

    class Player(enum.Enum):
        BLUE = "blue"
        RED = "red"

    game = RefGame(12, 16)
    play_alone(game, BLUE, SQUARE)
    assert game.score(Player.BLUE) == 1
    assert game.score(Player.RED) == 0


def test_sides_are_distinct() -> None:
    assert len({N, E, S, W}) == 4
