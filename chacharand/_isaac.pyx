#cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The ISAAC and ISAAC-64 bit generators: one shell over ``_core/isaac``.

The two differ in their word (32 or 64 bits) and in ISAAC-64's pending
half word; everything else is written once, over the fused type of their
C states, and the classes only fix the width.
"""
import inspect

import numpy as np

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from chacharand._base cimport (KeyedBitGenerator, check_layout, cr_wipe,
                               crg_table, state_words)
from chacharand._docstrings import NO_SEEKING, SEED, WIPED, WORDS32
from chacharand._registry import family
from chacharand._validation import state_fields, table_state

# The C core, linked into this module only: other packages draw through
# numpy's bitgen_t in the generator's capsule.
cdef extern from "isaac/isaac.h" nogil:
    int isaac_init(isaac_state *s, const uint8_t *key, size_t keylen)
    int isaac_state_is_valid(const isaac_state *s)
    uint32_t isaac_next_uint32(isaac_state *s)
    uint64_t isaac_next_uint64(isaac_state *s)
    double isaac_next_double(isaac_state *s)

cdef extern from "isaac/isaac64.h" nogil:
    int isaac64_init(isaac64_state *s, const uint8_t *key, size_t keylen)
    int isaac64_state_is_valid(const isaac64_state *s)
    uint32_t isaac64_next_uint32(isaac64_state *s)
    uint64_t isaac64_next_uint64(isaac64_state *s)
    double isaac64_next_double(isaac64_state *s)

# Their fills (_core/generator/gen_isaac.c, gen_isaac64.c).
cdef extern from *:
    """
    #include "generator/generator.h"
    CRG_DECLARE_TABLE(isaac);
    CRG_DECLARE_TABLE(isaac64);
    """
    const crg_table crg_isaac_table
    const crg_table crg_isaac64_table

__all__ = ["ISAAC", "ISAAC64", "IsaacBitGenerator"]

ctypedef fused any_isaac_state:
    isaac_state
    isaac64_state

cdef isaac_state _LAYOUT32
cdef isaac64_state _LAYOUT64
for _name, _layout in (("ISAAC", {"mem": sizeof(_LAYOUT32.mem),
                                  "rsl": sizeof(_LAYOUT32.rsl)}),
                       ("ISAAC64", {"mem": sizeof(_LAYOUT64.mem),
                                    "rsl": sizeof(_LAYOUT64.rsl)})):
    check_layout(_name, family(_name).state, _layout)


# ---- the parts that differ by word width, over the fused type --------------

cdef void init_state(any_isaac_state *s, bytes key):
    if any_isaac_state is isaac_state:
        isaac_init(s, <const uint8_t *>key, len(key))
    else:
        isaac64_init(s, <const uint8_t *>key, len(key))


cdef dict state_as_dict(any_isaac_state *s):
    """The fields of a C state, as the ``state`` dict holds them: the words
    of ``rsl`` already read are zeros (a pending half word is kept)."""
    word = "uint32" if any_isaac_state is isaac_state else "uint64"
    cdef size_t consumed = s.index
    if any_isaac_state is isaac64_state:
        consumed -= s.half_used
    fields = {
        "mem": state_words(s.mem, sizeof(s.mem), word, 0),
        "rsl": state_words(s.rsl, sizeof(s.rsl), word, consumed),
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


cdef class IsaacBitGenerator(KeyedBitGenerator):
    """Shared implementation of ISAAC and ISAAC64.

    Not for direct use: the subclasses fix the word width (``_WORD_BITS``).
    """
    _WORD_BITS = 0
    # What inspect.signature and help() show: the class's own parameters,
    # not numpy's BitGenerator(seed=None).
    __signature__ = inspect.signature(lambda seed=None, *, key=None: None)

    def __cinit__(self, *args, **kwargs):
        self._wide = type(self)._WORD_BITS == 64
        self._allocate_state(sizeof(isaac64_state) if self._wide
                             else sizeof(isaac_state))
        self.rng_state = self._state

    def __init__(self, seed=None, *, key=None):
        cdef bytes data
        if type(self)._WORD_BITS not in (32, 64):
            raise TypeError(
                "IsaacBitGenerator is abstract: use ISAAC or ISAAC64")
        data = self._key_from_seed(seed, key)
        if self._wide:
            init_state(<isaac64_state *>self.rng_state, data)
            self._wire(&isaac64_uint64, &isaac64_uint32, &isaac64_double,
                       &crg_isaac64_table)
        else:
            init_state(<isaac_state *>self.rng_state, data)
            self._wire(&isaac_uint64, &isaac_uint32, &isaac_double,
                       &crg_isaac_table)

    @property
    def state(self):
        """The generator's state as a dict.

        ``{'bit_generator': 'ISAAC' or 'ISAAC64', 'state': {'mem', 'rsl':
        uint32[256] or uint64[256], 'a', 'b', 'c': int, 'index': int}}``,
        and for ISAAC64 ``'half_used': int``; ``rsl`` is the block being
        read, in read order, ``index`` the next word of it (256: used up)
        and ``half_used`` 1 when the high half of word ``index - 1`` is
        pending.  The words of ``rsl`` already read are zeros: the state
        depends on the position only, and holds no output already drawn.
        """
        with self.lock:
            if self._wide:
                fields = state_as_dict(<isaac64_state *>self.rng_state)
            else:
                fields = state_as_dict(<isaac_state *>self.rng_state)
        return {"bit_generator": family(type(self)).name, "state": fields}

    @state.setter
    def state(self, value):
        spec = family(type(self))
        fields = table_state(state_fields(value, spec.name, spec.state),
                             spec.state)
        if self._wide:
            if not load_state(<isaac64_state *>self.rng_state, fields,
                              self.lock):
                raise ValueError(
                    "state['state'] is not a reachable ISAAC64 state: "
                    "'index' must be at most 256, 'half_used' 0 or 1 (and "
                    "0 when 'index' is 0)")
        elif not load_state(<isaac_state *>self.rng_state, fields,
                            self.lock):
            raise ValueError("state['state']['index'] must be at most 256")


# The two classes' documentation, written once.
_DOC = """{title} (Jenkins), the {bits}-bit generator, as a NumPy bit generator.

    Parameters
    ----------
""" + SEED.format(what="the full 256-word key") + """
    key : bytes, bytearray or a buffer of 1-byte items (uint8), optional
        Up to {key_bytes} bytes: 256 little-endian {bits}-bit key words,
        zero-padded.  A 32-byte key gives Rust rand_isaac's
        ``{rust}::from_seed(key)``.  Cannot be given with `seed`.

    Notes
    -----
    Keyed as Jenkins' ``randinit(TRUE)``; each block of 256 results is read
    from the last computed to the first, as {order}.
{words}
    """ + NO_SEEKING + """
    """ + WIPED + """

    Examples
    --------
    >>> import numpy as np
    >>> from chacharand import {name}
    >>> rng = np.random.Generator({name}(12345))
    >>> workers = [np.random.Generator(g) for g in {name}(7).spawn(4)]
"""

_WORDS32 = "    " + WORDS32 + "\n"

_WORDS64 = """\
    ``next_uint64`` takes one word.  ``next_uint32`` takes the low half of
    a word, then its high half; a ``next_uint64`` or ``random_bytes``
    after an odd number of ``next_uint32`` draws drops the pending high
    half, as rand_isaac does.  ``random_bytes`` consumes whole 64-bit
    words.  The state dict keeps a pending half, so a state taken between
    draws resumes exactly.
"""


class ISAAC(IsaacBitGenerator):
    __doc__ = _DOC.format(
        title="ISAAC", name="ISAAC", bits=32, key_bytes=1024,
        rust="IsaacRng", words=_WORDS32,
        order="Jenkins' ``rand()`` macro and rand_isaac 0.3 do")
    _WORD_BITS = 32


class ISAAC64(IsaacBitGenerator):
    __doc__ = _DOC.format(
        title="ISAAC-64", name="ISAAC64", bits=64, key_bytes=2048,
        rust="Isaac64Rng", words=_WORDS64, order="rand_isaac 0.3 does")
    _WORD_BITS = 64
