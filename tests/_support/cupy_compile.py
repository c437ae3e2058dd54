"""Compile a kernel module the way ``cupy.RawModule`` does, without a GPU.

``cupy.RawModule(code=..., options=...)`` compiles through
``cupy._core.core.compile_with_cache(code, options,
prepend_cupy_headers=False, backend="nvrtc", ...)``: CuPy adds its include
paths and ``--std``, then ``-ftz=true``, the architecture
(``-arch=sm_XX`` for a cubin) and ``--device-as-default-execution-space``,
keys its kernel cache on the source and those options, and hands them to
NVRTC.  ``compile_as_cupy`` runs that same code of CuPy's, with two
changes for a machine without a device:

* the architecture is given (RawModule asks the current device for it),
  and CuPy's per-device memo around the architecture option is bypassed
  (the memo asks the driver which device is current);
* the kernel cache is an in-memory recorder, through CuPy's own
  ``_set_kernel_cache_backend``: it records the cache key CuPy computed
  and the cubin CuPy would store.

The options NVRTC received and the PTX are read at CuPy's NVRTC program
object.  Without a driver, CuPy's last step (loading the cubin into a
context) fails; everything the tests look at is recorded by then.
"""
import contextlib
import dataclasses

import pytest


@dataclasses.dataclass
class Compiled:
    cache_key: str          # the file name CuPy's kernel cache uses
    options: tuple          # what NVRTC was given, in order
    ptx: str
    cubin: bytes


class _Recorder:
    """A kernel cache that never hits and keeps what CuPy saves."""

    def __init__(self):
        self.loads = []
        self.saves = []

    def load(self, name):
        self.loads.append(name)
        return None

    def save(self, name, cubin, source):
        self.saves.append((name, bytes(cubin), source))


def cupy_modules():
    """CuPy's compiler modules, or skip (no CuPy, no NVRTC, no headers)."""
    cupy = pytest.importorskip("cupy", reason="CuPy is not installed")
    from cupy._core import core
    from cupy.cuda import compiler
    try:
        compiler._get_nvrtc_version()
        core.assemble_cupy_compiler_options(())
    except Exception as exc:  # libnvrtc or the CUDA headers not found
        pytest.skip(f"CuPy cannot compile here: {type(exc).__name__}: "
                    f"{str(exc).splitlines()[0] if str(exc) else ''}")
    return cupy, core, compiler


@contextlib.contextmanager
def _patched(obj, name, value):
    old = getattr(obj, name)
    setattr(obj, name, value)
    try:
        yield
    finally:
        setattr(obj, name, old)


class _KeyKnown(Exception):
    pass


class _KeyOnly(_Recorder):
    """Stops CuPy at its cache look-up, before it compiles the source."""

    def load(self, name):
        raise _KeyKnown(name)


def cache_key_as_cupy(source, options, arch="90"):
    """The name CuPy's kernel cache files `source` under, compiled with
    `options` for compute capability `arch`, by CuPy's RawModule path
    (nothing is compiled but CuPy's empty probe file)."""
    try:
        compile_as_cupy(source, options, arch, _recorder=_KeyOnly())
    except _KeyKnown as known:
        return known.args[0]
    raise AssertionError("CuPy's compile path changed: no cache look-up")


def compile_as_cupy(source, options, arch="90", _recorder=None):
    """Compile `source` with `options` through CuPy's RawModule path for
    compute capability `arch` (a string, as CuPy's own); a Compiled."""
    _, core, compiler = cupy_modules()
    recorder = _Recorder() if _recorder is None else _recorder
    programs = []
    original_compile = compiler._NVRTCProgram.compile

    def compile_and_record(program, options=(), log_stream=None):
        result = original_compile(program, options, log_stream)
        if program.src == source:
            ptx = compiler.nvrtc.getPTX(program.ptr)
            programs.append((tuple(options), ptx.decode()
                             if isinstance(ptx, bytes) else ptx))
        return result

    arch_option = compiler._get_arch_for_options_for_nvrtc
    previous_backend = compiler._kernel_cache_backend
    with contextlib.ExitStack() as stack:
        stack.enter_context(_patched(
            compiler, "_get_arch_for_options_for_nvrtc",
            getattr(arch_option, "__wrapped__", arch_option)))
        stack.enter_context(_patched(compiler._NVRTCProgram, "compile",
                                     compile_and_record))
        compiler._set_kernel_cache_backend(recorder)
        stack.callback(compiler._set_kernel_cache_backend, previous_backend)
        try:
            core.compile_with_cache(
                source, tuple(options), arch=arch,
                prepend_cupy_headers=False, backend="nvrtc",
                translate_cucomplex=False, enable_cooperative_groups=False,
                name_expressions=None, log_stream=None, jitify=False)
        except _KeyKnown:
            raise
        except Exception:
            # No driver: loading the module fails after the compile.
            if not recorder.saves:
                raise
    assert len(programs) == 1 and len(recorder.saves) == 1, \
        "CuPy's compile path changed: no single NVRTC compile recorded"
    (nvrtc_options, ptx), (key, cubin, _) = programs[0], recorder.saves[0]
    return Compiled(key, nvrtc_options, ptx, cubin)
