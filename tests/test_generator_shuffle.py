"""chacharand.Generator's shuffle, permutation, permuted and choice are
NumPy's.

shuffle (and permutation through it), permuted along an axis and choice
without replacement run NumPy's Fisher-Yates passes and Floyd's sample in
C.  Every case is compared with ``numpy.random.Generator`` over an
identical copy of the bit generator: the array afterwards (in place), the
values returned, their type, dtype and shape, the errors, and the bit
generators' positions.
"""
import copy

import numpy as np
import pytest

from chacharand import ChaCha8, Generator
from chacharand._generator import deferred_methods, fast_path_calls

from _support.generator_twins import (FAMILY_CLASSES, check_twins,
                                      outcome, positioned, same_state,
                                      same_value)

pytestmark = pytest.mark.numpy_protocol


@pytest.fixture(params=FAMILY_CLASSES, ids=lambda c: c.__name__)
def family(request):
    return request.param


def check_in_place(bitgen, method, make, *args, fast=None, **kwargs):
    """`method(make(), ...)` through both Generators: the same array
    afterwards, the same result or error, the same position."""
    twin = copy.deepcopy(bitgen)
    ours_x, theirs_x = make(), make()
    gen = Generator(bitgen)
    before = fast_path_calls(gen)
    ours = outcome(lambda: getattr(gen, method)(ours_x, *args, **kwargs))
    took_fast_path = fast_path_calls(gen) > before
    theirs = outcome(lambda: getattr(np.random.Generator(twin), method)(
        theirs_x, *args, **kwargs))
    assert ours[0] == theirs[0], (ours, theirs)
    if ours[0] == "ok":
        if ours[1] is None or theirs[1] is None:
            assert ours[1] is None and theirs[1] is None
        else:
            same_value(ours[1], theirs[1])
    else:
        assert ours[1:] == theirs[1:]
    if isinstance(ours_x, np.ndarray):
        same_value(ours_x, theirs_x)
    else:
        assert ours_x == theirs_x
    if fast is not None:
        assert took_fast_path == fast, (method, args, kwargs)
    same_state(bitgen, twin)
    return ours


OBJECTS = [object() for _ in range(40)]

ARRAYS_1D = {
    "int64": lambda: np.arange(1000),
    "int8": lambda: np.arange(300, dtype=np.int64).astype(np.int8),
    "float32": lambda: np.arange(257, dtype=np.float32),
    "complex": lambda: np.arange(130) * (1 + 2j),
    "U7": lambda: np.array([str(i) for i in range(99)]),
    "record": lambda: np.array([(i, 2.0 * i) for i in range(70)],
                               dtype=[("a", "i4"), ("b", "f8")]),
    "wide": lambda: np.arange(50 * 9, dtype=np.int64).reshape(50, 9)
    .view("V72").ravel(),
    "strided": lambda: np.arange(3000.0)[::3],
    "reversed": lambda: np.arange(500)[::-1],
    "object": lambda: np.array(OBJECTS, dtype=object),
    "length 1": lambda: np.arange(1),
    "length 2": lambda: np.arange(2),
    "empty": lambda: np.arange(0),
}


def test_no_permutation_method_defers():
    Generator(ChaCha8(0))
    assert not deferred_methods() & {"shuffle", "permuted", "choice"}


@pytest.mark.parametrize("kind", list(ARRAYS_1D))
def test_shuffle_1d(family, kind):
    for position in (0, 1):
        check_in_place(positioned(family, 3, position), "shuffle",
                       ARRAYS_1D[kind],
                       fast=None if kind in ("empty", "length 1") else True)


@pytest.mark.parametrize("axis", [0, 1, -1, 2])
def test_shuffle_nd(family, axis):
    check_in_place(positioned(family, 3, 1), "shuffle",
                   lambda: np.arange(4 * 50 * 3).reshape(4, 50, 3),
                   axis=axis, fast=True)
    check_in_place(positioned(family, 3, 0), "shuffle",
                   lambda: np.asfortranarray(
                       np.arange(60.0).reshape(6, 10))[:, ::2],
                   axis=min(axis, 1), fast=True)


@pytest.mark.parametrize("length", [0, 1, 2, 3, 30, 2000])
def test_shuffle_list(family, length):
    # NumPy swaps a list's items i and random_interval(i), i from the last
    # down to 1: the same swaps, in C on the indices, then the items moved.
    for position in (0, 1):
        check_in_place(positioned(family, 3, position), "shuffle",
                       lambda: [str(i) for i in range(length)] + OBJECTS,
                       fast=True)
        check_in_place(positioned(family, 3, position), "shuffle",
                       lambda: list(range(length)), axis=0,
                       fast=None if length < 2 else True)


def test_shuffle_numpys_path_and_errors():
    for make, kwargs in [
        (lambda: list(range(30)), {"axis": 1}),    # NotImplementedError
        (lambda: bytearray(range(30)), {}),        # a MutableSequence
        (lambda: np.ma.arange(20), {}),            # a subclass
        (lambda: np.array(5), {}),                 # 0-d: TypeError
        (lambda: np.arange(10), {"axis": 1}),      # AxisError
        (lambda: np.arange(10), {"axis": 0.0}),
        (lambda: np.arange(6).reshape(2, 3), {"axis": -3}),
        (lambda: np.zeros((0, 4)), {"axis": 1}),   # no-op
        (lambda: np.arange(10), {"axis": np.int64(0)}),
    ]:
        check_in_place(positioned(ChaCha8, 4, 1), "shuffle", make, **kwargs)
    readonly = np.arange(10)
    readonly.flags.writeable = False
    check_in_place(positioned(ChaCha8, 4, 1), "shuffle",
                   lambda: readonly, fast=False)


def test_shuffle_spanning_chunks():
    # More swaps than one chunk of the fill loop (2**20).
    check_in_place(positioned(ChaCha8, 4, 1), "shuffle",
                   lambda: np.arange(2**20 + 5, dtype=np.int32), fast=True)


@pytest.mark.parametrize("arg", [0, 1, 2, 1000, np.int64(77),
                                 [1.5, 2.5, 3.5]], ids=str)
def test_permutation(family, arg):
    check_twins(positioned(family, 5, 1), "permutation", arg)


def test_permutation_nd_and_errors():
    for args, kwargs in [((np.arange(24).reshape(4, 6),), {}),
                         ((np.arange(24).reshape(4, 6),), {"axis": 1}),
                         ((np.arange(24).reshape(4, 6),), {"axis": 2}),
                         ((np.array(3.0),), {}), ((-1,), {})]:
        check_twins(positioned(ChaCha8, 5, 0), "permutation", *args,
                    **kwargs)


@pytest.mark.parametrize("axis", [None, 0, 1, -1, 2])
def test_permuted(family, axis):
    for make in (lambda: np.arange(3 * 40 * 5).reshape(3, 40, 5),
                 lambda: np.asfortranarray(np.arange(3 * 40 * 5.0)
                                           .reshape(3, 40, 5)),
                 lambda: np.arange(8 * 40 * 5).reshape(8, 40, 5)[::2, :, 1:]):
        check_twins(positioned(family, 6, 1), "permuted", make(), axis=axis,
                    fast=True)


def test_permuted_out():
    x = np.arange(6 * 7).reshape(6, 7)
    for axis in (None, 0, 1):
        for out_make in (lambda: np.zeros((6, 7), np.int64),
                         lambda: np.zeros((6, 7), np.float64, order="F"),
                         lambda: np.zeros((6, 14), np.int64)[:, ::2]):
            bitgen = positioned(ChaCha8, 6, 0)
            twin = copy.deepcopy(bitgen)
            a, b = out_make(), out_make()
            got = Generator(bitgen).permuted(x, axis=axis, out=a)
            want = np.random.Generator(twin).permuted(x, axis=axis, out=b)
            assert got is a and want is b
            same_value(a, b)
            same_state(bitgen, twin)


def test_permuted_numpys_path_and_errors():
    x = np.arange(12).reshape(3, 4)
    for args, kwargs in [
        ((x,), {"axis": 2}),
        ((x,), {"axis": 1, "out": np.zeros((4, 3), np.int64)}),
        ((x,), {"axis": 1, "out": [[0] * 4] * 3}),
        ((x,), {"axis": 1, "out": np.zeros((3, 4), np.int8)}),   # casting
        ((np.array(OBJECTS[:12], dtype=object).reshape(3, 4),),
         {"axis": 1}),
        (([[1, 2, 3], [4, 5, 6]],), {"axis": 0}),
        ((np.arange(0).reshape(0, 3),), {"axis": 1}),
        ((np.array(7),), {}),
    ]:
        check_twins(positioned(ChaCha8, 7, 1), "permuted", *args, **kwargs)
    readonly = np.zeros((3, 4), np.int64)
    readonly.flags.writeable = False
    check_twins(positioned(ChaCha8, 7, 1), "permuted", x, axis=1,
                out=readonly, fast=False)


CHOICES = [
    # (a, size, kwargs): Floyd, the tail shuffle, both shuffle settings
    (100, 20, {}), (100, 20, {"shuffle": False}), (100, 100, {}),
    (100, 100, {"shuffle": False}), (1, 1, {}), (7, None, {}),
    (20000, 300, {}), (20000, 401, {}),           # cutoff 50: tail
    (20000, 999, {"shuffle": False}),             # cutoff 20: Floyd
    (20000, 1001, {"shuffle": False}),            # tail
    (20000, 20000, {}), (20000, 19999, {"shuffle": False}),
    (10001, 500, {}), (10000, 5000, {}),          # Floyd up to 10000
    (2**32, 50, {}), (2**32 + 7, 50, {}), (2**40, 60, {}),   # wide draws
    (2**27, 2**20, {}), (2**27, 2**20 + 1, {}),   # the set's two sizes
    (np.int64(300), (4, 5), {}), (50, (), {}), (50, (2, 0), {}),
    (5, 0, {}), (0, 0, {}),
    (np.arange(30) * 3, (2, 3), {}), (np.arange(30) * 3, (), {}),
    (np.arange(30) * 3, None, {}), (np.arange(5.0), 5, {}),
    (np.arange(24).reshape(4, 6), 3, {"axis": 1}),
    (np.arange(24).reshape(4, 6), (2,), {"axis": -2}),
    (np.array(OBJECTS), 10, {}),
    (["a", "bc", "d", "e"], 3, {}), ((1.5, 2.5, 3.5), (), {}),
    ([[1, 2], [3, 4], [5, 6]], 2, {}),
]


def choice_id(case):
    a, size, kwargs = case
    a = (f"{type(a).__name__}{np.shape(a)}"
         if isinstance(a, (np.ndarray, list, tuple)) else a)
    return f"{a}-{size}-{kwargs}"


@pytest.mark.parametrize("a,size,kwargs", CHOICES,
                         ids=[choice_id(c) for c in CHOICES])
def test_choice_without_replacement(a, size, kwargs):
    every = not np.isscalar(a) or a <= 100
    for family in (FAMILY_CLASSES if every else [ChaCha8]):
        check_twins(positioned(family, 8, 1), "choice", a, size,
                    replace=False, fast=True, **kwargs)


def test_choice_every_family(family):
    for a, size, kwargs in [(100, 30, {}), (20000, 5000, {}),
                            (20000, 100, {"shuffle": False})]:
        check_twins(positioned(family, 8, 0), "choice", a, size,
                    replace=False, fast=True, **kwargs)


def test_choice_numpys_path_and_errors():
    p = np.full(10, 0.1)
    for args, kwargs in [
        ((10, 11), {"replace": False}),                   # too many
        ((10, -1), {"replace": False}),
        ((0, 1), {"replace": False}),
        ((-3, 2), {"replace": False}),
        ((np.arange(0), 1), {"replace": False}),
        ((2.5, 2), {"replace": False}),
        ((np.arange(6).reshape(2, 3), 2), {"replace": False, "axis": 2}),
        ((10, 3), {"replace": False, "p": p}),            # NumPy's path
        ((10, 3), {"replace": False, "p": p * (1 + 1e-9)}),  # sum near 1
        ((10, 3), {"replace": False, "p": p * 1.1}),
        ((10, 3), {"replace": False, "shuffle": 1}),
        ((10, 3), {"replace": 0}),
        ((10, (3, 2)), {}),                               # with replacement
        ((10, 4), {"p": p}),
        (([[1, 2], [3]], 1), {"replace": False}),         # ragged
        ((10, 2.0), {"replace": False}),
    ]:
        check_twins(positioned(ChaCha8, 9, 1), "choice", *args, **kwargs)
