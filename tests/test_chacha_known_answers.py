"""ChaCha output against published vectors and rand_chacha's output."""
import numpy as np
import pytest

from chacharand import ChaCha8, ChaCha12, ChaCha20

from _support.known_answers import case_id, chacha_vectors, rust_cases
from _support.replay import replay

pytestmark = pytest.mark.numpy_protocol

BY_ROUNDS = {8: ChaCha8, 12: ChaCha12, 20: ChaCha20}
BY_NAME = {cls.__name__: cls for cls in BY_ROUNDS.values()}


@pytest.mark.parametrize("vector", chacha_vectors(), ids=case_id)
def test_published_keystream(vector):
    """RFC 8439 and draft-strombergson blocks, through key/stream/word_pos."""
    where = vector["rand_chacha_equivalent"]
    bitgen = BY_ROUNDS[vector["rounds"]](
        key=bytes.fromhex(where["seed_hex"]),
        stream=int(where["set_stream"]),
        word_pos=int(where["set_word_pos"]),
    )
    want = vector["keystream_hex"]
    assert bitgen.random_bytes(len(want) // 2).hex() == want


@pytest.mark.parametrize("vector", chacha_vectors(), ids=case_id)
def test_published_layout_equivalence(vector):
    """The vectors' nonce/counter map onto our stream and word position."""
    djb = vector["djb_layout_equivalent"]
    where = vector["rand_chacha_equivalent"]
    assert int(where["set_stream"]) == int(djb["stream64"])
    assert int(where["set_word_pos"]) == 16 * int(djb["counter64"])


def test_rfc8439_block_as_words():
    """RFC 8439 2.3.2: the serialized block read as 32-bit words."""
    vector = next(v for v in chacha_vectors() if v["id"] == "RFC8439-2.3.2")
    where = vector["rand_chacha_equivalent"]
    bitgen = ChaCha20(key=bytes.fromhex(where["seed_hex"]),
                      stream=int(where["set_stream"]),
                      word_pos=int(where["set_word_pos"]))
    words = np.random.Generator(bitgen).integers(0, 2**32, size=16,
                                                 dtype=np.uint32)
    assert [f"{w:08x}" for w in words] == vector["final_state"]


@pytest.mark.parametrize("case", rust_cases("rand_chacha.json"), ids=case_id)
def test_rand_chacha_sequences(case):
    cls = BY_NAME[case["algorithm"]]
    bitgen = cls(key=bytes.fromhex(case["key_hex"]),
                 stream=int(case["stream"]), word_pos=int(case["word_pos"]))
    replay(bitgen, case["ops"])
