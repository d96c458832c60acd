"""What the keys and gestures do, as string ids: one list for the help card (F1, :mod:`game.scenes.help`) and
the rules' «Клавиши» tab (:mod:`game.scenes.rules`), so the two cannot tell different stories."""

from __future__ import annotations

KEYS: tuple[tuple[str, str], ...] = (
    ("help.key.undo", "help.do.undo"),
    ("help.key.redo", "help.do.redo"),
    ("help.key.back", "help.do.back"),
    ("help.key.enter", "help.do.enter"),
    ("help.key.zoom", "help.do.zoom"),
    ("help.key.full", "help.do.full"),
    ("help.key.help", "help.do.help"),
)
"""(key, what it does) string ids, in the order shown."""

TIPS: tuple[tuple[str | None, str], ...] = (
    ("help.mouse.title", "help.mouse"),
    ("help.touch.title", "help.touch"),
    ("help.zoom.title", "help.zoom"),
)
"""(heading, text) string ids of the paragraphs under the keys; the red cross's line follows them."""
