"""The numpy-style conformance suite, run for ChaCha8, ChaCha12, ChaCha20."""
import pytest
from chacharand import ChaCha8, ChaCha12, ChaCha20

from _support.conformance import Conformance

pytestmark = pytest.mark.numpy_protocol


class ChaChaConformance(Conformance):
    rust_file = "rand_chacha.json"
    key_length = 32
    key_exact = True
    state_fields = ("key", "stream", "word_pos")
    state_bytes = 1088  # keystream buffer and input words, key included

    def bad_state_values(self):
        good = self.keyed().state
        inner = good["state"]
        for field, value, exc in [
            ("key", bytes(31), ValueError),
            ("key", "k" * 32, TypeError),
            ("stream", -1, ValueError),
            ("stream", 2**64, ValueError),
            ("stream", 1.0, TypeError),
            ("word_pos", -1, ValueError),
            ("word_pos", 2**68, ValueError),
            ("word_pos", "0", TypeError),
        ]:
            yield exc, field, {**good, "state": {**inner, field: value}}


class TestChaCha8(ChaChaConformance):
    bit_generator = ChaCha8
    algorithm = "ChaCha8"


class TestChaCha12(ChaChaConformance):
    bit_generator = ChaCha12
    algorithm = "ChaCha12"


class TestChaCha20(ChaChaConformance):
    bit_generator = ChaCha20
    algorithm = "ChaCha20"
