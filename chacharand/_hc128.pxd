# Declarations of the HC-128 C core and bit generator, for cimport.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from chacharand._base cimport KeyedBitGenerator

cdef extern from "hc128/hc128.h" nogil:
    ctypedef struct hc128_state:
        uint32_t p[512]
        uint32_t q[512]
        uint32_t buffer[16]
        uint32_t counter
        uint32_t index

    void hc128_init(hc128_state *s, const uint8_t *key)
    int hc128_state_is_valid(const hc128_state *s)
    void hc128_fill_uint64(hc128_state *s, uint64_t *out, size_t n)
    void hc128_fill_bytes(hc128_state *s, uint8_t *out, size_t nbytes)
    uint32_t hc128_next_uint32(hc128_state *s)
    uint64_t hc128_next_uint64(hc128_state *s)
    double hc128_next_double(hc128_state *s)


cdef class HC128(KeyedBitGenerator):
    cdef hc128_state *rng_state
