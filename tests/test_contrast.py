"""Every text the game draws reads at WCAG's 4.5:1 against what is behind it (issue 29).

The pairs come from one place, :data:`game.view.theme.TEXT_ON`: each colour words are drawn in, with every
surface it is drawn on. :func:`game.view.theme.text` refuses words in any other colour while the tests run
(``tests/conftest.py`` turns :func:`game.view.theme.check_inks` on), so a new text colour cannot slip past.
"""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from engine import Player, Rules
from game.view import theme
from game.view.moments import Moment, Size, banner_picture, outlined_text

MINIMUM = 4.5
"""WCAG 2 (1.4.3) for normal text."""


def linear(channel: int) -> float:
    """An sRGB channel (0–255) as linear light, as WCAG 2 defines relative luminance."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: theme.Colour) -> float:
    r, g, b = (linear(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: theme.Colour, b: theme.Colour) -> float:
    """WCAG 2's contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


PAIRS = [(f"{name} on {where}", ink, back) for name, ink, backs in theme.TEXT_ON for where, back in backs]


def test_the_ratio_is_wcags() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)  # the well-known #777 on white


def test_the_old_quiet_grey_was_too_pale_where_it_is_drawn() -> None:
    """The grey of captions before issue 29 failed on surfaces it sits on: the table would have said so."""
    old = (104, 110, 122)
    soft = next(backs for name, _, backs in theme.TEXT_ON if name == "INK_SOFT")
    assert [where for where, back in soft if contrast(old, back) < MINIMUM] \
        == ["the paper's lines", "background", "button pressed", "chosen button or row", "an unearned one"]


@pytest.mark.parametrize(("pair", "ink", "back"), PAIRS, ids=[p[0] for p in PAIRS])
def test_every_text_reads_at_four_and_a_half_to_one(pair: str, ink: theme.Colour, back: theme.Colour) -> None:
    assert contrast(ink, back) >= MINIMUM, f"{pair}: {contrast(ink, back):.2f}:1"


def test_the_surfaces_named_are_the_ones_the_game_paints() -> None:
    """The table reads the same constants the drawing does: a changed fill changes the checked pair."""
    backs = {where: back for _, _, bs in theme.TEXT_ON for where, back in bs}
    assert backs["panel"] == theme.PANEL and backs["chosen button or row"] == theme.BUTTON_CHOSEN
    assert backs["blue's score row"] == theme.player_tint(Player.BLUE)


def test_words_in_an_undeclared_colour_are_refused(pygame_session: object) -> None:
    with pytest.raises(ValueError, match="TEXT_ON"):
        theme.text("Ход синих", 20, (150, 150, 150))
    assert theme.text("Ход синих", 20, theme.INK_SOFT).get_width() > 0


def test_a_moments_words_show_on_their_own_backing(pygame_session: object) -> None:
    """The «+N» keeps a white rim round the mover's dark colour, so it reads over any country; the banner's
    white words sit on the mover's dark colour, nearly opaque."""
    plus = outlined_text("+7", 30, theme.BLUE_DARK, theme.WHITE)
    corner = plus.get_at((0, 0))
    assert corner.a == 0  # the rim follows the glyphs, not a box
    rim = {tuple(plus.get_at((x, y)))[:3] for x in range(plus.get_width()) for y in range(plus.get_height())
           if plus.get_at((x, y)).a == 255}
    assert theme.WHITE in rim and theme.BLUE_DARK in rim
    moment = Moment(Player.RED, Fraction(7), Rules.COUNTRIES, False, False, Size.BIG, 9, (3.0, 3.0))
    banner = banner_picture(moment, 30)
    assert banner is not None
    inside = banner.get_at((8, banner.get_height() // 2))  # within the gold edge, left of the words
    assert (inside.r, inside.g, inside.b, inside.a) == (*theme.RED_DARK, theme.BANNER_ALPHA)
    pygame.event.clear()
