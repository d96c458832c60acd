"""The real scenes driven by posted pygame events under SDL's dummy driver.

Each test builds a ``Control`` (the one loop), posts mouse, finger, key and
window events, steps frames, and checks what the game and the scenes did.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest
from conftest import FakeClock
from driving import click, post, press, step, step_until

from engine import STOP_SECONDS, Game, Player, Refusal, Rules
from game import strings
from game.control import Control
from game.input.layout import MIN_AUTO_CELL, auto_size_for_window
from game.match.opponent import Chooser, ComputerOpponent
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.dialog import ConfirmScene
from game.scenes.handoff import Match
from game.scenes.menu import MenuScene
from game.scenes.picker import PickerScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.versus import VersusScene

ROOT = Path(__file__).resolve().parent.parent


# ----- helpers ------------------------------------------------------------------------------


def finger(control: Control, kind: int, pos: tuple[float, float], finger_id: int = 0) -> None:
    w, h = control.size
    post(control, pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0,
                                     finger_id=finger_id, touch_id=1, pressure=1.0))


def grid_px(scene: PlayScene, gx: float, gy: float) -> tuple[float, float]:
    return scene.board.grid_to_pixel((gx, gy))


def start_play(control: Control, settings: MatchSettings | None = None, *, game: Game | None = None,
               chooser: Chooser | None = None, ai_seconds: float | None = None) -> PlayScene:
    """A play scene over the menu; ``chooser`` (and ``ai_seconds``) go on the stack, as a test's computer."""
    control.stack.push(MenuScene(control.stack))
    control.stack.chooser = chooser
    control.stack.ai_seconds = ai_seconds
    scene = PlayScene(control.stack, Match(settings or MatchSettings(width=10, height=10), game))
    control.stack.push(scene)
    step(control)
    return scene


def top(control: Control) -> object:
    return control.stack.top


# ----- menu → picker → play -------------------------------------------------------------------


def test_menu_to_picker_to_play_by_clicks(control: Control) -> None:
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    step(control)
    press(control, menu.b_classic)
    assert menu.rules is Rules.CLASSIC and menu.b_classic.selected and not menu.b_countries.selected
    press(control, menu.b_countries)
    press(control, menu.b_hotseat)
    picker = top(control)
    assert isinstance(picker, PickerScene)
    assert picker.settings.rules is Rules.COUNTRIES and picker.settings.computer is None
    labels = [b.label for b in picker.size_buttons]
    assert labels == ["10 × 10", "15 × 15", "20 × 20", "30 × 30", "38 × 31"]
    press(control, picker.size_buttons[0])
    play = top(control)
    assert isinstance(play, PlayScene)
    assert (play.game.width, play.game.height, play.game.rules) == (10, 10, Rules.COUNTRIES)
    # Esc on an untouched game goes straight back to the picker, then to the menu.
    post(control, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert top(control) is picker
    post(control, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert top(control) is menu


def test_classic_choice_reaches_the_game(control: Control) -> None:
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    step(control)
    press(control, menu.b_classic)
    press(control, menu.b_hotseat)
    picker = top(control)
    assert isinstance(picker, PickerScene)
    press(control, picker.size_buttons[4])
    play = top(control)
    assert isinstance(play, PlayScene)
    assert (play.game.width, play.game.height, play.game.rules) == (38, 31, Rules.CLASSIC)
    assert play.panel.b_stop.rect.w > 0  # classic shows «Стоп»


def test_quit_button_ends_the_loop(control: Control) -> None:
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    step(control)
    press(control, menu.b_quit)
    assert control.stack.quit_requested


# ----- mouse ------------------------------------------------------------------------------------


def test_click_on_a_node_plays_and_off_a_node_does_not(control: Control) -> None:
    play = start_play(control)
    click(control, grid_px(play, 3, 3))
    assert play.game.dot_at((3, 3)) == Player.BLUE and play.game.move_count == 1
    click(control, grid_px(play, 4.1, 5.2))  # a little off a node: still that node
    assert play.game.dot_at((4, 5)) == Player.RED
    click(control, grid_px(play, 6.5, 6.5))  # a cell's centre: no node
    click(control, grid_px(play, 6.4, 6))  # 0.4 of a cell away
    click(control, (3, 3))  # outside the paper
    click(control, (play.screen.panel.x + 20, 300))  # the panel, not a button
    assert play.game.move_count == 2


def test_right_button_and_wheel_do_not_play(control: Control) -> None:
    play = start_play(control)
    p = tuple(int(v) for v in grid_px(play, 2, 2))
    post(control, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=3, touch=False))
    post(control, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, touch=False, flipped=False, precise_x=0.0,
                                     precise_y=1.0))
    assert play.game.move_count == 0


def test_hover_shows_a_ghost_only_where_a_click_would_play(control: Control) -> None:
    play = start_play(control)
    paper_px = control.screen.get_at(tuple(int(v) for v in grid_px(play, 5, 5)))
    post(control, pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in grid_px(play, 5.1, 4.9)),
                                     rel=(1, 1), buttons=(0, 0, 0), touch=False))
    assert play.ghost_node() == (5, 5)
    ghost_px = control.screen.get_at(tuple(int(v) for v in grid_px(play, 5, 5)))
    assert ghost_px != paper_px  # the ghost is really drawn
    assert ghost_px.b > ghost_px.r  # in the colour of the player to move (blue)
    post(control, pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in grid_px(play, 5.5, 5.5)),
                                     rel=(1, 1), buttons=(0, 0, 0), touch=False))
    assert play.ghost_node() is None
    click(control, grid_px(play, 2, 2))
    post(control, pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in grid_px(play, 2, 2)),
                                     rel=(1, 1), buttons=(0, 0, 0), touch=False))
    assert play.aim.hover == (2, 2) and play.ghost_node() is None  # taken: no ghost


def test_illegal_node_gives_feedback_and_no_move(control: Control) -> None:
    play = start_play(control)
    click(control, grid_px(play, 2, 2))
    before = play.game.version
    click(control, grid_px(play, 2, 2))  # taken
    assert play.game.version == before and play.game.move_count == 1
    assert play.refusal is not None and play.refusal.node == (2, 2)
    assert play.refusal.reason is Refusal.TAKEN and play.refusal.key == "refusal.taken"
    step(control, 30)  # half a second later the mark has stopped shaking: it sits on the node
    cx, cy = (round(v) for v in play.board.node_to_pixel((2, 2)))
    r = max(7, round(play.board.cell * 0.32))
    red = [control.screen.get_at((cx + dx, cy + dy)) for dx in range(-1, 2) for dy in (-r - 1, -r, -r + 1)]
    assert any(p.r > 150 and p.g < 100 and p.b < 100 for p in red)  # the red ring is on screen
    step(control, 120)  # two seconds later the feedback is gone
    assert play.refusal is None


def test_a_node_inside_a_country_is_refused(control: Control) -> None:
    play = start_play(control)
    # Blue builds a diamond around (5, 5); Red plays far away.
    for blue, red in [((5, 4), (0, 0)), ((6, 5), (0, 1)), ((5, 6), (0, 2)), ((4, 5), (0, 3))]:
        click(control, grid_px(play, *blue))
        click(control, grid_px(play, *red))
    assert play.game.score(Player.BLUE) == 2
    click(control, grid_px(play, 5, 5))  # Blue to move, inside its own country
    assert play.game.dot_at((5, 5)) is None and play.refusal is not None
    assert play.refusal.reason is Refusal.INSIDE and play.refusal.key == "refusal.own_country"


# ----- touch ------------------------------------------------------------------------------------


def test_finger_down_move_up_places_at_the_snapped_node(control: Control) -> None:
    play = start_play(control)
    finger(control, pygame.FINGERDOWN, grid_px(play, 4.2, 5.4))
    assert play.ghost_node() == (4, 5) and play.game.move_count == 0
    finger(control, pygame.FINGERMOTION, grid_px(play, 6.8, 2.1))
    assert play.ghost_node() == (7, 2)
    finger(control, pygame.FINGERUP, grid_px(play, 6.8, 2.1))
    assert play.game.dot_at((7, 2)) == Player.BLUE and play.ghost_node() is None


def test_finger_lifted_off_the_board_cancels(control: Control) -> None:
    play = start_play(control)
    finger(control, pygame.FINGERDOWN, grid_px(play, 3.3, 3.3))
    assert play.ghost_node() == (3, 3)
    off = (play.screen.panel.x + 30, play.screen.panel.y + 300)
    finger(control, pygame.FINGERMOTION, off)
    assert play.ghost_node() is None
    finger(control, pygame.FINGERUP, off)
    assert play.game.move_count == 0


def test_finger_on_the_edge_margin_reaches_the_edge_node(control: Control) -> None:
    play = start_play(control)
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        finger(control, kind, grid_px(play, -0.4, 9.4))
    assert play.game.dot_at((0, 9)) == Player.BLUE


def test_second_finger_cancels_the_first_fingers_aim(control: Control) -> None:
    play = start_play(control)
    finger(control, pygame.FINGERDOWN, grid_px(play, 2, 2), finger_id=0)
    assert play.ghost_node() == (2, 2)
    finger(control, pygame.FINGERDOWN, grid_px(play, 7, 7), finger_id=1)
    assert play.ghost_node() is None  # a pinch begins (tests/test_zoom.py): no dot at either finger
    finger(control, pygame.FINGERUP, grid_px(play, 7, 7), finger_id=1)
    finger(control, pygame.FINGERUP, grid_px(play, 2, 2), finger_id=0)
    assert play.game.move_count == 0


def test_mouse_events_made_from_touch_are_ignored(control: Control) -> None:
    play = start_play(control)
    click(control, grid_px(play, 3, 3), touch=True)
    post(control, pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in grid_px(play, 4, 4)),
                                     rel=(0, 0), buttons=(0, 0, 0), touch=True))
    assert play.game.move_count == 0 and play.aim.hover is None
    press_pos = play.panel.b_menu.rect.center
    click(control, press_pos, touch=True)  # nor do buttons act on them
    assert top(control) is play


def test_mouse_click_within_300_ms_of_a_finger_lift_is_ignored(control: Control, clock: FakeClock) -> None:
    play = start_play(control)
    finger(control, pygame.FINGERDOWN, grid_px(play, 2, 2))
    finger(control, pygame.FINGERUP, grid_px(play, 2, 2))
    assert play.game.move_count == 1
    clock.ms += 120
    click(control, grid_px(play, 6, 6))  # the same tap, echoed as a click
    assert play.game.move_count == 1
    clock.ms += 300
    click(control, grid_px(play, 6, 6))  # a real click later on
    assert play.game.dot_at((6, 6)) == Player.RED


def test_touch_presses_buttons(control: Control) -> None:
    play = start_play(control)
    click(control, grid_px(play, 2, 2))
    step(control)
    finger(control, pygame.FINGERDOWN, play.panel.b_undo.rect.center)
    finger(control, pygame.FINGERUP, play.panel.b_undo.rect.center)
    assert play.game.move_count == 0


# ----- HUD: undo, finish, stop, results --------------------------------------------------------


def test_undo_button_and_keys(control: Control) -> None:
    play = start_play(control)
    step(control)
    assert not play.panel.b_undo.enabled
    click(control, grid_px(play, 1, 1))
    click(control, grid_px(play, 2, 2))
    step(control)
    assert play.panel.b_undo.enabled
    press(control, play.panel.b_undo)
    assert play.game.move_count == 1 and play.game.to_move == Player.RED
    post(control, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL))
    assert play.game.move_count == 0 and play.game.dot_at((1, 1)) is None
    step(control)
    assert not play.panel.b_undo.enabled
    play.undo()  # nothing to undo: no error
    assert play.game.move_count == 0


def blue_half_cell(control: Control, play: PlayScene) -> None:
    for blue, red in [((2, 2), (8, 8)), ((3, 2), (8, 7)), ((3, 3), (0, 9))]:
        click(control, grid_px(play, *blue))
        click(control, grid_px(play, *red))


def test_finish_asks_then_shows_the_winner(control: Control) -> None:
    play = start_play(control)
    blue_half_cell(control, play)
    assert play.game.score(Player.BLUE) == pytest.approx(0.5)
    press(control, play.panel.b_finish)
    dialog = top(control)
    assert isinstance(dialog, ConfirmScene)
    press(control, dialog.b_no)
    assert top(control) is play and not play.game.is_over
    press(control, play.panel.b_finish)
    press(control, top(control).b_yes)  # type: ignore[union-attr]
    step(control)
    results = top(control)
    assert isinstance(results, ResultsScene)
    assert results.game.winner == Player.BLUE
    assert results.verdict == "Победили синие!"
    # «Ещё раз» starts the same set-up afresh; «В меню» goes to the menu.
    press(control, results.b_again)
    again = top(control)
    assert isinstance(again, PlayScene) and again.game.move_count == 0 and again.settings == play.settings
    again.finish()
    step(control)
    draw = top(control)
    assert isinstance(draw, ResultsScene) and draw.verdict == "Ничья"
    press(control, draw.b_menu)
    assert isinstance(top(control), MenuScene)


def test_the_game_ends_by_itself_when_nobody_can_move(control: Control) -> None:
    play = start_play(control, MatchSettings(width=4, height=3))
    for _ in range(20):
        if not isinstance(top(control), PlayScene):
            break
        move = min(play.game.legal_moves())
        click(control, grid_px(play, *move))
    results = top(control)
    assert isinstance(results, ResultsScene)
    assert results.game.is_over and not results.game.legal_moves()
    expected = results.game.winner
    assert results.verdict == {Player.BLUE: "Победили синие!", Player.RED: "Победили красные!", None: "Ничья"}[expected]


def test_classic_stop_counts_down_three_minutes_then_ends(control: Control) -> None:
    play = start_play(control, MatchSettings(Rules.CLASSIC, 20, 20))
    step(control)
    assert not play.panel.b_stop.enabled  # nothing played yet
    for node in [(8, 8), (9, 9)]:
        click(control, grid_px(play, *node))
    step(control)
    assert play.panel.b_stop.enabled
    press(control, play.panel.b_stop)
    press(control, top(control).b_yes)  # type: ignore[union-attr]
    assert play.game.stopped_by == Player.BLUE
    step(control)
    left = play.stop_clock.left
    assert left is not None and STOP_SECONDS - 1 < left <= STOP_SECONDS
    # Red moves alone: twice in a row.
    click(control, grid_px(play, 3, 3))
    click(control, grid_px(play, 4, 4))
    assert play.game.dot_at((4, 4)) == Player.RED and play.game.to_move == Player.RED
    control.step(0.25)
    for _ in range(int(STOP_SECONDS / 0.25) - 8):
        play.update(0.25)
    assert isinstance(top(control), PlayScene) and not play.game.is_over
    step(control, 10, dt=0.25)
    assert isinstance(top(control), ResultsScene)


# ----- leaving --------------------------------------------------------------------------------


def test_esc_in_a_game_asks_before_leaving(control: Control) -> None:
    picker = PickerScene(control.stack, MatchSettings())
    control.stack.push(MenuScene(control.stack))
    control.stack.push(picker)
    play = PlayScene(control.stack, Match(MatchSettings(width=10, height=10)))
    control.stack.push(play)
    step(control)
    click(control, grid_px(play, 1, 1))
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    post(control, esc)
    assert isinstance(top(control), ConfirmScene)
    post(control, esc)  # Esc on the question: stay
    assert top(control) is play and play.game.move_count == 1
    post(control, esc)
    post(control, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert top(control) is picker


def test_menu_button_asks_then_goes_to_the_menu(control: Control) -> None:
    play = start_play(control)
    click(control, grid_px(play, 1, 1))
    press(control, play.panel.b_menu)
    press(control, top(control).b_yes)  # type: ignore[union-attr]
    assert isinstance(top(control), MenuScene)


def test_window_close_quits(control: Control) -> None:
    start_play(control)
    post(control, pygame.event.Event(pygame.QUIT))
    assert control.stack.quit_requested


# ----- windows --------------------------------------------------------------------------------


def assert_laid_out(control: Control, play: PlayScene) -> None:
    w, h = control.size
    paper = play.board.paper
    area = play.screen.board_area
    assert area.x <= paper.x and area.y <= paper.y
    assert paper.x + paper.w <= area.x + area.w and paper.y + paper.h <= area.y + area.h
    for b in (play.panel.b_undo, play.panel.b_finish, play.panel.b_menu):
        assert b.rect.x >= 0 and b.rect.right <= w and b.rect.y >= 0 and b.rect.bottom <= h
        assert b.rect.h >= 44
        assert not b.rect.colliderect(pygame.Rect(paper.x, paper.y, paper.w, paper.h))


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080), (1000, 1400)])
def test_resize_keeps_the_board_inside(control: Control, size: tuple[int, int]) -> None:
    play = start_play(control, MatchSettings(width=38, height=31))
    click(control, grid_px(play, 5, 5))
    post(control, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    assert control.size == size and play.size == size
    assert_laid_out(control, play)
    # The same node is still where a click lands after the resize.
    click(control, grid_px(play, 5, 6))
    assert play.game.dot_at((5, 6)) == Player.RED


def test_windowresized_event_and_resize_mid_touch(control: Control) -> None:
    play = start_play(control, MatchSettings(width=20, height=20))
    finger(control, pygame.FINGERDOWN, grid_px(play, 3, 3))
    post(control, pygame.event.Event(pygame.WINDOWRESIZED, x=900, y=700))
    assert control.size == (900, 700)
    assert_laid_out(control, play)
    finger(control, pygame.FINGERMOTION, grid_px(play, 8.2, 8.1))
    finger(control, pygame.FINGERUP, grid_px(play, 8.2, 8.1))
    assert play.game.dot_at((8, 8)) == Player.BLUE


def test_resize_under_a_dialog_lays_out_both(control: Control) -> None:
    play = start_play(control)
    click(control, grid_px(play, 1, 1))
    press(control, play.panel.b_menu)
    dialog = top(control)
    assert isinstance(dialog, ConfirmScene)
    post(control, pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900))
    assert play.size == (1600, 900) and dialog.size == (1600, 900)
    assert pygame.Rect(0, 0, 1600, 900).contains(dialog.b_yes.rect)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (2560, 1440)])
def test_auto_fits_the_window_it_is_chosen_in(control: Control, size: tuple[int, int]) -> None:
    post(control, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    control.stack.push(MenuScene(control.stack))
    picker = PickerScene(control.stack, MatchSettings())
    control.stack.push(picker)
    step(control)
    expected = auto_size_for_window(size)
    assert picker.auto_size == expected
    assert picker.b_auto.label == f"Авто: {expected[0]} × {expected[1]}"  # shown before the game starts
    press(control, picker.b_auto)
    play = top(control)
    assert isinstance(play, PlayScene)
    assert (play.game.width, play.game.height) == expected
    assert play.board.cell >= MIN_AUTO_CELL
    assert_laid_out(control, play)


def test_auto_label_follows_the_window(control: Control) -> None:
    control.stack.push(MenuScene(control.stack))
    picker = PickerScene(control.stack, MatchSettings())
    control.stack.push(picker)
    step(control)
    first = picker.auto_size
    post(control, pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    assert picker.auto_size == auto_size_for_window((1920, 1080)) != first


def test_f11_toggles_fullscreen_and_back(control: Control) -> None:
    start_play(control)
    post(control, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
    assert control.fullscreen
    post(control, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
    assert not control.fullscreen and control.size == (1280, 800)


# ----- drawing ------------------------------------------------------------------------------


def test_static_board_is_cached_until_the_position_or_window_changes(control: Control) -> None:
    play = start_play(control)
    step(control, 5)
    built = play.view.rebuilds
    step(control, 5)
    assert play.view.rebuilds == built
    click(control, grid_px(play, 4, 4))
    step(control, 3)
    assert play.view.rebuilds == built + 1
    post(control, pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    step(control, 3)
    assert play.view.rebuilds == built + 2


def test_drawing_changes_nothing_in_the_game(control: Control) -> None:
    play = start_play(control)
    blue_half_cell(control, play)
    version, moves = play.game.version, play.game.move_count
    for _ in range(3):
        play.draw(control.screen)
    assert (play.game.version, play.game.move_count) == (version, moves)


def test_dots_and_crossed_out_dots_are_drawn(control: Control) -> None:
    from game.match import demo

    game = demo.countries_demo()
    play = start_play(control, MatchSettings(width=20, height=15), game=game)
    assert game.is_dead((5, 5)) and game.dot_at((5, 5)) == Player.RED
    live = control.screen.get_at(tuple(int(v) for v in grid_px(play, 4, 4)))
    assert live.b > 150 and live.r < 100  # a live blue dot
    # The cross: dark ink on the diagonal of a dead dot.
    r = play.board.cell * 0.2
    on_cross = control.screen.get_at(tuple(int(v) for v in grid_px(play, 5 + 0.7 * r / play.board.cell,
                                                                      5 + 0.7 * r / play.board.cell)))
    assert max(on_cross.r, on_cross.g, on_cross.b) < 120
    # The faded red square under the blue country is still tinted red-violet, not plain blue.
    under = control.screen.get_at(tuple(int(v) for v in grid_px(play, 5.5, 5.25)))
    blue_only = control.screen.get_at(tuple(int(v) for v in grid_px(play, 4.5, 6.5)))
    assert under.r > blue_only.r + 10


# ----- against the computer -------------------------------------------------------------------


def first_legal(game: Game, level: str, *, seconds: float | None = None, seed: int | None = None) -> tuple[int, int]:
    return max(game.legal_moves())


def test_versus_flow_the_computer_moves_and_undo_takes_back_both(control: Control) -> None:
    control.stack.chooser = first_legal
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    step(control)
    press(control, menu.b_computer)
    versus = top(control)
    assert isinstance(versus, VersusScene)
    press(control, versus.level_buttons[2])
    press(control, versus.b_red)
    assert versus.settings().computer == ComputerSettings("master", Player.RED)
    press(control, versus.b_next)
    picker = top(control)
    assert isinstance(picker, PickerScene) and picker.settings.computer is not None
    press(control, picker.size_buttons[0])
    play = top(control)
    assert isinstance(play, PlayScene) and play.opponent is not None
    assert play.opponent.player == Player.BLUE
    step_until(control, lambda: play.game.move_count == 1)  # the computer (blue) opens
    assert play.game.dot_at((9, 9)) == Player.BLUE
    assert not play.can_undo()  # the human has nothing to take back yet
    click(control, grid_px(play, 2, 2))
    assert play.game.dot_at((2, 2)) == Player.RED
    step_until(control, lambda: play.game.move_count == 3)
    click(control, grid_px(play, 3, 3))
    step_until(control, lambda: play.game.move_count == 5)
    step(control)
    press(control, play.panel.b_undo)  # the human's move and the reply, together
    assert play.game.move_count == 3 and play.game.to_move == Player.RED
    assert play.game.dot_at((3, 3)) is None


def test_clicks_are_ignored_while_the_computer_thinks(control: Control) -> None:
    gate = threading.Event()

    def slow(game: Game, level: str, **_: object) -> tuple[int, int]:
        gate.wait(5)
        return min(game.legal_moves())

    play = start_play(control, MatchSettings(width=10, height=10, computer=ComputerSettings("beginner", Player.BLUE)),
                      chooser=slow)
    click(control, grid_px(play, 5, 5))
    step(control)
    assert play.opponent is not None and play.opponent.thinking
    click(control, grid_px(play, 6, 6))  # Red's turn belongs to the computer
    assert play.game.move_count == 1 and play.ghost_node() is None
    gate.set()
    step_until(control, lambda: play.game.move_count == 2)
    assert play.game.dot_at((0, 0)) == Player.RED


def test_undo_while_thinking_drops_the_stale_answer(control: Control) -> None:
    gate = threading.Event()
    asked: list[int] = []

    def slow(game: Game, level: str, **_: object) -> tuple[int, int]:
        asked.append(game.move_count)
        gate.wait(5)
        return (0, 0)

    play = start_play(control, MatchSettings(width=10, height=10, computer=ComputerSettings("beginner", Player.BLUE)),
                      chooser=slow)
    click(control, grid_px(play, 5, 5))
    step(control)
    assert play.opponent is not None and play.opponent.thinking
    press(control, play.panel.b_undo)  # takes back the human's move and cancels the search
    assert play.game.move_count == 0 and not play.opponent.thinking
    gate.set()
    play.opponent.join(2)
    step(control, 5)
    assert play.game.move_count == 0 and play.game.dot_at((0, 0)) is None
    assert asked == [1]


def test_a_failing_computer_is_reported_not_fatal(control: Control) -> None:
    def broken(game: Game, level: str, **_: object) -> tuple[int, int]:
        raise RuntimeError("no AI here")

    play = start_play(control, MatchSettings(width=10, height=10, computer=ComputerSettings("beginner", Player.BLUE)),
                      chooser=broken)
    click(control, grid_px(play, 5, 5))
    step_until(control, lambda: play.ai_failed)
    assert play.game.move_count == 1 and isinstance(top(control), PlayScene)
    press(control, play.panel.b_undo)  # the way out: take the move back and try again
    assert not play.ai_failed and play.game.move_count == 0


def test_opponent_generation_counter_drops_old_answers() -> None:
    gates = [threading.Event(), threading.Event()]
    calls: list[int] = []

    def chooser(game: Game, level: str, **_: object) -> tuple[int, int]:
        n = len(calls)
        calls.append(n)
        gates[n].wait(5)
        return (n, n)

    opp = ComputerOpponent(Player.RED, "amateur", chooser=chooser)
    game = Game(width=5, height=5)
    game.play((2, 2))
    opp.request(game)
    first = opp.generation
    opp.request(game)  # a newer request supersedes the first
    assert opp.generation == first + 1
    gates[0].set()
    opp.join(0.2)
    assert opp.poll() is None and opp.thinking  # the old answer was dropped
    gates[1].set()
    opp.join(2)
    answer = opp.poll()
    assert answer is not None and answer.move == (1, 1) and answer.version == game.version
    assert opp.poll() is None  # an answer is given once


def test_cancel_tells_a_willing_chooser_to_stop() -> None:
    flags: list[threading.Event] = []

    def chooser(game: Game, level: str, *, seconds: float | None = None, seed: int | None = None,
                cancel: threading.Event | None = None) -> tuple[int, int]:
        assert cancel is not None
        flags.append(cancel)
        cancel.wait(5)  # a search that checks the flag as it goes
        return (0, 0)

    opp = ComputerOpponent(Player.RED, "master", chooser=chooser)
    game = Game(width=5, height=5)
    game.play((2, 2))
    opp.request(game)
    step_until(None, lambda: flags)  # the chooser has started
    opp.cancel()
    opp.join(2)
    assert flags and flags[0].is_set() and opp.poll() is None


def test_the_real_computer_answers_through_the_scene(control: Control) -> None:
    pytest.importorskip("ai")
    play = start_play(control, MatchSettings(width=7, height=7, computer=ComputerSettings("beginner", Player.BLUE)),
                      ai_seconds=0.05)
    click(control, grid_px(play, 3, 3))
    step_until(control, lambda: play.game.move_count == 2 or play.ai_failed)
    assert not play.ai_failed and play.game.move_count == 2


def test_computer_moving_alone_after_stop_may_end_the_game(control: Control) -> None:
    done: list[bool] = []

    def stop_done(game: Game) -> bool:
        done.append(True)
        return game.move_count >= 4  # "nothing left to take" after its second lone move

    control.stack.chooser = first_legal
    play = PlayScene(control.stack, Match(MatchSettings(Rules.CLASSIC, 20, 20, ComputerSettings("beginner", Player.BLUE))))
    assert play.opponent is not None
    play.opponent = ComputerOpponent(Player.RED, "beginner", chooser=first_legal, stop_done=stop_done)
    control.stack.push(MenuScene(control.stack))
    control.stack.push(play)
    step(control)
    click(control, grid_px(play, 9, 9))
    step_until(control, lambda: play.game.move_count == 2)
    press(control, play.panel.b_stop)
    press(control, top(control).b_yes)  # type: ignore[union-attr]
    assert play.game.stopped_by == Player.BLUE
    step_until(control, lambda: isinstance(top(control), ResultsScene))
    assert play.game.move_count == 4 and play.game.is_over and done


def test_opponent_works_on_a_copy() -> None:
    seen: list[Game] = []

    def chooser(game: Game, level: str, **_: object) -> tuple[int, int]:
        seen.append(game)
        game.play((0, 0))  # whatever the AI does to its copy stays there
        return (1, 1)

    opp = ComputerOpponent(Player.RED, "beginner", chooser=chooser)
    game = Game(width=5, height=5)
    game.play((2, 2))
    opp.request(game)
    opp.join(2)
    assert seen and seen[0] is not game and game.dot_at((0, 0)) is None and game.move_count == 1
    with pytest.raises(ValueError):
        ComputerOpponent(Player.RED, "grandmaster")


# ----- strings and headless runs ----------------------------------------------------------------


def test_every_string_has_russian_and_english() -> None:
    for key, texts in strings.STRINGS.items():
        assert texts.get("ru") and texts.get("en"), key
    assert strings.t("menu.hotseat") == "Два игрока"
    strings.set_language("en")
    try:
        assert strings.t("menu.hotseat") == "Two players"
    finally:
        strings.set_language("ru")
    with pytest.raises(KeyError):
        strings.t("no.such.key")


def test_the_font_has_cyrillic_and_the_half_sign(pygame_session: object) -> None:
    from game.view import theme

    f = theme.font(24)
    for ch in "ЖщЁ½×—«»":
        assert f.metrics(ch)[0] is not None, ch
    assert (theme.FONT_REGULAR.parent / "LICENSE-DejaVu.txt").is_file()


@pytest.mark.slow  # a whole smoke run of the game, which now waits for the compiled master: a minute
def test_smoke_run_exits_zero() -> None:
    done = subprocess.run([sys.executable, "main.py", "--smoke"], check=False, cwd=ROOT, capture_output=True, text=True,
                          timeout=300)  # a net: the kernel may compile first
    assert done.returncode == 0, done.stderr
    assert "every scene ran" in done.stdout


@pytest.mark.slow  # every scene at every size: minutes
def test_screenshots_are_written(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "main.py", "--screenshot", str(tmp_path)], check=False, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    names = {p.name for p in tmp_path.glob("*.png")}
    for scene in ("menu", "picker", "versus", "play-countries", "results"):
        for size in ("800x600", "1280x800", "1920x1080"):
            assert f"{scene}-{size}.png" in names
    img = pygame.image.load(str(tmp_path / "play-countries-1920x1080.png"))
    assert img.get_size() == (1920, 1080)
