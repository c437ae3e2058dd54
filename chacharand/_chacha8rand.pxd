# The ChaCha8Rand bit generator (Go's math/rand/v2.ChaCha8) and its C
# state, for cimport.  Draw through numpy's bitgen_t (the `capsule`, or
# `_bitgen` of a cimported ChaCha8Rand).
from libc.stdint cimport uint8_t, uint32_t

from chacharand._base cimport KeyedBitGenerator

cdef extern from "chacha/chacha_kernels.h" nogil:
    ctypedef void (*chacha8rand_blocks_fn)(const uint32_t *input,
                                           uint8_t *out)

cdef extern from "chacha8rand/chacha8rand.h" nogil:
    ctypedef struct chacha8rand_state:
        uint8_t buffer[1024]
        uint8_t key[32]
        uint32_t used
        uint32_t read_len
        uint8_t read_buf[8]
        chacha8rand_blocks_fn blocks


cdef class ChaCha8Rand(KeyedBitGenerator):
    cdef chacha8rand_state *rng_state
    cdef int _backend

    # The state as (key, used, pending read bytes), and set from them; the
    # caller holds the lock.
    cdef tuple _get(self)
    cdef _set(self, bytes key, object used, bytes pending)
