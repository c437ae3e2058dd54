#cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The ISAAC and ISAAC-64 bit generators: shells over ``_core/isaac``."""
import inspect

import numpy as np

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from chacharand._base cimport KeyedBitGenerator

# The C core, linked into this module only: other packages draw through
# numpy's bitgen_t in the generator's capsule.
cdef extern from "isaac/isaac.h" nogil:
    int isaac_init(isaac_state *s, const uint8_t *key, size_t keylen)
    int isaac_state_is_valid(const isaac_state *s)
    void isaac_fill_uint64(isaac_state *s, uint64_t *out, size_t n)
    void isaac_fill_bytes(isaac_state *s, uint8_t *out, size_t nbytes)
    uint32_t isaac_next_uint32(isaac_state *s)
    uint64_t isaac_next_uint64(isaac_state *s)
    double isaac_next_double(isaac_state *s)

cdef extern from "isaac/isaac64.h" nogil:
    int isaac64_init(isaac64_state *s, const uint8_t *key, size_t keylen)
    int isaac64_state_is_valid(const isaac64_state *s)
    void isaac64_fill_uint64(isaac64_state *s, uint64_t *out, size_t n)
    void isaac64_fill_bytes(isaac64_state *s, uint8_t *out, size_t nbytes)
    uint32_t isaac64_next_uint32(isaac64_state *s)
    uint64_t isaac64_next_uint64(isaac64_state *s)
    double isaac64_next_double(isaac64_state *s)

from chacharand._validation import state_fields, table_state

cdef extern from "common/wipe.h" nogil:
    void cr_wipe(void *p, size_t n)

__all__ = ["ISAAC", "ISAAC64"]

cdef enum:
    WORDS = 256

cdef dict ISAAC_STATE_SPEC = {
    "mem": (np.uint32, WORDS),
    "rsl": (np.uint32, WORDS),
    "a": (np.uint32, None),
    "b": (np.uint32, None),
    "c": (np.uint32, None),
    "index": (np.uint32, None),
}

cdef dict ISAAC64_STATE_SPEC = {
    "mem": (np.uint64, WORDS),
    "rsl": (np.uint64, WORDS),
    "a": (np.uint64, None),
    "b": (np.uint64, None),
    "c": (np.uint64, None),
    "index": (np.uint32, None),
    "half_used": (np.uint32, None),
}



# ---- state dicts, shared by ISAAC and ISAAC-64 ------------------------------

ctypedef fused any_isaac_state:
    isaac_state
    isaac64_state


cdef dict state_as_dict(any_isaac_state *s):
    """The fields of a C state, as the ``state`` dict holds them."""
    word = np.uint32 if any_isaac_state is isaac_state else np.uint64
    fields = {
        "mem": np.frombuffer((<char *>s.mem)[:sizeof(s.mem)], word).copy(),
        "rsl": np.frombuffer((<char *>s.rsl)[:sizeof(s.rsl)], word).copy(),
        "a": s.a, "b": s.b, "c": s.c,
        "index": s.index,
    }
    if any_isaac_state is isaac64_state:
        fields["half_used"] = s.half_used
    return fields


cdef bint load_state(any_isaac_state *live, dict fields, object lock) except -1:
    """Copy checked `fields` into `live` if they form a valid state.

    They are assembled in a scratch state first and checked by the C core,
    so a rejected state leaves the generator as it was.  Returns whether
    the state was taken.
    """
    cdef const unsigned char[::1] mem = fields["mem"].view(np.uint8)
    cdef const unsigned char[::1] rsl = fields["rsl"].view(np.uint8)
    cdef any_isaac_state *scratch = <any_isaac_state *>malloc(
        sizeof(any_isaac_state))
    if scratch == NULL:
        raise MemoryError("cannot allocate a scratch ISAAC state")
    memcpy(scratch.mem, &mem[0], sizeof(scratch.mem))
    memcpy(scratch.rsl, &rsl[0], sizeof(scratch.rsl))
    scratch.a, scratch.b, scratch.c = fields["a"], fields["b"], fields["c"]
    scratch.index = fields["index"]
    if any_isaac_state is isaac_state:
        valid = isaac_state_is_valid(scratch)
    else:
        scratch.half_used = fields["half_used"]
        valid = isaac64_state_is_valid(scratch)
    if valid:
        with lock:
            memcpy(live, scratch, sizeof(any_isaac_state))
    cr_wipe(scratch, sizeof(any_isaac_state))
    free(scratch)
    return valid


cdef uint64_t isaac_uint64(void *st) noexcept nogil:
    return isaac_next_uint64(<isaac_state *>st)

cdef uint32_t isaac_uint32(void *st) noexcept nogil:
    return isaac_next_uint32(<isaac_state *>st)

cdef double isaac_double(void *st) noexcept nogil:
    return isaac_next_double(<isaac_state *>st)

cdef uint64_t isaac64_uint64(void *st) noexcept nogil:
    return isaac64_next_uint64(<isaac64_state *>st)

cdef uint32_t isaac64_uint32(void *st) noexcept nogil:
    return isaac64_next_uint32(<isaac64_state *>st)

cdef double isaac64_double(void *st) noexcept nogil:
    return isaac64_next_double(<isaac64_state *>st)


cdef class ISAAC(KeyedBitGenerator):
    """ISAAC (Jenkins), the 32-bit generator, as a NumPy bit generator.

    Parameters
    ----------
    seed : None, int, array_like[ints], SeedSequence, optional
        Seeds the full 256-word key through a SeedSequence, as for NumPy's
        bit generators.  None draws 256 bits of OS entropy.  Cannot be
        given with `key`.
    key : bytes, bytearray or a buffer of 1-byte items (uint8), optional
        Up to 1024 bytes: 256 little-endian 32-bit key words, zero-padded.
        A 32-byte key gives Rust rand_isaac's ``IsaacRng::from_seed(key)``.
        Cannot be given with `seed`.

    Notes
    -----
    Keyed as Jenkins' ``randinit(TRUE)``; each block of 256 results is read
    from the last computed to the first, as Jenkins' ``rand()`` macro and
    rand_isaac 0.3 do.  ``next_uint32`` takes one word, ``next_uint64``
    two (the earlier is the low half), ``next_double`` the top 53 bits of
    ``next_uint64``.

    ISAAC cannot seek, so it has no ``advance`` or ``jumped``.  For
    parallel streams use :meth:`spawn` (children of the SeedSequence, with
    independent keys).  The C state is wiped from memory (Python copies such as ``state`` are
    not: see the security page) when the generator
    is freed or re-keyed.

    Examples
    --------
    >>> import numpy as np
    >>> from chacharand import ISAAC
    >>> rng = np.random.Generator(ISAAC(12345))
    >>> workers = [np.random.Generator(g) for g in ISAAC(7).spawn(4)]
    """

    # What inspect.signature and help() show: the class's own parameters,
    # not numpy's BitGenerator(seed=None).
    __signature__ = inspect.signature(lambda seed=None, *, key=None: None)

    def __cinit__(self, *args, **kwargs):
        self._allocate_state(sizeof(isaac_state))
        self.rng_state = <isaac_state *>self._state

    def __init__(self, seed=None, *, key=None):
        cdef bytes data = self._key_from_seed(seed, key)
        isaac_init(self.rng_state, <const uint8_t *>data, len(data))
        self._wire(&isaac_uint64, &isaac_uint32, &isaac_double)

    cdef void _fill_uint64(self, uint64_t *out, size_t n) noexcept nogil:
        isaac_fill_uint64(self.rng_state, out, n)

    cdef void _fill_bytes(self, uint8_t *out, size_t n) noexcept nogil:
        isaac_fill_bytes(self.rng_state, out, n)

    @property
    def state(self):
        """The generator's state as a dict.

        ``{'bit_generator': 'ISAAC', 'state': {'mem', 'rsl': uint32[256],
        'a', 'b', 'c': int, 'index': int}}``; ``rsl`` is the block being
        read, in read order, and ``index`` the next word of it (256: used
        up).
        """
        with self.lock:
            return {"bit_generator": "ISAAC",
                    "state": state_as_dict(self.rng_state)}

    @state.setter
    def state(self, value):
        fields = table_state(state_fields(value, "ISAAC", ISAAC_STATE_SPEC),
                             ISAAC_STATE_SPEC)
        if not load_state(self.rng_state, fields, self.lock):
            raise ValueError("state['state']['index'] must be at most 256")


cdef class ISAAC64(KeyedBitGenerator):
    """ISAAC-64 (Jenkins), the 64-bit generator, as a NumPy bit generator.

    Parameters
    ----------
    seed : None, int, array_like[ints], SeedSequence, optional
        Seeds the full 256-word key through a SeedSequence, as for NumPy's
        bit generators.  None draws 256 bits of OS entropy.  Cannot be
        given with `key`.
    key : bytes, bytearray or a buffer of 1-byte items (uint8), optional
        Up to 2048 bytes: 256 little-endian 64-bit key words, zero-padded.
        A 32-byte key gives Rust rand_isaac's
        ``Isaac64Rng::from_seed(key)``.  Cannot be given with `seed`.

    Notes
    -----
    Keyed as Jenkins' ``randinit(TRUE)``; each block of 256 results is read
    from the last computed to the first, as rand_isaac 0.3 does.
    ``next_uint64`` takes one word.  ``next_uint32`` takes the low half of
    a word, then its high half; a ``next_uint64`` or ``random_bytes``
    after an odd number of ``next_uint32`` draws drops the pending high
    half, as rand_isaac does.  ``random_bytes`` consumes whole 64-bit
    words.  The state dict keeps a pending half, so a state taken between
    draws resumes exactly.

    ISAAC-64 cannot seek, so it has no ``advance`` or ``jumped``.  For
    parallel streams use :meth:`spawn` (children of the SeedSequence, with
    independent keys).  The C state is wiped from memory (Python copies such as ``state`` are
    not: see the security page) when the generator
    is freed or re-keyed.

    Examples
    --------
    >>> import numpy as np
    >>> from chacharand import ISAAC64
    >>> rng = np.random.Generator(ISAAC64(12345))
    >>> workers = [np.random.Generator(g) for g in ISAAC64(7).spawn(4)]
    """

    # What inspect.signature and help() show: the class's own parameters,
    # not numpy's BitGenerator(seed=None).
    __signature__ = inspect.signature(lambda seed=None, *, key=None: None)

    def __cinit__(self, *args, **kwargs):
        self._allocate_state(sizeof(isaac64_state))
        self.rng_state = <isaac64_state *>self._state

    def __init__(self, seed=None, *, key=None):
        cdef bytes data = self._key_from_seed(seed, key)
        isaac64_init(self.rng_state, <const uint8_t *>data, len(data))
        self._wire(&isaac64_uint64, &isaac64_uint32, &isaac64_double)

    cdef void _fill_uint64(self, uint64_t *out, size_t n) noexcept nogil:
        isaac64_fill_uint64(self.rng_state, out, n)

    cdef void _fill_bytes(self, uint8_t *out, size_t n) noexcept nogil:
        isaac64_fill_bytes(self.rng_state, out, n)

    @property
    def state(self):
        """The generator's state as a dict.

        ``{'bit_generator': 'ISAAC64', 'state': {'mem', 'rsl': uint64[256],
        'a', 'b', 'c': int, 'index': int, 'half_used': int}}``; ``rsl`` is
        the block being read, in read order, ``index`` the next word of it
        (256: used up) and ``half_used`` 1 when the high half of word
        ``index - 1`` is pending.
        """
        with self.lock:
            return {"bit_generator": "ISAAC64",
                    "state": state_as_dict(self.rng_state)}

    @state.setter
    def state(self, value):
        fields = table_state(
            state_fields(value, "ISAAC64", ISAAC64_STATE_SPEC),
            ISAAC64_STATE_SPEC)
        if not load_state(self.rng_state, fields, self.lock):
            raise ValueError(
                "state['state'] is not a reachable ISAAC64 state: 'index' "
                "must be at most 256, 'half_used' 0 or 1 (and 0 when "
                "'index' is 0)")
