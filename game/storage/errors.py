"""What goes wrong with the player's files: :class:`StoreError`, and the :class:`Notice` and
``problem.*`` sentence that tell the player, in their language.
"""

from __future__ import annotations

import errno
import logging
from dataclasses import dataclass

from engine import sgf
from game.paths import DataFolderError, data_dir_problem
from game.storage.names import shown
from game.strings import t

log = logging.getLogger(__name__)


class StoreError(ValueError):
    """A file of the player's could not be read or written.

    ``problem`` is the string id of what the player reads (``problem.too_large`` …);
    the message is the technical detail, for the log.
    """

    def __init__(self, problem: str, detail: str) -> None:
        super().__init__(detail)
        self.problem = problem


@dataclass(frozen=True)
class Notice:
    """A one-line message kept as string ids, so it follows a language switch.

    ``key`` is the sentence, ``why`` a ``problem.*`` id put into its ``{why}``,
    ``fields`` the rest (a file's name …).

    >>> Notice("files.open_failed", why="problem.too_large", fields=(("name", "x"),)).text()
    'Не удалось открыть «x»: файл слишком большой для партии в точки'
    """

    key: str
    why: str | None = None
    fields: tuple[tuple[str, str], ...] = ()

    def text(self) -> str:
        """The message in the language now in force."""
        values: dict[str, object] = dict(self.fields)
        if self.why is not None:
            values["why"] = t(self.why)
        return t(self.key, **values)


def problem_of(error: BaseException, *, writing: bool = False) -> str:
    """The ``problem.*`` string id that tells the player what went wrong with a file.

    ``writing``: the file was being written, renamed or deleted, so an error of the system says
    it could not be *written* (a read-only disk, a folder without the right to write), never *read*.

    >>> problem_of(PermissionError(13, "Permission denied")), problem_of(sgf.SgfError("cut short", sgf.Problem.DAMAGED))
    ('problem.no_permission', 'problem.damaged')
    >>> problem_of(OSError(errno.EROFS, "Read-only file system"), writing=True)
    'problem.read_only'
    """
    if isinstance(error, StoreError):
        return error.problem
    if isinstance(error, DataFolderError):
        return "problem.no_data_folder"
    if isinstance(error, sgf.SgfError):
        return _sgf_problem(error)
    if isinstance(error, UnicodeError):
        return "problem.not_text"
    if not isinstance(error, OSError):
        return "problem.damaged"
    if isinstance(error, (IsADirectoryError, NotADirectoryError)):
        return "problem.not_a_file"
    by_errno = _OS_PROBLEMS.get(error.errno) if error.errno is not None else None
    if by_errno is not None:
        return by_errno
    if isinstance(error, FileNotFoundError):
        return "problem.gone"
    if isinstance(error, PermissionError):
        return "problem.no_write_permission" if writing else "problem.no_permission"
    return "problem.not_written" if writing else "problem.unreadable"


_OS_PROBLEMS: dict[int, str] = {
    errno.EROFS: "problem.read_only",
    errno.ENOSPC: "problem.disk_full",
    getattr(errno, "EDQUOT", errno.ENOSPC): "problem.disk_full",
    errno.ENOENT: "problem.gone",
    errno.ENAMETOOLONG: "problem.name_too_long",
}
"""The system's errors that mean the same whether the file was being read or written."""


_SGF_PROBLEMS: dict[sgf.Problem, str] = {
    sgf.Problem.NOT_RECORD: "problem.not_record",
    sgf.Problem.NOT_TEXT: "problem.not_text",
    sgf.Problem.DAMAGED: "problem.damaged",
    sgf.Problem.TOO_LARGE: "problem.too_large",
    sgf.Problem.UNSUPPORTED: "problem.unsupported",
    sgf.Problem.ILLEGAL: "problem.illegal_move",
}
"""What the player is told for each kind of record trouble the engine names."""


def _sgf_problem(error: sgf.SgfError) -> str:
    # The engine's message is English detail for the log; its kind is what the player needs.
    return _SGF_PROBLEMS[error.problem]


def data_folder_notice() -> Notice | None:
    """What the menu says when the player's data folder can keep nothing (:func:`game.paths.data_dir_problem`):
    that games and settings will not be kept, and where they would have gone. None when it can. Never raises."""
    problem = data_dir_problem()
    if problem is None:
        return None
    log.warning("nothing will be kept this run: %s", problem)
    return Notice("store.not_kept", fields=(("folder", middle_cut(shown(problem.wanted), MAX_FOLDER_SHOWN)),))


MAX_FOLDER_SHOWN = 72
"""The most characters of a folder's path the menu's line shows: its start says where, its end which folder."""


def middle_cut(text: str, limit: int) -> str:
    """``text`` of at most ``limit`` characters: its start and end, joined by «…» where its middle was left out.

    >>> middle_cut("/home/маша/.local/share/tochki-strany", 20), middle_cut("short", 20)
    ('/home/маш…hki-strany', 'short')
    """
    if len(text) <= limit:
        return text
    head = (limit - 1) // 2
    return f"{text[:head]}…{text[len(text) - (limit - 1 - head):]}"
