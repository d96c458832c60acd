"""The board picture brought up to date after a move or an undo is the picture drawn from scratch.

``BoardView`` follows the engine's reports (``Game.changes_since``) and paints
again only the rectangles a change touched. These tests play seeded random
games of both rule sets (with takeovers, classic captures and free areas),
take moves back now and then, redo them, hand the turn over, make several
actions between two frames, move the board to another place and scale midway,
and after every step compare the updated pictures pixel for pixel with those
of a fresh view. No tolerance: they must be equal. A jump past the engine's
journal (512 actions) must be drawn whole, and still the same.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from engine import Game, Player, Point, Rules
from game.input.layout import BoardLayout
from game.match import demo
from game.view.board_view import BoardView

WINDOW = (560, 420)
PANEL = pygame.Rect(440, 0, 120, 420)


@pytest.fixture(autouse=True)
def _pygame(pygame_session: object) -> Iterator[None]:
    yield


def decorate(surface: pygame.Surface) -> None:
    """A stand-in for the scene's panel: something besides the board that a repaint must not spoil."""
    pygame.draw.rect(surface, (200, 180, 120), PANEL)
    pygame.draw.line(surface, (20, 20, 20), PANEL.topleft, PANEL.bottomright, 3)


def layouts(width: int, height: int) -> list[BoardLayout]:
    """Two places and scales for the board: a roomy one, and a small cell whose dots reach past the paper."""
    return [BoardLayout(width, height, 26, 24, 22), BoardLayout(width, height, 9, 40, 60)]


def pixels_apart(a: pygame.Surface, b: pygame.Surface) -> list[tuple[int, int]]:
    """Up to ten pixels where two pictures of one size differ (none when they are the same)."""
    assert a.get_size() == b.get_size()
    if pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"):
        return []
    w, h = a.get_size()
    return [(x, y) for y in range(h) for x in range(w) if a.get_at((x, y)) != b.get_at((x, y))][:10]


def move_near(game: Game, rng: random.Random) -> Point:
    """A random legal move, half the time next to the mover's own dots: that closes loops and takes over."""
    legal = game.legal_moves()
    if rng.random() < 0.6:
        own = game.to_move
        near = [(x, y) for x, y in legal
                if any(game.dot_at((x + dx, y + dy)) == own for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                       if 0 <= x + dx < game.width and 0 <= y + dy < game.height)]
        if near:
            return rng.choice(near)
    return rng.choice(legal)


def assert_same_as_fresh(view: BoardView, game: Game, layout: BoardLayout, step: str) -> None:
    updated = view.backdrop(game, layout, WINDOW, decorate)
    fresh_view = BoardView()
    fresh = fresh_view.backdrop(game, layout, WINDOW, decorate)
    assert pixels_apart(view.territory(game, layout), fresh_view.territory(game, layout)) == [], step
    assert pixels_apart(updated, fresh) == [], step


def one_action(game: Game, rng: random.Random, seen: dict[str, int]) -> str:
    """Play, take back, redo or hand the turn over at random; says what it did.

    Redo takes a few actions back and does them again (as the review's step
    forward does), so the layers laid are new objects over the same quarters.
    """
    roll = rng.random()
    if game.history and roll < 0.1:
        for _ in range(rng.randint(1, 3)):
            if game.history:
                seen["layer undone"] += bool(game.undo().laid)
        return "undo"
    if game.history and roll < 0.18:
        taken = [game.history[-i - 1] for i in range(min(len(game.history), rng.randint(1, 5)))]
        for _ in taken:
            game.undo()
        for action in reversed(taken):
            report = game.apply(action)
            seen["layer redone"] += bool(report is not None and report.laid)
        return f"redo of {len(taken)}"
    if roll < 0.21 and game.move_count >= 2 and game.stopped_by is None:
        game.pass_to(game.to_move.other)  # past the first moves: the zone is gone, nothing drawn changes
        seen["turn handed over"] += 1
        return "turn handed over"
    node = move_near(game, rng)
    report = game.play(node)
    seen["laid"] += bool(report.laid)
    seen["crossed out"] += bool(report.crossed_out)
    if game.rules is Rules.COUNTRIES:
        seen["covered"] += bool(report.covered)
    else:
        seen["free areas"] += bool(game.free_areas(Player.BLUE) or game.free_areas(Player.RED))
    return f"{report.action.player.name} at {node}"


# One game of each rule set in the default run; the second seed of each, the same proof on another
# game (a few seconds each, a board drawn afresh after every step), runs with -m slow.
SECOND_GAME = pytest.mark.slow


@pytest.mark.parametrize(("rules", "seed"), [(Rules.COUNTRIES, 2), pytest.param(Rules.COUNTRIES, 7, marks=SECOND_GAME),
                                              pytest.param(Rules.CLASSIC, 5, marks=SECOND_GAME), (Rules.CLASSIC, 11)])
def test_the_updated_board_is_the_board_drawn_afresh(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(16, 13, rules)
    view = BoardView()
    places = layouts(game.width, game.height)
    layout = places[0]
    view.backdrop(game, layout, WINDOW, decorate)
    seen = {"laid": 0, "crossed out": 0, "layer undone": 0, "layer redone": 0, "turn handed over": 0,
            "jumps": 0, "updated in place": 0}
    # Countries: a country laid over another's. Classic: free areas drawn as dashed chains.
    seen["covered" if rules is Rules.COUNTRIES else "free areas"] = 0
    steps = 0
    while not game.is_over and steps < 400:
        steps += 1
        if steps % 90 == 0:
            layout = places[(steps // 90) % 2]  # the window changed: drawn whole, then updated again
        builds = view.full_builds
        if rng.random() < 0.15:
            # Several actions between two frames, as a review jump or a fast computer makes them.
            done = [one_action(game, rng, seen) for _ in range(rng.randint(2, 8)) if not game.is_over]
            seen["jumps"] += 1
            what = f"step {steps}: " + ", ".join(done)
        else:
            what = f"step {steps}: " + one_action(game, rng, seen)
        assert_same_as_fresh(view, game, layout, what)
        seen["updated in place"] += view.full_builds == builds
    # Every kind of change was met, and almost all were updates in place, not whole builds.
    assert all(seen.values()), seen
    assert seen["updated in place"] >= steps - 6, seen


def test_a_move_that_lays_nothing_leaves_the_territory_as_it_was() -> None:
    game = Game(8, 8)
    view = BoardView()
    layout = layouts(8, 8)[0]
    view.backdrop(game, layout, WINDOW, decorate)
    territory = view.territory(game, layout)
    before = pygame.image.tobytes(territory, "RGB")
    builds, made = view.full_builds, view.rebuilds
    game.play((3, 3))
    view.backdrop(game, layout, WINDOW, decorate)
    assert view.territory(game, layout) is territory and pygame.image.tobytes(territory, "RGB") == before
    assert view.full_builds == builds and view.rebuilds == made + 1
    assert view.backdrop(game, layout, WINDOW, decorate).get_at(layout.node_to_pixel((3, 3)))[:3] != \
        BoardView().backdrop(Game(8, 8), layout, WINDOW, decorate).get_at(layout.node_to_pixel((3, 3)))[:3]


def test_another_game_is_drawn_whole() -> None:
    layout = layouts(8, 8)[0]
    view = BoardView()
    first = Game(8, 8)
    first.play((2, 2))
    view.backdrop(first, layout, WINDOW, decorate)
    builds = view.full_builds
    second = Game(8, 8)
    second.play((5, 5))
    picture = view.backdrop(second, layout, WINDOW, decorate)
    assert view.full_builds == builds + 1
    assert pixels_apart(picture, BoardView().backdrop(second, layout, WINDOW, decorate)) == []


def test_a_takeover_fades_what_it_covers_in_place() -> None:
    # docs/RULES.md §2: Red's square inside Blue's ring; Blue closing the ring lays over it.
    ring = [(4, 4), (5, 4), (6, 4), (7, 4), (7, 5), (7, 6), (7, 7), (6, 7), (5, 7), (4, 7), (4, 6), (4, 5)]
    red = [(5, 5), (6, 5), (6, 6), (5, 6), (0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (2, 0), (3, 0)]
    game = Game(12, 12)
    layout = BoardLayout(12, 12, 26, 24, 22)
    view = BoardView()
    for blue, answer in zip(ring[:-1], red, strict=True):
        game.play(blue)
        game.play(answer)
        view.backdrop(game, layout, WINDOW, decorate)
    builds = view.full_builds
    report = game.play(ring[-1])
    assert report.takeover and report.covered[0].fade == 1
    assert_same_as_fresh(view, game, layout, "takeover")
    game.undo()
    assert report.covered[0].fade == 0
    assert_same_as_fresh(view, game, layout, "takeover undone")
    assert view.full_builds == builds


def test_a_takeover_revives_the_dot_it_frees_in_place() -> None:
    # Red's ring crosses out Blue's dot at (5, 5); Blue's wider ring lays over Red's country,
    # so that dot stands in Blue's ground again and is drawn alive (and dead again when undone).
    inner = [(4, 4), (5, 4), (6, 4), (6, 5), (6, 6), (5, 6), (4, 6), (4, 5)]
    outer = [(x, 3) for x in range(3, 8)] + [(7, y) for y in range(4, 8)] + [(x, 7) for x in range(6, 2, -1)] \
        + [(3, y) for y in range(6, 3, -1)]
    far = [(x, 11) for x in range(12)]
    game = Game(12, 12)
    layout = BoardLayout(12, 12, 26, 24, 22)
    view = BoardView()
    game.play((5, 5))
    for red, blue in zip(inner + far, outer, strict=False):
        game.play(red)
        report = game.play(blue)
        view.backdrop(game, layout, WINDOW, decorate)
    builds = view.full_builds
    assert report.revived == ((5, 5),) and report.takeover
    assert_same_as_fresh(view, game, layout, "a dot revived")
    game.undo()
    assert game.is_dead((5, 5))
    assert_same_as_fresh(view, game, layout, "the revival taken back")
    assert view.full_builds == builds


@pytest.mark.parametrize("rules", list(Rules))
def test_many_moves_at_once_as_the_review_jumps(rules: Rules) -> None:
    game = demo.random_game(16, 13, rules, seed=5)
    layout = layouts(16, 13)[0]
    view = BoardView()
    view.backdrop(game, layout, WINDOW, decorate)
    builds = view.full_builds
    taken = [game.history[-i - 1] for i in range(60)]
    laid = len(game.layers)
    for _ in taken:
        game.undo()
    assert len(game.layers) < laid  # the jump takes layers back too
    assert_same_as_fresh(view, game, layout, "60 moves taken back at once")
    for action in reversed(taken):
        game.apply(action)
    assert_same_as_fresh(view, game, layout, "60 moves made again at once")
    assert view.full_builds == builds


def test_a_dot_that_cuts_a_free_area_in_two_redraws_its_chains() -> None:
    # Blue's ring encloses empty ground; a dot inside it by the ring's top cuts off the half-cell
    # triangles either side of it. Nothing new is enclosed, but the free areas (and dashes) change.
    ring = [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (6, 3), (6, 4), (6, 5), (5, 5), (4, 5), (3, 5), (2, 5),
            (2, 4), (2, 3)]
    red = [(0, y) for y in range(8)] + [(x, 7) for x in range(1, 8)]
    game = Game(10, 9, Rules.CLASSIC, zone=False)
    layout = BoardLayout(10, 9, 26, 24, 22)
    view = BoardView()
    for blue, answer in zip(ring, red, strict=False):
        game.play(blue)
        game.play(answer)
    view.backdrop(game, layout, WINDOW, decorate)
    builds = view.full_builds
    areas = len(game.free_areas(Player.BLUE))
    report = game.play((4, 3))
    assert not report.laid and len(game.free_areas(Player.BLUE)) == areas + 2
    assert_same_as_fresh(view, game, layout, "a free area cut in two")
    game.undo()
    assert len(game.free_areas(Player.BLUE)) == areas
    assert_same_as_fresh(view, game, layout, "the cut taken back")
    assert view.full_builds == builds


@pytest.mark.parametrize("rules", list(Rules))
def test_a_turn_handed_over_paints_nothing(rules: Rules) -> None:
    game = demo.random_game(12, 10, rules, seed=3, moves=40)
    layout = layouts(12, 10)[0]
    view = BoardView()
    before = pygame.image.tobytes(view.backdrop(game, layout, WINDOW, decorate), "RGB")
    builds, made = view.full_builds, view.rebuilds
    version = game.version
    game.pass_to(game.to_move.other)
    assert game.version == version + 1 and game.changes_since(version) == [(None, False)]
    after = pygame.image.tobytes(view.backdrop(game, layout, WINDOW, decorate), "RGB")
    assert after == before
    assert view.full_builds == builds and view.rebuilds == made + 1


@pytest.mark.parametrize(("actions", "in_place"), [(512, True), (513, False)])
def test_a_jump_past_the_journal_is_drawn_whole(actions: int, in_place: bool) -> None:
    # The engine keeps the latest 512 actions: one more and the view cannot follow, so it draws
    # the whole board, the same as when it follows.
    game = demo.random_game(16, 13, Rules.COUNTRIES, seed=9, moves=120)
    layout = layouts(16, 13)[0]
    view = BoardView()
    view.backdrop(game, layout, WINDOW, decorate)
    builds = view.full_builds
    version = game.version
    rng = random.Random(4)
    while game.version - version < actions:
        left = actions - (game.version - version)
        taken = [game.history[-i - 1] for i in range(min(left // 2, rng.randint(1, 40)) or 1)]
        for _ in taken:
            game.undo()
        for action in reversed(taken[: left - len(taken)]):
            game.apply(action)
    assert game.version - version == actions
    assert (game.changes_since(version) is not None) == in_place
    assert_same_as_fresh(view, game, layout, f"{actions} actions at once")
    assert view.full_builds == builds + (not in_place)
