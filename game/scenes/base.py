"""Scenes and the stack that holds them.

A scene has a small lifecycle: ``resume`` when it comes on top, ``pause`` when
another covers it, ``shutdown`` when it leaves; ``resize`` on every new window
size; and per frame ``process_event``, ``update(dt)``, ``draw(surface)``.
``draw`` never changes state. Scenes move on by asking the :class:`SceneStack`
they were given for the next screen by name (``go``, ``swap``, ``back``,
``back_to``), handing on one small value (:mod:`game.scenes.handoff`); the
stack builds it from its table of names (:data:`game.control.SCENES`), so no
scene knows another scene's class. Nothing is global.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.storage.preferences import Preferences

if TYPE_CHECKING:
    from game.match.jobs import Notify
    from game.match.opponent import Chooser
    from game.view.sound import Sounds


class Timer(Protocol):
    """Something that shows time: seconds until what it shows changes (None: it does not)."""

    def wake_in(self) -> float | None: ...


class Scene:
    """Base class: every hook does nothing, so a scene overrides only what it needs."""

    overlay = False
    """True for a dialog: the scene under it is drawn first and shows through."""

    name = "scene"
    """The screen's name: the key other scenes ask the stack for it by (``stack.go(name)``)."""

    def __init__(self, stack: SceneStack, data: Any = None) -> None:
        self.stack = stack
        self.size: tuple[int, int] = stack.size

    def resume(self) -> None:
        """The scene is on top again (or for the first time)."""

    def pause(self) -> None:
        """Another scene now covers this one."""

    def shutdown(self) -> None:
        """The scene leaves the stack for good: stop its threads and timers."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size``: lay things out again."""
        self.size = size

    def process_event(self, event: pygame.event.Event) -> None:
        """Handle one event (only the top scene gets events)."""

    def update(self, dt: float) -> None:
        """Advance timers and animations by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto ``surface``; must not change any state."""

    def look(self) -> object | None:
        """All that the frame shows but its ticking parts (the clocks), compared between frames: while it
        stays equal and no input came, the loop redraws only :meth:`draw_ticking`'s part of the window.
        None (the default): the scene has no such part, every frame is drawn whole."""
        return None

    def draw_ticking(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Draw only the ticking parts over the last frame, as :meth:`draw` would; the rects they cover."""
        self.draw(surface)
        return [surface.get_rect()]

    def wake_in(self) -> float | None:
        """Seconds until this scene must be updated and drawn again with no input.

        0 while something moves (every frame), a number for a pending timer (a
        countdown, a message that goes away), None when only input changes the
        picture: the loop then sleeps instead of drawing the same frame again.
        """
        return None


class SceneStack:
    """The scenes in play, the top one active. Scenes get it to navigate, by name."""

    def __init__(self, size: tuple[int, int], table: Mapping[str, type[Scene]] | None = None,
                 preferences: Preferences | None = None) -> None:
        self.size = size
        self.preferences = preferences if preferences is not None else Preferences()
        """The player's choices, read once by the app (``Control``); a stack of its own starts from
        the defaults. Scenes read and remember choices here, never in the settings file."""
        self.table: dict[str, type[Scene]] = dict(table or {})
        """Screen name → scene class: what ``go("play", …)`` builds."""
        self.scenes: list[Scene] = []
        self.quit_requested = False
        self.on_quit: Callable[[], None] | None = None
        self.sounds: Sounds | None = None
        """The game's sound effects, owned by the loop (``Control``); None plays nothing."""
        self.chooser: Chooser | None = None
        """The computer's move function for every game on this stack; None is ``ai.choose_move``
        (tests set a quick stand-in here, once)."""
        self.notify: Notify | None = None
        """Wakes the loop from a background job's thread (the computer's move, a hint, an analysis):
        ``Control`` posts an event with it; None (a stack without a loop) wakes nothing."""
        self.ai_seconds: float | None = None
        """The computer's thinking time per move; None lets ``ai`` choose by level and board."""
        self.now: Callable[[], int] = pygame.time.get_ticks
        """The loop's time source in ms (``Control`` hands on its own): clocks that must run
        whatever scene is on top (a game's clock under a dialog) read it."""
        self.clocks: weakref.WeakSet[Timer] = weakref.WeakSet()
        """Clocks that run on whatever is on top (a game's, under a dialog): the loop wakes to show
        them ticking under an overlay. A clock leaves with its scene."""

    def sound(self, name: str) -> None:
        """Play the sound effect ``name``, when the loop has sounds."""
        if self.sounds is not None:
            self.sounds.play(name)

    @property
    def top(self) -> Scene | None:
        """The active scene, or None when the stack is empty."""
        return self.scenes[-1] if self.scenes else None

    def make(self, name: str, data: Any = None) -> Scene:
        """A new scene of the screen called ``name``, given ``data`` (what the screen before hands on)."""
        try:
            scene_class = self.table[name]
        except KeyError:
            raise KeyError(f"no screen called {name!r}; known: {', '.join(sorted(self.table))}") from None
        # A screen that takes nothing, or has a default, is built without a value.
        return scene_class(self) if data is None else scene_class(self, data)

    def go(self, name: str, data: Any = None) -> Scene:
        """Open the screen ``name`` on top (this one stays below for «back»); the new scene."""
        scene = self.make(name, data)
        self.push(scene)
        return scene

    def swap(self, name: str, data: Any = None) -> Scene:
        """Open the screen ``name`` in place of the top one (play → results, results → play again)."""
        scene = self.make(name, data)
        self.replace(scene)
        return scene

    def back(self) -> None:
        """Leave the top screen for the one below."""
        self.pop()

    def back_to(self, name: str) -> None:
        """Leave screens until the one called ``name`` is on top (e.g. back to the menu)."""
        self.pop_to(lambda scene: scene.name == name)

    def toggle(self, name: str) -> None:
        """Open the overlay ``name`` over the top scene, or close it when it is on top (F1 and the help)."""
        top = self.top
        if top is not None and top.name == name:
            self.pop()
        elif top is not None:
            self.go(name)

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top; the one below pauses."""
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.resume()

    def pop(self) -> None:
        """Remove the top scene; the one below resumes. Popping the last one quits."""
        if not self.scenes:
            return
        self.scenes.pop().shutdown()
        if self.scenes:
            below = self.scenes[-1]
            below.resize(self.size)
            below.resume()
        else:
            self.quit()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (play → results, results → play again)."""
        if self.scenes:
            self.scenes.pop().shutdown()
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.resume()

    def pop_to(self, keep: Callable[[Scene], bool]) -> None:
        """Pop scenes until ``keep(top)`` holds (e.g. back to the menu)."""
        while self.scenes and not keep(self.scenes[-1]):
            self.scenes.pop().shutdown()
        if self.scenes:
            self.scenes[-1].resize(self.size)
            self.scenes[-1].resume()
        else:
            self.quit()

    def quit(self) -> None:
        """Ask the loop to end after this frame."""
        self.quit_requested = True
        if self.on_quit is not None:
            self.on_quit()

    def shutdown_all(self) -> None:
        """Close every scene, top first (the window is closing)."""
        while self.scenes:
            self.scenes.pop().shutdown()

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every scene the new window size (dialogs draw the scene below, so all need it)."""
        self.size = size
        for scene in self.scenes:
            scene.resize(size)

    def update(self, dt: float) -> None:
        """Advance the top scene; the ones below are paused."""
        if self.scenes:
            self.scenes[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene, and the scenes it overlays underneath it first."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[max(first, 0):]:
            scene.draw(surface)
