"""The wheels we build are the Pythons we claim, on numpy's platforms.

pyproject.toml's [tool.cibuildwheel] selection (build, skip, archs per
platform), its requires-python and its classifiers must name the same
window: CPython 3.11-3.15 and the free-threaded 3.14t and 3.15t, for
manylinux and musllinux (x86-64, aarch64), macOS (x86-64, arm64) and
Windows (AMD64, ARM64).  The selection is worked out here from the
configuration alone; where cibuildwheel is installed, its own
``--print-build-identifiers`` must give the same list.
"""
import fnmatch
import pathlib
import re
import subprocess
import sys
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
if not (ROOT / "pyproject.toml").is_file():
    pytest.skip("not a source checkout", allow_module_level=True)
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
WHEELS = CONFIG["tool"]["cibuildwheel"]

PYTHONS = ["cp311", "cp312", "cp313", "cp314", "cp314t", "cp315", "cp315t"]
# platform -> {arch: wheel platform tags}
PLATFORMS = {
    "linux": {"x86_64": ["manylinux_x86_64", "musllinux_x86_64"],
              "aarch64": ["manylinux_aarch64", "musllinux_aarch64"],
              "i686": ["manylinux_i686", "musllinux_i686"]},
    "macos": {"x86_64": ["macosx_x86_64"], "arm64": ["macosx_arm64"]},
    "windows": {"AMD64": ["win_amd64"], "ARM64": ["win_arm64"],
                "x86": ["win32"]},
}
WANTED = {
    "linux": ["manylinux_x86_64", "manylinux_aarch64", "musllinux_x86_64",
              "musllinux_aarch64"],
    "macos": ["macosx_x86_64", "macosx_arm64"],
    "windows": ["win_amd64", "win_arm64"],
}
# Every CPython cibuildwheel could offer, wider than the window, so that a
# selector that lets in too much is caught.
CANDIDATE_PYTHONS = [f"cp3{minor}{t}" for minor in range(8, 17)
                     for t in ("", "t")]


def as_list(value):
    return value.split() if isinstance(value, str) else list(value)


def selected(platform):
    """The identifiers pyproject's configuration selects on `platform`."""
    build = as_list(WHEELS.get("build", "*"))
    skip = as_list(WHEELS.get("skip", ""))
    archs = WHEELS.get(platform, {}).get("archs", ["auto"])
    tags = [tag for arch in archs for tag in PLATFORMS[platform][arch]]
    found = set()
    for python in CANDIDATE_PYTHONS:
        for tag in tags:
            ident = f"{python}-{tag}"
            if (any(fnmatch.fnmatch(ident, p) for p in build)
                    and not any(fnmatch.fnmatch(ident, p) for p in skip)):
                found.add(ident)
    return found


def wanted(platform):
    return {f"{p}-{tag}" for p in PYTHONS for tag in WANTED[platform]}


@pytest.mark.parametrize("platform", sorted(PLATFORMS))
def test_wheel_selection_is_the_window(platform):
    assert selected(platform) == wanted(platform)


@pytest.mark.parametrize("platform", sorted(PLATFORMS))
def test_cibuildwheel_prints_the_same_identifiers(platform):
    pytest.importorskip("cibuildwheel",
                        reason="cibuildwheel is not installed")
    out = subprocess.run(
        [sys.executable, "-m", "cibuildwheel", "--print-build-identifiers",
         "--platform", platform],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert set(out.stdout.split()) == wanted(platform)


def test_requires_python_and_classifiers_name_the_window():
    project = CONFIG["project"]
    assert project["requires-python"] == ">=3.11"
    versions = sorted(
        c.rsplit(":: ", 1)[1] for c in project["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c))
    assert versions == ["3.11", "3.12", "3.13", "3.14", "3.15"]
    assert versions == [f"3.{p[3:]}" for p in PYTHONS if not p.endswith("t")]
    assert any(c.startswith("Programming Language :: Python :: "
                            "Free Threading :: ")
               for c in project["classifiers"])


def test_free_threaded_tests_run_without_the_gil():
    """The free-threaded wheels' tests run with PYTHON_GIL=0, and include
    the thread tests (whose import check fails if the GIL comes back)."""
    overrides = [o for o in WHEELS.get("overrides", [])
                 if o.get("test-environment", {}).get("PYTHON_GIL") == "0"]
    assert overrides
    free_threaded = {p for p in PYTHONS if p.endswith("t")}
    covered = {p for o in overrides for p in free_threaded
               if any(fnmatch.fnmatch(f"{p}-manylinux_x86_64", s)
                      for s in as_list(o["select"]))}
    assert covered == free_threaded
    assert any("tests/test_threads.py" in c
               for c in as_list(WHEELS["test-command"]))
