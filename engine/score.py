"""The one way a score is written for players: whole cells and a half, as in `4½`."""

from __future__ import annotations

from fractions import Fraction


def format_score(score: Fraction | int) -> str:
    """Write a score with a half sign: ``0``, ``½``, ``4``, ``4½``; quarters never occur.

    >>> [format_score(Fraction(n, 2)) for n in (0, 1, 8, 9)]
    ['0', '½', '4', '4½']
    >>> format_score(Fraction(-3, 2))
    '−1½'
    """
    value = Fraction(score)
    sign = "−" if value < 0 else ""
    value = abs(value)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return f"{sign}{whole}"
    if rest != Fraction(1, 2):
        raise ValueError(f"a score is a whole number of halves, not {score}")
    return f"{sign}{whole}½" if whole else f"{sign}½"
