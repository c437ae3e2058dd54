# Declarations of the ISAAC and ISAAC-64 C cores and bit generators.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from chacharand._base cimport KeyedBitGenerator

cdef extern from "isaac/isaac.h" nogil:
    ctypedef struct isaac_state:
        uint32_t mem[256]
        uint32_t rsl[256]
        uint32_t a, b, c
        uint32_t index

    int isaac_init(isaac_state *s, const uint8_t *key, size_t keylen)
    int isaac_state_is_valid(const isaac_state *s)
    void isaac_fill_uint64(isaac_state *s, uint64_t *out, size_t n)
    void isaac_fill_bytes(isaac_state *s, uint8_t *out, size_t nbytes)
    uint32_t isaac_next_uint32(isaac_state *s)
    uint64_t isaac_next_uint64(isaac_state *s)
    double isaac_next_double(isaac_state *s)

cdef extern from "isaac/isaac64.h" nogil:
    ctypedef struct isaac64_state:
        uint64_t mem[256]
        uint64_t rsl[256]
        uint64_t a, b, c
        uint32_t index
        uint32_t half_used

    int isaac64_init(isaac64_state *s, const uint8_t *key, size_t keylen)
    int isaac64_state_is_valid(const isaac64_state *s)
    void isaac64_fill_uint64(isaac64_state *s, uint64_t *out, size_t n)
    void isaac64_fill_bytes(isaac64_state *s, uint8_t *out, size_t nbytes)
    uint32_t isaac64_next_uint32(isaac64_state *s)
    uint64_t isaac64_next_uint64(isaac64_state *s)
    double isaac64_next_double(isaac64_state *s)


cdef class ISAAC(KeyedBitGenerator):
    cdef isaac_state *rng_state


cdef class ISAAC64(KeyedBitGenerator):
    cdef isaac64_state *rng_state
