"""The generator constructors dask looks for, giving chacharand.Generator.

This module exists for ``dask.array.random``.  To run a task on a chunk,
dask turns a bit generator into a Generator by importing the top-level
package of the bit generator's class and calling
``<package>.random.default_rng(bit_generator)``: for
``chacharand.ChaCha20`` that is ``chacharand.random.default_rng``.  It
returns a :class:`chacharand.Generator`, which draws exactly NumPy's
numbers but fills the arrays straight from the generator's buffer, so dask
arrays drawn from chacharand's generators get its speed.

``default_rng`` with a seed (rather than a bit generator) gives a
Generator over ChaCha20, as :func:`chacharand.default_rng`.
"""
from chacharand._generator import Generator, default_rng

__all__ = ["Generator", "default_rng"]
