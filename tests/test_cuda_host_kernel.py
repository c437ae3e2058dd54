"""The CUDA kernel's source, built for the host, gives the CPU's numbers.

tests/cuda_host/cuda_host_driver.cpp compiles the shipped chacha_cuda.cu as
C++ over a small CUDA shim (real threads per block, a real barrier for
__syncthreads) and runs a kernel for a launch shape.  Every kernel, for
several grids, block sizes and blocks-per-thread counts, must give exactly
what the bit generator, numpy or the CPU twin give, from the start
position and word count that chacharand.cuda hands the GPU (claim).
"""
import pathlib
import shutil
import subprocess

import numpy as np
import pytest

import chacharand.cuda as cuda
from chacharand import _counter, _cuda_kernels
from chacharand._counter_generator import Params
from _support.cuda_cases import FAMILIES, make

HERE = pathlib.Path(__file__).parent / "cuda_host"
CXX = shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")

pytestmark = pytest.mark.skipif(CXX is None, reason="no C++ compiler (c++)")

SHAPES = [(1, 1), (1, 32), (3, 64), (2, 128), (7, 5)]


@pytest.fixture(scope="module", params=[_cuda_kernels.ILP, 1],
                ids=lambda ilp: f"ilp{ilp}")
def driver(request, tmp_path_factory):
    exe = tmp_path_factory.mktemp("cuda_host") / "driver"
    cmd = [CXX, "-std=c++17", "-O1", "-ffp-contract=off", "-Wall",
           "-Wextra", "-Werror", "-Wno-unknown-pragmas", "-pthread",
           f"-DCHACHA_CUDA_ILP={request.param}",
           f"-I{_cuda_kernels.KERNEL_DIR}", f"-I{HERE}",
           str(HERE / "cuda_host_driver.cpp"), "-o", str(exe)]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    return exe


def run_kernel(driver, name, shape, family, word_pos, n, k, dtype,
               params=Params()):
    """What the kernel chacha<R>_<name> makes for `n` elements from
    word_pos, and the bit generator's position after the claim."""
    bg = make(family, word_pos)
    words, first_word = _counter.claim(bg, k * n)
    assert bg.word_pos == (word_pos + k * n) % 2**68
    rounds = family(0).rounds
    args = [str(driver), f"chacha{rounds}_{name}", str(shape[0]),
            str(shape[1]), str(first_word), str(n)]
    args += [repr(float(params.a)), repr(float(params.b)), str(params.low),
             str(params.rng), str(params.flag)]
    args += [str(w) for w in words]
    out = subprocess.run(args, capture_output=True, timeout=600)
    assert out.returncode == 0, out.stderr.decode()
    return np.frombuffer(out.stdout, dtype=dtype)


def twin(family, word_pos):
    return cuda.Generator(make(family, word_pos), device="cpu")


# name: (words per element, output dtype, kernel params, the CPU's result)
CASES = {
    "words32": (1, np.uint32, Params(),
                lambda f, p, n: np.frombuffer(
                    make(f, p).random_bytes(4 * n), "<u4")),
    "raw64": (2, np.uint64, Params(),
              lambda f, p, n: make(f, p).random_raw(n)),
    "random_f64": (2, np.float64, Params(),
                   lambda f, p, n: np.random.Generator(make(f, p)).random(n)),
    "random_f32": (1, np.float32, Params(),
                   lambda f, p, n: np.random.Generator(make(f, p)).random(
                       n, dtype=np.float32)),
    "uniform_f64": (2, np.float64, Params(a=-3.0, b=7.5),
                    lambda f, p, n: twin(f, p).uniform(-3.0, 4.5, n)),
    "uniform_f32": (1, np.float32, Params(a=1.0, b=0.5),
                    lambda f, p, n: twin(f, p).uniform(1.0, 1.5, n,
                                                       np.float32)),
    "normal_f64": (4, np.float64, Params(a=0.0, b=1.0),
                   lambda f, p, n: twin(f, p).standard_normal(n)),
    "normal_f64-affine": (4, np.float64, Params(a=2.0, b=0.5, flag=1),
                          lambda f, p, n: twin(f, p).normal(2.0, 0.5, n)),
    "normal_f32": (2, np.float32, Params(a=0.0, b=1.0),
                   lambda f, p, n: twin(f, p).standard_normal(n, np.float32)),
    "normal_f32-affine": (2, np.float32, Params(a=-1.0, b=3.0, flag=1),
                          lambda f, p, n: twin(f, p).normal(-1.0, 3.0, n,
                                                            np.float32)),
    "exponential_f64": (2, np.float64, Params(a=2.5),
                        lambda f, p, n: twin(f, p).exponential(2.5, n)),
    "exponential_f32": (1, np.float32, Params(a=1.0),
                        lambda f, p, n: twin(f, p).standard_exponential(
                            n, np.float32)),
    "integers_narrow_u8": (2, np.uint8, Params(low=2**64 - 100, rng=199),
                           lambda f, p, n: twin(f, p).integers(
                               -100, 100, n, np.int8).view(np.uint8)),
    "integers_narrow_u32": (2, np.uint32, Params(rng=2**32 - 1),
                            lambda f, p, n: twin(f, p).integers(
                                0, 2**32, n, np.uint32)),
    "integers_wide_u64": (4, np.uint64, Params(low=5, rng=3 * 2**40),
                          lambda f, p, n: twin(f, p).integers(
                              5, 3 * 2**40 + 6, n, np.uint64)),
    "integers_wide_u64-full": (4, np.uint64, Params(rng=2**64 - 1),
                               lambda f, p, n: twin(f, p).integers(
                                   0, 2**64, n, np.uint64)),
    "integers_narrow_u16": (2, np.uint16, Params(low=3, rng=1000),
                            lambda f, p, n: twin(f, p).integers(
                                3, 1004, n, np.uint16)),
}


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", sorted(CASES))
def test_every_kernel_equals_the_cpu(driver, case, shape):
    k, dtype, params, cpu = CASES[case]
    word_pos = (2**32 - 1) * 16 + 11  # odd word, 2**32 carry in the draw
    n = 301
    got = run_kernel(driver, case.split("-")[0], shape, FAMILIES[0],
                     word_pos, n, k, dtype, params)
    np.testing.assert_array_equal(got, cpu(FAMILIES[0], word_pos, n))


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("word_pos", [0, 13, 2**68 - 16 * 3 + 5, 2**68 - 1])
@pytest.mark.parametrize("case", ["raw64", "random_f32", "normal_f64",
                                  "integers_wide_u64"])
def test_positions_and_round_counts(driver, family, word_pos, case):
    k, dtype, params, cpu = CASES[case]
    for n in (1, 15, 1000):
        got = run_kernel(driver, case, (3, 32), family, word_pos, n, k,
                         dtype, params)
        np.testing.assert_array_equal(got, cpu(family, word_pos, n))
