# Declarations of the ChaCha bit generators and their state, for other
# Cython packages to cimport (as numpy's bit_generator.pxd).
#
# The C headers are installed with the package: add chacharand.get_include()
# to the include path.  A generator's `rng_state` can be drawn from with the
# inline functions below, without the generator's Python methods and
# without linking to chacharand; hold the generator's `lock` while doing so.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from chacharand._base cimport KeyedBitGenerator

cdef extern from "chacha/chacha.h" nogil:
    enum:
        CHACHA_KEY_BYTES
        CHACHA_BLOCK_WORDS

    ctypedef void (*chacha_blocks_fn)(const uint32_t *input, uint8_t *out,
                                      size_t nblocks)

    ctypedef struct chacha_state:
        uint8_t buffer[1024]
        uint32_t input[16]
        uint32_t index
        int rounds
        chacha_blocks_fn blocks

    # The hot path is inline in the header and reaches the kernel through
    # the state, so it works from any package that includes the header.
    uint32_t chacha_next_uint32(chacha_state *s)
    uint64_t chacha_next_uint64(chacha_state *s)
    double chacha_next_double(chacha_state *s)


cdef class ChaChaBitGenerator(KeyedBitGenerator):
    cdef chacha_state *rng_state
    cdef int _backend
    cdef _seek(self, object word_pos)
    cdef object _tell(self)
    cdef _rekey(self, bytes key, object stream, object word_pos)
    cdef bytes _get_key(self)
