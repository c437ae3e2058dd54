# The ISAAC and ISAAC-64 bit generators and their C states, for cimport.
# Draw through numpy's bitgen_t (the `capsule`, or `_bitgen`).  ISAAC and
# ISAAC64 are subclasses of IsaacBitGenerator that fix the word width; its
# `rng_state` points to an isaac_state or an isaac64_state accordingly.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from chacharand._base cimport KeyedBitGenerator

cdef extern from "isaac/isaac.h" nogil:
    enum:
        ISAAC_WORDS

    ctypedef struct isaac_state:
        uint32_t mem[ISAAC_WORDS]
        uint32_t rsl[ISAAC_WORDS]
        uint32_t a, b, c
        uint32_t index


cdef extern from "isaac/isaac64.h" nogil:
    enum:
        ISAAC64_WORDS

    ctypedef struct isaac64_state:
        uint64_t mem[ISAAC64_WORDS]
        uint64_t rsl[ISAAC64_WORDS]
        uint64_t a, b, c
        uint32_t index
        uint32_t half_used


cdef class IsaacBitGenerator(KeyedBitGenerator):
    cdef void *rng_state
    cdef bint _wide     # ISAAC-64: rng_state is an isaac64_state
