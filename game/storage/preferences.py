"""The player's choices between games, in ``settings.json``: read field by field, a bad value
falling back to its default, and written atomically.

The game reads the file once, at start, into one :class:`Preferences`, which the app hands to
the loop and the loop to every scene (``stack.preferences``); a choice changes it in memory,
and only a choice that differs from the one kept is written back.

The set-up chosen last is a :class:`~game.match.settings.MatchSettings`, kept in its one written
form (``setup``), as the autosave and the saved records keep theirs. A file from before (``rules``,
``mode``, ``level``, ``colour``, ``clock_minutes``, ``clock_increment``, ``board_size``, one key
each) is still read, field by field.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any, Literal, TypeVar

from ai import Level
from ai.parallel import MAX_CORES
from engine import MAX_SIZE, Rules
from game.match.clock import CLOCK_MINUTES, INCREMENTS, TimeControl
from game.match.settings import COLOURS, ComputerSettings, MatchSettings, SetupError
from game.paths import user_data_dir
from game.storage.atomic import (
    write_atomically,
)
from game.storage.reading import read_limited
from game.strings import DEFAULT_LANGUAGE, LANGUAGES

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
MIN_BOARD = 2  # at least one cell
MAX_SETTINGS_BYTES = 64 * 1024
"""The largest settings file read; the game writes well under a kilobyte."""


BoardSize = tuple[int, int] | Literal["auto"]
Named = TypeVar("Named", Rules, Level)


@dataclass(frozen=True)
class Settings:
    """What the player chose last time, so the next start begins there."""

    language: str = DEFAULT_LANGUAGE
    """'ru' or 'en'."""
    sound: bool = True
    """Sound effects on."""
    setup: MatchSettings = MatchSettings()
    """The set-up chosen last: the rule set, the computer (None: two players), the clock, and the
    board (with :attr:`auto_board`, the size «Авто» gave)."""
    auto_board: bool = True
    """The board was «Авто» (fitted to the window), not one of the sizes."""
    computer: ComputerSettings = ComputerSettings()
    """The computer's level and the human's colour chosen last, kept while two people play, so
    «Против компьютера» opens on them; ``setup.computer`` is this one when the computer plays."""
    cores: int | None = None
    """Threads the master thinks in, 1 to ``ai.parallel.MAX_CORES``; None: every core of the machine.
    No menu sets it: it is for the settings file, on a machine shared with other work."""
    window_size: tuple[int, int] | None = None
    """The window's size when last neither maximised nor fullscreen (None: never seen; the game picks one)."""
    window_maximised: bool = True
    """The window filled the screen's usable area when the game last closed (and does at the first start)."""
    reduced_motion: bool = False
    """The same information without movement (issue 29): a moment's banner and «+N» still, no burst, pulse,
    sweep or confetti motion. Chosen on the help card (F1). The system's own preference is not read: pygame-ce
    2.5.8 on SDL 2.32 exposes none (no hint or call for it in SDL 2), so only this setting switches it."""
    coordinates: bool = False
    """The columns' and rows' letters along the board's edges (:mod:`game.view.coordinates`), in play and
    review. Off at first; switched on the help card (F1)."""
    first_lesson_due: bool = False
    """The first start's offer of the tutorial waits for an answer: True only when there was no settings file
    (a fresh data folder), until the player answers it. A file that lacks it (an older version's) or cannot be
    read says False: that player has started the game before."""

    @property
    def board_size(self) -> BoardSize:
        """The board chosen last as the picker offers it: its size, or 'auto' («Авто»)."""
        return "auto" if self.auto_board else (self.setup.width, self.setup.height)

    @property
    def against_computer(self) -> bool:
        """The way to play chosen last was against the computer (else two players)."""
        return self.setup.computer is not None


def _board_size(value: object) -> BoardSize | None:
    if value == "auto":
        return "auto"
    if isinstance(value, (list, tuple)) and len(value) == 2:
        w, h = value
        # bool is an int subclass; [true, false] is not a board.
        if all(type(n) is int and MIN_BOARD <= n <= MAX_SIZE for n in (w, h)):
            return (w, h)
    return None


MAX_WINDOW_SIDE = 16384
"""No screen is wider or taller than this in pixels (SDL's own texture limit): a larger size is not the game's."""


def _window_size(value: object) -> tuple[int, int] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and \
            all(type(n) is int and 1 <= n <= MAX_WINDOW_SIDE for n in value):
        return (value[0], value[1])
    return None


def _one_of(choices: tuple[str, ...]) -> Callable[[object], str | None]:
    return lambda value: value if value in choices else None


def _named(kind: type[Named], value: object) -> Named | None:
    """The member of ``kind`` that ``value`` names; None for anything else."""
    return next((member for member in kind if member.value == value), None) if isinstance(value, str) else None


def _written(read: Callable[[object], object]) -> Callable[[object], object | None]:
    """A set-up's reader that says None (the default) for what it refuses, with a log line saying why."""
    def checked(value: object) -> object | None:
        try:
            return read(value)
        except SetupError as e:
            log.warning("the set-up chosen last is unreadable, the default is used: %s", e)
            return None
    return checked


# How each field is checked when read back: the valid value, or None for "use the default".
_VALIDATORS: dict[str, Callable[[object], object | None]] = {
    "language": _one_of(LANGUAGES),
    "sound": lambda value: value if isinstance(value, bool) else None,
    "setup": _written(MatchSettings.from_json),
    "auto_board": lambda value: value if isinstance(value, bool) else None,
    "computer": _written(ComputerSettings.from_json),
    "cores": lambda value: value if type(value) is int and 1 <= value <= MAX_CORES else None,
    "window_size": _window_size,
    "window_maximised": lambda value: value if isinstance(value, bool) else None,
    "reduced_motion": lambda value: value if isinstance(value, bool) else None,
    "coordinates": lambda value: value if isinstance(value, bool) else None,
    "first_lesson_due": lambda value: value if isinstance(value, bool) else None,
}


def _choice(value: object, choices: tuple[int, ...]) -> int:
    return value if type(value) is int and value in choices else 0


def _old_form(data: dict[str, Any]) -> dict[str, Any]:
    """The set-up as versions before ``setup`` kept it, one key each; each missing or invalid key
    takes its default.

    >>> old = _old_form({"rules": "classic", "mode": "computer", "level": "master", "colour": "red",
    ...                  "board_size": [15, 15], "clock_minutes": 5, "clock_increment": 3})
    >>> old["setup"] == MatchSettings(Rules.CLASSIC, 15, 15, ComputerSettings(Level.MASTER, COLOURS["red"]),
    ...                               TimeControl(5, 3)), old["auto_board"]
    (True, False)
    """
    level = _named(Level, data.get("level"))
    colour = data.get("colour")
    computer = ComputerSettings(level or Level.BEGINNER,
                                COLOURS[colour] if isinstance(colour, str) and colour in COLOURS else COLOURS["blue"])
    board = _board_size(data.get("board_size"))
    width, height = board if isinstance(board, tuple) else (MatchSettings.width, MatchSettings.height)
    setup = MatchSettings(_named(Rules, data.get("rules")) or Rules.COUNTRIES, width, height,
                          computer if data.get("mode") == "computer" else None,
                          TimeControl(_choice(data.get("clock_minutes"), CLOCK_MINUTES),
                                      _choice(data.get("clock_increment"), INCREMENTS)))
    return {"setup": setup, "auto_board": not isinstance(board, tuple), "computer": computer}


def settings_from_dict(data: object) -> Settings:
    """Settings from parsed JSON: each missing or invalid field takes its default; a file from before
    ``setup`` gives its set-up from its own keys.

    >>> s = settings_from_dict({"language": "en", "sound": "loud", "board_size": [30, 20]})
    >>> s.language, s.sound, s.board_size, s.setup.rules
    ('en', True, (30, 20), <Rules.COUNTRIES: 'countries'>)
    """
    if not isinstance(data, dict):
        return Settings()
    read: dict[str, Any] = {f.name: _VALIDATORS[f.name](data[f.name]) for f in fields(Settings) if f.name in data}
    if "setup" not in data:
        read |= _old_form(data)
    return Settings(**{name: value for name, value in read.items() if value is not None})


def load_settings() -> Settings:
    """The saved settings; defaults for anything missing or unreadable. Never raises.

    Only a regular file of at most :data:`MAX_SETTINGS_BYTES` is read: a pipe put in its place
    would hold the start for ever, and a huge file is not one the game wrote.
    """
    try:
        path = user_data_dir() / SETTINGS_FILE
        text = read_limited(path, MAX_SETTINGS_BYTES)
        data = json.loads(text)
    except FileNotFoundError:
        return Settings(first_lesson_due=True)  # the very first start: the tutorial is offered
    except Exception as e:  # noqa: BLE001 — unreadable or not JSON: start from defaults
        log.warning("settings not read, using defaults: %s", e)
        return Settings()
    settings = settings_from_dict(data)
    if settings_to_dict(settings) != data:
        log.info("some settings were missing or invalid and took their defaults")
    return settings


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    """The JSON form of ``settings``: the set-up and the computer in their one written form
    (:meth:`MatchSettings.to_json`)."""
    data: dict[str, Any] = {f.name: getattr(settings, f.name) for f in fields(Settings)}
    data["setup"] = settings.setup.to_json()
    data["computer"] = settings.computer.to_json()
    if settings.window_size is not None:
        data["window_size"] = list(settings.window_size)
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


class Preferences:
    """The player's choices for this run of the game: read from the file once, kept in memory,
    written back only when one changes.

    ``keep`` writes a changed set (:func:`save_settings`, the file; a test passes its own).
    """

    def __init__(self, chosen: Settings | None = None, *,
                 keep: Callable[[Settings], bool] = save_settings) -> None:
        self._chosen = chosen if chosen is not None else Settings()
        self._keep = keep

    @classmethod
    def load(cls) -> Preferences:
        """The choices in the settings file (defaults for what is missing or unreadable)."""
        return cls(load_settings())

    @property
    def chosen(self) -> Settings:
        """The choices as they are now."""
        return self._chosen

    def assume(self, **choices: Any) -> Settings:
        """Take ``choices`` as if read from the file, writing nothing (the system's language at the first start)."""
        self._chosen = replace(self._chosen, **choices)
        return self._chosen

    def remember_setup(self, setup: MatchSettings) -> Settings:
        """Keep ``setup`` as the set-up chosen last, and its computer, if any, as the computer chosen
        last (kept while two people play); written as :meth:`remember` writes."""
        if setup.computer is None:
            return self.remember(setup=setup)
        return self.remember(setup=setup, computer=setup.computer)

    def remember(self, **choices: Any) -> Settings:
        """Keep the player's latest choices (``remember(rules=Rules.CLASSIC)``) for the next visit
        and start; an unknown name is a TypeError. Only a change is written, and a write that
        fails leaves the choice in force for this run. The choices as they are now."""
        changed = replace(self._chosen, **choices)
        if changed != self._chosen:
            self._chosen = changed
            self._keep(changed)
        return changed
