"""The rules of «Точки — страны» and «Классика»: the only place the rules live.

The game screens and the computer opponent use this public surface only
(docs/RULES.md §5): ``Game``, ``Rules``, ``Player``, ``IllegalMove``, ``format_score``,
``Ending`` (how a game ended, which its record keeps), and the ``sgf`` module for game records.
"""

from __future__ import annotations

from engine.ending import Ending, How
from engine.game import ZONE_HEIGHT, ZONE_WIDTH, Game, zone_box
from engine.region import Layer, Quarter, Region
from engine.report import MoveReport
from engine.score import format_score
from engine.types import MAX_SIZE, STOP_SECONDS, Action, ActionKind, IllegalMove, Player, Point, Refusal, Rules

__all__ = ["MAX_SIZE", "STOP_SECONDS", "Action", "ActionKind", "Ending", "Game", "How", "IllegalMove", "Layer",
           "MoveReport", "Player", "Point", "Quarter", "Refusal", "Region", "Rules", "ZONE_HEIGHT",
           "ZONE_WIDTH", "format_score", "zone_box"]
