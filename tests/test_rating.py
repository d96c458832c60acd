"""Issue 30: the rating against the computer, «По силам» and games without takebacks.

The arithmetic (Elo's expected score and update, the ladder's ratings from the measured differences), the
rating replayed from the finished games kept (so a lost or damaged summary changes nothing), «По силам»
picking the strength nearest the rating, the rungs between the amateur and the master searching a share of
its budget seeded, the written set-up's new fields against hostile values, and, by posted events, a game set
up without takebacks refusing «Отменить» and saying so in its record.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta

import pygame
import pytest
from driving import click, key, press, step, step_until
from test_game_scenes import grid_px, start_play

from ai import Level, budget
from ai.ladder import ANCHOR, RATINGS, RUNGS, STEPS, Rung, difference, expected, fitting, rating_of, rung
from engine import Game, Player, Point, Rules, sgf
from game.control import Control
from game.match.opponent import ComputerOpponent
from game.match.settings import ComputerSettings, MatchSettings, SetupError
from game.scenes.picker import PickerScene
from game.scenes.play import PlayScene
from game.scenes.rating import label_tops
from game.scenes.results import ResultsScene
from game.scenes.versus import VersusScene
from game.storage import history, rating
from game.storage.library import record_setup
from game.strings import t

# ----- the arithmetic ---------------------------------------------------------------------------------


def test_expected_scores_follow_elo_and_difference_is_their_inverse() -> None:
    assert expected(1500, 1500) == 0.5
    assert expected(1800, 1400) == pytest.approx(10 / 11)  # 400 points: ten to one
    assert expected(1400, 1800) == pytest.approx(1 / 11)
    assert expected(1234, 1000) + expected(1000, 1234) == pytest.approx(1.0)
    for score in (0.1, 0.25, 0.5, 0.825, 0.95):
        assert expected(difference(score), 0) == pytest.approx(score)
    assert difference(0.825) == pytest.approx(269.4, abs=0.1)  # amateur against beginner, 33 of 40 points
    for score in (0.0, 1.0, -0.5):
        with pytest.raises(ValueError):
            difference(score)


def test_one_game_moves_the_rating_by_k_times_the_surprise() -> None:
    assert rating.K == 32
    assert rating.after(1000, 1000, "won") == pytest.approx(1016)
    assert rating.after(1000, 1000, "drawn") == pytest.approx(1000)
    assert rating.after(1000, 1000, "lost") == pytest.approx(984)
    # 400 below: a win gains 32 × 10/11, a loss costs 32 × 1/11
    assert rating.after(1000, 1400, "won") == pytest.approx(1000 + 320 / 11)
    assert rating.after(1000, 1400, "lost") == pytest.approx(1000 - 32 / 11)
    assert rating.after(1400, 1000, "drawn") == pytest.approx(1400 - 32 * (10 / 11 - 0.5))


def test_the_ladder_sums_the_measured_steps_from_the_beginner_up() -> None:
    assert [r.name for r in RUNGS] == ["beginner", "amateur", "master/64", "master/16", "master/4", "master"]
    for rules in Rules:
        ratings = [RATINGS[rules][r.name] for r in RUNGS]
        assert ratings[0] == ANCHOR == rating.START
        assert [b - a for a, b in zip(ratings, ratings[1:], strict=False)] == list(STEPS[rules])
        assert ratings == sorted(ratings)  # each rung stronger than the one below
        assert rating_of(rules, Rung(Level.MASTER, 16)) == RATINGS[rules]["master/16"]
    with pytest.raises(ValueError):
        rung("master/3")


def test_fits_picks_the_rung_nearest_the_rating() -> None:
    for rules in Rules:
        ratings = RATINGS[rules]
        for r in RUNGS:
            assert fitting(rules, ratings[r.name]) == r
            assert fitting(rules, ratings[r.name] + 1) == r
        assert fitting(rules, -500).name == "beginner" and fitting(rules, 9000).name == "master"
        # halfway between two rungs: the weaker
        low, high = ratings["amateur"], ratings["master/64"]
        assert fitting(rules, (low + high) / 2).name == "amateur"
        assert fitting(rules, (low + high) / 2 + 1).name == "master/64"


# ----- from the history ---------------------------------------------------------------------------------

LOSER = Player.RED


def _finished() -> Game:
    """A finished 5×5 game that Blue wins (Blue rings Red's dot)."""
    game = Game(5, 5)
    for p in [(1, 0), (1, 1), (0, 1), (4, 4), (2, 1), (4, 3), (1, 2)]:
        game.play(p)
    game.finish()
    assert game.winner is Player.BLUE
    return game


def _keep(games: list[tuple[Level, int, bool, bool]], rules: Rules = Rules.COUNTRIES, hints: int = 0) -> None:
    """Keep ``games``: (level, share, the person won, takebacks allowed), an hour apart."""
    game = _finished() if rules is Rules.COUNTRIES else None
    start = datetime(2025, 1, 18, 12, 0)
    for i, (level, share, won, takebacks) in enumerate(games):
        played = game if game is not None else _classic_finished()
        human = Player.BLUE if won else Player.RED
        settings = MatchSettings(rules, 5, 5, ComputerSettings(level, human, share, takebacks=takebacks))
        kept = history.keep_game(played, settings, None, hints=hints, now=start + timedelta(hours=i))
        assert kept.facts is not None


def _classic_finished() -> Game:
    game = Game(5, 5, Rules.CLASSIC, zone=False)
    for p in [(1, 0), (1, 1), (0, 1), (4, 4), (2, 1), (4, 3), (1, 2)]:
        game.play(p)
    game.finish()
    return game


def test_the_rating_is_replayed_from_the_history_and_survives_a_lost_or_damaged_summary(data_dir: object) -> None:
    history.forget()
    _keep([(Level.BEGINNER, 1, True, False), (Level.AMATEUR, 1, True, False), (Level.MASTER, 16, False, False),
           (Level.AMATEUR, 1, False, True)])  # the last allowed takebacks: not rated
    games = history.load().games
    assert [g.no_takebacks for g in games] == [True, True, True, False] and games[2].share == 16
    ratings = RATINGS[Rules.COUNTRIES]
    want = rating.after(rating.START, ratings["beginner"], "won")
    want = rating.after(want, ratings["amateur"], "won")
    want = rating.after(want, ratings["master/16"], "lost")
    steps = rating.steps(games, Rules.COUNTRIES)
    assert [(s.opponent.name, s.outcome) for s in steps] == [("beginner", "won"), ("amateur", "won"),
                                                             ("master/16", "lost")]
    assert rating.current(games, Rules.COUNTRIES) == pytest.approx(want)
    assert rating.current(games, Rules.CLASSIC) == rating.START  # a rating a rule set
    summary = history.history_dir() / history.SUMMARY_FILE
    summary.unlink()
    history.forget()
    assert rating.current(history.load().games, Rules.COUNTRIES) == pytest.approx(want)
    for damage in (b"{not json", json.dumps({"version": 1, "games": [{"file": "x.sgf", "share": 3}]}).encode(),
                   b"\x00" * 100):
        summary.write_bytes(damage)
        history.forget()
        again = history.load()
        assert rating.current(again.games, Rules.COUNTRIES) == pytest.approx(want)
        assert [n.key for n in again.notices] == ["history.rebuilt"]


def test_games_with_takebacks_or_hints_or_two_players_do_not_move_the_rating(data_dir: object) -> None:
    history.forget()
    _keep([(Level.MASTER, 1, True, True), (Level.MASTER, 1, True, True)])
    _keep([(Level.MASTER, 1, True, False)], hints=1)
    history.keep_game(_finished(), MatchSettings(Rules.COUNTRIES, 5, 5), None, now=datetime(2025, 2, 1))
    games = history.load().games
    assert len(games) == 4 and not any(rating.rated(g) for g in games)
    assert rating.current(games, Rules.COUNTRIES) == rating.START
    assert rating.fits(games, Rules.COUNTRIES).name == "beginner"


def test_fits_follows_the_rating_up_as_the_player_wins(data_dir: object) -> None:
    history.forget()
    _keep([(Level.AMATEUR, 1, True, False)] * 12, rules=Rules.CLASSIC)
    games = history.load().games
    now = rating.current(games, Rules.CLASSIC)
    assert now > rating.START + 100
    assert rating.fits(games, Rules.CLASSIC) == fitting(Rules.CLASSIC, now)
    assert rating.fits(games, Rules.COUNTRIES).name == "beginner"


def test_a_hostile_share_or_flag_in_the_facts_is_refused() -> None:
    good = history.facts_of(_finished(), MatchSettings(Rules.COUNTRIES, 5, 5, ComputerSettings(
        Level.MASTER, Player.BLUE, 4, takebacks=False)), None, when=datetime(2025, 1, 1)).to_json()
    good["file"] = "a.sgf"
    assert history.Finished.from_json(good).share == 4
    old = {k: v for k, v in good.items() if k not in ("share", "no_takebacks")}  # written before issue 30
    facts = history.Finished.from_json(old)
    assert (facts.share, facts.no_takebacks) == (1, False)
    for field, value in (("share", 3), ("share", 16.0), ("share", True), ("share", -4), ("no_takebacks", 1),
                         ("no_takebacks", "yes")):
        with pytest.raises(ValueError):
            history.Finished.from_json({**good, field: value})
    with pytest.raises(ValueError):
        history.Finished.from_json({**good, "level": "amateur", "share": 16})


# ----- the set-up ---------------------------------------------------------------------------------------


def test_the_written_set_up_keeps_share_takebacks_and_fits_and_refuses_odd_ones() -> None:
    plain = ComputerSettings(Level.AMATEUR, Player.RED)
    assert plain.to_json() == {"level": "amateur", "human": "red"}  # as written before issue 30
    chosen = ComputerSettings(Level.MASTER, Player.RED, 64, takebacks=False, fits=True)
    assert ComputerSettings.from_json(chosen.to_json()) == chosen
    assert ComputerSettings.from_json({"level": "master", "human": "blue"}).takebacks
    for odd in ({"share": 3}, {"share": "16"}, {"share": True}, {"share": 10 ** 30}, {"level": "amateur", "share": 16},
                {"takebacks": "no"}, {"takebacks": 0}, {"fits": None}, {"fits": [1]}):
        with pytest.raises(SetupError):
            ComputerSettings.from_json({"level": "master", "human": "blue", **odd})
    with pytest.raises(ValueError):
        ComputerSettings(Level.BEGINNER, share=4)
    assert not MatchSettings(computer=chosen).takebacks and MatchSettings().takebacks


def test_a_rung_searches_a_share_of_the_masters_budget_seeded() -> None:
    asked: list[tuple[str, float | None, int | None]] = []
    clocks: list[float | None] = []

    def chooser(game: Game, level: str, *, seconds: float | None = None, seed: int | None = None,
                clock_seconds: float | None = None) -> Point:
        asked.append((level, seconds, seed))
        clocks.append(clock_seconds)
        return max(game.legal_moves())

    for settings, seconds in ((ComputerSettings(Level.MASTER, Player.BLUE, 16), None),
                              (ComputerSettings(Level.MASTER, Player.BLUE, 4), 2.0),
                              (ComputerSettings(Level.MASTER, Player.BLUE), None)):
        opponent = ComputerOpponent.against(settings, chooser=chooser, seconds=seconds)
        game = Game(15, 15)
        game.play((7, 7))
        opponent.request(game)
        opponent.join(30)
        assert opponent.poll() is not None
    (l16, s16, seed16), (l4, s4, seed4), (l1, s1, seed1) = asked
    assert l16 == l4 == l1 == "master"
    assert s16 == pytest.approx(budget("master", 15, 15) / 16) and seed16 is not None
    assert s4 == pytest.approx(0.5) and seed4 is not None
    assert s1 is None and seed1 is None  # the master itself: its own budget, on the clock and every core
    # a rung's clock stops it only at the master's whole budget: its work count ends it, not a busy machine
    assert clocks == [pytest.approx(budget("master", 15, 15))] * 2 + [None]


def test_a_rungs_clock_is_the_masters_whole_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rung searches its share's work count with the master's whole budget as the clock's hard limit: on a
    busy machine its count, not the deadline, ends it (the deadline the kernel is handed is read here)."""
    import time

    import ai
    from ai import kernel, think
    from ai.kernel import master as compiled
    from bench.levels import mid_game

    assert kernel.wait(900)
    handed: list[tuple[float, float]] = []
    search = compiled.search

    def spy(game: Game, seconds: float, **kw: object) -> object:
        handed.append((seconds, kw["deadline"]))  # type: ignore[arg-type]
        return search(game, seconds, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(compiled, "search", spy)
    game = mid_game(10, 10, Rules.COUNTRIES, 3)
    step = rung("master/16")
    share, whole = step.seconds(10, 10), step.clock_seconds(10, 10)
    assert share is not None and whole is not None and whole == pytest.approx(16 * share)
    for clock, limit in ((whole, whole), (None, share)):
        before = time.perf_counter()
        think(game, "master", seconds=share, seed=5, clock_seconds=clock)
        seconds, deadline = handed.pop()
        assert seconds == pytest.approx(share)  # the work count: the share's
        assert before + 0.95 * limit <= deadline <= time.perf_counter() + 0.95 * limit
    assert ai.choose_move.__kwdefaults__["clock_seconds"] is None  # (a plain level: its budget is its clock)


# ----- by posted events ---------------------------------------------------------------------------------

NO_TAKEBACKS = MatchSettings(Rules.COUNTRIES, 9, 7, ComputerSettings(Level.AMATEUR, Player.BLUE, takebacks=False))


def first_legal(game: Game, level: str, **_: object) -> Point:
    return max(game.legal_moves())


def test_without_takebacks_undo_is_refused_and_the_record_says_so(control: Control) -> None:
    history.forget()
    play = start_play(control, NO_TAKEBACKS, chooser=first_legal)
    assert play.panel.b_undo.key == "play.undo.off" and t("play.undo.off") == "Без отмены"
    assert t("play.no_takebacks") in [text for text, _ in play._status()] and not play.panel.b_undo.enabled
    click(control, grid_px(play, 1, 1))
    step_until(control, lambda: play.human_to_move and play.game.move_count == 2)
    assert not play.panel.b_undo.enabled
    click(control, play.panel.b_undo.rect.center)  # a click on the button, off as it is
    key(control, pygame.K_z, pygame.KMOD_CTRL)
    play.undo()  # even asked directly
    step(control)
    assert play.game.move_count == 2 and play.takeback.taken == 0
    play.finish()
    step(control)
    results = control.stack.top
    assert isinstance(results, ResultsScene)
    kept = results.kept.facts
    assert kept is not None and kept.no_takebacks and rating.rated(kept)
    after = rating.current(results.kept.history.games, Rules.COUNTRIES)
    change = after - rating.START
    assert change == pytest.approx(rating.after(rating.START, RATINGS[Rules.COUNTRIES]["amateur"], kept.outcome)
                                   - rating.START)
    assert results.rating_line == f"Рейтинг: {round(after)} ({round(after) - rating.START:+d})"  # adds up as shown
    record = sgf.read((history.history_dir() / kept.file).read_bytes())
    setup = record_setup(record)
    assert setup is not None and setup.computer is not None and setup.computer.takebacks is False


def test_with_takebacks_allowed_undo_still_works(control: Control) -> None:
    allowed = MatchSettings(Rules.COUNTRIES, 9, 7, ComputerSettings(Level.AMATEUR, Player.BLUE))
    play = start_play(control, allowed, chooser=first_legal)
    assert play.panel.b_undo.key == "play.undo"
    click(control, grid_px(play, 1, 1))
    step_until(control, lambda: play.human_to_move and play.game.move_count == 2)
    press(control, play.panel.b_undo)
    assert play.game.move_count == 0 and play.takeback.taken == 1
    click(control, grid_px(play, 1, 1))
    step_until(control, lambda: play.human_to_move and play.game.move_count == 2)
    play.finish()
    step(control)
    results = control.stack.top
    assert isinstance(results, ResultsScene) and results.rating_line is None  # not rated


def test_the_versus_screen_picks_by_rating_and_passes_no_takebacks_on(control: Control) -> None:
    history.forget()
    _keep([(Level.AMATEUR, 1, True, False)] * 12)
    from game.scenes.menu import MenuScene

    control.stack.push(MenuScene(control.stack))
    control.stack.go("versus", Rules.COUNTRIES)
    step(control)
    versus = control.stack.top
    assert isinstance(versus, VersusScene)
    fits_button, no_button = versus.level_buttons[-1], versus.b_no_takebacks
    press(control, fits_button)
    press(control, no_button)
    assert fits_button.selected and no_button.selected and not versus.b_takebacks.selected
    want = rating.fits(history.load().games, Rules.COUNTRIES)
    assert any(str(RATINGS[Rules.COUNTRIES][want.name]) in line for line in versus.rating_lines())
    press(control, versus.b_next)
    picker = control.stack.top
    assert isinstance(picker, PickerScene)
    computer = picker.settings.computer
    assert computer is not None and computer.rung == want and computer.fits and not computer.takebacks
    remembered = control.stack.preferences.chosen.computer
    assert remembered.fits and not remembered.takebacks
    press(control, picker.b_back)
    press(control, versus.level_buttons[0])  # «Новичок»: «По силам» off again
    assert not fits_button.selected and versus.settings().computer == ComputerSettings(
        Level.BEGINNER, Player.BLUE, takebacks=False)


def test_the_rating_scene_charts_the_rated_games(control: Control) -> None:
    history.forget()
    _keep([(Level.BEGINNER, 1, True, False), (Level.AMATEUR, 1, False, False)])
    from game.scenes.menu import MenuScene

    control.stack.push(MenuScene(control.stack))
    control.stack.go("progress")
    step(control)
    progress = control.stack.top
    press(control, progress.b_rating)  # type: ignore[union-attr]
    scene = control.stack.top
    assert scene is not None and scene.name == "rating"
    scene.show(Rules.COUNTRIES)  # type: ignore[attr-defined]
    step(control)
    want = round(rating.current(history.load().games, Rules.COUNTRIES))
    assert scene.headline() == t("rating.now", rules="Страны", rating=want, n=2)  # type: ignore[attr-defined]
    press(control, scene.rule_buttons[Rules.CLASSIC])  # type: ignore[attr-defined]
    assert scene.headline() == t("rating.none", rules="Классика")  # type: ignore[attr-defined]
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is progress


def test_the_strengths_labels_never_overlap_and_stay_beside_their_lines() -> None:
    # Strengths a few dozen points apart (the upper rungs) draw their lines a few pixels apart.
    rng = random.Random(5)
    for _ in range(500):
        height, top, bottom = rng.randint(8, 30), rng.randint(0, 50), rng.randint(200, 400)
        centres = [rng.randint(top, bottom) for _ in range(rng.randint(1, 6))]
        tops = label_tops(centres, height, top, bottom)
        order = sorted(range(len(centres)), key=lambda i: (centres[i], i))
        placed = [tops[i] for i in order]
        assert all(b - a >= height for a, b in zip(placed, placed[1:], strict=False))  # none overlaps
        if len(centres) * height <= bottom - top:  # room for all: none leaves the chart
            assert all(top <= t <= bottom - height for t in tops)
        for i, c in enumerate(centres):
            if all(abs(c - other) > len(centres) * height for j, other in enumerate(centres) if j != i) \
                    and top + height <= c <= bottom - height:
                assert tops[i] == c - height // 2  # alone: centred on its line
    assert label_tops([150, 150, 150], 10, 0, 300) == [145, 155, 165]


def test_the_players_number_stays_in_the_chart_and_off_the_lines_last_stretch(
        control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    # It used to go below the line's end where the top was near: across the line of a climb to the top.
    from game.scenes import rating as rating_scene

    spots: list[tuple[list[tuple[int, int]], pygame.Rect]] = []
    real = rating_scene.number_spot

    def spy(points: list[tuple[int, int]], size: tuple[int, int], dot: int, left: int) -> tuple[int, int]:
        spot = real(points, size, dot, left)
        spots.append((list(points), pygame.Rect(spot, size)))
        return spot

    monkeypatch.setattr(rating_scene, "number_spot", spy)
    scene = rating_scene.RatingScene(control.stack)
    control.stack.push(scene)
    rng = random.Random(3)
    surface = pygame.display.get_surface()
    for size in ((1024, 600), (1366, 768), (1920, 1080)):
        scene.resize(size)
        area = scene._chart.inflate(-8, -16)
        for _ in range(30):
            value, drift, walk = float(rating.START), rng.choice((-40.0, 0.0, 40.0)), []
            for i in range(rng.randint(0, 50)):
                value += drift + rng.uniform(-30.0, 30.0)
                walk.append(rating.Step("2026-12-07", f"g{i}", RUNGS[-2], 2000, "won", value))
            scene.steps[Rules.COUNTRIES] = walk
            scene.show(Rules.COUNTRIES)
            scene.draw(surface)
            points, box = spots[-1]
            assert area.contains(box), (size, box, area)
            if len(points) > 1:
                (x0, y0), (x1, y1) = points[-2:]
                assert not any(box.collidepoint(x0 + (x1 - x0) * k / 20, y0 + (y1 - y0) * k / 20) for k in range(21))
    assert len(spots) == 90


def test_a_rung_is_named_with_its_share_in_play_and_in_the_list() -> None:
    from game.scenes.history_list import row_name
    from game.view.story import side_name

    settings = MatchSettings(Rules.COUNTRIES, 9, 9, ComputerSettings(Level.MASTER, Player.BLUE, 16))
    assert side_name(Player.RED, settings) == "Мастер 1/16"
    assert side_name(Player.RED, MatchSettings(computer=ComputerSettings(Level.MASTER))) == "Мастер"
    facts = history.facts_of(_finished(), settings, None, when=datetime(2025, 1, 1))
    assert "Мастер 1/16" in row_name(facts)


def test_a_match_plays_the_rungs_on_their_share(capsys: pytest.CaptureFixture[str]) -> None:
    from bench import match

    job = match.Job(1, "master/16", "amateur", 10, 10, Rules.COUNTRIES, 1, None, 6)
    assert match._budget("master/16", job) == ("master", pytest.approx(budget("master", 10, 10) / 16))
    assert match._budget("amateur", job) == ("amateur", None)
    timed = match.Job(1, "master/4", "master", 10, 10, Rules.COUNTRIES, 1, 2.0, 6)
    assert match._budget("master/4", timed) == ("master", 0.5) and match._budget("master", timed) == ("master", 2.0)
    assert match.main(["--a", "master/64", "--b", "amateur", "--games", "1", "--size", "6x6", "--max-moves", "6",
                       "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("master/64 (A) vs amateur (B)") and lines[-1].startswith("match: A wins ")
    assert any(line.startswith("elo: ") for line in lines)
    with pytest.raises(SystemExit):
        match.main(["--a", "master/3", "--b", "amateur"])


def test_a_resumed_game_is_still_without_takebacks_and_plays_the_same_rung(control: Control) -> None:
    from game.scenes.handoff import Match
    from game.storage import unfinished
    from game.storage.autosave import resume

    settings = MatchSettings(Rules.COUNTRIES, 9, 7, ComputerSettings(Level.MASTER, Player.BLUE, 64, takebacks=False))
    play = start_play(control, settings, chooser=first_legal)
    click(control, grid_px(play, 1, 1))
    step_until(control, lambda: play.human_to_move and play.game.move_count == 2)
    play.shutdown()  # leaving writes the autosave now
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable)
    again = PlayScene(control.stack, Match(*resume(saved)))
    control.stack.push(again)
    step(control)
    assert again.settings == settings and again.opponent is not None and again.opponent.share == 64
    assert not again.panel.b_undo.enabled and again.panel.b_undo.key == "play.undo.off"
    again.undo()
    assert again.game.move_count == 2
    again.shutdown()
