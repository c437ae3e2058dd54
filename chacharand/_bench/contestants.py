"""Who ``chacharand bench`` times: the rows of the table.

chacharand's families (from the registry; those with SIMD kernels once
more per backend), numpy's PCG64 (the baseline of every ratio),
SFC64 and Philox, and, when their packages are installed, OpenSSL's
ChaCha20 (through ``cryptography``) and randomgen's ChaCha and HC128.  The
optional packages are imported only here, inside the functions that need
them, and by name (importlib), so that type checkers of the installed
package do not need them either.

chacharand's own :class:`chacharand.Generator` has rows of its own over
each family (``generator=``), in the Generator columns only (``only=``).
"""
import importlib

import numpy as np

from chacharand import Generator, chacha_backends, default_chacha_backend
from chacharand._registry import FAMILIES

SEED = 12345
BASELINE = "PCG64"
OPENSSL = "OpenSSL ChaCha20"


class Contestant:
    """One row: how to make its generator, and what it is.

    ``make()`` returns a fresh bit generator seeded with :data:`SEED`;
    ``generator`` wraps it for the Generator columns.  ``custom`` maps an
    operation name to its own ``prepare(size)`` (OpenSSL, which is no bit
    generator, has only those); ``raw_out`` says ``random_raw(out=)``
    exists; ``keystream`` that the output is a cipher's keystream;
    ``only`` limits the row to the named operations.
    """

    def __init__(self, name, family, algorithm, make, *, backend=None,
                 default_backend=None, keystream=False, raw_out=False,
                 generator=np.random.Generator, custom=None, only=None):
        self.name = name
        self.family = family
        self.algorithm = algorithm
        self.make = make
        self.backend = backend
        self.default_backend = default_backend
        self.keystream = keystream
        self.raw_out = raw_out
        self.generator = generator
        self.custom = custom
        self.only = only

    def prepare(self, op, size):
        """The timed call of operation `op` at `size` values, or None."""
        if self.only is not None and op.name not in self.only:
            return None
        if self.custom is not None:
            own = self.custom.get(op.name)
            return own(size) if own else None
        return op.prepare(self, size)

    def describe(self):
        return {
            "name": self.name,
            "family": self.family,
            "algorithm": self.algorithm,
            "backend": self.backend,
            "default_backend": self.default_backend,
            "keystream": self.keystream,
            "generator": f"{self.generator.__module__}."
                         f"{self.generator.__name__}",
        }


def _chacharand() -> list["Contestant"]:
    default = default_chacha_backend()
    out = []
    for fam in FAMILIES:
        backends: list[str | None] = [None]   # None: the default
        kernels = fam.simd_kernels   # SIMD kernels to pick
        if kernels:
            backends += [b for b in chacha_backends() if b != default]
        for backend in backends:
            def make(cls=fam.cls, backend=backend):
                bitgen = cls(SEED)
                if backend is not None:
                    bitgen.backend = backend
                return bitgen
            name = fam.name if backend is None else f"{fam.name}[{backend}]"
            used = (backend or default) if kernels else None
            out.append(Contestant(
                name, "chacharand", fam.name, make, backend=used,
                default_backend=backend is None if kernels else None,
                keystream=kernels, raw_out=True))
    return out


#: The Generator methods chacharand.Generator draws in C, timed on its rows.
GENERATOR_OPERATIONS = ("random", "standard_normal", "integers")


def _chacharand_generator():
    """chacharand.Generator over each family (its default backend)."""
    return [Contestant(f"{fam.name} Generator", "chacharand.Generator",
                       fam.name, lambda cls=fam.cls: cls(SEED),
                       generator=Generator, only=GENERATOR_OPERATIONS)
            for fam in FAMILIES]


def _numpy():
    return [Contestant(cls.__name__, "numpy", cls.__name__,
                       lambda cls=cls: cls(SEED))
            for cls in (np.random.PCG64, np.random.SFC64, np.random.Philox)]


def _openssl(notes, extra):
    """OpenSSL's ChaCha20 keystream: the encryption of zeros.

    Its "random_raw_into" is ``update_into`` a buffer made once (no time
    goes to allocating and first touching new memory, as chacharand's
    ``random_raw(out=buffer)``); its "random_bytes" returns new ``bytes``
    each call, as ``random_bytes`` does.
    """
    try:
        cryptography = importlib.import_module("cryptography")
        ciphers = importlib.import_module(
            "cryptography.hazmat.primitives.ciphers")
    except ImportError as exc:
        notes.append(f"OpenSSL ChaCha20 skipped: cryptography is not "
                     f"installed ({exc})")
        return []
    key = bytes(range(32))
    nonce = bytes(16)     # 32-bit block counter, then a 96-bit nonce

    def encryptor():
        return ciphers.Cipher(ciphers.algorithms.ChaCha20(key, nonce),
                              mode=None).encryptor()

    def new_bytes(size):
        enc, zeros = encryptor(), bytes(8 * size)
        return (lambda: enc.update(zeros)), "Cipher.update(zeros)"

    def into_buffer(size):
        enc, zeros = encryptor(), bytes(8 * size)
        # update_into wants room for a block beyond the data.
        buf = np.empty(size + 8, dtype=np.uint64).data.cast("B")
        return ((lambda: enc.update_into(zeros, buf)),
                "Cipher.update_into(zeros, buffer)")

    try:
        openssl = importlib.import_module(
            "cryptography.hazmat.backends.openssl").backend \
            .openssl_version_text()
    except Exception:  # depends on how cryptography was built
        openssl = "unknown"
    extra.update(cryptography=cryptography.__version__, openssl=openssl)
    return [Contestant(OPENSSL, "openssl", "ChaCha20", encryptor,
                       keystream=True,
                       custom={"random_raw_into": into_buffer,
                               "random_bytes": new_bytes})]


def _randomgen(notes, extra):
    try:
        randomgen = importlib.import_module("randomgen")
    except ImportError as exc:
        notes.append(f"randomgen skipped: randomgen is not installed ({exc})")
        extra["randomgen"] = None
        return []
    extra["randomgen"] = randomgen.__version__
    out = [Contestant(f"randomgen ChaCha{rounds}", "randomgen",
                      f"ChaCha{rounds}",
                      lambda rounds=rounds: randomgen.ChaCha(SEED,
                                                             rounds=rounds),
                      keystream=True)
           for rounds in (8, 12, 20)]
    out.append(Contestant("randomgen HC128", "randomgen", "HC128",
                          lambda: randomgen.HC128(SEED)))
    return out


def contestants(notes, extra):
    """Every row of a run, in table order.

    What is skipped is said in `notes`; the versions of the optional
    packages go to `extra` (the machine description).
    """
    return (_chacharand() + _chacharand_generator() + _numpy()
            + _openssl(notes, extra)
            + _randomgen(notes, extra))
