"""What the executables say about themselves: the Windows version resource and the macOS Info.plist.

build.spec takes both from here, and the tests read them from here too, on any system:
PyInstaller writes the version resource only on Windows and the Info.plist only on macOS.
The version is the game's own (``engine.about``, from pyproject.toml); the names are the
ones the bundle, the window and the archives use.
"""

from __future__ import annotations

import re

EXE_NAME = "tochki-strany"
"""The executable's and its folder's name: ASCII, so that archives, shells and CI handle it anywhere."""
DISPLAY_NAME = "Точки — страны"
"""What the player reads: the window's title, the macOS application, Explorer's product name."""
DESCRIPTION = "Точки — страны: игра в точки на клетчатой бумаге"
"""Windows shows a program's file description in Task Manager and in the «open with» lists."""
BUNDLE_ID = "org.tochki-strany.game"
LANGUAGE = "041904B0"
"""The version resource's string table: Russian (0x0419), Unicode (1200 = 0x04B0)."""


def windows_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows wants: "1.0.0" gives (1, 0, 0, 0), "1.2rc1" gives (1, 2, 0, 0).

    >>> windows_numbers("1.2.3"), windows_numbers("1.2rc1")
    ((1, 2, 3, 0), (1, 2, 0, 0))
    """
    parts = (version.split(".") + ["0"] * 4)[:4]
    numbers = [int(m.group()) if (m := re.match(r"\d+", part)) else 0 for part in parts]
    return numbers[0], numbers[1], numbers[2], numbers[3]


def windows_strings(version: str) -> dict[str, str]:
    """The version resource's strings, as Explorer's «Details» tab shows them."""
    return {
        "FileDescription": DESCRIPTION,
        "FileVersion": version,
        "InternalName": EXE_NAME,
        "OriginalFilename": f"{EXE_NAME}.exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": version,
    }


def windows_version_file(version: str) -> str:
    """The text of a PyInstaller version file (the form ``pyi-grab_version`` writes; PyInstaller evaluates it).

    >>> "StringStruct('ProductVersion', '1.0.0')" in windows_version_file("1.0.0")
    True
    """
    numbers = windows_numbers(version)
    strings = ",\n".join(f"          StringStruct({key!r}, {value!r})" for key, value in windows_strings(version).items())
    language, codepage = int(LANGUAGE[:4], 16), int(LANGUAGE[4:], 16)
    return (
        "# -*- coding: utf-8 -*-\n"
        "VSVersionInfo(\n"
        f"  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0, OS=0x40004,\n"
        "                    fileType=0x1, subtype=0x0, date=(0, 0)),\n"
        "  kids=[\n"
        "    StringFileInfo([\n"
        f"      StringTable({LANGUAGE!r}, [\n{strings}])]),\n"
        f"    VarFileInfo([VarStruct('Translation', [{language}, {codepage}])])\n"
        "  ]\n"
        ")\n"
    )


def info_plist(version: str) -> dict[str, str | bool]:
    """The keys the .app's Info.plist gets over PyInstaller's own (which names the executable and the icon)."""
    return {
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundleDevelopmentRegion": "ru",
        "NSHighResolutionCapable": True,
        # The numpy wheel pip takes on a macOS 14+ builder is built for 14 (Accelerate): an older Mac
        # then says so plainly instead of the app failing to start.
        "LSMinimumSystemVersion": "14.0",
        "LSApplicationCategoryType": "public.app-category.board-games",
        "NSHumanReadableCopyright": DESCRIPTION,
    }
