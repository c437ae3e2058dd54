"""NumPy's generator constructors, under the name dask looks for.

This module exists for ``dask.array.random``.  To run a task on a chunk,
dask turns a bit generator into a :class:`numpy.random.Generator` by
importing the top-level package of the bit generator's class and calling
``<package>.random.default_rng(bit_generator)``: for
``chacharand.ChaCha20`` that is ``chacharand.random.default_rng``.  It is
NumPy's own :func:`numpy.random.default_rng`, and :class:`Generator` is
NumPy's own class; nothing here is specific to chacharand, so use
``numpy.random`` in your own code.

Note that ``default_rng`` with a seed (rather than a bit generator) gives
NumPy's default, PCG64: wrap a chacharand generator to use it,
``default_rng(ChaCha20(seed))``.
"""
from numpy.random import Generator, default_rng

__all__ = ["Generator", "default_rng"]
