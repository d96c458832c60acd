"""«?» in a game opens the rules at the rule set played, with a «Клавиши» tab; closing them gives the game
back as it was, also while the computer thinks (issue 29). Driven by posted events, as SDL delivers them."""

from __future__ import annotations

import threading

import pygame
from driving import click, key, press, step_until

from engine import Game, Player, Rules
from game.control import Control
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.handoff import Match
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.rules import KEY_ROWS, RulesScene, render_keys
from game.strings import t
from game.view.keys import KEYS


def start_play(control: Control, settings: MatchSettings) -> PlayScene:
    control.stack.push(MenuScene(control.stack))
    play = PlayScene(control.stack, Match(settings))
    control.stack.push(play)
    control.step(1 / 60)
    return play


def test_the_question_button_opens_the_rules_played_and_gives_the_game_back_as_it_was(control: Control) -> None:
    play = start_play(control, MatchSettings(Rules.CLASSIC, 15, 15))
    for node in ((3, 3), (9, 9), (4, 3)):
        click(control, play.board.grid_to_pixel(node))
    plus = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0, unicode="+", scancode=0)
    control.step(1 / 60, events=[plus])  # zoomed in: the game comes back zoomed as it was
    before = (play.game.move_count, play.game.to_move, play.board)
    assert play.zoom.zoomed
    press(control, play.panel.b_help)
    page = control.stack.top
    assert isinstance(page, RulesScene) and page.rules is Rules.CLASSIC and not page.keys
    assert page.b_classic.selected and not page.b_keys.selected
    press(control, page.b_keys)  # the keys, a tab of their own
    assert page.keys and page.b_keys.selected and not page.b_classic.selected and page.scroll == 0
    key(control, pygame.K_F1)  # the help card (and its switches) over the rules, F1 again closes it
    assert isinstance(control.stack.top, HelpScene)
    key(control, pygame.K_F1)
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is play
    assert (play.game.move_count, play.game.to_move, play.board) == before


def test_the_rules_open_at_the_countries_in_a_countries_game(control: Control) -> None:
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10))
    press(control, play.panel.b_help)
    page = control.stack.top
    assert isinstance(page, RulesScene) and page.rules is Rules.COUNTRIES and page.b_countries.selected


def test_the_rules_while_the_computer_thinks(control: Control) -> None:
    gate, asked = threading.Event(), threading.Event()

    def thinking(game: Game, level: str, **_: object) -> tuple[int, int]:
        asked.set()
        gate.wait(30)
        return min(game.legal_moves())

    control.stack.chooser = thinking
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings("beginner", Player.BLUE)))
    click(control, play.board.grid_to_pixel((5, 5)))
    step_until(control, asked.is_set)
    moves = play.game.move_count
    press(control, play.panel.b_help)
    assert isinstance(control.stack.top, RulesScene)
    gate.set()  # the computer answers while the rules are read
    assert play.opponent is not None
    play.opponent.join(30)
    for _ in range(3):
        control.step(1 / 60)
    assert play.game.move_count == moves  # nothing happens to the game under the rules
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is play
    step_until(control, lambda: play.game.move_count == moves + 1)  # its move lands once the game is back
    assert play.game.to_move is Player.BLUE and not play.ai_failed


def test_the_tabs_go_round_with_the_keys(control: Control) -> None:
    page = RulesScene(control.stack, Rules.COUNTRIES)
    control.stack.push(page)
    control.step(1 / 60)
    seen = []
    for _ in range(3):
        key(control, pygame.K_TAB)
        seen.append("keys" if page.keys else page.rules.value)
    assert seen == ["classic", "keys", "countries"]
    key(control, pygame.K_LEFT)
    assert page.keys
    key(control, pygame.K_END)
    assert page.scroll == page.max_scroll


def test_the_keys_tab_lists_every_key_of_the_help_card_and_the_question_button() -> None:
    rows = dict(KEY_ROWS)
    assert {k for k, _ in KEYS} | {"keys.key.rules"} == set(rows)
    assert rows["help.key.help"] == "keys.do.f1" and t("keys.key.rules") == "?"
    for size in ((1024, 600), (1920, 1080)):
        picture, anchors = render_keys(800, size)
        assert picture.get_width() == 800 and anchors == sorted(anchors) and anchors[-1] < picture.get_height()
