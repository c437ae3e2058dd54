#cython: language_level=3, boundscheck=False, wraparound=False, freethreading_compatible=True
"""Drawing from chacharand generators in compiled Cython loops.

Three ways in:

* ``count_in_circle`` takes any NumPy bit generator (chacharand's or
  NumPy's own) and reaches its C functions through the ``bitgen_t``
  struct in its ``capsule``, the interface NumPy documents for this.
* ``chacha_uniforms`` cimports chacharand's declarations, so it accepts
  only ChaCha8/12/20 (checked by Cython when it is called) and reads the
  ``bitgen_t`` straight from the object.
* ``chacha_words`` calls chacharand's inline ChaCha hot path on the
  generator's C state: no function pointer per draw.

All three draw with the GIL released and hold the generator's lock meanwhile,
so no other thread can draw from it at the same time.  Build with
``python setup.py build_ext --inplace`` (see setup.py next to this file).
"""
import numpy as np

from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid
from libc.stdint cimport uint32_t, uint64_t
from numpy.random cimport bitgen_t

from chacharand._chacha cimport ChaChaBitGenerator, chacha_next_uint32


def count_in_circle(bit_generator, Py_ssize_t n):
    """How many of `n` points uniform in the unit square fall in the
    quarter disc x**2 + y**2 < 1 (each point takes two doubles, x first).
    """
    capsule = bit_generator.capsule
    if not PyCapsule_IsValid(capsule, "BitGenerator"):
        raise ValueError("bit_generator has no valid BitGenerator capsule")
    cdef bitgen_t *rng = <bitgen_t *>PyCapsule_GetPointer(capsule,
                                                          "BitGenerator")
    cdef Py_ssize_t i
    cdef uint64_t inside = 0
    cdef double x, y
    with bit_generator.lock, nogil:
        for i in range(n):
            x = rng.next_double(rng.state)
            y = rng.next_double(rng.state)
            if x * x + y * y < 1.0:
                inside += 1
    return inside


def chacha_uniforms(ChaChaBitGenerator bit_generator, Py_ssize_t n):
    """`n` doubles in [0, 1), as ``Generator(bit_generator).random(n)``."""
    out = np.empty(n, dtype=np.float64)
    cdef double[::1] values = out
    cdef bitgen_t *rng = &bit_generator._bitgen
    cdef Py_ssize_t i
    with bit_generator.lock, nogil:
        for i in range(n):
            values[i] = rng.next_double(rng.state)
    return out


def chacha_words(ChaChaBitGenerator bit_generator, Py_ssize_t n):
    """`n` 32-bit keystream words, as
    ``Generator(bit_generator).integers(0, 2**32, n, dtype=np.uint32)``."""
    out = np.empty(n, dtype=np.uint32)
    cdef uint32_t[::1] words = out
    cdef Py_ssize_t i
    with bit_generator.lock, nogil:
        for i in range(n):
            words[i] = chacha_next_uint32(bit_generator.rng_state)
    return out
