"""Where the package under test is installed, for tools run beside it."""
import os
import pathlib

import chacharand

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent


def mypy_env():
    """The environment for mypy and stubtest: they find an installed
    package's stubs themselves, but not those of an editable install (an
    import hook they do not run), which are the source folder's: then they
    are told where it is.  None: the environment as it is."""
    package = pathlib.Path(chacharand.__file__).resolve().parent
    if package != ROOT / "chacharand":
        return None
    return dict(os.environ, MYPYPATH=str(ROOT))
