"""dask.array.random with chacharand's generators, threaded and distributed.

What dask does (dask/array/random.py): ``default_rng(bit_generator)`` wraps
the generator; each array method spawns one child per chunk with
``type(bg)(s) for s in bg._seed_seq.spawn(n_chunks)``, sends the children's
SeedSequences (with the class) to the tasks, and each task rebuilds its
generator and draws through
``importlib.import_module(<top-level package of the class>).random
.default_rng(bitgen)`` -- hence ``chacharand.random``.
"""
import os

import numpy as np
import pytest
from numpy.random import Generator, SeedSequence

from _support import parallel_tasks
from chacharand._registry import FAMILIES as REGISTRY
from _support.known_answers import documented_key_entropy
from chacharand import (HC128, ISAAC, ISAAC64, ChaCha8, ChaCha20,
                        parallel_generators)

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")
try:
    import distributed
except ImportError:  # the threaded tests still run
    distributed = None

FAMILIES = tuple(f.cls for f in REGISTRY)
SHAPE, CHUNKS = (1000, 3), (250, 3)
N_CHUNKS = 4
TIMEOUT = 60
KEYS = {HC128: bytes(range(5, 37)), ISAAC64: bytes(range(32)) + bytes(9)}


def draws(family, seed):
    """The dask arrays under test, not yet computed."""
    rng = da.random.default_rng(family(seed))
    return (rng.random(SHAPE, chunks=CHUNKS),
            rng.standard_normal(SHAPE, chunks=CHUNKS),
            rng.integers(0, 2**62, size=SHAPE, chunks=CHUNKS))


def by_hand(family, seed):
    """What dask computes, chunk by chunk, written out with numpy.

    `seed` is what the parent's SeedSequence was made from.
    """
    children = SeedSequence(seed).spawn(3 * N_CHUNKS)
    methods = ((lambda g, n: g.random((n, 3))),
               (lambda g, n: g.standard_normal((n, 3))),
               (lambda g, n: g.integers(0, 2**62, size=(n, 3))))
    return [np.concatenate([make(Generator(family(s)), CHUNKS[0])
                            for s in children[k * N_CHUNKS:
                                              (k + 1) * N_CHUNKS]])
            for k, make in enumerate(methods)]


def test_chacharand_random_gives_chacharand_generators():
    # dask calls <package>.random.default_rng(bit_generator) per chunk.
    import chacharand

    assert chacharand.random.Generator is chacharand.Generator
    rng = chacharand.random.default_rng(ChaCha20(1))
    assert type(rng) is chacharand.Generator
    assert issubclass(chacharand.Generator, np.random.Generator)


@pytest.mark.parametrize("family", FAMILIES, ids=lambda c: c.__name__)
def test_threaded_arrays_are_reproducible(family):
    first = dask.compute(*draws(family, 2024), scheduler="threads")
    again = dask.compute(*draws(family, 2024), scheduler="threads")
    other = dask.compute(*draws(family, 2025), scheduler="threads")
    for a, b, c, want in zip(first, again, other, by_hand(family, 2024)):
        assert a.shape == SHAPE
        np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(a, want)
        assert not np.array_equal(a, c)
    # Every chunk has its own stream.
    chunks = first[2].reshape(N_CHUNKS, -1)
    assert np.unique(chunks).size == chunks.size


def test_numpy_generator_and_more_methods():
    rng = da.random.default_rng(Generator(ChaCha20(5)))
    choice = rng.choice(1000, size=40, chunks=10, replace=True)
    poisson = rng.poisson(da.arange(20, chunks=5), size=20, chunks=5)
    c1, p1 = dask.compute(choice, poisson, scheduler="threads")
    rng = da.random.default_rng(ChaCha20(5))
    c2 = rng.choice(1000, size=40, chunks=10, replace=True)
    p2 = rng.poisson(da.arange(20, chunks=5), size=20, chunks=5)
    c2, p2 = dask.compute(c2, p2, scheduler="threads")
    np.testing.assert_array_equal(c1, c2)
    np.testing.assert_array_equal(p1, p2)


@pytest.mark.parametrize("make", [
    lambda: ChaCha20(key=bytes(32)),
    lambda: ChaCha8(1).jumped(3),
    lambda: parallel_generators(2, 1, generators=False)[1],
    lambda: HC128(key=KEYS[HC128]),
    lambda: ISAAC64(key=KEYS[ISAAC64]),
], ids=["ChaCha20-key", "ChaCha8-jumped", "parallel-stream", "HC128-key",
        "ISAAC64-key"])
def test_keyed_generators_spawn_from_their_derived_seed(make):
    # A generator with an explicit key spawns from the SeedSequence derived
    # from its key and stream, written out here from the documented rule.
    bitgen = make()
    family = type(bitgen)
    arrays = dask.compute(*draws_from(bitgen), scheduler="threads")
    again = dask.compute(*draws_from(make()), scheduler="threads")
    for a, b, want in zip(arrays, again,
                          by_hand(family, documented_entropy(bitgen))):
        np.testing.assert_array_equal(a, want)
        np.testing.assert_array_equal(a, b)


def draws_from(bitgen):
    rng = da.random.default_rng(bitgen)
    return (rng.random(SHAPE, chunks=CHUNKS),
            rng.standard_normal(SHAPE, chunks=CHUNKS),
            rng.integers(0, 2**62, size=SHAPE, chunks=CHUNKS))


def documented_entropy(bitgen):
    if hasattr(bitgen, "stream"):
        return documented_key_entropy(type(bitgen).__name__, bitgen.key,
                                      bitgen.stream)
    return documented_key_entropy(type(bitgen).__name__, KEYS[type(bitgen)])


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("distributed")
    with distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True,
            dashboard_address=None, death_timeout=TIMEOUT) as cluster, \
            distributed.Client(cluster, timeout=TIMEOUT) as client:
        client.wait_for_workers(2, timeout=TIMEOUT)
        yield client


def test_distributed_matches_threaded(client):
    arrays = {family: draws(family, 77) for family in FAMILIES}
    flat = [a for family in FAMILIES for a in arrays[family]]
    futures = client.compute(flat)
    distributed.wait(futures, timeout=TIMEOUT)
    results = client.gather(futures)
    want = dask.compute(*flat, scheduler="threads")
    for got, expected in zip(results, want):
        np.testing.assert_array_equal(got, expected)
    workers = client.run(os.getpid)
    assert len(set(workers.values())) == 2
    assert os.getpid() not in workers.values()


def test_generators_pickle_to_distributed_workers(client):
    """Streams made here, used on the workers: each draws what it would
    have drawn here.  (The task function lives in an importable module:
    the workers unpickle it by name.)"""
    for family in (ChaCha20, ISAAC):
        rngs = parallel_generators(6, 9, bit_generator=family)
        futures = client.map(parallel_tasks.draw_on_worker, rngs, [500] * 6,
                             pure=False)
        distributed.wait(futures, timeout=TIMEOUT)
        results = client.gather(futures)
        for (pid, got), rng in zip(results, rngs):
            assert pid != os.getpid()
            np.testing.assert_array_equal(got, rng.random(500))
