"""Where a player aims on the board: a hovering mouse, or a finger on the paper.

- mouse: a click plays only near a node (``hit_mouse``); hovering shows a ghost dot;
- touch: finger down shows the ghost at the snapped node, moving moves it, lifting
  plays there, lifting off the board cancels (``hit_touch``); a second finger is not
  an aim but the start of a pinch (:mod:`game.input.gestures`), which clears this one.
"""

from __future__ import annotations

from engine import Game
from game.input.hit import hit_mouse, hit_touch
from game.input.layout import BoardLayout, Point
from game.input.pointer import Pointer


class Aim:
    """The node under the mouse or the finger, and the node a pointer plays."""

    def __init__(self) -> None:
        self.hover: Point | None = None
        """The node under the mouse, if near one."""
        self.finger: int | None = None
        """The finger on the paper, if any."""
        self.finger_node: Point | None = None
        """The node that finger would play when lifted."""
        self.finger_pos: tuple[int, int] | None = None
        """Where that finger is, in window pixels: the loupe goes above it."""

    @property
    def node(self) -> Point | None:
        """Where a ghost dot shows: under the finger, else under the mouse."""
        return self.finger_node if self.finger is not None else self.hover

    def legal_node(self, game: Game) -> Point | None:
        """:attr:`node` when ``game`` may be played there now (a ghost dot shows only then)."""
        node = self.node
        return node if node is not None and not game.is_over and game.is_legal(node) else None

    def clear(self, *, hover: bool = False) -> None:
        """Forget the finger (another scene covers the board), and the hover too if asked (the mouse left)."""
        self.finger = None
        self.finger_node = None
        self.finger_pos = None
        if hover:
            self.hover = None

    def handle(self, p: Pointer, board: BoardLayout) -> Point | None:
        """Follow one pointer event; the node it plays, if it is a click or a lift on the board."""
        if p.source == "mouse":
            node = hit_mouse(board, p.pos)
            if p.kind == "move":
                self.hover = node
            elif p.kind == "down" and node is not None and self.finger is None:
                self.hover = node
                return node
            return None
        self.hover = None  # a touch screen has no hover; a stale mouse ghost would mislead
        if p.kind == "down":
            if self.finger is None and board.shows(*p.pos):
                self.finger = p.finger
                self.finger_node = hit_touch(board, p.pos)
                self.finger_pos = (round(p.pos[0]), round(p.pos[1]))
            return None
        if p.finger != self.finger:
            return None
        node = hit_touch(board, p.pos)
        if p.kind == "move":
            self.finger_node = node
            self.finger_pos = (round(p.pos[0]), round(p.pos[1]))
            return None
        self.clear()  # lifted: play there, or cancel off the board
        return node
