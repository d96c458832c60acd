"""Starting the game: the window the player sees, on the menu.

``main.py`` parses its arguments and calls :func:`run`, or for the headless runs
(``--smoke``, ``--screenshot``) :mod:`game.shots`.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

import pygame

from ai import kernel, parallel
from game import strings
from game.control import DEFAULT_SIZE, FRAME_ROOM, HEADLESS_DRIVERS, MIN_SIZE, Control, start_pygame
from game.crash import private_temp_dir
from game.paths import data_dir_problem, user_data_dir
from game.scenes import tutorial
from game.storage import library
from game.storage.preferences import Preferences
from game.view import dpi, language, theme

log = logging.getLogger(__name__)


class NoDisplay(Exception):
    """There is no screen to open the game window on; the message is for the player, in their language."""


def first_window_size(remembered: tuple[int, int] | None = None) -> tuple[int, int]:
    """The window's size when not maximised: the ``remembered`` one while it fits the screen, else three
    quarters of the desktop; never above the desktop less :data:`FRAME_ROOM` (its taskbar and title bar)
    nor below :data:`MIN_SIZE`. With DPI awareness on, a high-DPI screen has many more pixels, and a
    fixed 1280×800 would look tiny."""
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return remembered or DEFAULT_SIZE
    room = (desktop[0], desktop[1] - FRAME_ROOM)
    wanted = remembered or (round(desktop[0] * 0.75), round(desktop[1] * 0.75))
    return (max(MIN_SIZE[0], min(room[0], wanted[0])), max(MIN_SIZE[1], min(room[1], wanted[1])))


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
    if driver == "x11":
        # Read when the window is made. Through OpenGL, SDL presents the whole window for every update,
        # however small (a ticking clock's lines), and without a GPU Mesa does it on the processor:
        # X11's own shared-memory picture sends only the rects updated. A player's own setting stands.
        os.environ.setdefault(X11_ACCELERATION, "0")


X11_ACCELERATION = "SDL_FRAMEBUFFER_ACCELERATION"
"""SDL's hint (read from the environment) whether a window's picture goes through the GPU."""


def remember_window(control: Control, preferences: Preferences) -> None:
    """Keep how the window is as the game closes, so the next start opens it so: maximised or not, and
    its size when not (a write only when either changed)."""
    preferences.remember(window_size=control.windowed_size, window_maximised=control.maximised)


KERNEL_FOLDER = "kernel"
"""The folder in the player's data folder where the master's compiled kernel is cached."""


def kernel_cache_dir() -> Path | None:
    """Where the master's compiled kernel is kept between runs: in the player's data folder; when that
    can keep nothing (the menu says so), this user's temporary folder, compiled afresh now and then;
    None (the kernel's own default) when neither can be used. Never raises."""
    problem = data_dir_problem()
    if problem is None:
        with contextlib.suppress(OSError):
            return user_data_dir() / KERNEL_FOLDER
    try:
        return private_temp_dir() / KERNEL_FOLDER
    except OSError as e:
        log.warning("no folder for the compiled kernel: %s; %s", problem, e)
        return None


def run(size: tuple[int, int] | None = None) -> int:
    """Play: open the window on the menu and run until it closes.

    Raises :class:`NoDisplay`, with the player's language applied, when there is no screen.
    """
    start_pygame()
    try:
        chosen = Preferences.load()  # the one read of the settings file; the loop hands it to every scene
        library.tidy()  # what a kill left behind (temporary files, long-deleted games) goes first
        language.apply_saved(chosen)  # before the window, and before a NoDisplay message: both are in it
        parallel.configure(chosen.chosen.cores)  # the threads the master searches in
        open_display()
        kernel.configure(kernel_cache_dir())
        theme.use_display_dpi(dpi.display_dpi())  # before the first layout: buttons are sized by it
        window = chosen.chosen
        control = Control(size or first_window_size(window.window_size), preferences=chosen,
                          maximised=size is None and window.window_maximised)
        control.stack.go("menu")
        tutorial.offer_first_lesson(control.stack)  # the very first start only: the tutorial, or not
        control.step(0.0)  # the menu shows before the kernel's thread competes with it for the processor
        if os.environ.get("TOCHKI_FIRST_FRAME_EXIT") == "1":
            # tools/build_bench.py: launch-to-exit time is then the time to the first frame.
            control.stack.shutdown_all()
            return 0
        # Compiled (the first time) or loaded from the cache while the menu shows; the master waits
        # for it.
        kernel.start()
        control.run()
        remember_window(control, chosen)
    finally:
        pygame.quit()
    return 0
