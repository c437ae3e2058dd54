# Declarations of the ChaCha C core and of the ChaCha bit generators, for
# other Cython packages to cimport (as numpy's bit_generator.pxd).
#
# The C headers are installed with the package: add chacharand.get_include()
# to the include path.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from chacharand._base cimport KeyedBitGenerator

cdef extern from "chacha/chacha.h" nogil:
    ctypedef void (*chacha_blocks_fn)(const uint32_t *input, uint8_t *out,
                                      size_t nblocks)

    ctypedef struct chacha_state:
        uint8_t buffer[1024]
        uint32_t input[16]
        uint32_t index
        int rounds
        chacha_blocks_fn blocks

    void chacha_init(chacha_state *s, const uint8_t *key, uint64_t stream,
                     int rounds, chacha_blocks_fn blocks)
    void chacha_set_kernel(chacha_state *s, chacha_blocks_fn blocks)
    void chacha_seek(chacha_state *s, uint64_t block, unsigned word_in_block)
    void chacha_tell(const chacha_state *s, uint64_t *block,
                     unsigned *word_in_block)
    void chacha_set_stream(chacha_state *s, uint64_t stream)
    uint64_t chacha_get_stream(const chacha_state *s)
    void chacha_get_key(const chacha_state *s, uint8_t *key)
    void chacha_fill_uint64(chacha_state *s, uint64_t *out, size_t n)
    void chacha_fill_bytes(chacha_state *s, uint8_t *out, size_t nbytes)
    void chacha_wipe(chacha_state *s)

    uint32_t chacha_next_uint32(chacha_state *s)
    uint64_t chacha_next_uint64(chacha_state *s)
    double chacha_next_double(chacha_state *s)

cdef extern from "chacha/chacha_dispatch.h" nogil:
    int CHACHA_BACKEND_COUNT
    const char *chacha_backend_name(int id)
    int chacha_backend_available(int id)
    chacha_blocks_fn chacha_backend_kernel(int id, int rounds)
    int chacha_backend_best()


cdef class ChaChaBitGenerator(KeyedBitGenerator):
    cdef chacha_state *rng_state
    cdef int _backend
    cdef _seek(self, object word_pos)
    cdef object _tell(self)
    cdef _rekey(self, bytes key, object stream, object word_pos)
