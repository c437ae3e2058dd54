"""advance takes any integer and wraps, as numpy's does; jumped takes any
integer modulo the stream count; discarding draws seeks where the family
can seek.
"""
import numpy as np
import pytest

from _support.families import SEEKABLE, WITH_STREAMS, same_stream

pytestmark = pytest.mark.numpy_protocol


@pytest.mark.parametrize("cls", SEEKABLE, ids=lambda c: c.__name__)
def test_advance_takes_any_integer_and_wraps(cls):
    period = 2**68            # words
    for delta in (-1, -(2**70) - 5, 2**200 + 7, 2**67, np.int64(-3)):
        bitgen = cls(41, word_pos=1000)
        assert bitgen.advance(delta) is bitgen
        assert bitgen.word_pos == (1000 + 2 * int(delta)) % period
    bitgen = cls(41)
    reference = bitgen.random_raw(5)
    bitgen.advance(-5)
    np.testing.assert_array_equal(bitgen.random_raw(5), reference)
    for bad in (1.0, "1", True, None):
        with pytest.raises(TypeError, match="delta"):
            bitgen.advance(bad)


@pytest.mark.parametrize("cls", WITH_STREAMS, ids=lambda c: c.__name__)
def test_jumped_takes_any_integer_modulo_the_stream_count(cls):
    assert cls(1, stream=0).jumped(-1).stream == 2**64 - 1
    assert cls(1, stream=5).jumped(2**64 + 1).stream == 6
    with pytest.raises(TypeError, match="jumps"):
        cls(1).jumped(1.5)


@pytest.mark.parametrize("cls", SEEKABLE, ids=lambda c: c.__name__)
def test_discarding_draws_seeks(cls):
    # 2**66 draws would take years to make one by one.
    bitgen = cls(42, word_pos=6)
    assert bitgen.random_raw(2**66, output=False) is None
    assert bitgen.word_pos == (6 + 2**67) % 2**68
    twin = cls(42, word_pos=6)
    twin.random_raw(12345)
    bitgen = cls(42, word_pos=6)
    bitgen.random_raw(12345, output=False)
    same_stream(bitgen, twin)
