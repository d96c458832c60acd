"""Positions built from real moves, for screenshots, the smoke run, tests and the benchmark.

Nothing here is drawn by hand: every position is a sequence of moves played
through the engine, so a screenshot shows what a game really looks like.
"""

from __future__ import annotations

import random

from engine import Game, Player, Point, Rules

# Countries (docs/RULES.md §2, the worked example): Red closes a square, then Blue
# rings it with twelve dots and takes it over (Red's square fades, its dots are
# crossed out); Red meanwhile builds a diamond (2) and a half cell (½).
COUNTRIES_SCRIPT: tuple[Point, ...] = (
    (4, 4), (5, 5), (5, 4), (6, 5), (6, 4), (6, 6), (7, 4), (5, 6),
    (7, 5), (12, 5), (7, 6), (13, 6), (7, 7), (12, 7), (6, 7), (11, 6),
    (5, 7), (14, 10), (4, 7), (15, 10), (4, 6), (15, 11), (3, 10), (9, 12),
    (4, 10), (10, 12), (4, 11), (10, 13), (4, 5),
)

# Classic: both first moves in the central zone, then Blue surrounds a red dot
# (a capture) and leaves an empty enclosure (a free area, outlined only).
CLASSIC_SCRIPT: tuple[Point, ...] = (
    (10, 9), (10, 10), (11, 10), (4, 4), (10, 11), (4, 5), (9, 10), (5, 5),
    (14, 5), (5, 4), (15, 4), (12, 14), (16, 5), (12, 15), (15, 6),
)


def play_script(game: Game, moves: tuple[Point, ...]) -> Game:
    """Play ``moves`` in order on ``game`` and return it."""
    for move in moves:
        game.play(move)
    return game


def countries_demo() -> Game:
    """A 20×15 countries game in progress: countries, a takeover, crossed-out dots."""
    return play_script(Game(width=20, height=15, rules=Rules.COUNTRIES), COUNTRIES_SCRIPT)


def classic_demo() -> Game:
    """A 24×20 classic game in progress: a capture and a free area."""
    return play_script(Game(width=24, height=20, rules=Rules.CLASSIC), CLASSIC_SCRIPT)


def classic_opening() -> Game:
    """A classic game before the first moves: the first-move zone shows."""
    return Game(width=38, height=31, rules=Rules.CLASSIC)


def random_game(width: int, height: int, rules: Rules = Rules.COUNTRIES, *, seed: int = 1,
                moves: int | None = None) -> Game:
    """Seeded random legal moves until nobody can move (or ``moves`` are played).

    Random moves close few loops, so each move prefers a node next to the mover's
    own dots half of the time: that builds the chains and takeovers of a real game.
    """
    rng = random.Random(seed)
    game = Game(width=width, height=height, rules=rules)
    played = 0
    while not game.is_over and (moves is None or played < moves):
        legal = game.legal_moves()
        if not legal:
            break
        move = None
        if rng.random() < 0.5:
            near = [p for p in legal if _touches(game, p, game.to_move)]
            if near:
                move = rng.choice(near)
        game.play(move or rng.choice(legal))
        played += 1
    return game


def _touches(game: Game, p: Point, player: Player) -> bool:
    x, y = p
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            q = (x + dx, y + dy)
            inside = (dx or dy) and 0 <= q[0] < game.width and 0 <= q[1] < game.height
            if inside and game.dot_at(q) == player and not game.is_dead(q):
                return True
    return False
