"""Drawing from a chacharand generator inside a numba-compiled loop.

numba calls the generator's C functions through its ``ctypes`` interface:
``bit_generator.ctypes.next_double`` (and ``next_uint64``,
``next_uint32``) with ``bit_generator.ctypes.state_address``.  The loop
then draws exactly what ``numpy.random.Generator(bit_generator).random``
would, from the same position, and leaves the generator where that call
would.  The ``ctypes`` interface does not take the generator's lock:
hold ``bit_generator.lock`` around the compiled call if other threads may
draw from the same generator.
"""
import numba
import numpy as np


def uniform_filler(bit_generator):
    """A compiled function ``fill(out)`` that fills `out` with uniforms."""
    next_double = bit_generator.ctypes.next_double
    state = bit_generator.ctypes.state_address

    @numba.njit
    def fill(out):
        for i in range(out.size):
            out[i] = next_double(state)

    return fill


def uniforms(bit_generator, n):
    """`n` doubles in [0, 1) drawn by the compiled loop."""
    out = np.empty(n)
    fill = uniform_filler(bit_generator)
    with bit_generator.lock:
        fill(out)
    return out


if __name__ == "__main__":
    from chacharand import ChaCha20

    x = uniforms(ChaCha20(2024), 10**6)
    same = np.random.Generator(ChaCha20(2024)).random(10**6)
    print("numba draws NumPy's numbers:", bool((x == same).all()))
