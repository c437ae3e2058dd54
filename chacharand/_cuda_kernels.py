"""The CUDA side of chacharand.cuda: CuPy, the device, the compiled kernels.

CuPy is imported here only, on first use, so that ``import chacharand`` and
``import chacharand.cuda`` work without it.  The kernel source
(``_core/chacha/chacha_cuda.cu`` with its headers put in place, one string,
so that CuPy's kernel cache, keyed on the string, sees a header change) is
compiled with NVRTC through ``cupy.RawModule``, once per round count and
process, with contraction of multiply-adds off (``--fmad=false``) as the
transforms require.  CuPy adds ``-ftz=true`` after our options; the kernel
keeps float32 subnormals in spite of it (chacha_transforms.h,
cr_f64_to_f32), which tests/test_cuda_compile.py checks in the PTX.
"""
import importlib
import pathlib
import re
import threading

import numpy as np

from chacharand import _counter

KERNEL_DIR = pathlib.Path(__file__).parent / "_core" / "chacha"
KERNEL_SOURCE = KERNEL_DIR / "chacha_cuda.cu"

# Keystream blocks per thread and tile, and threads per CUDA block: the
# shared tile is (THREADS * ILP + 1) * 17 words (34.9 KB, under the 48 KB
# every GPU gives without asking).
ILP = 4
THREADS = 128
ROW_WORDS = 17
# CUDA blocks per multiprocessor in a launch (the rest is grid-stride).
BLOCKS_PER_SM = 16

INSTALL_HINT = ("pip install 'chacharand[cuda]' (CuPy for CUDA 13; for "
                "CUDA 12 install cupy-cuda12x)")


class CudaUnavailable(RuntimeError):
    """No CUDA device, or CuPy cannot reach one."""


def import_cupy():
    """CuPy, or ImportError saying how to install it."""
    try:
        # By name, so that type checkers do not look for CuPy's stubs.
        cupy = importlib.import_module("cupy")
    except ImportError as exc:
        raise ImportError(
            "chacharand.cuda.Generator(device='cuda') needs CuPy, which is "
            f"not installed ({exc}): {INSTALL_HINT}, or use device='cpu'"
        ) from exc
    return cupy


def check_device(cupy):
    """The current CUDA device, or CudaUnavailable with CuPy's reason."""
    try:
        count = cupy.cuda.runtime.getDeviceCount()
        if count == 0:
            raise CudaUnavailable(
                "chacharand.cuda.Generator(device='cuda'): no CUDA device "
                "(CuPy sees none)")
        return cupy.cuda.Device()
    except CudaUnavailable:
        raise
    except Exception as exc:  # CUDARuntimeError, and others on odd setups
        raise CudaUnavailable(
            "chacharand.cuda.Generator(device='cuda'): no CUDA device: "
            f"{type(exc).__name__}: {exc}") from exc


_modules: dict = {}
_modules_lock = threading.Lock()


_LOCAL_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+)"[ \t]*$',
                            re.MULTILINE)


def module_source(directory=KERNEL_DIR, name=KERNEL_SOURCE.name):
    """The kernel module's source as one string: `name` with each of its
    own headers (``#include "..."``) put in place, once, recursively.

    CuPy's kernel cache keys on the source text and the options only, so
    a header that changed alone would otherwise load the old kernels.
    """
    seen = set()

    def expand(file_name):
        if file_name in seen:
            return f"/* {file_name}: included above */\n"
        seen.add(file_name)
        text = (directory / file_name).read_text(encoding="utf-8")
        return _LOCAL_INCLUDE.sub(
            lambda m: f"/* ---- {m.group(1)} ---- */\n" + expand(m.group(1)),
            text)

    return expand(name)


def compile_options(rounds):
    """The NVRTC options of the kernel module for `rounds` (8, 12, 20);
    CuPy adds its own after these."""
    return ("--std=c++17", "--fmad=false",
            f"-DCHACHA_CUDA_ROUNDS={rounds}", f"-DCHACHA_CUDA_ILP={ILP}")


def kernel(cupy, rounds, name):
    """The compiled kernel ``chacha<rounds>_<name>`` (module cached per
    round count, device and process)."""
    key = (rounds, cupy.cuda.Device().id)
    with _modules_lock:
        module = _modules.get(key)
        if module is None:
            try:
                module = cupy.RawModule(code=module_source(),
                                        options=compile_options(rounds))
                module.compile()
            except Exception as exc:
                raise RuntimeError(
                    f"chacharand.cuda: compiling {KERNEL_SOURCE.name} for "
                    f"ChaCha{rounds} failed: {type(exc).__name__}: {exc}"
                ) from exc
            _modules[key] = module
    return module.get_function(f"chacha{rounds}_{name}")


def shared_bytes(threads):
    """Shared memory of a CUDA block of `threads` threads: its tile and
    one spare keystream block, rows of ROW_WORDS words."""
    return (threads * ILP + 1) * ROW_WORDS * 4


def launch(cupy, function, input_words, first_word, n, words_per_element,
           params, out, threads=THREADS, grid=None):
    """Run `function` for `n` elements into the device array `out`, with
    the draw's parameters `params` (a _counter_generator.Params: every
    kernel takes all of cr_counter_params's fields).

    `threads` and `grid` set the launch shape (tests vary it: the output
    does not depend on it); by default a grid of up to BLOCKS_PER_SM
    blocks per multiprocessor, each looping over its share of the tiles.
    """
    input_d = cupy.asarray(np.asarray(input_words, dtype=np.uint32))
    if grid is None:
        tile_words = threads * ILP * 16
        tiles = -(-(first_word + words_per_element * n) // tile_words)
        sms = cupy.cuda.Device().attributes["MultiProcessorCount"]
        grid = max(1, min(tiles, sms * BLOCKS_PER_SM))
    function((grid,), (threads,),
             (input_d, np.uint32(first_word), np.uint64(n), *params.as_c(),
              out),
             shared_mem=shared_bytes(threads))


def draw(cupy, bit_generator, function, n, words_per_element, params, out,
         threads=THREADS, grid=None):
    """Claim the draw's words of `bit_generator` and launch `function` on
    them into `out`; a launch that fails at once (an error or an
    interrupt raised by the launch call: no memory for the input, no
    device, a launch configuration the device refuses) gives the words
    back, so the bit generator is where it was.  Errors the device reports
    later, while the kernel runs, come after the position has moved."""
    nwords = words_per_element * n
    words, first_word = _counter.claim(bit_generator, nwords)
    if not n:
        return
    try:
        launch(cupy, function, words, first_word, n, words_per_element,
               params, out, threads, grid)
    except BaseException:
        _counter.unclaim(bit_generator, words, first_word, nwords)
        raise
