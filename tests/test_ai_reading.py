"""The tactics suite of forcing lines: ladders that work and fail, nets to play and to avoid.

Each case is a picture built by real moves (``test_ai_tactics.build``) and says
what the reader must find and what the master must or must not play, within its
time budget. Claims that a line wins are proved here, not taken from the reader:
``forces`` lets the attacker follow the reader's advice but tries *every* legal
answer of the defender at every step, so a forced gain is forced indeed.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ai import choose_move
from ai.board import Board
from ai.reading import Reader
from engine import Game, Player, Rules
from tests.test_ai_tactics import best_gain, best_reply_gain, build, forced_loss

SECONDS = 1.0
"""The master's budget in these cases: about what it has on a small board in the game."""

DEPTH = 6


def margin(game: Game, p: Player) -> Fraction:
    return game.score(p) - game.score(p.other)


def node(game: Game, v: int) -> tuple[int, int]:
    return v % game.width, v // game.width


def forces(game: Game, need: Fraction | int, depth: int = DEPTH) -> bool:
    """The side to move wins ``need`` or more within ``depth`` of its moves whatever the other side does
    (its own moves from the reader, every legal answer tried)."""
    if best_gain(game) >= need:
        return True
    if depth <= 1:
        return False
    p = game.to_move
    line = Reader(Board(game), limit=1000).attack(int(p), depth)
    if line.move < 0 or line.gain < need:
        return False
    return forces_after(game, node(game, line.move), need, depth)


def forces_after(game: Game, move: tuple[int, int], need: Fraction | int, depth: int = DEPTH) -> bool:
    """After the side to move plays ``move``, it wins ``need`` or more against every answer."""
    p = game.to_move
    start = margin(game, p)
    game.play(move)
    try:
        for answer in game.legal_moves():
            game.play(answer)
            try:
                if not forces(game, need - (margin(game, p) - start), depth - 1):
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


def test_master_does_not_run_into_a_working_ladder() -> None:
    game = after(ladder(LADDER), LADDER_START)  # Red to move, its dot threatened
    assert forces(after(game.copy(), RUN), 2), "running loses the group"
    move = choose_move(game, "master", seconds=SECONDS, seed=1)
    assert move != RUN


@pytest.mark.parametrize("picture", [BROKEN, TO_EDGE], ids=["friendly-dot", "edge"])
def test_master_runs_when_the_ladder_fails(picture: str) -> None:
    game = after(ladder(picture), LADDER_START)
    assert best_reply_gain(game, (0, 13)) > 0, "a move elsewhere loses the dot"
    move = choose_move(game, "master", seconds=SECONDS, seed=1)
    assert best_reply_gain(game, move) == 0
    assert not forces(after(game.copy(), move), 1), "and Blue's chase gets nothing"


def test_master_starts_the_ladder() -> None:
    game = ladder(LADDER)
    move = choose_move(game, "master", seconds=SECONDS, seed=1)
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


@pytest.mark.parametrize("seed", [1, 2])
def test_master_avoids_a_net(seed: int) -> None:
    game = build(Rules.CLASSIC, FORK)  # Blue to move: Red's net is one move away
    assert forced_loss(game, (6, 0))
    move = choose_move(game, "master", seconds=SECONDS, seed=seed)
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
    move = choose_move(game, "master", seconds=SECONDS, seed=1)
    assert forces_after(game, move, Fraction(1, 2), 2), f"{move} sets up no net"
