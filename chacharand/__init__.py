"""chacharand: NumPy bit generators over stream ciphers (ChaCha, HC-128, ISAAC).

ChaCha8, ChaCha12 and ChaCha20 (seekable, 2**64 streams per key), HC128,
ISAAC and ISAAC64, for use as ``numpy.random.Generator(ChaCha20(seed))``.
"""
from importlib.metadata import PackageNotFoundError, version as _version
import os as _os

try:
    from chacharand._chacha_backends import (chacha_backends,
                                             default_chacha_backend)
except ModuleNotFoundError as _exc:
    # The source folder has no compiled modules: `python -m chacharand`
    # (or `import chacharand`) in the repository root finds it before the
    # installed package.
    if _exc.name != "chacharand._chacha_backends":
        raise
    raise ImportError(
        "chacharand's compiled modules are not in "
        f"{_os.path.dirname(__file__)}: this is a source folder, not the "
        "installed package.  Install it (pip install .) and run from "
        "another directory, or run the 'chacharand' command.") from _exc
from chacharand._counter_generator import CounterGenerator
from chacharand._generator import Generator, default_rng
from chacharand._parallel import parallel_generators
from chacharand._registry import FAMILIES as _FAMILIES

# The generator classes, one per family of the registry.
globals().update({_f.name: _f.cls for _f in _FAMILIES})

# dask.array.random makes each chunk's Generator with
# chacharand.random.default_rng(bit_generator): see chacharand/random.py.
from chacharand import random

try:
    __version__ = _version("chacharand")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0+unknown"


def get_include():
    """Directory of the C headers, for Cython code that cimports ours."""
    return _os.path.join(_os.path.dirname(__file__), "_core")


__all__ = [
    *(_f.name for _f in _FAMILIES),
    "CounterGenerator",
    "Generator",
    "chacha_backends",
    "default_chacha_backend",
    "default_rng",
    "get_include",
    "parallel_generators",
]
