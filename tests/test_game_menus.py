"""The menus around the game, driven by posted events under SDL's dummy driver: the rules
page, the language toggle, «Продолжить», saving and opening games, the review, the results.

Every test has its own empty data folder (``TOCHKI_DATA_DIR``) and ends in Russian.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pygame
import pytest
from conftest import FakeClock
from driving import click, key, post, press

from ai import Level
from engine import Game, Player, Rules, about, format_score, sgf
from game import strings
from game.control import Control
from game.match import demo
from game.match.opponent import Chooser
from game.match.replay import Replay
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.files.open_game import OpenGameScene
from game.scenes.files.save_game import SaveGameScene
from game.scenes.handoff import Match, Reviewing
from game.scenes.menu import MenuScene
from game.scenes.picker import PickerScene
from game.scenes.play import PlayScene
from game.scenes.results import CELEBRATION_SECONDS, ResultsScene
from game.scenes.review import ReviewScene
from game.scenes.rules import RulesScene, diagrams
from game.scenes.versus import VersusScene
from game.shots.headless import ZAGRAM
from game.storage import library, preferences, unfinished
from game.storage.preferences import Preferences
from game.view import language, paper, theme
from game.view.textfit import wrap
from game.view.widgets import Button


def first_legal(game: Game, level: str, **_: object) -> tuple[int, int]:
    return max(game.legal_moves())


# ----- helpers ----------------------------------------------------------------------------------


def finger(control: Control, kind: int, pos: tuple[float, float]) -> None:
    w, h = control.size
    post(control, pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=0, touch_id=1,
                                     pressure=1.0))


def open_menu(control: Control, *, chooser: Chooser | None = None) -> MenuScene:
    """The menu on the stack; ``chooser`` is the computer of every game started from it."""
    control.stack.chooser = chooser
    menu = MenuScene(control.stack)
    control.stack.push(menu)
    control.step(1 / 60)
    return menu


def finished_countries() -> Game:
    game = demo.countries_demo()
    game.finish()
    return game


# ----- the rules page ----------------------------------------------------------------------------


def test_menu_to_rules_page_and_back(control: Control, clock: FakeClock) -> None:
    menu = open_menu(control)
    press(control, menu.b_classic)
    press(control, menu.b_rules_page)
    page = control.stack.top
    assert isinstance(page, RulesScene) and page.rules is Rules.CLASSIC  # opens on the chosen rule set
    press(control, page.b_countries)
    assert page.rules is Rules.COUNTRIES and page.b_countries.selected
    assert page.max_scroll > 0, "the countries page should need scrolling at 1280×800"
    post(control, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    assert page.scroll == 2 * RulesScene.LINE
    key(control, pygame.K_END)
    assert page.scroll == page.max_scroll
    key(control, pygame.K_HOME)
    key(control, pygame.K_DOWN)
    assert page.scroll == RulesScene.LINE
    # A finger drags the page up by 200 px.
    x, y = page.view.center
    finger(control, pygame.FINGERDOWN, (x, y))
    finger(control, pygame.FINGERMOTION, (x, y - 120))
    finger(control, pygame.FINGERUP, (x, y - 200))
    assert abs(page.scroll - (RulesScene.LINE + 200)) <= 2  # touch comes as fractions of the window
    clock.ms += 1000  # past the guard that drops a mouse click echoing the finger
    key(control, pygame.K_RIGHT)  # the other tab, from the top
    assert page.rules is Rules.CLASSIC and page.scroll == 0
    press(control, page.b_back)
    assert control.stack.top is menu
    press(control, menu.b_rules_page)
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is menu


def test_rules_diagrams_are_real_positions_with_their_values() -> None:
    d = diagrams()
    values = {name: format_score(d[name].game.score(Player.BLUE)) for name in ("triangle", "square", "diamond", "ring")}
    assert values == {"triangle": "½", "square": "1", "diamond": "2", "ring": "4"}
    for name in values:
        assert d[name].game.move_count > 0  # played, not drawn
    crossed = d["crossed"].game
    assert crossed.is_dead((2, 2)) and crossed.dot_at((2, 2)) == Player.RED
    after = d["after"].game
    assert (after.score(Player.BLUE), after.score(Player.RED)) == (9, 0)
    assert any(layer.owner == Player.RED and layer.fade >= 1 for layer in after.layers)  # the faded layer
    assert d["before"].game.score(Player.RED) == 1 and d["edge"].game.score(Player.BLUE) == 0
    assert d["capture"].game.rules is Rules.CLASSIC and d["capture"].game.score(Player.BLUE) == 2
    free = d["free"].game
    assert free.score(Player.BLUE) == 0 and free.free_areas(Player.BLUE)
    assert d["trap"].game.score(Player.BLUE) == 1
    assert d["triangle"].caption() == "Три угла клетки:\u00a0½"
    strings.set_language("en")
    try:
        assert d["after"].caption() == "After: Blue\u00a09 · Red\u00a00"  # no-break: a score keeps its name
    finally:
        strings.set_language("ru")


def test_a_caption_never_leaves_a_score_alone_on_a_line(pygame_session: object) -> None:
    """1200×800 and 1366×768: «После: Синие 9 · красные» over a lone «0» under the takeover diagram."""
    font = theme.font(theme.text_size((1200, 800), 13), True)
    try:
        for lang in ("ru", "en"):
            strings.set_language(lang)
            for name, diagram in diagrams().items():
                for width in range(60, 400, 7):
                    for line in wrap(diagram.caption(), font, width):
                        assert not line.replace("½", "").isdigit() and line != "½", (lang, name, width, line)
    finally:
        strings.set_language("ru")


def test_no_line_of_any_text_starts_with_a_dash(pygame_session: object) -> None:
    """The rules page wrapped «… где бы вы ни сыграли,» over «— если только …»: a dash stays with the word
    before it, in every text of the catalogue, at any width."""
    font = theme.font(16)
    for name, texts in strings.STRINGS.items():
        for text in texts.values():
            if " — " not in text and " – " not in text:
                continue
            for width in range(80, 700, 9):
                lines = wrap(text, font, width)
                assert not any(line.startswith(("—", "–")) for line in lines), (name, width, lines)


def test_rules_page_drags_with_the_mouse_too(control: Control) -> None:
    control.stack.go("rules")
    control.step(1 / 60)
    page = control.stack.top
    assert isinstance(page, RulesScene)
    x, y = page.view.center
    post(control, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y - 90), rel=(0, -90), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y - 90), button=1))
    assert page.scroll == 90
    key(control, pygame.K_PAGEDOWN)
    assert page.scroll > 90


# ----- language -----------------------------------------------------------------------------------


def test_language_toggle_switches_texts_and_is_remembered(control: Control, data_dir: Path) -> None:
    menu = open_menu(control)
    assert menu.b_hotseat.label == "Два игрока" and menu.language_buttons["ru"].selected
    press(control, menu.language_buttons["en"])
    assert strings.language() == "en"
    assert menu.b_hotseat.label == "Two players" and menu.b_rules_page.label == "Rules"
    assert menu.language_buttons["en"].selected and not menu.language_buttons["ru"].selected
    assert pygame.display.get_caption()[0] == f"Dots — Countries {about.VERSION}"  # the version stays in the title
    assert preferences.load_settings().language == "en"
    # The next start: Russian in force until the saved choice is applied.
    strings.set_language("ru")
    assert language.apply_saved(Preferences.load()) == "en" and strings.t("menu.quit") == "Quit"
    press(control, menu.language_buttons["ru"])
    assert menu.b_hotseat.label == "Два игрока" and preferences.load_settings().language == "ru"


def test_language_choice_keeps_the_other_settings(control: Control) -> None:
    chosen = control.preferences
    chosen.remember(sound=False, setup=MatchSettings(Rules.CLASSIC))
    language.choose("en", chosen)
    kept = preferences.load_settings()
    assert (kept.language, kept.sound, kept.setup.rules) == ("en", False, Rules.CLASSIC)


# ----- «Продолжить» -----------------------------------------------------------------------------


def test_continue_appears_only_with_a_save_and_resumes_the_same_game(control: Control) -> None:
    menu = open_menu(control, chooser=first_legal)
    assert menu.resumable is None and menu.b_continue.rect.w == 0 and menu.b_hotseat.primary
    game = Game(width=12, height=9, rules=Rules.CLASSIC)
    for p in [(5, 4), (6, 4), (5, 3), (6, 5), (4, 4)]:
        game.play(p)
    unfinished.save_current(sgf.dumps(game), {"mode": "computer", "level": "amateur", "human": "red", "rules": "classic"})
    press(control, menu.b_rules_page)  # the menu looks again whenever it comes back on top
    key(control, pygame.K_ESCAPE)
    assert menu.resumable is not None and menu.b_continue.rect.w > 0 and not menu.b_hotseat.primary
    press(control, menu.b_continue)
    play = control.stack.top
    assert isinstance(play, PlayScene)
    assert play.game.history == game.history and play.game.rules is Rules.CLASSIC
    assert (play.game.width, play.game.height) == (12, 9)
    assert play.settings.computer == ComputerSettings("amateur", Player.RED)
    assert play.opponent is not None and play.opponent.player == Player.BLUE


def test_a_corrupt_save_shows_one_line_and_no_continue(control: Control, data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / unfinished.AUTOSAVE_FILE).write_text("(;GM[40]SZ[9];B[aa];B[\n", encoding="utf-8")
    menu = open_menu(control)
    assert menu.notice is not None and "\n" not in menu.notice.text() and "cut short" not in menu.notice.text()
    assert menu.notice.why == "problem.damaged"  # a sentence in the player's language, the detail in the log
    assert menu.resumable is None and menu.b_continue.rect.w == 0
    assert list(data_dir.glob("unfinished/*.corrupt-*.sgf")), "the bad autosave was not set aside"
    for size in ((800, 600), (1920, 1080)):
        control.resize(size)
        control.step(1 / 60)
    assert menu.notice  # still shown after the menu looked again
    key(control, pygame.K_RETURN)  # no game to continue: Enter starts a new one as before
    assert control.stack.top is not menu


def test_a_corrupt_saves_notice_is_wrapped_under_the_buttons_clear_of_the_margin(control: Control,
                                                                                   data_dir: Path) -> None:
    """The notice ran on one line the width of the window, across the notebook's red margin line and up to
    its right edge: it is wrapped now, every word kept, under «Выход» and inside the window."""
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / unfinished.AUTOSAVE_FILE).write_text("(;GM[40]SZ[9];B[zz])", encoding="utf-8")
    menu = open_menu(control)
    assert menu.notice is not None
    for lang in ("ru", "en"):
        menu.set_language(lang)
        for size in ((800, 600), (1024, 600), (1200, 800), (1366, 768), (1920, 1080)):
            control.resize(size)
            control.step(1 / 60)
            w, h = size
            font = theme.font(theme.text_size(size, 16))
            lines = menu._notice_lines
            assert len(lines) >= 2 and " ".join(lines) == " ".join(menu.notice.text().split()), (lang, size)
            for line in lines:
                assert (w - font.size(line)[0]) // 2 >= paper.MARGIN_X + 16, (lang, size, line)
            top = min(menu._notice_y, h - len(lines) * font.get_linesize() - 6)
            assert top >= menu.b_quit.rect.bottom + 4, (lang, size)
            assert top + len(lines) * font.get_linesize() <= h, (lang, size)


# ----- saving, opening, reviewing --------------------------------------------------------------


def test_save_a_finished_game_see_it_open_it_and_step_through(control: Control, data_dir: Path) -> None:
    menu = open_menu(control)
    game = finished_countries()
    results = ResultsScene(control.stack, Match(MatchSettings(width=20, height=15), game))
    control.stack.push(results)
    control.step(1 / 60)
    press(control, results.b_save)
    save = control.stack.top
    assert isinstance(save, SaveGameScene) and save.name_text.endswith("Страны")
    for _ in range(len(save.name_text)):
        key(control, pygame.K_BACKSPACE)
    post(control, pygame.event.Event(pygame.TEXTINPUT, text="Партия/с Машей"))
    press(control, save.b_save)
    saved = data_dir / "games" / "Партия_с Машей.sgf"
    assert saved.is_file() and save.message is not None and "Партия_с Машей" in save.message[0].text()
    assert [g.name for g in save.games] == ["Партия_с Машей"] and save.selected == 0
    assert not save.b_save.enabled  # a second press would only make a copy
    assert sgf.loads(saved.read_text(encoding="utf-8")).history == game.history
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is results
    press(control, results.b_menu)
    assert control.stack.top is menu
    press(control, menu.b_open)
    files = control.stack.top
    assert isinstance(files, OpenGameScene) and [g.name for g in files.games] == ["Партия_с Машей"]
    row = files.list_rect.x + 40, files.list_rect.y + files.row_h // 2
    click(control, row)
    review = control.stack.top
    assert isinstance(review, ReviewScene) and review.title == "Партия_с Машей"
    n = len(COUNTRIES_MOVES := demo.COUNTRIES_SCRIPT)
    assert review.replay.moves == n and review.step == n
    assert review.game.score(Player.BLUE) == game.score(Player.BLUE)
    key(control, pygame.K_HOME)
    assert review.step == 0 and review.game.move_count == 0 and review.game.score(Player.BLUE) == 0
    for k in range(1, n + 1):  # → through the whole game: the scores follow the real game's
        key(control, pygame.K_RIGHT)
        fresh = demo.play_script(Game(20, 15), COUNTRIES_MOVES[:k])
        assert review.step == k
        assert (review.game.score(Player.BLUE), review.game.score(Player.RED)) == \
            (fresh.score(Player.BLUE), fresh.score(Player.RED))
    key(control, pygame.K_RIGHT)  # past the end: stays
    assert review.step == n and review.game.is_over  # the Finish goes with the last move
    key(control, pygame.K_LEFT)
    assert review.step == n - 1 and not review.game.finished
    press(control, review.b_prev)
    assert review.step == n - 2
    press(control, review.b_last)
    assert review.step == n and not review.b_next.enabled
    press(control, review.b_first)
    assert review.step == 0 and not review.b_prev.enabled
    key(control, pygame.K_END)
    assert review.step == n
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is files


def test_review_from_results_and_play_on_from_a_move(control: Control) -> None:
    open_menu(control)
    game = finished_countries()
    results = ResultsScene(control.stack, Match(MatchSettings(width=20, height=15), game))
    control.stack.push(results)
    control.step(1 / 60)
    press(control, results.b_review)
    review = control.stack.top
    assert isinstance(review, ReviewScene) and review.step == review.replay.moves
    for _ in range(4):
        press(control, review.b_first if _ == 0 else review.b_next)
    assert review.step == 3
    press(control, review.b_play_on)
    play = control.stack.top
    assert isinstance(play, PlayScene) and play.game.move_count == 3 and not play.game.is_over
    assert play.game is not game and game.is_over  # the finished game itself is untouched
    press(control, play.panel.b_menu)
    assert control.stack.top is not play


def test_a_game_from_another_program_opens_and_steps_to_the_end(control: Control, data_dir: Path) -> None:
    assert ZAGRAM.is_file(), f"the zagram record is missing: expected it at {ZAGRAM}"
    (data_dir / "games").mkdir(parents=True)
    shutil.copy(ZAGRAM, data_dir / "games" / ZAGRAM.name)
    menu = open_menu(control)
    press(control, menu.b_open)
    files = control.stack.top
    assert isinstance(files, OpenGameScene)
    key(control, pygame.K_DOWN)
    key(control, pygame.K_RETURN)
    review = control.stack.top
    assert isinstance(review, ReviewScene), files.message
    assert review.game.rules is Rules.CLASSIC and (review.game.width, review.game.height) == (39, 32)
    assert review.players == ("Митрандир", "Роман Максимов")
    key(control, pygame.K_HOME)
    assert review.step == 0 and sum(1 for _ in review.game.dots()) == 16  # the setup cross
    key(control, pygame.K_PAGEDOWN)
    assert review.step == 10 and review.game.move_count == 10
    key(control, pygame.K_END)
    assert review.step == review.replay.moves == 244
    assert (format_score(review.game.score(Player.BLUE)), format_score(review.game.score(Player.RED))) == ("3", "60")


def test_broken_files_in_the_games_folder_show_a_message(control: Control, data_dir: Path) -> None:
    games = data_dir / "games"
    games.mkdir(parents=True)
    (games / "broken.sgf").write_text("(;GM[40]SZ[9];B[ii];W[ii])", encoding="utf-8")
    (games / "empty.sgf").write_bytes(b"")
    (games / "latin1.sgf").write_bytes("(;GM[40]SZ[9]C[\xe9])".encode("latin-1"))
    menu = open_menu(control)
    press(control, menu.b_open)
    files = control.stack.top
    assert isinstance(files, OpenGameScene) and len(files.games) == 3
    for i, entry in enumerate(files.games):
        click(control, (files.list_rect.x + 40, files.list_rect.y + i * files.row_step + files.row_h // 2))
        assert control.stack.top is files, f"{entry.name} should not open"
        assert files.message is not None and entry.name in files.message[0].text()
        assert "\n" not in files.message[0].text()
    (games / "broken.sgf").unlink()  # gone between listing and opening
    files.open_entry([g.name for g in files.games].index("broken"))
    assert control.stack.top is files and files.message is not None
    assert files.message[0].text().endswith("файла больше нет")


def test_the_file_list_scrolls_and_a_drag_does_not_open(control: Control) -> None:
    text = sgf.dumps(finished_countries())
    for i in range(30):
        library.save_game(f"game {i:02}", text)
    control.stack.push(OpenGameScene(control.stack))
    control.step(1 / 60)
    files = control.stack.top
    assert isinstance(files, OpenGameScene) and files.max_scroll > 0
    x, y = files.list_rect.centerx, files.list_rect.centery
    post(control, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y - 100), rel=(0, -100), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y - 100), button=1))
    assert files.scroll == 100 and control.stack.top is files
    key(control, pygame.K_END)
    assert files.selected == 30 and files.entry(30).path.parent.name == "samples"  # the sample, listed apart, last
    assert files.scroll == files.max_scroll


# ----- results -----------------------------------------------------------------------------------


class FakeSounds:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


def test_results_celebrate_a_winner_and_play_the_end_sound_once(control: Control) -> None:
    open_menu(control)
    sounds = FakeSounds()
    control.stack.sounds = sounds  # type: ignore[assignment]
    results = ResultsScene(control.stack, Match(MatchSettings(width=20, height=15), finished_countries()))
    control.stack.push(results)
    control.step(0.5)
    assert results.winner == Player.BLUE and results.celebrating and results.wake_in() == 0
    assert sounds.played == ["end"]
    press(control, results.b_review)
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is results and sounds.played == ["end"]
    control.step(CELEBRATION_SECONDS)
    assert not results.celebrating
    control.step(results.announced.end)  # the first game kept earns achievements: announced meanwhile
    assert results.wake_in() is None
    assert [b.label for b in (results.b_again, results.b_review, results.b_save, results.b_menu)] == \
        ["Ещё раз", "Разбор", "Сохранить партию", "В меню"]


def test_a_draw_and_the_computers_win_get_no_confetti(control: Control) -> None:
    open_menu(control)
    draw = Game(20, 15)
    draw.finish()
    calm = ResultsScene(control.stack, Match(MatchSettings(width=20, height=15), draw))
    control.stack.push(calm)
    control.step(0.5)
    assert calm.winner is None and not calm.pieces and calm.verdict == "Ничья"
    lost = ResultsScene(control.stack, Match(MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings(Level.BEGINNER, Player.RED)),
                                             finished_countries()))
    control.stack.replace(lost)
    control.step(0.5)
    assert lost.winner is None and not lost.pieces and lost.verdict == "Победил компьютер"


def test_replay_goes_back_and_forth_with_stop_and_finish() -> None:
    game = Game(width=10, height=10, rules=Rules.CLASSIC)
    for p in [(4, 4), (5, 5), (4, 5)]:
        game.play(p)
    game.stop()  # Red, to move, stops; Blue moves alone
    game.play((6, 6))
    game.play((7, 7))
    game.finish()
    replay = Replay(game)
    assert replay.moves == 5 and replay.game.is_over
    replay.goto(3)
    assert replay.game.stopped_by == Player.RED and replay.game.move_count == 3
    replay.goto(2)
    assert replay.game.stopped_by is None and replay.game.to_move == Player.BLUE and replay.game.move_count == 2
    replay.goto(5)
    assert replay.game.history == game.history
    replay.goto(4)
    assert replay.game.last_move == (6, 6)
    again = replay.playable()
    assert not again.finished and again.stopped_by == Player.RED and again.to_move == Player.BLUE
    replay.goto(5)
    assert replay.game.finished and not replay.playable().finished


def test_screenshots_and_smoke_cover_the_new_scenes(pygame_session: object, data_dir: Path) -> None:
    from game.shots import pictures, setups

    control = Control((800, 600))
    names = [name for name, _ in setups.screenshot_scenes(control)]
    for scene in ("rules-countries", "rules-classic", "menu-continue", "review-zagram", "files-open",
                  "files-save", "results-celebration", "results-draw", "unfinished", "play-computer-thinking"):
        assert scene in names
    assert "en" in pictures.SCREENSHOT_LANGUAGES and (1024, 600) in pictures.SCREENSHOT_SIZES
    control.stack.shutdown_all()


def test_the_screenshots_saved_games_are_named_in_the_language_shown(pygame_session: object, data_dir: Path) -> None:
    """The English pictures of «Open a game» listed «2026-11-30 14-26 Страны» and «… Классика»: the folder
    was filled once, in Russian. Each language now finds its own names, and only those."""
    from game.shots import pictures

    try:
        saved = pictures.a_few_saved_games()
        assert {p.stem.rsplit(" ", 1)[-1] for p in saved} >= {"Страны", "Классика"}
        strings.set_language("en")
        saved = pictures.a_few_saved_games(replacing=saved)
        names = sorted(p.stem for p in library.games_dir().glob("*.sgf"))
        assert names == sorted(p.stem for p in saved) and len(names) == 3
        assert not any(re.search("[а-яё]", name, re.IGNORECASE) for name in names), names
        assert {name.rsplit(" ", 1)[-1] for name in names} >= {"Countries", "Classic"}
    finally:
        strings.set_language("ru")


# ----- choices remembered (issue 10) ---------------------------------------------------------------


def test_choices_come_back_on_the_next_visit_and_after_a_restart(control: Control, data_dir: Path) -> None:
    menu = open_menu(control, chooser=first_legal)
    assert menu.rules is Rules.COUNTRIES and menu.b_hotseat.primary and not menu.b_computer.primary
    press(control, menu.b_classic)
    press(control, menu.b_computer)
    versus = control.stack.top
    assert isinstance(versus, VersusScene) and versus.rules is Rules.CLASSIC
    assert versus.level == "beginner" and versus.human == Player.BLUE  # the defaults, the first time
    press(control, versus.level_buttons[2])
    press(control, versus.b_red)
    press(control, versus.b_next)
    picker = control.stack.top
    assert isinstance(picker, PickerScene) and not any(b.selected for b in picker.size_buttons)
    assert picker.b_auto.selected and not any(b.primary for b in picker.size_buttons + [picker.b_auto])
    press(control, picker.size_buttons[1])  # 15 × 15
    play = control.stack.top
    assert isinstance(play, PlayScene) and (play.game.width, play.game.height) == (15, 15)
    key(control, pygame.K_ESCAPE)  # nothing played yet: straight back to the picker
    key(control, pygame.K_ESCAPE)
    key(control, pygame.K_ESCAPE)
    assert control.stack.top is menu
    # Leave and come back: the versus screen and the picker open on the last choices.
    press(control, menu.b_computer)
    again = control.stack.top
    assert isinstance(again, VersusScene) and again is not versus
    assert again.level == "master" and again.human == Player.RED
    assert again.level_buttons[2].selected and again.b_red.selected and not again.b_blue.selected
    press(control, again.b_next)
    picker = control.stack.top
    assert isinstance(picker, PickerScene) and picker.size_buttons[1].selected
    # One choice marked: the size remembered, not «Авто» beside it as well (issue 29).
    assert [b for b in picker.size_buttons + [picker.b_auto] if b.selected or b.primary] == [picker.size_buttons[1]]
    key(control, pygame.K_RETURN)  # Enter starts the board chosen last
    play = control.stack.top
    assert isinstance(play, PlayScene) and (play.game.width, play.game.height) == (15, 15)
    assert play.settings.computer == ComputerSettings("master", Player.RED) and play.game.rules is Rules.CLASSIC
    control.stack.shutdown_all()
    control.stack.scenes.clear()

    # A restart: a new window and stack read the settings file.
    assert (data_dir / preferences.SETTINGS_FILE).is_file()
    restarted = Control((1280, 800))
    menu = MenuScene(restarted.stack)
    restarted.stack.push(menu)
    restarted.step(1 / 60)
    assert menu.rules is Rules.CLASSIC and menu.b_classic.selected
    assert menu.mode == "computer" and menu.b_computer.primary and not menu.b_hotseat.primary
    key(restarted, pygame.K_RETURN)  # Enter takes the way to play chosen last
    versus = restarted.stack.top
    assert isinstance(versus, VersusScene) and versus.level == "master" and versus.human == Player.RED
    restarted.stack.shutdown_all()


def test_a_remembered_choice_is_written_only_when_it_changes(control: Control, data_dir: Path) -> None:
    menu = open_menu(control)
    press(control, menu.b_classic)
    path = data_dir / preferences.SETTINGS_FILE
    assert preferences.load_settings().setup.rules is Rules.CLASSIC
    path.write_text('{"rules": "countries"}', encoding="utf-8")  # another hand, after the start
    press(control, menu.b_classic)  # the same choice again: nothing to write
    assert path.read_text(encoding="utf-8") == '{"rules": "countries"}'
    press(control, menu.b_countries)  # the game's own choice still said classic: a change, written
    assert preferences.load_settings().setup.rules is Rules.COUNTRIES


def test_the_scenes_read_the_choices_the_loop_was_given_not_the_file(control: Control, data_dir: Path) -> None:
    master = ComputerSettings(Level.MASTER, Player.RED)
    preferences.save_settings(preferences.Settings(setup=MatchSettings(Rules.CLASSIC, 15, 15, master), computer=master,
                                                   auto_board=False))
    menu = open_menu(control)  # the loop read the file before it was written
    assert menu.rules is Rules.COUNTRIES and menu.mode == "hotseat" and menu.b_countries.selected
    press(control, menu.b_computer)
    versus = control.stack.top
    assert isinstance(versus, VersusScene) and versus.level is Level.BEGINNER and versus.human is Player.BLUE


@pytest.mark.parametrize("size", [(1024, 600), (1200, 800), (1366, 768), (1920, 1080)])
def test_the_unfinished_button_beside_continue_keeps_the_menus_type_size(control: Control,
                                                                        size: tuple[int, int]) -> None:
    """At a third of the row «Неоконченные: 1» was shrunk to a smaller type than every button around it."""
    for n in range(12):  # two digits: the widest label the list's count gives
        game = Game(10, 10)
        game.play((n % 10, n // 10))
        unfinished.save_current(sgf.dumps(game), {"mode": "hotseat", "rules": "countries"})
    control.resize(size)
    menu = open_menu(control)
    for code in ("ru", "en"):
        press(control, menu.language_buttons[code])
        px = theme.text_size(control.size, 22)
        for button in (menu.b_unfinished, menu.b_continue):
            assert button.rect.w > 0
            assert theme.text(button.label, px, theme.INK, bold=button.primary).get_width() <= button.rect.w - 20, \
                (code, button.label)
        assert menu.b_continue.rect.right < menu.b_unfinished.rect.x
        assert menu.b_unfinished.rect.right == menu.b_hotseat.rect.right  # the row keeps the column's width
    language.choose("ru")


@pytest.mark.parametrize("size", [(1024, 600), (1200, 800), (1366, 768), (1920, 1080)])
def test_the_reviews_word_buttons_share_one_type_a_row(control: Control, size: tuple[int, int],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """«Играть отсюда» was shrunk on its own beside «Анализ» at its full size; now a row reads as a pair."""
    control.resize(size)
    open_menu(control)
    review = ReviewScene(control.stack, Reviewing(demo.countries_demo()))
    control.stack.push(review)
    drawn: dict[str, int] = {}
    real = theme.text

    def text(s: str, px: int, *args: object, **kwargs: object) -> pygame.Surface:
        drawn[s] = px  # the last size each string was drawn at (a shrunk label is drawn twice)
        return real(s, px, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", text)
    for code in ("ru", "en"):
        language.choose(code)
        review.analysis = None
        for key_ in ("review.analyse", "review.analyse.stop"):  # idle and while it runs
            review.b_analyse.key = key_
            drawn.clear()
            review.draw(control.screen)
            rows: dict[int, list[Button]] = {}
            for b in (review.b_play_on, review.b_analyse, review.b_back, review.b_menu):
                rows.setdefault(b.rect.y, []).append(b)
            for row in rows.values():
                sizes = {drawn[part] for b in row for part in drawn_parts(b, drawn)}
                assert len(sizes) == 1, (code, [(part, drawn[part]) for b in row for part in drawn_parts(b, drawn)])
                for b in row:
                    for part in drawn_parts(b, drawn):
                        assert theme.font(drawn[part]).size(part)[0] <= b.rect.w - 20
            # «Играть отсюда» in the type of «Назад» below it: at 1024×600 «Play on from here» was
            # shrunk to 13 px beside «Analysis»; on two lines it keeps the buttons' full type.
            [play_on_px] = {drawn[part] for part in drawn_parts(review.b_play_on, drawn)}
            assert play_on_px == drawn[review.b_back.label] == theme.text_size(size, 21), (code, key_)
    language.choose("ru")


def drawn_parts(button: Button, drawn: dict[str, int]) -> list[str]:
    """What was drawn of ``button``'s label: the label itself, or its two lines when it wrapped."""
    if button.label in drawn:
        return [button.label]
    words = button.label.split()
    pairs = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    [lines] = [pair for pair in pairs if all(line in drawn for line in pair)]
    return lines


@pytest.mark.parametrize("size", [(1024, 600), (1200, 800), (1366, 768), (1920, 1080)])
def test_a_row_of_choices_keeps_one_type_as_the_choice_moves(control: Control, size: tuple[int, int],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """«Синими (первый ход)», bold once chosen, was shrunk alone beside «Красными» at 1920×1080; now the
    row is drawn in one type, the same whichever is chosen, and no label comes within 10 px of its frame."""
    control.resize(size)
    open_menu(control)
    versus = VersusScene(control.stack, Rules.COUNTRIES)
    control.stack.push(versus)
    control.step(1 / 60)
    drawn: dict[str, int] = {}
    real = theme.text

    def text(s: str, px: int, *args: object, **kwargs: object) -> pygame.Surface:
        drawn[s] = px  # the last size each string was drawn at (a shrunk label is drawn twice)
        return real(s, px, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", text)
    for code in ("ru", "en"):
        language.choose(code)
        seen = set()
        for chosen in (versus.b_red, versus.b_blue):
            press(control, chosen)
            drawn.clear()
            versus.draw(control.screen)
            row = (versus.b_blue, versus.b_red)
            seen |= {drawn[b.label] for b in row}
            for b in row:
                width = theme.font(drawn[b.label], b.selected).size(b.label)[0]
                assert width <= b.rect.w - 20, (code, b.label)
        assert len(seen) == 1, (code, seen)
    language.choose("ru")
