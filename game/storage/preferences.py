"""The player's choices between games, in ``settings.json``: read field by field, a bad value
falling back to its default, and written atomically.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from ai import PLAYER_LEVELS
from ai.parallel import MAX_CORES
from engine import MAX_SIZE, Rules
from game.match.clock import CLOCK_MINUTES, INCREMENTS
from game.paths import user_data_dir
from game.storage.atomic import (
    write_atomically,
)
from game.strings import DEFAULT_LANGUAGE, LANGUAGES

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
MIN_BOARD = 2  # at least one cell
RULES = tuple(rules.value for rules in Rules)
MODES = ("hotseat", "computer")
COLOURS = ("blue", "red")


BoardSize = tuple[int, int] | Literal["auto"]


@dataclass
class Settings:
    """What the player chose last time, so the next start begins there."""

    language: str = DEFAULT_LANGUAGE
    """'ru' or 'en'."""
    sound: bool = True
    """Sound effects on."""
    board_size: BoardSize = "auto"
    """The last board, ``(width, height)`` in nodes, or 'auto' («Авто»)."""
    rules: str = "countries"
    """'countries' or 'classic' (``engine.Rules`` values)."""
    mode: str = "hotseat"
    """'hotseat' (two players) or 'computer'."""
    level: str = PLAYER_LEVELS[0]
    """The computer's level, one of ``ai.PLAYER_LEVELS``."""
    colour: str = "blue"
    """The colour the human plays against the computer: 'blue' or 'red'."""
    clock_minutes: int = 0
    """The clock chosen last: minutes a player, one of ``game.match.clock.CLOCK_MINUTES`` (0: none)."""
    clock_increment: int = 0
    """Seconds added after each move, one of ``game.match.clock.INCREMENTS``."""
    cores: int | None = None
    """Processes the master thinks in, 1 to ``ai.parallel.MAX_CORES``; None: every core of the machine.
    No menu sets it: it is for the settings file, on a machine shared with other work."""


def _board_size(value: object) -> BoardSize | None:
    if value == "auto":
        return "auto"
    if isinstance(value, (list, tuple)) and len(value) == 2:
        w, h = value
        # bool is an int subclass; [true, false] is not a board.
        if all(type(n) is int and MIN_BOARD <= n <= MAX_SIZE for n in (w, h)):
            return (w, h)
    return None


def _one_of(choices: tuple[str, ...]) -> Callable[[object], str | None]:
    return lambda value: value if value in choices else None


# How each field is checked when read back: the valid value, or None for "use the default".
_VALIDATORS: dict[str, Callable[[object], object | None]] = {
    "language": _one_of(LANGUAGES),
    "sound": lambda value: value if isinstance(value, bool) else None,
    "board_size": _board_size,
    "rules": _one_of(RULES),
    "mode": _one_of(MODES),
    "level": _one_of(PLAYER_LEVELS),
    "colour": _one_of(COLOURS),
    "clock_minutes": lambda value: value if type(value) is int and value in CLOCK_MINUTES else None,
    "clock_increment": lambda value: value if type(value) is int and value in INCREMENTS else None,
    "cores": lambda value: value if type(value) is int and 1 <= value <= MAX_CORES else None,
}


def settings_from_dict(data: object) -> Settings:
    """Settings from parsed JSON: each missing or invalid field takes its default.

    >>> s = settings_from_dict({"language": "en", "sound": "loud", "board_size": [30, 20]})
    >>> s.language, s.sound, s.board_size, s.rules
    ('en', True, (30, 20), 'countries')
    """
    settings = Settings()
    if not isinstance(data, dict):
        return settings
    for f in fields(Settings):
        if f.name in data:
            value = _VALIDATORS[f.name](data[f.name])
            if value is not None:
                setattr(settings, f.name, value)
    return settings


def load_settings() -> Settings:
    """The saved settings; defaults for anything missing or unreadable. Never raises."""
    try:
        path = user_data_dir() / SETTINGS_FILE
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        return Settings()
    except Exception as e:  # noqa: BLE001 — unreadable or not JSON: start from defaults
        log.warning("settings not read, using defaults: %s", e)
        return Settings()
    settings = settings_from_dict(data)
    if settings_to_dict(settings) != data:
        log.info("some settings were missing or invalid and took their defaults")
    return settings


def remember(**choices: object) -> Settings:
    """Keep the player's latest choices (``remember(rules="classic")``) for the next visit and start.

    Only a change is written; like :func:`save_settings` it never raises. The settings as they are now.
    """
    settings = load_settings()
    changed = False
    for name, value in choices.items():
        if not hasattr(settings, name):
            raise TypeError(f"no setting called {name!r}")
        if getattr(settings, name) != value:
            setattr(settings, name, value)
            changed = True
    if changed:
        save_settings(settings)
    return settings


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    """The JSON form of ``settings`` (the board size as a list)."""
    data = asdict(settings)
    if isinstance(settings.board_size, tuple):
        data["board_size"] = list(settings.board_size)
    return data


def save_settings(settings: Settings) -> bool:
    """Writes ``settings``; False (and a log line) if it could not. Never raises.

    A preference that did not stick is not worth interrupting a game for.
    """
    try:
        text = json.dumps(settings_to_dict(settings), ensure_ascii=False, indent=2) + "\n"
        write_atomically(user_data_dir() / SETTINGS_FILE, text.encode("utf-8"))
    except Exception as e:  # noqa: BLE001
        log.warning("settings not saved: %s", e)
        return False
    return True
