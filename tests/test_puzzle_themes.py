"""The two themes the maker found last, «сеть» and «страна»: the maker's rules for them on small built
positions (``tools.puzzles``), and a shipped puzzle of each read and played to the end of its line."""

from __future__ import annotations

import pytest

from ai import kernel
from engine import Game, Rules
from engine.puzzle import Puzzle, Theme
from game.match.puzzles import Attempt, load_shelf
from game.paths import asset_path
from tools.puzzles import CLEAR, Step, _net_kernels, prove_net, theme_of, walled_in

# Classic, Blue to move. Two pairs of Red's, (1, 1)-(1, 2) and (3, 1)-(3, 2), each walled in by Blue but for
# two nodes: (0, 2) and (2, 2) on the left, (4, 2) and (2, 2) on the right. Blue's (2, 2) takes nothing
# yet, and then threatens both pairs: Red can save one, and Blue takes the other. Red's last three are far.
FORK = [(0, 1), (1, 1), (1, 0), (1, 2), (1, 3), (3, 1), (2, 1), (3, 2), (3, 0), (6, 6), (3, 3), (6, 4), (4, 1), (4, 6)]


def fork() -> Game:
    game = Game(7, 7, Rules.CLASSIC, zone=False)
    for p in FORK:
        game.play(p)
    return game


def diamond(centre_red: bool) -> Game:
    """Countries, Blue to move: three sides of a diamond of Blue's around (2, 2) (Red's dot, or empty)."""
    game = Game(7, 7, Rules.COUNTRIES)
    reds = [(2, 2) if centre_red else (6, 6), (6, 0), (0, 6)]
    for blue, red in zip([(2, 1), (1, 2), (3, 2)], reds, strict=True):
        game.play(blue)
        game.play(red)
    return game


def step(move: tuple[int, int], gain: int, *, net: bool = False) -> Step:
    return Step(move, gain, threat=0, margin=gain, distractors=0, net=net)


@pytest.mark.skipif(kernel.switched_off(), reason="the net's counts are the compiled kernel's")
def test_the_fork_is_proved_a_net_and_named_one() -> None:
    game = fork()
    found = prove_net(game)
    assert found is not None and found.net and found.move == (2, 2)
    assert found.gain == 0 and found.margin >= CLEAR[Rules.CLASSIC]
    assert theme_of(game, [found, step((0, 2), 2)]) is Theme.NET


@pytest.mark.skipif(kernel.switched_off(), reason="the net's counts are the compiled kernel's")
def test_the_three_move_count_sees_the_fork_and_not_a_single_threat() -> None:
    from ai.kernel import rules

    _threats, sealed = _net_kernels()
    root, geo = rules.from_game(fork())
    node = {p: p[0] + p[1] * 7 for p in [(2, 2), (0, 2), (4, 2)]}
    assert sealed(root, geo, node[(2, 2)], -10**9) == 2  # Red saves one pair, Blue takes the other
    # Threatening one pair only: Red answers at (2, 2) and Blue takes nothing next.
    assert sealed(root, geo, node[(0, 2)], -10**9) <= 0 and sealed(root, geo, node[(4, 2)], -10**9) <= 0


def test_a_country_of_an_empty_node_is_a_country_and_round_a_dot_a_capture() -> None:
    empty = diamond(centre_red=False)
    assert walled_in(empty, (2, 3)) == (1, 0, 0)
    assert theme_of(empty, [step((2, 3), 4)]) is Theme.COUNTRY
    taken = diamond(centre_red=True)
    assert walled_in(taken, (2, 3)) == (0, 1, 0)
    assert theme_of(taken, [step((2, 3), 4)]) is Theme.CAPTURE


def test_net_and_save_keep_their_order_before_country() -> None:
    empty = diamond(centre_red=False)
    assert theme_of(empty, [step((2, 3), 0)]) is Theme.SAVE  # encloses less than CLEAR: it answered a threat
    assert theme_of(empty, [step((2, 3), 0, net=True), step((2, 3), 4)]) is Theme.NET


def shipped(theme: Theme) -> Puzzle:
    return next(p for p in load_shelf(asset_path("puzzles")).puzzles if p.theme is theme)


@pytest.mark.parametrize("theme", [Theme.NET, Theme.COUNTRY])
def test_a_shipped_puzzle_of_the_theme_reads_and_its_line_completes(theme: Theme) -> None:
    puzzle = shipped(theme)
    attempt = Attempt(puzzle)
    me = puzzle.player
    before = attempt.game.score_units(me)
    while not attempt.solved:
        assert attempt.play(puzzle.line[attempt.done]).right
        if not attempt.solved:
            assert attempt.play_reply() is not None
        if attempt.done == 1 and theme is Theme.NET:
            assert attempt.game.score_units(me) == before  # the net itself takes nothing
    assert attempt.solved and attempt.stars == 3
    assert attempt.game.score_units(me) - before >= CLEAR[puzzle.rules]
    if theme is Theme.COUNTRY:
        assert puzzle.rules is Rules.COUNTRIES


@pytest.mark.skipif(kernel.switched_off(), reason="the proof's search is the compiled kernel's")
def test_a_shipped_net_is_proved_by_the_search_it_was_proved_with() -> None:
    # The game's master answers the move before in its playouts on 10×10 countries, and from some seed it
    # plays another move here; the maker's search answers nothing, as when the puzzle was made.
    from ai.kernel import master, uct
    from engine.puzzle import read_puzzle
    from tools.puzzles import FOLDER, check_one

    name = "countries-10-0252-022"
    puzzle = read_puzzle((FOLDER / f"{name}.sgf").read_bytes(), name)
    game = puzzle.start()
    assert master.own_weights(game.rules, game.width * game.height)[uct.P_LOCAL] > 0
    assert check_one(puzzle) is None
