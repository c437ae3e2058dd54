"""The C core's own test programs (tests/c), run from the test suite.

They check the core without Python: known answers and backend parity,
natively, under AddressSanitizer and UndefinedBehaviorSanitizer, without
SIMD, and cross-compiled for aarch64 under qemu-user (the NEON kernel).
"""
import pathlib
import re
import shutil
import subprocess

import pytest

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


@pytest.mark.skipif(
    not (shutil.which("aarch64-linux-gnu-gcc") and shutil.which("qemu-aarch64")),
    reason="no aarch64 cross compiler or qemu-user (Debian: "
           "gcc-aarch64-linux-gnu, qemu-user)")
def test_c_core_on_aarch64_with_neon():
    text = run_make("cross-aarch64")
    assert "neon" in text
