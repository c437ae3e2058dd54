"""chacharand.Generator's discrete distributions return NumPy's numbers.

poisson, geometric, binomial, negative_binomial, logseries, zipf and
hypergeometric are drawn in C; each
case is compared with ``numpy.random.Generator`` over an identical copy of
the bit generator (generator_twins.check_twins): values, types, dtypes,
shapes, errors and the bit generators' positions afterwards, for every
family, scalar and broadcast parameters, the edges of each algorithm and
arguments that NumPy refuses (which take NumPy's path, so NumPy raises).
"""
import math
import os
import platform

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chacharand import ChaCha8, Generator
from chacharand._agreement import disagreeing_methods
from chacharand._generator import (_binomial_variant, _exp_bounds,
                                   _ptrs_verdicts, deferred_methods)

from _support.generator_twins import FAMILY_CLASSES, check_twins, positioned

pytestmark = pytest.mark.numpy_protocol

SIZES = [None, 0, 1, 3, 257, (3, 5)]
# numpy/random/_common.pyx's POISSON_LAM_MAX, computed as NumPy does.
LAM_MAX = float(np.iinfo("int64").max) - np.sqrt(np.iinfo("int64").max) * 10

# (method, parameters): each branch of each algorithm.
SCALAR_CASES = [
    ("poisson", (0.0,)),            # no draw
    ("poisson", (1e-300,)),
    ("poisson", (3.5,)),            # products of uniforms
    ("poisson", (9.999999,)),
    ("poisson", (10.0,)),           # PTRS from here
    ("poisson", (37,)),
    ("poisson", (1e6,)),
    ("poisson", (1e15,)),
    ("poisson", (LAM_MAX,)),
    ("geometric", (1.0,)),          # search
    ("geometric", (0.5,)),
    ("geometric", (1 / 3,)),
    ("geometric", (0.333,)),        # inversion
    ("geometric", (0.01,)),
    ("geometric", (1e-300,)),       # clipped at INT64_MAX
    ("binomial", (0, 0.3)),         # no draw
    ("binomial", (10, 0.0)),
    ("binomial", (10, 1.0)),
    ("binomial", (20, 0.3)),        # inversion
    ("binomial", (100, 0.3)),       # n p = 30: still inversion
    ("binomial", (101, 0.3)),       # BTPE
    ("binomial", (20, 0.9)),        # n - inversion(q)
    ("binomial", (5000, 0.5)),
    ("binomial", (5000, 0.7)),      # n - BTPE(q)
    ("binomial", (10**6, 0.4)),     # BTPE's Stirling test
    ("binomial", (10**9, 1e-9)),    # tiny p: log1p in NumPy 2.4
    ("binomial", (2**53, 1e-15)),
    ("negative_binomial", (1.0, 0.5)),     # gamma of shape 1
    ("negative_binomial", (0.3, 0.2)),     # shape < 1
    ("negative_binomial", (1e-5, 0.5)),
    ("negative_binomial", (7.5, 0.05)),    # shape > 1, PTRS means
    ("negative_binomial", (3.0, 1.0)),     # mean 0
    ("logseries", (0.0,)),
    ("logseries", (0.3,)),
    ("logseries", (0.99,)),
    ("logseries", (1 - 1e-12,)),
    ("zipf", (1.5,)),
    ("zipf", (4.0,)),
    ("zipf", (1000.0,)),
    ("hypergeometric", (10, 20, 0)),
    ("hypergeometric", (10, 20, 5)),       # item by item
    ("hypergeometric", (10, 20, 25)),      # the complement
    ("hypergeometric", (10, 0, 10)),
    ("hypergeometric", (0, 10, 10)),
    ("hypergeometric", (30, 30, 10)),      # HRUA from sample 10
    ("hypergeometric", (30, 30, 50)),
    ("hypergeometric", (5000, 40, 4000)),
    ("hypergeometric", (10**9 - 1, 10**9 - 1, 10**9)),
]


# Before NumPy 2.1, zipf near 1 takes very long and from 1025 on loops
# forever (NumPy's own; chacharand's draws are the same).
ZIPF_FIXED = np.lib.NumpyVersion(np.__version__) >= "2.1.0"
if ZIPF_FIXED:
    SCALAR_CASES += [("zipf", (1.0001,)), ("zipf", (1024.9,)),
                     ("zipf", (1025.0,))]      # 1 at once from 2.1


@pytest.fixture(params=FAMILY_CLASSES, ids=lambda c: c.__name__)
def family(request):
    return request.param


def test_no_discrete_method_defers():
    Generator(ChaCha8(0))
    assert not deferred_methods() & {"poisson", "geometric", "binomial",
                                     "negative_binomial", "logseries",
                                     "zipf", "hypergeometric"}


@pytest.mark.parametrize("method,params", SCALAR_CASES,
                         ids=lambda v: str(v))
def test_scalar_parameters(family, method, params):
    for position, size in [(0, None), (1, 257), (0, (3, 5)), (1, 0),
                           (0, 1)]:
        check_twins(positioned(family, 2, position), method, *params,
                    size=size, fast=True)


@pytest.mark.parametrize("lam", [0.3, 3.5, 9.999999])
def test_long_poisson_products(family, lam):
    # The products of uniforms for one lam take their words in batches
    # (as many as values are left): long calls, whose batches shrink to a
    # single word at the end and cross the fill loop's chunks, stop at
    # NumPy's position.
    for position, size in [(1, 100003), (0, 513), (1, 2)]:
        check_twins(positioned(family, 7, position), "poisson", lam,
                    size=size, fast=True)


@pytest.mark.parametrize("n, p", [(101, 0.3), (1000, 0.4), (5000, 0.5),
                                  (5000, 0.7), (40, 0.9)])
def test_long_btpe_draws(family, n, p):
    # Long enough for every branch of BTPE's step 5 to come up: the
    # recursion from both sides of the mode with its factors from the
    # table (|y - m| <= 20), the recursion beyond the table (|y - m| > 20
    # where n p q is small) and the squeeze.
    check_twins(positioned(family, 3, 1), "binomial", n, p, size=30011,
                fast=True)


@pytest.mark.parametrize("a", [1.3, 2.0, 6.0])
@pytest.mark.parametrize("size", [1, 2, 3, 7, 255, 256, 257, 600])
def test_zipf_draws_trials_in_rounds(a, size):
    # One a draws zipf's trials (two uniforms each) in rounds of as many
    # trials as values are left, their pow calls in passes, and keeps the
    # accepted ones: NumPy's values and position about the rounds' ends.
    for position in range(3):
        check_twins(positioned(ChaCha8, 23, position), "zipf", a,
                    size=size, fast=True)


@pytest.mark.parametrize("size", [1, 31, 32, 33, 100])
def test_broadcast_zipf_prepares_a_piece_ahead(size):
    # A broadcast a's constants are made 32 values ahead of their draws.
    a = np.random.Generator(np.random.PCG64(size)).uniform(1.05, 6.0, size)
    check_twins(positioned(ChaCha8, 23, 1), "zipf", a, fast=True)


@pytest.mark.parametrize("size", [1, 63, 64, 65, 200])
def test_broadcast_poisson(size):
    # A lam per value: PTRS, the products of uniforms and zeros (which
    # draw nothing) side by side, a zero last; without zeros every value
    # takes a word at least, and the words come in batches.
    rng = np.random.Generator(np.random.PCG64(size))
    lam = rng.choice([0.0, 0.3, 4.0, 9.999, 10.0, 30.0, 1e5], size)
    lam[-1] = 0.0
    for position in range(2):
        check_twins(positioned(ChaCha8, 29, position), "poisson", lam,
                    fast=True)
        check_twins(positioned(ChaCha8, 29, position), "poisson",
                    np.where(lam == 0.0, 2.5, lam), fast=True)
        check_twins(positioned(ChaCha8, 29, position), "poisson",
                    np.zeros(size), fast=True)
    check_twins(positioned(ChaCha8, 29, 1), "poisson",
                np.linspace(0.5, 40.0, 2**20 + 3), fast=True)


def test_negative_binomial_draws_a_lam_per_value(family):
    # Each value's Poisson draw has a lam of its own: PTRS's final tests
    # from one logarithm, the products of uniforms against bounds around
    # exp(-lam) (poisson_bounds.h), over many values: NumPy's, every one,
    # and its position after them.
    check_twins(positioned(family, 31, 1), "negative_binomial", 5, 0.3,
                size=100_003, fast=True)
    check_twins(positioned(family, 31, 0), "negative_binomial", 40, 0.5,
                size=20_011, fast=True)
    check_twins(positioned(family, 31, 1), "negative_binomial",
                np.linspace(0.5, 60.0, 20_011), 0.4, fast=True)


def _ptrs_left_side(v, lam, us):
    """NumPy's PTRS for lam: its invalpha and q = a / us**2 + b, and the
    left side of its final test, log(v) + log(invalpha) - log(q), from the
    C library's log (random_poisson_ptrs's expressions)."""
    b = 0.931 + 2.53 * math.sqrt(lam)
    a = -0.059 + 0.02483 * b
    invalpha = 1.1239 + 1.1328 / (b - 3.4)
    q = a / (us * us) + b
    return invalpha, q, math.log(v) + math.log(invalpha) - math.log(q)


def test_ptrs_verdicts_are_the_logarithms_where_sure():
    """PTRS's final test from one logarithm (poisson_bounds.h) keeps or
    refuses a trial only where NumPy's three logarithms would: over right
    sides placed within a few ULPs of the left (nearly all left to the
    logarithms), within 2**20 ULPs (many decided each way), and random
    ones (nearly all decided)."""
    rng = np.random.Generator(np.random.PCG64(47))
    n = 20_000
    lam = np.exp(rng.uniform(math.log(10.0), math.log(1e15), 3 * n))
    us = rng.uniform(0.0, 0.5, 3 * n)
    v = rng.random(3 * n)
    # the trials that reach the test: us < 0.013 only with v <= us
    v = np.where(us < 0.013, v * us, v)
    invalpha, q, left = map(np.array, zip(*[
        _ptrs_left_side(*trial)
        for trial in zip(v.tolist(), lam.tolist(), us.tolist())]))
    ulps = np.concatenate([rng.integers(-6, 7, n),
                           rng.integers(-2**20, 2**20 + 1, n)])
    rhs = np.concatenate([(left[:2 * n].view(np.int64) + ulps)
                          .view(np.float64),
                          left[2 * n:] + rng.normal(0.0, 2.0, n)])
    verdict = _ptrs_verdicts(v, q, invalpha, rhs)
    decided = verdict >= 0
    assert (verdict[decided] == (left <= rhs)[decided]).all()
    assert (verdict[:n] == -1).mean() > 0.9
    assert (verdict[n:2 * n] == 1).sum() > 1000
    assert (verdict[n:2 * n] == 0).sum() > 1000
    assert (verdict[2 * n:] == -1).sum() <= 2
    # v = 0: log(0) is -inf, which the logarithms themselves must meet
    assert _ptrs_verdicts([0.0], [10.0], [1.2], [-3.0])[0] == -1


def test_exp_bounds_hold_the_c_librarys_exp():
    """The products of uniforms are compared with bounds around exp(-lam)
    (poisson_bounds.h): the C library's exp(-lam) lies within them, and
    they are within 6.2 % of it for lam in [0, 700] (so most products
    are decided); elsewhere both are exp(-lam) itself."""
    rng = np.random.Generator(np.random.PCG64(53))
    inside = np.concatenate([
        rng.uniform(0.0, 10.0, 200_000),
        np.exp(rng.uniform(math.log(1e-300), math.log(700.0), 20_000)),
        [0.0, -0.0, 5e-324, 1e-300, 9.999999, 10.0, 700.0],
        # lam log2(e) just below and above integers and 32nds
        np.repeat(np.arange(1, 1011) / 1.4426950408889634 / 32, 3) *
        np.tile([1 - 2**-50, 1.0, 1 + 2**-50], 1010)])
    low, high = _exp_bounds(inside)
    exact = np.array([math.exp(-x) for x in inside.tolist()])
    assert ((low <= exact) & (exact <= high)).all()
    assert (high <= exact * 1.062).all() and (low >= exact / 1.062).all()
    outside = np.array([700.5, 1e4, np.inf, -1.0, -np.inf])
    low, high = _exp_bounds(outside)
    exact = np.array([math.exp(-x) for x in outside.tolist()])
    assert (low == exact).all() and (high == exact).all()
    low, high = _exp_bounds([np.nan])
    assert np.isnan(low[0]) and np.isnan(high[0])


@pytest.mark.parametrize("size", [1, 31, 32, 33, 64, 100])
def test_broadcast_binomial_prepares_a_piece_ahead(size):
    # Broadcast (n, p) make their constants 32 values at a time, then
    # draw: zeros, inversions, BTPE and n - x for p > 0.5 side by side,
    # across the pieces' ends.
    rng = np.random.Generator(np.random.PCG64(size))
    n = rng.choice([0, 5, 40, 61, 1000, 10**6], size)
    p = rng.choice([0.0, 0.01, 0.3, 0.5, 0.7, 0.999, 1.0], size)
    for position in range(2):
        check_twins(positioned(ChaCha8, 19, position), "binomial", n, p,
                    fast=True)


def test_long_broadcast_btpe_draws(family):
    # With a p per value, step 5.1 has no table: below the mode the
    # recursion's divisions are decided from the product of the factors
    # wherever the uniform lies clear of its inverse.
    check_twins(positioned(family, 4, 1), "binomial", np.full(20011, 1000),
                np.full(20011, 0.4), fast=True)
    check_twins(positioned(family, 4, 0), "binomial",
                np.arange(100, 100 + 6007), 0.3, fast=True)


def test_broadcast_btpe_constants_of_every_p(family):
    # A p (and an n) of each value: where piece_constants_backend() is
    # "avx2", BTPE's
    # constants come four values at a time from the vector kernel, and
    # must have the scalar setup's bits (NumPy's): p over all of (0, 1),
    # n from 10 to 10**15, inversion's values among them, and a size that
    # leaves a piece's last vector part empty.
    rng = np.random.Generator(np.random.PCG64(7))
    size = 4099
    p = rng.random(size)
    n = (10 ** rng.uniform(1, 15, size)).astype(np.int64)
    check_twins(positioned(family, 6, 1), "binomial", n, p, fast=True)
    check_twins(positioned(family, 6, 0), "binomial", 10**6,
                np.linspace(1e-4, 1 - 1e-4, 1001), fast=True)


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"),
                    reason="the vector BTPE setup is built for x86-64")
def test_broadcast_ptrs_constants_of_every_lam(family):
    # A lam of each value: PTRS's constants come four values at a time
    # from the vector kernel where it runs, and must have the scalar
    # setup's bits: lam from 10 to 10**12 and the multiplication method's
    # below 10 side by side, runs of one lam, and a size that leaves a
    # piece's last vector part empty.
    rng = np.random.Generator(np.random.PCG64(8))
    size = 4099
    lam = 10 ** rng.uniform(0, 12, size)
    lam[100:140] = 37.5
    check_twins(positioned(family, 6, 1), "poisson", lam, fast=True)
    check_twins(positioned(family, 6, 0), "poisson",
                np.linspace(10.0, 10.5, 1001), fast=True)


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"),
                    reason="the vector setups are built for x86-64")
def test_piece_constants_backend_is_the_avx2_kernel_where_the_cpu_has_it():
    """With AVX2 and no CHACHARAND_SIMD cap, broadcast binomials and
    Poissons take the vector setups, so the tests above check them
    (test_generator_identity's portable run checks the scalar ones)."""
    from chacharand import chacha_backends
    from chacharand._generator import piece_constants_backend

    if "avx2" not in chacha_backends() or os.environ.get("CHACHARAND_SIMD"):
        pytest.skip("no AVX2 here, or capped")
    assert piece_constants_backend() == "avx2"


@pytest.mark.parametrize("n, p", [(1000, 0.4), (5000, 0.7), (61, 0.5)])
@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 64, 255, 256, 257, 600])
def test_btpe_draws_trials_in_rounds(n, p, size):
    # One (n, p) draws BTPE's trials (two uniforms each) in rounds of as
    # many trials as values are left (at most 256), the triangle's in one
    # pass, the rest one by one, and keeps the accepted ones: every size
    # about a round's end, from even and odd words, gives NumPy's values
    # and position.
    for position in range(3):
        check_twins(positioned(ChaCha8, 17, position), "binomial", n, p,
                    size=size, fast=True)


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_size_spellings_and_result_types(size):
    # A Python int for size=None, an int64 array otherwise.
    for method, params in [("poisson", (4,)), ("geometric", (0.2,)),
                           ("binomial", (30, 0.5)),
                           ("negative_binomial", (2, 0.5))]:
        got = check_twins(positioned(ChaCha8, 4, 1), method, *params,
                          size=size, fast=True)[1]
        if size is None:
            assert type(got) is int
        else:
            assert got.dtype == np.int64


def test_parameter_spellings():
    # NumPy scalars, 0-d arrays, lists, other dtypes: NumPy's values.
    for method, params in [
        ("poisson", (np.float64(12.5),)),
        ("poisson", (np.float32(3.25),)),
        ("poisson", (np.array(25.0),)),
        ("poisson", (np.int8(7),)),
        ("poisson", ([1, 2, 30],)),
        ("poisson", (np.array([1.5, 15.5], np.float32),)),
        ("geometric", (np.array([[0.5], [0.05]]),)),
        ("binomial", (np.int64(40), np.float64(0.25))),
        ("binomial", (np.array(40), 0.25)),
        ("binomial", ([3, 300], 0.6)),
        ("binomial", (np.array([3, 200], np.uint8), [0.6, 0.01])),
        ("negative_binomial", ([0.5, 5], [[0.9], [0.1]])),
        ("negative_binomial", (np.array(2.0), np.array(0.5))),
    ]:
        for size in (None, (2, 2), (4, 2, 2)):
            check_twins(positioned(ChaCha8, 5, 0), method, *params,
                        size=size)
    check_twins(positioned(ChaCha8, 5, 0), "poisson", [1.0, 30.0],
                size=(3, 2), fast=True)


@pytest.mark.parametrize("method", ["poisson", "geometric", "binomial",
                                    "negative_binomial", "logseries", "zipf",
                                    "hypergeometric"])
def test_broadcast_parameters(family, method):
    if method == "hypergeometric":
        good = np.array([3, 5, 40, 3000])
        bad = np.array([[7], [60], [900]])
        sample = np.array([[[0]], [[6]], [[10]]])
        for size in (None, (3, 3, 4), (2, 3, 3, 4)):
            check_twins(positioned(family, 6, 1), method, good, bad, sample,
                        size=size, fast=True)
        check_twins(positioned(family, 6, 0), method, good, 50, 11,
                    fast=True)
        return
    first = {"logseries": np.array([0.0, 0.2, 0.7, 0.99, 0.5, 0.999999]),
             "zipf": np.array([1.1, 1.5, 2.0, 3.5, 20.0,
                               1500.0 if ZIPF_FIXED else 1000.0]),
             "poisson": np.array([0.0, 0.5, 9.5, 10.0, 200.0, 1e7]),
             "geometric": np.array([1.0, 0.4, 0.3, 0.01, 1e-9, 0.7]),
             "binomial": np.array([0, 5, 60, 1000, 10**6, 7]),
             "negative_binomial": np.array([0.2, 1.0, 3.0, 50.0, 1e-3,
                                            9.0])}[method]
    second = {"binomial": np.array([[0.0], [0.3], [0.5], [0.95], [1.0]]),
              "negative_binomial": np.array([[0.05], [0.5], [1.0]])}
    params = (first,) if method not in second else (first, second[method])
    shape = np.broadcast_shapes(*(np.shape(p) for p in params))
    for size in (None, shape, (2,) + shape):
        check_twins(positioned(family, 6, 1), method, *params, size=size,
                    fast=True)
    # One parameter an array, the other scalar; empty arrays.
    if len(params) == 2:
        check_twins(positioned(family, 6, 0), method, first, params[1][1, 0],
                    fast=True)
        check_twins(positioned(family, 6, 0), method, first[2], params[1],
                    fast=True)
    check_twins(positioned(family, 6, 0), method, *(p[:0] for p in params),
                fast=True)


BAD_CALLS = [
    ("poisson", (-1.0,), {}),
    ("poisson", (np.nan,), {}),
    ("poisson", (LAM_MAX * 1.0001,), {}),
    ("poisson", ([1.0, -1.0],), {}),
    ("poisson", ([1.0, np.nan],), {}),
    ("poisson", ("3",), {}),
    ("poisson", (2**2000,), {}),
    ("poisson", (3.0,), {"size": -1}),
    ("poisson", (3.0,), {"size": 2.5}),
    ("poisson", ([1.0, 2.0],), {"size": 3}),
    ("poisson", ([1.0, 2.0],), {"size": (3, 1)}),
    ("poisson", (1 + 2j,), {}),
    ("geometric", (0.0,), {}),
    ("geometric", (1.5,), {}),
    ("geometric", (-0.5,), {}),
    ("geometric", ([0.5, 0.0],), {}),
    ("binomial", (-1, 0.5), {}),
    ("binomial", (10, 1.5), {}),
    ("binomial", (10, -0.1), {}),
    ("binomial", (10, np.nan), {}),
    ("binomial", (10.5, 0.5), {}),
    ("binomial", ([10.5], 0.5), {}),
    ("binomial", ([10, -1], 0.5), {}),
    ("binomial", (2**64, 0.5), {}),
    ("binomial", (2**53 + 1, 1e-15), {}),   # NumPy's path (see the pyx)
    ("negative_binomial", (0.0, 0.5), {}),
    ("negative_binomial", (np.nan, 0.5), {}),
    ("negative_binomial", (1.0, 0.0), {}),
    ("negative_binomial", (1.0, 1.5), {}),
    ("negative_binomial", (1e20, 1e-5), {}),   # means beyond LAM_MAX
    ("negative_binomial", ([1.0, 1e20], 1e-5), {}),
    ("logseries", (1.0,), {}),
    ("logseries", (-0.1,), {}),
    ("logseries", ([0.5, np.nan],), {}),
    ("zipf", (1.0,), {}),
    ("zipf", (np.nan,), {}),
    ("zipf", ([2.0, 0.5],), {}),
    ("hypergeometric", (-1, 5, 2), {}),
    ("hypergeometric", (5, 5, 11), {}),
    ("hypergeometric", (10**9, 5, 2), {}),
    ("hypergeometric", (5, 10**9, 2), {}),
    ("hypergeometric", ([5, 6], 5, [2, 12]), {}),
    ("hypergeometric", ([5, -6], 5, 2), {}),
    ("hypergeometric", (5.0, 5, 2), {}),
    ("hypergeometric", ([5, 6], 5, 2), {"size": 3}),
]


@pytest.mark.parametrize("method,args,kwargs", BAD_CALLS,
                         ids=lambda v: str(v))
def test_numpys_errors(method, args, kwargs):
    # NumPy's path: the same error (or, for 2**53 + 1, the same numbers).
    check_twins(positioned(ChaCha8, 7, 1), method, *args, fast=False,
                **kwargs)


@settings(max_examples=40, deadline=None)
@given(lam=st.floats(0, 1e4), n=st.integers(0, 10**7),
       p=st.floats(0, 1), shape=st.floats(1e-3, 1e3),
       q=st.floats(1e-3, 1), size=st.integers(0, 20),
       position=st.integers(0, 3))
def test_hypothesis(lam, n, p, shape, q, size, position):
    for method, params in [("poisson", (lam,)), ("geometric", (q,)),
                           ("binomial", (n, p)),
                           ("negative_binomial", (shape, q))]:
        check_twins(positioned(ChaCha8, 8, position), method, *params,
                    size=size, fast=True)


def test_agreement_probes_see_each_binomial_stream():
    # The probes reach the branches NumPy changed: with the other stream
    # selected, binomial disagrees (and would take NumPy's path).
    from chacharand._generator import Generator as ChachaGenerator
    running = _binomial_variant()
    try:
        for flipped in (running ^ 1, running ^ 2):
            _binomial_variant(flipped)
            assert "binomial" in disagreeing_methods(ChachaGenerator)
    finally:
        _binomial_variant(running)
    assert "binomial" not in disagreeing_methods(ChachaGenerator)


def test_binomial_stream_follows_the_numpy_version():
    version = np.lib.NumpyVersion(np.__version__)
    assert _binomial_variant() == ((1 if version >= "2.4.0" else 0)
                                   | (2 if version >= "2.5.0" else 0))
