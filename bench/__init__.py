"""Measuring tools beside the game, never shipped with it (build.spec excludes this package).

Each module runs with ``python -m`` from the repository root:

- ``bench.moves`` — the engine's speed: random games, play-then-undo, and the ratio to the
  slow reference of ``tests/reference.py``;
- ``bench.levels`` — how long each computer level thinks and how many positions a second it looks at;
- ``bench.match`` — levels played against each other, or against an outside engine, and counted;
- ``bench.frames`` — frame times of the play scene on large boards (pygame, headless);
- ``bench.unfinished`` — how fast «Неоконченные партии» fills with thirty long games, and its frames;
- ``bench.review`` — what the game review costs at a few work counts, and that it finds the same each time;
- ``bench.kernel_cpu`` — the master's kernel compiled for numba's generic CPU against code tuned for this one;
- ``bench.history`` — the menu, «Успехи» and the lists opened with no finished game and with a thousand.

The game's packages (``engine``, ``ai``, ``game``) never import from here, so the
executable runs without it; ``tests/test_packaging.py`` checks both.
"""
