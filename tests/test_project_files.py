"""The project's own files agree with each other: pins, the test command, the CI script."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pins(name: str) -> list[str]:
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith(("#", "-r"))]


def test_pyproject_declares_the_same_pins_as_the_requirements() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == _pins("requirements.txt")
    assert project["optional-dependencies"]["dev"] == _pins("requirements-dev.txt")
    assert all("==" in pin for pin in _pins("requirements.txt") + _pins("requirements-dev.txt"))
    # The game itself needs no test or build tool.
    assert not any(re.match(r"(pytest|hypothesis|ruff|pyinstaller)\b", pin) for pin in _pins("requirements.txt"))


def test_ci_runs_exactly_the_test_command_of_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Tests\s+```sh\n(.+?)\n```", readme, re.S)
    assert block is not None
    command = block.group(1).strip()
    assert "requirements-dev.txt" in command
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci_lines
    # set -e ignores a failure before a list's last &&: the line after the command checks the list's status.
    status = [line for line in ci_lines[ci_lines.index(command) + 1:] if not line.startswith("#")][0]
    assert status == "[ $? -eq 0 ]"


def _sources() -> list[Path]:
    return [ROOT / "main.py", *(path for folder in ("engine", "ai", "game", "bench", "tests", "tools")
                                for path in (ROOT / folder).rglob("*.py"))]


def test_every_rules_section_the_code_cites_is_in_docs_rules() -> None:
    rules = (ROOT / "docs/RULES.md").read_text(encoding="utf-8")
    # Sections are "## 3. …"; their items are the numbered list under each heading.
    sections: dict[str, list[str]] = {}
    current = ""
    for line in rules.splitlines():
        if heading := re.match(r"## (\d+)\. ", line):
            current = heading.group(1)
            sections[current] = []
        elif (item := re.match(r"(\d+)\. \*\*", line)) and current:
            sections[current].append(item.group(1))
    cited = set()
    for path in _sources():
        for section, item in re.findall(r"RULES\.md §(\d+)(?:\.(\d+))?", path.read_text(encoding="utf-8")):
            cited.add((section, item))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    cited.update(re.findall(r"RULES\.md §(\d+)(?:\.(\d+))?", readme))
    assert ("3", "2") in cited  # the scan found the citations at all (the first-move zone is cited in three places)
    missing = sorted(f"§{s}.{i}" if i else f"§{s}" for s, i in cited if s not in sections or (i and i not in sections[s]))
    assert missing == []
    # Citations name the file by its path from the root: the name alone points at nothing in the repository.
    bare = [str(path.relative_to(ROOT)) for path in _sources()
            if re.search(r"(?<![/\w])RULES\.md", path.read_text(encoding="utf-8"))]
    assert bare == []
