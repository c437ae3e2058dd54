# The shared shell of every chacharand bit generator: state memory, seeding,
# bulk output under the lock, spawning.  Subclasses supply the algorithm.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from numpy.random cimport BitGenerator


cdef class KeyedBitGenerator(BitGenerator):
    cdef void *_allocation
    cdef void *_state
    cdef size_t _state_size

    cdef int _allocate_state(self, size_t size) except -1
    cdef bytes _key_from_seed(self, object seed, object key,
                              size_t key_bytes, bint key_exact,
                              object seed_dtype, size_t seed_words)
    cdef void _wire(self, uint64_t (*next_uint64)(void *) noexcept nogil,
                    uint32_t (*next_uint32)(void *) noexcept nogil,
                    double (*next_double)(void *) noexcept nogil)
    cdef void _fill_uint64(self, uint64_t *out, size_t n) noexcept nogil
    cdef void _fill_bytes(self, uint8_t *out, size_t n) noexcept nogil
