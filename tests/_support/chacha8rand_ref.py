"""ChaCha8Rand in pure Python, written from the C2SP chacha8rand spec.

An independent reference for chacharand.ChaCha8Rand: the ChaCha8 block
function from Bernstein's definition, then the spec's steps as the spec
writes them -- the standard keystream of sixteen blocks, the constants and
the counter subtracted again, the bytes permuted in groups of four blocks,
the last 32 bytes of each iteration taken as the next key.  Slow (a few
milliseconds an iteration) and meant to be obviously right, not fast.
"""
import struct

MASK = 0xFFFFFFFF
CONSTANTS = (0x61707865, 0x3320646E, 0x79622D32, 0x6B206574)  # "expand 32-byte k"
ITERATION_BYTES = 1024
OUTPUT_BYTES = 992


def _rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & MASK


def _quarter_round(x, a, b, c, d):
    x[a] = (x[a] + x[b]) & MASK
    x[d] = _rotl(x[d] ^ x[a], 16)
    x[c] = (x[c] + x[d]) & MASK
    x[b] = _rotl(x[b] ^ x[c], 12)
    x[a] = (x[a] + x[b]) & MASK
    x[d] = _rotl(x[d] ^ x[a], 8)
    x[c] = (x[c] + x[d]) & MASK
    x[b] = _rotl(x[b] ^ x[c], 7)


def chacha8_block(key, counter):
    """The standard ChaCha8 block: 64 bytes, 64-bit counter, zero nonce."""
    words = list(CONSTANTS) + list(struct.unpack("<8I", key)) + [
        counter & MASK, counter >> 32, 0, 0]
    x = list(words)
    for _ in range(4):  # 8 rounds: 4 double rounds
        _quarter_round(x, 0, 4, 8, 12)
        _quarter_round(x, 1, 5, 9, 13)
        _quarter_round(x, 2, 6, 10, 14)
        _quarter_round(x, 3, 7, 11, 15)
        _quarter_round(x, 0, 5, 10, 15)
        _quarter_round(x, 1, 6, 11, 12)
        _quarter_round(x, 2, 7, 8, 13)
        _quarter_round(x, 3, 4, 9, 14)
    return struct.pack("<16I", *((a + b) & MASK for a, b in zip(x, words)))


def iteration(key):
    """(992 output bytes, next key) of one iteration from a 32-byte key."""
    stream = bytearray(b"".join(chacha8_block(key, i) for i in range(16)))
    for i in range(16):  # for each block
        words = list(struct.unpack_from("<16I", stream, 64 * i))
        for j in range(4):
            words[j] = (words[j] - CONSTANTS[j]) & MASK
        words[12] = (words[12] - i) & MASK
        struct.pack_into("<16I", stream, 64 * i, *words)
    output = bytearray()
    for group in range(0, 16, 4):  # each sequence of four blocks
        base = 64 * group
        for i in range(0, 64, 4):  # each four bytes of a block
            for b in range(4):
                output += stream[base + 64 * b + i:base + 64 * b + i + 4]
    return bytes(output[:OUTPUT_BYTES]), bytes(output[OUTPUT_BYTES:])


def output_bytes(key, n_iterations):
    """The first `n_iterations` * 992 bytes of output."""
    out = []
    for _ in range(n_iterations):
        chunk, key = iteration(key)
        out.append(chunk)
    return b"".join(out)


def uint64s(key, n_iterations):
    """The output as little-endian uint64 values (Go's Uint64)."""
    data = output_bytes(key, n_iterations)
    return list(struct.unpack(f"<{len(data) // 8}Q", data))
