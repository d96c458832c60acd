"""The side panel of the play, results and review scenes: its paper, spacing, caption, whose turn,
the score card and the status lines."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

import pygame

from engine import Game, Player, format_score
from engine.sgf import MasterEngine
from game.input.layout import Box, ScreenLayout, panel_buttons
from game.match.clock import MatchClock
from game.match.readiness import MasterState
from game.match.settings import MatchSettings
from game.strings import rules_name, t
from game.view import paper, theme
from game.view.story import Story, lead_line, side_name
from game.view.textfit import one_line
from game.view.widgets import Button

NAME_GAP = 12  # px between a player's name and their score on the score card


def player_name(player: Player, settings: MatchSettings) -> str:
    """«Синие» / «Красные» at one screen; «Вы» / «Компьютер» against the computer."""
    if settings.computer is not None:
        return t("play.you") if player == settings.computer.human else t("play.computer")
    return t("player.blue" if player == Player.BLUE else "player.red")


def verdict_key(game: Game, settings: MatchSettings) -> str:
    """The string id of the headline: who won by the count, or a draw."""
    return winner_key(game.winner, settings)


def winner_key(winner: Player | None, settings: MatchSettings) -> str:
    """The string id of the headline for ``winner`` (the count's, or the clock's: ``game.match.ending``); None: a draw."""
    if winner is None:
        return "results.draw"
    if settings.computer is not None:
        return "results.won.you" if winner == settings.computer.human else "results.won.computer"
    return "results.won.blue" if winner == Player.BLUE else "results.won.red"


def draw_panel(surface: pygame.Surface, panel: Box, portrait: bool) -> None:
    """The panel's paper, with a line where it meets the board area."""
    pygame.draw.rect(surface, theme.PANEL, panel)
    if portrait:
        pygame.draw.line(surface, theme.PANEL_EDGE, (panel.x, panel.y), (panel.x + panel.w, panel.y), 2)
    else:
        pygame.draw.line(surface, theme.PANEL_EDGE, (panel.x, panel.y), (panel.x, panel.y + panel.h), 2)


def spacing(size: tuple[int, int]) -> tuple[int, int, int]:
    """The panel's button height, the gap between buttons and the padding at its edges."""
    bh = theme.button_height(size)
    return bh, max(8, bh // 5), max(16, round(20 * theme.ui_scale(size)))


def text_column(screen: ScreenLayout) -> tuple[int, int]:
    """The left edge and width of the panel's text: its whole width beside the board, its left half under it."""
    _, _, pad = spacing(screen.size)
    panel = screen.panel
    return panel.x + pad, (panel.w // 2 if screen.portrait else panel.w) - 2 * pad


def caption(game: Game) -> str:
    """«Страны · 20 × 15»: the rule set and the board's size."""
    return t("play.board", rules=rules_name(game.rules), w=game.width, h=game.height)


MIN_BESIDE_PX = 13
"""The smallest type the caption is shrunk to beside the icons; smaller, it goes on a line of its own."""


def caption_lines(label: str, px: int, room: int, height: int) -> list[str] | None:
    """``label`` as it goes beside the icons at ``px``: one line if it fits ``room``, else two split at a
    word (the rule set above the board's size) if both fit and stack within ``height``; None: neither.

    English names the rule set in a longer word: on one line it was pushed under the icons where the
    Russian caption sat beside them; on two it sits beside them as the Russian does.
    """
    f = theme.font(px)
    if f.size(label)[0] <= room:
        return [label]
    if 2 * f.get_linesize() > height:
        return None
    words = label.split()
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    fitting = [pair for pair in splits if max(f.size(line)[0] for line in pair) <= room]
    if not fitting:
        return None
    return list(min(fitting, key=lambda pair: max(f.size(line)[0] for line in pair)))


def draw_caption_beside(surface: pygame.Surface, game: Game, x: int, y: int, width: int, *,
                        room: int, centre_y: int | None, height: int = 0) -> int:
    """The caption on the icons' line (``room`` wide, ``height`` tall, centred on ``centre_y``) while it
    stays readable, in one line or two, else on its own line at ``y``; the y below it."""
    size = surface.get_size()
    label = caption(game)
    px = theme.text_size(size, 17)
    if centre_y is not None:
        room = max(40, room)
        lines = caption_lines(label, px, room, height)
        if lines is None:  # two lines do not fit either: one, shrunk while it stays readable
            shrunk = px * room // max(1, theme.font(px).size(label)[0])
            if shrunk >= MIN_BESIDE_PX:
                px, lines = shrunk, [label]
        if lines is not None:
            step = theme.font(px).get_linesize()
            top = centre_y - step * len(lines) // 2
            for i, line in enumerate(lines):
                surface.blit(theme.text(line, px, theme.INK_SOFT), (x, top + i * step))
            return y
    image = theme.text(label, px, theme.INK_SOFT)
    if image.get_width() > width:
        image = theme.text(label, max(10, px * width // image.get_width()), theme.INK_SOFT)
    surface.blit(image, (x, y))
    return y + image.get_height() + 10


class Turn(NamedTuple):
    """The turn line: what it ``shows`` now, and the ``widest`` form it takes (its size is fitted to
    that one, so the line keeps its size and place while the thinking dots come and go)."""

    shows: str
    widest: str


def draw_turn(surface: pygame.Surface, player: Player, turn: Turn, x: int, y: int, width: int) -> int:
    """A dot in ``player``'s colour and the ``turn`` line («Ход синих», «Ваш ход», «Компьютер думает...»);
    the y below. The line's height is the font's, not the text's: the score card under it never moves."""
    px = theme.text_size(surface.get_size(), 26)
    ink = theme.player_dark(player)
    r = max(9, px // 2)
    room = width - 2 * r - 12
    widest = theme.font(px, True).size(turn.widest)[0]
    fitted = px if widest <= room else max(12, px * room // max(1, widest))
    while fitted > 12 and theme.font(fitted, True).size(turn.widest)[0] > room:  # type is not exactly linear
        fitted -= 1
    text = theme.text(turn.shows, fitted, ink, bold=True)
    line_h = max(theme.font(px, True).get_height(), 2 * r)
    centre = (x + r, y + line_h // 2)
    pygame.draw.aacircle(surface, theme.player_colour(player), centre, r)
    pygame.draw.aacircle(surface, ink, centre, r, 1)
    # Left-aligned and centred on the line: shorter forms start where the widest does.
    surface.blit(text, (x + 2 * r + 12, y + (line_h - text.get_height()) // 2))
    return y + line_h + 14


STORY_BREAK = ""
"""A status line of this text ends the status proper: the story's lines follow it, a little apart, not bold,
the first to go when room runs out (:func:`play_status`)."""


def draw_status(surface: pygame.Surface, lines: list[tuple[str, theme.Colour]], x: int, y: int, width: int,
                limit: int) -> None:
    """One line each, shrunk to ``width``, as many as fit above ``limit``; quiet ones (INK_SOFT) not bold.
    Closer together when apart they would not all fit (a low window: both clocks stay in sight)."""
    px = theme.text_size(surface.get_size(), 18)
    images: list[pygame.Surface | None] = []
    told = False
    story_px = px  # the story's lines share one type: shrunk each on its own they came out in three sizes
    for text, _colour in lines:
        if told:
            story_px = min(story_px, px * width // max(1, theme.font(px).size(text)[0]))
        told = told or text == STORY_BREAK
    told = False
    for text, colour in lines:
        if text == STORY_BREAK:
            told = True
            images.append(None)
            continue
        bold = colour != theme.INK_SOFT and not told
        own_px = max(11, story_px) if told else px
        img = theme.text(text, own_px, colour, bold=bold)
        if img.get_width() > width:  # (type does not shrink exactly in proportion: a pixel or so over)
            img = theme.text(text, max(11, own_px * width // img.get_width()), colour, bold=bold)
        images.append(img)
    status = images[:images.index(None)] if None in images else images
    gap = 6 if y + sum(img.get_height() + 6 for img in status if img is not None) - 6 <= limit else 0
    for shown in images:
        if shown is None:
            y += 10
            continue
        if y + shown.get_height() > limit:
            break
        surface.blit(shown, (x, y))
        y += shown.get_height() + gap


def place_play_buttons(screen: ScreenLayout, rows: list[list[Button]], icons: list[Button]) -> tuple[int, int]:
    """Lay out the play scene's panel: ``rows`` of big buttons at the bottom, ``icons`` in a row
    at the top right. Returns where its text starts and how far right the caption may run.

    Beside the board each row spans the panel (a pair shares it) and the caption shares
    the icons' line; under it the buttons make a two-column grid in the right half,
    the icons above it if they fit.
    """
    bh, gap, pad = spacing(screen.size)
    panel, portrait = screen.panel, screen.portrait
    shown = [button for row in rows for button in row]
    counts = [2] * (len(shown) // 2) + [1] * (len(shown) % 2) if portrait else [len(row) for row in rows]
    boxes = panel_buttons(panel, portrait, counts, height=bh, gap=gap, pad=pad, columns=2 if portrait else None)
    for button, box in zip(shown, boxes, strict=True):
        button.rect = pygame.Rect(box)
    icon = max(theme.MIN_BUTTON_HEIGHT, theme.finger_px(), round(bh * 0.8))
    if portrait:
        icon = min(icon, max(theme.finger_px(), boxes[0].y - gap - panel.y - pad))
    x = panel.x + panel.w - pad
    for b in reversed(icons):
        x -= icon
        b.rect = pygame.Rect(x, panel.y + pad, icon, icon)
        x -= gap
    if portrait:
        return panel.y + pad, panel.x + panel.w // 2 - pad
    return panel.y + pad + icon + gap, icons[0].rect.x - gap


def master_getting_ready(state: MasterState, *, panel: bool = False) -> str:
    """«Мастер готовится… 40 %», without the figure while its progress is not known; ``panel``: the play
    panel's shorter form (its column is narrow)."""
    key = "play.master.getting_ready" if panel else "master.getting_ready"
    percent = state.percent
    return t(f"{key}.unknown") if percent is None else t(key, percent=percent)


def turn_label(game: Game, settings: MatchSettings, thinking: float | None, *,
               getting_ready: MasterState | None = None) -> Turn:
    """«Ход синих» at one screen, «Ваш ход» against the computer, or «Компьютер думает» with one to
    three dots while it thinks (``thinking``: the scene's clock then), fitted as with three; or, while
    the master's move waits for its kernel (``getting_ready``), «Мастер готовится… 40 %», fitted as at 99 %."""
    if thinking is not None and getting_ready is not None:
        widest = getting_ready if getting_ready.percent is None else MasterState(getting_ready.readiness, 0.99)
        return Turn(master_getting_ready(getting_ready, panel=True), master_getting_ready(widest, panel=True))
    if thinking is not None:
        words = t("play.thinking")
        return Turn(words + "." * (1 + int(thinking * DOTS_PER_SECOND) % 3), words + "...")
    label = t("play.turn.you" if settings.computer else f"play.turn.{game.to_move.name.lower()}")
    return Turn(label, label)


DOTS_PER_SECOND = 2.5
"""How often the thinking line's dots change (one, two, three, one…)."""


def thinking_dots_in(clock: float) -> float:
    """Seconds from ``clock`` until the thinking line's dots change: the frame that shows it is due then.

    >>> round(thinking_dots_in(0.0), 3), round(thinking_dots_in(0.3), 3)
    (0.4, 0.1)
    """
    return (int(clock * DOTS_PER_SECOND) + 1) / DOTS_PER_SECOND - clock


def clock_lines(clock: MatchClock, settings: MatchSettings) -> list[tuple[str, theme.Colour]]:
    """Each player's time left, «Синие: 4:59»: the running one in its colour, red in its last
    seconds, the stopped one quiet."""
    def ink(player: Player) -> theme.Colour:
        if clock.low(player):
            return theme.ILLEGAL
        return theme.player_dark(player) if player is clock.running else theme.INK_SOFT
    return [(t("play.clock", player=player_name(p, settings), time=clock.shown(p)), ink(p)) for p in Player]


def move_number(game: Game) -> int:
    """The number of the move about to be made («Ход № 30» with 29 played); at the end, the last one.

    The play panel and the unfinished games' list both say this one, so a game reads the same in both.

    >>> g = Game(5, 5)
    >>> _ = g.play((2, 2))
    >>> move_number(g)
    2
    """
    return game.move_count + (not game.is_over)


WEAKER_MASTER = {MasterEngine.UNCOMPILED: "versus.master.uncompiled", MasterEngine.AMATEUR: "versus.master.amateur"}
"""The words for a master that plays below its strength, on the versus screen and the play panel alike."""


def play_status(game: Game, settings: MatchSettings, *, stop_clock: str, ai_failed: bool,
                autosave_failed: bool, clock: MatchClock | None = None,
                hint_waits: MasterState | None = None, story: Story | None = None,
                engine: MasterEngine | None = None) -> list[tuple[str, theme.Colour]]:
    """The lines under the scores: the move number and the players' ``clock`` if there is one,
    how far the master's kernel is while a hint waits for it (``hint_waits``), who pressed «Стоп» and
    who moves alone for how long (``stop_clock``), the computer's failure, what the master plays on when
    it is not its kernel (``engine``), and a quiet note when the autosave failed. (A refused node says why at the node itself: :mod:`game.view.refusal`.)"""
    lines: list[tuple[str, theme.Colour]] = [(t("play.move", n=move_number(game)), theme.INK_SOFT)]
    if clock:  # before the zone's note: a low window cuts the last lines, and a running clock matters more
        lines += clock_lines(clock, settings)
    if hint_waits is not None:
        lines.append((master_getting_ready(hint_waits, panel=True), theme.INK))
    if game.first_move_zone is not None:  # the shaded zone says what it is while it holds
        lines += [(row, theme.INK_SOFT) for row in t("play.zone").split("\n")]
    computer = settings.computer
    if computer is not None and game.stopped_by == computer.computer:
        # The computer pressed «Стоп» (only when nothing is left to surround: ai.stop.should_press_stop),
        # so it is the person who moves alone.
        lines += [(t("play.stopped.by_computer"), theme.player_dark(computer.computer)),
                  (t("play.stopped.you", time=stop_clock), theme.player_dark(computer.human)),
                  (t("play.stopped.by_computer.hint"), theme.INK_SOFT)]
    elif game.stopped_by is not None:
        mover = game.stopped_by.other
        text = t("play.stopped.computer", time=stop_clock) if computer else \
            t("play.stopped", player=player_name(mover, settings), time=stop_clock)
        lines.append((text, theme.player_dark(mover)))
    if not settings.takebacks:  # why «Отменить» is off
        lines.append((t("play.no_takebacks"), theme.INK_SOFT))
    if ai_failed:
        lines.append((t("play.ai_failed"), theme.ILLEGAL))
    weaker = WEAKER_MASTER.get(engine) if engine is not None else None
    if weaker is not None:  # said on the versus screen too, but a game resumed later must say it again
        lines.append((t(weaker), theme.INK_SOFT))
    if autosave_failed:
        lines.append((t("feel.autosave.failed"), theme.INK_SOFT))
    if story is not None and game.history:  # then the story: who leads, and the last captures in words
        lines += [(STORY_BREAK, theme.INK_SOFT), (lead_line(game, settings), theme.INK)]
        lines += [(words, theme.player_dark(moment.player)) for moment, words in story.lines(game, settings)]
    return lines


def draw_play_text(surface: pygame.Surface, screen: ScreenLayout, game: Game, settings: MatchSettings, *,
                   top: int, caption_right: int, icons: pygame.Rect, turn: Turn, shown: dict[Player, Fraction],
                   pulse: dict[Player, float], status: list[tuple[str, theme.Colour]],
                   buttons: list[pygame.Rect]) -> tuple[pygame.Rect, pygame.Rect]:
    """The play scene's panel text from ``top``: the caption (beside the ``icons`` when there is room),
    whose ``turn`` it is, the scores as ``shown`` (ticking) and ``pulse``-d, then the ``status`` lines
    down to the ``buttons``; the status lines' area (:func:`redraw_status` draws them again there) and
    the score card's (:func:`score_spot`)."""
    x, width = text_column(screen)
    beside = None if screen.portrait else icons.centery
    y = draw_caption_beside(surface, game, x, top, width, room=caption_right - x, centre_y=beside, height=icons.h)
    y = draw_turn(surface, game.to_move, turn, x, y, width)
    card = pygame.Rect(x, y, width, score_card_height(screen.size))
    draw_scores(surface, card, game, settings, game.to_move, shown=shown, pulse=pulse)
    tops = [r.y for r in buttons if r.w > 0]
    limit = screen.panel.y + screen.panel.h if screen.portrait or not tops else min(tops) - 6
    draw_status(surface, status, x, card.bottom + 12, width, limit)
    # A little wider than the column: a line shrunk to its width may round a pixel over it.
    return pygame.Rect(x - STATUS_MARGIN, card.bottom + 12, width + 2 * STATUS_MARGIN,
                       max(0, limit - card.bottom - 12)), card


STATUS_MARGIN = 4
"""Pixels either side of the text column that the status area takes in (all panel paper, within its padding)."""


def redraw_status(surface: pygame.Surface, area: pygame.Rect, status: list[tuple[str, theme.Colour]]) -> None:
    """The ``status`` lines again in ``area`` (as :func:`draw_play_text` returned it) over the last frame:
    the panel's paper first, then the lines as the whole frame draws them."""
    pygame.draw.rect(surface, theme.PANEL, area)
    draw_status(surface, status, area.x + STATUS_MARGIN, area.y, area.w - 2 * STATUS_MARGIN, area.bottom)


def score_card_height(size: tuple[int, int]) -> int:
    """Height of the score card in a window of ``size``."""
    return 2 * row_height(size) + 12


def row_height(size: tuple[int, int]) -> int:
    """Height of one player's row on the score card."""
    return max(44, theme.text_size(size, 30) + 22)


def score_spot(card: pygame.Rect, player: Player, size: tuple[int, int]) -> tuple[int, int]:
    """Where ``player``'s score sits on a score ``card`` (the window's pixel at its middle, near enough):
    a moment's «+N» flies there."""
    rh = row_height(size)
    i = 0 if player is Player.BLUE else 1
    return card.right - 6 - 12 - rh // 2, card.y + 6 + i * rh + rh // 2


def draw_scores(surface: pygame.Surface, rect: pygame.Rect, game: Game, settings: MatchSettings,
                highlight: Player | None, *, shown: dict[Player, Fraction] | None = None,
                pulse: dict[Player, float] | None = None) -> None:
    """Both players' live scores (with halves: 4½), the row of ``highlight`` tinted.

    ``shown`` replaces the game's scores while they tick towards it (``game.view.anim``),
    and ``pulse`` draws a score that much bigger (1 = normal size).
    """
    size = surface.get_size()
    rh = row_height(size)
    paper.card(surface, rect)
    name_px = theme.text_size(size, 20)
    score_px = theme.text_size(size, 30)
    for i, player in enumerate((Player.BLUE, Player.RED)):
        row = pygame.Rect(rect.x + 6, rect.y + 6 + i * rh, rect.w - 12, rh)
        colour = theme.player_colour(player)
        if player == highlight:
            pygame.draw.rect(surface, theme.player_tint(player), row, border_radius=10)
            pygame.draw.rect(surface, theme.mix(colour, theme.PANEL, 0.5), row, 2, border_radius=10)
        r = max(7, rh // 5)
        paper.player_dot(surface, colour, theme.player_dark(player), (row.x + 12 + r, row.centery), r)
        value = shown[player] if shown is not None else game.score(player)
        score = theme.text(format_score(value), score_px, theme.player_dark(player), bold=True)
        # The name gets what the score leaves: the score as it will end up (a ticking one only grows
        # towards it), so the name neither touches it nor changes size while it ticks.
        final = theme.font(score_px, True).size(format_score(max(value, game.score(player))))[0]
        name_x = row.x + 24 + 2 * r
        room = row.right - 12 - max(final, score.get_width()) - NAME_GAP - name_x
        name = one_line(side_name(player, settings), name_px, theme.INK, room)  # the computer by its level
        surface.blit(name, (name_x, row.centery - name.get_height() // 2))
        grow = pulse.get(player, 1.0) if pulse is not None else 1.0
        # A swelling score takes the room the name left, no more: it never reaches the name.
        grow = min(grow, max(1.0, (row.right - 12 - name_x - name.get_width() - NAME_GAP) / score.get_width()))
        if grow != 1.0:
            # Scaled, not rendered bigger: a new font size would be a file to load mid-animation.
            score = pygame.transform.smoothscale_by(score, grow)
        # Anchored at the right end of the row, so a swelling number grows towards the name.
        surface.blit(score, (row.right - 12 - score.get_width(), row.centery - score.get_height() // 2))
