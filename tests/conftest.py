"""Shared fixtures: the tests always run against a built, installed package.

An ordinary install and an editable one (``pip install -e .
--no-build-isolation``, whose compiled modules live in its build folder)
both do; the bare source folder, whose extension modules were never built
or were built in place, does not: it would test something no user runs.
"""
import importlib
import pathlib

import pytest

DATA = pathlib.Path(__file__).parent / "data"
SOURCE_TREE = pathlib.Path(__file__).resolve().parent.parent / "chacharand"

try:
    _compiled = importlib.import_module("chacharand._base")
except ImportError as exc:
    raise RuntimeError(
        "chacharand's compiled modules cannot be imported; install the "
        "package (pip install -e . --no-build-isolation, or pip install .) "
        "and run pytest from the repository root or outside it") from exc

if pathlib.Path(_compiled.__file__).resolve().parent == SOURCE_TREE:
    raise RuntimeError(
        "the tests imported chacharand's compiled modules from the source "
        "folder (an in-place build); install the package instead (pip "
        "install -e . --no-build-isolation, or pip install .)")


@pytest.fixture(scope="session")
def data_dir():
    return DATA



# ---- the matrix (tests/test_numpy_matrix.py) --------------------------------
# Its entries take most of a full run's time, and most of that is waiting on
# other processes: they start in the background as soon as collection is
# done, and their tests go last, so that the rest of the run goes on beside
# them.

def _matrix_entries(items):
    return [item.callspec.params["entry"] for item in items
            if item.get_closest_marker("matrix") is not None
            and hasattr(item, "callspec") and "entry" in item.callspec.params]


# ---- the quick loop: -m "not matrix and not slow" --------------------------
# The modules whose tests build something (a C program, a wheel, the docs, a
# compiled example, a CUDA kernel) or run another tool over the package (mypy,
# stubtest, cibuildwheel, numba): most of a run's time, little of what an
# edit to the package breaks first.  Packaging tests are slow too.
SLOW_MODULES = {
    "test_c_core", "test_docs", "test_cython_example", "test_numba_example",
    "test_typing", "test_generator_typing", "test_wheel_config",
    "test_cuda_host_kernel", "test_cuda_compile", "test_packaging",
}


def _mark_slow(items):
    for item in items:
        module = item.nodeid.split("::")[0].rsplit("/", 1)[-1][:-3]
        if module in SLOW_MODULES or item.get_closest_marker("packaging"):
            item.add_marker(pytest.mark.slow)


def pytest_collection_modifyitems(session, config, items):
    _mark_slow(items)
    matrix_items = [i for i in items if i.get_closest_marker("matrix")]
    if matrix_items:
        items[:] = [i for i in items
                    if not i.get_closest_marker("matrix")] + matrix_items


def pytest_collection_finish(session):
    entries = _matrix_entries(session.items)
    if entries and not session.config.option.collectonly:
        from _support import matrix
        matrix.start(entries)


def pytest_sessionfinish(session, exitstatus):
    from _support import matrix
    matrix.stop()
