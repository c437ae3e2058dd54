"""The NumPy and Python versions we claim, each tested for real.

Each entry of ``_support.matrix.MATRIX`` (a Python, a numpy, a selection of
tests) gets a virtual environment with that Python and that numpy, the
package built as a wheel and installed into it, and that environment's
pytest runs the selection there: the numpy-protocol tests (known answers,
conformance, state, pickling, RandomState, spawn, parallel, locking,
chacharand.Generator's identity with NumPy's, threads), or the whole suite.
numpy's lock is a plain Lock before 2.4 and an RLock from 2.4 on, so both
kinds are exercised; a deadlock fails by the per-test timeout instead of
hanging.  On the free-threaded interpreter the thread tests run with the
GIL off, and the checks that importing chacharand (and the Cython example
of the docs) leaves it off must pass there, not skip.

The entries run in the background from the end of collection on
(tests/conftest.py starts them, _support/matrix.py runs them) and these
tests, moved to the end of the session, wait for them.  Deselect with
``-m "not matrix"`` for a quick run.
"""
import sys

import pytest

from _support import matrix

pytestmark = [pytest.mark.matrix, pytest.mark.timeout(5400)]

if not (matrix.ROOT / "pyproject.toml").exists():
    pytest.skip("not a source checkout", allow_module_level=True)

# The checks that prove the free-threaded run had the GIL off.
GIL_CHECKS = (
    "tests/test_threads.py::test_import_keeps_the_gil_disabled",
    "tests/test_cython_example.py::test_example_keeps_the_gil_disabled",
)


@pytest.mark.parametrize("entry", matrix.MATRIX,
                         ids=[e.id for e in matrix.MATRIX])
def test_suite_on_python_and_numpy(entry):
    try:
        result = matrix.outcome(entry, timeout=5300)
    except matrix.Skip as why:
        pytest.skip(str(why))
    assert result.returncode == 0, result.output[-6000:]
    assert result.versions and result.versions[0].startswith(
        entry.python.rstrip("t") + "."), result.output[-2000:]
    if entry.numpy.startswith("numpy=="):
        assert result.versions[1] == entry.numpy.split("==")[1]
    passed = matrix.summary_count(result.output)
    assert passed > 50, result.output[-4000:]
    if entry.scope == "free_threading":
        for check in GIL_CHECKS:
            assert f"PASSED {check}" in result.output, (
                f"{check} did not pass on the free-threaded interpreter:\n"
                + result.output[-4000:])
    print(f"Python {result.versions[0]}, numpy {result.versions[1]}: "
          f"{passed} passed in {result.seconds:.0f} s", file=sys.stderr)
