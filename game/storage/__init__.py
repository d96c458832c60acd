"""The player's files, never losing a game: settings, the games in progress, saved games.

Everything lives in :func:`game.paths.user_data_dir`::

    settings.json                           the player's choices (preferences.Settings)
    unfinished/<slot>.sgf                   each game in progress, rewritten after every move
    unfinished/<slot>.corrupt-<time>.sgf    one that could not be read, set aside
    unfinished/<slot>.lock                  which window holds that game (holding): only it writes it
    autosave.sgf                            the single game in progress of earlier versions,
                                            adopted into ``unfinished/`` when first seen
    games/<name>.sgf                        games the player saved by name

Every unfinished game is kept until it ends or the player deletes it: each play
scene writes its own slot, so starting a new game never touches another.

Every write goes to a temporary file in the same folder, is flushed and fsynced,
and only then renamed over the old file with ``os.replace`` (atomic on POSIX and
Windows), so a crash or power cut mid-write leaves the previous file whole, and
a half-written temporary file is never taken for the real one.

A game in progress is one SGF record (docs/RULES.md §4) as ``engine.sgf.dumps`` writes it,
with what the record itself cannot hold (the set-up in ``MatchSettings``' one written
form, the moves taken back …) as JSON in a private root property, ``TOCHKI[...]``,
placed first in the root node. One file rather than a record plus a JSON
sidecar, so the game and its set-up are replaced together in one atomic step;
other SGF programs skip the unknown property, and :func:`unfinished.list_current` hands the
record back without it.

Reading never crashes the game and never reads a file whole before its size is
known: bad settings fall back to defaults field by field, a bad or oversized
game in progress is moved aside and reported as a :class:`errors.Notice`. What went wrong
reaches the player as a sentence in their language (a ``problem.*`` string id,
:func:`errors.problem_of`); the technical detail goes to the log.

One module for each thing kept: :mod:`.preferences` (``settings.json``), :mod:`.unfinished`
(the games in progress) with :mod:`.autosave` (what goes in them and when), :mod:`.library`
(games saved by name), :mod:`.atomic` (the safe write), :mod:`.reading` (the one read: a regular
file within its kind's limit, a pipe or a device never opened), :mod:`.names` (the one sanitiser every
name shown passes through, and a name as the file system keeps it), :mod:`.holding` (one window per
game in progress) and :mod:`.errors` (what went wrong, in the player's words).
"""
