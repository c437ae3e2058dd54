"""The Cython example of the documentation builds, and draws our streams.

docs/examples/cython_draws.pyx is built with its own setup.py in a scratch
directory (``python setup.py build_ext --inplace``, exactly what the docs
tell a reader to run), then imported and checked against the generators'
Python-level output.
"""
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import numpy as np
import pytest
from numpy.random import Generator

from chacharand import HC128, ChaCha8, ChaCha20
from chacharand._registry import FAMILIES

# Run on the free-threaded interpreter of the matrix too: the example must
# keep the GIL off there.
pytestmark = pytest.mark.free_threading

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
SOURCES = ("cython_draws.pyx", "setup.py")


def c_compiler():
    """The compiler setuptools would use, if it is on the PATH."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(cc[0]) if cc else None


@pytest.fixture(scope="module")
def cython_draws(tmp_path_factory):
    if not all((EXAMPLES / name).is_file() for name in SOURCES):
        pytest.skip("no docs/examples next to the tests")
    pytest.importorskip("Cython", reason="the example needs Cython")
    pytest.importorskip("setuptools", reason="the example needs setuptools")
    if c_compiler() is None:
        pytest.skip("no C compiler to build the Cython example with")
    work = tmp_path_factory.mktemp("cython_example")
    for name in SOURCES:
        shutil.copy(EXAMPLES / name, work / name)
    env = dict(os.environ)
    if sys.platform != "win32":
        # Compiles in a third of the time; only the build's speed is at
        # stake, the example's code is the same.
        env["CFLAGS"] = "-O0 -g0"
    proc = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=work, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, (
        f"building the example failed:\n{proc.stdout[-3000:]}\n"
        f"{proc.stderr[-6000:]}")
    built = [p for p in work.iterdir()
             if p.name.startswith("cython_draws.") and
             p.suffix in (".so", ".pyd")]
    assert built, sorted(p.name for p in work.iterdir())
    spec = importlib.util.spec_from_file_location("cython_draws", built[0])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def inside_count(gen, n):
    xy = gen.random((n, 2))
    return int(np.count_nonzero((xy * xy).sum(axis=1) < 1.0))


@pytest.mark.parametrize("family", [f.cls for f in FAMILIES],
                         ids=lambda c: c.__name__)
def test_count_in_circle_draws_our_stream(cython_draws, family):
    bitgen, twin = family(2024), family(2024)
    got = cython_draws.count_in_circle(bitgen, 5000)
    assert got == inside_count(Generator(twin), 5000)
    # The compiled loop advanced the generator exactly as numpy would.
    np.testing.assert_array_equal(bitgen.random_raw(4), twin.random_raw(4))
    assert abs(4 * got / 5000 - np.pi) < 0.2


def test_count_in_circle_takes_numpys_generators_too(cython_draws):
    got = cython_draws.count_in_circle(np.random.PCG64(1), 1000)
    assert got == inside_count(Generator(np.random.PCG64(1)), 1000)


def test_chacha_uniforms_uses_the_cimported_type(cython_draws):
    for family in (ChaCha8, ChaCha20):
        got = cython_draws.chacha_uniforms(family(key=bytes(range(32)),
                                                  stream=3), 1000)
        want = Generator(family(key=bytes(range(32)), stream=3)).random(1000)
        np.testing.assert_array_equal(got, want)
    with pytest.raises(TypeError, match="ChaChaBitGenerator"):
        cython_draws.chacha_uniforms(HC128(1), 10)
    with pytest.raises(TypeError):
        cython_draws.chacha_uniforms(np.random.PCG64(1), 10)


def test_chacha_words_use_the_inline_hot_path(cython_draws):
    for family in (ChaCha8, ChaCha20):
        start = dict(key=bytes(range(32)), stream=5, word_pos=250)
        got = cython_draws.chacha_words(family(**start), 1000)
        want = np.random.Generator(family(**start)).integers(
            0, 2**32, 1000, dtype=np.uint32)
        np.testing.assert_array_equal(got, want)


def test_example_keeps_the_gil_disabled(cython_draws):
    """On a free-threaded CPython, importing the example leaves the GIL
    off: its Cython build declares that it runs without it.  The import
    runs in a child process without PYTHON_GIL, so a module that did not
    declare it would turn the GIL back on (a RuntimeWarning, made an
    error)."""
    if not sysconfig.get_config_var("Py_GIL_DISABLED"):
        pytest.skip("not a free-threaded interpreter")
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('cython_draws', "
        f"{cython_draws.__file__!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
        "print(sys._is_gil_enabled())\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHON_GIL"}
    out = subprocess.run([sys.executable, "-W", "error::RuntimeWarning",
                          "-c", code], capture_output=True, text=True,
                         env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False", "importing the example enabled the GIL"
