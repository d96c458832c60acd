"""Issue 30, large histories: the finished games' kept index (``history/summary.json``) is checked against
each record's size and time, so a record added, changed, damaged or removed behind the game's back is noticed
and only it read again; a lost, damaged or hostile index is rebuilt from the records with a line in the log;
two windows sharing the data folder both end up with every game; what the history says is the same with the
index and without it, and the list's rows are those a look at the folder finds."""

from __future__ import annotations

import json
import logging
import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from engine import Game, Rules, sgf
from game.control import Control
from game.match.settings import MatchSettings
from game.scenes.progress import ProgressScene
from game.storage import history, history_index, library

RING = [(1, 0), (1, 1), (0, 1), (4, 4), (2, 1), (4, 3), (1, 2)]
T0 = datetime(2025, 1, 18, 12, 0, 0)
SETTINGS = MatchSettings(Rules.COUNTRIES, 5, 5)


def ringed() -> Game:
    game = Game(5, 5)
    for node in RING:
        game.play(node)
    game.finish()
    return game


def keep(n: int, start: datetime = T0, hints: int = 0) -> list[str]:
    """``n`` finished games kept a minute apart; their file names."""
    names = []
    for i in range(n):
        kept = history.keep_game(ringed(), SETTINGS, None, now=start + timedelta(minutes=i), hints=hints)
        assert kept.facts is not None
        names.append(kept.facts.file)
    return names


def index_path() -> Path:
    return history.history_dir() / history.SUMMARY_FILE


def counting_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the records read from disk (their facts), in order."""
    reads: list[str] = []
    real = history._facts_from_record

    def spy(path: Path) -> history.Finished:
        reads.append(path.name)
        return real(path)
    monkeypatch.setattr(history, "_facts_from_record", spy)
    return reads


def truth() -> history.History:
    """The history read record by record, no index on disk or in memory."""
    history.forget()
    index_path().unlink(missing_ok=True)
    return history.load()


def settled_long_ago() -> Path:
    """The history folder dated an hour back, as it is when the last game was kept a while ago."""
    folder = history.history_dir()
    hour_ago = (datetime.now() - timedelta(hours=1)).timestamp()
    os.utime(folder, (hour_ago, hour_ago))
    return folder


def with_hints(path: Path, hints: int, fact: str = "hints") -> None:
    """The record at ``path`` rewritten in place (same name) with other facts, as a person's editor would."""
    record = sgf.read(path.read_bytes())
    info = dict(record.info)
    meta = json.loads(info["TOCHKI"])
    meta["facts"][fact] = hints
    info["TOCHKI"] = json.dumps(meta)
    text = sgf.write(sgf.Record(record.game, info, record.times, hints, record.ending, record.takebacks))
    with path.open("w", encoding="utf-8") as f:  # in place: the folder itself does not change
        f.write(text)


# ----- checked against the records -----------------------------------------------------------------------


def test_a_record_changed_behind_its_back_is_read_again_and_only_it(data_dir: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    names = keep(3)
    assert [g.hints for g in history.load().games] == [0, 0, 0]
    reads = counting_reads(monkeypatch)
    path = history.history_dir() / names[1]
    with_hints(path, 4)
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))  # a coarse clock could leave its time
    assert [g.hints for g in history.load().games] == [0, 4, 0]
    assert reads == [names[1]], "only the changed record is read"
    assert [g.hints for g in history.load().games] == [0, 4, 0] and reads == [names[1]]
    history.forget()  # the next run: the index on disk says it too
    assert [g.hints for g in history.load().games] == [0, 4, 0] and reads == [names[1]]


def test_a_record_of_the_same_size_touched_is_read_again(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = keep(2)
    history.load()
    reads = counting_reads(monkeypatch)
    path = history.history_dir() / names[0]
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    assert len(history.load().games) == 2 and reads == [names[0]]


def test_a_removed_record_is_dropped_from_the_history_the_index_and_the_list(data_dir: Path) -> None:
    names = keep(3)
    history.load()
    (history.history_dir() / names[0]).unlink()
    kept = history.load()
    assert [g.file for g in kept.games] == names[1:] and not kept.notices
    assert sorted(g.path.name for g in kept.rows()) == names[1:]
    on_disk = json.loads(index_path().read_text())
    assert [g["file"] for g in on_disk["games"]] == names[1:]


def test_a_record_damaged_behind_its_back_is_counted_each_open_and_read_once(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = keep(3)
    history.load()
    reads = counting_reads(monkeypatch)
    (history.history_dir() / names[2]).write_bytes(b"(;GM[40]SZ[5];B[aa];B[aa]")
    for _ in range(3):
        kept = history.load()
        assert [g.file for g in kept.games] == names[:2]
        assert [(n.key, n.fields) for n in kept.notices] == [("history.records_unread", (("n", "1"),))]
    assert reads == [names[2]], "remembered as unreadable while it stays as it is"
    history.forget()
    assert [n.key for n in history.load().notices] == ["history.records_unread"] and reads == [names[2]]
    (history.history_dir() / names[2]).unlink()
    assert not history.load().notices


def test_a_version_1_summary_is_taken_as_it_is_and_written_anew(data_dir: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    keep(3, hints=1)
    games = history.load().games
    old = {"version": 1, "games": [g.to_json() for g in games]}  # what the game wrote before sizes and times
    index_path().write_text(json.dumps(old))
    history.forget()
    reads = counting_reads(monkeypatch)
    kept = history.load()
    assert kept.games == games and not kept.notices and reads == []
    on_disk = json.loads(index_path().read_text())
    assert on_disk["version"] == history_index.SUMMARY_VERSION
    assert all(g["size"] > 0 and g["mtime_ns"] > 0 for g in on_disk["games"])


# ----- lost, damaged, hostile ---------------------------------------------------------------------------------

HOSTILE = {
    "binary": b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe" * 50,
    "a stamp that is text": None,
    "an unread record outside the folder": None,
    "a fact of the wrong kind": None,
    "not ours": b'{"version": 3, "games": [], "unread": []}',
}


@pytest.mark.parametrize("case", [*HOSTILE, "huge", "a folder", "truncated"])
def test_a_damaged_or_hostile_index_is_rebuilt_from_the_records(data_dir: Path, case: str,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    keep(3, hints=2)
    expected = history.load().games
    path = index_path()
    data = json.loads(path.read_text())
    if case == "huge":
        with path.open("wb") as f:
            f.truncate(history.MAX_SUMMARY_BYTES * 100)
    elif case == "a folder":
        path.unlink()
        path.mkdir()
    elif case == "truncated":
        path.write_bytes(path.read_bytes()[:500])
    elif case == "a stamp that is text":
        data["games"][0]["size"] = "12"
        path.write_text(json.dumps(data))
    elif case == "an unread record outside the folder":
        data["unread"] = [{"file": "../../passwd.sgf", "size": 1, "mtime_ns": 1, "listed": True}]
        path.write_text(json.dumps(data))
    elif case == "a fact of the wrong kind":
        data["games"].append({**data["games"][0], "capture": "9"})
        path.write_text(json.dumps(data))
    else:
        value = HOSTILE[case]
        assert value is not None
        path.write_bytes(value)
    history.forget()  # a new run: nothing held in memory
    with caplog.at_level(logging.WARNING, "game.storage.history_index"):
        kept = history.load()
    assert kept.games == expected
    assert [n.key for n in kept.notices] == ["history.rebuilt"]
    assert any("rebuilt from the records" in r.getMessage() for r in caplog.records)
    assert history.load().games == expected
    if case != "a folder":  # written anew, then read without a notice
        history.forget()
        again = history.load()
        assert again.games == expected and not again.notices


def test_a_lost_index_is_rebuilt_with_a_line_in_the_log(data_dir: Path, caplog: pytest.LogCaptureFixture,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    names = keep(3)
    expected = history.load().games
    index_path().unlink()
    with caplog.at_level(logging.INFO, "game.storage.history_index"):
        kept = history.load()
    assert kept.games == expected and not kept.notices and index_path().is_file()
    assert any("index of finished games is missing" in r.getMessage() for r in caplog.records)
    index_path().unlink()
    history.forget()  # lost between runs: every record read once
    reads = counting_reads(monkeypatch)
    caplog.clear()
    with caplog.at_level(logging.INFO, "game.storage.history_index"):
        assert history.load().games == expected and sorted(reads) == names
    assert [r.getMessage() for r in caplog.records] == [
        "the index of finished games is missing: built again from the 3 records"]


def test_the_first_game_kept_says_nothing_of_a_missing_index(data_dir: Path,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, "game.storage.history_index"):
        keep(1)
    assert not caplog.records


def test_the_index_is_not_written_when_nothing_changed(data_dir: Path) -> None:
    keep(2)
    history.load()
    before = index_path().stat().st_mtime_ns, index_path().stat().st_ino
    history.load()
    history.forget()
    history.load()
    assert (index_path().stat().st_mtime_ns, index_path().stat().st_ino) == before


# ----- the same with the index and without ---------------------------------------------------------------------


def test_the_history_is_the_same_with_the_index_and_without(data_dir: Path) -> None:
    keep(4)
    folder = history.history_dir()
    (folder / "2020-01-01 00-00-00.sgf").write_bytes(b"not a game")
    (folder / "a folder.sgf").mkdir()
    with_index = history.load()
    held = history.load()
    settled_long_ago()
    history.load()
    quick = history.load(quick=True)
    history.forget()
    from_file = history.load()
    no_index = truth()
    by_hand = []
    for path in sorted(folder.glob("*.sgf")):
        try:
            by_hand.append(history._facts_from_record(path))
        except (ValueError, OSError):  # SgfError, StoreError: what the history counts as unread
            continue
    by_hand.sort(key=lambda g: (g.when, g.file))
    assert len(by_hand) == 4
    for kept in (held, quick, from_file):
        assert kept.games == no_index.games == with_index.games == by_hand
        assert [(n.key, n.fields) for n in kept.notices] == [(n.key, n.fields) for n in no_index.notices]


def test_the_lists_rows_are_those_a_look_at_the_folder_finds(data_dir: Path) -> None:
    keep(5)
    folder = history.history_dir()
    (folder / "a folder.sgf").mkdir()
    big = folder / "2031-01-01 00-00-00.sgf"
    with big.open("wb") as f:
        f.truncate(sgf.MAX_INPUT + 1)  # listed (its row says it is too large), never read
    history.load()
    rows = history.load().rows()
    looked = library.GamesReader(folder).finish()
    assert [(g.path, g.name, g.size, g.modified_ns) for g in rows] == \
        [(g.path, g.name, g.size, g.modified_ns) for g in looked]
    assert big in [g.path for g in rows] and folder / "a folder.sgf" not in [g.path for g in rows]


# ----- two windows ------------------------------------------------------------------------------------------


def test_two_windows_sharing_the_folder_each_find_every_game(data_dir: Path) -> None:
    keep(2)
    history.load()
    window_a = dict(history_index._known)
    history_index._known.clear()  # window B starts: it has read nothing yet
    keep(1, start=T0 + timedelta(days=1))  # B keeps a game and writes the index
    window_b = dict(history_index._known)
    history_index._known.clear()
    history_index._known.update(window_a)  # A, its memory from before, keeps one too
    keep(1, start=T0 + timedelta(days=2))
    assert len(history.load().games) == 4
    history_index._known.clear()
    history_index._known.update(window_b)  # back in B
    assert len(history.load().games) == 4
    history.forget()
    assert len(history.load().games) == 4


def test_an_index_another_window_wrote_before_a_record_arrived_loses_nothing(data_dir: Path) -> None:
    names = keep(2)
    stale = index_path().read_bytes()  # another window's index, made before our third game was kept...
    names += keep(1, start=T0 + timedelta(days=1))
    index_path().write_bytes(stale)  # ...lands after ours
    assert [g.file for g in history.load().games] == names
    history.forget()
    assert [g.file for g in history.load().games] == names


# ----- the screens' quick open, and the records compared a slice a frame ------------------------------------


def test_a_quick_open_looks_at_no_record_while_the_folder_is_settled(data_dir: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    keep(3)
    settled_long_ago()
    expected = history.load().games  # a whole check: the folder settled
    looked: list[str] = []
    real = os.stat

    def spy(path: object, *args: object, **kwargs: object) -> os.stat_result:
        looked.append(os.fspath(path))  # type: ignore[arg-type]
        return real(path, *args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(os, "stat", spy)
    kept = history.load(quick=True)
    assert kept.games == expected
    assert not [p for p in looked if p.endswith(".sgf")], "no record looked at"
    looked.clear()
    assert history.load().games == expected  # a whole check still looks at each
    if os.name == "posix":  # (Windows' folder listing brings each record's size and time: no os.stat needed)
        assert len([p for p in looked if p.endswith(".sgf")]) == 3
    history.forget()  # a new run: the index read, the folder listed, the records taken by name
    looked.clear()
    assert history.load(quick=True).games == expected
    assert not [p for p in looked if p.endswith(".sgf")], "no record looked at"


def test_a_record_edited_between_runs_is_found_by_the_slices(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = keep(3)
    folder = settled_long_ago()
    history.load()
    history.forget()
    with_hints(folder / names[1], 5)
    st = (folder / names[1]).stat()
    os.utime(folder / names[1], ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    reads = counting_reads(monkeypatch)
    assert [g.hints for g in history.load(quick=True).games] == [0, 0, 0] and reads == []
    assert history.recheck() is True
    assert [g.hints for g in history.load(quick=True).games] == [0, 5, 0] and reads == [names[1]]


def test_a_quick_open_right_after_a_change_checks_everything(data_dir: Path) -> None:
    keep(2)
    history.load()  # the folder changed a moment ago: a record could hide in the same tick
    assert history_index.quick(history.history_dir()) is None


def test_a_record_added_or_removed_is_seen_by_a_quick_open(data_dir: Path) -> None:
    names = keep(3)
    folder = settled_long_ago()
    history.load()
    (folder / names[0]).unlink()
    assert [g.file for g in history.load(quick=True).games] == names[1:]
    (folder / names[1]).rename(folder / "2030-01-01 00-00-00.sgf")
    assert sorted(g.file for g in history.load(quick=True).games) == sorted(["2030-01-01 00-00-00.sgf", names[2]])


def test_a_record_edited_in_place_is_found_by_the_slices_and_only_it_read(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = keep(250)
    folder = settled_long_ago()
    history.load()
    before = folder.stat()
    with_hints(folder / names[7], 6)
    st = (folder / names[7]).stat()
    os.utime(folder / names[7], ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert folder.stat().st_mtime_ns == before.st_mtime_ns, "an edit in place leaves the folder as it was"
    reads = counting_reads(monkeypatch)
    assert history.load(quick=True).games[7].hints == 0, "the folder says nothing of an edit in place"
    slices = []
    while (found := history.recheck()) is False:
        slices.append(found)
    assert found is True and len(slices) < 3, "found within three slices of a hundred"
    assert history.load(quick=True).games[7].hints == 6 and reads == [names[7]]
    while history.recheck() is False:
        pass
    assert history.recheck() is None, "every record compared: nothing more to do"


def test_progress_counts_again_when_a_record_it_counted_is_edited_while_it_shows(control: Control) -> None:
    names = keep(150)
    folder = settled_long_ago()
    history.load()
    control.stack.go("progress")
    progress = control.stack.top
    assert isinstance(progress, ProgressScene) and [r.capture for r in progress.rows] == [1]
    with_hints(folder / names[140], 9, fact="capture")
    st = (folder / names[140]).stat()
    os.utime(folder / names[140], ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    frames = 0
    while [r.capture for r in progress.rows] != [9] and frames < 10:
        assert progress.wake_in() == 0.0, "it keeps comparing"
        control.step(1 / 60)
        frames += 1
    assert frames <= 2, "found within two slices of a hundred"
    for _ in range(5):
        control.step(1 / 60)
    assert progress.wake_in() is None, "every record compared again, then it sleeps"
