"""The match without a window: its set-up, clocks, take-backs, how it ended, the computer
opponent and its background jobs, the hint and the analysis, a replay, and sample positions.

Nothing here imports pygame (``tests/test_game_imports.py``): the screens above draw and
route input, and ask these modules what the match is.
"""
