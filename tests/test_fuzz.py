"""Fuzzing constructors and state setters of every family (hypothesis).

Whatever a caller passes, the answer is a generator, a TypeError or a
ValueError -- never a crash or another exception -- and a rejected state
leaves the generator exactly as it was.
"""
import copy

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from chacharand._registry import FAMILIES

pytestmark = pytest.mark.numpy_protocol

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

integers = st.one_of(
    st.integers(-2**70, 2**70),
    st.sampled_from([0, 1, -1, 2**32, 2**64 - 1, 2**64, 2**68 - 1, 2**68,
                     2**128]),
    st.builds(np.uint64, st.integers(0, 2**64 - 1)),
    st.builds(np.int8, st.integers(-128, 127)),
)
scalars = st.one_of(
    integers, st.booleans(), st.floats(allow_nan=True), st.text(max_size=4),
    st.none(), st.binary(max_size=40), st.just(np.bool_(True)),
    st.just(object()),
)


def arrays(length):
    dtypes = st.sampled_from([np.uint8, np.int8, np.uint32, np.int64,
                              np.uint64, np.float64, bool, object])
    lengths = st.sampled_from([0, 1, length - 1, length, length + 1])
    return st.builds(lambda d, n, v: np.full(n, v % 256).astype(d),
                     dtypes, lengths, st.integers(0, 2**40))


anything = st.one_of(
    scalars,
    st.lists(st.one_of(st.integers(-5, 2**65), st.booleans()), max_size=40),
    arrays(32),
    st.builds(lambda b: memoryview(np.frombuffer(b, np.uint8)),
              st.binary(min_size=0, max_size=64)),
)


def constructor_kwargs(spec):
    keys = st.one_of(anything, st.binary(min_size=0,
                                         max_size=spec.key_bytes + 1))
    kwargs = {"seed": st.one_of(st.none(), anything), "key": keys}
    if spec.has_streams:
        kwargs.update(stream=anything)
    if spec.seekable:
        kwargs.update(word_pos=anything)
    return st.fixed_dictionaries({}, optional=kwargs)


@pytest.mark.parametrize("spec", FAMILIES, ids=[f.name for f in FAMILIES])
def test_constructors_accept_or_refuse_cleanly(spec):
    @FUZZ
    @given(constructor_kwargs(spec))
    def check(kwargs):
        try:
            bitgen = spec.cls(**kwargs)
        except (TypeError, ValueError):
            return
        assert isinstance(bitgen.random_raw(), int)

    check()


def state_values(spec, good):
    """Mutations of a valid state: one field replaced, keys added or lost."""
    inner = good["state"]

    def replaced(field, value):
        return {**good, "state": {**inner, field: value}}

    def array_like(field):
        n = np.size(inner[field])
        return st.one_of(anything, arrays(n))

    field_mutation = st.sampled_from(sorted(inner)).flatmap(
        lambda f: array_like(f).map(lambda v: replaced(f, v)))
    dropped = st.sampled_from(sorted(inner)).map(
        lambda f: {**good, "state": {k: v for k, v in inner.items()
                                     if k != f}})
    outer = st.dictionaries(st.sampled_from(
        ["bit_generator", "state", "has_gauss", "gauss", "other"]),
        anything, max_size=3).map(lambda extra: {**good, **extra})
    return st.one_of(field_mutation, dropped, outer, anything)


@pytest.mark.parametrize("spec", FAMILIES, ids=[f.name for f in FAMILIES])
def test_state_setters_refuse_cleanly_and_leave_the_generator(spec):
    good = spec.cls(81).state

    @FUZZ
    @given(state_values(spec, good))
    def check(value):
        bitgen = spec.cls(82)
        bitgen.random_raw(3)
        twin = copy.deepcopy(bitgen)
        try:
            bitgen.state = value
        except (TypeError, ValueError):
            np.testing.assert_array_equal(bitgen.random_raw(20),
                                          twin.random_raw(20))
            return
        # Taken: the generator now follows the state it was given.
        follower = spec.cls(83)
        follower.state = bitgen.state
        np.testing.assert_array_equal(bitgen.random_raw(20),
                                      follower.random_raw(20))

    check()
