"""The one loop: events → update(dt) → draw → flip, and the window it runs in.

``Control`` owns the window (resizable, at least 800×600, F11 for fullscreen),
filters out mouse events that are echoes of touch, hands every other event to
the top scene, and tells all scenes when the window changes size.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import pygame

from game import theme
from game.pointer import InputFilter
from game.scene import SceneStack
from game.strings import t

MIN_SIZE = (800, 600)
DEFAULT_SIZE = (1280, 800)
FPS = 60


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
                 now: Callable[[], int] = pygame.time.get_ticks) -> None:
        if not pygame.get_init():
            pygame.init()
        pygame.display.set_caption(t("app.title"))
        try:
            pygame.display.set_icon(window_icon())
        except pygame.error:
            pass  # some drivers have no icons; the game does not need one
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._set_minimum_size()
        self.fps = fps
        self.clock = pygame.time.Clock()
        self.filter = InputFilter(now)
        self.stack = SceneStack(self.screen.get_size())
        self.fullscreen = False
        self._windowed_size = self.screen.get_size()
        self.frames = 0

    @staticmethod
    def _set_minimum_size() -> None:
        # The Window object is the only way to set a minimum size in pygame-ce 2.5;
        # its from_display_module() warns about a future change that does not affect this use.
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels now."""
        return self.screen.get_size()

    def resize(self, size: tuple[int, int]) -> None:
        """Make the window ``size`` (if it is not already) and lay every scene out again."""
        if size[0] < 1 or size[1] < 1:
            return
        if self.screen.get_size() != tuple(size) and not self.fullscreen:
            # Real windows already have the new surface; under the dummy driver
            # (tests, screenshots) set_mode is what gives it.
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.stack.resize(self.screen.get_size())

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen at the desktop's size, and back to the window it was."""
        try:
            if self.fullscreen:
                self.fullscreen = False
                size = (max(MIN_SIZE[0], self._windowed_size[0]), max(MIN_SIZE[1], self._windowed_size[1]))
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
                self._set_minimum_size()
            else:
                self._windowed_size = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.fullscreen = True
        except pygame.error:
            self.fullscreen = False
            self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        self.stack.resize(self.screen.get_size())

    def handle_event(self, event: pygame.event.Event) -> None:
        """Window-wide events here; everything else goes to the top scene."""
        if event.type == pygame.QUIT:
            self.stack.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            self.resize((getattr(event, "x", 0), getattr(event, "y", 0)))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if not self.filter.accept(event):
            return
        top = self.stack.top
        if top is not None:
            top.process_event(event)

    def step(self, dt: float) -> None:
        """One frame: all pending events, then update, draw and flip."""
        for event in pygame.event.get():
            self.handle_event(event)
            if self.stack.quit_requested:
                return
        self.stack.update(dt)
        if self.stack.quit_requested or self.stack.top is None:
            return
        self.stack.draw(self.screen)
        pygame.display.flip()
        self.frames += 1

    def run(self) -> None:
        """The loop, until a scene asks to quit or the window closes."""
        try:
            while not self.stack.quit_requested and self.stack.top is not None:
                dt = self.clock.tick(self.fps) / 1000.0
                # A dragged window stalls the loop; one huge dt must not eat a whole stop timer.
                self.step(min(dt, 0.25))
        finally:
            self.stack.shutdown_all()
