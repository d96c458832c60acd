"""Classic «Стоп»: when to press it, and how the side that then moves alone surrounds what it still can.

With the other side making no more moves, more dots of one's own only add
walls, so the most that can ever be captured is what filling every free node
captures. ``stop_phase_done`` plays that fill on a copy; ``stop_move`` takes a
capture when one move makes it, else closes in on the enemy dots that the fill
showed can still be taken.

``should_press_stop`` is the other end: the computer presses «Стоп» when it is
ahead and the fill, played for the other side after a «Стоп» on a copy, takes
none of its dots — the lead can then only stand. Why the fill is exact, and the
cheap test that turns most positions down before it (``exposed``), are told there.
"""

from __future__ import annotations

from ai.board import Board
from engine import ActionKind, Game, IllegalMove, Player, Point, Rules

STOP_MIN_MOVES = 15
"""The fewest moves of its own before the computer presses «Стоп»: never in the opening, whatever the lead."""
STOP_NODES_PER_MOVE = 20
"""On a large board more: one move of its own for every this many nodes (20 on 20×20, 58 on 38×31)."""


def _fill(game: Game) -> Game:
    """Game itself, after the player to move has filled every node it may (moving alone)."""
    mover = game.to_move
    while True:
        moves = game.legal_moves()
        if not moves:
            break
        moves.sort(key=lambda pt: (pt[1], pt[0]))  # row by row: each dot closes small faces only
        for point in moves:
            try:
                game.play(point, player=mover)
            except IllegalMove:  # an earlier dot of this sweep enclosed the node
                continue
    return game


def _filled(game: Game) -> Game:
    """A copy of game after the player to move has filled every node it may (moving alone)."""
    return _fill(game.copy())


def _margin(game: Game, player: Player) -> int:
    return game.score_units(player) - game.score_units(player.other)


def filled_margin(game: Game, player: Player) -> float:
    """``player``'s score less the other's (cells or dots) once the side to move has filled every node it
    may: what that side, moving alone, can still bring the game to."""
    filled = _filled(game)
    return float(filled.score(player) - filled.score(player.other))


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


def exposed(game: Game, player: Player) -> set[Point]:
    """``player``'s live dots that the other side, moving alone, could still cut off from the edge.

    A dot is out of reach when a path of nodes, each a step up, down, left or right of
    the last, leads from it to the edge through nodes the other side can never hold: dots
    of ``player``'s, crossed-out dots, and empty nodes inside a surrounded area. Every
    other node is the other side's already or free for it to take. A wall may cut a
    diagonal step between two of ``player``'s dots (its own diagonal crosses theirs), so
    diagonal steps do not count; and an empty node inside one of ``player``'s enclosures
    that holds nothing yet is free to the other side, which may put dots there: they are
    taken only at ``player``'s next move, which after its «Стоп» never comes.

    >>> g = Game(6, 6, Rules.CLASSIC, zone=False)
    >>> for p in [(2, 2), (0, 3), (3, 3), (1, 3)]:
    ...     _ = g.play(p)
    >>> sorted(exposed(g, Player.BLUE)), sorted(exposed(g, Player.RED))
    ([(2, 2), (3, 3)], [])
    """
    w, h = game.width, game.height
    # Empty nodes outside every surrounded area (the legal moves, unless a first move's zone narrows them).
    free = [y * w + x for x, y in game.legal_moves()] if game.first_move_zone is None else \
        [y * w + x for x in range(w) for y in range(h) if game.dot_at((x, y)) is None and game.owner_at((x, y)) is None]
    enemy = player.other
    held = [True] * (w * h)  # nodes the other side can never hold
    for v in free:
        held[v] = False
    own: list[int] = []
    for (x, y), owner, dead in game.dots():
        v = y * w + x
        if owner is enemy and not dead:
            held[v] = False
        elif owner is player and not dead:
            own.append(v)
    if not own:
        return set()
    reached = [False] * (w * h)
    stack = [v for v in range(w * h) if held[v] and (v < w or v >= w * (h - 1) or v % w in (0, w - 1))]
    for v in stack:
        reached[v] = True
    while stack:
        v = stack.pop()
        x, y = v % w, v // w
        for u, ok in ((v - 1, x > 0), (v + 1, x < w - 1), (v - w, y > 0), (v + w, y < h - 1)):
            if ok and held[u] and not reached[u]:
                reached[u] = True
                stack.append(u)
    return {(v % w, v // w) for v in own if not reached[v]}


def should_press_stop(game: Game) -> bool:
    """Classic: True when the player to move should press «Стоп» now, rather than move.

    It is ahead, has made enough moves for the position to be settled
    (:data:`STOP_MIN_MOVES`, :data:`STOP_NODES_PER_MOVE`), would gain nothing by one more
    move (the other side's dots put into its free areas are taken at its next move, and
    a «Стоп» would leave them uncounted), and none of its dots can ever be captured by the
    other side moving alone — so neither score can change and the lead stands.

    That last test is exact. After the «Стоп» the other side's dots never die (only the
    stopper's moves capture), so its walls only grow, and a dot is captured as soon as a
    loop of them closes round it. A dot of ours is therefore lost exactly when the other
    side can ring it, i.e. cut every path of up-down-left-right steps from it to the
    edge (:func:`exposed`). Filling every node it may does that wherever it can be done:
    each node of such a path ends up its dot or inside its own surrounded area, which
    its walls ring. So we play that fill on a copy after a «Стоп» and ask whether the
    score moved. :func:`exposed` says the same without playing, and turns down most
    positions first, in about a millisecond; the fill costs tens of milliseconds on 38×31.

    >>> g = Game(6, 6, Rules.CLASSIC)
    >>> should_press_stop(g), should_press_stop(Game(6, 6))
    (False, False)
    """
    if game.rules is not Rules.CLASSIC or game.stopped_by is not None or game.is_over:
        return False
    me = game.to_move
    other = me.other
    scores = game.score_units(me), game.score_units(other)
    if scores[0] <= scores[1]:
        return False
    own_moves = sum(1 for action in game.history if action.kind is ActionKind.MOVE and action.player is me)
    if own_moves < max(STOP_MIN_MOVES, game.width * game.height // STOP_NODES_PER_MOVE):
        return False
    if exposed(game, me):
        return False
    twin = game.copy()
    probe = twin.legal_moves()
    if probe:
        twin.play(min(probe))
        gained = twin.score_units(me) > scores[0]
        twin.undo()
        if gained:
            return False
    twin.stop()
    _fill(twin)
    return (twin.score_units(me), twin.score_units(other)) == scores
