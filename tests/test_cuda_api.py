"""chacharand.cuda's arguments, errors and optional dependency.

Bad arguments get numpy's kinds of errors, naming the argument, and leave
the bit generator where it was.  CuPy is optional: ``import chacharand``
never imports it, ``import chacharand.cuda`` works without it, and a GPU
generator without CuPy or without a device says which is missing.
"""
import subprocess
import sys
import tempfile
import textwrap

import numpy as np
import pytest

import chacharand.cuda as cuda
from chacharand._counter_generator import Params, _check_out_alignment
from chacharand import (HC128, ISAAC, ISAAC64, ChaCha8, ChaCha20,
                        _counter, _cuda_kernels)
from _support.cuda_device import probe_cupy


def twin():
    return cuda.Generator(ChaCha8(1, word_pos=5), device="cpu")


@pytest.mark.parametrize("bg", [HC128(1), ISAAC(1), ISAAC64(1)],
                         ids=lambda b: type(b).__name__)
def test_generators_that_cannot_seek_are_refused(bg):
    with pytest.raises(TypeError, match="only ChaCha can seek"):
        cuda.Generator(bg, device="cpu")


@pytest.mark.parametrize("bg", [np.random.PCG64(1), None, "ChaCha8"])
def test_other_bit_generators_are_refused(bg):
    with pytest.raises(TypeError, match="bit_generator must be a ChaCha8"):
        cuda.Generator(bg, device="cpu")


def test_device_names():
    with pytest.raises(ValueError, match="device must be 'cpu' or 'cuda'"):
        cuda.Generator(ChaCha8(1), device="gpu")
    with pytest.raises(TypeError, match="device must be"):
        cuda.Generator(ChaCha8(1), device=0)
    gen = twin()
    assert gen.device == "cpu" and isinstance(gen.bit_generator, ChaCha8)
    assert "device='cpu'" in repr(gen)


def misaligned(dtype, n=3):
    """A writeable C-contiguous array of `dtype` one byte off alignment."""
    dtype = np.dtype(dtype)
    out = np.frombuffer(bytearray(n * dtype.itemsize + 1), dtype=dtype,
                        count=n, offset=1)
    assert out.flags.c_contiguous and out.flags.writeable
    assert not out.flags.aligned
    return out


class ForeignCudaArray:
    """An array of another library on the GPU: only the protocol."""

    __cuda_array_interface__ = {"shape": (3,), "typestr": "<f8",
                                "data": (0, False), "version": 3}
    dtype = np.dtype(np.float64)
    shape = (3,)


class ForeignCudaArrayAt:
    """The protocol of a device array of float64 whose data starts at
    `address`."""

    dtype = np.dtype(np.float64)
    shape = (3,)

    def __init__(self, address):
        self.__cuda_array_interface__ = {
            "shape": (3,), "typestr": "<f8", "data": (address, False),
            "version": 3}


@pytest.mark.parametrize("address, ok", [(0x7000_0000, True),
                                         (0x7000_0008, True),
                                         (0x7000_0004, False),
                                         (0x7000_0001, False)])
def test_device_arrays_are_checked_for_alignment(address, ok):
    """On the GPU the same check reads the array's interface (the GPU's
    own draws with a misaligned CuPy view: tests/test_cuda_gpu.py)."""
    array = ForeignCudaArrayAt(address)
    if ok:
        _check_out_alignment(array, array.dtype)
    else:
        with pytest.raises(ValueError, match=f"starts at {address:#x}"):
            _check_out_alignment(array, array.dtype)


BAD_CALLS = [
    (lambda g: g.random(3, dtype=np.int32), TypeError, "Unsupported dtype"),
    (lambda g: g.random(3, dtype="float16"), TypeError, "Unsupported dtype"),
    (lambda g: g.random(3, dtype="nonsense"), TypeError, "dtype"),
    (lambda g: g.random(-1), ValueError, "negative dimensions"),
    (lambda g: g.random((2, -1)), ValueError, "negative dimensions"),
    (lambda g: g.random(2.5), TypeError, "size"),
    (lambda g: g.random(True), TypeError, "size"),
    (lambda g: g.random_raw(out=np.empty(3, np.int64)), TypeError,
     "out must have dtype uint64"),
    (lambda g: g.random(out=np.empty(3, np.float32)), TypeError,
     "out must have dtype float64"),
    (lambda g: g.random(4, out=np.empty(3)), ValueError,
     "size must match out.shape"),
    (lambda g: g.random(out=np.empty(6)[::2]), ValueError, "C-contiguous"),
    (lambda g: g.random(out=ForeignCudaArray()), TypeError,
     "out must be a numpy array for device='cpu'"),
    (lambda g: g.random(out=[0.0, 0.0]), TypeError, "numpy array"),
    (lambda g: g.random(out=misaligned(np.float64)), ValueError,
     r"out must be aligned to its item size \(8 bytes"),
    (lambda g: g.random_raw(out=misaligned(np.uint64)), ValueError,
     "out must be aligned"),
    (lambda g: g.standard_normal(out=misaligned(np.float32), dtype="f4"),
     ValueError, r"out must be aligned to its item size \(4 bytes"),
    (lambda g: g.standard_normal(3, dtype=np.int64), TypeError,
     "Unsupported dtype"),
    (lambda g: g.normal(0, -1, 3), ValueError, "scale must be >= 0"),
    (lambda g: g.normal(0, float("nan"), 3), ValueError, "scale"),
    (lambda g: g.normal(np.zeros(2), 1, 3), TypeError, "loc must be"),
    (lambda g: g.normal("a", 1, 3), TypeError, "loc must be"),
    (lambda g: g.uniform(0, float("inf"), 3), ValueError, "finite"),
    (lambda g: g.uniform(0, 1, 3, dtype=np.int8), TypeError,
     "Unsupported dtype"),
    (lambda g: g.integers(5, 5, 3), ValueError, "low >= high"),
    (lambda g: g.integers(5, 4, 3, endpoint=True), ValueError, "low > high"),
    (lambda g: g.integers(-1, 5, 3, np.uint8), ValueError,
     "low is out of bounds for uint8"),
    (lambda g: g.integers(0, 257, 3, np.uint8), ValueError,
     "high is out of bounds for uint8"),
    (lambda g: g.integers(0, 2**64 + 1, 3, np.uint64), ValueError,
     "high is out of bounds"),
    (lambda g: g.integers(0, 5, 3, np.float64), TypeError,
     "Unsupported dtype"),
    (lambda g: g.integers(0, 2, 3, bool), TypeError, "Unsupported dtype"),
    (lambda g: g.integers(0.5, 5, 3), TypeError, "low must be an integer"),
    (lambda g: g.integers(0, 5, -2), ValueError, "negative dimensions"),
    (lambda g: g.bytes(-1), ValueError, "length must be >= 0"),
    (lambda g: g.bytes(2.0), TypeError, "length must be an integer"),
]


@pytest.mark.parametrize("call, error, message", BAD_CALLS)
def test_bad_arguments_leave_the_generator_unchanged(call, error, message):
    gen = twin()
    before = gen.bit_generator.state
    with pytest.raises(error, match=message):
        call(gen)
    assert gen.bit_generator.state == before


def test_integers_high_none_and_full_ranges():
    gen = twin()
    assert set(gen.integers(3, size=1000).tolist()) == {0, 1, 2}
    x = gen.integers(-128, 128, 5000, np.int8)
    assert x.dtype == np.int8 and x.min() == -128 and x.max() == 127
    assert gen.integers(0, 2**64, 3, np.uint64).dtype == np.uint64


def test_the_position_moves_by_the_words_used():
    gen = twin()
    bg = gen.bit_generator
    for call, words in [
        (lambda: gen.random_raw(3), 6), (lambda: gen.random(3), 6),
        (lambda: gen.random(3, np.float32), 3), (lambda: gen.bytes(5), 2),
        (lambda: gen.standard_normal(3), 12),
        (lambda: gen.standard_normal(3, np.float32), 6),
        (lambda: gen.normal(1, 2, 3), 12), (lambda: gen.uniform(0, 1, 3), 6),
        (lambda: gen.uniform(0, 1, 3, np.float32), 3),
        (lambda: gen.integers(0, 2**32, 3), 6),
        (lambda: gen.integers(0, 2**32 + 1, 3), 12),
    ]:
        start = bg.word_pos
        call()
        assert bg.word_pos == start + words


def run_python(code):
    """Run `code` in a fresh interpreter, outside the source tree (so that
    the installed package is imported)."""
    with tempfile.TemporaryDirectory() as scratch:
        out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                             capture_output=True, text=True, timeout=300,
                             cwd=scratch)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_import_chacharand_never_imports_cupy():
    run_python("""
        import sys
        import chacharand
        assert "cupy" not in sys.modules
        import chacharand.cuda
        assert "cupy" not in sys.modules
        g = chacharand.cuda.Generator(chacharand.ChaCha8(1), device="cpu")
        g.standard_normal(10)
        assert "cupy" not in sys.modules
    """)


def test_without_cupy_the_gpu_generator_says_so():
    """CuPy made absent (its import fails), not imitated."""
    text = run_python("""
        import sys
        sys.modules["cupy"] = None  # import cupy now raises ImportError
        import chacharand.cuda as cuda
        from chacharand import ChaCha8
        try:
            cuda.Generator(ChaCha8(1))
        except ImportError as exc:
            print(exc)
        else:
            raise SystemExit("no error")
        cuda.Generator(ChaCha8(1), device="cpu").random(3)
    """)
    assert "needs CuPy" in text and "chacharand[cuda]" in text
    assert "device='cpu'" in text


def cupy_without_device():
    """CuPy, when it is installed and no device answers; else skip."""
    cupy, count, error = probe_cupy()
    if count:
        pytest.skip("a CUDA device is present (tests/test_cuda_gpu.py)")
    return cupy, error


def test_without_a_device_the_gpu_generator_says_so():
    _, reason = cupy_without_device()
    with pytest.raises(cuda.CudaUnavailable, match="no CUDA device") as info:
        cuda.Generator(ChaCha20(1))
    assert isinstance(info.value, RuntimeError)
    if reason is not None:
        assert type(reason).__name__ in str(info.value)


def test_a_launch_that_fails_gives_the_words_back():
    """The launch of a GPU draw fails for real here (CuPy cannot reach a
    device to copy the kernel's input there) after the words were
    claimed: the bit generator is put back where it was."""
    cupy, reason = cupy_without_device()
    bg = ChaCha8(1, word_pos=5)
    before = bg.state
    with pytest.raises(Exception) as info:
        _cuda_kernels.draw(cupy, bg, None, 1000, 2, Params(), None)
    if reason is not None:
        assert type(info.value) is type(reason)
    assert bg.state == before


def test_words_are_given_back_only_while_nothing_else_moved():
    bg = ChaCha8(1, word_pos=2**68 - 3)
    words, first = _counter.claim(bg, 10)     # wraps past 2**68
    assert bg.word_pos == 7
    assert _counter.unclaim(bg, words, first, 10)
    assert bg.word_pos == 2**68 - 3
    words, first = _counter.claim(bg, 10)
    bg.random_raw(1)                             # another draw since
    assert not _counter.unclaim(bg, words, first, 10)
    assert bg.word_pos == 9
    words, first = _counter.claim(bg, 4)
    bg.stream = 3                                # another stream since
    assert not _counter.unclaim(bg, words, first, 4)
    assert bg.word_pos == 13 and bg.stream == 3
