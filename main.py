"""«Точки — страны»: start the game (``python main.py``), or run it headless.

``--smoke`` runs every scene for a few frames under SDL's dummy drivers (and has
the master think once on its compiled kernel, in two threads);
``--screenshot DIR`` writes a PNG of each scene at a few window sizes.

Exit codes: 0 done; 1 the game could not start (no screen), a screenshot or the
report on stdout could not be written, or it crashed (then the log has the
traceback); 2 a command-line error, told in one line as argparse does.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import multiprocessing
import os
import sys
import tempfile
from pathlib import Path

# Must be set before pygame starts: without it Windows scales the window up as a
# blurry bitmap on high-DPI screens instead of giving it real pixels.
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.crash import install_logging, run_guarded

EXIT_FAILED = 1
"""The run could not do what it was asked (no screen, a file not written); not a crash."""


def screenshot_folder(text: str) -> Path:
    """``--screenshot``'s argument: a folder that exists or can be made, and can be written to.

    Checked before pygame starts, so that a typo costs a one-line message and not a
    minute of drawing and a traceback.
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("the folder name is empty")
    folder = Path(text)
    if folder.exists() and not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # Permission bits do not tell the whole story (read-only mounts, ACLs): try it.
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".tochki-probe-"):
            pass
    except OSError as error:
        raise argparse.ArgumentTypeError(f"cannot write to {text}: {error.strerror or error}") from error
    return folder


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="«Точки — страны»: Dots on squared paper")
    headless = parser.add_mutually_exclusive_group()
    headless.add_argument("--smoke", action="store_true", help="run every scene for a few frames headless and exit")
    headless.add_argument("--screenshot", metavar="DIR", type=screenshot_folder,
                          help="write a PNG of each scene at a few window sizes into DIR")
    return parser


def say(text: str, prog: str) -> int:
    """Print the run's report on stdout; ``EXIT_FAILED`` with one line on stderr if stdout cannot take it.

    A full disk (``>/dev/full``) or a closed pipe loses the report, which is the
    run's failure to say, not a crash of the game.
    """
    try:
        print(text, flush=True)
    except OSError as error:
        # What is still buffered would fail again when Python flushes stdout at exit,
        # with an "Exception ignored" message; let it go to nowhere instead.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):
            pass
        with contextlib.suppress(OSError):  # standard error may be gone as well: then there is no one to tell
            print(f"{prog}: cannot write to standard output: {error.strerror or error}", file=sys.stderr)
        return EXIT_FAILED
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run what it asks for."""
    for stream in (sys.stdout, sys.stderr):  # a C locale's ASCII console: «Точки» as \u escapes, not a crash
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")
    parser = make_parser()
    args = parser.parse_args(argv)
    headless = args.smoke or args.screenshot is not None
    if headless:
        # The dummy drivers must be chosen before pygame is imported and started.
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    # Only what this run needs is imported: a player's start waits for no headless tooling.
    from game import app

    if args.smoke:
        from game.shots import smoke

        return say(smoke.smoke(), parser.prog)
    if args.screenshot is not None:
        from game.shots import pictures

        try:
            files = pictures.screenshots(args.screenshot)
        except pictures.CannotWrite as error:
            print(f"{parser.prog}: {error}", file=sys.stderr)
            return EXIT_FAILED
        return say(f"wrote {len(files)} screenshots to {args.screenshot}", parser.prog)
    try:
        return app.run()
    except app.NoDisplay as error:
        print(error, file=sys.stderr)
        return EXIT_FAILED


if __name__ == "__main__":
    # First of all: in the frozen executable the process that compiles the master's kernel
    # starts as this program, and here it becomes that process instead of the game.
    multiprocessing.freeze_support()
    install_logging()  # first: a windowed build has no stdout/stderr until this gives it some
    sys.exit(run_guarded(main))
