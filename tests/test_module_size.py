"""No module of the game grows past what one reader holds in mind (issue 20): a file over the limit is
split by job, not trimmed. The strings' catalogue is the one exception: it is a table, read by key."""

from __future__ import annotations

from pathlib import Path

MAX_LINES = 500
EXCEPTIONS = {"game/strings.py"}
ROOT = Path(__file__).resolve().parents[1]


def test_no_module_in_game_is_over_five_hundred_lines() -> None:
    sizes = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in (ROOT / "game").rglob("*.py")}
    assert sizes, "no modules found"
    over = {name: lines for name, lines in sizes.items() if lines > MAX_LINES and name not in EXCEPTIONS}
    assert not over, over
