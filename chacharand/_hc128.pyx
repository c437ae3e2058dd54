#cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The HC-128 bit generator: a shell over ``_core/hc128``."""
import inspect

import numpy as np

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from chacharand._base cimport (KeyedBitGenerator, check_layout, cr_wipe,
                               crg_table, state_words)
from chacharand._registry import family
from chacharand._validation import state_fields, table_state

# The C core, linked into this module only: other packages draw through
# numpy's bitgen_t in the generator's capsule.
cdef extern from "hc128/hc128.h" nogil:
    void hc128_init(hc128_state *s, const uint8_t *key)
    int hc128_state_is_valid(const hc128_state *s)
    uint32_t hc128_next_uint32(hc128_state *s)
    uint64_t hc128_next_uint64(hc128_state *s)
    double hc128_next_double(hc128_state *s)

# HC-128's fills (_core/generator/gen_hc128.c).
cdef extern from *:
    """
    #include "generator/generator.h"
    CRG_DECLARE_TABLE(hc128);
    """
    const crg_table crg_hc128_table

__all__ = ["HC128"]

cdef dict STATE = family("HC128").state
cdef hc128_state _LAYOUT
check_layout("HC128", STATE, {"p": sizeof(_LAYOUT.p), "q": sizeof(_LAYOUT.q),
                              "buffer": sizeof(_LAYOUT.buffer)})


cdef uint64_t hc128_uint64(void *st) noexcept nogil:
    return hc128_next_uint64(<hc128_state *>st)

cdef uint32_t hc128_uint32(void *st) noexcept nogil:
    return hc128_next_uint32(<hc128_state *>st)

cdef double hc128_double(void *st) noexcept nogil:
    return hc128_next_double(<hc128_state *>st)


cdef class HC128(KeyedBitGenerator):
    """HC-128 (Wu, eSTREAM portfolio) as a NumPy bit generator.

    Parameters
    ----------
    seed : None, int, array_like[ints], SeedSequence, optional
        Seeds the 128-bit key and 128-bit IV (256 bits) through a
        SeedSequence, as for NumPy's bit generators.  None draws 256 bits
        of OS entropy.  Cannot be given with `key`.
    key : bytes, bytearray or a buffer of 1-byte items (uint8), optional
        Exactly 32 bytes: the 16-byte key followed by the 16-byte IV, as
        Rust rand_hc's ``Hc128Rng::from_seed(key)``.  Cannot be given with
        `seed`.

    Notes
    -----
    The output is the HC-128 keystream as 32-bit words (each word's bytes
    are little-endian in ``random_bytes``).  ``next_uint32`` takes one
    word, ``next_uint64`` two (the earlier is the low half),
    ``next_double`` the top 53 bits of ``next_uint64``.  With the same key
    the output equals Wu's reference and rand_hc 0.3.

    HC-128 cannot seek, so it has no ``advance`` or ``jumped``.  For
    parallel streams use :meth:`spawn` (children of the SeedSequence, with
    independent keys).  The C tables are wiped from memory (Python copies such as ``state``
    are not: see the security page) when the
    generator is freed or re-keyed.

    Examples
    --------
    >>> import numpy as np
    >>> from chacharand import HC128
    >>> rng = np.random.Generator(HC128(12345))
    >>> workers = [np.random.Generator(g) for g in HC128(7).spawn(4)]
    """

    # What inspect.signature and help() show: the class's own parameters,
    # not numpy's BitGenerator(seed=None).
    __signature__ = inspect.signature(lambda seed=None, *, key=None: None)

    def __cinit__(self, *args, **kwargs):
        self._allocate_state(sizeof(hc128_state))
        self.rng_state = <hc128_state *>self._state

    def __init__(self, seed=None, *, key=None):
        key = self._key_from_seed(seed, key)
        hc128_init(self.rng_state, <const uint8_t *><bytes>key)
        self._wire(&hc128_uint64, &hc128_uint32, &hc128_double,
                   &crg_hc128_table)

    @property
    def state(self):
        """The generator's state as a dict.

        ``{'bit_generator': 'HC128', 'state': {'p', 'q': uint32[512],
        'buffer': uint32[16], 'counter': int, 'index': int}}``: the tables,
        the block of output being read and the position in it.  The words
        of ``buffer`` already read are zeros: the state depends on the
        position only, and holds no output already drawn.
        """
        cdef hc128_state *s = self.rng_state
        with self.lock:
            return {
                "bit_generator": "HC128",
                "state": {
                    "p": state_words(s.p, sizeof(s.p), "uint32", 0),
                    "q": state_words(s.q, sizeof(s.q), "uint32", 0),
                    "buffer": state_words(s.buffer, sizeof(s.buffer),
                                          "uint32", s.index),
                    "counter": s.counter,
                    "index": s.index,
                },
            }

    @state.setter
    def state(self, value):
        fields = table_state(state_fields(value, "HC128", STATE), STATE)
        cdef hc128_state scratch
        cdef uint32_t[::1] p = fields["p"], q = fields["q"]
        cdef uint32_t[::1] buffer = fields["buffer"]
        memcpy(scratch.p, &p[0], sizeof(scratch.p))
        memcpy(scratch.q, &q[0], sizeof(scratch.q))
        memcpy(scratch.buffer, &buffer[0], sizeof(scratch.buffer))
        scratch.counter = fields["counter"]
        scratch.index = fields["index"]
        valid = hc128_state_is_valid(&scratch)
        if valid:
            with self.lock:
                memcpy(self.rng_state, &scratch, sizeof(scratch))
        cr_wipe(&scratch, sizeof(scratch))
        if not valid:
            raise ValueError(
                "state['state'] is not a reachable HC128 state: 'counter' "
                "must be a multiple of 16 below 1024 and 'index' at most 16")
