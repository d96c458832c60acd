"""The headless runs shipped with the game: the smoke run (``--smoke``) and the screenshots
(``--screenshot DIR``).

They open screens by name through the scene stack (``stack.make("play", Match(...))``), as
scenes do, and never import a screen's class (``tests/test_game_imports.py``).
"""
