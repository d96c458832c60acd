"""Issue 30, the achievements' count kept (``standings.json``, :mod:`game.storage.standings`): over random and
varied histories, the count folded on game by game equals one counted anew from the whole history, and so does
the count taken after the history changed otherwise (a game removed, one kept before others, a record edited),
after the file was damaged, made hostile, of another version or of other rules, or lost; one game more folds
in only that game (the results do not count the history again), and the page reads the count kept and counts
again when a record is edited while it shows."""

from __future__ import annotations

import json
import os
import random
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from ai import Level
from engine import Game, Player, Rules
from game.control import Control
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.achievements import AchievementsScene
from game.storage import earned, history, standings
from game.storage.achievements import ACHIEVEMENTS, Count
from game.storage.achievements import standings as recount
from game.storage.finished import Finished

T0 = datetime(2025, 3, 1, 9, 0, 0)


def random_games(rng: random.Random, n: int, start: int = 0) -> list[Finished]:
    """``n`` finished games of every kind, a minute apart, oldest first."""
    games = []
    for i in range(start, start + n):
        level = rng.choice([None, "beginner", "amateur", "master"])
        human = None if level is None else rng.choice(["blue", "red"])
        share = 16 if level == "master" and rng.random() < 0.2 else 1
        games.append(Finished(
            f"{i:05d}.sgf", (T0 + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%S"),
            rng.choice(["countries", "classic"]), *rng.choice([(10, 10), (20, 20), (38, 31)]), level, human,
            rng.choice(["blue", "red", None]), "finish", rng.choice([40, 150, 200, 260]), ("9", "2"),
            capture=rng.choice([0, 1, 3, 6, 10, 12]), countries=rng.choice([0, 0, 1, 4, 12]),
            takeovers=rng.choice([0, 0, 1, 3]), hints=rng.choice([0, 0, 1]), takebacks=rng.choice([0, 0, 2]),
            share=share))
    return games


def as_shown(count: Count) -> list[tuple[str, int, int | None]]:
    return [(s.achievement.key, s.value, s.by) for s in count.standings()]


def anew(games: list[Finished]) -> list[tuple[str, int, int | None]]:
    return [(s.achievement.key, s.value, s.by) for s in recount(games)]


def kept_over(games: list[Finished]) -> Count:
    """The count as the game takes it over ``games``, then kept for the next time."""
    lines = standings.fingerprints(games)
    count = standings.counted(games, lines)
    standings.keep(count, lines)
    return count


@pytest.fixture
def fresh(data_dir: Path) -> Path:
    """A data folder of the test's own, nothing held in memory from another test."""
    data_dir.mkdir(parents=True, exist_ok=True)
    standings.forget()
    history.forget()
    return data_dir


class Folds:
    """Counts the games folded in (:meth:`Count.add`): what a count costs, as behaviour, not time."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.games = 0
        real = Count.add

        def counting(count: Count, game: Finished) -> Count:
            self.games += 1
            return real(count, game)

        monkeypatch.setattr(Count, "add", counting)


@pytest.mark.parametrize("seed", range(8))
def test_folded_game_by_game_it_equals_the_count_anew(fresh: Path, seed: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    games = random_games(rng, 120)
    folds = Folds(monkeypatch)
    done = 0
    while done < len(games):
        step = rng.choice([1, 1, 1, 2, 5])
        done = min(len(games), done + step)
        if rng.random() < 0.3:
            standings.forget()  # a new run: the count read back from the file
        before = folds.games
        count = kept_over(games[:done])
        assert folds.games - before <= step, "only the games the kept count had not seen are folded in"
        assert as_shown(count) == anew(games[:done])
    assert json.loads(standings.standings_path().read_text())["games"] == len(games)


@pytest.mark.parametrize("seed", range(6))
def test_a_history_changed_otherwise_is_counted_anew(fresh: Path, seed: int) -> None:
    rng = random.Random(100 + seed)
    games = random_games(rng, 60)
    for change in ("oldest removed", "one removed", "kept before others", "a record edited", "newest removed",
                   "all gone", "another history"):
        kept_over(games)
        if rng.random() < 0.5:
            standings.forget()
        if change == "oldest removed":
            now = games[1:]
        elif change == "one removed":
            now = games[:20] + games[21:]
        elif change == "kept before others":
            early = random_games(rng, 1)[0]
            now = [early, *games]
        elif change == "a record edited":
            edited = games[30]
            now = [*games[:30], Finished(**{**edited.__dict__, "capture": (edited.capture + 7) % 13}), *games[31:]]
        elif change == "newest removed":
            now = games[:-1]
        elif change == "all gone":
            now = []
        else:
            now = random_games(random.Random(seed), 60)
        assert as_shown(kept_over(now)) == anew(now), change
        assert as_shown(standings.counted(now)) == anew(now), change


DAMAGED = {
    "garbled": b"\x00\xff garbage \x9c",
    "not an object": b"[1, 2, 3]",
    "empty": b"",
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "a later version": None,
    "other rules": None,
    "a count altered by hand": None,
    "altered, its check made again": None,
    "reached by no game": None,
    "too few achievements": None,
    "not numbers": None,
    "huge": None,
    "a folder": None,
}


def damage(path: Path, case: str) -> None:
    data = json.loads(path.read_text())

    def rechecked(d: dict[str, object]) -> bytes:
        d["check"] = standings._check(d)
        return json.dumps(d).encode()

    if case == "huge":
        path.unlink()
        with path.open("wb") as f:
            f.truncate(300 * 1024 * 1024)
        return
    if case == "a folder":
        path.unlink()
        path.mkdir()
        return
    if case == "a later version":
        data["version"] = standings.VERSION + 1
        raw = rechecked(data)
    elif case == "other rules":
        data["rules"] = [0, *data["rules"][1:]]
        raw = rechecked(data)
    elif case == "a count altered by hand":
        data["total"][6] += 3
        raw = json.dumps(data).encode()
    elif case == "altered, its check made again":  # believable: kept, and only what it says is wrong
        data["total"][6] = 49
        data["by"][6] = None
        raw = rechecked(data)
    elif case == "reached by no game":
        data["by"][0] = data["games"] + 5
        raw = rechecked(data)
    elif case == "too few achievements":
        data["total"] = data["total"][:-1]
        raw = rechecked(data)
    elif case == "not numbers":
        data["total"][0] = "1e9"
        raw = rechecked(data)
    else:
        raw = DAMAGED[case] or b""
    path.write_bytes(raw)


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_hostile_or_other_file_is_counted_anew_and_written_again(fresh: Path, case: str,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    games = random_games(random.Random(7), 80)
    kept_over(games[:70])
    path = standings.standings_path()
    damage(path, case)
    standings.forget()
    folds = Folds(monkeypatch)
    count = kept_over(games)
    folded = folds.games
    if case == "altered, its check made again":
        # A file that checks out is trusted (it is only a copy of what the history gives, and the file of what
        # is earned keeps the achievements themselves): what it says is folded on, never a crash.
        assert folded == 10
        return
    assert as_shown(count) == anew(games) and folded == len(games), case
    if case != "a folder":
        standings.forget()
        before = folds.games
        again = kept_over(games)
        assert folds.games == before, "written anew, and read back"
        assert as_shown(again) == anew(games)


def test_an_unusable_data_folder_counts_from_the_history_and_writes_nothing(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(blocker / "data"))
    standings.forget()
    games = random_games(random.Random(3), 30)
    assert as_shown(kept_over(games)) == anew(games)


# ----- through the game's own storage --------------------------------------------------------------------------

RING = [(1, 0), (1, 1), (0, 1), (4, 4), (2, 1), (4, 3), (1, 2)]
"""Blue rings Red's dot at (1, 1): one country, one dot captured."""


def ringed() -> Game:
    g = Game(5, 5)
    for node in RING:
        g.play(node)
    g.finish()
    return g


def lost_ring() -> Game:
    g = Game(5, 5)
    for node in [(3, 3), *RING]:  # Red rings Blue's dot
        g.play(node)
    g.finish()
    return g


SETTINGS = [MatchSettings(Rules.COUNTRIES, 5, 5), MatchSettings(Rules.CLASSIC, 5, 5),
            *(MatchSettings(rules, 5, 5, ComputerSettings(level, Player.BLUE))
              for rules in Rules for level in (Level.BEGINNER, Level.AMATEUR, Level.MASTER))]


def test_games_kept_and_announced_leave_the_page_the_count_anew_even_as_the_oldest_go(
        fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    history.set_keep(history.KEEP_CHOICES[0])
    folds = Folds(monkeypatch)
    for i in range(history.KEEP_CHOICES[0] + 6):
        game = ringed() if rng.random() < 0.6 else lost_ring()
        kept = history.keep_game(game, rng.choice(SETTINGS), None, hints=rng.choice([0, 0, 1]),
                                 now=T0 + timedelta(minutes=i))
        before = folds.games
        earned.announce(kept)
        pruned = len(kept.earlier or []) >= history.KEEP_CHOICES[0]
        if i % 4 == 0:
            standings.forget()  # a new run now and then
        elif not pruned:
            assert folds.games - before == 1, "the results fold in the game kept, and count nothing again"
        if i % 3 == 0:
            shown = [(s.achievement.key, s.standing.value, s.standing.by) for s in earned.board().shown]
            assert shown == anew(history.load().games)
    assert len(history.load().games) == history.KEEP_CHOICES[0]
    before = folds.games
    board = earned.board()
    assert [(s.achievement.key, s.standing.value, s.standing.by) for s in board.shown] == anew(history.load().games)
    before = folds.games
    assert [s.standing for s in earned.board().shown] == [s.standing for s in board.shown] and folds.games == before


def test_a_game_removed_behind_the_games_back_is_not_counted_on_the_page(fresh: Path) -> None:
    for i, settings in enumerate(SETTINGS[2:6]):
        earned.announce(history.keep_game(ringed(), settings, None, now=T0 + timedelta(minutes=i)))
    earned.board()
    first = min((history.history_dir()).glob("*.sgf"))
    first.unlink()
    history.forget()
    standings.forget()
    games = history.load().games
    assert len(games) == 3
    assert [(s.achievement.key, s.standing.value, s.standing.by) for s in earned.board().shown] == anew(games)


def test_the_page_opened_again_folds_nothing(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(5):
        earned.announce(history.keep_game(ringed(), SETTINGS[i % len(SETTINGS)], None, now=T0 + timedelta(minutes=i)))
    folds = Folds(monkeypatch)
    first = earned.board()
    standings.forget()
    history.forget()
    again = earned.board()  # a new run: the file read, nothing folded
    assert folds.games == 0 and [s.standing for s in again.shown] == [s.standing for s in first.shown]
    assert len(ACHIEVEMENTS) == len(again.shown)


def test_the_page_counts_again_when_a_record_it_counted_is_edited_while_it_shows(control: Control) -> None:
    from test_history_index import keep as keep_quietly
    from test_history_index import settled_long_ago, with_hints

    standings.forget()
    names = keep_quietly(150)
    folder = settled_long_ago()
    history.load()
    control.stack.go("achievements")
    page = control.stack.top
    assert isinstance(page, AchievementsScene)
    shown = {s.achievement.key: s for s in page.board.shown}
    assert not shown["capture_ten"].earned and shown["played_25"].earned
    with_hints(folder / names[140], 10, fact="capture")
    st = (folder / names[140]).stat()
    os.utime(folder / names[140], ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    frames = 0
    while not {s.achievement.key: s for s in page.board.shown}["capture_ten"].earned and frames < 10:
        assert page.wake_in() == 0.0, "it keeps comparing"
        control.step(1 / 60)
        frames += 1
    assert frames <= 2, "found within two slices of a hundred"
    shown = {s.achievement.key: s for s in page.board.shown}
    assert shown["capture_ten"].standing.by == 141 and shown["capture_ten"].when == "2025-01-18T14:20:00"
    for _ in range(5):
        control.step(1 / 60)
    assert page.wake_in() is None, "every record compared again, then it sleeps"
