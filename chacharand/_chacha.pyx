#cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""ChaCha8, ChaCha12 and ChaCha20 bit generators.

A thin shell over the C core in ``_core/chacha``: it converts and checks
Python values, wires NumPy's ``bitgen_t`` to the inline C hot path, and keeps
the state (key, stream, word position) in a form that moves between
machines.
"""
import inspect

import numpy as np

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from chacharand._base cimport KeyedBitGenerator, cr_wipe, crg_table
from chacharand._chacha_backends cimport (
    CHACHA_BACKEND_PORTABLE, backend_id, backend_name, default_backend_id)

# The cold path of the C core, linked into this module only.
cdef extern from "chacha/chacha.h" nogil:
    void chacha_init(chacha_state *s, const uint8_t *key, uint64_t stream,
                     int rounds, chacha_blocks_fn blocks)
    void chacha_set_kernel(chacha_state *s, chacha_blocks_fn blocks)
    void chacha_seek(chacha_state *s, uint64_t block, unsigned word_in_block)
    void chacha_tell(const chacha_state *s, uint64_t *block,
                     unsigned *word_in_block)
    void chacha_set_stream(chacha_state *s, uint64_t stream)
    uint64_t chacha_get_stream(const chacha_state *s)
    void chacha_get_key(const chacha_state *s, uint8_t *key)

cdef extern from "chacha/chacha_dispatch.h" nogil:
    chacha_blocks_fn chacha_backend_kernel(int id, int rounds)

# ChaCha's fills (_core/generator/gen_chacha.c).
cdef extern from *:
    """
    #include "generator/generator.h"
    CRG_DECLARE_TABLE(chacha);
    """
    const crg_table crg_chacha_table

from chacharand._docstrings import SEED, WORDS32
from chacharand._registry import family
from chacharand._validation import (as_bounded_int, as_int, as_key_bytes,
                                    state_fields)

__all__ = ["ChaCha8", "ChaCha12", "ChaCha20"]

# The three classes share one state layout (the registry's, written once).
cdef dict STATE = family("ChaCha20").state
cdef object STREAM_LIMIT = STATE["stream"].limit
cdef object WORD_POS_LIMIT = STATE["word_pos"].limit
if STATE["key"].length != CHACHA_KEY_BYTES:
    raise ImportError("chacharand's registry and C core disagree on the "
                      "ChaCha key size: the build is inconsistent")

# ---- backends (named and chosen in _chacha_backends) ----------------------

cdef chacha_blocks_fn _kernel(int backend, object cls) except NULL:
    """The kernel of `backend` for `cls`'s round count, or a clear error."""
    rounds = getattr(cls, "_ROUNDS", 0)
    cdef chacha_blocks_fn kernel = NULL
    if isinstance(rounds, int) and rounds in (8, 12, 20):
        kernel = chacha_backend_kernel(backend, rounds)
    if kernel == NULL:
        if cls is ChaChaBitGenerator:
            raise TypeError(
                "ChaChaBitGenerator is abstract: use ChaCha8, ChaCha12 or "
                "ChaCha20")
        raise TypeError(
            f"{cls.__name__} has _ROUNDS = {rounds!r}, but ChaCha kernels "
            "exist for 8, 12 and 20 rounds only")
    return kernel


# ---- bitgen_t callbacks -----------------------------------------------------

cdef uint64_t chacha_uint64(void *st) noexcept nogil:
    return chacha_next_uint64(<chacha_state *>st)

cdef uint32_t chacha_uint32(void *st) noexcept nogil:
    return chacha_next_uint32(<chacha_state *>st)

cdef double chacha_double(void *st) noexcept nogil:
    return chacha_next_double(<chacha_state *>st)


cdef class ChaChaBitGenerator(KeyedBitGenerator):
    """Shared implementation of ChaCha8, ChaCha12 and ChaCha20.

    Not for direct use: the subclasses fix the round count.
    """
    _ROUNDS = 0
    # What inspect.signature and help() show: the class's own parameters,
    # not numpy's BitGenerator(seed=None).
    __signature__ = inspect.signature(lambda seed=None, *, key=None, stream=0, word_pos=0: None)


    def __cinit__(self, *args, **kwargs):
        cdef uint8_t zero_key[CHACHA_KEY_BYTES]
        self._allocate_state(sizeof(chacha_state))
        self.rng_state = <chacha_state *>self._state
        # A valid state from the start (zero key, portable kernel), so no
        # path ever reaches a NULL kernel, even if __init__ is skipped.
        memset(zero_key, 0, CHACHA_KEY_BYTES)
        chacha_init(self.rng_state, zero_key, 0, 20,
                    chacha_backend_kernel(CHACHA_BACKEND_PORTABLE, 20))
        self._backend = CHACHA_BACKEND_PORTABLE

    def __init__(self, seed=None, *, key=None, stream=0, word_pos=0):
        backend = default_backend_id()
        _kernel(backend, type(self))  # refuses a class without a kernel
        stream = as_bounded_int(stream, "stream", STREAM_LIMIT)
        word_pos = as_bounded_int(word_pos, "word_pos", WORD_POS_LIMIT)
        key = self._key_from_seed(seed, key, stream)
        self._backend = backend
        self._rekey(key, stream, word_pos)
        self._wire(&chacha_uint64, &chacha_uint32, &chacha_double,
                   &crg_chacha_table)

    cdef int _discard_locked(self, object count) except -1:
        # Seeking is O(1): a 64-bit draw is two words.
        self._seek((self._tell() + 2 * count) % WORD_POS_LIMIT)
        return 0

    # ---- state primitives: Python ints in, checked by the callers; the ---
    # ---- caller holds the lock -------------------------------------------

    cdef _rekey(self, bytes key, object stream, object word_pos):
        chacha_init(self.rng_state, <const uint8_t *>key, <uint64_t>stream,
                    self._ROUNDS, _kernel(self._backend, type(self)))
        self._seek(word_pos)

    cdef _seek(self, object word_pos):
        chacha_seek(self.rng_state, <uint64_t>(word_pos >> 4),
                    <unsigned>(word_pos & 15))

    cdef object _tell(self):
        cdef uint64_t block
        cdef unsigned word
        chacha_tell(self.rng_state, &block, &word)
        return (<object>block) * CHACHA_BLOCK_WORDS + word

    cdef bytes _get_key(self):
        cdef uint8_t buf[CHACHA_KEY_BYTES]
        chacha_get_key(self.rng_state, buf)
        key = (<char *>buf)[:CHACHA_KEY_BYTES]
        cr_wipe(buf, CHACHA_KEY_BYTES)
        return key

    # ---- public API ------------------------------------------------------

    @property
    def rounds(self):
        """Number of ChaCha rounds (8, 12 or 20)."""
        return self._ROUNDS

    @property
    def key(self):
        """The 32-byte ChaCha key (state words 4-11, little-endian)."""
        with self.lock:
            return self._get_key()

    @property
    def stream(self):
        """The 64-bit stream id (state words 14-15).

        Setting it keeps the word position, as rand_chacha's
        ``set_stream`` does.
        """
        with self.lock:
            return chacha_get_stream(self.rng_state)

    @stream.setter
    def stream(self, value):
        value = as_bounded_int(value, "stream", STREAM_LIMIT)
        with self.lock:
            chacha_set_stream(self.rng_state, <uint64_t>value)

    @property
    def word_pos(self):
        """Position in the stream, in 32-bit words, in [0, 2**68)."""
        with self.lock:
            return self._tell()

    @word_pos.setter
    def word_pos(self, value):
        value = as_bounded_int(value, "word_pos", WORD_POS_LIMIT)
        with self.lock:
            self._seek(value)

    @property
    def backend(self):
        """Name of the kernel that fills this generator's buffer.

        Any name from :func:`chacha_backends` may be set; the stream does
        not depend on it.
        """
        with self.lock:
            backend = self._backend
        return backend_name(backend)

    @backend.setter
    def backend(self, name):
        cdef int backend = backend_id(name)
        cdef chacha_blocks_fn kernel = _kernel(backend, type(self))
        with self.lock:
            self._backend = backend
            chacha_set_kernel(self.rng_state, kernel)

    def advance(self, delta):
        """Move as if `delta` 64-bit values had been drawn.

        Costs O(1) for any `delta`: the word position moves by ``2*delta``
        modulo 2**68, so any integer works, negative ones included (they
        move back), as numpy's ``advance`` wraps around the period.

        Parameters
        ----------
        delta : int
            Number of 64-bit draws to skip.

        Returns
        -------
        self
        """
        delta = as_int(delta, "delta")
        with self.lock:
            self._seek((self._tell() + 2 * delta) % WORD_POS_LIMIT)
        return self

    def jumped(self, jumps=1):
        """A new generator on stream ``stream + jumps`` (mod 2**64).

        It has the same key and word position; `self` is unchanged.
        Distinct streams of one key never overlap, so ``jumped(i)`` for
        ``i = 1, 2, ...`` gives disjoint streams for parallel work.

        Parameters
        ----------
        jumps : int
            Streams to move forward; any integer, taken modulo 2**64.

        Returns
        -------
        ChaCha8, ChaCha12 or ChaCha20
            Of the same class as `self`.  Its SeedSequence is derived from
            its key and stream, so it can ``spawn``.
        """
        jumps = as_int(jumps, "jumps")
        with self.lock:
            key = self._get_key()
            stream = (chacha_get_stream(self.rng_state) + jumps) % STREAM_LIMIT
            word_pos = self._tell()
        return type(self)(key=key, stream=stream, word_pos=word_pos)

    @property
    def state(self):
        """The generator's state as a dict.

        ``{'bit_generator': name, 'state': {'key': bytes, 'stream': int,
        'word_pos': int}}``: what defines the stream, never a buffer, so a
        state moves between machines and backends.
        """
        with self.lock:
            return {
                "bit_generator": type(self).__name__,
                "state": {
                    "key": self._get_key(),
                    "stream": chacha_get_stream(self.rng_state),
                    "word_pos": self._tell(),
                },
            }

    @state.setter
    def state(self, value):
        # Everything is checked before anything changes: a rejected state
        # leaves the generator as it was.
        inner = state_fields(value, type(self).__name__, STATE)
        key = as_key_bytes(inner["key"], "state['state']['key']",
                           STATE["key"].length, exact=True)
        stream = as_bounded_int(inner["stream"], "state['state']['stream']",
                                STREAM_LIMIT)
        word_pos = as_bounded_int(inner["word_pos"],
                                  "state['state']['word_pos']",
                                  WORD_POS_LIMIT)
        with self.lock:
            self._rekey(key, stream, word_pos)

    def _repr_fields(self):
        with self.lock:
            stream = chacha_get_stream(self.rng_state)
            word_pos = self._tell()
        return f"stream={stream} word_pos={word_pos} backend={self.backend!r}"


_COMMON_DOC = """

    Parameters
    ----------
""" + SEED.format(what="the 256-bit key") + """
    key : bytes, bytearray or a buffer of 1-byte items (uint8), optional
        Exactly 32 bytes used as the ChaCha key, as Rust rand_chacha's
        ``from_seed(key)``.  Cannot be given with `seed`.
    stream : int, optional
        Stream id in [0, 2**64): state words 14-15.
    word_pos : int, optional
        Starting position in [0, 2**68), in 32-bit words (16 per block).

    Notes
    -----
    The output is the ChaCha keystream (Bernstein's layout: a 64-bit block
    counter in words 12-13, a 64-bit stream id in words 14-15) read as
    little-endian 32-bit words.  """ + WORDS32 + """  With the same key,
    stream and word position the output equals rand_chacha 0.3's
    ``ChaCha{rounds}Rng``.

    Each key has 2**64 streams of 2**68 words.  Streams never overlap:
    use :meth:`jumped` (or distinct ``stream`` values) for parallel work.
    The C state (key included) is wiped from memory when the generator is
    freed or re-keyed; copies Python holds (``key``, ``state``, pickles)
    are not: see the security page of the documentation.

    Examples
    --------
    >>> import numpy as np
    >>> from chacharand import {name}
    >>> rng = np.random.Generator({name}(12345))
    >>> x = rng.standard_normal(3)
    >>> workers = [{name}(7).jumped(i) for i in range(4)]
"""


def _chacha_doc(summary, rounds, name):
    return summary + _COMMON_DOC.replace("{rounds}", rounds).replace(
        "{name}", name)


class ChaCha8(ChaChaBitGenerator):
    __doc__ = _chacha_doc(
        "ChaCha with 8 rounds: the fastest member, for simulation.",
        "8", "ChaCha8")
    _ROUNDS = 8


class ChaCha12(ChaChaBitGenerator):
    __doc__ = _chacha_doc("ChaCha with 12 rounds.", "12", "ChaCha12")
    _ROUNDS = 12


class ChaCha20(ChaChaBitGenerator):
    __doc__ = _chacha_doc("ChaCha with 20 rounds, as in RFC 8439.", "20",
                          "ChaCha20")
    _ROUNDS = 20
