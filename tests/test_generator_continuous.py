"""chacharand.Generator's continuous distributions return NumPy's numbers.

Each call goes through chacharand.Generator and through
``numpy.random.Generator`` over an identical copy of the bit generator
(generator_twins.check_twins): the values bit for bit, their type, dtype
and shape, the exceptions, and the bit generators' positions afterwards
must be the same.  Valid arguments must take the C path; arguments NumPy
rejects must take NumPy's path (which raises NumPy's own error) and draw
nothing.
"""
import math
import platform

import numpy as np
import pytest
from hypothesis import example, given, settings, strategies as st

from chacharand import ChaCha8, ISAAC64
from chacharand import Generator
from chacharand._generator import CONTINUOUS_METHODS, deferred_methods

from _support.generator_twins import FAMILY_CLASSES, check_twins, positioned

Generator(ChaCha8(0))       # runs the agreement check


def fast(method):
    """Whether a valid call of `method` takes the C path: unless the
    installed NumPy draws it differently (an older algorithm)."""
    return method not in deferred_methods()

# The identity is with the installed NumPy: run on every NumPy of the
# test matrix.
pytestmark = pytest.mark.numpy_protocol

#: A quiet NaN with a payload: NumPy returns its own NaN for a NaN
#: parameter, not the parameter.
PAYLOAD_NAN = np.uint64(0x7FF8000000000001).view(np.float64)

#: (method, scalar parameters): each method with parameters that reach
#: each of its branches (NumPy's distributions.c).
SCALAR_CASES = [
    ("exponential", (2.0,)),
    ("exponential", (0.0,)),
    ("exponential", ()),
    ("lognormal", (0.5, 1.5)),
    ("lognormal", ()),
    ("laplace", (1.0, 2.0)),
    ("logistic", (-1.0, 0.5)),
    ("gumbel", (3, 2)),
    ("weibull", (1.5,)),
    ("weibull", (0.0,)),           # no draw
    ("rayleigh", (2.0,)),
    ("pareto", (3.0,)),
    ("power", (0.25,)),
    ("standard_cauchy", ()),
    ("wald", (1.0, 2.0)),
    ("wald", (1e-3, 1e3)),
    ("triangular", (-1.0, 0.5, 3.0)),
    ("triangular", (0.0, 0.0, 1.0)),
    ("triangular", (0.0, 1.0, 1.0)),
    ("vonmises", (0.3, 2.0)),
    ("vonmises", (-3.0, 1e-9)),    # uniform angle
    ("vonmises", (1.0, 1e-6)),     # Taylor expansion of s
    ("vonmises", (3.1, 1e7)),      # wrapped normal
    ("vonmises", (-2.5, 1e6)),     # the largest kappa of the rejection
    ("vonmises", (2.5, 1e-8)),     # the smallest
    ("vonmises", (0.0, np.nan)),   # NaN, no draw
    ("vonmises", (0.0, PAYLOAD_NAN)),
    ("standard_gamma", (2.5,)),
    ("standard_gamma", (0.5,)),    # shape < 1
    ("standard_gamma", (1.0,)),    # exponential
    ("standard_gamma", (0.0,)),    # no draw
    ("standard_gamma", (1e-300,)),
    ("standard_gamma", (1e12,)),
    ("standard_gamma", (np.nan,)),
    ("gamma", (0.3, 2.0)),
    ("gamma", (7.0, 0.5)),
    ("gamma", (0.0, 2.0)),
    ("beta", (2.0, 3.0)),
    ("beta", (0.5, 0.4)),          # Johnk
    ("beta", (1e-3, 2e-3)),        # Johnk, underflow to logarithms
    ("beta", (1e-104, 1e-105)),    # tiny: one uniform
    ("beta", (0.5, 3.0)),
    ("chisquare", (3.0,)),
    ("chisquare", (0.5,)),
    ("chisquare", (2.0,)),
    ("standard_t", (5.0,)),
    ("standard_t", (0.3,)),
    ("f", (3.0, 7.0)),
    ("f", (0.5, 1.5)),
    ("noncentral_chisquare", (3.0, 2.0)),
    ("noncentral_chisquare", (0.5, 0.0)),
    ("noncentral_chisquare", (3.0, np.nan)),
    ("noncentral_chisquare", (0.5, PAYLOAD_NAN)),
    ("noncentral_chisquare", (1.0, 2.0)),     # Poisson mixture: products
    ("noncentral_chisquare", (0.5, 50.0)),    # Poisson by PTRS
    ("noncentral_chisquare", (1e-300, 0.3)),
    ("noncentral_chisquare", (1.5, 0.5)),     # in batches: gamma(0.25)
    ("noncentral_chisquare", (10.0, np.inf)),  # in batches: Marsaglia-Tsang
    ("noncentral_f", (3.0, 4.0, 2.0)),
    ("noncentral_f", (0.5, 4.0, 0.0)),
    ("noncentral_f", (0.5, 3.0, 1.0)),        # Poisson mixture
    ("noncentral_f", (1.0, 2.0, 1e6)),
    ("noncentral_f", (12.0, 0.7, 3.0)),       # in batches: both gammas
]

SIZES = [None, 0, 3, 257, (3, 5), (4, 0)]

# The fills are one template over each family's word source: every family
# for the scalar cases, two (a 64-bit word source and one that keeps a
# pending 32-bit half) for the rest.
SOME_FAMILIES = [ChaCha8, ISAAC64]


@pytest.fixture(params=FAMILY_CLASSES, ids=lambda c: c.__name__)
def family(request):
    return request.param


@pytest.fixture(params=SOME_FAMILIES, ids=lambda c: c.__name__)
def some_family(request):
    return request.param


def test_every_continuous_method_is_covered():
    assert {m for m, _ in SCALAR_CASES} | {"dirichlet"} == set(
        CONTINUOUS_METHODS)


def test_scalar_parameters(family):
    for i, (method, params) in enumerate(SCALAR_CASES):
        for size in SIZES:
            # even and odd starting words
            check_twins(positioned(family, 5, i % 2 * 7), method, *params,
                        size=size, fast=fast(method))


@pytest.mark.parametrize("method, params", SCALAR_CASES,
                         ids=[f"{m}{p}" for m, p in SCALAR_CASES])
def test_long_draws_reach_rare_branches(method, params):
    # Rejections, the ziggurats' wedges and tails, gamma's second test.
    check_twins(positioned(ChaCha8, 11, 3), method, *params, size=20001,
                fast=fast(method))


def test_standard_gamma_float32(some_family):
    family = some_family
    for shape in [2.5, 0.5, 1.0, 0.0, 1e-30, 1e6, np.float32(3.25)]:
        for size in [None, 0, 5, 513]:
            check_twins(positioned(family, 2, 1), "standard_gamma", shape,
                        size=size, dtype=np.float32, fast=True)
    check_twins(positioned(family, 2, 1), "standard_gamma",
                np.array([0.0, 0.3, 1.0, 2.5, 1e6]), size=(40, 5),
                dtype="f4", fast=True)


def test_scalar_spellings():
    # NumPy scalars, 0-d arrays, ints and bools are scalar parameters:
    # size=None gives a Python float.
    for shape in [3, np.float64(2.5), np.float32(0.5), np.int8(4),
                  np.array(2.5), np.array(3), np.True_]:
        out = check_twins(positioned(ISAAC64, 1, 1), "gamma", shape, 2.0,
                          fast=True)
        assert type(out[1]) is float


BROADCASTS = [
    # (method, parameters, size)
    ("exponential", (np.array([0.0, 1.0, 2.5]),), None),
    ("exponential", (np.array([0.0, 1.0, 2.5]),), (4, 3)),
    ("lognormal", (np.array([[0.0], [1.0]]), np.array([0.5, 1.0, 2.0])),
     None),
    ("laplace", ([1.0, 2.0], 3.0), (5, 2)),
    ("logistic", (0.0, np.array([1, 2, 3])), None),
    ("gumbel", (np.array([1.0, -1.0]), np.array([[0.5], [2.0]])), (3, 2, 2)),
    ("weibull", (np.array([0.0, 1.0, 0.0, 3.5]),), None),
    ("rayleigh", (np.array([1.0, 2.0], dtype=np.float32),), (3, 2)),
    ("pareto", (np.arange(1, 6),), None),
    ("power", (np.array([0.1, 1.0, 10.0]),), (2, 3)),
    ("wald", (np.array([0.5, 1.0]), np.array([[1.0], [3.0]])), None),
    ("triangular", (np.array([-1.0, 0.0]), 0.5, np.array([[1.0], [2.0]])),
     None),
    ("vonmises", (np.array([0.0, 1.0, 2.0]),
                  np.array([[0.0], [1e-9], [1e-6], [2.0], [1e7]])), None),
    ("standard_gamma", (np.array([0.0, 0.3, 1.0, 2.5]),), None),
    ("standard_gamma", (np.array([[0.5], [4.0]]),), (3, 2, 6)),
    ("gamma", (np.array([0.5, 1.0, 3.0]), np.array([[1.0], [0.0]])), None),
    ("beta", (np.array([0.5, 2.0, 1e-3, 1e-104]), 0.4), (3, 4)),
    ("chisquare", ([0.5, 1.0, 2.0, 7.5],), None),
    ("standard_t", (np.array([[1.0, 5.0]]),), (3, 2)),
    ("f", (np.array([1.0, 3.0]), np.array([[2.0], [9.0]])), None),
    ("noncentral_chisquare", (np.array([3.0, 0.5]),
                              np.array([[2.0, 0.0], [np.nan, 0.0]])), None),
    ("noncentral_f", (np.array([3.0, 2.0]), 4.0, np.array([0.0, 1.5])),
     (3, 2)),
    ("noncentral_f", (np.array([0.5, 1.0, 3.0]), np.array([[2.0], [7.0]]),
                      np.array([[[0.0]], [[0.7]], [[40.0]]])), None),
]


@pytest.mark.parametrize("method, params, size", BROADCASTS,
                         ids=[m for m, _, _ in BROADCASTS])
def test_broadcast_parameters(some_family, method, params, size):
    check_twins(positioned(some_family, 9, 1), method, *params, size=size,
                fast=fast(method))


def test_broadcast_edge_shapes():
    # Empty broadcasts, a size the parameters broadcast to, and an F-order
    # or strided parameter array (read in the output's C order).
    shapes = np.arange(12, dtype=float).reshape(3, 4) / 3
    for params, size in [((np.zeros((0, 3)),), None),
                         ((np.ones(3),), (0, 3)),
                         ((np.asfortranarray(shapes),), None),
                         ((shapes[:, ::2],), None),
                         ((shapes.T,), (2, 4, 3))]:
        check_twins(positioned(ChaCha8, 4, 1), "standard_gamma", *params,
                    size=size, fast=True)


@pytest.mark.parametrize("method", ["standard_gamma", "gamma", "chisquare"])
def test_broadcast_runs_of_one_shape(method):
    # Broadcast shapes make their constants again only where the shape
    # changes from one value to the next: runs of Marsaglia and Tsang's
    # shapes, of shapes below 1, of 1 and 0, the first equal to the
    # scalar the call starts from, NaN after NaN, and a column against a
    # row (runs along the last axis).
    shapes = np.repeat([2.5, 2.5, 0.5, 1.0, 0.0, 7.0, 0.5, np.nan, 3.0],
                       [1, 6, 5, 3, 2, 9, 1, 3, 4])
    if method == "chisquare":  # df > 0
        shapes = np.where(shapes == 0.0, 1e-3, shapes)
    for params in [(shapes,), (np.array([[0.7], [4.0], [4.0]]),)]:
        extra = (2.0,) if method == "gamma" else ()
        size = None if params[0].ndim == 1 else (3, 50)
        check_twins(positioned(ChaCha8, 8, 1), method, *params, *extra,
                    size=size, fast=True)


def test_long_broadcast_spans_chunks():
    # More than one chunk (2**20 values): each chunk reads on in the
    # parameter arrays where the last one stopped.
    n = (1 << 20) + 4099
    scale = np.linspace(0.0, 4.0, n)
    check_twins(positioned(ChaCha8, 12, 1), "exponential", scale, fast=True)


def test_standard_gamma_out():
    out = np.empty((3, 5))
    got = check_twins(positioned(ChaCha8, 3, 1), "standard_gamma", 2.5,
                      out=out, fast=True)
    assert got[1] is out
    out32 = np.empty(7, np.float32)
    got = check_twins(positioned(ChaCha8, 3, 1), "standard_gamma",
                      np.linspace(0, 3, 7), out=out32, dtype=np.float32,
                      fast=True)
    assert got[1] is out32
    # NumPy's path: size with out, an F-order or read-only out, wrong dtype.
    readonly = np.empty(4)
    readonly.flags.writeable = False
    for kwargs in [{"out": np.empty(4), "size": 4},
                   {"out": np.empty(4), "size": 5},
                   {"out": np.empty((3, 2), order="F")},
                   {"out": readonly},
                   {"out": np.empty(4, np.float32)},
                   {"out": np.empty(4), "dtype": np.float32}]:
        check_twins(positioned(ChaCha8, 3, 1), "standard_gamma", 2.0,
                    fast=False, **kwargs)


# Calls NumPy rejects (or this code does not recognise): NumPy's path, its
# exception, nothing drawn.
BAD_CALLS = [
    ("exponential", (-1.0,), {}),
    ("exponential", (-0.0,), {}),
    ("exponential", (np.array([1.0, -1.0]),), {}),
    ("exponential", (np.array([1.0, -0.0]),), {}),
    ("gamma", (np.array([2.0, -0.0, np.nan]),), {}),
    ("exponential", ("1.0",), {}),
    ("exponential", (1 + 2j,), {}),
    ("exponential", (2.0,), {"size": -1}),
    ("exponential", (2.0,), {"size": 2.5}),
    ("lognormal", (0.0, -1.0), {}),
    ("laplace", (0.0, np.array([[-1.0]])), {}),
    ("gumbel", (0.0, -np.inf), {}),
    ("logistic", (0.0, -2.0), {}),
    ("weibull", (-1.0,), {}),
    ("rayleigh", (-1.0,), {}),
    ("pareto", (0.0,), {}),
    ("pareto", (np.array([1.0, 0.0]),), {}),
    ("power", (-1.0,), {}),
    ("wald", (0.0, 1.0), {}),
    ("wald", (1.0, -1.0), {}),
    ("triangular", (1.0, 0.0, 2.0), {}),
    ("triangular", (0.0, 3.0, 2.0), {}),
    ("triangular", (1.0, 1.0, 1.0), {}),
    ("triangular", (np.array([0.0, 1.0]), 1.0, 1.0), {}),
    ("vonmises", (0.0, -1.0), {}),
    ("standard_gamma", (-1.0,), {}),
    ("standard_gamma", (1.0,), {"dtype": np.int64}),
    ("standard_gamma", (np.array([1.0, -0.5]),), {"dtype": np.float32}),
    ("gamma", (1.0, -1.0), {}),
    ("beta", (0.0, 1.0), {}),
    ("beta", (1.0, np.array([1.0, -1.0])), {}),
    ("chisquare", (0.0,), {}),
    ("standard_t", (-2.0,), {}),
    ("f", (1.0, 0.0), {}),
    ("noncentral_chisquare", (0.0, 1.0), {}),
    ("noncentral_chisquare", (1.0, -1.0), {}),
    ("noncentral_f", (1.0, 1.0, -1.0), {}),
    # a size the parameters do not broadcast to
    ("gamma", (np.ones(3), 1.0), {"size": 4}),
    ("gamma", (np.ones(3), 1.0), {"size": (3, 2)}),
    ("beta", (np.ones((2, 1)), np.ones(3)), {"size": (3,)}),
    # object and long double parameters
    ("gamma", (np.array([1.0, None]),), {}),
    ("gamma", (np.array([1.0, 2.0], dtype=np.longdouble),), {}),
]


@pytest.mark.parametrize("method, params, kwargs", BAD_CALLS,
                         ids=[m for m, _, _ in BAD_CALLS])
def test_bad_arguments_take_numpys_path(method, params, kwargs):
    check_twins(positioned(ChaCha8, 1, 1), method, *params, fast=False,
                **kwargs)


def test_a_nan_with_its_sign_bit_set_is_a_parameter_numpy_takes():
    """A parameter that must not be negative may be NaN, whose sign bit
    may be set: such an array takes the fast path (whose test looks at
    the sign bits first), with NumPy's values."""
    minus_nan = np.array([1.0, -np.nan, 2.0])
    assert np.signbit(minus_nan[1])
    for method in ("exponential", "gamma"):
        check_twins(positioned(ChaCha8, 1, 1), method, minus_nan,
                    fast=fast(method))


#: Noncentralities for df <= 1, where NumPy draws a Poisson variate of
#: mean nonc / 2 (none for 0 and NaN): by products below a mean of 10, by
#: PTRS from 10 (its first and its slow test), and means so large that
#: the variate, or twice it in int64, overflows.
POISSON_NONCS = [0.0, 1e-300, 0.5, 19.99, 20.0, 75.0, 1e6, 1e17, 1.9e19,
                 1e300, np.inf, np.nan]


@pytest.mark.parametrize("df", [1.0, 0.5, 1e-300, np.nan], ids=str)
def test_noncentral_poisson_mixture(some_family, df):
    for nonc in POISSON_NONCS:
        for size in [None, 5, 2001]:
            check_twins(positioned(some_family, 3, 1), "noncentral_chisquare",
                        df, nonc, size=size, fast=fast("noncentral_chisquare"))
            check_twins(positioned(some_family, 3, 1), "noncentral_f",
                        df, 2.5, nonc, size=size, fast=fast("noncentral_f"))
    # broadcast: each value its own df and nonc (a mean changing from value
    # to value, or repeating), mixed with the cases without a Poisson draw
    dfs = np.array([df, 3.0, df, 1.0])
    noncs = np.array(POISSON_NONCS)[:, None]
    for size in [None, (7, 12, 4)]:
        check_twins(positioned(some_family, 3, 1), "noncentral_chisquare",
                    dfs, noncs, size=size, fast=fast("noncentral_chisquare"))
        check_twins(positioned(some_family, 3, 1), "noncentral_f",
                    dfs, np.array([1.5, 9.0, 1.5, 0.2]),
                    noncs, size=size, fast=fast("noncentral_f"))


DIRICHLET_ALPHAS = [
    [1.0, 2.5, 0.3],                # gammas, normalised
    np.arange(5),                   # an alpha of 0 among gammas
    [0.01, 0.05, 0.0],              # all below 0.1: stick-breaking betas
    [0.05, 0.0, 0.0, 0.02],         # a row that ends early (sums of 0)
    [1e-4, 0.09],
    [0.0, 0.0],                     # all 0: zeros, nothing drawn
    [],                             # k == 0
    np.array([3.0, np.nan]),        # NaN: the gamma case
    np.linspace(0.2, 3.0, 70),      # more alphas than are prepared once
    np.linspace(0.001, 0.09, 70),   # as many stick-breaking betas
]


@pytest.mark.parametrize("alpha", DIRICHLET_ALPHAS, ids=str)
def test_dirichlet(some_family, alpha):
    for size in [None, 0, 1, 7, (3, 4), 2000]:
        draws = len(alpha) > 0 and np.any(np.asarray(alpha) != 0) and (
            size is None or np.prod(size) > 0)
        check_twins(positioned(some_family, 13, 1), "dirichlet", alpha,
                    size=size, fast=bool(draws) and fast("dirichlet"))


@pytest.mark.parametrize("alpha, size", [
    ([1.0, -0.5], None), ([[1.0, 2.0]], None), (2.0, None),
    ([1.0, 2.0], -1), ([1.0, 2.0], 2.5), (np.array([1 + 1j, 2]), None),
    (np.array([1.0, 2.0], dtype=np.longdouble), None), (["a", "b"], None),
])
def test_dirichlet_bad_arguments_take_numpys_path(alpha, size):
    check_twins(positioned(ChaCha8, 13, 1), "dirichlet", alpha, size=size,
                fast=False)


def isaac64_with_small_words(at):
    """An ISAAC64 whose next 256 outputs are random words but for those
    at the indices `at`, which are below 2**11: uniforms of exactly 0."""
    bitgen = ISAAC64(11)
    state = bitgen.state
    rsl = np.random.Generator(np.random.PCG64(5)).integers(
        0, 2**64, 256, dtype=np.uint64, endpoint=False)
    rsl[list(at)] = 7
    state["state"]["rsl"] = rsl
    state["state"]["index"] = 0
    bitgen.state = state
    return bitgen


@pytest.mark.parametrize("method", ["laplace", "logistic", "gumbel"])
@pytest.mark.parametrize("at, size", [
    ((0,), 1), ((0, 1, 2), 2), ((3, 4, 250, 255), 300), ((255,), 256),
    ((10, 200), 255)])
@pytest.mark.parametrize("broadcast", [False, True])
def test_a_zero_uniform_is_drawn_again(method, at, size, broadcast):
    """laplace, logistic and gumbel draw U again while it is 0.  With
    scalar parameters they turn a batch of uniforms into values, skipping
    the zeros, and take the missing values from the words after the
    batch: the same words make the same values, and the bit generator
    ends where NumPy's does."""
    loc = np.full(size, 0.5) if broadcast else 0.5
    check_twins(isaac64_with_small_words(at), method, loc, 2.0, size=size,
                fast=fast(method))


def isaac64_with_words(words):
    """An ISAAC64 whose next 256 outputs start with `words`, the rest
    random."""
    bitgen = ISAAC64(11)
    state = bitgen.state
    rsl = np.random.Generator(np.random.PCG64(5)).integers(
        0, 2**64, 256, dtype=np.uint64, endpoint=False)
    rsl[:len(words)] = words
    state["state"]["rsl"] = rsl
    state["state"]["index"] = 0
    bitgen.state = state
    return bitgen


@pytest.mark.parametrize("method, params", [
    ("standard_gamma", (0.5,)), ("gamma", (0.2, 3.0)),
    ("chisquare", (1.0,)), ("standard_gamma", (0.999,))])
@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 13, 64, 255, 256, 257])
def test_gamma_below_shape_one_draws_trials_in_rounds(method, params, size):
    """A gamma of a scalar shape below 1 draws its trials (a uniform and
    an exponential each) in rounds of as many trials as values are left,
    then keeps the accepted ones.  An exponential that its ziggurat's
    first try refuses takes more words: words of all ones (refused at
    the wedge) and of all ones but the low 11 bits (in the tail's strip)
    put such draws in the first trials, the last trials of a round and
    the last trials of the call; the values and the position afterwards
    must be NumPy's."""
    refusing = [2**64 - 1, 2**64 - 2**11, 2**64 - 1]
    words = [int(w) for w in np.random.Generator(np.random.PCG64(size)
                                                 ).integers(0, 2**64, 64,
                                                            dtype=np.uint64)]
    for at in (1, 3, 2 * size - 1, 2 * size - 3, 2 * size + 1):
        if 0 <= at < len(words):
            words[at] = refusing[at % 3]
    check_twins(isaac64_with_words(words), method, *params, size=size,
                fast=fast(method))
    for start in range(4):
        check_twins(positioned(ChaCha8, 21, start), method, *params,
                    size=size, fast=fast(method))


@pytest.mark.parametrize("params", [(0.5, 0.5), (0.1, 1.0), (1.0, 1.0),
                                    (1e-3, 2e-3), (1e-200, 0.5)])
@pytest.mark.parametrize("size", [1, 2, 3, 7, 255, 256, 257, 2000])
def test_beta_below_one_draws_trials_in_rounds(params, size):
    """beta with a, b <= 1 draws Johnk's trials (two uniforms each) in
    rounds of as many trials as values are left, keeping those with
    x + y <= 1; tiny exponents make x or y underflow, and the value comes
    from logarithms.  NumPy's values and position, from even and odd
    words."""
    for start in range(3):
        check_twins(positioned(ChaCha8, 22, start), "beta", *params,
                    size=size, fast=fast("beta"))


@pytest.mark.parametrize("array_is_a", [True, False])
@pytest.mark.parametrize("fixed", [0.5, 0.25, 1.0, 0.9, 1e-200, 1e-310,
                                   1e-104])
@pytest.mark.parametrize("size", [1, 3, 255, 256, 257, 2000])
def test_beta_with_one_array_tests_trials_from_logarithms(size, fixed,
                                                         array_is_a):
    """beta with a or b an array and the other scalar, every value of
    Johnk's algorithm, tests each trial from logarithms made before it is
    known which value (so which exponent) the trial serves, four trials
    at a time: NumPy's values and position, across rounds, with the
    array's parameters from 1e-4 (whose powers underflow) to 1, and a
    subnormal one (exponent infinite), and the scalar side's exponent 2
    (its rounded square in the tests), 4, 1, 10/9, 1e200 and infinite.
    With the scalar side below 3e-103, an array parameter there too
    sends the call value by value (both tiny: one uniform)."""
    rng = np.random.Generator(np.random.PCG64(size))
    vary = np.exp(rng.uniform(math.log(1e-4), 0.0, size))
    vary[::5] = 1.0
    vary[2::7] = 1e-310
    if fixed == 1e-104:
        vary[1::3] = 1e-105
    args = (vary, fixed) if array_is_a else (fixed, vary)
    for start in range(2):
        check_twins(positioned(ChaCha8, 28, start), "beta", *args,
                    fast=fast("beta"))
    check_twins(positioned(ISAAC64, 28, 1), "beta", *args, fast=fast("beta"))


@pytest.mark.parametrize("array_is_a", [True, False])
def test_beta_with_one_array_over_many_trials(array_is_a):
    """The same over EXPONENT_VALUES values of the benchmark's kind:
    every value NumPy's."""
    vary = np.linspace(0.2, 0.9, EXPONENT_VALUES)
    args = (vary, 0.5) if array_is_a else (0.5, vary)
    check_twins(positioned(ChaCha8, 29, 1), "beta", *args, fast=fast("beta"))
    check_twins(positioned(ISAAC64, 29, 0), "beta", *args[::-1],
                fast=fast("beta"))


@pytest.mark.parametrize("method", ["pareto", "power", "exponential",
                                    "lognormal"])
@pytest.mark.parametrize("size", [511, 512, 513, 1100])
def test_broadcast_ziggurat_passes(method, size):
    """pareto, power, exponential and lognormal with broadcast parameters
    draw a piece of standard exponentials (normals), then run their steps
    over it with each value's own parameters: across pieces' ends."""
    a = np.linspace(0.05, 20.0, size)
    args = (a / 20, np.linspace(0.1, 2.0, size)[::-1]) \
        if method == "lognormal" else (a,)
    for position in range(2):
        check_twins(positioned(ISAAC64, 9, position), method, *args,
                    fast=fast(method))


@pytest.mark.parametrize("size", [1, 511, 512, 513, 1100])
def test_broadcast_vonmises(size):
    """vonmises with every kappa the rejection's draws a piece of accepted
    values first, then acos and the wrapping, each value with its own mu
    and kappa; a kappa outside (tiny or huge) sends the call value by
    value."""
    rng = np.random.Generator(np.random.PCG64(size))
    mu = rng.uniform(-3.0, 3.0, size)
    kappa = rng.uniform(1e-8, 20.0, size)
    for position in range(2):
        check_twins(positioned(ChaCha8, 12, position), "vonmises", mu,
                    kappa, fast=fast("vonmises"))
        check_twins(positioned(ChaCha8, 12, position), "vonmises", 0.5,
                    kappa, fast=fast("vonmises"))
    kappa[-1] = 1e7
    check_twins(positioned(ChaCha8, 12, 1), "vonmises", mu, kappa,
                fast=fast("vonmises"))


def test_broadcast_fills_read_on_across_chunks():
    """A broadcast parameter is read on from chunk to chunk of the fill
    loop (2**20 values each)."""
    a = np.linspace(0.5, 5.0, 2**20 + 3)
    check_twins(positioned(ChaCha8, 2, 1), "power", a, fast=fast("power"))


@pytest.mark.parametrize("size", [1, 255, 511, 512, 513, 1100])
@pytest.mark.parametrize("method", ["standard_gamma", "gamma", "chisquare"])
def test_broadcast_gammas_draw_batches_of_words(method, size):
    """standard_gamma, gamma and chisquare with a shape array draw their
    words in batches, as long as every shape takes a word (none is 0):
    shapes below 1, of 1 and above, each value with its own constants,
    across batches' ends; with a shape of 0 (which draws nothing: for
    chisquare, df / 2 of the least positive df), from the state itself."""
    rng = np.random.Generator(np.random.PCG64(size))
    shape = rng.uniform(0.0, 4.0, size)
    shape[::7] = 1.0
    shape[3::11] = 0.5
    extra = (rng.uniform(0.5, 2.0, size),) if method == "gamma" else ()
    scale = 2.0 if method != "chisquare" else 1.0
    arg = shape if method != "chisquare" else 2.0 * shape
    for position in range(2):
        check_twins(positioned(ChaCha8, 24, position), method, arg,
                    *extra, fast=fast(method))
    if method == "gamma":
        check_twins(positioned(ChaCha8, 24, 1), method, shape, scale,
                    fast=fast(method))
    # zeros last, after a shape of 1 (one word, mostly): a batch of as
    # many words as values are left would hold words NumPy never draws
    zero = 5e-324 if method == "chisquare" else 0.0  # df / 2 == 0
    for at in [[0], [size // 2], list(range(max(size - 3, 0), size))]:
        with_zero = arg.copy()
        if at[0] > 0:
            with_zero[at[0] - 1] = 2.0 if method == "chisquare" else 1.0
        with_zero[at] = zero
        check_twins(positioned(ChaCha8, 24, 1), method, with_zero, *extra,
                    fast=fast(method))


#: Values per call of the exponent tests: glibc's pow(x, 0.5) differs
#: from sqrt(x) for about one x in 1200, so these calls meet a few
#: hundred values whose pow must be called after all.
EXPONENT_VALUES = 300_000


def _half(value):
    """`value` as an array of EXPONENT_VALUES copies: a broadcast call."""
    return np.full(EXPONENT_VALUES, value)


@pytest.mark.parametrize("method, params, size", [
    ("standard_gamma", (0.5,), EXPONENT_VALUES),      # rounds of trials
    ("chisquare", (1.0,), EXPONENT_VALUES),
    ("gamma", (_half(0.5), 3.0), None),               # value by value
    ("beta", (0.5, 0.5), EXPONENT_VALUES),            # Johnk, in rounds
    ("beta", (_half(0.5), 0.25), None),               # tests from logs
    ("beta", (0.25, _half(0.5)), None),
    ("beta", (0.75, 0.5), EXPONENT_VALUES),
    ("weibull", (2.0,), EXPONENT_VALUES),             # pow(E, 1/2)
    ("weibull", (_half(2.0),), None),
    ("power", (2.0,), EXPONENT_VALUES),
    ("power", (_half(2.0),), None),
], ids=lambda p: "broadcast" if p is None else None)
def test_exponents_two_and_one_half(method, params, size):
    """The pow of these methods, with the exponent 2 or 1/2, is decided
    from the exact square or root where it is sure, and left to libm's
    pow where the exact value lies near the middle of two doubles: the
    values must be libm's, NumPy's, every one."""
    check_twins(positioned(ChaCha8, 23, 1), method, *params, size=size,
                fast=fast(method))


@pytest.mark.parametrize("method, params", [
    ("weibull", (1.5,)),            # pow(E, 2/3) in one pass
    ("weibull", (0.7,)),
    ("weibull", (0.02,)),           # x**50: underflows and overflows
    ("weibull", (0.015,)),          # an exponent above 64: pow itself
    ("power", (1.5,)),
    ("power", (0.05,)),
    ("standard_gamma", (0.3,)),     # pow(u, 1/shape) in rounds
    ("chisquare", (0.6,)),
    ("gamma", (0.25, 2.0)),
    ("beta", (0.3, 0.7)),           # Johnk: two powers a trial
    ("beta", (0.9, 0.15)),
])
def test_exponents_of_passes(method, params):
    """Powers of other exponents come, over glibc on a CPU with AVX2 and
    FMA, from an accurate x**y wherever that settles what pow returns,
    and from pow near the middle between two doubles, out of range or
    for exponents above 64: the values must be pow's, NumPy's, every
    one."""
    check_twins(positioned(ChaCha8, 26, 1), method, *params,
                size=EXPONENT_VALUES, fast=fast(method))
    check_twins(positioned(ISAAC64, 26, 3), method, *params, size=1001,
                fast=fast(method))


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc"
                    or platform.machine() not in ("x86_64", "AMD64"),
                    reason="the AVX2 pow is built for glibc on x86-64")
def test_pow_backend_is_the_avx2_kernel_where_the_cpu_has_it():
    """On x86-64 glibc with AVX2 (and so FMA) and no CHACHARAND_SIMD cap,
    the passes take the AVX2 kernel, so the tests above check it."""
    import os

    from chacharand import chacha_backends
    from chacharand._generator import pow_backend

    if "avx2" not in chacha_backends() or os.environ.get("CHACHARAND_SIMD"):
        pytest.skip("no AVX2 here, or capped")
    assert pow_backend() == "avx2"


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc",
                    reason="the shortcut is taken over glibc's pow only")
def test_exponent_tests_meet_roots_that_pow_rounds_otherwise():
    """The exponent tests can fail: among EXPONENT_VALUES exponentials
    (weibull(2)'s, from the same words), pow(x, 0.5) is not sqrt(x) for
    some x, so a shortcut that always took the root would be caught."""
    e = np.random.Generator(positioned(ChaCha8, 23, 1)
                            ).standard_exponential(EXPONENT_VALUES)
    differ = sum(math.pow(x, 0.5) != math.sqrt(x) for x in e.tolist())
    assert differ > 50


def _log_inputs():
    """Doubles that meet every part of the log pass: near 1 (where its log
    is tiny) and at the edge of that range, at each edge of its table's
    intervals, every exponent, logistic's ratios, and the doubles that
    it leaves to the C library (subnormal, 0, negative, infinite, NaN)."""
    rng = np.random.Generator(np.random.PCG64(31))
    ulps = np.arange(-3000, 3001)
    near_one = [1.0 + ulps * 2.0**-52, 1.0 + ulps * 2.0**-53,
                1.0 + 2.0**-9 + ulps * 2.0**-52,
                1.0 - 2.0**-9 + ulps * 2.0**-53,
                1.0 + rng.uniform(-2.0**-7, 2.0**-7, 100_000)]
    # the table's intervals start at these bits (pow_tables.h: the
    # offset 0x3FE6A..., 8 bits of index), in several binades
    starts = (np.uint64(0x3FE6A00000000000)
              + (np.arange(256, dtype=np.uint64) << np.uint64(44)))
    edges = [(starts[:, None] + np.uint64(d) + (np.uint64(b) << np.uint64(52))
              ).ravel().view(np.float64)
             for d in (0, 1, 2**44 - 1) for b in (0, 1, 2, 100, 900)]
    anywhere = (rng.integers(0, 2**63, 300_000, dtype=np.uint64)
                .view(np.float64))
    u = rng.random(300_000)
    special = np.array([0.0, -0.0, -1.0, 5e-324, 2.0**-1022,
                        2.0**-1022 - 2.0**-1074, np.finfo(float).max,
                        np.inf, -np.inf, np.nan])
    return np.concatenate(near_one + edges + [anywhere, u / (1.0 - u),
                                              special])


def _c_log(x):
    """The C library's log of a double (Python's math.log calls it; it
    raises where C returns -inf or NaN)."""
    if x == 0.0:
        return -math.inf
    if x < 0.0:
        return math.nan
    return math.log(x)


def test_log_pass_is_the_c_librarys_log():
    """logistic's and gumbel's logs come from a pass that, over glibc on a
    CPU with AVX2 and FMA (pow_backend() "avx2"), works log x out closely
    and calls log only near the middle between two doubles: every value
    must be the C library's log, bit for bit."""
    from chacharand._generator import _log_pass

    x = _log_inputs()
    got = _log_pass(x)
    want = np.array([_c_log(v) for v in x.tolist()])
    same = (got.view(np.uint64) == want.view(np.uint64)) | (
        np.isnan(got) & np.isnan(want))
    assert same.all(), (x[~same][:5], got[~same][:5], want[~same][:5])
    # the empty array, and the pass in place
    assert _log_pass(np.empty(0)).shape == (0,)


def _c_math(name, arity):
    """The C library's function `name` of `arity` doubles (through ctypes:
    Python's math module raises where C returns infinities and NaN)."""
    import ctypes
    import ctypes.util

    function = getattr(ctypes.CDLL(ctypes.util.find_library("m")), name)
    function.restype = ctypes.c_double
    function.argtypes = [ctypes.c_double] * arity
    return function


def test_pow_pass_with_an_exponent_per_value_is_the_c_librarys_pow():
    """beta with an array parameter takes its accepted trials' powers from
    a pass with an exponent per value, which over glibc on a CPU with AVX2
    and FMA works x**y out closely and calls pow near the middle between
    two doubles and out of its range (y above 64, x not a positive normal
    double): every value must be the C library's pow, bit for bit."""
    from chacharand._generator import _pow_pass_each

    rng = np.random.Generator(np.random.PCG64(41))
    x = np.concatenate([
        rng.random(150_000), rng.standard_exponential(50_000),
        1.0 + rng.uniform(-2.0**-8, 2.0**-8, 20_000),
        np.array([0.0, -0.0, -1.0, 5e-324, 2.0**-1022, np.inf, np.nan,
                  1.0, 0.5, 2.0])])
    y = np.concatenate([
        rng.uniform(-70.0, 70.0, x.size // 2),
        1.0 / rng.uniform(0.01, 1.0, x.size - x.size // 2)])
    special = np.array([2.0, 0.5, 64.0, np.nextafter(64.0, 65.0), 65.0,
                        -64.0, 0.0, np.nan, np.inf, -np.inf, 1.0, 1e300])
    y[::97] = special[np.arange(y[::97].size) % special.size]
    rng.shuffle(y)
    c_pow = _c_math("pow", 2)
    got = _pow_pass_each(x, y)
    want = np.array([c_pow(a, b) for a, b in zip(x.tolist(), y.tolist())])
    same = (got.view(np.uint64) == want.view(np.uint64)) | (
        np.isnan(got) & np.isnan(want))
    assert same.all(), (x[~same][:5], y[~same][:5], got[~same][:5])
    assert _pow_pass_each(np.empty(0), np.empty(0)).shape == (0,)
    with pytest.raises(ValueError, match="same size"):
        _pow_pass_each(np.ones(3), np.ones(2))


def test_log_near_pass_is_log_to_a_few_ulps():
    """Johnk's tests with an array parameter take their logarithms from a
    pass in plain double arithmetic, which their margins allow to err by
    2**-49 relatively (a few ULPs): every value within that of the C
    library's log, and the doubles outside its kernel (0, subnormal,
    negative, infinite, NaN) the C library's own."""
    from chacharand._generator import _log_near_pass

    x = _log_inputs()
    got = _log_near_pass(x)
    want = np.array([_c_log(v) for v in x.tolist()])
    finite = np.isfinite(want) & (want != 0.0)
    error = np.abs(got[finite] - want[finite]) / np.abs(want[finite])
    assert error.max() <= 2.0**-49, x[finite][np.argmax(error)]
    rest = ~finite
    assert ((got[rest] == want[rest]) | (np.isnan(got[rest])
                                         & np.isnan(want[rest]))).all()


@pytest.mark.parametrize("array_is_a", [True, False])
@pytest.mark.parametrize("fixed", [0.5, 0.3, 1.0])
def test_johnk_verdicts_are_pows_where_sure(array_is_a, fixed):
    """The tests of Johnk's trials from logarithms (johnk_bounds.h) pass or
    fail a trial only where NumPy's test, x + z <= 1 from pow's x and z,
    would: over trials placed within a few ULPs of the line (nearly all
    left to pow) and within 2**16 ULPs (many decided each way), and over
    random trials (nearly all decided)."""
    from chacharand._generator import _johnk_verdicts

    c_pow = _c_math("pow", 2)
    rng = np.random.Generator(np.random.PCG64(43))
    n = 20_000
    w = rng.random(n)
    vary = rng.uniform(0.02, 1.0, n)
    # a fifth with w within 2**-33 of 1 and exponents up to 10**6, where
    # the logarithm is tiny and its error is multiplied
    w[::5] = 1.0 - rng.integers(1, 2**20, n // 5) * 2.0**-53
    vary[::5] = np.exp(rng.uniform(math.log(1e-6), math.log(1e-2), n // 5))
    f = 1.0 / fixed
    # the scalar side's uniform y with y**f within a few ULPs of 1 - w**e
    x = np.array([c_pow(a, 1.0 / b) for a, b in zip(w.tolist(),
                                                      vary.tolist())])
    y = (1.0 - x) ** fixed
    # half within 6 ULPs, half within 2**16 (about the slack's reach)
    ulps = np.where(np.arange(n) % 2 == 0, rng.integers(-6, 7, n),
                    rng.integers(-2**16, 2**16 + 1, n))
    y = (y.view(np.int64) + ulps).view(np.float64)
    y = np.clip(y, 0.0, np.nextafter(1.0, 0.0))
    random_w, random_y = rng.random(n), rng.random(n)
    w = np.concatenate([w, random_w, [0.0, 0.0, 0.5]])
    y = np.concatenate([y, random_y, [0.5, 0.0, 0.0]])
    vary = np.concatenate([vary, rng.uniform(0.02, 1.0, n), [0.5] * 3])
    u, v = (w, y) if array_is_a else (y, w)
    verdict = _johnk_verdicts(u, v, vary, fixed, array_is_a)
    exact = np.array([
        (c_pow(wi, 1.0 / ai) + c_pow(yi, f) <= 1.0) and (ui + vi > 0.0)
        for wi, yi, ai, ui, vi in zip(w.tolist(), y.tolist(),
                                      vary.tolist(), u.tolist(),
                                      v.tolist())])
    decided = verdict >= 0
    assert (verdict[decided] == exact[decided]).all()
    near = slice(0, n)
    assert (verdict[near][::2] == -1).mean() > 0.9
    assert (verdict[near] == 1).sum() > 1000
    assert (verdict[near] == 0).sum() > 1000
    assert (verdict[n:2 * n] == -1).sum() <= 2
    # u = v = 0 (drawn again by NumPy) is never passed
    assert verdict[-2] == -1 and not exact[-2]


def _c_log_odds(x):
    """The C library's log(x / (1 - x)), the quotient an IEEE division's
    (Python's raises where it is infinite)."""
    denominator = 1.0 - x
    if denominator == 0.0:
        return _c_log(math.inf)
    return _c_log(x / denominator)


def test_log_odds_pass_is_the_c_librarys():
    """logistic's loc + scale * log(u / (1 - u)) comes from one pass that,
    over glibc on a CPU with AVX2 and FMA, divides four values at a time
    and works the log out closely: every value must be the C library's
    division and log (then NumPy's multiplication and sum), bit for bit,
    over uniforms, quotients near 1 (u near 1/2), tiny and subnormal
    quotients, huge ones (u near 1) and any double."""
    from chacharand._generator import _log_odds_pass

    rng = np.random.Generator(np.random.PCG64(59))
    ulps = np.arange(-3000, 3001)
    x = np.concatenate([
        rng.random(300_000),
        0.5 + ulps * 2.0**-53, 0.5 + rng.uniform(-2.0**-9, 2.0**-9, 50_000),
        1.0 - np.arange(1, 3001) * 2.0**-53,
        np.arange(0, 3001) * 5e-324, 2.0**-rng.uniform(0, 1074, 20_000),
        rng.integers(0, 2**64 - 1, 100_000, dtype=np.uint64,
                     endpoint=True).view(np.float64),
        [1.0, 2.0, -1.0, np.inf, -np.inf, np.nan, -0.0]])
    # a length that leaves the pass's last step of 256 values with a
    # vector of three values and a padded one
    x = np.concatenate([x, rng.random((227 - x.size) % 256)])
    assert x.size % 256 == 227
    logs = np.array([_c_log_odds(v) for v in x.tolist()])
    # logistic's loc + scale * v, with scalar parameters in the same pass
    # (0 + 1 * v is v: the broadcast calls' steps)
    for loc, scale in [(0.0, 1.0), (1.0, 2.0), (-3.5, 0.1), (0.0, 0.0)]:
        got = _log_odds_pass(x, loc, scale)
        with np.errstate(invalid="ignore", over="ignore"):
            want = loc + scale * logs
        same = (got.view(np.uint64) == want.view(np.uint64)) | (
            np.isnan(got) & np.isnan(want))
        assert same.all(), (x[~same][:5], got[~same][:5], want[~same][:5])
    assert _log_odds_pass(np.empty(0)).shape == (0,)


def _c_laplace(u, loc, scale):
    """NumPy's random_laplace of a uniform u, with the C library's log."""
    if u >= 0.5:
        return loc - scale * _c_log(2.0 - u - u)
    return loc + scale * _c_log(u + u)


def test_laplace_pass_is_the_c_librarys():
    """laplace with scalar parameters takes its logs from one pass over a
    piece of uniforms, four at a time over glibc on a CPU with AVX2 and
    FMA, the side (u >= 0.5) without a branch: every value must be
    NumPy's expression with the C library's log, bit for bit, over
    uniforms, those about 1/2, near 0 and 1, and subnormal ones."""
    from chacharand._generator import _laplace_pass

    rng = np.random.Generator(np.random.PCG64(61))
    ulps = np.arange(-3000, 3001)
    u = np.concatenate([
        rng.random(300_000), 0.5 + ulps * 2.0**-54,
        np.arange(1, 3001) * 2.0**-53, 1.0 - np.arange(1, 3001) * 2.0**-53,
        2.0**-rng.uniform(53, 1074, 20_000), [5e-324, 0.5, 0.25]])
    # a length that leaves the pass's last step with a value past the
    # last vector of four
    u = np.concatenate([u, rng.random((229 - u.size) % 256)])
    assert u.size % 256 == 229
    if _laplace_pass(u[:8]) is None:
        pytest.skip("laplace's pass runs on x86-64 glibc with AVX2 only")
    for loc, scale in [(0.0, 1.0), (1.0, 2.0), (-3.5, 0.1), (2.0, 0.0)]:
        got = _laplace_pass(u, loc, scale)
        want = np.array([_c_laplace(v, loc, scale) for v in u.tolist()])
        same = (got.view(np.uint64) == want.view(np.uint64)) | (
            np.isnan(got) & np.isnan(want))
        assert same.all(), (u[~same][:5], got[~same][:5], want[~same][:5])


@pytest.mark.parametrize("method, params", [
    ("logistic", (1.0, 2.0)),
    ("logistic", (_half(-3.0), 0.5)),
    ("gumbel", (0.5, 3.0)),
    ("gumbel", (2.0, _half(1.5))),
], ids=lambda p: "broadcast" if isinstance(p, tuple) and any(
    np.ndim(a) for a in p) else None)
def test_logs_of_passes(method, params):
    """logistic and gumbel over many values, their logs from the log pass:
    NumPy's values, every one."""
    size = None if any(np.ndim(a) for a in params) else EXPONENT_VALUES
    check_twins(positioned(ChaCha8, 27, 1), method, *params, size=size,
                fast=fast(method))


UNIFORM_NORMAL_CALLS = [
    ((np.linspace(-1, 1, 10), 2.0), {}),
    ((0.0, np.linspace(1, 3, 10)), {}),
    ((np.zeros((3, 1)), np.ones(4)), {}),
    ((np.float32(0.5), np.float32(2)), {}),       # scalar spellings
    ((np.array(1.0), np.array(2.0)), {}),
    (([1, 2, 3], 5), {}),
    ((np.linspace(-1, 1, 6), 2.0), {"size": (2, 6)}),
    ((np.linspace(-1, 1, 1100), np.linspace(0, 5, 1100)), {}),
]

# NumPy's errors: a size the parameters do not broadcast to, a negative
# range or scale, an infinite range (after an overflow).
UNIFORM_NORMAL_ERRORS = [
    ((np.linspace(-1, 1, 6), 2.0), {"size": (5,)}),
    ((np.array([1.0, 3.0]), np.array([2.0, 1.0])), {}),
    ((np.array([0.0]), np.array([np.inf])), {}),
    ((np.array([2.0**1023]), -np.array([2.0**1023])), {}),
    ((np.array([1.0, 2.0]), np.ones(3)), {}),
]


@pytest.mark.parametrize("method", ["uniform", "normal"])
def test_uniform_and_normal_with_arrays(method):
    """uniform and normal with array parameters draw in C (uniform's
    range is NumPy's high - low): NumPy's values, shapes and positions,
    and NumPy's errors, which draw nothing."""
    for args, kwargs in UNIFORM_NORMAL_CALLS:
        check_twins(positioned(ChaCha8, 3, 1), method, *args, **kwargs,
                    fast=True)
    with np.errstate(over="ignore"):
        for args, kwargs in UNIFORM_NORMAL_ERRORS:
            check_twins(positioned(ChaCha8, 3, 1), method, *args, **kwargs)
    check_twins(positioned(ISAAC64, 3, 1), method,
                np.linspace(-1, 1, 2**20 + 3), 2.0, fast=True)


def test_multivariate_normal_draws_through_the_fast_normals():
    # NumPy's method calls self.standard_normal, which is ours.
    mean = np.array([1.0, -2.0, 0.5])
    cov = np.array([[2.0, 0.3, 0.1], [0.3, 1.0, 0.2], [0.1, 0.2, 0.5]])
    for method in ["svd", "eigh", "cholesky"]:
        check_twins(positioned(ChaCha8, 8, 1), "multivariate_normal", mean,
                    cov, size=(7, 2), method=method, fast=True)


reals = st.floats(allow_nan=True, allow_infinity=True, width=64)
positive = st.one_of(st.floats(min_value=0.0, max_value=1e300),
                     st.sampled_from([0.0, 1.0, 1e-300, 1e-104, np.inf]))


johnk_parameters = st.one_of(
    st.floats(min_value=5e-324, max_value=1.0),
    st.sampled_from([1.0, 0.5, 1e-104, 1e-310, 5e-324]))


@settings(max_examples=200, deadline=None)
@given(vary=st.lists(johnk_parameters, min_size=1, max_size=600),
       fixed=johnk_parameters, array_is_a=st.booleans())
# a subnormal parameter (exponent infinite) among the last of a round
@example(vary=[0.5, 1.0, 1.0, 5e-324], fixed=1.0, array_is_a=False)
def test_hypothesis_beta_with_one_array(vary, fixed, array_is_a):
    """beta with a or b an array of Johnk's parameters (in (0, 1], tiny and
    subnormal ones included) and the other scalar: NumPy's values and
    position, whichever way the call goes (tests from logarithms, or
    value by value where both sides are tiny)."""
    vary = np.array(vary)
    args = (vary, fixed) if array_is_a else (fixed, vary)
    check_twins(positioned(ChaCha8, 6, 1), "beta", *args, fast=fast("beta"))


@settings(max_examples=60, deadline=None)
@given(method=st.sampled_from(
           ["gamma", "beta", "f", "wald", "vonmises", "laplace", "weibull",
            "standard_t", "noncentral_chisquare", "triangular", "power",
            "logistic", "gumbel"]),
       a=st.one_of(positive, reals), b=st.one_of(positive, reals),
       c=st.one_of(positive, reals), broadcast=st.booleans())
def test_hypothesis_parameters(method, a, b, c, broadcast):
    nparams = {"gamma": 2, "beta": 2, "f": 2, "wald": 2, "vonmises": 2,
               "laplace": 2, "weibull": 1, "standard_t": 1,
               "logistic": 2, "gumbel": 2,
               "noncentral_chisquare": 2, "triangular": 3, "power": 1}
    params = (a, b, c)[:nparams[method]]
    if broadcast:
        params = (np.array([params[0], 1.5]),) + params[1:]
    # Whatever the parameters: NumPy's values or NumPy's exception.
    check_twins(positioned(ChaCha8, 6, 1), method, *params, size=37)
