"""«Задачи»: the puzzle reader (good, damaged, hostile files), the scene driven by posted events (a wrong
move refuted and taken back, the right line played to the end with the computer's replies), and the stars
kept across a restart and past a damaged progress file."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FakeClock
from driving import click, press, step

from engine import Game, Player, Rules
from engine.puzzle import Puzzle, PuzzleError, Theme, read_puzzle, write_puzzle
from game.control import Control
from game.match.puzzles import Attempt, load_shelf
from game.paths import asset_path
from game.scenes.handoff import PuzzleRun
from game.scenes.menu import MenuScene
from game.scenes.puzzle import REPLY_DELAY, PuzzleScene
from game.scenes.puzzles import PuzzlesScene
from game.storage.puzzle_progress import FILE, PuzzleProgress

# Blue walls Red's dot at (2, 2) in on three sides; (2, 3) closes the ring. Red's (4, 4) and (5, 5) are far.
TRAP = [(2, 1), (2, 2), (1, 2), (4, 4), (3, 2), (5, 5)]


def trap_text(line: list[tuple[int, int]], start: int = 6, **props: str) -> str:
    game = Game(7, 7, Rules.CLASSIC, zone=False)
    for p in TRAP + line:
        game.play(p)
    return write_puzzle(game, start=start, tier=1, theme=Theme.CAPTURE, gain=1)


# ----- the reader -----


def test_a_good_puzzle_reads_back_with_its_start_line_and_properties() -> None:
    p = read_puzzle(trap_text([(2, 3)]), "trap")
    assert (p.position.move_count, p.line, p.player, p.theme, p.tier, p.rules) == \
        (6, ((2, 3),), Player.BLUE, Theme.CAPTURE, 1, Rules.CLASSIC)


def test_every_shipped_puzzle_reads() -> None:
    shelf = load_shelf(asset_path("puzzles"))
    assert shelf.unreadable == 0 and len(shelf.puzzles) >= 120
    assert {p.tier for p in shelf.puzzles} == {1, 2, 3}


@pytest.mark.parametrize(("change", "why"), [
    (lambda s: s.replace("PZSTART[6]", "PZSTART[60]"), "PZSTART"),
    (lambda s: s.replace("PZSTART[6]", "PZSTART[-1]"), "PZSTART"),
    (lambda s: s.replace("PZTIER[1]", "PZTIER[9]"), "PZTIER"),
    (lambda s: s.replace("PZTHEME[capture]", "PZTHEME[chess]"), "PZTHEME"),
    (lambda s: s.replace("PZGAIN[1]", ""), "PZGAIN"),
    (lambda s: s.replace(";B[cd])", ")"), "PZSTART"),  # no answer after the start
    (lambda s: s[: len(s) // 2], "record"),  # cut short
    (lambda s: s.replace("GM[40]", "GM[1]"), "record"),
    (lambda s: s.replace("B[cd]", "B[zz]"), "record"),  # off the board
])
def test_a_damaged_puzzle_is_refused_with_the_reason(change: object, why: str) -> None:
    with pytest.raises(PuzzleError, match=why):
        read_puzzle(change(trap_text([(2, 3)])), "bad")  # type: ignore[operator]


def test_hostile_files_are_refused_not_obeyed() -> None:
    huge = "(;GM[40]SZ[7]PZSTART[0]PZTIER[1]PZTHEME[capture]PZGAIN[1]C[" + "x" * 100_000 + "];B[aa])"
    with pytest.raises(PuzzleError, match="bytes"):
        read_puzzle(huge, "huge")
    with pytest.raises(PuzzleError, match="record"):
        read_puzzle(b"\xff\xfe(;GM[40]", "not text")
    with pytest.raises(PuzzleError, match="sides"):  # a board larger than any puzzle's
        read_puzzle("(;GM[40]SZ[52]PZSTART[0]PZTIER[1]PZTHEME[capture]PZGAIN[1];B[aa])", "wide")
    # A line of six moves for the player: more than the answer may ask.
    long_line = [(0, 0), (6, 6), (0, 1), (6, 5), (0, 2), (6, 4), (0, 3), (6, 3), (0, 4), (6, 2), (0, 5)]
    with pytest.raises(PuzzleError, match="more than 5"):
        read_puzzle(trap_text(long_line), "long")
    with pytest.raises(PuzzleError, match="end with"):  # ends on the other side's move
        read_puzzle(trap_text([(2, 3), (6, 6)]), "ends on theirs")


def test_the_shelf_leaves_out_a_bad_file_and_counts_it(tmp_path: Path) -> None:
    (tmp_path / "a.sgf").write_text(trap_text([(2, 3)]), encoding="utf-8")
    (tmp_path / "b.sgf").write_text("(;GM[40]SZ[7];B[aa])", encoding="utf-8")
    shelf = load_shelf(tmp_path)
    assert [p.name for p in shelf.puzzles] == ["a"] and shelf.unreadable == 1


# ----- the scene -----


def two_step() -> Puzzle:
    """Blue takes (2, 2) with (2, 3), Red answers far away, Blue plays on: a line of three moves."""
    return read_puzzle(trap_text([(2, 3), (6, 6), (0, 6)]), "two-step")


def open_puzzle(control: Control, puzzle: Puzzle, progress: PuzzleProgress) -> PuzzleScene:
    scene = PuzzleScene(control.stack, PuzzleRun([puzzle], 0, progress))
    control.stack.push(scene)
    step(control)
    return scene


def node_pos(scene: PuzzleScene, node: tuple[int, int]) -> tuple[int, int]:
    return scene.board.node_to_pixel(node)


def test_a_wrong_move_is_refuted_on_the_board_and_taken_back(control: Control, data_dir: Path) -> None:
    # Red walls Blue's (3, 3) in on three sides: Blue must play (3, 4) or lose the dot.
    game = Game(7, 7, Rules.CLASSIC, zone=False)
    for p in [(3, 3), (3, 2), (0, 0), (2, 3), (0, 6), (4, 3)]:
        game.play(p)
    puzzle = read_puzzle(write_puzzle(_with(game, (3, 4)), start=6, tier=1,
                                      theme=Theme.SAVE, gain=1), "save")
    scene = open_puzzle(control, puzzle, PuzzleProgress(data_dir).load())
    click(control, node_pos(scene, (6, 0)))  # wrong: Red then closes at (3, 4)
    assert scene.attempt.wrong_moves == 2 and scene.attempt.game.last_move == (3, 4)
    assert scene.attempt.game.is_dead((3, 3)) and scene.news == "puzzle.news.wrong"
    assert scene.b_again.enabled and scene.b_again.primary
    press(control, scene.b_again)
    assert scene.attempt.wrong_moves == 0 and scene.attempt.game.move_count == 6
    assert not scene.attempt.game.is_dead((3, 3))
    click(control, node_pos(scene, (3, 4)))
    assert scene.attempt.solved and scene.attempt.stars == 2  # one wrong move cost a star
    assert PuzzleProgress(data_dir).load().stars == {"save": 2}


def test_the_hint_after_a_wrong_move_takes_it_back_and_rings_the_answer(control: Control, data_dir: Path) -> None:
    game = Game(7, 7, Rules.CLASSIC, zone=False)
    for p in [(3, 3), (3, 2), (0, 0), (2, 3), (0, 6), (4, 3)]:
        game.play(p)
    puzzle = read_puzzle(write_puzzle(_with(game, (3, 4)), start=6, tier=1, theme=Theme.SAVE, gain=1), "save")
    scene = open_puzzle(control, puzzle, PuzzleProgress(data_dir).load())
    click(control, node_pos(scene, (6, 0)))  # wrong: the refutation shows
    assert scene.attempt.wrong_moves == 2 and scene.b_hint.enabled
    press(control, scene.b_hint)
    assert scene.attempt.wrong_moves == 0 and scene.attempt.game.move_count == 6  # the wrong pair taken back
    assert scene.attempt.hint == (3, 4) and scene.news == "puzzle.news.hinted"
    click(control, node_pos(scene, (3, 4)))
    assert scene.attempt.solved and scene.attempt.stars == 1  # a wrong move and a hint: one star


def test_a_missed_net_shows_the_other_side_taking_the_cut(control: Control, data_dir: Path) -> None:
    """A shipped «Сеть»: a move beside the cut encloses nothing, and nothing of the other side's encloses at once
    either; the other side then takes the cut point itself, ringed, and the panel says so."""
    path = asset_path("puzzles") / "classic-15-0105-072.sgf"
    puzzle = read_puzzle(path.read_text(encoding="utf-8"), path.stem)
    assert puzzle.theme is Theme.NET and puzzle.line[0] == (4, 7)
    scene = open_puzzle(control, puzzle, PuzzleProgress(data_dir).load())
    before = scene.attempt.game.move_count
    click(control, node_pos(scene, (3, 8)))
    game = scene.attempt.game
    assert scene.attempt.wrong_moves == 2 and game.last_move == (4, 7) and game.dot_at((4, 7)) is puzzle.player.other
    assert game.move_count == before + 2 and scene.news == "puzzle.news.key"
    press(control, scene.b_again)
    assert scene.attempt.game.move_count == before and scene.attempt.game.dot_at((4, 7)) is None
    click(control, node_pos(scene, (4, 7)))
    assert scene.news == "puzzle.news.right"


def test_a_wrong_move_that_gives_something_up_is_refuted_by_the_capture_not_the_key_point() -> None:
    path = asset_path("puzzles") / "countries-10-0238-048.sgf"
    puzzle = read_puzzle(path.read_text(encoding="utf-8"), path.stem)
    assert puzzle.theme is Theme.NET and puzzle.line[0] == (3, 1)
    attempt = Attempt(puzzle)
    judged = attempt.play((9, 9))  # the far corner: the other side encloses at once
    assert judged.refutation is not None and judged.refutation != (3, 1) and not judged.key_point
    assert attempt.game.score(puzzle.player.other) > puzzle.start().score(puzzle.player.other)


def _with(game: Game, move: tuple[int, int]) -> Game:
    copy = game.copy()
    copy.play(move)
    return copy


def test_the_right_line_completes_with_the_computers_reply(control: Control, data_dir: Path) -> None:
    scene = open_puzzle(control, two_step(), PuzzleProgress(data_dir).load())
    click(control, node_pos(scene, (2, 3)))
    assert scene.news == "puzzle.news.right" and scene.attempt.game.is_dead((2, 2))
    assert scene.ghost_node() is None  # the reply is due: no move of the player's now
    step(control, frames=round(REPLY_DELAY * 60) + 2)
    assert scene.attempt.game.last_move == (6, 6) and scene.news == "puzzle.news.replied"
    click(control, node_pos(scene, (0, 6)))
    assert scene.attempt.solved and scene.attempt.stars == 3 and scene.b_next.primary
    assert PuzzleProgress(data_dir).load().stars == {"two-step": 3}


def test_the_hint_rings_the_next_move_and_costs_a_star(control: Control, data_dir: Path) -> None:
    scene = open_puzzle(control, read_puzzle(trap_text([(2, 3)]), "t"), PuzzleProgress(data_dir).load())
    press(control, scene.b_hint)
    assert scene.hint_since is not None and scene.attempt.hint == (2, 3)
    click(control, node_pos(scene, (2, 3)))
    assert scene.attempt.solved and scene.attempt.stars == 2


def test_stars_survive_a_restart_and_a_damaged_file(control: Control, data_dir: Path) -> None:
    PuzzleProgress(data_dir).record("one", 2)
    assert PuzzleProgress(data_dir).load().stars == {"one": 2}  # a new run reads them back
    (data_dir / FILE).write_text('{"version": 1, "stars": {"one": "lots"', encoding="utf-8")
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    step(control)
    press(control, menu.b_puzzles)
    chooser = control.stack.top
    assert isinstance(chooser, PuzzlesScene)
    assert chooser.progress.notice is not None and chooser.progress.stars == {}
    assert list(data_dir.glob("puzzles.corrupt-*.json"))  # set aside, not lost
    press(control, chooser.b_order)  # the rest works: the first puzzle opens
    assert isinstance(control.stack.top, PuzzleScene)


def test_in_order_opens_the_first_unsolved(control: Control, data_dir: Path, clock: FakeClock) -> None:
    chooser = PuzzlesScene(control.stack)
    first = chooser.shelf.puzzles[0]
    chooser.progress.record(first.name, 3)
    control.stack.push(chooser)
    step(control)
    press(control, chooser.b_order)
    top = control.stack.top
    assert isinstance(top, PuzzleScene) and top.run.index == 1


def test_an_attempt_refuses_a_move_out_of_turn() -> None:
    a = Attempt(two_step())
    a.play((2, 3))
    with pytest.raises(ValueError):
        a.play((0, 6))  # the reply is due first
