"""The sdist builds on its own, and the wheel built from it is what we ship.

From the source tree: ``python -m build --sdist`` (meson-python, which
packs the committed tree: commit before trusting this test), its file
list checked; a wheel built from that sdist alone, its file list checked
(headers and .pxd for other packages, no .c sources, the version of
meson.build); the wheel installed into a fresh venv where the
``chacharand`` command runs, from a scratch directory and from the
repository root (the README's command), and draws a known answer.

It takes a minute or two (two builds): deselect with ``-m "not packaging"``.
"""
import pathlib
import re
import subprocess
import sys
import tarfile
import venv
import zipfile

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
# RFC 8439 section 2.3.2, as the command's demo prints it.
RFC_BLOCK = "10f1e7e4d13b5915500fdd1fa32071c4"

pytestmark = pytest.mark.packaging

if not (ROOT / "pyproject.toml").is_file() or not (ROOT / ".git").exists():
    pytest.skip("not a source checkout", allow_module_level=True)
pytest.importorskip("build", reason="needs the 'build' package")
pytest.importorskip("mesonpy", reason="needs meson-python")


def _meson_version():
    text = (ROOT / "meson.build").read_text(encoding="utf-8")
    return re.search(r"version:\s*'([^']+)'", text).group(1)


def _run(args, **kw):
    proc = subprocess.run(args, capture_output=True, text=True,
                          timeout=900, **kw)
    assert proc.returncode == 0, (proc.stdout[-3000:], proc.stderr[-3000:])
    return proc


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    out = tmp_path_factory.mktemp("sdist")
    # No isolation: the build requirements are those of the test venv,
    # and no index is needed.
    _run([sys.executable, "-m", "build", "--sdist", "--no-isolation",
          "--outdir", str(out), str(ROOT)])
    (path,) = out.glob("chacharand-*.tar.gz")
    return path


@pytest.fixture(scope="module")
def wheel(sdist, tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps",
          "--no-build-isolation", "-w", str(out), str(sdist)])
    (path,) = out.glob("chacharand-*.whl")
    return path


def test_sdist_holds_sources_tests_and_docs(sdist):
    version = _meson_version()
    assert sdist.name == f"chacharand-{version}.tar.gz"
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for required in ("pyproject.toml", "meson.build", "meson.options",
                     "LICENSE", "README.md", "PKG-INFO",
                     "chacharand/_chacha.pyx", "chacharand/_chacha.pxd",
                     "chacharand/_core/chacha/chacha_avx2.c",
                     "chacharand/_core/chacha/chacha_neon.c",
                     "chacharand/_cli/__init__.py",
                     "tests/conftest.py", "tests/c/Makefile",
                     "docs/index.rst"):
        assert required in names, required
    assert not any(n.startswith(("build/", ".mesonpy-")) for n in names)
    assert not any(n.endswith((".so", ".o", ".pyd")) for n in names)


def test_wheel_ships_headers_and_pxd_but_no_c_sources(wheel):
    version = _meson_version()
    assert wheel.name.startswith(f"chacharand-{version}-")
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        metadata = whl.read(f"chacharand-{version}.dist-info/METADATA")
        entry_points = whl.read(
            f"chacharand-{version}.dist-info/entry_points.txt")
    assert not [n for n in names if n.endswith(".c")]
    assert not [n for n in names if n.endswith(".pyx")]
    for required in ("chacharand/_core/chacha/chacha.h",
                     "chacharand/_core/common/compiler.h",
                     "chacharand/_core/hc128/hc128.h",
                     "chacharand/_core/chacha8rand/chacha8rand.h",
                     "chacharand/_core/isaac/isaac64.h",
                     "chacharand/_base.pxd", "chacharand/_chacha.pxd",
                     "chacharand/_chacha8rand.pxd",
                     "chacharand/_chacha_backends.pxd",
                     "chacharand/_chacha_backends.pyi",
                     "chacharand/_hc128.pxd", "chacharand/_isaac.pxd",
                     "chacharand/py.typed", "chacharand/__init__.pyi",
                     "chacharand/_cli/__init__.py",
                     "chacharand/_bench/operations.py",
                     "chacharand/_bench/counter.py",
                     "chacharand/_counter_generator.py",
                     "chacharand/_counter_generator.pyi",
                     "chacharand/_counter_dask.py",
                     # chacharand.cuda compiles these at run time.
                     "chacharand/cuda.py",
                     "chacharand/_core/chacha/chacha_cuda.cu",
                     "chacharand/_core/chacha/chacha_block.h",
                     "chacharand/_core/chacha/chacha_transforms.h"):
        assert required in names, required
    assert f"\nVersion: {version}\n".encode() in metadata
    for classifier in ("Programming Language :: Python :: 3.12",
                       "Programming Language :: Python :: 3.15",
                       "Programming Language :: Python :: Free Threading "
                       ":: 2 - Beta",
                       "Development Status :: 4 - Beta",
                       "Typing :: Typed"):
        assert f"Classifier: {classifier}\n".encode() in metadata
    assert b"chacharand = chacharand._cli:main" in entry_points


def test_wheel_in_a_fresh_venv_runs_the_command(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    # The wheel goes into the new venv; numpy is the one this test runs
    # with, seen through a .pth file at the end of the new venv's path
    # (the tests may run in a venv themselves, whose site-packages
    # system_site_packages would not show), so no index is needed.
    venv.create(env_dir, with_pip=True)
    bindir = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    python = next(p for p in bindir.glob("python*") if p.is_file())
    purelib = _run([str(python), "-c", "import sysconfig; "
                    "print(sysconfig.get_paths()['purelib'])"]).stdout.strip()
    numpy_home = pathlib.Path(np.__file__).resolve().parent.parent
    (pathlib.Path(purelib) / "outer_numpy.pth").write_text(
        f"{numpy_home}\n", encoding="utf-8")
    _run([str(python), "-m", "pip", "install", "--no-deps", "-q",
          "--ignore-installed",
          str(wheel)])
    script = bindir / ("chacharand.exe" if sys.platform == "win32"
                       else "chacharand")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    # From the repository root, where `python -m chacharand` would import
    # the source folder: the README's `pip install . && chacharand`.
    for cwd in (scratch, ROOT):
        out = _run([str(script)], cwd=cwd).stdout
        assert RFC_BLOCK in out
    out = _run([str(python), "-c",
                "import chacharand; print(chacharand.__file__, "
                "chacharand.__version__)"], cwd=scratch).stdout
    path, version = out.split()
    assert pathlib.Path(path).is_relative_to(env_dir)
    assert version == _meson_version()
