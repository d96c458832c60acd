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
