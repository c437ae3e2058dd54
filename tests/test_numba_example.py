"""The numba example of the documentation draws NumPy's numbers.

docs/examples/numba_draws.py compiles a loop over ``ctypes.next_double``;
its output must equal numpy.random.Generator(...).random from the same
position, for every family, and leave the generator where that call would.
"""
import importlib.util
from pathlib import Path

import numpy as np
import pytest

from chacharand._registry import FAMILIES

EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "numba_draws.py"


@pytest.fixture(scope="module")
def numba_draws():
    if not EXAMPLE.is_file():
        pytest.skip("no docs/examples next to the tests")
    pytest.importorskip("numba", reason="numba is not installed for this "
                        "Python (it is a test extra where numba has wheels)")
    spec = importlib.util.spec_from_file_location("numba_draws", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("spec", FAMILIES, ids=lambda f: f.name)
def test_numba_loop_draws_numpys_random(numba_draws, spec):
    bitgen, twin = spec.cls(2024), spec.cls(2024)
    bitgen.random_raw(3)            # start off a buffer boundary
    twin.random_raw(3)
    got = numba_draws.uniforms(bitgen, 1001)
    want = np.random.Generator(twin).random(1001)
    np.testing.assert_array_equal(got, want)
    assert bitgen.random_raw() == twin.random_raw()
