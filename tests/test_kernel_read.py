"""The master's reading of forcing lines at the root (``ai.kernel.read``, issue 31): it leaves out running a
ladder that works and keeps running one that fails, and each claim is proved here against every answer.

The positions are a small classic board with one ladder: Red's two dots lie in a corridor between Blue's walls,
threatened, and running turns the corridor up a column to the top edge. Where Blue holds the column's last
point, every run is taken a dot bigger; where it does not, Red's chain reaches the edge, where dots cannot be
taken. The proofs are a plain alpha-beta over the corridor's points and one move far away (both sides, every
move, as deep as the ladder is long) on the kernel's exact rules; they take well under a second.
"""

from __future__ import annotations

import numpy as np
import pytest

from ai import kernel
from engine import Game, Player, Rules

pytestmark = pytest.mark.skipif(kernel.switched_off(), reason=f"{kernel.SWITCH_ENV} keeps the kernel off")

W = 8
RUN = (4, 3)
"""Red's run into the corridor's turn."""

FAR = (0, 7)
"""A move far from the ladder: giving the two dots up."""

BOX = [(x, y) for x in (3, 4) for y in range(4)] + [FAR]
"""Every point the ladder can be played on (the corridor's column and Blue's side of it), and the far one."""


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert kernel.wait(900), kernel.status()


def _ladder(works: bool) -> Game:
    """Red (5, 3) and (6, 3) between Blue's row 2 and row 4, Blue's (7, 3) behind them, Red to move. Blue's
    column 5 walls the corridor's way up column 4 on the right; with ``works`` Blue's (4, 0) ends it."""
    blue = [(7, 3), (5, 2), (6, 2), (5, 1), (5, 0)] + [(x, 4) for x in range(2, 8)] + ([(4, 0)] if works else [])
    red = [(5, 3), (6, 3)]
    game = Game(W, 8, Rules.CLASSIC, setup=[(Player.BLUE, p) for p in blue] + [(Player.RED, p) for p in red],
                zone=False)
    game.pass_to(Player.RED)
    return game


def _node(point: tuple[int, int]) -> int:
    return point[1] * W + point[0]


def _value(s: np.ndarray, g: np.ndarray, plies: int, alpha: int, beta: int) -> int:
    """The side to move's margin (units) after ``plies`` more moves of :data:`BOX` by both, each at its best."""
    from ai.kernel import rules

    p = int(s[rules.S_TO_MOVE])
    if plies == 0:
        return int(rules.units(s, p) - rules.units(s, 3 - p))
    best = -(1 << 20)
    for point in BOX:
        v = _node(point)
        if not rules.is_legal(s, g, v, p):
            continue
        after = s.copy()
        rules.play(after, g, v, p)
        best = max(best, -_value(after, g, plies - 1, -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def _after(game: Game, point: tuple[int, int], plies: int) -> int:
    """Red's margin after Red plays ``point`` and both sides then play the box's best for ``plies`` moves."""
    from ai.kernel import rules

    s, g = rules.from_game(game)
    rules.play(s, g, _node(point), int(Player.RED))
    return -_value(s, g, plies, -(1 << 20), 1 << 20)


def _left_out(game: Game) -> set[tuple[int, int]]:
    from ai.kernel import master, rules

    s, g = rules.from_game(game)
    left_out, plays = master._read_root(s, g, 100_000)
    assert plays > 0
    return {(v % W, v // W) for v in left_out}


def test_a_ladder_that_works_is_not_run() -> None:
    game = _ladder(works=True)
    # Proved: running on loses the run too (Blue's last threat on (3, 1) takes five), giving up loses two.
    assert _after(game, RUN, 6) <= _after(game, FAR, 6) - 1
    assert _left_out(game) == {RUN}


def test_a_ladder_that_fails_is_run() -> None:
    game = _ladder(works=False)
    # Proved: the run reaches the top edge, where no dot is taken, and saves both dots.
    assert _after(game, RUN, 7) >= _after(game, FAR, 7) + 2
    assert RUN not in _left_out(game)


def _searched(game: Game, reading: bool) -> list[tuple[int, int]]:
    from ai.kernel import master

    master.READING = reading
    try:
        return [master.search(game, 0.2, seed=seed).move for seed in (1, 2)]
    finally:
        master.READING = True


def test_the_search_runs_a_ladder_only_where_it_fails() -> None:
    works, fails = _ladder(works=True), _ladder(works=False)
    assert RUN not in _searched(works, reading=True)
    assert _searched(fails, reading=True) == [RUN, RUN]
    # What the reading is for: the master before it ran both.
    assert _searched(works, reading=False) == [RUN, RUN]
