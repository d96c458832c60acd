"""Games as files: «Открыть партию» lists the games folder, «Сохранить партию» writes to it,
«Неоконченные партии» lists the games in progress.

No system dialog: the list shows :func:`game.storage.library.games_dir`, whose path is
written small at the bottom, so a player can drop ``.sgf`` files from other Dots
programs there (a classic ``GM[40]`` record with setup dots opens like ours).
Tapping a game opens it in the review (``stack.go("review", …)``). Anything that goes
wrong (``StoreError`` from reading or writing, ``SgfError`` from a record that is
not a game) is one line on the screen in the player's language (its kind,
:func:`game.storage.errors.problem_of`; the detail goes to the log), never a crash.
A file's size is checked before it is read, so no file holds the screen up.

Each saved game's row shows a picture of its last position, its rules, board, moves
and result, the players (and the computer's level) as the record names them, and
the date; newest first. The folder itself is read a slice a frame (``library.GamesReader``), the
list filling and saying so until every game is in; names are shown through ``storage.names.shown``
(a file name that is not UTF-8 shows «�», never breaks the screen). Rows are read and drawn a few a frame by a
:class:`game.view.thumbnail.Catalogue` (a blank sheet until then), so a folder of
hundreds of games scrolls at once. In «Открыть партию» «✎» (F2) renames a game (a name
card: the name offered is confirmed with a tap, typing edits it) and «✕» (Delete) deletes
it, with «Вернуть» (Ctrl+Z) for a few seconds; the games in progress are one tap away
(«Неоконченные: N»), and the sample games shipped with the game (``assets/samples``)
are listed apart, below the player's own.

«Сохранить партию» is opened with the game (``Match``: its set-up names the players and
the computer's level in the record, ``PB``/``PW`` and ``BR``/``WR``), from the results or
from the question on leaving a game in progress.

The unfinished games list shows each game in progress (rules, board, opponent,
move, date); a tap resumes it in play, «✕» deletes it after asking.

Open by name: ``stack.go("open")``, ``stack.go("save", Match(settings, game))`` (a bare
``Game`` too) or ``stack.go("unfinished")``; Esc or «Назад» goes back.

One module per screen (:mod:`.open_game`, :mod:`.save_game`, :mod:`.rename`, :mod:`.unfinished_list`);
the scrolling list they share in :mod:`.listing`, the saved games' rows in :mod:`.saved_list`.
"""