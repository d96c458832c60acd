"""Game records (engine/sgf.py, docs/RULES.md §4): round trips, hostile input, a real zagram game.

A record must load back into exactly the game that was saved (history, setup,
who is to move, Stop and Finish), and any text at all must give either a Game
or an SgfError, quickly.
"""

from __future__ import annotations

import contextlib
import random
import re
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import ActionKind, Game, IllegalMove, Player, Rules, sgf
from engine.about import VERSION
from engine.sgf import MAX_NODES, SgfError, dumps, loads, point_text, read_info

BLUE, RED = Player.BLUE, Player.RED
ZAGRAM = Path(__file__).resolve().parents[1] / "assets" / "samples" / "zagram-352562.sgf"
FAST = settings(deadline=timedelta(seconds=2), suppress_health_check=[HealthCheck.too_slow])
FUZZ = settings(FAST, max_examples=100)
"""The default run's fuzz: a hundred texts a test. The ``_at_length`` siblings (-m slow) try a thousand more."""
FUZZ_AT_LENGTH = settings(FAST, max_examples=1000)


def state(g: Game) -> tuple[object, ...]:
    """Everything observable about a game that a record must carry."""
    return (g.width, g.height, g.rules, g.setup, g.history, g.to_move, g.finished, g.stopped_by,
            g.is_over, g.score(BLUE), g.score(RED), sorted(g.dots()),
            [(layer.owner, layer.quarters, layer.move, layer.fade) for layer in g.layers])


def assert_round_trip(g: Game) -> str:
    text = dumps(g)
    back = loads(text)
    assert state(back) == state(g)
    assert dumps(back) == text
    return text


def play(g: Game, *points: tuple[int, int]) -> Game:
    for p in points:
        g.play(p)
    return g


def random_game(seed: int, rules: Rules, width: int, height: int, n_setup: int, n_moves: int,
                stop_at: int | None, finish: bool, swaps: bool) -> Game:
    """A random legal game; ``swaps`` sometimes hands the move to the same colour again."""
    rng = random.Random(seed)
    setup: list[tuple[Player, tuple[int, int]]] = []
    for _ in range(n_setup):
        candidate = setup + [(rng.choice([BLUE, RED]), (rng.randrange(width), rng.randrange(height)))]
        try:
            Game(width, height, rules, setup=candidate)
        except ValueError:
            continue
        setup = candidate
    g = Game(width, height, rules, setup=setup)
    for i in range(n_moves):
        if i == stop_at and rules is Rules.CLASSIC and not g.is_over:
            g.stop()
        if swaps and g.stopped_by is None and rng.random() < 0.2:
            g.pass_to(g.to_move.other)
        move = g.random_move(rng)
        if move is None:
            break
        g.play(move)
    if (stop_at is not None and stop_at >= n_moves and rules is Rules.CLASSIC and g.stopped_by is None
            and not g.is_over):
        g.stop()
    if finish:
        g.finish()
    if swaps and g.stopped_by is None and rng.random() < 0.3:
        g.pass_to(g.to_move.other)
    return g


def loops_of(text: str) -> list[tuple[int, str, bool]]:
    """Each move of a raw record: where its node starts, its value, and whether a loop is drawn."""
    return [(m.start(), m.group(2), "." in m.group(2)) for m in re.finditer(r";([BW])\[([^\]]*)\]", text)]


# ----- writing and reading back -------------------------------------------------------


class TestRoundTrip:
    def test_empty_countries_game(self) -> None:
        text = assert_round_trip(Game(20, 20))
        assert text == f"(;FF[4]GM[40]CA[UTF-8]AP[tochki-strany:{VERSION}]SZ[20]RU[countries])"

    def test_countries_game_with_a_country(self) -> None:
        g = play(Game(6, 6), (2, 1), (0, 0), (3, 2), (5, 0), (2, 3), (0, 5), (1, 2))
        assert g.score(BLUE) == 2
        text = assert_round_trip(g)
        assert text.endswith(";B[cb];W[aa];B[dc];W[fa];B[cd];W[af];B[bc])")

    def test_classic_game_with_capture(self) -> None:
        g = Game(8, 8, Rules.CLASSIC, setup=[(RED, (2, 2))])
        play(g, (2, 1), (0, 0), (3, 1), (7, 0), (4, 2), (0, 7), (3, 3), (7, 7), (2, 3), (6, 6), (1, 2))
        assert g.score(BLUE) == 1 and g.is_dead((2, 2))
        text = assert_round_trip(g)
        assert "RU[classic]" in text and "AW[cc]" in text

    def test_setup_dots(self) -> None:
        setup = [(BLUE, (19, 15)), (BLUE, (20, 16)), (RED, (20, 15)), (RED, (19, 16))]
        g = play(Game(39, 32, Rules.CLASSIC, setup=setup), (10, 10), (11, 11))
        text = assert_round_trip(g)
        assert "AB[tp][uq]AW[up][tq]" in text

    def test_setup_in_any_colour_order(self) -> None:
        setup = [(RED, (0, 0)), (BLUE, (2, 0)), (BLUE, (3, 0)), (RED, (4, 0)), (BLUE, (6, 0)), (RED, (8, 0))]
        g = Game(10, 3, Rules.COUNTRIES, setup=setup)
        assert loads(assert_round_trip(g)).setup == tuple(setup)

    def test_setup_order_that_matters(self) -> None:
        # Red's dot goes down first and Blue's ring then encloses it: the other order is illegal.
        ring = [(2, 1), (3, 2), (2, 3), (1, 2)]
        g = Game(6, 6, Rules.COUNTRIES, setup=[(RED, (2, 2))] + [(BLUE, p) for p in ring])
        assert g.is_dead((2, 2))
        assert_round_trip(g)

    def test_stop_then_the_other_player_moves_alone(self) -> None:
        g = Game(8, 8, Rules.CLASSIC, setup=[(BLUE, (0, 0))])
        play(g, (3, 3), (4, 4))
        g.stop()  # Blue stops; Red moves three times in a row
        play(g, (5, 5), (6, 6), (7, 7))
        assert g.stopped_by is BLUE and g.to_move is RED
        text = assert_round_trip(g)
        assert ";W[ee]STOP[B];W[ff];W[gg];W[hh])" in text

    def test_stop_before_any_move(self) -> None:
        g = Game(8, 8, Rules.CLASSIC, setup=[(BLUE, (0, 0))])
        g.stop()
        play(g, (3, 3))
        text = assert_round_trip(g)
        assert "AB[aa]STOP[B];W[dd])" in text

    def test_stop_then_finish(self) -> None:
        g = play(Game(38, 31, Rules.CLASSIC), (18, 15))
        g.stop()
        play(g, (17, 14))
        g.finish()
        text = assert_round_trip(g)
        assert text.endswith(";B[sp]STOP[W];B[ro]FINISH[B])")
        assert loads(text).history[-1].kind is ActionKind.FINISH

    def test_finish(self) -> None:
        g = play(Game(6, 6), (2, 1), (0, 0), (3, 2), (5, 0), (2, 3), (0, 5), (1, 2))
        g.finish()
        text = assert_round_trip(g)
        assert "RE[B+2]" in text and text.endswith("FINISH[W])")
        assert loads(text).is_over

    def test_finish_at_once(self) -> None:
        g = Game(5, 5)
        g.finish()
        assert assert_round_trip(g).endswith("RE[0]FINISH[B])")

    def test_half_cell_result(self) -> None:
        g = play(Game(6, 6), (2, 2), (0, 0), (3, 2), (5, 0), (3, 3))
        g.finish()
        assert "RE[B+0.5]" in assert_round_trip(g)

    def test_red_to_move_first_and_last(self) -> None:
        g = Game(5, 5)
        g.pass_to(RED)
        assert "PL[W]" in assert_round_trip(g)
        play(g, (1, 1), (2, 2))
        g.pass_to(BLUE)  # Blue twice in a row at the end, as a loaded record may have it
        text = assert_round_trip(g)
        assert text.endswith(";W[bb];B[cc];PL[B])")

    def test_consecutive_moves_of_one_colour(self) -> None:
        g = play(Game(5, 5), (1, 1))
        g.pass_to(BLUE)
        play(g, (2, 2), (3, 3))
        assert [a.player for a in g.history] == [BLUE, BLUE, RED]
        assert_round_trip(g)

    def test_non_square_board(self) -> None:
        g = play(Game(39, 32, Rules.COUNTRIES), (38, 31), (0, 31))
        text = assert_round_trip(g)
        assert "SZ[39:32]" in text and ";B[MF];W[aF]" in text

    def test_fifty_two_columns(self) -> None:
        assert point_text((0, 0)) == "aa"
        assert point_text((25, 26)) == "zA"
        assert point_text((51, 51)) == "ZZ"
        g = play(Game(52, 52), (51, 51), (26, 0), (25, 1), (0, 51))
        text = assert_round_trip(g)
        assert "SZ[52]" in text and ";B[ZZ];W[Aa];B[zb];W[aZ])" in text

    def test_one_node_board(self) -> None:
        g = play(Game(1, 1), (0, 0))
        assert g.is_over
        assert_round_trip(g)

    def test_countries_is_not_default_on_load(self) -> None:
        assert loads("(;GM[40]SZ[9])").rules is Rules.CLASSIC
        assert loads("(;GM[40]SZ[9]RU[Punish=0,Holes=1])").rules is Rules.CLASSIC
        assert loads("(;GM[40]SZ[9]RU[classic])").rules is Rules.CLASSIC
        assert loads("(;GM[40]SZ[9]RU[countries])").rules is Rules.COUNTRIES
        assert loads("(;GM[40]SZ[9]RU[ Countries ])").rules is Rules.COUNTRIES

    def test_result_is_not_read_back(self) -> None:
        g = loads("(;FF[4]GM[40]SZ[9]RU[countries]RE[W+R];B[bb];W[cc])")
        assert not g.finished and len(g.history) == 2

    def test_loop_text_after_a_move_is_ignored(self) -> None:
        g = loads("(;GM[40]SZ[6]RU[countries];B[cb];W[aa];B[dc];W[fa];B[cd];W[af];B[bc.cbdccdbccb])")
        assert g.score(BLUE) == 2

    def test_bytes_and_bom(self) -> None:
        g = play(Game(7, 5, Rules.COUNTRIES), (1, 1))
        text = dumps(g, info={"PB": "Синий"})
        assert state(loads(text.encode())) == state(g)
        assert state(loads(bytearray(("\ufeff" + text).encode()))) == state(g)
        assert state(loads("\ufeff" + text)) == state(g)

    def test_setup_rectangles_and_separate_setup_nodes(self) -> None:
        g = loads("(;GM[40]SZ[9]AB[aa:bc];AW[ii][]PL[W];W[ee])")
        assert g.setup == tuple([(BLUE, (x, y)) for y in range(3) for x in range(2)] + [(RED, (8, 8))])
        assert [a.player for a in g.history] == [RED] and g.to_move is BLUE


@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(list(Rules)),
       width=st.one_of(st.integers(1, 12), st.just(52)), height=st.integers(1, 12),
       n_setup=st.integers(0, 8), n_moves=st.integers(0, 60),
       stop_at=st.none() | st.integers(0, 60), finish=st.booleans(), swaps=st.booleans())
@FAST
def test_random_games_round_trip(seed: int, rules: Rules, width: int, height: int, n_setup: int,
                                 n_moves: int, stop_at: int | None, finish: bool, swaps: bool) -> None:
    g = random_game(seed, rules, width, height, n_setup, n_moves, stop_at, finish, swaps)
    assert_round_trip(g)


def test_long_random_games_round_trip() -> None:
    for seed, rules in enumerate([Rules.COUNTRIES, Rules.CLASSIC] * 3):
        g = random_game(seed, rules, 30, 25, 6, 400, 300 if seed % 4 == 1 else None, seed % 3 == 0, False)
        assert_round_trip(g)


# ----- text properties ----------------------------------------------------------------


class TestEscaping:
    def test_brackets_and_backslashes_in_text(self) -> None:
        comment = "a]b\\c\\]d\\\\]\nконец\\"
        text = dumps(Game(5, 5), info={"C": comment, "PB": "Митрандир", "GN": "]["})
        assert "C[a\\]b\\\\c\\\\\\]d\\\\\\\\\\]\nконец\\\\]" in text
        info = read_info(text)
        assert info["C"] == comment and info["PB"] == "Митрандир" and info["GN"] == "]["
        assert state(loads(text)) == state(Game(5, 5))

    def test_soft_line_break_and_escaped_characters(self) -> None:
        assert read_info("(;C[one\\\ntwo\\\r\nthree \\x\\:])")["C"] == "onetwothree x:"

    def test_escaped_bracket_in_an_ignored_property(self) -> None:
        g = loads("(;GM[40]SZ[5]C[move B[aa\\] is a trap \\\\];B[bb])")
        assert g.history[0].point == (1, 1)

    def test_info_must_be_text_under_a_free_name(self) -> None:
        with pytest.raises(ValueError, match="written by dumps"):
            dumps(Game(5, 5), info={"SZ": "9"})
        with pytest.raises(ValueError, match="capital letters"):
            dumps(Game(5, 5), info={"pb": "x"})
        with pytest.raises(TypeError, match="text"):
            dumps(Game(5, 5), info={"PB": 5})  # type: ignore[dict-item]
        with pytest.raises(TypeError):
            dumps("not a game")  # type: ignore[arg-type]


# ----- structure: variations and nesting -------------------------------------------------


class TestStructure:
    def test_main_line_is_the_first_variation(self) -> None:
        text = "(;GM[40]SZ[9]RU[countries];B[aa](;W[bb](;B[cc])(;B[bb]))(;W[aa]C[x])(;W[zz]))"
        g = loads(text)
        assert [a.point for a in g.history] == [(0, 0), (1, 1), (2, 2)]

    def test_variations_are_ignored_even_when_broken(self) -> None:
        g = loads("(;GM[40]SZ[5];B[aa](;W[bb])(;W[aa];B[ZZ]XY[?](;W[])))")
        assert len(g.history) == 2

    def test_deep_nesting_of_the_main_line(self) -> None:
        g = random_game(7, Rules.COUNTRIES, 52, 52, 0, 1500, None, False, False)
        opens = [f"(;{'B' if a.player is BLUE else 'W'}[{point_text(a.point)}]" for a in g.history
                 if a.point is not None]
        assert len(opens) > 1000  # well past Python's recursion limit
        root = "(;GM[40]SZ[52]RU[countries]"
        # Each move opens a tree that holds the next move as its first variation.
        assert loads(root + "".join(opens) + ")" * (len(opens) + 1)).history == g.history
        # The same with a second variation (an illegal move) after the first at every level.
        text = root + "".join(opens) + ")" + "(;B[ZZ];W[ZZ]))" * (len(opens) - 1) + ")"
        assert loads(text).history == g.history

    def test_deep_empty_nesting(self) -> None:
        depth = MAX_NODES - 1
        g = loads("(;GM[40]SZ[5]" + "(;" * depth + ")" * (depth + 1))
        assert g.history == ()

    def test_only_the_first_game_tree_is_read(self) -> None:
        g = loads("(;GM[40]SZ[5];B[aa])(;GM[1]SZ[99];B[zz]) and junk ((")
        assert len(g.history) == 1

    def test_unknown_properties_are_ignored(self) -> None:
        g = loads("(;FF[4]GM[40]SZ[5]XX[1][2]TM[600]BL[1.5];B[aa]BL[614.7]ZZZ[];W[bb]WL[630])")
        assert len(g.history) == 2

    def test_old_style_property_names(self) -> None:
        g = loads("(;GaMe[40]SiZe[5]AddBlack[aa];Black[cc])")
        assert g.setup == ((BLUE, (0, 0)),) and g.history[0].point == (2, 2)


# ----- hostile input ----------------------------------------------------------------------


def error(text: object) -> str:
    with pytest.raises(SgfError) as info:
        loads(text)  # type: ignore[arg-type]
    return str(info.value)


class TestHostile:
    def test_every_truncation_is_an_error(self) -> None:
        g = Game(8, 8, Rules.CLASSIC, setup=[(BLUE, (0, 0))])
        play(g, (3, 3), (4, 4))
        g.stop()
        play(g, (5, 5))
        g.finish()
        text = dumps(g, info={"C": "a]b\\c"})
        for i in range(len(text)):
            assert error(text[:i])

    @pytest.mark.parametrize("text", ["", "   ", ";GM[40]SZ[5]", "(GM[40]SZ[5])", "x(;GM[40]SZ[5])", "()",
                                      "GM[40]", "("])
    def test_missing_start(self, text: str) -> None:
        msg = error(text)
        assert "(;" in msg or "cut short" in msg

    def test_game_type(self) -> None:
        assert "GM is missing" in error("(;SZ[5])")
        assert "GM[1] is not Dots" in error("(;GM[1]SZ[5])")
        assert "is not Dots" in error("(;GM[forty]SZ[5])")

    @pytest.mark.parametrize(("sz", "words"), [
        (None, "SZ (board size) is missing"), ("0", "at least one"), ("5:0", "at least one"),
        ("53", "too large"), ("52:53", "too large"), ("100:5", "too large"), ("9" * 5000, "too large"),
        ("abc", "not a board size"), ("-5", "not a board size"), ("5:5:5", "not a board size"),
        ("", "not a board size"), ("5.5", "not a board size")])
    def test_board_size(self, sz: str | None, words: str) -> None:
        text = "(;GM[40]" + (f"SZ[{sz}]" if sz is not None else "") + ")"
        assert words in error(text)

    def test_largest_and_smallest_boards(self) -> None:
        assert (loads("(;GM[40]SZ[52])").width, loads("(;GM[40]SZ[1:52])").height) == (52, 52)
        assert loads("(;GM[40]SZ[ 007 : 3 ])").width == 7

    @pytest.mark.parametrize(("move", "words"), [
        ("B[fa]", "off the 5×5 board"), ("W[aZ]", "off the 5×5 board"), ("B[a]", "is not a node"),
        ("B[abc]", "is not a node"), ("B[a1]", "is not a node"), ("B[ab:cd]", "is not a node"),
        ("B[]", "empty move"), ("B[ ab]", "is not a node"), ("B[аб]", "is not a node"),
        ("B[aa][bb]", "exactly one value"), ("B[aa]W[bb]", "both a B and a W")])
    def test_bad_moves(self, move: str, words: str) -> None:
        msg = error(f"(;GM[40]SZ[5];W[ee];{move})")
        assert words in msg
        if "both" not in msg:
            assert msg.startswith("move 2 ")

    def test_move_onto_a_taken_node(self) -> None:
        msg = error("(;GM[40]SZ[5]RU[countries];B[aa];W[bb];B[cc];W[aa])")
        assert msg.startswith("move 4 (W[aa])") and "taken" in msg

    def test_move_into_a_country(self) -> None:
        msg = error("(;GM[40]SZ[6]RU[countries];B[cb];W[aa];B[dc];W[fa];B[cd];W[af];B[bc];W[cc])")
        assert msg.startswith("move 8 (W[cc])") and "inside a country" in msg

    def test_move_into_a_surrounded_area(self) -> None:
        msg = error("(;GM[40]SZ[8]RU[classic]AW[cc];B[cb];W[aa];B[db];W[ha];B[ec];W[ah];B[dd];W[hh];"
                    "B[cd];W[gg];B[bc];W[dc])")
        assert msg.startswith("move 12 (W[dc])") and "surrounded area" in msg

    def test_classic_first_move_outside_the_zone(self) -> None:
        assert error("(;GM[40]AP[tochki-strany]SZ[38:31];B[aa])").startswith("move 1 (B[aa])")

    def test_bad_setup(self) -> None:
        assert "second dot on aa" in error("(;GM[40]SZ[5]AB[aa]AW[aa])")
        assert "bad setup" in error("(;GM[40]SZ[5]RU[countries]AB[ab][ba][cb][bc]AW[bb])")
        assert "off the" in error("(;GM[40]SZ[5]AB[ff])")
        assert "not a node" in error("(;GM[40]SZ[5]AB[a])")
        assert "after the first move" in error("(;GM[40]SZ[5];B[aa];AW[cc])")
        assert "AE" in error("(;GM[40]SZ[5]AB[aa];AE[aa])")

    def test_stop_and_finish_that_cannot_be(self) -> None:
        assert "classic game only" in error("(;GM[40]SZ[5]RU[countries];B[aa]STOP[W])")
        assert "already stopped" in error("(;GM[40]SZ[5]AB[ee];B[aa]STOP[W];B[bb]STOP[W])")
        assert "pressed Stop and may not move" in error("(;GM[40]SZ[5]AB[ee];B[aa]STOP[W];W[bb])")
        assert "game is over" in error("(;GM[40]SZ[5]AB[ee];B[aa]FINISH[W];W[bb])")
        assert "already finished" in error("(;GM[40]SZ[5]AB[ee];B[aa]FINISH[W];FINISH[B])")
        assert "must be B or W" in error("(;GM[40]SZ[5]AB[ee];B[aa]STOP[X])")
        assert "must be B or W" in error("(;GM[40]SZ[5]PL[red])")

    @pytest.mark.parametrize(("text", "words"), [
        ("(;GM[40]SZ[5]B)", "has no value"), ("(;GM[40]SZ[5]B", "cut short"), ("(;GM[40]SZ[5]C[abc", "cut short"),
        ("(;GM[40]SZ[5]C[abc\\])", "cut short"), ("(;GM[40]SZ[5]5[x])", "unexpected character"),
        ("(;GM[40]SZ[5](B[aa]))", "must start with ';'"), ("(;GM[40]SZ[5](;B[aa])W[bb])", "outside a node"),
        ("(;GM[40]SZ[5]ü[x])", "unexpected character"), ("(;GM[40]\nSZ[5]\n  {)", "line 3, column 3"),
        ("(;GM[40]SZ[5];B[aa]", "not closed")])
    def test_syntax(self, text: str, words: str) -> None:
        assert words in error(text)

    def test_not_text(self) -> None:
        for value in (None, 5, 4.0, ["(;GM[40]SZ[5])"], {"GM": "40"}, Game(5, 5)):
            assert "is text" in error(value)
        assert "not UTF-8" in error(b"(;GM[40]SZ[5]C[\xff\xfe])")

    def test_huge_input(self) -> None:
        huge = "(;GM[40]SZ[5]C[" + "x" * sgf.MAX_INPUT + "])"
        assert "too large" in error(huge)
        assert "too large" in error(huge.encode())

    def test_too_many_nodes_or_values(self) -> None:
        assert "too many nodes" in error("(;GM[40]SZ[5]" + ";" * sgf.MAX_NODES + ")")
        assert "too many nodes" in error("(;" + "(;" * sgf.MAX_NODES)
        assert "too many property values" in error("(;GM[40]SZ[5]C" + "[]" * sgf.MAX_VALUES + ")")


SGF_ALPHABET = "(;)[]\\ \n:.BWABGMSZRUPLSTOPFINISH0123456789abcdezAZ"


ARBITRARY = st.one_of(st.text(max_size=300), st.text(alphabet=SGF_ALPHABET, max_size=300), st.binary(max_size=300))


def loads_or_refuses(text: str | bytes) -> None:
    with contextlib.suppress(SgfError):
        assert isinstance(loads(text), Game)
    with contextlib.suppress(SgfError):
        assert isinstance(read_info(text), dict)


@given(ARBITRARY)
@FUZZ
def test_fuzz_arbitrary_text(text: str | bytes) -> None:
    loads_or_refuses(text)


@pytest.mark.slow  # the same fuzz at length: a thousand texts, seconds of generating and parsing
@given(ARBITRARY)
@FUZZ_AT_LENGTH
def test_fuzz_arbitrary_text_at_length(text: str | bytes) -> None:
    loads_or_refuses(text)


def _fuzz_base() -> list[str]:
    g = Game(8, 8, Rules.CLASSIC, setup=[(BLUE, (0, 0)), (RED, (7, 7))])
    play(g, (2, 1), (0, 1), (3, 2), (7, 0), (2, 3), (0, 7), (1, 2), (2, 2))
    g.stop()
    play(g, (5, 5), (6, 6))
    g.finish()
    countries = play(Game(6, 5), (2, 1), (0, 0), (3, 2), (5, 0), (2, 3), (0, 4), (1, 2))
    base = [dumps(g, info={"C": "x]y\\z"}), dumps(countries)]
    if ZAGRAM.is_file():  # its own tests fail loudly when it is missing
        base.append(ZAGRAM.read_text(encoding="utf-8")[:700] + ")")
    return base


FUZZ_BASE = _fuzz_base()
MUTATION = st.tuples(st.sampled_from(["delete", "insert", "replace", "truncate", "duplicate"]),
                     st.floats(0, 1), st.integers(1, 12), st.sampled_from(SGF_ALPHABET))


@given(st.sampled_from(FUZZ_BASE), st.lists(MUTATION, min_size=1, max_size=6))
@FUZZ
def test_fuzz_mutated_records(base: str, mutations: list[tuple[str, float, int, str]]) -> None:
    mutated_loads_or_refuses(base, mutations)


@pytest.mark.slow  # the same fuzz at length: a thousand mutated records, seconds of parsing
@given(st.sampled_from(FUZZ_BASE), st.lists(MUTATION, min_size=1, max_size=6))
@FUZZ_AT_LENGTH
def test_fuzz_mutated_records_at_length(base: str, mutations: list[tuple[str, float, int, str]]) -> None:
    mutated_loads_or_refuses(base, mutations)


def mutated_loads_or_refuses(base: str, mutations: list[tuple[str, float, int, str]]) -> None:
    text = base
    for kind, where, length, char in mutations:
        i = int(where * len(text))
        if kind == "delete":
            text = text[:i] + text[i + length:]
        elif kind == "insert":
            text = text[:i] + char * length + text[i:]
        elif kind == "replace":
            text = text[:i] + char + text[i + 1:]
        elif kind == "truncate":
            text = text[:i]
        else:
            text = text[:i] + text[i:i + length * 3] + text[i:]
    with contextlib.suppress(SgfError):
        assert isinstance(loads(text), Game)


# ----- a real game from zagram.org ---------------------------------------------------------


@pytest.fixture(scope="module")
def zagram() -> str:
    assert ZAGRAM.is_file(), f"the zagram sample is missing: expected it at {ZAGRAM}"
    return ZAGRAM.read_text(encoding="utf-8")


def test_zagram_header_and_setup(zagram: str) -> None:
    g = loads(zagram)
    assert (g.width, g.height, g.rules) == (39, 32, Rules.CLASSIC)
    assert len(g.setup) == 16 and g.setup[0] == (BLUE, (11, 10)) and g.setup[8] == (RED, (11, 11))
    assert len(g.history) == len(loops_of(zagram)) == 244
    assert read_info(zagram)["PB"] == "Митрандир"
    assert state(loads(zagram.encode("utf-8"))) == state(g)
    assert_round_trip(g)


def test_zagram_captures_happen_exactly_at_the_drawn_loops(zagram: str) -> None:
    """Every prefix loads, and the captures change at the moves zagram drew a loop for, only there."""
    moves = loops_of(zagram)
    assert sum(loop for _, _, loop in moves) >= 10
    before: tuple[object, ...] = (0, 0, frozenset())
    wrong = []
    for i, (_, value, loop) in enumerate(moves):
        end = moves[i + 1][0] if i + 1 < len(moves) else zagram.rindex(")")
        g = loads(zagram[:end] + ")")
        assert len(g.history) == i + 1
        after = (g.score(BLUE), g.score(RED), frozenset(p for p, _, dead in g.dots() if dead))
        if (after != before) != loop:
            wrong.append(f"move {i + 1} {value}: loop drawn {loop}, score {before[:2]} -> {after[:2]}")
        before = after
    assert not wrong, "\n".join(wrong)
    assert (before[0], before[1]) == (3, 60)


def test_foreign_classic_record_may_open_outside_the_zone() -> None:
    game = sgf.loads("(;FF[4]GM[40]SZ[38:31];B[aa];W[bb])")
    assert game.rules is Rules.CLASSIC and game.move_count == 2
    with pytest.raises(sgf.SgfError, match="zone"):
        sgf.loads("(;FF[4]GM[40]AP[tochki-strany]SZ[38:31]RU[classic];B[aa])")
    free = Game(38, 31, Rules.CLASSIC, zone=False)
    free.play((0, 0))
    again = sgf.loads(sgf.dumps(free))
    assert not again.zone_rule and again.dot_at((0, 0)) is Player.BLUE


def test_the_stopping_player_moves_no_more() -> None:
    game = Game(8, 8, Rules.CLASSIC, setup=[(Player.BLUE, (0, 0))])
    game.play((3, 3))
    game.stop()
    assert game.to_move is Player.BLUE and game.is_legal((4, 4))
    with pytest.raises(IllegalMove, match="Stop"):
        game.pass_to(Player.RED)
    with pytest.raises(IllegalMove, match="Stop"):
        game.play((4, 4), player=Player.RED)
    assert game.to_move is Player.BLUE and game.move_count == 1
