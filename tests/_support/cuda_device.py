"""CuPy and the CUDA device it reaches, probed one way for every test that
needs to know (the GPU tests skip without one; others need its absence)."""
import pytest


def probe_cupy():
    """(cupy, count, error): CuPy (the test is skipped, saying so, where it
    is not installed), how many CUDA devices it sees, and the exception
    that asking raised (no driver, no device), else None."""
    cupy = pytest.importorskip("cupy", reason="CuPy is not installed")
    try:
        return cupy, cupy.cuda.runtime.getDeviceCount(), None
    except Exception as exc:  # CUDARuntimeError: no driver, no device
        return cupy, 0, exc


def cupy_with_a_device():
    """CuPy, for a module of GPU tests: the whole module is skipped, saying
    why, without CuPy or without a CUDA device."""
    cupy, count, error = probe_cupy()
    if error is not None:
        pytest.skip(f"no CUDA device: {type(error).__name__}: {error}",
                    allow_module_level=True)
    if not count:
        pytest.skip("no CUDA device: CuPy sees none", allow_module_level=True)
    return cupy
