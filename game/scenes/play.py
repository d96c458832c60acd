"""The game itself: the board, mouse and touch input, the HUD, and the computer's turns.

All rules come from the engine: this scene asks ``is_legal``, calls ``play``,
``undo``, ``finish`` and ``stop``, and draws what the game says. Input:

- mouse: a click plays only near a node (``hit_mouse``); hovering shows a ghost dot;
- touch: finger down shows the ghost at the snapped node, moving moves it, lifting
  plays there, lifting off the board cancels (``hit_touch``);
- an illegal node flashes a red mark and a message, and nothing is played.

Every move (the computer's too) pops in, lays its countries with a short sweep
(``game.view.anim``) and plays its sound; none of that holds input back. After every
move, undo and «Стоп» the game is autosaved (``game.storage.store``) as soon as the
board is still, and the autosave is cleared when the game ends. ``PlayScene.from_autosave``
starts a scene from that autosave.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from typing import Any

import pygame

from engine import Game, IllegalMove, Player, Rules, sgf
from game.storage import store
from game.view import anim, hud, theme
from game.view.board_view import BoardView
from game.scenes.dialog import ConfirmScene
from game.input.hit import hit_mouse, hit_touch
from game.input.layout import BoardLayout, Point, ScreenLayout, fit_board, screen_layout
from game.opponent import LEVELS, Chooser, ComputerOpponent
from game.input.pointer import Pointer, pointer_of
from game.scenes.base import Scene, SceneStack
from game.settings import ComputerSettings, MatchSettings
from game.view.sound import Sounds
from game.view.strings import t
from game.view.widgets import Button, ButtonGroup, IconButton

log = logging.getLogger(__name__)

STOP_SECONDS = 180.0  # classic «Стоп»: the other player moves alone for up to three minutes
REFUSAL_SECONDS = 0.7  # how long an illegal node stays marked
MESSAGE_SECONDS = 1.8
THINKING_POLL_SECONDS = 0.05
"""While the computer thinks, look for its answer this often (and move the thinking dots)."""
AUTOSAVE_WAIT_SECONDS = 1.0
"""The longest an autosave waits for the board to be still (moves in quick succession)."""


# ----- the autosave -----------------------------------------------------------------------------


def autosave_meta(settings: MatchSettings, game: Game, stop_left: float | None = None) -> dict[str, Any]:
    """The set-up saved with the game (``game.storage.store``): mode, rules, the computer's level and the human's colour.

    >>> autosave_meta(MatchSettings(computer=ComputerSettings("master", Player.RED)), Game(5, 5))
    {'mode': 'computer', 'rules': 'countries', 'level': 'master', 'human': 'red'}
    """
    meta: dict[str, Any] = {"mode": "hotseat", "rules": game.rules.value}
    if settings.computer is not None:
        meta["mode"] = "computer"
        meta["level"] = settings.computer.level
        meta["human"] = "blue" if settings.computer.human == Player.BLUE else "red"
    if stop_left is not None and game.stopped_by is not None:
        meta["stop_left"] = round(max(0.0, stop_left), 1)
    return meta


def settings_from_meta(meta: Mapping[str, Any], game: Game) -> MatchSettings:
    """The set-up to resume ``game`` with; anything missing or odd in ``meta`` takes its default.

    >>> settings_from_meta({"mode": "computer", "level": "amateur", "human": "red"}, Game(7, 5)).computer
    ComputerSettings(level='amateur', human=<Player.RED: 2>)
    """
    computer = None
    if meta.get("mode") == "computer":
        level = meta.get("level")
        human = Player.RED if meta.get("human") == "red" else Player.BLUE
        computer = ComputerSettings(level if level in LEVELS else LEVELS[0], human)
    # The record's own rule set and size are the truth; the set-up only adds the opponent.
    return MatchSettings(game.rules, game.width, game.height, computer)


class Autosaver:
    """The autosave of one game: asked for after every change, written once the board is still.

    A write (with fsync) takes about 10 ms, a dropped frame or two if it fell in
    the middle of a move's animation, so the scene writes it on the first frame
    with nothing moving, and at most ``AUTOSAVE_WAIT_SECONDS`` after it was asked
    for. (A worker thread was tried: on a busy machine its GIL hand-offs cost the
    animation more than the write itself.) Only the newest request matters: the
    file ends up as the game is now. ``failed`` is True while the last write failed.
    """

    def __init__(self) -> None:
        self._job: tuple[str, str, dict[str, Any]] | None = None
        self.asked_at = 0.0
        """The scene's clock when the waiting request was first made."""
        self.failed = False

    @property
    def pending(self) -> bool:
        """A request is waiting to be written."""
        return self._job is not None

    def save(self, text: str, meta: dict[str, Any], now: float) -> None:
        """Ask for ``text`` (SGF) with ``meta`` to become the game in progress."""
        self._put(("save", text, meta), now)

    def clear(self, now: float) -> None:
        """Ask for the game in progress to be forgotten (it has ended, or nothing is left to lose)."""
        self._put(("clear", "", {}), now)

    def _put(self, job: tuple[str, str, dict[str, Any]], now: float) -> None:
        if self._job is None:
            self.asked_at = now
        self._job = job

    def flush(self) -> None:
        """Write the waiting request now. Never raises: the game goes on whatever the disk says."""
        job, self._job = self._job, None
        if job is None:
            return
        kind, text, meta = job
        try:
            if kind == "save":
                store.save_current(text, meta)
            else:
                store.clear_current()
            self.failed = False
        except Exception as e:  # noqa: BLE001 — StoreError or worse: never take the game down for it
            log.warning("autosave failed: %s", e)
            self.failed = kind == "save"


class PlayScene(Scene):
    """One game, hot-seat or against the computer, from the first dot to the count."""

    name = "play"

    def __init__(self, stack: SceneStack, settings: MatchSettings, *, chooser: Chooser | None = None,
                 game: Game | None = None, ai_seconds: float | None = None, sounds: Sounds | None = None) -> None:
        super().__init__(stack)
        self.settings = settings
        self.chooser = chooser
        self.game = game if game is not None else Game(width=settings.width, height=settings.height,
                                                        rules=settings.rules)
        self.view = BoardView()
        self.anims = anim.BoardAnimations()
        self.autosaver = Autosaver()
        self._sounds = sounds
        self.opponent: ComputerOpponent | None = None
        if settings.computer is not None:
            self.opponent = ComputerOpponent(settings.computer.computer, settings.computer.level,
                                             chooser=chooser, seconds=ai_seconds)
        self._asked_version: int | None = None  # the position the computer was last asked about
        self.ai_failed = False
        self.hover: Point | None = None
        self.finger: int | None = None
        self.finger_node: Point | None = None
        self.refusal: tuple[Point, float] | None = None
        self.message: tuple[str, float] | None = None
        self.stop_left: float | None = None
        self.clock = 0.0  # seconds since the scene started: animates the thinking dots
        self.screen: ScreenLayout = screen_layout(self.size)
        self.board: BoardLayout = fit_board(self.game.width, self.game.height, self.screen.board_area)
        self.buttons = ButtonGroup()
        self.b_undo = self.buttons.add(Button("play.undo"), self.undo)
        self.b_stop = self.buttons.add(Button("play.stop"), self.ask_stop)
        self.b_finish = self.buttons.add(Button("play.finish"), self.ask_finish)
        self.b_menu = self.buttons.add(Button("play.menu"), self.ask_menu)
        # Small square buttons at the top of the panel, apart from the column of big ones.
        self.icons = ButtonGroup()
        self.b_help = IconButton("feel.help", "help")
        self.b_sound = IconButton("feel.sound.on", "sound_on")
        self.icons.add(self.b_help, self.show_help)
        self.icons.add(self.b_sound, self.toggle_sound)
        self._sync_sound_button()
        self._text_top = 0
        self._caption_right = 0

    @classmethod
    def from_autosave(cls, stack: SceneStack, saved: store.Resumable, *, chooser: Chooser | None = None,
                      ai_seconds: float | None = None, sounds: Sounds | None = None) -> PlayScene:
        """A scene that goes on with the autosaved game (``game.storage.store.load_current()``).

        The record gives the position, rules and size; its set-up gives the
        opponent and what was left of a «Стоп». Raises ``engine.sgf.SgfError``
        for a record that is not a game (``load_current`` has checked that already).
        """
        game = sgf.loads(saved.text)
        scene = cls(stack, settings_from_meta(saved.meta, game), chooser=chooser, game=game,
                    ai_seconds=ai_seconds, sounds=sounds)
        left = saved.meta.get("stop_left")
        if game.stopped_by is not None and isinstance(left, (int, float)) and not isinstance(left, bool):
            scene.stop_left = min(STOP_SECONDS, max(0.0, float(left)))
        return scene

    # ----- who is who ------------------------------------------------------------------

    @property
    def human_to_move(self) -> bool:
        """True when a person at the screen is to move (always, at one screen)."""
        return self.opponent is None or self.game.to_move != self.opponent.player

    @property
    def in_progress(self) -> bool:
        """Something would be lost by leaving: moves were made and the game is not over."""
        return bool(self.game.history) and not self.game.is_over

    @property
    def sounds(self) -> Sounds | None:
        """The sound effects: the ones given, else the loop's (on the stack)."""
        return self._sounds if self._sounds is not None else self.stack.sounds

    def _sound(self, name: str) -> None:
        sounds = self.sounds
        if sounds is not None:
            sounds.play(name)

    # ----- actions -----------------------------------------------------------------------

    def try_play(self, node: Point) -> bool:
        """Play ``node`` for the player to move, or show that it is not allowed. True if played."""
        if self.game.is_over or not self.human_to_move:
            return False
        if not self.game.is_legal(node):
            self.refuse(node)
            return False
        try:
            self._play(node, by_computer=False)
        except IllegalMove:
            self.refuse(node)
            return False
        return True

    def _play(self, node: Point, *, by_computer: bool) -> None:
        """Play ``node`` in the game, then start its animation and sound and autosave."""
        game = self.game
        # The territory as drawn before the move: the sweep keeps the part the new
        # country covers. The board draws over it only at the next frame.
        old = self.view.territory(game, self.board)
        before = anim.snapshot(game)
        game.play(node)
        move = anim.change(game, before, node, by_computer=by_computer, view=self.view)
        self.anims.start(move, self.clock, game=game, view=self.view, layout=self.board, old_territory=old)
        for name in move.sounds():
            self._sound(name)
        self._autosave()

    def _autosave(self) -> None:
        """Save the game in progress (or forget it when no move is left to lose)."""
        if self.game.is_over:
            return  # the results take over, and clear it
        if not self.game.history:
            self.autosaver.clear(self.clock)
            return
        self.autosaver.save(sgf.dumps(self.game), autosave_meta(self.settings, self.game, self.stop_left),
                            self.clock)

    def refuse(self, node: Point) -> None:
        """Brief visible feedback for an illegal node."""
        self.refusal = (node, REFUSAL_SECONDS)
        self.message = ("play.illegal", MESSAGE_SECONDS)
        self._sound("illegal")

    def toggle_sound(self) -> None:
        """Sound on or off, remembered for the next start."""
        sounds = self.sounds
        if sounds is None:
            return
        enabled = sounds.toggle()
        self._sync_sound_button()
        settings = store.load_settings()
        settings.sound = enabled
        store.save_settings(settings)  # never raises: a preference that did not stick is no reason to stop

    def _sync_sound_button(self) -> None:
        sounds = self.sounds
        on = sounds is None or sounds.enabled
        self.b_sound.icon = "sound_on" if on else "sound_off"
        self.b_sound.key = "feel.sound.on" if on else "feel.sound.off"

    def show_help(self) -> None:
        """The help card (the same as F1)."""
        from game.scenes.help import HelpScene

        self.stack.push(HelpScene(self.stack))

    def can_undo(self) -> bool:
        """Is there something for the people at the screen to take back?"""
        history = self.game.history
        if self.opponent is None:
            return bool(history)
        human = self.opponent.player.other
        return any(action.player == human for action in history)

    def undo(self) -> None:
        """Take back one move; against the computer, the human's move and the reply together."""
        if not self.can_undo():
            return
        if self.opponent is None:
            self.game.undo()
        else:
            self.opponent.cancel()
            human = self.opponent.player.other
            # Unwind the computer's replies, then the human's own last action.
            while self.game.history:
                last = self.game.history[-1]
                self.game.undo()
                if last.player == human:
                    break
        self._asked_version = None
        self.ai_failed = False
        self.refusal = None
        self.message = None
        self.anims.clear()
        self._autosave()

    def can_stop(self) -> bool:
        """Classic «Стоп» is open to the player to move, once."""
        return (self.game.rules is Rules.CLASSIC and self.game.stopped_by is None and not self.game.is_over
                and self.human_to_move and bool(self.game.history))

    def ask_stop(self) -> None:
        """Confirm, then stop: the other player moves alone for up to three minutes."""
        if not self.can_stop():
            return
        # Against the computer the other side is one player («Компьютер ходит один»);
        # at one screen it is a colour, plural in Russian («Красные ходят одни»).
        fields: dict[str, object]
        if self.opponent is not None:
            hint, fields = "confirm.stop.hint.computer", {}
        else:
            hint, fields = "confirm.stop.hint", {"player": hud.player_name(self.game.to_move.other, self.settings)}
        self.stack.push(ConfirmScene(self.stack, "confirm.stop", "confirm.stop.yes", self.stop,
                                     hint=hint, hint_fields=fields))

    def stop(self) -> None:
        """«Стоп» now (no question asked)."""
        if self.can_stop():
            self.game.stop()
            self.stop_left = STOP_SECONDS
            self._autosave()

    def ask_finish(self) -> None:
        """Confirm, then finish and count."""
        if self.game.is_over:
            return
        self.stack.push(ConfirmScene(self.stack, "confirm.finish", "confirm.finish.yes", self.finish,
                                     hint="confirm.finish.hint"))

    def finish(self) -> None:
        """End the game now; the next update shows the results."""
        if self.opponent is not None:
            self.opponent.cancel()
        if not self.game.is_over:
            self.game.finish()

    def ask_back(self) -> None:
        """Esc: back to the board picker, asking first if a game is under way."""
        if self.in_progress:
            self.stack.push(ConfirmScene(self.stack, "confirm.leave", "confirm.leave.yes", self.stack.pop,
                                         hint="feel.leave.hint"))
        else:
            self.stack.pop()

    def ask_menu(self) -> None:
        """«В меню»: back to the main menu, asking first if a game is under way."""
        if self.in_progress:
            self.stack.push(ConfirmScene(self.stack, "confirm.leave", "confirm.leave.yes", self.to_menu,
                                         hint="feel.leave.hint"))
        else:
            self.to_menu()

    def to_menu(self) -> None:
        """Leave for the main menu."""
        self.stack.pop_to(lambda scene: scene.name == "menu")

    # ----- scene hooks ---------------------------------------------------------------------

    def resume(self) -> None:
        self._sync_sound_button()  # the menu may have switched sound meanwhile

    def pause(self) -> None:
        self.finger = None
        self.finger_node = None
        self.anims.clear()  # a dialog on top shows the board as it is, not a frozen sweep

    def shutdown(self) -> None:
        if self.opponent is not None:
            self.opponent.cancel()
        self.autosaver.flush()  # leaving (or the window closing): the latest state goes to disk now

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.screen = screen_layout(size)
        board = fit_board(self.game.width, self.game.height, self.screen.board_area)
        if board != self.board:
            self.anims.clear()  # they were drawn for the old place and scale
        self.board = board
        self._layout_panel()

    def wake_in(self) -> float | None:
        """0 while something moves; else the nearest timer (message, «Стоп» clock, the computer); else None."""
        if self.anims.running(self.clock) or self.refusal is not None or self.game.is_over \
                or self.autosaver.pending:
            return 0.0
        waits: list[float] = []
        if self.message is not None:
            waits.append(self.message[1])
        if self.stop_left is not None and self.game.stopped_by is not None:
            # The clock shows whole seconds: wake when the next one is due.
            waits.append(max(0.001, self.stop_left - math.floor(self.stop_left)) if self.stop_left > 0 else 0.0)
        if self.opponent is not None and not self.human_to_move and not self.ai_failed:
            waits.append(THINKING_POLL_SECONDS)
        return min(waits) if waits else None

    def _layout_panel(self) -> None:
        panel = self.screen.panel
        bh = theme.button_height(self.size)
        gap = max(8, bh // 5)
        pad = max(16, round(20 * theme.ui_scale(self.size)))
        shown = [self.b_undo] + ([self.b_stop] if self.game.rules is Rules.CLASSIC else []) + \
            [self.b_finish, self.b_menu]
        if self.game.rules is not Rules.CLASSIC:
            self.b_stop.rect = pygame.Rect(0, 0, 0, 0)
        if self.screen.portrait:
            # Buttons in a 2-column grid on the right half of the bottom panel.
            half = panel.w // 2
            cols = 2
            rows = (len(shown) + 1) // 2
            each = (half - pad - gap * (cols - 1)) // cols
            y0 = panel.y + panel.h - pad - rows * bh - (rows - 1) * gap
            for i, b in enumerate(shown):
                r, c = divmod(i, cols)
                b.rect = pygame.Rect(panel.x + half + c * (each + gap), y0 + r * (bh + gap), each, bh)
            self._text_top = panel.y + pad
            # The icons sit above the grid, at the panel's right, if they fit there.
            icon = min(self._icon_size(), max(44, y0 - gap - panel.y - pad))
            self._place_icons(panel.x + panel.w - pad, panel.y + pad, icon, gap)
            self._caption_right = panel.x + half - pad
        else:
            w = panel.w - 2 * pad
            y = panel.y + panel.h - pad - bh
            for b in reversed(shown):
                b.rect = pygame.Rect(panel.x + pad, y, w, bh)
                y -= bh + gap
            # The icons share the top line with the caption; the rest of the text goes below them.
            icon = self._icon_size()
            self._place_icons(panel.x + panel.w - pad, panel.y + pad, icon, gap)
            self._caption_right = self.b_help.rect.x - gap
            self._text_top = panel.y + pad + icon + gap

    def _icon_size(self) -> int:
        return max(theme.MIN_BUTTON_HEIGHT, round(theme.button_height(self.size) * 0.8))

    def _place_icons(self, right: int, top: int, size: int, gap: int) -> None:
        """The icon buttons in a row ending at ``right``: help, then sound."""
        x = right
        for b in reversed([self.b_help, self.b_sound]):
            x -= size
            b.rect = pygame.Rect(x, top, size, size)
            x -= gap

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.hover = None
            return
        p = pointer_of(event, self.size)
        if p is None:
            return
        if self.icons.handle(p) or self.buttons.handle(p):
            return
        if p.source == "mouse":
            self._mouse(p)
        else:
            self._touch(p)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.ask_back()
        elif event.key == pygame.K_BACKSPACE or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self.undo()

    def _mouse(self, p: Pointer) -> None:
        node = hit_mouse(self.board, p.pos)
        if p.kind == "move":
            self.hover = node
        elif p.kind == "down" and node is not None and self.finger is None:
            self.hover = node
            self.try_play(node)

    def _touch(self, p: Pointer) -> None:
        self.hover = None  # a touch screen has no hover; a stale mouse ghost would mislead
        if p.kind == "down":
            if self.finger is None and self.board.paper.contains(*p.pos):
                self.finger = p.finger
                self.finger_node = hit_touch(self.board, p.pos)
            return
        if p.finger != self.finger:
            return  # a second finger does nothing
        if p.kind == "move":
            self.finger_node = hit_touch(self.board, p.pos)
            return
        node = hit_touch(self.board, p.pos)  # lifted: play there, or cancel off the board
        self.finger = None
        self.finger_node = None
        if node is not None:
            self.try_play(node)

    def update(self, dt: float) -> None:
        # The autosave is written on a frame that starts with nothing moving (or once it has waited long enough).
        saver = self.autosaver
        if saver.pending and (not self.anims.running(self.clock)
                              or self.clock - saver.asked_at >= AUTOSAVE_WAIT_SECONDS):
            saver.flush()
        self.clock += dt
        self.anims.prune(self.clock)
        if self.refusal is not None:
            node, left = self.refusal
            self.refusal = (node, left - dt) if left > dt else None
        if self.message is not None:
            key, left = self.message
            self.message = (key, left - dt) if left > dt else None
        game = self.game
        if game.is_over:
            self._show_results()
            return
        if game.stopped_by is None:
            self.stop_left = None
        else:
            if self.stop_left is None:
                self.stop_left = STOP_SECONDS
            self.stop_left -= dt
            if self.stop_left <= 0:
                self.finish()
                self._show_results()
                return
        self._computer_turn()
        self.b_undo.enabled = self.can_undo()
        self.b_stop.enabled = self.can_stop()

    def _computer_turn(self) -> None:
        opp = self.opponent
        if opp is None or self.game.to_move != opp.player or self.ai_failed:
            return
        if self._asked_version != self.game.version:
            opp.request(self.game)
            self._asked_version = self.game.version
            return
        answer = opp.poll()
        if answer is None:
            return
        if answer.finish and answer.version == self.game.version:
            self.finish()
            return
        if answer.error is not None or answer.move is None or answer.version != self.game.version:
            self.ai_failed = True
            return
        try:
            self._play(answer.move, by_computer=True)
        except IllegalMove:
            self.ai_failed = True

    def _show_results(self) -> None:
        from game.scenes.results import ResultsScene

        if self.opponent is not None:
            self.opponent.cancel()
        self.autosaver.clear(self.clock)  # nothing left to resume; the results scene plays the 'end' sound
        self.autosaver.flush()
        self.stack.replace(ResultsScene(self.stack, self.settings, self.game, chooser=self.chooser))

    # ----- drawing ---------------------------------------------------------------------------

    def ghost_node(self) -> Point | None:
        """Where a ghost dot shows now: under the finger, else under the mouse; only if legal."""
        if self.game.is_over or not self.human_to_move:
            return None
        node = self.finger_node if self.finger is not None else self.hover
        if node is None or not self.game.is_legal(node):
            return None
        return node

    def draw(self, surface: pygame.Surface) -> None:
        # Background, panel paper and board come as one cached picture.
        self.view.draw(surface, self.game, self.board, self._paint_panel, self.screen)
        ghost = self.ghost_node()
        if ghost is not None:
            self.view.draw_ghost(surface, self.board, ghost, self.game.to_move)
        self.anims.draw(surface, self.game, self.view, self.board, self.clock)
        if self.refusal is not None:
            node, left = self.refusal
            self.view.draw_refusal(surface, self.board, node, left / REFUSAL_SECONDS)
        self._draw_hud(surface)

    def _paint_panel(self, surface: pygame.Surface) -> None:
        hud.draw_panel(surface, self.screen.panel, self.screen.portrait)

    def _draw_hud(self, surface: pygame.Surface) -> None:
        size = self.size
        panel = self.screen.panel
        pad = max(16, round(20 * theme.ui_scale(size)))
        width = panel.w // 2 - pad * 2 if self.screen.portrait else panel.w - 2 * pad
        x, y = panel.x + pad, self._text_top
        rules = t("rules.countries" if self.game.rules is Rules.COUNTRIES else "rules.classic")
        label = t("play.board", rules=rules, w=self.game.width, h=self.game.height)
        px = theme.text_size(size, 17)
        caption = theme.text(label, px, theme.INK_SOFT)
        beside = not self.screen.portrait
        room = max(40, self._caption_right - x) if beside else width
        if caption.get_width() > room:
            # Beside the icons only while it stays readable; else on its own line below them.
            shrunk = px * room // caption.get_width()
            if beside and shrunk < 13:
                beside, room = False, width
                shrunk = min(px, px * room // caption.get_width())
            caption = theme.text(label, max(10, shrunk), theme.INK_SOFT)
        if beside:  # on the icons' line, centred on it
            surface.blit(caption, (x, self.b_help.rect.centery - caption.get_height() // 2))
        else:
            surface.blit(caption, (x, y))
            y += caption.get_height() + 10
        y = self._draw_turn(surface, x, y, width)
        card = pygame.Rect(x, y, width, hud.score_card_height(size))
        now = self.clock
        shown = {p: self.anims.shown_score(p, self.game.score(p), now, self.game.rules)
                 for p in (Player.BLUE, Player.RED)}
        pulse = {p: self.anims.score_pulse(p, now) for p in (Player.BLUE, Player.RED)}
        hud.draw_scores(surface, card, self.game, self.settings, self.game.to_move, shown=shown, pulse=pulse)
        y = card.bottom + 12
        self._draw_status(surface, x, y, width)
        self.buttons.draw(surface, theme.text_size(size, 21))
        self.icons.draw(surface, theme.text_size(size, 21))

    def _draw_turn(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        size = self.size
        player = self.game.to_move
        px = theme.text_size(size, 26)
        if self.opponent is not None and not self.human_to_move:
            dots = "." * (1 + int(self.clock * 2.5) % 3)
            label = t("play.thinking") + dots
        elif self.opponent is not None:
            label = t("play.turn.you")
        else:
            label = t("play.turn.blue" if player == Player.BLUE else "play.turn.red")
        text = theme.text(label, px, theme.player_dark(player), bold=True)
        if text.get_width() > width - 40:
            text = theme.text(label, max(12, px * (width - 40) // text.get_width()), theme.player_dark(player),
                              bold=True)
        r = max(9, px // 2)
        line_h = max(text.get_height(), 2 * r)
        centre = (x + r, y + line_h // 2)
        pygame.draw.aacircle(surface, theme.player_colour(player), centre, r)
        pygame.draw.aacircle(surface, theme.player_dark(player), centre, r, 1)
        surface.blit(text, (x + 2 * r + 12, y + (line_h - text.get_height()) // 2))
        return y + line_h + 14

    def _draw_status(self, surface: pygame.Surface, x: int, y: int, width: int) -> None:
        size = self.size
        px = theme.text_size(size, 18)
        lines: list[tuple[str, theme.Colour]] = []
        if self.stop_left is not None and self.game.stopped_by is not None:
            secs = max(0, int(self.stop_left + 0.999))
            clock = f"{secs // 60}:{secs % 60:02d}"
            if self.opponent is not None:
                text_s = t("play.stopped.computer", time=clock)
            else:
                text_s = t("play.stopped", player=hud.player_name(self.game.stopped_by.other, self.settings),
                           time=clock)
            lines.append((text_s, theme.player_dark(self.game.stopped_by.other)))
        if self.ai_failed:
            lines.append((t("play.ai_failed"), theme.ILLEGAL))
        if self.message is not None:
            lines.append((t(self.message[0]), theme.ILLEGAL))
        if self.autosaver.failed:
            lines.append((t("feel.autosave.failed"), theme.INK_SOFT))
        limit = self._status_limit()
        for text_s, colour in lines:
            bold = colour != theme.INK_SOFT  # the autosave note is a quiet aside
            img = theme.text(text_s, px, colour, bold=bold)
            if img.get_width() > width:
                img = theme.text(text_s, max(11, px * width // img.get_width()), colour, bold=bold)
            if y + img.get_height() > limit:
                break
            surface.blit(img, (x, y))
            y += img.get_height() + 6

    def _status_limit(self) -> int:
        if self.screen.portrait:
            return self.screen.panel.y + self.screen.panel.h
        shown = [b.rect for b, _ in self.buttons.items if b.rect.w > 0]
        return min(r.y for r in shown) - 6 if shown else self.screen.panel.y + self.screen.panel.h
