# The HC-128 bit generator and its C state, for cimport.  Draw through
# numpy's bitgen_t (the `capsule`, or `_bitgen` of a cimported HC128).
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from chacharand._base cimport KeyedBitGenerator

cdef extern from "hc128/hc128.h" nogil:
    enum:
        HC128_TABLE_WORDS
        HC128_BLOCK_WORDS

    ctypedef struct hc128_state:
        uint32_t p[HC128_TABLE_WORDS]
        uint32_t q[HC128_TABLE_WORDS]
        uint32_t buffer[HC128_BLOCK_WORDS]
        uint32_t counter
        uint32_t index


cdef class HC128(KeyedBitGenerator):
    cdef hc128_state *rng_state
