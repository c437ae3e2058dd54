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
                              object stream=*)
    cdef void _wire(self, uint64_t (*next_uint64)(void *) noexcept nogil,
                    uint32_t (*next_uint32)(void *) noexcept nogil,
                    double (*next_double)(void *) noexcept nogil)
    # The algorithm's bulk output; called without the GIL, lock held.
    cdef void _fill_uint64(self, uint64_t *out, size_t n) noexcept nogil
    cdef void _fill_bytes(self, uint8_t *out, size_t n) noexcept nogil

    # Interruptible bulk work; the caller holds the lock.
    cdef void *_snapshot(self) except NULL
    cdef void _drop_snapshot(self, void *copy, bint restore) noexcept
    cdef int _fill_locked(self, void *out, size_t n, bint words) except -1
    cdef int _discard_locked(self, object count) except -1
