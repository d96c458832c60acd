"""The player's language: applied at start, switched from the menu, remembered in the settings.

The catalogue and ``t()`` live in :mod:`game.strings`; this module only ties the
choice to the player's :class:`~game.storage.preferences.Preferences` (``Settings.language``)
and to the window's title. At the first start (no settings file yet) the game speaks the
system's language if it is one of its own, Russian otherwise.
"""

from __future__ import annotations

import locale
import logging
import os
from collections.abc import Callable, Mapping

import pygame

from engine.about import VERSION
from game.paths import DataFolderError, user_data_dir
from game.storage.preferences import SETTINGS_FILE, Preferences
from game.strings import DEFAULT_LANGUAGE, LANGUAGES, language, set_language, t

log = logging.getLogger(__name__)

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where a POSIX system names the language of messages, the first one set winning (as ``setlocale`` reads them)."""
LANGUAGE_NAMES = {"english": "en", "russian": "ru"}
"""Windows names a locale in words (``English_United States``)."""


def code_of(tag: str) -> str:
    """The game's language for a system's locale ``tag``: its own when the game speaks it, Russian otherwise.

    >>> [code_of(tag) for tag in ("en_US.UTF-8", "en-GB", "ru_RU.UTF-8", "English_United States", "de_DE", "C.UTF-8")]
    ['en', 'en', 'ru', 'en', 'ru', 'ru']
    """
    head = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].strip().lower()
    head = LANGUAGE_NAMES.get(head, head)
    return head if head in LANGUAGES else DEFAULT_LANGUAGE


def preferred_locales() -> list[str]:
    """The system's languages in order of preference, as SDL asks the system (Windows' and macOS's
    settings, a POSIX ``LANGUAGE``), else the locale Python started in; empty when none is known."""
    try:
        found = [f"{entry['language']}_{entry.get('country') or ''}" for entry in pygame.system.get_pref_locales()]
    except (pygame.error, AttributeError, KeyError, TypeError) as error:  # an SDL too old, an odd answer
        log.info("no preferred locales from SDL: %s", error)
        found = []
    if not found:
        # The locale's own name: getlocale() would "normalise" the C.UTF-8 of a bare system to en_US.
        name = locale.setlocale(locale.LC_CTYPE)
        found = [name] if name else []
    return found


def system_language(environ: Mapping[str, str] | None = None,
                    preferred: Callable[[], list[str]] | None = None) -> str:
    """The system's language as the game's: English for an English system, Russian for a Russian or
    unknown one. ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` come first (a POSIX system's own choice, ``C``
    included); without them, what the system prefers (:func:`preferred_locales`). ``environ`` is the
    process's environment unless given.

    >>> system_language({"LANG": "en_US.UTF-8"}), system_language({"LC_ALL": "C", "LANG": "en_US.UTF-8"})
    ('en', 'ru')
    >>> system_language({}, lambda: ["en_GB"]), system_language({}, lambda: [])
    ('en', 'ru')
    """
    variables = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = variables.get(name)
        if value:
            return code_of(value)
    for tag in (preferred or preferred_locales)():
        return code_of(tag)
    return DEFAULT_LANGUAGE


def first_start() -> bool:
    """No settings file yet: the player has chosen nothing, the language included."""
    try:
        (user_data_dir() / SETTINGS_FILE).lstat()
    except (FileNotFoundError, DataFolderError):  # no folder to keep a choice in: nothing was chosen
        return True
    except OSError:  # there, but unreadable: the player has been here
        return False
    return False


def apply_saved(preferences: Preferences) -> str:
    """Switch to the language the player chose last time (at the first start, the system's); returns it.

    The system's language is taken as if chosen, though not written: a later choice of anything else
    keeps it in the settings, so the game does not turn Russian at the next start.
    """
    code = preferences.chosen.language
    if first_start():
        code = system_language()
        preferences.assume(language=code)
    set_language(code if code in LANGUAGES else LANGUAGES[0])
    return language()


def choose(code: str, preferences: Preferences | None = None) -> None:
    """Switch to ``code`` now and remember it in ``preferences`` for the next start (None: only switch).

    A settings file that cannot be written only means the choice is not kept;
    the switch itself always happens.
    """
    set_language(code)
    if preferences is not None:
        preferences.remember(language=code)
    if pygame.display.get_init():
        pygame.display.set_caption(window_title())


def window_title() -> str:
    """The window's title in the language in force, with the build's version: which build a player runs."""
    return t("app.version", version=VERSION)


def other() -> str:
    """The language the toggle would switch to."""
    return LANGUAGES[(LANGUAGES.index(language()) + 1) % len(LANGUAGES)]
