"""bench.match against an outside engine speaking oppai-cli's JSON-lines protocol: a fake one written here,
so the tests need nothing outside the repository. Games are scored as between levels, colours alternate,
the engine hears every move, its illegal suggestions are passed over, and a hung, dead or babbling
engine ends its game as an error line instead of hanging the match."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from bench import match
from engine import Player, Point, Rules
from game.storage import holding

FAKE_ENGINE = r'''
"""A fake oppai-cli: keeps its own board from PutPoint/Undo and suggests every empty node it knows of,
row by row. Options (each for one test): --log PATH, --refuse-put N (answer put:false to the N-th
PutPoint), --illegal-first (name a node off the board and the last dot first), --nothing (suggest no
move), --hang-at N / --crash-at N (at the N-th Analyze), --garbage (answer nonsense)."""
import json
import os
import sys
import time

args = sys.argv[1:]


def option(name, default=None):
    return args[args.index(name) + 1] if name in args else default


log_path = option("--log")
refuse_put = int(option("--refuse-put", 0))
hang_at = int(option("--hang-at", 0))
crash_at = int(option("--crash-at", 0))


def log(text):
    if log_path:
        with open(log_path, "a") as f:
            f.write(text + "\n")


log(f"pid {os.getpid()}")
width = height = 0
board = []
puts = analyzed = 0
for line in sys.stdin:
    # Chatter on stderr, more than a pipe holds over a game: the match must not let it block us.
    sys.stderr.write("log " * 1000 + "\n")
    message = json.loads(line)
    command = message["command"]
    reply = {"command": command}
    if "--garbage" in args:
        print("hello", flush=True)
        continue
    if command == "Init":
        width, height, board = message["width"], message["height"], []
        log("init")
    elif command == "PutPoint":
        puts += 1
        point = (message["coords"]["x"], message["coords"]["y"])
        log(f"put {message['player']} {point[0]} {point[1]}")
        if puts == refuse_put or point in board:
            reply["put"] = False
        else:
            board.append(point)
            reply["put"] = True
    elif command == "Undo":
        board.pop()
    elif command == "Analyze":
        analyzed += 1
        log(f"analyze {message['player']}")
        if analyzed == crash_at:
            sys.exit(3)
        if analyzed == hang_at:
            time.sleep(120)
        moves = [(x, y) for y in range(height) for x in range(width) if (x, y) not in board]
        if "--illegal-first" in args and board:
            moves = [(-1, 0), board[-1]] + moves
        if "--nothing" in args:
            moves = []
        reply["moves"] = [{"coords": {"x": x, "y": y}, "weight": 0.0} for x, y in moves]
    print(json.dumps(reply), flush=True)
'''

ENDINGS = (match.FAIR_END, match.FULL_BOARD, match.MOVE_CAP)


@pytest.fixture
def fake(tmp_path: Path) -> Path:
    script = tmp_path / "fake_engine.py"
    script.write_text(FAKE_ENGINE)
    return script


def command(script: Path, *options: str) -> tuple[str, ...]:
    return (sys.executable, str(script), *options)


def job(number: int, engine: tuple[str, ...], *, a: str = "random", size: int = 5, slack: float = 5.0,
        fair_end: bool = False) -> match.Job:
    return match.Job(number, a, "fake", size, size, Rules.CLASSIC, seed=1000 + number, seconds=None,
                     max_moves=size * size, fair_end=fair_end, engine=engine, engine_seconds=0.01,
                     reply_slack=slack)


def logged(path: Path) -> list[str]:
    return path.read_text().splitlines()


def gone(pid: int) -> bool:
    """Has the process ended, and (where the system keeps the dead until reaped) been reaped?"""
    if sys.platform == "win32":
        # No signal 0 there (os.kill would end the process) and no zombies: gone is not running.
        return not holding.pid_running(pid)
    try:
        os.kill(pid, 0)  # signal 0 only asks; a zombie, killed but not reaped, still answers
    except ProcessLookupError:
        return True
    return False


def test_a_match_against_an_engine_is_played_out_and_scored(fake: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert match.main(["--a", "beginner", "--engine", shlex.join(command(fake)), "--engine-seconds", "0.01",
                       "--games", "2", "--size", "5x5", "--rules", "classic", "--fair-end", "--jobs", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("beginner (A) vs ") and "5x5 classic" in lines[0] and "engine seconds 0.01" in lines[0]
    games = [line for line in lines if line.startswith("game ")]
    assert [line[:16] for line in games] == ["game   1: A blue", "game   2: A red "]
    assert all(any(f"), {how}" in line for how in ENDINGS) for line in games)
    assert all(re.search(r"\(a move A \d+\.\d\d s, B \d+\.\d\d s; slowest move", line) for line in games)
    assert re.fullmatch(r"think time a move: A \d+\.\d\d s, B \d+\.\d\d s", lines[-3])
    assert "ended: " in lines[-2] and "A won " in lines[-2]
    won = re.fullmatch(r"match: A wins (\d+), B wins (\d+), draws (\d+)", lines[-1])
    assert won is not None and sum(int(n) for n in won.groups()) == 2


def test_colours_alternate_and_the_engine_hears_every_move_of_both_sides(fake: Path, tmp_path: Path) -> None:
    for number, engine_colour in [(1, "Red"), (2, "Black")]:
        log = tmp_path / f"game{number}.log"
        result = match.play_game(job(number, command(fake, "--log", str(log))))
        assert result.ended in ENDINGS and result.error is None
        assert result.a_blue is (number == 1)
        said = logged(log)[1:]  # after its pid
        assert said[0] == "init"
        asked = {line.split()[1] for line in said if line.startswith("analyze ")}
        assert asked == {engine_colour}
        puts = [line.split()[1] for line in said if line.startswith("put ")]
        assert len(puts) == result.moves == sum(result.turns)
        assert puts == ["Black", "Red"] * (len(puts) // 2) + ["Black"] * (len(puts) % 2)
        assert said.count(f"analyze {engine_colour}") == result.turns[1]
        if number == 2:  # the engine is Blue: it is asked before any move is put
            assert said[1] == "analyze Black"


def test_a_suggestion_our_engine_does_not_accept_is_passed_over(fake: Path) -> None:
    result = match.play_game(job(1, command(fake, "--illegal-first")))
    assert result.ended in ENDINGS and result.refused == () and result.fallbacks == 0
    # Each of its turns named a node off the board and an occupied one before a legal move.
    assert result.skipped >= 2 * result.turns[1] > 0
    assert "of its suggestions not legal here" in match._engine_note(result)


def test_with_no_legal_suggestion_a_move_is_played_for_it_and_counted(fake: Path) -> None:
    result = match.play_game(job(1, command(fake, "--nothing")))
    assert result.ended in ENDINGS
    assert result.fallbacks == result.turns[1] > 0
    assert "played for it (no legal suggestion)" in match._engine_note(result)


def test_a_move_the_engine_refuses_is_logged_and_the_game_goes_on(fake: Path) -> None:
    result = match.play_game(job(1, command(fake, "--refuse-put", "3")))
    assert result.ended in ENDINGS and result.moves > 3
    assert [n for n, _ in result.refused] == [3]
    assert "it refused 1 put (move 3 (" in match._engine_note(result)


@pytest.mark.parametrize(("options", "says"), [
    (("--crash-at", "2"), "the engine exited (code 3) at Analyze"),
    (("--garbage",), "answered 'hello' to Init"),
])
def test_a_dead_or_babbling_engine_ends_its_game_as_an_error(fake: Path, tmp_path: Path,
                                                            options: tuple[str, ...], says: str) -> None:
    # Neither waits out the slack (its end or its nonsense comes at once): a generous one, for a slow start.
    log = tmp_path / "engine.log"
    result = match.play_game(job(1, command(fake, "--log", str(log), *options), slack=60.0))
    assert result.ended == match.ERROR and result.error is not None and says in result.error
    pid = int(logged(log)[0].split()[1])
    assert gone(pid)  # killed and reaped, whatever way the game ended


class ImpatientAtSecondAnalyze(match.OutsideEngine):
    """The match's engine wrapper, whose slack the test cuts to a blink for the second Analyze only:
    the fake hangs there, and every answer before it has all the time a busy machine needs."""

    def __init__(self, command: tuple[str, ...], slack: float = match.REPLY_SLACK) -> None:
        super().__init__(command, slack)
        self.analyzed = 0

    def analyze(self, player: Player, seconds: float) -> list[Point]:
        self.analyzed += 1
        if self.analyzed == 2:
            self.slack = 0.1  # the fake sleeps 120 s: no machine is so fast that its answer comes first
        return super().analyze(player, seconds)


def test_a_hung_engine_ends_its_game_as_an_error(fake: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match, "OutsideEngine", ImpatientAtSecondAnalyze)
    log = tmp_path / "engine.log"
    result = match.play_game(job(1, command(fake, "--log", str(log), "--hang-at", "2"), slack=60.0))
    assert result.ended == match.ERROR and result.error is not None
    assert "no answer to Analyze in 0.11 s" in result.error  # its move time (0.01 s) and the cut slack
    said = logged(log)
    assert said.count("analyze Red") == 2  # it answered the first Analyze and hung at the second
    assert gone(int(said[0].split()[1]))  # killed and reaped


def test_gone_tells_a_running_process_from_a_reaped_one() -> None:
    # The check the tests above lean on: asking must neither end a running process nor call it gone.
    proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read(); sys.exit(7)"], stdin=subprocess.PIPE)
    try:
        assert not gone(proc.pid)
        assert proc.poll() is None
    finally:
        proc.communicate(b"", timeout=60)  # its input ends: it exits and is reaped
    # Its own exit code: no check ended it (os.kill(pid, 0) on Windows would, with code 0).
    assert proc.returncode == 7 and gone(proc.pid)


def test_an_engine_that_cannot_start_is_an_error_game(tmp_path: Path) -> None:
    result = match.play_game(job(1, (str(tmp_path / "no-such-engine"),)))
    assert result.ended == match.ERROR and result.error is not None and "cannot start" in result.error
    assert result.moves == 0


def test_an_error_game_is_reported_and_counts_for_neither_side(fake: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert match.main(["--a", "random", "--engine", shlex.join(command(fake, "--crash-at", "1")),
                       "--games", "1", "--size", "5x5", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "5x5 classic" in lines[0]  # classic is the default against an engine
    assert "error" in lines[1] and "; engine: the engine exited (code 3) at Analyze" in lines[1]
    assert "A won 0 of 0 scored (1 errors)" in lines[-2] and lines[-2].endswith("ended: error 1")
    assert lines[-1] == "match: A wins 0, B wins 0, draws 0"


@pytest.mark.parametrize(("extra", "says"), [
    (["--rules", "countries"], "classic only"),
    (["--b", "random"], "give one of them"),
    (["--engine-seconds", "0"], "--engine-seconds"),
])
def test_countries_and_other_wrong_engine_options_are_refused(fake: Path, capsys: pytest.CaptureFixture[str],
                                                               extra: list[str], says: str) -> None:
    with pytest.raises(SystemExit):
        match.main(["--a", "random", "--engine", shlex.join(command(fake)), *extra])
    assert says in capsys.readouterr().err


def test_no_engine_and_no_level_for_b_or_an_engine_that_is_not_there_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        match.main(["--a", "random"])
    assert "give one of them" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        match.main(["--a", "random", "--engine", str(tmp_path / "no-such-engine") + " -t 1"])
    assert "no program to run" in capsys.readouterr().err
