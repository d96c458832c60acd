"""The one loop: events → update(dt) → draw → flip, the window it runs in, and the screens by name.

:data:`SCENES` is the one table of screen names: a scene asks its stack for
``"play"`` and the stack builds :class:`PlayScene` from here. ``Control`` owns the window (resizable, at least
:data:`MIN_SIZE`, maximised when asked, F11 for fullscreen),
the sound effects (handed to scenes on the stack), filters out mouse events that
are echoes of touch, hands every other event to the top scene, opens the help
on F1 in any scene, and tells all scenes when the window changes size.

Window changes are requests, settled once: F11 and the resize events only note
what was asked, and before the next other event (and at the end of every batch)
the window is brought to the last request — one mode change, on the same window,
however many F11 presses came; the size the window really has is what the scenes
are laid out for. A frame is drawn after every batch of events, so a mode change,
a resize or an exposed window is never left black.

The loop sleeps when nothing moves. It draws at ``fps`` only while the top
scene says something is animating (``Scene.wake_in() == 0``); otherwise it looks
for input a few times a second (more often just after input) and draws a frame
only when input came or the scene's next timer is due. (``pygame.event.wait``
with a timeout would do the same, but pygame-ce implements it as a 1 ms polling
loop, which costs more CPU than this.) Background jobs (the computer's move, a
hint, an analysis: :mod:`game.match.jobs`) are not polled: they call :meth:`Control.wake`,
which posts :data:`JOB_NEWS`, so the loop's next look for input finds it and draws
the frame that shows their news.
"""

from __future__ import annotations

import contextlib
import time
import warnings
from collections.abc import Callable

import pygame
from pygame._sdl2 import sdl2

from game.collector import Collector
from game.input.pointer import InputFilter
from game.scenes.achievements import AchievementsScene
from game.scenes.base import Scene, SceneStack
from game.scenes.dialog import ConfirmScene
from game.scenes.files.open_game import OpenGameScene
from game.scenes.files.rename import NameScene
from game.scenes.files.save_game import SaveGameScene
from game.scenes.files.unfinished_list import UnfinishedScene
from game.scenes.help import HelpScene
from game.scenes.history_list import HistoryScene
from game.scenes.menu import MenuScene
from game.scenes.picker import PickerScene
from game.scenes.play import PlayScene
from game.scenes.progress import ProgressScene
from game.scenes.puzzle import PuzzleScene
from game.scenes.puzzles import PuzzlesScene
from game.scenes.rating import RatingScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.scenes.rules import RulesScene
from game.scenes.tutorial import TutorialScene
from game.scenes.versus import VersusScene
from game.storage.preferences import Preferences
from game.view import language, theme
from game.view.sound import Sounds

SCENES: dict[str, type[Scene]] = {scene.name: scene for scene in (
    MenuScene, VersusScene, PickerScene, PlayScene, ResultsScene, ReviewScene, OpenGameScene, SaveGameScene,
    UnfinishedScene, NameScene, RulesScene, HelpScene, ConfirmScene, HistoryScene, ProgressScene,
    AchievementsScene, TutorialScene,
    RatingScene, PuzzlesScene, PuzzleScene)}
"""Every screen by the name scenes ask for it by: ``stack.go("review", Reviewing(game))``."""

HEADLESS_DRIVERS = ("offscreen", "dummy")
"""SDL video drivers that draw into memory only: a window there is never seen."""
SMALLEST_SCREEN = (1024, 600)
"""The smallest screen the game is made for (README: a netbook, a small touch laptop)."""
FRAME_ROOM = 80
"""Pixels of that screen's height the system keeps: a taskbar (up to 48 px: Windows at 100 %, the
largest of the common ones) and the window's title bar (about 30 px), rounded up."""
MIN_SIZE = (800, SMALLEST_SCREEN[1] - FRAME_ROOM)
"""The least window the player can make: the usable part of the smallest screen, so the window never
runs under its edge; 800 wide keeps the panel beside the board (the width was never the limit)."""
DEFAULT_SIZE = (1280, 800)
FPS = 60
IDLE_FPS = 20
"""How often an idle loop looks for input: at most 50 ms before a first click is seen."""
ACTIVE_SECONDS = 0.6
"""After input, look for more at the full rate for this long: hover and drags stay smooth."""
JOB_NEWS = pygame.event.custom_type()
"""Posted by :meth:`Control.wake` from a background job's thread: something to show, no input."""
MAX_DT = 0.25
"""The longest step a frame may take: a dragged window stalls the loop, and one huge
dt must not eat a whole stop timer."""


def start_pygame() -> None:
    """Start what of pygame the game uses: SDL's clock (``pygame.time.get_ticks``), the window with its events,
    and the fonts; the sound starts with :class:`Sounds`. Safe to call again.

    Not ``pygame.init()``, which also starts the joysticks and game controllers that the game never reads: on
    Windows that loads XInput and looks through the HID devices (0.09–0.15 s under wine, against 1–6 ms for
    this), and wine's XInput faulted at exit, once SDL had unloaded it, in 8 of 25 runs on a busy machine.
    """
    sdl2.init_subsystem(sdl2.INIT_TIMER)
    pygame.display.init()
    pygame.font.init()


def window_icon() -> pygame.Surface:
    """A small icon drawn in code: a blue and a red dot on paper."""
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.rect(icon, (*theme.PAPER, 255), (0, 0, 32, 32), border_radius=6)
    pygame.draw.circle(icon, theme.BLUE, (11, 16), 7)
    pygame.draw.circle(icon, theme.RED, (22, 16), 7)
    return icon


class Control:
    """Owns the window, the scene stack and the loop."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, *, fps: int = FPS,
                 now: Callable[[], int] = pygame.time.get_ticks, sounds: Sounds | None = None,
                 preferences: Preferences | None = None, maximised: bool = False) -> None:
        start_pygame()
        pygame.display.set_caption(language.window_title())
        with contextlib.suppress(pygame.error):  # some drivers have no icons; the game does not need one
            pygame.display.set_icon(window_icon())
        self._surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._set_minimum_size()
        opened = self._surface.get_size()  # before a maximise, which some systems apply at once
        self.maximised = False
        """The window fills the screen's usable area (the system said so: its maximise and restore events)."""
        if maximised:
            self.maximise()
            # A window maximised before it is shown gets no maximise event: SDL sets the state itself.
            self.maximised = True
        self.fps = fps
        self.clock = pygame.time.Clock()
        self.filter = InputFilter(now, lambda: self.size)
        # The app hands on the choices it read at start; a loop built alone reads the file itself.
        self.preferences = preferences if preferences is not None else Preferences.load()
        self.stack = SceneStack(self.screen.get_size(), SCENES, self.preferences)
        self.sounds = sounds if sounds is not None else Sounds(enabled=self.preferences.chosen.sound)
        self.stack.sounds = self.sounds
        self.stack.now = now  # the game clocks run on the same time as the input filter
        self.stack.notify = self.wake  # a background job's news ends the loop's wait
        self._want_fullscreen = False
        """The mode the player asked for last (F11); the window is brought to it when settled."""
        self._mode_asked = False
        """An F11 came since the window was last settled."""
        self._asked_size: tuple[int, int] | None = None
        """The last size a resize event reported since the window was last settled."""
        self._windowed_size = opened
        self._windowed_before = self._windowed_size
        """The windowed size before the last one noted: the window manager may resize a window it
        maximises before it says so, and that size is not the one to come back to."""
        self.frames = 0
        """Frames drawn so far."""
        self.idle_polls = 0
        """Looks for input that found none and drew nothing (the loop sleeping)."""
        self.collector = Collector()
        self.part_frames = 0
        """Frames that redrew only the top scene's ticking part (:meth:`Scene.draw_ticking`)."""
        self.draw_parts = True
        """Redraw only the ticking part when nothing else changed (``bench.clock`` compares with off)."""
        self._drawn: tuple[Scene, object] | None = None
        """The top scene of the last frame and its :meth:`Scene.look` then."""
        self._last_input = 0.0

    @staticmethod
    def _window() -> pygame.Window:
        # The Window object is the only way to set a minimum size in pygame-ce 2.5, and it
        # switches fullscreen on the same window (set_mode would make a new one, losing
        # the keys pressed meanwhile); from_display_module() warns about a future change
        # that does not affect this use.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()

    def maximise(self) -> None:
        """Ask the system to fill the screen's usable area (its taskbar left free); a window manager
        answers with a resize and a maximise event, and a system without one leaves the window as it is."""
        with contextlib.suppress(AttributeError, pygame.error):
            self._window().maximize()

    @property
    def windowed_size(self) -> tuple[int, int]:
        """The size the window has when neither maximised nor fullscreen: the one to open at next time."""
        return self._windowed_size

    @classmethod
    def _set_minimum_size(cls) -> None:
        with contextlib.suppress(AttributeError, pygame.error):  # no window object, or a driver without limits
            cls._window().minimum_size = MIN_SIZE

    @property
    def screen(self) -> pygame.Surface:
        """The window's surface now (SDL resizes it in place; a fallback mode change replaces it)."""
        return pygame.display.get_surface() or self._surface

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels now."""
        return self.screen.get_size()

    @property
    def fullscreen(self) -> bool:
        """Whether the window is (or, until settled, is asked to be) fullscreen."""
        return self._want_fullscreen

    def resize(self, size: tuple[int, int]) -> None:
        """Make the window ``size`` now (if it is not already) and lay every scene out again."""
        if size[0] < 1 or size[1] < 1:
            return
        if self.size != tuple(size) and not pygame.display.is_fullscreen():
            # Real windows already have the new surface; under the dummy driver
            # (tests, screenshots) set_mode is what gives it.
            self._surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.stack.resize(self.size)

    def toggle_fullscreen(self) -> None:
        """F11: ask for fullscreen at the desktop's size, or back to the window it was; settled at once."""
        self._want_fullscreen = not self._want_fullscreen
        self._mode_asked = True
        self.settle_window()

    def settle_window(self) -> None:
        """Bring the window to the last request, and lay the scenes out for the size it has.

        Idempotent: with nothing asked since the last call it changes nothing (and it
        follows a mode the system changed by itself rather than fighting it).
        """
        fullscreen = pygame.display.is_fullscreen()
        if self._mode_asked and self._want_fullscreen != fullscreen:
            self._switch_mode(self._want_fullscreen)
            self._asked_size = None  # sizes reported before the switch are stale
        elif self._asked_size is not None and not fullscreen and self._asked_size != self.size \
                and pygame.display.get_driver() in HEADLESS_DRIVERS:
            # Under the dummy driver (tests, screenshots) nothing resizes the window but set_mode. A real
            # window already has the size SDL reports, and a size from an earlier event of a batch
            # (the window manager maximising it in two steps) would un-maximise it.
            self._surface = pygame.display.set_mode(self._asked_size, pygame.RESIZABLE)
        self._mode_asked = False
        self._asked_size = None
        self._want_fullscreen = pygame.display.is_fullscreen()
        if not self._want_fullscreen and not self.maximised and self.size != self._windowed_size:
            self._windowed_before, self._windowed_size = self._windowed_size, self.size
        if self.stack.size != self.size:
            self.stack.resize(self.size)

    def _switch_mode(self, fullscreen: bool) -> None:
        try:
            window = self._window()
            if fullscreen:
                if not self.maximised:  # a maximised window comes back maximised, at the system's size
                    self._windowed_size = self.size
                window.set_fullscreen(desktop=True)
            else:
                window.set_windowed()
            return
        except (AttributeError, pygame.error):
            pass
        # No Window object (or a driver that refuses it): a new mode, as pygame always could.
        try:
            if fullscreen:
                self._surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                return
        except pygame.error:
            pass
        size = (max(MIN_SIZE[0], self._windowed_size[0]), max(MIN_SIZE[1], self._windowed_size[1]))
        self._surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._set_minimum_size()

    @staticmethod
    def wake() -> None:
        """A background job has something to show: post :data:`JOB_NEWS` (safe from any thread), so the
        loop's wait for input ends and the next frame shows it."""
        with contextlib.suppress(pygame.error):  # the window is closing: there is nothing left to show it on
            pygame.event.post(pygame.event.Event(JOB_NEWS))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Window-wide events here; everything else goes to the top scene.

        F11 and resize events are noted as requests (a storm of them costs one
        change, see :meth:`settle_window`); any other event first settles the
        window, so a scene never reads a pointer against a layout that is out of date.
        """
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            w, h = (event.w, event.h) if event.type == pygame.VIDEORESIZE else \
                (getattr(event, "x", 0), getattr(event, "y", 0))
            if w >= 1 and h >= 1:
                self._asked_size = (w, h)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            if self._asked_size is not None and not self._want_fullscreen:
                self.settle_window()  # a size asked before going fullscreen is the one to come back to
            self._want_fullscreen = not self._want_fullscreen
            self._mode_asked = True
            return
        if event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            if event.type == pygame.WINDOWMAXIMIZED and not self.maximised and self._windowed_size == self.size:
                self._windowed_size = self._windowed_before  # the maximised size was noted as a windowed one
            self.maximised = event.type == pygame.WINDOWMAXIMIZED
            return
        if event.type == JOB_NEWS:
            return  # only a wake-up: the frame after this batch takes the news (Scene.update)
        self.settle_window()
        if event.type == pygame.QUIT:
            self.stack.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.stack.toggle("help")
            return
        if not self.filter.accept(event):
            return
        top = self.stack.top
        if top is not None:
            top.process_event(event)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: ``events`` (default: all pending ones), then update, draw and flip; with no events
        and the top scene looking as in the last frame, only its ticking part is drawn and updated."""
        batch = pygame.event.get() if events is None else events
        for event in batch:
            self.handle_event(event)
            if self.stack.quit_requested:
                break
        self.settle_window()  # the last window request of the batch, even one that came with a quit
        if self.stack.quit_requested:
            return
        self.stack.update(dt)
        top = self.stack.top
        if self.stack.quit_requested or top is None:
            return
        look = top.look()
        if self.draw_parts and not batch and look is not None and (top, look) == self._drawn:
            # Only a clock ticked: its lines alone, not a whole frame of board (issue 21: 7 % CPU idle).
            pygame.display.update(top.draw_ticking(self.screen))
            self.part_frames += 1
        else:
            self.stack.draw(self.screen)
            pygame.display.flip()
        self._drawn = (top, look)
        self.frames += 1

    def wake_in(self) -> float | None:
        """Seconds until the top scene needs a frame without input: 0 animating, None idle.

        Under an overlay (a dialog) a game's running clock still ticks on screen: a frame each
        second it shows (not a flag already down: that waits for the game to be back on top)."""
        top = self.stack.top
        if top is None:
            return None
        due = top.wake_in()
        if top.overlay:  # (0 is a flag down: nothing ticks any more)
            ticking = [w for clock in self.stack.clocks if (w := clock.wake_in())]
            due = min([d for d in (due, *ticking) if d is not None], default=None)
        return due

    @property
    def idle(self) -> bool:
        """True when nothing moves and no timer is pending: the loop waits for input."""
        return self.wake_in() is None

    def wait_for_frame(self) -> tuple[list[pygame.event.Event], float]:
        """Sleep until the next frame is due; the events that came meanwhile, and the longest dt to allow."""
        slept = 0.0
        while True:
            due = self.wake_in()
            if due is not None and due <= 0:
                self.clock.tick(self.fps)
                return pygame.event.get(), MAX_DT
            # Nothing moves: look for input, and draw nothing until it comes or a timer is due.
            active = time.perf_counter() - self._last_input < ACTIVE_SECONDS
            slept += self.clock.tick(self.fps if active else IDLE_FPS) / 1000.0
            events = pygame.event.get()
            if events:
                if any(event.type != JOB_NEWS for event in events):  # a job's news is no input to hurry for
                    self._last_input = time.perf_counter()
                return events, MAX_DT if due is None else due + MAX_DT
            if due is not None and slept >= due:
                return [], due + MAX_DT
            if due is None:  # quite still: the moment to keep the collector's full passes out of the frames
                self.collector.idle(self.stack.top)
            self.idle_polls += 1

    def run(self) -> None:
        """The loop, until a scene asks to quit or the window closes."""
        try:
            last = time.perf_counter()
            while not self.stack.quit_requested and self.stack.top is not None:
                events, longest = self.wait_for_frame()
                now = time.perf_counter()
                # A timer that was slept through on purpose gets all of its time;
                # a stall (a dragged window) gets at most MAX_DT.
                self.step(min(now - last, longest), events)
                last = now
        finally:
            self.stack.shutdown_all()
