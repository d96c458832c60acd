"""The player's language: applied at start, switched from the menu, remembered in the settings.

The catalogue and ``t()`` live in :mod:`game.strings`; this module only ties the
choice to :mod:`game.storage.preferences` (``Settings.language``) and to the window's title.
"""

from __future__ import annotations

import pygame

from game.storage import preferences
from game.strings import LANGUAGES, language, set_language, t


def apply_saved() -> str:
    """Switch to the language the player chose last time (Russian when none); returns it."""
    code = preferences.load_settings().language
    set_language(code if code in LANGUAGES else LANGUAGES[0])
    return language()


def choose(code: str) -> None:
    """Switch to ``code`` now and remember it for the next start.

    A settings file that cannot be written only means the choice is not kept;
    the switch itself always happens.
    """
    set_language(code)
    settings = preferences.load_settings()
    if settings.language != code:
        settings.language = code
        preferences.save_settings(settings)
    if pygame.display.get_init():
        pygame.display.set_caption(t("app.title"))


def other() -> str:
    """The language the toggle would switch to."""
    return LANGUAGES[(LANGUAGES.index(language()) + 1) % len(LANGUAGES)]
