"""chacharand.cuda on a CUDA device: the CPU's numbers, bit for bit.

Skipped, saying why, without CuPy or without a device.  The same checks as
the CPU twin's tests, on the device: the identical methods equal the bit
generator and numpy, every transform equals the CPU twin, whatever the
launch shape, and out= takes CuPy arrays and refuses the rest.
"""
import numpy as np
import pytest

import chacharand.cuda as cuda
from chacharand import _counter, _cuda_kernels
from chacharand._counter_generator import Params
from _support.cuda_cases import FAMILIES, POSITIONS, make
from _support.cuda_device import cupy_with_a_device

cupy = cupy_with_a_device()


def on_gpu(family, word_pos):
    bg = make(family, word_pos)
    return cuda.Generator(bg), bg


def on_cpu(family, word_pos):
    bg = make(family, word_pos)
    return cuda.Generator(bg, device="cpu"), bg


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("word_pos", POSITIONS)
@pytest.mark.parametrize("n", [1, 15, 33, 4097, 2**20 + 3])
def test_identical_methods_equal_the_cpu(family, word_pos, n):
    gen, bg = on_gpu(family, word_pos)
    cpu = make(family, word_pos)
    np.testing.assert_array_equal(cupy.asnumpy(gen.random_raw(n)),
                                  cpu.random_raw(n))
    assert bg.word_pos == cpu.word_pos
    np.testing.assert_array_equal(cupy.asnumpy(gen.random(n)),
                                  np.random.Generator(cpu).random(n))
    np.testing.assert_array_equal(
        cupy.asnumpy(gen.random(n, dtype=np.float32)),
        np.random.Generator(cpu).random(n, dtype=np.float32))
    assert cupy.asnumpy(gen.bytes(n)).tobytes() == cpu.random_bytes(n)
    assert bg.word_pos == cpu.word_pos


CALLS = {
    "standard_normal": lambda g, n: g.standard_normal(n),
    "standard_normal-f32": lambda g, n: g.standard_normal(n, np.float32),
    "normal": lambda g, n: g.normal(3.0, 0.25, n),
    "normal-f32": lambda g, n: g.normal(-1.0, 2.0, n, np.float32),
    "uniform": lambda g, n: g.uniform(-1.5, 4.0, n),
    "uniform-f32": lambda g, n: g.uniform(2.0, 3.0, n, np.float32),
    "integers": lambda g, n: g.integers(-5, 1000, n),
    "integers-int8": lambda g, n: g.integers(-128, 127, n, np.int8, True),
    "integers-wide": lambda g, n: g.integers(7, 3 * 2**40 + 1, n),
    "integers-uint64-full": lambda g, n: g.integers(0, 2**64, n, np.uint64),
}


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("word_pos", [1, (2**32 - 1) * 16 + 13, 2**68 - 7])
def test_transforms_equal_the_cpu_twin(name, word_pos):
    gpu, bg_gpu = on_gpu(FAMILIES[0], word_pos)
    cpu, bg_cpu = on_cpu(FAMILIES[0], word_pos)
    for n in (1, 1001, 2**20 + 1):
        got = CALLS[name](gpu, n)
        assert isinstance(got, cupy.ndarray)
        np.testing.assert_array_equal(cupy.asnumpy(got), CALLS[name](cpu, n))
        assert bg_gpu.word_pos == bg_cpu.word_pos


@pytest.mark.parametrize("threads, grid", [(1, 1), (32, 1), (32, 7),
                                           (160, 3), (128, None)])
@pytest.mark.parametrize("kernel, k, dtype", [
    ("raw64", 2, np.uint64), ("random_f32", 1, np.float32),
    ("normal_f64", 4, np.float64)])
def test_the_launch_shape_changes_nothing(threads, grid, kernel, k, dtype):
    n = 50_001
    bg = make(FAMILIES[2], 2**68 - 21)
    reference = getattr(cuda.Generator(make(FAMILIES[2], 2**68 - 21),
                                       device="cpu"),
                        {"raw64": "random_raw", "random_f32": "random",
                         "normal_f64": "standard_normal"}[kernel])
    expected = reference(n) if kernel != "random_f32" else \
        reference(n, np.float32)
    words, first = _counter.claim(bg, k * n)
    out = cupy.empty(n, dtype=dtype)
    function = _cuda_kernels.kernel(cupy, 20, kernel)
    params = Params(a=0.0, b=1.0) if kernel == "normal_f64" else Params()
    _cuda_kernels.launch(cupy, function, words, first, n, k, params, out,
                         threads=threads, grid=grid)
    np.testing.assert_array_equal(cupy.asnumpy(out), expected)


def test_out_arrays():
    gen, bg = on_gpu(FAMILIES[0], 3)
    cpu = make(FAMILIES[0], 3)
    out = cupy.empty((4, 5), dtype=np.float32)
    assert gen.random(dtype=np.float32, out=out) is out
    np.testing.assert_array_equal(
        cupy.asnumpy(out),
        np.random.Generator(cpu).random((4, 5), dtype=np.float32))
    before = bg.state
    with pytest.raises(TypeError, match="out must have dtype"):
        gen.random(out=cupy.empty(3, dtype=np.float32))
    with pytest.raises(TypeError, match="CUDA array"):
        gen.random(out=np.empty(3))
    with pytest.raises(ValueError, match="size must match"):
        gen.random(4, out=cupy.empty(3))
    with pytest.raises(ValueError, match="C-contiguous"):
        gen.random(out=cupy.empty(6)[::2])
    assert bg.state == before


def test_dlpack_to_torch():
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    gen, _ = on_gpu(FAMILIES[0], 0)
    x = gen.random(1000)
    t = torch.from_dlpack(x)
    assert t.is_cuda
    np.testing.assert_array_equal(t.cpu().numpy(), cupy.asnumpy(x))


# Every method and dtype, as (name, call): a call takes the generator, the
# element count and an optional out=, and gives the draw.
INT_DTYPES = (np.int8, np.int16, np.int32, np.int64,
              np.uint8, np.uint16, np.uint32, np.uint64)
EVERY_METHOD = [
    ("random_raw", lambda g, n: g.random_raw(n)),
    ("random-f64", lambda g, n: g.random(n)),
    ("random-f32", lambda g, n: g.random(n, np.float32)),
    ("bytes", lambda g, n: g.bytes(n)),
    ("uniform-f64", lambda g, n: g.uniform(-2.0, 5.0, n)),
    ("uniform-f32", lambda g, n: g.uniform(-2.0, 5.0, n, np.float32)),
    ("standard_normal-f64", lambda g, n: g.standard_normal(n)),
    ("standard_normal-f32", lambda g, n: g.standard_normal(n, np.float32)),
    ("normal-f64", lambda g, n: g.normal(1.5, 3.0, n)),
    ("normal-f32", lambda g, n: g.normal(1.5, 3.0, n, np.float32)),
] + [
    (f"integers-{np.dtype(t).name}-{kind}",
     lambda g, n, t=t, kind=kind: g.integers(
         *((np.iinfo(t).min, np.iinfo(t).max) if kind == "full" else
           (np.iinfo(t).min // 3 + 1, np.iinfo(t).max // 3)),
         n, t, endpoint=True))
    for t in INT_DTYPES for kind in ("full", "part")
] + [
    ("integers-narrow", lambda g, n: g.integers(-7, 2**32 - 7, n)),
    ("integers-wide", lambda g, n: g.integers(-7, 2**32 - 6, n)),
]


def random_positions(count, seed):
    """`count` word positions in [0, 2**68), the same in every run."""
    rnd = np.random.default_rng(seed)
    return [int.from_bytes(rnd.bytes(9), "little") % 2**68
            for _ in range(count)]


@pytest.mark.parametrize("name, call", EVERY_METHOD,
                         ids=[name for name, _ in EVERY_METHOD])
def test_every_method_and_dtype_equals_the_twin_at_random_positions(
        name, call):
    for i, word_pos in enumerate(random_positions(4, seed=len(name))):
        family = FAMILIES[i % 3]
        gpu, bg_gpu = on_gpu(family, word_pos)
        cpu, bg_cpu = on_cpu(family, word_pos)
        for n in (1, 17, 70_001):
            got = call(gpu, n)
            assert isinstance(got, cupy.ndarray)
            np.testing.assert_array_equal(cupy.asnumpy(got), call(cpu, n))
            assert bg_gpu.state == bg_cpu.state


def test_a_non_default_stream():
    gpu, bg = on_gpu(FAMILIES[1], 2**40 + 3)
    cpu, _ = on_cpu(FAMILIES[1], 2**40 + 3)
    stream = cupy.cuda.Stream(non_blocking=True)
    with stream:
        x = gpu.standard_normal(300_001)
        y = gpu.integers(0, 1000, 300_001)
        assert cupy.cuda.get_current_stream().ptr == stream.ptr
    stream.synchronize()
    np.testing.assert_array_equal(cupy.asnumpy(x), cpu.standard_normal(
        300_001))
    np.testing.assert_array_equal(cupy.asnumpy(y), cpu.integers(
        0, 1000, 300_001))


def test_offset_out_views():
    """out= inside a larger array: a slice starting 3 items in, and a row
    of a matrix."""
    gpu, bg = on_gpu(FAMILIES[0], 5)
    cpu, _ = on_cpu(FAMILIES[0], 5)
    big = cupy.zeros(10_000 + 6)
    out = big[3:3 + 10_000]
    assert gpu.random(out=out) is out
    np.testing.assert_array_equal(cupy.asnumpy(out), cpu.random(10_000))
    assert not big[:3].any() and not big[-3:].any()
    rows = cupy.zeros((3, 4097), dtype=np.float32)
    gpu.standard_normal(out=rows[1], dtype=np.float32)
    np.testing.assert_array_equal(cupy.asnumpy(rows[1]),
                                  cpu.standard_normal(4097, np.float32))
    assert not rows[0].any() and not rows[2].any()
    raw = cupy.zeros((2, 1001), dtype=np.uint64)
    gpu.random_raw(out=raw[1])
    np.testing.assert_array_equal(cupy.asnumpy(raw[1]), cpu.random_raw(1001))


class DeviceArrayAt:
    """100 float64 of device memory from `address`, by the protocol only
    (as another library's array would come)."""

    dtype = np.dtype(np.float64)
    shape = (100,)

    def __init__(self, address):
        self.__cuda_array_interface__ = {
            "shape": (100,), "typestr": "<f8", "data": (address, False),
            "version": 3}


def test_a_misaligned_out_is_refused_before_the_claim():
    gpu, bg = on_gpu(FAMILIES[0], 5)
    before = bg.state
    base = cupy.zeros(8 * 100 + 8, dtype=np.uint8)
    with pytest.raises(ValueError, match="out must be aligned"):
        gpu.random(out=DeviceArrayAt(base.data.ptr + 1))
    assert bg.state == before
    aligned = DeviceArrayAt(base.data.ptr + 8)
    gpu.random(out=aligned)
    np.testing.assert_array_equal(
        cupy.asnumpy(base[8:]).view(np.float64),
        np.random.Generator(make(FAMILIES[0], 5)).random(100))


def test_float32_subnormals_are_kept():
    """Results below 2**-126 are the CPU's, not flushed to zero (CuPy
    compiles with -ftz=true)."""
    gpu, _ = on_gpu(FAMILIES[0], 11)
    cpu, _ = on_cpu(FAMILIES[0], 11)
    tiny = np.finfo(np.float32).smallest_normal
    got = cupy.asnumpy(gpu.uniform(0, 1e-38, 10**5, np.float32))
    expected = cpu.uniform(0, 1e-38, 10**5, np.float32)
    np.testing.assert_array_equal(got, expected)
    assert ((expected > 0) & (expected < tiny)).sum() > 99_000
    got = cupy.asnumpy(gpu.normal(0, 1e-39, 10**5, np.float32))
    np.testing.assert_array_equal(got, cpu.normal(0, 1e-39, 10**5,
                                                  np.float32))


def test_more_than_2_31_elements():
    """Element indices past 2**31 (64-bit indexing): the first and last
    elements of a 2**31 + 5 element draw equal the twin at those words."""
    n = 2**31 + 5
    word_pos = (2**32 - 3) * 16 + 7
    gpu, bg = on_gpu(FAMILIES[0], word_pos)
    got = gpu.integers(0, 251, n, np.uint8)
    assert bg.word_pos == word_pos + 2 * n
    head = cupy.asnumpy(got[:1000])
    tail = cupy.asnumpy(got[-1000:])
    del got
    cpu, _ = on_cpu(FAMILIES[0], word_pos)
    np.testing.assert_array_equal(head, cpu.integers(0, 251, 1000, np.uint8))
    cpu, _ = on_cpu(FAMILIES[0], word_pos + 2 * (n - 1000))
    np.testing.assert_array_equal(tail, cpu.integers(0, 251, 1000, np.uint8))


def test_a_launch_the_device_refuses_gives_the_words_back():
    """2048 threads a CUDA block is over every GPU's limit (1024): the
    launch fails at once and the position is put back."""
    bg = make(FAMILIES[0], 77)
    before = bg.state
    function = _cuda_kernels.kernel(cupy, 8, "raw64")
    out = cupy.empty(5000, dtype=np.uint64)
    with pytest.raises(Exception):
        _cuda_kernels.draw(cupy, bg, function, 5000, 2, Params(), out,
                           threads=2048)
    assert bg.state == before
    _cuda_kernels.draw(cupy, bg, function, 5000, 2, Params(), out)
    np.testing.assert_array_equal(cupy.asnumpy(out),
                                  make(FAMILIES[0], 77).random_raw(5000))
