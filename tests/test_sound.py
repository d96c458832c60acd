"""Sound effects: the WAV files are sound (short, quiet, unclipped) and Sounds never fails the game."""

from __future__ import annotations

import array
import logging
import math
import os
import sys
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

# No sound card in CI: SDL's dummy driver accepts audio and discards it.
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.view import sound
from game.view.sound import NAMES, Sounds

FULL_SCALE = 32_768


@pytest.fixture(autouse=True)
def fresh_mixer() -> Iterator[None]:
    """Each test starts with the mixer off, as at the game's start."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


class FakeSound:
    """Stands in for pygame.mixer.Sound and counts plays."""

    played: ClassVar[list[str]] = []

    def __init__(self, path: str) -> None:
        self.name = Path(path).stem

    def play(self) -> None:
        FakeSound.played.append(self.name)


# ----- the files -------------------------------------------------------------------------


def samples(name: str) -> list[float]:
    """The effect's samples as fractions of full scale; checks the format on the way."""
    with wave.open(str(sound.sound_file(name)), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getcomptype()) == (1, 2, 44_100, "NONE")
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()  # WAV is little-endian
    return [v / FULL_SCALE for v in data]


@pytest.mark.parametrize("name", NAMES)
def test_wav_is_short_quiet_and_unclipped(name: str) -> None:
    s = samples(name)
    assert 0.05 <= len(s) / 44_100 <= 1.0
    peak = max(map(abs, s))
    rms = math.sqrt(sum(v * v for v in s) / len(s))
    assert 0.15 <= peak <= 0.6, "audible, with headroom: far from clipping"
    assert 0.03 <= rms <= 0.2, "a modest level, not a blast"
    # Starts and ends at silence: no click at either end.
    assert abs(s[0]) < 0.01 and abs(s[-1]) < 0.01
    assert abs(sum(s) / len(s)) < 0.01, "no DC offset"


def test_dot_is_the_quietest_and_shortest() -> None:
    # It plays after every move: it must not tire the ear.
    peaks = {name: max(map(abs, samples(name))) for name in NAMES}
    lengths = {name: len(samples(name)) for name in NAMES}
    assert min(lengths, key=lengths.__getitem__) == "dot"
    assert peaks["dot"] <= min(peaks[n] for n in ("country", "takeover", "end"))


# ----- Sounds ----------------------------------------------------------------------------


def test_loads_and_plays_every_effect() -> None:
    sounds = Sounds()
    assert sounds.available and pygame.mixer.get_init()
    for name in NAMES:
        sounds.play(name)
    sounds.play("no such effect")  # a typo is silence, not a crash


def test_toggle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    FakeSound.played = []
    sounds = Sounds()
    sounds.play("dot")
    assert sounds.toggle() is False and not sounds.enabled
    sounds.play("dot")
    sounds.play("end")
    assert sounds.toggle() is True
    sounds.play("end")
    assert FakeSound.played == ["dot", "end"]
    assert Sounds(enabled=False).enabled is False


def test_silent_when_the_mixer_cannot_start(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING, logger="game.view.sound"):
        sounds = Sounds()
        for _ in range(3):
            for name in NAMES:
                sounds.play(name)
        sounds.toggle()
        sounds.toggle()
        sounds.play("dot")
    assert not sounds.available
    assert len(caplog.records) == 1 and "No available audio device" in caplog.text


def test_silent_when_files_are_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "dot.wav").write_bytes(sound.sound_file("dot").read_bytes())
    (tmp_path / "sounds" / "end.wav").write_bytes(b"RIFF not really a wave")
    monkeypatch.setattr(sound, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    with caplog.at_level(logging.WARNING, logger="game.view.sound"):
        sounds = Sounds()
        for name in NAMES:
            sounds.play(name)
    assert sounds.available  # the one good file still plays
    assert len(caplog.records) == 1 and "end.wav" in caplog.text and "country.wav" in caplog.text


def test_play_never_raises(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    class BrokenSound(FakeSound):
        def play(self) -> None:
            raise pygame.error("device lost")

    monkeypatch.setattr(pygame.mixer, "Sound", BrokenSound)
    with caplog.at_level(logging.WARNING, logger="game.view.sound"):
        sounds = Sounds()
        for _ in range(5):
            sounds.play("dot")
    assert not sounds.available  # gave up after the first failure
    assert len(caplog.records) == 1 and "device lost" in caplog.text
