"""The play panel's story: the last few scoring moves in words, and who leads by how much.

«Красные окружили страну 4½», «Синие взяли 3 точки», «Мастер перехватил страну: 7½» — countries
in cells, classic in dots, with halves as the game writes them (``engine.format_score``). The
computer is named by its level, as on the score card. A move taken back drops out of the story and
comes back with «Вернуть»: each line remembers the move it tells of and shows only while the game's
history still holds that move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Action, Game, Player, Rules, format_score
from game.match.settings import MatchSettings
from game.storage.rating import strength_name
from game.strings import language, t
from game.view.moments import Moment

KEPT = 40
"""Moments remembered (a few show; the rest wait for takebacks to bring them into sight again)."""
SHOWN = 4
"""Lines of story under the status lines, newest first, as many as fit."""


def side_name(player: Player, settings: MatchSettings) -> str:
    """«Синие» / «Красные» at one screen; against the computer «Вы» and its strength («Мастер», «Мастер 1/16»)."""
    computer = settings.computer
    if computer is None:
        return t("player.blue" if player is Player.BLUE else "player.red")
    return t("play.you") if player == computer.human else strength_name(computer.rung)


def dots_word(n: int) -> str:
    """The word for ``n`` dots in the language in force: «1 точку», «3 точки», «5 точек»; "1 dot", "3 dots".

    >>> from game import strings
    >>> [dots_word(n) for n in (1, 3, 5, 11, 21, 22)]
    ['точку', 'точки', 'точек', 'точек', 'точку', 'точки']
    """
    if language() == "ru":
        form = "one" if n % 10 == 1 and n % 100 != 11 else "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 \
            else "many"
    else:
        form = "one" if n == 1 else "many"
    return t(f"story.dot.{form}")


def told(moment: Moment, settings: MatchSettings) -> str:
    """One moment in words, in the language in force."""
    one = settings.computer is not None and moment.player == settings.computer.computer  # «Мастер окружил»
    kind = "takeover" if moment.takeover else "dots" if moment.rules is Rules.CLASSIC else "country"
    n = format_score(moment.gain)
    dots = dots_word(int(moment.gain)) if moment.rules is Rules.CLASSIC else ""
    return t(f"story.{kind}{'.one' if one else ''}", who=side_name(moment.player, settings), n=n, dots=dots)


def lead_line(game: Game, settings: MatchSettings) -> str:
    """«Перевес: Синие +3½», or «Поровну» when the scores are level."""
    lead = game.score(Player.BLUE) - game.score(Player.RED)
    if lead == 0:
        return t("story.level")
    leader = Player.BLUE if lead > 0 else Player.RED
    return t("story.lead", who=side_name(leader, settings), n=format_score(abs(lead)))


@dataclass
class Story:
    """The moments of one game as they were played (see the module's docstring)."""

    moments: list[tuple[Moment, int, Action]] = field(default_factory=list)
    """Each with the length of the history just after it and its action there."""

    def add(self, moment: Moment | None, game: Game) -> None:
        """Remember ``moment`` (None: nothing scored) as the last move of ``game``."""
        if moment is None or not game.history:
            return
        h = len(game.history)
        self.moments = [(m, n, a) for m, n, a in self.moments if n != h][-KEPT + 1:]  # a replayed move replaces
        self.moments.append((moment, h, game.history[-1]))

    def lines(self, game: Game, settings: MatchSettings, count: int = SHOWN) -> list[tuple[Moment, str]]:
        """The last ``count`` moments still in ``game``'s history, newest first, in words."""
        history = game.history
        still = [m for m, n, a in self.moments if n <= len(history) and history[n - 1] == a]
        # The same words again and again («Новичок окружил страну ½» three times over) read as one line stuck:
        # a run of them is one line that counts them («… ½ ×3»).
        runs: list[tuple[Moment, str, int]] = []
        for m in reversed(still):
            words = told(m, settings)
            if runs and runs[-1][1] == words:
                runs[-1] = (runs[-1][0], words, runs[-1][2] + 1)
            elif len(runs) == count:
                break
            else:
                runs.append((m, words, 1))
        return [(m, words if n == 1 else t("story.times", words=words, n=n)) for m, words, n in runs]
