"""The screens to photograph, each set up by name through the scene stack as a player would reach it.

The tests measure the same screens (every text inside its box, every button a finger target).
"""

from __future__ import annotations

import functools
import itertools
import shutil
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pygame

from ai import Level, choose_move
from ai import review as ai_review
from engine import Game, Player, Refusal, Rules, sgf
from game import strings
from game.control import Control
from game.input.layout import BoardLayout, Box, Point
from game.match import demo
from game.match.analysis import Analysis
from game.match.clock import ClockState, TimeControl
from game.match.ending import Ending, How
from game.match.hint import Hint
from game.match.opponent import ComputerOpponent
from game.match.readiness import MasterState, MasterWatch, Readiness
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.handoff import Match, Question, Reviewing
from game.shots.achieved import achievement_screens
from game.shots.headless import ZAGRAM, other_program_record
from game.shots.lesson_shots import lesson_screens
from game.shots.rating_setups import rating_screens
from game.shots.rings import (
    BIG_RING,
    CLASSIC_RING,
    RING_AROUND_A_SQUARE,
    big_ring_but_one,
    classic_capture_but_one,
    ring_around_a_square,
)
from game.storage import history, unfinished
from game.storage.autosave import autosave_meta
from game.view.zoom_control import ZoomControl


@functools.cache
def _full_board() -> Game:
    # Built once and shared by every window size: screenshots only draw it.
    # The last move is taken back so that the game is still on (not the results).
    game = demo.random_game(38, 31, seed=3)
    game.undo()
    return game


ZOOM_PRESSES = 4
"""``+`` presses for the zoomed pictures: a 38×31 board's cells grow to about a fingertip at 1024×600."""

MAX_ZOOM_PRESSES = 40
"""More ``+`` presses than any board needs to reach its deepest zoom (each zooms by a quarter)."""


def zoom_in(control: Control, zoom: ZoomControl, presses: int | None) -> None:
    """Press ``+`` ``presses`` times through the loop, as a keyboard does (None: until the deepest zoom)."""
    plus = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0, unicode="+", scancode=0)
    for _ in range(MAX_ZOOM_PRESSES if presses is None else presses):
        if presses is None and zoom.deepest:
            return
        control.step(0.0, events=[plus])
    assert presses is not None or zoom.deepest, "the deepest zoom was not reached"


def finger_event(control: Control, kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    """A finger event at window pixel ``pos``, as SDL sends it (the window's fraction, not pixels)."""
    w, h = control.size
    return pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=0, touch_id=1,
                              pressure=1.0)


def node_in_sight(board: BoardLayout, area: Box, wanted: Callable[[Point], bool]) -> tuple[Point, tuple[int, int]]:
    """The ``wanted`` node nearest the middle of the board's ``area`` that is in sight, and its pixel.

    A zoomed board shows only part of itself: a tap meant for a node must land where it is drawn.
    Raises ``AssertionError`` when no such node is in sight (the picture would not show what it says).
    """
    mx, my = area.x + area.w / 2, area.y + area.h / 2
    seen = [(node, board.node_to_pixel(node)) for node in itertools.product(range(board.width), range(board.height))]
    seen = [(node, at) for node, at in seen if board.shows(*at) and area.contains(*at) and wanted(node)]
    assert seen, "no such node in sight"
    return min(seen, key=lambda item: (item[1][0] - mx) ** 2 + (item[1][1] - my) ** 2)


COUNTRIES = MatchSettings(Rules.COUNTRIES, 20, 15)
CLASSIC = MatchSettings(Rules.CLASSIC, 24, 20)
ON_CLOCK = MatchSettings(Rules.COUNTRIES, 20, 15, clock=TimeControl(5, 3))
VERSUS_AMATEUR = MatchSettings(computer=ComputerSettings(Level.AMATEUR, Player.BLUE))
"""The games in progress the screenshots list play the amateur (the autosave puts in the record's board)."""


def screenshot_scenes(control: Control, lang: str = "ru") -> list[tuple[str, Callable[[], None]]]:
    """(name, set-up) pairs: each set-up leaves the scene to photograph on top of the stack, in ``lang``.

    The tests measure the same scenes (every text inside its box, every button a finger target).
    """
    return _Screens(control, lang).all()


class _Screens:
    """The set-ups of :func:`screenshot_scenes`, one method a screen (or a step on the way to one)."""

    def __init__(self, control: Control, lang: str) -> None:
        self.control, self.stack, self.lang = control, control.stack, lang
        countries = demo.countries_demo()
        self.in_progress = unfinished.with_meta(sgf.dumps(countries), autosave_meta(VERSUS_AMATEUR, countries))

    def only(self, *scenes: Callable[[], Any], then: Callable[[Any], None] | None = None,
             autosave: str | None = None, coords: bool = False) -> Callable[[], None]:
        """A set-up: a fresh stack of ``scenes`` (coordinates on if ``coords``); ``then`` adjusts the top one."""
        def setup() -> None:
            self.stack.shutdown_all()
            self.stack.preferences.assume(coordinates=coords)
            self.stack.scenes.clear()
            strings.set_language(self.lang)
            self.control.filter.reset()  # a finger the last picture held down is not on this one
            unfinished.clear_all_current()
            if autosave is not None:
                unfinished.autosave_path().write_text(autosave, encoding="utf-8")
            for make in scenes:
                self.stack.push(make())
            self.stack.resize(self.control.size)
            if then is not None and self.stack.top is not None:
                then(self.stack.top)
        return setup

    def menu(self) -> Any:
        return self.stack.make("menu")

    def finished(self) -> Any:
        game = demo.countries_demo()
        game.finish()
        return self.stack.make("results", Match(COUNTRIES, game))

    def touched_play(self) -> Any:
        scene: Any = self.stack.make("play", Match(COUNTRIES, demo.countries_demo()))
        scene.aim.hover = (10, 3)  # what a mouse over a free node shows
        scene.refuse((5, 5))  # and a refused move, as just after a click on a crossed-out dot
        return scene

    def full_play(self) -> Any:
        return self.stack.make("play", Match(MatchSettings(Rules.COUNTRIES, 38, 31), _full_board()))

    def mid_takeover(self, scene: Any) -> None:
        # Blue closes the ring over Red's square; the picture is taken as the new country sweeps in.
        assert scene.name == "play"
        self.control.step(0.0)  # the board as the player sees it before the move: the sweep starts from it
        scene.try_play(RING_AROUND_A_SQUARE[-1])
        scene.autosaver.flush()  # written before the next set-up clears the autosave
        scene.update(0.42)

    def moment(self, last: Point, seconds: float, *, reduced: bool = False) -> Callable[[Any], None]:
        """Blue's dot ``last`` closes a ring; the picture ``seconds`` later (the «+N» in flight, the banner)."""
        def go(scene: Any) -> None:
            assert scene.name == "play"
            scene.anims.effects.reduced = reduced
            self.control.step(0.0)  # the board before the move: the sweep starts from it
            scene.try_play(last)
            scene.autosaver.flush()
            self.control.step(seconds)
        return go

    def zoomed(self, presses: int | None) -> Callable[[Any], None]:
        """``presses`` of ``+`` on the board (None: until its deepest zoom)."""
        def go(scene: Any) -> None:
            assert scene.name in ("play", "review")
            zoom_in(self.control, scene.zoom, presses)
        return go

    def refused_in_sight(self, scene: Any) -> None:
        # Zoomed in, a tap on an empty node inside the other side's country: the reason shows at the node.
        assert scene.name == "play"
        zoom_in(self.control, scene.zoom, ZOOM_PRESSES)
        game = scene.game
        def theirs(node: Point) -> bool:
            return game.refusal(node) is Refusal.INSIDE and game.owner_at(node) is game.to_move.other
        _, at = node_in_sight(scene.board, scene.screen.board_area, theirs)
        tap = [finger_event(self.control, kind, at) for kind in (pygame.FINGERDOWN, pygame.FINGERUP)]
        self.control.step(0.0, events=tap)
        assert scene.refusal is not None and scene.refusal.key == "refusal.their_country", "the tap was not refused"

    def finger_held(self, scene: Any) -> None:
        # A finger down on a free node of the whole 38×31 board (cells smaller than a fingertip): the loupe.
        assert scene.name == "play"
        node, at = node_in_sight(scene.board, scene.screen.board_area, scene.game.is_legal)
        self.control.step(0.0, events=[finger_event(self.control, pygame.FINGERDOWN, at)])
        assert scene.aim.finger_node == node and scene.ghost_node() == node, "the finger is not on the node"

    def stopped_classic(self) -> Any:
        scene: Any = self.stack.make("play", Match(CLASSIC, demo.classic_demo()))
        scene.stop()
        scene.update(13.0)
        return scene

    def celebrating(self) -> Any:
        scene = self.finished()
        scene.update(0.8)  # confetti mid-fall
        return scene

    def draw_result(self) -> Any:
        game = Game(width=20, height=15)
        game.finish()
        return self.stack.make("results", Match(COUNTRIES, game))

    def zagram_review(self) -> Any:
        record = sgf.read(other_program_record())
        game, info = record.game, record.info
        return self.stack.make("review", Reviewing(game, title=ZAGRAM.stem,
                                                   players=(info.get("PB", ""), info.get("PW", "")),
                                                   step=len(game.history) // 2))

    def zagram_analysed(self) -> Any:
        # The analysis done, shown at its first mistake: the chart, the loss and the better move ringed.
        scene = self.zagram_review()
        assert scene.name == "review"
        moves = _zagram_analysis()
        scene.analysis = Analysis.of(scene.replay.source, moves)
        scene.goto(next((m.number for m in moves if m.mistake), scene.step))
        return scene

    def zagram_stopped(self) -> Any:
        # «Прервать» pressed two fifths of the way: the chart so far, and where the analysis stopped.
        scene = self.zagram_review()
        assert scene.name == "review"
        moves = _zagram_analysis()[:len(_zagram_analysis()) * 2 // 5]
        scene.analysis = Analysis.of(scene.replay.source, moves)  # fewer moves than the game: stopped there
        assert not scene.analysis.complete
        scene.goto(next((m.number for m in reversed(moves) if m.mistake), len(moves)))
        return scene

    def finished_classic(self) -> Any:
        game = demo.classic_demo()
        game.finish()
        return self.stack.make("results", Match(CLASSIC, game))

    def lost_to_the_computer(self) -> Any:
        game = demo.countries_demo()
        game.finish()
        human = game.winner.other if game.winner is not None else Player.BLUE
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.MASTER, human))
        return self.stack.make("results", Match(settings, game))


    def low_clock(self) -> Any:
        # The player to move in the last ten seconds (red, ticking), the other well off.
        game = demo.countries_demo()
        left = (8.4, 192.0) if game.to_move is Player.BLUE else (192.0, 8.4)
        return self.stack.make("play", Match(ON_CLOCK, game, clock=ClockState(left)))

    def lost_on_time(self) -> Any:
        # The count says the human is ahead; their flag fell, so the computer won.
        game = demo.countries_demo()
        game.finish()
        human = game.winner or Player.BLUE
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.AMATEUR, human), TimeControl(5, 3))
        return self.stack.make("results", Match(settings, game, clock=ClockState((0.0, 0.0)),
                                         ending=Ending(How.TIME, human)))

    def review_on_clock(self) -> Any:
        game = demo.countries_demo()
        spent = [300 - 7.3 * (k + 1) + 3 * (k // 2 + 1) for k in range(game.move_count)]
        return self.stack.make("review", Reviewing(game, ON_CLOCK, times=ON_CLOCK.clock.times(tuple(spent)),
                                            step=game.move_count // 2))

    def computer_thinking(self) -> Any:
        # The computer to move: «Компьютер думает...», and «Вы» / «Компьютер» on the score card.
        game = demo.countries_demo()
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.AMATEUR, game.to_move.other))
        return self.stack.make("play", Match(settings, game))

    def hinted(self) -> Any:
        # Against the computer, the player's turn: the master's hint pulsing on the board, two used.
        game = demo.countries_demo()
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.MASTER, game.to_move))
        scene: Any = self.stack.make("play", Match(settings, game, hints=1))
        scene.hint.point, scene.hint.since, scene.hint.used = _demo_hint(), -0.3, 2  # a third of the way out
        return scene

    def master_pinned(self, scene: Any, state: MasterState, *, level: Level | None = None) -> Any:
        """``scene`` (versus or play) seeing the master's kernel in ``state``, whatever the real one's is;
        the versus screen with ``level`` chosen (not remembered)."""
        (scene.thinking if scene.name == "play" else scene).master = MasterWatch(lambda: state)
        if level is not None:
            scene.level = level
            scene._show_choices()
        return scene

    def master_getting_ready_to_move(self) -> Any:
        # Against the master, its turn, its kernel 40 % compiled: «Мастер готовится… 40 %» on the panel.
        game = demo.countries_demo()
        master = ComputerSettings(Level.MASTER, game.to_move.other)
        scene: Any = self.stack.make("play", Match(MatchSettings(Rules.COUNTRIES, 20, 15, master), game))
        scene.opponent = ComputerOpponent.against(master, chooser=_master_waiting, notify=self.stack.notify)
        return self.master_pinned(scene, GETTING_READY)

    def hint_getting_ready(self) -> Any:
        # Against the amateur, the player's turn: a hint asked for waits for the master's kernel.
        game = demo.countries_demo()
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.AMATEUR, game.to_move))
        scene: Any = self.stack.make("play", Match(settings, game))
        scene.hint = Hint(_master_waiting, notify=self.stack.notify)
        scene.hint.ask(game)
        return self.master_pinned(scene, GETTING_READY)

    def lost_to_the_uncompiled_master(self) -> Any:
        game = demo.countries_demo()
        game.finish()
        human = game.winner.other if game.winner is not None else Player.BLUE
        settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.MASTER, human))
        return self.stack.make("results", Match(settings, game, hints=1, engine=sgf.MasterEngine.UNCOMPILED))

    def unfinished_list(self) -> Any:
        classic, countries = demo.classic_demo(), demo.countries_demo()
        unfinished.save_current(sgf.dumps(classic), autosave_meta(MatchSettings(Rules.CLASSIC), classic))
        unfinished.save_current(sgf.dumps(countries), autosave_meta(VERSUS_AMATEUR, countries))
        return self.stack.make("unfinished")

    def save_finished(self) -> Any:
        game = demo.countries_demo()
        game.finish()
        return self.stack.make("save", Match(COUNTRIES, game))

    def read_in_sight(self, scene: Any) -> None:
        # The list as it looks once its pictures are made (a few frames after it opens).
        assert scene.name in ("open", "save", "unfinished", "history")
        scene.read_all_in_sight()

    def renaming(self, scene: Any) -> None:
        assert scene.name == "open"
        self.read_in_sight(scene)
        scene.start_renaming(0)

    def kept_games(self) -> Any:
        """The finished games' list with four games kept: won and lost against the computer, a draw, two players."""
        folder = history.history_dir()
        shutil.rmtree(folder, ignore_errors=True)  # the results pictures before kept theirs
        countries, classic = demo.countries_demo(), demo.classic_demo()
        countries.finish()
        classic.finish()
        won_by = countries.winner or Player.BLUE
        when = datetime(2025, 1, 18, 12, 0)
        for i, (game, settings) in enumerate((
                (countries, COUNTRIES), (classic, MatchSettings(Rules.CLASSIC, 24, 20)),
                (countries, MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.MASTER, won_by.other))),
                (countries, MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.BEGINNER, won_by))))):
            history.keep_game(game, settings, None, now=when + timedelta(hours=i))
        return self.stack.make("history")

    def progress(self) -> Any:
        """«Успехи» over the same four games."""
        self.kept_games().shutdown()
        return self.stack.make("progress")

    def rules_at(self, rules: Rules, section: int) -> Callable[[], None]:
        def go(scene: Any) -> None:
            assert scene.name == "rules"
            scene.scroll_to_section(section)
        return self.only(self.menu, lambda: self.stack.make("rules", rules), then=go)

    def all(self) -> list[tuple[str, Callable[[], None]]]:
        """Every screen by name, in the order the pictures are taken."""
        # Bound once: the list reads as the screens a player reaches, from the menu on.
        s, only, menu, stack = self, self.only, self.menu, self.stack
        return [
            ("menu", only(menu)),
            ("menu-continue", only(menu, autosave=s.in_progress)),
            ("menu-corrupt-save", only(menu, autosave="(;GM[40]SZ[9];B[zz])")),
            ("rules-countries", s.rules_at(Rules.COUNTRIES, 2)),
            ("rules-countries-takeover", s.rules_at(Rules.COUNTRIES, 4)),
            ("rules-classic", s.rules_at(Rules.CLASSIC, 2)),
            ("rules-keys", only(menu, lambda: stack.make("rules", Rules.CLASSIC), then=lambda page: page.show_keys())),
            ("files-open", only(menu, lambda: stack.make("open"), then=s.read_in_sight, autosave=s.in_progress)),
            ("files-rename", only(menu, lambda: stack.make("open"), then=s.renaming)),
            ("unfinished", only(menu, s.unfinished_list, then=s.read_in_sight)),
            ("history", only(menu, s.kept_games, then=s.read_in_sight)),
            ("progress", only(menu, s.progress)),
            *achievement_screens(s),
            ("files-save", only(menu, s.finished, s.save_finished, then=s.read_in_sight)),
            ("review-zagram", only(menu, lambda: stack.make("open"), s.zagram_review)),
            ("review-analysis", only(menu, lambda: stack.make("open"), s.zagram_analysed)),
            ("review-coordinates", only(menu, lambda: stack.make("open"), s.zagram_analysed, coords=True)),
            ("results-celebration", only(menu, s.celebrating)),
            ("results-draw", only(menu, s.draw_result)),
            ("versus", only(menu, lambda: stack.make("versus", Rules.COUNTRIES))),
            ("versus-master-getting-ready", only(menu, lambda: s.master_pinned(
                stack.make("versus", Rules.COUNTRIES), GETTING_READY, level=Level.MASTER))),
            ("versus-master-getting-ready-unknown", only(menu, lambda: s.master_pinned(
                stack.make("versus", Rules.COUNTRIES), MasterState(Readiness.GETTING_READY), level=Level.BEGINNER))),
            ("versus-master-uncompiled", only(menu, lambda: s.master_pinned(
                stack.make("versus", Rules.COUNTRIES), MasterState(Readiness.NEVER), level=Level.MASTER))),
            ("versus-master-amateur", only(menu, lambda: s.master_pinned(
                stack.make("versus", Rules.COUNTRIES), MasterState(Readiness.STAND_IN), level=Level.MASTER))),
            ("picker", only(menu, lambda: stack.make("picker", MatchSettings()))),
            ("play-countries", only(menu, s.touched_play)),
            ("play-full", only(menu, s.full_play)),
            ("play-coordinates", only(menu, s.full_play, coords=True)),
            ("play-coordinates-zoomed", only(menu, s.full_play, then=s.zoomed(ZOOM_PRESSES), coords=True)),
            ("play-coordinates-small", only(menu, s.touched_play, coords=True)),
            ("play-takeover-sweep", only(menu, lambda: stack.make("play", Match(COUNTRIES, ring_around_a_square())),
                                         then=s.mid_takeover)),
            ("play-moment-huge", only(menu, lambda: stack.make("play", Match(COUNTRIES, big_ring_but_one())),
                                      then=s.moment(BIG_RING[-1], 0.3))),
            ("play-moment-burst", only(menu, lambda: stack.make("play", Match(COUNTRIES, big_ring_but_one())),
                                       then=s.moment(BIG_RING[-1], 0.12))),
            ("play-moment-reduced", only(menu, lambda: stack.make("play", Match(COUNTRIES, big_ring_but_one())),
                                         then=s.moment(BIG_RING[-1], 0.3, reduced=True))),
            ("play-moment-classic", only(menu, lambda: stack.make("play", Match(MatchSettings(Rules.CLASSIC, 20, 15),
                                                                                classic_capture_but_one())),
                                         then=s.moment(CLASSIC_RING[-1], 0.5))),
            ("help", only(menu, s.touched_play, lambda: stack.make("help"))),
            ("play-classic-opening",
             only(menu, lambda: stack.make("play", Match(MatchSettings(Rules.CLASSIC, 38, 31))))),
            ("play-classic-stop", only(menu, s.stopped_classic)),
            ("confirm-leave", only(menu, s.touched_play,
                                   lambda: stack.make("confirm", Question(
                                       "confirm.leave", "confirm.leave.yes", stack.pop, hint="feel.leave.hint",
                                       other=("results.save", stack.pop))))),
            ("results", only(menu, s.finished)),
            ("results-coordinates", only(menu, s.finished, coords=True)),
            ("results-classic", only(menu, s.finished_classic)),
            ("results-computer", only(menu, s.lost_to_the_computer)),
            ("play-computer-thinking", only(menu, s.computer_thinking)),
            ("play-hint", only(menu, s.hinted)),
            ("play-master-getting-ready", only(menu, s.master_getting_ready_to_move)),
            ("play-hint-getting-ready", only(menu, s.hint_getting_ready)),
            ("results-master-uncompiled", only(menu, s.lost_to_the_uncompiled_master)),
            ("play-clock", only(menu, s.low_clock)),
            ("results-time", only(menu, s.lost_on_time)),
            ("review-clock", only(menu, s.review_on_clock)),
            ("play-zoomed", only(menu, s.full_play, then=s.zoomed(ZOOM_PRESSES))),
            ("play-zoomed-deepest", only(menu, s.full_play, then=s.zoomed(None))),
            ("play-refusal-zoomed", only(menu, s.full_play, then=s.refused_in_sight)),
            ("play-loupe", only(menu, s.full_play, then=s.finger_held)),
            ("review-zoomed", only(menu, lambda: stack.make("open"), s.zagram_review, then=s.zoomed(ZOOM_PRESSES))),
            ("review-zoomed-deepest", only(menu, lambda: stack.make("open"), s.zagram_review, then=s.zoomed(None))),
            ("review-analysis-stopped", only(menu, lambda: stack.make("open"), s.zagram_stopped)),
            *lesson_screens(s),
            *rating_screens(s),
        ]


GETTING_READY = MasterState(Readiness.GETTING_READY, 0.4)
"""The master's kernel in the pictures of its getting ready: 40 % of its first compile done."""


def _master_waiting(game: Game, level: str, *, seconds: float | None = None, seed: int | None = None,
                    cancel: threading.Event | None = None) -> Point:
    """The master while its kernel gets ready in the pictures: it waits until the move is no longer wanted
    (the next set-up cancels it; the opponent and the hint pass ``cancel``), then hands back a dropped move."""
    if cancel is not None:
        cancel.wait()
    return (0, 0)


@functools.cache
def _demo_hint() -> tuple[int, int]:
    """The master's move in the countries demo, at a fifth of a hint's budget: once a run."""
    return choose_move(demo.countries_demo(), Level.MASTER, seconds=0.2, seed=1)


@functools.cache
def _zagram_analysis() -> list[ai_review.MoveReview]:
    """The master's review of the zagram sample at a 25th of its work (a dozen playouts a position on that
    board): the chart's shape for the pictures and the layout tests, computed once a run in seconds."""
    return ai_review.review(sgf.loads(other_program_record()), work=ai_review.WORK // 25)
