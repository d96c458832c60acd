"""Two windows on one game in progress (issue 21): one holds it and writes it; the other is offered a
look or a copy, never a second writer; a crashed window's hold is taken over."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from driving import click, press, step, step_until

from engine import Game, sgf
from game.control import Control
from game.scenes import play_questions
from game.scenes.dialog import ConfirmScene
from game.scenes.files.unfinished_list import UnfinishedScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.review import ReviewScene
from game.storage import holding, library, unfinished
from game.storage.errors import StoreError

ROOT = Path(__file__).resolve().parent.parent
META = {"mode": "hotseat", "rules": "countries"}


def a_game(moves: int = 3) -> str:
    game = Game(9, 9)
    for node in [(1, 1), (5, 5), (2, 2), (6, 6), (3, 3)][:moves]:
        game.play(node)
    return sgf.dumps(game)


def dead_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    return int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], check=True,
                              capture_output=True, text=True).stdout)


def held_by(slot: str, pid: int, started: int | None = None, host: str | None = None) -> None:
    """The hold file a window of process ``pid`` leaves: written by hand, as another process would."""
    holder = holding.Holder(pid, holding.process_started(pid) if started is None else started, "another-run",
                            socket.gethostname() if host is None else host)
    holding.lock_path(unfinished.slot_path(slot)).write_bytes(holder.to_bytes())


@pytest.fixture
def slot(data_dir: Path) -> Iterator[str]:
    """A game in progress written by a window that has since let it go."""
    made = unfinished.save_current(a_game(), META)
    unfinished.release(made)
    assert not holding.lock_path(unfinished.slot_path(made)).exists()
    yield made
    unfinished.release(made)


# --- the hold -------------------------------------------------------------------------------------------------


def test_a_free_game_is_held_by_the_window_that_plays_it_and_let_go_after(slot: str) -> None:
    assert unfinished.hold(slot) is None
    lock = holding.lock_path(unfinished.slot_path(slot))
    assert holding.Holder.from_bytes(lock.read_bytes()) == holding.myself()
    assert unfinished.hold(slot) is None  # again: still ours
    unfinished.save_current(a_game(5), META, slot)
    unfinished.release(slot)
    assert not lock.exists()


def test_a_game_held_by_a_live_process_is_not_written(slot: str) -> None:
    before = unfinished.slot_path(slot).read_bytes()
    held_by(slot, os.getppid())  # the test's parent: alive for as long as the test runs
    holder = unfinished.hold(slot)
    assert holder is not None and holder.pid == os.getppid()
    with pytest.raises(StoreError) as raised:
        unfinished.save_current(a_game(5), META, slot)
    assert raised.value.problem == "problem.held"
    assert unfinished.slot_path(slot).read_bytes() == before
    assert not unfinished.clear_current(slot) and unfinished.slot_path(slot).exists()


@pytest.mark.parametrize("stale", ["dead", "reused", "our_id_an_earlier_run"])
def test_a_stale_hold_is_taken_over(slot: str, stale: str) -> None:
    if stale == "dead":
        held_by(slot, dead_pid())
    elif stale == "reused":  # the id now belongs to a process that started at another time
        if holding.process_started(os.getppid()) is None:
            pytest.skip("this system does not say when a process started")
        held_by(slot, os.getppid(), started=(holding.process_started(os.getppid()) or 0) + 12345)
    else:
        held_by(slot, os.getpid())
    assert unfinished.hold(slot) is None
    assert holding.still_ours(unfinished.slot_path(slot))
    unfinished.save_current(a_game(5), META, slot)
    assert unfinished.list_current().games[0].game.move_count == 5  # type: ignore[union-attr]


def test_a_hold_of_another_machine_or_one_being_written_counts_as_held(slot: str) -> None:
    held_by(slot, dead_pid(), host="another-machine")
    assert unfinished.hold(slot) is not None
    lock = holding.lock_path(unfinished.slot_path(slot))
    lock.write_bytes(b"")  # its window has made it, and writes it now
    assert unfinished.hold(slot) is not None
    old = time.time() - 2 * holding.CREATING_SECONDS
    os.utime(lock, (old, old))  # … or was killed doing so
    assert unfinished.hold(slot) is None


def test_the_start_forgets_a_stale_hold_whose_game_is_gone(slot: str) -> None:
    held_by(slot, dead_pid())
    lock = holding.lock_path(unfinished.slot_path(slot))
    library.tidy()
    assert lock.exists()  # the game is still there: its hold is taken over when it is played
    unfinished.slot_path(slot).unlink()
    library.tidy()
    assert not lock.exists()


# --- two real processes ---------------------------------------------------------------------------------------

OTHER_WINDOW = """
import sys
from game.storage import unfinished
print("held" if unfinished.hold(sys.argv[1]) is None else "refused", flush=True)
sys.stdin.readline()
"""


def other_window(slot: str) -> subprocess.Popen[str]:
    env = dict(os.environ, TOCHKI_KERNEL="off", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    window = subprocess.Popen([sys.executable, "-c", OTHER_WINDOW, slot], cwd=ROOT, env=env, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert window.stdout is not None and window.stdout.readline().strip() == "held"
    return window


def test_two_processes_one_holds_and_a_crash_lets_the_other_take_over(slot: str) -> None:
    window = other_window(slot)
    try:
        holder = unfinished.hold(slot)
        assert holder is not None and holder.pid == window.pid
        with pytest.raises(StoreError):
            unfinished.save_current(a_game(5), META, slot)
    finally:
        window.kill()  # SIGKILL; TerminateProcess on Windows
        window.wait(timeout=60)
    assert unfinished.hold(slot) is None  # the crashed window's hold is taken over
    unfinished.save_current(a_game(5), META, slot)


def test_a_window_that_closes_lets_its_game_go(slot: str) -> None:
    window = other_window(slot)
    assert unfinished.hold(slot) is not None
    assert window.stdin is not None
    window.stdin.close()  # it closes normally
    assert window.wait(timeout=60) == 0
    assert not holding.lock_path(unfinished.slot_path(slot)).exists()
    assert unfinished.hold(slot) is None


# --- what the second window offers ----------------------------------------------------------------------------


def open_menu(control: Control) -> MenuScene:
    control.stack.push(MenuScene(control.stack))
    step(control)
    menu = control.stack.top
    assert isinstance(menu, MenuScene)
    return menu


def test_continue_on_a_held_game_offers_a_look_that_writes_nothing(control: Control, slot: str) -> None:
    before = unfinished.slot_path(slot).read_bytes()
    held_by(slot, os.getppid())
    menu = open_menu(control)
    press(control, menu.b_continue)
    dialog = control.stack.top
    assert isinstance(dialog, ConfirmScene) and dialog.question == "held.question"
    assert dialog.b_other is not None and dialog.b_other.label == "Только смотреть"
    assert dialog.b_yes.label == "Продолжить копию"
    press(control, dialog.b_other)
    review = control.stack.top
    assert isinstance(review, ReviewScene) and review.replay.moves == 3
    press(control, review.b_prev)
    press(control, review.b_back)
    assert control.stack.top is menu
    assert unfinished.slot_path(slot).read_bytes() == before
    assert [g.slot for g in unfinished.list_current().games] == [slot]


def test_continue_on_a_held_game_plays_on_a_copy_of_its_own(control: Control, slot: str) -> None:
    before = unfinished.slot_path(slot).read_bytes()
    held_by(slot, os.getppid())
    menu = open_menu(control)
    press(control, menu.b_continue)
    dialog = control.stack.top
    assert isinstance(dialog, ConfirmScene)
    press(control, dialog.b_yes)
    play = control.stack.top
    assert isinstance(play, PlayScene) and play.game.move_count == 3
    copy = play.autosaver.slot
    assert copy is not None and copy != slot
    play.try_play((7, 1))
    play.autosaver.flush()
    assert unfinished.slot_path(slot).read_bytes() == before  # the other window's file is untouched
    found = {g.slot: g.game.move_count for g in unfinished.list_current().games}  # type: ignore[union-attr]
    assert found == {slot: 3, copy: 4}


def test_continue_on_a_game_nobody_holds_plays_it_and_leaving_lets_it_go(control: Control, slot: str) -> None:
    held_by(slot, dead_pid())  # a window that crashed on it
    menu = open_menu(control)
    press(control, menu.b_continue)
    play = control.stack.top
    assert isinstance(play, PlayScene) and play.autosaver.slot == slot
    lock = holding.lock_path(unfinished.slot_path(slot))
    assert holding.Holder.from_bytes(lock.read_bytes()) == holding.myself()
    play_questions.leave(play, "menu")
    dialog = control.stack.top
    assert isinstance(dialog, ConfirmScene)
    press(control, dialog.b_yes)
    assert control.stack.top is menu and not lock.exists()


def test_the_list_will_not_delete_a_game_another_window_plays(control: Control, slot: str) -> None:
    held_by(slot, os.getppid())
    menu = open_menu(control)
    press(control, menu.b_unfinished)
    listing = control.stack.top
    assert isinstance(listing, UnfinishedScene) and listing.count == 1
    click(control, listing.delete_box(0).center)
    dialog = control.stack.top
    assert isinstance(dialog, ConfirmScene)
    press(control, dialog.b_yes)
    assert control.stack.top is listing and listing.count == 1 and unfinished.slot_path(slot).exists()
    assert listing.message is not None and "другом окне" in listing.message[0].text()


# --- holds that cannot be checked: kept fresh by a live holder, freed when left (issue 27) --------------------

AN_HOUR = 3600.0


def date(lock: Path, age: float) -> None:
    """The hold file dated ``age`` seconds ago (negative: ahead of the clock)."""
    when = time.time() - age
    for _ in range(1000):  # Windows' utime shares nothing: it fails while the other window rewrites the hold
        try:
            os.utime(lock, (when, when))
            return
        except PermissionError:
            continue
    os.utime(lock, (when, when))


def like_macos(monkeypatch: pytest.MonkeyPatch, *, host: str | None = None) -> None:
    """The platform facts of a macOS machine on which a crashed window's id went to a new process: the id
    runs, and the system does not say when a process started; ``host``: this machine's name now."""
    monkeypatch.setattr(holding, "process_started", lambda pid: None)
    monkeypatch.setattr(holding, "pid_running", lambda pid: True)
    if host is not None:
        monkeypatch.setattr(socket, "gethostname", lambda: host)
    monkeypatch.setattr(holding, "_me", None)  # this process as a holder, on those facts


def write_hold(slot: str, holder: holding.Holder, age: float) -> Path:
    lock = holding.lock_path(unfinished.slot_path(slot))
    lock.write_bytes(holder.to_bytes())
    date(lock, age)
    return lock


@pytest.mark.parametrize("written", ["empty", "another machine", "unprovable"])
def test_a_hold_dated_ahead_of_the_clock_is_stale(slot: str, written: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock was set back after the hold was written: no live holder keeps a hold in the future."""
    lock = holding.lock_path(unfinished.slot_path(slot))
    if written == "empty":  # a window killed while writing it, an hour «ahead»
        lock.write_bytes(b"")
        date(lock, -AN_HOUR)
    elif written == "another machine":
        write_hold(slot, holding.Holder(4242, 1, "their-run", "another-machine"), -AN_HOUR)
    else:
        like_macos(monkeypatch)
        write_hold(slot, holding.Holder(4242, None, "their-run", socket.gethostname()), -AN_HOUR)
    assert holding.holder_of(unfinished.slot_path(slot)) is None
    assert unfinished.hold(slot) is None and holding.still_ours(unfinished.slot_path(slot))
    unfinished.save_current(a_game(5), META, slot)


def test_a_hold_a_little_ahead_still_counts_as_written_now(slot: str) -> None:
    """Another machine's clock (a shared folder) may run a few seconds ahead: its live hold stays held."""
    write_hold(slot, holding.Holder(4242, 1, "their-run", "another-machine"), -holding.CLOCK_SKEW_SECONDS / 2)
    assert unfinished.hold(slot) is not None
    lock = holding.lock_path(unfinished.slot_path(slot))
    lock.write_bytes(b"")
    date(lock, -holding.CLOCK_SKEW_SECONDS / 2)
    assert unfinished.hold(slot) is not None


@pytest.mark.parametrize("case", ["macOS, a reused id", "this machine renamed", "another machine"])
def test_a_hold_that_cannot_be_checked_is_held_while_fresh_and_freed_once_left(
        slot: str, case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """On every system, by its facts: no start time to tell a reused id by (macOS), a host name that changed
    with the network (macOS does that), a shared folder; a crashed holder's hold is never held for good."""
    if case == "macOS, a reused id":
        like_macos(monkeypatch)
        crashed = holding.Holder(4242, None, "crashed-run", socket.gethostname())
    elif case == "this machine renamed":
        like_macos(monkeypatch, host="MacBook-2.local")
        crashed = holding.Holder(4242, None, "crashed-run", "MacBook.local")
    else:
        crashed = holding.Holder(4242, 1, "crashed-run", "another-machine")
    write_hold(slot, crashed, 0.0)
    assert unfinished.hold(slot) == crashed  # as fresh as a live holder keeps it: held
    write_hold(slot, crashed, holding.FRESH_SECONDS / 2)
    assert unfinished.hold(slot) == crashed  # a few refreshes missed (a busy machine): still held
    write_hold(slot, crashed, holding.FRESH_SECONDS + 1)
    assert holding.holder_of(unfinished.slot_path(slot)) is None
    assert unfinished.hold(slot) is None  # left untouched longer than any live holder leaves it: taken over
    unfinished.save_current(a_game(5), META, slot)
    assert unfinished.list_current().games[0].game.move_count == 5  # type: ignore[union-attr]


def test_the_holder_keeps_its_hold_fresh(slot: str, monkeypatch: pytest.MonkeyPatch) -> None:
    like_macos(monkeypatch)
    assert unfinished.hold(slot) is None
    lock = holding.lock_path(unfinished.slot_path(slot))
    date(lock, holding.FRESH_SECONDS + 1)  # as if its refreshes had stopped …
    holding.refresh_held()  # … but it runs: the next one comes
    me = holding.myself()
    other = holding.Holder(me.pid + 1, None, "other-window", me.host)
    with monkeypatch.context() as looking:
        looking.setattr(holding, "myself", lambda: other)  # another window of this machine looks
        assert holding.holder_of(unfinished.slot_path(slot)) == me
    unfinished.release(slot)
    assert not lock.exists()
    holding.refresh_held()  # let go: nothing is touched, nothing made again
    assert not lock.exists()


OTHER_WINDOW_REFRESHING = """
import sys
from game.storage import holding, unfinished
holding.REFRESH_SECONDS = 0.05  # the real thread, at a test's pace
print("held" if unfinished.hold(sys.argv[1]) is None else "refused", flush=True)
sys.stdin.readline()
"""


def test_a_running_window_keeps_its_hold_fresh_and_a_crash_lets_it_go_stale(
        slot: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes; this one cannot check the other (macOS's facts): only the hold's freshness tells."""
    env = dict(os.environ, TOCHKI_KERNEL="off", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    window = subprocess.Popen([sys.executable, "-c", OTHER_WINDOW_REFRESHING, slot], cwd=ROOT, env=env, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    lock = holding.lock_path(unfinished.slot_path(slot))
    try:
        assert window.stdout is not None and window.stdout.readline().strip() == "held"
        like_macos(monkeypatch)
        date(lock, holding.FRESH_SECONDS + 1)
        step_until(None, lambda: time.time() - lock.stat().st_mtime < holding.FRESH_SECONDS)  # its thread touched it
        holder = unfinished.hold(slot)
        assert holder is not None and holder.pid == window.pid
    finally:
        window.kill()  # SIGKILL; TerminateProcess on Windows
        window.wait(timeout=60)
    date(lock, holding.FRESH_SECONDS + 1)  # nobody refreshes it now; its id may run again (like_macos says it does)
    assert unfinished.hold(slot) is None
