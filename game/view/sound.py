"""The game's sound effects: load them once, play one by name, switch them off.

Sound is a nicety, never a reason to fail: on a machine with no audio device,
with a pygame built without the mixer, or with the files missing, :class:`Sounds`
plays nothing and says so once in the log. :meth:`Sounds.play` never raises.

The effects are made by ``assets/make_sounds.py``; their names are in :data:`NAMES`.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game.paths import asset_path

log = logging.getLogger(__name__)

NAMES: tuple[str, ...] = ("dot", "country", "takeover", "country.big", "moment.huge", "illegal", "end", "tick")
"""The effects: a dot placed, a country closed, a country taken over, a big capture and the biggest
(:mod:`game.view.moments`: the sound grows with the gain), an illegal
spot tapped, the end of the game, a second of a clock's last ten. Each is ``assets/sounds/<name>.wav``."""


def sound_file(name: str) -> Path:
    """Where the effect ``name`` lives (source tree or frozen bundle)."""
    return asset_path("sounds", f"{name}.wav")


class Sounds:
    """The effects, ready to play.

    >>> sounds = Sounds(enabled=False)
    >>> sounds.play("dot")     # off: nothing happens, nothing raises
    >>> sounds.play("no such sound")

    ``enabled`` is the player's on/off switch («Звук»); it can be flipped at any
    time. ``available`` says whether anything could be loaded at all.
    """

    def __init__(self, *, enabled: bool = True) -> None:
        self.enabled = enabled
        self._effects: dict[str, pygame.mixer.Sound] = {}
        self._complained = False
        self._load()

    @property
    def available(self) -> bool:
        """True when at least one effect loaded and the mixer works."""
        return bool(self._effects)

    def toggle(self) -> bool:
        """Flip sound on or off; returns the new state."""
        self.enabled = not self.enabled
        return self.enabled

    def play(self, name: str) -> None:
        """Play the effect ``name`` if sound is on and it loaded; otherwise do nothing."""
        if not self.enabled:
            return
        effect = self._effects.get(name)
        if effect is None:
            return
        try:
            effect.play()
        except Exception as e:  # noqa: BLE001 — a sound must never take the game down
            self._complain(f"playing {name!r} failed ({e}); sound is off from now on")
            self._effects.clear()

    # ----- loading --------------------------------------------------------------------

    def _load(self) -> None:
        try:
            if not pygame.mixer.get_init():
                # Small buffer: an effect should be heard with the click, not after it.
                pygame.mixer.init(frequency=44_100, size=-16, channels=2, buffer=512)
        except Exception as e:  # noqa: BLE001 — no device, no driver, no mixer module: all mean silence
            self._complain(f"no sound: the mixer could not start ({e})")
            return
        missing: list[str] = []
        for name in NAMES:
            path = sound_file(name)
            try:
                self._effects[name] = pygame.mixer.Sound(str(path))
            except Exception:  # noqa: BLE001 — missing or unreadable file: play the rest
                missing.append(str(path))
        if missing:
            self._complain(f"sound effects not loaded: {', '.join(missing)}")

    def _complain(self, message: str) -> None:
        # Once per Sounds: a broken device would otherwise fill the log on every move.
        if not self._complained:
            self._complained = True
            log.warning(message)
