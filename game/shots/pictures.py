"""``--screenshot DIR``: a PNG of each screen of :mod:`game.shots.setups` at a few window sizes, in both languages."""

from __future__ import annotations

import contextlib
import os
import struct
from datetime import datetime
from pathlib import Path

import pygame

from ai import Level
from engine import Player, Rules, sgf
from game import strings
from game.control import Control, start_pygame
from game.match import demo
from game.match.settings import ComputerSettings, MatchSettings
from game.shots.headless import other_program_record, scratch_data_dir, use_dummy_drivers
from game.shots.puzzle_setups import puzzle_scenes
from game.shots.setups import screenshot_scenes
from game.storage import library
from game.storage.library import default_name, record_info

SCREENSHOT_SIZES: tuple[tuple[int, int], ...] = ((800, 600), (1024, 600), (1200, 800), (1280, 800), (1366, 768),
                                                  (1920, 1080))
"""The smallest window, the touch laptops of issue 12 (1024×600 … 1366×768), the usual desktop and full HD."""

SCREENSHOT_LANGUAGES: tuple[str, ...] = ("ru", "en")
"""Every scene in both languages: English labels are longer and must fit too."""


class CannotWrite(Exception):
    """A screenshot could not be written (a full disk, a folder gone); the message names the file."""


def screenshots(directory: str | Path, sizes: tuple[tuple[int, int], ...] = SCREENSHOT_SIZES) -> list[Path]:
    """Write a PNG of each scene at each window size into ``directory``; returns the files.

    Raises :class:`CannotWrite` when a file cannot be written (``main.py`` checks the
    folder first; this is for a disk that fills or a folder that goes away meanwhile).
    """
    use_dummy_drivers()
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    start_pygame()
    try:
        with scratch_data_dir():
            saved: list[Path] = []
            control = Control(sizes[0])
            for size in sizes:
                control.resize(size)
                for lang in SCREENSHOT_LANGUAGES:
                    strings.set_language(lang)  # the saved games' names in this language, as its player saved them
                    saved = a_few_saved_games(replacing=saved)
                    for name, setup in [*screenshot_scenes(control, lang), *puzzle_scenes(control, lang)]:
                        setup()
                        control.stack.resize(control.size)
                        control.step(0.0)
                        suffix = "" if lang == strings.DEFAULT_LANGUAGE else f"-{lang}"
                        path = out / f"{name}{suffix}-{size[0]}x{size[1]}.png"
                        try:
                            pygame.image.save(control.screen, str(path))
                        except (pygame.error, OSError) as error:
                            raise CannotWrite(f"cannot write {path}: {error}") from error
                        check_written(path, control.screen.get_size())
                        written.append(path)
            control.stack.shutdown_all()
    finally:
        strings.set_language(strings.DEFAULT_LANGUAGE)
        pygame.quit()
    return written


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def check_written(path: Path, size: tuple[int, int]) -> None:
    """Raises :class:`CannotWrite` unless ``path`` is a whole PNG of ``size``; a bad one is removed.

    ``pygame.image.save`` says nothing when the disk is full: it leaves an empty or cut-off file,
    and a run that went on would report success over minutes of empty pictures.
    """
    try:
        problem = _png_problem(path, size)
    except OSError as error:
        problem = f"cannot be read back ({error})"
    if problem is None:
        return
    with contextlib.suppress(OSError):
        path.unlink()
    raise CannotWrite(f"cannot write {path}: the file written {problem} (is the disk full?)")


def _png_problem(path: Path, size: tuple[int, int]) -> str | None:
    """What is wrong with the PNG at ``path`` for a picture of ``size``; None: nothing."""
    with path.open("rb") as f:
        length = os.fstat(f.fileno()).st_size
        if length == 0:
            return "is empty"
        # The signature, then the IHDR chunk (its length, type, width, height …); the IEND chunk last.
        head = f.read(24)
        if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
            return "is not a PNG"
        if length < 24 + 12:
            return "is cut short"
        f.seek(-8, os.SEEK_END)
        tail = f.read(8)
    found = struct.unpack(">II", head[16:24])
    if found != tuple(size):
        return f"is {found[0]}x{found[1]}, not {size[0]}x{size[1]}"
    if tail[:4] != b"IEND":
        return "is cut short"
    return None


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
    versus = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.MASTER, Player.RED))
    return [library.save_game("zagram-352562", other_program_record()),
            library.save_game(default_name(classic), sgf.dumps(classic)),
            library.save_game(default_name(countries), sgf.dumps(countries, info=record_info(versus, datetime.now())))]
