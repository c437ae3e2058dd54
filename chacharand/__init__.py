"""chacharand: cryptographic-strength NumPy bit generators.

ChaCha8, ChaCha12 and ChaCha20 (seekable, 2**64 streams per key), HC128,
ISAAC and ISAAC64, for use as ``numpy.random.Generator(ChaCha20(seed))``.
"""
from importlib.metadata import PackageNotFoundError, version as _version
import os as _os

from chacharand._chacha import (
    ChaCha8,
    ChaCha12,
    ChaCha20,
    chacha_backends,
    default_chacha_backend,
)

from chacharand._hc128 import HC128
from chacharand._isaac import ISAAC, ISAAC64
from chacharand._parallel import parallel_generators

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
    "ChaCha8",
    "ChaCha12",
    "ChaCha20",
    "HC128",
    "ISAAC",
    "ISAAC64",
    "chacha_backends",
    "default_chacha_backend",
    "get_include",
    "parallel_generators",
]
