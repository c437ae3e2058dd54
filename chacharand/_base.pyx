#cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The shell shared by every chacharand bit generator.

It owns the C state's memory (aligned, wiped on free), turns `seed` or
`key` into key bytes, wires numpy's ``bitgen_t`` together with the
family's fill table, and runs every bulk fill -- the bit generator's own
``random_raw``/``random_bytes`` and chacharand.Generator's methods --
through one loop under the generator's lock.  A subclass allocates its C
state, fills it from the key, and hands its table to ``_wire``.
"""
from threading import Lock

import numpy as np
from numpy.random.bit_generator import (ISeedSequence,
                                       ISpawnableSeedSequence,
                                       SeedlessSeedSequence)

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from cpython.exc cimport PyErr_CheckSignals
from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport uintptr_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

cimport numpy as cnp

from chacharand._registry import family, names
from chacharand._seeding import (key_seed_sequence, seed_sequence,
                                 stream_seed_sequence)
from chacharand._validation import as_bounded_int, as_int, as_key_bytes, as_size

cnp.import_array()

cdef enum:
    ALIGNMENT = 64
    # Bulk output is written a chunk of 2**20 values at a time (bytes, for
    # random_bytes), with the GIL released for each chunk and pending
    # signals checked between chunks: small enough that Ctrl-C is seen
    # within milliseconds on any family, large enough that the check costs
    # nothing.  Discards go 2**17 words (1 MiB of scratch) at a time.
    CHUNK_VALUES = 1 << 20
    CHUNK_WORDS = CHUNK_VALUES // 8
    # Fills of fewer values keep the GIL: dropping and taking it back
    # would cost more than such a fill (a few microseconds at most).
    NOGIL_MIN = 1024

cdef object MAX_BYTES = 2 ** 63 - 1


# What numpy's bitgen_t calls before a generator is keyed (a subclass that
# skips __init__): a defined answer instead of a NULL call.
cdef uint64_t unkeyed_uint64(void *st) noexcept nogil:
    return 0

cdef uint32_t unkeyed_uint32(void *st) noexcept nogil:
    return 0

cdef double unkeyed_double(void *st) noexcept nogil:
    return 0.0


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


def _uint64_array(shape):
    """A new uint64 array of `shape`, or an error that names `size`."""
    try:
        return np.empty(shape, dtype=np.uint64)
    except MemoryError:
        raise MemoryError(
            f"cannot allocate size={shape!r} 64-bit values") from None
    except ValueError:
        raise ValueError(f"size={shape!r} is too large for an array") \
            from None


cdef object state_words(const void *words, size_t nbytes, str dtype,
                        size_t consumed):
    out = np.frombuffer((<const char *>words)[:nbytes], dtype).copy()
    out[:consumed] = 0
    return out


cdef int check_layout(str name, dict state, dict sizes) except -1:
    for field, nbytes in sizes.items():
        spec = state[field]
        if spec.length * np.dtype(spec.dtype).itemsize != nbytes:
            raise ImportError(
                f"chacharand's registry gives {name}'s state[{field!r}] "
                f"{spec.length} {spec.dtype} values, the C core {nbytes} "
                "bytes: the build is inconsistent")
    return 0


cdef class KeyedBitGenerator(BitGenerator):
    """Base of the chacharand bit generators; not for direct use.

    Locking: every public method and property that reads or writes the
    generator's state (``spawn``'s seed sequence included) takes
    ``self.lock`` once and calls, while holding it, only C functions and
    ``cdef`` helpers that never take it again.  numpy's lock is a plain,
    non-reentrant ``Lock`` before numpy 2.4 and an ``RLock`` after; both
    work.  So threads may share one generator, with or without the GIL;
    the ``ctypes``, ``cffi`` and ``capsule`` interfaces bypass the lock,
    as numpy's do.
    """

    def __cinit__(self, *args, **kwargs):
        # Until numpy's BitGenerator.__init__ replaces it: a generator
        # whose __init__ was skipped still has a lock to take.
        self.lock = Lock()
        self._bitgen.next_uint64 = &unkeyed_uint64
        self._bitgen.next_uint32 = &unkeyed_uint32
        self._bitgen.next_double = &unkeyed_double
        self._bitgen.next_raw = &unkeyed_uint64

    def __init__(self, *args, **kwargs):
        raise TypeError(
            f"{type(self).__name__} cannot be instantiated: "
            "KeyedBitGenerator is the abstract base of the chacharand "
            f"generators; use one of them ({names()})")

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
                              object stream=None):
        """Initialise numpy's BitGenerator part and return the key bytes.

        The family's key length and seed words come from the registry.
        With `key`, the bytes are checked and used as they are, and the
        SeedSequence is derived from the key (and `stream`, for ChaCha),
        so the generator can spawn.  Otherwise `seed` goes through a
        SeedSequence (``_seeding.seed_sequence``: None draws OS entropy
        into a 256-bit pool), which yields the key as little-endian words;
        on a ChaCha stream other than 0 the sequence spawns that stream's
        own children (``_seeding.stream_seed_sequence``).
        """
        spec = family(type(self))
        if seed is not None and key is not None:
            raise ValueError("seed and key cannot both be given")
        if key is not None:
            key = as_key_bytes(key, "key", spec.key_bytes,
                               exact=spec.key_exact)
            BitGenerator.__init__(
                self, key_seed_sequence(type(self).__name__, key, stream))
            return key
        if isinstance(seed, SeedlessSeedSequence):
            raise TypeError(
                f"seed cannot be a {type(seed).__name__}: it holds no "
                f"entropy to derive a {type(self).__name__} key from.  Pass "
                "an int, a sequence of ints or a SeedSequence")
        if not isinstance(seed, ISeedSequence):
            seed = seed_sequence(seed)
        BitGenerator.__init__(self, seed)
        dtype = np.dtype(spec.seed_dtype)
        words = self._seed_seq.generate_state(spec.seed_words, dtype)
        key = words.astype(dtype.newbyteorder("<")).tobytes()
        if stream is not None:
            self._seed_seq = stream_seed_sequence(
                self._seed_seq, type(self).__name__, key, stream)
        return key

    cdef void _wire(self, uint64_t (*next_uint64)(void *) noexcept nogil,
                    uint32_t (*next_uint32)(void *) noexcept nogil,
                    double (*next_double)(void *) noexcept nogil,
                    const crg_table *fills):
        """Point numpy's bitgen_t at the family's hot path, and the bulk
        fills at its table: from here on the generator draws."""
        self._bitgen.state = self._state
        self._bitgen.next_uint64 = next_uint64
        self._bitgen.next_uint32 = next_uint32
        self._bitgen.next_double = next_double
        self._bitgen.next_raw = next_uint64
        self._fills = fills
        self.capsule = PyCapsule_New(<void *>&self._bitgen, "BitGenerator",
                                     NULL)

    # ---- bulk output, interruptible (callers hold the lock) ---------------

    cdef void *_snapshot(self) except NULL:
        """A copy of the C state, to restore if a long fill is interrupted."""
        cdef void *copy = malloc(self._state_size)
        if copy == NULL:
            raise MemoryError(
                f"cannot allocate a copy of the {type(self).__name__} state")
        memcpy(copy, self._state, self._state_size)
        return copy

    cdef void _drop_snapshot(self, void *copy, bint restore) noexcept:
        if copy == NULL:
            return
        if restore:
            memcpy(self._state, copy, self._state_size)
        cr_wipe(copy, self._state_size)
        free(copy)

    cdef int _fill(self, int method, void *out, size_t n, size_t itemsize,
                   crg_args *args) except -1:
        """_fill_locked under the generator's lock (taken once)."""
        with self.lock:
            return self._fill_locked(method, out, n, itemsize, args)

    cdef int _fill_locked(self, int method, void *out, size_t n,
                          size_t itemsize, crg_args *args) except -1:
        """`n` values of the family's fill `method` (`itemsize` bytes each)
        into `out`; the caller holds the lock (see _fill_fn_locked)."""
        if self._fills == NULL:
            raise TypeError(
                f"this {type(self).__name__} was never keyed (its __init__ "
                "did not run): it has nothing to draw from")
        return self._fill_fn_locked(self._fills.fill[method], out, n,
                                    itemsize, args)

    cdef int _fill_fn_locked(self, crg_fill_fn fill, void *out, size_t n,
                             size_t itemsize, crg_args *args) except -1:
        """`n` values of `fill` (`itemsize` bytes each) into `out`; the
        caller holds the lock.

        The one bulk loop of chacharand: a chunk of 2**20 values at a time,
        with the GIL released while each chunk is filled (unless `n` is small)
        and signals checked between chunks.  If one raises (Ctrl-C), the
        state is put back as it was before the call and the exception
        propagates: an interrupted call has drawn nothing.  Chunks are
        whole 64-bit words of output, so splitting a request consumes the
        same words as one call would; what a method carries from one chunk
        to the next (numpy's buffered 32-bit word) lives in `args`.  `fill`
        is one of the family's fills or another fill of the same state
        (chacharand.CounterGenerator's, whose elements take a fixed number
        of words each, so that chunks split nothing either).
        """
        if self._fills == NULL:
            raise TypeError(
                f"this {type(self).__name__} was never keyed (its __init__ "
                "did not run): it has nothing to draw from")
        cdef void *state = self._state
        cdef size_t chunk = CHUNK_VALUES
        cdef size_t step
        cdef uint8_t *at = <uint8_t *>out
        cdef void *before
        if n < NOGIL_MIN:
            fill(state, at, n, args)
            return 0
        before = self._snapshot() if n > chunk else NULL
        try:
            while True:
                step = min(n, chunk)
                with nogil:
                    fill(state, at, step, args)
                n -= step
                if n == 0:
                    break
                at += step * itemsize
                PyErr_CheckSignals()
        except BaseException:
            self._drop_snapshot(before, True)
            raise
        self._drop_snapshot(before, False)
        return 0

    cdef int _discard_locked(self, object count) except -1:
        """Draw and drop `count` 64-bit values; seekable families override.

        Interruptible like the fills; an interrupted discard leaves the
        generator where it was.
        """
        cdef uint64_t *chunk
        cdef void *before = NULL
        cdef size_t step
        cdef crg_fill_fn fill
        if self._fills == NULL:
            raise TypeError(
                f"this {type(self).__name__} was never keyed (its __init__ "
                "did not run): it has nothing to draw from")
        fill = self._fills.fill[<int>CRG_RAW_UINT64]
        chunk = <uint64_t *>malloc(CHUNK_WORDS * 8)
        if chunk == NULL:
            raise MemoryError("cannot allocate a scratch buffer")
        try:
            if count > CHUNK_WORDS:
                before = self._snapshot()
            while count > 0:
                step = min(count, CHUNK_WORDS)
                with nogil:
                    fill(self._state, chunk, step, NULL)
                count -= step
                if count:
                    PyErr_CheckSignals()
        except BaseException:
            self._drop_snapshot(before, True)
            raise
        finally:
            cr_wipe(chunk, CHUNK_WORDS * 8)
            free(chunk)
        self._drop_snapshot(before, False)
        return 0

    # ---- public API --------------------------------------------------------

    def spawn(self, n_children):
        """Independent child generators, from the seed sequence's children.

        Parameters
        ----------
        n_children : int
            Number of children, >= 0.

        Returns
        -------
        list
            ``[type(self)(s) for s in self.seed_seq.spawn(n_children)]``.
            A generator built from an explicit key (``key=``, ``jumped``)
            spawns from the SeedSequence derived from its key (see the
            seeding guide), so the children are the same every time.

        Raises
        ------
        TypeError
            When the seed sequence cannot spawn (an ``ISeedSequence`` that
            is not an ``ISpawnableSeedSequence``), with NumPy's message.
        """
        n_children = as_bounded_int(n_children, "n_children", 2**63)
        # SeedSequence.spawn counts its children without a lock of its own
        # (numpy#32063): two threads spawning at once without ours could be
        # handed the same child, and so the same key.
        with self.lock:
            seed_seq = self._seed_seq
            if not isinstance(seed_seq, ISpawnableSeedSequence):
                # numpy's error: a user's ISeedSequence that only generates.
                raise TypeError(
                    "The underlying SeedSequence does not implement spawning.")
            seeds = seed_seq.spawn(n_children)
        return [type(self)(seed) for seed in seeds]

    def random_raw(self, size=None, output=True, *, out=None):
        """Raw 64-bit draws (``next_uint64``), filled in bulk.

        Parameters
        ----------
        size : int or tuple of ints, optional
            Output shape; None returns a single int.
        output : bool, optional
            If False, the draws are made (the stream advances) and None
            is returned.  On ChaCha this costs O(1) for any size.
        out : ndarray of uint64, optional
            A C-contiguous, writeable array to fill in place instead of
            allocating one (then `size` must be None): the draws go
            straight from the generator into it.

        Returns
        -------
        out : int or ndarray of uint64

        Notes
        -----
        Long requests are filled in chunks with the GIL released, and
        Ctrl-C (or any signal handler that raises) interrupts them between
        chunks.  An interrupted call leaves the generator where it was
        before the call.
        """
        shape = as_size(size)
        if out is not None:
            if size is not None:
                raise ValueError("size and out cannot both be given")
            target = _writable_uint64(out)
        elif not output:
            count = 1 if shape is None else int(np.prod(shape, dtype=object))
            with self.lock:
                self._discard_locked(count)
            return None
        else:
            target = _uint64_array(1 if shape is None else shape)
        cdef cnp.ndarray array = target
        with self.lock:
            self._fill_locked(CRG_RAW_UINT64, cnp.PyArray_DATA(array),
                              array.size, 8, NULL)
        if not output:
            return None
        if out is not None:
            return out
        return int(array[0]) if shape is None else array

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
        Long requests are interruptible, as for :meth:`random_raw`.
        """
        length = as_int(length, "length")
        if length < 0:
            raise ValueError(f"length must be non-negative, got {length}")
        if length > MAX_BYTES:
            raise ValueError(
                f"length must be at most 2**63 - 1, got {length}")
        if length == 0:
            return b""
        # Written in place into the bytes object: no second buffer, no copy.
        try:
            out = PyBytes_FromStringAndSize(NULL, length)
        except MemoryError:
            raise MemoryError(
                f"cannot allocate length={length} bytes") from None
        with self.lock:
            self._fill_locked(CRG_RAW_BYTES, PyBytes_AS_STRING(out), length,
                              1, NULL)
        return out

    def _repr_fields(self):
        return ""

    def __repr__(self):
        fields = self._repr_fields()
        return (f"<{type(self).__name__}{' ' + fields if fields else ''} "
                f"at 0x{id(self):x}>")

    __str__ = __repr__
