#cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The C side of chacharand.cuda, on a ChaCha bit generator's own state.

The CPU twin's fills (the CUDA kernel's draws computed by chacha_twin.c)
and `claim`, which hands a GPU draw its start and moves the generator past
it.  Every function holds the bit generator's lock while it reads or moves
the position; the fills release the GIL a chunk at a time and check for
signals between chunks.  The callers (chacharand/cuda.py) check the
arguments: `out` is a C-contiguous, writeable array of the right dtype.
"""
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport uint8_t, uint32_t, uint64_t

cimport numpy as cnp

from chacharand._chacha cimport ChaChaBitGenerator, chacha_state

cnp.import_array()

cdef extern from "chacha/chacha.h" nogil:
    void chacha_fill_uint64(chacha_state *s, uint64_t *out, size_t n)
    void chacha_fill_bytes(chacha_state *s, uint8_t *out, size_t nbytes)

cdef extern from "chacha/chacha_twin.h" nogil:
    void chacha_twin_random_f64(chacha_state *s, double *out, size_t n)
    void chacha_twin_random_f32(chacha_state *s, float *out, size_t n)
    void chacha_twin_uniform_f64(chacha_state *s, double *out, size_t n,
                                 double low, double span)
    void chacha_twin_uniform_f32(chacha_state *s, float *out, size_t n,
                                 double low, double span)
    void chacha_twin_normal_f64(chacha_state *s, double *out, size_t n,
                                double loc, double scale, int affine)
    void chacha_twin_normal_f32(chacha_state *s, float *out, size_t n,
                                double loc, double scale, int affine)
    void chacha_twin_integers(chacha_state *s, void *out, size_t n,
                              int itemsize, uint64_t low, uint64_t rng)

cdef object WORD_POS_LIMIT = 2 ** 68

# Elements per call without the GIL: a few milliseconds of work at most,
# so Ctrl-C is seen promptly.
cdef size_t CHUNK = 1 << 16

# Which fill: a method code per (method, dtype).
cdef enum Fill:
    RAW, BYTES, RANDOM_F64, RANDOM_F32, UNIFORM_F64, UNIFORM_F32, \
        NORMAL_F64, NORMAL_F32, INTEGERS

cdef void fill_chunk(chacha_state *s, Fill fill, char *out, size_t n,
                     double a, double b, int affine, uint64_t low,
                     uint64_t rng, int itemsize) noexcept nogil:
    if fill == RAW:
        chacha_fill_uint64(s, <uint64_t *>out, n)
    elif fill == BYTES:
        chacha_fill_bytes(s, <uint8_t *>out, n)
    elif fill == RANDOM_F64:
        chacha_twin_random_f64(s, <double *>out, n)
    elif fill == RANDOM_F32:
        chacha_twin_random_f32(s, <float *>out, n)
    elif fill == UNIFORM_F64:
        chacha_twin_uniform_f64(s, <double *>out, n, a, b)
    elif fill == UNIFORM_F32:
        chacha_twin_uniform_f32(s, <float *>out, n, a, b)
    elif fill == NORMAL_F64:
        chacha_twin_normal_f64(s, <double *>out, n, a, b, affine)
    elif fill == NORMAL_F32:
        chacha_twin_normal_f32(s, <float *>out, n, a, b, affine)
    else:
        chacha_twin_integers(s, out, n, itemsize, low, rng)


cdef fill(ChaChaBitGenerator bg, Fill kind, cnp.ndarray out,
          double a=0.0, double b=0.0, int affine=0, uint64_t low=0,
          uint64_t rng=0):
    cdef char *data = <char *>cnp.PyArray_DATA(out)
    cdef int itemsize = <int>cnp.PyArray_ITEMSIZE(out)
    cdef size_t n = <size_t>cnp.PyArray_SIZE(out)
    cdef size_t step = CHUNK
    cdef size_t done = 0, m
    if kind == BYTES:
        # Whole words per chunk, so a chunk's end drops no bytes.
        itemsize = 1
        step = 4 * CHUNK
    with bg.lock:
        while done < n:
            m = n - done if n - done < step else step
            with nogil:
                fill_chunk(bg.rng_state, kind, data + done * itemsize, m,
                           a, b, affine, low, rng, itemsize)
            done += m
            PyErr_CheckSignals()
    return out


def fill_raw(ChaChaBitGenerator bg, cnp.ndarray out):
    """random_raw into a uint64 array: the bit generator's own words."""
    return fill(bg, RAW, out)


def fill_bytes(ChaChaBitGenerator bg, cnp.ndarray out):
    """random_bytes into a uint8 array (a last partial word is used up)."""
    return fill(bg, BYTES, out)


def fill_random(ChaChaBitGenerator bg, cnp.ndarray out):
    """numpy's random() into a float64 or float32 array."""
    if out.dtype.itemsize == 8:
        return fill(bg, RANDOM_F64, out)
    return fill(bg, RANDOM_F32, out)


def fill_uniform(ChaChaBitGenerator bg, cnp.ndarray out, double low,
                 double span):
    """low + span * random(), float64 or float32 (rounded once)."""
    if out.dtype.itemsize == 8:
        return fill(bg, UNIFORM_F64, out, low, span)
    return fill(bg, UNIFORM_F32, out, low, span)


def fill_normal(ChaChaBitGenerator bg, cnp.ndarray out, double loc,
                double scale, bint affine):
    """The Box-Muller normals, float64 or float32; loc + scale*z if affine."""
    if out.dtype.itemsize == 8:
        return fill(bg, NORMAL_F64, out, loc, scale, affine)
    return fill(bg, NORMAL_F32, out, loc, scale, affine)


def fill_integers(ChaChaBitGenerator bg, cnp.ndarray out, uint64_t low,
                  uint64_t rng):
    """low + an offset in [0, rng], wrapped to the array's item size."""
    return fill(bg, INTEGERS, out, 0.0, 0.0, 0, low, rng)


def claim(ChaChaBitGenerator bg, nwords):
    """The kernel input for a draw of `nwords` words, and the bit generator
    moved past them, in one step under its lock.

    Returns (input, first_word): the 16 words of the ChaCha input
    (constants, key, the 64-bit counter of the block holding the first
    word, stream) as a list of ints, and the word in that block (0-15)
    where the draw starts.
    """
    cdef int i
    with bg.lock:
        word_pos = bg._tell()
        words = [bg.rng_state.input[i] for i in range(16)]
        bg._seek((word_pos + nwords) % WORD_POS_LIMIT)
    block = word_pos >> 4
    words[12] = block & 0xFFFFFFFF
    words[13] = block >> 32
    return words, word_pos & 15


def unclaim(ChaChaBitGenerator bg, list words, uint32_t first_word,
            nwords):
    """Undo `claim` (its `words` and `first_word`) for a draw that did not
    happen: under the lock, put the bit generator back at the draw's start
    if it is still where the claim left it (same key and stream, and no
    draw since).  Returns whether it was put back.
    """
    cdef int i
    start = ((words[12] | (words[13] << 32)) << 4) | first_word
    with bg.lock:
        same_stream = all(bg.rng_state.input[i] == words[i]
                          for i in range(16) if i not in (12, 13))
        if not same_stream or \
                bg._tell() != (start + nwords) % WORD_POS_LIMIT:
            return False
        bg._seek(start)
    return True
