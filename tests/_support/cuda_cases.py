"""Stream positions and sizes shared by the chacharand.cuda tests."""
import numpy as np

from chacharand import ChaCha8, ChaCha12, ChaCha20

FAMILIES = (ChaCha8, ChaCha12, ChaCha20)
KEY = bytes(range(7, 39))

# word_pos values: a block start, odd and mid-block words, the last words
# before the 2**32 block-counter carry (low counter word 0xFFFFFFFF), and
# the last words before the 64-bit counter wraps (word_pos near 2**68).
POSITIONS = (
    0,
    1,
    13,
    (2**32 - 1) * 16 + 11,
    (2**32 - 1) * 16 + 15,
    2**68 - 16 * 3 + 5,
    2**68 - 1,
)
# Element counts: one, under a block, odd, not whole blocks, several
# chunks of the twin's keystream fill (1024 elements).
SIZES = (1, 7, 15, 33, 1000, 2049)


def make(family, word_pos, stream=2**63 + 5):
    """A bit generator at a known key, stream and word position."""
    return family(key=KEY, stream=stream, word_pos=word_pos)


def words(family, word_pos, count, stream=2**63 + 5):
    """`count` keystream words from `word_pos`, as uint32 (the reference
    input of the counter-based transforms)."""
    data = make(family, word_pos, stream).random_bytes(4 * count)
    return np.frombuffer(data, dtype="<u4")
