"""Every ChaCha backend's ChaCha8Rand kernel, bit for bit against the
portable one, through the generator's `backend` property: bulk and single
draws of every remainder of an iteration (124 values), byte reads, and
switching kernels mid-stream."""
import numpy as np
import pytest

import chacharand
from chacharand import ChaCha8Rand

SIMD = [b for b in chacharand.chacha_backends() if b != "portable"]
KEY = bytes(range(7, 39))
needs_simd = pytest.mark.skipif(not SIMD,
                                reason="no SIMD backend on this CPU or build")


def pair(backend):
    simd, portable = ChaCha8Rand(key=KEY), ChaCha8Rand(key=KEY)
    simd.backend = backend
    portable.backend = "portable"
    return simd, portable


@needs_simd
@pytest.mark.parametrize("backend", SIMD)
@pytest.mark.parametrize("start", [0, 1, 123, 124, 125, 124 * 1000 + 61])
def test_bulk_output_matches_portable(backend, start):
    simd, portable = pair(backend)
    simd.random_raw(start, output=False)
    portable.random_raw(start, output=False)
    for nbytes in list(range(0, 992 * 5 + 1, 331)) + [8 * 124 * 40 + 13]:
        assert simd.random_bytes(nbytes) == portable.random_bytes(nbytes)
    np.testing.assert_array_equal(simd.random_raw(4099),
                                  portable.random_raw(4099))
    assert simd.state == portable.state


@needs_simd
@pytest.mark.parametrize("backend", SIMD)
def test_every_iteration_remainder(backend):
    simd, portable = pair(backend)
    gen_simd, gen_portable = (np.random.Generator(b) for b in (simd, portable))
    for n in range(1, 260):
        np.testing.assert_array_equal(
            gen_simd.integers(0, 2**32, n, dtype=np.uint32),
            gen_portable.integers(0, 2**32, n, dtype=np.uint32))
        assert simd.random_raw() == portable.random_raw()
        np.testing.assert_array_equal(simd.random_raw(n),
                                      portable.random_raw(n))


@needs_simd
@pytest.mark.parametrize("backend", SIMD)
def test_switching_backend_keeps_the_stream(backend):
    a, b = pair(backend)
    out = []
    for i in range(10):
        a.backend = [backend, "portable"][i % 2]
        out.append(a.random_raw(100 + 37 * i))
    np.testing.assert_array_equal(
        np.concatenate(out), b.random_raw(sum(100 + 37 * i for i in range(10))))


def test_default_backend_is_the_chacha_default():
    assert ChaCha8Rand(0).backend == chacharand.default_chacha_backend()
