"""asv benchmarks: chacharand's bit generators against numpy's and others.

Plain classes, importable with only numpy and chacharand (asv finds the
``time_*`` methods; ``params`` and ``param_names`` parametrize them).  A
benchmark whose ``setup`` raises ``NotImplementedError`` is skipped: that is
how the optional comparisons (OpenSSL through ``cryptography``, randomgen)
and the SIMD backends this CPU lacks are left out.

Sizes: ``SMALL`` values per call shows the per-call overhead, ``LARGE``
(2**20) the throughput.  ``random_bytes`` sizes are in bytes, 8 per value.
"""
import numpy as np

import chacharand
from chacharand._registry import FAMILIES

SEED = 12345
SMALL = 100
LARGE = 2**20
SIZES = [SMALL, LARGE]

#: name -> BitGenerator class, chacharand's first, then numpy's.
GENERATORS = {
    **{f.name: f.cls for f in FAMILIES},
    "PCG64": np.random.PCG64,
    "SFC64": np.random.SFC64,
    "Philox": np.random.Philox,
}
NAMES = list(GENERATORS)

#: Every ChaCha backend chacharand knows; the CPU may lack some (skipped).
BACKENDS = ["portable", "sse2", "avx2", "avx512", "neon"]


class Construction:
    """Constructing a seeded bit generator (key set-up, first block)."""

    params = [NAMES]
    param_names = ["generator"]

    def setup(self, name):
        self.cls = GENERATORS[name]

    def time_construct(self, name):
        self.cls(SEED)

    def time_construct_generator(self, name):
        np.random.Generator(self.cls(SEED))


class RandomRaw:
    """``BitGenerator.random_raw(n)``: the raw 64-bit output."""

    params = [NAMES, SIZES]
    param_names = ["generator", "n"]

    def setup(self, name, n):
        self.bitgen = GENERATORS[name](SEED)

    def time_random_raw(self, name, n):
        self.bitgen.random_raw(n)


class GeneratorMethods:
    """Distributions drawn through ``numpy.random.Generator``."""

    params = [NAMES, SIZES]
    param_names = ["generator", "n"]

    def setup(self, name, n):
        self.gen = np.random.Generator(GENERATORS[name](SEED))

    def time_random(self, name, n):
        self.gen.random(n)

    def time_standard_normal(self, name, n):
        self.gen.standard_normal(n)

    def time_integers(self, name, n):
        self.gen.integers(0, 1000, n)


class RandomBytes:
    """Bytes: ``BitGenerator.random_bytes`` where the generator has it
    (chacharand's), else ``Generator.bytes`` (numpy's)."""

    params = [NAMES, [8 * SMALL, 8 * LARGE]]
    param_names = ["generator", "nbytes"]

    def setup(self, name, nbytes):
        bitgen = GENERATORS[name](SEED)
        fill = getattr(bitgen, "random_bytes", None)
        self.fill = fill if fill is not None else \
            np.random.Generator(bitgen).bytes

    def time_random_bytes(self, name, nbytes):
        self.fill(nbytes)


class ChaChaBackends:
    """ChaCha8 and ChaCha20 on each SIMD backend this CPU has."""

    params = [["ChaCha8", "ChaCha20"], BACKENDS, SIZES]
    param_names = ["generator", "backend", "n"]

    def setup(self, name, backend, n):
        if backend not in chacharand.chacha_backends():
            raise NotImplementedError(f"backend {backend} not available")
        self.bitgen = GENERATORS[name](SEED)
        self.bitgen.backend = backend
        self.gen = np.random.Generator(self.bitgen)

    def time_random_raw(self, name, backend, n):
        self.bitgen.random_raw(n)

    def time_random_bytes(self, name, backend, n):
        self.bitgen.random_bytes(8 * n)

    def time_random(self, name, backend, n):
        self.gen.random(n)


class OpenSSLChaCha20:
    """OpenSSL's ChaCha20 keystream (the encryption of zeros) through
    ``cryptography``, for comparison with ``ChaCha20.random_bytes``."""

    params = [[8 * SMALL, 8 * LARGE]]
    param_names = ["nbytes"]

    def setup(self, nbytes):
        try:
            from cryptography.hazmat.primitives.ciphers import (
                Cipher,
                algorithms,
            )
        except ImportError:
            raise NotImplementedError("cryptography is not installed")
        self.encryptor = Cipher(algorithms.ChaCha20(bytes(range(32)),
                                                    bytes(16)),
                                mode=None).encryptor()
        self.zeros = bytes(nbytes)
        self.buffer = bytearray(nbytes + 64)   # room for a block beyond
        # The same amount of keystream from chacharand, in the same class so
        # the two sit side by side in asv's report.
        self.chacha20 = chacharand.ChaCha20(SEED)

    def time_keystream(self, nbytes):
        # A new bytes object per call, as random_bytes returns.
        self.encryptor.update(self.zeros)

    def time_keystream_into(self, nbytes):
        # OpenSSL's own throughput: no allocation, no first touch of pages.
        self.encryptor.update_into(self.zeros, self.buffer)

    def time_chacharand_chacha20(self, nbytes):
        self.chacha20.random_bytes(nbytes)


def _randomgen_factory(name):
    try:
        import randomgen
    except ImportError:
        raise NotImplementedError("randomgen is not installed")
    if name == "HC128":
        return lambda: randomgen.HC128(SEED)
    rounds = int(name[len("ChaCha"):])
    return lambda: randomgen.ChaCha(SEED, rounds=rounds)


class RandomGen:
    """randomgen's implementations of the same algorithms, for comparison
    with ``RandomRaw`` and ``GeneratorMethods`` above."""

    params = [["ChaCha8", "ChaCha12", "ChaCha20", "HC128"], SIZES]
    param_names = ["generator", "n"]

    def setup(self, name, n):
        self.bitgen = _randomgen_factory(name)()
        self.gen = np.random.Generator(self.bitgen)

    def time_random_raw(self, name, n):
        self.bitgen.random_raw(n)

    def time_random(self, name, n):
        self.gen.random(n)
