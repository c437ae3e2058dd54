"""Every CUDA source of the package compiles, warnings as errors.

nvcc for sm_80 and sm_90 (skipped, saying so, where the CUDA toolkit is
not installed), and NVRTC with the options chacharand.cuda uses (where
CuPy can load libnvrtc; no GPU is needed to compile).
"""
import pathlib
import shutil
import subprocess

import pytest

from chacharand import _cuda_kernels

CORE = pathlib.Path(_cuda_kernels.KERNEL_DIR).parent
SOURCES = sorted(CORE.rglob("*.cu"))
NVCC = shutil.which("nvcc")


def test_the_kernel_ships_with_the_package():
    assert _cuda_kernels.KERNEL_SOURCE in SOURCES
    for header in ("chacha_block.h", "chacha_transforms.h"):
        assert (_cuda_kernels.KERNEL_DIR / header).is_file()


@pytest.mark.skipif(NVCC is None, reason="nvcc not found (CUDA toolkit)")
@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_nvcc_compiles_without_warnings(source, arch, tmp_path):
    out = subprocess.run(
        [NVCC, f"-arch={arch}", "--fmad=false", "-std=c++17",
         "-Werror", "all-warnings", "-Xcompiler", "-Wall,-Wextra,-Werror",
         f"-I{source.parent}", "-c", str(source),
         "-o", str(tmp_path / "kernel.o")],
        capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stdout + out.stderr


def nvrtc():
    try:
        from cupy_backends.cuda.libs import nvrtc as lib
        lib.getVersion()
    except Exception as exc:  # no CuPy, or no libnvrtc for it to load
        pytest.skip(f"NVRTC not available: {type(exc).__name__}: "
                    f"{str(exc).splitlines()[0] if str(exc) else ''}")
    return lib


@pytest.mark.parametrize("rounds, arch", [(8, "compute_75"),
                                          (12, "compute_90"),
                                          (20, "compute_90")])
def test_nvrtc_compiles_the_kernel_as_chacharand_cuda_does(rounds, arch):
    lib = nvrtc()
    source = _cuda_kernels.KERNEL_SOURCE.read_text(encoding="utf-8")
    prog = lib.createProgram(source, "chacha_cuda.cu", [], [])
    options = list(_cuda_kernels.compile_options(rounds)) + [
        f"--gpu-architecture={arch}"]
    try:
        lib.compileProgram(prog, options)
    except Exception as exc:
        pytest.fail(f"{exc}\n{lib.getProgramLog(prog)}")
    log = lib.getProgramLog(prog).strip()
    assert "warning" not in log.lower(), log
    ptx = lib.getPTX(prog)
    ptx = ptx.decode() if isinstance(ptx, bytes) else ptx
    assert f".entry chacha{rounds}_raw64" in ptx
    # Contraction is off: no fused multiply-add in the transforms, and
    # products marked .rn, which ptxas may not fuse either.
    assert "fma.rn.f64" not in ptx and "mul.rn.f64" in ptx
