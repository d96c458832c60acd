"""Every scene at the touch laptops' window sizes, in both languages, measured as drawn (issue 12, items 6 and 8).

**Text.** The scenes are those of ``python main.py --screenshot`` (:func:`game.shots.setups.screenshot_scenes`).
Each is drawn onto a :class:`Recorder`, a screen surface that notes every blit of a
surface that :func:`game.view.theme.text` rendered (the one function all text goes
through): the string, and its *ink box*, the bounding box of the pixels it actually
paints (``get_bounding_rect``), placed where it landed and cut to the clip in force
(a scrolled list hides part of a row by design). :func:`game.view.textfit.one_line`
is wrapped too, to learn when it had to cut a string with «…». (The rules page is drawn
once into a picture of its own, wrapped to its width; its title and buttons are measured
here, its paragraphs are not.) Then, per scene:

1. *Whole*: no string from the game's own texts is cut with «…». Only a string
   carrying the games folder's path may be (a path is the player's, of any length).
2. *Inside its box*: a text's box is the smallest of the scene's boxes whose
   inside holds the centre of its ink: a button, the side panel, a dialog's card,
   the menu's card, the name field, the games list, else the window. The ink lies
   wholly inside that box, shrunk by :data:`EDGE` px (its frame line).
3. *Apart*: no two inks overlap or touch: side by side there are at least
   :data:`GAP_ACROSS` blank pixels between them (about a space), one above the
   other at least :data:`GAP_DOWN` (lines of a paragraph sit that close). And no
   ink reaches into a button it is not the label of.

**Buttons.** Every button shown (rect not empty) and every row of a list is at least
:func:`game.view.theme.finger_px` high and wide (44 px at the 96 dpi assumed here).

Also: the thinking line and everything around it stay put while its dots animate.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from pathlib import Path

import pygame
import pytest

from engine import Player, Rules
from game import strings
from game.control import Control
from game.input.layout import screen_layout
from game.match import demo
from game.match.settings import ComputerSettings, MatchSettings
from game.scenes.base import Scene
from game.scenes.files.listing import GamesScene
from game.scenes.files.save_game import SaveGameScene
from game.scenes.files.unfinished_list import UnfinishedScene
from game.scenes.handoff import Match
from game.scenes.play import PlayScene
from game.shots import pictures, setups
from game.storage import library
from game.storage.library import default_name
from game.view import hud, textfit, theme
from game.view.play_panel import PlayPanel
from game.view.widgets import Button, ButtonGroup, IconButton

pytestmark = pytest.mark.slow  # every scene drawn at four sizes in two languages: minutes in all

SIZES = [(1024, 600), (1200, 800), (1366, 768), (1920, 1080)]
LANGUAGES = ["ru", "en"]
GAP_ACROSS = 4
"""Blank pixels between two texts side by side: fewer reads as one word, or as touching."""
GAP_DOWN = 1
"""Blank pixels between two texts one above the other: a paragraph's lines may be that close, not closer."""
EDGE = 2
"""A box's frame line: text stays inside it."""
BOX_NAMES = ("_box", "_card", "field", "list_rect")
"""The scenes' attributes that hold boxes other than buttons and the panel (dialog and help cards,
the menu and versus cards, the save name field, the games list)."""


@dataclass(frozen=True)
class Drawn:
    """One text as it landed on the screen."""

    text: str
    px: int
    ink: pygame.Rect
    at: tuple[int, int]


class Recorder(pygame.Surface):
    """A screen that notes where text lands: blits of surfaces that ``theme.text`` made."""

    def __init__(self, size: tuple[int, int], rendered: dict[int, tuple[pygame.Surface, str, int]]) -> None:
        super().__init__(size)
        self.rendered = rendered
        self.drawn: list[Drawn] = []

    def blit(self, source: pygame.Surface, dest: object, area: object = None, special_flags: int = 0) -> pygame.Rect:
        placed = super().blit(source, dest, area, special_flags)  # type: ignore[arg-type]
        known = self.rendered.get(id(source))
        if known is not None and known[0] is source and area is None:
            ink = source.get_bounding_rect().move(placed.x, placed.y).clip(self.get_clip())
            if ink.w > 0 and ink.h > 0:
                self.drawn.append(Drawn(known[1], known[2], ink, placed.topleft))
        return placed


@dataclass
class Watch:
    """What ``theme.text`` rendered (by surface id) and the strings ``one_line`` cut."""

    rendered: dict[int, tuple[pygame.Surface, str, int]]
    cut: list[str]


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Watch:
    seen = Watch({}, [])
    plain_text, plain_one_line = theme.text, textfit.one_line

    def text(s: str, px: int, colour: theme.Colour = theme.INK, *, bold: bool = False) -> pygame.Surface:
        surf = plain_text(s, px, colour, bold=bold)
        seen.rendered[id(surf)] = (surf, s, px)  # the surface is kept, so its id is never another's
        return surf

    def one_line(s: str, px: int, colour: theme.Colour, width: int, **kw: object) -> pygame.Surface:
        surf = plain_one_line(s, px, colour, width, **kw)  # type: ignore[arg-type]
        if seen.rendered[id(surf)][1] != " ".join(s.split()):
            seen.cut.append(s)
        return surf

    monkeypatch.setattr(theme, "text", text)
    # Scenes import one_line by name: each module's own reference is replaced.
    for module in list(sys.modules.values()):
        if module is not None and module.__name__.startswith("game.") and \
                getattr(module, "one_line", None) is plain_one_line:
            monkeypatch.setattr(module, "one_line", one_line)
    return seen


@pytest.fixture
def control(pygame_session: object, data_dir: Path) -> Iterator[Control]:
    pygame.event.clear()
    pictures.a_few_saved_games()
    c = Control(SIZES[0])
    yield c
    c.stack.shutdown_all()
    c.stack.scenes.clear()
    pygame.event.clear()
    strings.set_language("ru")


def each_scene(control: Control, size: tuple[int, int], lang: str) -> Iterator[tuple[str, Scene]]:
    """Every screenshot scene at ``size`` in ``lang``, laid out and stepped once."""
    control.resize(size)
    for name, setup in setups.screenshot_scenes(control, lang):
        setup()
        control.stack.resize(control.size)
        control.step(0.0)
        top = control.stack.top
        assert top is not None
        yield name, top


def buttons_of(scene: Scene) -> list[Button]:
    """The buttons a scene shows (rect not empty), from its button groups and its panel."""
    groups: list[ButtonGroup] = []
    for value in vars(scene).values():
        if isinstance(value, ButtonGroup):
            groups.append(value)
        elif isinstance(value, PlayPanel):
            groups += [value.buttons, value.icons]
    return [b for g in groups for b, _ in g.items if b.rect.w > 0 and b.rect.h > 0]


def boxes_of(scene: Scene) -> list[pygame.Rect]:
    """The boxes a scene's text may be fitted to, besides the window."""
    boxes = [pygame.Rect(b.rect) for b in buttons_of(scene)]
    screen = getattr(scene, "screen", None)
    if screen is not None:
        boxes.append(pygame.Rect(screen.panel))
    for name in BOX_NAMES:
        box = getattr(scene, name, None)
        if isinstance(box, pygame.Rect) and box.w > 0 and box.h > 0:
            boxes.append(pygame.Rect(box))
    return boxes


def apart(a: pygame.Rect, b: pygame.Rect) -> bool:
    """True when the boxes are :data:`GAP_ACROSS` blank pixels apart side by side, or :data:`GAP_DOWN` one
    above the other."""
    return max(b.left - a.right, a.left - b.right) >= GAP_ACROSS or max(b.top - a.bottom, a.top - b.bottom) >= GAP_DOWN


def measure(scene: Scene, size: tuple[int, int], watch: Watch) -> list[str]:
    """What is wrong with the text of ``scene`` as drawn, one line each (none: all fits)."""
    watch.cut.clear()
    screen = Recorder(size, watch.rendered)
    scene.draw(screen)
    problems: list[str] = []
    path = str(library.games_dir())
    problems += [f"cut with «…»: {s!r}" for s in watch.cut if path not in s]
    window = pygame.Rect(0, 0, *size)
    boxes = boxes_of(scene)
    buttons = [b.rect for b in buttons_of(scene)]
    for d in screen.drawn:
        holding = [b for b in boxes if b.collidepoint(d.ink.center)] or [window]
        box = min(holding, key=lambda b: b.w * b.h)
        inside = box.inflate(-2 * EDGE, -2 * EDGE) if box is not window else window
        if not inside.contains(d.ink):
            problems.append(f"{d.text!r} {tuple(d.ink)} out of its box {tuple(box)}")
        for b in buttons:
            if not b.collidepoint(d.ink.center) and d.ink.colliderect(b):
                problems.append(f"{d.text!r} {tuple(d.ink)} reaches into a button {tuple(b)}")
    for i, a in enumerate(screen.drawn):
        for b in screen.drawn[i + 1:]:
            if not apart(a.ink, b.ink):
                problems.append(f"{a.text!r} {tuple(a.ink)} touches {b.text!r} {tuple(b.ink)}")
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_every_text_is_whole_inside_its_box_and_apart(control: Control, watch: Watch, size: tuple[int, int],
                                                      lang: str) -> None:
    problems: list[str] = []
    names: list[str] = []
    for name, scene in each_scene(control, size, lang):
        names.append(name)
        problems += [f"{name}: {p}" for p in measure(scene, size, watch)]
    assert "play-computer-thinking" in names and "unfinished" in names and "results-classic" in names
    assert not problems, "\n".join(problems)


LABEL_SHARE = Fraction(4, 5)
"""A button's label is drawn in at least this share of the type its scene asked for: at 1920×1080 the
picker's clock row came out at 20 px of 30, the versus colours and the leave-the-game answers at 22 of 28
(their columns and card stayed as wide as at 1280×800 while the type grew)."""


def labels_px(scene: Scene, size: tuple[int, int], watch: Watch,
              monkeypatch: pytest.MonkeyPatch) -> list[tuple[Button, int, int]]:
    """Each shown text button of ``scene`` drawn by a button group: the type its label was drawn in and the
    type the scene asked for (a one-glyph label, an arrow, is a picture and left out)."""
    asked: dict[int, int] = {}
    plain_draw = ButtonGroup.draw

    def draw(group: ButtonGroup, surface: pygame.Surface, text_px: int) -> None:
        asked.update({id(b): text_px for b, _ in group.items})
        plain_draw(group, surface, text_px)

    with monkeypatch.context() as m:
        m.setattr(ButtonGroup, "draw", draw)
        screen = Recorder(size, watch.rendered)
        scene.draw(screen)
    found: list[tuple[Button, int, int]] = []
    for b in buttons_of(scene):
        if isinstance(b, IconButton) or len(b.label) < 2 or id(b) not in asked:
            continue
        label = [d for d in screen.drawn if b.rect.collidepoint(d.ink.center)]
        if label:
            found.append((b, label[0].px, asked[id(b)]))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_buttons_alike_read_alike(control: Control, watch: Watch, monkeypatch: pytest.MonkeyPatch,
                                  size: tuple[int, int], lang: str) -> None:
    """Buttons of one size in a scene share one type (the play panel's 2×2 grid had its rows a size apart,
    «Отменить | Вернуть» at 20 px over «Подсказка | Завершить» at 17 at 1200×800), and no label is
    shrunk below :data:`LABEL_SHARE` of the type asked for."""
    problems: list[str] = []
    measured: set[str] = set()
    for name, scene in each_scene(control, size, lang):
        found = labels_px(scene, size, watch, monkeypatch)  # the review types its buttons itself: none here
        if found:
            measured.add(name)
        by_size: dict[tuple[int, int], set[int]] = {}
        for b, px, _ in found:
            by_size.setdefault((b.rect.w, b.rect.h), set()).add(px)
        problems += [f"{name}: buttons {w}×{h} in {sorted(pxs)} px" for (w, h), pxs in by_size.items() if len(pxs) > 1]
        problems += [f"{name}: {b.label!r} at {px} px of {want}" for b, px, want in found if px < LABEL_SHARE * want]
    assert {"menu", "picker", "versus", "confirm-leave", "play-classic-stop", "results"} <= measured
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_results_note_reads_in_the_type_of_the_ending(control: Control, watch: Watch, size: tuple[int, int],
                                                          lang: str) -> None:
    """«Силы равны — может, ещё одну?» was fitted to one line, smaller than «Партию завершили кнопкой
    «Завершить»» above it, and sat on its guillemets: now it is whole, in the same type, a few pixels apart."""
    seen: set[str] = set()
    for name, scene in each_scene(control, size, lang):
        if name not in ("results-draw", "results-computer", "results-time"):
            continue
        seen.add(name)
        screen = Recorder(size, watch.rendered)
        scene.draw(screen)
        key = "results.draw.note" if name == "results-draw" else "results.lost.note"
        words = strings.t(key).split()
        note = [d for d in screen.drawn if d.text and set(d.text.split()) <= set(words)]
        assert " ".join(d.text for d in note).split() == words, (name, [d.text for d in screen.drawn])
        above = max((d for d in screen.drawn if d.ink.bottom <= note[0].ink.top), key=lambda d: d.ink.bottom)
        assert {d.px for d in note} == {above.px}, (name, above.text, above.px, [d.px for d in note])
        assert note[0].ink.top - above.ink.bottom >= 4, (name, above.text)
    assert seen == {"results-draw", "results-computer", "results-time"}


READABLE_PX = 13
"""The smallest type a text is drawn in from 1200×800 up (1024×600 and smaller keep the 12 px floor of
:func:`game.view.theme.text_size`)."""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES[1:])
def test_no_text_is_too_small_to_read(control: Control, watch: Watch, size: tuple[int, int], lang: str) -> None:
    """The review's analysis lines were fitted to one line by shrinking: «Анализ прерван на ходе 97 из 244»
    and «Mistake: −2½, the ring was better» came out at 12 px at 1200×800; they are wrapped now."""
    small: list[str] = []
    for name, scene in each_scene(control, size, lang):
        screen = Recorder(size, watch.rendered)
        scene.draw(screen)
        small += [f"{name}: {d.text!r} at {d.px} px" for d in screen.drawn if d.px < READABLE_PX]
    assert not small, "\n".join(small)


def test_the_measure_sees_a_cut_a_spill_and_a_touch(control: Control, watch: Watch) -> None:
    """The measure itself: each of the three faults is found when drawn on purpose."""

    class Faulty(Scene):
        def __init__(self, draw: Callable[[pygame.Surface], None]) -> None:
            super().__init__(control.stack)
            self.buttons = ButtonGroup()
            self.b = self.buttons.add(Button("menu.quit"), lambda: None)
            self.b.rect = pygame.Rect(100, 100, 200, 50)
            self.paint = draw

        def draw(self, surface: pygame.Surface) -> None:
            self.paint(surface)

    size = (1024, 600)
    word = "Очки — число окружённых точек соперника"
    cut = Faulty(lambda s: s.blit(textfit.one_line(word, 20, theme.INK, 120), (400, 400)))
    spill = Faulty(lambda s: s.blit(theme.text(word, 20), theme.text(word, 20).get_rect(center=(200, 125))))
    reach = Faulty(lambda s: s.blit(theme.text(word, 20), (250, 115)))
    touch = Faulty(lambda s: [s.blit(theme.text("Компьютер", 20), (400, 300)),
                              s.blit(theme.text("11½", 20), (400 + theme.text("Компьютер", 20).get_width(), 300))])
    fine = Faulty(lambda s: [s.blit(theme.text("Компьютер", 20), (400, 300)), s.blit(theme.text("11½", 20), (600, 300))])
    assert any("cut" in p for p in measure(cut, size, watch))
    assert any("out of its box" in p for p in measure(spill, size, watch))
    assert any("reaches into a button" in p for p in measure(reach, size, watch))
    assert any("touches" in p for p in measure(touch, size, watch))
    assert measure(fine, size, watch) == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_every_button_and_row_is_a_finger_target(control: Control, size: tuple[int, int], lang: str) -> None:
    finger = theme.finger_px()
    assert finger >= 44
    small: list[str] = []
    for name, scene in each_scene(control, size, lang):
        rects = [(b.key, b.rect) for b in buttons_of(scene)]
        if isinstance(scene, GamesScene) and scene.count:
            rects.append(("row", pygame.Rect(scene.list_rect.x, scene.list_rect.y, scene.list_rect.w, scene.row_h)))
        if isinstance(scene, UnfinishedScene) and scene.count:
            rects.append(("delete", scene.delete_box(0)))
        assert rects, f"{name} has nothing to press"
        small += [f"{name}: {key} {tuple(r)}" for key, r in rects if r.h < finger or r.w < finger]
    assert not small, "\n".join(small)


def test_targets_grow_with_the_screens_dpi(control: Control) -> None:
    try:
        theme.use_display_dpi(144)
        assert theme.finger_px() == 66
        for name, scene in each_scene(control, (1920, 1080), "ru"):
            if name in ("menu", "picker", "versus", "files-open", "play-countries"):
                assert all(min(b.rect.w, b.rect.h) >= 66 for b in buttons_of(scene)), name
        theme.use_display_dpi(20)  # a wrong figure never makes them smaller
        assert theme.finger_px() == 44
    finally:
        theme.use_display_dpi(None)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_thinking_line_keeps_its_size_and_place(control: Control, watch: Watch, size: tuple[int, int],
                                                    lang: str) -> None:
    strings.set_language(lang)
    control.resize(size)
    game = demo.countries_demo()
    play = PlayScene(control.stack, Match(MatchSettings(Rules.COUNTRIES, 20, 15,
                                                        ComputerSettings("amateur", game.to_move.other)), game))
    control.stack.push(play)
    frames: list[list[Drawn]] = []
    for clock in (0.0, 0.4, 0.8):  # one, two and three dots (drawn only: the computer is never asked)
        play.clock = clock
        screen = Recorder(size, watch.rendered)
        play.draw(screen)
        frames.append(screen.drawn)
    thinking = strings.t("play.thinking")
    lines = [[d for d in frame if d.text.startswith(thinking)] for frame in frames]
    assert [len(line) for line in lines] == [1, 1, 1]
    assert [line[0].text[len(thinking):] for line in lines] == [".", "..", "..."]
    assert len({line[0].px for line in lines}) == 1 and len({line[0].at for line in lines}) == 1
    rest = [[(d.text, d.px, d.at) for d in frame if not d.text.startswith(thinking)] for frame in frames]
    assert rest[0] == rest[1] == rest[2]  # nothing else moves or changes size


def test_the_names_on_the_score_card_leave_the_score_room(control: Control, watch: Watch,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """1200×800: «Компьютер» touched «11½» (a ticking score swells towards the name)."""
    plain_scale = pygame.transform.smoothscale_by

    def scale(surface: pygame.Surface, factor: float) -> pygame.Surface:
        scaled = plain_scale(surface, factor)
        known = watch.rendered.get(id(surface))
        if known is not None:
            watch.rendered[id(scaled)] = (scaled, known[1], known[2])
        return scaled

    monkeypatch.setattr(pygame.transform, "smoothscale_by", scale)
    settings = MatchSettings(Rules.COUNTRIES, 20, 15, ComputerSettings("master", Player.BLUE))
    game = demo.countries_demo()
    swollen = {Player.BLUE: 1.5, Player.RED: 1.5}  # more than a tick ever swells
    for lang in LANGUAGES:
        strings.set_language(lang)
        for size in [*SIZES, (800, 600)]:
            for score in (Fraction(23, 2), Fraction(223, 2)):
                screen = Recorder(size, watch.rendered)
                card_w = hud.text_column(screen_layout(size))[1]
                hud.draw_scores(screen, pygame.Rect(10, 10, card_w, hud.score_card_height(size)), game, settings,
                                Player.RED, shown={Player.BLUE: score, Player.RED: score}, pulse=swollen)
                assert len(screen.drawn) == 4
                assert all(apart(a.ink, b.ink) for a, b in itertools.combinations(screen.drawn, 2)), (size, score)
    assert not watch.cut


# ----- saving and opening with a finger --------------------------------------------------------------


def tap(control: Control, button: Button) -> None:
    """A finger on ``button`` and off again."""
    w, h = control.size
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        x, y = button.rect.center
        pygame.event.post(pygame.event.Event(kind, x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=0, touch_id=1,
                                             pressure=1.0))
    control.step(1 / 60)


def save_time(name: str) -> datetime:
    """The minute a default name was made in (the clock may have turned since)."""
    return datetime.strptime(name[:16], "%Y-%m-%d %H-%M")


def test_one_tap_saves_under_the_offered_name(control: Control) -> None:
    game = demo.countries_demo()
    game.finish()
    for old in library.games_dir().glob("*.sgf"):  # the screenshots' games: the name offered is free
        old.unlink()
    control.stack.go("menu")
    save = control.stack.go("save", game)
    assert isinstance(save, SaveGameScene)
    control.step(1 / 60)
    offered = save.name_text
    assert offered.endswith(strings.t("rules.countries")) and offered == default_name(game, now=save_time(offered))
    tap(control, save.b_save)
    assert save.saved is not None and save.saved.stem == offered
    assert (library.games_dir() / f"{offered}.sgf").exists()


def test_a_failed_open_is_forgotten_once_another_game_opens(control: Control) -> None:
    (library.games_dir() / "broken.sgf").write_text("(;GM[40]SZ[9];B[zz])", encoding="utf-8")
    control.stack.go("menu")
    opened = control.stack.go("open")
    assert isinstance(opened, GamesScene)
    control.step(1 / 60)
    names = [g.name for g in opened.games]
    opened.open_entry(names.index("broken"))
    assert opened.message is not None and opened.message[1] == theme.ILLEGAL
    opened.open_entry(names.index("zagram-352562"))
    assert control.stack.top is not opened  # the review of the good one
    control.stack.back()
    assert control.stack.top is opened and opened.message is None


@pytest.mark.parametrize("size", SIZES)
def test_the_caption_sits_beside_the_icons_in_both_languages(control: Control, watch: Watch,
                                                              size: tuple[int, int]) -> None:
    """English put «Countries, 20 × 15» under the ?/sound icons where Russian had «Страны, 20 × 15» beside
    them: in both languages and rule sets it is beside them now (two lines if need be), clear of them,
    and at least as big as the smallest type the panel allows there."""
    control.resize(size)
    for lang, rules in itertools.product(LANGUAGES, (Rules.COUNTRIES, Rules.CLASSIC)):
        strings.set_language(lang)
        play = PlayScene(control.stack, Match(MatchSettings(rules, 38, 31)))
        control.stack.push(play)
        control.step(0.0)
        screen = Recorder(size, watch.rendered)
        play.draw(screen)
        words = hud.caption(play.game).split()
        caption = [d for d in screen.drawn if d.text and set(d.text.split()) <= set(words)]
        assert " ".join(d.text for d in caption) == " ".join(words), (lang, rules, [d.text for d in screen.drawn])
        icons = play.panel.b_help.rect
        for d in caption:
            assert icons.top <= d.ink.top and d.ink.bottom <= icons.bottom, (lang, rules, d)  # on the icons' row
            assert d.ink.right + GAP_ACROSS <= icons.left, (lang, rules, d)  # and clear of them
            assert d.px >= hud.MIN_BESIDE_PX
        control.stack.pop()
