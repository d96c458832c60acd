"""A release's archives: their names, packing this system's two builds, the checks and the notes.

The release workflow (``.github/workflows/ci.yml``) runs it on each system after README's
build commands and the smoke runs, and once more to publish; by hand, from the repository root::

    python tools/release.py check --tag v1.0.0             # the tag names pyproject.toml's version
    python tools/release.py pack --tag v1.0.0 --out release  # this system's archives, from dist/
    python tools/release.py complete release               # every system's archives are there
    python tools/release.py notes --tag v1.0.0             # CHANGELOG.md's entry for the version

``--no-tag`` in place of ``--tag``: a rehearsal before the tag (the workflow run by hand from a branch),
with pyproject.toml's version. The archives' names are the ones README lists (:func:`archive_name`; a
test compares them), and their modes do not depend on the system that packs them (:func:`_mode`).
"""

from __future__ import annotations

import argparse
import platform
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script, this folder is on the path instead of the repository
from engine.about import NAME, VERSION
from tools.bundle_info import DISPLAY_NAME, EXE_NAME

TARGETS: tuple[tuple[str, str], ...] = (("windows", "x64"), ("macos", "arm64"), ("macos", "x64"), ("linux", "x64"))
"""(system, processor) of every release build. Intel Macs build on numba 0.62.1, the last with Intel macOS
wheels (requirements.txt)."""
DIST = ROOT / "dist"
CHANGELOG = ROOT / "CHANGELOG.md"


def archive_name(version: str, system: str, arch: str, onefile: bool) -> str:
    """``tochki-strany-1.0.0-windows-x64.zip``; ``-onefile`` for the single executable; Linux's are
    ``.tar.gz``, which keep the executable bit, the others zip, which their file managers open.

    >>> archive_name("1.0.0", "linux", "x64", onefile=True)
    'tochki-strany-1.0.0-linux-x64-onefile.tar.gz'
    """
    suffix = ".tar.gz" if system == "linux" else ".zip"
    return f"{NAME}-{version}-{system}-{arch}{'-onefile' if onefile else ''}{suffix}"


def all_archives(version: str) -> list[str]:
    """Every archive a release of ``version`` holds, one-folder then one-file for each target."""
    return [archive_name(version, system, arch, onefile) for system, arch in TARGETS for onefile in (False, True)]


def this_target() -> tuple[str, str]:
    """The (system, processor) this Python runs on, in the archives' words."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux" if sys.platform.startswith("linux")
                                                         else sys.platform)
    machine = platform.machine().lower()
    arch = {"amd64": "x64", "x86_64": "x64", "aarch64": "arm64"}.get(machine, machine)
    return system, arch


def version_of_tag(tag: str) -> str:
    """The version a release tag names, when it is pyproject.toml's: ``v1.0.0`` gives ``1.0.0``."""
    if not re.fullmatch(r"v\d+\.\d+\.\d+", tag):
        raise SystemExit(f"release: the tag {tag!r} is not vX.Y.Z")
    if tag[1:] != VERSION:
        raise SystemExit(f"release: the tag {tag} does not match pyproject.toml's version {VERSION}: "
                         "raise the version there (and add its CHANGELOG entry) before tagging")
    return VERSION


def _mode(name: str, executable: str, on_disk: int) -> int:
    """The mode an archive gives the file ``name``: 0o755 for the game's ``executable`` (both archive paths)
    and any file executable on disk, 0o644 for the rest. By name too, because Windows has no executable
    bit: an archive packed there must still start once unpacked on Linux or macOS."""
    return 0o755 if name == executable or on_disk & 0o111 else 0o644


def _tar_tree(source: Path, archive: Path, executable: str) -> None:
    """``source`` (a file or a folder) into a .tar.gz, under its own name; folders 0o755, files by
    :func:`_mode`, owned by root (not by whoever packed it)."""

    def entry(info: tarfile.TarInfo) -> tarfile.TarInfo:
        if info.isdir():
            info.mode = 0o755
        elif info.isreg():
            info.mode = _mode(info.name, executable, info.mode)
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    with tarfile.open(archive, "w:gz") as tf:
        tf.add(source, arcname=source.name, filter=entry)


def _zip_tree(source: Path, archive: Path, executable: str) -> None:
    """``source`` (a file or a folder) into a zip, under its own name. Each entry says Unix made it and
    carries a regular file's mode by :func:`_mode`, so unzip on Linux or macOS restores the executable bit
    whatever system packed it (Windows reads only the low attribute byte, left 0: a plain file)."""
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        paths = [source] if source.is_file() else sorted(p for p in source.rglob("*") if p.is_file())
        for path in paths:
            name = path.relative_to(source.parent).as_posix()
            info = zipfile.ZipInfo.from_file(path, name)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix: the high 16 bits of external_attr are its mode
            info.external_attr = (stat.S_IFREG | _mode(name, executable, path.stat().st_mode)) << 16
            with path.open("rb") as data, zf.open(info, "w") as into:
                shutil.copyfileobj(data, into)


def pack(version: str, out: Path) -> list[Path]:
    """This system's two builds from dist/ into ``out``, named as README names them; the paths made."""
    system, arch = this_target()
    if (system, arch) not in TARGETS:
        raise SystemExit(f"release: no release is built for {system}-{arch}")
    exe = EXE_NAME + (".exe" if system == "windows" else "")
    # macOS: the .app, not the bare folder; ditto keeps its symlinks and signature as Finder expects.
    folder = DIST / f"{DISPLAY_NAME}.app" if system == "macos" else DIST / EXE_NAME
    single = DIST / "onefile" / exe
    out.mkdir(parents=True, exist_ok=True)
    made = []
    for onefile, source in ((False, folder), (True, single)):
        if not source.exists():
            raise SystemExit(f"release: {source} is missing: build first (README, «Building the executable»)")
        archive = out / archive_name(version, system, arch, onefile)
        executable = source.name if onefile else f"{source.name}/{exe}"  # its path inside the archive
        if system == "macos":
            subprocess.run(["ditto", "-c", "-k", "--keepParent", str(source), str(archive)], check=True)
        elif system == "linux":
            _tar_tree(source, archive, executable)
        else:
            _zip_tree(source, archive, executable)
        made.append(archive)
        print(f"release: {archive} ({archive.stat().st_size / 1e6:.1f} MB)", flush=True)
    return made


def missing(version: str, folder: Path) -> list[str]:
    """The archives of ``version`` that are not in ``folder``."""
    return [name for name in all_archives(version) if not (folder / name).is_file()]


def notes(version: str, changelog: str) -> str:
    """The CHANGELOG entry of ``version`` (Keep a Changelog: ``## [1.0.0] - 2026-12-01``), without its heading."""
    match = re.search(rf"^## \[{re.escape(version)}\][^\n]*\n(.*?)(?=^## \[|\Z)", changelog, re.S | re.M)
    if match is None or not match.group(1).strip():
        raise SystemExit(f"release: CHANGELOG.md has no entry for {version}")
    return match.group(1).strip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("check", "pack", "notes"):
        command = commands.add_parser(name)
        named = command.add_mutually_exclusive_group(required=True)
        named.add_argument("--tag", help="the release tag, vX.Y.Z")
        named.add_argument("--no-tag", action="store_true",
                           help="a rehearsal before the tag: pyproject.toml's version")
        if name == "pack":
            command.add_argument("--out", type=Path, required=True, help="the folder for the archives")
    commands.add_parser("complete").add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "complete":
        absent = missing(VERSION, args.folder)
        if absent:
            print("release: missing " + ", ".join(absent), file=sys.stderr)
            return 1
        return 0
    version = VERSION if args.no_tag else version_of_tag(args.tag)
    if args.command == "check":
        print(f"release: version {version}" + ("" if args.tag else " (no tag: a rehearsal, nothing is published)"))
    elif args.command == "pack":
        pack(version, args.out)
    elif args.command == "notes":
        sys.stdout.write(notes(version, CHANGELOG.read_text(encoding="utf-8")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
