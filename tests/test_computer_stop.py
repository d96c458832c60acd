"""«Стоп» for the computer (issue 14, item 5): when it presses it (``ai.stop.should_press_stop``, on
positions built with real moves), and how the play scene takes it (real pygame events, a scripted
computer where the real search would be slow, the real computer where the level decides)."""

from __future__ import annotations

import random
from datetime import datetime

import pygame
import pytest
from driving import click, press, step, step_until
from test_game_scenes import grid_px, start_play, top

from ai.stop import STOP_MIN_MOVES, _fill, exposed, should_press_stop, stop_phase_done
from engine import STOP_SECONDS, ActionKind, Game, Player, Point, Rules, sgf
from game import strings
from game.control import Control
from game.match.opponent import Answer, ComputerOpponent
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.files.open_game import OpenGameScene
from game.scenes.handoff import Match, Reviewing
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.storage import autosave, library, unfinished
from game.storage.library import record_info
from game.view import theme
from game.view.hud import play_status

# A 12 × 12 classic game, Blue (the person) first. Red (the computer) takes Blue's first dot with a
# diamond at the top edge, then lines the right edge; Blue builds in the middle.
BLUE: list[Point] = [(3, 1), (6, 6), (6, 7), (6, 8), *((7, y) for y in range(3, 10)), *((8, y) for y in range(4, 9))]
DIAMOND: list[Point] = [(3, 0), (2, 1), (4, 1), (3, 2)]
RED_EDGE: list[Point] = [(11, y) for y in range(11)]
RED: list[Point] = DIAMOND + RED_EDGE


def game_of(red: list[Point], blue: list[Point] = BLUE) -> Game:
    """The game after the moves, alternating from Blue, with Red (the computer) to move."""
    game = Game(12, 12, Rules.CLASSIC)
    for i, point in enumerate(blue[:len(red) + 1]):
        game.play(point)
        if i < len(red):
            game.play(red[i])
    assert game.to_move is Player.RED
    return game


# ----- the decision ---------------------------------------------------------------------------------


def test_ahead_settled_and_every_dot_safe_presses_stop_and_the_person_can_take_nothing() -> None:
    game = game_of(RED)
    assert (game.score_units(Player.RED), game.score_units(Player.BLUE)) == (1, 0)
    assert len(RED) == STOP_MIN_MOVES and exposed(game, Player.RED) == set()
    version = game.version
    assert should_press_stop(game)
    assert game.version == version and game.stopped_by is None  # asked on a copy: the game is untouched
    game.stop()
    assert stop_phase_done(game)  # the person, moving alone, has nothing to surround
    _fill(game)
    assert game.score_units(Player.BLUE) == 0 and game.score_units(Player.RED) == 1


def test_never_in_the_opening_never_when_not_ahead() -> None:
    assert not should_press_stop(game_of(RED[:-1]))  # one move short of settled, though ahead and safe
    level = game_of([(3, 0), (4, 0), (5, 0), (2, 0), *RED_EDGE], [(5, 5), *BLUE[1:]])  # all on the edge, no capture
    assert level.score_units(Player.RED) == 0 and not exposed(level, Player.RED)
    assert not should_press_stop(level)
    assert not should_press_stop(Game(12, 12, Rules.CLASSIC))
    countries = Game(12, 12)
    for point in [(5, 5), (6, 6)]:
        countries.play(point)
    assert not should_press_stop(countries)  # «Стоп» is classic only


def test_one_dot_off_the_edge_is_not_safe() -> None:
    game = game_of([*RED[:-1], (5, 10)])
    assert exposed(game, Player.RED) == {(5, 10)}
    assert not should_press_stop(game)


def test_a_diagonal_step_to_the_edge_is_no_tie_the_person_cuts_it_and_rings_the_dot() -> None:
    game = game_of([*RED[:-1], (1, 2)])  # a diagonal step from (2, 1) of the diamond
    assert exposed(game, Player.RED) == {(1, 2)}
    assert not should_press_stop(game)
    game.stop(player=Player.RED)
    for point in [(1, 1), (0, 2), (1, 3), (2, 2)]:  # (1, 1)–(2, 2) crosses Red's (2, 1)–(1, 2)
        game.play(point)
    assert game.is_dead((1, 2)) and game.score_units(Player.BLUE) == 1


def test_a_dot_inside_its_own_empty_enclosure_is_not_safe_after_a_stop() -> None:
    # Red rings the plus of five nodes round (2, 9), its wall tied to the left and bottom edges, and
    # puts a dot of its own in the middle.
    ring = [(2, 7), (1, 8), (3, 8), (0, 9), (4, 9), (1, 10), (3, 10), (2, 11)]
    ties = [(1, 11), (3, 11), (0, 8), (1, 7), (3, 7), (4, 10)]
    game = game_of([*ring, *ties, (2, 9)])
    assert exposed(game, Player.RED) == {(2, 9)}
    assert game.free_areas(Player.RED)  # the area is Red's, holding nothing of Blue's
    game.stop()
    for point in [(2, 8), (1, 9), (3, 9), (2, 10)]:  # put into Red's area: taken only at Red's next move, never
        game.play(point)
    assert game.is_dead((2, 9)) and game.score_units(Player.BLUE) == 1


def test_the_other_sides_dots_in_its_area_are_taken_by_a_move_first() -> None:
    # Red rings (1, 5) against the left edge; Blue puts a dot in: Red's next move takes it, a «Стоп» would not.
    pocket = [(0, 4), (1, 4), (2, 4), (0, 5), (2, 5), (0, 6), (1, 6)]
    red = [*DIAMOND, *pocket, *RED_EDGE[:4]]
    blue = [*BLUE[:15], (1, 5), *BLUE[15:]]  # Blue's last move before Red's turn
    game = game_of(red, blue)
    assert game.dot_at((1, 5)) is Player.BLUE and not game.is_dead((1, 5))
    assert len(red) == STOP_MIN_MOVES and game.score_units(Player.RED) == 1
    assert not exposed(game, Player.RED) and not should_press_stop(game)
    game.play(RED_EDGE[4])
    assert game.is_dead((1, 5)) and game.score_units(Player.RED) == 2
    game.play(blue[len(red) + 1])
    assert should_press_stop(game)


def test_the_quick_test_and_the_fill_agree_and_no_lone_moves_take_more_than_the_fill() -> None:
    """On random classic positions: the dots ``exposed`` names are exactly those the other side's fill
    captures after a «Стоп», and random runs of its lone moves never capture any other."""
    for seed in range(150):
        rng = random.Random(seed)
        size = 5 + seed % 4
        game = Game(size, size, Rules.CLASSIC, zone=False)
        for _ in range(rng.randrange(size * size)):
            move = game.random_move(rng)
            if move is None:
                break
            game.play(move)
        if game.is_over:
            continue
        me = game.to_move
        live = [point for point, owner, dead in game.dots() if owner is me and not dead]
        filled = game.copy()
        filled.stop()
        _fill(filled)
        captured = {point for point in live if filled.is_dead(point)}
        assert exposed(game, me) == captured, seed
        lone = game.copy()
        lone.stop()
        for _ in range(rng.randrange(1, size * size)):
            move = lone.random_move(rng)
            if move is None:
                break
            lone.play(move)
        assert {point for point in live if lone.is_dead(point)} <= captured, seed


# ----- the opponent ---------------------------------------------------------------------------------


def scripted(game: Game, level: str, **_: object) -> Point:
    """Red's moves of :data:`RED`, one a turn (Red's k-th move comes at move count 2k + 1); then any."""
    k = (game.move_count - 1) // 2
    return RED[k] if k < len(RED) else max(game.legal_moves())


def test_the_level_decides_who_presses_it() -> None:
    levels = {level: ComputerOpponent.against(ComputerSettings(level, Player.BLUE)).presses_stop
              for level in ("beginner", "amateur", "master")}
    assert levels == {"beginner": False, "amateur": True, "master": True}
    assert not ComputerOpponent.against(ComputerSettings("master"), chooser=scripted).presses_stop  # a stand-in
    assert not ComputerOpponent(Player.RED, "master").presses_stop  # a hint's worker never presses it


def test_a_rule_that_fails_means_playing_on() -> None:
    def broken(game: Game) -> bool:
        raise RuntimeError("no rule here")

    opponent = ComputerOpponent(Player.RED, "master", chooser=scripted, press_stop=broken)
    game = game_of(RED)
    opponent.request(game)
    opponent.join(2)
    assert opponent.poll() == Answer(max(game.legal_moves()), None, game.version)  # a move, not a «Стоп»


# ----- the play scene -------------------------------------------------------------------------------


def drawn_texts(play: PlayScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **kw: drawn.append(s) or real(s, *a, **kw))
    play.draw(pygame.Surface(play.size))
    monkeypatch.setattr(theme, "text", real)
    return drawn


def play_to_the_stop(control: Control) -> PlayScene:
    """The person clicks Blue's moves; the computer answers with Red's, then presses «Стоп»."""
    settings = MatchSettings(Rules.CLASSIC, 12, 12, ComputerSettings("master", Player.BLUE))
    play = start_play(control, settings, chooser=scripted)
    assert play.opponent is not None and not play.opponent.presses_stop  # a stand-in chooser brings its own rule
    play.opponent = ComputerOpponent(Player.RED, "master", chooser=scripted, press_stop=should_press_stop)
    for i, point in enumerate(BLUE):
        press_node(control, play, point)
        step_until(control, lambda i=i: play.game.move_count == 2 * i + 2 or play.game.stopped_by is not None)
    return play


def press_node(control: Control, play: PlayScene, point: Point) -> None:
    x, y = grid_px(play, *point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(x), round(y)), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(x), round(y)), button=1))
    step(control)


def test_the_computer_presses_stop_and_the_person_moves_alone_then_the_time_ends_it(
        control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    play = play_to_the_stop(control)
    game = play.game
    assert game.stopped_by is Player.RED and game.to_move is Player.BLUE and game.move_count == 31
    assert game.history[-1].kind is ActionKind.STOP and game.history[-1].player is Player.RED
    step(control)
    assert play.stop_clock.left is not None and STOP_SECONDS - 1 < play.stop_clock.left <= STOP_SECONDS
    assert not play.panel.b_stop.enabled
    texts = drawn_texts(play, monkeypatch)
    assert "Компьютер сказал «Стоп»" in texts and "Вы ходите одни: 3:00" in texts
    assert not any(text.startswith("Компьютер ходит один") for text in texts)
    for point in [(1, 8), (2, 8)]:  # alone: twice in a row
        press_node(control, play, point)
    assert game.dot_at((2, 8)) is Player.BLUE and game.to_move is Player.BLUE and game.move_count == 33
    step(control, 5)
    assert not play.opponent.thinking and game.move_count == 33  # nothing more from the computer
    for _ in range(int(STOP_SECONDS / 0.25) - 8):
        play.update(0.25)
    assert isinstance(top(control), PlayScene) and not game.is_over
    step(control, 10, dt=0.25)
    results = top(control)
    assert isinstance(results, ResultsScene) and game.winner is Player.RED
    assert results.ending is not None and results.ending.key(Player.BLUE) == "results.end.stop"  # type: ignore[attr-defined]


def test_undo_takes_the_stop_back_with_the_persons_move_and_redo_brings_its_time_back(control: Control) -> None:
    play = play_to_the_stop(control)
    game = play.game
    step(control, 1, dt=0.25)
    step(control, 40, dt=1.0)
    left = play.stop_clock.left
    assert left is not None and left < STOP_SECONDS - 30
    press(control, play.panel.b_undo)
    assert game.stopped_by is None and game.to_move is Player.BLUE and game.move_count == 30
    step(control)
    assert play.stop_clock.left is None and play.panel.b_stop.enabled  # the person may press it now
    press(control, play.panel.b_redo)
    assert game.stopped_by is Player.RED and game.move_count == 31
    assert play.stop_clock.left == pytest.approx(left, abs=0.1)  # not a fresh 3:00 (a frame ran since)
    press(control, play.panel.b_undo)
    press_node(control, play, (1, 8))  # another move instead: the computer looks again, and stops again
    step_until(control, lambda: game.stopped_by is not None)
    assert game.stopped_by is Player.RED and game.dot_at((1, 8)) is Player.BLUE
    step(control)
    assert play.stop_clock.left is not None and play.stop_clock.left > STOP_SECONDS - 1


def test_the_autosave_keeps_the_computers_stop(control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    play = play_to_the_stop(control)
    step(control, 1, dt=0.25)
    step(control, 20, dt=1.0)
    left = play.stop_clock.left
    control.stack.shutdown_all()
    [saved] = unfinished.list_current().games
    resumed = autosave.resume(saved)
    assert resumed.game is not None and resumed.game.stopped_by is Player.RED
    assert resumed.stop_left == pytest.approx(left, abs=0.1)  # kept to a tenth
    again = PlayScene(control.stack, Match(*resumed))
    control.stack.push(again)
    step(control)
    assert again.game.to_move is Player.BLUE and again.stop_clock.left is not None
    assert "Вы ходите одни: 2:40" in drawn_texts(again, monkeypatch)


@pytest.mark.parametrize("level, stops", [("beginner", False), ("amateur", True), ("master", True)])
def test_the_real_computer_of_each_level(control: Control, level: str, stops: bool) -> None:
    settings = MatchSettings(Rules.CLASSIC, 12, 12, ComputerSettings(level, Player.BLUE))
    play = start_play(control, settings, game=game_of(RED), ai_seconds=0.05)
    step_until(control, lambda: play.game.to_move is Player.BLUE or play.ai_failed)
    assert not play.ai_failed
    assert (play.game.stopped_by is Player.RED) is stops
    assert play.game.move_count == 31 + (not stops)


@pytest.mark.parametrize("lang, banner, alone", [("en", "The computer called “Stop”", "You move alone: 3:00")])
def test_the_person_is_told_in_their_language_and_it_fits_a_small_window(
        control: Control, monkeypatch: pytest.MonkeyPatch, lang: str, banner: str, alone: str) -> None:
    strings.set_language(lang)
    control.resize((1024, 600))
    settings = MatchSettings(Rules.CLASSIC, 12, 12, ComputerSettings("amateur", Player.BLUE))
    play = start_play(control, settings, game=game_of(RED))
    step_until(control, lambda: play.game.stopped_by is not None)
    step(control)
    lines = [text for text, _ in play_status(play.game, play.settings, stop_clock=play.stop_clock.shown(),
                                               ai_failed=False, autosave_failed=False)]
    assert lines[1:] == [banner, alone, strings.t("play.stopped.by_computer.hint")]
    texts = drawn_texts(play, monkeypatch)
    assert banner in texts and alone in texts  # room for both under the scores at 1024 × 600


# ----- the review says who said «Стоп» ---------------------------------------------------------------


def drawn_review_texts(control: Control, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every text the review draws, joined by spaces: a line wrapped in a narrow panel is drawn
    in pieces, one after another."""
    review = top(control)
    assert isinstance(review, ReviewScene)
    drawn: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **kw: drawn.append(s) or real(s, *a, **kw))
    review.draw(pygame.Surface(review.size))
    monkeypatch.setattr(theme, "text", real)
    return " ".join(drawn)


@pytest.mark.parametrize("lang, said, you", [("ru", "Компьютер сказал «Стоп»", "Вы сказали «Стоп»"),
                                             ("en", "The computer called “Stop”", "You called “Stop”")])
def test_the_review_says_the_computer_said_stop_not_the_plural_of_the_colours(
        control: Control, monkeypatch: pytest.MonkeyPatch, lang: str, said: str, you: str) -> None:
    """It read «Компьютер сказали «Стоп»» (the form for «Синие», «Красные»): now as the play panel says it,
    from the results' «Разбор» and from the record opened in the games list, which names the computer."""
    settings = MatchSettings(Rules.CLASSIC, 12, 12, ComputerSettings("master", Player.BLUE))
    game = game_of(RED)
    game.stop()  # the computer's (Red's) «Стоп»
    game.play((1, 8))
    control.stack.go("menu")
    library.save_game("against the computer", sgf.dumps(game, info=record_info(settings, datetime(2026, 1, 2))))
    strings.set_language(lang)  # the record was written in Russian: read in English it is still the computer
    control.stack.go("review", Reviewing(game, settings))
    step(control)
    texts = drawn_review_texts(control, monkeypatch)
    assert said in texts and "Компьютер сказали" not in texts
    control.stack.pop()
    opened = control.stack.go("open")
    assert isinstance(opened, OpenGameScene)
    step(control)
    rows = [g.name for g in opened.games]
    assert rows == ["against the computer"]
    click(control, (opened.list_rect.x + 40, opened.list_rect.y + opened.row_h // 2))
    review = top(control)
    assert isinstance(review, ReviewScene) and review.computer_side() is Player.RED
    assert said in drawn_review_texts(control, monkeypatch)
    control.stack.pop()
    # The person's «Стоп» against the computer: «Вы», whose plural form is right.
    mine = game_of(RED)
    mine.play((0, 0))
    mine.stop()  # Blue's, the person's
    control.stack.go("review", Reviewing(mine, settings))
    step(control)
    texts = drawn_review_texts(control, monkeypatch)
    assert you in texts and said not in texts
