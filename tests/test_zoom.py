"""Zooming and panning the board (issue 12, item 2): the arithmetic, then the real scene under posted events.

The pure part checks :class:`game.input.zoom.Zoom`: zooming about a point keeps
that point under the pointer, the pan is bounded so the board never leaves its
area, and the fit comes back. The scene part posts mouse, wheel, key and finger
events through the real :class:`~game.control.Control` loop and checks what is
played and what is drawn, in the play scene and in the review, which zooms the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from conftest import FakeClock
from driving import running

from engine import Player
from game.control import Control
from game.input.hit import hit_mouse, hit_touch
from game.input.layout import BOARD_PADDING, Box, fit_board, screen_layout
from game.input.pointer import EXTRA_FINGER, STALE_GESTURE_MS, InputFilter, pointer_of
from game.input.zoom import Zoom, fitted, max_cell
from game.match import demo
from game.match.settings import MatchSettings
from game.scenes.handoff import Match, Reviewing
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.review import ReviewScene
from game.view import theme

AREA = Box(0, 0, 784, 600)  # the board's area of a 1024×600 window


def zoom38(area: Box = AREA) -> Zoom:
    return fitted(38, 31, area, 44)


# ----- the arithmetic ----------------------------------------------------------------------------


@pytest.mark.parametrize("point", [(392, 300), (40, 40), (700, 560), (123.5, 456.25)])
@pytest.mark.parametrize("factor", [1.3, 2.0, 3.5])
def test_zoom_at_a_point_keeps_that_point_under_the_pointer(point: tuple[float, float], factor: float) -> None:
    z = zoom38()
    before = z.layout().pixel_to_grid(point)
    after_zoom = z.zoom_at(point, factor)
    after = after_zoom.layout()
    assert after.cell > z.layout().cell
    # Away from the edges the node under the pointer stays within half a pixel; at an
    # edge the bound may shift the board, but never so far that the paper leaves the area.
    gx, gy = after.pixel_to_grid(point)
    if 0.25 * AREA.w < point[0] < 0.75 * AREA.w and 0.25 * AREA.h < point[1] < 0.75 * AREA.h:
        assert abs(gx - before[0]) * after.cell <= 0.51 and abs(gy - before[1]) * after.cell <= 0.51
    paper = after.paper
    assert paper.x <= AREA.x + BOARD_PADDING and paper.x + paper.w >= AREA.x + AREA.w - BOARD_PADDING


def test_many_small_zooms_add_up_like_one() -> None:
    """A pinch zooms by a little at every finger motion: the roundings must not pile up."""
    z = zoom38().zoom_at((392, 300), 1.5)  # zoomed enough that the bounds leave the point alone
    step = z
    for _ in range(30):
        step = step.zoom_at((300, 250), 1.02)
    once = z.zoom_at((300, 250), 1.02 ** 30)
    a, b = step.layout(), once.layout()
    assert a.cell == b.cell and abs(a.left - b.left) <= 1 and abs(a.top - b.top) <= 1


def test_zoom_is_limited_both_ways() -> None:
    z = zoom38()
    assert z.zoom_at((392, 300), 0.5) == z.reset() and not z.zoom_at((392, 300), 0.5).zoomed
    top = z.zoom_at((392, 300), 1000.0)
    assert top.layout().cell == max_cell(z.fit, 44) == 66
    assert top.zoom_at((392, 300), 2.0).layout() == top.layout()


@pytest.mark.parametrize("dx, dy", [(10_000, 0), (-10_000, 0), (0, 10_000), (0, -10_000), (5000, -5000)])
def test_pan_is_bounded_so_the_board_stays_in_its_area(dx: float, dy: float) -> None:
    z = zoom38().zoom_at((392, 300), 3.0).pan(dx, dy)
    paper = z.layout().paper
    assert AREA.x + AREA.w - BOARD_PADDING <= paper.x + paper.w and paper.x <= AREA.x + BOARD_PADDING
    assert AREA.y + AREA.h - BOARD_PADDING <= paper.y + paper.h and paper.y <= AREA.y + BOARD_PADDING
    # Bounded means bounded now: panning back moves at once, no debt beyond the edge to pay off first.
    assert z.pan(-dx / 5000, -dy / 5000).layout() != z.layout()


def test_a_side_smaller_than_the_area_stays_centred() -> None:
    area = Box(0, 0, 1500, 400)  # wide: a little zoom leaves the board narrower than the area
    z = fitted(38, 31, area, 44)
    bit = z.zoom_at((750, 200), 1.3).pan(300, 0)
    paper = bit.layout().paper
    assert paper.w + 2 * BOARD_PADDING <= area.w and abs((paper.x - area.x) - (area.w - paper.x - paper.w)) <= 1


def test_not_zoomed_is_the_fit_and_does_not_pan() -> None:
    z = zoom38()
    assert z.layout() == fit_board(38, 31, AREA) and z.layout().clip is None
    assert z.pan(50, 50).layout() == z.layout()
    zoomed = z.zoom_at((100, 100), 2).pan(-30, 20)
    assert zoomed.layout().clip == AREA and zoomed.reset().layout() == z.layout()


def test_hits_stop_at_the_clip() -> None:
    board = zoom38().zoom_at((392, 300), 3).layout()
    inside = (AREA.w - board.cell, 300)
    beyond = (AREA.w + 5, 300)  # on the paper, under the panel
    assert board.paper.contains(*beyond) and not board.shows(*beyond) and board.shows(*inside)
    assert hit_touch(board, beyond) is None and hit_touch(board, inside) is not None
    node = hit_touch(board, inside)
    assert node is not None and hit_mouse(board, board.node_to_pixel(node)) == node
    far = board.node_to_pixel((37, 15))
    assert far[0] > AREA.w and hit_mouse(board, far) is None


def test_refit_keeps_the_factor_and_bounds_the_pan() -> None:
    z = zoom38().zoom_at((700, 500), 2.5).pan(-10_000, -10_000)  # the bottom right corner in view
    small = screen_layout((800, 600)).board_area
    z2 = z.refit(fit_board(38, 31, small), small, max_cell(fit_board(38, 31, small), 44))
    assert z2.factor == z.factor and z2.zoomed
    paper = z2.layout().paper
    assert paper.x + paper.w >= small.x + small.w - BOARD_PADDING and paper.x <= small.x + BOARD_PADDING
    assert z2.layout().clip == small


def test_38x31_at_1366x768_zooms_to_finger_sized_cells() -> None:
    area = screen_layout((1366, 768)).board_area
    z = fitted(38, 31, area, theme.finger_px())
    assert z.layout().cell < 44  # why zoom is needed at all
    assert z.zoom_at((area.w / 2, area.h / 2), 100).layout().cell >= 44
    # At a denser screen the finger is more pixels, and so is the deepest zoom.
    assert fitted(38, 31, area, 88).zoom_at((500, 300), 100).layout().cell >= 88


# ----- the play scene under posted events ----------------------------------------------------------

Pos = tuple[float, float]


@pytest.fixture
def control(pygame_session: object, clock: FakeClock, data_dir: Path) -> Iterator[Control]:
    yield from running((1024, 600), clock)


def post(control: Control, *events: pygame.event.Event) -> None:
    for e in events:
        pygame.event.post(e)
    control.step(1 / 60)


def play38(control: Control) -> PlayScene:
    control.stack.push(MenuScene(control.stack))
    scene = PlayScene(control.stack, Match(MatchSettings(width=38, height=31)))
    control.stack.push(scene)
    control.step(1 / 60)
    assert scene.board.cell == 18 or control.size != (1024, 600)
    return scene


def at(p: Pos) -> tuple[int, int]:
    return (round(p[0]), round(p[1]))


def hover(control: Control, p: Pos) -> None:
    post(control, pygame.event.Event(pygame.MOUSEMOTION, pos=at(p), rel=(0, 0), buttons=(0, 0, 0)))


def click(control: Control, p: Pos, button: int = 1) -> None:
    post(control, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(p), button=button),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(p), button=button))


def key(control: Control, k: int) -> None:
    post(control, pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def touch(control: Control, kind: int, p: Pos, finger: int = 0) -> None:
    w, h = control.size
    post(control, pygame.event.Event(kind, x=p[0] / w, y=p[1] / h, dx=0.0, dy=0.0, finger_id=finger, touch_id=1,
                                     pressure=1.0))


def test_wheel_zooms_at_the_pointer_and_a_click_plays_the_node_under_it(control: Control) -> None:
    play = play38(control)
    spot = play.board.node_to_pixel((10, 12))
    hover(control, spot)
    post(control, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, precise_x=0.0, precise_y=3.0, flipped=False))
    assert play.board.cell > 18
    assert play.board.pixel_to_grid(spot) == pytest.approx((10, 12), abs=0.5 / play.board.cell)
    # One cell to the right at the new scale: at the old scale that was nearly two nodes over.
    right = (spot[0] + play.board.cell, spot[1])
    click(control, right)
    assert play.game.dot_at((11, 12)) == Player.BLUE and play.game.move_count == 1
    post(control, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-30, precise_x=0.0, precise_y=-30.0, flipped=False))
    assert play.board == fit_board(38, 31, play.screen.board_area)


@pytest.mark.parametrize("button", [2, 3])
def test_right_or_middle_drag_pans_and_plays_nothing(control: Control, button: int) -> None:
    play = play38(control)
    key(control, pygame.K_EQUALS)
    key(control, pygame.K_EQUALS)
    before = play.board
    start = (400.0, 300.0)
    held = (0, 1, 0) if button == 2 else (0, 0, 1)
    post(control, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(start), button=button),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(420, 310), rel=(20, 10), buttons=held),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(440, 325), rel=(20, 15), buttons=held),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(440, 325), button=button))
    assert (play.board.left - before.left, play.board.top - before.top) == (40, 25)
    assert play.board.cell == before.cell and play.game.move_count == 0
    hover(control, (500, 200))  # the drag is over: moving the mouse moves nothing
    assert (play.board.left - before.left, play.board.top - before.top) == (40, 25)


def test_plus_minus_and_zero_keys(control: Control) -> None:
    play = play38(control)
    fit = play.board
    key(control, pygame.K_EQUALS)
    one = play.board.cell
    key(control, pygame.K_KP_PLUS)
    two = play.board.cell
    assert fit.cell < one < two and play.zoom.zoomed
    key(control, pygame.K_MINUS)
    assert play.board.cell == one
    key(control, pygame.K_0)
    assert play.board == fit and not play.zoom.zoomed
    key(control, pygame.K_MINUS)  # never smaller than the fit
    assert play.board == fit
    # The ghost stays under the mouse, on whatever node is there after the zoom.
    spot = fit.node_to_pixel((3, 4))
    hover(control, spot)
    assert play.ghost_node() == (3, 4)
    key(control, pygame.K_EQUALS)
    assert play.ghost_node() == hit_mouse(play.board, spot) != (3, 4)


def test_pinch_zooms_about_the_fingers_and_places_no_dot(control: Control) -> None:
    play = play38(control)
    a, b = play.board.node_to_pixel((10, 10)), play.board.node_to_pixel((14, 10))
    mid = ((a[0] + b[0]) / 2, a[1])
    node_mid = play.board.pixel_to_grid(mid)
    touch(control, pygame.FINGERDOWN, a, 0)
    assert play.ghost_node() == (10, 10)
    touch(control, pygame.FINGERDOWN, b, 1)
    assert play.ghost_node() is None  # the first finger's aim is cancelled
    touch(control, pygame.FINGERMOTION, (a[0] - 36, a[1]), 0)
    touch(control, pygame.FINGERMOTION, (b[0] + 36, b[1]), 1)
    assert play.board.cell == 36  # the fingers went from 72 px apart to 144: twice the zoom
    assert play.board.pixel_to_grid(mid) == pytest.approx(node_mid, abs=1 / play.board.cell)
    touch(control, pygame.FINGERUP, (a[0] - 36, a[1]), 0)
    touch(control, pygame.FINGERMOTION, (b[0] + 60, b[1]), 1)  # the one finger left does not aim
    touch(control, pygame.FINGERUP, (b[0] + 60, b[1]), 1)
    assert play.game.move_count == 0 and play.ghost_node() is None and play.board.cell == 36


def test_two_finger_drag_pans(control: Control) -> None:
    play = play38(control)
    key(control, pygame.K_EQUALS)
    key(control, pygame.K_EQUALS)
    before = play.board
    a, b = (300.0, 300.0), (420.0, 300.0)
    touch(control, pygame.FINGERDOWN, a, 0)
    touch(control, pygame.FINGERDOWN, b, 1)
    for step in range(1, 6):
        touch(control, pygame.FINGERMOTION, (a[0] + 6 * step, a[1] + 4 * step), 0)
        touch(control, pygame.FINGERMOTION, (b[0] + 6 * step, b[1] + 4 * step), 1)
    touch(control, pygame.FINGERUP, (b[0] + 30, b[1] + 20), 1)
    touch(control, pygame.FINGERUP, (a[0] + 30, a[1] + 20), 0)
    assert play.board.cell == before.cell
    assert abs(play.board.left - before.left - 30) <= 1 and abs(play.board.top - before.top - 20) <= 1
    assert play.game.move_count == 0


def test_one_finger_drag_aims_and_places_one_dot_at_the_lift(control: Control) -> None:
    play = play38(control)
    key(control, pygame.K_EQUALS)
    key(control, pygame.K_EQUALS)
    before = play.board
    path = [play.board.node_to_pixel(n) for n in ((5, 5), (6, 5), (7, 6))]
    touch(control, pygame.FINGERDOWN, path[0])
    touch(control, pygame.FINGERMOTION, path[1])
    assert play.ghost_node() == (6, 5)
    touch(control, pygame.FINGERMOTION, path[2])
    assert play.board == before  # one finger never pans
    touch(control, pygame.FINGERUP, path[2])
    assert play.game.move_count == 1 and play.game.dot_at((7, 6)) == Player.BLUE


def test_the_fit_button_shows_when_zoomed_and_fits_again(control: Control, clock: FakeClock) -> None:
    play = play38(control)
    fit = play.board
    assert not play.zoom.zoomed
    key(control, pygame.K_EQUALS)
    button = play.zoom.button.rect
    assert play.screen.board_area.contains(*button.topleft) and button.w >= theme.finger_px()
    click(control, button.center)
    assert play.board == fit and play.game.move_count == 0  # no dot under the button
    key(control, pygame.K_EQUALS)
    clock.ms += 1000  # a finger at once on the spot of a click would be that click's copy
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        touch(control, kind, button.center)
    assert play.board == fit and play.game.move_count == 0
    click(control, button.center)  # not zoomed: no button, the board under it plays
    assert play.game.move_count <= 1


def test_38x31_at_1366x768_reaches_finger_sized_cells(pygame_session: object, clock: FakeClock,
                                                      data_dir: Path) -> None:
    pygame.event.clear()
    c = Control((1366, 768), now=clock)
    try:
        play = play38(c)
        assert play.board.cell < 44
        for _ in range(12):
            key(c, pygame.K_EQUALS)
        assert play.board.cell >= max(44, theme.finger_px())
        spot = play.board.node_to_pixel((20, 15))
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            touch(c, kind, (spot[0] + play.board.cell * 0.4, spot[1] - play.board.cell * 0.4))
        assert play.game.dot_at((20, 15)) == Player.BLUE
    finally:
        c.stack.shutdown_all()
        pygame.event.clear()


def test_a_resize_keeps_the_zoom_and_bounds_the_pan(control: Control) -> None:
    play = play38(control)
    for _ in range(3):
        key(control, pygame.K_EQUALS)
    factor = play.zoom.gestures.zoom.factor
    play.resize((1366, 768))
    area = play.screen.board_area
    assert play.zoom.gestures.zoom.factor == factor and play.board.clip == area
    paper = play.board.paper
    assert paper.x <= area.x + BOARD_PADDING and paper.x + paper.w >= area.x + area.w - BOARD_PADDING
    assert area.contains(*play.zoom.button.rect.topleft)


def test_the_zoomed_frame_never_paints_over_the_panel(control: Control) -> None:
    play = play38(control)
    for _ in range(4):
        key(control, pygame.K_EQUALS)
    board, area = play.board, play.screen.board_area
    assert board.paper.x + board.paper.w > area.x + area.w  # the paper runs on under the panel
    # Dots, the last-move ring, a fresh move's animation, a refusal and the ghost on the nodes
    # nearest the panel's edge: each would reach over it if not clipped.
    column = max(x for x in range(38) if board.node_to_pixel((x, 0))[0] < area.x + area.w)
    edge = [(column, y) for y in range(10, 20)]
    assert area.x + area.w - board.node_to_pixel(edge[0])[0] < board.cell // 3
    for node in edge[:-1]:
        play.try_play(node)
    control.step(1 / 60)
    play.try_play(edge[-1])
    play.try_play(edge[0])  # taken: a refusal mark there
    hover(control, board.node_to_pixel((column, 22)))
    screen = control.screen
    zoomed = screen.subsurface(pygame.Rect(play.screen.panel)).copy()
    board_zoomed = screen.subsurface(pygame.Rect(area)).copy()
    key(control, pygame.K_0)
    play.anims.clear()
    play.refusal = None
    hover(control, (area.x + area.w + 5, 5))
    control.step(1 / 60)
    fitted_panel = screen.subsurface(pygame.Rect(play.screen.panel))
    assert pygame.image.tobytes(board_zoomed, "RGB") != pygame.image.tobytes(
        screen.subsurface(pygame.Rect(area)), "RGB")
    assert pygame.image.tobytes(zoomed, "RGB") == pygame.image.tobytes(fitted_panel, "RGB")


# ----- the input filter: a second finger is the pinch's, never a pointer -------------------------------


def _fe(kind: int, finger: int, x: float = 0.5, y: float = 0.5) -> pygame.event.Event:
    return pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=finger, touch_id=1, pressure=1.0)


def test_a_second_finger_passes_the_filter_marked_and_is_no_pointer() -> None:
    now = [10_000]
    f = InputFilter(lambda: now[0], lambda: (1000, 500))
    first, second = _fe(pygame.FINGERDOWN, 0), _fe(pygame.FINGERDOWN, 1, 0.7)
    assert f.accept(first) and pointer_of(first, (1000, 500)) is not None
    assert f.accept(second) and getattr(second, EXTRA_FINGER) and pointer_of(second, (1000, 500)) is None
    move = _fe(pygame.FINGERMOTION, 1, 0.8)
    assert f.accept(move) and pointer_of(move, (1000, 500)) is None
    assert f.accept(_fe(pygame.FINGERUP, 0))
    # The first finger is up, the second still down: a finger landing now joins the pinch.
    third = _fe(pygame.FINGERDOWN, 2)
    assert f.accept(third) and pointer_of(third, (1000, 500)) is None
    assert f.accept(_fe(pygame.FINGERUP, 2))
    # The second finger's release is lost: it holds the next taps only while it could still be down.
    now[0] += STALE_GESTURE_MS
    tap = _fe(pygame.FINGERDOWN, 3)
    assert f.accept(tap) and pointer_of(tap, (1000, 500)) is not None


# ----- the review scene zooms as the play scene does --------------------------------------------------


def review38(control: Control) -> ReviewScene:
    control.stack.push(MenuScene(control.stack))
    game = demo.random_game(38, 31, seed=2, moves=120)
    scene = ReviewScene(control.stack, Reviewing(game, step=60))
    control.stack.push(scene)
    control.step(1 / 60)
    assert scene.board == fit_board(38, 31, scene.screen.board_area)
    return scene


def wheel(control: Control, notches: float) -> None:
    post(control, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=round(notches), precise_x=0.0,
                                     precise_y=float(notches), flipped=False))


def test_review_wheel_over_the_board_zooms_at_the_pointer_and_over_the_panel_steps(control: Control) -> None:
    review = review38(control)
    spot = review.board.node_to_pixel((10, 12))
    hover(control, spot)
    wheel(control, 3)
    assert review.board.cell > 18 and review.zoom.zoomed and review.step == 60
    assert review.board.pixel_to_grid(spot) == pytest.approx((10, 12), abs=0.5 / review.board.cell)
    hover(control, (review.screen.panel.x + 20, review.screen.panel.y + 20))
    wheel(control, -2)  # over the panel the wheel still steps through the moves
    assert review.step == 62 and review.zoom.zoomed
    key(control, pygame.K_LEFT)  # stepping keeps the zoom
    assert review.step == 61 and review.zoom.zoomed


@pytest.mark.parametrize("button", [2, 3])
def test_review_right_or_middle_drag_pans(control: Control, button: int) -> None:
    review = review38(control)
    key(control, pygame.K_EQUALS)
    key(control, pygame.K_EQUALS)
    before = review.board
    held = (0, 1, 0) if button == 2 else (0, 0, 1)
    post(control, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=button),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(380, 290), rel=(-20, -10), buttons=held),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(380, 290), button=button))
    assert (review.board.left - before.left, review.board.top - before.top) == (-20, -10)
    assert review.step == 60


def test_review_keys_pinch_and_the_fit_button(control: Control, clock: FakeClock) -> None:
    review = review38(control)
    fit = review.board
    key(control, pygame.K_KP_PLUS)
    assert review.board.cell > fit.cell
    key(control, pygame.K_0)
    assert review.board == fit
    # Two fingers 72 px apart spread to 144: twice the cell, no step, no button pressed.
    a, b = review.board.node_to_pixel((10, 10)), review.board.node_to_pixel((14, 10))
    touch(control, pygame.FINGERDOWN, a, 0)
    touch(control, pygame.FINGERDOWN, b, 1)
    touch(control, pygame.FINGERMOTION, (a[0] - 36, a[1]), 0)
    touch(control, pygame.FINGERMOTION, (b[0] + 36, b[1]), 1)
    touch(control, pygame.FINGERUP, (a[0] - 36, a[1]), 0)
    touch(control, pygame.FINGERUP, (b[0] + 36, b[1]), 1)
    assert review.board.cell == 36 and review.step == 60
    # The fit button, at the board area's corner, by a tap: the whole board again.
    button = review.zoom.button.rect
    assert review.screen.board_area.contains(*button.topleft)
    clock.ms += 1000
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        touch(control, kind, button.center)
    assert review.board == fit and review.step == 60


def test_review_zoomed_draws_inside_the_board_area_only(control: Control) -> None:
    review = review38(control)
    control.step(1 / 60)
    panel = pygame.image.tobytes(control.screen.subsurface(pygame.Rect(review.screen.panel)), "RGB")
    for _ in range(4):
        key(control, pygame.K_EQUALS)
    control.step(1 / 60)
    assert review.board.paper.x + review.board.paper.w > review.screen.board_area.x + review.screen.board_area.w
    assert pygame.image.tobytes(control.screen.subsurface(pygame.Rect(review.screen.panel)), "RGB") == panel
