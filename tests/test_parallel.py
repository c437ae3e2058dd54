"""parallel_generators, and parallel work in process pools.

The pool tests run real worker processes (concurrent.futures and
multiprocessing, with the "fork" and "spawn" start methods) and check that
a Monte Carlo estimate does not depend on the number of workers or the
order of the chunks, and that the workers' streams differ.
"""
import itertools
import multiprocessing
import pickle
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from numpy.random import Generator, SeedSequence

import chacharand
from _support import parallel_tasks
from chacharand import (HC128, ISAAC, ISAAC64, ChaCha8, ChaCha12, ChaCha20,
                        parallel_generators)
from chacharand._registry import FAMILIES as REGISTRY

CHACHA = tuple(f.cls for f in REGISTRY if f.has_streams)
TABLES = tuple(f.cls for f in REGISTRY if not f.has_streams)
FAMILIES = CHACHA + TABLES
EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "parallel_pi.py"

POOL_TIMEOUT = 120
HAS_FORK = "fork" in multiprocessing.get_all_start_methods()


def raw(gens, n=8):
    """The next `n` raw draws of each generator (which are advanced)."""
    return [g.bit_generator.random_raw(n) if isinstance(g, Generator)
            else g.random_raw(n) for g in gens]


def assert_disjoint(blocks):
    """No 64-bit value is shared between any two blocks (or repeated)."""
    values = np.concatenate(blocks)
    assert np.unique(values).size == values.size


# Python 3.12+ warns about fork() in a process that has threads; these
# tests choose fork on purpose (it is the start method whose pitfalls the
# documentation describes) and start no threads of their own.
pytestmark = [
    pytest.mark.numpy_protocol,
    pytest.mark.filterwarnings(
        "ignore:.*use of fork\\(\\) may lead to deadlocks:DeprecationWarning"),
]


def fork_context():
    return multiprocessing.get_context("fork")


# ---- what parallel_generators returns ----------------------------------------

def test_exported():
    assert "parallel_generators" in chacharand.__all__
    assert chacharand.parallel_generators is parallel_generators


@pytest.mark.parametrize("family", FAMILIES, ids=lambda c: c.__name__)
def test_same_call_same_streams(family):
    for spec in (family, family.__name__):
        a = parallel_generators(5, 1234, bit_generator=spec)
        b = parallel_generators(5, 1234, bit_generator=spec)
        assert all(isinstance(g, Generator) for g in a)
        assert all(type(g.bit_generator) is family for g in a)
        for x, y in zip(raw(a), raw(b)):
            np.testing.assert_array_equal(x, y)


def test_default_family_is_chacha20_and_bit_generators_on_request():
    gens = parallel_generators(3, 5, generators=False)
    assert [type(g) for g in gens] == [ChaCha20] * 3
    assert parallel_generators(0, 5) == []


@pytest.mark.parametrize("family", CHACHA, ids=lambda c: c.__name__)
def test_chacha_from_seed_is_streams_0_to_n_minus_1_of_the_seeds_key(family):
    gens = parallel_generators(4, 99, bit_generator=family, generators=False)
    assert [g.stream for g in gens] == [0, 1, 2, 3]
    assert {g.key for g in gens} == {family(99).key}
    for i, g in enumerate(gens):
        np.testing.assert_array_equal(g.random_raw(16),
                                      family(99, stream=i).random_raw(16))


def test_chacha_from_seed_sequence_uses_its_key_and_leaves_it_alone():
    seq = SeedSequence(2024)
    gens = parallel_generators(3, seq, bit_generator="ChaCha8",
                               generators=False)
    assert gens[0].key == ChaCha8(SeedSequence(2024)).key
    assert seq.n_children_spawned == 0


def test_chacha_children_of_a_generator_are_the_next_streams():
    parent = ChaCha12(7, stream=10)
    parent.random_raw(5)
    before = parent.state
    gens = parallel_generators(3, parent, generators=False)
    assert parent.state == before
    assert [g.stream for g in gens] == [11, 12, 13]
    for i, g in enumerate(gens, start=1):
        twin = parent.jumped(i)
        assert g.key == parent.key and g.word_pos == parent.word_pos
        np.testing.assert_array_equal(g.random_raw(8), twin.random_raw(8))


def test_chacha_children_wrap_around_without_meeting_the_parent():
    parent = ChaCha20(key=bytes(32), stream=2**64 - 2)
    streams = [g.stream for g in parallel_generators(3, parent,
                                                     generators=False)]
    assert streams == [2**64 - 1, 0, 1]


def test_a_numpy_generator_is_taken_as_its_bit_generator():
    a = parallel_generators(2, Generator(ChaCha8(3)))
    b = parallel_generators(2, ChaCha8(3))
    for x, y in zip(raw(a), raw(b)):
        np.testing.assert_array_equal(x, y)
    assert type(parallel_generators(1, Generator(ISAAC(3)))[0]
                .bit_generator) is ISAAC


def test_chacha_children_spawn_the_same_children_every_time():
    first = parallel_generators(2, 3, generators=False)[1].spawn(2)
    again = parallel_generators(2, 3, generators=False)[1].spawn(2)
    for a, b in zip(first, again):
        np.testing.assert_array_equal(a.random_raw(4), b.random_raw(4))
    assert first[0].key != first[1].key


@pytest.mark.parametrize("family", TABLES, ids=lambda c: c.__name__)
def test_tables_from_seed_are_seed_sequence_children(family):
    gens = parallel_generators(3, [1, 2, 3], bit_generator=family)
    want = [family(s) for s in SeedSequence([1, 2, 3]).spawn(3)]
    for x, y in zip(raw(gens), raw(want)):
        np.testing.assert_array_equal(x, y)


def test_tables_from_a_seed_sequence_spawn_from_it():
    seq = SeedSequence(5)
    first = parallel_generators(2, seq, bit_generator=HC128)
    second = parallel_generators(2, seq, bit_generator=HC128)
    assert seq.n_children_spawned == 4
    assert_disjoint(raw(first + second, 64))


@pytest.mark.parametrize("family", TABLES, ids=lambda c: c.__name__)
def test_tables_from_a_generator_are_its_spawn(family):
    parent, twin = family(11), family(11)
    gens = parallel_generators(3, parent)
    want = twin.spawn(3)
    for x, y in zip(raw(gens), raw(want)):
        np.testing.assert_array_equal(x, y)
    assert parent.seed_seq.n_children_spawned == 3
    # A second call gives new generators, as spawn() does.
    assert_disjoint(raw(gens + parallel_generators(3, parent), 64))


def test_seed_none_draws_256_bits_of_entropy():
    for family in (ChaCha20, ISAAC64):
        a = parallel_generators(2, bit_generator=family, generators=False)
        b = parallel_generators(2, bit_generator=family, generators=False)
        assert_disjoint(raw(a + b, 64))
    table = parallel_generators(1, bit_generator=HC128, generators=False)[0]
    assert table.seed_seq.pool_size * 32 >= 256


@pytest.mark.parametrize("family", FAMILIES, ids=lambda c: c.__name__)
def test_streams_pairwise_different(family):
    gens = parallel_generators(8, 31337, bit_generator=family)
    assert_disjoint(raw(gens, 4096))


def test_children_pickle_with_their_stream():
    for family in (ChaCha8, ISAAC):
        gens = parallel_generators(3, 8, bit_generator=family)
        copies = pickle.loads(pickle.dumps(gens))
        for x, y in zip(raw(gens, 100), raw(copies, 100)):
            np.testing.assert_array_equal(x, y)


# ---- bad arguments ---------------------------------------------------------------

@pytest.mark.parametrize("n, error", [
    (-1, ValueError), (2**64, ValueError), (1.5, TypeError),
    (True, TypeError), ("3", TypeError), (None, TypeError)])
def test_bad_n(n, error):
    with pytest.raises(error, match="^n "):
        parallel_generators(n, 1)


@pytest.mark.parametrize("spec, error", [
    ("PCG64", ValueError), ("chacha20", ValueError),
    (np.random.PCG64, ValueError), (int, ValueError),
    (chacharand._chacha.ChaChaBitGenerator, ValueError),
    (3, TypeError), (ChaCha20(1), TypeError)])
def test_bad_bit_generator(spec, error):
    with pytest.raises(error, match="bit_generator"):
        parallel_generators(2, 1, bit_generator=spec)


def test_bit_generator_must_match_the_seed_generator():
    with pytest.raises(ValueError, match="bit_generator is ChaCha8 but "
                                         "seed is a ChaCha20"):
        parallel_generators(2, ChaCha20(1), bit_generator="ChaCha8")
    with pytest.raises(ValueError, match="bit_generator"):
        parallel_generators(2, Generator(HC128(1)), bit_generator=ISAAC)
    # Naming the seed's own class is fine.
    assert len(parallel_generators(2, HC128(1), bit_generator=HC128)) == 2


def test_seed_must_be_ours_or_a_seed():
    with pytest.raises(TypeError, match="seed .*PCG64"):
        parallel_generators(2, np.random.PCG64(1))
    with pytest.raises(TypeError, match="seed .*PCG64"):
        parallel_generators(2, np.random.default_rng(1))
    with pytest.raises(TypeError, match="SeedlessSeedSequence"):
        parallel_generators(2, np.random.bit_generator.SeedlessSeedSequence(),
                            bit_generator="ISAAC")
    with pytest.raises((TypeError, ValueError)):
        parallel_generators(2, -5)


@pytest.mark.parametrize("family", TABLES, ids=lambda c: c.__name__)
def test_keyed_table_parent_spawns_from_its_derived_seed(family):
    parent = family(key=bytes(range(32)))
    children = parallel_generators(2, parent, generators=False)
    twins = family(key=bytes(range(32))).spawn(2)
    for child, twin in zip(children, twins):
        np.testing.assert_array_equal(child.random_raw(4), twin.random_raw(4))
    assert parent.seed_seq.n_children_spawned == 2


def test_generators_must_be_bool():
    with pytest.raises(TypeError, match="generators"):
        parallel_generators(2, 1, generators="yes")


# ---- process pools ----------------------------------------------------------------

N_CHUNKS = 16
POINTS = 20_000


def pi_estimate(seed, workers, order, mp_context=None):
    """pi from N_CHUNKS chunks run on `workers` processes in `order`."""
    rngs = parallel_generators(N_CHUNKS, seed, bit_generator="ChaCha8")
    tasks = [(i, rngs[i], POINTS) for i in order]
    with ProcessPoolExecutor(workers, mp_context=mp_context) as pool:
        counts = dict(pool.map(parallel_tasks.count_inside, tasks,
                               timeout=POOL_TIMEOUT))
    assert sorted(counts) == list(range(N_CHUNKS))
    # Summed in chunk order, so even a float total would not depend on
    # the order the chunks finished in.
    return 4 * sum(counts[i] for i in range(N_CHUNKS)) / (N_CHUNKS * POINTS)


@pytest.mark.skipif(not HAS_FORK, reason="needs the fork start method")
def test_monte_carlo_independent_of_workers_and_chunk_order():
    ctx = fork_context()
    seed = 20240601
    in_order = list(range(N_CHUNKS))
    reversed_order = in_order[::-1]
    shuffled = list(np.random.default_rng(1).permutation(N_CHUNKS))
    results = {
        (workers, name): pi_estimate(seed, workers, order, ctx)
        for workers, (name, order) in itertools.product(
            (1, 2, 8), (("in order", in_order),
                        ("reversed", reversed_order),
                        ("shuffled", shuffled)))
    }
    assert len(set(results.values())) == 1, results
    estimate = results[1, "in order"]
    sigma = 4 * np.sqrt(np.pi / 4 * (1 - np.pi / 4) / (N_CHUNKS * POINTS))
    assert abs(estimate - np.pi) < 6 * sigma
    # The same estimate, computed in this process.
    inside = sum(parallel_tasks.count_inside((i, g, POINTS))[1]
                 for i, g in enumerate(parallel_generators(
                     N_CHUNKS, seed, bit_generator="ChaCha8")))
    assert 4 * inside / (N_CHUNKS * POINTS) == estimate
    # Another seed gives another estimate.
    assert pi_estimate(seed + 1, 2, in_order, ctx) != estimate


def test_monte_carlo_with_spawned_workers():
    """The default start method on macOS and Windows: the generators are
    pickled into fresh interpreters."""
    ctx = multiprocessing.get_context("spawn")
    seed = 77
    order = list(range(N_CHUNKS))[::-1]
    assert pi_estimate(seed, 2, order, ctx) == pi_estimate(
        seed, 1, list(range(N_CHUNKS)), ctx)


@pytest.mark.parametrize("family", (ChaCha20, HC128, ISAAC64),
                         ids=lambda c: c.__name__)
def test_worker_streams_are_pairwise_different(family):
    """Each worker draws 4096 values; no value is shared between two
    workers, and each worker drew exactly what its generator gives here."""
    n_workers, n_values = 8, 4096
    bitgens = parallel_generators(n_workers, 5, bit_generator=family,
                                  generators=False)
    tasks = [(i, g, n_values) for i, g in enumerate(bitgens)]
    ctx = fork_context() if HAS_FORK else multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        results = pool.map_async(parallel_tasks.raw_draws, tasks).get(
            POOL_TIMEOUT)
    draws = [values for _, _, values in sorted(results,
                                                key=lambda r: r[0])]
    assert multiprocessing.current_process().pid not in {
        pid for _, pid, _ in results}
    assert_disjoint(draws)
    for values, g in zip(draws, bitgens):
        np.testing.assert_array_equal(values, g.random_raw(n_values))


@pytest.mark.skipif(not HAS_FORK, reason="needs the fork start method")
def test_a_generator_shared_across_fork_repeats_the_parent():
    """Why the docs say never to share a generator across fork: the child
    process continues from a copy of the state, so it draws exactly what
    the parent draws next."""
    parallel_tasks.SHARED = Generator(ChaCha20(42))
    try:
        with ProcessPoolExecutor(1, mp_context=fork_context()) as pool:
            pid, child = pool.submit(parallel_tasks.draw_from_shared,
                                     8).result(POOL_TIMEOUT)
        parent = parallel_tasks.SHARED.random(8)
    finally:
        parallel_tasks.SHARED = None
    assert pid != multiprocessing.current_process().pid
    np.testing.assert_array_equal(child, parent)


# ---- the documentation's example ----------------------------------------------------

@pytest.mark.skipif(not EXAMPLE.is_file(), reason="no docs/ next to tests/")
def test_parallel_pi_example_runs(tmp_path):
    pytest.importorskip("dask.array")
    proc = subprocess.run(
        [sys.executable, str(EXAMPLE), "--points", "200000", "--chunks", "8",
         "--workers", "3"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "reproducible: yes" in proc.stdout
    lines = [line for line in proc.stdout.splitlines() if "pi ~" in line]
    assert len(lines) == 3
    for line in lines:
        assert abs(float(line.split("pi ~")[1]) - np.pi) < 0.02
