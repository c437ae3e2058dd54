"""Per-worker generators never collide, and seed=None runs reproduce.

Every way the documentation gives to make one generator per worker
(``stream=``, ``jumped``, ``spawn``, ``parallel_generators``, ``key=``,
SeedSequence children, dask's chunks) is checked for pairwise distinct
workers, children and grandchildren; the children of a stream other than 0
are checked against the rule written out in docs/seeding.rst, and stream 0
against numpy's own SeedSequence children.  NumPy's idiom for reproducing a
``seed=None`` run, ``X(bg.seed_seq.entropy)``, is checked for every family.
"""
import copy
import itertools
import pickle

import numpy as np
import pytest
from numpy.random import SeedSequence

import chacharand
from chacharand._registry import DEFAULT_FAMILY, FAMILIES, family
from _support.known_answers import documented_key_entropy

pytestmark = pytest.mark.numpy_protocol

CHACHA = [f.cls for f in FAMILIES if f.has_streams]
TABLES = [f.cls for f in FAMILIES if not f.has_streams]
ALL = [f.cls for f in FAMILIES]
WORKERS = 4
SEED = 7


def ids(cls):
    return cls.__name__


def words(bitgen):
    """The first two draws of a copy of `bitgen` (the original is kept)."""
    return tuple(int(w) for w in copy.deepcopy(bitgen).random_raw(2))


def family_tree(workers):
    """First words of the workers, their 2 children and 4 grandchildren."""
    out = []
    for worker in workers:
        out.append(words(worker))
        for child in worker.spawn(2):
            out.append(words(child))
            out.extend(words(grandchild) for grandchild in child.spawn(2))
    return out


def assert_pairwise_distinct(values):
    seen = {}
    for index, value in enumerate(values):
        assert value not in seen, (
            f"entries {seen[value]} and {index} draw the same words")
        seen[value] = index


def keys(n, length):
    return [bytes((7 * i + j) % 256 for j in range(length)) for i in range(n)]


# ---- every way of making per-worker generators ------------------------------

def by_stream(cls):
    return [cls(SEED, stream=i) for i in range(WORKERS)]


def by_jumped(cls):
    parent = cls(SEED)
    return [parent.jumped(i) for i in range(WORKERS)]


def by_spawn(cls):
    return cls(SEED).spawn(WORKERS)


def by_parallel_generators_from_a_seed(cls):
    return chacharand.parallel_generators(WORKERS, SEED, bit_generator=cls,
                                          generators=False)


def by_parallel_generators_from_a_parent(cls):
    return chacharand.parallel_generators(WORKERS, cls(SEED),
                                          generators=False)


def by_the_seeds_key_and_stream(cls):
    """Worker i rebuilt alone, as parallel.rst gives it for every i."""
    key = cls(SEED).key
    return [cls(key=key, stream=i) for i in range(WORKERS)]


def by_key_and_stream(cls):
    key = keys(1, family(cls).key_bytes)[0]
    return [cls(key=key, stream=i) for i in range(WORKERS)]


def by_keys(cls):
    return [cls(key=k) for k in keys(WORKERS, family(cls).key_bytes)]


def by_seed_sequence_children(cls):
    return [cls(s) for s in SeedSequence(SEED).spawn(WORKERS)]


def by_seed_per_worker(cls):
    return [cls([SEED, i]) for i in range(WORKERS)]


SEEKABLE_METHODS = [by_stream, by_jumped, by_key_and_stream,
                    by_the_seeds_key_and_stream]
COMMON_METHODS = [by_spawn, by_parallel_generators_from_a_seed,
                  by_parallel_generators_from_a_parent, by_keys,
                  by_seed_sequence_children, by_seed_per_worker]
CASES = ([(cls, m) for cls in CHACHA for m in SEEKABLE_METHODS + COMMON_METHODS]
         + [(cls, m) for cls in TABLES for m in COMMON_METHODS])


@pytest.mark.parametrize("cls, make", CASES,
                         ids=[f"{c.__name__}-{m.__name__}" for c, m in CASES])
def test_workers_children_and_grandchildren_are_pairwise_distinct(cls, make):
    assert_pairwise_distinct(family_tree(make(cls)))


@pytest.mark.parametrize("cls", CHACHA, ids=ids)
def test_the_documented_identities_between_methods(cls):
    """Where two ways are documented to give one generator, they do.

    ``cls(seed, stream=i)``, ``cls(seed).jumped(i)`` and
    ``parallel_generators(n, seed)[i]`` have one key, stream and position,
    and for ``i != 0`` the same children too (a seeded stream 0 spawns
    numpy's children of the seed, the keyed ones the key's);
    ``cls(seed).spawn(n)`` is ``cls(SeedSequence(seed).spawn(n)[i])``.
    """
    trees = [family_tree(m(cls)) for m in
             (by_stream, by_jumped, by_parallel_generators_from_a_seed)]
    per_worker = len(trees[0]) // WORKERS
    for tree in trees[1:]:
        assert tree[0] == trees[0][0]
        assert tree[per_worker:] == trees[0][per_worker:]
        assert tree[1:per_worker] != trees[0][1:per_worker]
    # jumped(i) and worker i agree for every i, 0 included.
    assert trees[1] == trees[2]
    assert family_tree(by_spawn(cls)) == \
        family_tree(by_seed_sequence_children(cls))


@pytest.mark.parametrize("cls", CHACHA, ids=ids)
@pytest.mark.parametrize("seed", [SEED, [SEED, 3], 2**130 + 5])
def test_every_worker_is_rebuilt_alone_children_included(cls, seed):
    """parallel_generators(n, seed)[i] is cls(key=cls(seed).key, stream=i)
    for every i, worker 0 too: the same words, children and grandchildren,
    built without the others."""
    workers = chacharand.parallel_generators(WORKERS, seed, bit_generator=cls,
                                             generators=False)
    for i, worker in enumerate(workers):
        alone = cls(key=cls(seed).key, stream=i)
        assert family_tree([alone]) == family_tree([worker])
    # Worker 0 is not cls(seed, stream=0) in its children: that one spawns
    # the seed's own, as numpy's generators do (both released so).
    seeded = cls(seed, stream=0)
    assert words(seeded) == words(workers[0])
    assert family_tree([seeded])[1:] != family_tree([workers[0]])[1:]
    assert [words(c) for c in cls(seed, stream=0).spawn(2)] == \
        [words(cls(s)) for s in seeded_children(seed, 2)]


def seeded_children(seed, n):
    """The SeedSequence children of `seed`, as the families make them."""
    from chacharand._seeding import seed_sequence
    return seed_sequence(seed).spawn(n)


# ---- children of a stream other than 0 --------------------------------------

@pytest.mark.parametrize("cls", CHACHA, ids=ids)
def test_seeded_streams_have_children_of_their_own(cls):
    """The trap: ChaCha(seed, stream=i).spawn() was the same for every i."""
    firsts = [words(cls(SEED, stream=i).spawn(1)[0]) for i in range(WORKERS)]
    assert len(set(firsts)) == WORKERS


@pytest.mark.parametrize("cls", CHACHA, ids=ids)
def test_stream_zero_keeps_numpys_children(cls):
    children = cls(SeedSequence(SEED)).spawn(3)
    numpys = [cls(s) for s in SeedSequence(SEED).spawn(3)]
    assert [words(c) for c in children] == [words(c) for c in numpys]


@pytest.mark.parametrize("cls", CHACHA, ids=ids)
@pytest.mark.parametrize("stream", [1, 5, 2**64 - 1])
def test_children_of_a_stream_follow_the_documented_rule(cls, stream):
    """Child k of a seeded generator on stream s != 0 is child k of the
    SeedSequence documented for the keyed generator of its key and s."""
    parent = cls(SEED, stream=stream)
    entropy = documented_key_entropy(cls.__name__, parent.key, stream)
    want = [cls(s) for s in SeedSequence(entropy).spawn(3)]
    got = parent.spawn(2) + parent.spawn(1)
    assert [words(c) for c in got] == [words(c) for c in want]
    # Seeded and keyed generators on the same key and stream agree.
    keyed = cls(key=parent.key, stream=stream)
    assert [words(c) for c in keyed.spawn(3)] == [words(c) for c in want]


@pytest.mark.parametrize("cls", CHACHA, ids=ids)
def test_a_stream_keeps_the_seeds_key_and_sequence(cls):
    parent = cls(SeedSequence(SEED, pool_size=8), stream=3)
    assert parent.key == cls(SeedSequence(SEED, pool_size=8)).key
    assert parent.seed_seq.entropy == SEED
    assert parent.seed_seq.pool_size == 8
    np.testing.assert_array_equal(
        parent.seed_seq.generate_state(8),
        SeedSequence(SEED, pool_size=8).generate_state(8))
    # Its seed_seq rebuilds it on stream 0 (numpy's children, numbered on
    # from the count) and on its own stream (that stream's children).
    on_zero = cls(parent.seed_seq)
    assert words(on_zero.spawn(1)[0]) == words(
        cls(SeedSequence(SEED, pool_size=8).spawn(1)[0]))
    again = cls(parent.seed_seq, stream=3)
    assert words(again) == words(parent)
    assert words(again.spawn(1)[0]) == words(parent.spawn(1)[0])


@pytest.mark.parametrize("cls", CHACHA, ids=ids)
def test_stream_children_survive_pickling_and_count_like_numpy(cls):
    parent = cls(SEED, stream=2)
    parent.spawn(2)
    assert parent.seed_seq.n_children_spawned == 2
    for twin in (pickle.loads(pickle.dumps(parent)), copy.deepcopy(parent)):
        assert twin.seed_seq.n_children_spawned == 2
        assert words(twin.spawn(1)[0]) == words(
            cls(key=parent.key, stream=2).spawn(3)[2])


@pytest.mark.parametrize("cls", CHACHA, ids=ids)
@pytest.mark.parametrize("default_rng", [chacharand.random.default_rng,
                                         np.random.default_rng])
def test_dask_chunks_differ_between_streams(cls, default_rng):
    """dask spawns from the bit generator's seed_seq for every chunk."""
    da = pytest.importorskip("dask.array")
    arrays = [da.random.default_rng(cls(SEED, stream=i))
              .random(8, chunks=4).compute(scheduler="sync")
              for i in range(WORKERS)]
    chunks = [tuple(a[:4]) for a in arrays] + [tuple(a[4:]) for a in arrays]
    assert_pairwise_distinct(chunks)
    # Each chunk is drawn from the child dask spawned, as documented.
    children = cls(SEED, stream=1).spawn(2)
    want = np.concatenate([np.random.Generator(c).random(4)
                           for c in children])
    np.testing.assert_array_equal(arrays[1], want)


# ---- seed=None reproduces through its entropy --------------------------------

@pytest.mark.parametrize("cls", ALL, ids=ids)
def test_recorded_entropy_reproduces_a_seed_none_run(cls):
    """NumPy's idiom: X(bg.seed_seq.entropy) is the same generator."""
    for _ in range(3):
        first = cls()
        again = cls(first.seed_seq.entropy)
        assert again.seed_seq.pool_size == first.seed_seq.pool_size == 8
        np.testing.assert_array_equal(again.random_raw(64),
                                      first.random_raw(64))
        assert words(again.spawn(1)[0]) == words(first.spawn(1)[0])


@pytest.mark.parametrize("cls", CHACHA, ids=ids)
def test_recorded_entropy_reproduces_a_seed_none_stream(cls):
    first = cls(stream=9)
    again = cls(first.seed_seq.entropy, stream=9)
    assert words(again) == words(first)
    assert words(again.spawn(1)[0]) == words(first.spawn(1)[0])


@pytest.mark.parametrize("cls", ALL, ids=ids)
def test_integer_seeds_of_128_bits_or_more_get_a_pool_of_8_words(cls):
    """Below 2**128 numpy's pool of 4 (every frozen seed); from it on, 8."""
    for seed, pool in [(2**128 - 1, 4), (2**128, 8), (2**255 + 12345, 8),
                       (np.uint64(2**64 - 1), 4)]:
        bitgen = cls(seed)
        assert bitgen.seed_seq.pool_size == pool
        np.testing.assert_array_equal(
            bitgen.random_raw(8),
            cls(SeedSequence(int(seed), pool_size=pool)).random_raw(8))


# ---- one default family -------------------------------------------------------

def test_default_rng_and_parallel_generators_use_one_default_family():
    assert DEFAULT_FAMILY == "ChaCha20"
    assert type(chacharand.default_rng(1).bit_generator).__name__ == \
        DEFAULT_FAMILY
    workers = chacharand.parallel_generators(2, 1)
    assert {type(w.bit_generator).__name__ for w in workers} == \
        {DEFAULT_FAMILY}


@pytest.mark.parametrize("cls", ALL, ids=ids)
def test_parallel_generators_returns_chacharand_generators(cls):
    workers = chacharand.parallel_generators(3, 11, bit_generator=cls)
    twins = chacharand.parallel_generators(3, 11, bit_generator=cls,
                                           generators=False)
    for worker, twin in zip(workers, twins):
        assert type(worker) is chacharand.Generator
        np.testing.assert_array_equal(
            worker.standard_normal(50),
            np.random.Generator(twin).standard_normal(50))
