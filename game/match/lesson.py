"""The first game that teaches: its steps, each a small position with what the player is to do
there, and the check of what they did.

No pygame: the tutorial scene (:mod:`game.scenes.tutorial`) draws the position and hands the
player's moves here; the engine decides what a move did (a country laid, a country taken over,
dots crossed out), and this module only compares that with the step's goal. A wrong move is
taken back at once (``Game.undo``) and the step's hint is shown; the opponent's moves are
scripted (:attr:`Step.replies`). The player is Blue in every step.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from engine import Game, IllegalMove, MoveReport, Player, Point, Rules, format_score

PLAYER = Player.BLUE
"""The side the learner plays in every step."""
OPPONENT = PLAYER.other


class Goal(Enum):
    """What a step asks for."""

    DOT = "dot"
    """A dot on one of the marked nodes."""
    COUNTRY = "country"
    """A move that closes a country of the player's."""
    SCORE = "score"
    """A move after which the player's count is the step's :attr:`Step.score` (the halves: 4½)."""
    TAKEOVER = "takeover"
    """A move that encloses a whole country of the opponent's (it lies under the new one)."""
    FINISH = "finish"
    """«Завершить»: the game counted and over."""
    CAPTURE = "capture"
    """Classic: a move that crosses out the opponent's dots."""
    STOP = "stop"
    """Classic: «Стоп», the opponent then moving alone."""


@dataclass(frozen=True)
class Step:
    """One lesson: the position (the board, the rule set, each side's dots put before it starts),
    the goal, the nodes marked on the board, and the opponent's moves after the right answer.

    Its texts are the string ids ``lesson.<key>.title``, ``lesson.<key>`` (what to do),
    ``lesson.<key>.wrong`` (the hint after a wrong move) and ``lesson.<key>.done``."""

    key: str
    goal: Goal
    blue: tuple[Point, ...] = ()
    red: tuple[Point, ...] = ()
    marks: tuple[Point, ...] = ()
    replies: tuple[Point, ...] = ()
    rules: Rules = Rules.COUNTRIES
    score: Fraction | None = None
    width: int = 9
    height: int = 7

    def game(self) -> Game:
        """The step's position, Blue to move. Red's dots go first: Blue's then close round them, as played.

        >>> Step("dots", Goal.DOT, blue=((1, 1),), red=((2, 2),)).game().dot_at((2, 2))
        <Player.RED: 2>
        """
        return Game(self.width, self.height, self.rules,
                    setup=[(OPPONENT, p) for p in self.red] + [(PLAYER, p) for p in self.blue])


DIAMOND = ((3, 1), (4, 2), (3, 3))
"""Three dots of a ring around node (3, 2); the fourth, (2, 2), closes a country of 2 cells."""
HALVES = ((1, 1), (2, 1), (3, 1), (3, 3), (2, 3), (1, 2))
"""A ring short of (4, 2), whose slanted sides cut cells: closed, Blue's count is 4½ (the corner's ½ counted already)."""
RED_SQUARE = ((3, 2), (4, 2), (4, 3), (3, 3))
"""Red's country of one cell."""
RING_AROUND = ((2, 1), (3, 1), (4, 1), (5, 1), (5, 2), (5, 3), (5, 4), (4, 4), (3, 4), (2, 4), (2, 3))
"""Blue's ring round :data:`RED_SQUARE` short of (2, 2): closing it takes the whole country over."""
CAUGHT = ((3, 3), (4, 3), (3, 4))
"""Three Red dots that Blue's classic ring :data:`CLASSIC_RING` catches."""
CLASSIC_RING = ((3, 2), (4, 2), (5, 3), (5, 4), (4, 5), (3, 5), (2, 4))
"""Blue's ring round :data:`CAUGHT` short of (2, 3)."""

STEPS: tuple[Step, ...] = (
    Step("dots", Goal.DOT, marks=((3, 3),), replies=((5, 3),)),
    Step("country", Goal.COUNTRY, blue=DIAMOND, red=((6, 4), (7, 3)), marks=((2, 2),), replies=((6, 2),)),
    Step("halves", Goal.SCORE, blue=HALVES, red=((6, 4), (7, 4)), marks=((4, 2),), score=Fraction(9, 2),
         replies=((7, 2),)),
    Step("takeover", Goal.TAKEOVER, blue=RING_AROUND, red=(*RED_SQUARE, (7, 5)), marks=((2, 2),), replies=((7, 2),)),
    Step("finish", Goal.FINISH, blue=(*DIAMOND, (2, 2), (6, 5)), red=((6, 2), (7, 3), (5, 5))),
    Step("capture", Goal.CAPTURE, blue=CLASSIC_RING, red=(*CAUGHT, (7, 1)), marks=((2, 3),), replies=((7, 2),),
         rules=Rules.CLASSIC),
    Step("stop", Goal.STOP, blue=(*CLASSIC_RING, (2, 3)), red=(*CAUGHT, (7, 1), (7, 2)), replies=((6, 1), (7, 4)),
         rules=Rules.CLASSIC),
)
"""The lesson, in order: about two minutes."""


class Verdict(Enum):
    """What became of the player's action."""

    RIGHT = "right"
    """What the step asked for: it is done."""
    WRONG = "wrong"
    """Allowed by the rules but not the step's goal: taken back, the hint shown."""
    REFUSED = "refused"
    """Not allowed by the rules (the engine's refusal says why); nothing changed."""
    IGNORED = "ignored"
    """Not now: the step is already done, or the lesson is over."""


@dataclass(frozen=True)
class Outcome:
    """The verdict on an action and, when it stands, what the engine says it did."""

    verdict: Verdict
    report: MoveReport | None = None


class Lesson:
    """The steps in turn: the position of the step in hand, and whether its goal is reached.

    >>> lesson = Lesson()
    >>> lesson.play((0, 0)).verdict, lesson.hint
    (<Verdict.WRONG: 'wrong'>, 'lesson.dots.wrong')
    >>> lesson.play((3, 3)).verdict, lesson.done, lesson.reply() is not None, lesson.reply()
    (<Verdict.RIGHT: 'right'>, True, True, None)
    """

    def __init__(self, steps: tuple[Step, ...] = STEPS) -> None:
        self.steps = steps
        self.index = 0
        self.game = steps[0].game()
        self.done = False
        """The step's goal is reached (its replies may still be coming)."""
        self.hint: str | None = None
        """The string id of the hint after the last wrong move; None after a right one or a new step."""
        self.replies: list[Point] = []
        """The opponent's moves still to come in this step."""
        self.complete = False
        """Every step done and moved past: the lesson is over."""

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def last(self) -> bool:
        """This is the final step."""
        return self.index == len(self.steps) - 1

    def play(self, point: Point) -> Outcome:
        """The player's dot at ``point``: kept if it reaches the goal, else taken back (wrong) or refused."""
        game = self.game
        if self.done or game.is_over or game.to_move is not PLAYER:
            return Outcome(Verdict.IGNORED)
        try:
            report = game.play(point)
        except IllegalMove:
            return Outcome(Verdict.REFUSED)
        if not self._reached(point, report):
            game.undo()
            self.hint = f"lesson.{self.step.key}.wrong"
            return Outcome(Verdict.WRONG)
        return self._right(report)

    def _reached(self, point: Point, report: MoveReport) -> bool:
        step, gained = self.step, report.score_change(PLAYER)
        match step.goal:
            case Goal.DOT:
                return point in step.marks
            case Goal.COUNTRY:
                return any(layer.owner is PLAYER for layer in report.laid)
            case Goal.SCORE:
                return self.game.score(PLAYER) == step.score
            case Goal.TAKEOVER:
                return any(layer.owner is OPPONENT for layer in report.covered)
            case Goal.CAPTURE:
                return gained > 0 and any(self.game.dot_at(p) is OPPONENT for p in report.crossed_out)
        return False  # «Завершить» and «Стоп» are buttons: a dot is not them

    def finish(self) -> Outcome:
        """«Завершить»: the goal of its step; elsewhere not on offer (the scene keeps the button off)."""
        if self.done or self.step.goal is not Goal.FINISH or self.game.is_over:
            return Outcome(Verdict.IGNORED)
        return self._right(self.game.finish())

    def stop(self) -> Outcome:
        """«Стоп»: the goal of its step; the opponent then moves alone (its replies), and the game ends."""
        if self.done or self.step.goal is not Goal.STOP or self.game.is_over:
            return Outcome(Verdict.IGNORED)
        return self._right(self.game.stop())

    def _right(self, report: MoveReport | None) -> Outcome:
        self.done = True
        self.hint = None
        self.replies = list(self.step.replies)
        return Outcome(Verdict.RIGHT, report)

    def reply(self) -> MoveReport | None:
        """The opponent's next scripted move, played; None when none is left. After «Стоп» the last
        reply ends the game, as the «Стоп» time running out would."""
        while self.replies:
            point = self.replies.pop(0)
            if self.game.is_legal(point):
                report = self.game.play(point, player=OPPONENT)
                if not self.replies and self.step.goal is Goal.STOP:
                    self.game.finish()
                return report
        return None

    @property
    def waiting(self) -> bool:
        """The opponent still has a scripted move to make in this step."""
        return bool(self.replies)

    def next(self) -> None:
        """On to the next step once this one is done and answered; after the last, the lesson is complete."""
        if not self.done or self.replies:
            return
        if self.last:
            self.complete = True
            return
        self.index += 1
        self.game = self.step.game()
        self.done = False
        self.hint = None

    def fields(self) -> dict[str, object]:
        """What the step's texts may name: both counts as the game shows them (``4½``)."""
        return {"blue": format_score(self.game.score(PLAYER)), "red": format_score(self.game.score(OPPONENT))}
