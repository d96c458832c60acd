"""Every text the player sees, in one catalogue, Russian first.

Screens never hold literal text: they ask ``t(key)``. A later issue adds a
language switch; it only has to call :func:`set_language`.
"""

from __future__ import annotations

DEFAULT_LANGUAGE = "ru"
LANGUAGES = ("ru", "en")

STRINGS: dict[str, dict[str, str]] = {
    "app.title": {"ru": "Точки — страны", "en": "Dots — Countries"},
    "app.subtitle": {
        "ru": "Обводите точки — стройте страны",
        "en": "Surround dots, build countries",
    },
    # Menu
    "menu.hotseat": {"ru": "Два игрока", "en": "Two players"},
    "menu.computer": {"ru": "Против компьютера", "en": "Against the computer"},
    "menu.rules": {"ru": "Правила", "en": "Rules"},
    "menu.quit": {"ru": "Выход", "en": "Quit"},
    "rules.countries": {"ru": "Страны", "en": "Countries"},
    "rules.classic": {"ru": "Классика", "en": "Classic"},
    "rules.countries.hint": {
        "ru": "Очки — площадь ваших стран в клетках",
        "en": "Score: the area of your countries, in cells",
    },
    "rules.classic.hint": {
        "ru": "Очки — число окружённых точек соперника",
        "en": "Score: the number of enemy dots surrounded",
    },
    # Board size picker
    "picker.title": {"ru": "Размер поля", "en": "Board size"},
    "picker.size": {"ru": "{w} × {h}", "en": "{w} × {h}"},
    "picker.auto": {"ru": "Авто: {w} × {h}", "en": "Auto: {w} × {h}"},
    "picker.auto.hint": {
        "ru": "«Авто» заполняет окно клетками не мельче пальца",
        "en": "“Auto” fills the window with finger-sized cells",
    },
    "picker.back": {"ru": "Назад", "en": "Back"},
    # Computer opponent set-up
    "versus.title": {"ru": "Против компьютера", "en": "Against the computer"},
    "versus.level": {"ru": "Уровень", "en": "Level"},
    "versus.colour": {"ru": "Вы играете", "en": "You play"},
    "level.novice": {"ru": "Новичок", "en": "Beginner"},
    "level.amateur": {"ru": "Любитель", "en": "Amateur"},
    "level.master": {"ru": "Мастер", "en": "Master"},
    "colour.blue.first": {"ru": "Синими (первый ход)", "en": "Blue (moves first)"},
    "colour.red.second": {"ru": "Красными", "en": "Red"},
    "versus.next": {"ru": "Дальше", "en": "Next"},
    # Play
    "player.blue": {"ru": "Синие", "en": "Blue"},
    "player.red": {"ru": "Красные", "en": "Red"},
    "play.turn.blue": {"ru": "Ходят синие", "en": "Blue to move"},
    "play.turn.red": {"ru": "Ходят красные", "en": "Red to move"},
    "play.turn.you": {"ru": "Ваш ход", "en": "Your move"},
    "play.thinking": {"ru": "Компьютер думает", "en": "Computer is thinking"},
    "play.computer": {"ru": "Компьютер", "en": "Computer"},
    "play.you": {"ru": "Вы", "en": "You"},
    "play.undo": {"ru": "Отменить", "en": "Undo"},
    "play.finish": {"ru": "Завершить", "en": "Finish"},
    "play.stop": {"ru": "Стоп", "en": "Stop"},
    "play.menu": {"ru": "В меню", "en": "Menu"},
    "play.board": {"ru": "{rules}, {w} × {h}", "en": "{rules}, {w} × {h}"},
    "play.illegal": {"ru": "Сюда ставить нельзя", "en": "You cannot play there"},
    "play.stopped": {
        "ru": "{player} ходят одни: {time}",
        "en": "{player} move alone: {time}",
    },
    "play.stopped.computer": {
        "ru": "Компьютер ходит один: {time}",
        "en": "The computer moves alone: {time}",
    },
    "play.ai_failed": {
        "ru": "Компьютер не смог сделать ход",
        "en": "The computer could not move",
    },
    "play.score": {"ru": "Счёт", "en": "Score"},
    # Dialogs
    "confirm.leave": {"ru": "Выйти из партии?", "en": "Leave this game?"},
    "confirm.leave.hint": {
        "ru": "Партия не сохранится",
        "en": "The game will not be saved",
    },
    "confirm.leave.yes": {"ru": "Выйти", "en": "Leave"},
    "confirm.finish": {"ru": "Завершить и подсчитать?", "en": "Finish and count?"},
    "confirm.finish.hint": {
        "ru": "Побеждает тот, у кого больше очков",
        "en": "The higher score wins",
    },
    "confirm.finish.yes": {"ru": "Завершить", "en": "Finish"},
    "confirm.stop": {"ru": "Сказать «Стоп»?", "en": "Call “Stop”?"},
    "confirm.stop.hint": {
        "ru": "{player} ходят одни до трёх минут",
        "en": "{player} move alone for up to three minutes",
    },
    "confirm.stop.hint.computer": {
        "ru": "Компьютер ходит один до трёх минут",
        "en": "The computer moves alone for up to three minutes",
    },
    "confirm.stop.yes": {"ru": "Стоп", "en": "Stop"},
    "confirm.no": {"ru": "Продолжить игру", "en": "Keep playing"},
    # Results
    "results.won.blue": {"ru": "Победили синие!", "en": "Blue wins!"},
    "results.won.red": {"ru": "Победили красные!", "en": "Red wins!"},
    "results.won.you": {"ru": "Вы победили!", "en": "You win!"},
    "results.won.computer": {"ru": "Победил компьютер", "en": "The computer wins"},
    "results.draw": {"ru": "Ничья", "en": "Draw"},
    "results.again": {"ru": "Ещё раз", "en": "Play again"},
    "results.menu": {"ru": "В меню", "en": "Menu"},
    "results.cells": {"ru": "клеток", "en": "cells"},
    "results.dots": {"ru": "точек", "en": "dots"},
}

_language = DEFAULT_LANGUAGE


def set_language(code: str) -> None:
    """Switch every later ``t()`` to ``code`` ('ru' or 'en')."""
    global _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    _language = code


def language() -> str:
    """The language now in force."""
    return _language


def t(key: str, **fields: object) -> str:
    """The text for ``key`` in the current language, with ``{fields}`` filled in.

    An unknown key raises KeyError: a missing string is a bug to catch in tests,
    not something to paper over on screen.
    """
    entry = STRINGS[key]
    text = entry.get(_language) or entry[DEFAULT_LANGUAGE]
    return text.format(**fields) if fields else text
