"""dask.array.random draws through chacharand.Generator.

dask makes each chunk's generator with
``<top-level package of the bit generator's class>.random.default_rng``,
that is chacharand.random.default_rng, which returns chacharand.Generator:
dask users get the C fills, and the same numbers as NumPy's Generator.
"""
import numpy as np
import pytest
from numpy.random import SeedSequence

import chacharand
from chacharand import ChaCha8, Generator
from chacharand._registry import FAMILIES

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")
dask_random = pytest.importorskip("dask.array.random")

SHAPE, CHUNKS, N_CHUNKS = (1000, 3), (250, 3), 4


def test_dask_builds_chacharand_generators():
    rng = dask_random._rng_from_bitgen(ChaCha8(1))
    assert type(rng) is Generator
    assert type(da.random.default_rng(ChaCha8(1))._bit_generator) is ChaCha8


@pytest.mark.parametrize("family", [f.cls for f in FAMILIES],
                         ids=lambda c: c.__name__)
def test_threaded_arrays_equal_numpys(family):
    rng = da.random.default_rng(family(2024))
    arrays = (rng.random(SHAPE, chunks=CHUNKS),
              rng.standard_normal(SHAPE, chunks=CHUNKS),
              rng.integers(0, 1000, size=SHAPE, chunks=CHUNKS,
                           dtype=np.uint16))
    got = dask.compute(*arrays, scheduler="threads")
    # The same chunks by hand, through NumPy's own Generator.
    children = SeedSequence(2024).spawn(3 * N_CHUNKS)
    methods = (lambda g, n: g.random((n, 3)),
               lambda g, n: g.standard_normal((n, 3)),
               lambda g, n: g.integers(0, 1000, size=(n, 3),
                                       dtype=np.uint16))
    for k, (make, array) in enumerate(zip(methods, got)):
        want = np.concatenate([
            make(np.random.Generator(family(s)), CHUNKS[0])
            for s in children[k * N_CHUNKS:(k + 1) * N_CHUNKS]])
        assert array.dtype == want.dtype
        np.testing.assert_array_equal(array, want)
