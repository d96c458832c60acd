"""The one catalogue of texts (game/strings.py): both languages, the same fields, and no
text drawn that does not come from it.

The source check is deliberately simple: it reads game/*.py with ``ast`` and looks
at what is handed to the calls that put text on the screen (``theme.text``,
``one_line``, ``render``, ``set_caption``). A string literal with letters in it
there is text that bypassed the catalogue; ``t(...)`` calls, names and other
expressions are trusted (what they hold is checked by rendering every scene in
English below, where a Russian letter on screen is a miss).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from ai import Level
from engine import Game, Player, Rules, sgf
from game import strings
from game.control import Control
from game.match import demo
from game.storage import library, unfinished
from game.strings import STRINGS, fields_of
from game.view import theme

ROOT = Path(__file__).resolve().parent.parent
GAME_SOURCES = sorted((ROOT / "game").rglob("*.py"))
DRAWING_CALLS = {"text", "one_line", "render", "set_caption", "blit_centred_text"}
KEY_CALLS = {"t", "Button", "IconButton"}
LETTERS = re.compile(r"[A-Za-zА-Яа-яЁё]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


# ----- the catalogue --------------------------------------------------------------------------


def test_every_key_has_russian_and_english() -> None:
    missing = [key for key, texts in STRINGS.items() if not texts.get("ru") or not texts.get("en")]
    assert not missing, f"keys without both languages: {missing}"
    extra = [key for key, texts in STRINGS.items() if set(texts) - set(strings.LANGUAGES)]
    assert not extra, f"keys with unknown languages: {extra}"


def test_both_languages_expect_the_same_fields() -> None:
    differ = {key: (sorted(fields_of(texts["ru"])), sorted(fields_of(texts["en"])))
              for key, texts in STRINGS.items() if fields_of(texts["ru"]) != fields_of(texts["en"])}
    assert not differ, f"placeholders differ between languages: {differ}"


def test_english_text_has_no_russian_letters() -> None:
    russian = [key for key, texts in STRINGS.items() if CYRILLIC.search(texts["en"])]
    assert not russian, f"English texts with Cyrillic letters: {russian}"


def test_english_text_quotes_in_english() -> None:
    """«Finish» in an English sentence reads as a stray Russian habit: English quotes with “ ”."""
    guillemets = [key for key, texts in STRINGS.items() if "«" in texts["en"] or "»" in texts["en"]]
    assert not guillemets, f"English texts with Russian quotes: {guillemets}"


def test_language_switch_and_unknown_keys() -> None:
    assert strings.language() == "ru"
    strings.set_language("en")
    try:
        assert strings.t("menu.continue") == "Continue"
        assert strings.t("review.move", k=3, n=10) == "Move 3 of 10"
    finally:
        strings.set_language("ru")
    assert strings.t("review.move", k=3, n=10) == "Ход 3 из 10"
    with pytest.raises(ValueError):
        strings.set_language("de")
    with pytest.raises(KeyError):
        strings.t("no.such.key")


# ----- the sources --------------------------------------------------------------------------------


def _name_of(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _literal_text(node: ast.AST) -> Iterator[str]:
    """String literals with letters that would reach the screen as they are."""
    if isinstance(node, ast.Call) and _name_of(node) == "t":
        return  # from the catalogue
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if LETTERS.search(node.value):
            yield node.value
    elif isinstance(node, ast.JoinedStr):
        for part in node.values:
            yield from _literal_text(part)
    elif isinstance(node, ast.BinOp):
        yield from _literal_text(node.left)
        yield from _literal_text(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _literal_text(node.body)
        yield from _literal_text(node.orelse)


def _calls() -> Iterator[tuple[Path, ast.Call]]:
    for path in GAME_SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                yield path, node


def test_screens_draw_no_text_of_their_own() -> None:
    found = []
    for path, call in _calls():
        if _name_of(call) in DRAWING_CALLS and call.args:
            found += [f"{path.name}:{call.lineno}: {text!r}" for text in _literal_text(call.args[0])]
    assert not found, "text drawn without the catalogue (use t(...)):\n" + "\n".join(found)


def test_every_literal_key_is_in_the_catalogue() -> None:
    unknown = []
    for path, call in _calls():
        if _name_of(call) not in KEY_CALLS or not call.args:
            continue
        key = call.args[0]
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            if key.value not in STRINGS:
                unknown.append(f"{path.name}:{call.lineno}: {key.value!r}")
        elif isinstance(key, ast.JoinedStr) and isinstance(key.values[0], ast.Constant):
            prefix = str(key.values[0].value)  # f"level.{level}": some key must start so
            if not any(k.startswith(prefix) for k in STRINGS):
                unknown.append(f"{path.name}:{call.lineno}: {prefix!r}…")
    assert not unknown, "keys missing from game/strings.py:\n" + "\n".join(unknown)


def test_the_check_catches_literal_text() -> None:
    tree = ast.parse('theme.text("Привет", 20)\ntheme.text(t("menu.quit") + " !", 20)\n'
                     'one_line(f"Ход {k}", 12, c, 100)\ntheme.text(f"{a} · {b}", 20)')
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _name_of(n) in DRAWING_CALLS]
    assert [list(_literal_text(c.args[0])) for c in calls] == [["Привет"], [], ["Ход "], []]


# ----- every scene in English -------------------------------------------------------------------


@pytest.fixture
def english(pygame_session: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """English on, an empty data folder, and every text drawn recorded."""
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(tmp_path / "data"))
    drawn: list[str] = []
    real = theme.text

    def recording(s: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(s)
        return real(s, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", recording)
    strings.set_language("en")
    yield drawn
    strings.set_language("ru")


def test_every_scene_renders_in_english(english: list[str]) -> None:
    from game.match.settings import ComputerSettings, MatchSettings
    from game.scenes.dialog import ConfirmScene
    from game.scenes.files.open_game import SAMPLES_DIR, OpenGameScene
    from game.scenes.files.save_game import SaveGameScene
    from game.scenes.handoff import Match, Question, Reviewing
    from game.scenes.menu import MenuScene
    from game.scenes.picker import PickerScene
    from game.scenes.play import PlayScene
    from game.scenes.results import ResultsScene
    from game.scenes.review import ReviewScene
    from game.scenes.rules import RulesScene
    from game.scenes.versus import VersusScene

    control = Control((1024, 700))
    stack = control.stack
    finished = demo.countries_demo()
    finished.finish()
    unfinished.save_current(sgf.dumps(demo.classic_demo()), {"mode": "computer", "level": "master", "human": "red"})
    library.save_game("a game", sgf.dumps(finished))
    (library.games_dir() / "broken.sgf").write_text("(;GM[40]SZ[9];B[zz])", encoding="utf-8")
    vs = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.BEGINNER, Player.BLUE))
    scenes = [
        lambda: MenuScene(stack),
        lambda: VersusScene(stack, Rules.CLASSIC),
        lambda: PickerScene(stack, MatchSettings()),
        lambda: PlayScene(stack, Match(MatchSettings(width=20, height=15), demo.countries_demo())),
        lambda: PlayScene(stack, Match(MatchSettings(Rules.CLASSIC, 24, 20), demo.classic_demo())),
        lambda: ConfirmScene(stack, Question("confirm.stop", "confirm.stop.yes", stack.pop, hint="confirm.stop.hint",
                                             hint_fields={"player": "Red"})),
        lambda: RulesScene(stack, Rules.COUNTRIES),
        lambda: RulesScene(stack, Rules.CLASSIC),
        lambda: OpenGameScene(stack),
        lambda: SaveGameScene(stack, finished),
        lambda: ReviewScene(stack, Reviewing(finished, title="a game")),
        lambda: ReviewScene(stack, Reviewing(sgf.loads(sgf.dumps(demo.classic_demo())), step=3)),
        lambda: ResultsScene(stack, Match(MatchSettings(width=20, height=15), finished)),
        lambda: ResultsScene(stack, Match(vs, finished)),
        lambda: ResultsScene(stack, Match(MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings("master", Player.RED)),
                                          finished)),
        lambda: ResultsScene(stack, Match(MatchSettings(width=20, height=15), Game(20, 15))),
    ]
    for make in scenes:
        stack.shutdown_all()
        stack.scenes.clear()
        stack.push(make())
        for size in ((1024, 700), (800, 600), (600, 900)):
            control.resize(size)
            control.step(1 / 60)
        top = stack.top
        if isinstance(top, OpenGameScene):
            top.open_entry([g.name for g in top.games].index("broken"))  # the failure message, in English
            control.step(1 / 60)
            assert top.message is not None and top.message[0].text().startswith("Could not open")
    stack.shutdown_all()
    # The players of the sample game listed under «Открыть» are names from its record, not text of ours.
    named = {name for sample in SAMPLES_DIR.glob("*.sgf")
             for key, name in sgf.read_info(sample.read_text(encoding="utf-8")).items() if key in ("PB", "PW")}
    russian = sorted({s for s in english if CYRILLIC.search(s)} - named)
    assert not russian, f"Russian text on screen in English: {russian}"


def test_one_side_moving_alone_reads_in_the_singular_in_english() -> None:
    """«Blue move alone: 2:47» stood under «Blue to move»: one side is singular in English, as in «Blue wins!»."""
    from game.match.settings import MatchSettings
    from game.view import hud

    game = Game(12, 12, Rules.CLASSIC)
    game.play((3, 3))
    game.stop()  # Red, to move, calls «Стоп»: Blue moves alone
    strings.set_language("en")
    try:
        lines = [text for text, _ in hud.play_status(game, MatchSettings(Rules.CLASSIC, 12, 12), stop_clock="2:47",
                                                     ai_failed=False, autosave_failed=False)]
        assert "Blue moves alone: 2:47" in lines
        assert strings.t("confirm.stop.hint", player=strings.t("player.red")) == \
            "Red moves alone for up to three minutes"
    finally:
        strings.set_language("ru")
