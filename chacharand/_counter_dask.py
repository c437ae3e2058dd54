"""The Dask face of chacharand.CounterGenerator: ``gen.dask``.

``gen.dask.standard_normal(size, chunks=...)`` is a Dask array whose chunk
at a block of the array is ``part[block]`` of the draw
``gen.standard_normal(size)`` would make now: each chunk task rebuilds the
bit generator at the draw's start (family, key, stream, word position) and
computes its elements alone.  So the values do not depend on the chunks,
the scheduler or the number of workers, and equal the in-memory draw.
Building the array moves the bit generator past the draw's words at once,
as the in-memory draw would.  The graph holds the key (as
dask.array.random's graphs hold their generators).

dask is imported here only, when ``gen.dask`` is first used.
"""
import itertools

import numpy as np

from chacharand import _counter
from chacharand._counter_generator import CounterGenerator, _Methods, _Part

__all__ = ["DaskFace"]


class _Recorder(_Methods):
    """The methods' checks and Draws, without drawing."""

    def _execute(self, draw, out):
        return draw


def chunk(cls, key, stream, word_pos, device, draw, index):
    """One chunk's task: ``draw[index]`` of the draw at `word_pos`."""
    bg = cls(key=key, stream=stream, word_pos=word_pos)
    gen = CounterGenerator(bg, device=device)
    return _Part(gen, index, word_pos)._execute(draw, None)


class DaskFace:
    """``gen.dask``: each method of :class:`CounterGenerator` (but
    ``bytes``) with ``chunks=``, returning a dask array."""

    def __init__(self, gen):
        self._gen = gen

    def _array(self, draw, chunks):
        import dask.array as da
        from dask.array.core import normalize_chunks, slices_from_chunks
        from dask.base import tokenize

        gen = self._gen
        bg = gen.bit_generator
        chunks = normalize_chunks(chunks, draw.shape, dtype=draw.dtype)
        word_pos = _counter.claim_position(
            bg, draw.words_per_element * draw.size)
        spec = (type(bg), bg.key, bg.stream, word_pos, gen.device, draw)
        name = f"counter-{draw.method}-{tokenize(*spec, chunks)}"
        keys = itertools.product([name], *(range(len(c)) for c in chunks))
        graph = {k: (chunk, *spec, tuple(s))
                 for k, s in zip(keys, slices_from_chunks(chunks))}
        if gen.device == "cuda":
            meta = gen._cupy.empty((0,) * len(draw.shape), dtype=draw.dtype)
        else:
            meta = np.empty((0,) * len(draw.shape), dtype=draw.dtype)
        return da.Array(graph, name, chunks, meta=meta)

    def _method(self, name, args, kwargs, chunks):
        draw = getattr(_Recorder(), name)(*args, **kwargs)
        return self._array(draw, chunks)

    # The methods of CounterGenerator with their arguments but `out` (the
    # tasks make the chunks), and `chunks` as dask.array's (default
    # "auto").

    def random_raw(self, size=None, *, chunks="auto"):
        """The Dask array of :meth:`CounterGenerator.random_raw`."""
        return self._method("random_raw", (size,), {}, chunks)

    def random(self, size=None, dtype=np.float64, *, chunks="auto"):
        """The Dask array of :meth:`CounterGenerator.random`."""
        return self._method("random", (size, dtype), {}, chunks)

    def uniform(self, low=0.0, high=1.0, size=None, dtype=np.float64, *,
                chunks="auto"):
        """The Dask array of :meth:`CounterGenerator.uniform`."""
        return self._method("uniform", (low, high, size, dtype), {}, chunks)

    def standard_normal(self, size=None, dtype=np.float64, *,
                        chunks="auto"):
        """The Dask array of :meth:`CounterGenerator.standard_normal`."""
        return self._method("standard_normal", (size, dtype), {}, chunks)

    def normal(self, loc=0.0, scale=1.0, size=None, dtype=np.float64, *,
               chunks="auto"):
        """The Dask array of :meth:`CounterGenerator.normal`."""
        return self._method("normal", (loc, scale, size, dtype), {}, chunks)

    def standard_exponential(self, size=None, dtype=np.float64, *,
                             chunks="auto"):
        """The Dask array of :meth:`CounterGenerator.standard_exponential`."""
        return self._method("standard_exponential", (size, dtype), {},
                            chunks)

    def exponential(self, scale=1.0, size=None, dtype=np.float64, *,
                    chunks="auto"):
        """The Dask array of :meth:`CounterGenerator.exponential`."""
        return self._method("exponential", (scale, size, dtype), {}, chunks)

    def integers(self, low, high=None, size=None, dtype=np.int64,
                 endpoint=False, *, chunks="auto"):
        """The Dask array of :meth:`CounterGenerator.integers`."""
        return self._method("integers", (low, high, size, dtype, endpoint),
                            {}, chunks)
