"""The stream freeze: what a seed, key, stream and position yield never changes.

tests/data/stream_freeze.json was recorded once from the reference
implementations (the Rust crates, numpy's SeedSequence and numpy's Generator
over a bit generator that is not ours) by tools/record_stream_freeze.py.
It is never regenerated from chacharand: a test here that fails means the
streams changed, which the stability policy (docs/stability.rst) forbids
outside a major version.
"""
import numpy as np
import pytest
from numpy.random import SeedSequence

import chacharand
from chacharand._registry import FAMILIES, family
from _support.known_answers import load

# Run on every NumPy the matrix covers: the frozen Generator draws must
# hold on each of them, not only on the newest.
pytestmark = pytest.mark.numpy_protocol

DATA = load("stream_freeze.json")


def _seed(value):
    return value if isinstance(value, int) else list(value)


def build(case):
    """The generator a raw case describes, made as a user would."""
    cls = family(case["family"]).cls
    how = case["how"]
    if "parallel_generators" in how:
        workers = chacharand.parallel_generators(
            how["parallel_generators"], _seed(how["seed"]),
            bit_generator=case["family"], generators=False)
        return workers[how["worker"]]
    seek = {}
    if family(case["family"]).has_streams:
        seek["stream"] = case["stream"]
    if family(case["family"]).seekable:
        seek["word_pos"] = case["word_pos"]
    if "seed" in how:
        return cls(_seed(how["seed"]), **seek)
    if "key" in how:
        return cls(key=bytes.fromhex(how["key"]), **seek)
    parent_kw = {}
    if "parent_stream" in how:
        parent_kw["stream"] = how["parent_stream"]
    parent = cls(key=bytes.fromhex(how["spawn_of_key"]), **parent_kw)
    return parent.spawn(2)[how["child"]]


def at_frozen_words(case):
    """The case's generator, moved to its frozen words, and those words."""
    bitgen = build(case)
    if case["skip"]:
        bitgen.random_raw(case["skip"], output=False)
    return bitgen, np.array([int(w) for w in case["words"]], dtype=np.uint64)


def test_every_family_is_frozen():
    for cases in (DATA["raw"], DATA["draws"]):
        assert {c["family"] for c in cases} == {f.name for f in FAMILIES}


@pytest.mark.parametrize("case", DATA["raw"],
                         ids=lambda c: f"{c['family']}-{c['label']}")
def test_raw_words(case):
    bitgen, expected = at_frozen_words(case)
    np.testing.assert_array_equal(bitgen.random_raw(len(expected)), expected)


def _values(values):
    return [float.fromhex(v) if isinstance(v, str) else v for v in values]


#: The Generators the frozen draws must come from: NumPy's over our bit
#: generator, and ours, which promises NumPy's numbers exactly.
GENERATORS = {"numpy": np.random.Generator, "chacharand": chacharand.Generator}


def _assert_frozen_draws(rng, case):
    for (method, args, kwargs), expected in zip(case["calls"], case["values"]):
        got = getattr(rng, method)(*args, **kwargs)
        assert got.tolist() == _values(expected), (method, args, kwargs)


@pytest.mark.parametrize("generator", GENERATORS)
@pytest.mark.parametrize("case", DATA["draws"],
                         ids=lambda c: f"{c['family']}-{c['label']}")
def test_generator_draws(case, generator):
    bitgen = family(case["family"]).cls(_seed(case["seed"]))
    _assert_frozen_draws(GENERATORS[generator](bitgen), case)


@pytest.mark.parametrize("default_rng", [chacharand.default_rng,
                                         chacharand.random.default_rng],
                         ids=["chacharand", "chacharand.random"])
@pytest.mark.parametrize("case", [c for c in DATA["draws"]
                                  if c["family"] == "ChaCha20"],
                         ids=lambda c: c["label"])
def test_default_rng_is_chacha20_for_good(case, default_rng):
    """default_rng(seed) keeps drawing ChaCha20(seed)'s frozen numbers."""
    _assert_frozen_draws(default_rng(_seed(case["seed"])), case)


@pytest.mark.parametrize("case", DATA["raw"],
                         ids=lambda c: f"{c['family']}-{c['label']}")
def test_random_bytes_are_the_frozen_words_little_endian(case):
    bitgen, words = at_frozen_words(case)
    assert bitgen.random_bytes(words.nbytes) == words.astype("<u8").tobytes()


def test_seed_sequence_objects_give_the_frozen_streams():
    """A SeedSequence passed as the seed is the same as its entropy."""
    case = next(c for c in DATA["raw"] if c["how"].get("seed") == 12345
                and c["skip"] == 0 and c["stream"] == 0)
    bitgen = family(case["family"]).cls(SeedSequence(12345))
    assert [str(w) for w in bitgen.random_raw(len(case["words"]))] == \
        case["words"]


@pytest.mark.parametrize("case", DATA["counter"],
                         ids=lambda c: f"{c['family']}-{c['label']}")
def test_counter_based_methods(case):
    """Every counter-based method and dtype of chacharand.CounterGenerator
    (and its GPU face's CPU side), drawn in sequence, gives the values the
    pure-Python reference of their definitions recorded, and leaves the
    bit generator at the recorded position."""
    bitgen = family(case["family"]).cls(key=bytes.fromhex(case["key"]),
                                        stream=case["stream"],
                                        word_pos=case["word_pos"])
    gen = chacharand.CounterGenerator(bitgen)
    for (method, args, kwargs), expected in zip(case["calls"],
                                                case["values"]):
        got = getattr(gen, method)(*args, **kwargs)
        assert got.tolist() == _values(expected), (method, args, kwargs)
    assert bitgen.word_pos == case["word_pos_after"]


def test_every_counter_method_and_dtype_is_frozen():
    from chacharand._counter_generator import METHODS
    calls = DATA["counter"][0]["calls"]
    seen = {(m, k.get("dtype", "float64")) for m, _, k in calls}
    for method in ("random", "uniform", "standard_normal", "normal",
                   "standard_exponential", "exponential"):
        assert {(method, "float64"), (method, "float32")} <= seen
    assert {d for m, d in seen if m == "integers"} == {
        f"{s}int{b}" for s in ("", "u") for b in (8, 16, 32, 64)}
    # both integer forms of the C table: narrow and wide
    assert any(m == "integers" and a[1] - a[0] > 2**32 for m, a, _ in calls)
    assert {c["family"] for c in DATA["counter"]} == {
        f.name for f in FAMILIES if f.counter_based}
    assert "random_raw" in {m for m, _, _ in calls} and METHODS
