"""Never silently weaker (issue 28, item 2): while the master's compiled kernel gets ready, the versus
screen and the play panel say so, and the results and the saved record name the engine that played.

The kernel's state is faked (``ai.kernel.status``/``ready``/``progress``); the scenes are driven by posted
events; the master is a stand-in that waits, as the real one does, until the kernel is ready or its move
is no longer wanted.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pygame
import pytest
from driving import click, key, post, press, step, step_until
from test_game_scenes import grid_px, start_play

from ai import Level, kernel
from engine import Game, Player, Point, Rules, sgf
from game.control import Control
from game.match.readiness import PROGRESS_EVERY, MasterState, Readiness, master_state
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.files.save_game import SaveGameScene
from game.scenes.menu import MenuScene
from game.scenes.picker import PickerScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.versus import VersusScene
from game.view import theme


class FakeKernel:
    """``ai.kernel`` as the screens read it: its status (and so ``ready()``), its progress, and whether its
    modules run as plain Python (numba missing or switched off)."""

    def __init__(self) -> None:
        self.status = "loading"
        self.progress: float | None = 0.4
        self.plain = False

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(kernel, "status", lambda: self.status)
        monkeypatch.setattr(kernel, "plain", lambda: self.plain or self.status.startswith("off"))
        monkeypatch.setattr(kernel, "ready", lambda: self.status.startswith("ready"))
        monkeypatch.setattr(kernel, "progress", lambda: self.progress, raising=False)


@pytest.fixture
def fake_kernel(monkeypatch: pytest.MonkeyPatch) -> FakeKernel:
    fake = FakeKernel()
    fake.install(monkeypatch)
    return fake


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Control], list[str]]]:
    """The texts the top scene draws now, as the player would see them in its next frame."""
    seen: list[str] = []
    plain = theme.text

    def text(s: str, px: int, colour: theme.Colour = theme.INK, *, bold: bool = False) -> pygame.Surface:
        seen.append(s)
        return plain(s, px, colour, bold=bold)

    monkeypatch.setattr(theme, "text", text)

    def draw(control: Control) -> list[str]:
        seen.clear()
        control.stack.top.draw(pygame.Surface(control.size))  # type: ignore[union-attr]
        return list(seen)

    yield draw


def open_versus(control: Control) -> VersusScene:
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    step(control)
    press(control, menu.b_computer)
    versus = control.stack.top
    assert isinstance(versus, VersusScene)
    return versus


GETTING_READY_40 = "Мастер готовится… 40\u00a0%"
MAY_START = "Можно начать и сейчас: его первый ход подождёт"


# ----- where the master is chosen ---------------------------------------------------------------


def test_the_versus_screen_says_the_master_is_getting_ready_until_it_is(
        control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]]) -> None:
    versus = open_versus(control)
    press(control, versus.level_buttons[2])  # «Мастер»
    assert versus.level == Level.MASTER
    shown = drawn(control)
    assert GETTING_READY_40 in shown and MAY_START in shown
    assert versus.wake_in() == PROGRESS_EVERY  # nothing else would wake the loop to show the progress move
    fake_kernel.progress = 0.75
    step(control)
    assert "Мастер готовится… 75\u00a0%" in drawn(control)  # live
    press(control, versus.level_buttons[0])  # another level: the state stays said, the advice goes
    shown = drawn(control)
    assert "Мастер готовится… 75\u00a0%" in shown and MAY_START not in shown
    press(control, versus.level_buttons[2])
    fake_kernel.status = "ready (compiled)"
    step(control)
    assert not any("Мастер готовится" in s or s == MAY_START for s in drawn(control))
    assert versus.wake_in() is None
    press(control, versus.b_next)  # and on it goes
    assert isinstance(control.stack.top, PickerScene)


def test_the_master_may_be_chosen_and_started_while_it_gets_ready(
        control: Control, fake_kernel: FakeKernel) -> None:
    versus = open_versus(control)
    press(control, versus.level_buttons[2])
    press(control, versus.b_next)
    picker = control.stack.top
    assert isinstance(picker, PickerScene) and picker.settings.computer is not None
    assert picker.settings.computer.level == Level.MASTER


def test_an_unknown_progress_reads_without_a_figure(
        control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(kernel, "progress")  # a kernel that does not report its progress
    open_versus(control)
    shown = drawn(control)
    assert "Мастер готовится…" in shown and not any("%" in s for s in shown)
    monkeypatch.setattr(kernel, "progress", lambda: None, raising=False)  # one that does not know it yet
    step(control)
    assert "Мастер готовится…" in drawn(control)


@pytest.mark.parametrize("status", ["failed: ModuleNotFoundError: No module named 'numba'",
                                    "off: TOCHKI_KERNEL is set"])
def test_where_the_kernel_never_loads_the_versus_screen_says_the_master_is_weaker(
        control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]], status: str) -> None:
    fake_kernel.status, fake_kernel.plain = status, True  # the kernel's modules run as plain Python
    versus = open_versus(control)
    shown = drawn(control)
    assert "На этом компьютере мастер играет без компиляции, заметно слабее" in shown
    assert not any("numba" in s or "TOCHKI" in s or "готовится" in s for s in shown)  # no raw error text
    assert versus.wake_in() is None


@pytest.mark.parametrize("language, said", [
    ("ru", "Мастер не загрузился: вместо него играет любитель"),
    ("en", "The master could not load: the amateur plays in its place")])
def test_where_the_kernel_failed_with_numba_there_the_versus_screen_says_the_amateur_plays(
        control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]], language: str,
        said: str) -> None:
    from game import strings

    strings.set_language(language)
    fake_kernel.status = "failed: UnpicklingError: invalid load key, '\\x00'."  # numba imported: no search at all
    versus = open_versus(control)
    press(control, versus.level_buttons[2])
    shown = drawn(control)
    assert said in shown
    assert not any("Unpickling" in s or "uncompiled" in s or "без компиляции" in s for s in shown)
    assert versus.wake_in() is None


def test_english_says_it_too(control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]]) -> None:
    from game import strings

    strings.set_language("en")
    versus = open_versus(control)
    press(control, versus.level_buttons[2])
    assert "The master is getting ready… 40%" in drawn(control)


def test_the_state_read_from_the_kernel(fake_kernel: FakeKernel, monkeypatch: pytest.MonkeyPatch) -> None:
    assert master_state() == MasterState(Readiness.GETTING_READY, 0.4)
    fake_kernel.progress = 7.0  # nonsense is clamped, never shown as 700 %
    assert master_state().percent == 99
    fake_kernel.progress = float("nan")
    assert master_state().progress is None

    def broken() -> float:
        raise RuntimeError("no progress today")
    monkeypatch.setattr(kernel, "progress", broken)
    assert master_state() == MasterState(Readiness.GETTING_READY)
    fake_kernel.status = "ready (shipped)"
    assert master_state().readiness is Readiness.READY
    fake_kernel.status = "failed: RuntimeError: cannot cache function 'is_legal': no locator available"
    assert master_state().readiness is Readiness.STAND_IN  # numba there: the amateur plays for the master
    assert master_state().engine is sgf.MasterEngine.AMATEUR
    fake_kernel.plain = True  # numba missing: the same search, uncompiled
    assert master_state().readiness is Readiness.NEVER


# ----- in play --------------------------------------------------------------------------------


class WaitingMaster:
    """A master that waits for the kernel, as ``ai.choose_move`` does: until ``loaded`` is set or the move
    is no longer wanted (then it gives up: its answer is dropped). The levels below it answer at once."""

    def __init__(self) -> None:
        self.loaded = threading.Event()
        self.waiting = threading.Event()
        self.cancels: list[threading.Event] = []

    def __call__(self, game: Game, level: str, *, seconds: float | None = None, seed: int | None = None,
                 cancel: threading.Event | None = None) -> Point:
        if level == Level.MASTER:
            assert cancel is not None
            self.cancels.append(cancel)
            self.waiting.set()
            while not self.loaded.wait(0.005) and not cancel.is_set():
                pass
        return min(game.legal_moves())


def turn_line(play: PlayScene) -> str:
    return play.thinking.turn(play.settings, play.clock).shows  # what the panel draws


def test_the_panel_says_the_master_is_getting_ready_while_its_move_waits_and_the_game_stays_live(
        control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]]) -> None:
    master = WaitingMaster()
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.MASTER, Player.BLUE)),
                      chooser=master)
    click(control, grid_px(play, 4, 4))  # the human's move: the master is to reply
    step_until(control, master.waiting.is_set)
    assert turn_line(play) == GETTING_READY_40
    shown = drawn(control)
    assert GETTING_READY_40 in shown and not any("Компьютер думает" in s for s in shown)
    fake_kernel.progress = 0.6
    step(control)
    assert turn_line(play) == "Мастер готовится… 60\u00a0%" and play.wake_in() is not None
    # The wait is the worker's: a resize and the leave question are taken meanwhile, and undo cancels it.
    post(control, pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 600), w=1024, h=600))
    assert play.size == (1024, 600)
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is not play  # «Выйти из партии?»
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is play and not play.human_to_move
    press(control, play.panel.b_undo)
    assert master.cancels[0].is_set() and play.game.move_count == 0 and turn_line(play) == "Ваш ход"
    # Once the kernel is ready the master answers, on it, and the panel says «Ваш ход» again.
    click(control, grid_px(play, 4, 4))
    fake_kernel.status = "ready (compiled)"
    master.loaded.set()
    step_until(control, lambda: play.game.move_count == 2)
    assert turn_line(play) == "Ваш ход"
    assert play.thinking.master.engines == {sgf.MasterEngine.KERNEL}


def test_while_a_hint_waits_for_the_kernel_its_button_and_the_panel_say_so(
        control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]]) -> None:
    master = WaitingMaster()
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.BEGINNER, Player.BLUE)),
                      chooser=master)
    press(control, play.panel.b_hint)
    step_until(control, master.waiting.is_set)
    step(control)
    assert play.panel.b_hint.key == "play.hint.getting_ready"
    shown = drawn(control)
    assert "Загрузка…" in shown and GETTING_READY_40 in shown and "Думаю…" not in shown
    wake = play.wake_in()
    assert wake is not None and wake <= PROGRESS_EVERY  # the progress is looked at again
    fake_kernel.status = "ready (cached)"
    master.loaded.set()
    step_until(control, lambda: play.hint.point is not None)
    assert play.panel.b_hint.key == "play.hint" and not any("готовится" in s for s in drawn(control))


def test_the_results_and_the_record_name_the_uncompiled_master(
        control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]]) -> None:
    fake_kernel.status, fake_kernel.plain = "failed: ImportError: No module named 'numba'", True
    master = WaitingMaster()
    master.loaded.set()  # where the kernel never loads, the master plays at once, uncompiled
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.MASTER, Player.RED)),
                      chooser=master)
    step_until(control, lambda: play.game.move_count == 1)
    assert turn_line(play) == "Ваш ход" and play.thinking.master.engines == {sgf.MasterEngine.UNCOMPILED}
    assert "На этом компьютере мастер играет без компиляции, заметно слабее" in drawn(control)
    play.finish()
    step(control)
    results = control.stack.top
    assert isinstance(results, ResultsScene) and results.engine is sgf.MasterEngine.UNCOMPILED
    assert "Мастер: без компиляции, слабее" in drawn(control)
    press(control, results.b_save)
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    press(control, save.b_save)
    assert save.saved is not None
    info = sgf.read_info(save.saved.read_text(encoding="utf-8"))
    assert sgf.read_engine(info) is sgf.MasterEngine.UNCOMPILED and info["ENGINE"] == "uncompiled"
    assert (info["PB"], info["BR"]) == ("Компьютер", "Мастер")  # what other programs show


def test_the_results_and_the_record_say_the_amateur_played_where_the_kernel_failed(
        control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]]) -> None:
    fake_kernel.status = "failed: UnpicklingError: invalid load key, '\\x00'."  # numba there: ai lets the amateur play
    master = WaitingMaster()
    master.loaded.set()
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.MASTER, Player.RED)),
                      chooser=master)
    step_until(control, lambda: play.game.move_count == 1)
    assert play.thinking.master.engines == {sgf.MasterEngine.AMATEUR}
    assert "Мастер не загрузился: вместо него играет любитель" in drawn(control)  # the panel says it in play
    play.finish()
    step(control)
    results = control.stack.top
    assert isinstance(results, ResultsScene) and results.engine is sgf.MasterEngine.AMATEUR
    shown = drawn(control)
    assert "Вместо мастера играл любитель" in shown and "Мастер: без компиляции, слабее" not in shown
    press(control, results.b_save)
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    press(control, save.b_save)
    assert save.saved is not None
    assert sgf.read_info(save.saved.read_text(encoding="utf-8"))["ENGINE"] == "amateur"


def test_the_results_name_the_kernel_and_say_nothing_where_no_master_played(
        control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]]) -> None:
    fake_kernel.status = "ready (shipped)"
    master = WaitingMaster()
    master.loaded.set()
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.MASTER, Player.RED)),
                      chooser=master)
    step_until(control, lambda: play.game.move_count == 1)
    assert not any(line.startswith("Мастер не загрузился") for line in drawn(control))  # the kernel: no note
    play.finish()
    step(control)
    assert "Мастер: скомпилированное ядро" in drawn(control)
    # The amateur: no line about the master's engine, and none in the record.
    amateur = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.AMATEUR, Player.RED)),
                         chooser=master)
    step_until(control, lambda: amateur.game.move_count == 1)
    amateur.finish()
    step(control)
    results = control.stack.top
    assert isinstance(results, ResultsScene) and results.engine is None
    assert not any(s.startswith("Мастер:") for s in drawn(control))


def test_a_game_saved_from_the_leave_question_names_the_engine_too(control: Control, fake_kernel: FakeKernel) -> None:
    fake_kernel.status = "ready (compiled)"
    master = WaitingMaster()
    master.loaded.set()
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.MASTER, Player.RED)),
                      chooser=master)
    step_until(control, lambda: play.game.move_count == 1)
    press(control, play.panel.b_menu)  # «Выйти из партии?», with «Сохранить партию» beside the answers
    question = control.stack.top
    assert question is not play and question.b_other is not None  # type: ignore[union-attr]
    press(control, question.b_other)  # type: ignore[union-attr]
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    press(control, save.b_save)
    assert save.saved is not None
    assert sgf.read_engine(sgf.read_info(save.saved.read_text(encoding="utf-8"))) is sgf.MasterEngine.KERNEL


def test_plain_says_whether_the_kernels_modules_run_as_plain_python(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    monkeypatch.delenv(kernel.SWITCH_ENV, raising=False)
    monkeypatch.setitem(sys.modules, "ai.kernel.jit", types.SimpleNamespace(load_error=None))
    assert not kernel.plain()  # numba imported: a failed kernel cannot search
    monkeypatch.setitem(sys.modules, "ai.kernel.jit", types.SimpleNamespace(load_error=ImportError("no numba")))
    assert kernel.plain()
    monkeypatch.delitem(sys.modules, "ai.kernel.jit")
    assert not kernel.plain()  # not known yet
    monkeypatch.setenv(kernel.SWITCH_ENV, "off")
    assert kernel.plain()


# ----- a game in progress, left and resumed -------------------------------------------------------


def test_a_resumed_game_remembers_the_engine_its_master_played_on(
        control: Control, fake_kernel: FakeKernel) -> None:
    from game.scenes.handoff import Match
    from game.storage import unfinished
    from game.storage.autosave import resume

    fake_kernel.status, fake_kernel.plain = "failed: ModuleNotFoundError: No module named 'numba'", True
    master = WaitingMaster()
    master.loaded.set()
    settings = MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.MASTER, Player.RED))
    play = start_play(control, settings, chooser=master)
    step_until(control, lambda: play.game.move_count == 1)  # the master's first dot, uncompiled
    play.shutdown()  # leaving writes the autosave now
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable) and "ENGINE[uncompiled]" in saved.text
    # Resumed where the kernel is ready: the game was still not played at full strength throughout.
    fake_kernel.status, fake_kernel.plain = "ready (cached)", False
    resumed = resume(saved)
    assert resumed.engine is sgf.MasterEngine.UNCOMPILED
    again = PlayScene(control.stack, Match(*resumed))
    control.stack.push(again)
    step(control)
    assert sgf.read_engine(sgf.read_info(unfinished.load_current().text)) is sgf.MasterEngine.UNCOMPILED  # type: ignore[union-attr]
    click(control, grid_px(again, 4, 4))
    step_until(control, lambda: again.game.move_count == 3)  # the master moves again, on its kernel now
    step(control)
    again.shutdown()
    later = unfinished.load_current()
    assert isinstance(later, unfinished.Resumable)
    assert sgf.read_engine(sgf.read_info(later.text)) is sgf.MasterEngine.UNCOMPILED
    assert again.thinking.engine is sgf.MasterEngine.UNCOMPILED


def test_a_game_first_saved_on_the_kernel_and_resumed_where_it_failed_names_the_amateur(
        control: Control, fake_kernel: FakeKernel) -> None:
    from game.scenes.handoff import Match
    from game.storage import unfinished
    from game.storage.autosave import resume

    fake_kernel.status = "ready (shipped)"
    master = WaitingMaster()
    master.loaded.set()
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.MASTER, Player.RED)),
                      chooser=master)
    step_until(control, lambda: play.game.move_count == 1)
    play.shutdown()
    saved = unfinished.load_current()
    assert isinstance(saved, unfinished.Resumable) and "ENGINE[kernel]" in saved.text
    fake_kernel.status = "failed: UnpicklingError: invalid load key, '\\x00'."  # numba there: the amateur stands in
    again = PlayScene(control.stack, Match(*resume(saved)))
    control.stack.push(again)
    step(control)
    click(control, grid_px(again, 4, 4))
    step_until(control, lambda: again.game.move_count == 3)
    step(control)
    again.shutdown()
    later = unfinished.load_current()
    assert isinstance(later, unfinished.Resumable) and "ENGINE[amateur]" in later.text


# ----- the review ---------------------------------------------------------------------------------


def test_the_review_says_the_engine_the_hints_and_the_takebacks_from_the_results_and_from_a_record(
        control: Control, fake_kernel: FakeKernel, drawn: Callable[[Control], list[str]]) -> None:
    from game import strings
    from game.scenes.files.open_game import OpenGameScene
    from game.scenes.review import ReviewScene

    fake_kernel.status = "ready (cached)"
    master = WaitingMaster()
    master.loaded.set()
    play = start_play(control, MatchSettings(Rules.COUNTRIES, 10, 10, ComputerSettings(Level.MASTER, Player.BLUE)),
                      chooser=master)
    click(control, grid_px(play, 4, 4))
    step_until(control, lambda: play.game.move_count == 2 and play.human_to_move)
    press(control, play.panel.b_undo)  # one takeback
    click(control, grid_px(play, 5, 5))
    step_until(control, lambda: play.game.move_count == 2 and play.human_to_move)
    play.finish()
    step(control)
    results = control.stack.top
    assert isinstance(results, ResultsScene) and results.takebacks == 1
    press(control, results.b_review)
    review = control.stack.top
    assert isinstance(review, ReviewScene)
    shown = " / ".join(drawn(control))  # a line the panel wraps comes in rows
    assert "Подсказок: 0 · Отмен: 1" in shown and "Мастер: / скомпилированное ядро" in shown
    control.stack.pop()
    press(control, results.b_save)
    save = control.stack.top
    assert isinstance(save, SaveGameScene)
    press(control, save.b_save)
    assert save.saved is not None
    strings.set_language("en")
    control.stack.go("open")
    files = control.stack.top
    assert isinstance(files, OpenGameScene)
    step(control)
    files.open_entry([g.name for g in files.games].index(save.saved.stem))
    opened = control.stack.top
    assert isinstance(opened, ReviewScene) and opened.engine is sgf.MasterEngine.KERNEL and opened.takebacks == 1
    shown = " / ".join(drawn(control))
    assert "Hints used: 0 · / Takebacks: 1" in shown  # broken at «·», never between a count and its name
    assert "Master: compiled kernel" in shown


def test_the_review_of_a_game_at_one_screen_says_no_takebacks(
        control: Control, drawn: Callable[[Control], list[str]]) -> None:
    from game.scenes.handoff import Reviewing

    game = Game(9, 9)
    game.play((4, 4))
    control.stack.go("review", Reviewing(game, MatchSettings(Rules.COUNTRIES, 9, 9), takebacks=2))
    step(control)
    assert not any("Отмен" in s or "Мастер:" in s for s in drawn(control))
