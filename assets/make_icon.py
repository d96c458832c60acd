"""Draws the game's icon and writes it as ``icon.png``, ``icon.ico`` and ``icon.icns``.

Run from anywhere: ``python assets/make_icon.py``. The picture is a sheet of squared
paper with a blue country (a closed chain of blue dots, shaded inside) that has
captured a red dot, and a free red dot beside it. Each size is drawn on its own,
with fewer cells at small sizes, so that 16 px still reads as dots on paper rather
than a grey smudge. The files are generated, but committed, so a build needs no
drawing step.

``icon.png`` (256 px) is the window icon; ``icon.ico`` (Windows) and ``icon.icns``
(macOS) are the executable's icon, both holding PNG images, which every Windows
since Vista and every macOS since 10.7 reads, and which pygame can write.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # after the prompt switch, which pygame reads on import

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the palette lives in game/view/theme.py
from game.view import theme

ICO_SIZES = (16, 32, 48, 256)
# ICNS element types holding PNG data, by pixel size.
ICNS_TYPES = ((16, b"icp4"), (32, b"icp5"), (64, b"icp6"), (128, b"ic07"), (256, b"ic08"), (512, b"ic09"),
              (1024, b"ic10"))
SUPERSAMPLE = 4  # drawn this much larger, then smoothscaled down: pygame's shapes have no antialiasing

Node = tuple[float, float]

# The country's border in grid nodes 0..4: an octagon, whose diagonal steps make it
# read as a chain of dots rather than a drawn square, around a captured red dot.
# The free red dot sits outside, in the corner.
COUNTRY: tuple[Node, ...] = ((1, 0), (2, 0), (3, 1), (3, 2), (2, 3), (1, 3), (0, 2), (0, 1))
CAPTURED: Node = (2, 1)
FREE_RED: Node = (4, 4)


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` × ``size`` pixels, with transparent corners."""
    big = size * SUPERSAMPLE
    surf = pygame.Surface((big, big), pygame.SRCALPHA)

    margin = big * 0.04
    sheet = pygame.Rect(round(margin), round(margin), round(big - 2 * margin), round(big - 2 * margin))
    radius = round(big * 0.16)
    pygame.draw.rect(surf, theme.PAPER, sheet, border_radius=radius)
    pygame.draw.rect(surf, theme.PAPER_EDGE, sheet, width=max(SUPERSAMPLE, round(big * 0.02)),
                     border_radius=radius)

    # Four cells plus half a cell of margin each side, whatever the size: the
    # country then fills most of the sheet and still shows at 16 px.
    cells = 4
    step = sheet.width / (cells + 1)
    x0 = sheet.left + step / 2
    y0 = sheet.top + step / 2

    def at(node: Node) -> tuple[float, float]:
        return (x0 + node[0] * step, y0 + node[1] * step)

    # Grid lines run a little past the outer nodes, like ruled paper; at 16 px the
    # faint paper colour would vanish, so small icons get a stronger line.
    grid = theme.GRID if size >= 48 else theme.mix(theme.GRID, theme.BLUE_DARK, 0.35)
    line = max(SUPERSAMPLE, round(step * 0.035))
    for i in range(cells + 1):
        pygame.draw.line(surf, grid, (x0 + i * step, sheet.top + line), (x0 + i * step, sheet.bottom - line), line)
        pygame.draw.line(surf, grid, (sheet.left + line, y0 + i * step), (sheet.right - line, y0 + i * step), line)

    border = [at(n) for n in COUNTRY]
    fill = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.polygon(fill, (*theme.BLUE, theme.LAYER_ALPHA[0]), border)
    surf.blit(fill, (0, 0))
    pygame.draw.lines(surf, theme.BLUE, True, border, max(SUPERSAMPLE, round(step * 0.12)))

    dot = step * (0.2 if size >= 48 else 0.26)  # small icons need fatter dots to show at all
    for node in COUNTRY:
        pygame.draw.circle(surf, theme.BLUE, at(node), dot)
    pygame.draw.circle(surf, theme.RED, at(CAPTURED), dot)
    pygame.draw.circle(surf, theme.RED, at(FREE_RED), dot * 1.1)
    return pygame.transform.smoothscale(surf, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` encoded as PNG."""
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file holding the PNG ``images`` (size → PNG data).

    Layout: a 6-byte header, one 16-byte directory entry per image, then the
    images. A width or height byte of 0 means 256.
    """
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))  # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(sizes)
    entries = b""
    for s in sizes:
        side = 0 if s >= 256 else s
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(images[s]), offset)
        offset += len(images[s])
    return header + entries + b"".join(images[s] for s in sizes)


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """An ICNS file holding the PNG ``images`` (size → PNG data).

    Layout: ``icns`` and the total length, then per image its type code, its
    length including this 8-byte header, and the data; big-endian throughout.
    """
    body = b""
    for side, code in ICNS_TYPES:
        if side in images:
            body += code + struct.pack(">I", 8 + len(images[side])) + images[side]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    """Write the three icon files next to this script."""
    sizes = sorted(set(ICO_SIZES) | {side for side, _ in ICNS_TYPES})
    images = {s: png_bytes(draw_icon(s)) for s in sizes}
    (HERE / "icon.png").write_bytes(images[256])
    (HERE / "icon.ico").write_bytes(ico_bytes({s: images[s] for s in ICO_SIZES}))
    (HERE / "icon.icns").write_bytes(icns_bytes(images))
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(f"{HERE / name}: {(HERE / name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
