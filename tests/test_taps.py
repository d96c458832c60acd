"""One tap acts exactly once, in every order SDL can deliver it (issue 12, item 1).

A tap reaches the game as a finger, as a mouse, or as both: SDL queues its own
mouse copy of a finger (``touch=True``) before the finger's events; its
mouse-to-touch emulation (``SDL_MOUSE_TOUCH_EVENTS=1``, and some Linux touch
screens) sends a plain mouse press between the finger's down and up; a pen
comes as a mouse, or as a finger with such copies. Each order below is posted as
real pygame events through the real :class:`Control` loop, all in one batch and
one event per frame, and every button, dialog, list, page and the board must act
exactly once — a button's callback counted, a dot placed once.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from conftest import FakeClock

from engine import Game, Player, sgf
from game.control import Control
from game.input.pointer import STALE_GESTURE_MS, TOUCH_CLICK_GUARD_MS
from game.match import demo
from game.match.settings import MatchSettings
from game.scenes import play_questions as questions
from game.scenes.dialog import ConfirmScene
from game.scenes.files.open_game import OpenGameScene
from game.scenes.handoff import Match
from game.scenes.menu import MenuScene
from game.scenes.picker import PickerScene
from game.scenes.play import PlayScene
from game.scenes.review import ReviewScene
from game.scenes.rules import RulesScene
from game.storage import library
from game.view.widgets import Button, ButtonGroup

Pos = tuple[float, float]
Stroke = list[Pos]
"""A gesture: pressed at the first point, moved through the others, lifted at the last."""

SCREEN = 1
"""The touch screen's device id."""
PEN = 7
"""A pen reported as a touch device of its own."""


# ----- the events of one gesture ---------------------------------------------------------------


def _finger(kind: int, p: Pos, size: tuple[int, int], finger: int = 0, device: int = SCREEN,
            pressure: float = 1.0) -> pygame.event.Event:
    return pygame.event.Event(kind, x=p[0] / size[0], y=p[1] / size[1], dx=0.0, dy=0.0,
                              finger_id=finger, touch_id=device, pressure=pressure)


def _mouse(kind: int, p: Pos, *, touch: bool = False, held: bool = True) -> pygame.event.Event:
    pos = (round(p[0]), round(p[1]))
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0), touch=touch)
    return pygame.event.Event(kind, pos=pos, button=1, touch=touch)


def finger_events(path: Stroke, size: tuple[int, int], finger: int = 0, device: int = SCREEN,
                  pressure: float = 1.0) -> list[pygame.event.Event]:
    """Down at the first point, a motion to each later one, up at the last."""
    return ([_finger(pygame.FINGERDOWN, path[0], size, finger, device, pressure)]
            + [_finger(pygame.FINGERMOTION, p, size, finger, device, pressure) for p in path[1:]]
            + [_finger(pygame.FINGERUP, path[-1], size, finger, device, pressure)])


def mouse_events(path: Stroke, *, touch: bool = False) -> list[pygame.event.Event]:
    """The same gesture as a left-button press, drag and release."""
    return ([_mouse(pygame.MOUSEBUTTONDOWN, path[0], touch=touch)]
            + [_mouse(pygame.MOUSEMOTION, p, touch=touch) for p in path[1:]]
            + [_mouse(pygame.MOUSEBUTTONUP, path[-1], touch=touch)])


def hover(p: Pos, *, touch: bool = False) -> pygame.event.Event:
    return _mouse(pygame.MOUSEMOTION, p, touch=touch, held=False)


def _zip(first: list[pygame.event.Event], second: list[pygame.event.Event]) -> list[pygame.event.Event]:
    return [e for pair in zip(first, second, strict=True) for e in pair]


def _jittered(path: Stroke) -> Stroke:
    # A pen wobbles a pixel as it lands.
    x, y = path[0]
    return [path[0], (x + 1, y + 1), *path[1:]]


ORDERS: dict[str, Callable[[Stroke, tuple[int, int]], list[pygame.event.Event]]] = {
    # SDL's own touch-to-mouse copies: queued before each finger event, marked touch.
    "finger, marked copies first": lambda path, size: [hover(path[0], touch=True)] + _zip(
        mouse_events(path, touch=True), finger_events(path, size)),
    "finger, marked copies after": lambda path, size: _zip(
        finger_events(path, size), mouse_events(path, touch=True)),
    # SDL_MOUSE_TOUCH_EVENTS=1 (as seen in Xvfb): FINGERDOWN, MOUSEBUTTONDOWN, FINGERUP, MOUSEBUTTONUP.
    "finger, plain copies inside": lambda path, size: [hover(path[0])] + _zip(
        finger_events(path, size), mouse_events(path)),
    "finger, plain copies after it": lambda path, size: finger_events(path, size) + [hover(path[0])]
    + mouse_events(path),
    "plain mouse first, finger copies": lambda path, size: _zip(mouse_events(path), finger_events(path, size)),
    "plain click, then its finger copy": lambda path, size: mouse_events(path) + finger_events(path, size),
    "mouse only": lambda path, size: [hover(path[0])] + mouse_events(path),
    "pen as a mouse": lambda path, size: [hover((path[0][0], path[0][1] - 8)), hover(path[0])]
    + mouse_events(_jittered(path)),
    "pen as a finger, plain copies": lambda path, size: [hover(path[0])] + _zip(
        finger_events(_jittered(path), size, device=PEN, pressure=0.4), mouse_events(_jittered(path))),
}
BATCHES = ["one batch", "frame by frame"]


def deliver(control: Control, clock: FakeClock, events: list[pygame.event.Event], batching: str) -> None:
    """Post ``events`` through the loop, then let time pass so the next gesture is a new one."""
    if batching == "one batch":
        for e in events:
            pygame.event.post(e)
        control.step(1 / 60)
    else:
        for e in events:
            pygame.event.post(e)
            control.step(1 / 60)
            clock.ms += 16
    clock.ms += 1000


def gesture(control: Control, clock: FakeClock, order: str, batching: str, path: Stroke) -> None:
    deliver(control, clock, ORDERS[order](path, control.size), batching)


def tap(control: Control, clock: FakeClock, order: str, batching: str, p: Pos) -> None:
    gesture(control, clock, order, batching, [p, p])


def counted(group: ButtonGroup) -> dict[Button, int]:
    """Count every action of ``group`` as it runs (the action still does what it did)."""
    counts = {button: 0 for button, _ in group.items}

    def counting(button: Button, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            counts[button] += 1
            action()
        return run

    group.items = [(button, counting(button, action)) for button, action in group.items]
    return counts


def only(counts: dict[Button, int], button: Button, times: int = 1) -> bool:
    """``button`` acted ``times`` times and no other button of the group acted at all."""
    return counts[button] == times and sum(counts.values()) == times


def centre(button: Button) -> Pos:
    assert button.rect.w > 0 and button.enabled, f"button {button.key} is not pressable"
    return (float(button.rect.centerx), float(button.rect.centery))


def open_menu(control: Control) -> MenuScene:
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    control.step(1 / 60)
    return menu


def start_play(control: Control) -> PlayScene:
    open_menu(control)
    play = PlayScene(control.stack, Match(MatchSettings(width=10, height=10)))
    control.stack.push(play)
    control.step(1 / 60)
    return play


def node_px(play: PlayScene, node: tuple[int, int]) -> Pos:
    return play.board.grid_to_pixel(node)


def names(control: Control) -> list[str]:
    return [scene.name for scene in control.stack.scenes]


every_order = pytest.mark.parametrize("order", list(ORDERS))
every_batch = pytest.mark.parametrize("batching", BATCHES)


# ----- buttons ---------------------------------------------------------------------------------


@every_order
@every_batch
def test_a_menu_button_acts_once(control: Control, clock: FakeClock, order: str, batching: str) -> None:
    menu = open_menu(control)
    counts = counted(menu.buttons)
    tap(control, clock, order, batching, centre(menu.b_classic))
    assert only(counts, menu.b_classic) and menu.b_classic.selected
    tap(control, clock, order, batching, centre(menu.b_countries))
    assert counts[menu.b_countries] == 1 and sum(counts.values()) == 2
    assert not any(b.pressed for b, _ in menu.buttons.items)  # nothing left half-pressed


@every_order
@every_batch
def test_menu_picker_play_each_once(control: Control, clock: FakeClock, order: str, batching: str) -> None:
    menu = open_menu(control)
    menu_counts = counted(menu.buttons)
    tap(control, clock, order, batching, centre(menu.b_hotseat))
    assert only(menu_counts, menu.b_hotseat) and names(control) == ["menu", "picker"]
    picker = control.stack.top
    assert isinstance(picker, PickerScene)
    picker_counts = counted(picker.buttons)
    tile = picker.size_buttons[0]
    tap(control, clock, order, batching, centre(tile))
    assert only(picker_counts, tile) and names(control) == ["menu", "picker", "play"]


@every_order
@every_batch
def test_quit_acts_once(control: Control, clock: FakeClock, order: str, batching: str) -> None:
    menu = open_menu(control)
    counts = counted(menu.buttons)
    tap(control, clock, order, batching, centre(menu.b_quit))
    assert only(counts, menu.b_quit) and control.stack.quit_requested


# ----- the board, «Отменить», the dialog ---------------------------------------------------------


@every_order
@every_batch
def test_a_dot_is_placed_once(control: Control, clock: FakeClock, order: str, batching: str) -> None:
    play = start_play(control)
    tap(control, clock, order, batching, node_px(play, (3, 4)))
    assert play.game.move_count == 1 and play.game.dot_at((3, 4)) == Player.BLUE
    tap(control, clock, order, batching, node_px(play, (6, 2)))
    assert play.game.move_count == 2 and play.game.dot_at((6, 2)) == Player.RED


@every_order
@every_batch
def test_undo_takes_back_one_move(control: Control, clock: FakeClock, order: str, batching: str) -> None:
    play = start_play(control)
    for node in ((2, 2), (5, 5), (7, 3)):
        play.try_play(node)
    control.step(1 / 60)
    counts = counted(play.panel.buttons)
    tap(control, clock, order, batching, centre(play.panel.b_undo))
    assert only(counts, play.panel.b_undo) and play.game.move_count == 2
    assert play.game.dot_at((7, 3)) is None and play.game.dot_at((5, 5)) == Player.RED


@every_order
@every_batch
def test_leaving_through_the_dialog_acts_once(control: Control, clock: FakeClock, order: str,
                                               batching: str) -> None:
    play = start_play(control)
    play.try_play((2, 2))
    control.step(1 / 60)
    play_counts = counted(play.panel.buttons)
    tap(control, clock, order, batching, centre(play.panel.b_menu))
    dialog = control.stack.top
    assert only(play_counts, play.panel.b_menu) and isinstance(dialog, ConfirmScene)
    dialog_counts = counted(dialog.buttons)
    tap(control, clock, order, batching, centre(dialog.b_no))  # «Нет»: the game stays
    assert only(dialog_counts, dialog.b_no) and control.stack.top is play
    tap(control, clock, order, batching, centre(play.panel.b_menu))
    dialog = control.stack.top
    assert isinstance(dialog, ConfirmScene)
    dialog_counts = counted(dialog.buttons)
    tap(control, clock, order, batching, centre(dialog.b_yes))  # «Выйти»
    assert only(dialog_counts, dialog.b_yes) and names(control) == ["menu"]


@every_order
@every_batch
def test_a_tap_outside_the_dialog_closes_only_it(control: Control, clock: FakeClock, order: str,
                                                  batching: str) -> None:
    play = start_play(control)
    play.try_play((2, 2))
    control.step(1 / 60)
    questions.leave(play, "menu")
    control.step(1 / 60)
    assert isinstance(control.stack.top, ConfirmScene)
    play_counts = counted(play.panel.buttons)
    # Above the dialog, over «В меню» of the scene below: a second act there would ask again.
    outside = (play.panel.b_menu.rect.centerx, 4.0)
    tap(control, clock, order, batching, outside)
    assert control.stack.top is play and sum(play_counts.values()) == 0 and play.game.move_count == 1


# ----- lists and pages that scroll -----------------------------------------------------------------


@every_order
@every_batch
def test_a_saved_game_opens_once(control: Control, clock: FakeClock, order: str, batching: str) -> None:
    game = demo.countries_demo()
    game.finish()
    for i in range(3):
        library.save_game(f"game {i}", sgf.dumps(game))
    open_menu(control)
    files = OpenGameScene(control.stack)
    control.stack.push(files)
    control.step(1 / 60)
    opened: list[int] = []
    real_open = files.open_entry

    def counting_open(index: int) -> None:
        opened.append(index)
        real_open(index)

    files.open_entry = counting_open  # type: ignore[method-assign]
    row = (float(files.list_rect.centerx), files.list_rect.y + files.row_step + files.row_h / 2)
    tap(control, clock, order, batching, row)
    assert opened == [1] and names(control) == ["menu", "open", "review"]
    assert isinstance(control.stack.top, ReviewScene)


@every_order
@every_batch
def test_the_file_list_scrolls_once_and_opens_nothing(control: Control, clock: FakeClock, order: str,
                                                       batching: str) -> None:
    text = sgf.dumps(Game(10, 10))
    for i in range(30):
        library.save_game(f"game {i:02}", text)
    open_menu(control)
    files = OpenGameScene(control.stack)
    control.stack.push(files)
    control.step(1 / 60)
    assert files.max_scroll > 200
    x, y = float(files.list_rect.centerx), float(files.list_rect.centery)
    gesture(control, clock, order, batching, [(x, y), (x, y - 60), (x, y - 120)])
    assert abs(files.scroll - 120) <= 2 and control.stack.top is files


@every_order
@every_batch
def test_the_rules_page_scrolls_by_the_drag_once(control: Control, clock: FakeClock, order: str,
                                                  batching: str) -> None:
    open_menu(control)
    page = RulesScene(control.stack)
    control.stack.push(page)
    control.step(1 / 60)
    assert page.max_scroll > 400
    x, y = float(page.view.centerx), float(page.view.centery)
    gesture(control, clock, order, batching, [(x, y), (x, y - 80), (x, y - 160), (x, y - 200)])
    assert abs(page.scroll - 200) <= 2  # touch comes as fractions of the window
    gesture(control, clock, order, batching, [(x, y - 100), (x, y)])
    assert abs(page.scroll - 100) <= 3


# ----- quick taps, second fingers, lost releases ---------------------------------------------------


@every_order
def test_two_quick_taps_act_twice(control: Control, clock: FakeClock, order: str) -> None:
    """The guard against copies must not eat a real second tap a moment later."""
    play = start_play(control)
    for node in ((2, 2), (5, 5), (7, 3)):
        play.try_play(node)
    control.step(1 / 60)
    counts = counted(play.panel.buttons)
    for _ in range(2):
        for e in ORDERS[order]([centre(play.panel.b_undo)] * 2, control.size):
            pygame.event.post(e)
        control.step(1 / 60)
        clock.ms += TOUCH_CLICK_GUARD_MS // 2  # well inside the guard
    assert only(counts, play.panel.b_undo, 2) and play.game.move_count == 1


def _with_second_finger(first: Stroke, second: Stroke, size: tuple[int, int], *, first_lifts_first: bool,
                        copies: bool) -> list[pygame.event.Event]:
    """Finger 0 presses, finger 1 lands and moves, then they lift; ``copies``: SDL's plain mouse
    copies of finger 0 (SDL copies only the first finger)."""
    f0 = finger_events(first, size, finger=0)
    f1 = finger_events(second, size, finger=1)
    m0 = mouse_events(first)
    events = [f0[0]] + ([m0[0]] if copies else []) + f1[:-1]
    for i, e in enumerate(f0[1:-1], start=1):
        events += [e] + ([m0[i]] if copies else [])
    lift0 = [f0[-1]] + ([m0[-1]] if copies else [])
    return events + (lift0 + [f1[-1]] if first_lifts_first else [f1[-1]] + lift0)


@pytest.mark.parametrize("first_lifts_first", [True, False])
@pytest.mark.parametrize("copies", [False, True])
@every_batch
def test_a_second_finger_neither_clicks_nor_doubles(control: Control, clock: FakeClock, first_lifts_first: bool,
                                                    copies: bool, batching: str) -> None:
    menu = open_menu(control)
    counts = counted(menu.buttons)
    a, b = centre(menu.b_classic), centre(menu.b_computer)
    deliver(control, clock, _with_second_finger([a, a], [b, b], control.size, first_lifts_first=first_lifts_first,
                                                copies=copies), batching)
    assert only(counts, menu.b_classic) and names(control) == ["menu"]
    # On the board a second finger starts a pinch: the first finger's aim is cancelled, no dot
    # at either; the next tap plays once, where it lands.
    control.stack.back_to("menu")
    play = start_play(control)
    p, q = node_px(play, (2, 2)), node_px(play, (7, 7))
    deliver(control, clock, _with_second_finger([p, p], [q, q], control.size, first_lifts_first=first_lifts_first,
                                                copies=copies), batching)
    assert play.game.move_count == 0
    clock.ms += TOUCH_CLICK_GUARD_MS
    tap(control, clock, "finger, plain copies inside" if copies else "finger, marked copies after", batching, q)
    assert play.game.move_count == 1 and play.game.dot_at((7, 7)) == Player.BLUE


@every_batch
def test_a_second_finger_does_not_scroll_the_page(control: Control, clock: FakeClock, batching: str) -> None:
    open_menu(control)
    page = RulesScene(control.stack)
    control.stack.push(page)
    control.step(1 / 60)
    x, y = float(page.view.centerx), float(page.view.centery)
    drag = [(x, y), (x, y - 100), (x, y - 200)]
    other = [(x + 150, y), (x + 150, y - 300), (x + 150, y - 400)]
    for first_lifts_first in (True, False):
        page.scroll = 0
        deliver(control, clock, _with_second_finger(drag, other, control.size, first_lifts_first=first_lifts_first,
                                                    copies=True), batching)
        assert abs(page.scroll - 200) <= 2


def test_a_finger_whose_release_was_lost_does_not_lock_out_the_mouse(control: Control, clock: FakeClock) -> None:
    menu = open_menu(control)
    counts = counted(menu.buttons)
    w, h = control.size
    pygame.event.post(_finger(pygame.FINGERDOWN, (w - 5, h - 5), control.size))  # its FINGERUP never comes
    control.step(1 / 60)
    clock.ms += 100
    tap(control, clock, "mouse only", "one batch", centre(menu.b_classic))
    assert sum(counts.values()) == 0  # a moment later it is still taken for the finger's copy
    clock.ms += STALE_GESTURE_MS
    tap(control, clock, "mouse only", "one batch", centre(menu.b_classic))
    assert only(counts, menu.b_classic)
    tap(control, clock, "finger, plain copies inside", "one batch", centre(menu.b_countries))
    assert counts[menu.b_countries] == 1 and sum(counts.values()) == 2


def test_a_mouse_press_whose_release_was_lost_does_not_lock_out_fingers(control: Control, clock: FakeClock) -> None:
    menu = open_menu(control)
    counts = counted(menu.buttons)
    w, h = control.size
    pygame.event.post(_mouse(pygame.MOUSEBUTTONDOWN, (w - 5, h - 5)))  # its MOUSEBUTTONUP never comes
    control.step(1 / 60)
    clock.ms += 100
    deliver(control, clock, finger_events([centre(menu.b_classic)] * 2, control.size), "one batch")
    assert sum(counts.values()) == 0  # a moment later a finger is still taken for the press's copy
    clock.ms += STALE_GESTURE_MS
    deliver(control, clock, finger_events([centre(menu.b_classic)] * 2, control.size), "one batch")
    assert only(counts, menu.b_classic)
    tap(control, clock, "mouse only", "one batch", centre(menu.b_countries))
    assert counts[menu.b_countries] == 1 and sum(counts.values()) == 2


def test_a_finger_tap_right_after_a_click_elsewhere_acts(control: Control, clock: FakeClock) -> None:
    """A click on the board, then a finger on «Отменить» at once: two hands, two acts."""
    play = start_play(control)
    counts = counted(play.panel.buttons)
    for e in mouse_events([node_px(play, (2, 2))] * 2):
        pygame.event.post(e)
    control.step(1 / 60)  # the same instant: the clock does not move
    assert play.game.move_count == 1
    deliver(control, clock, finger_events([centre(play.panel.b_undo)] * 2, control.size), "one batch")
    assert play.game.move_count == 0 and only(counts, play.panel.b_undo)
