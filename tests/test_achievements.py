"""Issue 30, achievements: each one's rule over the finished games kept, their progress, the file that keeps
them earned (damaged, hostile, lost or unwritable: a notice, and the history still counts), the page reached
from «Успехи», and the announcement on the results after a game played to the end by posted events."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pygame
import pytest
from driving import click, key, press

from ai import Level
from engine import Game, Player, Rules
from game import strings
from game.control import Control
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.achievements import AchievementsScene, shown_date
from game.scenes.dialog import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.picker import PickerScene
from game.scenes.play import PlayScene
from game.scenes.progress import ProgressScene
from game.scenes.results import ResultsScene
from game.storage import achievements, earned, history
from game.storage.achievements import ACHIEVEMENTS, BY_KEY, standings
from game.storage.history import Finished
from game.view import achieved

# ----- the rules -------------------------------------------------------------------------------------------


def game(*, rules: str = "countries", size: tuple[int, int] = (20, 15), level: str | None = "beginner",
         human: str | None = "blue", winner: str | None = "blue", moves: int = 60, capture: int = 0,
         countries: int = 0, takeovers: int = 0, hints: int = 0, takebacks: int = 0) -> Finished:
    """One finished game's facts as the history keeps them (against the beginner, won by the person)."""
    if level is None:
        human = None
    return Finished("x.sgf", "2025-01-18T12:00:00", rules, size[0], size[1], level, human, winner, "finish", moves,
                    ("9", "2"), capture, countries, takeovers, hints, takebacks)


def won(level: str = "beginner", **kw: object) -> Finished:
    return game(level=level, **kw)  # type: ignore[arg-type]


def lost(level: str = "beginner", **kw: object) -> Finished:
    return game(level=level, winner="red", **kw)  # type: ignore[arg-type]


def drawn(**kw: object) -> Finished:
    return game(winner=None, **kw)  # type: ignore[arg-type]


def hotseat(**kw: object) -> Finished:
    return game(level=None, **kw)  # type: ignore[arg-type]


CLASSIC = "classic"
CASES: dict[str, tuple[list[Finished], list[Finished]]] = {
    # key: (games that earn it, games that come closest without)
    "first_country": ([hotseat(countries=1)], [hotseat(rules=CLASSIC, countries=3), lost()]),
    "first_surround": ([lost(rules=CLASSIC, capture=1)], [won(capture=5), hotseat(rules=CLASSIC)]),
    "first_takeover": ([hotseat(takeovers=1)], [won(countries=4, capture=3)]),
    "capture_ten": ([lost(capture=10)], [won(capture=9), hotseat(capture=9), won(rules=CLASSIC, capture=9)]),
    "classic_six": ([hotseat(rules=CLASSIC, capture=6)], [won(capture=12), won(rules=CLASSIC, capture=5)]),
    "takeovers_three": ([lost(takeovers=3)], [won(takeovers=2), won(takeovers=2)]),
    "countries_fifty": ([hotseat(countries=20), lost(countries=30)],
                        [won(countries=49), won(rules=CLASSIC, countries=10)]),
    "first_win": ([won()], [hotseat(), lost(), drawn()]),
    "beat_beginner": ([won("beginner")], [won("amateur"), won("master"), lost("beginner"), drawn()]),
    "beat_amateur": ([won("amateur")], [won("beginner"), lost("amateur")]),
    "beat_master": ([won("master", hints=3)], [won("amateur"), lost("master"), drawn(level="master")]),
    "clean_win": ([won("amateur")], [won(hints=1), won(takebacks=1), hotseat()]),
    "clean_master": ([won("master")], [won("master", takebacks=1), won("master", hints=1), won("amateur")]),
    "largest_board": ([won(size=(38, 31))], [won(size=(30, 30)), hotseat(size=(38, 31)), lost(size=(38, 31))]),
    "both_rules": ([won(), lost(rules=CLASSIC), won(rules=CLASSIC)],
                   [won(), won(), won(), hotseat(rules=CLASSIC), lost(rules=CLASSIC)]),
    "run_three": ([won(), hotseat(winner="red"), won("master"), won(rules=CLASSIC)],
                  [won(), won(), lost(), won(), won(), drawn(), won()]),
    "wins_ten": ([won()] * 10, [won()] * 9 + [lost()] * 5 + [hotseat()] * 5),
    "long_game": ([hotseat(moves=200)], [won(moves=199), lost(moves=150)]),
    "played_25": ([won(), lost(), drawn()] * 8 + [hotseat()], [won()] * 24),
    "first_hotseat": ([hotseat(winner=None)], [won(), lost()]),
    "hotseat_ten": ([hotseat()] * 10, [hotseat()] * 9 + [won()] * 3),
}


def test_every_achievement_has_its_rule_tested() -> None:
    assert list(CASES) == [a.key for a in ACHIEVEMENTS]
    assert 12 <= len(ACHIEVEMENTS) <= 24 and len(BY_KEY) == len(ACHIEVEMENTS)


@pytest.mark.parametrize("key", list(CASES))
def test_each_rule_earns_with_the_games_that_meet_it_and_not_with_those_that_fall_short(key: str) -> None:
    earning, short = CASES[key]
    got = {s.achievement.key: s for s in standings(earning)}[key]
    assert got.earned and got.value == got.goal and got.by == len(earning)
    missed = {s.achievement.key: s for s in standings(short)}[key]
    assert not missed.earned and missed.value < missed.goal


def test_progress_is_counted_towards_the_goal_and_stops_at_it() -> None:
    games = [won()] * 7 + [lost(capture=4)]
    got = {s.achievement.key: s for s in standings(games)}
    assert (got["wins_ten"].value, got["wins_ten"].goal) == (7, 10)
    assert (got["capture_ten"].value, got["run_three"].value, got["run_three"].by) == (4, 3, 3)
    assert got["first_win"].by == 1
    many = {s.achievement.key: s for s in standings([won()] * 40)}
    assert many["wins_ten"].value == 10 and many["wins_ten"].by == 10 and many["played_25"].by == 25


def test_names_and_what_they_ask_are_in_both_languages() -> None:
    for a in ACHIEVEMENTS:
        for lang in strings.LANGUAGES:
            assert a.name[lang].strip() and a.asks[lang].strip(), (a.key, lang)
        assert not any("а" <= c.lower() <= "я" for c in a.name["en"] + a.asks["en"]), a.key
        assert "«" not in a.asks["en"] + a.name["en"], a.key
        assert a.counted == (a.goal > 1)
    strings.set_language("en")
    try:
        assert BY_KEY["wins_ten"].says() == "Win 10 games against the computer"
    finally:
        strings.set_language("ru")
    assert BY_KEY["largest_board"].says() == "Выиграйте у компьютера на поле 38×31"


# ----- the file that keeps them earned ------------------------------------------------------------------------

RING = [(1, 0), (1, 1), (0, 1), (4, 4), (2, 1), (4, 3), (1, 2)]
"""Blue rings Red's dot at (1, 1): one country, one dot captured."""
T0 = datetime(2025, 1, 18, 12, 0, 0)


def ringed() -> Game:
    g = Game(5, 5)
    for node in RING:
        g.play(node)
    g.finish()
    return g


def keep(settings: MatchSettings, n: int = 1) -> list[history.Kept]:
    return [history.keep_game(ringed(), settings, None, now=T0 + timedelta(minutes=len(history.load().games)))
            for _ in range(n)]


HOTSEAT = MatchSettings(Rules.COUNTRIES, 5, 5)


def versus(level: Level) -> MatchSettings:
    return MatchSettings(Rules.COUNTRIES, 5, 5, ComputerSettings(level, Player.BLUE))  # Blue rings: the person wins


def test_a_kept_game_announces_what_it_earned_once_and_the_file_keeps_it(data_dir: Path) -> None:
    (first,) = keep(HOTSEAT)
    assert {a.key for a in earned.announce(first)} == {"first_country", "first_hotseat"}
    (second,) = keep(HOTSEAT)
    assert earned.announce(second) == []
    (win,) = keep(versus(Level.AMATEUR))
    assert {a.key for a in earned.announce(win)} == {"first_win", "beat_amateur", "clean_win"}
    data = json.loads(earned.earned_path().read_text(encoding="utf-8"))
    assert data["version"] == earned.VERSION
    assert set(data["earned"]) == {"first_country", "first_hotseat", "first_win", "beat_amateur", "clean_win"}
    assert data["earned"]["first_country"] == "2025-01-18T12:00:00"


def test_a_game_not_kept_announces_nothing(data_dir: Path) -> None:
    assert earned.announce(history.Kept(None, history.History())) == []
    assert not earned.earned_path().exists()


def test_one_earned_by_a_game_the_history_let_go_stays_earned(data_dir: Path) -> None:
    history.set_keep(history.KEEP_CHOICES[0])
    (win,) = keep(versus(Level.MASTER))
    assert "beat_master" in {a.key for a in earned.announce(win)}
    for kept in keep(HOTSEAT, history.KEEP_CHOICES[0]):
        earned.announce(kept)
    assert all(g.level is None for g in history.load().games), "the win went with the oldest"
    shown = {s.achievement.key: s for s in earned.board().shown}
    assert shown["beat_master"].earned and shown["beat_master"].value == 1
    assert shown["beat_master"].when == "2025-01-18T12:00:00"


def test_a_lost_file_or_a_lost_summary_changes_nothing_the_history_shows(data_dir: Path) -> None:
    for kept in keep(HOTSEAT, 2) + keep(versus(Level.BEGINNER)):
        earned.announce(kept)
    before = [(s.achievement.key, s.earned, s.value, s.when) for s in earned.board().shown]
    earned.earned_path().unlink()
    (history.history_dir() / history.SUMMARY_FILE).unlink()
    history.forget()
    after = earned.board()
    assert [(s.achievement.key, s.earned, s.value, s.when) for s in after.shown] == before and not after.notices
    assert sum(1 for s in after.shown if s.earned) == 5


HOSTILE = {
    "garbled": b"\x00\xff garbage \x9c",
    "not an object": b"[1, 2, 3]",
    "another game's key": json.dumps({"version": 1, "earned": {"../../etc": "2025"}}).encode(),
    "a date that is no text": json.dumps({"version": 1, "earned": {"first_win": {"x": 1}}}).encode(),
    "a long date": json.dumps({"version": 1, "earned": {"first_win": "9" * 5000}}).encode(),
    "no version": json.dumps({"earned": {"first_win": "2025"}}).encode(),
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "huge": None,  # a sparse file of 300 MB
    "a folder": None,
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_damaged_or_hostile_file_gives_a_notice_and_the_history_still_counts(data_dir: Path, case: str) -> None:
    (kept,) = keep(versus(Level.BEGINNER))
    path = earned.earned_path()
    if case == "huge":
        with path.open("wb") as f:
            f.truncate(300 * 1024 * 1024)
    elif case == "a folder":
        path.mkdir()
    else:
        path.write_bytes(HOSTILE[case] or b"")
    board = earned.board()
    assert [n.key for n in board.notices] in (["achievements.damaged"], ["achievements.unreadable"])
    for lang in strings.LANGUAGES:
        strings.set_language(lang)
        text = board.notices[0].text()
        assert "Errno" not in text and "Traceback" not in text and "{" not in text
    strings.set_language("ru")
    shown = {s.achievement.key: s for s in board.shown}
    assert shown["first_win"].earned and shown["beat_beginner"].earned and not shown["beat_master"].earned
    # The next achievement writes the file anew (a folder in its place stays: nothing raises).
    (master,) = keep(versus(Level.MASTER))
    assert "beat_master" in {a.key for a in earned.announce(master)}
    if case != "a folder":
        assert not earned.board().notices
        assert "beat_master" in json.loads(path.read_text(encoding="utf-8"))["earned"]


def test_a_file_of_a_later_version_is_left_alone(data_dir: Path) -> None:
    later = json.dumps({"version": earned.VERSION + 1, "earned": {"medals": [1, 2]}}).encode()
    earned.earned_path().write_bytes(later)
    (kept,) = keep(versus(Level.BEGINNER))
    assert "first_win" in {a.key for a in earned.announce(kept)}
    assert earned.earned_path().read_bytes() == later
    assert [n.key for n in earned.board().notices] == ["achievements.later"]


def test_a_file_that_cannot_be_written_leaves_the_announcement_standing(data_dir: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(path: Path, data: bytes) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(earned, "write_atomically", refuse)
    (kept,) = keep(HOTSEAT)
    assert {a.key for a in earned.announce(kept)} == {"first_country", "first_hotseat"}
    assert not earned.earned_path().exists()


def test_an_unusable_data_folder_shows_the_rules_with_nothing_earned(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(blocker / "data"))
    history.forget()
    board = earned.board()
    assert len(board.shown) == len(ACHIEVEMENTS) and board.earned == 0


def test_dates_read_as_each_language_writes_them() -> None:
    assert shown_date("2025-01-18T14:03:22") == "18.01.2025"
    strings.set_language("en")
    try:
        assert shown_date("2025-01-18T14:03:22") == "2025-01-18"
    finally:
        strings.set_language("ru")
    assert shown_date("<script>" * 10) == "<script>" * 2 + "<scr"


# ----- the scenes, by posted events -------------------------------------------------------------------------


class RecordingSounds:
    """Stands in for game.view.sound.Sounds: remembers what was asked for."""

    def __init__(self) -> None:
        self.enabled = True
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)

    def toggle(self) -> bool:
        self.enabled = not self.enabled
        return self.enabled


@pytest.fixture
def sounds() -> RecordingSounds:
    return RecordingSounds()


@pytest.fixture
def heard(pygame_session: object, data_dir: Path, sounds: RecordingSounds) -> Iterator[Control]:
    """The loop with sounds recorded, in a private data folder."""
    pygame.event.clear()
    c = Control((1280, 800), sounds=sounds)  # type: ignore[arg-type]
    pygame.event.clear()
    yield c
    c.stack.shutdown_all()
    pygame.event.clear()
    strings.set_language("ru")


def play_a_ring_to_the_results(control: Control) -> ResultsScene:
    """From the menu: «Два игрока», the first board size, Blue rings a Red dot, «Завершить», «Да»."""
    if not isinstance(control.stack.top, MenuScene):
        control.stack.push(MenuScene(control.stack))
        control.step(1 / 60)
    menu = control.stack.top
    assert isinstance(menu, MenuScene)
    press(control, menu.b_hotseat)
    picker = control.stack.top
    assert isinstance(picker, PickerScene)
    press(control, next(b for b, _ in picker.buttons.items if b.key == "picker.size"))
    play = control.stack.top
    assert isinstance(play, PlayScene)
    for node in RING:
        click(control, play.board.grid_to_pixel(node))
    press(control, play.panel.b_finish)
    assert isinstance(control.stack.top, ConfirmScene)
    key(control, pygame.K_RETURN)
    results = control.stack.top
    assert isinstance(results, ResultsScene)
    return results


def run(control: Control, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        control.step(1 / 60)


def test_a_game_played_to_the_end_announces_its_new_achievements_once(heard: Control,
                                                                       sounds: RecordingSounds) -> None:
    results = play_a_ring_to_the_results(heard)
    assert [a.key for a in results.announced.earned] == ["first_country", "first_hotseat"]
    assert results.wake_in() == 0.0
    run(heard, achieved.START - 0.2)
    assert "takeover" not in sounds.played, "the flourish waits for the first card"
    run(heard, 0.4)
    assert sounds.played.count("takeover") == 1 and sounds.played.index("end") < sounds.played.index("takeover")
    run(heard, results.announced.end)
    assert not results.announced.showing(results.clock) and results.wake_in() is None
    assert sounds.played.count("takeover") == 1
    press(heard, results.b_menu)
    again = play_a_ring_to_the_results(heard)
    assert again.announced.earned == [], "what the history earned before is not announced again"
    run(heard, achieved.START + 0.5)
    assert sounds.played.count("takeover") == 1


def test_the_cards_grow_in_or_with_reduced_motion_stand_still(heard: Control) -> None:
    results = play_a_ring_to_the_results(heard)
    area = results.screen.board_area
    cards = pygame.Rect(area[0], area[1], area[2], area[3] // 3)

    def frame_at(clock: float) -> bytes:
        results.clock = clock
        results.draw(heard.screen)
        return pygame.image.tobytes(heard.screen.subsurface(cards), "RGB")

    none = frame_at(achieved.START - 0.1)
    growing, grown = frame_at(achieved.START + 0.05), frame_at(achieved.START + 1.6)
    assert none != grown and growing != grown
    heard.stack.preferences.remember(reduced_motion=True)
    still_early, still_late = frame_at(achieved.START + 0.05), frame_at(achieved.START + 1.0)  # confetti stands too
    assert still_early == still_late != none
    assert frame_at(results.announced.end + 0.01) == frame_at(results.announced.end + 1.0)


def test_the_page_opens_from_progress_and_shows_what_is_earned(heard: Control) -> None:
    results = play_a_ring_to_the_results(heard)
    press(heard, results.b_menu)
    menu = heard.stack.top
    assert isinstance(menu, MenuScene)
    press(heard, menu.b_progress)
    progress = heard.stack.top
    assert isinstance(progress, ProgressScene)
    press(heard, progress.b_achievements)
    page = heard.stack.top
    assert isinstance(page, AchievementsScene)
    shown = {s.achievement.key: s for s in page.board.shown}
    assert [k for k, s in shown.items() if s.earned] == ["first_country", "first_hotseat"]
    assert (shown["hotseat_ten"].value, shown["countries_fifty"].value) == (1, 1)
    key(heard, pygame.K_ESCAPE)
    assert heard.stack.top is progress


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_page_scrolls_to_every_card_by_wheel_keys_and_finger(heard: Control, size: tuple[int, int],
                                                                 lang: str) -> None:
    strings.set_language(lang)
    heard.resize(size)
    heard.stack.push(MenuScene(heard.stack))
    heard.stack.go("achievements")
    heard.step(1 / 60)
    page = heard.stack.top
    assert isinstance(page, AchievementsScene)
    assert page.view.bottom <= size[1] and page.view.right <= size[0] - 8, "the cards and the bar inside the window"
    assert page.b_back.rect.h >= 44
    if page.max_scroll == 0:
        return
    key(heard, pygame.K_END)
    assert page.scroll == page.max_scroll
    key(heard, pygame.K_HOME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0,
                                         precise_y=-2.0, touch=False, which=0))
    heard.step(1 / 60)
    assert page.scroll == 2 * page.LINE
    w, h = size
    x, y0 = page.view.centerx / w, (page.view.bottom - 20) / h
    for kind, y in ((pygame.FINGERDOWN, y0), (pygame.FINGERMOTION, y0 - 0.3), (pygame.FINGERUP, y0 - 0.3)):
        pygame.event.post(pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=0, touch_id=1, pressure=1.0))
    heard.step(1 / 60)
    assert page.scroll == min(page.max_scroll, 2 * page.LINE + round(0.3 * h)) or page.scroll == page.max_scroll


def test_the_results_name_a_few_and_count_many(heard: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.scenes.results as results_module

    drawn: list[str] = []
    real = results_module.one_line

    def recording(text: str, px: int, colour: object, *args: object, **kwargs: object) -> pygame.Surface:
        if colour == achieved.GOLD_DARK:  # the panel's line of achievements, in their gold
            drawn.append(text)
        return real(text, px, colour, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(results_module, "one_line", recording)
    results = play_a_ring_to_the_results(heard)
    drawn.clear()
    results.draw(heard.screen)
    assert " ".join(drawn) == "Достижения: Первая страна, За одним экраном"
    drawn.clear()
    results.announced.earned = list(ACHIEVEMENTS[:6])
    results.draw(heard.screen)
    assert " ".join(drawn) == "Новых достижений: 6, они в «Успехах»"
    assert achievements.LARGEST == (38, 31)


def test_a_game_kept_before_later_ones_announces_only_what_it_alone_earned(data_dir: Path) -> None:
    # The clock put back: the game just ended sorts before a win kept «later»; the win's achievements are
    # not this game's.
    history.keep_game(ringed(), versus(Level.BEGINNER), None, now=T0 + timedelta(days=1))
    (earlier,) = [history.keep_game(ringed(), HOTSEAT, None, now=T0)]
    assert history.load().games[0].file == earlier.history.games[0].file
    assert {a.key for a in earned.announce(earlier)} == {"first_hotseat"}


def test_a_win_against_a_rung_of_the_ladder_is_no_win_against_the_master() -> None:
    from types import SimpleNamespace

    master = won("master")
    # The master on a 16th of its budget, as the rating's history keeps it (``share``): the rules read only
    # the facts' attributes, so a namespace of them stands in for that history's facts.
    rung = SimpleNamespace(**{**{f: getattr(master, f) for f in Finished.__dataclass_fields__}, "share": 16,
                              "outcome": master.outcome})
    got = {s.achievement.key: s for s in standings([rung])}  # type: ignore[list-item]
    assert got["first_win"].earned and not got["beat_master"].earned and not got["clean_master"].earned
    same = {s.achievement.key: s for s in standings([master])}
    assert same["beat_master"].earned and same["clean_master"].earned


@pytest.mark.parametrize("size", [(800, 520), (1024, 600), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_card_reads_whole_at_its_type(heard: Control, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
                                            lang: str) -> None:
    """No name, line of what it asks, date or count on a card is shrunk or cut, from the least window up."""
    import game.scenes.achievements as page_module

    squeezed: list[str] = []
    seen: list[str] = []
    real = page_module.one_line

    def watching(text: str, px: int, colour: object, width: int, **kw: object) -> pygame.Surface:
        img = real(text, px, colour, width, **kw)  # type: ignore[arg-type]
        seen.append(text)
        if img.get_width() < page_module.theme.font(px, bool(kw.get("bold"))).size(text)[0] - 1:
            squeezed.append(text)
        return img

    monkeypatch.setattr(page_module, "one_line", watching)
    for kept in keep(HOTSEAT, 2) + keep(versus(Level.BEGINNER)):
        earned.announce(kept)
    strings.set_language(lang)
    heard.resize(size)
    heard.stack.push(MenuScene(heard.stack))
    heard.stack.go("achievements")
    heard.step(1 / 60)
    page = heard.stack.top
    assert isinstance(page, AchievementsScene) and page.board.earned == 5
    assert {a.title() for a in ACHIEVEMENTS} - set(seen) == set()
    assert not squeezed, squeezed
