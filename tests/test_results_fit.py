"""The results' panel keeps every word above its buttons, however much it has to say.

A rated loss to the master in Russian at 1024×600 said all there is (how it ended on two lines, the
calm note, the turning point, help used, the rating, the achievements, the engine, the rules' reminder):
the achievements' line lay under «Ещё раз» with only its tops showing. Now the type steps down and the
quiet lines go first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from driving import running, step

from ai import Level
from engine import Player, Rules, sgf
from game import strings
from game.control import Control
from game.match import demo
from game.match.ending import Ending, How
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.handoff import Match
from game.storage.achievements import ACHIEVEMENTS
from game.view import theme

SIZES = [(800, 600), (1024, 600), (1366, 768), (1920, 1080)]


class Recording(pygame.Surface):
    """A window surface that remembers where each picture was put."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.put: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        rect = super().blit(source, dest, *args, **kwargs)
        self.put.append((source, pygame.Rect(rect)))
        return rect


@pytest.fixture
def control(pygame_session: object, data_dir: Path) -> Iterator[Control]:
    yield from running((1024, 600), lambda: 0.0)


def a_loss_with_everything(control: Control) -> Any:
    game = demo.countries_demo()
    game.finish()
    human = game.winner.other if game.winner is not None else Player.BLUE
    settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.MASTER, human))
    scene: Any = control.stack.make("results", Match(settings, game, hints=0, engine=sgf.MasterEngine.AMATEUR,
                                                     ending=Ending(How.FINISH, None)))
    scene.__dict__["rating_line"] = strings.t("results.rating", rating=979, change="-15")
    scene.announced.earned = list(ACHIEVEMENTS[:2])
    return scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_word_of_a_full_results_panel_is_above_its_buttons(control: Control, size: tuple[int, int],
                                                                 lang: str) -> None:
    strings.set_language(lang)
    control.resize(size)
    scene = a_loss_with_everything(control)
    control.stack.scenes.append(scene)
    control.stack.resize(size)
    step(control)
    assert scene.turning is not None, "a loss to the computer names its turning point"
    seen: list[str] = []
    plain = theme.text

    def text(s: str, px: int, colour: theme.Colour = theme.INK, *, bold: bool = False) -> pygame.Surface:
        seen.append(s)
        return plain(s, px, colour, bold=bold)

    surface = Recording(size)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(theme, "text", text)
        scene.draw(surface)
    buttons = [b.rect for b, _ in scene.buttons.items if b.rect.w]
    top = min(r.y for r in buttons)
    panel = pygame.Rect(scene.screen.panel)
    words = [r for s, r in surface.put if panel.contains(r) and not any(b.contains(r) for b in buttons)
             and s.get_height() < 80]
    assert words, "the panel said something"
    if not scene.screen.portrait:
        low = [r for r in words if r.bottom > top]
        assert not low, f"words under the buttons at {size}: {low}"
    shown = " ".join(seen)
    for must in (scene.verdict, strings.t(f"results.engine.{sgf.MasterEngine.AMATEUR.value}"),
                 scene.rating_line):
        assert must in shown or must.split()[0] in shown, f"{must!r} not shown at {size}"
    gold = strings.t("results.achieved", names=", ".join(a.title() for a in scene.announced.earned))
    assert gold.split()[0] in shown or strings.t("results.achieved.count", n=2).split()[0] in shown
