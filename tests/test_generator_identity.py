"""chacharand.Generator returns exactly NumPy's numbers: explicit cases.

For every family of the registry, every fast method, every dtype, sizes
around the generators' buffer lengths (ChaCha 256 words, ISAAC 256, HC-128
16) and starting positions at even and odd 32-bit words, the values and
the bit generator's position afterwards equal those of
``numpy.random.Generator`` over an identical copy (generator_twins).
"""
import re

import numpy as np
import pytest

from chacharand import ChaCha8, Generator
from chacharand._generator import (CONTINUOUS_METHODS, FAST_METHODS,
                                   deferred_methods, fast_path_calls)

from _support.generator_twins import (FAMILY_CLASSES, check_twins,
                                     expected_deferrals, positioned)

# Run on every NumPy version of the test matrix: the identity is with the
# installed NumPy.
pytestmark = pytest.mark.numpy_protocol

SIZES = [None, 0, 1, 2, 3, 127, 128, 129, 255, 256, 257, 513, 4097, (3, 5)]
POSITIONS = [0, 1, 7, 255]

INT_DTYPES = [np.int8, np.int16, np.int32, np.int64,
              np.uint8, np.uint16, np.uint32, np.uint64]


def int_bounds(dtype):
    info = np.iinfo(dtype)
    lo, hi = int(info.min), int(info.max)
    bits = info.bits
    half = 1 << (bits - 1)
    cases = [
        (0, 10, False),              # small range
        (lo, hi, True),              # full range, closed
        (lo, hi, False),             # full range less one
        (5, 6, False),               # one value: no draw
        (3, 3, True),
        (lo, lo + half + 1, False),  # about half the draws rejected
        (lo + 1, hi - 1, True),
    ]
    if bits == 64:
        cases += [(0, 2**32, False),      # 32-bit words, full range
                  (0, 2**32 + 1, False),  # just beyond: 64-bit Lemire
                  (7, 2**32 - 1, False),  # 32-bit Lemire
                  (-(2**40) if lo < 0 else 0, 2**62 + 3, False)]
    return cases


@pytest.fixture(params=FAMILY_CLASSES, ids=lambda c: c.__name__)
def family(request):
    return request.param


def test_no_method_defers_on_this_numpy():
    Generator(ChaCha8(0))
    # Every NumPy this is tested with draws these methods as we do but for
    # the known changes of older NumPys; a difference would send the
    # method to NumPy's path, and show here.
    certain, possible = expected_deferrals()
    assert certain <= deferred_methods() <= certain | possible


@pytest.mark.parametrize("position", POSITIONS)
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_floats(family, position, size):
    for method, kwargs in [
        ("random", {}),
        ("random", {"dtype": np.float32}),
        ("random", {"dtype": "f4"}),
        ("standard_normal", {}),
        ("standard_normal", {"dtype": np.float32}),
        ("standard_exponential", {}),
        ("standard_exponential", {"dtype": np.float32}),
        ("standard_exponential", {"method": "inv"}),
        ("standard_exponential", {"method": "inv", "dtype": np.float32}),
    ]:
        check_twins(positioned(family, 3, position), method, size=size,
                    fast=True, **kwargs)


@pytest.mark.parametrize("position", POSITIONS)
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_uniform_and_normal(family, position, size):
    for method, args in [
        ("uniform", ()),
        ("uniform", (-3.0, 5.5)),
        ("uniform", (2, 3)),                 # ints
        ("uniform", (1.0, 1.0)),             # empty range: low
        ("uniform", (np.float64(-1e300), np.float64(1e300))),
        ("normal", ()),
        ("normal", (10.0, 0.5)),
        ("normal", (-2, 3)),
        ("normal", (1.0, 0.0)),
        ("normal", (1.0, float("nan"))),
        ("normal", (float("inf"), 1.0)),
    ]:
        check_twins(positioned(family, 4, position), method, *args,
                    size=size, fast=True)


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("position", [0, 1, 3])
def test_integers_every_dtype(family, dtype, position):
    for low, high, endpoint in int_bounds(dtype):
        for size in (None, 0, 1, 3, 257, 1000):
            check_twins(positioned(family, 5, position), "integers", low,
                        high, size=size, dtype=dtype, endpoint=endpoint,
                        fast=True)


@pytest.mark.parametrize("position", [0, 1, 3])
def test_integers_bool_and_dtype_spellings(family, position):
    for size in (None, 0, 1, 31, 32, 33, 100):
        for args, kwargs in [
            ((0, 2), {"dtype": np.bool_}),
            ((0, 1), {"dtype": bool, "endpoint": True}),
            ((1, 2), {"dtype": bool}),                  # only True
            ((0, 1), {"dtype": bool}),                  # only False
            ((10,), {}),                                # high=None form
            ((-5, 5), {"dtype": int}),                  # Python ints out
            ((0, 100), {"dtype": "i4"}),
            ((0, 100), {"dtype": np.dtype("uint16")}),
            ((np.int8(-3), np.uint64(9)), {"dtype": np.int16}),
            ((0, 1000), {"dtype": np.intp}),
            ((0, 1000), {"dtype": np.longlong}),
        ]:
            check_twins(positioned(family, 6, position), "integers",
                        *args, size=size, fast=True, **kwargs)


def array_bounds(dtype, endpoint, seed):
    """Random int64 bound arrays for `dtype`: spans from 0 (no draw) to the
    dtype's whole range, the 32-bit cut and full words among them."""
    rng = np.random.Generator(np.random.PCG64(seed))
    info = np.iinfo(np.int64 if dtype in (int,) else
                    np.uint8 if dtype is bool else dtype)
    lb, ub = (0, 1) if dtype is bool else (int(info.min), int(info.max))
    spans = [0, 1, 2, 3, 100, 255, 256, 2**16 - 1, 2**16, 2**32 - 2,
             2**32 - 1, 2**32, 2**40, 2**63 - 1, 2**64 - 1]
    lows, highs = [], []
    for span in rng.choice(np.array(spans, dtype=object), 40):
        low = int(rng.integers(max(lb, -2**40), min(ub, 2**40) + 1))
        top = min(low + int(span), ub, 2**63 - 1 - (not endpoint))
        low = max(lb, min(low, top))
        lows.append(low)
        highs.append(top + (not endpoint))
    return np.array(lows, np.int64), np.array(highs, np.int64)


@pytest.mark.parametrize("dtype", INT_DTYPES + [bool, int],
                         ids=lambda d: d.__name__)
@pytest.mark.parametrize("endpoint", [False, True])
def test_integers_array_bounds(family, dtype, endpoint):
    # int64 bounds draw in C, value by value as NumPy's broadcast loop
    # does (the 8- and 16-bit pieces and bool's bits from a word kept
    # from value to value): arrays against arrays, scalars and
    # broadcasting shapes, with a size, and bounds NumPy reads as scalars.
    low, high = array_bounds(dtype, endpoint, 40)
    # a low below every high: the smallest top (high, less 1 if open)
    least = min(low.min(), (high - (not endpoint)).min())
    column = np.minimum(low[:5], least)[:, None]
    for args, size in [((low, high), None),
                       ((np.array([least]), high), None),
                       ((int(least), high[3:]), None),
                       ((column, high[None, :7]), None),
                       ((low[:8], high[:8]), (3, 8)),
                       ((low[:1], high[:1]), 5),         # scalars to NumPy
                       ((np.array(low[0]), np.array(high[0])), None)]:
        check_twins(positioned(family, 7, 1), "integers", *args, size=size,
                    dtype=dtype, endpoint=endpoint, fast=True)


def test_integers_array_bounds_across_chunks():
    # the bounds' arrays are read on from chunk to chunk of the fill loop
    high = np.arange(1, 2**20 + 4, dtype=np.int64)
    for dtype, top in [(np.int64, 2**40), (np.uint16, 2**16), (bool, 2)]:
        check_twins(positioned(ChaCha8, 7, 1), "integers", 0,
                    np.minimum(high, top), dtype=dtype, fast=True)


def test_integers_array_bounds_numpy_judges(family):
    # Bounds out of range, low above high, bounds of other dtypes (NumPy
    # takes high - 1 in high's own dtype, which can wrap) and sizes the
    # bounds do not broadcast to: NumPy's path, NumPy's values or error.
    for args, kwargs in [
        ((np.array([5, 1]), np.array([3, 10])), {}),
        ((np.array([0, 1]), np.array([2**62, 10])), {"dtype": np.int32}),
        ((np.array([-1, 1]), np.array([3, 10])), {"dtype": np.uint8}),
        ((np.array([0, 1]), np.array([0, 10])), {}),
        ((np.arange(3), np.arange(1, 4)), {"size": (2, 2)}),
        ((np.array([0, 1], np.int32), np.array([3, 10], np.int32)), {}),
        ((np.array([-200]), np.array([-128], np.int8)), {}),
        ((np.array([0.5, 1.5]), np.array([3, 10])), {}),
        ((0, np.array([2**63, 2**64 - 1], np.uint64)),
         {"dtype": np.uint64}),
    ]:
        check_twins(positioned(family, 7, 1), "integers", *args,
                    fast=False, **kwargs)


@pytest.mark.parametrize("length", [0, 1, 2, 3, 4, 5, 7, 8, 1001, 4096])
@pytest.mark.parametrize("position", [0, 1])
def test_bytes(family, length, position):
    check_twins(positioned(family, 8, position), "bytes", length, fast=True)


@pytest.mark.parametrize("position", [0, 1])
def test_out_arrays(family, position):
    for method, dtype, kwargs in [
        ("random", np.float64, {}),
        ("random", np.float32, {"dtype": np.float32}),
        ("standard_normal", np.float64, {}),
        ("standard_normal", np.float32, {"dtype": np.float32}),
        ("standard_exponential", np.float64, {}),
        ("standard_exponential", np.float32, {"dtype": np.float32}),
    ]:
        for make in (lambda: np.empty((4, 7), dtype),
                     lambda: np.empty((4, 7), dtype, order="F"),
                     lambda: np.empty(0, dtype)):
            a, b = make(), make()
            bitgen = positioned(family, 9, position)
            twin = positioned(family, 9, position)
            ours = Generator(bitgen)
            got = getattr(ours, method)(out=a, **kwargs)
            assert fast_path_calls(ours) == 1
            want = getattr(np.random.Generator(twin), method)(out=b,
                                                              **kwargs)
            assert got is a and want is b
            assert a.tobytes() == b.tobytes()
            assert bitgen.random_raw() == twin.random_raw()


@pytest.mark.parametrize("size, shape, fast", [
    ((4, 7), (4, 7), True), (7, 7, True), ((7,), 7, True),
    ((0,), 0, True), (np.int64(7), 7, False),
    ((7, 4), (4, 7), False), (28, (4, 7), False), ((4, 7, 1), (4, 7), False),
])
@pytest.mark.parametrize("method", ["random", "standard_normal",
                                    "standard_exponential"])
def test_out_beside_size(family, method, size, shape, fast):
    """`size` and `out` together: where `size` is `out`'s shape the C path
    fills `out`; every other form is NumPy's to judge, and a size that
    disagrees raises NumPy's ValueError, leaving both generators alike."""
    a, b = np.empty(shape), np.empty(shape)
    bitgen, twin = positioned(family, 12, 1), positioned(family, 12, 1)
    ours = Generator(bitgen)
    try:
        want = getattr(np.random.Generator(twin), method)(size, out=b)
    except ValueError as exc:
        with pytest.raises(ValueError, match=re.escape(str(exc))):
            getattr(ours, method)(size, out=a)
        assert fast_path_calls(ours) == 0
    else:
        got = getattr(ours, method)(size, out=a)
        assert got is a and want is b
        assert a.tobytes() == b.tobytes()
        assert fast_path_calls(ours) == (1 if fast else 0)
    assert bitgen.random_raw() == twin.random_raw()


def test_choice_shuffle_permutation(family):
    # Inherited; choice with replacement draws through our integers.
    for args, kwargs in [((1000, 50), {}), ((5,), {}),
                         ((np.arange(20), (2, 3)), {}),
                         ((100, 10), {"replace": False}),
                         ((20000, 1000), {"replace": False}),
                         ((4, 6), {"p": [0.1, 0.2, 0.3, 0.4]})]:
        check_twins(positioned(family, 10, 1), "choice", *args, **kwargs)
    check_twins(positioned(family, 10, 1), "permutation", 300)
    check_twins(positioned(family, 10, 1), "permuted", np.arange(40))
    a, b = np.arange(500), np.arange(500)
    bitgen, twin = positioned(family, 11, 1), positioned(family, 11, 1)
    Generator(bitgen).shuffle(a)
    np.random.Generator(twin).shuffle(b)
    assert np.array_equal(a, b)
    assert bitgen.random_raw() == twin.random_raw()


def test_long_fill_spanning_chunks():
    # More than one chunk (2**20 values): the chunks join seamlessly, also
    # for the 8-bit draws whose buffered word carries over.
    n = (1 << 20) + 4099
    for method, args, kwargs in [("random", (n,), {}),
                                 ("integers", (0, 100, n),
                                  {"dtype": np.uint8}),
                                 ("integers", (0, 2, n), {"dtype": bool}),
                                 ("standard_normal", (n,),
                                  {"dtype": np.float32})]:
        check_twins(positioned(ChaCha8, 12, 1), method, *args, fast=True,
                    **kwargs)


@pytest.mark.parametrize("position", [0, 1])
@pytest.mark.parametrize("method, args", [
    ("standard_normal", ()), ("normal", (1.5, 0.25)),
    ("standard_exponential", ()), ("exponential", (3.0,)),
    ("lognormal", (0.5, 1.5)), ("rayleigh", (2.0,)),
    ("standard_gamma", (2.5,)), ("gamma", (7.0, 0.5)), ("chisquare", (3.0,)),
    ("standard_t", (5.0,)), ("f", (3.0, 7.0)), ("beta", (2.0, 3.0)),
    ("geometric", (0.5,)), ("weibull", (1.5,)), ("pareto", (3.0,)),
    ("power", (0.25,)), ("laplace", (1.0, 2.0)), ("logistic", (0.0, 0.5)),
    ("gumbel", (-1.0, 3.0)), ("poisson", (30.0,)),
    ("negative_binomial", (5, 0.3)), ("negative_binomial", (3.5, 1.0)),
])
def test_ziggurat_batches_end_where_numpy_does(family, method, args,
                                                position):
    """The ziggurat fills (and the fills over Marsaglia and Tsang's gamma,
    geometric's search, the inversions of a uniform, PTRS Poisson draws and
    negative_binomial over those gammas) take their words in batches of at most as many words as
    values are left: over calls long enough that draws needing
    more than one word (about 1 in 100) fall at batch ends, at the last
    value of a call and across the fill loop's chunks, every value and
    the position afterwards are NumPy's, for every family (ISAAC-64's
    half words included, at an odd start).  On a NumPy whose algorithm
    differs (beta before 2.1, f's draw order before 2.4) the method takes
    NumPy's path, and the values must still agree."""
    fast = method not in deferred_methods()
    for n in (1, 2, 3, 511, 512, 513, 3 * 512 + 7, (1 << 20) + 1031):
        check_twins(positioned(family, 13, position), method, *args, n,
                    fast=fast)


def test_fast_methods_are_all_covered():
    # The tests above name every method that has a C path but the
    # discrete distributions, the permutations and the continuous
    # distributions, which have files of their own.
    assert set(FAST_METHODS) - set(CONTINUOUS_METHODS) == {
                                 "random", "standard_normal",
                                 "standard_exponential", "uniform",
                                 "normal", "integers", "bytes",
                                 "poisson", "geometric", "binomial",
                                 "negative_binomial", "shuffle", "permuted",
                                 "choice", "logseries", "zipf",
                                 "hypergeometric", "multinomial",
                                 "multivariate_hypergeometric"}


PORTABLE_CHECK = """
import copy, numpy as np, chacharand
from chacharand._generator import conversion_backend
assert conversion_backend() == "portable", conversion_backend()
for cls in (chacharand.ChaCha8, chacharand.ISAAC64):
    for size in (1, 7, 513, 5000):
        a = cls(1); b = copy.deepcopy(a)
        x = chacharand.Generator(a).random(size)
        y = np.random.Generator(b).random(size)
        assert x.tobytes() == y.tobytes()
        x = chacharand.Generator(a).uniform(-3.5, 2.0, size)
        y = np.random.Generator(b).uniform(-3.5, 2.0, size)
        assert x.tobytes() == y.tobytes()
        assert a.random_raw() == b.random_raw()
from chacharand._generator import pow_backend
assert pow_backend() == "libm", pow_backend()
for size in (1, 7, 513, 5000):
    a = chacharand.ChaCha8(size); b = copy.deepcopy(a)
    x = chacharand.Generator(a).weibull(1.5, size)
    y = np.random.Generator(b).weibull(1.5, size)
    assert x.tobytes() == y.tobytes()
    for method, args in (("gumbel", (0.5, 2.0)), ("logistic", (0.5, 2.0)),
                         ("laplace", (0.5, 2.0)), ("rayleigh", (2.0,))):
        a = chacharand.ChaCha8(size); b = copy.deepcopy(a)
        x = getattr(chacharand.Generator(a), method)(*args, size)
        y = getattr(np.random.Generator(b), method)(*args, size)
        assert x.tobytes() == y.tobytes()
        assert a.random_raw() == b.random_raw()
    shapes = np.linspace(0.05, 1.0, size)
    for args in ((shapes, 0.5), (0.7, shapes)):
        a = chacharand.ChaCha8(size); b = copy.deepcopy(a)
        x = chacharand.Generator(a).beta(*args)
        y = np.random.Generator(b).beta(*args)
        assert x.tobytes() == y.tobytes()
        assert a.random_raw() == b.random_raw()
from chacharand._generator import piece_constants_backend
assert piece_constants_backend() == "scalar", piece_constants_backend()
p = np.linspace(0.01, 0.99, 517)
for n in (1000, 10**12):
    a = chacharand.ChaCha8(n); b = copy.deepcopy(a)
    x = chacharand.Generator(a).binomial(n, p)
    y = np.random.Generator(b).binomial(n, p)
    assert (x == y).all() and a.random_raw() == b.random_raw()
a = chacharand.ChaCha8(3); b = copy.deepcopy(a)
lam = np.linspace(1.0, 60.0, 517)
x = chacharand.Generator(a).poisson(lam)
y = np.random.Generator(b).poisson(lam)
assert (x == y).all() and a.random_raw() == b.random_raw()
print("ok")
"""


def test_portable_conversions_equal_numpys(tmp_path):
    # The machine may run the AVX-512 loops (and the AVX2 pow, log,
    # logistic's and laplace's passes, rayleigh's roots, BTPE and PTRS
    # setups, and the logs of Johnk's tests);
    # CHACHARAND_SIMD=portable keeps the portable ones (libm's pow and
    # log, the scalar setups), which must give the same bits.
    import os
    import subprocess
    import sys

    from chacharand import chacha_backends
    from chacharand._generator import conversion_backend

    if "avx512" in chacha_backends() and not os.environ.get("CHACHARAND_SIMD"):
        assert conversion_backend() == "avx512"
    env = dict(os.environ, CHACHARAND_SIMD="portable")
    out = subprocess.run([sys.executable, "-c", PORTABLE_CHECK], env=env,
                         cwd=tmp_path, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0 and out.stdout.strip() == "ok", \
        out.stdout + out.stderr
