"""``--smoke``: every screen for a few frames headless, the computer's answer, and the master on
the compiled kernel in two threads; ``tools/build_check.py`` runs it in the frozen build,
where the kernel must be the one the build shipped (nothing compiled).
"""

from __future__ import annotations

import sys
import time
from typing import Any

import pygame

from ai import Level, kernel, think
from engine import Rules, sgf
from game import strings
from game.app import KERNEL_FOLDER
from game.control import Control, start_pygame
from game.match import demo
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.handoff import Match, Question
from game.shots.headless import other_program_record, scratch_data_dir, use_dummy_drivers
from game.storage import library, unfinished
from game.storage.autosave import autosave_meta


def smoke(frames: int = 3) -> str:
    """Run every scene for a few frames under the dummy drivers, and the master on the compiled kernel
    in two threads (:func:`smoke_master`); the line to report when all went well.

    A failure raises (an ``AssertionError`` says which scene). The line is returned, not
    printed, so that ``main.py`` can tell a failed write to stdout from a failed run.
    """
    use_dummy_drivers()
    start_pygame()
    try:
        with scratch_data_dir() as data:
            # A frozen build's default cache would land inside the bundle (a temporary folder, or the
            # folder players get), so its cache goes in the scratch folder, empty as on a first launch:
            # the kernel the build shipped is copied there. From source the default is the developer's
            # own cache beside the kernel's sources.
            if getattr(sys, "frozen", False):
                kernel.configure(data / KERNEL_FOLDER)
            kernel.start()  # compiles while the scenes run, as it does while the menu shows
            return _smoke(frames)
    finally:
        strings.set_language(strings.DEFAULT_LANGUAGE)
        pygame.quit()


def _smoke(frames: int) -> str:
    control = Control((1024, 700))
    stack = control.stack

    def frames_of(name: str, data: object = None) -> Any:
        # A screen opened by name, as scenes open each other; Any: its own attributes are its class's.
        stack.go(name, data)
        for _ in range(frames):
            control.step(1 / 60)
        return stack.top

    menu = frames_of("menu")
    assert menu.name == "menu"
    frames_of("versus", Rules.COUNTRIES)
    frames_of("picker", MatchSettings())
    play = frames_of("play", Match(MatchSettings(width=15, height=15), demo.countries_demo()))
    assert play.name == "play"
    frames_of("confirm", Question("confirm.leave", "confirm.leave.yes", stack.pop))
    stack.pop()
    # Against the real computer, with a tiny budget: it answers, or the scene
    # says it could not; either way nothing may crash.
    stack.ai_seconds = 0.05
    versus = frames_of("play", Match(MatchSettings(width=10, height=10, computer=ComputerSettings(Level.BEGINNER))))
    assert versus.name == "play"
    versus.try_play((2, 2))
    for _ in range(300):
        control.step(1 / 60)
        if versus.game.move_count >= 2 or versus.ai_failed:
            break
        time.sleep(0.01)
    computer = "answered" if versus.game.move_count >= 2 else "could not answer"
    master_cores, on_kernel = smoke_master()
    classic = frames_of("play", Match(MatchSettings(Rules.CLASSIC, 24, 20), demo.classic_demo()))
    assert classic.name == "play"
    classic.stop()
    for _ in range(frames):
        control.step(1 / 60)
    game = demo.countries_demo()
    game.finish()
    results = frames_of("results", Match(MatchSettings(width=20, height=15), game))
    assert results.name == "results"
    results.update(1.0)  # mid-celebration
    control.step(1 / 60)
    lesson = frames_of("tutorial")  # the first game that teaches: its first step answered, and the answer to it
    lesson.try_play(lesson.lesson.step.marks[0])
    for _ in range(frames):
        control.step(0.25)
    assert lesson.lesson.done and not lesson.lesson.waiting, "the tutorial's first step was not answered"
    stack.pop()
    # The menus of issue 5: rules, saving, opening, review, continue, English.
    rules = frames_of("rules", Rules.COUNTRIES)
    assert rules.name == "rules"
    rules.show(Rules.CLASSIC)
    rules.scroll_by(10_000)
    control.step(1 / 60)
    stack.pop()
    save = frames_of("save", game)
    assert save.name == "save"
    save.save()
    stack.pop()
    library.save_game("zagram", other_program_record())
    opened = frames_of("open")
    assert opened.name == "open" and len(opened.games) == 2
    opened.open_entry(0)
    review: Any = stack.top
    assert review is not None and review.name == "review", f"a saved game did not open: {opened.message}"
    review.goto(review.replay.moves // 2)
    control.step(1 / 60)
    countries = demo.countries_demo()
    unfinished.save_current(sgf.dumps(countries), autosave_meta(MatchSettings(), countries))
    stack.pop_to(lambda scene: scene is menu)
    assert menu.resumable is not None, "the autosave was not offered"
    menu.set_language("en")
    control.step(1 / 60)
    menu.continue_game()
    assert stack.top is not None and stack.top.name == "play"
    for _ in range(frames):
        control.step(1 / 60)
    for size in ((800, 600), (1920, 1080), (600, 900)):
        control.resize(size)
        control.step(1 / 60)
    control.stack.shutdown_all()
    return (f"smoke: {control.frames} frames drawn, every scene ran; the computer {computer}; "
            f"the master thought on {master_cores} {'core' if master_cores == 1 else 'cores'}; "
            f"{kernel_words(on_kernel, kernel.status())}")


def kernel_words(on_kernel: bool, status: str) -> str:
    """What the smoke line says of the kernel: whether the master played on it, and where it came from
    (``ai.kernel.status()``): a frozen build must have played on the one it ships, compiling nothing."""
    said = " ".join(status.split())  # one line
    if not on_kernel:
        return f"the compiled kernel did not play ({said})"
    if said == f"ready ({kernel.SHIPPED})":
        return "the master played on the compiled kernel, shipped with the game: nothing was compiled"
    return f"the master played on the compiled kernel ({said})"


SMOKE_CORES = 2
"""The smoke run's master searches in this many threads, whatever the machine has (``tools/build_check.py``
looks for the line that says so)."""

SMOKE_KERNEL_WAIT_S = 240.0
"""How long the smoke run waits for the kernel: a frozen build loads the one it ships in seconds, but from
source, or where none is shipped, it is compiled, which takes 30–90 s on two busy cores."""


def smoke_master() -> tuple[int, bool]:
    """The master's move in the countries demo on the compiled kernel: the threads its search used, and
    whether the kernel chose the move; ``(1, False)`` when the kernel did not load in time (the master
    would wait for it)."""
    game = demo.countries_demo()
    if not kernel.wait(SMOKE_KERNEL_WAIT_S):
        return 1, False
    compiled = think(game, Level.MASTER, seconds=0.3, cores=SMOKE_CORES)
    assert game.is_legal(compiled.move), f"the compiled master's move {compiled.move} is not legal"
    return compiled.cores, compiled.kernel
