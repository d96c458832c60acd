"""The computer opponent's calls at their edges (issue 21): a game or a level that is none is named in
a TypeError, never an AttributeError; a budget beyond any use is "as long as you like", not an
OverflowError; the pool never outnumbers the machine's cores."""

from __future__ import annotations

import os

import pytest
from test_ai import CancelAfter

from ai import LEVELS, choose_move, parallel
from ai.board import Cancelled
from ai.review import review
from engine import Game

# ----- arguments that are none ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["x", None, 5])
def test_choose_move_for_what_is_no_game_is_a_type_error_naming_it(game: object) -> None:
    with pytest.raises(TypeError, match="game"):
        choose_move(game, "amateur", seconds=0.05, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", [None, 5, ["master"]])
def test_choose_move_at_what_is_no_level_is_a_type_error_naming_it(level: object) -> None:
    with pytest.raises(TypeError, match="level"):
        choose_move(Game(5, 5), level, seconds=0.05, seed=1)  # type: ignore[arg-type]


# ----- a budget beyond any use ------------------------------------------------------------------------------------


def _mid_game() -> Game:
    game = Game(9, 9)
    for point in [(4, 4), (5, 5), (3, 4), (5, 4), (4, 3), (6, 6)]:
        game.play(point)
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_a_huge_budget_is_as_long_as_the_search_likes_not_an_overflow(level: str) -> None:
    game = _mid_game()
    # The cancel flag ends a search that would otherwise think for ai.MAX_SECONDS (a day).
    move = choose_move(game, level, seconds=1e308, seed=1, cancel=CancelAfter(checks=50))
    assert game.is_legal(move)


def test_a_review_with_a_huge_budget_is_cancelled_not_overflowed() -> None:
    with pytest.raises(Cancelled):
        review(_mid_game(), seconds=1e308, cancel=CancelAfter(checks=50))


# ----- the threads and the machine -----------------------------------------------------------------------------------


def test_a_setting_of_64_cores_runs_on_the_cores_the_machine_has(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)  # affinity says 2 of them are this process's
    try:
        parallel.configure(64)
        assert parallel.machine_cores() == 2 and parallel.default_cores() == 2
        parallel.configure(1)
        assert parallel.default_cores() == 1
        monkeypatch.delattr(os, "sched_getaffinity")  # as on Windows and macOS
        parallel.configure(None)
        assert parallel.default_cores() == 8
    finally:
        parallel.configure(None)
