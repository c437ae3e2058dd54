"""HC128, ISAAC and ISAAC64 against the designers' published output."""
import numpy as np
import pytest

from chacharand import HC128, ISAAC, ISAAC64

from _support.known_answers import case_id, published

pytestmark = pytest.mark.numpy_protocol


def words32(bitgen, n):
    gen = np.random.Generator(bitgen)
    return [f"{w:08x}" for w in gen.integers(0, 2**32, n, dtype=np.uint32)]


@pytest.mark.parametrize("vector", published("hc128"), ids=case_id)
def test_hc128_wu_vectors(vector):
    key = bytes.fromhex(vector["key_hex"] + vector["iv_hex"])
    assert key == bytes.fromhex(vector["rand_hc_seed_hex"])
    assert words32(HC128(key=key), 16) == vector["first_16_words"]
    want = vector["keystream_bytes_hex"]
    assert HC128(key=key).random_bytes(len(want) // 2).hex() == want


def block_order(words, rank):
    """The printed blocks read as our generator reads them: last first.

    Jenkins prints randrsl[0..255] of each block; rand() and rand_isaac
    read randrsl[255] first.  `rank` words form a block.
    """
    out = []
    for start in range(0, len(words), rank):
        out.extend(reversed(words[start:start + rank]))
    return out


def test_isaac_randvect():
    """randvect.txt: all-zero seed, blocks 2 and 3 (block 1 is not printed)."""
    vector = published("isaac")["randvect"]
    bitgen = ISAAC(key=bytes(32))
    words = words32(bitgen, 768)
    assert words[256:] == block_order(vector["words_block2_then_block3"], 256)


def test_isaac_any_zero_key_length_is_the_zero_key():
    a = ISAAC(key=b"").random_raw(300)
    np.testing.assert_array_equal(a, ISAAC(key=bytes(1024)).random_raw(300))


def test_isaac_randseed_long_key():
    """randseed.txt: a 36-byte text seed, longer than rand_isaac's 32."""
    vector = published("isaac")["randseed"]
    key = vector["seed_ascii"].encode("ascii")
    assert len(key) == 36
    assert words32(ISAAC(key=key), 2560) == vector["first_2560_rand"]


def test_isaac64_zero_seed():
    vector = published("isaac64")
    raw = ISAAC64(key=bytes(32)).random_raw(768)
    words = [f"{w:016x}" for w in raw]
    assert words[256:] == block_order(vector["words_block2_then_block3"], 256)


def test_isaac64_halves_rule():
    """u32,u32,u64,u32,u64 = lo(w0), hi(w0), w1, lo(w2), w3."""
    w = ISAAC64(key=bytes(range(32))).random_raw(4)
    bitgen = ISAAC64(key=bytes(range(32)))
    gen = np.random.Generator(bitgen)

    def u32():
        return int(gen.integers(0, 2**32, dtype=np.uint32))

    lo, hi = int(w[0]) & 0xFFFFFFFF, int(w[0]) >> 32
    assert (u32(), u32()) == (lo, hi)
    assert bitgen.random_raw() == w[1]
    assert u32() == int(w[2]) & 0xFFFFFFFF
    assert bitgen.random_raw() == w[3]


def test_isaac64_state_keeps_a_pending_half():
    bitgen = ISAAC64(3)
    gen = np.random.Generator(bitgen)
    gen.integers(0, 2**32, dtype=np.uint32)
    state = bitgen.state
    assert state["state"]["half_used"] == 1
    twin = ISAAC64(4)
    twin.state = state
    a = np.random.Generator(twin).integers(0, 2**32, 5, dtype=np.uint32)
    b = gen.integers(0, 2**32, 5, dtype=np.uint32)
    np.testing.assert_array_equal(a, b)
