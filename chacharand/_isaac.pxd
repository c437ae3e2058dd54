# The ISAAC and ISAAC-64 bit generators and their C states, for cimport.
# Draw through numpy's bitgen_t (the `capsule`, or `_bitgen`).
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from chacharand._base cimport KeyedBitGenerator

cdef extern from "isaac/isaac.h" nogil:
    ctypedef struct isaac_state:
        uint32_t mem[256]
        uint32_t rsl[256]
        uint32_t a, b, c
        uint32_t index


cdef extern from "isaac/isaac64.h" nogil:
    ctypedef struct isaac64_state:
        uint64_t mem[256]
        uint64_t rsl[256]
        uint64_t a, b, c
        uint32_t index
        uint32_t half_used


cdef class ISAAC(KeyedBitGenerator):
    cdef isaac_state *rng_state


cdef class ISAAC64(KeyedBitGenerator):
    cdef isaac64_state *rng_state
