"""The board's coordinates (issue 29): off by default, switched on the help card and remembered, named as
the records name nodes, and fitted beside the board at every window, board size and zoom."""

from __future__ import annotations

import itertools

import pygame
import pytest
from driving import key, press

from engine import MAX_SIZE, Game, Rules, sgf
from game.control import Control
from game.input.layout import BoardLayout, auto_size_for_window, screen_layout
from game.input.zoom import fitted
from game.match.settings import MatchSettings
from game.scenes.handoff import Match, Reviewing
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.storage.preferences import Settings, load_settings, settings_from_dict
from game.view import coordinates, theme

SIZES = ((1024, 600), (1366, 768), (1920, 1080))


def start_play(control: Control, width: int = 15, height: int = 15) -> PlayScene:
    control.stack.push(MenuScene(control.stack))
    play = PlayScene(control.stack, Match(MatchSettings(Rules.COUNTRIES, width, height)))
    control.stack.push(play)
    control.step(1 / 60)
    return play


def inked(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """Something darker than the background is drawn in ``rect`` (a letter)."""
    part = surface.subsurface(rect.clip(surface.get_rect()))
    return any(sum(part.get_at((x, y))[:3]) < sum(theme.BACKGROUND) - 150
               for x in range(part.get_width()) for y in range(part.get_height()))


def test_off_by_default_and_a_file_without_them_reads_off() -> None:
    assert Settings().coordinates is False
    assert settings_from_dict({"coordinates": "yes"}).coordinates is False
    assert settings_from_dict({"coordinates": True}).coordinates is True


def test_the_switch_on_the_help_card_shows_them_and_is_remembered(control: Control) -> None:
    play = start_play(control)
    fitted_before = play.board
    assert play.zoom.gestures.zoom.area == play.screen.board_area  # no room kept for labels while off
    key(control, pygame.K_F1)
    card = control.stack.top
    assert isinstance(card, HelpScene) and not card.b_coords.selected
    press(control, card.b_coords)
    assert card.b_coords.selected and control.stack.preferences.chosen.coordinates
    assert load_settings().coordinates is True  # written to the settings file
    assert play.board != fitted_before  # the board below made room for them at once
    key(control, pygame.K_ESCAPE)
    control.step(1 / 60)
    shown = coordinates.labels(play.board, control.size)
    assert len(shown) == 4 * 15  # both edges of each of 15 columns and 15 rows
    assert all(inked(control.screen, label.rect) for label in shown)
    # Switched off again: the labels go, the board takes its room back, and that too is kept.
    key(control, pygame.K_F1)
    press(control, control.stack.top.b_coords)  # type: ignore[union-attr]
    key(control, pygame.K_ESCAPE)
    control.step(1 / 60)
    assert play.board == fitted_before and load_settings().coordinates is False
    assert not any(inked(control.screen, label.rect) for label in shown)


def test_they_show_in_the_review_too(control: Control) -> None:
    control.stack.preferences.remember(coordinates=True)
    game = Game(12, 9)
    game.play((3, 4))
    control.stack.push(MenuScene(control.stack))
    control.stack.go("review", Reviewing(game))
    control.step(1 / 60)
    review = control.stack.top
    shown = coordinates.labels(review.board, control.size)  # type: ignore[union-attr]
    assert len(shown) == 2 * (12 + 9) and all(inked(control.screen, label.rect) for label in shown)


def name_of(labels: list[coordinates.Label], layout: BoardLayout, node: tuple[int, int]) -> str:
    """The node's name read off the labels: the letter over its column, then the one beside its row."""
    x, y = layout.node_to_pixel(node)
    column = next(label.text for label in labels if label.column and label.rect.centerx in (x, x - 1, x + 1))
    row = next(label.text for label in labels if not label.column and abs(label.rect.centery - y) <= 1)
    return column + row


def layouts(size: tuple[int, int]) -> list[tuple[str, BoardLayout]]:
    """The fitted and the most zoomed-in board of each size at ``size``, in the area kept with labels."""
    area = coordinates.board_area(screen_layout(size), True)
    out = []
    for w, h in ((10, 10), (38, 31), (MAX_SIZE, MAX_SIZE), auto_size_for_window(size)):
        zoom = fitted(w, h, area, theme.finger_px())
        middle = (area.x + area.w // 2, area.y + area.h // 2)
        out += [(f"{w}×{h}", zoom.layout()), (f"{w}×{h} zoomed", zoom.zoom_at(middle, 100.0).layout())]
    return out


@pytest.mark.parametrize("size", SIZES)
def test_each_label_names_its_nodes_as_the_record_does_and_fits(pygame_session: object,
                                                                size: tuple[int, int]) -> None:
    window = screen_layout(size).board_area
    for name, layout in layouts(size):
        shown = coordinates.labels(layout, size)
        board = pygame.Rect(layout.paper) if layout.clip is None else \
            pygame.Rect(layout.paper).clip(pygame.Rect(layout.clip))
        labelled = sorted({label.index for label in shown if label.column})
        assert labelled and (layout.clip is not None or labelled[0] == 0), name
        for label in shown:
            assert label.text == sgf.coordinate(label.index), name
            assert not label.rect.colliderect(board), f"{name}: {label.text} covers the board"
            assert pygame.Rect(window).contains(label.rect), f"{name}: {label.text} leaves the board's area"
        for a, b in itertools.combinations(shown, 2):
            assert not a.rect.colliderect(b.rect), f"{name}: {a.text} and {b.text} run into each other"
        # A node in sight is named by its column's and row's labels exactly as the record names it.
        rows = sorted({label.index for label in shown if not label.column})
        for node in ((labelled[0], rows[0]), (labelled[-1], rows[-1]), (labelled[len(labelled) // 2], rows[0])):
            assert name_of(shown, layout, node) == sgf.point_text(node), (name, node)


def test_they_show_on_the_results_board_and_make_room_there(control: Control) -> None:
    game = Game(12, 9)
    game.play((3, 4))
    game.finish()
    control.stack.push(MenuScene(control.stack))
    control.stack.go("results", Match(MatchSettings(Rules.COUNTRIES, 12, 9), game))
    control.step(1 / 60)
    results = control.stack.top
    assert results is not None and results.name == "results"
    plain = results.board  # type: ignore[attr-defined]
    assert not any(inked(control.screen, label.rect) for label in coordinates.labels(plain, control.size))
    control.stack.preferences.remember(coordinates=True)
    results.resize(control.size)  # as the help card's switch lays the scenes out again
    control.step(1 / 60)
    shown = coordinates.labels(results.board, control.size)  # type: ignore[attr-defined]
    assert results.board != plain  # type: ignore[attr-defined]
    assert len(shown) == 2 * (12 + 9) and all(inked(control.screen, label.rect) for label in shown)
