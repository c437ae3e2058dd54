"""Every CUDA source of the package compiles, warnings as errors, and the
kernel module compiles as chacharand.cuda gets it compiled on a GPU.

nvcc for sm_80 and sm_90 (skipped, saying so, where the CUDA toolkit is
not installed).  Then CuPy's own RawModule compile path, run here without
a GPU (tests/_support/cupy_compile.py): CuPy adds ``-ftz=true``, an
``-arch=sm_XX`` cubin and ``--device-as-default-execution-space`` after
our options, and the PTX it gets must keep the transforms' IEEE rules:
nothing flushed to zero, no multiply-add contracted.
"""
import pathlib
import re
import shutil
import subprocess

import pytest

from chacharand import _cuda_kernels
from chacharand._counter_generator import METHODS
from _support.cupy_compile import cache_key_as_cupy, compile_as_cupy

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
        [NVCC, f"-arch={arch}", "--fmad=false", "-ftz=true", "-std=c++17",
         "-Werror", "all-warnings", "-Xcompiler", "-Wall,-Wextra,-Werror",
         f"-I{source.parent}", "-c", str(source),
         "-o", str(tmp_path / "kernel.o")],
        capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stdout + out.stderr


# (round count, compute capability): the H200's 9.0 and CUDA 13's oldest
# (nvcc above builds all three round counts).
BUILDS = [(8, "90"), (12, "75")]


@pytest.fixture(scope="module", params=BUILDS,
                ids=lambda b: f"ChaCha{b[0]}-sm_{b[1]}")
def as_cupy(request):
    rounds, arch = request.param
    compiled = compile_as_cupy(_cuda_kernels.module_source(),
                               _cuda_kernels.compile_options(rounds), arch)
    return rounds, arch, compiled


def test_cupy_adds_its_options_after_ours(as_cupy):
    """What the PTX checks below are made under (CuPy 14's list): if CuPy
    stops adding one of these, the rest of this file says less."""
    _, arch, compiled = as_cupy
    options = compiled.options
    ours = _cuda_kernels.compile_options(8)
    assert "--fmad=false" in ours
    for option in ("-ftz=true", f"-arch=sm_{arch}",
                   "--device-as-default-execution-space"):
        assert option in options
        assert options.index(option) > options.index("--fmad=false")
    # A cubin for that GPU: the ELF's e_flags name the SM in bits 8-15.
    assert compiled.cubin[:4] == b"\x7fELF"
    e_flags = int.from_bytes(compiled.cubin[0x30:0x34], "little")
    assert (e_flags >> 8) & 0xFF == int(arch)


def test_every_entry_point_is_built(as_cupy):
    """One kernel per method of the C core's table (CR_COUNTER_METHODS,
    as CounterGenerator reads it), and no other."""
    rounds, _, compiled = as_cupy
    entries = set(re.findall(r"\.entry\s+(\w+)", compiled.ptx))
    assert "raw64" in METHODS and "integers_wide_u64" in METHODS
    assert entries == {f"chacha{rounds}_{name}" for name in METHODS}


def test_nothing_is_flushed_to_zero(as_cupy):
    """-ftz=true marks float32 operations .ftz; the transforms' float32
    results must keep their subnormals (the CPU twin does)."""
    ptx = as_cupy[2].ptx
    flushed = sorted(set(re.findall(r"\b[a-z0-9.]*\.ftz\.[a-z0-9.]*", ptx)))
    assert not flushed, flushed
    assert "cvt.rn.f32.f64" in ptx   # the one double-to-float rounding


def test_no_multiply_add_is_contracted(as_cupy):
    """--fmad=false: products stay separate roundings (marked .rn, which
    ptxas may not fuse either)."""
    ptx = as_cupy[2].ptx
    assert not re.findall(r"\bfma\.", ptx)
    assert re.search(r"\bmul\.rn\.f64\b", ptx)
    assert re.search(r"\badd\.rn\.f64\b", ptx)


def test_a_header_change_alone_changes_cupys_cache_key(tmp_path):
    """CuPy's kernel cache keys on the source string and the options: the
    string chacharand.cuda compiles holds its headers' text, so editing a
    header alone cannot load kernels compiled from the old one."""
    for name in ("chacha_cuda.cu", "chacha_block.h", "chacha_transforms.h"):
        shutil.copy(_cuda_kernels.KERNEL_DIR / name, tmp_path / name)
    options = _cuda_kernels.compile_options(8)
    source = _cuda_kernels.module_source(tmp_path)
    assert source == _cuda_kernels.module_source()
    key = cache_key_as_cupy(source, options)
    assert cache_key_as_cupy(source, options) == key
    for header in ("chacha_block.h", "chacha_transforms.h"):
        path = tmp_path / header
        original = path.read_text(encoding="utf-8")
        path.write_text(original.replace("#endif", "/* edited */\n#endif", 1),
                        encoding="utf-8")
        edited = _cuda_kernels.module_source(tmp_path)
        assert "/* edited */" in edited
        assert cache_key_as_cupy(edited, options) != key
        path.write_text(original, encoding="utf-8")


def test_the_module_source_has_no_include_of_its_own():
    """Only the C library headers the host build takes, which NVRTC's
    branch of the #if leaves out."""
    source = _cuda_kernels.module_source()
    assert re.findall(r'#\s*include\s+"', source) == []
    assert "CHACHARAND_CHACHA_BLOCK_H" in source
    assert "CHACHARAND_CHACHA_TRANSFORMS_H" in source
