"""The DLLs the Windows bundle's compiled kernel needs, read from the import tables of its binaries.

A Windows program finds the DLLs a binary imports by name: in the binary's own folder, the
bundle's folder, or Windows' own ``System32``. Windows itself ships its system DLLs, but not
the Visual C++ runtime (``MSVCP140.dll``, ``VCRUNTIME140.dll``…): a player's machine may lack
it, so the bundle must carry it. Three of numba's compiled modules import ``MSVCP140.dll``
by that name, and PyInstaller under wine leaves it out (it never collects wine's own stand-ins).

``build.spec`` collects what PyInstaller left out (:func:`runtime_to_collect`) and
``tools/build_check.py`` fails a Windows build that still lacks one (:func:`missing`). The
import tables are read here (a few fields of the PE format), on any system: PyInstaller reads
them with ``pefile``, which it installs on Windows only.
"""

from __future__ import annotations

import mmap
import os
import re
import struct
from collections.abc import Iterable, Iterator
from pathlib import Path

KERNEL_PACKAGES = ("numpy", "numba", "llvmlite")
"""The kernel's packages: their binaries, and what those import in turn, are checked."""

VC_RUNTIME = re.compile(r"(msvcp|vcruntime|concrt|vcomp|vccorlib)\d+(_[a-z0-9_]+)?\.dll", re.IGNORECASE)
"""The Visual C++ runtime's DLLs: not part of Windows, so the bundle carries them."""

API_SET = re.compile(r"(api|ext)-ms-.+\.dll", re.IGNORECASE)
"""Windows' API sets: names its loader maps to its own DLLs, never files a bundle carries."""

WHEEL_COPY = re.compile(r"(?P<name>.+)-[0-9a-f]{32}(?P<suffix>\.dll)", re.IGNORECASE)
"""A DLL a wheel carries under a name made unique (delvewheel's ``msvcp140-<hash>.dll``)."""

WINE_MARKS = (b"Wine builtin DLL", b"Wine placeholder DLL")
"""What wine writes after the DOS header of its own DLLs: stand-ins that run under wine only."""

BINARY_SUFFIXES = (".dll", ".pyd")

_IMPORTS, _DELAYED_IMPORTS = 1, 13  # the data directories that list the DLLs loaded by name


def system_folder() -> Path:
    """Windows' own DLLs' folder (System32)."""
    return Path(os.environ.get("SYSTEMROOT", r"C:\Windows")) / "System32"


class NotPortableExecutable(ValueError):
    """The file is not a Windows binary (PE), or its headers do not fit the file."""


def dll_imports(path: Path) -> set[str]:
    """The DLL names ``path`` imports, loaded at once or delayed, as the binary spells them."""
    with open(path, "rb") as file:
        try:
            data = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        except ValueError:  # an empty file cannot be mapped
            raise NotPortableExecutable(f"{path.name} is empty") from None
        with data:
            try:
                return _imports(data)
            except (struct.error, IndexError, UnicodeDecodeError, ValueError) as error:
                raise NotPortableExecutable(f"{path.name}: {error}") from None


def _imports(data: mmap.mmap) -> set[str]:
    if data[:2] != b"MZ":
        raise NotPortableExecutable("no DOS header")
    headers: int = struct.unpack_from("<I", data, 0x3C)[0]
    if data[headers:headers + 4] != b"PE\0\0":
        raise NotPortableExecutable("no PE header")
    sections, optional_size = struct.unpack_from("<H12xH", data, headers + 6)
    optional = headers + 24
    directories = optional + (96 if struct.unpack_from("<H", data, optional)[0] == 0x10B else 112)  # PE32, PE32+
    directory_count = struct.unpack_from("<I", data, directories - 4)[0]
    table: list[tuple[int, int, int, int]] = [struct.unpack_from("<IIII", data, optional + optional_size + 40 * index + 8)
                                              for index in range(sections)]

    def at(rva: int) -> int:  # where a relative virtual address lies in the file
        for virtual_size, virtual_address, raw_size, raw_offset in table:
            if virtual_address <= rva < virtual_address + max(virtual_size, raw_size):
                return raw_offset + rva - virtual_address
        raise NotPortableExecutable(f"address {rva:#x} is in no section")

    names = set()
    # An import descriptor is 20 bytes, its name's address at 12; a delayed one 32, at 4 (both end with zeros).
    for directory, size, name_at in ((_IMPORTS, 20, 12), (_DELAYED_IMPORTS, 32, 4)):
        if directory >= directory_count:
            continue
        rva = struct.unpack_from("<I", data, directories + 8 * directory)[0]
        position = at(rva) if rva else -1
        while position >= 0:
            descriptor = data[position:position + size]
            if len(descriptor) < size or not any(descriptor):
                break
            start = at(struct.unpack_from("<I", descriptor, name_at)[0])
            names.add(data[start:data.find(b"\0", start)].decode("ascii"))
            position += size
    return names


def is_wine_dll(path: Path) -> bool:
    """True for one of wine's own DLLs (which do nothing on Windows)."""
    try:
        with open(path, "rb") as file:
            file.seek(64)
            return file.read(32).startswith(WINE_MARKS)
    except OSError:
        return False


def _binaries(folder: Path) -> Iterator[Path]:
    if folder.is_dir():
        yield from (path for path in folder.rglob("*") if path.suffix.lower() in BINARY_SUFFIXES and path.is_file())


def missing(bundle: Path, system: Path, packages: Iterable[str] = KERNEL_PACKAGES) -> list[str]:
    """What the kernel's binaries in ``bundle`` (the folder beside the executable, ``_internal``) import
    but neither the bundle nor Windows (``system``: its System32 folder) provides: one line a DLL,
    naming the binaries that import it.

    A DLL counts as in the bundle in the importer's own folder, the bundle's top folder or a wheel's
    ``<name>.libs`` folder there (the packages add those to the search); the DLLs it finds there are
    checked in turn. A Visual C++ runtime DLL must be in the bundle, wherever else it is; so must any
    DLL System32 lacks. A wine stand-in in the bundle counts as missing: it would not run on Windows.
    """
    top = {path.name.lower(): path for path in bundle.glob("*") if path.is_file()}
    for libs in bundle.glob("*.libs"):
        top.update({path.name.lower(): path for path in libs.glob("*") if path.is_file()})
    waiting = [path for package in packages for path in sorted(_binaries(bundle / package))]
    waiting += [path for path in top.values() if path.parent != bundle and path.suffix.lower() == ".dll"]
    seen: set[Path] = set()
    lacking: dict[str, tuple[str, list[str]]] = {}  # a DLL's name: why it counts as missing, who imports it
    problems = []
    while waiting:
        binary = waiting.pop()
        if binary in seen:
            continue
        seen.add(binary)
        where = binary.relative_to(bundle).as_posix()
        if is_wine_dll(binary):
            problems.append(f"{where} is one of wine's own DLLs: it does nothing on Windows")
            continue
        try:
            imported = dll_imports(binary)
        except NotPortableExecutable as error:
            problems.append(f"{where} cannot be read as a Windows binary ({error})")
            continue
        for name in imported:
            beside = binary.parent / name
            found = beside if beside.is_file() else top.get(name.lower())
            if found is not None:
                waiting.append(found)
            elif VC_RUNTIME.fullmatch(name):
                lacking.setdefault(name, ("part of the Visual C++ runtime, is not in the bundle", []))[1].append(where)
            elif not API_SET.fullmatch(name) and not (system / name).is_file():
                lacking.setdefault(name, (f"is neither in the bundle nor in {system}", []))[1].append(where)
    for name, (why, importers) in sorted(lacking.items()):
        importers.sort()
        who = f"{importers[0]} and {len(importers) - 1} more import" if len(importers) > 1 else f"{importers[0]} imports"
        problems.append(f"{name}, {why}: {who} it")
    return problems


def runtime_to_collect(binaries: Iterable[tuple[str, str, str]], system: Path) -> list[tuple[str, str, str]]:
    """The Visual C++ runtime DLLs the collected ``binaries`` (Analysis' (destination, source, kind)) import but
    PyInstaller did not collect, as entries for the bundle's top folder.

    Each comes from ``system`` (System32) unless that one is wine's stand-in; then from a wheel's own copy
    under a unique name (delvewheel's ``msvcp140-<hash>.dll``, the same Microsoft DLL), if one was collected.
    """
    entries = list(binaries)
    collected = {Path(destination).name.lower() for destination, _source, _kind in entries}
    wheel_copies: dict[str, str] = {}
    for _destination, source, _kind in entries:
        if match := WHEEL_COPY.fullmatch(Path(source).name):
            wheel_copies.setdefault((match["name"] + match["suffix"]).lower(), source)
    wanted: dict[str, str] = {}
    for _destination, source, _kind in entries:
        if Path(source).suffix.lower() not in BINARY_SUFFIXES:
            continue
        try:
            imported = dll_imports(Path(source))
        except (OSError, NotPortableExecutable):
            continue  # not a Windows binary: PyInstaller's own analysis has said what it could
        for name in imported:
            if VC_RUNTIME.fullmatch(name) and name.lower() not in collected:
                wanted.setdefault(name.lower(), name)
    added = []
    for key, name in sorted(wanted.items()):
        system_copy = system / name
        if system_copy.is_file() and not is_wine_dll(system_copy):
            added.append((name, str(system_copy), "BINARY"))
        elif key in wheel_copies:
            added.append((name, wheel_copies[key], "BINARY"))
    return added
