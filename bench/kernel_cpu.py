"""What numba's generic CPU costs the master's kernel against code tuned for this machine: ``python -m bench.kernel_cpu``.

The kernel is compiled for numba's ``generic`` CPU (``ai.kernel.cache.CPU_NAME``), so that a cache
made by the build loads on every machine. Here it is also compiled for the host's CPU (each kind in
a cache folder of its own under a temporary folder, compiled once), and both search the same
20×20 mid-game positions of both rule sets with a fixed number of iterations, one process per
measurement, the two kinds taking turns so that a load beside them falls on both alike. The figure
is positions searched per CPU second of the search's thread, summed over the positions.

Prints one line per measurement and ends with ``generic/host: X (min Y, max Z)``, the median ratio
of the rounds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

_MEASURE = """
import os, sys, time
from ai.kernel import jit
if sys.argv[1] == "host":
    # ai.kernel.jit asks for the generic CPU; the host's is numba's own default.
    os.environ.pop("NUMBA_CPU_NAME")
    import numba.core.config
    numba.core.config.reload_config()
from ai.kernel import master, warm
from bench.levels import mid_game
from engine import Rules
warm.compile_all()
from numba.core.registry import cpu_target
print("cpu:", cpu_target.target_context.codegen().magic_tuple()[1], file=sys.stderr)
positions = cpu = 0.0
for rules in (Rules.COUNTRIES, Rules.CLASSIC):
    for seed in range(int(sys.argv[3])):
        game = mid_game(20, 20, rules, seed)
        began = time.thread_time()
        found = master.search(game, 3600.0, seed=1, iterations=int(sys.argv[2]))
        cpu += time.thread_time() - began
        positions += found.positions
print(positions / cpu)
"""


def measure(kind: str, cache_root: Path, iterations: int, positions: int) -> float:
    """Positions per CPU second of one kind of code (``generic`` or ``host``), in a process of its own."""
    env = {**os.environ, "TOCHKI_KERNEL_CACHE": str(cache_root / kind)}
    done = subprocess.run([sys.executable, "-c", _MEASURE, kind, str(iterations), str(positions)],
                          env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.kernel_cpu", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="pairs of measurements, the kinds alternating")
    parser.add_argument("--iterations", type=int, default=1500, help="iterations of each search")
    parser.add_argument("--positions", type=int, default=3, help="positions of each rule set")
    args = parser.parse_args(argv)
    ratios = []
    with tempfile.TemporaryDirectory(prefix="kernel-cpu-") as folder:
        root = Path(folder)
        for kind in ("generic", "host"):  # compiled first, outside the measurements
            measure(kind, root, 10, 1)
        for round_ in range(args.rounds):
            rates = {}
            for kind in (("generic", "host") if round_ % 2 == 0 else ("host", "generic")):
                rates[kind] = measure(kind, root, args.iterations, args.positions)
                print(f"round {round_ + 1}: {kind} {rates[kind]:,.0f} positions per CPU second", flush=True)
            ratios.append(rates["generic"] / rates["host"])
    print(f"generic/host: {statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
