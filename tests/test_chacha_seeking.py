"""Seeking laws of the ChaCha generators, as properties (hypothesis)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from chacharand import ChaCha8, ChaCha12, ChaCha20

pytestmark = pytest.mark.numpy_protocol

KEY = bytes(range(32))
WORD_POS_LIMIT = 2**68
classes = st.sampled_from([ChaCha8, ChaCha12, ChaCha20])
streams = st.integers(0, 2**64 - 1)
# Positions anywhere, and near the places where carries happen.
word_positions = st.one_of(
    st.integers(0, WORD_POS_LIMIT - 1),
    st.integers(0, 600),
    st.integers(-600, 600).map(lambda d: (16 * 2**32 + d) % WORD_POS_LIMIT),
    st.integers(1, 600).map(lambda d: WORD_POS_LIMIT - d),
)
# Two deltas add up to less than the 2**128 limit of advance().
deltas = st.one_of(st.integers(0, 2**127 - 1), st.integers(0, 2000))


def words(bitgen, n):
    """The next n keystream words, in order."""
    return np.frombuffer(bitgen.random_bytes(4 * n), dtype="<u4")


@settings(max_examples=60, deadline=None)
@given(cls=classes, stream=streams, start=word_positions, a=deltas, b=deltas)
def test_advance_composes(cls, stream, start, a, b):
    one = cls(key=KEY, stream=stream, word_pos=start).advance(a).advance(b)
    two = cls(key=KEY, stream=stream, word_pos=start).advance(a + b)
    assert one.word_pos == two.word_pos == (start + 2 * (a + b)) % 2**68
    np.testing.assert_array_equal(one.random_raw(40), two.random_raw(40))


@settings(max_examples=60, deadline=None)
@given(cls=classes, stream=streams, start=word_positions,
       skip=st.integers(0, 700))
def test_word_pos_equals_drawing_and_skipping(cls, stream, start, skip):
    drawn = words(cls(key=KEY, stream=stream, word_pos=start), skip + 50)
    seeked = cls(key=KEY, stream=stream, word_pos=(start + skip) % 2**68)
    np.testing.assert_array_equal(words(seeked, 50), drawn[skip:])


@settings(max_examples=40, deadline=None)
@given(cls=classes, stream=streams, start=word_positions,
       skip=st.integers(0, 700))
def test_advance_equals_drawing(cls, stream, start, skip):
    drawn = cls(key=KEY, stream=stream, word_pos=start)
    drawn.random_raw(skip)
    jumped = cls(key=KEY, stream=stream, word_pos=start).advance(skip)
    assert drawn.word_pos == jumped.word_pos
    np.testing.assert_array_equal(drawn.random_raw(30), jumped.random_raw(30))


@settings(max_examples=40, deadline=None)
@given(cls=classes, stream=streams, start=word_positions,
       jumps=st.integers(0, 2**64 - 1))
def test_jumped_is_a_fresh_generator_on_a_later_stream(cls, stream, start,
                                                      jumps):
    original = cls(key=KEY, stream=stream, word_pos=start)
    jumped = original.jumped(jumps)
    fresh = cls(key=KEY, stream=(stream + jumps) % 2**64, word_pos=start)
    assert jumped.stream == fresh.stream and jumped.word_pos == start
    np.testing.assert_array_equal(jumped.random_raw(20), fresh.random_raw(20))
    assert original.stream == stream and original.word_pos == start


@settings(max_examples=40, deadline=None)
@given(cls=classes, start=word_positions, first=streams, second=streams,
       drawn=st.integers(0, 300))
def test_setting_stream_keeps_position(cls, start, first, second, drawn):
    bitgen = cls(key=KEY, stream=first, word_pos=start)
    bitgen.random_bytes(4 * drawn)
    bitgen.stream = second
    position = (start + drawn) % 2**68
    assert bitgen.word_pos == position
    fresh = cls(key=KEY, stream=second, word_pos=position)
    np.testing.assert_array_equal(words(bitgen, 20), words(fresh, 20))


@pytest.mark.parametrize("cls", [ChaCha8, ChaCha12, ChaCha20])
def test_block_counter_wraps_within_the_stream(cls):
    """Past block 2**64 - 1 comes block 0 of the same stream."""
    end = cls(key=KEY, stream=9, word_pos=WORD_POS_LIMIT - 6)
    start = cls(key=KEY, stream=9, word_pos=0)
    out = words(end, 20)
    np.testing.assert_array_equal(out[6:], words(start, 14))
    assert end.word_pos == 14


def test_jumped_streams_differ():
    base = ChaCha8(7)
    outputs = {base.jumped(i).random_raw(4).tobytes() for i in range(16)}
    assert len(outputs) == 16


def test_advance_returns_self():
    bitgen = ChaCha20(1)
    assert bitgen.advance(3) is bitgen


@pytest.mark.parametrize("name, value, exc", [
    ("stream", -1, ValueError), ("stream", 2**64, ValueError),
    ("stream", 1.5, TypeError), ("stream", True, TypeError),
    ("word_pos", -1, ValueError), ("word_pos", 2**68, ValueError),
    ("word_pos", "3", TypeError),
])
def test_bad_constructor_positions(name, value, exc):
    with pytest.raises(exc, match=name):
        ChaCha20(1, **{name: value})


@pytest.mark.parametrize("name, value, exc", [
    ("stream", -1, ValueError), ("stream", 2**64, ValueError),
    ("stream", None, TypeError), ("word_pos", -1, ValueError),
    ("word_pos", 2**68, ValueError), ("word_pos", 2.0, TypeError),
])
def test_bad_position_setters_leave_generator_unchanged(name, value, exc):
    bitgen, twin = ChaCha12(3), ChaCha12(3)
    bitgen.random_raw(3)
    twin.random_raw(3)
    with pytest.raises(exc, match=name):
        setattr(bitgen, name, value)
    np.testing.assert_array_equal(bitgen.random_raw(10), twin.random_raw(10))


@pytest.mark.parametrize("method, value, exc", [
    ("advance", 1.0, TypeError), ("advance", True, TypeError),
    ("jumped", "1", TypeError), ("jumped", None, TypeError),
])
def test_bad_seek_arguments(method, value, exc):
    bitgen, twin = ChaCha8(3), ChaCha8(3)
    name = "delta" if method == "advance" else "jumps"
    with pytest.raises(exc, match=name):
        getattr(bitgen, method)(value)
    np.testing.assert_array_equal(bitgen.random_raw(10), twin.random_raw(10))


def test_read_only_properties():
    bitgen = ChaCha20(key=KEY)
    assert bitgen.key == KEY and bitgen.rounds == 20
    assert ChaCha8(1).rounds == 8 and ChaCha12(1).rounds == 12
    with pytest.raises(AttributeError):
        bitgen.key = bytes(32)
    with pytest.raises(AttributeError):
        bitgen.rounds = 8


def test_backend_names():
    import chacharand
    bitgen = ChaCha8(1)
    assert bitgen.backend == chacharand.default_chacha_backend()
    assert "portable" in chacharand.chacha_backends()
    with pytest.raises(ValueError, match="backend"):
        bitgen.backend = "mmx"
    with pytest.raises(TypeError, match="backend"):
        bitgen.backend = 3
