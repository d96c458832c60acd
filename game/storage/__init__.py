"""The player's files and the program's own: where they live, settings, the autosave,
saved games, and the crash log."""
