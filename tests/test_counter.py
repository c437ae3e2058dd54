"""chacharand.CounterGenerator on the CPU: every method against its
documented definition (tests/_support/cuda_reference.py, pure Python) or
numpy's own numbers, size tuples and out=, any part of a draw computed
alone, many streams in one call, the C method table, and Ctrl-C.
"""
import functools
import signal

import numpy as np
import pytest

import chacharand
from chacharand import CounterGenerator, _counter
from chacharand._counter_generator import METHODS
from _support import cuda_reference as ref
from _support.alarm import Alarm
from _support.cuda_cases import FAMILIES, make, words


def gen_at(word_pos, family=FAMILIES[0], stream=2**63 + 5):
    bg = make(family, word_pos, stream)
    return CounterGenerator(bg), bg


# name: (call(gen, size, **kw), reference (element function, K), dtype)
CALLS = {
    "random_raw": (lambda g, s, **k: g.random_raw(s, **k),
                   (lambda w: ref.u64(w[0], w[1]), 2), np.uint64),
    "random-f64": (lambda g, s, **k: g.random(s, **k),
                   (lambda w: (ref.u64(w[0], w[1]) >> 11) * ref.TWO_M53, 2),
                   np.float64),
    "random-f32": (lambda g, s, **k: g.random(s, np.float32, **k),
                   (lambda w: np.float32((w[0] >> 8) * 2.0**-24), 1),
                   np.float32),
    "uniform-f64": (lambda g, s, **k: g.uniform(-1.5, 4.0, s, **k),
                    ref.uniform(np.float64, -1.5, 4.0), np.float64),
    "uniform-f32": (lambda g, s, **k: g.uniform(2.0, 3.0, s, np.float32, **k),
                    ref.uniform(np.float32, 2.0, 3.0), np.float32),
    "standard_normal-f64": (lambda g, s, **k: g.standard_normal(s, **k),
                            ref.normal(np.float64), np.float64),
    "standard_normal-f32": (
        lambda g, s, **k: g.standard_normal(s, np.float32, **k),
        ref.normal(np.float32), np.float32),
    "normal-f64": (lambda g, s, **k: g.normal(3.0, 0.25, s, **k),
                   ref.normal(np.float64, 3.0, 0.25), np.float64),
    "normal-f32": (lambda g, s, **k: g.normal(-1.0, 2.0, s, np.float32, **k),
                   ref.normal(np.float32, -1.0, 2.0), np.float32),
    "standard_exponential-f64": (
        lambda g, s, **k: g.standard_exponential(s, **k),
        ref.exponential(np.float64), np.float64),
    "standard_exponential-f32": (
        lambda g, s, **k: g.standard_exponential(s, np.float32, **k),
        ref.exponential(np.float32), np.float32),
    "exponential-f64": (lambda g, s, **k: g.exponential(2.5, s, **k),
                        ref.exponential(np.float64, 2.5), np.float64),
    "exponential-f32": (
        lambda g, s, **k: g.exponential(0.5, s, np.float32, **k),
        ref.exponential(np.float32, 0.5), np.float32),
    "integers-int64": (lambda g, s, **k: g.integers(-5, 1000, s, **k),
                       ref.integers(-5, 999), np.int64),
    "integers-int8-endpoint": (
        lambda g, s, **k: g.integers(-128, 127, s, np.int8, True, **k),
        ref.integers(-128, 127), np.int8),
    "integers-uint16": (
        lambda g, s, **k: g.integers(3, 60000, s, np.uint16, **k),
        ref.integers(3, 59999), np.uint16),
    "integers-int32-wide": (
        lambda g, s, **k: g.integers(-2**31, 2**31, s, np.int32, **k),
        ref.integers(-2**31, 2**31 - 1), np.int32),
    "integers-uint32-2**32": (
        lambda g, s, **k: g.integers(0, 2**32, s, np.uint32, **k),
        ref.integers(0, 2**32 - 1), np.uint32),
    "integers-uint64-wide": (
        lambda g, s, **k: g.integers(7, 3 * 2**40 + 1, s, np.uint64, **k),
        ref.integers(7, 3 * 2**40), np.uint64),
    "integers-uint8-wide-full": (
        lambda g, s, **k: g.integers(0, 2**8, s, np.uint8, **k),
        ref.integers(0, 255), np.uint8),
    "integers-int64-full": (
        lambda g, s, **k: g.integers(-2**63, 2**63, s, np.int64, **k),
        ref.integers(-2**63, 2**63 - 1), np.int64),
}


def expected(name, word_pos, n, stream=2**63 + 5, family=FAMILIES[0]):
    """The reference's n elements of CALLS[name] from word_pos."""
    _, (element, k), dtype = CALLS[name]
    values = ref.apply(element, k, words(family, word_pos, k * n, stream), n)
    return np.array([v % 2**64 if isinstance(v, int) else v
                     for v in values], dtype=object), k, dtype


def as_expected(values, dtype):
    if np.dtype(dtype).kind in "iu":
        bits = np.array([int(v) for v in values], dtype=np.uint64)
        return bits.astype(np.dtype(dtype).str.replace("i", "u")).view(dtype)
    return np.array([float(v) for v in values]).astype(dtype)


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("word_pos", [1, (2**32 - 1) * 16 + 13, 2**68 - 7,
                                      0, (2**32 - 2) * 16, 2**68 - 64])
def test_every_method_follows_its_definition(name, word_pos):
    call, _, dtype = CALLS[name]
    shape = (3, 7, 11)
    n = 3 * 7 * 11
    gen, bg = gen_at(word_pos)
    got = call(gen, shape)
    want, k, dtype = expected(name, word_pos, n)
    assert got.shape == shape and got.dtype == dtype
    np.testing.assert_array_equal(got.reshape(-1), as_expected(want, dtype))
    assert bg.word_pos == (word_pos + k * n) % 2**68


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("word_pos", [0, (2**32 - 3) * 16])
def test_draws_from_a_block_start_over_many_chunks(name, word_pos):
    """From the start of a block, an element as wide as its words is made
    where its words were written (in out); the others through a buffer.
    Both against the reference at the ends and the chunk edges (1024
    elements), across the 2**32 block carry, and against the same elements
    drawn from an offset (a part starting at element 1 is off the block
    start, so it takes the buffer)."""
    call = CALLS[name][0]
    n = 2 * 1024 + 37
    gen, bg = gen_at(word_pos)
    got = call(gen, n)
    k = k_of(name)
    for start, count in ((0, 20), (1020, 8), (2040, n - 2040)):
        want, _, dtype = expected(name, (word_pos + k * start) % 2**68, count)
        np.testing.assert_array_equal(got[start:start + count],
                                      as_expected(want, dtype))
    np.testing.assert_array_equal(got[1:], call(gen_at(word_pos)[0].part[1:],
                                                n))
    assert bg.word_pos == word_pos + k * n


@pytest.mark.parametrize("name", ["random_raw", "random-f64", "random-f32",
                                  "uniform-f64"])
def test_numpys_numbers_at_any_position(name):
    for word_pos in (0, 3, 2**40 + 9):
        gen, bg = gen_at(word_pos)
        npy = np.random.Generator(make(FAMILIES[1], word_pos))
        gen = CounterGenerator(make(FAMILIES[1], word_pos))
        mine, theirs = {
            "random_raw": (gen.random_raw(999), npy.bit_generator.random_raw(
                999)),
            "random-f64": (gen.random(999), npy.random(999)),
            "random-f32": (gen.random(999, np.float32),
                           npy.random(999, np.float32)),
            "uniform-f64": (gen.uniform(-2, 5, 999), npy.uniform(-2, 5, 999)),
        }[name]
        np.testing.assert_array_equal(mine, theirs)
        assert gen.bit_generator.word_pos == npy.bit_generator.word_pos


def test_bytes_are_random_bytes():
    for n in (0, 1, 5, 4096 * 4 + 3):
        gen, bg = gen_at(7)
        cpu = make(FAMILIES[0], 7)
        assert gen.bytes(n).tobytes() == cpu.random_bytes(n)
        assert bg.word_pos == cpu.word_pos


@pytest.mark.parametrize("name", sorted(CALLS))
def test_out_is_filled_and_returned(name):
    call, _, dtype = CALLS[name]
    gen, bg = gen_at(5)
    out = np.empty((4, 6), dtype=dtype)
    assert call(gen, None, out=out) is out
    again, _ = gen_at(5)
    np.testing.assert_array_equal(out, call(again, (4, 6)))
    assert bg.word_pos == again.bit_generator.word_pos


BAD_OUT = [
    (lambda g: g.standard_normal(out=np.empty(3, np.float32)), TypeError,
     "out must have dtype float64"),
    (lambda g: g.integers(0, 9, out=np.empty(3, np.uint8)), TypeError,
     "out must have dtype int64"),
    (lambda g: g.exponential(1.0, 4, out=np.empty(3)), ValueError,
     "size must match out.shape"),
    (lambda g: g.standard_exponential(out=np.empty(6)[::2]), ValueError,
     "C-contiguous"),
    (lambda g: g.uniform(out=np.frombuffer(bytes(24))), ValueError,
     "C-contiguous and writeable"),
    (lambda g: g.random(out=np.frombuffer(bytearray(25), np.uint8)[1:]
                        .view(np.float64)), ValueError, "aligned"),
    (lambda g: g.normal(out=[0.0]), TypeError, "numpy array"),
    (lambda g: g.exponential(-1.0, 3), ValueError, "scale must be >= 0"),
    (lambda g: g.exponential(np.ones(2), 3), TypeError, "scale must be"),
    (lambda g: g.standard_exponential(3, np.int32), TypeError,
     "Unsupported dtype"),
    (lambda g: g.streams([1, -1]), ValueError, r"streams must be in"),
    (lambda g: g.streams([1.5]), TypeError, "streams must be an integer"),
    (lambda g: g.streams(5), TypeError, "streams must be a 1-D sequence"),
    (lambda g: g.streams([[1, 2]]), TypeError, "streams must be"),
    (lambda g: g.part[1.5].random(3), TypeError, "part indices"),
    (lambda g: g.part[3].random(3), IndexError, "out of bounds"),
    (lambda g: g.part[0, 0].random(3), IndexError, "too many indices"),
    (lambda g: g.part[0:2].random(3, out=np.empty(3)), ValueError,
     "out must have shape"),
    (lambda g: g.streams([1, 2]).random(3, out=np.empty(3)), ValueError,
     "out must have shape"),
    (lambda g: CounterGenerator(chacharand.ChaCha8Rand(1)), TypeError,
     "bit_generator must be a ChaCha8"),
    (lambda g: CounterGenerator(g.bit_generator, device="gpu"), ValueError,
     "device must be"),
]


@pytest.mark.parametrize("call, error, message", BAD_OUT)
def test_bad_arguments_leave_the_generator_unchanged(call, error, message):
    gen, bg = gen_at(9)
    before = bg.state
    with pytest.raises(error, match=message):
        call(gen)
    assert bg.state == before


# ---- any part alone ----------------------------------------------------------

PART_CASES = [
    ((1000,), np.s_[10:20]),
    ((1000,), np.s_[-3:]),
    ((1000,), np.s_[995]),
    ((1000,), np.s_[::7]),
    ((20, 30), np.s_[3:9, 4:29]),
    ((20, 30), np.s_[:, 7]),
    ((20, 30), np.s_[5]),
    ((20, 30), np.s_[2:4, ::-3]),
    ((4, 5, 6), np.s_[1:3, :, 2:5]),
    ((4, 5, 6), np.s_[0:0]),
    ((), ()),
]


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("shape, index", PART_CASES)
def test_a_part_is_the_draw_indexed(name, shape, index):
    call = CALLS[name][0]
    gen, bg = gen_at(2**36 + 3)
    before = bg.state
    part = call(gen.part[index], shape)
    assert bg.state == before   # a part does not move the generator
    full = call(gen_at(2**36 + 3)[0], shape)
    np.testing.assert_array_equal(part, full[index])
    out = np.empty_like(full[index])
    assert call(gen.part[index], shape, out=out) is out
    np.testing.assert_array_equal(out, full[index])


@pytest.mark.parametrize("name", ["standard_normal-f64", "integers-uint64-wide",
                                  "random-f32", "exponential-f32"])
def test_a_part_of_a_huge_draw_costs_only_the_part(name):
    """Elements near the end of a draw of 10**17 elements (which could
    never be computed whole) are the reference's at word_pos + K*i."""
    call = CALLS[name][0]
    n = 10**17
    word_pos = 2**68 - 1001
    gen, bg = gen_at(word_pos)
    got = call(gen.part[n - 5:], n)
    want, k, dtype = expected(name, (word_pos + k_of(name) * (n - 5)) % 2**68,
                              5)
    np.testing.assert_array_equal(got, as_expected(want, dtype))
    assert bg.word_pos == word_pos


def k_of(name):
    return CALLS[name][1][1]


# ---- many streams in one call ---------------------------------------------------

@pytest.mark.parametrize("name", sorted(CALLS))
def test_row_j_is_the_draw_on_stream_j(name):
    call = CALLS[name][0]
    streams = [0, 1, 2**64 - 1, 5, 5, 2**40]
    word_pos = (2**32 - 1) * 16 + 11
    gen, bg = gen_at(word_pos)
    got = call(gen.streams(streams), (3, 700))
    assert got.shape == (len(streams), 3, 700)
    for j, stream in enumerate(streams):
        one = call(gen_at(word_pos, stream=stream)[0], (3, 700))
        np.testing.assert_array_equal(got[j], one)
    # The generator moves on by one row's words, as a draw would.
    assert bg.word_pos == (word_pos + k_of(name) * 2100) % 2**68


def test_many_streams_reference_and_numpy():
    gen, _ = gen_at(2**68 - 3)
    got = gen.streams(np.array([3, 9], dtype=np.uint64)).random_raw(4)
    for j, stream in enumerate([3, 9]):
        np.testing.assert_array_equal(
            got[j], make(FAMILIES[0], 2**68 - 3, stream).random_raw(4))
    assert gen.streams([]).random(5).shape == (0, 5)
    assert gen.streams([1]).random_raw(0).shape == (1, 0)


# Many streams of a few values: the C code draws them with the streams in the
# SIMD lanes of the bit generator's backend.  Stream ids with either half
# zero or all ones, then spread ones; positions mid-block, across the 2**32
# counter carry, and across the 2**68 wrap.
SHORT_IDS = [0, 2**64 - 1, 1, 2**32, 2**32 - 1] + [
    (j * 0x9E3779B97F4A7C15) % 2**64 for j in range(5, 1000)]
SHORT_POSITIONS = [5, (2**32 - 1) * 16 + 13, 2**68 - 7]


@functools.lru_cache(maxsize=None)
def single_stream_rows(name, word_pos):
    """17 values of CALLS[name] on each of SHORT_IDS, one stream at a time
    (the block kernel's path)."""
    call = CALLS[name][0]
    return np.stack([call(gen_at(word_pos, stream=s)[0], 17)
                     for s in SHORT_IDS])


@pytest.mark.parametrize("backend", chacharand.chacha_backends())
@pytest.mark.parametrize("word_pos", SHORT_POSITIONS)
@pytest.mark.parametrize("name", sorted(CALLS))
def test_many_short_streams_are_the_single_stream_draws(name, word_pos,
                                                        backend):
    call = CALLS[name][0]
    want = single_stream_rows(name, word_pos)
    for nstreams in (1, 7, 64, 1000):
        for m in (1, 2, 3, 17):
            gen, bg = gen_at(word_pos)
            bg.backend = backend
            got = call(gen.streams(SHORT_IDS[:nstreams]), m)
            np.testing.assert_array_equal(got, want[:nstreams, :m])
            assert bg.word_pos == (word_pos + k_of(name) * m) % 2**68


# ---- the method table and the interrupts -------------------------------------

def test_the_method_table_comes_from_c():
    """Every method the generator calls is in the C table with the words
    the documentation gives, and nothing else is."""
    words = {"words32": 1, "raw64": 2, "random_f64": 2, "random_f32": 1,
             "uniform_f64": 2, "uniform_f32": 1, "normal_f64": 4,
             "normal_f32": 2, "exponential_f64": 2, "exponential_f32": 1}
    for size in ("u8", "u16", "u32", "u64"):
        words[f"integers_narrow_{size}"] = 2
        words[f"integers_wide_{size}"] = 4
    assert {name: k for name, (_, k, _, _) in METHODS.items()} == words
    assert [i for i, *_ in METHODS.values()] == list(range(len(METHODS)))
    assert _counter.narrow_range_max() == 2**32 - 1


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no setitimer")
@pytest.mark.parametrize("call", [
    lambda g: g.standard_normal(2**25),
    lambda g: g.streams(range(64)).standard_exponential(2**19),
    lambda g: g.random_raw(out=np.empty(2**25, np.uint64)),
], ids=["standard_normal", "streams", "random_raw_out"])
def test_ctrl_c_stops_a_fill_and_leaves_the_generator(call):
    gen, bg = gen_at(21)
    with Alarm(0.05) as alarm:
        with pytest.raises(KeyboardInterrupt):
            call(gen)
    assert alarm.fired is not None
    assert bg.word_pos == 21
    np.testing.assert_array_equal(bg.random_raw(3),
                                  make(FAMILIES[0], 21).random_raw(3))


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
def test_every_round_count(family):
    gen = CounterGenerator(make(family, 13))
    want, _, dtype = expected("standard_normal-f64", 13, 50, family=family)
    np.testing.assert_array_equal(gen.standard_normal(50),
                                  as_expected(want, dtype))
