"""chacharand.Generator behaves as numpy.random.Generator: bad arguments
give NumPy's errors, other bit generators take NumPy's path, pickling,
spawn, repr, default_rng, the lock held once per call, interrupts."""
import copy
import pickle
import threading
import time
import _thread

import numpy as np
import pytest

import chacharand
from chacharand import ChaCha8, ChaCha12, ChaCha20, Generator, default_rng

from _support.generator_twins import FAMILY_CLASSES, check_twins, positioned

# Run on every NumPy version of the test matrix: the identity is with the
# installed NumPy.
pytestmark = pytest.mark.numpy_protocol

# Each bad call must raise what NumPy raises, and draw nothing.
BAD_CALLS = [
    ("integers", (5, 2), {}),
    ("integers", (0, 0), {}),
    ("integers", (0, 300), {"dtype": np.uint8}),
    ("integers", (-1, 5), {"dtype": np.uint16}),
    ("integers", (0, 2**64 + 1), {"dtype": np.uint64}),
    ("integers", (0, 10), {"dtype": np.float64}),
    ("integers", (0, 10), {"dtype": ">i8"}),
    ("integers", (0, 10), {"dtype": "not a dtype"}),
    ("integers", ("a", 10), {}),
    ("integers", (0, 10), {"size": -1}),
    ("integers", (0, 10), {"size": "3"}),
    ("random", (), {"dtype": np.int32}),
    ("random", (), {"dtype": np.float16}),
    ("random", (-2,), {}),
    ("random", (3.5,), {}),
    ("random", (), {"out": np.empty(3, np.float32)}),
    ("random", (), {"out": np.empty((4, 4))[:, ::2]}),
    ("random", (), {"out": [0.0, 1.0]}),
    ("random", (4,), {"out": np.empty(3)}),
    ("standard_normal", (), {"dtype": "i4"}),
    ("standard_normal", (), {"out": np.empty(3), "dtype": np.float32}),
    ("standard_exponential", (), {"dtype": np.int64}),
    ("uniform", (0.0, np.inf), {}),
    ("uniform", (-1e308, 1e308), {}),
    ("uniform", (5.0, 1.0), {}),
    ("uniform", (0.0, "x"), {}),
    ("uniform", (0.0, 1.0, -3), {}),
    ("normal", (0.0, -1.0), {}),
    ("normal", (0.0, -0.0), {}),
    ("normal", (0.0, "x"), {}),
    ("normal", (0.0, 1.0, (2, -1)), {}),
    ("bytes", ("a",), {}),
]


@pytest.mark.parametrize("family", FAMILY_CLASSES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("method, args, kwargs", BAD_CALLS,
                         ids=[f"{m}{a}{k}" for m, a, k in BAD_CALLS])
def test_bad_arguments_raise_numpys_errors(family, method, args, kwargs):
    result = check_twins(positioned(family, 1, 1), method, *args,
                         fast=False, **kwargs)
    assert result[0] == "raises"
    assert issubclass(result[1], (TypeError, ValueError, OverflowError))


@pytest.mark.parametrize("family", FAMILY_CLASSES, ids=lambda c: c.__name__)
def test_numpys_odd_but_valid_calls(family):
    # NumPy accepts these (bytes truncates a float length, and a negative
    # one still draws a word); so do we, with the same values.
    for args in [(-1,), (2.5,), (np.int64(6),)]:
        check_twins(positioned(family, 2, 1), "bytes", *args)
    check_twins(positioned(family, 2, 1), "integers", 0, 10, size=[2, 3])
    check_twins(positioned(family, 2, 1), "integers", 0, 10,
                size=np.int64(4))


@pytest.mark.parametrize("cls", [np.random.PCG64, np.random.Philox,
                                 np.random.MT19937])
def test_other_bit_generators_take_numpys_path(cls):
    for method, args, kwargs in [("random", (100,), {}),
                                 ("integers", (0, 1000, 100), {}),
                                 ("standard_normal", (100,), {}),
                                 ("bytes", (9,), {})]:
        check_twins(cls(5), method, *args, fast=False, **kwargs)


def test_is_a_numpy_generator_with_numpys_api():
    rng = Generator(ChaCha8(1))
    assert isinstance(rng, np.random.Generator)
    assert str(rng) == "Generator(ChaCha8)"
    assert repr(rng).startswith("Generator(ChaCha8) at 0x")
    bitgen = ChaCha20(2)
    assert Generator(bitgen).bit_generator is bitgen
    # Methods without a C path are NumPy's, and draw the same numbers.
    check_twins(positioned(ChaCha8, 3, 1), "poisson", 4.0, 50)
    check_twins(positioned(ChaCha8, 3, 1), "gamma", 2.0, size=50)
    with pytest.raises(ValueError):
        Generator(ChaCha8)      # a class, not an instance: NumPy's error


@pytest.mark.parametrize("family", FAMILY_CLASSES, ids=lambda c: c.__name__)
def test_pickle_and_deepcopy_keep_class_and_stream(family):
    rng = Generator(family(7))
    rng.random(3)
    for clone in (pickle.loads(pickle.dumps(rng)), copy.deepcopy(rng)):
        assert type(clone) is Generator
        assert type(clone.bit_generator) is family
        assert clone.bit_generator is not rng.bit_generator
        np.testing.assert_array_equal(clone.standard_normal(600),
                                      copy.deepcopy(rng).standard_normal(600))
    clone = pickle.loads(pickle.dumps(rng))
    assert clone.integers(0, 10**6, 50).tolist() == \
        rng.integers(0, 10**6, 50).tolist()


def test_spawn_gives_chacharand_generators():
    rng = Generator(ChaCha12(11))
    children = rng.spawn(3)
    assert all(type(c) is Generator for c in children)
    want = [np.random.Generator(b) for b in ChaCha12(11).spawn(3)]
    for child, reference in zip(children, want):
        np.testing.assert_array_equal(child.random(10), reference.random(10))


def test_default_rng():
    rng = default_rng(42)
    assert type(rng) is Generator
    assert type(rng.bit_generator) is ChaCha20
    np.testing.assert_array_equal(
        rng.random(5), np.random.Generator(ChaCha20(42)).random(5))
    assert type(default_rng().bit_generator) is ChaCha20
    bitgen = ChaCha8(3)
    assert default_rng(bitgen).bit_generator is bitgen
    assert type(default_rng(np.random.PCG64(1))) is Generator
    assert default_rng(rng) is rng
    numpys = np.random.default_rng(1)
    assert default_rng(numpys) is numpys     # as NumPy: unaltered
    seq = np.random.SeedSequence(5)
    np.testing.assert_array_equal(default_rng(seq).random(4),
                                  default_rng(5).random(4))
    assert chacharand.random.default_rng is default_rng
    assert chacharand.random.Generator is Generator


class CapsuleOnly:
    """Not a BitGenerator subclass, but what numpy's Generator needs of one
    (a valid "BitGenerator" capsule and a lock): numpy's default_rng wraps
    it."""

    def __init__(self, bitgen):
        self.bitgen = bitgen
        self.capsule = bitgen.capsule
        self.lock = bitgen.lock


# numpy's default_rng wraps a RandomState's bit generator from 2.2 on.
NUMPY_WRAPS_RANDOMSTATE = np.lib.NumpyVersion(np.__version__) >= "2.2.0"


@pytest.mark.parametrize("make", [
    lambda: np.random.RandomState(1),
    lambda: np.random.RandomState(np.random.PCG64(3)),
    lambda: np.random.RandomState(ChaCha8(3)),
], ids=["MT19937", "PCG64", "ChaCha8"])
def test_default_rng_of_a_randomstate_wraps_its_bit_generator(make):
    """As numpy's default_rng: a Generator over the RandomState's own bit
    generator, shared with it (a draw from one moves the other)."""
    ours_rs, numpys_rs = make(), make()
    ours = default_rng(ours_rs)
    assert type(ours) is Generator
    assert ours.bit_generator is ours_rs._bit_generator
    if NUMPY_WRAPS_RANDOMSTATE:
        numpys = np.random.default_rng(numpys_rs)
        assert numpys.bit_generator is numpys_rs._bit_generator
    else:
        numpys = np.random.Generator(numpys_rs._bit_generator)
    np.testing.assert_array_equal(ours.random(5), numpys.random(5))
    np.testing.assert_array_equal(ours_rs.random_sample(3),
                                  numpys_rs.random_sample(3))
    np.testing.assert_array_equal(ours.standard_normal(4),
                                  numpys.standard_normal(4))


def test_default_rng_wraps_anything_numpys_takes_for_a_bit_generator():
    ours_duck = CapsuleOnly(np.random.PCG64(9))
    numpys_duck = CapsuleOnly(np.random.PCG64(9))
    ours, numpys = default_rng(ours_duck), np.random.default_rng(numpys_duck)
    assert type(ours) is Generator
    assert ours.bit_generator is ours_duck
    assert numpys.bit_generator is numpys_duck
    np.testing.assert_array_equal(ours.random(5), numpys.random(5))


@pytest.mark.parametrize("seed", [CapsuleOnly, object(), "1", 1.5, -1])
def test_default_rng_refuses_what_chacha20_refuses(seed):
    """Anything else is a seed for ChaCha20, whose errors numpy's are."""
    with pytest.raises((TypeError, ValueError)) as ours:
        default_rng(seed)
    with pytest.raises((TypeError, ValueError)) as theirs:
        ChaCha20(seed)
    assert type(ours.value) is type(theirs.value)
    assert {"Generator", "default_rng"} <= set(chacharand.__all__)


def lock_is_free(lock):
    """Whether another thread can take `lock` (an RLock says nothing to
    the thread that holds it)."""
    taken = []

    def probe():
        if lock.acquire(timeout=5):
            taken.append(True)
            lock.release()

    t = threading.Thread(target=probe)
    t.start()
    t.join()
    return taken == [True]


class PlainLockChaCha8(ChaCha8):
    """ChaCha8 whose lock is a plain Lock, as NumPy < 2.4 gives."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._plain_lock = threading.Lock()

    @property
    def lock(self):
        return self._plain_lock


def test_one_lock_per_call_with_a_plain_lock():
    # Taking a plain, non-reentrant Lock twice in one call would hang:
    # every fast call under such a lock, in a thread that must finish.
    bitgen = PlainLockChaCha8(5)
    assert type(bitgen.lock) is type(threading.Lock())
    rng = Generator(bitgen)
    done = []

    def calls():
        rng.random(10)
        rng.random()
        rng.standard_normal(10, dtype=np.float32)
        rng.standard_exponential(3)
        rng.uniform(1, 2, 5)
        rng.normal(0, 2)
        rng.integers(0, 5, 7, dtype=np.uint8)
        rng.integers(9)
        rng.bytes(5)
        rng.choice(10, 3)
        done.append(True)

    worker = threading.Thread(target=calls, daemon=True)
    worker.start()
    worker.join(30)
    assert done == [True]
    assert lock_is_free(bitgen.lock)


def test_concurrent_calls_are_whole():
    # The lock is held for a whole call: calls from several threads each
    # get a contiguous piece of the stream, the same pieces as in turn.
    n, calls, threads = 5000, 40, 4
    rng = Generator(ChaCha8(9))
    got = []

    def work():
        for _ in range(calls):
            got.append(rng.random(n))

    pool = [threading.Thread(target=work) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    reference = np.random.Generator(ChaCha8(9)).random(n * calls * threads)
    pieces = {reference[i * n:(i + 1) * n].tobytes()
              for i in range(calls * threads)}
    assert {a.tobytes() for a in got} == pieces


def test_interrupt_stops_between_chunks():
    # Ctrl-C during a long fill raises KeyboardInterrupt between chunks of
    # 2**20 values; the bit generator is put back where it was before the
    # call (as the bit generators' own bulk fills do), an out= array keeps
    # the finished chunks, and the lock is free again.
    chunk = 1 << 20
    n = 48 * chunk
    bitgen = ChaCha20(4)
    rng = Generator(bitgen)
    out = np.full(n, -1.0)

    def interrupt():
        time.sleep(0.05)
        _thread.interrupt_main()

    threading.Thread(target=interrupt, daemon=True).start()
    try:
        # 2 words per value, log1p each: slow enough to be caught.
        rng.standard_exponential(method="inv", out=out)
    except KeyboardInterrupt:
        pass
    else:
        pytest.skip("the fill ended before the interrupt came")
    assert bitgen.word_pos == 0
    done = int(np.count_nonzero(out >= 0))
    assert done % chunk == 0 and 0 < done < n
    want = np.random.Generator(ChaCha20(4)).standard_exponential(
        done, method="inv")
    np.testing.assert_array_equal(out[:done], want)
    assert lock_is_free(bitgen.lock)
    # The next call starts where the interrupted one did.
    np.testing.assert_array_equal(rng.standard_exponential(5, method="inv"),
                                  want[:5])


class LastBitOff(Generator):
    """uniform one ulp up, as a NumPy build with fused multiply-adds."""

    def uniform(self, *args, **kwargs):
        return np.nextafter(super().uniform(*args, **kwargs), np.inf)


class OneWordMore(Generator):
    """bytes that leaves the bit generator a word further on."""

    def bytes(self, length):
        out = super().bytes(length)
        self.bit_generator.random_raw()
        return out


def test_every_fast_method_has_an_agreement_probe():
    from chacharand._agreement import PROBES
    from chacharand._generator import FAST_METHODS

    assert {method for method, _, _ in PROBES} == set(FAST_METHODS)


def test_agreement_check_finds_different_values_and_positions():
    from chacharand._agreement import disagreeing_methods

    assert disagreeing_methods(Generator) == set()
    from chacharand._generator import CONTINUOUS_METHODS

    # The continuous distributions build on the ziggurats: they go too.
    assert disagreeing_methods(LastBitOff) == {
        "uniform", "standard_normal", "standard_exponential", "poisson",
        "geometric", "binomial", "negative_binomial"} | set(
            CONTINUOUS_METHODS)
    assert disagreeing_methods(OneWordMore) == {"bytes"}
