#cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The C side of chacharand.CounterGenerator, on a ChaCha bit generator.

The method table (read from the C core's cr_counter_methods, the one list
of the counter-based methods), the fills (chacha_counter.c): at the bit
generator's position moving it on, at any position without moving it (a
slice of a draw), on many streams at once; and `claim`/`input_words`,
which hand a GPU launch its start.  Every function holds the bit
generator's lock while it reads or moves the position; the fills release
the GIL a chunk at a time and check for signals between chunks.  The
callers (chacharand/_counter_generator.py) check the arguments: `out` is
a C-contiguous, writeable, aligned array of the method's item size.
"""
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

cimport numpy as cnp

from chacharand._base cimport crg_args, crg_fill_fn, cr_wipe
from chacharand._chacha cimport (ChaChaBitGenerator, chacha_blocks_fn,
                                 chacha_state)

cnp.import_array()

cdef extern from "chacha/chacha_dispatch.h" nogil:
    ctypedef void (*chacha_streams_fn)(const uint32_t *input,
                                       const uint64_t *streams,
                                       size_t nstreams, uint8_t *out,
                                       size_t nblocks)
    chacha_streams_fn chacha_backend_streams(int id, int rounds)

cdef extern from "chacha/chacha_counter.h" nogil:
    ctypedef struct cr_counter_params:
        double a, b
        uint64_t low, rng
        int flag

    ctypedef struct cr_counter_method:
        const char *name
        unsigned words
        unsigned itemsize
        char kind

    const cr_counter_method cr_counter_methods[]
    const int cr_counter_method_count
    const unsigned long long CR_NARROW_RANGE_MAX

    ctypedef struct cr_word_pos:
        uint64_t block
        unsigned word

    void chacha_counter_draw(const uint32_t *input, chacha_blocks_fn blocks,
                             cr_word_pos pos, int method,
                             const cr_counter_params *p, uint64_t first,
                             void *out, size_t n)
    void chacha_counter_draw_streams(const uint32_t *input,
                                     chacha_blocks_fn blocks,
                                     chacha_streams_fn lanes,
                                     cr_word_pos pos, int method,
                                     const cr_counter_params *p,
                                     const uint64_t *streams,
                                     size_t nstreams, uint64_t first,
                                     void *out, size_t row_len, size_t n)
    void chacha_counter_fill(chacha_state *s, int method,
                             const cr_counter_params *p, void *out, size_t n)
    void cr_counter_apply(int method, const uint32_t *w, void *out, size_t m,
                          const cr_counter_params *p)
    const char *cr_counter_simd(int allow)
    const char *cr_counter_simd_kernels(int backend)
    const char *cr_counter_simd_use(int backend)

cdef extern from "chacha/chacha_dispatch.h" nogil:
    enum: CHACHA_BACKEND_COUNT

cdef object WORD_POS_LIMIT = 2 ** 68

# Elements per call without the GIL in the loops here (the fill at the
# position goes through the bit generator's own loop): a few milliseconds
# of work at most, so Ctrl-C is seen promptly.
cdef size_t CHUNK = 1 << 16


def methods():
    """The C core's method table: name -> (id, words per element, item
    size in bytes, kind 'u' or 'f'), in the core's order."""
    cdef int i
    out = {}
    for i in range(cr_counter_method_count):
        m = cr_counter_methods[i]
        out[m.name.decode()] = (i, m.words, m.itemsize, chr(m.kind))
    return out


def simd(kernels=True):
    """The SIMD kernels of the transforms, process-wide: True, the default
    (the widest the CPU and CHACHARAND_SIMD allow); False, none (portable
    C); or a name from simd_kernels(), that instruction set's.  Returns
    the name of the kernels now in use.  For tests and benchmarks: the
    bits are the same whichever is used."""
    cdef int backend
    cdef const char *name
    if kernels is True or kernels is False:
        return cr_counter_simd(kernels).decode()
    if not isinstance(kernels, str):
        raise TypeError(
            f"kernels must be True, False or a name, not {type(kernels).__name__}")
    for backend in range(CHACHA_BACKEND_COUNT):
        name = cr_counter_simd_kernels(backend)
        if name != NULL and name.decode() == kernels:
            return cr_counter_simd_use(backend).decode()
    raise ValueError(
        f"kernels {kernels!r} are not available here; these are: "
        f"{', '.join(simd_kernels())}")


def simd_kernels():
    """The names of the transforms' kernels that this build has and this
    CPU runs: "portable" first, then the SIMD ones, in the keystream
    backends' order."""
    cdef int backend
    cdef const char *name
    names = []
    for backend in range(CHACHA_BACKEND_COUNT):
        name = cr_counter_simd_kernels(backend)
        if name != NULL:
            names.append(name.decode())
    return names


def apply(int method, cnp.ndarray words, cnp.ndarray out, double a=0.0,
          double b=0.0, uint64_t low=0, uint64_t rng=0, int flag=0):
    """The method's elements of given keystream `words` (a C-contiguous
    uint32 array of K * out.size words) into `out`: the element functions
    alone, for tests of chosen words."""
    cdef cr_counter_params p = params(a, b, low, rng, flag)
    if words.size < cr_counter_methods[method].words * out.size:
        raise ValueError("words is too short for out")
    cr_counter_apply(method, <const uint32_t *>cnp.PyArray_DATA(words),
                     cnp.PyArray_DATA(out), <size_t>out.size, &p)
    return out


def narrow_range_max():
    """The largest `rng` (values - 1) of the two-word integers methods;
    wider ranges take the four-word ones."""
    return CR_NARROW_RANGE_MAX


cdef cr_counter_params params(double a, double b, uint64_t low,
                              uint64_t rng, int flag) noexcept:
    cdef cr_counter_params p
    p.a = a
    p.b = b
    p.low = low
    p.rng = rng
    p.flag = flag
    return p


cdef void fill_at_position(void *state, void *out, size_t n,
                           crg_args *args) noexcept nogil:
    """A crg_fill_fn: the counter method args.ia from the state's position,
    moving it (its parameters: a, b, off = low, rng, ib = flag)."""
    cdef cr_counter_params p
    p.a = args.a
    p.b = args.b
    p.low = args.off
    p.rng = args.rng
    p.flag = <int>args.ib
    chacha_counter_fill(<chacha_state *>state, <int>args.ia, &p, out, n)


def fill(ChaChaBitGenerator bg, int method, cnp.ndarray out, double a=0.0,
         double b=0.0, uint64_t low=0, uint64_t rng=0, int flag=0):
    """`out.size` elements of `method` from the bit generator's position,
    moving it past their words; an interrupted fill (Ctrl-C) leaves it
    where it was (the bit generator's own chunked loop)."""
    cdef crg_args args
    args.a = a
    args.b = b
    args.off = low
    args.rng = rng
    args.ia = method
    args.ib = flag
    cdef size_t n = <size_t>cnp.PyArray_SIZE(out)
    with bg.lock:
        bg._fill_fn_locked(<crg_fill_fn>fill_at_position,
                           cnp.PyArray_DATA(out), n,
                           <size_t>cnp.PyArray_ITEMSIZE(out), &args)
    return out


cdef cr_word_pos split(object word_pos):
    cdef cr_word_pos pos
    word_pos %= WORD_POS_LIMIT
    pos.block = <uint64_t>(word_pos >> 4)
    pos.word = <unsigned>(word_pos & 15)
    return pos


cdef void copy_stream(ChaChaBitGenerator bg, uint32_t *input,
                      chacha_blocks_fn *blocks):
    """The bit generator's ChaCha input and kernel (caller holds the lock)."""
    memcpy(input, bg.rng_state.input, 16 * sizeof(uint32_t))
    blocks[0] = bg.rng_state.blocks


def fill_runs(ChaChaBitGenerator bg, int method, cnp.ndarray out,
              word_pos, cnp.ndarray offsets, size_t run_len, double a=0.0,
              double b=0.0, uint64_t low=0, uint64_t rng=0, int flag=0):
    """Runs of a draw that starts at `word_pos` on the bit generator's key
    and stream, without moving it: run r is the draw's elements
    offsets[r] .. offsets[r] + run_len - 1, into out[r*run_len:].

    `offsets` is a C-contiguous uint64 array; `out` holds
    len(offsets) * run_len elements.
    """
    cdef uint32_t input[16]
    cdef chacha_blocks_fn blocks
    cdef cr_counter_params p = params(a, b, low, rng, flag)
    cdef cr_word_pos pos = split(word_pos)
    cdef const uint64_t *first = <const uint64_t *>cnp.PyArray_DATA(offsets)
    cdef size_t runs = <size_t>cnp.PyArray_SIZE(offsets)
    cdef char *data = <char *>cnp.PyArray_DATA(out)
    cdef size_t itemsize = <size_t>cnp.PyArray_ITEMSIZE(out)
    cdef size_t r = 0, done, step, batch
    with bg.lock:
        copy_stream(bg, input, &blocks)
    try:
        # Whole runs, or chunks of a long one, between signal checks.
        while r < runs:
            if run_len >= CHUNK:
                done = 0
                while done < run_len:
                    step = min(run_len - done, CHUNK)
                    with nogil:
                        chacha_counter_draw(
                            input, blocks, pos, method, &p, first[r] + done,
                            data + (r * run_len + done) * itemsize, step)
                    done += step
                    PyErr_CheckSignals()
                r += 1
            else:
                batch = min(runs - r, max(1, CHUNK // max(run_len, 1)))
                with nogil:
                    for done in range(r, r + batch):
                        chacha_counter_draw(input, blocks, pos, method, &p,
                                            first[done],
                                            data + done * run_len * itemsize,
                                            run_len)
                r += batch
                PyErr_CheckSignals()
    finally:
        cr_wipe(input, sizeof(input))
    return out


def fill_streams(ChaChaBitGenerator bg, int method, cnp.ndarray out,
                 cnp.ndarray streams, size_t row_len, double a=0.0,
                 double b=0.0, uint64_t low=0, uint64_t rng=0, int flag=0):
    """Row j of `out` (len(streams) rows of `row_len` elements): the draw
    on stream streams[j] from the bit generator's key and position; then
    the bit generator moves on by one row's words, as a draw of `row_len`
    elements on its own stream would.  An interrupted fill leaves it where
    it was."""
    cdef uint32_t input[16]
    cdef chacha_blocks_fn blocks
    cdef chacha_streams_fn lanes
    cdef cr_counter_params p = params(a, b, low, rng, flag)
    cdef cr_word_pos pos
    cdef const uint64_t *ids = <const uint64_t *>cnp.PyArray_DATA(streams)
    cdef size_t nstreams = <size_t>cnp.PyArray_SIZE(streams)
    cdef char *data = <char *>cnp.PyArray_DATA(out)
    cdef size_t itemsize = <size_t>cnp.PyArray_ITEMSIZE(out)
    cdef size_t first = 0, done, step, count
    # About CHUNK elements per call: whole rows of as many streams as that
    # holds (the C code then draws them together, the streams in the SIMD
    # lanes when the rows are short), or a CHUNK of one long row.
    cdef size_t group = max(1, CHUNK // max(row_len, 1))
    k = cr_counter_methods[method].words
    with bg.lock:
        word_pos = bg._tell()
        pos = split(word_pos)
        copy_stream(bg, input, &blocks)
        # The streams kernel of the bit generator's backend (its kernel is
        # the block kernel of that backend and round count).
        lanes = chacha_backend_streams(bg._backend, bg.rng_state.rounds)
        try:
            while first < nstreams:
                count = min(nstreams - first, group)
                done = 0
                while done < row_len:
                    step = min(row_len - done, CHUNK)
                    with nogil:
                        chacha_counter_draw_streams(
                            input, blocks, lanes, pos, method, &p,
                            ids + first,
                            count, done, data + first * row_len * itemsize,
                            row_len, step)
                    done += step
                    PyErr_CheckSignals()
                first += count
        finally:
            cr_wipe(input, sizeof(input))
        bg._seek((word_pos + k * row_len) % WORD_POS_LIMIT)
    return out


cdef list kernel_input(ChaChaBitGenerator bg, object stream, object word_pos):
    """The kernel input at `word_pos` on `stream` (None: the bit
    generator's own); the caller holds the lock."""
    cdef int i
    words = [bg.rng_state.input[i] for i in range(16)]
    block = word_pos >> 4
    words[12] = block & 0xFFFFFFFF
    words[13] = block >> 32
    if stream is not None:
        words[14] = stream & 0xFFFFFFFF
        words[15] = stream >> 32
    return words


def claim(ChaChaBitGenerator bg, nwords):
    """The kernel input for a draw of `nwords` words, and the bit generator
    moved past them, in one step under its lock.

    Returns (input, first_word): the 16 words of the ChaCha input
    (constants, key, the 64-bit counter of the block holding the first
    word, stream) as a list of ints, and the word in that block (0-15)
    where the draw starts.
    """
    with bg.lock:
        word_pos = bg._tell()
        words = kernel_input(bg, None, word_pos)
        bg._seek((word_pos + nwords) % WORD_POS_LIMIT)
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


def input_words(ChaChaBitGenerator bg, stream, word_pos):
    """The kernel input (as `claim`) for a draw at `word_pos` on `stream`
    (None: the bit generator's own), without moving the bit generator."""
    word_pos %= WORD_POS_LIMIT
    with bg.lock:
        words = kernel_input(bg, stream, word_pos)
    return words, word_pos & 15


def tell(ChaChaBitGenerator bg):
    """The bit generator's word position, read under its lock."""
    with bg.lock:
        return bg._tell()


def claim_position(ChaChaBitGenerator bg, nwords):
    """The word position of a draw of `nwords` words, and the bit
    generator moved past them, in one step under its lock."""
    with bg.lock:
        word_pos = bg._tell()
        bg._seek((word_pos + nwords) % WORD_POS_LIMIT)
    return word_pos
