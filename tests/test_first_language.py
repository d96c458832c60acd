"""The first start speaks the system's language (issue 21): English on an English system, Russian on
a Russian or an unknown one; once the player has settings, their choice wins, and the system's
language taken at the first start is kept by the next choice of anything else."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import strings
from game.storage import preferences
from game.storage.preferences import Preferences
from game.view import language

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
ROOT = Path(__file__).resolve().parents[1]


def system(monkeypatch: pytest.MonkeyPatch, **variables: str) -> None:
    """The process's locale variables set to ``variables`` alone, and no other source of a language."""
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(language, "preferred_locales", lambda: [])


@pytest.fixture(autouse=True)
def _russian_again() -> object:
    yield
    strings.set_language(strings.DEFAULT_LANGUAGE)


@pytest.mark.parametrize(("variables", "expected"), [
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LC_MESSAGES": "en_GB.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
    ({"LANG": "de_DE.UTF-8"}, "ru"),
    ({"LANG": "C.UTF-8"}, "ru"),
    ({}, "ru"),
])
def test_the_first_start_speaks_the_systems_language(monkeypatch: pytest.MonkeyPatch, data_dir: Path,
                                                     variables: dict[str, str], expected: str) -> None:
    system(monkeypatch, **variables)
    assert not (data_dir / preferences.SETTINGS_FILE).exists()
    chosen = Preferences.load()
    assert language.apply_saved(chosen) == expected == strings.language()
    assert not (data_dir / preferences.SETTINGS_FILE).exists()  # nothing written for it
    # The next choice of anything else keeps the language with it.
    chosen.remember(sound=False)
    kept = json.loads((data_dir / preferences.SETTINGS_FILE).read_text(encoding="utf-8"))
    assert kept["language"] == expected


def test_the_systems_preference_counts_when_no_variable_names_a_language(monkeypatch: pytest.MonkeyPatch,
                                                                         data_dir: Path) -> None:
    # Windows and macOS name no language in the environment: SDL asks the system.
    system(monkeypatch)
    monkeypatch.setattr(language, "preferred_locales", lambda: ["en_US", "ru_RU"])
    assert language.apply_saved(Preferences.load()) == "en"


def test_a_saved_choice_wins_over_the_system(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    system(monkeypatch, LANG="en_US.UTF-8")
    preferences.save_settings(preferences.Settings(language="ru"))
    assert language.apply_saved(Preferences.load()) == "ru"
    system(monkeypatch, LANG="ru_RU.UTF-8")
    preferences.save_settings(preferences.Settings(language="en"))
    assert language.apply_saved(Preferences.load()) == "en"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a bare Linux names its language only in LANG")
@pytest.mark.parametrize(("lang", "expected"), [(None, "ru"), ("en_US.UTF-8", "en"), ("ru_RU.UTF-8", "ru")])
def test_a_started_process_reads_its_environment(lang: str | None, expected: str) -> None:
    # As the game starts: no LANG at all is a C locale (which Python's getlocale() calls en_US): Russian.
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    if lang is not None:
        env["LANG"] = lang
    script = "from game.view.language import system_language; print(system_language())"
    done = subprocess.run([sys.executable, "-c", script], check=False, cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == expected


def test_an_unusable_data_folder_still_speaks_the_systems_language(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    # A file where the folder should be: no settings can exist, so this is a first start, not a Russian one.
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("TOCHKI_DATA_DIR", str(blocker))
    system(monkeypatch, LANG="en_US.UTF-8")
    assert language.apply_saved(Preferences.load()) == "en"
