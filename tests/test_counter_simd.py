"""Every SIMD kernel set of the counter-based transforms that this build
has and this CPU runs (_counter.simd_kernels()) is bit for bit the
portable code: on random words and on the words at the edges of LN and
COS2PI (u = 1, the smallest u, every quadrant boundary) and of the
integers' multiply-high, for every parameter form (flag on and off,
scales, locs, tiny scales giving subnormals, spans 1, 1000, 2**32 - 1 and
2**32, every dtype), float64 and float32; and a whole draw through the
generator gives the same bits with each set as with the portable code.
A set the machine lacks is reported as skipped (AVX-512 and NEON are
also checked without such a CPU by tests/c/test_counter.c: over a model
of the AVX-512 intrinsics, and under qemu-aarch64).
"""
import numpy as np
import pytest

from chacharand import ChaCha8, CounterGenerator, _counter
from chacharand._counter_generator import METHODS

AVAILABLE = _counter.simd_kernels()
SIMD = ("sse2", "avx2", "avx512", "neon")


def kernel_param(name):
    return pytest.param(name, marks=pytest.mark.skipif(
        name not in AVAILABLE,
        reason=f"no {name} counter kernels on this CPU/build "
               f"(available: {', '.join(AVAILABLE)})"))


KERNELS = [kernel_param(name) for name in SIMD]


@pytest.fixture
def use_kernels():
    """Switches the kernels; leaves them as the process chose them."""
    yield _counter.simd
    _counter.simd(True)


def edge_words_64():
    """Words of (a, b) pairs: a gives k = (a >> 11) + 1 from 1 to 2**53
    (and the integers' x at 0, 2**64 - 1 and the carries of its halves),
    b gives t = b >> 11 at and beside the quadrant boundaries."""
    words = []
    for a in (0, 2**64 - 1, 2**11 - 1, 2**11, 2**63, 2**63 - 1,
              2**32 - 1, 2**32):
        for t in (0, 1, 2**50 - 1, 2**50, 2**51 - 1, 2**51, 2**52,
                  3 * 2**50, 3 * 2**51, 2**53 - 1):
            b = t << 11
            words += [a & 0xFFFFFFFF, a >> 32, b & 0xFFFFFFFF, b >> 32]
    return words


def edge_words_32():
    words = []
    for u in (0, 1, 255, 256, 2**31, 2**32 - 2, 2**32 - 1):
        for t in (0, 1, 2**29 - 1, 2**29, 2**30 - 1, 2**30, 2**31,
                  3 * 2**29, 3 * 2**30, 2**32 - 1):
            words += [u, t]
    return words


# (method, (a, b, low, rng, flag), dtype); a, b: loc, scale (normal),
# scale (exponential), low, span (uniform).
FLOAT_FORMS = [(1.0, 1.0, 0, 0, 0), (2.0, 0.5, 0, 0, 1),
               (0.0, 1e-310, 0, 0, 1), (-1.0, 1e-40, 0, 0, 1),
               (2.5, -3.0, 0, 0, 1), (1e-45, 1.0, 0, 0, 0),
               (1e-310, 2.0, 0, 0, 0)]
FLOAT_METHODS = [(f"{kind}_{bits}", dt)
                 for kind in ("normal", "exponential", "random", "uniform")
                 for bits, dt in (("f64", np.float64), ("f32", np.float32))]
NARROW = _counter.narrow_range_max()
INTEGER_FORMS = [(0, 0), (5, 999), (0, 2**31 - 1), (2**64 - 3, NARROW - 1),
                 (0, NARROW), (2**63, NARROW)]
INTEGER_METHODS = [(f"integers_narrow_{t}", dt)
                   for t, dt in (("u8", np.uint8), ("u16", np.uint16),
                                 ("u32", np.uint32), ("u64", np.uint64))]
CASES = ([(name, form, dt) for name, dt in FLOAT_METHODS
          for form in FLOAT_FORMS] +
         [(name, (0.0, 0.0, low, rng, 0), dt) for name, dt in INTEGER_METHODS
          for low, rng in INTEGER_FORMS])


def words_for(name, k):
    """Edge words, then random ones: 1003 elements beyond the edges, whole
    vectors of every width and a remainder."""
    edges = edge_words_64() if k in (2, 4) else edge_words_32()
    rng = np.random.default_rng(abs(hash(name)) % 2**32)
    return np.concatenate([np.array(edges, dtype=np.uint32),
                           rng.integers(0, 2**32, k * 1003,
                                        dtype=np.uint32)])


@pytest.mark.parametrize("kernels", KERNELS)
@pytest.mark.parametrize("name, params, dtype", CASES, ids=str)
def test_each_kernel_set_equals_the_portable_code(use_kernels, kernels, name,
                                                  params, dtype):
    method, k, _, _ = METHODS[name]
    words = words_for(name, k)
    n = len(words) // k
    assert use_kernels(False) == "portable"
    portable = _counter.apply(method, words, np.empty(n, dtype), *params)
    assert use_kernels(kernels) == kernels
    simd = _counter.apply(method, words, np.empty(n, dtype), *params)
    bits = {8: np.uint64, 4: np.uint32, 2: np.uint16, 1: np.uint8}[
        np.dtype(dtype).itemsize]
    np.testing.assert_array_equal(simd.view(bits), portable.view(bits),
                                  err_msg=f"{kernels} kernels")


DRAWS = {
    "normal": lambda g: g.standard_normal((3, 1001)),
    "normal-f32": lambda g: g.normal(1.0, 2.0, 999, np.float32),
    "exponential": lambda g: g.standard_exponential(1002),
    "exponential-f32": lambda g: g.exponential(3.0, 1001, np.float32),
    "random": lambda g: g.random(1003),
    "random-f32": lambda g: g.random(1005, np.float32),
    "uniform": lambda g: g.uniform(-2.0, 5.0, 1001),
    "uniform-f32": lambda g: g.uniform(0.5, 1e-39, 1007, np.float32),
    "integers": lambda g: g.integers(0, 1000, 1003),
    "integers-2**32": lambda g: g.integers(-2**31, 2**31, 1001),
    "integers-u32": lambda g: g.integers(7, 2**32, 1001, np.uint32),
    "part": lambda g: g.part[5:9].standard_normal(10**12),
    "streams": lambda g: g.streams([0, 7]).standard_exponential(
        33, np.float32),
    "streams-integers": lambda g: g.streams([1, 2, 3]).integers(0, 10, 37),
}


@pytest.mark.parametrize("kernels", KERNELS)
@pytest.mark.parametrize("draw", DRAWS.values(), ids=DRAWS.keys())
def test_draws_are_the_same_with_each_kernel_set(use_kernels, kernels, draw):
    use_kernels(False)
    portable = draw(CounterGenerator(ChaCha8(3, word_pos=5)))
    use_kernels(kernels)
    np.testing.assert_array_equal(
        draw(CounterGenerator(ChaCha8(3, word_pos=5))), portable)


def test_the_kernels_are_named_and_chosen_by_name(use_kernels):
    assert AVAILABLE[0] == "portable"
    assert set(AVAILABLE) <= {"portable", *SIMD}
    assert use_kernels(True) in AVAILABLE
    assert use_kernels(False) == "portable"
    for name in AVAILABLE:
        assert use_kernels(name) == name


def test_a_bad_choice_is_refused_by_name(use_kernels):
    before = use_kernels(True)
    with pytest.raises(ValueError, match="kernels 'mmx' are not available"):
        use_kernels("mmx")
    with pytest.raises(TypeError, match="kernels must be"):
        use_kernels(2)
    assert use_kernels(True) == before
