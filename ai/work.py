"""How much work a seeded master does: its budget counted in kernel moves, not on the clock.

Here, apart from the kernel, so that the review and the game can reckon a work count before numba
is imported (the kernel's modules import numba as they load).
"""

from __future__ import annotations

MOVES_PER_SECOND = 900_000
"""Kernel moves per second of budget, for a seeded master only: it stops on this count, not on the
clock, so that it is repeatable (``ai.kernel.master``; the review counts its work in these too). The
development machine plays about 1.8 million a CPU-second on 15×15 (either rule set), so the count
stops a seeded search at about half its budget and leaves the clock, the hard limit, room on a busy
machine."""
