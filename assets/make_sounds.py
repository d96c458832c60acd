"""Synthesises the game's sound effects and writes them to ``assets/sounds/*.wav``.

Run from anywhere: ``python assets/make_sounds.py``. Only the standard library is
used, and nothing is random, so the same script always writes the same sounds.
The files are generated, but committed, so a build needs no synthesis step.

Every effect is 16-bit mono PCM at 44.1 kHz, at most a second long, starts and
ends at silence (no click at either end) and is scaled to a modest peak well below
full scale, so nothing clips and a sound heard a hundred times a game stays quiet:

- ``dot``      a soft pop: a short sine whose pitch drops quickly, like a
               fingertip on a tabletop.
- ``country``  a pleasant rising chime: a C-major arpeggio of soft bells.
- ``takeover`` a brighter two-tone flourish: a quick run up to a held fifth,
               with more overtones than the chime.
- ``country.big``  a big capture, a takeover of size or the lead won: the chime run
               up two octaves, fuller and a little louder.
- ``moment.huge``  the biggest captures: the takeover's run ending on a held major
               chord, the loudest of the captures (still under the fanfare's length).
- ``illegal``  a short, gentle low buzz: a soft square-ish tone that sags a little.
- ``end``      a short fanfare: three staccato notes and a held chord.
- ``tick``     a soft clock tick, once a second in a clock's last seconds: a
               short high knock that dies at once, quieter than the chimes.
"""

from __future__ import annotations

import array
import math
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 44_100
OUT_DIR = Path(__file__).resolve().parent / "sounds"
FULL_SCALE = 32_767

Buffer = list[float]
Partials = Sequence[tuple[float, float]]
"""Overtones of a note: (frequency multiple, relative amplitude)."""

# Equal-tempered pitches used below, in Hz.
C5, E5, G5, B5 = 523.25, 659.26, 783.99, 987.77
C6, D6, E6, G6, C7 = 1046.50, 1174.66, 1318.51, 1567.98, 2093.00

# Overtone recipes. The chime is nearly pure, so it sounds round; the takeover
# has more and stronger overtones, so it sounds brighter; the fanfare's falling
# 1/k series is the usual cheap stand-in for brass.
BELL: Partials = ((1.0, 1.0), (2.0, 0.30), (3.0, 0.10))
BRIGHT: Partials = ((1.0, 1.0), (2.0, 0.55), (3.0, 0.35), (4.0, 0.20), (5.0, 0.12))
BRASS: Partials = tuple((float(k), 1.0 / k) for k in range(1, 7))


def silence(seconds: float) -> Buffer:
    """A buffer of ``seconds`` of silence."""
    return [0.0] * round(seconds * RATE)


def mix(into: Buffer, sound: Buffer, at: float, gain: float = 1.0) -> None:
    """Adds ``sound`` into ``into`` starting ``at`` seconds, cut at the buffer's end."""
    start = round(at * RATE)
    for i, v in enumerate(sound[: max(0, len(into) - start)]):
        into[start + i] += gain * v


def note(freq: float, seconds: float, partials: Partials, *, attack: float = 0.004, decay: float = 0.25,
         vibrato: float = 0.0) -> Buffer:
    """One struck note: ``partials`` of ``freq``, a short rise, then exponential decay.

    Higher partials decay faster (time constant ``decay / k``), as in a real bell
    or string, so a note mellows as it fades instead of just getting quieter.
    ``vibrato`` is the depth of a 5.5 Hz wobble, as a fraction of the pitch.
    """
    out: Buffer = []
    phases = [0.0] * len(partials)
    for i in range(round(seconds * RATE)):
        t = i / RATE
        # The vibrato moves the pitch, so phases are accumulated rather than computed as 2πft.
        f = freq * (1.0 + vibrato * math.sin(2 * math.pi * 5.5 * t))
        v = 0.0
        for j, (mult, amp) in enumerate(partials):
            phases[j] += 2 * math.pi * f * mult / RATE
            v += amp * math.exp(-t * mult / decay) * math.sin(phases[j])
        out.append(v * rise(t, attack))
    return out


def rise(t: float, attack: float) -> float:
    """A raised-cosine fade-in over ``attack`` seconds: smooth, so no click at the onset."""
    if t >= attack:
        return 1.0
    return 0.5 - 0.5 * math.cos(math.pi * t / attack)


def fade_out(buf: Buffer, seconds: float) -> Buffer:
    """The buffer with a raised-cosine fade to exact silence over its last ``seconds``."""
    n = min(len(buf), round(seconds * RATE))
    for i in range(n):
        buf[len(buf) - n + i] *= 0.5 + 0.5 * math.cos(math.pi * (i + 1) / n)
    return buf


def normalised(buf: Buffer, peak: float) -> Buffer:
    """The buffer scaled so that its loudest sample is ``peak`` (a fraction of full scale)."""
    loudest = max(abs(v) for v in buf)
    return [v * peak / loudest for v in buf]


# ----- the effects -------------------------------------------------------------------


def dot() -> Buffer:
    """Soft pop: 1100 Hz falling to 480 Hz within ~30 ms, gone in under 0.1 s."""
    out: Buffer = []
    phase = 0.0
    for i in range(round(0.09 * RATE)):
        t = i / RATE
        # A fast exponential pitch drop is what turns a beep into a "pop".
        f = 480.0 + 620.0 * math.exp(-t / 0.012)
        phase += 2 * math.pi * f / RATE
        body = math.sin(phase) + 0.25 * math.sin(2 * phase) * math.exp(-t / 0.006)
        out.append(body * math.exp(-t / 0.018) * rise(t, 0.0015))
    # The dot is heard after every move: the quietest of the set.
    return normalised(fade_out(out, 0.01), 0.32)


def country() -> Buffer:
    """Rising chime: C5 E5 G5 C6, 70 ms apart, each a soft bell ringing on."""
    out = silence(0.8)
    for k, pitch in enumerate((C5, E5, G5, C6)):
        # Later notes slightly softer, so the top C does not shout.
        mix(out, note(pitch, 0.8 - 0.07 * k, BELL, decay=0.22), at=0.07 * k, gain=1.0 - 0.12 * k)
    return normalised(fade_out(out, 0.08), 0.45)


def takeover() -> Buffer:
    """Bright flourish: a quick run G5 B5 D6, then D6 and G6 held together."""
    out = silence(0.9)
    for k, pitch in enumerate((G5, B5, D6)):
        mix(out, note(pitch, 0.12, BRIGHT, decay=0.05), at=0.045 * k, gain=0.6)
    # The two tones: a fifth, a touch of vibrato so the held sound shimmers.
    mix(out, note(D6, 0.75, BRIGHT, decay=0.28, vibrato=0.003), at=0.14)
    mix(out, note(G6, 0.72, BRIGHT, decay=0.26, vibrato=0.003), at=0.17, gain=0.8)
    return normalised(fade_out(out, 0.1), 0.5)


def country_big() -> Buffer:
    """The chime grown: C5 E5 G5 C6 E6 G6, 55 ms apart, with brighter overtones and a held top."""
    out = silence(0.9)
    for k, pitch in enumerate((C5, E5, G5, C6, E6, G6)):
        mix(out, note(pitch, 0.9 - 0.055 * k, BRIGHT, decay=0.24), at=0.055 * k, gain=1.0 - 0.08 * k)
    return normalised(fade_out(out, 0.1), 0.52)


def moment_huge() -> Buffer:
    """The biggest: a quick run G5 B5 D6 G6, then C6 E6 G6 C7 held together, shimmering."""
    out = silence(1.0)
    for k, pitch in enumerate((G5, B5, D6, G6)):
        mix(out, note(pitch, 0.12, BRIGHT, decay=0.05), at=0.04 * k, gain=0.55)
    for k, (pitch, gain) in enumerate(((C6, 1.0), (E6, 0.7), (G6, 0.65), (C7, 0.4))):
        mix(out, note(pitch, 0.8 - 0.01 * k, BRIGHT, decay=0.3, vibrato=0.004), at=0.17 + 0.01 * k, gain=gain)
    return normalised(fade_out(out, 0.12), 0.56)


def illegal() -> Buffer:
    """Gentle buzz: ~0.2 s of a soft square-ish tone sagging from 150 Hz to 120 Hz.

    Odd overtones (3rd, 5th, 7th) give the buzz and make it audible on small
    laptop speakers that hardly play 150 Hz itself; their amplitudes fall as
    1/k^1.5 rather than a true square's 1/k, which keeps the edge soft.
    """
    seconds = 0.2
    out: Buffer = []
    phase = 0.0
    for i in range(round(seconds * RATE)):
        t = i / RATE
        f = 150.0 - 30.0 * t / seconds
        phase += 2 * math.pi * f / RATE
        v = sum(math.sin(k * phase) / k**1.5 for k in (1, 3, 5, 7))
        out.append(v * rise(t, 0.01))
    # Dense (square-ish) and so loud for its peak: scaled lower than the chimes.
    return normalised(fade_out(out, 0.07), 0.2)


def end() -> Buffer:
    """Short fanfare: C5 E5 G5 staccato, then C6 over G5 and C5, held and fading."""
    out = silence(1.0)
    for k, pitch in enumerate((C5, E5, G5)):
        mix(out, fade_out(note(pitch, 0.11, BRASS, attack=0.012, decay=0.2), 0.03), at=0.12 * k, gain=0.7)
    held = 0.36
    for pitch, gain in ((C6, 1.0), (G5, 0.5), (C5, 0.45)):
        # A slower attack than the chime's: brass swells into a note.
        mix(out, note(pitch, 1.0 - held, BRASS, attack=0.03, decay=0.35, vibrato=0.004), at=held, gain=gain)
    return normalised(fade_out(out, 0.12), 0.5)


def tick() -> Buffer:
    """Soft tick: a 1.9 kHz knock with a 3.1 kHz glint over a 950 Hz body, gone within ~60 ms.

    Heard ten times in a row when a clock runs low: short and soft enough not to
    nag, high enough to be heard over the room on small speakers.
    """
    out: Buffer = []
    for i in range(round(0.1 * RATE)):
        t = i / RATE
        v = (math.sin(2 * math.pi * 1900 * t) + 0.35 * math.sin(2 * math.pi * 3100 * t) * math.exp(-t / 0.004)
             + 0.5 * math.sin(2 * math.pi * 950 * t))
        out.append(v * math.exp(-t / 0.02) * rise(t, 0.001))
    return normalised(fade_out(out, 0.02), 0.22)


EFFECTS: dict[str, Callable[[], Buffer]] = {
    "dot": dot,
    "country": country,
    "takeover": takeover,
    "country.big": country_big,
    "moment.huge": moment_huge,
    "illegal": illegal,
    "end": end,
    "tick": tick,
}


def write_wav(path: Path, buf: Buffer) -> None:
    """Writes ``buf`` (floats in -1..1) as 16-bit mono PCM."""
    samples = array.array("h", (max(-FULL_SCALE, min(FULL_SCALE, round(v * FULL_SCALE))) for v in buf))
    if sys.byteorder == "big":
        samples.byteswap()  # WAV is little-endian
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())


def main() -> None:
    """Writes every effect to ``assets/sounds/<name>.wav``."""
    OUT_DIR.mkdir(exist_ok=True)
    for name, make in EFFECTS.items():
        buf = make()
        write_wav(OUT_DIR / f"{name}.wav", buf)
        rms = math.sqrt(sum(v * v for v in buf) / len(buf))
        print(f"{name:11} {len(buf) / RATE:.2f} s  peak {max(map(abs, buf)):.2f}  rms {rms:.3f}")


if __name__ == "__main__":
    main()
