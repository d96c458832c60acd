"""Hostile records: each is refused with SgfError (or loads as a consistent game), never hangs or blows up.

The limit on each case is a count of work, not of seconds: the function calls the
parse makes (Python's own and C's, as ``sys.setprofile`` sees them), generous for
every case here, so it catches a runaway expansion or a quadratic walk, the same on
a slow machine as on a fast one. The game's open screen reads files through the
same ``sgf.loads``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

from engine import Game, sgf

CALL_LIMIT = 2_000_000
"""Function calls one parse may make: the deepest case here makes about 700 thousand."""


def counted_loads(text: str) -> tuple[Game | sgf.SgfError, int]:
    """``sgf.loads(text)`` (its game, or the SgfError it raised) and how many function calls it made."""
    calls = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        return sgf.loads(text), calls
    except sgf.SgfError as e:
        return e, calls
    finally:
        sys.setprofile(None)


def _big(n: int) -> str:
    return "0" * n + "5"


CASES: dict[str, Callable[[], str]] = {
    "board size of 4301 digits": lambda: f"(;GM[40]SZ[{_big(4300)}];B[aa])",
    "board size W:H of 5000 digits": lambda: f"(;GM[40]SZ[9:{'9' * 5000}];B[aa])",
    "setup rectangles over the whole board, 8000 times": lambda: "(;GM[40]SZ[52]AB" + "[aa:ZZ]" * 8000 + ")",
    "setup rectangles of both colours overlapping": lambda: "(;GM[40]SZ[20]AB[aa:tt]AW[aa:tt])",
    "the stopping player made to move": lambda: "(;GM[40]FF[4]SZ[9]RU[classic];B[ee];W[fe];B[ef]STOP[W];PL[W])",
    "the stopping player finishing": lambda: "(;GM[40]FF[4]SZ[9]RU[classic];B[ee];W[fe]STOP[W];B[ef]FINISH[W])",
    "a megabyte of escapes": lambda: "(;GM[40]FF[4]SZ[20]C[" + "\\]" * 600_000 + "])",
    "too many nodes": lambda: "(;GM[40]SZ[20]" + ";C[x]" * (sgf.MAX_NODES + 1) + ")",
    "deep variations": lambda: "(;GM[40]SZ[9]" + "(;B[aa]" * 50_000,
    "a 4 MB property name": lambda: "(;GM[40]SZ[9]" + "X" * 4_000_000 + "[a])",
    "not UTF-8": lambda: "(;GM[40]SZ[9]C[\udcff])",
    "NUL bytes and controls": lambda: "(;GM[40]SZ[9]\x00\x01;B[aa]\x7f)",
    "a move off the board": lambda: "(;GM[40]SZ[9];B[zz])",
    "a move on a taken node": lambda: "(;GM[40]SZ[9];B[aa];W[aa])",
    "an empty record": lambda: "",
    "only brackets": lambda: "((((((((((",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_record_is_refused_quickly_or_loads_consistently(name: str) -> None:
    text = CASES[name]()
    game, calls = counted_loads(text)
    assert calls < CALL_LIMIT, f"{calls} calls to parse {len(text)} characters"
    if isinstance(game, sgf.SgfError):
        assert str(game) and len(str(game)) < 300  # a short reason, never the record itself
    else:
        assert isinstance(game, Game)
        # A loaded game agrees with itself: who may move is who can move.
        assert game.stopped_by is not game.to_move
        moves = game.legal_moves()
        assert len(moves) == game.legal_count
        assert all(game.is_legal(p) for p in moves)
        assert game.is_over == (not moves)


def test_bytes_too_large_are_refused_before_decoding() -> None:
    raw = b"(;GM[40]SZ[9]C[" + b"\x9f" * (sgf.MAX_INPUT + 1) + b"])"
    with pytest.raises(sgf.SgfError, match="too large"):
        sgf.loads(raw)
