"""The shape of the code: layers that import only downwards, no import cycles anywhere in the project,
no pygame below the screens, and scenes that know no other scene.

Every module of ``engine``, ``ai``, ``game`` and ``main.py`` is parsed with ``ast``
(nothing is imported), and every import in it counts, also one inside a function
or under ``TYPE_CHECKING``: a cycle dodged by a function-local import is still a
cycle. ``from package import name`` is an edge to ``package.name`` when that is a
module, else to ``package``.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "ai", "game")
SCENES = "game.scenes"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine",),  # the rules
    ("ai",),  # the computer players
    ("game.match",),  # the match without a window: set-up, clocks, take-back, ending, opponent, hint, replay
    ("game.strings", "game.paths"),  # the texts in both languages; where files are
    ("game.storage",),  # the player's files: settings, unfinished games, the library
    ("game.input",),  # pointer, gestures and the board's geometry on screen
    ("game.view",),  # what is drawn and heard
    ("game.scenes",),  # the screens
    ("game", "game.app", "game.collector", "game.control", "game.crash", "game.shots"),  # the program's shell
    ("main",),
)
"""Bottom to top: a module may import its own layer and those below, never one above. An entry
stands for itself and every module under it, except ``game``, which is only the package's ``__init__``."""

NO_PYGAME = ("engine", "ai", "game.match", "game.strings", "game.paths", "game.storage")
"""Layers that run without a window (the rules, the search, the match model, the files)."""


def project_modules() -> dict[str, Path]:
    """Every module of the project by dotted name (a package by its own name, for its ``__init__``)."""
    modules = {"main": ROOT / "main.py"}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


@functools.cache
def parsed(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for the whole module's tests (several walk every file)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules that module ``name`` imports, wherever in it the import stands."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package upwards
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[:len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t in known and t != name)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def layer_of(module: str) -> int | None:
    """The index in :data:`LAYERS` of ``module``'s layer (its longest entry), None if no entry holds it."""
    best: tuple[int, int] | None = None
    for index, entries in enumerate(LAYERS):
        for entry in entries:
            holds = module == entry or (entry != "game" and module.startswith(entry + "."))
            if holds and (best is None or len(entry) > best[1]):
                best = (index, len(entry))
    return None if best is None else best[0]


def outside_imports(path: Path) -> set[str]:
    """The top-level names of every package a module imports, wherever in it the import stands."""
    found: set[str] = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path that starts and ends at the same module, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (cycle := visit(target)) is not None:
                return cycle
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (cycle := visit(module)) is not None:
            return cycle
    return None


def scene_modules() -> set[str]:
    """The modules of ``game.scenes`` that define a screen: a class deriving from ``Scene`` (or another
    screen) that has a ``name`` of its own. A shared base with no name (the files screens' list) is no screen."""
    found = set()
    for name, path in project_modules().items():
        if not name.startswith(SCENES + "."):
            continue
        tree = parsed(path)
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(b, ast.Name) and b.id.endswith("Scene") for b in node.bases) and any(
                    isinstance(line, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "name" for t in line.targets)
                    for line in node.body):
                found.add(name)
    return found


def test_the_project_has_no_import_cycle() -> None:
    graph = import_graph()
    assert {"game.scenes.play", "game.control", "engine.game", "main"} <= set(graph)  # the walk found the code
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])


def test_every_module_has_a_layer_and_imports_only_downwards() -> None:
    graph = import_graph()
    homeless = sorted(module for module in graph if layer_of(module) is None)
    assert not homeless, "modules with no layer in LAYERS: " + ", ".join(homeless)
    upward = sorted(f"{module} imports {target}" for module, targets in graph.items() for target in targets
                    if layer_of(target) > layer_of(module))  # type: ignore[operator]
    assert not upward, "imports up the layers:\n" + "\n".join(upward)


def test_the_layer_table_sees_an_upward_import() -> None:
    assert layer_of("game.match.hint") < layer_of("game.view.hint_mark")  # type: ignore[operator]
    assert layer_of("game.storage.library") > layer_of("game.strings")  # type: ignore[operator]
    assert layer_of("game") == layer_of("game.app") and layer_of("game.nowhere") is None


def test_no_pygame_below_the_screens() -> None:
    windowed = sorted(name for name, path in project_modules().items()
                      if any(name == layer or name.startswith(layer + ".") for layer in NO_PYGAME)
                      if "pygame" in outside_imports(path))
    assert not windowed, "pygame imported where no window may be: " + ", ".join(windowed)


def test_the_cycle_check_sees_function_local_and_submodule_imports(tmp_path: Path) -> None:
    a = tmp_path / "a.py"
    a.write_text("def later():\n    from pkg import b\n", encoding="utf-8")
    b = tmp_path / "b.py"
    b.write_text("import a\n", encoding="utf-8")
    known = {"a", "pkg", "pkg.b"}
    assert imports_of("a", a, known) == {"pkg.b"}
    assert find_cycle({"a": {"pkg.b"}, "pkg.b": {"a"}, "pkg": set()}) == ["a", "pkg.b", "a"]
    assert find_cycle({"a": {"pkg.b"}, "pkg.b": set()}) is None


def test_no_scene_imports_another_scene() -> None:
    scenes = scene_modules()
    assert {"game.scenes.menu", "game.scenes.play", "game.scenes.results", "game.scenes.review",
            "game.scenes.files.open_game", "game.scenes.files.save_game", "game.scenes.files.rename",
            "game.scenes.files.unfinished_list", "game.scenes.dialog", "game.scenes.help"} <= scenes
    graph = import_graph()
    crossing = sorted(f"{scene} imports {target}" for scene in scenes for target in graph[scene] & scenes)
    assert not crossing, "scenes ask the stack for each other by name instead:\n" + "\n".join(crossing)


def test_the_headless_runs_open_screens_by_name() -> None:
    """``game.shots`` (the smoke run, the screenshots) asks the stack for screens as scenes do; only
    :data:`game.control.SCENES` knows their classes."""
    scenes = scene_modules()
    graph = import_graph()
    shots = [name for name in graph if name == "game.shots" or name.startswith("game.shots.")]
    assert {"game.shots.smoke", "game.shots.setups"} <= set(shots)
    crossing = sorted(f"{module} imports {target}" for module in shots for target in graph[module] & scenes)
    assert not crossing, "open the screen with stack.go(name) instead:\n" + "\n".join(crossing)


def test_every_screen_is_in_the_one_table_under_its_own_name() -> None:
    from game.control import SCENES as TABLE
    from game.scenes.base import Scene

    assert all(issubclass(cls, Scene) and cls.name == name for name, cls in TABLE.items())
    assert {"menu", "versus", "picker", "play", "results", "review", "open", "save", "unfinished", "rename", "rules",
            "help", "confirm", "history", "progress", "achievements", "tutorial", "rating", "puzzles", "puzzle"} == set(TABLE)


def test_the_play_scene_stays_slim() -> None:
    """Input routing and drawing only: rules, saving, the computer, the clock and the panel live elsewhere."""
    lines = (ROOT / "game" / "scenes" / "play.py").read_text(encoding="utf-8").count("\n")
    assert lines <= 300, f"game/scenes/play.py has {lines} lines; move a concern out rather than squeeze it"
