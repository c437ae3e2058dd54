"""The SIMD kernels of the counter-based transforms are bit for bit the
portable code: on random words and on the words at the edges of LN and
COS2PI (u = 1, the smallest u, every quadrant boundary), for every
parameter form, float64 and float32 (subnormal results included); and a
draw through the generator gives the same bits with the kernels on and
off.  Where the machine has no SIMD kernel of the transforms, both sides
are the portable code and the test still checks the plumbing.
"""
import numpy as np
import pytest

from chacharand import ChaCha8, CounterGenerator, _counter
from chacharand._counter_generator import METHODS


@pytest.fixture
def portable_then_simd():
    """Switches the kernels; leaves them as the process chose them."""
    yield lambda allow: _counter.simd(allow)
    _counter.simd(True)


def edge_words_64():
    """Words of (a, b) pairs: a gives k = (a >> 11) + 1 from 1 to 2**53,
    b gives t = b >> 11 at and beside the quadrant boundaries."""
    words = []
    for a in (0, 2**64 - 1, 2**11 - 1, 2**11, 2**63, 2**63 - 1):
        for t in (0, 1, 2**50 - 1, 2**50, 2**51 - 1, 2**51, 2**52,
                  3 * 2**50, 3 * 2**51, 2**53 - 1):
            b = t << 11
            words += [a & 0xFFFFFFFF, a >> 32, b & 0xFFFFFFFF, b >> 32]
    return words


def edge_words_32():
    words = []
    for u in (0, 1, 2**31, 2**32 - 2, 2**32 - 1):
        for t in (0, 1, 2**29 - 1, 2**29, 2**30 - 1, 2**30, 2**31,
                  3 * 2**29, 3 * 2**30, 2**32 - 1):
            words += [u, t]
    return words


CASES = [
    ("normal_f64", (0.0, 1.0, 0, 0, 0), np.float64),
    ("normal_f64", (2.0, 0.5, 0, 0, 1), np.float64),
    ("normal_f64", (0.0, 1e-310, 0, 0, 1), np.float64),
    ("exponential_f64", (1.0, 0.0, 0, 0, 0), np.float64),
    ("exponential_f64", (2.5, 0.0, 0, 0, 0), np.float64),
    ("normal_f32", (0.0, 1.0, 0, 0, 0), np.float32),
    ("normal_f32", (-1.0, 1e-40, 0, 0, 1), np.float32),
    ("exponential_f32", (1.0, 0.0, 0, 0, 0), np.float32),
    ("exponential_f32", (1e-45, 0.0, 0, 0, 0), np.float32),
]


@pytest.mark.parametrize("name, params, dtype", CASES,
                         ids=lambda c: str(c))
def test_simd_kernels_equal_the_portable_code(portable_then_simd, name,
                                              params, dtype):
    method, k, _, _ = METHODS[name]
    edges = edge_words_64() if k in (2, 4) and dtype == np.float64 \
        else edge_words_32()
    rng = np.random.default_rng(abs(hash(name)) % 2**32)
    # 1003 random elements: whole vectors and a remainder.
    words = np.concatenate([np.array(edges, dtype=np.uint32),
                            rng.integers(0, 2**32, 4 * 1003,
                                         dtype=np.uint32)])
    n = len(words) // k
    portable_then_simd(False)
    portable = _counter.apply(method, words, np.empty(n, dtype), *params)
    chosen = portable_then_simd(True)
    simd = _counter.apply(method, words, np.empty(n, dtype), *params)
    bits = np.uint64 if dtype == np.float64 else np.uint32
    np.testing.assert_array_equal(simd.view(bits), portable.view(bits),
                                  err_msg=f"{chosen} kernel")


@pytest.mark.parametrize("draw", [
    lambda g: g.standard_normal((3, 1001)),
    lambda g: g.normal(1.0, 2.0, 999, np.float32),
    lambda g: g.standard_exponential(1002),
    lambda g: g.exponential(3.0, 1001, np.float32),
    lambda g: g.part[5:9].standard_normal(10**12),
    lambda g: g.streams([0, 7]).standard_exponential(33, np.float32),
], ids=["normal", "normal-f32", "exponential", "exponential-f32", "part",
        "streams"])
def test_draws_are_the_same_with_and_without_the_kernels(portable_then_simd,
                                                         draw):
    portable_then_simd(False)
    portable = draw(CounterGenerator(ChaCha8(3, word_pos=5)))
    portable_then_simd(True)
    np.testing.assert_array_equal(
        draw(CounterGenerator(ChaCha8(3, word_pos=5))), portable)


def test_the_choice_is_named():
    assert _counter.simd(True) in ("portable", "avx2")
    try:
        assert _counter.simd(False) == "portable"
    finally:
        _counter.simd(True)
