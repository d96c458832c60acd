"""The screens, one module each: menu, versus, picker, play, results, review, files, rules, help, dialog.

A scene never imports another scene: it asks its stack for the next screen by
name (``stack.go("play", Match(...))``), handing on one small value from
:mod:`game.scenes.handoff`; :mod:`game.control` keeps the one table of names.
"""
