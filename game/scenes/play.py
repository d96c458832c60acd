"""The game itself: the board, the player's aim, the panel, and the computer's turns.

The engine decides (``is_legal``, ``play``, ``undo``, ``finish``, ``stop``); this scene routes input to it and
draws what it says. An illegal node flashes and nothing is played. Moves animate (:mod:`game.view.anim`) without
holding input back. The game is autosaved to its own slot after every change and on leaving
(:mod:`game.storage.autosave`); «Вернуть» replays what «Отменить» took back (:mod:`game.match.takeback`).
The «?» opens the rules at the rule set played. Opened as ``stack.go("play", Match(settings))``, or with a game.
"""

from __future__ import annotations

import pygame

from engine import Game, IllegalMove, Player, Rules
from game import strings
from game.input.aim import Aim
from game.input.layout import BoardLayout, Point, ScreenLayout, screen_layout
from game.input.pointer import pointer_of
from game.match.clock import StopClock
from game.match.ending import Ending, How
from game.match.hint import Hint
from game.match.opponent import ComputerOpponent
from game.match.takeback import TakeBack
from game.scenes import play_questions as questions
from game.scenes.base import Scene, SceneStack
from game.scenes.handoff import Match
from game.storage.autosave import Autosaver
from game.view import anim, coordinates, hud, theme
from game.view.board_view import BoardView
from game.view.callout import draw_loupe
from game.view.hint_mark import draw_asked_hint
from game.view.play_panel import PlayPanel
from game.view.refusal import RefusalMark
from game.view.thinking import Thinking
from game.view.zoom_control import ZoomControl


class PlayScene(Scene):
    """One game, hot-seat or against the computer, from the first dot to the count."""

    name = "play"

    def __init__(self, stack: SceneStack, match: Match) -> None:
        super().__init__(stack)
        self.settings = settings = match.settings
        self.game = match.game or Game(width=settings.width, height=settings.height, rules=settings.rules)
        self.view = BoardView()
        self.anims = anim.BoardAnimations(effects=anim.Effects(still=lambda: stack.preferences.chosen.reduced_motion))
        self.autosaver = Autosaver(match.slot)
        self.stop_clock = StopClock(match.stop_left)
        self.match_clock = settings.clock.start(stack.now, match.clock, stack.clocks)  # on the loop's time
        self.ending: Ending | None = None
        self.takeback = match.redo or TakeBack()
        self.opponent = None if (c := settings.computer) is None else ComputerOpponent.against(
            c, chooser=stack.chooser, seconds=stack.ai_seconds, notify=stack.notify)  # in classic it may press «Стоп»
        self.hint = Hint(stack.chooser, used=match.hints, notify=stack.notify)  # «Подсказка», off this thread
        self.aim = Aim()
        self.refusal: RefusalMark | None = None
        self.clock = 0.0  # seconds since the scene started: animates the thinking dots
        self.screen: ScreenLayout = screen_layout(self.size)
        self.zoom = ZoomControl(self.game.width, self.game.height,  # pinch, wheel, keys; beside the coordinates
                                coordinates.board_area(self.screen, stack.preferences.chosen.coordinates))
        self.board: BoardLayout = self.zoom.layout
        self.panel = PlayPanel(undo=self.undo, redo=self.redo, stop=lambda: questions.ask_stop(self),
                               hint=lambda: self.hint.ask(self.game), finish=lambda: questions.ask_finish(self),
                               resign=lambda: questions.ask_resign(self), menu=lambda: questions.leave(self, "menu"),
                               help=lambda: self.stack.go("rules", self.game.rules), takebacks=settings.takebacks,
                               sound=lambda: self.panel.b_sound.toggle(self.stack.sounds, stack.preferences.remember))
        self.panel.b_sound.show(stack.sounds)
        self.thinking = Thinking(self, before=match.engine)  # the computer's and the hint's; the master's engine
        if self.game.history and not self.game.is_over:
            # Played on from the review (or resumed): «Выйти» promises it can be continued, so it is kept now.
            self._autosave()
            self.autosaver.flush()

    @property
    def human_to_move(self) -> bool:
        """True when a person at the screen is to move (always, at one screen)."""
        return self.opponent is None or self.game.to_move != self.opponent.player

    @property
    def ai_failed(self) -> bool:
        """The computer could not move; undo lets it try again."""
        return self.opponent is not None and self.opponent.failed

    def try_play(self, node: Point) -> bool:
        """Play ``node`` for the player to move, or show that it is not allowed. True if played."""
        if self.game.is_over or not self.human_to_move or self.match_clock.flag() is not None:
            return False  # (a flag down: the next update ends the game)
        try:
            if self.game.is_legal(node):
                self._play(node, by_computer=False)
                return True
        except IllegalMove:
            pass
        self.refuse(node)
        return False

    def _play(self, node: Point, *, by_computer: bool) -> None:
        """Play ``node`` in the game, then start its animation and sound and autosave."""
        game = self.game
        self.match_clock.moved(game.to_move, game.move_count)
        move = anim.change(game.play(node), game, by_computer=by_computer)
        self.takeback.forget()  # a new move: what was taken back cannot come back
        moment = self.anims.start(move, self.clock, game=game, view=self.view, layout=self.board, window=self.size)
        for name in move.sounds(moment):
            self.stack.sound(name)
        self._autosave()

    def _autosave(self) -> None:
        self.autosaver.save_game(self.game, self.settings, self.stop_clock.left, self.clock, self.takeback,
                                 self.match_clock, self.hint.used, engine=self.thinking.engine)

    def refuse(self, node: Point) -> None:
        """Brief visible feedback for an illegal node."""
        self.refusal = RefusalMark.of(self.game, node)  # the reason at the spot, not in the panel
        self.stack.sound("illegal")

    def can_undo(self) -> bool:
        """Is there something for the people at the screen to take back (never in a game without takebacks)?"""
        human = None if self.opponent is None else self.opponent.player.other
        return self.settings.takebacks and any(human in (None, action.player) for action in self.game.history)

    def undo(self) -> None:
        """Take back one move; against the computer, the human's move and the reply together."""
        if not self.can_undo():
            return
        take_back = self.opponent.take_back if self.opponent is not None else Game.undo
        self.takeback.take_back(self.game, take_back, self.stop_clock)
        self.refusal = None
        self.anims.clear()
        self._autosave()

    def can_redo(self) -> bool:
        """Is there a move taken back to replay, with the people at the screen to move?"""
        return self.takeback.can_redo and self.human_to_move and not self.game.is_over

    def redo(self) -> None:
        """Replay what the last «Отменить» took back (against the computer, the pair)."""
        if not self.can_redo():
            return
        if self.opponent is not None:
            self.opponent.cancel()  # it asks afresh about the position replayed
        if self.takeback.bring_back(self.game, self.stop_clock):
            self.refusal = None
            self.anims.clear()
            self._autosave()

    def can_stop(self) -> bool:
        """Classic «Стоп» is open to the player to move, once."""
        return (self.game.rules is Rules.CLASSIC and self.game.stopped_by is None and not self.game.is_over
                and self.human_to_move and bool(self.game.history))

    def stop(self, *, by_computer: bool = False) -> None:
        """«Стоп» now (no question asked): the person's, or the computer's instead of a move."""
        if by_computer or self.can_stop():
            self.game.stop()
            self.stop_clock.start()
            self._autosave()

    def resign(self) -> None:
        """Give the game up now (no question asked); the record's ``RE`` says so (``W+R``: Blue resigned)."""
        if self.opponent is not None:
            self.opponent.cancel()
        if not self.game.is_over:
            loser = questions.resigner(self)
            self.ending = Ending(How.RESIGN, loser)
            self.game.finish(player=loser)

    def finish(self, how: How = How.FINISH) -> None:
        """End the game now (a flag down first says how); the next update shows the results."""
        if self.opponent is not None:
            self.opponent.cancel()
        if not self.game.is_over:
            self.ending = Ending.of(self.game, how, self.match_clock.flag())
            self.game.finish()

    def resume(self) -> None:
        self.panel.b_sound.show(self.stack.sounds)  # the menu may have switched sound meanwhile

    def pause(self) -> None:
        self.aim.clear()
        self.anims.clear()  # a dialog on top shows the board as it is, not a frozen sweep

    def shutdown(self) -> None:
        self.hint.cancel()
        if self.opponent is not None:
            self.opponent.cancel()
        self.match_clock.stop()  # closing the game stops its clock
        self._autosave()  # the «Стоп» and clock times left are what they are now, not at the last move
        self.autosaver.release()  # leaving (or the window closing): the latest state goes to disk, the game is let go

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.screen = screen_layout(size)
        self.board = self.zoom.refit(coordinates.board_area(self.screen, self.stack.preferences.chosen.coordinates))
        self.panel.place(self.screen, self.game.rules)

    def wake_in(self) -> float | None:
        """0 while something moves; else the nearest timer («Стоп» clock, the computer); else None."""
        if self.anims.running(self.clock) or self.refusal is not None or self.game.is_over \
                or self.autosaver.pending:
            return 0.0
        waits = [w for w in (self.stop_clock.wake_in(), self.match_clock.wake_in(), self.thinking.wake_in(self.clock))
                 if w is not None]  # (the thinking: its dots, the hint's pulse, the master's getting ready)
        return min(waits) if waits else None

    def process_event(self, event: pygame.event.Event) -> None:
        if self.zoom.handle(event, self.size, self.aim):
            self.board = self.zoom.layout  # zoomed or panned: hits and drawing follow at once
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                questions.leave(self)
            elif (event.key == pygame.K_y or event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT) \
                    and event.mod & pygame.KMOD_CTRL:
                self.redo()
            elif event.key == pygame.K_BACKSPACE or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
                self.undo()
        elif event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.aim.hover = None
        elif (p := pointer_of(event, self.size)) is not None and not self.panel.handle(p):
            node = self.aim.handle(p, self.board)
            if node is not None:
                self.try_play(node)

    def update(self, dt: float) -> None:
        self.autosaver.tick(self.clock, busy=self.anims.running(self.clock))
        self.clock += dt
        self.anims.prune(self.clock)
        if self.refusal is not None and not self.refusal.update(dt):
            self.refusal = None
        if self.stop_clock.run(self.game, dt):
            self.finish(How.STOP)
        if self.match_clock.run(self.game, tick=lambda: self.stack.sound("tick")) is not None:
            self.finish(How.TIME)
        if self.game.is_over:
            self._show_results()
            return
        if (turn := self.thinking.take_turn()) is not None:
            if turn.move is not None:  # (take_turn checked it in this very position: it is legal)
                self._play(turn.move, by_computer=True)
            else:  # classic: its «Стоп», or the end of a game it moves alone in with nothing more to gain
                self.stop(by_computer=True) if turn.stop else self.finish()
        self.hint.follow(self.game, self.clock)  # gone once the game moves on (a move, undo, redo)
        self.panel.enable(undo=self.can_undo(), redo=self.can_redo(), stop=self.can_stop(), hint=self.human_to_move,
                          hint_key=self.thinking.hint_key)

    def _show_results(self) -> None:  # (the swap shuts this scene down: that cancels the computer and the hint)
        self.autosaver.clear(self.clock)  # nothing left to resume; the results scene plays the 'end' sound
        self.autosaver.flush()
        self.stack.swap("results", Match(self.settings, self.game, clock=self.match_clock.state(),
                                         ending=self.ending or Ending.of(self.game), hints=self.hint.used,
                                         takebacks=self.takeback.taken, engine=self.thinking.engine))

    def ghost_node(self) -> Point | None:
        """Where a ghost dot shows now: under the finger, else under the mouse; only if legal."""
        return self.aim.legal_node(self.game) if self.human_to_move else None

    def _status(self) -> list[tuple[str, theme.Colour]]:
        return hud.play_status(self.game, self.settings, stop_clock=self.stop_clock.shown(), ai_failed=self.ai_failed,
                               autosave_failed=self.autosaver.failed, clock=self.match_clock,
                               hint_waits=self.thinking.hint_waits, story=self.anims.story, engine=self.thinking.engine)

    def look(self) -> object | None:
        """The board, the pointer's ghost dot, the turn line, the scores, the hint and the buttons; None
        while anything moves (every frame is whole then) or a finger's loupe may reach the panel.
        The status lines (move number, clocks, «Стоп» time) are the part redrawn alone."""
        if self.wake_in() == 0 or self.aim.finger_pos is not None:
            return None
        return (self.size, strings.language(), self.game.version, self.game.move_count, self.board, self.ghost_node(),
                self.thinking.turn(self.settings, self.clock).shows, self.hint.point, self.hint.thinking,
                self.panel.look())

    def draw_ticking(self, surface: pygame.Surface) -> list[pygame.Rect]:
        return self.panel.draw_status(surface, self._status())

    def draw(self, surface: pygame.Surface) -> None:
        # Background, panel paper and board come as one cached picture.
        self.view.draw(surface, self.game, self.board,  # (an animation of another layout just stops)
                       *coordinates.decor(self.screen, self.board, self.stack.preferences.chosen.coordinates))
        with self.zoom.overlays(surface):  # inside the board's area; then the fit button when zoomed
            if (ghost := self.ghost_node()) is not None:
                self.view.draw_ghost(surface, self.board, ghost, self.game.to_move)
            draw_asked_hint(surface, self.view, self.board, self.hint, self.game, self.clock)
            self.anims.draw(surface, self.game, self.view, self.board, self.clock)
            if self.refusal is not None:
                self.refusal.draw(surface, self.board, self.game)
        game, players = self.game, (Player.BLUE, Player.RED)
        self.panel.draw(surface, self.screen, game, self.settings, turn=self.thinking.turn(self.settings, self.clock),
                        shown={p: self.anims.shown_score(p, game.score(p), self.clock, game.rules) for p in players},
                        pulse={p: self.anims.score_pulse(p, self.clock) for p in players}, status=self._status())
        self.anims.effects.draw_over(surface, pygame.Rect(self.screen.board_area), self.panel.score_spots(self.size),
                                     self.clock)  # the «+N» flies to the score, the banner over the board
        if ghost is not None and self.aim.finger_pos is not None:  # the finger hides the spot: show it above
            draw_loupe(surface, self.board, ghost, self.aim.finger_pos)
