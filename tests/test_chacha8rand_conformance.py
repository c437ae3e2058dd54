"""The numpy-style conformance suite, run for ChaCha8Rand."""
import numpy as np
import pytest

from chacharand import ChaCha8Rand

from _support.conformance import Conformance
from _support.known_answers import load
from _support.replay import replay

pytestmark = pytest.mark.numpy_protocol


def with_field(state, field, value):
    return {**state, "state": {**state["state"], field: value}}


class TestChaCha8Rand(Conformance):
    bit_generator = ChaCha8Rand
    key_length = 32
    key_exact = True
    state_fields = ("key", "used", "read_buffer")
    state_bytes = 1024 + 32

    def reference_cases(self):
        """Go's Uint64 streams from the start, as replay cases."""
        return [{"key_hex": s["key"],
                 "ops": [{"op": "u64", "n": len(s["values"]),
                          "out": s["values"]}]}
                for s in load("chacha8rand_go.json")["streams"]
                if s["start"] == 0]

    # numpy's next_uint32 here is Go's Rand.Uint32: the upper half of one
    # Uint64, so a 32-bit draw uses a whole value.
    def test_uint32_integers_are_next_uint32(self):
        super().test_uint32_integers_are_next_uint32()
        a, b = ChaCha8Rand(3), ChaCha8Rand(3)
        got = np.random.Generator(a).integers(0, 2**32, 500, dtype=np.uint32)
        np.testing.assert_array_equal(
            got, (b.random_raw(500) >> np.uint64(32)).astype(np.uint32))

    def test_has_no_seeking(self):
        bitgen = self.keyed()
        assert not hasattr(bitgen, "advance")
        assert not hasattr(bitgen, "jumped")
        assert "spawn" in type(bitgen).__doc__

    def bad_state_values(self):
        good = self.keyed().state
        yield ValueError, "key", with_field(good, "key", bytes(31))
        yield ValueError, "key", with_field(good, "key", bytes(33))
        yield TypeError, "key", with_field(good, "key", "x" * 32)
        yield TypeError, "key", with_field(good, "key",
                                           np.zeros(32, np.uint16))
        yield ValueError, "used", with_field(good, "used", 125)
        yield ValueError, "used", with_field(good, "used", -1)
        yield TypeError, "used", with_field(good, "used", 1.0)
        yield TypeError, "used", with_field(good, "used", True)
        yield ValueError, "read_buffer", with_field(good, "read_buffer",
                                                    bytes(9))
        yield TypeError, "read_buffer", with_field(good, "read_buffer", 3)

    def test_state_is_the_position_only(self):
        """Two generators at one position report one state, whatever path
        drew (bulk, one at a time, numpy's Generator, a state set)."""
        key = bytes(range(32))
        a, b, c = (ChaCha8Rand(key=key) for _ in range(3))
        a.random_raw(130)
        for _ in range(130):
            b.ctypes.next_uint64(b.ctypes.state)
        np.random.Generator(c).integers(0, 2**32, 130, dtype=np.uint32)
        d = ChaCha8Rand(key=bytes(32))
        d.state = a.state
        assert a.state == b.state == c.state == d.state
        assert a.state["state"]["used"] == 6

    def test_state_survives_an_iteration_boundary(self):
        a = self.keyed()
        for n in (1, 122, 123, 124, 125, 247, 248, 249, 1000):
            b = ChaCha8Rand(key=bytes(32))
            b.state = a.state
            np.testing.assert_array_equal(a.random_raw(n), b.random_raw(n))

    def test_state_carries_the_read_buffer(self):
        a = self.keyed()
        a.random_bytes(3)
        state = a.state
        assert len(state["state"]["read_buffer"]) == 5
        b = ChaCha8Rand(key=bytes(32))
        b.state = state
        assert a.random_bytes(11) == b.random_bytes(11)
        replay(b, [{"op": "u64", "n": 2, "out": [
            f"{v:016x}" for v in a.random_raw(2)]}])
