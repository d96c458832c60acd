"""«Точки — страны»: start the game (``python main.py``), or run it headless.

``--smoke`` runs every scene for a few frames under SDL's dummy drivers;
``--screenshot DIR`` writes a PNG of each scene at a few window sizes.
"""

from __future__ import annotations

import argparse
import os
import sys

# Must be set before pygame starts: without it Windows scales the window up as a
# blurry bitmap on high-DPI screens instead of giving it real pixels.
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.storage.crash import install_logging, run_guarded


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run what it asks for."""
    parser = argparse.ArgumentParser(description="«Точки — страны»: Dots on squared paper")
    parser.add_argument("--smoke", action="store_true", help="run every scene for a few frames headless and exit")
    parser.add_argument("--screenshot", metavar="DIR", help="write a PNG of each scene at a few window sizes")
    args = parser.parse_args(argv)
    if args.smoke or args.screenshot:
        # The dummy drivers must be chosen before pygame is imported and started.
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game import app

    if args.smoke:
        return app.smoke()
    if args.screenshot:
        files = app.screenshots(args.screenshot)
        print(f"wrote {len(files)} screenshots to {args.screenshot}")
        return 0
    return app.run()


if __name__ == "__main__":
    install_logging()  # first: a windowed build has no stdout/stderr until this gives it some
    sys.exit(run_guarded(main))
