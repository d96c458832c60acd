"""«Достижения»: every achievement (:data:`game.storage.achievements.ACHIEVEMENTS`) as a card with its medal,
what it asks, and how far it has come («7 из 10», a bar) or when it was earned; earned cards gold-rimmed,
the rest pale. The cards stand in as many columns as fit and the page scrolls (wheel, finger or mouse
drag, ↑ ↓ PgUp PgDn Home End) when they do not all fit. Opened from «Успехи» as ``stack.go("achievements")``.
"""

from __future__ import annotations

import pygame

from game.input.pointer import pointer_of
from game.scenes.base import SceneStack
from game.scenes.rechecked import RecheckedPage
from game.storage import earned, history
from game.strings import language, t
from game.view import paper, theme
from game.view.achieved import GOLD, GOLD_DARK, medal
from game.view.textfit import one_line, wrap
from game.view.widgets import Button, ButtonGroup

CARD_WIDTH = 380
"""A card's least width at 1280×800 (scaled with the window): the columns are as many as fit."""
GAP = 12


def shown_date(when: str) -> str:
    """«18.01.2025» (English: «2025-01-18») from the history's ``2025-01-18T14:03:22``; the text itself
    if it is not such a date.

    >>> shown_date("2025-01-18T14:03:22"), shown_date("odd")
    ('18.01.2025', 'odd')
    """
    day = when[:10].split("-")
    if len(day) != 3 or not all(part.isdigit() for part in day):
        return when[:20]
    return t("achievements.date", y=day[0], m=day[1], d=day[2])


def card_height(size: tuple[int, int]) -> int:
    """One card's height: the name, two lines of what it asks, the progress line."""
    lines = (theme.font(theme.text_size(size, 19), True).get_linesize()
             + 2 * theme.font(theme.text_size(size, 15)).get_linesize()
             + theme.font(theme.text_size(size, 14)).get_linesize())
    return lines + 2 * pad_of(size) + 6


def pad_of(size: tuple[int, int]) -> int:
    return max(8, round(12 * theme.ui_scale(size)))


def draw_card(surface: pygame.Surface, box: pygame.Rect, shown: earned.Shown, size: tuple[int, int]) -> None:
    """One achievement's card in ``box``."""
    a, got = shown.achievement, shown.earned
    pad = pad_of(size)
    fill = theme.EARNED_CARD if got else theme.UNEARNED_CARD
    pygame.draw.rect(surface, theme.SHADOW, box.move(0, 3), border_radius=12)
    pygame.draw.rect(surface, fill, box, border_radius=12)
    pygame.draw.rect(surface, GOLD if got else theme.PANEL_EDGE, box, 3 if got else 1, border_radius=12)
    name_px, asks_px, note_px = theme.text_size(size, 19), theme.text_size(size, 15), theme.text_size(size, 14)
    r = max(14, round(22 * theme.ui_scale(size)))
    share = shown.value / a.goal if a.goal else 0.0
    medal(surface, (box.x + pad + r, box.y + pad + r), r, earned=got, share=share)
    x = box.x + 2 * pad + 2 * r
    room = box.right - pad - x
    y = box.y + pad
    name = one_line(a.title(), name_px, theme.INK if got else theme.INK_SOFT, room, bold=True)
    surface.blit(name, (x, y))
    y += theme.font(name_px, True).get_linesize()
    asks_font = theme.font(asks_px)
    for line in wrap(a.says(), asks_font, room)[:2]:
        surface.blit(one_line(line, asks_px, theme.INK if got else theme.INK_SOFT, room), (x, y))
        y += asks_font.get_linesize()
    y = box.bottom - pad - theme.font(note_px).get_linesize()
    if got and shown.when is not None:
        note = one_line(t("achievements.earned_on", date=shown_date(shown.when)), note_px, GOLD_DARK, room, bold=True)
        surface.blit(note, (x, y))
    elif a.counted:
        words = one_line(t("achievements.progress", n=shown.value, goal=a.goal), note_px, theme.INK_SOFT, room // 2)
        bar = pygame.Rect(x, y + words.get_height() // 2 - 3, room - words.get_width() - 10, 7)
        pygame.draw.rect(surface, theme.mix(theme.PANEL_EDGE, theme.PAPER, 0.3), bar, border_radius=3)
        pygame.draw.rect(surface, GOLD, (bar.x, bar.y, round(bar.w * share), bar.h), border_radius=3)
        surface.blit(words, (bar.right + 10, y))


class AchievementsScene(RecheckedPage):
    """The achievements' cards, scrolled when they do not fit; «Назад» (Esc) goes back."""

    name = "achievements"
    LINE = 48  # px per arrow key or wheel notch

    def __init__(self, stack: SceneStack, data: object = None) -> None:
        super().__init__(stack)
        self.board = earned.Board([], [])
        self.scroll = 0
        self.columns = 1
        self.buttons = ButtonGroup()
        self.b_back = self.buttons.add(Button("files.back"), self.stack.pop)
        self.view = pygame.Rect(0, 0, 0, 0)
        self._title_pos = (0, 0)
        self._page: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._drag: tuple[str, int, float] | None = None  # (source, finger, last y)
        self.rechecking = False
        """The records are being compared with what was counted, a slice a frame."""

    def resume(self) -> None:
        """Counted anew each time it shows (a game may have ended since): from the history as the last look at its
        folder found it while the folder has not changed (``quick``), and the count kept for it; the records then
        compared a slice a frame (:func:`history.recheck`), and the page made again if one changed meanwhile."""
        self.board = earned.board(history.load(quick=True))
        self._page = None
        self.resize(self.size)  # a notice under the cards takes room from them
        self.rechecking = True

    # ----- the page ------------------------------------------------------------------------------

    def page(self) -> pygame.Surface:
        """Every card on one picture as wide as the view, made again for a new size or language."""
        key = (self.view.w, self.size, language())
        if self._page is None or self._page[0] != key:
            self._page = (key, self._render())
        return self._page[1]

    def _render(self) -> pygame.Surface:
        size = self.size
        least = round(CARD_WIDTH * theme.ui_scale(size))
        self.columns = max(1, min(3, (self.view.w + GAP) // (least + GAP)))
        w = (self.view.w - GAP * (self.columns - 1)) // self.columns
        h = card_height(size)
        rows = -(-len(self.board.shown) // self.columns)
        page = pygame.Surface((max(1, self.view.w), max(1, rows * (h + GAP) - GAP + 4)), pygame.SRCALPHA)
        for i, shown in enumerate(self.board.shown):
            row, col = divmod(i, self.columns)
            draw_card(page, pygame.Rect(col * (w + GAP), row * (h + GAP), w, h), shown, size)
        return page

    @property
    def max_scroll(self) -> int:
        """How far down the page can go."""
        return max(0, self.page().get_height() - self.view.h)

    def scroll_by(self, dy: float) -> None:
        """Move the page up by ``dy`` pixels (down for negative), within its ends."""
        self.scroll = int(max(0, min(self.max_scroll, self.scroll + dy)))

    # ----- scene hooks ---------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        head = theme.page_head(size)
        margin, bh, self.b_back.rect = head.margin, head.button_h, head.back
        self._title_pos = head.title_pos
        width = min(w - 2 * margin, round(1300 * theme.ui_scale(size)))
        top = margin + bh + margin
        notes = theme.font(theme.text_size(size, 15)).get_linesize() * min(2, len(self.board.notices))
        self.view = pygame.Rect((w - width) // 2, top, width, h - top - margin - notes)
        self.scroll_by(0)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.LINE)
            return
        p = pointer_of(event, self.size)
        if p is None or self.buttons.handle(p):
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
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        size = self.size
        surface.blit(paper.backdrop(size), (0, 0))
        self.buttons.draw(surface, theme.text_size(size, 21))
        count = t("achievements.count", n=self.board.earned, total=len(self.board.shown))
        room = self.view.right - self._title_pos[0]
        title = one_line(f"{t('achievements.title')} · {count}", theme.text_size(size, 32), theme.INK, room,
                         bold=True)
        surface.blit(title, (self._title_pos[0], self._title_pos[1] - title.get_height() // 2))
        page = self.page()
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(0, 8))  # the shadows under the cards at the view's edges
        surface.blit(page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.w, self.view.h + 4))
        surface.set_clip(clip)
        if self.max_scroll > 0:  # where we are on the page, in the margin right of the cards
            track = self.view.h - 8
            bar_h = max(30, track * self.view.h // page.get_height())
            bar_y = self.view.y + 4 + (track - bar_h) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, theme.mix(theme.PANEL_EDGE, theme.INK_SOFT, 0.4),
                             (self.view.right + 3, bar_y, 5, bar_h), border_radius=3)
        y = self.view.bottom + 6
        for notice in self.board.notices[:2]:
            says = one_line(notice.text(), theme.text_size(size, 15), theme.RED_DARK, self.view.w)
            surface.blit(says, (self.view.x, y))
            y += says.get_height() + 2
