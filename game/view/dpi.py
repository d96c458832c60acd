"""How many pixels an inch of the player's screen holds, as SDL knows it, so finger targets stay finger-sized.

pygame-ce 2.5 on SDL 2 does not pass ``SDL_GetDisplayDPI`` on (``pygame.display`` has
the desktop's pixel sizes, not its inches; ``pygame._sdl2.video`` has no DPI either), so
it is asked of the SDL library pygame itself loaded, through ``ctypes``: the same
library, hence the same initialised video subsystem. Anything that goes wrong (another
platform's file layout, an SDL without the function, a driver that knows no DPI, the
dummy driver of the tests) gives None, and the game assumes the standard 96 dpi.
SDL warns the hardware's figure is not always right; :func:`game.view.theme.use_display_dpi`
only ever lets it make targets bigger, within reason.
"""

from __future__ import annotations

import ctypes
import logging
import math
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame

log = logging.getLogger(__name__)


def display_dpi(index: int = 0) -> float | None:
    """SDL's horizontal DPI of display ``index`` (call after ``pygame.display.init``), or None when unknown."""
    for path in _loaded_sdl():
        try:
            lib = ctypes.CDLL(path)
            ask = lib.SDL_GetDisplayDPI
        except (OSError, AttributeError):
            continue
        ask.argtypes = [ctypes.c_int, *[ctypes.POINTER(ctypes.c_float)] * 3]
        ask.restype = ctypes.c_int
        diagonal, across, down = ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
        if ask(index, ctypes.byref(diagonal), ctypes.byref(across), ctypes.byref(down)) != 0:
            return None  # the library answered: this driver does not know the display's inches
        value = float(across.value)
        log.info("display %d: %.0f dpi across, %.0f down (SDL)", index, value, down.value)
        return value if math.isfinite(value) and value > 0 else None
    return None


def _loaded_sdl() -> Iterator[str]:
    """Where the SDL 2 library that pygame loaded lies (most likely first)."""
    home = Path(pygame.__file__).parent
    if sys.platform.startswith("win"):
        yield str(home / "SDL2.dll")
        yield "SDL2.dll"
        return
    if sys.platform == "darwin":
        for found in sorted((home / ".dylibs").glob("libSDL2-2*.dylib")):
            yield str(found)
        return
    try:  # Linux and the like: the file mapped into this process, whatever its wheel called it
        maps = Path("/proc/self/maps").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return
    seen: set[str] = set()
    for line in maps.splitlines():
        path = line.split(maxsplit=5)[-1] if line.count(" ") >= 5 else ""
        name = Path(path).name
        if name.startswith("libSDL2-2") and path not in seen:
            seen.add(path)
            yield path
