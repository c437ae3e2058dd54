#cython: language_level=3
"""The ChaCha kernels' backends: which this build and CPU can run, which
new generators use (capped by ``CHACHARAND_SIMD``), and a name's id.

ChaCha8/12/20 and ChaCha8Rand cimport it (``_chacha_backends.pxd``), so a
backend is named, checked and chosen in one place for both.
"""
import os
import warnings

cdef extern from "chacha/chacha_dispatch.h" nogil:
    int CHACHA_BACKEND_COUNT
    int chacha_backend_available(int id)
    int chacha_backend_default(int *status)
    enum:
        CHACHA_CAP_UNKNOWN
        CHACHA_CAP_UNAVAILABLE

__all__ = ["chacha_backends", "default_chacha_backend"]

cdef dict _BACKEND_IDS = {
    chacha_backend_name(i).decode("ascii"): i
    for i in range(CHACHA_BACKEND_COUNT)
}


def chacha_backends():
    """Names of the ChaCha kernels this build and CPU can run.

    Returns
    -------
    list of str
        Narrowest first; ``"portable"`` is always present.  Every backend
        produces the same keystream.
    """
    return [name for name, i in _BACKEND_IDS.items()
            if chacha_backend_available(i)]


def _pick_default_backend():
    """The widest available backend, capped by ``CHACHARAND_SIMD`` (the C
    dispatch reads the variable; here it is only quoted in a warning)."""
    cdef int status = 0
    cdef int chosen = chacha_backend_default(&status)
    name = backend_name(chosen)
    cap = os.environ.get("CHACHARAND_SIMD")
    if status == CHACHA_CAP_UNKNOWN:
        warnings.warn(
            f"CHACHARAND_SIMD={cap!r} is not a ChaCha backend; expected one "
            f"of {sorted(_BACKEND_IDS)}. Using {name!r}.",
            RuntimeWarning, stacklevel=2)
    elif status == CHACHA_CAP_UNAVAILABLE:
        warnings.warn(
            f"CHACHARAND_SIMD={cap!r} is not available on this CPU or build; "
            f"using {name!r}.", RuntimeWarning, stacklevel=2)
    return chosen


cdef int _DEFAULT = _pick_default_backend()


def default_chacha_backend():
    """The backend new ChaCha generators use (see ``CHACHARAND_SIMD``)."""
    return backend_name(_DEFAULT)


cdef int default_backend_id() noexcept:
    return _DEFAULT


cdef str backend_name(int backend):
    return chacha_backend_name(backend).decode("ascii")


cdef int backend_id(object name) except -1:
    if not isinstance(name, str):
        raise TypeError(
            f"backend must be a str, not {type(name).__name__}")
    if name not in _BACKEND_IDS:
        raise ValueError(
            f"backend must be one of {sorted(_BACKEND_IDS)}, got {name!r}")
    cdef int backend = _BACKEND_IDS[name]
    if not chacha_backend_available(backend):
        raise ValueError(
            f"backend {name!r} is not available on this CPU or build; "
            f"available: {chacha_backends()}")
    return backend
