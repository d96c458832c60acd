"""The first screen: continue, two players or against the computer, the rule set, the rules
page, saved games, the language and quit.

«Продолжить» shows only when :func:`game.storage.unfinished.list_current` finds a game in
progress; it resumes the latest with the same mode, level, colour and rules, and
«Неоконченные: N» beside it lists them all (``stack.go("unfinished")``) to resume
or delete any. A game in progress that could not be read has already been set
aside by the store: the menu shows its message in one line (kept as string ids,
so it follows a language switch) and carries on. A data folder that can keep nothing (no home folder,
a read-only disk) is said before anything else: games and settings will not be kept, and where they
would have gone. The rule set and the mode chosen
last (two players or the computer) are remembered in the settings and come back here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

import pygame

from engine import Rules, sgf
from game.input.pointer import pointer_of
from game.match.settings import MatchSettings
from game.scenes import held
from game.scenes.base import Scene, SceneStack
from game.storage import errors, unfinished
from game.storage.autosave import resume
from game.strings import LANGUAGES, t
from game.view import language, paper, theme
from game.view.textfit import one_line, wrap
from game.view.widgets import Button, ButtonGroup, row_buttons, stack_buttons

BUTTON_PAD = 14
"""Pixels each side of a label sized to its button: the button shrinks a label with less than 10."""

log = logging.getLogger(__name__)


class MenuScene(Scene):
    """«Продолжить», «Два игрока», «Против компьютера», «Страны» / «Классика», «Правила»,
    «Открыть партию», «Успехи» (and from there the finished games kept), «Обучение» (the tutorial), «Выход»,
    and «RU / EN» in the corner.
    """

    name = "menu"

    def __init__(self, stack: SceneStack, data: None = None) -> None:
        super().__init__(stack)
        chosen = stack.preferences.chosen
        self.rules = chosen.setup.rules
        self.mode = "computer" if chosen.against_computer else "hotseat"
        """«hotseat» or «computer»: the way to play chosen last, which Enter starts."""
        self.unfinished: list[unfinished.Resumable] = []
        """The games in progress, the latest first."""
        self.notice: errors.Notice | None = None
        """A one-line message (a game in progress that could not be resumed), or None."""
        self.current: unfinished.CurrentReader | None = None
        """The games in progress still being read; None once all are in."""
        self._notices = 0
        self.unusable: errors.Notice | None = None
        """The player's data folder can keep nothing: the line that says so, which stays while it is so."""
        self.buttons = ButtonGroup()
        self.b_continue = self.buttons.add(Button("menu.continue", primary=True), self.continue_game)
        self.b_unfinished = self.buttons.add(Button("menu.unfinished", n=0), self.open_unfinished)
        self.b_hotseat = self.buttons.add(Button("menu.hotseat", primary=True), self.start_hotseat)
        self.b_computer = self.buttons.add(Button("menu.computer"), self.start_computer)
        self.b_countries = self.buttons.add(Button("rules.countries"), lambda: self.set_rules(Rules.COUNTRIES))
        self.b_classic = self.buttons.add(Button("rules.classic"), lambda: self.set_rules(Rules.CLASSIC))
        self.b_rules_page = self.buttons.add(Button("menu.rules"), self.open_rules)
        self.b_open = self.buttons.add(Button("menu.open"), self.open_games)
        self.b_progress = self.buttons.add(Button("menu.progress"), lambda: self.stack.go("progress"))
        self.b_lesson = self.buttons.add(Button("menu.lesson"), lambda: self.stack.go("tutorial"))
        self.b_puzzles = self.buttons.add(Button("menu.puzzles"), lambda: self.stack.go("puzzles"))
        self.b_quit = self.buttons.add(Button("menu.quit"), self.stack.quit)
        self.language_buttons = {code: self.buttons.add(Button(f"lang.{code}"), self._language_action(code))
                                 for code in LANGUAGES}
        self.set_rules(self.rules)
        self._rules_label_y = 0
        self._title_y = 0
        self._title_px = 54
        self._card = pygame.Rect(0, 0, 0, 0)
        self._notice_y = 0
        self._notice_lines: list[str] = []
        self._notice_width = 0

    # ----- actions ------------------------------------------------------------------

    def set_rules(self, rules: Rules) -> None:
        """Choose the rule set for the next game (remembered for the next visit)."""
        self.rules = rules
        preferences = self.stack.preferences
        preferences.remember_setup(replace(preferences.chosen.setup, rules=rules))
        self.b_countries.selected = rules is Rules.COUNTRIES
        self.b_classic.selected = rules is Rules.CLASSIC

    def set_language(self, code: str) -> None:
        """Switch every text to ``code`` and remember it for the next start."""
        language.choose(code, self.stack.preferences)
        self.resize(self.size)  # labels change width

    def _language_action(self, code: str) -> Callable[[], None]:
        return lambda: self.set_language(code)

    def start_hotseat(self) -> None:
        """Two players at one screen: go and pick the board."""
        preferences = self.stack.preferences
        preferences.remember_setup(replace(preferences.chosen.setup, computer=None))
        self.mode = "hotseat"
        self.stack.go("picker", MatchSettings(rules=self.rules))

    def start_computer(self) -> None:
        """Against the computer: choose level and colour first."""
        preferences = self.stack.preferences
        preferences.remember_setup(replace(preferences.chosen.setup, computer=preferences.chosen.computer))
        self.mode = "computer"
        self.stack.go("versus", self.rules)

    @property
    def resumable(self) -> unfinished.Resumable | None:
        """The latest game in progress, which «Продолжить» resumes; None: none."""
        return self.unfinished[0] if self.unfinished else None

    def continue_game(self) -> None:
        """Resume the latest game in progress with its own set-up (mode, level, colour, rules,
        a «Стоп» under way, the moves taken back)."""
        found = self.resumable
        if found is None:
            return
        try:
            if found.record is None:  # listed from its summary: the record itself names the clock's figures too
                found = unfinished.replayed(found, sgf.read(found.text))
            resumed = resume(found)
        except Exception as e:  # noqa: BLE001 — a record, or its set-up's notes, changed since listed: no crash
            log.warning("game in progress %s not resumed: %s", found.slot, e)
            self.notice = errors.Notice("menu.resume_failed", errors.problem_of(e))
            self.unfinished.pop(0)
            if self.current is not None and found in self.current.games:
                self.current.games.remove(found)  # not listed again by the frames still reading
            self.b_unfinished.fields = {"n": self.current.total if self.current is not None else len(self.unfinished)}
            self.resize(self.size)
            return
        held.go_on(self.stack, resumed, found.record.times if found.record is not None else None)

    def open_unfinished(self) -> None:
        """The list of every game in progress, to resume or delete one."""
        self.stack.go("unfinished")

    def open_rules(self) -> None:
        """The rules page, on the tab of the rule set chosen here."""
        self.stack.go("rules", self.rules)

    def open_games(self) -> None:
        """The list of saved games."""
        self.stack.go("open")

    def look_for_saved_game(self) -> None:
        """Is there a game to continue? The newest is read now, the others a frame's share at a time
        (:meth:`update`), «Неоконченные: N» counting every one from the start. Also keeps the store's
        message if one was bad."""
        self.current = unfinished.CurrentReader()
        self.unfinished = []
        self._notices = 0
        self.unusable = errors.data_folder_notice()
        if self.unusable is not None:  # says more than the list's own line would: what is lost, and where
            self.notice = self.unusable
        elif self.notice is not None and self.notice.key == "store.not_kept":
            self.notice = None  # usable again (the disk is back)
        self.read_some()

    def read_some(self) -> None:
        """This frame's share of the games in progress; the buttons laid out again if what they say changed."""
        if self.current is None:
            return
        had = (self.resumable is not None, self.b_unfinished.fields.get("n"), self.notice)
        self.current.work()
        self.unfinished = [*self.current.games]
        if len(self.current.notices) > self._notices:
            if self.unusable is None:
                self.notice = self.current.notices[self._notices]
            self._notices = len(self.current.notices)
        self.b_unfinished.fields = {"n": self.current.total}
        if self.current.done:
            self.current = None
        if (self.resumable is not None, self.b_unfinished.fields.get("n"), self.notice) != had:
            self.resize(self.size)

    # ----- scene hooks --------------------------------------------------------------

    def resume(self) -> None:
        self.look_for_saved_game()
        self.resize(self.size)

    def update(self, dt: float) -> None:
        self.read_some()

    def wake_in(self) -> float | None:
        """0 while games in progress are still being read."""
        return 0.0 if self.current is not None else None

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = theme.button_height(size)
        col_w = min(round(480 * theme.ui_scale(size)), int(w * 0.62))
        x = (w - col_w) // 2
        resumable = self.resumable is not None
        self.b_continue.rect = pygame.Rect(0, 0, 0, 0)
        self.b_unfinished.rect = pygame.Rect(0, 0, 0, 0)
        # The way to play chosen last stands out, unless a game waits to be continued.
        self.b_hotseat.primary = not resumable and self.mode == "hotseat"
        self.b_computer.primary = not resumable and self.mode == "computer"
        main = ([self.b_continue] if resumable else []) + [self.b_hotseat, self.b_computer]
        self._notice_lines = self._wrap_notice(size, col_w + 56)
        notice_h = len(self._notice_lines) * theme.font(theme.text_size(size, 16)).get_linesize() + 8 \
            if self._notice_lines else 0
        label_h = theme.text_size(size, 18) + 10
        hint_h = theme.font(theme.text_size(size, 16)).get_linesize() + 24
        # Shrink the title and the gaps, in that order, until everything fits the window.
        for title_base, gap in ((54, max(10, bh // 4)), (44, max(8, bh // 5)), (36, 6)):
            title_px = theme.text_size(size, title_base)
            r = self._emblem_radius()
            title_h = (theme.font(title_px, True).get_linesize() + 2 * r + 14
                       + theme.font(theme.text_size(size, 20)).get_linesize())
            total = (title_h + 2 * gap + len(main) * (bh + gap) + 10 + label_h + bh + hint_h + gap
                     + 2 * (bh + gap) + notice_h)
            if total <= h - 24:
                break
        self._title_px = title_px
        top = max(12, (h - total) // 2)
        self._title_y = top
        y = top + title_h + 2 * gap
        y = stack_buttons(main, x, y, col_w, bh, gap)
        if resumable:  # «Неоконченные: N» beside «Продолжить»: as wide as its label at the menu's size
            row = self.b_continue.rect  # (a third of the row shrank it to a smaller type than its neighbours')
            px = theme.text_size(size, 22)
            label = theme.font(px).size(self.b_unfinished.label)[0] + 2 * BUTTON_PAD
            room = row.w - gap - (theme.font(px, True).size(self.b_continue.label)[0] + 2 * BUTTON_PAD)
            side = min(room, max(bh * 2, (row.w - gap) // 3, label))  # «Продолжить» keeps its own type too
            self.b_continue.rect = pygame.Rect(row.x, row.y, row.w - side - gap, row.h)
            self.b_unfinished.rect = pygame.Rect(row.right - side, row.y, side, row.h)
        self._rules_label_y = y + 10
        y += 10 + label_h
        row_buttons([self.b_countries, self.b_classic], x, y, col_w, bh, gap)
        y += bh + hint_h
        card_top = self._rules_label_y - 14
        self._card = pygame.Rect(x - 28, card_top, col_w + 56, y - 6 - card_top)
        y += gap
        row_buttons([self.b_rules_page, self.b_lesson, self.b_open], x, y, col_w, bh, gap)
        y += bh + gap
        row_buttons([self.b_progress, self.b_puzzles, self.b_quit], x, y, col_w, bh, gap)
        self._notice_y = y + bh + 8
        # «RU | EN» in the top right corner: small, but still a finger target.
        margin = max(10, round(16 * theme.ui_scale(size)))
        each = max(56, theme.finger_px(), round(64 * theme.ui_scale(size)))
        codes = list(LANGUAGES)
        for i, code in enumerate(codes):
            b = self.language_buttons[code]
            b.rect = pygame.Rect(w - margin - (len(codes) - i) * each, margin, each, bh)
            b.selected = code == language.language()

    def _emblem_radius(self) -> int:
        return max(7, theme.text_size(self.size, 11))

    def process_event(self, event: pygame.event.Event) -> None:
        p = pointer_of(event, self.size)
        if p is not None:
            self.buttons.handle(p)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.resumable is not None:
                self.continue_game()
            elif self.mode == "computer":
                self.start_computer()
            else:
                self.start_hotseat()

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = self.size
        surface.blit(paper.backdrop(self.size), (0, 0))
        cx = w // 2
        y = self._title_y
        title = theme.text(t("app.title"), self._title_px, theme.INK, bold=True)
        y = paper.blit_centred(surface, title, cx, y)
        # Two dots under the title: the players' colours, as a small emblem.
        r = self._emblem_radius()
        paper.player_dot(surface, theme.BLUE, theme.BLUE_DARK, (cx - 3 * r, y + r + 6), r)
        paper.player_dot(surface, theme.RED, theme.RED_DARK, (cx + 3 * r, y + r + 6), r)
        pygame.draw.line(surface, theme.INK_SOFT, (cx - 2 * r + 2, y + r + 6), (cx + 2 * r - 2, y + r + 6), 2)
        sub = theme.text(t("app.subtitle"), theme.text_size(self.size, 20), theme.INK_SOFT)
        paper.blit_centred(surface, sub, cx, y + 2 * r + 14)
        paper.card(surface, self._card)
        label = theme.text(t("menu.ruleset"), theme.text_size(self.size, 18), theme.INK_SOFT)
        surface.blit(label, (self.b_countries.rect.x, self._rules_label_y))
        hint_key = "rules.countries.hint" if self.rules is Rules.COUNTRIES else "rules.classic.hint"
        hint = theme.text(t(hint_key), theme.text_size(self.size, 16), theme.INK_SOFT)
        paper.blit_centred(surface, hint, cx, self.b_countries.rect.bottom + 10)
        self.buttons.draw(surface, theme.text_size(self.size, 22))
        if self._notice_lines:
            px = theme.text_size(self.size, 16)
            step = theme.font(px).get_linesize()
            y = min(self._notice_y, self.size[1] - len(self._notice_lines) * step - 6)
            for text in self._notice_lines:
                line = one_line(text, px, theme.RED_DARK, self._notice_width)  # only a name longer than that is cut
                paper.blit_centred(surface, line, cx, y)
                y += step

    def _wrap_notice(self, size: tuple[int, int], card_w: int) -> list[str]:
        """The notice in lines under the buttons: as wide as the menu's card or three fifths of the window,
        clear of the notebook's margin line. On one line the length of the window it ran across the margin
        and read as a stray strip of text (the set-aside file's name alone is 50 characters)."""
        if not self.notice:
            self._notice_width = 0
            return []
        w = size[0]
        self._notice_width = max(1, min(w - 2 * (paper.MARGIN_X + 16), max(card_w, round(w * 0.6))))
        return wrap(self.notice.text(), theme.font(theme.text_size(size, 16)), self._notice_width)
