"""The player's language: applied at start, switched from the menu, remembered in the settings.

The catalogue and ``t()`` live in :mod:`game.strings`; this module only ties the
choice to the player's :class:`~game.storage.preferences.Preferences` (``Settings.language``)
and to the window's title.
"""

from __future__ import annotations

import pygame

from game.storage.preferences import Preferences
from game.strings import LANGUAGES, language, set_language, t


def apply_saved(preferences: Preferences) -> str:
    """Switch to the language the player chose last time (Russian when none); returns it."""
    code = preferences.chosen.language
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
        pygame.display.set_caption(t("app.title"))


def other() -> str:
    """The language the toggle would switch to."""
    return LANGUAGES[(LANGUAGES.index(language()) + 1) % len(LANGUAGES)]
