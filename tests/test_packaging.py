"""Packaging without building: asset and data paths, the icon files, the build recipe.

The real PyInstaller build is slow and lives in ``tools/build_check.py``; these
tests check the pieces it relies on in a fraction of a second. The log and the
crash guard it also relies on are tested in ``tests/test_log.py``.
"""

from __future__ import annotations

import ast
import importlib.util
import plistlib
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from ai.kernel.cache import SHIPPED_FOLDER
from game import paths

ROOT = Path(__file__).resolve().parent.parent
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# --- asset_path and user_data_dir -------------------------------------------------------------------------------


def test_asset_path_from_source_finds_the_repository_assets() -> None:
    font = paths.asset_path("fonts", "DejaVuSans.ttf")
    assert font == ROOT / "assets" / "fonts" / "DejaVuSans.ttf"
    assert font.is_file()


def test_asset_path_in_a_frozen_bundle_uses_meipass(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.asset_path("icon.png") == tmp_path / "assets" / "icon.png"
    assert paths.asset_path("fonts", "DejaVuSans.ttf") == tmp_path / "assets" / "fonts" / "DejaVuSans.ttf"


def test_asset_path_frozen_without_meipass_uses_the_executable_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "tochki-strany"))
    assert paths.asset_path("icon.png") == tmp_path.resolve() / "assets" / "icon.png"


def test_user_data_dir_honours_the_override_and_creates_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / "nested" / "data"
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(target))
    assert paths.user_data_dir() == target
    assert target.is_dir()


def test_user_data_dir_defaults_to_the_platform_folder_for_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    asked: list[tuple[Any, ...]] = []

    def fake_user_data_dir(*args: Any, **kwargs: Any) -> str:
        asked.append((args, kwargs))
        return str(tmp_path / "platform")

    monkeypatch.delenv(paths.DATA_DIR_ENV, raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", fake_user_data_dir)
    assert paths.user_data_dir() == tmp_path / "platform"
    assert (tmp_path / "platform").is_dir()
    assert asked == [(("tochki-strany",), {"appauthor": False})]


# --- the icon and the build recipe ------------------------------------------------------------------------------


def test_icon_ico_holds_png_images_of_the_promised_sizes() -> None:
    data = (ROOT / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert width == height and planes == 1 and bits == 32
        assert data[offset:offset + 8] == PNG_SIGNATURE
        assert offset + length <= len(data)
        sizes.append(width or 256)
    assert sizes == [16, 32, 48, 256]


def test_icon_icns_and_png_are_well_formed() -> None:
    icns = (ROOT / "assets" / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    assert (ROOT / "assets" / "icon.png").read_bytes()[:8] == PNG_SIGNATURE


class _Recorder:
    """Stands in for one of PyInstaller's build steps, remembering what the recipe asked for."""

    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]
    analysed: dict[str, list[tuple[str, str, str]]] = {}
    """What the Analysis step found, by its lists' names (``binaries``, ``datas``); nothing unless a test says."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        _Recorder.calls.append((self.kind, args, kwargs))
        step = type(self.kind, (), {})()
        step.pure = step.scripts = step.binaries = step.datas = []
        step.name = kwargs.get("name")
        if self.kind == "Analysis":
            step.binaries = list(_Recorder.analysed.get("binaries", []))
            step.datas = list(_Recorder.analysed.get("datas", []))
        return step


SHIPPED_FILES = ("rules.is_legal-40.py311.nbi", "rules.is_legal-40.py311.1.nbc")
"""What the stand-in for ``python -m ai.kernel.prepare`` leaves in its cache folder, beside the marker."""


def prepare_stand_in(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``subprocess.run`` for build.spec: ``python -m ai.kernel.prepare OUTDIR`` makes a complete cache folder
    as the real one does, in no time (the real compile takes a minute); nothing else may be run."""
    from ai.kernel import cache

    assert command[:3] == [sys.executable, "-m", "ai.kernel.prepare"] and kwargs["cwd"] == ROOT, command
    _Recorder.calls.append(("prepare", tuple(command), kwargs))
    folder = Path(command[3]) / cache.folder_name()
    folder.mkdir(parents=True, exist_ok=True)
    for name in SHIPPED_FILES:
        (folder / name).write_bytes(b"compiled")
    cache.mark_complete(folder)
    return subprocess.CompletedProcess(command, 0, f"the kernel is compiled for shipping in {folder}\n", "")


def run_spec(monkeypatch: pytest.MonkeyPatch, onefile: bool, platform: str | None = None,
             workpath: Path | None = None,
             analysed: dict[str, list[tuple[str, str, str]]] | None = None,
             prepare: Any = prepare_stand_in) -> dict[str, dict[str, Any]]:
    """Execute build.spec with PyInstaller's steps replaced by recorders; the keyword arguments of each step.
    ``platform`` runs it as on another system (``win32``, ``darwin``), writing into ``workpath`` (a
    temporary folder if not given); ``analysed`` is what the Analysis step found (its ``binaries`` and
    ``datas``); ``prepare`` stands in for ``subprocess.run``, which the spec runs the kernel's compile with."""
    # PyInstaller ships no type information.
    import PyInstaller.building.api  # type: ignore[import-untyped]
    import PyInstaller.building.build_main  # type: ignore[import-untyped]
    import PyInstaller.building.osx  # type: ignore[import-untyped]
    import PyInstaller.utils.hooks  # type: ignore[import-untyped]

    for module, kind in ((PyInstaller.building.build_main, "Analysis"), (PyInstaller.building.api, "PYZ"),
                         (PyInstaller.building.api, "EXE"), (PyInstaller.building.api, "COLLECT"),
                         (PyInstaller.building.osx, "BUNDLE")):
        monkeypatch.setattr(module, kind, _Recorder(kind))
    monkeypatch.setattr(PyInstaller.utils.hooks, "collect_submodules", lambda package, **_: [f"{package}.stub"])
    monkeypatch.setenv("TOCHKI_ONEFILE", "1" if onefile else "0")
    if platform is not None:
        monkeypatch.setattr(sys, "platform", platform)
    _Recorder.calls = []
    monkeypatch.setattr(_Recorder, "analysed", analysed or {})
    # The one file is read back once written; nothing is written here, so what it would be asked is recorded.
    from tools import onefile_unpack

    monkeypatch.setattr(onefile_unpack, "check_stored",
                        lambda archive, names: _Recorder.calls.append(("check_stored", (archive, list(names)), {})))
    monkeypatch.setattr(subprocess, "run", prepare)
    with tempfile.TemporaryDirectory(prefix="tochki-spec-") as scratch:
        namespace = {"SPECPATH": str(ROOT), "__name__": "__main__", "workpath": str(workpath or scratch)}
        code = compile((ROOT / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec")
        exec(code, namespace)  # running the recipe is what PyInstaller does with it
    return {kind: kwargs for kind, _, kwargs in _Recorder.calls}


def test_build_spec_one_folder_bundles_the_assets_and_names_the_program(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = run_spec(monkeypatch, onefile=False)
    analysis = steps["Analysis"]
    bundled = {(Path(src).relative_to(ROOT).as_posix(), dest.replace("\\", "/")) for src, dest in analysis["datas"]
               if not dest.startswith(SHIPPED_FOLDER)}  # the shipped kernel is made in the work folder
    assert ("assets/icon.png", "assets") in bundled
    assert ("assets/fonts/DejaVuSans.ttf", "assets/fonts") in bundled
    assert ("assets/samples/zagram-352562.sgf", "assets/samples") in bundled  # the sample record the game opens
    assert not any(src.endswith(".py") for src, _ in bundled)
    assert {"tkinter", "unittest", "pytest", "hypothesis", "pydoc"} <= set(analysis["excludes"])
    assert {"engine.stub", "ai.stub", "game.stub"} <= set(analysis["hiddenimports"])
    assert steps["EXE"]["name"] == "tochki-strany"
    assert steps["EXE"]["console"] is False
    assert steps["EXE"]["exclude_binaries"] is True
    assert steps["COLLECT"]["name"] == "tochki-strany"


def test_build_spec_carries_the_compiled_kernel_and_its_sources(monkeypatch: pytest.MonkeyPatch) -> None:
    analysis = run_spec(monkeypatch, onefile=True)["Analysis"]
    # numba caches a function only beside a real source file, and ai.kernel.jit hashes the .py files
    # beside itself: the kernel goes in as .py sources (PyInstaller's "py" mode), not into the archive.
    assert analysis["module_collection_mode"] == {"ai.kernel": "py"}
    assert {"numba.stub", "llvmlite.stub"} <= set(analysis["hiddenimports"])
    excludes = set(analysis["excludes"])
    assert not {"numpy", "numba", "llvmlite", "multiprocessing"} & excludes  # what the kernel and the pool run on
    assert {"numba.cuda", "numba.tests", "scipy"} <= excludes  # what they would drag in for nothing


def test_every_build_ships_the_kernel_compiled_where_the_loader_looks(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    from ai.kernel import cache
    from tools import onefile_unpack

    inside = f"{cache.SHIPPED_FOLDER}/{cache.folder_name()}"
    for onefile in (False, True):
        work = tmp_path / ("onefile" if onefile else "onedir")
        analysis = run_spec(monkeypatch, onefile=onefile, workpath=work)["Analysis"]
        _kind, command, how = next(call for call in _Recorder.calls if call[0] == "prepare")
        assert Path(command[3]) == work / cache.SHIPPED_FOLDER  # made in the work folder, by this Python
        assert cache.CACHE_ENV not in how["env"] and not any(name.startswith("NUMBA_") for name in how["env"])
        shipped = [(Path(source), destination) for source, destination in analysis["datas"]
                   if destination.startswith(cache.SHIPPED_FOLDER)]
        assert {(source.name, destination) for source, destination in shipped} == \
            {(name, inside) for name in (*SHIPPED_FILES, cache.COMPLETE)}
        assert not onefile_unpack.is_deferred(f"{inside}/{SHIPPED_FILES[0]}")  # the one file unpacks it at start
    # Laid out in a bundle as PyInstaller does it (destinations from the bundle's root, beside ai/), the
    # loader finds it complete.
    bundle = tmp_path / "bundle"
    for source, destination in shipped:
        (bundle / destination).mkdir(parents=True, exist_ok=True)
        (bundle / destination / source.name).write_bytes(source.read_bytes())
    monkeypatch.setattr(cache, "bundle_root", lambda: bundle)
    assert cache.shipped_cache() == bundle / inside


def test_a_build_that_cannot_compile_the_kernel_fails(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def failing(command: list[str], **_kwargs: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(command, 1, "", "the kernel could not be compiled for shipping: boom")

    with pytest.raises(SystemExit, match="no kernel to ship.*boom"):
        run_spec(monkeypatch, onefile=False, workpath=tmp_path, prepare=failing)


def test_the_measuring_tools_stay_out_of_the_build_and_the_game_never_needs_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert "bench" in run_spec(monkeypatch, onefile=False)["Analysis"]["excludes"]
    shipped = [ROOT / "main.py", *(path for package in ("engine", "ai", "game") for path in (ROOT / package).rglob("*.py"))]
    needs_bench = []
    for path in shipped:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            needs_bench += [f"{path.relative_to(ROOT)}: {name}" for name in names if name.split(".")[0] == "bench"]
    assert needs_bench == []  # an excluded package the game imported would crash the executable


def test_build_check_looks_for_the_words_the_smoke_run_says_about_the_kernel() -> None:
    from ai import kernel
    from game.shots import smoke

    build_check = load_build_check()
    assert build_check.SMOKE_KERNEL in smoke.kernel_words(True, f"ready ({kernel.SHIPPED})")
    for on_kernel, status in ((True, f"ready ({kernel.COMPILED})"), (True, f"ready ({kernel.CACHED})"),
                              (False, "failed: ImportError: no numba"), (False, "loading")):
        said = smoke.kernel_words(on_kernel, status)
        assert build_check.SMOKE_KERNEL not in said and status in said


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in executable is a script with a #! line")
def test_build_check_fails_a_build_whose_smoke_run_compiled_the_kernel(tmp_path: Path) -> None:
    from ai import kernel
    from game.shots import smoke

    build_check = load_build_check()
    executable = tmp_path / "tochki-strany"
    for origin, passes in ((kernel.SHIPPED, True), (kernel.COMPILED, False), (kernel.CACHED, False)):
        line = (f"smoke: 90 frames drawn, every scene ran; the computer answered; the master thought on 2 cores; "
                f"{smoke.kernel_words(True, f'ready ({origin})')}")
        executable.write_text(f"#!{sys.executable}\nprint({line!r})\n", encoding="utf-8")
        executable.chmod(0o755)
        assert (build_check.smoke(executable, timeout=120) == 0) is passes, origin


def test_build_spec_one_file_is_a_single_executable(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = run_spec(monkeypatch, onefile=True)
    assert "COLLECT" not in steps and "BUNDLE" not in steps
    assert steps["EXE"]["name"] == "tochki-strany"
    assert not steps["EXE"].get("exclude_binaries", False)


def test_the_one_file_keeps_the_compilers_files_for_their_first_import(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import PyInstaller.building.utils

    from tools import onefile_unpack

    sources = {}
    for name in ("libllvmlite.so", "helperlib.so", "libopenblas.so", "base.so", "libpython.so", "icon.png"):
        sources[name] = tmp_path / name
        sources[name].write_bytes(name.encode() * 1000)
    analysed = {
        "binaries": [("llvmlite/binding/libllvmlite.so", str(sources["libllvmlite.so"]), "BINARY"),
                     ("numba/_helperlib.so", str(sources["helperlib.so"]), "EXTENSION"),
                     ("numpy.libs/libopenblas.so", str(sources["libopenblas.so"]), "BINARY"),
                     ("pygame/base.so", str(sources["base.so"]), "EXTENSION"),
                     ("libpython3.11.so.1.0", str(sources["libpython.so"]), "BINARY")],
        "datas": [("assets/icon.png", str(sources["icon.png"]), "DATA")],
    }
    processed: list[str] = []
    monkeypatch.setattr(PyInstaller.building.utils, "process_collected_binary",
                        lambda src, dest, **_: processed.append(dest) or src)

    steps = run_spec(monkeypatch, onefile=True, workpath=tmp_path / "work", analysed=analysed)
    assert steps["Analysis"]["runtime_hooks"] == [str(ROOT / "tools" / "onefile_rthook.py")]
    assert "tools.onefile_unpack" in steps["Analysis"]["hiddenimports"]
    _pyz, _scripts, binaries, datas, *_ = next(args for kind, args, _ in _Recorder.calls if kind == "EXE")
    unpacked_first = {dest for dest, _src, _kind in binaries + datas if _kind != onefile_unpack.STORED_KIND}
    assert unpacked_first == {"pygame/base.so", "libpython3.11.so.1.0", "assets/icon.png"}
    waiting = {dest: Path(src) for dest, src, kind in datas if kind == onefile_unpack.STORED_KIND}
    assert set(waiting) == {"_deferred/llvmlite/binding/libllvmlite.so", "_deferred/numba/_helperlib.so",
                            "_deferred/numpy.libs/libopenblas.so"}
    assert zlib.decompress(waiting["_deferred/llvmlite/binding/libllvmlite.so"].read_bytes()) == \
        sources["libllvmlite.so"].read_bytes()
    assert "llvmlite/binding/libllvmlite.so" in processed  # stripped (signed on macOS) as the bootloader's are
    # ... and once written, the executable is read back: the reader must find each of them there.
    archive, checked = next(args for kind, args, _ in _Recorder.calls if kind == "check_stored")
    assert archive == Path("tochki-strany") and set(checked) == set(waiting)

    folder = run_spec(monkeypatch, onefile=False, analysed=analysed)
    assert folder["Analysis"]["runtime_hooks"] == []  # the folder is unpacked already: all as it was
    _exe, binaries, _datas = next(args for kind, args, _ in _Recorder.calls if kind == "COLLECT")
    assert {dest for dest, _src, _kind in binaries} >= {"llvmlite/binding/libllvmlite.so", "pygame/base.so"}


# --- what the executables say about themselves (issue 22) ----------------------------------------------------------


def _version_file_strings(text: str) -> tuple[dict[str, str], tuple[int, ...]]:
    """The strings and the file version of a PyInstaller version file, read as the Python it is."""
    tree = ast.parse(text, mode="eval")
    strings = {}
    numbers: tuple[int, ...] = ()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "StringStruct":
                key, value = (ast.literal_eval(arg) for arg in node.args)
                strings[key] = value
            elif node.func.id == "FixedFileInfo":
                numbers = next(ast.literal_eval(kw.value) for kw in node.keywords if kw.arg == "filevers")
    return strings, numbers


def test_the_windows_build_carries_the_version_resource(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from engine.about import VERSION

    exe = run_spec(monkeypatch, onefile=False, platform="win32", workpath=tmp_path)["EXE"]
    assert exe["icon"] == str(ROOT / "assets" / "icon.ico")
    version_file = Path(exe["version"])
    assert version_file.parent == tmp_path
    strings, numbers = _version_file_strings(version_file.read_text(encoding="utf-8"))
    assert strings["ProductName"] == "Точки — страны"
    assert strings["ProductVersion"] == strings["FileVersion"] == VERSION
    assert "Точки — страны" in strings["FileDescription"] and strings["OriginalFilename"] == "tochki-strany.exe"
    assert numbers == tuple(int(n) for n in VERSION.split(".")) + (0,)


def test_the_mac_app_carries_the_version_in_its_info_plist(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.about import VERSION

    bundle = run_spec(monkeypatch, onefile=False, platform="darwin")["BUNDLE"]
    assert bundle["name"] == "Точки — страны.app" and bundle["icon"] == str(ROOT / "assets" / "icon.icns")
    plist = plistlib.loads(plistlib.dumps(bundle["info_plist"]))  # what PyInstaller writes is a plist
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == VERSION == bundle["version"]
    assert plist["CFBundleDisplayName"] == plist["CFBundleName"] == "Точки — страны"
    assert plist["NSHighResolutionCapable"] is True
    assert plist["LSMinimumSystemVersion"] == "14.0"


def test_every_build_carries_pyproject_for_the_version(monkeypatch: pytest.MonkeyPatch) -> None:
    for onefile in (False, True):
        analysis = run_spec(monkeypatch, onefile=onefile)["Analysis"]
        assert (str(ROOT / "pyproject.toml"), ".") in analysis["datas"]


def test_the_icns_holds_every_size_make_icon_draws() -> None:
    spec = importlib.util.spec_from_file_location("make_icon", ROOT / "assets" / "make_icon.py")
    assert spec is not None and spec.loader is not None
    make_icon = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_icon)
    icns = (ROOT / "assets" / "icon.icns").read_bytes()
    kinds = set()
    offset = 8
    while offset < len(icns):
        kind, length = icns[offset:offset + 4], struct.unpack_from(">I", icns, offset + 4)[0]
        assert icns[offset + 8:offset + 16] == PNG_SIGNATURE
        kinds.add(kind)
        offset += length
    assert offset == len(icns) and kinds == {kind for _, kind in make_icon.ICNS_TYPES}


@pytest.mark.parametrize(("system", "machine", "numba"), [
    ("linux", "x86_64", "0.68.1"), ("win32", "AMD64", "0.68.1"), ("darwin", "arm64", "0.68.1"),
    ("darwin", "x86_64", "0.62.1"),  # no numba after 0.62 was built for Intel macOS
])
def test_each_system_gets_one_numba_and_the_kernel_its_companions(system: str, machine: str, numba: str) -> None:
    from packaging.requirements import Requirement

    environment = {"sys_platform": system, "platform_machine": machine}
    picked: dict[str, str] = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate(environment):
                assert requirement.name not in picked, requirement.name
                picked[requirement.name] = str(requirement.specifier).removeprefix("==")
    assert picked["numba"] == numba
    assert {"llvmlite", "numpy", "pygame-ce", "platformdirs"} <= picked.keys()


# --- the DLLs the Windows bundle's kernel needs (issue 27) ---------------------------------------------------------


def portable_executable(path: Path, imports: list[str], delayed: list[str] | None = None,
                        wine: bool = False) -> Path:
    """Write a minimal 64-bit Windows DLL importing ``imports`` (and ``delayed``, loaded on first use)."""
    delayed = delayed or []
    section_rva, section_at = 0x1000, 0x400
    descriptors = 20 * (len(imports) + 1)
    delayed_at = descriptors
    names_at = delayed_at + 32 * (len(delayed) + 1)
    section = bytearray(names_at)
    names = bytearray()
    for index, name in enumerate(imports):
        struct.pack_into("<I", section, 20 * index + 12, section_rva + names_at + len(names))
        names += name.encode() + b"\0"
    for index, name in enumerate(delayed):
        struct.pack_into("<II", section, delayed_at + 32 * index, 1, section_rva + names_at + len(names))
        names += name.encode() + b"\0"
    section += names
    directories = [(0, 0)] * 16
    directories[1] = (section_rva, descriptors)
    if delayed:
        directories[13] = (section_rva + delayed_at, 32 * (len(delayed) + 1))
    optional = bytearray(112)
    struct.pack_into("<H", optional, 0, 0x20B)  # PE32+
    struct.pack_into("<I", optional, 108, len(directories))
    optional += b"".join(struct.pack("<II", *entry) for entry in directories)
    header_at = 0x80
    dos = bytearray(header_at)
    dos[:2] = b"MZ"
    struct.pack_into("<I", dos, 0x3C, header_at)
    if wine:
        dos[64:64 + 16] = b"Wine builtin DLL"
    coff = struct.pack("<HHIIIHH", 0x8664, 1, 0, 0, 0, len(optional), 0x2022)
    section_header = struct.pack("<8sIIIIIIHHI", b".idata", len(section), section_rva, len(section), section_at,
                                 0, 0, 0, 0, 0)
    image = bytearray(dos + b"PE\0\0" + coff + optional + section_header)
    image += bytes(section_at - len(image)) + section
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(image))
    return path


def test_a_windows_binarys_imports_are_read_loaded_at_once_and_delayed(tmp_path: Path) -> None:
    from tools import windows_dlls

    dll = portable_executable(tmp_path / "_dispatcher.pyd", ["KERNEL32.dll", "MSVCP140.dll", "python313.dll"],
                              delayed=["tbb12.dll"])
    assert windows_dlls.dll_imports(dll) == {"KERNEL32.dll", "MSVCP140.dll", "python313.dll", "tbb12.dll"}
    assert windows_dlls.dll_imports(portable_executable(tmp_path / "lone.dll", [])) == set()
    for name, data in (("empty.dll", b""), ("elf.so", b"\x7fELF" + bytes(200)), ("cut.dll", dll.read_bytes()[:300])):
        (tmp_path / name).write_bytes(data)
        with pytest.raises(windows_dlls.NotPortableExecutable):
            windows_dlls.dll_imports(tmp_path / name)


def windows_bundle(bundle: Path, system: Path) -> None:
    """A one-folder Windows bundle as PyInstaller under wine makes it: numba's modules import MSVCP140.dll,
    which only the system (a runner, or wine) has; numpy uses its wheel's own copy under a unique name."""
    crt = "api-ms-win-crt-runtime-l1-1-0.dll"
    portable_executable(bundle / "numba" / "_dispatcher.cp313-win_amd64.pyd",
                        ["KERNEL32.dll", "MSVCP140.dll", "VCRUNTIME140.dll", "python313.dll", crt])
    portable_executable(bundle / "numba" / "core" / "typeconv" / "_typeconv.cp313-win_amd64.pyd",
                        ["KERNEL32.dll", "MSVCP140.dll", "VCRUNTIME140_1.dll", "python313.dll"])
    copy = "msvcp140-a4c2229bdc2a2a630acdc095b4d86008.dll"
    portable_executable(bundle / "numpy" / "_core" / "_multiarray_umath.cp313-win_amd64.pyd",
                        ["KERNEL32.dll", copy, "VCRUNTIME140.dll", "python313.dll"])
    portable_executable(bundle / "numpy.libs" / copy, ["KERNEL32.dll", "VCRUNTIME140.dll", crt])
    portable_executable(bundle / "python313.dll", ["KERNEL32.dll", "VCRUNTIME140.dll"])
    portable_executable(bundle / "VCRUNTIME140.dll", ["KERNEL32.dll", crt])
    portable_executable(bundle / "VCRUNTIME140_1.dll", ["KERNEL32.dll", "VCRUNTIME140.dll"])
    portable_executable(bundle / "pygame" / "base.pyd", ["SDL2.dll"])  # not the kernel's: not checked
    for name in ("KERNEL32.dll", "MSVCP140.dll"):
        portable_executable(system / name, [])


def load_build_check() -> Any:
    spec = importlib.util.spec_from_file_location("build_check", ROOT / "tools" / "build_check.py")
    assert spec is not None and spec.loader is not None
    build_check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_check)
    return build_check


def test_the_windows_check_fails_a_bundle_without_the_runtime_numba_imports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tools import windows_dlls

    bundle, system = tmp_path / "_internal", tmp_path / "System32"
    windows_bundle(bundle, system)
    problems = windows_dlls.missing(bundle, system)
    assert len(problems) == 1
    assert problems[0].startswith("MSVCP140.dll, part of the Visual C++ runtime")
    assert "numba/_dispatcher.cp313-win_amd64.pyd and 1 more import it" in problems[0]
    build_check = load_build_check()
    assert build_check.check_windows_dlls(bundle, system) == 1
    assert "MSVCP140.dll" in capsys.readouterr().err

    portable_executable(bundle / "MSVCP140.dll", ["KERNEL32.dll", "VCRUNTIME140.dll"])
    assert windows_dlls.missing(bundle, system) == []
    assert build_check.check_windows_dlls(bundle, system) == 0

    portable_executable(bundle / "numba" / "np" / "ufunc" / "workqueue.pyd", ["tbb12.dll"])
    portable_executable(bundle / "MSVCP140.dll", [], wine=True)  # wine's stand-in does nothing on Windows
    problems = windows_dlls.missing(bundle, system)
    assert any(problem.startswith("MSVCP140.dll is one of wine's own DLLs") for problem in problems)
    assert any(problem.startswith("tbb12.dll, is neither in the bundle nor in") for problem in problems)


def test_the_windows_build_collects_the_runtime_pyinstaller_left_out(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    from tools import windows_dlls

    bundle, system = tmp_path / "found", tmp_path / "System32"
    windows_bundle(bundle, system)
    analysed = {"binaries": [(path.relative_to(bundle).as_posix(), str(path), "BINARY")
                             for path in sorted(bundle.rglob("*")) if path.is_file()]}
    monkeypatch.setattr(windows_dlls, "system_folder", lambda: system)
    run_spec(monkeypatch, onefile=False, platform="win32", workpath=tmp_path / "work", analysed=analysed)
    _exe, binaries, _datas = next(args for kind, args, _ in _Recorder.calls if kind == "COLLECT")
    assert ("MSVCP140.dll", str(system / "MSVCP140.dll"), "BINARY") in binaries  # a real runner's System32

    portable_executable(system / "MSVCP140.dll", [], wine=True)  # under wine: the wheel's copy instead
    wheel_copy = str(bundle / "numpy.libs" / "msvcp140-a4c2229bdc2a2a630acdc095b4d86008.dll")
    assert windows_dlls.runtime_to_collect(analysed["binaries"], system) == [("MSVCP140.dll", wheel_copy, "BINARY")]
    collected = [*analysed["binaries"], ("MSVCP140.dll", str(system / "MSVCP140.dll"), "BINARY")]
    assert windows_dlls.runtime_to_collect(collected, system) == []  # PyInstaller took it: nothing more
