"""Moments that land (issue 29): captures, takeovers, lead changes and wins, driven by posted events.

Each checks that the effect, the sound and the score agree; reduced motion shows the same without movement.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pygame
import pytest
from driving import click, press, step_until

from ai import Level
from engine import Game, Player, Rules, format_score
from game.control import Control
from game.match import demo
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.handoff import Match
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.shots.rings import BIG_RING, CLASSIC_RING, big_ring_but_one, classic_capture_but_one
from game.storage import preferences
from game.strings import t
from game.view.moments import BANNER_SECONDS, FLOAT_SECONDS, Moment, Size, turning_point
from game.view.story import Story, side_name, told


class RecordingSounds:
    """Stands in for game.view.sound.Sounds: remembers what was asked for."""

    def __init__(self) -> None:
        self.enabled = True
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)

    def toggle(self) -> bool:
        self.enabled = not self.enabled
        return self.enabled


@pytest.fixture
def sounds() -> RecordingSounds:
    return RecordingSounds()


@pytest.fixture
def control(pygame_session: object, data_dir: Path, sounds: RecordingSounds) -> Iterator[Control]:
    pygame.event.clear()
    c = Control((1280, 800), sounds=sounds)  # type: ignore[arg-type]
    pygame.event.clear()
    yield c
    c.stack.shutdown_all()
    pygame.event.clear()


def start_play(control: Control, settings: MatchSettings, game: Game, *, reduced: bool = False) -> PlayScene:
    control.stack.push(MenuScene(control.stack))
    play = PlayScene(control.stack, Match(settings, game))
    play.anims.effects.reduced = reduced
    control.stack.push(play)
    control.step(1 / 60)
    return play


def frames(control: Control, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        control.step(1 / 60)


RING_AROUND_SQUARE = [(4, 4), (5, 4), (6, 4), (7, 4), (7, 5), (7, 6), (7, 7), (6, 7), (5, 7), (4, 7), (4, 6), (4, 5)]


def takeover_game() -> Game:
    """Blue's ring of twelve around Red's square, one dot short (docs/RULES.md §2)."""
    game = Game(10, 10)
    red = [(5, 5), (6, 5), (6, 6), (5, 6), (0, 0), (1, 0), (2, 0), (0, 9), (1, 9), (2, 9), (9, 9)]
    for b, r in zip(RING_AROUND_SQUARE[:-1], red, strict=True):
        game.play(b)
        game.play(r)
    return game


def test_a_takeover_floats_its_gain_shows_a_banner_and_sounds_like_one(control: Control,
                                                                     sounds: RecordingSounds) -> None:
    play = start_play(control, MatchSettings(width=10, height=10), takeover_game())
    before = play.game.score(Player.BLUE)
    click(control, play.board.grid_to_pixel(RING_AROUND_SQUARE[-1]))
    gain = play.game.score(Player.BLUE) - before
    [shown] = play.anims.effects.shown
    moment = shown.moment
    assert moment.takeover and moment.player is Player.BLUE and moment.gain == gain > 0
    assert moment.plus == "+" + format_score(gain) and moment.banner_key == "moment.takeover"
    assert sounds.played[-2:] == ["dot", "takeover"]
    # The «+N» starts at the country and ends on Blue's score in the panel.
    spots = play.panel.score_spots(play.size)
    assert play.board.paper.contains(*shown.origin) and spots[Player.BLUE][0] > play.board.paper.x + play.board.paper.w
    frames(control, FLOAT_SECONDS * 0.5)
    assert play.anims.effects.running(play.clock) and play.wake_in() == 0
    frames(control, BANNER_SECONDS)
    assert not play.anims.effects.shown and play.wake_in() is None  # all gone, the loop may sleep


def test_a_classic_capture_says_capture_and_grows_the_sound(control: Control, sounds: RecordingSounds) -> None:
    play = start_play(control, MatchSettings(Rules.CLASSIC, 20, 15), classic_capture_but_one())
    click(control, play.board.grid_to_pixel(CLASSIC_RING[-1]))
    [shown] = play.anims.effects.shown
    assert play.game.score(Player.BLUE) == shown.moment.gain == 3
    assert shown.moment.size is Size.BIG and shown.moment.banner_key == "moment.capture"
    assert t("moment.capture", plus=shown.moment.plus) == "Захват! +3"
    assert sounds.played[-2:] == ["dot", "country.big"]


def test_the_biggest_capture_pulses_the_board(control: Control, sounds: RecordingSounds) -> None:
    play = start_play(control, MatchSettings(width=20, height=15), big_ring_but_one())
    control.step(1 / 60)
    paper = play.board.paper
    edge = (paper.x - 4, paper.y + paper.h // 2)  # just outside the paper: background, or the pulse
    calm = control.screen.get_at(edge)
    click(control, play.board.grid_to_pixel(BIG_RING[-1]))
    frames(control, 0.3)
    assert play.anims.effects.shown[0].moment.size is Size.HUGE and sounds.played[-2:] == ["dot", "moment.huge"]
    pulsing = control.screen.get_at(edge)
    assert pulsing != calm and pulsing.b > pulsing.r  # Blue's colour round the board


def test_a_small_country_gets_no_banner(control: Control, sounds: RecordingSounds) -> None:
    game = Game(10, 10)
    for p in [(1, 1), (8, 8), (2, 1)]:
        game.play(p)
    game.play((8, 7))
    play = start_play(control, MatchSettings(width=10, height=10), game)
    click(control, play.board.grid_to_pixel((2, 2)))  # Blue's half cell
    [shown] = play.anims.effects.shown
    assert shown.moment.plus == "+½" and shown.banner is None and sounds.played[-2:] == ["dot", "country"]


def test_a_lead_change_is_announced(control: Control) -> None:
    # Red has a cell; Blue closes two cells: the lead goes from Red to Blue.
    game = Game(10, 10)
    blue = [(1, 1), (2, 1), (3, 1), (3, 2), (2, 3), (1, 3)]
    red = [(7, 7), (8, 7), (8, 8), (7, 8), (0, 9)]
    for b, r in zip(blue[:-1], red, strict=True):
        game.play(b)
        game.play(r)
    play = start_play(control, MatchSettings(width=10, height=10), game)
    assert play.game.score(Player.RED) > play.game.score(Player.BLUE)
    click(control, play.board.grid_to_pixel((1, 2)))
    assert play.game.score(Player.BLUE) > play.game.score(Player.RED)
    [shown] = play.anims.effects.shown
    assert shown.moment.lead and shown.moment.banner_key == "moment.lead"


def screen_copy(control: Control) -> pygame.Surface:
    return control.screen.copy()


def moving(control: Control, reduced: bool) -> bool:
    """Does the screen change between two frames during a takeover's moment?"""
    play = start_play(control, MatchSettings(width=10, height=10), takeover_game(), reduced=reduced)
    click(control, play.board.grid_to_pixel(RING_AROUND_SQUARE[-1]))
    assert play.anims.effects.shown and play.anims.effects.shown[0].banner is not None
    frames(control, 0.2)
    first = screen_copy(control)
    frames(control, 0.3)
    assert play.anims.effects.running(play.clock)  # the «+N» and the banner still show
    return bool(pygame.mask.from_threshold(first, (0, 0, 0), (1, 1, 1, 255), control.screen).count()
                != first.get_width() * first.get_height())


def test_reduced_motion_shows_the_same_without_movement(control: Control) -> None:
    assert moving(control, reduced=False)
    control.stack.shutdown_all()
    control.stack.scenes.clear()
    assert not moving(control, reduced=True)
    play = control.stack.top
    assert isinstance(play, PlayScene)
    shown = play.anims.effects.shown[0]
    assert not shown.pieces and not play.anims.pops and not play.anims.ticks  # no burst, no pop, no counting


def test_a_win_against_the_computer_is_celebrated(control: Control) -> None:
    game = demo.countries_demo()
    game.finish()
    assert game.winner is not None
    control.stack.push(MenuScene(control.stack))
    settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.MASTER, game.winner))
    control.stack.go("results", Match(settings, game))
    control.step(1 / 60)
    results = control.stack.top
    assert isinstance(results, ResultsScene) and results.celebrating and results.pieces
    assert results.turning is None and results.b_turn.rect.w == 0  # a win has no turning point to show


def test_a_loss_shows_the_turning_point_and_opens_it_in_one_tap(control: Control) -> None:
    game = demo.countries_demo()
    game.finish()
    assert game.winner is not None
    control.stack.push(MenuScene(control.stack))
    settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.MASTER, game.winner.other))
    control.stack.go("results", Match(settings, game))
    control.step(1 / 60)
    results = control.stack.top
    assert isinstance(results, ResultsScene) and not results.celebrating
    number, gain = turning_point(game, game.winner) or (0, Fraction(0))
    assert results.turning == (number, gain) and gain > 0
    assert results.b_turn.label == t("results.turning.look", n=number)
    press(control, results.b_turn)
    review = control.stack.top
    assert isinstance(review, ReviewScene) and review.step == number


def test_reduced_motion_is_a_setting_switched_on_the_help_card(control: Control, data_dir: Path) -> None:
    play = start_play(control, MatchSettings(width=10, height=10), takeover_game())
    play.anims.effects.still = lambda: control.stack.preferences.chosen.reduced_motion  # as the scene makes it
    assert not play.anims.effects.reduced
    control.stack.go("help")
    control.step(1 / 60)
    card = control.stack.top
    assert isinstance(card, HelpScene) and not card.b_motion.selected
    press(control, card.b_motion)
    assert card.b_motion.selected and card.b_motion.label == t("help.motion.on")
    assert control.stack.top is card  # the switch does not close the card
    assert preferences.load_settings().reduced_motion is True  # kept for the next start
    press(control, card.b_close)
    assert control.stack.top is play and play.anims.effects.reduced
    click(control, play.board.grid_to_pixel(RING_AROUND_SQUARE[-1]))
    assert play.anims.effects.shown and not play.anims.effects.shown[0].pieces


def test_the_play_scene_reads_reduced_motion_from_the_settings(control: Control) -> None:
    control.stack.preferences.remember(reduced_motion=True)
    control.stack.push(MenuScene(control.stack))
    play = PlayScene(control.stack, Match(MatchSettings(width=10, height=10), takeover_game()))
    control.stack.push(play)
    assert play.anims.effects.reduced
    control.stack.preferences.remember(reduced_motion=False)
    assert not play.anims.effects.reduced  # read live: the card may switch it mid-game


def status_texts(play: PlayScene) -> list[str]:
    return [text for text, _ in play._status()]


def test_the_panel_tells_the_capture_in_words_and_forgets_it_when_taken_back(control: Control) -> None:
    play = start_play(control, MatchSettings(Rules.CLASSIC, 20, 15), classic_capture_but_one())
    click(control, play.board.grid_to_pixel(CLASSIC_RING[-1]))
    assert play.game.score(Player.BLUE) == 3
    texts = status_texts(play)
    assert "Синие взяли 3 точки" in texts and "Перевес: Синие +3" in texts  # the effect's gain, the score's lead
    play.undo()
    assert "Синие взяли 3 точки" not in status_texts(play) and play.game.score(Player.BLUE) == 0
    play.redo()
    assert "Синие взяли 3 точки" in status_texts(play)


def test_the_story_and_the_score_card_name_the_computer_by_its_level() -> None:
    versus = MatchSettings(width=10, height=10, computer=ComputerSettings(Level.AMATEUR, Player.RED))
    taken = Moment(Player.BLUE, Fraction(15, 2), Rules.COUNTRIES, True, False, Size.BIG, 24, (5.5, 5.5))
    assert told(taken, versus) == "Любитель перехватил страну: 7½"
    assert told(taken, MatchSettings(width=10, height=10)) == "Синие перехватили страну: 7½"
    caught = Moment(Player.RED, Fraction(5), Rules.CLASSIC, False, False, Size.BIG, 30, (5.0, 5.0))
    assert told(caught, versus) == "Вы взяли 5 точек"
    assert side_name(Player.BLUE, versus) == "Любитель" and side_name(Player.RED, versus) == "Вы"


def test_the_same_words_again_are_one_line_that_counts_them() -> None:
    # Three half-cell countries in a row told three times read as a stuck line: one line «… ×3».
    versus = MatchSettings(width=10, height=10, computer=ComputerSettings(Level.BEGINNER, Player.RED))
    game = Game(10, 10)
    story = Story()
    for n, (node, gain) in enumerate([((0, 0), 1), ((9, 9), 0), ((0, 2), 1), ((9, 7), 0), ((0, 4), 1),
                                      ((9, 5), 0), ((0, 6), 3)], start=1):
        game.play(node)
        if gain:
            story.add(Moment(Player.BLUE, Fraction(gain, 2), Rules.COUNTRIES, False, False, Size.SMALL, n,
                             (0.0, 0.0)), game)
    lines = [words for _, words in story.lines(game, versus)]
    assert lines == ["Новичок окружил страну 1½", "Новичок окружил страну ½ ×3"]
    game.undo()  # the 1½ taken back: the run is the newest line again
    assert [words for _, words in story.lines(game, versus)] == ["Новичок окружил страну ½ ×3"]


def test_the_story_lines_share_one_type_in_a_narrow_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.view import hud, theme

    sizes: dict[str, int] = {}
    plain = theme.text

    def text(s: str, px: int, colour: theme.Colour = theme.INK, *, bold: bool = False) -> pygame.Surface:
        sizes[s] = px
        return plain(s, px, colour, bold=bold)

    monkeypatch.setattr(theme, "text", text)
    story = ["Любитель перехватил страну: 17½", "Вы окружили страну 4", "Любитель окружил страну ½ ×3"]
    lines = [("Ход 12", theme.INK_SOFT), (hud.STORY_BREAK, theme.INK_SOFT), ("Перевес: Любитель +3", theme.INK),
             *((s, theme.BLUE_DARK) for s in story)]
    hud.draw_status(pygame.Surface((1024, 600)), lines, 0, 0, 230, 600)
    assert len({sizes[s] for s in story}) == 1, sizes  # one type for the story, not one a line
    assert all(plain(s, sizes[s], theme.BLUE_DARK).get_width() <= 230 for s in story)


def test_the_computers_answer_waits_until_the_persons_gain_has_landed(control: Control) -> None:
    answered = threading.Event()

    def at_once(game: Game, level: str, **_: object) -> tuple[int, int]:
        answered.set()
        return min(game.legal_moves())

    control.stack.chooser = at_once
    # Red is the computer; Blue closes the ring (the takeover) and Red's answer is ready at once.
    play = start_play(control, MatchSettings(width=10, height=10,
                                             computer=ComputerSettings(Level.BEGINNER, Player.BLUE)), takeover_game())
    click(control, play.board.grid_to_pixel(RING_AROUND_SQUARE[-1]))
    moved = play.game.move_count
    [shown] = play.anims.effects.shown
    step_until(None, answered.is_set)  # the answer is in; the scene's clock has not moved meanwhile
    frames(control, FLOAT_SECONDS / 2)
    assert play.game.move_count == moved, "the computer's moment would land on the person's"
    step_until(control, lambda: play.game.move_count == moved + 1)
    assert play.clock >= shown.start + FLOAT_SECONDS
    play.undo()  # its answer and the takeover taken back together; a new answer comes for the new position
    assert play.game.move_count == moved - 1
