"""Classic «Стоп»: the side that moves alone surrounds what it still can.

With the other side making no more moves, more dots of one's own only add
walls, so the most that can ever be captured is what filling every free node
captures. ``stop_phase_done`` plays that fill on a copy; ``stop_move`` takes a
capture when one move makes it, else closes in on the enemy dots that the fill
showed can still be taken.
"""

from __future__ import annotations

from ai.board import Board
from engine import Game, IllegalMove, Player


def _filled(game: Game) -> Game:
    """A copy of game after the player to move has filled every node it may (moving alone)."""
    twin = game.copy()
    mover = twin.to_move
    while True:
        moves = twin.legal_moves()
        if not moves:
            break
        moves.sort(key=lambda pt: (pt[1], pt[0]))  # row by row: each dot closes small faces only
        for point in moves:
            try:
                twin.play(point, player=mover)
            except IllegalMove:  # an earlier dot of this sweep enclosed the node
                continue
    return twin


def _margin(game: Game, player: Player) -> int:
    return game.score_units(player) - game.score_units(player.other)


def targets(game: Game) -> set[tuple[int, int]]:
    """Enemy dots, alive now, that the player to move could still capture moving alone."""
    mover = game.to_move
    enemy = mover.other
    if not any(owner is enemy and not dead for _, owner, dead in game.dots()):
        return set()
    filled = _filled(game)
    return {point for point, owner, dead in game.dots()
            if owner is enemy and not dead and filled.is_dead(point)}


def stop_phase_done(game: Game) -> bool:
    """True when the player to move, moving alone from now on, cannot gain anything more."""
    if game.is_over:
        return True
    mover = game.to_move
    enemy = mover.other
    if not any(owner is enemy and not dead for (x, y), owner, dead in game.dots()
               if 0 < x < game.width - 1 and 0 < y < game.height - 1):
        # Dots on the edge can never be enclosed; any of one's own dots that
        # are captured could only be won back by enclosing enemy dots too.
        return True
    return _margin(_filled(game), mover) <= _margin(game, mover)


def stop_move(board: Board) -> int:
    """A move for the side moving alone: a capture now, else a step closer to the next one."""
    p = board.to_move
    cands = board.candidates()
    mine, _ = board.gains(p, cands)
    if mine:
        return max(mine, key=lambda v: (mine[v], board.adj[p][v]))
    w = board.width
    goal = [y * w + x for x, y in targets(board.game)]
    legal = board.legal()
    if not goal:
        return min(legal)  # nothing left to take: any move (the caller should have finished)

    def distance(v: int) -> tuple[int, int]:
        x, y = v % w, v // w
        d = min(max(abs(x - t % w), abs(y - t // w)) for t in goal)
        return d, -board.adj[p][v]

    return min(legal, key=distance)
