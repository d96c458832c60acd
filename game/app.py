"""Starting the game: the normal window, the headless smoke run, and screenshots.

``main.py`` only parses its arguments and calls one of these. The smoke run and
the screenshots use nothing outside the repository (or the bundle): SDL's dummy
drivers, a throw-away data folder, and the assets, among them the zagram sample.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

import pygame

from ai import choose_move, kernel, parallel, think
from ai import review as ai_review
from engine import Game, Player, Refusal, Rules, sgf
from game import strings
from game.control import DEFAULT_SIZE, MIN_SIZE, Control
from game.input.layout import BoardLayout, Box, Point
from game.match import demo
from game.match.analysis import Analysis
from game.match.clock import ClockState, TimeControl
from game.match.ending import Ending, How
from game.match.settings import ComputerSettings, MatchSettings
from game.paths import DATA_DIR_ENV, asset_path, user_data_dir
from game.scenes.base import Scene
from game.scenes.dialog import ConfirmScene
from game.scenes.files.open_game import OpenGameScene
from game.scenes.files.save_game import SaveGameScene
from game.scenes.files.saved_list import SavedGamesScene
from game.scenes.files.unfinished_list import UnfinishedScene
from game.scenes.handoff import Match, Question, Reviewing
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.picker import PickerScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.scenes.rules import RulesScene
from game.scenes.versus import VersusScene
from game.storage import library, preferences, unfinished
from game.storage.library import default_name, record_info
from game.view import dpi, language, theme
from game.view.zoom_control import ZoomControl

ZAGRAM = asset_path("samples", "zagram-352562.sgf")
"""A real classic game from zagram.org (39×32, setup dots), shipped with the game as a sample."""

SCREENSHOT_SIZES: tuple[tuple[int, int], ...] = ((800, 600), (1024, 600), (1200, 800), (1280, 800), (1366, 768),
                                                  (1920, 1080))
"""The smallest window, the touch laptops of issue 12 (1024×600 … 1366×768), the usual desktop and full HD."""

SCREENSHOT_LANGUAGES: tuple[str, ...] = ("ru", "en")
"""Every scene in both languages: English labels are longer and must fit too."""

HEADLESS_DRIVERS = ("offscreen", "dummy")
"""SDL video drivers that draw into memory only: a window there is never seen."""


class NoDisplay(Exception):
    """There is no screen to open the game window on; the message is for the player, in their language."""


class CannotWrite(Exception):
    """A screenshot could not be written (a full disk, a folder gone); the message names the file."""


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


def open_display() -> None:
    """Start pygame's display for a window the player will see; raises :class:`NoDisplay` if none can be.

    With no display server (``DISPLAY`` and ``WAYLAND_DISPLAY`` unset on Linux) SDL
    falls back to its ``offscreen`` driver, and the game would run unseen for ever.
    A driver asked for by name in ``SDL_VIDEODRIVER`` is taken as meant (the tests,
    ``tools/build_bench.py``); the smoke run and screenshots do not come here.
    """
    asked = os.environ.get("SDL_VIDEODRIVER", "").strip()
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplay(strings.t("start.no_display", reason=f"SDL: {error}")) from error
    driver = pygame.display.get_driver()
    if not asked and driver in HEADLESS_DRIVERS:
        pygame.display.quit()
        raise NoDisplay(strings.t("start.no_display", reason=f"SDL: {driver}"))


KERNEL_FOLDER = "kernel"
"""The folder in the player's data folder where the master's compiled kernel is cached."""


def run(size: tuple[int, int] | None = None) -> int:
    """Play: open the window on the menu and run until it closes.

    Raises :class:`NoDisplay`, with the player's language applied, when there is no screen.
    """
    pygame.init()
    try:
        language.apply_saved()  # before the window, and before a NoDisplay message: both are in it
        parallel.configure(preferences.load_settings().cores)  # the master's pool starts when it first thinks
        open_display()
        # Compiled (the first time) or loaded from the cache while the menu shows; the master plays
        # its pure-Python search until then.
        kernel.configure(user_data_dir() / KERNEL_FOLDER)
        kernel.start()
        theme.use_display_dpi(dpi.display_dpi())  # before the first layout: buttons are sized by it
        control = Control(size or first_window_size())
        control.stack.go("menu")
        if os.environ.get("TOCHKI_FIRST_FRAME_EXIT") == "1":
            # tools/build_bench.py: launch-to-exit time is then the time to the first frame.
            control.step(0.0)
            control.stack.shutdown_all()
            return 0
        control.run()
    finally:
        parallel.shutdown()  # the master's worker processes go with the window
        pygame.quit()
    return 0


@contextlib.contextmanager
def scratch_data_dir() -> Iterator[Path]:
    """A throw-away user data folder for the smoke run and screenshots: the player's own
    settings, autosave and saved games are neither read nor touched."""
    before = os.environ.get(DATA_DIR_ENV)
    with tempfile.TemporaryDirectory(prefix="tochki-") as folder:
        os.environ[DATA_DIR_ENV] = folder
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop(DATA_DIR_ENV, None)
            else:
                os.environ[DATA_DIR_ENV] = before


def other_program_record() -> str:
    """The zagram sample game (an asset: the build ships it, and a missing one is an error, not a stand-in)."""
    return ZAGRAM.read_text(encoding="utf-8")


def smoke(frames: int = 3) -> str:
    """Run every scene for a few frames under the dummy drivers, and the master on two worker
    processes and on the compiled kernel (:func:`smoke_master`); the line to report when all went well.

    A failure raises (an ``AssertionError`` says which scene). The line is returned, not
    printed, so that ``main.py`` can tell a failed write to stdout from a failed run.
    """
    use_dummy_drivers()
    pygame.init()
    try:
        with scratch_data_dir() as data:
            # A frozen build's default cache would land inside the bundle (a temporary folder, or the
            # folder players get), so it compiles into the scratch folder: what a first launch does.
            # From source the default is the developer's own cache beside the kernel's sources.
            if getattr(sys, "frozen", False):
                kernel.configure(data / KERNEL_FOLDER)
            kernel.start()  # compiles while the scenes run, as it does while the menu shows
            return _smoke(frames)
    finally:
        parallel.shutdown()
        strings.set_language(strings.DEFAULT_LANGUAGE)
        pygame.quit()


def _smoke(frames: int) -> str:
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
    play = frames_of(lambda: PlayScene(stack, Match(MatchSettings(width=15, height=15), demo.countries_demo())))
    assert isinstance(play, PlayScene)
    frames_of(lambda: ConfirmScene(stack, Question("confirm.leave", "confirm.leave.yes", stack.pop)))
    stack.pop()
    # Against the real computer, with a tiny budget: it answers, or the scene
    # says it could not; either way nothing may crash.
    stack.ai_seconds = 0.05
    versus = frames_of(lambda: PlayScene(
        stack, Match(MatchSettings(width=10, height=10, computer=ComputerSettings("beginner")))))
    assert isinstance(versus, PlayScene)
    versus.try_play((2, 2))
    for _ in range(300):
        control.step(1 / 60)
        if versus.game.move_count >= 2 or versus.ai_failed:
            break
        time.sleep(0.01)
    computer = "answered" if versus.game.move_count >= 2 else "could not answer"
    master_cores, on_kernel = smoke_master()
    classic = frames_of(lambda: PlayScene(stack, Match(MatchSettings(Rules.CLASSIC, 24, 20), demo.classic_demo())))
    assert isinstance(classic, PlayScene)
    classic.stop()
    for _ in range(frames):
        control.step(1 / 60)
    game = demo.countries_demo()
    game.finish()
    results = frames_of(lambda: ResultsScene(stack, Match(MatchSettings(width=20, height=15), game)))
    assert isinstance(results, ResultsScene)
    results.update(1.0)  # mid-celebration
    control.step(1 / 60)
    # The menus of issue 5: rules, saving, opening, review, continue, English.
    rules = frames_of(lambda: RulesScene(stack, Rules.COUNTRIES))
    assert isinstance(rules, RulesScene)
    rules.show(Rules.CLASSIC)
    rules.scroll_by(10_000)
    control.step(1 / 60)
    stack.pop()
    save = frames_of(lambda: SaveGameScene(stack, game))
    assert isinstance(save, SaveGameScene)
    save.save()
    stack.pop()
    library.save_game("zagram", other_program_record())
    opened = frames_of(lambda: OpenGameScene(stack))
    assert isinstance(opened, OpenGameScene) and len(opened.games) == 2
    opened.open_entry(0)
    review = stack.top
    assert isinstance(review, ReviewScene), f"a saved game did not open: {opened.message}"
    review.goto(review.replay.moves // 2)
    control.step(1 / 60)
    unfinished.save_current(sgf.dumps(demo.countries_demo()), {"mode": "hotseat", "rules": "countries"})
    stack.pop_to(lambda scene: scene is menu)
    assert menu.resumable is not None, "the autosave was not offered"
    menu.set_language("en")
    control.step(1 / 60)
    menu.continue_game()
    assert isinstance(stack.top, PlayScene)
    for _ in range(frames):
        control.step(1 / 60)
    for size in ((800, 600), (1920, 1080), (600, 900)):
        control.resize(size)
        control.step(1 / 60)
    control.stack.shutdown_all()
    kernel_words = ("the master played on the compiled kernel" if on_kernel
                    else f"the compiled kernel did not play ({' '.join(kernel.status().split())})")  # one line
    return (f"smoke: {control.frames} frames drawn, every scene ran; the computer {computer}; "
            f"the master thought on {master_cores} {'core' if master_cores == 1 else 'cores'}; {kernel_words}")


SMOKE_CORES = 2
"""The smoke run's master searches in this many worker processes, whatever the machine has: the
frozen executable must show that it can start them (``tools/build_check.py`` looks for the line)."""

SMOKE_KERNEL_WAIT_S = 240.0
"""How long the smoke run waits for the kernel: a frozen build compiles it afresh there, which takes
30–90 s on two busy cores."""


def smoke_master() -> tuple[int, bool]:
    """The master's move in the countries demo through the pool of worker processes, then on the
    compiled kernel: the cores the pool's search used, and whether the kernel chose the second move.

    1 core means the pool could not start or answer, and the master fell back to one core (logged).
    The pool is tried with master-v2, which never goes through the kernel (the pure-Python master
    still searches in worker processes until the kernel is ready, or where it cannot load).
    """
    parallel.start(SMOKE_CORES, wait_seconds=60.0)
    game = demo.countries_demo()
    pooled = think(game, "master-v2", seconds=0.3, cores=SMOKE_CORES)
    assert game.is_legal(pooled.move), f"the master's move {pooled.move} is not legal"
    kernel.wait(SMOKE_KERNEL_WAIT_S)
    compiled = think(game, "master", seconds=0.3, cores=SMOKE_CORES)
    assert game.is_legal(compiled.move), f"the compiled master's move {compiled.move} is not legal"
    return pooled.cores, compiled.kernel


RING_AROUND_A_SQUARE = ((4, 4), (5, 4), (6, 4), (7, 4), (7, 5), (7, 6), (7, 7), (6, 7), (5, 7), (4, 7), (4, 6), (4, 5))


def _ring_around_a_square() -> Game:
    """docs/RULES.md §2's takeover, one move before it: Red's square inside Blue's ring of twelve but one."""
    game = Game(width=20, height=15)
    red = [(5, 5), (6, 5), (6, 6), (5, 6), (15, 2), (16, 2), (17, 2), (15, 12), (16, 12), (17, 12), (18, 12)]
    for blue, answer in zip(RING_AROUND_A_SQUARE[:-1], red, strict=True):
        game.play(blue)
        game.play(answer)
    return game


@functools.cache
def _full_board() -> Game:
    # Built once and shared by every window size: screenshots only draw it.
    # The last move is taken back so that the game is still on (not the results).
    game = demo.random_game(38, 31, seed=3)
    game.undo()
    return game


ZOOM_PRESSES = 4
"""``+`` presses for the zoomed pictures: a 38×31 board's cells grow to about a fingertip at 1024×600."""

MAX_ZOOM_PRESSES = 40
"""More ``+`` presses than any board needs to reach its deepest zoom (each zooms by a quarter)."""


def zoom_in(control: Control, zoom: ZoomControl, presses: int | None) -> None:
    """Press ``+`` ``presses`` times through the loop, as a keyboard does (None: until the deepest zoom)."""
    plus = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0, unicode="+", scancode=0)
    for _ in range(MAX_ZOOM_PRESSES if presses is None else presses):
        if presses is None and zoom.deepest:
            return
        control.step(0.0, events=[plus])
    assert presses is not None or zoom.deepest, "the deepest zoom was not reached"


def finger_event(control: Control, kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    """A finger event at window pixel ``pos``, as SDL sends it (the window's fraction, not pixels)."""
    w, h = control.size
    return pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=0, touch_id=1,
                              pressure=1.0)


def node_in_sight(board: BoardLayout, area: Box, wanted: Callable[[Point], bool]) -> tuple[Point, tuple[int, int]]:
    """The ``wanted`` node nearest the middle of the board's ``area`` that is in sight, and its pixel.

    A zoomed board shows only part of itself: a tap meant for a node must land where it is drawn.
    Raises ``AssertionError`` when no such node is in sight (the picture would not show what it says).
    """
    mx, my = area.x + area.w / 2, area.y + area.h / 2
    seen = [(node, board.node_to_pixel(node)) for node in itertools.product(range(board.width), range(board.height))]
    seen = [(node, at) for node, at in seen if board.shows(*at) and area.contains(*at) and wanted(node)]
    assert seen, "no such node in sight"
    return min(seen, key=lambda item: (item[1][0] - mx) ** 2 + (item[1][1] - my) ** 2)


def screenshot_scenes(control: Control, lang: str = "ru") -> list[tuple[str, Callable[[], None]]]:
    """(name, set-up) pairs: each set-up leaves the scene to photograph on top of the stack, in ``lang``.

    The tests measure the same scenes (every text inside its box, every button a finger target).
    """
    stack = control.stack

    def only(*scenes: Callable[[], Scene], then: Callable[[Scene], None] | None = None,
             autosave: str | None = None) -> Callable[[], None]:
        """A set-up: a fresh stack of ``scenes``; ``then`` adjusts the top one once it is laid out."""
        def setup() -> None:
            stack.shutdown_all()
            stack.scenes.clear()
            strings.set_language(lang)
            control.filter.reset()  # a finger the last picture held down is not on this one
            unfinished.clear_all_current()
            if autosave is not None:
                unfinished.autosave_path().write_text(autosave, encoding="utf-8")
            for make in scenes:
                stack.push(make())
            stack.resize(control.size)
            if then is not None and stack.top is not None:
                then(stack.top)
        return setup

    def menu() -> Scene:
        return MenuScene(stack)

    countries = MatchSettings(Rules.COUNTRIES, 20, 15)
    classic = MatchSettings(Rules.CLASSIC, 24, 20)

    def finished() -> Scene:
        game = demo.countries_demo()
        game.finish()
        return ResultsScene(stack, Match(countries, game))

    def touched_play() -> Scene:
        scene = PlayScene(stack, Match(countries, demo.countries_demo()))
        scene.aim.hover = (10, 3)  # what a mouse over a free node shows
        scene.refuse((5, 5))  # and a refused move, as just after a click on a crossed-out dot
        return scene

    def full_play() -> Scene:
        return PlayScene(stack, Match(MatchSettings(Rules.COUNTRIES, 38, 31), _full_board()))

    def mid_takeover(scene: Scene) -> None:
        # Blue closes the ring over Red's square; the picture is taken as the new country sweeps in.
        assert isinstance(scene, PlayScene)
        scene.try_play(RING_AROUND_A_SQUARE[-1])
        scene.autosaver.flush()  # written before the next set-up clears the autosave
        scene.update(0.42)

    def zoomed(presses: int | None) -> Callable[[Scene], None]:
        """``presses`` of ``+`` on the board (None: until its deepest zoom)."""
        def go(scene: Scene) -> None:
            assert isinstance(scene, PlayScene | ReviewScene)
            zoom_in(control, scene.zoom, presses)
        return go

    def refused_in_sight(scene: Scene) -> None:
        # Zoomed in, a tap on an empty node inside the other side's country: the reason shows at the node.
        assert isinstance(scene, PlayScene)
        zoom_in(control, scene.zoom, ZOOM_PRESSES)
        game = scene.game

        def theirs(node: Point) -> bool:
            return game.refusal(node) is Refusal.INSIDE and game.owner_at(node) is game.to_move.other
        _, at = node_in_sight(scene.board, scene.screen.board_area, theirs)
        control.step(0.0, events=[finger_event(control, kind, at) for kind in (pygame.FINGERDOWN, pygame.FINGERUP)])
        assert scene.refusal is not None and scene.refusal.key == "refusal.their_country", "the tap was not refused"

    def finger_held(scene: Scene) -> None:
        # A finger down on a free node of the whole 38×31 board (cells smaller than a fingertip): the loupe.
        assert isinstance(scene, PlayScene)
        node, at = node_in_sight(scene.board, scene.screen.board_area, scene.game.is_legal)
        control.step(0.0, events=[finger_event(control, pygame.FINGERDOWN, at)])
        assert scene.aim.finger_node == node and scene.ghost_node() == node, "the finger is not on the node"

    def stopped_classic() -> Scene:
        scene = PlayScene(stack, Match(classic, demo.classic_demo()))
        scene.stop()
        scene.update(13.0)
        return scene

    in_progress = unfinished.with_meta(sgf.dumps(demo.countries_demo()),
                                  {"mode": "computer", "level": "amateur", "human": "blue", "rules": "countries"})

    def celebrating() -> Scene:
        scene = finished()
        scene.update(0.8)  # confetti mid-fall
        return scene

    def draw_result() -> Scene:
        game = Game(width=20, height=15)
        game.finish()
        return ResultsScene(stack, Match(countries, game))

    def zagram_review() -> Scene:
        record = sgf.read(other_program_record())
        game, info = record.game, record.info
        return ReviewScene(stack, Reviewing(game, title=ZAGRAM.stem, players=(info.get("PB", ""), info.get("PW", "")),
                                            step=len(game.history) // 2))

    def zagram_analysed() -> Scene:
        # The analysis done, shown at its first mistake: the chart, the loss and the better move ringed.
        scene = zagram_review()
        assert isinstance(scene, ReviewScene)
        moves = _zagram_analysis()
        scene.analysis = Analysis.of(scene.replay.source, moves)
        scene.goto(next((m.number for m in moves if m.mistake), scene.step))
        return scene

    def zagram_stopped() -> Scene:
        # «Прервать» pressed two fifths of the way: the chart so far, and where the analysis stopped.
        scene = zagram_review()
        assert isinstance(scene, ReviewScene)
        moves = _zagram_analysis()[:len(_zagram_analysis()) * 2 // 5]
        scene.analysis = Analysis.of(scene.replay.source, moves)  # fewer moves than the game: stopped there
        assert not scene.analysis.complete
        scene.goto(next((m.number for m in reversed(moves) if m.mistake), len(moves)))
        return scene

    def finished_classic() -> Scene:
        game = demo.classic_demo()
        game.finish()
        return ResultsScene(stack, Match(classic, game))

    def lost_to_the_computer() -> Scene:
        game = demo.countries_demo()
        game.finish()
        human = game.winner.other if game.winner is not None else Player.BLUE
        return ResultsScene(stack, Match(MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings("master", human)),
                                         game))

    on_clock = MatchSettings(Rules.COUNTRIES, 20, 15, clock=TimeControl(5, 3))

    def low_clock() -> Scene:
        # The player to move in the last ten seconds (red, ticking), the other well off.
        game = demo.countries_demo()
        left = (8.4, 192.0) if game.to_move is Player.BLUE else (192.0, 8.4)
        return PlayScene(stack, Match(on_clock, game, clock=ClockState(left)))

    def lost_on_time() -> Scene:
        # The count says the human is ahead; their flag fell, so the computer won.
        game = demo.countries_demo()
        game.finish()
        human = game.winner or Player.BLUE
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings("amateur", human), TimeControl(5, 3))
        return ResultsScene(stack, Match(settings, game, clock=ClockState((0.0, 0.0)),
                                         ending=Ending(How.TIME, human)))

    def review_on_clock() -> Scene:
        game = demo.countries_demo()
        spent = [300 - 7.3 * (k + 1) + 3 * (k // 2 + 1) for k in range(game.move_count)]
        return ReviewScene(stack, Reviewing(game, on_clock, times=on_clock.clock.times(tuple(spent)),
                                            step=game.move_count // 2))

    def computer_thinking() -> Scene:
        # The computer to move: «Компьютер думает...», and «Вы» / «Компьютер» on the score card.
        game = demo.countries_demo()
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings("amateur", game.to_move.other))
        return PlayScene(stack, Match(settings, game))

    def hinted() -> Scene:
        # Against the computer, the player's turn: the master's hint pulsing on the board, two used.
        game = demo.countries_demo()
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings("master", game.to_move))
        scene = PlayScene(stack, Match(settings, game, hints=1))
        scene.hint.point, scene.hint.since, scene.hint.used = _demo_hint(), -0.3, 2  # a third of the way out
        return scene

    def unfinished_list() -> Scene:
        unfinished.save_current(sgf.dumps(demo.classic_demo()), {"mode": "hotseat", "rules": "classic"})
        unfinished.save_current(sgf.dumps(demo.countries_demo()),
                           {"mode": "computer", "level": "amateur", "human": "blue", "rules": "countries"})
        return UnfinishedScene(stack)

    def save_finished() -> Scene:
        game = demo.countries_demo()
        game.finish()
        return SaveGameScene(stack, Match(countries, game))

    def read_in_sight(scene: Scene) -> None:
        # The list as it looks once its pictures are made (a few frames after it opens).
        assert isinstance(scene, SavedGamesScene)
        scene.read_all_in_sight()

    def renaming(scene: Scene) -> None:
        assert isinstance(scene, OpenGameScene)
        read_in_sight(scene)
        scene.start_renaming(0)

    def rules_at(rules: Rules, section: int) -> Callable[[], None]:
        def go(scene: Scene) -> None:
            assert isinstance(scene, RulesScene)
            scene.scroll_to_section(section)
        return only(menu, lambda: RulesScene(stack, rules), then=go)

    return [
        ("menu", only(menu)),
        ("menu-continue", only(menu, autosave=in_progress)),
        ("menu-corrupt-save", only(menu, autosave="(;GM[40]SZ[9];B[zz])")),
        ("rules-countries", rules_at(Rules.COUNTRIES, 2)),
        ("rules-countries-takeover", rules_at(Rules.COUNTRIES, 4)),
        ("rules-classic", rules_at(Rules.CLASSIC, 2)),
        ("files-open", only(menu, lambda: OpenGameScene(stack), then=read_in_sight, autosave=in_progress)),
        ("files-rename", only(menu, lambda: OpenGameScene(stack), then=renaming)),
        ("unfinished", only(menu, unfinished_list)),
        ("files-save", only(menu, finished, save_finished, then=read_in_sight)),
        ("review-zagram", only(menu, lambda: OpenGameScene(stack), zagram_review)),
        ("review-analysis", only(menu, lambda: OpenGameScene(stack), zagram_analysed)),
        ("results-celebration", only(menu, celebrating)),
        ("results-draw", only(menu, draw_result)),
        ("versus", only(menu, lambda: VersusScene(stack, Rules.COUNTRIES))),
        ("picker", only(menu, lambda: PickerScene(stack, MatchSettings()))),
        ("play-countries", only(menu, touched_play)),
        ("play-full", only(menu, full_play)),
        ("play-takeover-sweep", only(menu, lambda: PlayScene(stack, Match(countries, _ring_around_a_square())),
                                     then=mid_takeover)),
        ("help", only(menu, touched_play, lambda: HelpScene(stack))),
        ("play-classic-opening", only(menu, lambda: PlayScene(stack, Match(MatchSettings(Rules.CLASSIC, 38, 31))))),
        ("play-classic-stop", only(menu, stopped_classic)),
        ("confirm-leave", only(menu, touched_play,
                               lambda: ConfirmScene(stack, Question("confirm.leave", "confirm.leave.yes", stack.pop,
                                                                    hint="feel.leave.hint",
                                                                    other=("results.save", stack.pop))))),
        ("results", only(menu, finished)),
        ("results-classic", only(menu, finished_classic)),
        ("results-computer", only(menu, lost_to_the_computer)),
        ("play-computer-thinking", only(menu, computer_thinking)),
        ("play-hint", only(menu, hinted)),
        ("play-clock", only(menu, low_clock)),
        ("results-time", only(menu, lost_on_time)),
        ("review-clock", only(menu, review_on_clock)),
        ("play-zoomed", only(menu, full_play, then=zoomed(ZOOM_PRESSES))),
        ("play-zoomed-deepest", only(menu, full_play, then=zoomed(None))),
        ("play-refusal-zoomed", only(menu, full_play, then=refused_in_sight)),
        ("play-loupe", only(menu, full_play, then=finger_held)),
        ("review-zoomed", only(menu, lambda: OpenGameScene(stack), zagram_review, then=zoomed(ZOOM_PRESSES))),
        ("review-zoomed-deepest", only(menu, lambda: OpenGameScene(stack), zagram_review, then=zoomed(None))),
        ("review-analysis-stopped", only(menu, lambda: OpenGameScene(stack), zagram_stopped)),
    ]


@functools.cache
def _demo_hint() -> tuple[int, int]:
    """The master's move in the countries demo, at a fifth of a hint's budget: once a run."""
    return choose_move(demo.countries_demo(), "master", seconds=0.2, seed=1)


@functools.cache
def _zagram_analysis() -> list[ai_review.MoveReview]:
    """The master's review of the zagram sample at a 25th of its budget (a search a move or two deep):
    the chart's shape for the pictures and the layout tests, computed once a run in a few seconds."""
    return ai_review.review(sgf.loads(other_program_record()), seconds=ai_review.SECONDS / 25)


def screenshots(directory: str | Path, sizes: tuple[tuple[int, int], ...] = SCREENSHOT_SIZES) -> list[Path]:
    """Write a PNG of each scene at each window size into ``directory``; returns the files.

    Raises :class:`CannotWrite` when a file cannot be written (``main.py`` checks the
    folder first; this is for a disk that fills or a folder that goes away meanwhile).
    """
    use_dummy_drivers()
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    pygame.init()
    try:
        with scratch_data_dir():
            saved: list[Path] = []
            control = Control(sizes[0])
            for size in sizes:
                control.resize(size)
                for lang in SCREENSHOT_LANGUAGES:
                    strings.set_language(lang)  # the saved games' names in this language, as its player saved them
                    saved = a_few_saved_games(replacing=saved)
                    for name, setup in screenshot_scenes(control, lang):
                        setup()
                        control.stack.resize(control.size)
                        control.step(0.0)
                        suffix = "" if lang == strings.DEFAULT_LANGUAGE else f"-{lang}"
                        path = out / f"{name}{suffix}-{size[0]}x{size[1]}.png"
                        try:
                            pygame.image.save(control.screen, str(path))
                        except (pygame.error, OSError) as error:
                            raise CannotWrite(f"cannot write {path}: {error}") from error
                        written.append(path)
            control.stack.shutdown_all()
    finally:
        strings.set_language(strings.DEFAULT_LANGUAGE)
        pygame.quit()
    return written


def a_few_saved_games(replacing: list[Path] | None = None) -> list[Path]:
    """The games folder of the screenshots: two games of ours (one unfinished at one screen, one
    finished against the computer, whose record names it and its level) and one from another program.
    Ours are named as a player of the current language would find them («… Countries» in English): the
    files of ``replacing``, those of the language before, go first. Returns the files written."""
    for path in replacing or []:
        path.unlink(missing_ok=True)
    countries = demo.countries_demo()
    countries.finish()
    classic = demo.classic_demo()
    versus = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings("master", Player.RED))
    return [library.save_game("zagram-352562", other_program_record()),
            library.save_game(default_name(classic), sgf.dumps(classic)),
            library.save_game(default_name(countries), sgf.dumps(countries, info=record_info(versus, datetime.now())))]
