"""Every ChaCha backend on this machine, bit for bit against the portable C.

Runs each available kernel in the same process, through the generator's
`backend` property, over every remainder of a refill and across the
counter carries: the 2**32-block carry into state word 13 and the 2**64
block wrap.
"""
import os
import platform
import subprocess
import sys
import tempfile

import numpy as np
import pytest

import chacharand
from chacharand import ChaCha20
from chacharand._registry import FAMILIES as REGISTRY

SIMD = [b for b in chacharand.chacha_backends() if b != "portable"]
CLASSES = [f.cls for f in REGISTRY if f.seekable]
KEY = bytes(range(7, 39))
WORD_POS_LIMIT = 2**68
# Word positions a few blocks before each carry, and ordinary ones.
STARTS = [0, 5, 16 * 2**32 - 16 * 3 - 1, 16 * 2**32 - 7,
          WORD_POS_LIMIT - 16 * 5 - 3, WORD_POS_LIMIT - 2, 16 * 12345 + 9]


def pair(cls, backend, **kwargs):
    simd = cls(key=KEY, **kwargs)
    simd.backend = backend
    portable = cls(key=KEY, **kwargs)
    portable.backend = "portable"
    return simd, portable


def test_portable_is_always_available():
    assert "portable" in chacharand.chacha_backends()
    assert chacharand.default_chacha_backend() in chacharand.chacha_backends()


@pytest.mark.skipif(not SIMD, reason="no SIMD backend on this CPU or build")
@pytest.mark.parametrize("backend", SIMD)
@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("start", STARTS)
def test_bulk_output_matches_portable(backend, cls, start):
    """Bulk requests of every length 0..40 blocks, back to back."""
    simd, portable = pair(cls, backend, stream=2**63 + 11, word_pos=start)
    for nbytes in list(range(0, 64 * 40 + 1, 60)) + [4 * 2**16 + 12]:
        assert simd.random_bytes(nbytes) == portable.random_bytes(nbytes)
    np.testing.assert_array_equal(simd.random_raw(4099),
                                  portable.random_raw(4099))
    assert simd.word_pos == portable.word_pos


@pytest.mark.skipif(not SIMD, reason="no SIMD backend on this CPU or build")
@pytest.mark.parametrize("backend", SIMD)
@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_every_refill_remainder(backend, cls):
    """Single draws, then bulk draws of each size 1..300 words."""
    simd, portable = pair(cls, backend, stream=3, word_pos=16 * 2**32 - 200)
    gen_simd, gen_portable = (np.random.Generator(b) for b in (simd, portable))
    for n in range(1, 300):
        np.testing.assert_array_equal(
            gen_simd.integers(0, 2**32, n, dtype=np.uint32),
            gen_portable.integers(0, 2**32, n, dtype=np.uint32))
        assert simd.random_raw() == portable.random_raw()


@pytest.mark.skipif(not SIMD, reason="no SIMD backend on this CPU or build")
@pytest.mark.parametrize("backend", SIMD)
def test_switching_backend_keeps_the_stream(backend):
    a, b = pair(ChaCha20, backend)
    out = []
    for i in range(10):
        a.backend = [backend, "portable"][i % 2]
        out.append(a.random_raw(1000 + i))
    np.testing.assert_array_equal(np.concatenate(out),
                                  b.random_raw(sum(1000 + i for i in range(10))))


def run_with_cap(cap):
    code = ("import chacharand, sys; "
            "print(chacharand.default_chacha_backend(), "
            "chacharand.ChaCha8(1).backend)")
    env = dict(os.environ, CHACHARAND_SIMD=cap)
    # From outside the source tree, so the installed package runs.
    return subprocess.run([sys.executable, "-W", "always", "-c", code],
                          env=env, cwd=tempfile.gettempdir(),
                          capture_output=True, text=True, check=True)


@pytest.mark.parametrize("cap", chacharand.chacha_backends())
def test_environment_variable_caps_the_choice(cap):
    out = run_with_cap(cap)
    assert out.stdout.split() == [cap, cap]
    assert "RuntimeWarning" not in out.stderr


def test_unknown_environment_value_warns_and_falls_back():
    out = run_with_cap("sse9")
    assert "CHACHARAND_SIMD='sse9' is not a ChaCha backend" in out.stderr
    assert out.stdout.split()[0] in chacharand.chacha_backends()


def test_unavailable_environment_value_warns_and_uses_a_narrower_one():
    missing = [b for b in ("avx512", "neon", "avx2", "sse2")
               if b not in chacharand.chacha_backends()]
    if not missing:
        pytest.skip("every backend is available here")
    out = run_with_cap(missing[0])
    assert "is not available" in out.stderr
    assert out.stdout.split()[0] in chacharand.chacha_backends()


@pytest.mark.parametrize("name", ["mmx", "", "AVX2 "])
def test_unknown_backend_name(name):
    with pytest.raises(ValueError, match="backend"):
        ChaCha20(1).backend = name


def test_unavailable_backend_name():
    missing = [b for b in ("sse2", "avx2", "avx512", "neon")
               if b not in chacharand.chacha_backends()]
    if not missing:
        pytest.skip("every backend is available here")
    bitgen = ChaCha20(1)
    with pytest.raises(ValueError, match="not available"):
        bitgen.backend = missing[0]
    assert bitgen.backend == chacharand.default_chacha_backend()


@pytest.mark.parametrize("cap", ["", "portable", " AVX2 ", "avx512", "sse9"])
def test_one_reading_of_the_variable_caps_kernels_and_conversions(cap):
    # CHACHARAND_SIMD is read in one place (the C core), for the ChaCha
    # kernel and for chacharand.Generator's double conversions alike: any
    # case, spaces around; an unknown value caps neither.
    code = ("import chacharand; from chacharand._generator import "
            "conversion_backend; print(chacharand.default_chacha_backend(), "
            "conversion_backend())")
    env = dict(os.environ, CHACHARAND_SIMD=cap)
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", code],
                         env=env, cwd=tempfile.gettempdir(),
                         capture_output=True, text=True, check=True)
    kernel, conversion = out.stdout.split()
    name = cap.strip().lower()
    widest = chacharand.chacha_backends()[-1]
    if name in ("", "sse9"):
        assert kernel == widest
    elif name in chacharand.chacha_backends():
        assert kernel == name
    admits_avx512 = name in ("", "sse9", "avx512")
    with_avx512 = "avx512" in chacharand.chacha_backends()
    # The conversions use AVX-512 where the build has them (x86-64 with
    # GCC or Clang): never beyond the cap.
    if not admits_avx512 or not with_avx512:
        assert conversion == "portable"
    else:
        assert conversion in ("avx512", "portable")
        if sys.platform == "linux" and platform.machine() == "x86_64":
            assert conversion == "avx512"
