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
from _support.cuda_cases import FAMILIES, POSITIONS, make

cupy = pytest.importorskip("cupy", reason="CuPy is not installed")
try:
    _count = cupy.cuda.runtime.getDeviceCount()
except Exception as _exc:  # CUDARuntimeError: no driver, no device
    pytest.skip(f"no CUDA device: {type(_exc).__name__}: {_exc}",
                allow_module_level=True)
if not _count:
    pytest.skip("no CUDA device: CuPy sees none", allow_module_level=True)


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
    params = (np.float64(0), np.float64(1), np.int32(0)) \
        if kernel == "normal_f64" else ()
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
