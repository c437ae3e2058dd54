"""The numpy-style conformance suite, run for HC128, ISAAC and ISAAC64."""
import numpy as np
import pytest

from chacharand import HC128, ISAAC, ISAAC64

from _support.conformance import Conformance

pytestmark = pytest.mark.numpy_protocol


def with_field(state, field, value):
    return {**state, "state": {**state["state"], field: value}}


class TableConformance(Conformance):
    word_dtype = np.uint32
    array_fields = ()

    def bad_state_values(self):
        good = self.keyed().state
        for field in self.array_fields:
            n = good["state"][field].size
            yield ValueError, field, with_field(
                good, field, np.zeros(n - 1, self.word_dtype))
            yield ValueError, field, with_field(
                good, field, np.zeros((2, n // 2), self.word_dtype))
            yield TypeError, field, with_field(good, field, np.zeros(n))
            yield TypeError, field, with_field(good, field, "text")
            yield ValueError, field, with_field(
                good, field, np.full(n, -1, np.int64))
        yield ValueError, "index", with_field(good, "index", 2**32)
        yield TypeError, "index", with_field(good, "index", 1.0)
        for exc, field, value in self.unreachable_states():
            yield exc, field, with_field(good, field, value)

    def unreachable_states(self):
        return []

    def test_has_no_seeking(self):
        bitgen = self.keyed()
        assert not hasattr(bitgen, "advance")
        assert not hasattr(bitgen, "jumped")
        assert "spawn" in type(bitgen).__doc__

    def test_state_survives_a_refill_boundary(self):
        a = self.keyed()
        for n in (1, 15, 16, 17, 255, 256, 257, 1023, 1024, 1025):
            b = self.bit_generator(key=bytes(32))
            b.state = a.state
            np.testing.assert_array_equal(a.random_raw(n), b.random_raw(n))


class TestHC128(TableConformance):
    bit_generator = HC128
    rust_file = "rand_hc.json"
    algorithm = "HC128"
    key_length = 32
    key_exact = True
    state_fields = ("p", "q", "buffer", "counter", "index")
    array_fields = ("p", "q", "buffer")
    state_bytes = 4096 + 64

    def unreachable_states(self):
        return [(ValueError, "counter", 5), (ValueError, "counter", 1024),
                (ValueError, "index", 17)]


class TestISAAC(TableConformance):
    bit_generator = ISAAC
    rust_file = "rand_isaac.json"
    algorithm = "ISAAC"
    key_length = 1024
    key_exact = False
    state_fields = ("mem", "rsl", "a", "b", "c", "index")
    array_fields = ("mem", "rsl")
    state_bytes = 2048 + 12

    def unreachable_states(self):
        return [(ValueError, "index", 257), (ValueError, "a", 2**32)]


class TestISAAC64(TableConformance):
    bit_generator = ISAAC64
    rust_file = "rand_isaac.json"
    algorithm = "ISAAC64"
    word_dtype = np.uint64
    key_length = 2048
    key_exact = False
    state_fields = ("mem", "rsl", "a", "b", "c", "index", "half_used")
    array_fields = ("mem", "rsl")
    state_bytes = 4096 + 24

    def unreachable_states(self):
        return [(ValueError, "index", 257), (ValueError, "half_used", 2),
                (ValueError, "a", 2**64)]

    def test_half_used_needs_a_word(self):
        bitgen = self.keyed()
        state = bitgen.state
        bad = {**state, "state": {**state["state"], "index": 0,
                                  "half_used": 1}}
        with pytest.raises(ValueError, match="half_used"):
            bitgen.state = bad


@pytest.mark.parametrize("cls, n", [(ISAAC, 1025), (ISAAC64, 2049)])
def test_isaac_keys_up_to_the_seed_array(cls, n):
    cls(key=bytes(n - 1))
    with pytest.raises(ValueError, match="at most"):
        cls(key=bytes(n))


@pytest.mark.parametrize("cls, words", [(HC128, 8), (ISAAC, 256),
                                        (ISAAC64, 256)])
def test_seed_fills_the_whole_key(cls, words):
    """A seeded key uses as much SeedSequence output as the key holds."""
    seq = np.random.SeedSequence(11)
    dtype = np.uint64 if cls is ISAAC64 else np.uint32
    key = seq.generate_state(words, dtype).astype(
        np.dtype(dtype).newbyteorder("<")).tobytes()
    np.testing.assert_array_equal(cls(np.random.SeedSequence(11)).random_raw(50),
                                  cls(key=key).random_raw(50))
