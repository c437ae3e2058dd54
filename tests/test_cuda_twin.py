"""chacharand.cuda.Generator(bg, device="cpu"), the CPU twin of the GPU.

random_raw, random and bytes must be the bit generator's and numpy's own
numbers at any position, leaving the bit generator where the CPU draw
would; the counter-based transforms must follow their documented
definitions bit for bit (tests/_support/cuda_reference.py, pure Python) and use
exactly their words.
"""
import numpy as np
import pytest

import chacharand.cuda as cuda
from _support import cuda_reference as ref
from _support.cuda_cases import FAMILIES, POSITIONS, SIZES, make, words


def twin(family, word_pos):
    bg = make(family, word_pos)
    return cuda.Generator(bg, device="cpu"), bg


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("word_pos", POSITIONS)
@pytest.mark.parametrize("n", SIZES)
def test_identical_methods_equal_the_cpu(family, word_pos, n):
    gen, bg = twin(family, word_pos)
    cpu = make(family, word_pos)
    np.testing.assert_array_equal(gen.random_raw(n), cpu.random_raw(n))
    assert bg.word_pos == cpu.word_pos
    np.testing.assert_array_equal(
        gen.random(n), np.random.Generator(cpu).random(n))
    assert bg.word_pos == cpu.word_pos
    got = gen.random(n, dtype=np.float32)
    assert got.dtype == np.float32
    np.testing.assert_array_equal(
        got, np.random.Generator(cpu).random(n, dtype=np.float32))
    assert bg.word_pos == cpu.word_pos
    assert gen.bytes(n).tobytes() == cpu.random_bytes(n)
    assert bg.word_pos == cpu.word_pos


def test_shapes_out_and_zero_d():
    gen, bg = twin(FAMILIES[0], 3)
    cpu = make(FAMILIES[0], 3)
    assert gen.random_raw().shape == ()
    cpu.random_raw()
    out = np.empty((3, 5), dtype=np.float32)
    assert gen.random(out=out, dtype=np.float32) is out
    np.testing.assert_array_equal(
        out, np.random.Generator(cpu).random((3, 5), dtype=np.float32))
    got = gen.random_raw((2, 0, 4))
    assert got.shape == (2, 0, 4) and bg.word_pos == cpu.word_pos
    assert gen.bytes(0).size == 0 and bg.word_pos == cpu.word_pos


def test_uniform_float64_is_numpys():
    gen, bg = twin(FAMILIES[2], 2**36 - 3)
    cpu = make(FAMILIES[2], 2**36 - 3)
    np.testing.assert_array_equal(
        gen.uniform(-2.5, 7.0, 999),
        np.random.Generator(cpu).uniform(-2.5, 7.0, 999))
    assert bg.word_pos == cpu.word_pos


TRANSFORMS = {
    "standard_normal-f64": (lambda g, n: g.standard_normal(n),
                            lambda: ref.normal(np.float64)),
    "standard_normal-f32": (lambda g, n: g.standard_normal(n, np.float32),
                            lambda: ref.normal(np.float32)),
    "normal-f64": (lambda g, n: g.normal(3.0, 0.25, n),
                   lambda: ref.normal(np.float64, 3.0, 0.25)),
    "normal-f32": (lambda g, n: g.normal(-1.0, 2.0, n, np.float32),
                   lambda: ref.normal(np.float32, -1.0, 2.0)),
    "uniform-f64": (lambda g, n: g.uniform(-1.5, 4.0, n),
                    lambda: ref.uniform(np.float64, -1.5, 4.0)),
    "uniform-f32": (lambda g, n: g.uniform(2.0, 3.0, n, np.float32),
                    lambda: ref.uniform(np.float32, 2.0, 3.0)),
    "integers-small": (lambda g, n: g.integers(-5, 1000, n),
                       lambda: ref.integers(-5, 999)),
    "integers-int8-endpoint": (
        lambda g, n: g.integers(-128, 127, n, np.int8, endpoint=True),
        lambda: ref.integers(-128, 127)),
    "integers-2**32": (lambda g, n: g.integers(0, 2**32, n, np.uint32),
                       lambda: ref.integers(0, 2**32 - 1)),
    "integers-wide": (lambda g, n: g.integers(7, 3 * 2**40 + 1, n),
                      lambda: ref.integers(7, 3 * 2**40)),
    "integers-int64-full": (
        lambda g, n: g.integers(-2**63, 2**63, n, np.int64),
        lambda: ref.integers(-2**63, 2**63 - 1)),
    "integers-uint64-full": (
        lambda g, n: g.integers(0, 2**64 - 1, n, np.uint64, endpoint=True),
        lambda: ref.integers(0, 2**64 - 1)),
    "integers-uint16-one-value": (
        lambda g, n: g.integers(9, 10, n, np.uint16),
        lambda: ref.integers(9, 9)),
}


@pytest.mark.parametrize("name", sorted(TRANSFORMS))
@pytest.mark.parametrize("word_pos", (1, (2**32 - 1) * 16 + 13, 2**68 - 7))
def test_transforms_follow_their_definitions(name, word_pos):
    draw, reference = TRANSFORMS[name]
    element, k = reference()
    n = 3000
    gen, bg = twin(FAMILIES[0], word_pos)
    got = draw(gen, n)
    expected = ref.apply(element, k, words(FAMILIES[0], word_pos, k * n), n)
    assert got.tolist() == [v.item() if isinstance(v, np.generic) else v
                            for v in expected]
    assert bg.word_pos == (word_pos + k * n) % 2**68


def test_normal_edge_words():
    """u = 1 (log 0), the smallest u, and every quadrant boundary."""
    for k in (1, 2, 3, 2**53 - 1, 2**53):
        assert ref.log_fixed(k, 53) <= 0.0
    gen = cuda.Generator(make(FAMILIES[0], 0), device="cpu")
    first = gen.standard_normal(1)[0]
    element, _ = ref.normal(np.float64)
    assert first == element([int(w) for w in words(FAMILIES[0], 0, 4)])


def test_float32_normals_round_the_double_once():
    gen, _ = twin(FAMILIES[1], 5)
    z32 = gen.standard_normal(500, np.float32)
    w = words(FAMILIES[1], 5, 1000)
    z64 = [ref.normal_from_2_words([int(w[2 * i]), int(w[2 * i + 1])])
           for i in range(500)]
    np.testing.assert_array_equal(z32, np.array(z64).astype(np.float32))


def test_methods_in_sequence_continue_the_stream():
    """A float32 draw of odd length leaves an odd position; the next draws
    start there."""
    gen, bg = twin(FAMILIES[0], 0)
    cpu = make(FAMILIES[0], 0)
    gen.random(3, dtype=np.float32)
    np.random.Generator(cpu).random(3, dtype=np.float32)
    gen.standard_normal(5)
    cpu.advance(10)  # 5 normals, 4 words each: 10 64-bit draws
    np.testing.assert_array_equal(gen.random_raw(9), cpu.random_raw(9))
    gen.integers(0, 2**40, 3)
    cpu.advance(6)
    assert gen.bytes(5).tobytes() == cpu.random_bytes(5)
    assert bg.word_pos == cpu.word_pos


def test_float32_uniform_can_round_up_to_high():
    """docs/gpu.rst: low + span * u in double, rounded to float32, gives
    high itself for the largest u (w >> 8 = 2**24 - 1) when the float32
    spacing at high is wider than span * 2**-24."""
    bg = make(FAMILIES[0], 0)
    found = None
    for chunk in range(64):  # 2**20 words each; about 16 expected
        w = np.frombuffer(bg.random_bytes(4 << 20), dtype="<u4")
        hits = np.flatnonzero((w >> 8) == 2**24 - 1)
        if hits.size:
            found = (chunk << 20) + int(hits[0])
            break
    assert found is not None
    gen, _ = twin(FAMILIES[0], found)
    assert gen.uniform(2.0, 3.0, 1, np.float32)[0] == np.float32(3.0)
    element, _ = ref.uniform(np.float32, 2.0, 3.0)
    assert element([int(x) for x in words(FAMILIES[0], found, 1)]) == 3.0
    # [0, 1): the float32 below 1 is 1 - 2**-24, exactly u: no rounding.
    gen, _ = twin(FAMILIES[0], found)
    assert gen.uniform(0.0, 1.0, 1, np.float32)[0] == np.float32(1 - 2**-24)
