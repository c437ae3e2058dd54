"""What numpy's own bit generators do, ours do: for every family.

numpy's behaviour is the reference: RandomState wrapping, state mappings
and the keys numpy adds to them, spawn from any generator, advance by any
integer, locking that works with numpy's plain Lock (before 2.4) and its
RLock (2.4 on).  Plus what no user code may do: crash the interpreter.
"""
import copy
import inspect
import pickle
import signal
import subprocess
import sys
import textwrap
import threading
import time
import types

import numpy as np
import pytest
from numpy.random import Generator, RandomState, SeedSequence

import chacharand
from chacharand._base import KeyedBitGenerator
from chacharand._chacha import ChaChaBitGenerator
from chacharand._registry import FAMILIES
from known_answers import documented_key_entropy

pytestmark = pytest.mark.numpy_protocol

CLASSES = [f.cls for f in FAMILIES]
SEEKABLE = [f.cls for f in FAMILIES if f.seekable]
WITH_STREAMS = [f.cls for f in FAMILIES if f.has_streams]
ids = [f.name for f in FAMILIES]
family_params = pytest.mark.parametrize("spec", FAMILIES, ids=ids)
class_params = pytest.mark.parametrize("cls", CLASSES, ids=ids)


def same_stream(a, b, n=40):
    np.testing.assert_array_equal(a.random_raw(n), b.random_raw(n))


# ---- the registry ---------------------------------------------------------

@family_params
def test_registry_describes_each_family(spec):
    cls = spec.cls
    assert cls.__name__ == spec.name and spec.name in chacharand.__all__
    assert getattr(chacharand, spec.name) is cls
    assert set(cls(1).state["state"]) == set(spec.state_fields)
    assert hasattr(cls, "jumped") == hasattr(cls, "stream") == \
        spec.has_streams
    assert hasattr(cls, "advance") == hasattr(cls, "word_pos") == \
        spec.seekable
    # The registry's state layout is the state's: each array its dtype and
    # length, each key its length, each int below its limit.
    for name, field in spec.state.items():
        value = cls(1).state["state"][name]
        if field.dtype == "bytes":
            assert isinstance(value, bytes) and len(value) == field.length
        elif field.dtype == "int":
            assert isinstance(value, int) and 0 <= value < field.limit
        elif field.length is None:
            assert isinstance(value, int)
            assert 0 <= value <= np.iinfo(field.dtype).max
        else:
            assert value.dtype == field.dtype
            assert value.shape == (field.length,)
    # A seed fills the whole key with SeedSequence words, little-endian.
    words = SeedSequence(5).generate_state(spec.seed_words, spec.seed_dtype)
    key = words.astype(np.dtype(spec.seed_dtype).newbyteorder("<")).tobytes()
    assert len(key) == spec.key_bytes
    same_stream(cls(5), cls(key=key))
    with pytest.raises(ValueError, match="key"):
        cls(key=bytes(spec.key_bytes + 1))
    if spec.key_exact:
        with pytest.raises(ValueError, match="key"):
            cls(key=bytes(spec.key_bytes - 1))
    chacharand.parallel_generators(1, 1, bit_generator=spec.name)


# ---- nothing crashes from pure Python ----------------------------------------

def test_abstract_bases_refuse_to_be_instantiated():
    with pytest.raises(TypeError, match="abstract"):
        KeyedBitGenerator(1)
    with pytest.raises(TypeError, match="abstract"):
        ChaChaBitGenerator(1)
    with pytest.raises(ValueError, match="bit_generator"):
        chacharand.parallel_generators(1, 1, bit_generator=KeyedBitGenerator)


@pytest.mark.parametrize("rounds", [10, 0, "8", None, 8.0])
def test_chacha_subclass_without_a_kernel_is_refused(rounds):
    cls = type("ChaChaX", (chacharand.ChaCha20,), {"_ROUNDS": rounds})
    with pytest.raises(TypeError, match="_ROUNDS"):
        cls(1)


def test_subclass_with_a_kernel_works():
    class MyChaCha(chacharand.ChaCha8):
        pass

    same_stream(MyChaCha(3), chacharand.ChaCha8(3))


def test_what_pure_python_can_write_does_not_crash(tmp_path):
    # In a child process: a crash there is a failed test, not a dead suite.
    code = textwrap.dedent("""
        import numpy as np
        import chacharand
        from chacharand._base import KeyedBitGenerator
        from chacharand._registry import FAMILIES

        class ChaCha10(chacharand.ChaCha20):
            _ROUNDS = 10

        class Bare(KeyedBitGenerator):
            def __init__(self):
                pass

        attempts = [
            lambda: KeyedBitGenerator(1).random_raw(4),
            lambda: chacharand.parallel_generators(
                1, 1, bit_generator=KeyedBitGenerator)[0].random(),
            lambda: ChaCha10(1).random_raw(2),
            lambda: np.random.Generator(Bare()).random(),
            lambda: Bare().random_raw(4),
            lambda: Bare().random_bytes(4),
        ]
        for f in FAMILIES:
            blank = f.cls.__new__(f.cls)       # __init__ never ran
            attempts += [lambda b=blank: b.random_raw(70),
                         lambda b=blank: b.random_bytes(9),
                         lambda b=blank: np.random.Generator(b).random()]
        for attempt in attempts:
            try:
                attempt()
            except (TypeError, ValueError):
                pass
        print("survived")
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "survived" in out.stdout, out.stderr


# ---- the lock -------------------------------------------------------------------

def public_calls(bitgen):
    """Every public method and property of a generator, as calls."""
    calls = [lambda: bitgen.state,
             lambda: setattr(bitgen, "state", bitgen.state),
             lambda: bitgen.random_raw(3), lambda: bitgen.random_bytes(5),
             lambda: bitgen.random_raw(3, output=False),
             lambda: bitgen.spawn(1), lambda: repr(bitgen),
             lambda: pickle.loads(pickle.dumps(bitgen)),
             lambda: copy.deepcopy(bitgen),
             lambda: pickle.loads(pickle.dumps(Generator(bitgen))),
             lambda: pickle.loads(pickle.dumps(RandomState(bitgen))),
             lambda: chacharand.parallel_generators(2, bitgen),
             lambda: Generator(bitgen).spawn(1)]
    if hasattr(bitgen, "jumped"):
        calls += [lambda: bitgen.jumped(2), lambda: bitgen.advance(3),
                  lambda: bitgen.key, lambda: bitgen.stream,
                  lambda: setattr(bitgen, "stream", 4),
                  lambda: bitgen.word_pos,
                  lambda: setattr(bitgen, "word_pos", 5),
                  lambda: setattr(bitgen, "backend", bitgen.backend)]
    return calls


@class_params
def test_no_call_takes_the_lock_twice(cls):
    # Before numpy 2.4 the lock is a plain Lock: a second acquire by the
    # same thread hangs.  Each call runs in a thread with a deadline.
    bitgen = cls(11)
    for call in public_calls(bitgen):
        worker = threading.Thread(target=call, daemon=True)
        worker.start()
        worker.join(30)
        assert not worker.is_alive(), f"deadlock in {inspect.getsource(call)}"
    assert bitgen.lock.acquire(blocking=False), "the lock was left held"
    bitgen.lock.release()


@class_params
def test_bulk_calls_wait_for_the_lock(cls):
    bitgen = cls(12)
    done = threading.Event()
    with bitgen.lock:
        threading.Thread(target=lambda: (bitgen.random_raw(10),
                                         done.set()), daemon=True).start()
        assert not done.wait(0.2)
    assert done.wait(30)


# ---- RandomState -----------------------------------------------------------------

@class_params
def test_random_state_pickles_and_restores(cls):
    rs = RandomState(cls(21))
    rs.standard_normal()            # a cached Gaussian: has_gauss = 1
    clone = pickle.loads(pickle.dumps(rs))
    np.testing.assert_array_equal(clone.standard_normal(5),
                                  rs.standard_normal(5))
    saved = rs.get_state(legacy=False)
    assert {"has_gauss", "gauss"} <= set(saved)
    first = rs.random_sample(4)
    rs.set_state(saved)
    np.testing.assert_array_equal(rs.random_sample(4), first)
    with pytest.warns(RuntimeWarning, match="legacy"):
        legacy = rs.get_state()
    other = RandomState(cls(22))
    other.set_state(legacy)
    np.testing.assert_array_equal(other.random_sample(4),
                                  rs.random_sample(4))


# ---- state mappings -----------------------------------------------------------------

@class_params
def test_state_setter_takes_any_mapping_and_numpys_extra_keys(cls):
    source = cls(31)
    source.random_raw(3)
    state = source.state
    proxy = types.MappingProxyType(
        {**state, "state": types.MappingProxyType(state["state"])})
    for value in (proxy, {**state, "has_gauss": 1, "gauss": 0.25}):
        target = cls(32)
        target.state = value
        same_stream(target, copy.deepcopy(source))


@class_params
def test_state_with_other_extra_keys_is_refused_unchanged(cls):
    target, twin = cls(33), cls(33)
    for extra in ({"has_uint32": 0}, {"uinteger": 0}, {"junk": 1}):
        with pytest.raises(ValueError, match="keys"):
            target.state = {**cls(34).state, **extra}
    same_stream(target, twin)


# ---- spawn, from any generator --------------------------------------------------------

@class_params
def test_every_generator_spawns_reproducibly(cls):
    key = bytes(range(40, 72))
    made = [cls(key=key), parallel_child(cls)]
    if hasattr(cls, "jumped"):
        made += [cls(7).jumped(1), cls(7).jumped(1).jumped(2)]
    for bitgen in made:
        twin = copy.deepcopy(bitgen)
        children = Generator(bitgen).spawn(2)
        again = Generator(twin).spawn(2)
        for a, b in zip(children, again):
            np.testing.assert_array_equal(a.random(3), b.random(3))


def parallel_child(cls):
    return chacharand.parallel_generators(2, 5, bit_generator=cls,
                                          generators=False)[1]


@class_params
def test_keyed_seed_sequence_is_the_documented_one(cls):
    key = bytes(range(1, 33))
    if hasattr(cls, "jumped"):
        bitgen = cls(key=key, stream=2**40 + 3)
        entropy = documented_key_entropy(cls.__name__, key, 2**40 + 3)
    else:
        bitgen = cls(key=key)
        entropy = documented_key_entropy(cls.__name__, key)
    assert bitgen.seed_seq.entropy == entropy
    child = bitgen.spawn(1)[0]
    same_stream(child, cls(SeedSequence(entropy).spawn(1)[0]))


def test_zero_padded_isaac_keys_share_their_seed_sequence():
    a = chacharand.ISAAC(key=b"\x01\x02")
    b = chacharand.ISAAC(key=b"\x01\x02" + bytes(30))
    same_stream(a, b)
    same_stream(a.spawn(1)[0], b.spawn(1)[0])


@pytest.mark.parametrize("cls", WITH_STREAMS, ids=lambda c: c.__name__)
def test_streams_of_one_key_spawn_different_children(cls):
    first = cls(key=bytes(32), stream=0).spawn(1)[0]
    second = cls(key=bytes(32), stream=1).spawn(1)[0]
    assert first.key != second.key


# ---- advance, jumped and discarding on ChaCha --------------------------------------------

@pytest.mark.parametrize("cls", SEEKABLE, ids=lambda c: c.__name__)
def test_advance_takes_any_integer_and_wraps(cls):
    period = 2**68            # words
    for delta in (-1, -(2**70) - 5, 2**200 + 7, 2**67, np.int64(-3)):
        bitgen = cls(41, word_pos=1000)
        assert bitgen.advance(delta) is bitgen
        assert bitgen.word_pos == (1000 + 2 * int(delta)) % period
    bitgen = cls(41)
    reference = bitgen.random_raw(5)
    bitgen.advance(-5)
    np.testing.assert_array_equal(bitgen.random_raw(5), reference)
    for bad in (1.0, "1", True, None):
        with pytest.raises(TypeError, match="delta"):
            bitgen.advance(bad)


@pytest.mark.parametrize("cls", WITH_STREAMS, ids=lambda c: c.__name__)
def test_jumped_takes_any_integer_modulo_the_stream_count(cls):
    assert cls(1, stream=0).jumped(-1).stream == 2**64 - 1
    assert cls(1, stream=5).jumped(2**64 + 1).stream == 6
    with pytest.raises(TypeError, match="jumps"):
        cls(1).jumped(1.5)


@pytest.mark.parametrize("cls", SEEKABLE, ids=lambda c: c.__name__)
def test_discarding_draws_seeks(cls):
    # 2**66 draws would take years to make one by one.
    bitgen = cls(42, word_pos=6)
    assert bitgen.random_raw(2**66, output=False) is None
    assert bitgen.word_pos == (6 + 2**67) % 2**68
    twin = cls(42, word_pos=6)
    twin.random_raw(12345)
    bitgen = cls(42, word_pos=6)
    bitgen.random_raw(12345, output=False)
    same_stream(bitgen, twin)


# ---- interrupting long fills ------------------------------------------------------------------

class Alarm:
    """SIGALRM after `delay` seconds, raising KeyboardInterrupt as Ctrl-C."""

    def __init__(self, delay):
        self.delay = delay
        self.fired = None

    def handler(self, signum, frame):
        self.fired = time.perf_counter()
        raise KeyboardInterrupt

    def __enter__(self):
        self.previous = signal.signal(signal.SIGALRM, self.handler)
        signal.setitimer(signal.ITIMER_REAL, self.delay)
        return self

    def __exit__(self, *exc):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous)


BIG = 2**30   # bytes: a second or more on every family


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no setitimer")
@class_params
@pytest.mark.parametrize("call", [
    lambda g: g.random_bytes(BIG),
    lambda g: g.random_raw(BIG // 8),
    lambda g: g.random_raw(out=np.empty(BIG // 8, np.uint64)),
], ids=["random_bytes", "random_raw", "random_raw_out"])
def test_long_fills_stop_at_ctrl_c_and_leave_the_generator(cls, call):
    bitgen, twin = cls(51), cls(51)
    bitgen.random_raw(3)
    twin.random_raw(3)
    with Alarm(0.02) as alarm:
        with pytest.raises(KeyboardInterrupt):
            call(bitgen)
        stopped = time.perf_counter()
    assert alarm.fired is not None and stopped - alarm.fired < 0.5
    same_stream(bitgen, twin)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no setitimer")
@pytest.mark.parametrize("cls", [f.cls for f in FAMILIES if not f.seekable],
                         ids=lambda c: c.__name__)
def test_long_discard_stops_at_ctrl_c(cls):
    bitgen, twin = cls(52), cls(52)
    with Alarm(0.02):
        with pytest.raises(KeyboardInterrupt):
            bitgen.random_raw(2**40, output=False)
    same_stream(bitgen, twin)


@class_params
def test_chunked_fills_equal_word_by_word_output(cls):
    # Across the chunk boundaries: bytes are the words' little-endian bytes,
    # and an odd length drops the rest of its last word.
    a, b = cls(53), cls(53)
    n = 3 * 2**20 + 13
    data = a.random_bytes(n)
    words = b.random_raw(n // 8 + 1)
    assert data == words.tobytes()[:n]
    same_stream(a, b)
    big = a.random_raw(2**18 + 5)
    np.testing.assert_array_equal(big[2**17 - 2:2**17 + 2],
                                  b.random_raw(2**18 + 5)[2**17 - 2:2**17 + 2])


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_reaches_a_child_process_quickly(tmp_path):
    # A real Ctrl-C (SIGINT) to a process inside a long discard.
    code = ("import chacharand, sys\n"
            "g = chacharand.ISAAC64(1)\n"
            "print('ready', flush=True)\n"
            "g.random_raw(2**45, output=False)\n")
    child = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.2)
    child.send_signal(signal.SIGINT)
    try:
        _, err = child.communicate(timeout=10)
    finally:
        child.kill()
    assert "KeyboardInterrupt" in err


# ---- introspection ---------------------------------------------------------------------

@class_params
def test_signatures_show_every_parameter(cls):
    params = list(inspect.signature(cls).parameters)
    assert params[:2] == ["seed", "key"]
    if hasattr(cls, "jumped"):
        assert params == ["seed", "key", "stream", "word_pos"]
        assert list(inspect.signature(cls.advance).parameters) == \
            ["self", "delta"]
        assert list(inspect.signature(cls.jumped).parameters) == \
            ["self", "jumps"]
    assert list(inspect.signature(cls.random_raw).parameters) == \
        ["self", "size", "output", "out"]
    assert list(inspect.signature(cls.random_bytes).parameters) == \
        ["self", "length"]
    assert list(inspect.signature(cls.spawn).parameters) == \
        ["self", "n_children"]
    assert "key" in (cls.__doc__ or "")


# ---- strict input --------------------------------------------------------------------------

@class_params
@pytest.mark.parametrize("key", [
    memoryview(np.ones(4)), np.ones(32, bool), np.zeros(32, np.int8),
    np.ma.masked_array(np.zeros(32, np.uint8)), "x" * 32, 7, None.__class__,
], ids=["float64-buffer", "bool-array", "int8-array", "masked", "str", "int",
        "type"])
def test_keys_are_bytes_or_one_byte_buffers(cls, key):
    with pytest.raises(TypeError, match="key"):
        cls(key=key)


@class_params
def test_one_byte_buffers_are_keys(cls):
    key = bytes(range(32))
    want = cls(key=key)
    for form in (bytearray(key), memoryview(key), np.frombuffer(key, np.uint8),
                 memoryview(np.frombuffer(key, np.int8))):
        same_stream(cls(key=form), copy.deepcopy(want))


@pytest.mark.parametrize("cls", [f.cls for f in FAMILIES if not f.seekable],
                         ids=lambda c: c.__name__)
def test_table_states_refuse_what_only_looks_like_integers(cls):
    good = cls(61).state
    field = next(k for k, v in good["state"].items()
                 if isinstance(v, np.ndarray))
    n = good["state"][field].size
    bad_values = [
        np.ones(n, bool),
        [True] * n,
        np.ma.masked_array(good["state"][field]),
        np.array([1] * n, dtype=object),
        good["state"][field].astype(float),
    ]
    target, twin = cls(62), cls(62)
    for value in bad_values:
        with pytest.raises(TypeError, match=field):
            target.state = {**good, "state": {**good["state"], field: value}}
    same_stream(target, twin)
    # JSON gives lists of Python ints: accepted, up to the word's maximum.
    as_lists = {**good, "state": {
        k: v.tolist() if isinstance(v, np.ndarray) else v
        for k, v in good["state"].items()}}
    target.state = as_lists
    same_stream(target, cls(61))


@class_params
def test_sizes_too_large_are_clear_errors(cls):
    bitgen = cls(71)
    with pytest.raises(ValueError, match="length"):
        bitgen.random_bytes(2**63)
    with pytest.raises(MemoryError, match="length"):
        bitgen.random_bytes(2**62)
    with pytest.raises((ValueError, MemoryError), match="size"):
        bitgen.random_raw((2**40, 2**40))
    with pytest.raises((ValueError, MemoryError), match="size"):
        bitgen.random_raw(2**61)
    same_stream(bitgen, cls(71))
