"""The one-file executable's deferred files: numpy, numba and llvmlite, unpacked when first imported.

PyInstaller's one-file executable unpacks every file it carries into a temporary folder
before Python starts, at every launch. Of its 230 MB, numba's LLVM (llvmlite, 160 MB) and
numpy (40 MB) serve only the master's compiled kernel (``ai.kernel``), which loads in the
background while the menu shows; unpacking them first kept the first frame waiting about
two seconds. So ``build.spec`` stores their files in the archive under :data:`FOLDER`, each
zlib-compressed by the spec, as PyInstaller's ``PKG`` entries: a kind of entry the
bootloader never unpacks. At run time, :func:`install` (from the runtime hook
``tools/onefile_rthook.py``) puts a finder first on ``sys.meta_path``; the first import of
one of :data:`PACKAGES`, in whichever thread or process comes first (the kernel's compiling
child, the game's kernel thread), writes their files to where the bootloader would have.

The archive's layout (PyInstaller's CArchive) is read here, not with PyInstaller's own
reader, which the executable does not carry: a cookie at the archive's end (found by its
magic bytes, since macOS appends a code signature after it) gives the table of contents.
"""

from __future__ import annotations

import importlib
import os
import struct
import sys
import threading
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, BinaryIO, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

PACKAGES = ("numpy", "numba", "llvmlite")
"""The packages whose files wait in the archive; importing any of them unpacks all (they import each other)."""

FOLDER = "_deferred"
"""The folder in the archive's names under which those files wait (``_deferred/llvmlite/binding/...``)."""

STORED_KIND = "PKG"
"""The spec's type for a waiting file: PyInstaller stores it as it is (our zlib stream) and never unpacks it."""

ARCHIVE_KIND = b"a"
"""How the archive's table of contents marks a ``PKG`` entry."""

LEVEL = 9
"""zlib's level for the stored files: PyInstaller's own, so the download stays the size it was."""

CHUNK = 1 << 20
"""Bytes read at a time while unpacking: a few megabytes in memory at most, whatever the file's size."""

_MAGIC = b"MEI\014\013\012\013\016"
_COOKIE = struct.Struct("!8sIIII64s")  # magic, archive length, TOC offset, TOC length, Python version, libpython
_ENTRY = struct.Struct("!IIIIBc")  # entry length, offset, stored length, full length, compressed, kind


class ArchiveError(Exception):
    """The executable's archive is not what ``build.spec`` wrote (cut short, or not PyInstaller's)."""


# --- at build time (build.spec) ---------------------------------------------------------------------------------


def is_deferred(destination: str) -> bool:
    """True for a file bound for one of :data:`PACKAGES`' folders in the bundle (``numpy/…``, ``numpy.libs/…``)."""
    top, inside, _rest = destination.replace("\\", "/").partition("/")
    return bool(inside) and top.removesuffix(".libs") in PACKAGES


def split_deferred(entries: Iterable[tuple[str, str, str]]) -> tuple[list[tuple[str, str, str]],
                                                                    list[tuple[str, str, str]]]:
    """Analysis' (destination, source, kind) entries as (kept, deferred). Symbolic links stay: the
    bootloader makes them in an instant, and one pointing at a file not yet unpacked harms nothing."""
    kept: list[tuple[str, str, str]] = []
    deferred: list[tuple[str, str, str]] = []
    for entry in entries:
        (deferred if entry[2] != "SYMLINK" and is_deferred(entry[0]) else kept).append(entry)
    return kept, deferred


def store(source: Path, destination: str, work: Path) -> tuple[str, str, str]:
    """Compress ``source`` into the work folder (again only when it changed) and give the spec's entry for it."""
    name = destination.replace("\\", "/")
    target = work / FOLDER / (name + ".z")
    if not target.is_file() or target.stat().st_mtime < source.stat().st_mtime:
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_name(target.name + ".part")
        with open(source, "rb") as read, open(part, "wb") as write:
            packer = zlib.compressobj(LEVEL)
            while chunk := read.read(CHUNK):
                write.write(packer.compress(chunk))
            write.write(packer.flush())
        os.replace(part, target)
    return (f"{FOLDER}/{name}", str(target), STORED_KIND)


# --- at run time (the one-file executable) ----------------------------------------------------------------------


@dataclass(frozen=True)
class Stored:
    """One waiting file: where it goes in the bundle (``/``-separated), and where its zlib stream lies."""

    name: str
    offset: int
    length: int


def _cookie_position(read: BinaryIO) -> int:
    """Where the archive's cookie starts: the last place its magic bytes occur in the file."""
    read.seek(0, os.SEEK_END)
    end = read.tell()
    while end > 0:
        start = max(0, end - CHUNK)
        read.seek(start)
        found = read.read(end - start).rfind(_MAGIC)
        if found >= 0:
            return start + found
        # The next window overlaps this one by the magic's length less one: a magic across the seam is found.
        end = start + len(_MAGIC) - 1 if start > 0 else 0
    raise ArchiveError("no PyInstaller archive in the file")


def stored_files(archive: Path) -> list[Stored]:
    """The waiting files in ``archive`` (the executable), in the order they were stored."""
    with open(archive, "rb") as read:
        cookie_at = _cookie_position(read)
        read.seek(cookie_at)
        cookie = read.read(_COOKIE.size)
        if len(cookie) < _COOKIE.size:
            raise ArchiveError("the archive's cookie is cut short")
        _magic, length, toc_offset, toc_length, _python, _library = _COOKIE.unpack(cookie)
        start = cookie_at + _COOKIE.size - length
        if start < 0 or toc_offset + toc_length > length:
            raise ArchiveError("the archive's cookie does not fit the file")
        read.seek(start + toc_offset)
        toc = read.read(toc_length)
    found = []
    at = 0
    while at + _ENTRY.size <= len(toc):
        size, offset, stored_length, _full_length, _compressed, kind = _ENTRY.unpack_from(toc, at)
        if size < _ENTRY.size:
            raise ArchiveError("the archive's table of contents is damaged")
        name = toc[at + _ENTRY.size:at + size].rstrip(b"\0").decode("utf-8").replace("\\", "/")
        at += size
        folder, _, rest = name.partition("/")
        if kind == ARCHIVE_KIND and folder == FOLDER and rest:
            if rest.startswith("/") or ".." in rest.split("/"):
                raise ArchiveError(f"a stored file would land outside the bundle: {rest}")
            found.append(Stored(rest, start + offset, stored_length))
    return found


def check_stored(archive: Path, names: Iterable[str]) -> None:
    """Raise :class:`ArchiveError` unless :func:`stored_files` finds exactly ``names`` (the spec's entries,
    ``_deferred/…``) in the built ``archive``: the spec's check that this reader still reads what
    PyInstaller wrote, since its archive format is PyInstaller's own business and may change."""
    try:
        found = {f"{FOLDER}/{stored.name}" for stored in stored_files(archive)}
    except (OSError, UnicodeDecodeError, struct.error) as error:
        raise ArchiveError(f"{archive} cannot be read: {error}") from error
    wanted = {name.replace("\\", "/") for name in names}
    if found != wanted:
        lost = sorted(wanted - found)[:3]
        extra = sorted(found - wanted)[:3]
        raise ArchiveError(f"{archive}: {len(wanted - found)} stored files not found (such as {lost}), "
                           f"{len(found - wanted)} unexpected (such as {extra}): PyInstaller's archive format "
                           "is not what tools/onefile_unpack.py reads")


def unpack(archive: Path, files: Sequence[Stored], root: Path) -> int:
    """Write ``files`` from ``archive`` under ``root``, skipping those already there; how many were written.

    Each file is written beside its place and renamed into it, so a file that exists is whole: another
    process of the game (the kernel's compiling child) may be unpacking the same files at the same time.
    """
    written = 0
    with open(archive, "rb") as read:
        for stored in files:
            target = root.joinpath(*stored.name.split("/"))
            if target.exists():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            part = target.with_name(f"{target.name}.{os.getpid()}-{threading.get_ident()}.part")
            inflater = zlib.decompressobj()
            read.seek(stored.offset)
            left = stored.length
            with open(part, "wb") as write:
                while left > 0:
                    chunk = read.read(min(CHUNK, left))
                    if not chunk:
                        raise ArchiveError(f"{stored.name} is cut short in the archive")
                    left -= len(chunk)
                    write.write(inflater.decompress(chunk))
                write.write(inflater.flush())
            if not inflater.eof:
                raise ArchiveError(f"{stored.name} is cut short in the archive")
            os.chmod(part, 0o755)  # libraries and extension modules, as the bootloader leaves them
            try:
                os.replace(part, target)
            except OSError:
                # Windows will not replace a library another process has loaded: that one is whole already.
                part.unlink(missing_ok=True)
                if not target.exists():
                    raise
            written += 1
    return written


class UnpackOnImport:
    """A finder first on ``sys.meta_path`` for the top packages of :data:`PACKAGES`: it hands on the spec the
    finders after it find, with a loader that unpacks the waiting files before the package runs.

    Only running the package unpacks: a mere look (pygame asks ``find_spec("numpy")`` while it starts,
    before the first frame) must not.
    """

    def __init__(self, archive: Path, root: Path, packages: Sequence[str] = PACKAGES) -> None:
        self.archive = archive
        self.root = root
        self.packages = frozenset(packages)
        self.done = False
        self._lock = threading.Lock()

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if self.done or fullname not in self.packages:
            return None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec: ModuleSpec | None = find(fullname, path, target)
            if spec is not None:
                if spec.loader is not None:
                    spec.loader = cast("Loader", UnpackFirst(spec.loader, self))
                return spec
        return None

    def unpack_once(self, name: str) -> None:
        """Unpack the waiting files unless done; raises ImportError (naming ``name``) if they cannot be."""
        with self._lock:  # one thread unpacks; another importing meanwhile waits for whole files
            if self.done:
                return
            try:
                unpack(self.archive, stored_files(self.archive), self.root)
            except (OSError, ArchiveError, zlib.error, UnicodeDecodeError) as error:
                # ai.kernel reports an ImportError as the reason the kernel runs as plain Python.
                raise ImportError(f"the one-file executable could not unpack {name}: {error}", name=name) from error
            importlib.invalidate_caches()  # the folders' listings, read before these files were there
            self.done = True


class UnpackFirst:
    """A package's own loader, but the waiting files are unpacked before it makes the module; the rest
    (running it, resources, source, code) is the loader's own."""

    def __init__(self, loader: Any, finder: UnpackOnImport) -> None:
        self._loader = loader
        self._finder = finder

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        self._finder.unpack_once(spec.name)
        create = getattr(self._loader, "create_module", None)
        return create(spec) if create is not None else None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loader, name)


def install() -> UnpackOnImport | None:
    """In the one-file executable, put the unpacking finder first on ``sys.meta_path``; elsewhere nothing."""
    root = getattr(sys, "_MEIPASS", None)
    if not getattr(sys, "frozen", False) or root is None:
        return None
    finder = UnpackOnImport(Path(sys.executable), Path(root))
    sys.meta_path.insert(0, finder)
    return finder
