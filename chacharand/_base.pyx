#cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The shell shared by every chacharand bit generator.

It owns the C state's memory (aligned, wiped on free), turns `seed` or
`key` into key bytes, wires numpy's ``bitgen_t`` and writes bulk output
under the generator's lock.  A subclass allocates its C state, fills it
from the key, and implements ``_fill_uint64`` and ``_fill_bytes``.
"""
import numpy as np
from numpy.random.bit_generator import SeedlessSeedSequence, SeedSequence

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport uintptr_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

cimport numpy as cnp

from chacharand._validation import as_bounded_int, as_int, as_key_bytes, as_size

cnp.import_array()

cdef extern from "common/wipe.h" nogil:
    void cr_wipe(void *p, size_t n)

cdef enum:
    ALIGNMENT = 64
    DISCARD_CHUNK = 512

# Bits of OS entropy behind seed=None: every key of the family holds at
# least 256 bits, numpy's default SeedSequence pool only 128.
cdef int ENTROPY_POOL_WORDS = 8


class KeyOnlySeedSequence(SeedlessSeedSequence):
    """The ``seed_seq`` of a generator built from an explicit key.

    Such a generator has no SeedSequence: its key was given, not derived.
    NumPy's placeholder for this case fails late and vaguely (for example
    inside ``dask.array.random``, which spawns one generator per chunk
    from ``bit_generator._seed_seq``); this one refuses to spawn or to
    generate state with a TypeError that says why and what to do instead.

    Parameters
    ----------
    bit_generator : str
        Name of the generator's class, for the messages.
    """

    def __init__(self, bit_generator="BitGenerator"):
        self.bit_generator = str(bit_generator)

    def __reduce__(self):
        return (type(self), (self.bit_generator,))

    def __repr__(self):
        return f"{type(self).__name__}({self.bit_generator!r})"

    def _refuse(self, what):
        raise TypeError(
            f"cannot {what} from a {self.bit_generator} built from an "
            "explicit key: it has no SeedSequence.  Build it from a seed "
            f"({self.bit_generator}(seed), with an int or a SeedSequence) "
            "to spawn children or to use it with dask.array.random"
            + (", or derive disjoint streams with jumped(i) or "
               "chacharand.parallel_generators"
               if self.bit_generator.startswith("ChaCha") else ""))

    def spawn(self, n_children):
        self._refuse("spawn")

    def generate_state(self, n_words, dtype=np.uint32):
        self._refuse("generate state")


def _writable_uint64(out):
    """`out` if it can take 64-bit draws in place, else a clear error."""
    if not isinstance(out, np.ndarray):
        raise TypeError(
            f"out must be a numpy.ndarray, not {type(out).__name__}")
    if out.dtype != np.uint64:
        raise TypeError(f"out must have dtype uint64, not {out.dtype}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be C-contiguous and writeable")
    return out


cdef class KeyedBitGenerator(BitGenerator):
    """Base of the chacharand bit generators; not for direct use."""

    def __dealloc__(self):
        if self._allocation != NULL:
            cr_wipe(self._allocation, self._state_size + ALIGNMENT)
            free(self._allocation)
            self._allocation = NULL
            self._state = NULL

    cdef int _allocate_state(self, size_t size) except -1:
        # Over-allocate so the state (and its output buffer) starts on a
        # cache line.
        self._allocation = malloc(size + ALIGNMENT)
        if self._allocation == NULL:
            raise MemoryError(
                f"cannot allocate the {type(self).__name__} state")
        memset(self._allocation, 0, size + ALIGNMENT)
        self._state_size = size
        self._state = <void *>((<uintptr_t>self._allocation + ALIGNMENT - 1)
                               & ~(<uintptr_t>(ALIGNMENT - 1)))
        return 0

    cdef bytes _key_from_seed(self, object seed, object key,
                              size_t key_bytes, bint key_exact,
                              object seed_dtype, size_t seed_words):
        """Initialise numpy's BitGenerator part and return the key bytes.

        With `key`, the bytes are checked and used as they are; the
        generator then has no SeedSequence.  Otherwise `seed` (None draws
        OS entropy into a 256-bit pool) goes through a SeedSequence, which
        yields `seed_words` words of `seed_dtype`, little-endian.
        """
        if seed is not None and key is not None:
            raise ValueError("seed and key cannot both be given")
        if key is not None:
            key = as_key_bytes(key, "key", key_bytes, exact=key_exact)
            BitGenerator.__init__(self,
                                  KeyOnlySeedSequence(type(self).__name__))
            return key
        if isinstance(seed, SeedlessSeedSequence):
            # What a keyed generator's seed_seq.spawn() gives in NumPy; it
            # cannot make a key.
            raise TypeError(
                f"seed cannot be a {type(seed).__name__}: it holds no "
                f"entropy to derive a {type(self).__name__} key from (it "
                "is the seed_seq of a generator built from an explicit "
                "key).  Pass an int, a sequence of ints or a SeedSequence")
        if seed is None:
            seed = SeedSequence(pool_size=ENTROPY_POOL_WORDS)
        BitGenerator.__init__(self, seed)
        words = self._seed_seq.generate_state(seed_words, seed_dtype)
        return words.astype(np.dtype(seed_dtype).newbyteorder("<")).tobytes()

    cdef void _wire(self, uint64_t (*next_uint64)(void *) noexcept nogil,
                    uint32_t (*next_uint32)(void *) noexcept nogil,
                    double (*next_double)(void *) noexcept nogil):
        self._bitgen.state = self._state
        self._bitgen.next_uint64 = next_uint64
        self._bitgen.next_uint32 = next_uint32
        self._bitgen.next_double = next_double
        self._bitgen.next_raw = next_uint64
        self.capsule = PyCapsule_New(<void *>&self._bitgen, "BitGenerator",
                                     NULL)

    cdef void _fill_uint64(self, uint64_t *out, size_t n) noexcept nogil:
        pass

    cdef void _fill_bytes(self, uint8_t *out, size_t n) noexcept nogil:
        pass

    def spawn(self, n_children):
        """Independent child generators, from the seed sequence's children.

        Parameters
        ----------
        n_children : int
            Number of children.

        Returns
        -------
        list
            Generators of the same class, seeded from
            ``self.seed_seq.spawn(n_children)``.  A generator built from an
            explicit `key` has no seed sequence and cannot spawn.
        """
        if isinstance(self._seed_seq, SeedlessSeedSequence):
            KeyOnlySeedSequence(type(self).__name__)._refuse("spawn")
        n_children = as_bounded_int(n_children, "n_children", 2**63)
        return [type(self)(seed) for seed in self._seed_seq.spawn(n_children)]

    def random_raw(self, size=None, output=True, *, out=None):
        """Raw 64-bit draws (``next_uint64``), filled in bulk.

        Parameters
        ----------
        size : int or tuple of ints, optional
            Output shape; None returns a single int.
        output : bool, optional
            If False, the draws are made (the stream advances) and None
            is returned.
        out : ndarray of uint64, optional
            A C-contiguous, writeable array to fill in place instead of
            allocating one (then `size` must be None): the draws go
            straight from the generator into it.

        Returns
        -------
        out : int or ndarray of uint64
        """
        shape = as_size(size)
        if out is not None:
            if size is not None:
                raise ValueError("size and out cannot both be given")
            target = _writable_uint64(out)
        elif not output:
            self._discard(1 if shape is None else int(np.prod(shape,
                                                              dtype=object)))
            return None
        else:
            target = np.empty(1 if shape is None else shape, dtype=np.uint64)
        cdef cnp.ndarray array = target
        cdef size_t n = array.size
        with self.lock:
            with nogil:
                self._fill_uint64(<uint64_t *>cnp.PyArray_DATA(array), n)
        if not output:
            return None
        if out is not None:
            return out
        return int(array[0]) if shape is None else array

    def _discard(self, count):
        """Draw and drop `count` 64-bit values, a chunk at a time."""
        cdef uint64_t chunk[DISCARD_CHUNK]
        cdef size_t n
        with self.lock:
            while count > 0:
                n = min(count, DISCARD_CHUNK)
                with nogil:
                    self._fill_uint64(chunk, n)
                count -= n
            cr_wipe(chunk, sizeof(chunk))

    def random_bytes(self, length):
        """`length` bytes of output, in the reference's byte order.

        Parameters
        ----------
        length : int
            Number of bytes, >= 0.

        Returns
        -------
        bytes

        Notes
        -----
        Whole output words are consumed: the unused bytes of a last,
        partly used word are dropped, as the Rust crates' ``fill_bytes``.
        """
        length = as_int(length, "length")
        if length < 0:
            raise ValueError(f"length must be non-negative, got {length}")
        if length == 0:
            return b""
        # Written in place into the bytes object: no second buffer, no copy.
        out = PyBytes_FromStringAndSize(NULL, length)
        cdef uint8_t *data = <uint8_t *>PyBytes_AS_STRING(out)
        cdef size_t n = length
        with self.lock:
            with nogil:
                self._fill_bytes(data, n)
        return out

    def _repr_fields(self):
        return ""

    def __repr__(self):
        fields = self._repr_fields()
        return (f"<{type(self).__name__}{' ' + fields if fields else ''} "
                f"at 0x{id(self):x}>")

    __str__ = __repr__
