#cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The ChaCha8Rand bit generator (Go's math/rand/v2.ChaCha8): a shell over
``_core/chacha8rand``, with the ChaCha kernels' backends."""
import inspect

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from chacharand._base cimport KeyedBitGenerator, cr_wipe, crg_table
from chacharand._chacha_backends cimport (
    CHACHA_BACKEND_PORTABLE, backend_id, backend_name, default_backend_id)
from chacharand._registry import family

# The C core, linked into this module only: other packages draw through
# numpy's bitgen_t in the generator's capsule.
cdef extern from "chacha8rand/chacha8rand.h" nogil:
    void chacha8rand_init(chacha8rand_state *s, const uint8_t *key,
                          chacha8rand_blocks_fn blocks)
    int chacha8rand_set(chacha8rand_state *s, const uint8_t *key,
                        uint32_t used, const uint8_t *pending,
                        uint32_t read_len)
    void chacha8rand_set_kernel(chacha8rand_state *s,
                                chacha8rand_blocks_fn blocks)
    uint64_t chacha8rand_next_uint64(chacha8rand_state *s)
    uint32_t chacha8rand_next_uint32(chacha8rand_state *s)
    double chacha8rand_next_double(chacha8rand_state *s)

# Every available backend has a ChaCha8Rand kernel (_chacha_backends
# names and checks them).
cdef extern from "chacha/chacha_dispatch.h" nogil:
    chacha8rand_blocks_fn chacha_backend_chacha8rand(int id)

# ChaCha8Rand's fills (_core/generator/gen_chacha8rand.c).
cdef extern from *:
    """
    #include "generator/generator.h"
    CRG_DECLARE_TABLE(chacha8rand);
    """
    const crg_table crg_chacha8rand_table

from chacharand._validation import as_bounded_int, as_key_bytes, state_fields

__all__ = ["ChaCha8Rand"]

cdef extern from "chacha8rand/chacha8rand.h":
    enum:
        KEY_BYTES "CHACHA8RAND_KEY_BYTES"
        VALUES "CHACHA8RAND_VALUES"   # uint64 values of a 992-byte iteration
        READ_BUFFER "CHACHA8RAND_READ_BUFFER"

# The state's layout is the registry's; the C core must agree with it.
cdef dict STATE = family("ChaCha8Rand").state
if (STATE["key"].length, STATE["used"].limit, STATE["read_buffer"].limit) \
        != (KEY_BYTES, VALUES + 1, READ_BUFFER + 1):
    raise ImportError("chacharand's registry and C core disagree on the "
                      "ChaCha8Rand state: the build is inconsistent")

# Go's MarshalBinary: an optional "readbuf:" + length byte + the bytes a
# partial Read left, then "chacha8:" + the values used of this iteration
# (big-endian uint64) + the iteration's 32-byte key.
cdef bytes READBUF_TAG = b"readbuf:"
cdef bytes STATE_TAG = b"chacha8:"
cdef int STATE_BYTES = 48

cdef uint64_t chacha8rand_uint64(void *st) noexcept nogil:
    return chacha8rand_next_uint64(<chacha8rand_state *>st)

cdef uint32_t chacha8rand_uint32(void *st) noexcept nogil:
    return chacha8rand_next_uint32(<chacha8rand_state *>st)

cdef double chacha8rand_double(void *st) noexcept nogil:
    return chacha8rand_next_double(<chacha8rand_state *>st)


def _parse_marshalled(data):
    """(key, used, pending) of Go's MarshalBinary bytes, or a ValueError.

    Accepts what Go's UnmarshalBinary accepts, and refuses what it refuses
    or panics on (a Read buffer of more than 8 bytes).
    """
    data = as_key_bytes(data, "data", 8 + 1 + 255 + STATE_BYTES)
    pending = b""
    if data.startswith(READBUF_TAG):
        rest = data[len(READBUF_TAG):]
        if not rest or len(rest) < 1 + rest[0]:
            raise ValueError(
                "data has a 'readbuf:' prefix without a complete length-"
                "prefixed Read buffer after it")
        pending, data = rest[1:1 + rest[0]], rest[1 + rest[0]:]
        if len(pending) > READ_BUFFER:
            raise ValueError(
                f"data's Read buffer must hold at most {READ_BUFFER} bytes, "
                f"got {len(pending)}")
    if len(data) != STATE_BYTES or not data.startswith(STATE_TAG):
        raise ValueError(
            f"data must end in Go's {STATE_BYTES}-byte ChaCha8 state: "
            f"'chacha8:', a big-endian count and a 32-byte key; got "
            f"{len(data)} bytes starting {data[:8]!r}")
    used = int.from_bytes(data[8:16], "big")
    if used > VALUES:
        raise ValueError(
            f"data's count of values used must be at most {VALUES}, got "
            f"{used}")
    return data[16:], used, pending


cdef class ChaCha8Rand(KeyedBitGenerator):
    """ChaCha8Rand (C2SP chacha8rand): Go's ``math/rand/v2.ChaCha8``.

    The generator the Go runtime draws all its randomness from: ChaCha8
    with 16 blocks per iteration, of which 992 bytes are output and the
    last 32 bytes become the next key (key erasure).

    Parameters
    ----------
    seed : None, int, array_like[ints], SeedSequence, optional
        Seeds the 256-bit key through a SeedSequence, as for NumPy's bit
        generators.  None draws 256 bits of OS entropy.  Cannot be given
        with `key`.
    key : bytes, bytearray or a buffer of 1-byte items (uint8), optional
        Exactly 32 bytes: Go's seed, as ``rand.NewChaCha8(key)``.  Cannot
        be given with `seed`.

    Notes
    -----
    ``random_raw`` gives Go's successive ``Uint64()`` values and
    ``random_bytes`` follows Go's ``Read``: the bytes of a value a Read
    used only partly serve the next Read first, and ``random_raw`` calls
    in between leave them alone.  ``next_uint32`` is Go's
    ``Rand.Uint32``, the upper half of one ``Uint64`` (each 32-bit draw
    uses a whole value); ``next_double`` is the top 53 bits of
    ``next_uint64``, as NumPy's generators (Go's ``Float64`` uses the low
    53 bits, so the floats differ).  :meth:`marshal_binary` and
    :meth:`unmarshal_binary` (in place) move the state to and from Go's
    ``MarshalBinary``/``UnmarshalBinary``; :meth:`from_marshaled` makes a
    new generator from the same bytes.  ``Generator.bytes`` over a
    ChaCha8Rand is NumPy's ``bytes``, not Go's ``Read``: four bytes of each
    32-bit draw, the upper half of a whole value.  Go's ``Read`` bytes are
    :meth:`random_bytes`.

    ChaCha8Rand erases its key as it goes, so it cannot seek and has no
    ``advance`` or ``jumped``: for parallel streams use :meth:`spawn`
    (children of the SeedSequence, with independent keys).  The C state
    is wiped from memory when the generator is freed or re-keyed (Python
    copies such as ``state`` are not: see the security page).

    Examples
    --------
    >>> import numpy as np
    >>> from chacharand import ChaCha8Rand
    >>> go = ChaCha8Rand(key=b"ABCDEFGHIJKLMNOPQRSTUVWXYZ123456")
    >>> hex(go.random_raw())
    '0xb773b6063d4616a5'
    >>> rng = np.random.Generator(ChaCha8Rand(12345))
    >>> workers = [np.random.Generator(g) for g in ChaCha8Rand(7).spawn(4)]
    """

    # What inspect.signature and help() show: the class's own parameters,
    # not numpy's BitGenerator(seed=None).
    __signature__ = inspect.signature(lambda seed=None, *, key=None: None)

    def __cinit__(self, *args, **kwargs):
        cdef uint8_t zero_key[KEY_BYTES]
        self._allocate_state(sizeof(chacha8rand_state))
        self.rng_state = <chacha8rand_state *>self._state
        # A valid state from the start (zero key, portable kernel), so no
        # path ever reaches a NULL kernel, even if __init__ is skipped.
        memset(zero_key, 0, KEY_BYTES)
        self._backend = CHACHA_BACKEND_PORTABLE
        chacha8rand_init(self.rng_state, zero_key,
                         chacha_backend_chacha8rand(self._backend))

    def __init__(self, seed=None, *, key=None):
        key = self._key_from_seed(seed, key)
        self._backend = default_backend_id()
        chacha8rand_init(self.rng_state, <const uint8_t *><bytes>key,
                         chacha_backend_chacha8rand(self._backend))
        self._wire(&chacha8rand_uint64, &chacha8rand_uint32,
                   &chacha8rand_double, &crg_chacha8rand_table)

    def random_bytes(self, length):
        """`length` bytes of output, as Go's ``Read``.

        Parameters
        ----------
        length : int
            Number of bytes, >= 0.

        Returns
        -------
        bytes

        Notes
        -----
        Each value gives 8 bytes, little-endian.  Of a last, partly used
        value the rest is kept: the next ``random_bytes`` starts with it,
        and ``random_raw`` calls in between do not use it (as in Go).
        Long requests are interruptible, as for :meth:`random_raw`.

        ``Generator.bytes`` (NumPy's, and :class:`chacharand.Generator`'s)
        over a ChaCha8Rand is not Go's ``Read``: it is NumPy's ``bytes``,
        four bytes of each 32-bit draw, which is the upper half of a whole
        value (Go's ``Rand.Uint32``).
        """
        return KeyedBitGenerator.random_bytes(self, length)

    # ---- state primitives (the caller holds the lock) ---------------------

    cdef tuple _get(self):
        cdef chacha8rand_state *s = self.rng_state
        key = (<char *>s.key)[:KEY_BYTES]
        pending = (<char *>s.read_buf)[READ_BUFFER - s.read_len:READ_BUFFER]
        return key, s.used, pending

    cdef _set(self, bytes key, object used, bytes pending):
        # Checked by the callers; the C side checks the ranges again.
        if not chacha8rand_set(self.rng_state, <const uint8_t *>key,
                               <uint32_t>used, <const uint8_t *>pending,
                               <uint32_t>len(pending)):
            raise ValueError("ChaCha8Rand state out of range")

    # ---- public API --------------------------------------------------------

    @property
    def backend(self):
        """Name of the kernel that computes each iteration.

        Any name from :func:`chacharand.chacha_backends` may be set; the
        stream does not depend on it.
        """
        # Read under the lock, as the setter writes it: no torn read
        # without the GIL.
        with self.lock:
            backend = self._backend
        return backend_name(backend)

    @backend.setter
    def backend(self, name):
        cdef int backend = backend_id(name)
        with self.lock:
            self._backend = backend
            chacha8rand_set_kernel(self.rng_state,
                                   chacha_backend_chacha8rand(backend))

    @property
    def state(self):
        """The generator's state as a dict: what Go's MarshalBinary holds.

        ``{'bit_generator': 'ChaCha8Rand', 'state': {'key': bytes,
        'used': int, 'read_buffer': bytes}}``: the current iteration's
        32-byte key (Go's seed), how many of its 124 values have been
        drawn (0..124), and the bytes of a partly read value that the next
        ``random_bytes`` serves first (0..8 bytes).  No output buffer: the
        state moves between machines and backends.
        """
        with self.lock:
            key, used, pending = self._get()
        return {
            "bit_generator": "ChaCha8Rand",
            "state": {"key": key, "used": used, "read_buffer": pending},
        }

    @state.setter
    def state(self, value):
        # Everything is checked before anything changes: a rejected state
        # leaves the generator as it was.
        inner = state_fields(value, "ChaCha8Rand", STATE)
        key = as_key_bytes(inner["key"], "state['state']['key']",
                           STATE["key"].length, exact=True)
        used = as_bounded_int(inner["used"], "state['state']['used']",
                              STATE["used"].limit)
        pending = as_key_bytes(inner["read_buffer"],
                               "state['state']['read_buffer']",
                               STATE["read_buffer"].limit - 1)
        with self.lock:
            self._set(key, used, pending)

    def marshal_binary(self):
        """Go's ``MarshalBinary`` of this state.

        Returns
        -------
        bytes
            ``'chacha8:'``, the values used of the current iteration (a
            big-endian uint64) and its 32-byte key; preceded by
            ``'readbuf:'``, a length byte and the bytes still pending when
            a partial ``random_bytes`` left some.  Go's
            ``UnmarshalBinary`` continues from it exactly.
        """
        with self.lock:
            key, used, pending = self._get()
        out = STATE_TAG + used.to_bytes(8, "big") + key
        if pending:
            out = READBUF_TAG + bytes([len(pending)]) + pending + out
        return out

    def unmarshal_binary(self, data):
        """Set this generator's state from Go's ``MarshalBinary`` bytes, in
        place, as Go's ``(*ChaCha8).UnmarshalBinary``.

        Parameters
        ----------
        data : bytes, bytearray or a buffer of 1-byte items
            What Go's ``(*ChaCha8).MarshalBinary`` returned (or
            :meth:`marshal_binary`).

        Returns
        -------
        None
            The generator is now where the Go generator was: its
            ``Uint64`` and ``Read`` calls continue as ``random_raw`` and
            ``random_bytes``.  As with setting :attr:`state`, its
            SeedSequence (and so :meth:`spawn`) is unchanged.

        Raises
        ------
        ValueError
            If `data` is not an encoding Go's ``UnmarshalBinary`` accepts
            (nor one it panics on: a Read buffer over 8 bytes).  A refused
            `data` leaves the generator as it was.

        See Also
        --------
        from_marshaled : a new generator from the same bytes.

        Notes
        -----
        The whole state becomes the one `data` encodes: without a
        ``readbuf:`` prefix, no bytes of an earlier ``random_bytes`` are
        left pending.  Go's ``UnmarshalBinary`` keeps the receiver's pending
        bytes then, and sets them before it checks the rest of `data`; the
        two agree on every generator that has no pending bytes, and on
        every `data` that carries a Read buffer.
        """
        # Everything is checked before anything changes.
        key, used, pending = _parse_marshalled(data)
        with self.lock:
            self._set(key, used, pending)

    @classmethod
    def from_marshaled(cls, data):
        """A new generator from Go's ``MarshalBinary`` bytes.

        Parameters
        ----------
        data : bytes, bytearray or a buffer of 1-byte items
            What Go's ``(*ChaCha8).MarshalBinary`` returned (or
            :meth:`marshal_binary`).

        Returns
        -------
        ChaCha8Rand
            At the same position as the Go generator was: its ``Uint64``
            and ``Read`` calls continue as ``random_raw`` and
            ``random_bytes``.  Its SeedSequence is derived from the key in
            `data`, so it can ``spawn``.

        Raises
        ------
        ValueError
            If `data` is not an encoding Go's ``UnmarshalBinary`` accepts
            (nor one it panics on: a Read buffer over 8 bytes).

        See Also
        --------
        unmarshal_binary : the same state, set in place on a generator.
        """
        key, used, pending = _parse_marshalled(data)
        cdef ChaCha8Rand rng = cls(key=key)
        with rng.lock:
            rng._set(key, used, pending)
        return rng

    def _repr_fields(self):
        with self.lock:
            used = self.rng_state.used
        return f"used={used} backend={self.backend!r}"
