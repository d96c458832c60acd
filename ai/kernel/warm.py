"""Compiling the kernel ahead of its first search: one tiny search of each rule set.

numba compiles a function for the argument types of its first call. A short search
on a small board calls every kernel function with the types a real search uses, so
the first real move of the game pays nothing.
"""

from __future__ import annotations

from ai.kernel import master
from engine import Game, Rules


def compile_all() -> None:
    """Compile (or load from the cache) every kernel function, both rule sets."""
    for rules in (Rules.COUNTRIES, Rules.CLASSIC):
        game = Game(5, 5, rules)
        for point in ((2, 2), (1, 2), (2, 1), (3, 3)):
            game.play(point)
        master.search(game, seconds=1.0, seed=1, iterations=40)
