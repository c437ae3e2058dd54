# The HC-128 bit generator and its C state, for cimport.  Draw through
# numpy's bitgen_t (the `capsule`, or `_bitgen` of a cimported HC128).
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from chacharand._base cimport KeyedBitGenerator

cdef extern from "hc128/hc128.h" nogil:
    ctypedef struct hc128_state:
        uint32_t p[512]
        uint32_t q[512]
        uint32_t buffer[16]
        uint32_t counter
        uint32_t index


cdef class HC128(KeyedBitGenerator):
    cdef hc128_state *rng_state
