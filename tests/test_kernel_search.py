"""The master's compiled search (``ai.kernel``): it loads, plays legal and sensible moves, stops when
told, and when it cannot load or is switched off it runs as plain Python and the log says why.

The search is bounded by iterations here (``iterations=``) or by short budgets whose only role is to
end it: nothing asserts how long anything took.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ai
from ai import kernel
from engine import Game, Player, Rules

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(kernel.switched_off(), reason=f"{kernel.SWITCH_ENV} keeps the kernel off")


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert kernel.wait(900), kernel.status()


NET_SECONDS = 600.0
"""The deadline of a search bounded by iterations: far beyond what they take on the slowest machine."""


def _search(game: Game, **kwargs: object) -> tuple[int, int]:
    from ai.kernel import master

    # Bounded by the caller's iterations: the deadline, ten minutes on, only nets a search that never stops.
    return master.search(game, 1.0, deadline=time.perf_counter() + NET_SECONDS, **kwargs).move  # type: ignore[arg-type]


def _play(game: Game, moves: list[tuple[int, int]]) -> Game:
    for point in moves:
        game.play(point)
    return game


def test_the_master_thinks_on_the_kernel_once_it_is_ready() -> None:
    game = _play(Game(9, 9, Rules.CLASSIC), [(4, 4), (4, 5), (3, 4)])
    thought = ai.think(game, "master", seconds=0.2, seed=1)
    assert thought.kernel and game.is_legal(thought.move) and thought.positions > 0
    assert kernel.status().startswith("ready (")


def test_a_seed_makes_the_choice_repeatable() -> None:
    from ai.kernel import master

    game = _play(Game(9, 9, Rules.COUNTRIES), [(4, 4), (4, 5), (3, 4), (5, 5)])
    # Stopped by work, not by the clock (a seeded search's budget in moves; here in iterations).
    first = master.search(game, 3600, seed=7, iterations=600)
    again = master.search(game, 3600, seed=7, iterations=600)
    assert (first.move, first.positions) == (again.move, again.positions)
    assert first.positions > master.MOVES_PER_SECOND * 0.01  # the work limit that ends a seeded think


def _open_ring(blue_encloses: bool, rule_set: Rules = Rules.CLASSIC) -> Game:
    """One side's ring round three dots of the other, open at (7, 5) (or closed by (8, 5)); Blue to move."""
    ring = [(4, 4), (5, 4), (6, 4), (7, 4), (7, 6), (6, 6), (5, 6), (4, 6), (3, 5)]
    inside = [(4, 5), (5, 5), (6, 5)]
    far = [(0, 0), (0, 11), (11, 0), (11, 11), (0, 6), (11, 6)]
    outer, inner = (ring, inside + far) if blue_encloses else (inside + far, ring)
    return _play(Game(12, 12, rule_set, zone=False),
                 [point for pair in zip(outer, inner, strict=True) for point in pair])


@pytest.mark.parametrize("blue_encloses", [True, False])
def test_it_takes_a_capture_for_either_colour(blue_encloses: bool) -> None:
    # The side to move closes the ring.
    game = _open_ring(blue_encloses)
    if not blue_encloses:
        game.play((9, 9))  # Blue's ninth dot, far away: Red, the ring, is to move
    assert game.to_move is (Player.BLUE if blue_encloses else Player.RED)
    before = game.score(game.to_move)
    for seed in (1, 2, 3):
        move = _search(game, seed=seed, iterations=3000)
        after = game.copy()
        mover = after.to_move
        after.play(move)
        assert after.score(mover) == before + 3, move  # (7, 5) or (8, 5): either closes the ring


@pytest.mark.parametrize("blue_encloses", [True, False])
def test_a_search_of_a_few_iterations_still_takes_and_saves(blue_encloses: bool) -> None:
    # Closing the ring (Blue's) or blocking its closing (Red's) must win out after a handful of iterations.
    game = _open_ring(blue_encloses)
    assert game.to_move is Player.BLUE
    for seed in (1, 2, 3):
        move = _search(game, seed=seed, iterations=6)
        assert move in ((7, 5), (8, 5)), move  # closes the ring, or (Red's ring) blocks its closing


def test_the_most_visited_move_is_passed_over_when_one_reply_takes_it() -> None:
    # Red's three dots round (5, 5) wait for (5, 6): a Blue dot put in that mouth is taken by one reply.
    from ai.kernel import master, rules

    game = _play(Game(12, 12, Rules.CLASSIC, zone=False), [(0, 0), (5, 4), (0, 11), (4, 5), (11, 0), (6, 5)])
    root, geo = rules.from_game(game)
    mouth, quiet, block = 5 * 12 + 5, 8 * 12 + 8, 6 * 12 + 5
    assert master._safe(root, geo, {mouth: 10.0, quiet: 5.0}) == quiet
    assert master._safe(root, geo, {mouth: 10.0, block: 5.0, quiet: 7.0}) == quiet
    assert master._safe(root, geo, {mouth: 10.0}) == mouth  # nothing better to play
    # Where every move lets as much through, the search's choice stands.
    assert master._safe(root, geo, {quiet: 3.0, 9 * 12 + 9: 5.0}) == 9 * 12 + 9


def _ring_round_a_country() -> Game:
    """Blue's ring round Red's country of one cell, open at (7, 5); Blue to move (countries)."""
    ring = [(4, 4), (5, 4), (6, 4), (7, 4), (7, 6), (7, 7), (6, 7), (5, 7), (4, 7), (4, 6), (4, 5)]
    country = [(5, 5), (6, 5), (6, 6), (5, 6)]
    far = [(0, 0), (0, 11), (11, 0), (11, 11), (0, 9), (11, 9), (9, 11)]
    return _play(Game(12, 12, Rules.COUNTRIES, zone=False),
                 [point for pair in zip(ring, country + far, strict=True) for point in pair])


@pytest.mark.parametrize("takes_over", [True, False])
def test_a_big_takeover_is_played_where_the_search_rates_it_about_as_well_as_its_choice(takes_over: bool) -> None:
    # Closing Blue's ring at (7, 5) encloses nine cells and Red's country in them, or seven cells and three
    # dots that hold nothing (no takeover: the search's choice stands); the search preferred a quiet move.
    from ai.kernel import master, rules, uct

    game = _ring_round_a_country() if takes_over else _open_ring(True, Rules.COUNTRIES)
    assert game.to_move is Player.BLUE and game.score(Player.RED) == (1 if takes_over else 0)
    root, geo = rules.from_game(game)
    close, quiet = 5 * 12 + 7, 9 * 12 + 9
    nodes, stats, used = uct.new_tree(8)
    nodes[0, uct.T_CHILD], nodes[0, uct.T_COUNT] = 1, 2
    nodes[1:3, uct.T_MOVE] = (quiet, close)

    def chosen(share_won: float, best: int = quiet) -> int:
        stats[1, :2] = (100.0, 80.0)  # the search's choice won 80 % of its playouts
        stats[2, :2] = (50.0, 50.0 * share_won)
        return master._take(root, geo, [(nodes, stats, used)], best)

    assert chosen(0.8 - master.TAKE_LEVEL + 0.01) == (close if takes_over else quiet)
    assert chosen(0.8 - master.TAKE_LEVEL - 0.01) == quiet  # clearly worse: the search's choice stands
    assert chosen(0.5, best=close) == close
    after = game.copy()
    after.play((7, 5))
    assert after.score(Player.BLUE) == (9 if takes_over else 7)


def test_playouts_answer_the_move_before_in_countries_up_to_auto_at_1024_by_600(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ai.kernel import master, uct
    from game.input.layout import auto_size_for_window

    def local(rule_set: Rules, width: int, height: int) -> float:
        return float(master.own_weights(rule_set, width * height)[uct.P_LOCAL])

    assert auto_size_for_window((1024, 600)) == (20, 15)  # a touch laptop's «Авто», where they were measured
    assert local(Rules.COUNTRIES, 20, 15) == local(Rules.COUNTRIES, 15, 15) == local(Rules.COUNTRIES, 10, 10) == 0.5
    assert local(Rules.COUNTRIES, 21, 15) == local(Rules.COUNTRIES, 20, 20) == 0.0
    assert local(Rules.CLASSIC, 15, 15) == 0.0
    monkeypatch.setattr(master, "WEIGHTS", {uct.P_LOCAL: 0.25})  # a match's weights go above the limit too
    assert local(Rules.COUNTRIES, 20, 20) == local(Rules.CLASSIC, 15, 15) == 0.25


@pytest.mark.parametrize("widen", [0.0, 0.25, 0.5])
def test_a_widened_root_walks_only_to_its_best_moves_by_value(widen: float) -> None:
    """Ten root moves, the better the more visited: much exploration walks to the least visited, the worst.
    Widened, a walk goes only to the best ``2 + widen * sqrt(visits)`` by value (their own mean and rapid
    action value blended as UCB blends them)."""
    from ai.kernel import rules, uct

    game = _play(Game(9, 9, Rules.COUNTRIES), [(4, 4), (4, 5), (5, 4)])
    state, geo = rules.from_game(game)
    near = np.zeros(81, dtype=np.int32)
    uct.near_counts(state, geo, near)
    moves = [1 * 9 + x for x in range(9)] + [6 * 9 + 6]  # empty nodes: row 1 and (6, 6)
    visits = np.array([11.0 - i for i in range(len(moves))])  # move i: the i-th best, the best most visited
    worth = np.array([0.9 - 0.08 * i for i in range(len(moves))])
    params = uct.PARAMS.copy()
    params[uct.P_EXPLORE], params[uct.P_WIDEN] = 5.0, widen
    picked = set()
    for seed in range(20):
        nodes, stats, used = uct.new_tree(4000)
        nodes[0, uct.T_CHILD], nodes[0, uct.T_COUNT] = 1, len(moves)
        used[0] = 1 + len(moves)
        stats[0, uct.V_VISITS] = 64.0
        for i, v in enumerate(moves):
            nodes[1 + i] = (v, -1, 0, int(state[rules.S_TO_MOVE]))
            stats[1 + i] = (visits[i], worth[i] * visits[i], 0.0, 0.0)
        uct.run(state, geo, near, nodes, stats, used, uct.new_rng(seed), params, 1)
        walked = np.flatnonzero(stats[1:1 + len(moves), uct.V_VISITS] > visits)
        assert len(walked) == 1
        picked.add(int(walked[0]))
    if widen == 0.0:
        assert picked == {len(moves) - 1}  # exploration alone: the least visited, the worst
    else:
        best = int(2.0 + widen * np.sqrt(64.0))
        assert max(picked) == best - 1, picked  # the least visited of the best


def test_a_starved_search_ranks_by_value_and_a_grown_one_by_visits() -> None:
    from ai.kernel import master, uct

    nodes, stats, used = uct.new_tree(8)
    nodes[0, uct.T_CHILD], nodes[0, uct.T_COUNT] = 1, 2
    nodes[1:3, uct.T_MOVE] = (10, 20)
    stats[0, uct.V_AMAF_VISITS] = master.RANKING_PLAYOUTS
    # Move 10: visited less, but won most of the playouts that played it; move 20: the other way.
    stats[1] = (3.0, 2.0, 60.0, 45.0)
    stats[2] = (5.0, 1.0, 60.0, 12.0)
    rank = master._ranking([(nodes, stats, used)], float(uct.PARAMS[uct.P_RAVE_EQUIV]))
    assert max(rank, key=rank.__getitem__) == 10
    stats[2, uct.V_VISITS] = master.ROBUST_VISITS  # enough visits to trust them
    rank = master._ranking([(nodes, stats, used)], float(uct.PARAMS[uct.P_RAVE_EQUIV]))
    assert rank == {10: 3.0, 20: float(master.ROBUST_VISITS)}
    # Too few playouts for values to say more than the visits, won visits of a capture included.
    stats[0, uct.V_AMAF_VISITS], stats[2, uct.V_VISITS] = master.RANKING_PLAYOUTS - 1, 5.0
    rank = master._ranking([(nodes, stats, used)], float(uct.PARAMS[uct.P_RAVE_EQUIV]))
    assert rank == {10: 3.0, 20: 5.0}


def test_every_move_is_legal_on_any_board() -> None:
    rng = random.Random(5)
    for case in range(40):
        rules = Rules.CLASSIC if case % 2 else Rules.COUNTRIES
        game = Game(rng.randint(1, 8), rng.randint(1, 8), rules, zone=bool(case % 3))
        while not game.is_over and rng.random() < 0.9:
            game.play(game.random_move(rng))
        if game.is_over:
            continue
        move = _search(game, seed=case, iterations=50)
        assert game.is_legal(move), (case, game.width, game.height, move)


def test_a_full_tree_stops_growing_and_only_plays_out() -> None:
    from ai.kernel import rules, uct

    game = _play(Game(9, 9, Rules.CLASSIC), [(4, 4), (4, 5)])
    state, geo = rules.from_game(game)
    near = np.zeros(81, dtype=np.int32)
    uct.near_counts(state, geo, near)
    nodes, stats, used = uct.new_tree(8)  # no room for the root's children
    played = uct.run(state, geo, near, nodes, stats, used, uct.new_rng(1), uct.PARAMS, 50)
    assert played > 0 and used[0] == 1 and stats[0, uct.V_VISITS] == 50
    assert nodes[0, uct.T_CHILD] == -1


def test_cancel_gives_a_legal_move_at_once() -> None:
    game = _play(Game(15, 15, Rules.CLASSIC), [(7, 7), (7, 8)])
    cancel = threading.Event()
    cancel.set()
    thought = ai.think(game, "master", seconds=3600, cancel=cancel)
    assert game.is_legal(thought.move)


def test_a_cancel_during_the_search_ends_it() -> None:
    from ai.kernel import master

    game = _play(Game(15, 15, Rules.COUNTRIES), [(7, 7), (7, 8)])
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) >= 3  # asked between chunks: the third look ends the search

    found = master.search(game, 3600, cancel=cancel)
    assert game.is_legal(found.move) and len(calls) == 3


def test_several_threads_add_up_their_trees() -> None:
    from ai.kernel import master

    game = _play(Game(11, 11, Rules.CLASSIC), [(5, 5), (5, 6), (4, 5)])
    # Each tree stops on its 300 iterations (the deadline is only a net): the sum holds on a busy machine.
    found = master.search(game, 1.0, seed=3, cores=2, iterations=300, deadline=time.perf_counter() + NET_SECONDS)
    assert found.cores == 2 and found.iterations == 600 and game.is_legal(found.move)
    thought = ai.think(game, "master", seconds=0.1, cores=2)
    assert thought.kernel and thought.cores == 2


def test_a_tree_that_falls_behind_still_grows_its_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """A busy machine may starve one thread: here the second tree starts only once the first has done
    all its iterations, and must still do all of its own (the first ending does not end the others)."""
    from ai.kernel import master, uct

    first_done = threading.Event()
    done: dict[str, int] = {}
    real_run = uct.run

    def run(*args: Any) -> int:
        me = threading.current_thread()
        if me is not threading.main_thread():
            assert first_done.wait(NET_SECONDS)  # held back until the first tree has its count
        played = real_run(*args)
        done[me.name] = done.get(me.name, 0) + int(args[-1])  # its last argument: the iterations asked
        if me is threading.main_thread() and done[me.name] >= 300:
            first_done.set()
        return played

    monkeypatch.setattr(uct, "run", run)
    game = _play(Game(11, 11, Rules.CLASSIC), [(5, 5), (5, 6), (4, 5)])
    found = master.search(game, 1.0, seed=3, cores=2, iterations=300, deadline=time.perf_counter() + NET_SECONDS)
    assert sorted(done.values()) == [300, 300] and found.iterations == 600


def test_the_opening_and_the_stop_phase_are_not_the_kernels() -> None:
    assert not ai.think(Game(9, 9), "master", seconds=0.1, seed=1).kernel
    game = _play(Game(9, 9, Rules.CLASSIC), [(4, 4), (4, 5), (3, 4)])
    game.stop()
    thought = ai.think(game, "master", seconds=0.1, seed=1)
    assert not thought.kernel and game.is_legal(thought.move)


def test_the_playout_value_counts_the_margin_for_the_side_asked() -> None:
    from ai.kernel import rules, uct

    game = _play(Game(5, 5, Rules.CLASSIC, zone=False),
                 [(2, 1), (2, 2), (1, 2), (0, 0), (3, 2), (0, 4), (2, 3)])  # Blue captured (2, 2)
    state, _ = rules.from_game(game)
    assert rules.units(state, 1) == 1 and rules.units(state, 2) == 0
    weight = uct.PARAMS[uct.P_MARGIN_WEIGHT]
    blue, red = uct._value(state, 1, weight, 0.0), uct._value(state, 2, weight, 0.0)
    assert blue > 0.9 and blue + red == pytest.approx(1.0)
    # Made to win by two (dynamic komi), Blue's one capture is a loss; Red given two, a win.
    assert uct._value(state, 1, weight, 2.0) < 0.1 and uct._value(state, 2, weight, -2.0) > 0.9


def test_the_cache_folder_follows_the_sources(tmp_path: Path) -> None:
    from ai.kernel import cache

    key = cache.source_key()
    assert cache.cache_folder().name == f"numba-{key}-{cache.compiler_tag()}"
    copy = tmp_path / "kernel"
    copy.mkdir()
    for source in (ROOT / "ai" / "kernel").glob("*.py"):
        (copy / source.name).write_bytes(source.read_bytes())
    assert cache.source_key(copy) == key
    (copy / "rules.py").write_text((copy / "rules.py").read_text() + "\n# changed\n")
    assert cache.source_key(copy) != key  # a changed callee gets a new cache: numba would not notice it itself


def test_another_numba_or_python_gets_a_cache_folder_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """numba keeps its version in each index and Python's in each index's name: a cache made by another
    reads as empty, and the process that loads it (the game's) would compile every function again. A new
    folder instead is not complete, so the kernel is compiled aside, in the background child."""
    import importlib.metadata
    import types

    from ai.kernel import cache

    now = cache.folder_name()
    assert cache.compiler_tag() == f"py{sys.version_info[0]}{sys.version_info[1]}-numba{cache.numba_version()}"
    monkeypatch.setitem(sys.modules, "numba", types.SimpleNamespace(__version__="0.99.0rc1+g1a2b"))
    upgraded = cache.folder_name()
    assert upgraded != now and upgraded.endswith("-numba0.99.0rc1_g1a2b")
    assert not cache.is_complete(cache.cache_root() / upgraded)  # so the loader compiles it aside
    monkeypatch.setattr(sys, "version_info", (3, 99, 0, "final", 0))  # (no Python this runs on: 3.13 is wine's)
    assert cache.folder_name() not in (now, upgraded) and "-py399-" in cache.folder_name()
    monkeypatch.delitem(sys.modules, "numba")  # not imported yet (a build's prepare): its installed version
    assert cache.numba_version() == importlib.metadata.version("numba")


# ----- off, or unable to load: the kernel runs as plain Python -------------------------------------------------------


def _run(code: str, env: dict[str, str], tmp_path: Path) -> str:
    full = {**os.environ, **env, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=tmp_path, env=full,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


_PLAY_MASTER = """
    import logging
    logging.basicConfig(level=logging.INFO)
    from ai import kernel, think
    from engine import Game
    kernel.start()
    print("ready:", kernel.wait(600), "status:", kernel.status())
    game = Game(9, 9)
    for point in ((4, 4), (4, 5), (3, 4)):
        game.play(point)
    thought = think(game, "master", seconds=0.1, seed=1)
    print("kernel:", thought.kernel, "legal:", game.is_legal(thought.move))
"""


def test_switched_off_the_master_searches_on_the_plain_python_kernel(tmp_path: Path) -> None:
    # ai.kernel.jit sees the switch and never imports numba: the same search runs uncompiled, nothing compiles.
    out = _run(_PLAY_MASTER + "    import sys; print('numba imported:', 'numba' in sys.modules)\n",
               {kernel.SWITCH_ENV: "off"}, tmp_path)
    assert "ready: False status: off" in out and "kernel: True legal: True" in out
    assert "numba imported: False" in out
    assert "the kernel is off" in out and "as plain Python" in out  # the log says why


def test_without_numba_the_master_searches_on_the_plain_python_kernel_and_the_log_says_why(tmp_path: Path) -> None:
    broken = tmp_path / "numba"
    broken.mkdir()
    (broken / "__init__.py").write_text("raise ImportError('numba is broken here')\n")
    out = _run(_PLAY_MASTER, {kernel.SWITCH_ENV: ""}, tmp_path)
    assert "ready: False status: failed: ImportError: numba is broken here" in out
    assert "kernel: True legal: True" in out  # ai.kernel.jit's stand-in: the same search, in plain Python
    assert "the kernel could not load" in out


@pytest.mark.slow  # compiles the whole kernel afresh
def test_the_game_caches_the_kernel_in_the_folder_it_names(tmp_path: Path) -> None:
    code = f"""
        import logging
        logging.basicConfig(level=logging.INFO)
        from pathlib import Path
        from ai import kernel
        kernel.configure(Path({str(tmp_path / 'cache')!r}))
        print("ready:", kernel.wait(900))
    """
    out = _run(code, {kernel.SWITCH_ENV: ""}, tmp_path)
    assert "ready: True" in out and "in a process of its own" in out
    folders = list((tmp_path / "cache").glob("numba-*"))
    assert len(folders) == 1 and any(folders[0].rglob("*.nbi")) and (folders[0] / kernel.COMPLETE).exists()
    again = _run(code, {kernel.SWITCH_ENV: ""}, tmp_path)  # a second start loads the cache: no child
    assert "ready: True" in again and "in a process of its own" not in again


def test_geometry_comes_from_the_engine() -> None:
    from ai.kernel import rules
    from engine.grid import grid

    geo = rules.geometry(7, 5)
    g = grid(7, 5)
    assert geo[rules.G_N] == g.nodes and geo[rules.G_NQ] == g.quarters
    assert np.array_equal(geo[8:8 + 8 * g.nodes], np.array(g.neighbour, dtype=np.int32))


def test_a_local_reply_is_an_open_node_beside_the_move_before() -> None:
    from ai.kernel import rules, uct

    # Blue's (3, 3) has Red on three sides and Blue's own (2, 2) at a corner: four open nodes round it.
    game = _play(Game(7, 7, Rules.COUNTRIES, zone=False), [(3, 3), (2, 3), (2, 2), (4, 3), (0, 6), (3, 4)])
    state, geo = rules.from_game(game)
    near = np.zeros(49, dtype=np.int32)
    uct.near_counts(state, geo, near)
    last = 3 * 7 + 3
    rng = uct.new_rng(5)
    seen = {int(uct._local_reply(state, geo, near, rng, last, 1, False)) for _ in range(200)}
    points = {(v % 7, v // 7) for v in seen}
    assert points == {(3, 2), (4, 2), (4, 4), (2, 4)}
    assert all(game.is_legal(point) for point in points)

    # Every node round (0, 6) taken: no answer there.
    corner = _play(Game(7, 7, Rules.COUNTRIES, zone=False), [(0, 6), (0, 5), (3, 3), (1, 5), (5, 5), (1, 6)])
    state, geo = rules.from_game(corner)
    uct.near_counts(state, geo, near)
    assert uct._local_reply(state, geo, near, rng, 6 * 7, 1, False) == -1


def test_the_local_share_reaches_the_playouts() -> None:
    from ai.kernel import rules, uct

    game = _play(Game(9, 9, Rules.COUNTRIES, zone=False), [(4, 4), (4, 5), (3, 4), (5, 5)])
    state, geo = rules.from_game(game)
    near = np.zeros(81, dtype=np.int32)
    uct.near_counts(state, geo, near)

    def margins(local: float) -> tuple[int, float]:
        params = uct.PARAMS.copy()
        params[uct.P_LOCAL] = local
        nodes, stats, used = uct.new_tree(20_000)
        played = uct.run(state, geo, near, nodes, stats, used, uct.new_rng(3), params, 200)
        return played, float(stats[0, uct.V_AMAF_WINS])  # the playouts' margins, summed

    assert margins(1.0) != margins(0.0)
