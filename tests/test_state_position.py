"""The state depends on the position in the stream only.

Two generators at the same position report equal ``state`` dicts whichever
path drew them there: numpy's Generator (one bitgen_t call per value),
chacharand.Generator (the C fills, in bulk), ``random_raw`` or
``random_bytes``.  Buffered output already read is zero in the state, so a
state (and a pickle) holds no buffered output already drawn (the
algorithm's own registers stay as they are: ISAAC's ``b`` is its last
result), and a restored state continues the stream exactly.
"""
import pickle

import numpy as np
import pytest

import chacharand
from chacharand._registry import FAMILIES

ids = [f.name for f in FAMILIES]
family_params = pytest.mark.parametrize("spec", FAMILIES, ids=ids)

# 64-bit draws: inside the first block, on and around the blocks of every
# family (HC-128: 8 per block, ISAAC: 128, ISAAC-64: 256, ChaCha: 128 per
# buffer), and far enough for whole blocks to go straight to the output.
POSITIONS = [1, 7, 8, 9, 100, 127, 128, 129, 255, 256, 257, 1000, 1025, 4099]

# Ways to draw `n` 64-bit values' worth of output.
DRAW64 = {
    "numpy.random.Generator": lambda bg, n: np.random.Generator(bg).random(n),
    "chacharand.Generator": lambda bg, n: chacharand.Generator(bg).random(n),
    "random_raw": lambda bg, n: bg.random_raw(n),
    "random_bytes": lambda bg, n: bg.random_bytes(8 * n),
}

# Ways to draw `n` 32-bit values (next_uint32): half words for ISAAC-64.
DRAW32 = {
    "numpy.random.Generator": lambda bg, n: np.random.Generator(bg).integers(
        0, 2**32, n, dtype=np.uint32),
    "chacharand.Generator": lambda bg, n: chacharand.Generator(bg).integers(
        0, 2**32, n, dtype=np.uint32),
    "Generator.bytes": lambda bg, n: chacharand.Generator(bg).bytes(4 * n),
}


def assert_same_state(a, b):
    assert a["bit_generator"] == b["bit_generator"]
    assert a["state"].keys() == b["state"].keys()
    for name, value in a["state"].items():
        other = b["state"][name]
        if isinstance(value, np.ndarray):
            assert value.dtype == other.dtype, name
            np.testing.assert_array_equal(value, other, err_msg=name)
        else:
            assert value == other, name


def consumed_words(state):
    """The buffered words already read, from the state's own fields."""
    inner = state["state"]
    if "buffer" in inner:
        return inner["buffer"][:inner["index"]]
    return inner["rsl"][:inner["index"] - inner.get("half_used", 0)]


@family_params
@pytest.mark.parametrize("n", POSITIONS)
def test_every_path_to_a_position_reports_one_state(spec, n):
    states, pickles = {}, set()
    for path, draw in DRAW64.items():
        bitgen = spec.cls(2024)
        draw(bitgen, n)
        states[path] = bitgen.state
        pickles.add(pickle.dumps(bitgen))
    first, *others = states.values()
    for state in others:
        assert_same_state(first, state)
    # So are the pickles, byte for byte: they hold nothing of the path.
    assert len(pickles) == 1


@family_params
@pytest.mark.parametrize("n", [1, 3, 15, 16, 17, 255, 256, 257, 511, 2049])
def test_every_32_bit_path_to_a_position_reports_one_state(spec, n):
    states = {}
    for path, draw in DRAW32.items():
        bitgen = spec.cls(2025)
        draw(bitgen, n)
        states[path] = bitgen.state
    first, *others = states.values()
    for state in others:
        assert_same_state(first, state)


@pytest.mark.parametrize(
    "spec", [f for f in FAMILIES if {"buffer", "rsl"} & set(f.state)],
    ids=lambda f: f.name)
@pytest.mark.parametrize("path", list(DRAW64) + ["Generator.bytes"])
def test_read_words_are_zero_in_the_state(spec, path):
    for n in POSITIONS:
        bitgen = spec.cls(7)
        (DRAW64.get(path) or (lambda bg, k: DRAW32[path](bg, 2 * k)))(
            bitgen, n)
        state = bitgen.state
        consumed = consumed_words(state)
        assert consumed.size and not consumed.any(), (n, consumed)


@family_params
@pytest.mark.parametrize("path", DRAW64)
def test_a_restored_state_continues_the_stream(spec, path):
    for n in POSITIONS:
        reference = spec.cls(11).random_raw(n + 600)[n:]
        drawn = spec.cls(11)
        DRAW64[path](drawn, n)
        restored = spec.cls(99)
        restored.state = drawn.state
        np.testing.assert_array_equal(restored.random_raw(600), reference)
        # Through a pickle as well.
        copy = pickle.loads(pickle.dumps(drawn))
        np.testing.assert_array_equal(copy.random_raw(600), reference)


@family_params
@pytest.mark.parametrize("n", [1, 3, 255, 257])
def test_a_restored_state_continues_between_32_bit_draws(spec, n):
    # ISAAC-64's pending high half survives: the next 32-bit draw is it.
    words = DRAW32["numpy.random.Generator"]
    reference = words(spec.cls(12), n + 40)[n:]
    drawn = spec.cls(12)
    words(drawn, n)
    restored = spec.cls(98)
    restored.state = drawn.state
    np.testing.assert_array_equal(words(restored, 40), reference)


@pytest.mark.parametrize(
    "spec", [f for f in FAMILIES if {"buffer", "rsl"} & set(f.state)],
    ids=lambda f: f.name)
def test_a_state_with_read_words_still_in_it_loads(spec):
    # States saved before read words were zeroed hold them: they load, and
    # the stream goes on as from the zeroed state.
    drawn = spec.cls(13)
    drawn.random_raw(5)
    state = drawn.state
    field = "buffer" if "buffer" in state["state"] else "rsl"
    read = consumed_words(state).size
    assert read > 0
    old = {"bit_generator": state["bit_generator"],
           "state": dict(state["state"])}
    old["state"][field] = state["state"][field].copy()
    old["state"][field][:read] = np.arange(1, read + 1)
    restored = spec.cls(99)
    restored.state = old
    np.testing.assert_array_equal(restored.random_raw(600),
                                  drawn.random_raw(600))
