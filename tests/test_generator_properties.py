"""chacharand.Generator returns exactly NumPy's numbers: a property test.

Hypothesis picks a family, a starting position (in 32-bit draws, so odd
positions and ISAAC64's pending half words occur), a method, its dtype,
its bounds and a size, and chains two calls so the second starts wherever
the first left the generator; generator_twins compares with NumPy.
"""
import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings, strategies as st

from _support.generator_twins import FAMILY_CLASSES, check_twins, positioned

# Run on every NumPy version of the test matrix: the identity is with the
# installed NumPy.
pytestmark = pytest.mark.numpy_protocol

INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
              np.uint32, np.uint64, np.bool_]

sizes = st.one_of(st.none(), st.integers(0, 1100),
                  st.tuples(st.integers(0, 20), st.integers(0, 40)))


@st.composite
def integer_calls(draw):
    dtype = draw(st.sampled_from(INT_DTYPES))
    if dtype is np.bool_:
        lo, hi = 0, 1
    else:
        info = np.iinfo(dtype)
        lo, hi = int(info.min), int(info.max)
    low = draw(st.integers(lo, hi))
    # Ranges of every width, the awkward ones (just above a power of two,
    # many rejections) included.
    width = draw(st.one_of(st.integers(0, hi - low),
                           st.sampled_from([0, 1, 2, 255, 256, 257,
                                            2**16 + 1, 2**31 + 1, 2**32 - 1,
                                            2**32, 2**32 + 1, 2**63 + 1])))
    high = min(low + width, hi)
    endpoint = draw(st.booleans())
    if not endpoint:
        high += 1
    return ("integers", (low, high), {"dtype": dtype, "endpoint": endpoint})


float_calls = st.one_of(
    st.tuples(st.sampled_from(["random", "standard_normal",
                               "standard_exponential"]),
              st.just(()),
              st.fixed_dictionaries({"dtype": st.sampled_from(
                  [np.float64, np.float32])})),
    st.tuples(st.just("standard_exponential"), st.just(()),
              st.fixed_dictionaries({"dtype": st.sampled_from(
                  [np.float64, np.float32]), "method": st.just("inv")})),
    st.tuples(st.just("uniform"),
              st.tuples(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6)).map(
                  lambda t: (min(t), max(t))),
              st.just({})),
    st.tuples(st.just("normal"),
              st.tuples(st.floats(-1e6, 1e6), st.floats(0, 1e6)),
              st.just({})),
)

calls = st.one_of(integer_calls(), float_calls)


@settings(max_examples=300, deadline=None)
@given(family=st.sampled_from(FAMILY_CLASSES),
       position=st.integers(0, 600),
       first=calls, second=calls, size1=sizes, size2=sizes)
def test_any_call_equals_numpys(family, position, first, second, size1,
                                size2):
    bitgen = positioned(family, 99, position)
    for (method, args, kwargs), size in ((first, size1), (second, size2)):
        check_twins(bitgen, method, *args, size=size, fast=True, **kwargs)


@settings(max_examples=60, deadline=None)
@given(family=st.sampled_from(FAMILY_CLASSES),
       position=st.integers(0, 600), length=st.integers(0, 3000))
def test_bytes_equal_numpys(family, position, length):
    check_twins(positioned(family, 98, position), "bytes", length,
                fast=True)
