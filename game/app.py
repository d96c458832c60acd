"""Starting the game: the normal window, the headless smoke run, and screenshots.

``main.py`` only parses its arguments and calls one of these.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from engine import Game, Rules
from game import demo
from game.control import DEFAULT_SIZE, MIN_SIZE, Control
from game.dialog import ConfirmScene
from game.menu import MenuScene
from game.picker import PickerScene
from game.play import PlayScene
from game.results import ResultsScene
from game.scene import Scene
from game.settings import ComputerSettings, MatchSettings
from game.versus import VersusScene

SCREENSHOT_SIZES: tuple[tuple[int, int], ...] = ((800, 600), (1280, 800), (1920, 1080))


def use_dummy_drivers() -> None:
    """No screen, no sound: for the smoke run and screenshots (set before pygame.init)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"


def first_window_size() -> tuple[int, int]:
    """Three quarters of the desktop (at least 800×600): with DPI awareness on, a
    high-DPI screen has many more pixels, and a fixed 1280×800 would look tiny."""
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return DEFAULT_SIZE
    w = max(MIN_SIZE[0], min(desktop[0], round(desktop[0] * 0.75)))
    h = max(MIN_SIZE[1], min(desktop[1], round(desktop[1] * 0.75)))
    return (w, h)


def run(size: tuple[int, int] | None = None) -> int:
    """Play: open the window on the menu and run until it closes."""
    pygame.init()
    try:
        control = Control(size or first_window_size())
        control.stack.push(MenuScene(control.stack))
        if os.environ.get("TOCHKI_FIRST_FRAME_EXIT") == "1":
            # tools/build_bench.py: launch-to-exit time is then the time to the first frame.
            control.step(0.0)
            control.stack.shutdown_all()
            return 0
        control.run()
    finally:
        pygame.quit()
    return 0


def smoke(frames: int = 3) -> int:
    """Run every scene for a few frames under the dummy drivers; 0 when all went well."""
    use_dummy_drivers()
    pygame.init()
    try:
        control = Control((1024, 700))
        stack = control.stack

        def frames_of(make: Callable[[], Scene]) -> Scene:
            stack.push(make())
            for _ in range(frames):
                control.step(1 / 60)
            return stack.top  # type: ignore[return-value]

        menu = frames_of(lambda: MenuScene(stack))
        assert isinstance(menu, MenuScene)
        frames_of(lambda: VersusScene(stack, Rules.COUNTRIES))
        frames_of(lambda: PickerScene(stack, MatchSettings()))
        play = frames_of(lambda: PlayScene(stack, MatchSettings(width=15, height=15), game=demo.countries_demo()))
        assert isinstance(play, PlayScene)
        frames_of(lambda: ConfirmScene(stack, "confirm.leave", "confirm.leave.yes", stack.pop))
        stack.pop()
        # Against the real computer, with a tiny budget: it answers, or the scene
        # says it could not; either way nothing may crash.
        versus = frames_of(lambda: PlayScene(
            stack, MatchSettings(width=10, height=10, computer=ComputerSettings("novice")), ai_seconds=0.05))
        assert isinstance(versus, PlayScene)
        versus.try_play((2, 2))
        for _ in range(300):
            control.step(1 / 60)
            if versus.game.move_count >= 2 or versus.ai_failed:
                break
            time.sleep(0.01)
        computer = "answered" if versus.game.move_count >= 2 else "could not answer"
        classic = frames_of(lambda: PlayScene(stack, MatchSettings(Rules.CLASSIC, 24, 20), game=demo.classic_demo()))
        assert isinstance(classic, PlayScene)
        classic.stop()
        for _ in range(frames):
            control.step(1 / 60)
        game = demo.countries_demo()
        game.finish()
        frames_of(lambda: ResultsScene(stack, MatchSettings(width=20, height=15), game))
        for size in ((800, 600), (1920, 1080), (600, 900)):
            control.resize(size)
            control.step(1 / 60)
        control.stack.shutdown_all()
        print(f"smoke: {control.frames} frames drawn, every scene ran; the computer {computer}")
    finally:
        pygame.quit()
    return 0


@functools.cache
def _full_board() -> Game:
    # Built once and shared by every window size: screenshots only draw it.
    # The last move is taken back so that the game is still on (not the results).
    game = demo.random_game(38, 31, seed=3)
    game.undo()
    return game


def _scenes_for_screenshots(control: Control) -> list[tuple[str, Callable[[], None]]]:
    """(name, set-up) pairs: each set-up leaves the scene to photograph on top of the stack."""
    stack = control.stack

    def only(*scenes: Callable[[], Scene]) -> Callable[[], None]:
        def setup() -> None:
            stack.shutdown_all()
            for make in scenes:
                stack.push(make())
        return setup

    def menu() -> Scene:
        return MenuScene(stack)

    countries = MatchSettings(Rules.COUNTRIES, 20, 15)
    classic = MatchSettings(Rules.CLASSIC, 24, 20)

    def finished() -> Scene:
        game = demo.countries_demo()
        game.finish()
        return ResultsScene(stack, countries, game)

    def touched_play() -> Scene:
        scene = PlayScene(stack, countries, game=demo.countries_demo())
        scene.hover = (10, 3)  # what a mouse over a free node shows
        scene.refuse((5, 5))  # and a refused move, as just after a click on a crossed-out dot
        return scene

    def full_play() -> Scene:
        return PlayScene(stack, MatchSettings(Rules.COUNTRIES, 38, 31), game=_full_board())

    def stopped_classic() -> Scene:
        scene = PlayScene(stack, classic, game=demo.classic_demo())
        scene.stop()
        scene.update(13.0)
        return scene

    return [
        ("menu", only(menu)),
        ("versus", only(menu, lambda: VersusScene(stack, Rules.COUNTRIES))),
        ("picker", only(menu, lambda: PickerScene(stack, MatchSettings()))),
        ("play-countries", only(menu, touched_play)),
        ("play-full", only(menu, full_play)),
        ("play-classic-opening", only(menu, lambda: PlayScene(stack, MatchSettings(Rules.CLASSIC, 38, 31)))),
        ("play-classic-stop", only(menu, stopped_classic)),
        ("confirm-leave", only(menu, touched_play,
                               lambda: ConfirmScene(stack, "confirm.leave", "confirm.leave.yes", stack.pop,
                                                    hint="confirm.leave.hint"))),
        ("results", only(menu, finished)),
    ]


def screenshots(directory: str | Path, sizes: tuple[tuple[int, int], ...] = SCREENSHOT_SIZES) -> list[Path]:
    """Write a PNG of each scene at each window size into ``directory``; returns the files."""
    use_dummy_drivers()
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    pygame.init()
    try:
        control = Control(sizes[0])
        for size in sizes:
            control.resize(size)
            for name, setup in _scenes_for_screenshots(control):
                setup()
                control.stack.resize(control.size)
                control.step(0.0)
                path = out / f"{name}-{size[0]}x{size[1]}.png"
                pygame.image.save(control.screen, str(path))
                written.append(path)
        control.stack.shutdown_all()
    finally:
        pygame.quit()
    return written
