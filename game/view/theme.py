"""The look of the game: the paper palette, the fonts and sizes that scale with the window.

Fonts come from ``assets/fonts`` (DejaVu Sans: it has Cyrillic and the ½ sign on
every platform, which the system fonts do not promise).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

import pygame

from engine import Player
from game.paths import asset_path

Colour = tuple[int, int, int]

FONT_DIR = asset_path("fonts")
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

# Paper and ink
BACKGROUND: Colour = (233, 226, 210)
PAPER: Colour = (252, 250, 243)
PAPER_EDGE: Colour = (196, 186, 164)
GRID: Colour = (196, 214, 232)
GRID_NODE: Colour = (170, 192, 214)
# The grid is drawn over the countries, see-through: on bare paper these blend
# to about GRID and GRID_NODE, and on a fill they tint it instead of hiding it.
GRID_LINE: tuple[int, int, int, int] = (120, 160, 205, 105)
GRID_EDGE: tuple[int, int, int, int] = (95, 135, 180, 150)
INK: Colour = (44, 50, 62)
INK_SOFT: Colour = (88, 94, 106)  # quiet captions: still 5:1 on every surface in TEXT_ON
PANEL: Colour = (246, 241, 229)
PANEL_EDGE: Colour = (210, 200, 178)
SHADOW: Colour = (200, 190, 170)

# Players
BLUE: Colour = (37, 99, 205)
RED: Colour = (208, 50, 50)
BLUE_DARK: Colour = (20, 58, 130)
RED_DARK: Colour = (130, 24, 24)
CROSS: Colour = (40, 40, 48)
LAST_MOVE: Colour = (242, 170, 20)
ILLEGAL: Colour = (190, 30, 30)  # also the words of a refusal or a failure: dark enough to read on paper
ZONE_GLOW: Colour = (242, 170, 20)  # the classic first-move zone lit up when a first move lands outside it
HINT: Colour = (30, 150, 90)  # the ring of a suggested move: green, apart from both players and the last move's gold

# Buttons
BUTTON: Colour = (255, 253, 247)
BUTTON_HOVER: Colour = (255, 246, 222)
BUTTON_DOWN: Colour = (240, 228, 200)
BUTTON_EDGE: Colour = (170, 158, 134)
BUTTON_SELECTED: Colour = (56, 110, 200)
BUTTON_SELECTED_TEXT: Colour = (255, 255, 255)
BUTTON_DISABLED_TEXT: Colour = (116, 112, 104)
"""Paler than INK, yet readable: a disabled button shows it cannot be pressed by lying flat (no shadow)."""
DIM: tuple[int, int, int, int] = (30, 28, 24, 120)

# Fill opacity of a layer by its fade level: each takeover laid over it makes it
# fainter, but never invisible, so one can still see who was there.
LAYER_ALPHA: tuple[int, ...] = (110, 70, 45, 30, 22)
LAYER_ALPHA_MIN = 16

MIN_BUTTON_HEIGHT = 48  # a big button at 96 dpi: a finger target with a little to spare, at every window size

STANDARD_DPI = 96.0
FINGER_PX_AT_STANDARD_DPI = 44
"""The smallest thing a finger presses, 44 px at 96 dpi (11.6 mm: more than the 9 mm a fingertip needs)."""
MAX_TRUSTED_DPI = 288.0  # SDL says the hardware's figure is not always right: beyond this it is not believed

_display_dpi = STANDARD_DPI


def use_display_dpi(dpi: float | None) -> None:
    """Scale finger targets to the screen's ``dpi`` (SDL's, :mod:`game.view.dpi`); None: 96.

    Only upwards, and at most to :data:`MAX_TRUSTED_DPI`: a wrong figure can make
    buttons bigger, never smaller than at 96 dpi.
    """
    global _display_dpi
    known = dpi is not None and math.isfinite(dpi)
    _display_dpi = min(MAX_TRUSTED_DPI, max(STANDARD_DPI, dpi)) if known and dpi is not None else STANDARD_DPI


def finger_px() -> int:
    """The least height and width of anything pressed, in window pixels on this screen.

    >>> use_display_dpi(192); finger_px()
    88
    >>> use_display_dpi(None); finger_px()
    44
    """
    return math.ceil(FINGER_PX_AT_STANDARD_DPI * _display_dpi / STANDARD_DPI)


def player_colour(player: Player) -> Colour:
    """The dot and fill colour of ``player``."""
    return BLUE if player == Player.BLUE else RED


def player_dark(player: Player) -> Colour:
    """A darker shade of the player's colour, for outlines and text."""
    return BLUE_DARK if player == Player.BLUE else RED_DARK


def layer_alpha(fade: int) -> int:
    """Fill opacity (0–255) of a layer at fade level ``fade``."""
    if fade < len(LAYER_ALPHA):
        return LAYER_ALPHA[fade]
    return LAYER_ALPHA_MIN


def mix(a: Colour, b: Colour, share_of_b: float) -> Colour:
    """``a`` blended towards ``b`` by ``share_of_b`` (0 gives a, 1 gives b)."""
    s = min(1.0, max(0.0, share_of_b))
    return (
        round(a[0] + (b[0] - a[0]) * s),
        round(a[1] + (b[1] - a[1]) * s),
        round(a[2] + (b[2] - a[2]) * s),
    )


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than at 1280×800 the text and buttons are in a window of ``size``."""
    w, h = size
    return max(0.8, min(1.6, min(w / 1280, h / 800)))


def button_height(size: tuple[int, int]) -> int:
    """Height of a HUD or menu button: never below a finger target."""
    return max(MIN_BUTTON_HEIGHT, finger_px(), round(58 * ui_scale(size)))


class PageHead(NamedTuple):
    """The top of a page (a list, «Успехи», the rules…): «Назад» at the left and the title beside it."""

    margin: int
    button_h: int
    back: pygame.Rect
    title_pos: tuple[int, int]
    """The title's left end, at the back button's middle height."""


def page_head(size: tuple[int, int]) -> PageHead:
    """Where «Назад» and the title go on a page in a window of ``size``: one place for every page."""
    bh = button_height(size)
    margin = max(12, round(20 * ui_scale(size)))
    back = pygame.Rect(margin, margin, max(110, round(150 * ui_scale(size))), bh)
    return PageHead(margin, bh, back, (back.right + margin, margin + bh // 2))


def text_size(size: tuple[int, int], base: int) -> int:
    """A font size of ``base`` points at 1280×800, scaled to the window."""
    return max(12, round(base * ui_scale(size)))


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The game font at ``px`` pixels, loaded once per size."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), px)


_text_cache: dict[tuple[str, int, bool, Colour], pygame.Surface] = {}


def text(s: str, px: int, colour: Colour = INK, *, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: HUD labels are drawn every frame and rarely change."""
    key = (s, px, bold, colour)
    surf = _text_cache.get(key)
    if surf is None:
        if _checking and colour not in _TEXT_INKS:
            raise ValueError(f"text in {colour}, a colour theme.TEXT_ON does not declare: {s!r}")
        if len(_text_cache) > 512:  # countdowns make new strings; keep the cache bounded
            _text_cache.clear()
        face = font(px, bold)
        # SDL_ttf refuses a string that draws as nothing ("Text has zero width": a
        # file named U+200B, a typed U+FE0F); nothing is what it shows, so draw "".
        surf = face.render(s if face.size(s)[0] > 0 else "", True, colour)
        _text_cache[key] = surf
    return surf


# help29: the board's coordinates, on the background beside the paper (about 5.9:1 against BACKGROUND)
COORDINATE: Colour = (78, 84, 96)
# help29: the ring round the chart's mistake dots, dark against the white chart and both leads' fills
CHART_DOT_EDGE: Colour = (44, 50, 62)
# ----- text and what it is drawn on ---------------------------------------------------------------

WHITE: Colour = (255, 255, 255)
BACKDROP_LINE: Colour = mix(GRID, PAPER, 0.35)
"""The lines of the menus' squared paper, under their text."""
BUTTON_CHOSEN: Colour = mix(BUTTON_SELECTED, WHITE, 0.84)
"""The chosen option of a group (and a chosen row of a list): tinted, outlined in BUTTON_SELECTED."""
BUTTON_CHOSEN_DOWN: Colour = mix(BUTTON_CHOSEN, BUTTON_SELECTED, 0.2)
BUTTON_MAIN_HOVER: Colour = mix(BUTTON_SELECTED, INK, 0.1)
"""The main action under the mouse: a shade darker (a lighter blue took its white words below 4.5:1)."""
BUTTON_MAIN_DOWN: Colour = mix(BUTTON_SELECTED, INK, 0.25)
BANNER_ALPHA = 236
"""A moment's banner: the mover's dark colour, nearly opaque over the board."""
CHIP_ALPHA = 235
"""A refusal's chip: white, nearly opaque over the board, under the reason's words."""
HALO: Colour = WHITE


def player_tint(player: Player) -> Colour:
    """The score card's row of the player to move: the player's colour, faint."""
    return mix(player_colour(player), WHITE, 0.86)


def over(top: Colour, alpha: int, under: Colour) -> Colour:
    """``top`` at opacity ``alpha`` (0–255) laid over ``under``: what the eye gets."""
    return mix(under, top, alpha / 255)


RIGHT_INK: Colour = (18, 112, 62)
"""«Верно!», «Решено!»: the hint's green darkened until it reads on paper (the ring's own green is 3.4:1 there)."""
ACHIEVED_INK: Colour = (134, 86, 4)
"""The achievements' words on paper and the earned medal's rim: a dark gold (gold itself is too light to read)."""
EARNED_CARD: Colour = mix(PAPER, LAST_MOVE, 0.12)
"""An earned achievement's card on its page; an unearned one is :data:`UNEARNED_CARD`."""
UNEARNED_CARD: Colour = mix(PANEL, BACKGROUND, 0.4)
ACHIEVED_HEAD: Colour = mix(LAST_MOVE, WHITE, 0.6)
"""«Новое достижение» on the announcement's ink-dark card."""
ACHIEVED_BACKING_ALPHA = 238
"""The announcement card: ink, nearly opaque over the board, so white and gold read on it."""

_BOARD_DARKEST: Colour = (0, 0, 0)  # the worst a see-through picture over the board can have under it
_BOARD_LIGHTEST: Colour = WHITE
QUIET: tuple[tuple[str, Colour], ...] = (
    ("paper", PAPER), ("the paper's lines", BACKDROP_LINE), ("panel", PANEL), ("background", BACKGROUND),
    ("button", BUTTON), ("button under the mouse", BUTTON_HOVER), ("button pressed", BUTTON_DOWN),
    ("chosen button or row", BUTTON_CHOSEN), ("chart", WHITE))
"""The calm surfaces words sit on: the menus' paper, cards and the play panel, buttons and list rows."""
TEXT_ON: tuple[tuple[str, Colour, tuple[tuple[str, Colour], ...]], ...] = (
    ("INK", INK, QUIET + (("an earned achievement", EARNED_CARD), ("an unearned one", UNEARNED_CARD),
                          ("chosen button pressed", BUTTON_CHOSEN_DOWN), ("blue's score row", player_tint(Player.BLUE)),
                          ("red's score row", player_tint(Player.RED)))),
    ("INK_SOFT", INK_SOFT, QUIET + (("an earned achievement", EARNED_CARD), ("an unearned one", UNEARNED_CARD))),
    ("ACHIEVED_INK", ACHIEVED_INK, (("panel", PANEL), ("paper", PAPER), ("an earned achievement", EARNED_CARD))),
    ("ACHIEVED_HEAD", ACHIEVED_HEAD, (("an announcement over white", over(INK, ACHIEVED_BACKING_ALPHA, _BOARD_LIGHTEST)),)),
    ("COORDINATE", COORDINATE, QUIET),
    ("RIGHT_INK", RIGHT_INK, QUIET),
    *((f"{p.name.lower()}'s dark", player_dark(p), QUIET + (
        ("chosen button pressed", BUTTON_CHOSEN_DOWN), ("blue's score row", player_tint(Player.BLUE)),
        ("red's score row", player_tint(Player.RED)), ("the «+N»'s white rim", WHITE))) for p in (Player.BLUE, Player.RED)),
    ("ILLEGAL", ILLEGAL, QUIET + (("a refusal's chip over a black dot", over(HALO, CHIP_ALPHA, _BOARD_DARKEST)),)),
    ("BUTTON_DISABLED_TEXT", BUTTON_DISABLED_TEXT, (("button", BUTTON),)),
    ("white words", WHITE, (
        ("main button", BUTTON_SELECTED), ("main button under the mouse", BUTTON_MAIN_HOVER),
        ("main button pressed", BUTTON_MAIN_DOWN),
        ("an achievement's announcement over white", over(INK, ACHIEVED_BACKING_ALPHA, _BOARD_LIGHTEST)),
        *((f"{p.name.lower()}'s banner over white", over(player_dark(p), BANNER_ALPHA, _BOARD_LIGHTEST))
          for p in (Player.BLUE, Player.RED)))),
)
"""Every colour words are drawn in, with each surface it is drawn on: ``tests/test_contrast.py`` holds
every pair to WCAG's 4.5:1, and :func:`text` (with :func:`check_inks` on, as in the tests) refuses
any other colour, so a new one has to come here first."""
_TEXT_INKS = frozenset(ink for _, ink, _ in TEXT_ON)
_checking = False


def check_inks(on: bool) -> None:
    """Refuse (ValueError) words in a colour :data:`TEXT_ON` does not declare: the tests turn it on."""
    global _checking
    _checking = on
