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

