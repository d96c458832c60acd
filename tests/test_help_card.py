"""The F1 card: named apart from the «Подсказка» (hint) button, telling how to zoom and pan, and saying
what a red cross means under the rule set in play (classic has no countries, but a first-move zone)."""

from __future__ import annotations

import pygame
import pytest
from driving import key, step

from engine import Rules
from game.control import Control
from game.match.settings import MatchSettings
from game.scenes.handoff import Match
from game.strings import LANGUAGES, set_language, t


def card_texts(control: Control, rules: Rules) -> list[str]:
    """Open a game of ``rules``, press F1: every text the card shows (title, keys, paragraphs)."""
    control.stack.go("play", Match(MatchSettings(rules, 15, 15)))
    step(control)
    key(control, pygame.K_F1)
    step(control)
    card = control.stack.top
    assert card is not None and card.name == "help"
    texts = [t("help.title"), t("help.keys")]
    texts += [t(text) for _, text in card.tips] + [t(heading) for heading, _ in card.tips if heading]
    key(control, pygame.K_F1)
    step(control)
    assert control.stack.top is not card
    control.stack.pop()  # the game
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_is_not_called_like_the_hint_button(control: Control, language: str) -> None:
    set_language(language)
    assert t("help.title") != t("play.hint")
    assert not t("help.title").startswith(t("play.hint")[:-1])  # nor its plural («Подсказки»)
    assert t("feel.help") == t("help.title")  # the «?» button opens what it names


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_follows_the_rules_in_play_and_tells_how_to_pan(control: Control, language: str) -> None:
    set_language(language)
    country = {"ru": "стран", "en": "countr"}[language]
    zone = {"ru": "зон", "en": "zone"}[language]
    pan = {"ru": ("правой", "двумя пальцами"), "en": ("right", "two fingers")}[language]
    countries = " ".join(card_texts(control, Rules.COUNTRIES)).lower()
    classic = " ".join(card_texts(control, Rules.CLASSIC)).lower()
    assert country in countries and zone not in countries
    assert country not in classic and zone in classic
    for words in (countries, classic):
        assert all(word in words for word in pan), words
