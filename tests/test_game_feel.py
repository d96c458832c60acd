"""How the play scene feels: animations that never hold input back, a loop that sleeps,
sounds, the autosave, keys and the help card — driven by posted events under SDL's dummy driver.
"""

from __future__ import annotations

import threading
from fractions import Fraction
from pathlib import Path

import pygame
import pytest
from conftest import StillTime
from driving import click, key, post, step_until

from engine import Game, Player, Rules, sgf
from game.control import Control
from game.match.opponent import Chooser
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.dialog import ConfirmScene
from game.scenes.handoff import Match
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.storage import errors, preferences, unfinished
from game.storage.autosave import autosave_meta, resume, settings_from_meta
from game.view import hud
from game.view.anim import POP_SECONDS, Change


class RecordingSounds:
    """Stands in for game.view.sound.Sounds: remembers what was asked for, plays nothing."""

    def __init__(self) -> None:
        self.enabled = True
        self.played: list[str] = []

    def play(self, name: str) -> None:
        if self.enabled:
            self.played.append(name)

    def toggle(self) -> bool:
        self.enabled = not self.enabled
        return self.enabled


@pytest.fixture
def sounds() -> RecordingSounds:
    return RecordingSounds()


@pytest.fixture
def control(pygame_session: object, data_dir: Path, sounds: RecordingSounds):  # type: ignore[no-untyped-def]
    pygame.event.clear()
    c = Control((1280, 800), sounds=sounds)  # type: ignore[arg-type]
    pygame.event.clear()
    yield c
    c.stack.shutdown_all()
    pygame.event.clear()


# ----- helpers ---------------------------------------------------------------------------------


def at(play: PlayScene, node: tuple[int, int]) -> tuple[float, float]:
    return play.board.grid_to_pixel(node)


def start_play(control: Control, settings: MatchSettings | None = None, *, game: Game | None = None,
               chooser: Chooser | None = None, ai_seconds: float | None = None) -> PlayScene:
    """A play scene over the menu; ``chooser`` (and ``ai_seconds``) go on the stack, as a test's computer."""
    control.stack.push(MenuScene(control.stack))
    control.stack.chooser = chooser
    control.stack.ai_seconds = ai_seconds
    play = PlayScene(control.stack, Match(settings or MatchSettings(width=10, height=10), game))
    control.stack.push(play)
    control.step(1 / 60)
    return play


def settle(control: Control, seconds: float = 2.0) -> None:
    """Run the frames of ``seconds``: by default long enough for a takeover's flash, sweep and glow."""
    for _ in range(round(seconds * 60)):
        control.step(1 / 60)


def play_moves(control: Control, play: PlayScene, moves: list[tuple[int, int]]) -> None:
    for node in moves:
        click(control, at(play, node))


# Blue closes the ring of twelve around Red's square (docs/RULES.md §2): a takeover. Red plays far away.
RED_SQUARE = [(5, 5), (6, 5), (6, 6), (5, 6)]
RING = [(4, 4), (5, 4), (6, 4), (7, 4), (7, 5), (7, 6), (7, 7), (6, 7), (5, 7), (4, 7), (4, 6), (4, 5)]
RED_AWAY = [(0, 0), (1, 0), (2, 0), (0, 9), (1, 9), (2, 9), (9, 9)]


def takeover_moves() -> list[tuple[int, int]]:
    """Alternating moves that end with Blue's ring closing over Red's square."""
    red = RED_SQUARE + RED_AWAY
    moves: list[tuple[int, int]] = []
    for b, r in zip(RING[:-1], red, strict=False):
        moves += [b, r]
    return moves + [RING[-1]]


# ----- animations never hold input back ---------------------------------------------------------


def test_a_click_during_an_animation_plays_at_once(control: Control) -> None:
    play = start_play(control)
    click(control, at(play, (2, 2)))
    assert play.anims.running(play.clock) and control.wake_in() == 0
    click(control, at(play, (3, 3)))  # the next frame: the first pop is still going
    assert play.game.dot_at((3, 3)) == Player.RED and play.game.move_count == 2
    assert [p.node for p in play.anims.pops] == [(2, 2), (3, 3)]


def test_a_country_sweeps_in_and_every_animation_ends(control: Control) -> None:
    play = start_play(control)
    # Blue's diamond around the empty node (5, 5), closed by (4, 5); Red plays far away.
    play_moves(control, play, [(5, 4), (0, 0), (6, 5), (0, 1), (5, 6), (0, 2)])
    settle(control)
    far = tuple(int(v) for v in play.board.grid_to_pixel((5.45, 4.9)))  # inside, on the far side
    paper = control.screen.get_at(far)
    click(control, at(play, (4, 5)))
    assert play.game.score(Player.BLUE) == 2
    sweep = play.anims.sweeps[0]
    assert sweep.laid == play.game.layers[-1:] and not sweep.covered
    # Just after the move the old picture still covers the far side: the sweep has not reached it.
    assert control.screen.get_at(far) == paper
    assert play.anims.shown_score(Player.BLUE, play.game.score(Player.BLUE), play.clock, Rules.COUNTRIES) < 2
    settle(control)
    filled = control.screen.get_at(far)
    assert filled != paper and filled.b > filled.r  # now the blue country, as the board draws it
    assert not play.anims.running(play.clock) and not play.anims.pops and not play.anims.sweeps
    assert control.idle and play.wake_in() is None


def test_a_takeover_flashes_first_and_crosses_out_as_it_sweeps(control: Control) -> None:
    play = start_play(control)
    play_moves(control, play, takeover_moves())
    sweep = play.anims.sweeps[0]
    assert sweep.covered and sweep.crossed_out == frozenset(RED_SQUARE)
    assert sweep.sweep_start > sweep.start  # the flash comes before the fill
    assert play.game.score(Player.BLUE) == 9 and play.game.score(Player.RED) == 0
    tick = play.anims.ticks[Player.RED]
    assert (tick.before, tick.after) == (1, 0)
    settle(control)
    assert not play.anims.running(play.clock)


def test_ctrl_z_during_an_animation_undoes_and_stops_it(control: Control) -> None:
    play = start_play(control)
    click(control, at(play, (4, 4)))
    assert play.anims.pops
    key(control, pygame.K_z, pygame.KMOD_LCTRL)
    assert play.game.move_count == 0 and play.game.dot_at((4, 4)) is None
    assert not play.anims.running(play.clock) and control.idle


def test_the_computer_move_appears_with_its_own_animation(control: Control) -> None:
    def first_legal(game: Game, level: str, **_: object) -> tuple[int, int]:
        return max(game.legal_moves())

    play = start_play(control, MatchSettings(width=10, height=10, computer=ComputerSettings("beginner", Player.BLUE)),
                      chooser=first_legal)
    click(control, at(play, (2, 2)))
    assert play.wake_in() == 0  # the human's dot pops; then the computer thinks
    step_until(control, lambda: play.game.move_count == 2)
    reply = [p for p in play.anims.pops if p.node == (9, 9)]
    assert reply and reply[0].ripple and reply[0].player == Player.RED


# ----- the loop sleeps when nothing moves -----------------------------------------------------------


class CountedTicks:
    """Stands in for the loop's pygame Clock: each tick says the time the loop asked for went by and
    sleeps nothing; after ``ticks`` of them it posts QUIT, so a test counts the loop's turns instead of timing them."""

    def __init__(self, ticks: int) -> None:
        self.left = ticks

    def tick(self, fps: float = 0) -> int:
        self.left -= 1
        if self.left == 0:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return round(1000 / fps) if fps else 0


def test_idle_the_loop_waits_instead_of_drawing(control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    play = start_play(control)
    settle(control, 0.1)
    assert control.idle and play.wake_in() is None
    frames, polls = control.frames, control.idle_polls
    monkeypatch.setattr(control, "clock", CountedTicks(36))  # a busy loop would draw a frame on each of these
    control.run()
    # In 36 turns (the last takes the QUIT) the loop only looked for input: one frame at most, for a
    # stray window event, where a loop that draws when nothing moves would have drawn 35.
    assert control.frames - frames <= 1
    assert control.idle_polls - polls >= 34


def test_while_a_move_animates_the_loop_draws_every_frame(control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    play = start_play(control)
    settle(control, 0.1)
    # The loop's clock moves a frame (1/60 s) per turn of the loop, however slow the machine: the
    # animation lasts the same number of turns, and each turn is counted instead of timed.
    still = StillTime()
    monkeypatch.setattr("game.control.time", still)
    turns: list[tuple[float | None, int, int]] = []  # before each turn: the scene's wake_in, frames, idle polls
    waiting = control.wait_for_frame

    def counted() -> tuple[list[pygame.event.Event], float]:
        turns.append((play.wake_in(), control.frames, control.idle_polls))
        if play.wake_in() is None or len(turns) > 600:  # still again (or a net for a broken loop): stop
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        still.advance(1 / 60)
        return waiting()

    monkeypatch.setattr(control, "wait_for_frame", counted)
    play.try_play((5, 5))  # as if clicked: the animation runs now
    net = pygame.event.Event(pygame.QUIT)
    pygame.time.set_timer(net, 30_000, loops=1)  # a net for a loop that waits for input in mid-animation
    control.run()
    pygame.time.set_timer(net, 0)
    animated = [(frames, polls) for wake, frames, polls in turns if wake == 0]
    # Every turn of the loop while the move animated drew a frame and never stopped to look for input.
    assert [frames for frames, _ in animated] == list(range(animated[0][0], animated[0][0] + len(animated)))
    assert {polls for _, polls in animated} == {animated[0][1]}
    assert len(animated) >= round(POP_SECONDS * 60)  # the pop alone lasts this many frames of 1/60 s
    assert play.wake_in() is None  # and then the loop went still


def test_timers_wake_the_loop_only_when_due(control: Control) -> None:
    play = start_play(control, MatchSettings(Rules.CLASSIC, 20, 20))
    play_moves(control, play, [(8, 8), (9, 9)])
    settle(control)
    assert play.wake_in() is None
    click(control, at(play, (8, 8)))  # taken: the refusal mark shakes and fades (every frame), then all is still
    assert play.wake_in() == 0
    settle(control, 2.0)
    assert play.refusal is None and play.wake_in() is None
    settle(control, 1.2)
    play.stop()
    control.step(0.3)
    wait = play.wake_in()
    assert wait is not None and 0 < wait <= 1.0  # the «Стоп» clock: the next whole second


def test_the_thinking_computer_wakes_the_loop_only_for_its_dots(control: Control) -> None:
    gate = threading.Event()

    def slow(game: Game, level: str, **_: object) -> tuple[int, int]:
        gate.wait(5)
        return min(game.legal_moves())

    play = start_play(control, MatchSettings(width=10, height=10, computer=ComputerSettings("beginner", Player.BLUE)),
                      chooser=slow)
    click(control, at(play, (5, 5)))
    settle(control)
    # Not polled, not spun: the next frame is due when the thinking dots change (its answer wakes the loop).
    wait = play.wake_in()
    assert wait is not None and 0 < wait <= 1 / hud.DOTS_PER_SECOND + 1e-9
    gate.set()


# ----- sounds ----------------------------------------------------------------------------------


def test_sounds_come_in_the_order_things_happen(control: Control, sounds: RecordingSounds) -> None:
    play = start_play(control)
    play_moves(control, play, [(2, 2), (8, 8), (3, 2), (8, 7)])
    assert sounds.played == ["dot"] * 4
    click(control, at(play, (3, 3)))  # Blue's half cell
    assert sounds.played[-2:] == ["dot", "country"]
    click(control, at(play, (3, 3)))  # taken
    assert sounds.played[-1] == "illegal"
    sounds.played.clear()
    play.finish()
    control.step(1 / 60)
    control.step(1 / 60)
    # The results scene sounds the end as it first shows: once, whatever ended the game.
    assert isinstance(control.stack.top, ResultsScene) and sounds.played == ["end"]


def test_a_takeover_sounds_like_one(control: Control, sounds: RecordingSounds) -> None:
    play = start_play(control)
    play_moves(control, play, takeover_moves())
    assert sounds.played[-2:] == ["dot", "takeover"]
    # Red's square closes in two steps (a half cell, then the cell); three corners of Blue's ring close too.
    assert sounds.played.count("country") == 5


def test_change_names_its_sounds() -> None:
    game = Game(5, 5)
    plain = Change(game.play((0, 0)), False, (Fraction(0), Fraction(0)), (Fraction(0), Fraction(0)), 0)
    assert plain.sounds() == ("dot",) and plain.node == (0, 0) and plain.player is Player.BLUE
    assert game.layers == ()


def test_the_sound_button_switches_and_is_remembered(control: Control, sounds: RecordingSounds,
                                                    data_dir: Path) -> None:
    play = start_play(control)
    assert play.panel.b_sound.rect.w >= 44 and play.panel.b_sound.rect.h >= 44  # a finger target
    assert not play.panel.b_sound.rect.colliderect(pygame.Rect(*play.board.paper))
    click(control, play.panel.b_sound.rect.center)
    assert not sounds.enabled and play.panel.b_sound.icon == "sound_off"
    assert preferences.load_settings().sound is False
    click(control, at(play, (1, 1)))
    assert sounds.played == []  # off: nothing asked to play
    click(control, play.panel.b_sound.rect.center)
    assert sounds.enabled and preferences.load_settings().sound is True
    assert play.game.move_count == 1  # pressing the icon played nothing on the board


def test_control_starts_sound_as_the_settings_say(pygame_session: object, data_dir: Path) -> None:
    preferences.save_settings(preferences.Settings(sound=False))
    c = Control((800, 600))
    try:
        assert c.sounds.enabled is False and c.stack.sounds is c.sounds
    finally:
        c.stack.shutdown_all()


# ----- never losing a game -------------------------------------------------------------------------


def test_autosave_after_every_move_and_undo(control: Control, data_dir: Path) -> None:
    play = start_play(control)
    assert unfinished.load_current() is None
    play_moves(control, play, [(2, 2), (7, 7)])
    # Not in the middle of the dot's animation: the write waits for the board to be still.
    assert play.autosaver.pending and unfinished.load_current() is None and play.wake_in() == 0
    settle(control)
    assert not play.autosaver.pending and control.idle
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable)
    # The set-up, and the list's summary of this very record (unfinished.listed_of).
    assert saved.meta.keys() == {"setup", unfinished.SUMMARY}
    assert saved.meta["setup"] == MatchSettings(width=10, height=10).to_json()
    assert saved.listed == unfinished.Listed(Rules.COUNTRIES, 10, 10, 2, False)
    game = sgf.loads(saved.text)
    assert game.move_count == 2 and game.dot_at((7, 7)) == Player.RED
    key(control, pygame.K_z, pygame.KMOD_CTRL)
    settle(control)
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable) and sgf.loads(saved.text).move_count == 1
    key(control, pygame.K_BACKSPACE)
    settle(control)
    # Taken back to an empty board, the game is still kept, with its moves to replay («Вернуть»).
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable) and sgf.loads(saved.text).move_count == 0
    assert saved.meta["redo"] == [[["move", "red", 7, 7]], [["move", "blue", 2, 2]]]


def test_autosave_against_the_computer_resumes_with_its_settings(control: Control, data_dir: Path) -> None:
    def first_legal(game: Game, level: str, **_: object) -> tuple[int, int]:
        return max(game.legal_moves())

    settings = MatchSettings(width=9, height=7, computer=ComputerSettings("amateur", Player.RED))
    play = start_play(control, settings, chooser=first_legal)
    step_until(control, lambda: play.game.move_count == 1)
    click(control, at(play, (2, 2)))
    settle(control)
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable)
    assert saved.meta.keys() == {"setup", unfinished.SUMMARY} and saved.meta["setup"] == settings.to_json()
    again = PlayScene(control.stack, Match(*resume(saved)))
    assert again.settings == settings and again.game.move_count == play.game.move_count == 3
    assert again.opponent is not None and again.opponent.player == Player.BLUE
    again.shutdown()


def test_quick_moves_are_autosaved_within_two_seconds(control: Control, data_dir: Path) -> None:
    """At most WAIT_SECONDS (2 s: longer than a moment's banner, which a write would make stutter)."""
    play = start_play(control)
    for i in range(16):  # a click every 0.15 s for 2.4 s: something is always moving
        click(control, at(play, (i % 8, 3 * (i // 8) + i % 2)))
        for _ in range(8):
            control.step(1 / 60)
    assert play.anims.running(play.clock)
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable) and sgf.loads(saved.text).move_count >= 3


def test_autosave_is_cleared_when_the_game_ends(control: Control, data_dir: Path) -> None:
    play = start_play(control)
    play_moves(control, play, [(2, 2), (7, 7)])
    settle(control)
    assert play.autosaver.slot is not None and unfinished.slot_path(play.autosaver.slot).exists()
    click(control, play.panel.b_finish.rect.center)
    assert isinstance(control.stack.top, ConfirmScene)
    key(control, pygame.K_RETURN)  # Enter says yes
    control.step(1 / 60)
    assert isinstance(control.stack.top, ResultsScene)
    assert unfinished.load_current() is None  # the scene finished its writes as it left


def test_a_failing_autosave_does_not_stop_the_game(control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(text: str, meta: dict[str, object], slot: str | None = None) -> str:
        raise errors.StoreError("problem.disk_full", "the game could not be autosaved: disk full")

    monkeypatch.setattr(unfinished, "save_current", broken)
    play = start_play(control)
    click(control, at(play, (2, 2)))
    settle(control)
    assert play.autosaver.failed
    click(control, at(play, (3, 3)))
    assert play.game.move_count == 2 and isinstance(control.stack.top, PlayScene)


def test_stop_clock_is_saved_and_resumed(control: Control, data_dir: Path) -> None:
    play = start_play(control, MatchSettings(Rules.CLASSIC, 20, 20))
    play_moves(control, play, [(8, 8), (9, 9)])
    play.stop()
    control.step(0.25)
    for _ in range(40):
        play.update(0.25)  # ten seconds of «Стоп»
    click(control, at(play, (3, 3)))  # Red moves alone
    settle(control)
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable) and 160 < saved.meta["stop_left"] < 171
    again = PlayScene(control.stack, Match(*resume(saved)))
    assert again.game.stopped_by == Player.BLUE and again.stop_clock.left == saved.meta["stop_left"]
    again.shutdown()


def test_meta_round_trip_and_odd_values() -> None:
    game = Game(6, 5, Rules.CLASSIC)
    for settings in (MatchSettings(Rules.CLASSIC, 6, 5),
                     MatchSettings(Rules.CLASSIC, 6, 5, ComputerSettings("master", Player.RED))):
        assert settings_from_meta(autosave_meta(settings, game), game) == settings
    odd = settings_from_meta({"mode": "computer", "level": "grandmaster", "human": 3}, game)
    assert odd.computer == ComputerSettings("beginner", Player.BLUE)
    assert settings_from_meta({}, game) == MatchSettings(Rules.CLASSIC, 6, 5)


# ----- keys and help ----------------------------------------------------------------------------------


def test_f1_toggles_the_help_in_play_and_in_the_menu(control: Control) -> None:
    play = start_play(control)
    key(control, pygame.K_F1)
    assert isinstance(control.stack.top, HelpScene)
    key(control, pygame.K_F1)
    assert control.stack.top is play  # (the «?» button opens the rules: tests/test_rules_from_play.py)
    control.stack.pop()
    menu = control.stack.top
    assert isinstance(menu, MenuScene)
    key(control, pygame.K_F1)
    help_card = control.stack.top
    assert isinstance(help_card, HelpScene)
    click(control, (5, 5))  # a tap anywhere closes it
    assert control.stack.top is menu


def test_help_fits_every_window(control: Control) -> None:
    for size in ((800, 600), (1920, 1080), (900, 1400)):
        post(control, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        control.stack.push(HelpScene(control.stack))
        control.step(1 / 60)
        card = control.stack.top
        assert isinstance(card, HelpScene)
        window = pygame.Rect(0, 0, *size)
        assert window.contains(card._box) and card._box.contains(card.b_close.rect)
        assert card.b_close.rect.h >= 44
        control.stack.pop()


def test_esc_asks_and_says_the_game_can_be_resumed(control: Control) -> None:
    play = start_play(control)
    click(control, at(play, (1, 1)))
    key(control, pygame.K_ESCAPE)
    dialog = control.stack.top
    assert isinstance(dialog, ConfirmScene) and dialog.hint == "feel.leave.hint"
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is play


def test_pop_lasts_about_150_ms(control: Control) -> None:
    play = start_play(control)
    click(control, at(play, (6, 6)))
    pop = play.anims.pops[0]
    assert 0.1 <= pop.end - pop.start == POP_SECONDS <= 0.2
