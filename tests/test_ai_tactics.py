"""Tactics the computer must not miss, on positions built from pictures with real moves.

A picture is the board: ``X`` a blue dot, ``O`` a red dot, ``.`` empty, ``*``
an empty node worth a look (for the reader only). Blue's dots are played in
reading order, Red's likewise, taking turns; a side that has run out of dots
plays far away (every third node of every third row from the bottom: such
dots never touch, so they make no threat of their own) so that Blue is to
move at the end. The checks compare the chosen move with what the engine says
every legal move would do, so they state behaviour, not a remembered answer.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ai import choose_move
from engine import Game, Player, Rules

SECONDS = 0.4

pytestmark = pytest.mark.usefixtures("ai_counts_work")  # seeded searches decided by work, not by the clock

PROOF_LIMIT = 500_000
"""Moves a proof here may play (each check plays every legal move it looks at, then takes it back):
well above what the proofs of these positions take, far below what an exhaustive search of another
position would. A proof past it fails its test at once, where it ran for minutes unbounded."""


class ProofTooLong(AssertionError):
    """A proof went past its :class:`Proof` limit: the position asked about is not one a test can settle."""


class Proof:
    """The work of one proof: every move it plays is counted against ``limit``."""

    def __init__(self, limit: int = PROOF_LIMIT) -> None:
        self.limit = limit
        self.played = 0

    def spend(self, moves: int = 1) -> None:
        self.played += moves
        if self.played > self.limit:
            raise ProofTooLong(f"a proof played more than {self.limit} moves: left unsettled")

    def play(self, game: Game, move: tuple[int, int]) -> None:
        self.spend()
        game.play(move)


def build(rules: Rules, picture: str, *, zone: bool = True) -> Game:
    """The position of the picture, built by real moves, Blue to move (``zone=False``: a classic
    first move may stand outside the central zone, as in records of other programs)."""
    rows = [line.split() for line in picture.strip().splitlines()]
    width, height = len(rows[0]), len(rows)
    dots: dict[str, list[tuple[int, int]]] = {"X": [], "O": [], "*": []}
    for y, row in enumerate(rows):
        for x, mark in enumerate(row):
            if mark in dots:
                dots[mark].append((x, y))
    game = Game(width, height, rules, zone=zone)
    queue = {Player.BLUE: list(dots["X"]), Player.RED: list(dots["O"])}
    taken = set(dots["X"]) | set(dots["O"]) | set(dots["*"])
    # Three steps apart, far dots never touch: they make no chain, so no gain or threat of their own.
    far = [(x, y) for y in range(height - 1, -1, -3) for x in range(1, width, 3)]
    while queue[Player.BLUE] or queue[Player.RED] or game.to_move is not Player.BLUE:
        own = queue[game.to_move]
        game.play(own.pop(0) if own else next(p for p in far if p not in taken and game.is_legal(p)))
    return game


def margin_gain(game: Game, move: tuple[int, int], proof: Proof | None = None) -> Fraction:
    """How much the move raises the mover's score minus the other's."""
    me = game.to_move
    before = game.score(me) - game.score(me.other)
    (proof or Proof()).play(game, move)
    after = game.score(me) - game.score(me.other)
    game.undo()
    return after - before


def best_gain(game: Game, proof: Proof | None = None) -> Fraction:
    """The most any legal move gains at once."""
    proof = proof or Proof()
    return max(margin_gain(game, move, proof) for move in game.legal_moves())


def best_reply_gain(game: Game, move: tuple[int, int], proof: Proof | None = None) -> Fraction:
    """After the move, the most the other side can gain with its next move."""
    proof = proof or Proof()
    proof.play(game, move)
    try:
        return best_gain(game, proof)
    finally:
        game.undo()


# The diamond of eight (a country of 8 cells) with one dot to go; Red's two
# dots outside the gap leave no bigger loop, so completing it cannot wait.
COMPLETE = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . X . . . . .
. . . . X . X . . . .
. . . X . . . X . . .
. . . O * . X . . . .
. . . . O X . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
"""

# The same diamond is Red's: Blue must put a dot in the gap (Red keeps a smaller
# completion inside, but not the whole country).
BLOCK = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . O . . . . .
. . . . O . O . . . .
. . . O . . . O . . .
. . . . * . O . . . .
. . . . . O . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
"""

# Red's square country (1 cell) inside Blue's ring of twelve, which lacks one dot.
TAKEOVER = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . X X X X . . .
. . . . X O O * . . .
. . . . X O O X . . .
. . . . X X X X . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
"""

# Blue holds three corners of a cell (half of it): the fourth completes the cell.
HALVES = """
. . . . . . . . . . .
. . . . . . . . . . .
. . X X . . . O . . .
. . X * . . . . O . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
"""

# Classic: a red dot with three blue neighbours; the fourth captures it.
CAPTURE = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . X . . . . .
. . . . X O X . . . .
. . . . . * . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
"""

# Classic: the blue dot is one red move from capture; Blue must save it.
DEFEND = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . O . . . . .
. . . . O X O . . . .
. . . . . * . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
"""

# Classic: Red threatens (5,6) around the blue dot at (5,5); Blue closes first
# at (6,6) around Red's (6,5), which captures it and breaks Red's ring.
CLOSE_FIRST = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . O X . . . .
. . . . O X O X . . .
. . . . . * * . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
"""

STRONG = pytest.mark.parametrize("level", ["amateur", "master"])
# Seed 1 in the default run; seed 2, the same position and level searched again with other random
# draws, runs with -m slow (the STRONG tactics cost seconds each, over half of them on the second seed).
SEEDS = pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])


@STRONG
@SEEDS
@pytest.mark.parametrize("picture, rules", [(COMPLETE, Rules.COUNTRIES), (CAPTURE, Rules.CLASSIC)],
                         ids=["country", "capture"])
def test_takes_the_biggest_completion(picture: str, rules: Rules, level: str, seed: int) -> None:
    game = build(rules, picture)
    best = best_gain(game)
    assert best > 0
    move = choose_move(game, level, seconds=SECONDS, seed=seed)
    assert margin_gain(game, move) == best


@STRONG
@SEEDS
@pytest.mark.parametrize("picture, rules", [(BLOCK, Rules.COUNTRIES), (DEFEND, Rules.CLASSIC)],
                         ids=["country", "capture"])
def test_blocks_the_completion(picture: str, rules: Rules, level: str, seed: int) -> None:
    game = build(rules, picture)
    least = min(best_reply_gain(game, m) for m in game.legal_moves())
    assert best_reply_gain(game, (0, 10)) > least  # the threat is real: a move far away loses
    move = choose_move(game, level, seconds=SECONDS, seed=seed)
    assert best_reply_gain(game, move) == least


@STRONG
@SEEDS
def test_takes_over_a_whole_country(level: str, seed: int) -> None:
    # The master's playouts answer beside the move before on this board: with them alone a country that
    # cannot get away looked as good taken later, and was left standing in 5 searches of 12 (master._take).
    game = build(Rules.COUNTRIES, TAKEOVER)
    assert game.score(Player.RED) == 1  # Red's square is a country
    move = choose_move(game, level, seconds=SECONDS, seed=seed)
    game.play(move)
    assert game.score(Player.RED) == 0
    assert all(game.is_dead(p) for p in [(5, 4), (6, 4), (5, 5), (6, 5)])
    assert game.score(Player.BLUE) >= 9


@STRONG
@SEEDS
def test_classic_saves_its_dot_by_closing_first(level: str, seed: int) -> None:
    game = build(Rules.CLASSIC, CLOSE_FIRST)
    assert best_reply_gain(game, (0, 10)) > 0  # a move elsewhere loses the blue dot
    move = choose_move(game, level, seconds=SECONDS, seed=seed)
    assert margin_gain(game, move) > 0, "closing first captures"
    assert best_reply_gain(game, move) == 0, "and Red has nothing left to capture"


@pytest.mark.parametrize("seed", range(6))
def test_beginner_takes_an_obvious_half(seed: int) -> None:
    game = build(Rules.COUNTRIES, HALVES)
    assert game.score(Player.BLUE) == Fraction(1, 2)
    move = choose_move(game, "beginner", seed=seed)
    assert margin_gain(game, move) == Fraction(1, 2)


def test_master_sets_up_two_completions_at_once() -> None:
    # Blue's L of three dots: one move makes two ready half cells at once.
    # Whatever Red blocks, Blue still gains at its next move.
    game = build(Rules.COUNTRIES, """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . X . X . . .
. . . . . . . . .
. . . X . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
""")
    assert best_gain(game) == 0
    move = choose_move(game, "master", seconds=SECONDS, seed=1)
    game.play(move)
    for reply in game.legal_moves():
        game.play(reply)
        assert best_gain(game) > 0, f"after {move} Red's {reply} stops every completion"
        game.undo()


def forced_loss(game: Game, move: tuple[int, int], proof: Proof | None = None) -> bool:
    """After the move, the other side has a reply that wins dots whatever the mover answers
    (bounded by ``proof``: past its limit, :class:`ProofTooLong`)."""
    proof = proof or Proof()
    proof.play(game, move)
    try:
        for reply in game.legal_moves():
            proof.play(game, reply)
            try:
                if all(best_reply_gain(game, answer, proof) > 0 for answer in game.legal_moves()):
                    return True
            finally:
                game.undo()
        return False
    finally:
        game.undo()


# Two blue dots, each with two red dots beside it; the node between them would
# leave both one move from capture at once, and Blue could block only one.
FORK_POINT = """
. . . . . . .
. . . . . . .
. . O . O . .
. O X . X O .
. . . . . . .
. . . . . . .
. . . . . . .
"""


@pytest.mark.parametrize("seed", range(3))
def test_classic_master_takes_the_fork_point_first(seed: int) -> None:
    game = build(Rules.CLASSIC, FORK_POINT)
    assert best_gain(game) == 0 and best_reply_gain(game, (6, 0)) == 0  # no immediate threat either way
    assert forced_loss(game, (6, 0)), "a move elsewhere lets Red fork"
    move = choose_move(game, "master", seconds=SECONDS, seed=seed)
    assert not forced_loss(game, move), f"after {move} Red still forks"
