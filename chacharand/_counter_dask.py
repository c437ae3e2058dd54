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
import functools
import itertools

import numpy as np

from chacharand import _counter
from chacharand._counter_generator import CounterGenerator, _Methods, _Part

__all__ = ["DaskFace"]


class _Recorder(_Methods):
    """The methods' checks and Draws, without drawing."""

    def _execute(self, draw, out):
        if out is not None:
            raise TypeError("out= is not accepted by the Dask face: the "
                            "chunks are made by the tasks")
        return draw


def chunk(cls, key, stream, word_pos, device, draw, index):
    """One chunk's task: ``draw[index]`` of the draw at `word_pos`."""
    bg = cls(key=key, stream=stream, word_pos=word_pos)
    gen = CounterGenerator(bg, device=device)
    return _Part(gen, index, word_pos)._execute(draw, None)


def _dask_method(name):
    method = getattr(_Methods, name)

    @functools.wraps(method)
    def wrapper(self, *args, chunks="auto", **kwargs):
        draw = method(_Recorder(), *args, **kwargs)
        return self._array(draw, chunks)

    wrapper.__doc__ = (
        f"The Dask array of :meth:`CounterGenerator.{name}` (the same "
        "arguments but `out`), in `chunks` (as dask.array's, default "
        "'auto'); its values do not depend on the chunks.")
    return wrapper


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


for _name in ("random_raw", "random", "uniform", "standard_normal", "normal",
              "standard_exponential", "exponential", "integers"):
    setattr(DaskFace, _name, _dask_method(_name))
del _name
