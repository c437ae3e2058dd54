"""chacharand.Generator's multinomial and multivariate_hypergeometric are
NumPy's.

Drawn in C for a scalar n with one vector of probabilities (multinomial)
and for both of NumPy's methods (multivariate_hypergeometric); every other
spelling takes NumPy's path.  Each case is compared with
``numpy.random.Generator`` over an identical copy of the bit generator:
values, dtype, shape, errors and the positions afterwards.
"""
import numpy as np
import pytest

from chacharand import ChaCha8, Generator
from chacharand._generator import deferred_methods

from _support.generator_twins import FAMILY_CLASSES, check_twins, positioned

pytestmark = pytest.mark.numpy_protocol

SIZES = [None, 0, 1, 7, (3, 2)]


@pytest.fixture(params=FAMILY_CLASSES, ids=lambda c: c.__name__)
def family(request):
    return request.param


def test_no_method_defers():
    Generator(ChaCha8(0))
    assert not deferred_methods() & {"multinomial",
                                     "multivariate_hypergeometric"}


MULTINOMIAL = [
    (0, [0.3, 0.7]),
    (1, [1.0]),
    (20, [0.2, 0.3, 0.5]),                 # binomial inversion
    (5000, [0.25, 0.25, 0.4, 0.1]),        # BTPE
    (100, [0.5, 0.5, 0.0]),                # the last share by subtraction
    (100, [0.0, 0.0, 1.0]),
    (10**6, [1 / 7] * 7),
    (40, np.array([0.1, 0.2, 0.3, 0.4], np.float32)),
    (np.int64(30), (0.5, 0.5)),
]


@pytest.mark.parametrize("n,pvals", MULTINOMIAL, ids=str)
def test_multinomial(family, n, pvals):
    for size in SIZES:
        check_twins(positioned(family, 3, 1), "multinomial", n, pvals,
                    size=size, fast=not isinstance(pvals, tuple))


def test_multinomial_numpys_path_and_errors():
    for args, kwargs in [
        ((10, []), {}),
        ((10, [0.5, 0.6, 0.1]), {}),            # sum of all but last > 1
        ((10, [0.5, 0.5 + 1e-13, 0.1]), {}),    # within NumPy's tolerance
        ((10, [-0.1, 1.1]), {}),
        ((10, [np.nan, 1.0]), {}),
        ((-1, [0.5, 0.5]), {}),
        ((10.5, [0.5, 0.5]), {}),
        (([10, -20], [0.5, 0.5]), {}),
        (([10, 20], [[0.5, 0.6, 0.1], [0.1, 0.2, 0.7]]), {}),
        ((np.array([3, 4], np.uint64), [0.5, 0.5]), {}),
        ((np.arange(12).reshape(3, 4), np.full((4, 3), 1 / 3)),
         {"size": (3, 1)}),                     # size not the broadcast
        ((10, [0.5, 0.5]), {"size": -2}),
        ((10, [0.5, 0.5]), {"size": 2.0}),
    ]:
        check_twins(positioned(ChaCha8, 4, 0), "multinomial", *args,
                    **kwargs)


MULTINOMIAL_VECTOR = [
    (([10, 20], [0.5, 0.5]), {}),                        # an array of n
    (([[10], [20]], [1 / 6] * 6), {"size": (2, 2)}),
    ((10, [[0.5, 0.5], [0.1, 0.9]]), {}),                # rows of pvals
    (([10, 20], [[1 / 4] * 4 + [0] * 2, [1 / 6] * 6]), {}),
    ((1, [[0.1, 0.5, 0.4], [0.3, 0.7, 0.0]]), {"size": (4, 2)}),
    ((np.arange(12).reshape(3, 4) * 1000, np.full((4, 3), 1 / 3)),
     {"size": (2, 3, 4)}),                               # BTPE among them
    ((np.array([5, 10**6, 0]), [0.2, 0.3, 0.5]), {}),
    (([True, False], [0.5, 0.5]), {}),
    ((np.array([], dtype=np.int64), [0.5, 0.5]), {}),
    ((3, np.zeros((0, 2))), {}),
    ((np.array(5), [0.2, 0.8]), {"size": 3}),            # a scalar n
]


@pytest.mark.parametrize("args,kwargs", MULTINOMIAL_VECTOR, ids=str)
def test_multinomial_vector_path(family, args, kwargs):
    # NumPy's vector path (an array of n, or rows of pvals, broadcast):
    # each output row its own n and row of pvals, in C.
    check_twins(positioned(family, 3, 1), "multinomial", *args,
                fast=True, **kwargs)


def test_multinomial_vector_path_across_chunks():
    # the rows' n and pvals are read on from chunk to chunk
    n = np.arange(2**20 + 3) % 7
    check_twins(positioned(ChaCha8, 3, 1), "multinomial", n, [0.3, 0.7],
                fast=True)


MVHG = [
    ([10, 20, 30], 0),
    ([10, 20, 30], 15),
    ([10, 20, 30], 30),                   # half: not the complement
    ([10, 20, 30], 45),                   # more than half: the complement
    ([10, 20, 30], 60),
    ([5], 3),
    ([0, 0, 4], 2),
    ([1000, 2000, 3000, 50], 2500),       # HRUA marginals
    (np.array([7, 0, 12], np.uint16), 9),
    ((4, 4), 4),
]


@pytest.mark.parametrize("method", ["marginals", "count"])
@pytest.mark.parametrize("colors,nsample", MVHG, ids=str)
def test_multivariate_hypergeometric(family, colors, nsample, method):
    for size in SIZES:
        check_twins(positioned(family, 5, 0), "multivariate_hypergeometric",
                    colors, nsample, size=size, method=method)


def test_multivariate_hypergeometric_takes_the_fast_path():
    for method in ("marginals", "count"):
        check_twins(positioned(ChaCha8, 5, 1), "multivariate_hypergeometric",
                    [3, 9, 27], 20, size=40, method=method, fast=True)


def test_multivariate_hypergeometric_numpys_path_and_errors():
    for args, kwargs in [
        (([10, 20], 31), {}),
        (([10, 20], -1), {}),
        (([10, 20], 2.0), {}),
        (([10, -20], 2), {}),
        (([10.0, 20.0], 2), {}),
        (([[10, 20]], 2), {}),
        (([], 0), {}),
        (([10, 20], 5), {"method": "other"}),
        (([10**9, 1], 5), {}),                    # marginals: too many
        (([2**62, 2**62], 5), {"method": "count"}),
        (([10, 20], 5), {"size": -1}),
    ]:
        check_twins(positioned(ChaCha8, 6, 1), "multivariate_hypergeometric",
                    *args, **kwargs)
