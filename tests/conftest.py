"""Shared fixtures: the tests always run against the installed package."""
import pathlib

import pytest

import chacharand

DATA = pathlib.Path(__file__).parent / "data"
SOURCE_TREE = pathlib.Path(__file__).resolve().parent.parent / "chacharand"

# An editable install also imports the package from the source tree, but
# its compiled modules come from the build directory: that is accepted.
import chacharand._chacha  # noqa: E402

if pathlib.Path(chacharand.__file__).resolve().parent == SOURCE_TREE and \
        pathlib.Path(chacharand._chacha.__file__).resolve().parent == \
        SOURCE_TREE:
    raise RuntimeError(
        "the tests imported chacharand from the source tree; install the "
        "package and run pytest from outside the repository root"
    )


@pytest.fixture(scope="session")
def data_dir():
    return DATA

