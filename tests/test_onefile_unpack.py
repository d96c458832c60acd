"""The one-file executable's deferred files (``tools/onefile_unpack.py``), on archives PyInstaller's own writer makes.

A stand-in executable is a CArchive as the one-file build embeds it, with bytes before it (the
bootloader, which holds the cookie's magic bytes too) and after it (macOS appends a signature).
The package ``tochki_probe`` plays numpy: its ``__init__`` is on disk from the start, as numpy's
Python code is in the executable's code archive, and the module it imports waits in the archive,
as numpy's libraries do.
"""

from __future__ import annotations

import importlib.util
import random
import sys
import zlib
from pathlib import Path

import pytest

from tools import onefile_unpack

# PyInstaller ships no type information.
from PyInstaller.archive.writers import CArchiveWriter  # type: ignore[import-untyped]  # isort: skip

PROBE = "tochki_probe"
INIT = "from tochki_probe._inner import VALUE\n"
INNER = "VALUE = 'unpacked'\n"


def make_executable(tmp_path: Path, waiting: dict[str, bytes], eager: dict[str, bytes] | None = None) -> Path:
    """A stand-in one-file executable holding ``waiting`` as build.spec stores them, and ``eager`` as
    PyInstaller stores data files; names are the files' places in the bundle."""
    sources = tmp_path / "sources"
    entries = []
    for name, data in waiting.items():
        source = sources / name
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_bytes(data)
        stored_name, stored, kind = onefile_unpack.store(source, name, tmp_path / "work")
        assert kind == onefile_unpack.STORED_KIND
        entries.append((stored_name, stored, False, onefile_unpack.ARCHIVE_KIND.decode()))
    for name, data in (eager or {}).items():
        source = sources / name
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_bytes(data)
        entries.append((name, str(source), True, "x"))
    archive = tmp_path / "archive.pkg"
    CArchiveWriter(str(archive), entries, pylib_name="libpython3.so")
    executable = tmp_path / "tochki-strany"
    bootloader = b"\x7fELF" + b"\0" * 1000 + b"MEI\014\013\012\013\016" + b"\0" * 1000
    executable.write_bytes(bootloader + archive.read_bytes() + b"signature" * 100)
    return executable


def test_the_waiting_files_are_found_and_unpack_whole_once(tmp_path: Path) -> None:
    big = random.Random(7).randbytes(3 * onefile_unpack.CHUNK + 12345)  # several reads' worth
    waiting = {"llvmlite/binding/libllvmlite.so": big, "numpy.libs/libopenblas.so": b"blas" * 1000}
    executable = make_executable(tmp_path, waiting, eager={"assets/icon.png": b"png"})
    files = onefile_unpack.stored_files(executable)
    assert sorted(stored.name for stored in files) == sorted(waiting)  # the eager file is the bootloader's
    root = tmp_path / "bundle"
    assert onefile_unpack.unpack(executable, files, root) == 2
    for name, data in waiting.items():
        assert (root / name).read_bytes() == data
    assert not list(root.rglob("*.part"))
    assert onefile_unpack.unpack(executable, files, root) == 0  # another process got there first: nothing to do


def test_a_look_at_the_package_unpacks_nothing_and_its_import_unpacks_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    executable = make_executable(tmp_path, {f"{PROBE}/_inner.py": INNER.encode()})
    root = tmp_path / "bundle"
    (root / PROBE).mkdir(parents=True)
    (root / PROBE / "__init__.py").write_text(INIT, encoding="utf-8")
    finder = onefile_unpack.UnpackOnImport(executable, root, packages=(PROBE,))
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    monkeypatch.delitem(sys.modules, PROBE, raising=False)
    monkeypatch.delitem(sys.modules, f"{PROBE}._inner", raising=False)

    assert importlib.util.find_spec(PROBE) is not None  # pygame's look for numpy, before the first frame
    assert not (root / PROBE / "_inner.py").exists() and not finder.done

    probe = importlib.import_module(PROBE)
    assert probe.VALUE == "unpacked"
    assert finder.done and (root / PROBE / "_inner.py").read_text(encoding="utf-8") == INNER
    assert finder.find_spec(PROBE) is None  # done: the finder steps aside


def test_a_damaged_archive_makes_the_import_fail_with_a_reason(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    executable = make_executable(tmp_path, {f"{PROBE}/_inner.py": INNER.encode() * 50})
    data = bytearray(executable.read_bytes())
    stored = onefile_unpack.stored_files(executable)[0]
    data[stored.offset + 4:stored.offset + 40] = b"\xff" * 36
    executable.write_bytes(bytes(data))
    root = tmp_path / "bundle"
    (root / PROBE).mkdir(parents=True)
    (root / PROBE / "__init__.py").write_text(INIT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(sys, "meta_path", [onefile_unpack.UnpackOnImport(executable, root, (PROBE,)), *sys.meta_path])
    monkeypatch.delitem(sys.modules, PROBE, raising=False)
    # ai.kernel.jit catches an ImportError and logs it: the kernel runs as plain Python.
    with pytest.raises(ImportError, match=f"could not unpack {PROBE}"):
        importlib.import_module(PROBE)
    assert not (root / PROBE / "_inner.py").exists()  # no half file left where a whole one belongs


def test_a_file_with_no_archive_is_told_apart(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.write_bytes(zlib.compress(b"no archive here" * 1000))
    with pytest.raises(onefile_unpack.ArchiveError):
        onefile_unpack.stored_files(plain)


def test_outside_the_one_file_executable_nothing_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    before = list(sys.meta_path)
    assert onefile_unpack.install() is None
    assert sys.meta_path == before


@pytest.mark.parametrize(("destination", "deferred"), [
    ("llvmlite/binding/libllvmlite.so", True),
    ("numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so", True),
    ("numpy.libs/libscipy_openblas64_.so", True),
    ("numba\\_helperlib.cp311-win_amd64.pyd", True),
    ("numpy/.dylibs/libgfortran.5.dylib", True),
    ("libpython3.11.so.1.0", False),
    ("pygame_ce.libs/libSDL2-2.0.so.0", False),
    ("pygame/base.cpython-311-x86_64-linux-gnu.so", False),
    ("ai/kernel/rules.py", False),
    ("numpyish/thing.so", False),
])
def test_the_compiler_packages_files_wait_and_the_games_do_not(destination: str, deferred: bool) -> None:
    assert onefile_unpack.is_deferred(destination) is deferred


def test_the_build_reads_back_what_it_stored_and_refuses_an_archive_it_cannot_read(tmp_path: Path) -> None:
    # build.spec's check after the one file is written: the reader must find exactly the stored files.
    waiting = {"numba/_helperlib.so": b"helper" * 100, "numpy.libs/libopenblas.so": b"blas" * 100}
    executable = make_executable(tmp_path, waiting, eager={"assets/icon.png": b"png"})
    stored = [f"{onefile_unpack.FOLDER}/{name}" for name in waiting]
    onefile_unpack.check_stored(executable, stored)
    with pytest.raises(onefile_unpack.ArchiveError, match="1 stored files not found"):
        onefile_unpack.check_stored(executable, [*stored, f"{onefile_unpack.FOLDER}/llvmlite/libllvmlite.so"])
    # A PyInstaller that marked the entries otherwise: the reader finds none of them, and says so.
    marked_otherwise = executable.read_bytes()
    for separator in ("/", "\\"):  # the stored names' own: a backslash on Windows
        marked_otherwise = marked_otherwise.replace(b"a" + f"{onefile_unpack.FOLDER}{separator}".encode(),
                                                    b"x" + f"{onefile_unpack.FOLDER}{separator}".encode())
    executable.write_bytes(marked_otherwise)
    with pytest.raises(onefile_unpack.ArchiveError, match="archive format"):
        onefile_unpack.check_stored(executable, stored)
    with pytest.raises(onefile_unpack.ArchiveError):
        onefile_unpack.check_stored(tmp_path / "no-such-executable", stored)
