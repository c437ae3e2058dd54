"""The C core's own test programs (tests/c), run from the test suite.

They check the core without Python: known answers and backend parity,
natively with GCC and with Clang (warnings are errors in every build),
under AddressSanitizer and UndefinedBehaviorSanitizer, without SIMD, the
shared paths (the first CPU detection and kernel choices raced by 16
threads, generators running side by side) under ThreadSanitizer, and
on other platforms through Debian's cross compilers and emulators:
aarch64 under qemu-user (the NEON kernel), Windows x64 with mingw-w64
under wine (LLP64, the Windows calling convention for the SIMD kernels)
and big-endian s390x under qemu-user.  Every one checks the same known
answers.  Where a tool is missing the test is skipped and says which
Debian package brings it.
"""
import pathlib
import re
import shutil
import subprocess

import pytest

# No Python in them: the main run runs them once, the matrix's whole-suite
# entry does not run them again (and, as builds, the quick loop leaves them
# out: tests/conftest.py).
pytestmark = pytest.mark.c_core

C_TESTS = pathlib.Path(__file__).parent / "c"

if not (C_TESTS / "Makefile").exists():
    pytest.skip("the C tests are not in this tree", allow_module_level=True)
if not (shutil.which("make") and shutil.which("cc")):
    pytest.skip("no C toolchain (make, cc)", allow_module_level=True)


def run_make(target):
    out = subprocess.run(
        ["make", "-s", "-C", str(C_TESTS), target],
        capture_output=True, text=True, timeout=600)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text[-4000:]
    results = re.findall(r"^(\d+) passed, (\d+) failed", text, re.MULTILINE)
    assert results, f"no result line in:\n{text[-2000:]}"
    for passed, failed in results:
        assert int(failed) == 0 and int(passed) > 0, text[-4000:]
    return text


@pytest.mark.parametrize("target", ["test", "test-portable", "sanitize"])
def test_c_core(target):
    run_make(target)


def missing(*tools):
    """The tools of `tools` that are neither on the PATH nor a file."""
    return [t for t in tools
            if not (shutil.which(t) or pathlib.Path(t).is_file())]


def skip_without(tools, packages):
    absent = missing(*tools)
    return pytest.mark.skipif(
        bool(absent), reason=f"no {', '.join(absent)} (Debian: {packages})")


@skip_without(["clang"], "clang")
def test_c_core_with_clang():
    text = run_make("clang")
    assert "native-clang" in text


@skip_without(["clang"], "clang")
def test_c_core_shared_paths_under_thread_sanitizer():
    text = run_make("tsan")
    assert "threads_tsan (tsan" in text


@skip_without(["aarch64-linux-gnu-gcc", "qemu-aarch64"],
              "gcc-aarch64-linux-gnu, qemu-user")
def test_c_core_on_aarch64_with_neon():
    text = run_make("cross-aarch64")
    assert "neon" in text
    # Both NEON layouts ran: consecutive counters and the streams in lanes.
    assert re.search(r"^parity neon .*ok$", text, re.MULTILINE), text[-2000:]
    assert re.search(r"^streams neon .*ok$", text, re.MULTILINE), \
        text[-2000:]


# Debian puts the 64-bit wine loader outside the PATH.
WINE64 = next((w for w in ("/usr/lib/wine/wine64", "wine64")
               if shutil.which(w) or pathlib.Path(w).is_file()), "wine64")


@skip_without(["x86_64-w64-mingw32-gcc", WINE64],
              "gcc-mingw-w64-x86-64, wine64")
def test_c_core_on_windows_x64_under_wine():
    text = run_make("cross-windows")
    # The x86 kernels ran too, under the Windows calling convention.
    assert re.search(r"test_chacha\.exe \(windows: sse2", text), text[-2000:]


@skip_without(["s390x-linux-gnu-gcc", "qemu-s390x"],
              "gcc-s390x-linux-gnu, qemu-user")
def test_c_core_on_big_endian_s390x():
    text = run_make("cross-s390x")
    assert "test_chacha (s390x)" in text
