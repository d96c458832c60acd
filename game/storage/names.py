"""Names as the game shows them and as the file system keeps them.

Every name the game draws that it did not write itself — a saved game's file name, a player's
name in a record, a folder's path — passes through :func:`shown` first: a name can come from
anywhere (a CP1251 archive, a C locale, a hand-edited record), and the font refuses lone
surrogates with an exception. :func:`shown` never raises; what cannot be read becomes «�».

:func:`on_disk` is the other way: the name a new file gets, which a C locale (ASCII) could not
hold as text, is written as its UTF-8 bytes, as every other program on the system names files.
"""

from __future__ import annotations

import os
import sys
import unicodedata

UTF16_NAMES = os.name == "nt"
"""Windows: a file's name is UTF-16 text, whatever ``sys.getfilesystemencoding()`` says (Python hands str names to
the system as they are, in the legacy «mbcs» mode too), so every name a str can hold can be a file's."""
REPLACEMENT = "\ufffd"
"""What a byte or surrogate that is no character shows as: «�»."""


def visible(text: str) -> str:
    """``text`` without what shows as nothing or turns text around: format characters (U+200B,
    the bidi controls U+202A–U+202E, U+2066–U+2069, U+FEFF …), the grapheme joiner U+034F,
    lone surrogates, and variation selectors and other combining marks with nothing before them.

    >>> visible("\u202eexe.txt"), visible("\ufe0f\u034f"), visible("Маша\u200b")
    ('exe.txt', '', 'Маша')
    """
    kept: list[str] = []
    for ch in text:
        if unicodedata.category(ch) in ("Cf", "Cs") or ch == "\u034f":
            continue  # a lone surrogate (a file name decoded with surrogateescape) is no character either
        if unicodedata.category(ch) in ("Mn", "Me") and (not kept or kept[-1].isspace()):
            continue  # a mark alone draws as nothing (U+FE0F) or as a dotted circle
        kept.append(ch)
    return "".join(kept)


def _as_bytes(text: str) -> bytes:
    """``text`` in UTF-8, the bytes a file name decoded with ``surrogateescape`` came from given back
    (U+DC80–U+DCFF), any other lone surrogate as a byte no UTF-8 has."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate outside the escapes (from JSON's \\ud800, say)
        return b"".join(b"\xff" if "\ud800" <= ch <= "\udfff" and not "\udc80" <= ch <= "\udcff"
                        else ch.encode("utf-8", "surrogateescape") for ch in text)


def shown(text: str | bytes | os.PathLike[str] | None) -> str:
    """``text`` as the game may draw it: bytes and escaped bytes read as UTF-8 (so a name listed
    under a C locale shows in Cyrillic), what is no character as «�», on one line, nothing invisible
    or reversing (:func:`visible`). Never raises.

    >>> shown("Партия".encode("cp1251").decode("utf-8", "surrogateescape"))
    '������'
    >>> shown("Партия".encode().decode("ascii", "surrogateescape")), shown(b"x\\xff"), shown("a\\ud800b")
    ('Партия', 'x�', 'a�b')
    >>> shown(" Маша\\u202e\\n Петрова "), shown(None)
    ('Маша Петрова', '')
    """
    if text is None:
        return ""
    if isinstance(text, os.PathLike):
        text = os.fspath(text)
    if isinstance(text, str) and text.isascii() and text.isprintable():
        return " ".join(text.split())  # nothing to decode, invisible or reversing: as the long way gives it
    raw = text if isinstance(text, bytes) else _as_bytes(text)
    decoded = raw.decode("utf-8", "replace")
    # Controls (a new line in a file name) would draw as boxes: a space instead, spaces run together.
    spaced = "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in decoded)
    return " ".join(visible(spaced).split())


def on_disk(name: str) -> str:
    """``name`` as a file's name on this system: itself where the file system's encoding holds it
    (always on Windows, whose names are UTF-16 text whatever that encoding says), else (a C locale's
    ASCII) its UTF-8 bytes, which Python names by escapes. ``UnicodeEncodeError`` only for a lone
    surrogate, which no name can hold.

    >>> on_disk("Партия") == "Партия" or sys.getfilesystemencoding() != "utf-8"
    True
    """
    if UTF16_NAMES:
        return name
    try:
        name.encode(sys.getfilesystemencoding(), "strict")
        return name
    except (LookupError, UnicodeEncodeError):
        pass
    return os.fsdecode(name.encode("utf-8"))
