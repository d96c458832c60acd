"""bench.match: the fair end of a classic game (where a player would press «Стоп»), how each game ended,
a master on several cores in a match."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from bench import match
from engine import Game, Player, Rules, format_score, sgf

RING = [(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3)]
"""Blue's ring round (2, 2) on a 5×5 board: a free area with one node inside."""


def walled_in(holes: list[tuple[int, int]]) -> Game:
    """Classic 5×5: Blue's ring round (2, 2) and Blue on the whole rim but ``holes``; Blue to move."""
    rim = [(x, y) for x in range(5) for y in range(5) if x in (0, 4) or y in (0, 4)]
    game = Game(5, 5, Rules.CLASSIC, setup=[(Player.BLUE, p) for p in RING + [p for p in rim if p not in holes]])
    assert game.to_move is Player.BLUE
    return game


def test_fair_end_comes_when_the_side_to_move_can_only_feed_and_not_a_move_earlier() -> None:
    game = walled_in([(0, 0), (4, 4), (4, 0)])
    assert (2, 2) in game.legal_moves()
    assert game.free_areas(Player.BLUE) and not game.free_areas(Player.RED)
    steps = []
    for move in [(0, 0), (4, 4), (4, 0)]:
        steps.append((game.to_move, match.fair_end(game)))
        game.play(move)
    # Red with (4, 0) still open outside, Blue with moves of its own: the game goes on.
    assert steps == [(Player.BLUE, False), (Player.RED, False), (Player.BLUE, False)]
    # Red to move, and its one legal move is inside Blue's ring: there it ends.
    assert game.to_move is Player.RED and game.legal_moves() == [(2, 2)]
    assert match.fair_end(game)


def test_moves_into_its_own_free_area_are_no_reason_to_stop() -> None:
    game = walled_in([(0, 0), (4, 4)])
    game.play((0, 0))
    game.play((4, 4))
    assert game.to_move is Player.BLUE and game.legal_moves() == [(2, 2)]  # inside its own ring
    assert not match.fair_end(game)


def test_no_fair_end_in_countries_or_in_a_game_that_is_over() -> None:
    game = Game(5, 5, Rules.COUNTRIES, setup=[(Player.BLUE, p) for p in RING])
    game.play((0, 0))
    assert not match.fair_end(game)
    over = walled_in([(0, 0), (4, 4), (4, 0)])
    over.finish()
    assert not match.fair_end(over)


def test_play_game_stops_at_the_fair_end_and_scores_there() -> None:
    # Seeded play (the second game of a seed-1 match): the random side is left with feeding only.
    fair = match.play_game(match.Job(2, "random", "beginner", 9, 9, Rules.CLASSIC, seed=1002, seconds=None,
                                     max_moves=81, fair_end=True))
    assert fair.ended == match.FAIR_END
    # The same game without the option goes on from there to a full board.
    full = match.play_game(match.Job(2, "random", "beginner", 9, 9, Rules.CLASSIC, seed=1002, seconds=None,
                                     max_moves=81))
    assert full.ended == match.FULL_BOARD and full.moves > fair.moves
    assert (fair.a_score, fair.b_score) == (1, 4)


def test_a_game_capped_says_so() -> None:
    result = match.play_game(match.Job(1, "random", "random", 9, 9, Rules.COUNTRIES, seed=1, seconds=None,
                                       max_moves=10, fair_end=True))
    assert (result.moves, result.ended) == (10, match.MOVE_CAP)


def test_the_match_line_of_each_game_says_how_it_ended(capsys: pytest.CaptureFixture[str]) -> None:
    assert match.main(["--a", "random", "--b", "beginner", "--games", "4", "--size", "9x9", "--rules", "classic",
                       "--fair-end", "--jobs", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(", fair end")
    games = [line for line in lines if line.startswith("game ")]
    assert len(games) == 4
    assert all(line.endswith((", fair end", ", full board", ", move cap")) for line in games)
    assert any(line.endswith(", fair end") for line in games)
    assert lines[-1].startswith("match: A wins ") and "draws" in lines[-1]
    assert "ended: " in lines[-2]


@pytest.mark.slow  # a match of the master, in two threads, against the amateur
def test_a_master_on_two_cores_plays_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert match.main(["--a", "master", "--b", "amateur", "--games", "1", "--size", "7x7", "--rules",
                       "countries", "--seconds", "0.05", "--max-moves", "6", "--cores", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "master (A) vs amateur (B): 1 games" in out and "2 cores a master" in out
    assert "up to 2 cores), move cap" in out  # the master's searches did run in two threads
    assert out.splitlines()[-1] in {"match: A wins 1, B wins 0, draws 0", "match: A wins 0, B wins 1, draws 0",
                                    "match: A wins 0, B wins 0, draws 1"}


def test_bad_cores_is_a_command_line_error() -> None:
    with pytest.raises(SystemExit):
        match.main(["--a", "random", "--b", "random", "--cores", "0"])


def test_first_plays_the_rest_of_a_series_as_the_whole_series_would(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """``--first 3 --games 2`` plays games 3 and 4 of the seed's series: the same jobs (seeds, colours, numbers)
    as a run of four games gives them, and game lines under those numbers."""
    played: list[list[match.Job]] = []

    def fake_game(job: match.Job) -> match.Result:
        played[-1].append(job)
        return match.Result(job.number, job.number % 2 == 1, Fraction(1), Fraction(0), 1, 0.0, 0.0)

    monkeypatch.setattr(match, "ProcessPoolExecutor", InProcess)
    monkeypatch.setattr(match, "play_game", fake_game)
    args = ["--a", "random", "--b", "beginner", "--size", "7x7", "--rules", "classic", "--seed", "7", "--jobs", "1"]
    played.append([])
    assert match.main([*args, "--games", "4"]) == 0
    capsys.readouterr()
    played.append([])
    assert match.main([*args, "--games", "2", "--first", "3"]) == 0
    assert played[1] == played[0][2:]
    out = capsys.readouterr().out.splitlines()
    assert "2 games from game 3, 7x7 classic, seed 7" in out[0]
    assert [line.split(":")[0] for line in out if line.startswith("game ")] == ["game   3", "game   4"]
    with pytest.raises(SystemExit):
        match.main([*args, "--first", "0"])


class InProcess:
    """``ProcessPoolExecutor`` played in this process: what a test of the match's own lines needs (spawned
    pools never return under wine, where the Windows check runs the suite)."""

    def __init__(self, *_: object, **__: object) -> None:
        pass

    def __enter__(self) -> InProcess:
        return self

    def __exit__(self, *_: object) -> None:
        pass

    map = staticmethod(map)


def test_record_writes_each_game_as_sgf_that_reads_back_to_its_score(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(match, "ProcessPoolExecutor", InProcess)
    folder = tmp_path / "games"
    assert match.main(["--a", "random", "--b", "beginner", "--games", "2", "--size", "7x7", "--rules", "classic",
                       "--jobs", "1", "--record", str(folder)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("game ")]
    assert sorted(p.name for p in folder.iterdir()) == ["game-1.sgf", "game-2.sgf"]
    for number, line in enumerate(lines, 1):
        record = sgf.read((folder / f"game-{number}.sgf").read_text(encoding="utf-8"))
        a_blue = " A blue " in line
        assert record.info["PB" if a_blue else "PW"] == "random"
        assert record.info["PW" if a_blue else "PB"] == "beginner"
        a_colour = Player.BLUE if a_blue else Player.RED
        a_score, b_score = line.split("A ", 1)[1].split(" B ")[0].split()[1::2]
        assert format_score(record.game.score(a_colour)) == a_score
        assert format_score(record.game.score(a_colour.other)) == b_score


@pytest.mark.parametrize("on_clock", [False, True])
def test_clock_lets_the_masters_search_unseeded_to_their_whole_budget(monkeypatch: pytest.MonkeyPatch,
                                                                      on_clock: bool) -> None:
    """A seeded master stops on its work count (a third of its budget on a fast machine); ``--clock`` plays it
    as the game does, unseeded, so that the clock alone ends its search."""
    asked: list[tuple[str, int | None, float | None]] = []
    real = match.think

    def spy(game: Game, level: str, **kw: object) -> object:
        asked.append((level, kw["seed"], kw["clock_seconds"]))  # type: ignore[arg-type]
        return real(game, "beginner", seconds=None, seed=1)

    monkeypatch.setattr(match, "think", spy)
    match.play_game(match.Job(1, "master", "amateur", 7, 7, Rules.CLASSIC, seed=1, seconds=0.5, max_moves=6,
                              clock=on_clock))
    masters = [(seed, clock) for level, seed, clock in asked if level == "master"]
    assert len(masters) == 3
    if on_clock:
        assert all(seed is None and clock is None for seed, clock in masters)
    else:
        assert all(seed is not None and clock == match.CLOCK_SLACK * 0.5 for seed, clock in masters)
    assert all(seed is not None for level, seed, _ in asked if level == "amateur")


def test_a_weights_reach_only_as_masters_searches_and_are_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--a-weights`` sets the master's weights around A's moves alone; B's master and the game keep their own."""
    from ai.kernel import master, uct

    seen: list[tuple[int, dict[int, float], bool]] = []
    real = match.think

    def spy(game: Game, level: str, **kw: object) -> object:
        seen.append((game.move_count, dict(master.WEIGHTS), master.READING))
        return real(game, "beginner", seconds=None, seed=1)

    monkeypatch.setattr(match, "think", spy)
    parsed = match._weights("margin_weight=0.3,Komi_Share=0.75")
    assert parsed == (("margin_weight", 0.3), ("komi_share", 0.75))
    match.play_game(match.Job(1, "master", "master", 7, 7, Rules.COUNTRIES, seed=1, seconds=0.5, max_moves=4,
                              a_weights=parsed))
    a_weights = {uct.P_MARGIN_WEIGHT: 0.3, uct.P_KOMI_SHARE: 0.75}
    # Game 1: A is Blue and moves first.
    assert seen == [(0, a_weights, True), (1, {}, True), (2, a_weights, True), (3, {}, True)]
    assert master.WEIGHTS == {} and master.READING
    monkeypatch.setattr(master, "WEIGHTS", a_weights)
    weights = master.own_weights(Rules.COUNTRIES, 7 * 7)
    assert weights[uct.P_MARGIN_WEIGHT] == 0.3 and weights[uct.P_KOMI_SHARE] == 0.75
    assert weights[uct.P_EXPLORE] == uct.PARAMS[uct.P_EXPLORE]


@pytest.mark.parametrize("weights", ["komi=0.5", "margin_weight=much", "explore=-1", "prior=nan", "explore"])
def test_weights_that_are_not_the_masters_are_refused(weights: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        match.main(["--a", "master", "--b", "master", "--a-weights", weights])
    assert "--a-weights" in capsys.readouterr().err


def test_a_weights_are_for_a_master() -> None:
    with pytest.raises(SystemExit):
        match.main(["--a", "amateur", "--b", "master", "--a-weights", "explore=0.3"])
