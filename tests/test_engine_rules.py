"""The engine against every value and worked example of docs/RULES.md, for both colours and near edges."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import Game, IllegalMove, Player, Rules, format_score

BLUE, RED = Player.BLUE, Player.RED


def shift(points, dx=0, dy=0):
    return [(x + dx, y + dy) for x, y in points]


def play_alone(game: Game, player: Player, points, filler) -> None:
    """Play ``points`` for ``player`` in order; the other side plays the filler nodes."""
    filler = list(filler)
    for p in points:
        if game.to_move is not player:
            game.play(filler.pop(0))
        game.play(p)


def far_corner(width: int, height: int) -> list[tuple[int, int]]:
    """Filler moves spread along the bottom row, far from the shapes under test."""
    return [(x, y) for y in (height - 1, height - 3) for x in range(0, width, 2)]


SHAPES = {
    "triangle": ([(4, 4), (5, 4), (5, 5)], Fraction(1, 2)),
    "square": ([(4, 4), (5, 4), (5, 5), (4, 5)], Fraction(1)),
    "diamond": ([(5, 4), (6, 5), (5, 6), (4, 5)], Fraction(2)),
    "ring": ([(4, 4), (5, 4), (6, 4), (6, 5), (6, 6), (5, 6), (4, 6), (4, 5)], Fraction(4)),
}


@pytest.mark.parametrize("player", [BLUE, RED])
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("where", ["middle", "top edge", "left edge"])
def test_values_of_the_four_shapes(player: Player, shape: str, where: str) -> None:
    dots, value = SHAPES[shape]
    # Slide the shape until it touches the edge: the edge is not a wall, but a wall
    # along the edge still closes a shape whose dots stand on it.
    if where == "top edge":
        dots = shift(dots, dy=-min(y for _, y in dots))
    elif where == "left edge":
        dots = shift(dots, dx=-min(x for x, _ in dots))
    game = Game(12, 12)
    if player is RED:
        game.play((11, 0))
    play_alone(game, player, dots, far_corner(12, 12))
    assert game.score(player) == value
    assert game.score(player.other) == 0
    assert sum(layer.area for layer in game.layers) == value
    for layer in game.layers:
        assert layer.owner is player and layer.fade == 0


def test_half_cell_then_whole_cell_and_the_open_half() -> None:
    game = Game(8, 8)
    play_alone(game, BLUE, [(2, 2), (3, 2), (3, 3)], [(7, 7), (5, 7), (3, 7)])
    assert game.score(BLUE) == Fraction(1, 2)
    assert game.to_move is RED
    assert game.is_legal((2, 3)), "the corner of the open half is not inside the half cell"
    game.play((7, 5))
    game.play((2, 3))
    assert game.score(BLUE) == 1
    assert [layer.area for layer in game.layers] == [Fraction(1, 2), Fraction(1, 2)]


def test_takeover_of_a_whole_country() -> None:
    game = Game(12, 12)
    red = [(5, 5), (6, 5), (6, 6), (5, 6)]
    ring = [(4, 4), (5, 4), (6, 4), (7, 4), (7, 5), (7, 6), (7, 7), (6, 7), (5, 7), (4, 7), (4, 6), (4, 5)]
    blue_far = [(0, 11), (2, 11), (4, 11), (6, 11)]
    red_far = [(11, 0), (11, 2), (11, 4), (11, 6), (11, 8), (11, 10), (9, 0), (9, 2), (9, 4), (9, 6), (9, 8)]
    for r in red:
        game.play(blue_far.pop(0))
        game.play(r)
    assert game.score(RED) == 1
    for i, b in enumerate(ring):
        game.play(b)
        if i < len(ring) - 1:
            game.play(red_far.pop(0))
    assert game.score(BLUE) == 9
    assert game.score(RED) == 0
    assert all(game.is_dead(r) and game.dot_at(r) is RED for r in red)
    red_layers = [layer for layer in game.layers if layer.owner is RED]
    assert red_layers and all(layer.fade == 1 for layer in red_layers)
    assert sum(layer.area for layer in red_layers) == 1
    assert not any(game.is_dead(b) for b in ring)
    assert game.is_legal((8, 8)), "outside the ring stays open"
    with pytest.raises(IllegalMove):
        game.play((5, 5))  # taken
    undo_all(game)


def undo_all(game: Game) -> None:
    """Undo every action and check the board is empty again."""
    while game.history:
        game.undo()
    assert not list(game.dots())
    assert game.layers == ()
    assert game.score(BLUE) == game.score(RED) == 0
    assert len(game.legal_moves()) == game.width * game.height


def test_touching_the_edge_encloses_nothing() -> None:
    game = Game(8, 8)
    play_alone(game, BLUE, [(0, 2), (1, 1), (2, 0)], [(7, 7), (5, 7), (3, 7)])
    assert game.score(BLUE) == 0
    assert game.is_legal((0, 0)) and game.is_legal((1, 0)) and game.is_legal((0, 1))


def test_no_move_inside_any_country_own_or_foreign() -> None:
    game = Game(9, 9)
    ring = SHAPES["diamond"][0]
    play_alone(game, BLUE, ring, [(0, 8), (2, 8), (4, 8), (6, 8)])
    assert game.to_move is RED
    assert not game.is_legal((5, 5))
    with pytest.raises(IllegalMove, match="inside a country"):
        game.play((5, 5))
    game.play((8, 0))
    with pytest.raises(IllegalMove):
        game.play((5, 5))
    assert (5, 5) not in game.legal_moves()
    assert game.owner_at((5, 5)) is BLUE


def test_revival_of_own_dots_inside_retaken_territory() -> None:
    # Red makes a diamond around Blue's dot, Blue then rings the whole diamond.
    game = Game(13, 13)
    game.play((6, 6))                      # blue dot that Red will cross out
    red = [(6, 5), (7, 6), (6, 7), (5, 6)]
    ring = [(6, 3), (7, 4), (8, 5), (9, 6), (8, 7), (7, 8), (6, 9), (5, 8), (4, 7), (3, 6), (4, 5), (5, 4)]
    red_far = [(12, 0), (12, 2), (12, 4), (12, 6), (12, 8), (12, 10), (10, 0), (10, 12), (0, 0), (0, 2), (0, 4)]
    game.play(red[0])
    for r in red[1:]:
        game.play((0, 12 - 2 * red.index(r)))
        game.play(r)
    assert game.is_dead((6, 6)) and game.score(RED) == 2
    for b in ring:
        game.play(b)
        if game.to_move is RED and b != ring[-1]:
            game.play(red_far.pop(0))
    assert game.owner_at((6, 4)) is BLUE
    assert not game.is_dead((6, 6)), "Blue's dot is inside Blue's country again"
    assert all(game.is_dead(r) for r in red)
    assert game.score(RED) == 0
    undo_all(game)


# ----- classic --------------------------------------------------------------------


def classic(width=12, height=12) -> Game:
    # Setup dots lift the first-move zone, which these small scenes do not need.
    return Game(width, height, Rules.CLASSIC, setup=[(BLUE, (0, height - 1)), (RED, (width - 1, height - 1))])


DIAMOND_AROUND = [(5, 4), (6, 5), (5, 6), (4, 5)]


@pytest.mark.parametrize("player", [BLUE, RED])
def test_classic_capture_scores_dots(player: Player) -> None:
    game = classic()
    if player is RED:
        game.play((0, 0))
    game.play((9, 0))  # the capturer's opening, away from the scene
    game.play((5, 5))  # the victim's dot in the middle
    play_alone(game, player, DIAMOND_AROUND, [(1, 0), (3, 0), (5, 0), (7, 0)])
    assert game.is_dead((5, 5))
    assert game.score(player) == 1 and game.score(player.other) == 0
    assert game.layers[-1].owner is player and game.layers[-1].area == 2
    assert not game.is_legal((5, 5)) and game.dot_at((5, 5)) is player.other


def test_classic_free_area_is_open_then_captured_at_owners_next_move_anywhere() -> None:
    game = classic()
    play_alone(game, BLUE, DIAMOND_AROUND, [(11, 0), (11, 2), (11, 4)])
    assert game.score(BLUE) == 0 and game.layers == ()
    assert [area.area for area in game.free_areas(BLUE)] == [2]
    assert game.to_move is RED and game.is_legal((5, 5)), "a free area is open to both"
    game.play((5, 5))
    assert not game.is_dead((5, 5))
    game.play((0, 0))  # anywhere
    assert game.is_dead((5, 5)) and game.score(BLUE) == 1
    assert game.free_areas(BLUE) == []
    game.undo()
    assert not game.is_dead((5, 5)) and game.score(BLUE) == 0


def test_classic_rule_4_the_intruder_that_closes_its_own_loop_is_safe() -> None:
    # Blue's free area: a diamond around (5,5) with its west corner (4,5).
    # Red surrounds Blue's (4,5) with a diamond whose last dot, (5,5), stands in the free area.
    game = classic(12, 12)
    blue = [(5, 4), (6, 5), (5, 6), (4, 5)]
    red = [(4, 4), (3, 5), (4, 6)]
    for b, r in zip(blue, red + [(11, 0)], strict=True):
        game.play(b)
        game.play(r)
    assert game.free_areas(BLUE)
    assert game.to_move is BLUE
    game.play((0, 0))
    game.play((5, 5))  # closes Red's diamond around Blue's (4,5), inside Blue's free area
    assert game.is_dead((4, 5)) and game.score(RED) == 1
    game.play((1, 0))
    assert not game.is_dead((5, 5)), "official rule 4: the intruder completed a capture"
    assert game.score(BLUE) == 0


def test_classic_edge_dots_are_never_captured() -> None:
    game = classic(10, 10)
    game.play((4, 0))  # blue on the top edge
    play_alone(game, RED, [(3, 0), (3, 1), (4, 1), (5, 1), (5, 0)], [(8, 8), (6, 8), (4, 8), (2, 8)])
    assert not game.is_dead((4, 0))
    assert game.score(RED) == 0


def test_classic_first_move_zone_on_the_standard_board() -> None:
    game = Game(38, 31, Rules.CLASSIC)
    assert game.first_move_zone == (15, 8, 8, 15)
    moves = set(game.legal_moves())
    assert moves == {(x, y) for x in range(15, 23) for y in range(8, 23)}
    with pytest.raises(IllegalMove, match="zone"):
        game.play((0, 0))
    game.play((15, 8))
    assert game.first_move_zone == (15, 8, 8, 15)  # Red's first move too
    assert not game.is_legal((14, 8))
    game.play((22, 22))
    assert game.first_move_zone is None and game.is_legal((0, 0))
    assert Game(5, 5, Rules.CLASSIC).first_move_zone == (0, 0, 5, 5)


def test_classic_stop_lets_the_other_player_move_alone() -> None:
    game = classic()
    game.play((5, 5))
    game.stop()  # Red stops; Blue moves alone
    assert game.stopped_by is RED and game.to_move is BLUE
    game.play((5, 6))
    game.play((5, 7))
    assert game.to_move is BLUE
    with pytest.raises(IllegalMove):
        game.stop()
    game.finish()
    assert game.is_over and game.legal_moves() == []
    game.undo()
    assert not game.is_over
    game.undo()
    game.undo()
    game.undo()
    assert game.stopped_by is None and game.to_move is RED


def test_stop_is_classic_only() -> None:
    with pytest.raises(IllegalMove):
        Game(5, 5).stop()


# ----- end, undo, errors, display helpers --------------------------------------


def test_game_ends_when_the_player_to_move_has_nowhere_to_play() -> None:
    game = Game(2, 2)
    for p in [(0, 0), (1, 0), (1, 1), (0, 1)]:
        assert not game.is_over
        game.play(p)
    assert game.is_over and game.legal_moves() == []
    assert game.winner is None


def test_finish_counts_and_names_the_winner() -> None:
    game = Game(8, 8)
    play_alone(game, RED, [(2, 2), (3, 2), (3, 3)], [(7, 7), (5, 7), (3, 7), (1, 7)])
    game.finish()
    assert game.is_over and game.winner is RED
    with pytest.raises(IllegalMove, match="over"):
        game.play((0, 0))


def test_bad_points_raise_illegal_move() -> None:
    game = Game(5, 5)
    for bad in [(5, 0), (-1, 2), (0, 5), "a1", (1.0, 2), None, (1, 2, 3)]:
        with pytest.raises(IllegalMove):
            game.play(bad)  # type: ignore[arg-type]
        assert not game.is_legal(bad)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        game.undo()
    with pytest.raises(ValueError):
        Game(0, 5)
    with pytest.raises(ValueError):
        Game(53, 5)


def test_layer_outline_and_triangles_describe_the_region() -> None:
    game = Game(9, 9)
    ring = SHAPES["ring"][0]
    play_alone(game, BLUE, ring, far_corner(9, 9))
    big = max(game.layers, key=lambda layer: layer.area)
    nodes = {p for polygon in big.outline for p in polygon}
    assert nodes <= set(ring)
    total = Fraction(0)
    for a, b, c in (t for layer in game.layers for t in layer.triangles):
        total += Fraction(abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]))).limit_denominator() / 2
    assert total == 4
    assert game.layers[-1].move == game.move_count - 1


def test_copy_is_independent_and_equal() -> None:
    game = Game(9, 9, Rules.CLASSIC, setup=[(BLUE, (4, 4))])
    for p in [(3, 3), (5, 5), (3, 4), (0, 0)]:
        game.play(p)
    twin = game.copy()
    assert list(twin.dots()) == list(game.dots()) and twin.to_move is game.to_move
    twin.play((1, 1))
    assert game.dot_at((1, 1)) is None


@pytest.mark.parametrize("value, text", [(0, "0"), (Fraction(1, 2), "½"), (4, "4"), (Fraction(9, 2), "4½"),
                                         (Fraction(-1, 2), "−½")])
def test_format_score(value, text) -> None:
    assert format_score(value) == text
