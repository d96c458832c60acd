"""What a frame does while a moment plays and right after a move (issue 29: every frame within 16.7 ms).

Counted, never timed: the board's cached picture is not painted again while the «+N», the burst, the banner
and the pulse play over it; the move's own frame does not write out the autosave's record (the first
still frame does); the collector's full pass runs while the loop waits for input, not in a frame.
"""

from __future__ import annotations

import gc

import pygame
import pytest
from driving import click
from test_moments import control, sounds, start_play  # noqa: F401 — the fixtures, shared

from engine import sgf
from game.control import Control
from game.match.settings import MatchSettings
from game.scenes.help import HelpScene
from game.shots.rings import BIG_RING, big_ring_but_one
from game.view.moments import Size


def test_an_effect_frame_draws_over_the_cached_board_without_painting_it(control: Control) -> None:  # noqa: F811
    play = start_play(control, MatchSettings(width=20, height=15), big_ring_but_one())
    click(control, play.board.grid_to_pixel(BIG_RING[-1]))  # the move's frame: the board brought up to date
    [shown] = play.anims.effects.shown
    assert shown.moment.size is Size.HUGE and shown.banner is not None and shown.pieces  # all four effects
    view = play.view
    painted, whole = view.rebuilds, view.full_builds
    effect_frames = 0
    while play.anims.effects.running(play.clock):
        control.step(1 / 60)
        effect_frames += 1
    assert effect_frames > 60  # about 1.7 s of banner
    assert (view.rebuilds, view.full_builds) == (painted, whole)


def test_the_moves_frame_leaves_the_autosaves_record_to_the_first_still_frame(
        control: Control, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    play = start_play(control, MatchSettings(width=20, height=15), big_ring_but_one())
    written: list[int] = []
    dumps = sgf.dumps
    monkeypatch.setattr(sgf, "dumps", lambda game, **kw: (written.append(game.move_count), dumps(game, **kw))[1])
    click(control, play.board.grid_to_pixel(BIG_RING[-1]))
    assert written == [] and play.autosaver.pending
    while play.anims.running(play.clock):
        control.step(1 / 60)
        assert written == []
    control.step(1 / 60)
    assert written == [play.game.move_count] and not play.autosaver.pending


def wait_idle(loop: Control) -> None:
    """The real loop's wait for a frame, with nothing moving, until an event posted a little later."""
    while not loop.idle:
        loop.step(1 / 60)
    pygame.time.set_timer(pygame.event.Event(pygame.USEREVENT), 100, loops=1)
    loop.wait_for_frame()


def test_the_loop_collects_and_freezes_once_for_each_scene_while_it_waits_for_input(
        control: Control) -> None:  # noqa: F811
    try:
        play = start_play(control, MatchSettings(width=20, height=15), big_ring_but_one())
        wait_idle(control)
        assert control.collector.settled == 1 and gc.get_freeze_count() > 0
        wait_idle(control)  # the same scene: no second pass
        assert control.collector.settled == 1
        click(control, play.board.grid_to_pixel(BIG_RING[-1]))  # a move is no new scene either
        wait_idle(control)
        assert control.collector.settled == 1
        control.stack.push(HelpScene(control.stack))
        wait_idle(control)
        assert control.collector.settled == 2
    finally:
        gc.unfreeze()
