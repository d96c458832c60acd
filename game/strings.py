"""Every text the player sees, in one catalogue, Russian first.

Screens never hold literal text: they ask ``t(key)``, at draw time, so a
language switch (:func:`set_language`; the menu's «RU / EN», remembered by
``game.view.language``) needs no rebuild. Every key has both languages with the same
``{fields}``; ``tests/test_strings.py`` checks that, and that screens draw no
literal text of their own.
"""

from __future__ import annotations

import string

from engine import Rules

DEFAULT_LANGUAGE = "ru"
LANGUAGES = ("ru", "en")

STRINGS: dict[str, dict[str, str]] = {
    "app.title": {"ru": "Точки — страны", "en": "Dots — Countries"},
    "app.version": {"ru": "Точки — страны {version}", "en": "Dots — Countries {version}"},
    "app.subtitle": {
        "ru": "Обводите точки — стройте страны",
        "en": "Surround dots, build countries",
    },
    # --- the finished games kept, «Успехи», takebacks and achievements (issue 30) ---
    "menu.progress": {"ru": "Успехи", "en": "Progress"},
    "progress.title": {"ru": "Успехи", "en": "Progress"},
    "progress.games": {"ru": "Сыгранные: {n}", "en": "Finished: {n}"},
    "progress.empty": {"ru": "Пока ни одной законченной партии", "en": "No finished games yet"},
    "progress.row": {"ru": "{rules} · {who}", "en": "{rules} · {who}"},
    "progress.hotseat": {"ru": "два игрока", "en": "two players"},
    "progress.legend": {"ru": "Серия: побед подряд сейчас / лучшая. Захват: больше всего точек за ход. "
                              "Ходов: в самой долгой партии.",
                        "en": "Streak: wins in a row now / best. Capture: most dots in one move. "
                              "Moves: in the longest game."},
    "progress.hotseat_note": {"ru": "Два игрока: победы синих — синим, красных — красным",
                              "en": "Two players: Blue's wins in blue, Red's in red"},
    "progress.col.played": {"ru": "Партий", "en": "Played"},
    "progress.col.won": {"ru": "Побед", "en": "Won"},
    "progress.col.lost": {"ru": "Поражений", "en": "Lost"},
    "progress.col.drawn": {"ru": "Ничьих", "en": "Drawn"},
    "progress.col.streak": {"ru": "Серия", "en": "Streak"},
    "progress.col.capture": {"ru": "Захват", "en": "Capture"},
    "progress.col.longest": {"ru": "Ходов", "en": "Moves"},
    "history.title": {"ru": "Сыгранные партии", "en": "Finished games"},
    "history.folder": {"ru": "Сыгранные партии лежат в папке {path}", "en": "The finished games are in {path}"},
    "history.empty": {"ru": "Законченных партий пока нет", "en": "No finished games yet"},
    "history.keep": {"ru": "Хранить: {n}", "en": "Keep: {n}"},
    "history.keep_note": {"ru": "Хранятся последние {n}: самые старые уходят, когда кончается новая партия",
                          "en": "The last {n} are kept: the oldest go when a new game ends"},
    "history.keep_failed": {"ru": "Не удалось изменить: {why}", "en": "Could not change it: {why}"},
    "history.keep_reset": {"ru": "Сколько партий хранить — не прочитано; хранятся {n}",
                           "en": "How many games to keep could not be read; {n} are kept"},
    "history.rebuilt": {"ru": "Сводка сыгранных партий была повреждена и собрана заново из записей",
                        "en": "The summary of finished games was damaged and has been rebuilt from the records"},
    "history.records_unread": {"ru": "Не прочитано записей сыгранных партий: {n} (они остались в папке)",
                               "en": "Finished games that could not be read: {n} (left in the folder)"},
    "history.unreadable": {"ru": "Сыгранные партии не читаются: {why}", "en": "The finished games cannot be read: {why}"},
    "history.not_kept": {"ru": "Партия не попала в историю: {why}", "en": "The game was not kept: {why}"},
    "history.row.won": {"ru": "Победа · {level}", "en": "Won · {level}"},
    "history.row.lost": {"ru": "Поражение · {level}", "en": "Lost · {level}"},
    "history.row.drawn": {"ru": "Ничья · {level}", "en": "Drawn · {level}"},
    "history.row.hotseat": {"ru": "Два игрока", "en": "Two players"},
    "history.row.unknown": {"ru": "Партия", "en": "A game"},
    # Start-up, on stderr (main.py): no screen to open the window on
    "start.no_display": {
        "ru": "Не удалось открыть окно игры: графический экран не найден ({reason}). "
              "Запустите игру в графическом сеансе; проверка без экрана: --smoke.",
        "en": "Cannot open the game window: no graphical display was found ({reason}). "
              "Start the game in a graphical session; to check it without a screen, use --smoke.",
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
    "level.beginner": {"ru": "Новичок", "en": "Beginner"},
    "level.amateur": {"ru": "Любитель", "en": "Amateur"},
    "level.master": {"ru": "Мастер", "en": "Master"},
    "colour.blue.first": {"ru": "Синими (первый ход)", "en": "Blue (moves first)"},
    "colour.red.second": {"ru": "Красными", "en": "Red"},
    "versus.next": {"ru": "Дальше", "en": "Next"},
    # The master's compiled kernel (game.match.readiness): while it gets ready, and where it never will,
    # the screens that offer and play the master say so. A no-break space keeps «40 %» whole.
    "master.getting_ready": {"ru": "Мастер готовится… {percent}\u00a0%", "en": "The master is getting ready… {percent}%"},
    "master.getting_ready.unknown": {"ru": "Мастер готовится…", "en": "The master is getting ready…"},
    "versus.master.wait": {
        "ru": "Можно начать и сейчас: его первый ход подождёт",
        "en": "You may start now: its first move will wait",
    },
    "versus.master.uncompiled": {
        "ru": "На этом компьютере мастер играет без компиляции, заметно слабее",
        "en": "On this computer the master plays uncompiled, much weaker",
    },
    # The same in the play panel's narrow column (its turn line, and a status line while a hint waits).
    "play.master.getting_ready": {"ru": "Мастер готовится… {percent}\u00a0%", "en": "Master getting ready… {percent}%"},
    "play.master.getting_ready.unknown": {"ru": "Мастер готовится…", "en": "Master getting ready…"},
    "play.hint.getting_ready": {"ru": "Загрузка…", "en": "Loading…"},  # no wider than «Завершить»: the grid keeps its type
    "results.engine.kernel": {"ru": "Мастер: скомпилированное ядро", "en": "Master: compiled kernel"},
    "results.engine.uncompiled": {"ru": "Мастер: без компиляции, слабее", "en": "Master: uncompiled, weaker"},
    # The clock, chosen before a game (game.match.clock)
    "picker.clock": {"ru": "Часы на партию", "en": "Clock for the game"},
    "clock.none": {"ru": "Без часов", "en": "No clock"},
    "clock.minutes": {"ru": "{m} мин", "en": "{m} min"},
    "clock.increment": {"ru": "+{s} с за ход", "en": "+{s} s a move"},
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
    "play.redo": {"ru": "Вернуть", "en": "Redo"},
    "play.finish": {"ru": "Завершить", "en": "Finish"},
    "play.stop": {"ru": "Стоп", "en": "Stop"},
    "play.menu": {"ru": "В меню", "en": "Menu"},
    "play.board": {"ru": "{rules}, {w} × {h}", "en": "{rules}, {w} × {h}"},
    "play.move": {"ru": "Ход № {n}", "en": "Move {n}"},
    "play.clock": {"ru": "{player}: {time}", "en": "{player}: {time}"},
    # Why a node is refused, shown beside it in a word or two (game.view.refusal).
    "refusal.taken": {"ru": "Занято", "en": "Taken"},
    "refusal.their_country": {"ru": "Чужая страна", "en": "Their country"},
    "refusal.own_country": {"ru": "Своя страна", "en": "Your country"},
    "refusal.surrounded": {"ru": "Окружено", "en": "Surrounded"},
    "refusal.zone": {"ru": "Начните в центре", "en": "Start in the centre"},
    "refusal.stopped": {"ru": "Вы нажали «Стоп»", "en": "You pressed Stop"},
    "refusal.over": {"ru": "Игра окончена", "en": "Game over"},
    "refusal.not_a_node": {"ru": "Не на доске", "en": "Off the board"},
    "play.stopped": {
        "ru": "{player} ходят одни: {time}",
        "en": "{player} moves alone: {time}",  # «Blue», one side, as in «Blue wins!» and «Red to move»
    },
    "play.stopped.computer": {
        "ru": "Компьютер ходит один: {time}",
        "en": "The computer moves alone: {time}",
    },
    # The computer pressed «Стоп» (ai.stop.should_press_stop): the person moves alone, but can take nothing.
    "play.stopped.by_computer": {
        "ru": "Компьютер сказал «Стоп»",
        "en": "The computer called “Stop”",
    },
    "play.stopped.you": {
        "ru": "Вы ходите одни: {time}",
        "en": "You move alone: {time}",
    },
    "play.stopped.by_computer.hint": {
        "ru": "Окружить уже нечего",
        "en": "Nothing is left to surround",
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
        "en": "{player} moves alone for up to three minutes",
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
    # How the game ended (game.match.ending)
    "results.end.full": {"ru": "Поле заполнено: ходить некуда", "en": "The board is full: nowhere to play"},
    "results.end.finish": {"ru": "Партию завершили кнопкой «Завершить»", "en": "Ended with “Finish”"},
    "results.end.stop": {"ru": "Время после «Стопа» вышло", "en": "The time after “Stop” ran out"},
    "results.end.time.blue": {"ru": "Флажок упал: время синих вышло", "en": "Flag fell: Blue ran out of time"},
    "results.end.time.red": {"ru": "Флажок упал: время красных вышло", "en": "Flag fell: Red ran out of time"},
    "results.end.time.you": {"ru": "Флажок упал: ваше время вышло", "en": "Flag fell: you ran out of time"},
    "results.end.time.computer": {"ru": "Флажок упал: время компьютера вышло",
                                  "en": "Flag fell: the computer ran out of time"},
    "results.again": {"ru": "Ещё раз", "en": "Play again"},
    "results.menu": {"ru": "В меню", "en": "Menu"},
    "results.cells": {"ru": "клеток", "en": "cells"},
    "results.dots": {"ru": "точек", "en": "dots"},
    # --- menus, rules, files, review ---
    "menu.continue": {"ru": "Продолжить", "en": "Continue"},
    "menu.open": {"ru": "Открыть", "en": "Open"},
    "menu.ruleset": {"ru": "Вариант правил", "en": "Rule set"},
    "menu.resume_failed": {"ru": "Партию не удалось продолжить: {why}", "en": "The game could not be resumed: {why}"},
    # The autosave found at start could not be loaded (game.storage.unfinished); it is set aside, not lost.
    "store.not_resumed": {
        "ru": "Прошлую партию не удалось продолжить: {why}",
        "en": "The last game could not be resumed: {why}",
    },
    "store.set_aside": {
        "ru": "Прошлую партию не удалось продолжить: {why}. Файл отложен как {name}",
        "en": "The last game could not be resumed: {why}. The file is kept as {name}",
    },
    "store.no_folder": {
        "ru": "Папка данных игры недоступна — партии сейчас не сохраняются",
        "en": "The game's data folder cannot be used — games are not being saved",
    },
    # The player's data folder cannot be used at all (game.paths.data_dir_problem): the game plays on, keeping
    # nothing; the menu says so and where the folder would be, and every save says why it failed.
    "store.not_kept": {
        "ru": "Партии и настройки не сохранятся: папка игры «{folder}» недоступна",
        "en": "Games and settings will not be kept: the game's folder “{folder}” cannot be used",
    },
    "problem.no_data_folder": {"ru": "папка данных игры недоступна", "en": "the game's data folder cannot be used"},
    # What went wrong with a file, put into {why} of the messages above and below.
    "problem.not_record": {"ru": "это не запись партии в точки", "en": "this is not a Dots game record"},
    "problem.unsupported": {
        "ru": "такую запись игра не поддерживает (слишком большое поле или правка точек посреди партии)",
        "en": "the game does not support this record (a board too large, or dots edited mid-game)",
    },
    "problem.too_large": {"ru": "файл слишком большой для партии в точки", "en": "the file is too large for a Dots game"},
    "problem.damaged": {"ru": "запись повреждена или оборвана", "en": "the record is damaged or cut short"},
    "problem.not_text": {"ru": "файл повреждён: в нём не текст", "en": "the file is damaged: it is not text"},
    "problem.illegal_move": {"ru": "в записи есть ход не по правилам", "en": "the record has a move against the rules"},
    "problem.empty": {"ru": "файл пуст", "en": "the file is empty"},
    "problem.gone": {"ru": "файла больше нет", "en": "the file is gone"},
    "problem.not_a_file": {"ru": "это папка, а не файл", "en": "this is a folder, not a file"},
    "problem.unreadable": {"ru": "файл не удалось прочитать", "en": "the file could not be read"},
    "problem.not_written": {"ru": "файл не удалось записать", "en": "the file could not be written"},
    "problem.no_permission": {"ru": "нет прав на этот файл или папку", "en": "no permission for this file or folder"},
    "problem.disk_full": {"ru": "на диске нет места", "en": "the disk is full"},
    "problem.name_too_long": {"ru": "слишком длинное название", "en": "the name is too long"},
    # A write refused by the system: what the player reads says it could not be *written* (issue 21).
    "problem.read_only": {"ru": "диск только для чтения — нельзя записать", "en": "the disk is read-only — cannot write"},
    "problem.no_write_permission": {"ru": "нет прав на запись — нельзя записать в эту папку",
                                    "en": "no permission to write — cannot write to this folder"},
    "problem.name_encoding": {
        "ru": "такое название система не принимает — попробуйте латиницу",
        "en": "the system does not take this name — try Latin letters",
    },
    # A game in progress another window plays (game.scenes.held): look at it, or play on a copy.
    "held.question": {"ru": "Эта партия открыта в другом окне", "en": "This game is open in another window"},
    "held.hint": {"ru": "Ходы в неё записывает то окно. Посмотреть её или продолжить копию?",
                  "en": "That window records its moves. Look at it, or play on a copy?"},
    "held.copy": {"ru": "Продолжить копию", "en": "Play a copy"},
    "held.look": {"ru": "Только смотреть", "en": "Just look"},
    "held.cancel": {"ru": "Отмена", "en": "Cancel"},
    "held.not_deleted": {"ru": "Эта партия открыта в другом окне — её нельзя удалить, пока она там",
                         "en": "This game is open in another window — it cannot be deleted while it is there"},
    "problem.held": {"ru": "партия открыта в другом окне", "en": "the game is open in another window"},
    # Unfinished games: every game in progress is kept until it ends or is deleted.
    "menu.unfinished": {"ru": "Неоконченные: {n}", "en": "Unfinished: {n}"},
    "unfinished.title": {"ru": "Неоконченные партии", "en": "Unfinished games"},
    "unfinished.empty": {"ru": "Неоконченных партий нет", "en": "No unfinished games"},
    "unfinished.hint": {
        "ru": "Нажмите на партию, чтобы продолжить её; «✕» удаляет",
        "en": "Tap a game to resume it; “✕” deletes it",
    },
    # {k}: the move about to be made, as the play panel's «Ход № {n}» says once the game is resumed.
    "unfinished.row": {"ru": "{rules}, {w} × {h} · {opponent} · ход № {k}",
                       "en": "{rules}, {w} × {h} · {opponent} · move {k}"},
    "unfinished.hotseat": {"ru": "два игрока", "en": "two players"},
    "unfinished.computer": {"ru": "компьютер: {level}", "en": "computer: {level}"},
    "unfinished.delete": {"ru": "✕", "en": "✕"},
    "confirm.delete": {"ru": "Удалить неоконченную партию?", "en": "Delete this unfinished game?"},
    "confirm.delete.hint": {"ru": "Продолжить её будет нельзя", "en": "It cannot be resumed afterwards"},
    "confirm.delete.yes": {"ru": "Удалить", "en": "Delete"},
    "confirm.delete.no": {"ru": "Оставить", "en": "Keep it"},
    "files.unnamed": {"ru": "(без имени)", "en": "(no name)"},
    "lang.ru": {"ru": "RU", "en": "RU"},
    "lang.en": {"ru": "EN", "en": "EN"},
    "results.review": {"ru": "Разбор", "en": "Review"},
    "results.save": {"ru": "Сохранить партию", "en": "Save the game"},
    # No-break spaces: wrapped in a narrow panel, the question keeps its last words together.
    "results.draw.note": {"ru": "Силы равны — может, ещё\u00a0одну?", "en": "Evenly matched — one\u00a0more?"},
    "results.lost.note": {"ru": "В следующий раз получится", "en": "Better luck next time"},
    "results.hints": {"ru": "Подсказок: {n}", "en": "Hints used: {n}"},
    "results.takebacks": {"ru": "Отмен: {n}", "en": "Takebacks: {n}"},
    "results.analyse": {"ru": "Анализ", "en": "Analysis"},
    # The hint (play panel)
    "play.hint": {"ru": "Подсказка", "en": "Hint"},
    "play.hint.thinking": {"ru": "Думаю…", "en": "Thinking…"},
    # The analysis (review)
    "review.analyse": {"ru": "Анализ", "en": "Analysis"},
    "review.analyse.stop": {"ru": "Прервать", "en": "Stop"},
    "review.analysing": {"ru": "Анализ: ход\u00a0{k} из\u00a0{n}", "en": "Analysing: move\u00a0{k} of\u00a0{n}"},
    # No-break spaces: the review's lines are wrapped in a narrow panel, a number stays with its word
    # («Analysis stopped at move» over «97 of 244» read as two thoughts).
    "review.mistakes": {"ru": "Ошибок: синие\u00a0{blue}, красные\u00a0{red}",
                        "en": "Mistakes: Blue\u00a0{blue}, Red\u00a0{red}"},
    "review.mistake": {"ru": "Ошибка: −{loss}, лучше в кольце", "en": "Mistake: −{loss}, the ring was better"},
    "review.analysis_failed": {"ru": "Анализ не удался", "en": "The analysis failed"},
    "review.analysis_stopped": {"ru": "Анализ прерван на ходе\u00a0{k} из\u00a0{n}",
                                "en": "Analysis stopped at move\u00a0{k} of\u00a0{n}"},
    # Review
    "review.title": {"ru": "Разбор партии", "en": "Game review"},
    "review.move": {"ru": "Ход {k} из {n}", "en": "Move {k} of {n}"},
    "review.first": {"ru": "⇤", "en": "⇤"},
    "review.prev": {"ru": "◀", "en": "◀"},
    "review.next": {"ru": "▶", "en": "▶"},
    "review.last": {"ru": "⇥", "en": "⇥"},
    "review.keys": {"ru": "← → — ход назад и вперёд, Home и End — начало и конец",
                    "en": "← → step back and forth, Home and End jump to the start and the end"},
    "review.play_on": {"ru": "Играть отсюда", "en": "Play on from here"},
    "review.back": {"ru": "Назад", "en": "Back"},
    "review.players": {"ru": "{blue} — {red}", "en": "{blue} — {red}"},
    "review.stopped": {"ru": "{player} сказали «Стоп»", "en": "{player} called “Stop”"},
    "review.finished": {"ru": "Партия завершена", "en": "The game was finished"},
    # Saved games
    "files.open.title": {"ru": "Открыть партию", "en": "Open a game"},
    "files.save.title": {"ru": "Сохранить партию", "en": "Save the game"},
    "files.name": {"ru": "Название", "en": "Name"},
    "files.save": {"ru": "Сохранить", "en": "Save"},
    "files.saved": {"ru": "Сохранено: {name}", "en": "Saved: {name}"},
    "files.empty": {"ru": "Сохранённых партий пока нет", "en": "No saved games yet"},
    "files.list": {"ru": "Сохранённые партии", "en": "Saved games"},
    "files.folder": {
        "ru": "Партии лежат в папке {path} — туда можно положить и файлы .sgf из других программ",
        "en": "Games live in {path}; .sgf files from other programs can go there too",
    },
    "files.open_failed": {"ru": "Не удалось открыть «{name}»: {why}", "en": "Could not open “{name}”: {why}"},
    "files.save_failed": {"ru": "Не удалось сохранить: {why}", "en": "Could not save: {why}"},
    "files.default_name": {"ru": "{date} {rules}", "en": "{date} {rules}"},
    "files.back": {"ru": "Назад", "en": "Back"},
    # The games list (issue 13): a row per game, rename and delete
    "files.row": {"ru": "{rules} · {w} × {h} · ходов: {k} · {result}", "en": "{rules} · {w} × {h} · {k} moves · {result}"},
    "files.result.won": {"ru": "{player} +{margin}", "en": "{player} +{margin}"},
    "files.result.draw": {"ru": "ничья", "en": "a draw"},
    "files.result.open": {"ru": "не окончена, {blue}\u00a0:\u00a0{red}", "en": "not finished, {blue}\u00a0:\u00a0{red}"},
    "files.result.resigned": {"ru": "{player}: соперник сдался", "en": "{player}: the other resigned"},
    "files.result.time": {"ru": "{player}: у соперника вышло время", "en": "{player}: the other ran out of time"},
    "files.player.human": {"ru": "Игрок", "en": "Player"},
    "files.player.ranked": {"ru": "{name} ({rank})", "en": "{name} ({rank})"},
    "files.unreadable": {"ru": "Не открывается: {why}", "en": "Cannot be opened: {why}"},
    "files.samples": {"ru": "Примеры партий", "en": "Sample games"},
    "files.rename": {"ru": "✎", "en": "✎"},
    "files.delete": {"ru": "✕", "en": "✕"},
    "files.deleted": {"ru": "Удалена: {name}", "en": "Deleted: {name}"},
    "files.restore": {"ru": "Вернуть", "en": "Undo"},
    "files.restored": {"ru": "Возвращена: {name}", "en": "Back in the list: {name}"},
    "files.delete_failed": {"ru": "Не удалось удалить: {why}", "en": "Could not delete: {why}"},
    "files.restore_failed": {"ru": "Не удалось вернуть: {why}", "en": "Could not bring it back: {why}"},
    "files.rename.title": {"ru": "Переименовать партию", "en": "Rename the game"},
    "files.rename.yes": {"ru": "Переименовать", "en": "Rename"},
    "files.rename.no": {"ru": "Отмена", "en": "Cancel"},
    "files.renamed": {"ru": "Новое название: {name}", "en": "Renamed: {name}"},
    "files.rename_failed": {"ru": "Не удалось переименовать: {why}", "en": "Could not rename: {why}"},
    # The lists while they are still being read (issue 21): a list that fills says so.
    "files.filling": {"ru": "Список ещё читается… найдено: {n}", "en": "Still reading the list… found so far: {n}"},
    "unfinished.filling": {"ru": "Партии ещё читаются… {n} из {total}", "en": "Still reading the games… {n} of {total}"},
    # Rules page: the game's own wording of docs/RULES.md, both rule sets
    "page.title": {"ru": "Правила", "en": "Rules"},
    "page.back": {"ru": "Назад", "en": "Back"},
    # No-break spaces in the diagrams' captions: a score stays on its name's line (one wrapped as «… красные»
    # over a lone «0»).
    "page.both": {"ru": "Синие\u00a0{blue} · красные\u00a0{red}", "en": "Blue\u00a0{blue} · Red\u00a0{red}"},
    "page.c.turns.title": {"ru": "Как ходят", "en": "Taking turns"},
    "page.c.turns.text": {
        "ru": "Играют двое, по одной точке за ход: первыми синие, за ними красные. Точку ставят в узел — "
              "на пересечение линий, а не внутрь клетки. Пропускать ход нельзя.",
        "en": "Two players take turns, one dot each: Blue first, then Red. A dot goes on a node, where the "
              "lines cross, not inside a cell. Nobody may pass.",
    },
    "page.c.country.title": {"ru": "Страны", "en": "Countries"},
    "page.c.country.text": {
        "ru": "Две свои точки рядом — по стороне или наискосок — соединены стенкой. Когда стенки "
              "замыкаются, всё внутри становится вашей страной. Пустая страна тоже считается. Внутрь "
              "страны — чужой и своей — больше никто не ставит.",
        "en": "Two of your dots side by side or diagonally next to each other are joined by a wall. When "
              "your walls close up, all that lies inside becomes your country. An empty country counts "
              "too. Nobody plays inside a country afterwards, whoever owns it.",
    },
    "page.c.values.title": {"ru": "Счёт в клетках", "en": "Scoring in cells"},
    "page.c.values.text": {
        "ru": "Страна приносит столько очков, сколько клеток она занимает. Диагональная стенка режет "
              "клетку пополам, так что бывают половинки: ½, 4½. Самые маленькие страны:",
        "en": "A country scores as many points as the cells it covers. A diagonal wall cuts a cell in "
              "half, so halves happen: ½, 4½. The smallest countries:",
    },
    "page.c.triangle": {"ru": "Три угла клетки:\u00a0{score}", "en": "Three corners:\u00a0{score}"},
    "page.c.square": {"ru": "Четыре угла:\u00a0{score}", "en": "Four corners:\u00a0{score}"},
    "page.c.diamond": {"ru": "Ромб:\u00a0{score}", "en": "Diamond:\u00a0{score}"},
    "page.c.ring": {"ru": "Кольцо из восьми:\u00a0{score}", "en": "Ring of eight:\u00a0{score}"},
    "page.c.dead.title": {"ru": "Зачёркнутые точки", "en": "Crossed-out dots"},
    "page.c.dead.text": {
        "ru": "Точки соперника внутри вашей страны зачёркиваются. Зачёркнутая точка не даёт стенок, ничего "
              "не держит и никому не мешает, но её узел так и остаётся занятым.",
        "en": "Enemy dots inside your country are crossed out. A crossed-out dot makes no walls, holds "
              "nothing and is in nobody's way, but its node stays taken.",
    },
    "page.c.takeover.title": {"ru": "Обвод поверх обвода", "en": "Taking a country over"},
    "page.c.takeover.text": {
        "ru": "Чужую страну можно обвести снаружи целиком — тогда она ваша, и вы получаете всю площадь "
              "своего обвода. Прежняя страна не стирается, а бледнеет под новой: видно, кто здесь был. "
              "Обводить поверх можно сколько угодно раз, считается верхний слой.",
        "en": "An enemy country can be ringed from outside as a whole: then it is yours, and you score the "
              "whole area of your ring. The old country is not wiped out but fades under the new one, so "
              "you can see who was there. Rings over rings can stack; the top layer counts.",
    },
    "page.c.before": {"ru": "До: {both}", "en": "Before: {both}"},
    "page.c.after": {"ru": "После: {both}", "en": "After: {both}"},
    "page.c.edge.title": {"ru": "Край доски", "en": "The edge of the board"},
    "page.c.edge.text": {
        "ru": "Край доски — не стенка: цепочка, которая упирается в край, ничего не обводит.",
        "en": "The edge of the board is not a wall: a chain that leans on the edge encloses nothing.",
    },
    "page.c.edge": {"ru": "У края:\u00a0{score}", "en": "At the edge:\u00a0{score}"},
    "page.c.end.title": {"ru": "Конец партии", "en": "The end"},
    "page.c.end.text": {
        "ru": "Партия кончается, когда ставить больше некуда или когда нажали «Завершить». У кого больше "
              "клеток, тот и выиграл; поровну — ничья.",
        "en": "The game ends when there is nowhere left to play, or when someone presses “Finish”. More "
              "cells wins; equal cells is a draw.",
    },
    "page.k.intro.title": {"ru": "Классика", "en": "Classic"},
    "page.k.intro.text": {
        "ru": "Это официальные правила «Точек». Очки здесь — не клетки, а окружённые точки соперника: "
              "каждая пойманная точка — одно очко. Обычная доска — 38 × 31.",
        "en": "These are the official rules of Dots. Points are not cells but surrounded enemy dots: each "
              "caught dot is one point. The usual board is 38 × 31.",
    },
    "page.k.zone.title": {"ru": "Первый ход", "en": "The first move"},
    "page.k.zone.text": {
        "ru": "Свою первую точку каждый ставит в середину доски, в зону 8 × 15 — она подсвечена. Дальше "
              "ходят, как в «Странах»: по очереди, в узлы.",
        "en": "Each player's first dot goes in the middle of the board, in the shaded 8 × 15 zone. After "
              "that, turns go as in Countries: one dot each, on the nodes.",
    },
    "page.k.capture.title": {"ru": "Окружение", "en": "Surrounding"},
    "page.k.capture.text": {
        "ru": "Замкните свои точки вокруг точек соперника — они пойманы и зачёркнуты, а область стала "
              "вашей. Ставить внутрь окружённой области нельзя.",
        "en": "Close your dots around enemy dots: they are caught and crossed out, and the area is yours. "
              "Nobody may play inside a surrounded area.",
    },
    "page.k.capture": {"ru": "Поймано две:\u00a0{score}", "en": "Two caught:\u00a0{score}"},
    "page.k.free.title": {"ru": "Свободная область", "en": "Free areas"},
    "page.k.free.text": {
        "ru": "Кольцо без чужих точек внутри — свободная область, она обведена пунктиром. Очков за неё нет, "
              "ставить в неё можно обоим. Но чужая точка, поставленная туда, будет поймана вашим "
              "следующим ходом, где бы вы ни сыграли, — если только она сама не окружила ваши точки.",
        "en": "A ring with no enemy dot inside is a free area, drawn dashed. It scores nothing, and both "
              "players may play in it. But an enemy dot put into it is caught by your very next move, "
              "wherever you play — unless that dot itself surrounded yours.",
    },
    "page.k.free": {"ru": "Свободная:\u00a0{score}", "en": "Free:\u00a0{score}"},
    "page.k.trap": {"ru": "Зашла — поймана:\u00a0{score}", "en": "Walked in, caught:\u00a0{score}"},
    "page.k.more.title": {"ru": "Ещё три правила", "en": "Three more rules"},
    "page.k.more.text": {
        "ru": "Пойманные точки стенок не дают. Точку на краю доски окружить нельзя. Если соперник окружит "
              "вашу окружённую область, пойманные в ней точки оживают и больше не ваши.",
        "en": "Caught dots make no walls. A dot on the edge of the board can never be caught. If the "
              "opponent surrounds your surrounded area, the dots you caught in it come back to life and "
              "are no longer yours.",
    },
    "page.k.end.title": {"ru": "Конец партии и «Стоп»", "en": "The end, and “Stop”"},
    "page.k.end.text": {
        "ru": "Партия кончается, когда ставить некуда, или по кнопке «Завершить». Ещё можно сказать «Стоп»: "
              "тогда соперник ходит один, до трёх минут, чтобы окружить ваши точки, и партия кончается. "
              "Больше пойманных точек — победа.",
        "en": "The game ends when there is nowhere to play, or with “Finish”. A player may also call "
              "“Stop”: the opponent then moves alone for up to three minutes to surround that player's "
              "dots, and the game ends. More caught dots wins.",
    },
    # --- feel (play scene) ---
    "feel.sound.on": {"ru": "Звук включён", "en": "Sound on"},
    "feel.sound.off": {"ru": "Звук выключен", "en": "Sound off"},
    "feel.help": {"ru": "Справка", "en": "Help"},
    "feel.fit": {"ru": "Всё поле", "en": "Whole board"},
    "feel.autosave.failed": {"ru": "Автосохранение не удалось", "en": "Autosave failed"},
    "feel.leave.hint": {
        "ru": "Её можно будет продолжить из меню",
        "en": "You can resume it from the menu",
    },
    "help.title": {"ru": "Справка", "en": "Help"},
    "help.keys": {"ru": "Клавиши", "en": "Keys"},
    "help.key.undo": {"ru": "Ctrl+Z", "en": "Ctrl+Z"},
    "help.do.undo": {"ru": "отменить ход", "en": "take a move back"},
    "help.key.redo": {"ru": "Ctrl+Y", "en": "Ctrl+Y"},
    "help.do.redo": {"ru": "вернуть отменённый ход", "en": "replay a move taken back"},
    "help.key.back": {"ru": "Esc", "en": "Esc"},
    "help.do.back": {"ru": "назад; закрыть вопрос", "en": "back; close a question"},
    "help.key.enter": {"ru": "Enter", "en": "Enter"},
    "help.do.enter": {"ru": "ответить «да» на вопрос", "en": "answer “yes” to a question"},
    "help.key.zoom": {"ru": "+  −  0", "en": "+  −  0"},
    "help.do.zoom": {"ru": "крупнее, мельче, всё поле", "en": "zoom in, out, whole board"},
    "help.key.full": {"ru": "F11", "en": "F11"},
    "help.do.full": {"ru": "во весь экран и обратно", "en": "fullscreen and back"},
    "help.key.help": {"ru": "F1", "en": "F1"},
    "help.do.help": {"ru": "эта справка", "en": "this help"},
    "help.mouse.title": {"ru": "Мышью", "en": "With a mouse"},
    "help.mouse": {
        "ru": "Щёлкните у пересечения линий — там встанет точка. Бледная точка под курсором "
              "показывает, куда вы попадёте.",
        "en": "Click near a crossing of the lines to put a dot there. A pale dot under the pointer "
              "shows where it will go.",
    },
    "help.touch.title": {"ru": "Пальцем", "en": "With a finger"},
    "help.touch": {
        "ru": "Коснитесь поля, подведите палец к нужному узлу и отпустите. Уведите палец с поля — "
              "ход не засчитается.",
        "en": "Touch the board, slide to the node you want and lift your finger. Slide off the board "
              "to cancel.",
    },
    "help.illegal": {
        "ru": "Красный крестик — сюда нельзя: узел занят или лежит внутри страны.",
        "en": "A red cross means you cannot play there: the node is taken or inside a country.",
    },
    "help.close": {"ru": "Понятно", "en": "Got it"},
    # --- small things (issue 21): the help by rule set, zoom and pan, the first-move zone ---
    "help.zoom.title": {"ru": "Масштаб и сдвиг", "en": "Zoom and pan"},
    "help.zoom": {
        "ru": "Колесо мыши или два пальца, сведённые или разведённые, меняют размер клеток. Крупное поле "
              "двигают правой или средней кнопкой мыши либо двумя пальцами; «0» — снова всё поле.",
        "en": "The mouse wheel, or two fingers pinching, makes the cells larger or smaller. Drag a zoomed "
              "board with the right or middle mouse button, or with two fingers; 0 shows the whole board again.",
    },
    "help.illegal.classic": {
        "ru": "Красный крестик — сюда нельзя: узел занят или окружён. Первую точку каждый ставит "
              "в закрашенную зону посередине поля.",
        "en": "A red cross means you cannot play there: the node is taken or surrounded. Each player's "
              "first dot goes in the shaded zone in the middle of the board.",
    },
    "play.zone": {"ru": "Первая точка — только\nв закрашенной зоне", "en": "A first dot goes only\nin the shaded zone"},
    # «Сдаться» (game.scenes.play; the record's RE says B+R / W+R)
    "play.resign": {"ru": "Сдаться", "en": "Resign"},
    "confirm.resign": {"ru": "Сдаться?", "en": "Resign?"},
    "confirm.resign.hint": {"ru": "{player} проигрывают, каков бы ни был счёт",
                            "en": "{player} loses, whatever the score"},
    "confirm.resign.hint.computer": {"ru": "Партия засчитается вам как проигрыш",
                                     "en": "The game counts as your loss"},
    "confirm.resign.yes": {"ru": "Сдаться", "en": "Resign"},
    "results.end.resign.blue": {"ru": "Синие сдались", "en": "Blue resigned"},
    "results.end.resign.red": {"ru": "Красные сдались", "en": "Red resigned"},
    "results.end.resign.you": {"ru": "Вы сдались", "en": "You resigned"},
    "results.end.resign.computer": {"ru": "Компьютер сдался", "en": "The computer resigned"},
    # Moments that land (game.view.moments): the banner over the board, {plus} the gain as «+4½»
    "moment.capture": {"ru": "Захват! {plus}", "en": "Capture! {plus}"},
    "moment.takeover": {"ru": "Перехват! {plus}", "en": "Takeover! {plus}"},
    "moment.lead": {"ru": "Смена лидера! {plus}", "en": "Lead change! {plus}"},
    "results.turning": {"ru": "Поворот партии — ход {n}: {who} {plus}", "en": "The turning point: move {n}, {who} {plus}"},
    "results.turning.look": {"ru": "Ход {n}", "en": "Move {n}"},
    # The play panel's story (game.view.story): {who} «Синие», «Вы» or the computer's level; ".one" the
    # computer's form (one player: «Мастер окружил»); {n} as the game writes scores, {dots} the word for them
    "story.country": {"ru": "{who} окружили страну {n}", "en": "{who} surrounded a country of {n}"},
    "story.country.one": {"ru": "{who} окружил страну {n}", "en": "{who} surrounded a country of {n}"},
    "story.takeover": {"ru": "{who} перехватили страну: {n}", "en": "{who} took a country over: {n}"},
    "story.takeover.one": {"ru": "{who} перехватил страну: {n}", "en": "{who} took a country over: {n}"},
    "story.dots": {"ru": "{who} взяли {n} {dots}", "en": "{who} took {n} {dots}"},
    "story.dots.one": {"ru": "{who} взял {n} {dots}", "en": "{who} took {n} {dots}"},
    "story.dot.one": {"ru": "точку", "en": "dot"},
    "story.dot.few": {"ru": "точки", "en": "dots"},
    "story.dot.many": {"ru": "точек", "en": "dots"},
    "story.lead": {"ru": "Перевес: {who} +{n}", "en": "Lead: {who} +{n}"},
    "story.times": {"ru": "{words} ×{n}", "en": "{words} ×{n}"},
    "story.level": {"ru": "Поровну", "en": "Even"},
    "help.motion": {"ru": "Меньше движения", "en": "Reduce motion"},
    "help.motion.on": {"ru": "✓ Меньше движения", "en": "✓ Reduce motion"},
    # --- help29: «?» opens the rules with the keys on them; coordinates on the board ---
    "rules.keys": {"ru": "Клавиши", "en": "Keys"},
    "keys.title": {"ru": "Клавиши и жесты", "en": "Keys and gestures"},
    "keys.key.rules": {"ru": "?", "en": "?"},
    "keys.do.rules": {"ru": "кнопка в игре: эти правила", "en": "the button in a game: these rules"},
    "keys.do.f1": {"ru": "справка и настройки: меньше движения, координаты",
                   "en": "help and settings: reduced motion, coordinates"},
    "keys.review.title": {"ru": "В разборе", "en": "In a review"},
    "keys.coords.title": {"ru": "Координаты", "en": "Coordinates"},
    "keys.coords": {
        "ru": "Включите их на карточке F1: вдоль краёв поля встанут буквы столбцов и строк. Узел называют "
              "буквой столбца и буквой строки, как в записях партий (SGF) и в других программах точек: "
              "«ab» — первый столбец, вторая строка сверху.",
        "en": "Switch them on on the F1 card: the columns' and rows' letters appear along the board's edges. "
              "A node is named by its column's letter, then its row's, as game records (SGF) and other Dots "
              "programs name it: “ab” is the first column, the second row from the top.",
    },
    "help.coords": {"ru": "Координаты", "en": "Coordinates"},
    "help.coords.on": {"ru": "✓ Координаты", "en": "✓ Coordinates"},
    # leftovers: the truth about the master where its kernel failed to load (the amateur plays for it),
    # and the review's line of which engine played the master.
    "versus.master.amateur": {
        "ru": "Мастер не загрузился: вместо него играет любитель",
        "en": "The master could not load: the amateur plays in its place",
    },
    "results.engine.amateur": {"ru": "Вместо мастера играл любитель", "en": "The amateur played for the master"},
    # Achievements (branch achieve30: game.storage.achievements, game.scenes.achievements, the results'
    # announcement); the achievements' own names live with their rules in game.storage.achievements
    "progress.achievements": {"ru": "Достижения", "en": "Achievements"},
    "achievements.title": {"ru": "Достижения", "en": "Achievements"},
    "achievements.count": {"ru": "{n} из {total}", "en": "{n} of {total}"},
    "achievements.earned_on": {"ru": "Получено {date}", "en": "Earned {date}"},
    "achievements.date": {"ru": "{d}.{m}.{y}", "en": "{y}-{m}-{d}"},
    "achievements.progress": {"ru": "{n} из {goal}", "en": "{n} of {goal}"},
    "achievements.damaged": {"ru": "Файл достижений повреждён: они подсчитаны заново по сыгранным партиям",
                             "en": "The achievements file was damaged: they are counted again from the finished games"},
    "achievements.unreadable": {"ru": "Файл достижений не читается ({why}): они подсчитаны по сыгранным партиям",
                                "en": "The achievements file cannot be read ({why}): they are counted from the finished games"},
    "achievements.later": {"ru": "Файл достижений записан более новой версией игры: он не тронут",
                           "en": "The achievements file was written by a newer version of the game: it is left alone"},
    "achievements.new": {"ru": "Новое достижение", "en": "New achievement"},
    "achievements.more": {"ru": "и ещё {n}", "en": "and {n} more"},
    "results.achieved": {"ru": "Достижения: {names}", "en": "Achievements: {names}"},
    "results.achieved.count": {"ru": "Новых достижений: {n}, они в «Успехах»",
                               "en": "New achievements: {n}, see “Progress”"},
    # --- the first game that teaches (issue 30, branch tutorial30: game.match.lesson, game.scenes.tutorial) ---
    "menu.lesson": {"ru": "Обучение", "en": "Tutorial"},
    "lesson.offer": {"ru": "Впервые играете?", "en": "New to the game?"},
    "lesson.offer.hint": {"ru": "Две минуты: первая партия с подсказками", "en": "Two minutes: a first game that shows how"},
    "lesson.offer.yes": {"ru": "Научиться", "en": "Show me"},
    "lesson.offer.no": {"ru": "Не нужно", "en": "No, thanks"},
    "lesson.caption": {"ru": "Обучение · {n} из {total}", "en": "Tutorial · {n} of {total}"},
    "lesson.next": {"ru": "Дальше", "en": "Next"},
    "lesson.leave": {"ru": "Выйти", "en": "Leave"},
    "lesson.right": {"ru": "Верно!", "en": "Right!"},
    "lesson.try_again": {"ru": "Попробуйте ещё раз", "en": "Try again"},
    "lesson.waiting": {"ru": "Красные ходят…", "en": "Red is moving…"},
    "lesson.end.title": {"ru": "Обучение пройдено", "en": "Tutorial complete"},
    "lesson.end": {"ru": "Теперь — настоящая партия: два игрока или против компьютера. Правила целиком — "
                         "в «Правилах» меню.",
                   "en": "Now a real game: two players or against the computer. The full rules are under "
                         "“Rules” in the menu."},
    "lesson.end.menu": {"ru": "В меню", "en": "To the menu"},
    "lesson.dots.title": {"ru": "Точки", "en": "Dots"},
    "lesson.dots": {"ru": "Вы играете синими. Точку ставят на пересечение линий: поставьте её в зелёный круг.",
                    "en": "You play Blue. A dot goes on a crossing of the lines: put one in the green ring."},
    "lesson.dots.wrong": {"ru": "Не сюда: поставьте точку в зелёный круг.",
                          "en": "Not there: put the dot in the green ring."},
    "lesson.dots.done": {"ru": "Красные ответили своей точкой: ходят по очереди, по одной точке.",
                         "en": "Red answered with a dot of its own: players take turns, one dot each."},
    "lesson.country.title": {"ru": "Страна", "en": "A country"},
    "lesson.country": {"ru": "Замкните свои точки в кольцо, и всё внутри станет вашей страной. Соседние точки "
                             "соединяются и по косой. Поставьте недостающую точку.",
                       "en": "Close your dots into a ring and all inside becomes your country. Neighbouring "
                             "dots join diagonally too. Put the missing dot."},
    "lesson.country.wrong": {"ru": "Кольцо ещё не замкнуто: поставьте точку в зелёный круг.",
                             "en": "The ring is still open: put the dot in the green ring."},
    "lesson.country.done": {"ru": "Страна ваша, её клетки — в вашем счёте: {blue}.",
                            "en": "The country is yours, and its cells are on your score: {blue}."},
    "lesson.halves.title": {"ru": "Половинки", "en": "Halves"},
    "lesson.halves": {"ru": "Косые стороны режут клетки пополам: уголок из трёх точек уже дал ½. Замкните "
                            "большое кольцо — выйдет 4½.",
                      "en": "Slanted sides cut cells in half: the corner of three dots has already made ½. "
                            "Close the big ring to make 4½."},
    "lesson.halves.wrong": {"ru": "Так выходит другой счёт. Замкните кольцо в зелёном круге — будет ровно 4½.",
                            "en": "That makes another count. Close the ring at the green ring: exactly 4½."},
    "lesson.halves.done": {"ru": "Ваш счёт: {blue}. Половинки складываются, как и целые клетки.",
                           "en": "Your score: {blue}. Halves add up as whole cells do."},
    "lesson.takeover.title": {"ru": "Перехват", "en": "Takeover"},
    "lesson.takeover": {"ru": "Внутри вашего кольца — страна красных. Замкните кольцо вокруг неё целиком, "
                              "и она станет вашей.",
                        "en": "Red's country lies inside your ring. Close the ring round the whole of it and "
                              "it becomes yours."},
    "lesson.takeover.wrong": {"ru": "Страна красных ещё не окружена: замкните кольцо в зелёном круге.",
                              "en": "Red's country is not surrounded yet: close the ring at the green ring."},
    "lesson.takeover.done": {"ru": "Перехват! Страна красных теперь под вашей, и её клетки — ваши: "
                                   "{blue}\u00a0:\u00a0{red}.",
                             "en": "Takeover! Red's country lies under yours now, and its cells are yours: "
                                   "{blue} to {red}."},
    "lesson.finish.title": {"ru": "Конец партии", "en": "The end of a game"},
    "lesson.finish": {"ru": "Когда ходить больше незачем, партию заканчивают. Нажмите «Завершить»: у кого "
                            "больше, тот и победил.",
                      "en": "When nothing is left worth playing, the game is ended. Press “Finish”: the higher "
                            "count wins."},
    "lesson.finish.wrong": {"ru": "Сейчас не точка: нажмите «Завершить».",
                            "en": "Not a dot this time: press “Finish”."},
    "lesson.finish.done": {"ru": "Подсчёт: синие {blue}, красные {red}. Вы победили!",
                           "en": "The count: Blue {blue}, Red {red}. You won!"},
    "lesson.capture.title": {"ru": "Классика: захват", "en": "Classic: capture"},
    "lesson.capture": {"ru": "В «Классике» считают не клетки, а пойманные точки. Окружите три красные точки.",
                       "en": "In Classic, caught dots score, not cells. Surround the three red dots."},
    "lesson.capture.wrong": {"ru": "Красные точки ещё на свободе: замкните кольцо в зелёном круге.",
                             "en": "The red dots are still free: close the ring at the green ring."},
    "lesson.capture.done": {"ru": "Поймано точек: {blue}. Они зачёркнуты и идут в ваш счёт.",
                            "en": "Dots caught: {blue}. They are crossed out and go on your score."},
    "lesson.stop.title": {"ru": "Классика: «Стоп»", "en": "Classic: Stop"},
    "lesson.stop": {"ru": "Вы впереди. Нажмите «Стоп»: дальше красные ходят одни, пока не выйдет время "
                          "(до трёх минут), и партия кончается.",
                    "en": "You are ahead. Press “Stop”: Red then moves alone until the time is up (three "
                          "minutes at most), and the game ends."},
    "lesson.stop.wrong": {"ru": "Сейчас не точка: нажмите «Стоп».", "en": "Not a dot this time: press “Stop”."},
    "lesson.stop.done": {"ru": "Красные ходили одни и никого не поймали. Итог {blue}\u00a0:\u00a0{red} — "
                               "вы победили!",
                         "en": "Red moved alone and caught nothing. The final count is {blue} to {red}: you won!"},
    # rating30: the rating against the computer, «По силам», games without takebacks (game.storage.rating,
    # game.scenes.rating, game.scenes.versus); {share} as «1/16», {rating} a whole number
    "level.master.share": {"ru": "Мастер {share}", "en": "Master {share}"},
    "level.fits": {"ru": "По силам", "en": "Fits me"},
    "versus.takebacks": {"ru": "Отмена ходов", "en": "Takebacks"},
    "versus.takebacks.on": {"ru": "Можно", "en": "Allowed"},
    "versus.takebacks.off": {"ru": "Нельзя: на рейтинг", "en": "None: rated"},
    "versus.rating": {"ru": "Ваш рейтинг ({rules}): {rating}", "en": "Your rating ({rules}): {rating}"},
    "versus.fits.picks": {"ru": "По силам: {who}, рейтинг {rating}", "en": "Fits you: {who}, rated {rating}"},
    "versus.rated": {"ru": "На рейтинг идут партии без отмены ходов и без подсказок.",
                     "en": "Rated games: no takebacks and no hints."},
    "versus.unrated": {"ru": "С отменой ходов партия не на рейтинг.",
                       "en": "With takebacks the game is not rated."},
    "play.undo.off": {"ru": "Без отмены", "en": "No undo"},
    "play.no_takebacks": {"ru": "Без отмены ходов", "en": "No takebacks in this game"},
    "rating.title": {"ru": "Рейтинг", "en": "Rating"},
    "rating.open": {"ru": "Рейтинг", "en": "Rating"},
    "rating.now": {"ru": "{rules}: {rating} · партий на рейтинг: {n}", "en": "{rules}: {rating} · rated games: {n}"},
    "rating.none": {"ru": "{rules}: партий на рейтинг пока нет", "en": "{rules}: no rated games yet"},
    "rating.levels": {"ru": "Рейтинги соперников", "en": "The computer's ratings"},
    "rating.how": {"ru": "Рейтинг растёт за победу и падает за поражение: тем сильнее, чем неожиданнее исход. "
                         "Начало — 1000, рейтинг новичка. Считаются партии против компьютера без отмены ходов "
                         "и без подсказок. «Мастер 1/16» — мастер, думающий в 16 раз меньше.",
                   "en": "The rating rises with a win and falls with a loss, the more the less expected the result. "
                         "It starts at 1000, the beginner's. Games against the computer count when played with no "
                         "takebacks and no hints. “Master 1/16” is the master thinking a sixteenth as long."},
    "results.rating": {"ru": "Рейтинг: {rating} ({change})", "en": "Rating: {rating} ({change})"},
    # ----- «Задачи» (branch puzzles32): puzzles from real play -----
    "menu.puzzles": {"ru": "Задачи", "en": "Puzzles"},
    "puzzles.title": {"ru": "Задачи · звёзд: {stars}", "en": "Puzzles · stars: {stars}"},
    "puzzles.in_order": {"ru": "По порядку · решено {solved} из {n}", "en": "In order · {solved} of {n} solved"},
    "puzzles.theme_row": {"ru": "{name} · решено {solved} из {n}", "en": "{name} · {solved} of {n} solved"},
    "puzzles.unreadable": {"ru": "Не прочитано файлов задач: {n} (подробности в журнале)",
                           "en": "Puzzle files that could not be read: {n} (the log says why)"},
    "puzzles.progress_damaged": {"ru": "Файл звёзд за задачи был повреждён: он отложен, звёзды считаются заново",
                                 "en": "The puzzles' stars file was damaged: it was set aside, stars count afresh"},
    "puzzles.progress_unread": {"ru": "Звёзды за задачи не прочитаны: {why}",
                                "en": "The puzzles' stars could not be read: {why}"},
    "puzzles.progress_unsaved": {"ru": "Звёзды за задачи не сохранены: {why}",
                                 "en": "The puzzles' stars could not be saved: {why}"},
    "puzzle.theme.capture": {"ru": "Захвати", "en": "Capture"},
    "puzzle.theme.save": {"ru": "Спаси", "en": "Save"},
    "puzzle.theme.ladder": {"ru": "Лестница", "en": "Ladder"},
    "puzzle.theme.net": {"ru": "Сеть", "en": "Net"},
    "puzzle.theme.country": {"ru": "Страна", "en": "Country"},
    "puzzle.title": {"ru": "Задача {n} из {of}", "en": "Puzzle {n} of {of}"},
    "puzzle.about": {"ru": "{theme} · уровень {tier} · {rules}", "en": "{theme} · tier {tier} · {rules}"},
    "puzzle.stars": {"ru": "Лучший результат: {stars}", "en": "Best so far: {stars}"},
    "puzzle.blue": {"ru": "синих", "en": "Blue"},
    "puzzle.red": {"ru": "красных", "en": "Red"},
    "puzzle.task.capture": {"ru": "Ход {who}. Захватите точки соперника. Ходов в ответе: {moves}.",
                            "en": "{who} to move. Capture the opponent's dots. Moves in the answer: {moves}."},
    "puzzle.task.save": {"ru": "Ход {who}. Соперник грозит захватом: спасите свои точки. Ходов в ответе: {moves}.",
                         "en": "{who} to move. The opponent threatens a capture: save your dots. "
                               "Moves in the answer: {moves}."},
    "puzzle.task.ladder": {"ru": "Ход {who}. Лестница: каждый раз лишь один ход не теряет точек — захватить, "
                                 "спастись или вовремя остановиться. Ходов в ответе: {moves}.",
                           "en": "{who} to move. A ladder: each time only one move loses nothing — to capture, to "
                                 "escape, or to stop in time. Moves in the answer: {moves}."},
    "puzzle.task.net": {"ru": "Ход {who}. Отрежьте группу соперника от края. Ходов в ответе: {moves}.",
                        "en": "{who} to move. Cut the opponent's group off from the edge. Moves in the answer: {moves}."},
    "puzzle.task.country": {"ru": "Ход {who}. Обнесите самую большую страну. Ходов в ответе: {moves}.",
                            "en": "{who} to move. Wall in the biggest country. Moves in the answer: {moves}."},
    "puzzle.news.start": {"ru": "Найдите лучший ход.", "en": "Find the best move."},
    "puzzle.news.right": {"ru": "Верно! Соперник отвечает…", "en": "Right! The opponent answers…"},
    "puzzle.news.replied": {"ru": "Соперник ответил. Ваш ход.", "en": "The opponent has answered. Your move."},
    "puzzle.news.wrong": {"ru": "Не так: ответ соперника отмечен кольцом. «Ещё раз» или касание доски — заново.",
                          "en": "Not this: the opponent's answer is ringed. “Try again” or a tap on the board "
                                "to retry."},
    "puzzle.news.key": {"ru": "Не так: соперник занял нужную вам точку — она в кольце. «Ещё раз» или касание "
                               "доски — заново.",
                        "en": "Not this: the opponent took the point you needed, ringed. “Try again” or a tap on "
                              "the board to retry."},
    "puzzle.news.weak": {"ru": "Не так: есть ход сильнее. «Ещё раз» или касание доски — заново.",
                         "en": "Not this: there is a stronger move. “Try again” or a tap on the board to retry."},
    "puzzle.news.again": {"ru": "Попробуйте ещё раз.", "en": "Try again."},
    "puzzle.news.solved": {"ru": "Решено! {stars}", "en": "Solved! {stars}"},
    "puzzle.news.stars": {"ru": "Звёзды: за решение, за решение без ошибок и за решение без подсказки.",
                          "en": "Stars: one for solving, one for no wrong move, one for no hint."},
    "puzzle.news.hinted": {"ru": "Подсказка: ход в зелёном кольце.", "en": "Hint: the move in the green ring."},
    "puzzle.hint": {"ru": "Подсказка", "en": "Hint"},
    "puzzle.again": {"ru": "Ещё раз", "en": "Try again"},
    "puzzle.next": {"ru": "Дальше", "en": "Next"},
    "puzzle.last": {"ru": "К списку", "en": "To the list"},
    "puzzle.back": {"ru": "К задачам", "en": "Puzzles"},
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


def fields_of(text: str) -> set[str]:
    """The ``{field}`` names a catalogue text expects.

    >>> sorted(fields_of("{player} ходят одни: {time}"))
    ['player', 'time']
    """
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def rules_name(rules: Rules) -> str:
    """The rule set's name as the player knows it, «Страны» or «Классика» (keys ``rules.<engine value>``)."""
    return t(f"rules.{rules.value}")
