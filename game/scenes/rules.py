"""«Правила»: both rule sets in the game's own words, with diagrams drawn from real positions, and the keys.

Every diagram is a small :class:`engine.Game` played move by move with
``play()`` and drawn by the board's own renderer (:class:`game.view.board_view.BoardView`),
so what the page shows is exactly what the game does; each caption carries the
engine's score written by ``engine.format_score``. Only Blue moves in most of
them: each dot names its player, as a game record does.

The page scrolls (wheel, finger or mouse drag, ↑ ↓ PgUp PgDn Home End) under a
fixed header: «Назад» and three tabs, «Страны», «Классика» and «Клавиши» (← → or Tab):
the last one is the keys and gestures, the help card's list (:mod:`game.scenes.help`) with
the review's keys and how coordinates name a node. Open it with ``stack.go("rules", rules)``
(the menu's «Правила»; the «?» of a game opens it at the rule set played); «Назад» or Esc goes back.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from engine import Game, Player, Point, Rules, format_score
from game.input.layout import Box, fit_board
from game.input.pointer import pointer_of
from game.scenes.base import Scene, SceneStack
from game.strings import language, t
from game.view import paper, theme
from game.view.board_view import BoardView
from game.view.keys import KEYS, TIPS
from game.view.textfit import wrap
from game.view.widgets import Button, ButtonGroup, row_buttons

BLUE, RED = Player.BLUE, Player.RED


# ----- the diagrams: real positions --------------------------------------------------------


def _dots(game: Game, player: Player, points: Sequence[Point]) -> Game:
    """``player`` puts down ``points`` one after another (the other side waits)."""
    for point in points:
        game.play(point, player=player)
    return game


RING_OF_EIGHT: tuple[Point, ...] = ((1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (2, 3), (1, 3), (1, 2))
DIAMOND: tuple[Point, ...] = ((2, 1), (3, 2), (2, 3), (1, 2))
RING_OF_TWELVE: tuple[Point, ...] = ((1, 1), (2, 1), (3, 1), (4, 1), (4, 2), (4, 3), (4, 4), (3, 4), (2, 4),
                                     (1, 4), (1, 3), (1, 2))


@dataclass(frozen=True)
class Diagram:
    """A small position and its caption: ``key`` with ``{score}`` (Blue's), ``{blue}``, ``{red}`` or ``{both}``."""

    game: Game
    key: str

    def caption(self) -> str:
        """The caption in the current language, the scores as the game writes them."""
        blue, red = format_score(self.game.score(BLUE)), format_score(self.game.score(RED))
        return t(self.key, score=blue, blue=blue, red=red, both=t("page.both", blue=blue, red=red))


@cache
def diagrams() -> dict[str, Diagram]:
    """Every diagram of the page by name, built once."""
    c, k = Rules.COUNTRIES, Rules.CLASSIC
    crossed = _dots(Game(5, 5, c), RED, [(2, 2)])
    _dots(crossed, BLUE, RING_OF_EIGHT)
    before = _dots(Game(6, 6, c), RED, [(2, 2), (3, 2), (3, 3), (2, 3)])
    after = _dots(Game(6, 6, c), RED, [(2, 2), (3, 2), (3, 3), (2, 3)])
    _dots(after, BLUE, RING_OF_TWELVE)
    capture = _dots(Game(6, 5, k, zone=False), RED, [(2, 2), (3, 2)])
    _dots(capture, BLUE, [(2, 1), (3, 1), (4, 2), (3, 3), (2, 3), (1, 2)])
    trap = _dots(Game(5, 5, k, zone=False), BLUE, DIAMOND)
    _dots(trap, RED, [(2, 2)])
    _dots(trap, BLUE, [(4, 4)])  # anywhere: the red dot in the free area is caught
    return {
        "triangle": Diagram(_dots(Game(4, 4, c), BLUE, [(1, 1), (2, 1), (2, 2)]), "page.c.triangle"),
        "square": Diagram(_dots(Game(4, 4, c), BLUE, [(1, 1), (2, 1), (2, 2), (1, 2)]), "page.c.square"),
        "diamond": Diagram(_dots(Game(5, 5, c), BLUE, DIAMOND), "page.c.diamond"),
        "ring": Diagram(_dots(Game(5, 5, c), BLUE, RING_OF_EIGHT), "page.c.ring"),
        "crossed": Diagram(crossed, "page.both"),
        "before": Diagram(before, "page.c.before"),
        "after": Diagram(after, "page.c.after"),
        "edge": Diagram(_dots(Game(4, 4, c), BLUE, [(0, 2), (1, 1), (2, 0)]), "page.c.edge"),
        "capture": Diagram(capture, "page.k.capture"),
        "free": Diagram(_dots(Game(5, 5, k, zone=False), BLUE, DIAMOND), "page.k.free"),
        "trap": Diagram(trap, "page.k.trap"),
    }


@dataclass(frozen=True)
class Section:
    """A heading, a paragraph, and the diagrams under it (by name)."""

    title: str
    text: str
    pictures: tuple[str, ...] = ()


SECTIONS: dict[Rules, tuple[Section, ...]] = {
    Rules.COUNTRIES: (
        Section("page.c.turns.title", "page.c.turns.text"),
        Section("page.c.country.title", "page.c.country.text"),
        Section("page.c.values.title", "page.c.values.text", ("triangle", "square", "diamond", "ring")),
        Section("page.c.dead.title", "page.c.dead.text", ("crossed",)),
        Section("page.c.takeover.title", "page.c.takeover.text", ("before", "after")),
        Section("page.c.edge.title", "page.c.edge.text", ("edge",)),
        Section("page.c.end.title", "page.c.end.text"),
    ),
    Rules.CLASSIC: (
        Section("page.k.intro.title", "page.k.intro.text"),
        Section("page.k.zone.title", "page.k.zone.text"),
        Section("page.k.capture.title", "page.k.capture.text", ("capture",)),
        Section("page.k.free.title", "page.k.free.text", ("free", "trap")),
        Section("page.k.more.title", "page.k.more.text"),
        Section("page.k.end.title", "page.k.end.text"),
    ),
}


# ----- drawing the page ----------------------------------------------------------------------


def _diagram_image(diagram: Diagram, cell: int) -> pygame.Surface:
    """The position drawn by the board renderer at ``cell`` pixels a cell, on the card's colour."""
    game = diagram.game
    size = (game.width * cell + 8, game.height * cell + 10)
    layout = fit_board(game.width, game.height, Box(0, 0, size[0] - 4, size[1] - 4), padding=0)
    view = BoardView()
    def card(surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL)

    picture = view.backdrop(game, layout, size, card)
    return picture.copy()


def render_page(rules: Rules, width: int, window: tuple[int, int]) -> tuple[pygame.Surface, list[int]]:
    """The whole text of one tab, ``width`` pixels wide, as one tall picture to scroll,
    and the y of each section's heading on it."""
    pad = max(18, round(28 * theme.ui_scale(window)))
    inner = width - 2 * pad
    head_px, body_px, note_px = theme.text_size(window, 25), theme.text_size(window, 19), theme.text_size(window, 16)
    body_font = theme.font(body_px)
    note_font = theme.font(note_px, True)
    line_h = round(body_font.get_linesize() * 1.12)
    cell = max(26, min(52, round(38 * theme.ui_scale(window))))
    gap = max(14, round(22 * theme.ui_scale(window)))
    pictures = diagrams()

    # Lay out first (a list of draw steps), then draw onto a surface of the right height.
    steps: list[Callable[[pygame.Surface], object]] = []
    anchors: list[int] = []
    y = pad

    def text_at(img: pygame.Surface, x: int, y0: int) -> None:
        steps.append(lambda s: s.blit(img, (x, y0)))

    for i, section in enumerate(SECTIONS[rules]):
        if i:
            y += round(gap * 0.6)
            steps.append(functools.partial(pygame.draw.line, color=theme.PANEL_EDGE, start_pos=(pad, y),
                                           end_pos=(width - pad, y)))
            y += round(gap * 0.8)
        anchors.append(y)
        head = theme.text(t(section.title), head_px, theme.INK, bold=True)
        text_at(head, pad, y)
        y += head.get_height() + 6
        for line in wrap(t(section.text), body_font, inner):
            text_at(theme.text(line, body_px, theme.INK), pad, y)
            y += line_h
        if not section.pictures:
            continue
        y += round(gap * 0.6)
        # Diagrams side by side, wrapping to more rows in a narrow window.
        boxes = []
        for name in section.pictures:
            image = _diagram_image(pictures[name], cell)
            box_w = max(image.get_width(), round(200 * theme.ui_scale(window)))
            caption = wrap(pictures[name].caption(), note_font, box_w)
            boxes.append((image, box_w, caption))
        # Rows of diagrams, bottoms lined up so that the captions read as one line.
        rows: list[list[tuple[pygame.Surface, int, list[str]]]] = [[]]
        x = pad
        for box in boxes:
            if rows[-1] and x + box[1] > width - pad:
                rows.append([])
                x = pad
            rows[-1].append(box)
            x += box[1] + gap
        for r, row in enumerate(rows):
            if r:
                y += gap
            image_h = max(image.get_height() for image, _, _ in row)
            lines = max(len(caption) for _, _, caption in row)
            x = pad
            for image, box_w, caption in row:
                cx = x + box_w // 2
                text_at(image, cx - image.get_width() // 2, y + image_h - image.get_height())
                yy = y + image_h + 4
                for line in caption:
                    img = theme.text(line, note_px, theme.BLUE_DARK, bold=True)
                    text_at(img, cx - img.get_width() // 2, yy)
                    yy += note_font.get_linesize()
                x += box_w + gap
            row_h = image_h + 4 + lines * note_font.get_linesize()
            y += row_h
    y += pad
    surface = pygame.Surface((width, max(1, y)))
    surface.fill(theme.PANEL)
    for draw in steps:
        draw(surface)
    return surface, anchors


KEY_ROWS: tuple[tuple[str, str], ...] = (
    *((key, "keys.do.f1" if key == "help.key.help" else does) for key, does in KEYS),
    ("keys.key.rules", "keys.do.rules"),
)
"""The keys tab's table: the help card's keys (F1 said to be the card of help and settings), then «?»."""

KEY_PARAGRAPHS: tuple[tuple[str, str], ...] = (("keys.review.title", "review.keys"),
                                               *((title, text) for title, text in TIPS if title is not None),
                                               ("keys.coords.title", "keys.coords"))
"""(heading, text) string ids of the paragraphs under the keys' table."""


def render_keys(width: int, window: tuple[int, int]) -> tuple[pygame.Surface, list[int]]:
    """The keys tab, ``width`` pixels wide, as :func:`render_page` draws a rule set's: the table of keys
    (key, then what it does, wrapped beside it), then a paragraph a heading; and the y of each heading."""
    pad = max(18, round(28 * theme.ui_scale(window)))
    inner = width - 2 * pad
    head_px, body_px = theme.text_size(window, 25), theme.text_size(window, 19)
    body_font = theme.font(body_px)
    line_h = round(body_font.get_linesize() * 1.12)
    gap = max(14, round(22 * theme.ui_scale(window)))
    keys = [theme.text(t(key), body_px, theme.BLUE_DARK, bold=True) for key, _ in KEY_ROWS]
    key_w = min(inner // 3, max(k.get_width() for k in keys) + gap)
    blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
    rules_at: list[int] = []
    anchors = [pad]
    head = theme.text(t("keys.title"), head_px, theme.INK, bold=True)
    blits.append((head, (pad, pad)))
    y = pad + head.get_height() + 6
    for key_img, (_, does) in zip(keys, KEY_ROWS, strict=True):
        blits.append((key_img, (pad, y)))
        for line in wrap(t(does), body_font, inner - key_w):
            blits.append((theme.text(line, body_px, theme.INK), (pad + key_w, y)))
            y += line_h
    for title, text in KEY_PARAGRAPHS:
        y += round(gap * 0.6)
        rules_at.append(y)
        y += round(gap * 0.8)
        anchors.append(y)
        head = theme.text(t(title), head_px, theme.INK, bold=True)
        blits.append((head, (pad, y)))
        y += head.get_height() + 6
        for line in wrap(t(text), body_font, inner):
            blits.append((theme.text(line, body_px, theme.INK), (pad, y)))
            y += line_h
    surface = pygame.Surface((width, max(1, y + pad)))
    surface.fill(theme.PANEL)
    for ruled in rules_at:
        pygame.draw.line(surface, theme.PANEL_EDGE, (pad, ruled), (width - pad, ruled))
    surface.blits(blits, doreturn=False)
    return surface, anchors


class RulesScene(Scene):
    """The rules page: «Страны», «Классика» and «Клавиши» tabs, scrolled by wheel, finger, drag or keys.

    ``rules`` is the rule set of the page (the help card below reads it), also while «Клавиши» is shown."""

    name = "rules"
    LINE = 48  # px per arrow key or wheel notch

    def __init__(self, stack: SceneStack, rules: Rules = Rules.COUNTRIES) -> None:
        super().__init__(stack)
        self.rules = rules
        self.keys = False
        """The «Клавиши» tab is shown (``rules`` stays the rule set the page was opened at)."""
        self.scroll = 0
        self.buttons = ButtonGroup()
        self.b_back = self.buttons.add(Button("page.back"), self.stack.pop)
        self.b_countries = self.buttons.add(Button("rules.countries"), lambda: self.show(Rules.COUNTRIES))
        self.b_classic = self.buttons.add(Button("rules.classic"), lambda: self.show(Rules.CLASSIC))
        self.b_keys = self.buttons.add(Button("rules.keys"), self.show_keys)
        self.view = pygame.Rect(0, 0, 0, 0)
        self._inner = pygame.Rect(0, 0, 0, 0)  # the page's window: the card less its round corners
        self._title_pos = (0, 0)
        self._page: tuple[tuple[object, ...], pygame.Surface, list[int]] | None = None
        self._drag: tuple[str, int, float] | None = None  # (source, finger, last y)
        self.show(rules)

    # ----- actions ------------------------------------------------------------------------

    def show(self, rules: Rules) -> None:
        """Switch to the tab of ``rules``, scrolled to the top."""
        if rules is not self.rules or self.keys:
            self.scroll = 0
        self.rules, self.keys = rules, False
        self._select()

    def show_keys(self) -> None:
        """Switch to the «Клавиши» tab, scrolled to the top."""
        if not self.keys:
            self.scroll = 0
        self.keys = True
        self._select()

    def _select(self) -> None:
        self.b_countries.selected = not self.keys and self.rules is Rules.COUNTRIES
        self.b_classic.selected = not self.keys and self.rules is Rules.CLASSIC
        self.b_keys.selected = self.keys

    def step_tab(self, by: int) -> None:
        """The next tab (``by`` 1) or the one before (-1), round: «Страны», «Классика», «Клавиши»."""
        tabs: list[Rules | None] = [Rules.COUNTRIES, Rules.CLASSIC, None]
        now = tabs.index(None if self.keys else self.rules)
        shown = tabs[(now + by) % len(tabs)]
        self.show_keys() if shown is None else self.show(shown)

    def page(self) -> pygame.Surface:
        """The current tab's picture, made again only when the tab, width or language changes."""
        key = (self.rules, self.keys, self.view.w, self.size, language())
        if self._page is None or self._page[0] != key:
            width = max(200, self.view.w)
            self._page = (key, *(render_keys(width, self.size) if self.keys else
                                 render_page(self.rules, width, self.size)))
        return self._page[1]

    def scroll_to_section(self, index: int) -> None:
        """Bring the heading of section ``index`` of the current tab to the top (as far as the page goes)."""
        self.page()
        assert self._page is not None
        anchors = self._page[2]
        self.scroll = 0
        self.scroll_by(anchors[max(0, min(len(anchors) - 1, index))] - 12)

    @property
    def max_scroll(self) -> int:
        """How far down the page can go."""
        return max(0, self.page().get_height() - self._inner.h)

    def scroll_by(self, dy: float) -> None:
        """Move the page up by ``dy`` pixels (down for negative), within its ends."""
        self.scroll = int(max(0, min(self.max_scroll, self.scroll + dy)))

    # ----- scene hooks ------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        head = theme.page_head(size)
        margin, bh, self.b_back.rect = head.margin, head.button_h, head.back
        tabs_w = min(3 * round(180 * theme.ui_scale(size)), w - head.back.w - 3 * margin)
        row_buttons([self.b_countries, self.b_classic, self.b_keys], w - margin - tabs_w, margin, tabs_w, bh, 10)
        self._title_pos = head.title_pos
        top = margin + bh + margin
        width = min(w - 2 * margin, round(1000 * theme.ui_scale(size)))
        self.view = pygame.Rect((w - width) // 2, top, width, h - top - margin)
        self._inner = pygame.Rect(self.view.x + 1, self.view.y + 8, self.view.w - 2, self.view.h - 16)
        self.scroll_by(0)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.LINE)
            return
        p = pointer_of(event, self.size)
        if p is None:
            return
        if self.buttons.handle(p):
            return
        who = (p.source, p.finger)
        if p.kind == "down" and self.view.collidepoint(p.pos):
            self._drag = (*who, p.pos[1])
        elif self._drag is not None and self._drag[:2] == who:
            self.scroll_by(self._drag[2] - p.pos[1])
            self._drag = None if p.kind == "up" else (*who, p.pos[1])

    def _key(self, key: int) -> None:
        page = max(self.LINE, self.view.h - 2 * self.LINE)
        moves = {pygame.K_DOWN: self.LINE, pygame.K_UP: -self.LINE, pygame.K_PAGEDOWN: page,
                 pygame.K_SPACE: page, pygame.K_PAGEUP: -page}
        if key in moves:
            self.scroll_by(moves[key])
        elif key == pygame.K_HOME:
            self.scroll = 0
        elif key == pygame.K_END:
            self.scroll = self.max_scroll
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.step_tab(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(paper.backdrop(self.size), (0, 0))
        title = theme.text(t("page.title"), theme.text_size(self.size, 32), theme.INK, bold=True)
        room = self.b_countries.rect.x - self._title_pos[0] - 10
        if title.get_width() <= room:
            surface.blit(title, (self._title_pos[0], self._title_pos[1] - title.get_height() // 2))
        self.buttons.draw(surface, theme.text_size(self.size, 21))
        paper.card(surface, self.view)
        page = self.page()
        inner = self._inner
        surface.blit(page, inner.topleft, pygame.Rect(0, self.scroll, inner.w, inner.h))
        if self.max_scroll > 0:  # where we are on the page
            track = inner.h - 8
            bar_h = max(30, track * inner.h // page.get_height())
            bar_y = inner.y + 4 + (track - bar_h) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, theme.mix(theme.PANEL_EDGE, theme.INK_SOFT, 0.4),
                             (inner.right - 8, bar_y, 5, bar_h), border_radius=3)
