"""CounterGenerator(device="cuda"): the faces the CPU tests cover, on the
GPU, against the CPU bit for bit (tools/gpu_check.py runs this file on a
device machine).  Skipped, saying why, without CuPy or without a device.
"""
import numpy as np
import pytest

from chacharand import ChaCha8, ChaCha20, CounterGenerator
from _support.cuda_device import cupy_with_a_device

cupy = cupy_with_a_device()

KEY = bytes(range(7, 39))
CALLS = {
    "standard_exponential": lambda g, s: g.standard_exponential(s),
    "standard_exponential-f32": lambda g, s: g.standard_exponential(
        s, np.float32),
    "exponential": lambda g, s: g.exponential(2.5, s),
    "exponential-f32": lambda g, s: g.exponential(1e-45, s, np.float32),
    "standard_normal": lambda g, s: g.standard_normal(s),
    "normal-f32": lambda g, s: g.normal(1.0, 1e-40, s, np.float32),
    "integers-int16": lambda g, s: g.integers(-300, 300, s, np.int16),
    "integers-wide": lambda g, s: g.integers(0, 2**50, s, np.uint64),
    "random_raw": lambda g, s: g.random_raw(s),
}


def pair(word_pos, family=ChaCha8, stream=3):
    def make():
        return family(key=KEY, stream=stream, word_pos=word_pos)
    return (CounterGenerator(make(), device="cuda"),
            CounterGenerator(make()))


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("word_pos", [1, (2**32 - 1) * 16 + 13, 2**68 - 7])
def test_every_method_equals_the_cpu(name, word_pos):
    gpu, cpu = pair(word_pos)
    got = CALLS[name](gpu, (3, 70001))
    assert isinstance(got, cupy.ndarray)
    np.testing.assert_array_equal(cupy.asnumpy(got), CALLS[name](cpu,
                                                                  (3, 70001)))
    assert gpu.bit_generator.word_pos == cpu.bit_generator.word_pos


@pytest.mark.parametrize("name", ["standard_normal", "exponential-f32",
                                  "integers-wide"])
def test_parts_streams_and_out(name):
    gpu, cpu = pair(2**40 + 5, ChaCha20)
    call = CALLS[name]
    index = np.s_[2:9, 1000:1003]
    part = call(gpu.part[index], (10, 5000))
    np.testing.assert_array_equal(cupy.asnumpy(part),
                                  call(cpu.part[index], (10, 5000)))
    rows = call(gpu.streams([0, 2**64 - 1, 9]), 1001)
    np.testing.assert_array_equal(cupy.asnumpy(rows),
                                  call(cpu.streams([0, 2**64 - 1, 9]), 1001))
    assert gpu.bit_generator.word_pos == cpu.bit_generator.word_pos
    out = cupy.empty(777, dtype=call(cpu, 1).dtype)
    gpu2, cpu2 = pair(11)
    fill = {"standard_normal": lambda g, o: g.standard_normal(out=o),
            "exponential-f32": lambda g, o: g.exponential(
                1e-45, dtype=np.float32, out=o),
            "integers-wide": lambda g, o: g.integers(0, 2**50, out=o,
                                                     dtype=np.uint64)}[name]
    assert fill(gpu2, out) is out
    np.testing.assert_array_equal(cupy.asnumpy(out), call(cpu2, 777))


def test_dask_chunks_are_cupy_arrays():
    pytest.importorskip("dask.array", reason="dask is not installed")
    gen = CounterGenerator(ChaCha8(1), device="cuda")
    array = gen.dask.standard_normal((1000, 10), chunks=(300, 5))
    assert isinstance(array._meta, cupy.ndarray)
    got = array.compute(scheduler="threads")
    assert isinstance(got, cupy.ndarray)
    np.testing.assert_array_equal(
        cupy.asnumpy(got),
        CounterGenerator(ChaCha8(1)).standard_normal((1000, 10)))
