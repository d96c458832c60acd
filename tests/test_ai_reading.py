"""The tactics suite of forcing lines: ladders that work and fail, nets to play and to avoid,
and moves from master-v1's own games that lost by force.

Each case is a picture built by real moves (``test_ai_tactics.build``) or a game's
moves, and says what the reader must find and what the master must or must not
play, within its time budget. Claims that a line wins are proved here, not taken from the reader:
``forces`` lets the attacker follow the reader's advice but tries *every* legal
answer of the defender at every step, so a forced gain is forced indeed.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from ai import choose_move
from ai.board import Board
from ai.reading import Reader
from ai.search import Master, _Reading
from engine import Game, Player, Rules
from tests.test_ai_tactics import Proof, best_gain, best_reply_gain, build, forced_loss

pytestmark = pytest.mark.usefixtures("ai_counts_work")  # seeded searches decided by work, not by the clock

SECONDS = 1.0
"""The master's budget in these cases: about what it has on a small board in the game."""

DEPTH = 6


def margin(game: Game, p: Player) -> Fraction:
    return game.score(p) - game.score(p.other)


def node(game: Game, v: int) -> tuple[int, int]:
    return v % game.width, v // game.width


def forces(game: Game, need: Fraction | int, depth: int = DEPTH, proof: Proof | None = None) -> bool:
    """The side to move wins ``need`` or more within ``depth`` of its moves whatever the other side does
    (its own moves from the reader, every legal answer tried; bounded by ``proof``, see ``Proof``)."""
    proof = proof or Proof()
    if best_gain(game, proof) >= need:
        return True
    if depth <= 1:
        return False
    p = game.to_move
    reader = Reader(Board(game), limit=1000)
    line = reader.attack(int(p), depth)
    proof.spend(reader.spent)
    if line.move < 0 or line.gain < need:
        return False
    return forces_after(game, node(game, line.move), need, depth, proof)


def forces_after(game: Game, move: tuple[int, int], need: Fraction | int, depth: int = DEPTH,
                 proof: Proof | None = None) -> bool:
    """After the side to move plays ``move``, it wins ``need`` or more against every answer."""
    proof = proof or Proof()
    p = game.to_move
    start = margin(game, p)
    proof.play(game, move)
    try:
        for answer in game.legal_moves():
            proof.play(game, answer)
            try:
                if not forces(game, need - (margin(game, p) - start), depth - 1, proof):
                    return False
            finally:
                game.undo()
        return True
    finally:
        game.undo()


EMPTY = ". . . . . . . . . . . . . . .\n"

# Blue's wall along row 2 with a stopper at (8, 3); Red's dot (3, 3) under it.
# Blue's (3, 4) threatens (4, 3): if Red runs along the wall, each Blue dot below
# threatens the next node, until the stopper closes the loop round all of them.
WALL = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . X X X X X X . . . . . . .
. . X O . . . . X . . . . . .
"""
LADDER = WALL + EMPTY * 10
# A red dot at (6, 4) beside the path: running Red joins it and gets out.
BROKEN = WALL + ". . . . . . O . . . . . . . .\n" + EMPTY * 9
# No stopper and the wall runs to the edge: running Red reaches the edge, where
# classic dots cannot be enclosed.
TO_EDGE = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . X X X X X X X X X X X X X
. . X O . . . . . . . . . . .
""" + EMPTY * 10

LADDER_START = (3, 4)
RUN = (4, 3)


def ladder(picture: str) -> Game:
    return build(Rules.CLASSIC, picture, zone=False)


def after(game: Game, *moves: tuple[int, int]) -> Game:
    for move in moves:
        game.play(move)
    return game


@pytest.mark.slow  # its proof plays 70 to 150 thousand moves
def test_reader_reads_a_working_ladder() -> None:
    game = ladder(LADDER)
    line = Reader(Board(game)).attack(int(Player.BLUE), DEPTH)
    assert line.gain >= 1 and node(game, line.move) == LADDER_START
    assert forces_after(game, LADDER_START, 1), "the threat wins a dot whatever Red does"
    # Running only feeds the ladder: after Red's run Blue wins the whole growing group.
    ran = after(game, LADDER_START, RUN)
    assert forces(ran, 2)
    assert Reader(Board(ran)).attack(int(Player.BLUE), DEPTH).gain >= 2


@pytest.mark.parametrize("picture", [BROKEN, TO_EDGE], ids=["friendly-dot", "edge"])
def test_reader_sees_a_ladder_fail(picture: str) -> None:
    game = after(ladder(picture), LADDER_START, RUN)
    assert Reader(Board(game)).attack(int(Player.BLUE), DEPTH).gain == 0
    assert best_gain(game) == 0


@pytest.mark.slow  # its proof plays 70 to 150 thousand moves
def test_master_does_not_run_into_a_working_ladder() -> None:
    game = after(ladder(LADDER), LADDER_START)  # Red to move, its dot threatened
    assert forces(after(game.copy(), RUN), 2), "running loses the group"
    move = choose_move(game, "master-v2", seconds=SECONDS, seed=1)
    assert move != RUN


@pytest.mark.parametrize("picture", [BROKEN, TO_EDGE], ids=["friendly-dot", "edge"])
def test_master_runs_when_the_ladder_fails(picture: str) -> None:
    game = after(ladder(picture), LADDER_START)
    assert best_reply_gain(game, (0, 13)) > 0, "a move elsewhere loses the dot"
    move = choose_move(game, "master-v2", seconds=SECONDS, seed=1)
    assert best_reply_gain(game, move) == 0
    assert not forces(after(game.copy(), move), 1), "and Blue's chase gets nothing"


@pytest.mark.slow  # its proof plays 70 to 150 thousand moves
def test_master_starts_the_ladder() -> None:
    game = ladder(LADDER)
    move = choose_move(game, "master-v2", seconds=SECONDS, seed=1)
    assert forces_after(game, move, 1), f"{move} wins nothing by force"


# Classic: two blue dots, each with two red dots beside it; the node between them
# leaves both one move from capture at once (a net of one move). Red to move plays it.
FORK = """
. . . . . . .
. . . . . . .
. . O . O . .
. O X . X O .
. . . . . . .
. . . . . . .
. . . . . . .
"""


def test_reader_plays_a_net() -> None:
    # (The master may prefer a deeper plan there: after Red's (2, 4) and Blue's block its search
    # finds a quiet set-up taking three dots, which a reader of threats alone cannot see.)
    game = after(build(Rules.CLASSIC, FORK), (6, 0))  # Blue passes far away: Red to move
    line = Reader(Board(game)).attack(int(Player.RED), DEPTH)
    assert line.gain >= 1 and node(game, line.move) == (3, 3)
    assert forces_after(game, (3, 3), 1)


# Seed 2, the same position searched again with other random draws, runs with -m slow (seconds each).
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_master_avoids_a_net(seed: int) -> None:
    game = build(Rules.CLASSIC, FORK)  # Blue to move: Red's net is one move away
    assert forced_loss(game, (6, 0))
    move = choose_move(game, "master-v2", seconds=SECONDS, seed=seed)
    assert not forced_loss(game, move)


# Countries: Blue's L of three dots. No move gains at once, but one quiet move makes
# two half cells ready at once (a net): whatever Red blocks, Blue closes the other.
COUNTRY_NET = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . X . X . . .
. . . . . . . . .
. . . X . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_reader_plays_a_countries_net() -> None:
    game = build(Rules.COUNTRIES, COUNTRY_NET)
    assert best_gain(game) == 0
    line = Reader(Board(game)).attack(int(Player.BLUE), DEPTH)
    assert line.gain >= Fraction(1, 2) and line.move >= 0
    assert forces_after(game, node(game, line.move), Fraction(1, 2), 2)
    move = choose_move(game, "master-v2", seconds=SECONDS, seed=1)
    assert forces_after(game, move, Fraction(1, 2), 2), f"{move} sets up no net"


def root_reading(game: Game) -> _Reading:
    master = Master(Board(game), random.Random(1))
    return _Reading(master, master.info())


@pytest.mark.slow  # its proof plays 70 to 150 thousand moves
def test_countries_reading_bounds_only_lines_beyond_half_cells() -> None:
    # The classic ladder's wall in countries: Blue closes one cell at once, and the chase
    # closes three. Two cells beyond the immediate gain is a line the master searches first.
    chase = build(Rules.COUNTRIES, LADDER)
    assert best_gain(chase) == 1
    reading = root_reading(chase)
    opener = reading.openers()
    assert len(opener) == 1 and forces_after(chase, node(chase, opener[0]), 3, 4)
    assert reading.floor[opener[0]] == reading.now + 2
    # From master-v1's self-play: four cells to close at once, and a line that closes half a
    # cell more. The search reads that itself; bounding by such lines lost to master-v1.
    small = Game(15, 15, Rules.COUNTRIES)
    for point in [(7, 7), (6, 7), (8, 8), (7, 8), (9, 7), (5, 8), (6, 9), (8, 6), (6, 8), (7, 9), (7, 10), (6, 4)]:
        small.play(point)
    assert best_gain(small) == 4
    line = Reader(Board(small)).attack(int(small.to_move), DEPTH)
    assert line.gain == Fraction(9, 2) and forces_after(small, node(small, line.move), Fraction(9, 2), 2)
    reading = root_reading(small)
    assert reading.openers() == [] and not reading.floor


# Positions from master-v1's own games (the master as it was when the issue was filed; 15×15
# classic, 0.1 s a move, seeded self-play): a move after which the other side forced a loss,
# proved here against every answer, while another move would have let it force nothing.
V1_LOSSES = [
    # master-v1's game 4, move 56: its (9, 2) let the other side force 2.
    pytest.param((
        "6,8 8,10 4,7 10,9 11,8 6,10 10,11 5,9 5,6 12,9 7,11 8,9 9,8 11,7 11,6 12,6 12,5 12,7 10,6 12,4 "
        "11,4 13,4 13,5 11,3 10,4 11,9 9,5 10,8 13,8 9,7 8,8 12,8 8,6 7,7 8,7 10,7 11,2 10,3 6,7 7,8 "
        "12,10 11,10 13,10 11,1 12,1 10,1 10,2 13,1 12,2 3,4 9,3 12,3 8,4 5,8 7,5"
    ), (9, 2), 2, id="v1-game-4-move-56"),
    # master-v1's game 7, move 41: its (11, 5) let the other side force 2.
    pytest.param((
        "7,8 5,10 8,7 6,12 7,6 6,7 8,9 6,6 9,8 7,5 8,5 6,5 9,6 8,4 10,7 9,4 5,8 6,10 10,3 3,9 10,2 4,7 "
        "7,11 3,10 9,1 11,4 2,9 2,8 2,10 12,4 1,8 2,7 7,12 3,11 6,13 5,13 5,11 2,6 5,12 6,11"
    ), (11, 5), 2, id="v1-game-7-move-41"),
    # master-v1's game 9, move 170: its (14, 10) let the other side force 3.
    pytest.param((
        "7,7 5,5 5,8 3,9 8,7 4,6 7,3 6,5 6,6 5,6 6,7 5,11 4,3 7,5 8,4 5,10 9,8 10,9 10,8 3,7 11,9 9,9 "
        "12,10 3,8 5,9 11,7 11,8 5,3 6,3 4,2 3,3 3,5 4,1 3,2 11,6 2,6 2,3 4,4 10,6 12,7 6,10 5,1 3,1 6,2 "
        "2,2 5,2 4,11 4,10 3,11 13,8 2,10 1,6 1,10 7,10 6,11 8,5 7,9 8,9 13,10 7,11 6,9 9,4 10,3 8,3 7,2 "
        "8,2 7,1 7,4 7,8 13,6 12,5 11,11 11,12 12,12 10,12 11,3 13,12 13,13 13,11 10,4 10,2 8,12 12,3 "
        "12,2 13,3 1,1 12,1 11,1 13,1 9,1 12,13 10,1 9,11 8,10 10,10 13,2 1,4 1,12 8,11 7,12 3,13 2,13 "
        "2,12 4,13 4,12 5,13 1,11 1,13 9,13 1,8 3,14 2,1 1,5 4,0 3,0 10,7 6,12 6,13 7,13 14,13 8,13 12,14 "
        "11,4 13,9 13,4 9,6 10,5 13,5 12,4 14,7 8,6 9,7 6,1 1,9 5,0 14,4 14,3 5,4 14,5 10,14 2,9 10,13 "
        "11,13 14,11 2,8 8,0 2,7 7,0 6,0 0,3 1,14 1,3 0,2 0,11 0,12 14,2 0,13 2,14 5,14 0,5 2,4 0,7 4,9 "
        "13,0 8,1 3,4 4,8 5,7 6,14"
    ), (14, 10), 3, id="v1-game-9-move-170"),
]


@pytest.mark.parametrize("moves, walked_in, lost", V1_LOSSES)
def test_master_does_not_walk_into_what_master_v1_did(moves: str, walked_in: tuple[int, int], lost: int) -> None:
    game = Game(15, 15, Rules.CLASSIC)
    for pair in moves.split():
        x, y = pair.split(",")
        game.play((int(x), int(y)))
    assert forces(after(game.copy(), walked_in), lost), "the old move loses by force"
    move = choose_move(game, "master-v2", seconds=SECONDS, seed=1)
    assert move != walked_in
    answered = after(game.copy(), move)
    assert Reader(Board(answered), limit=1000).attack(int(answered.to_move), DEPTH).gain < lost
