"""Many threads sharing one generator lose, tear and duplicate nothing.

Every call holds the bit generator's lock, so a run of N threads making
the same call is some serial order of those calls: the batches the
threads draw, put in stream order, must be exactly the batches one thread
draws from a twin, each thread's batches in its own program order, and
the generator must end where the twin ends.  The reference is the twin's
single-threaded stream (whose words the known-answer tests pin down).

The same holds for state reads and writes, seeking, pickling and spawn
while other threads draw.  Python's switch interval is cut to a
microsecond so that, with the GIL, threads switch inside calls as often
as possible; without the GIL (a free-threaded build) they run at once.
"""
import copy
import os
import pickle
import subprocess
import sys
import sysconfig
import threading

import numpy as np
import pytest

import chacharand
from chacharand import ChaCha8, ChaCha12, ChaCha20, Generator
from chacharand._registry import FAMILIES

pytestmark = pytest.mark.numpy_protocol

THREADS = 8
BATCHES = 40                 # calls per thread
FAMILY_CLASSES = [f.cls for f in FAMILIES]
CHACHA = [ChaCha8, ChaCha12, ChaCha20]
ids = [c.__name__ for c in FAMILY_CLASSES]


@pytest.fixture(autouse=True)
def switch_often():
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def together(work, threads=THREADS):
    """work(i) in `threads` threads released at once; their results."""
    barrier = threading.Barrier(threads)
    results = [None] * threads
    errors = []

    def run(i):
        try:
            barrier.wait()
            results[i] = work(i)
        except BaseException as exc:  # reported below, in the test
            errors.append(exc)

    pool = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in pool), "a thread hangs"
    if errors:
        raise errors[0]
    return results


def fingerprint(value):
    """A hashable, exact picture of a draw (values, dtype and shape)."""
    if isinstance(value, np.ndarray):
        return (value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, (np.generic, float, int, bool)):
        return (type(value).__name__, np.asarray(value).tobytes())
    return value


def frozen(state):
    """A state dict as a hashable value (arrays as their bytes)."""
    if isinstance(state, dict):
        return tuple(sorted((k, frozen(v)) for k, v in state.items()))
    return fingerprint(state)


def positions(reference):
    """fingerprint -> index in the reference batches (all distinct)."""
    where = {fingerprint(b): j for j, b in enumerate(reference)}
    assert len(where) == len(reference), "reference batches repeat"
    return where


def assert_tiles(per_thread, reference):
    """The threads' batches are the reference's, each exactly once, and
    each thread's in its own order."""
    where = positions(reference)
    seen = []
    for batches in per_thread:
        found = [where.get(fingerprint(b)) for b in batches]
        assert None not in found, "a batch is no piece of the stream"
        assert found == sorted(found), "a thread's batches out of order"
        seen += found
    assert sorted(seen) == list(range(len(reference)))


def draws(bitgen, call, n):
    return [call(bitgen) for _ in range(n)]


def raw_into(bitgen):
    out = np.empty(7, np.uint64)
    bitgen.random_raw(out=out)
    return out


BIT_GENERATOR_CALLS = {
    "random_raw": lambda g: g.random_raw(7),
    "random_raw-scalar": lambda g: g.random_raw(),
    "random_raw-out": raw_into,
    "random_bytes": lambda g: g.random_bytes(40),
}


@pytest.mark.parametrize("call", BIT_GENERATOR_CALLS.values(),
                         ids=BIT_GENERATOR_CALLS)
@pytest.mark.parametrize("cls", FAMILY_CLASSES, ids=ids)
def test_bit_generator_draws_tile_the_stream(cls, call):
    shared, twin = cls(2024), cls(2024)
    reference = draws(twin, call, THREADS * BATCHES)
    per_thread = together(lambda i: draws(shared, call, BATCHES))
    assert_tiles(per_thread, reference)
    assert frozen(shared.state) == frozen(twin.state)


def shuffled(g, array):
    g.shuffle(array)
    return array


GENERATOR_CALLS = {
    "random": lambda g: g.random(64),
    "random-float32": lambda g: g.random(11, dtype=np.float32),
    "random-scalar": lambda g: g.random(),
    "integers": lambda g: g.integers(0, 100, 16),
    "integers-wide": lambda g: g.integers(-(2**62), 2**62, 5),
    "integers-uint8": lambda g: g.integers(0, 200, 24, dtype=np.uint8),
    "uniform": lambda g: g.uniform(-1.0, 2.0, 9),
    "standard_normal": lambda g: g.standard_normal(33),
    "normal": lambda g: g.normal(1.0, 2.0, 9),
    "standard_exponential": lambda g: g.standard_exponential(17),
    "bytes": lambda g: g.bytes(13),
    "choice": lambda g: g.choice(1000, 8),
    "permutation": lambda g: g.permutation(30),
    "gamma": lambda g: g.gamma(0.5, size=6),
    "poisson": lambda g: g.poisson(4.0, 16),
    "poisson-ptrs": lambda g: g.poisson(100.0, 8),
    "geometric": lambda g: g.geometric(0.1, 16),
    "binomial": lambda g: g.binomial(20, 0.3, 16),
    "binomial-btpe": lambda g: g.binomial(1000, 0.4, 8),
    "negative_binomial": lambda g: g.negative_binomial(5, 0.3, 16),
    "logseries": lambda g: g.logseries(0.9, 16),
    "zipf": lambda g: g.zipf(1.5, 16),
    "hypergeometric": lambda g: g.hypergeometric(50, 70, 30, 16),
    "multinomial": lambda g: g.multinomial(50, [0.2, 0.3, 0.5], size=4),
    "multivariate_hypergeometric":
        lambda g: g.multivariate_hypergeometric([50, 100, 150], 120, size=8),
    "shuffle": lambda g: shuffled(g, np.arange(20)),
    "permuted": lambda g: g.permuted(np.arange(20)),
    "choice-noreplace": lambda g: g.choice(1000, 8, replace=False),
    "exponential": lambda g: g.exponential(2.0, 9),
    "lognormal": lambda g: g.lognormal(0.5, 1.5, 9),
    "laplace": lambda g: g.laplace(1.0, 2.0, 9),
    "logistic": lambda g: g.logistic(1.0, 2.0, 9),
    "gumbel": lambda g: g.gumbel(1.0, 2.0, 9),
    "weibull": lambda g: g.weibull(1.5, 9),
    "rayleigh": lambda g: g.rayleigh(2.0, 9),
    "pareto": lambda g: g.pareto(3.0, 9),
    "power": lambda g: g.power(2.0, 9),
    "standard_cauchy": lambda g: g.standard_cauchy(9),
    "wald": lambda g: g.wald(1.0, 2.0, 9),
    "triangular": lambda g: g.triangular(-1.0, 0.5, 3.0, 9),
    "vonmises": lambda g: g.vonmises(0.3, 2.0, 9),
    "standard_gamma": lambda g: g.standard_gamma(2.5, 9),
    "standard_gamma-float32":
        lambda g: g.standard_gamma(2.5, 9, dtype=np.float32),
    "gamma-broadcast": lambda g: g.gamma([0.5, 1.0, 3.0], 2.0),
    "beta": lambda g: g.beta(2.0, 3.0, 9),
    "chisquare": lambda g: g.chisquare(3.0, 9),
    "standard_t": lambda g: g.standard_t(5.0, 9),
    "f": lambda g: g.f(3.0, 7.0, 9),
    "noncentral_chisquare": lambda g: g.noncentral_chisquare(3.0, 2.0, 9),
    "noncentral_f": lambda g: g.noncentral_f(3.0, 4.0, 2.0, 9),
    "dirichlet": lambda g: g.dirichlet([0.5, 1.0, 3.0], 3),
}


def test_every_fast_path_is_raced():
    """Each method chacharand.Generator draws in C is among the calls the
    threads race below (a new fast path must add its call)."""
    from chacharand._generator import FAST_METHODS
    raced = {name.split("-")[0] for name in GENERATOR_CALLS}
    assert set(FAST_METHODS) <= raced, set(FAST_METHODS) - raced


@pytest.mark.parametrize("make", [np.random.Generator, Generator],
                         ids=["numpy.random.Generator",
                              "chacharand.Generator"])
@pytest.mark.parametrize("call", GENERATOR_CALLS.values(),
                         ids=GENERATOR_CALLS)
@pytest.mark.parametrize("cls", FAMILY_CLASSES, ids=ids)
def test_generator_draws_tile_the_stream(cls, call, make):
    """One Generator shared by all threads, as one would share
    default_rng(): the same serial-order property, through NumPy's
    per-value path and chacharand's C fills alike."""
    shared, twin = make(cls(77)), make(cls(77))
    reference = draws(twin, call, THREADS * BATCHES)
    per_thread = together(lambda i: draws(shared, call, BATCHES))
    assert_tiles(per_thread, reference)
    assert (frozen(shared.bit_generator.state)
            == frozen(twin.bit_generator.state))


COUNTER_CALLS = {
    "random_raw": lambda g: g.random_raw(7),
    "random": lambda g: g.random(11),
    "standard_normal": lambda g: g.standard_normal(9),
    "standard_normal-float32":
        lambda g: g.standard_normal(9, dtype=np.float32),
    "standard_exponential": lambda g: g.standard_exponential(9),
    "integers": lambda g: g.integers(0, 1000, 13),
    "uniform": lambda g: g.uniform(-1.0, 2.0, 5),
    "part": lambda g: g.part[3:9].standard_normal(100),
    "streams": lambda g: g.streams([0, 5, 9]).random(4),
}


@pytest.mark.parametrize("call", COUNTER_CALLS.values(), ids=COUNTER_CALLS)
@pytest.mark.parametrize("cls", CHACHA, ids=[c.__name__ for c in CHACHA])
def test_counter_draws_tile_the_stream(cls, call):
    """One CounterGenerator shared by all threads: each draw claims its
    words under the bit generator's lock, so the threads' draws are the
    single-threaded draws in some serial order, and the generator ends
    where the twin ends."""
    from chacharand import CounterGenerator
    shared = CounterGenerator(cls(31))
    twin = CounterGenerator(cls(31))
    reference = draws(twin, call, THREADS * BATCHES)
    per_thread = together(lambda i: draws(shared, call, BATCHES))
    if call is COUNTER_CALLS["part"]:
        # A part reads and never moves the generator: every thread gets
        # the same values.
        assert all(fingerprint(b) == fingerprint(reference[0])
                   for batches in per_thread for b in batches)
    else:
        assert_tiles(per_thread, reference)
    assert (frozen(shared.bit_generator.state)
            == frozen(twin.bit_generator.state))


def boundary_states(cls, seed, call, n):
    """The twin's states after 0..n calls, and its n batches."""
    twin = cls(seed)
    states, batches = [frozen(twin.state)], []
    for _ in range(n):
        batches.append(call(twin))
        states.append(frozen(twin.state))
    return states, batches


@pytest.mark.parametrize("cls", FAMILY_CLASSES, ids=ids)
def test_state_copies_and_pickles_under_contention(cls):
    """While threads draw, `state`, deepcopy and pickling each see the
    generator between two calls, never inside one, and a copy goes on
    with the stream from there."""
    call = BIT_GENERATOR_CALLS["random_raw"]
    drawers = THREADS - 2
    states, reference = boundary_states(cls, 5, call, drawers * BATCHES)
    index = {s: j for j, s in enumerate(states)}
    where = positions(reference)
    shared = cls(5)
    stop = threading.Event()

    def work(i):
        if i < drawers:
            batches = draws(shared, call, BATCHES)
            return ("draws", batches)
        seen = []
        while not stop.is_set() or not seen:
            snapshot = (shared.state if i == drawers
                        else pickle.loads(pickle.dumps(shared)).state)
            copied = copy.deepcopy(shared)
            seen.append((frozen(snapshot), frozen(copied.state),
                         copied.random_raw(7)))
        return ("copies", seen)

    def run(i):
        try:
            return work(i)
        finally:
            if i < drawers:
                finished.append(i)
                if len(finished) == drawers:
                    stop.set()

    finished = []
    results = together(run)
    assert_tiles([r[1] for r in results if r[0] == "draws"], reference)
    for kind, seen in results:
        if kind != "copies":
            continue
        for snapshot, copied, next_batch in seen:
            assert snapshot in index, "a state read inside a call"
            assert copied in index, "a deepcopy taken inside a call"
            j = index[copied]
            if j < len(reference):
                assert where[fingerprint(next_batch)] == j


@pytest.mark.parametrize("cls", FAMILY_CLASSES, ids=ids)
def test_state_set_under_contention(cls):
    """Threads put the state back to fixed points while others draw:
    every draw is a whole piece of the stream from one of those points,
    and the state is always one of the points or a whole call past one."""
    call = BIT_GENERATOR_CALLS["random_raw"]
    drawers, setters = THREADS - 2, 2
    # A reset moves back at most 3 calls: the stream never goes further
    # than every draw plus 3.
    n = drawers * BATCHES + 3
    states, reference = boundary_states(cls, 9, call, n)
    restore = [cls(9), cls(9)]
    draws(restore[1], call, 3)
    target_dicts = [g.state for g in restore]
    where = positions(reference)
    shared = cls(9)

    def work(i):
        if i < drawers:
            return draws(shared, call, BATCHES)
        for k in range(BATCHES):
            shared.state = target_dicts[(i + k) % 2]
        return []

    per_thread = together(work)
    for batches in per_thread:
        for b in batches:
            assert fingerprint(b) in where, "a batch is no piece of the stream"
    assert frozen(shared.state) in set(states)


@pytest.mark.parametrize("cls", CHACHA, ids=[c.__name__ for c in CHACHA])
def test_chacha_seeking_under_contention(cls):
    """advance, word_pos, stream and jumped, mixed with draws: positions
    only ever move by whole calls, and every read is consistent."""
    call = BIT_GENERATOR_CALLS["random_raw"]
    per_call = 14                          # 7 64-bit draws, in words
    total = THREADS * BATCHES
    key = bytes(range(32))
    streams = {s: draws(cls(key=key, stream=s), call, total)
               for s in (0, 1, 2)}
    where = {fingerprint(b): (s, j) for s, batches in streams.items()
             for j, b in enumerate(batches)}
    shared = cls(key=key)

    def work(i):
        out = []
        for k in range(BATCHES):
            role = (i + k) % 4
            if role == 0:
                out.append(("draw", shared.random_raw(7)))
            elif role == 1:
                shared.advance(7)
            elif role == 2:
                shared.stream = k % 2
                out.append(("pos", shared.word_pos))
            else:
                jumped = shared.jumped(1)
                out.append(("jumped", jumped.stream, jumped.word_pos,
                            jumped.random_raw(7), jumped.key))
        return out

    per_thread = together(work)
    used = []
    for records in per_thread:
        last = -1
        for record in records:
            if record[0] == "draw":
                s, j = where[fingerprint(record[1])]
                assert s in (0, 1) and j > last
                last = j
                used.append(j)
            elif record[0] == "pos":
                assert record[1] % per_call == 0
            else:
                _, stream, pos, batch, jumped_key = record
                assert jumped_key == key and stream in (1, 2)
                assert pos % per_call == 0
                assert where[fingerprint(batch)] == (stream, pos // per_call)
    # Draws and advances each took one call's place, once.
    assert len(used) == len(set(used))
    advances = sum(1 for i in range(THREADS) for k in range(BATCHES)
                   if (i + k) % 4 == 1)
    assert shared.word_pos == (len(used) + advances) * per_call


def spawn_keys(children):
    return [c.seed_seq.spawn_key for c in children]


@pytest.mark.parametrize("cls", FAMILY_CLASSES, ids=ids)
@pytest.mark.parametrize("how", ["seed", "key"])
def test_spawn_from_many_threads(cls, how):
    """16 threads spawn from one generator: the children are exactly those
    of serial spawning, pairwise distinct (numpy#32063 is SeedSequence's
    own unlocked count; the bit generator's lock serialises it)."""
    spec = next(f for f in FAMILIES if f.cls is cls)
    parent = (cls(31) if how == "seed"
              else cls(key=bytes(i % 251 for i in range(spec.key_bytes))))
    base = parent.seed_seq.spawn_key
    threads, rounds, per_call = 16, 10, 3
    results = together(
        lambda i: [c for _ in range(rounds) for c in parent.spawn(per_call)],
        threads=threads)
    children = [c for batch in results for c in batch]
    n = threads * rounds * per_call
    assert sorted(spawn_keys(children)) == [base + (i,) for i in range(n)]
    assert len({c.random_raw(4).tobytes() for c in children}) == n
    assert parent.seed_seq.n_children_spawned == n


@pytest.mark.parametrize("make", [np.random.Generator, Generator],
                         ids=["numpy.random.Generator",
                              "chacharand.Generator"])
def test_generator_spawn_from_many_threads(make):
    shared = make(ChaCha12(8))
    threads, rounds = 16, 10
    results = together(lambda i: [g for _ in range(rounds)
                                  for g in shared.spawn(2)], threads=threads)
    children = [g for batch in results for g in batch]
    n = threads * rounds * 2
    assert all(type(g) is make for g in children)
    assert (sorted(spawn_keys(g.bit_generator for g in children))
            == [(i,) for i in range(n)])


def test_agreement_check_raced_by_many_threads(tmp_path):
    """Generators made at once in a fresh process, each drawing at once:
    the once-per-process check runs once and every thread's draws equal
    NumPy's Generator's."""
    code = (
        "import threading, numpy as np, chacharand\n"
        "from chacharand._generator import deferred_methods\n"
        "b = threading.Barrier(16); out = [None] * 16\n"
        "def work(i):\n"
        "    b.wait()\n"
        "    g = chacharand.Generator(chacharand.ChaCha8(i))\n"
        "    want = np.random.Generator(chacharand.ChaCha8(i))\n"
        "    out[i] = (g.standard_normal(500).tobytes()\n"
        "              == want.standard_normal(500).tobytes())\n"
        "ts = [threading.Thread(target=work, args=(i,)) for i in range(16)]\n"
        "[t.start() for t in ts]; [t.join() for t in ts]\n"
        "print(all(out), sorted(deferred_methods()))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, timeout=300, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == "True", out.stdout


def extension_modules():
    import importlib.machinery
    package = os.path.dirname(chacharand.__file__)
    return sorted(
        "chacharand." + name.split(".")[0] for name in os.listdir(package)
        if name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)))


def test_import_keeps_the_gil_disabled(tmp_path):
    """On a free-threaded interpreter, importing every chacharand
    extension module (and drawing) leaves the GIL off: each module
    declares that it runs without it.  PYTHON_GIL is removed from the
    environment, so a module that did not declare it would turn the GIL
    back on (with a RuntimeWarning, made an error here)."""
    modules = extension_modules()
    assert {"chacharand._base", "chacharand._chacha",
            "chacharand._generator"} <= set(modules)
    code = (
        "import sys\n"
        "before = getattr(sys, '_is_gil_enabled', lambda: True)()\n"
        "import importlib, chacharand\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "chacharand.default_rng(1).standard_normal(10)\n"
        "print(before, sys._is_gil_enabled() if before is False else '-')\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHON_GIL"}
    out = subprocess.run([sys.executable, "-W", "error::RuntimeWarning",
                          "-c", code], capture_output=True, text=True,
                         env=env, cwd=tmp_path, timeout=300)
    assert out.returncode == 0, out.stderr
    before, after = out.stdout.split()
    if before != "False":
        # On a free-threaded build the check must not be skipped.
        assert not sysconfig.get_config_var("Py_GIL_DISABLED"), (
            "a free-threaded build whose GIL is on before chacharand is "
            "imported")
        pytest.skip("the GIL is on from the start: not a free-threaded "
                    "interpreter")
    assert after == "False", "importing chacharand enabled the GIL"
