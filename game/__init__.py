"""The playable game on pygame-ce: scenes, board drawing, mouse and touch input, layout.

It draws and routes input; every rule is asked of ``engine`` (RULES.md §5).
"""
