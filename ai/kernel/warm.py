"""Making the kernel ready ahead of its first search: one tiny search of each rule set.

Importing the kernel compiles it (or loads it from the cache): each function states its
types. The short searches then run every part once, on both rule sets, so that a kernel
that loaded but cannot search fails here, where the loader reports it, and not in a game.
"""

from __future__ import annotations

from ai.kernel import master, read
from engine import Game, Rules


def compile_all() -> None:
    """Compile (or load from the cache) every kernel function, both rule sets."""
    if read.LADDERS:
        # A tiny search presses no group, so the ladders' press is imported here (its import compiles it).
        from ai.kernel import lifeline  # noqa: F401
    for rules in (Rules.COUNTRIES, Rules.CLASSIC):
        game = Game(5, 5, rules)
        for point in ((2, 2), (1, 2), (2, 1), (3, 3)):
            game.play(point)
        master.search(game, seconds=1.0, seed=1, iterations=40)
