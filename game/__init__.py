"""The playable game on pygame-ce: screens (``scenes``), what is seen and heard (``view``),
pointer and geometry (``input``), and the player's files (``storage``).

It draws and routes input; every rule is asked of ``engine`` (docs/RULES.md §5).
"""
