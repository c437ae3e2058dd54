#cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""chacharand.Generator: numpy's Generator, drawing its hot methods in C.

NumPy's Generator calls the bit generator through a function pointer for
every value.  For chacharand's own bit generators this class fills arrays
in C straight from the generator's buffer (``_core/generator``), with the
same algorithms, so it returns exactly NumPy's numbers and leaves the bit
generator exactly where NumPy would.

Argument handling is NumPy's: a fast path is taken only for arguments
that are plainly valid (scalar bounds, known dtypes, a well-formed `out`);
anything else -- array bounds, odd dtypes, bad values -- goes to
``numpy.random.Generator``'s own method, which draws or raises exactly as
NumPy does.  Bit generators of other packages (PCG64, ...) always take
NumPy's path.
"""
import sys
import threading
import warnings

import numpy as np

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.math cimport isfinite, isnan, signbit
from libc.stdint cimport (int8_t, int16_t, int32_t, int64_t, uint8_t,
                          uint16_t, uint32_t, uint64_t)
from libc.string cimport memset
import operator

cimport numpy as cnp

from chacharand._base cimport (
    CRG_BOUNDED_BOOL, CRG_BOUNDED_U8, CRG_BOUNDED_U16, CRG_BOUNDED_U32,
    CRG_BOUNDED_U64, CRG_NORMAL, CRG_RANDOM, CRG_STD_EXP, CRG_STD_EXP_INV,
    CRG_STD_NORMAL, CRG_UNIFORM, KeyedBitGenerator, crg_args)

cnp.import_array()

cdef extern from "generator/convert.h" nogil:
    const char *crg_convert_backend()

__all__ = ["Generator", "default_rng"]


def conversion_backend():
    """The loops that turn words into doubles: "avx512" or "portable"."""
    return crg_convert_backend().decode("ascii")

_NumPyGenerator = np.random.Generator

# What a fast path returns when NumPy's own method must handle the call.
cdef object DEFER = object()

cdef bint LITTLE_ENDIAN = sys.byteorder == "little"

# ---- dtype arguments ---------------------------------------------------------
# dtype argument -> method code, remembered per hashable argument so a
# repeated call costs a dict lookup, not np.dtype().  Unknown dtypes are
# resolved with NumPy's own comparisons, in NumPy's order.

cdef dict _float_kinds = {}
cdef dict _int_kinds = {}

# (scalar type, method, bits, signed), in NumPy's order of comparison.
cdef tuple _INT_SPECS = (
    (np.int32, CRG_BOUNDED_U32, 32, True),
    (np.int64, CRG_BOUNDED_U64, 64, True),
    (np.int16, CRG_BOUNDED_U16, 16, True),
    (np.int8, CRG_BOUNDED_U8, 8, True),
    (np.uint64, CRG_BOUNDED_U64, 64, False),
    (np.uint32, CRG_BOUNDED_U32, 32, False),
    (np.uint16, CRG_BOUNDED_U16, 16, False),
    (np.uint8, CRG_BOUNDED_U8, 8, False),
    (np.bool_, CRG_BOUNDED_BOOL, 1, False),
)


cdef class _IntSpec:
    """What integers() needs to know about one dtype."""
    cdef object scalar          # the NumPy scalar type of the result
    cdef int method
    cdef int bits
    cdef bint signed
    cdef object lb, ub, mask    # bounds and the two's complement mask
    cdef Py_ssize_t itemsize


cdef _IntSpec make_int_spec(object scalar, int method, int bits, bint signed):
    cdef _IntSpec spec = _IntSpec.__new__(_IntSpec)
    spec.scalar, spec.method, spec.bits, spec.signed = (scalar, method,
                                                        bits, signed)
    cdef object one = 1             # Python ints: no C shift overflow
    if signed:
        spec.lb, spec.ub = -(one << (bits - 1)), (one << (bits - 1)) - 1
    else:
        spec.lb, spec.ub = 0, (one << bits) - 1
    spec.mask = (one << bits) - 1
    spec.itemsize = bits // 8 if bits >= 8 else 1
    return spec


cdef int float_kind(object dtype) except -2:
    """0 for float64, 1 for float32, -1 for anything NumPy must judge."""
    try:
        return _float_kinds[dtype]
    except (KeyError, TypeError):
        pass
    try:
        resolved = np.dtype(dtype)
    except Exception:
        return -1
    kind = 0 if resolved == np.float64 else 1 if resolved == np.float32 \
        else -1
    try:
        _float_kinds[dtype] = kind
    except TypeError:
        pass
    return kind


cdef _IntSpec int_kind(object dtype):
    """The _IntSpec of an integer dtype, or None for NumPy to judge."""
    try:
        return _int_kinds[dtype]
    except (KeyError, TypeError):
        pass
    try:
        resolved = np.dtype(dtype)
    except Exception:
        return None
    found = None
    for scalar, method, bits, signed in _INT_SPECS:
        if resolved == scalar:
            found = make_int_spec(scalar, method, bits, signed)
            break
    try:
        _int_kinds[dtype] = found
    except TypeError:
        pass
    return found


cdef bint plain_int(object x):
    """An integer NumPy takes as it is (not bool, not an array)."""
    return (type(x) is int or
            (isinstance(x, np.integer) and not isinstance(x, np.bool_)))


cdef bint plain_real(object x):
    return type(x) is float or type(x) is int or isinstance(x, np.float64)


cdef bint good_out(object out, object dtype):
    """Whether `out` is an array NumPy would fill as it is."""
    if not isinstance(out, np.ndarray):
        return False
    cdef cnp.ndarray arr = <cnp.ndarray>out
    return ((cnp.PyArray_ISCARRAY(arr) or cnp.PyArray_ISFARRAY(arr))
            and arr.dtype == dtype)


# ---- the word source of one bit generator ---------------------------------

def fast_path_calls(generator):
    """How many calls of `generator` have drawn through the C fills.

    Counted per generator, under its bit generator's lock, so that threads
    drawing from generators of their own share no counter.
    """
    cdef _Source src = getattr(generator, "_source", None)
    if src is None:
        return 0
    with src.keyed.lock:
        return src.fast_calls


cdef class _Source:
    """A chacharand bit generator, and which of its fills take NumPy's path."""
    cdef KeyedBitGenerator keyed
    cdef uint64_t deferred      # bits of FAST_METHODS that take NumPy's path
    cdef Py_ssize_t fast_calls  # calls that took the C path (for the tests)

    cdef int run(self, int method, char *out, Py_ssize_t n,
                 Py_ssize_t itemsize, crg_args *args) except -1:
        """`n` values of `method` into `out`, through the bit generator's
        one fill loop (chunked, interruptible: see _base), under its lock,
        taken once (the call count too: free-threaded builds)."""
        with self.keyed.lock:
            self.fast_calls += 1
            return self.keyed._fill_locked(method, out, <size_t>n,
                                           <size_t>itemsize, args)

    cdef object floats(self, int method, int kind, object size, object out,
                       crg_args *args):
        """A float64 (kind 0) or float32 (kind 1) method, NumPy's
        double_fill/float_fill/cont conventions: a Python float for
        size=None, else a new array of `size` or `out` filled."""
        cdef double d
        cdef float f
        cdef cnp.ndarray arr
        if out is None:
            if size is None:
                if kind == 0:
                    self.run(method, <char *>&d, 1, 8, args)
                    return d
                self.run(method, <char *>&f, 1, 4, args)
                return f
            arr = np.empty(size, np.float64 if kind == 0 else np.float32)
        elif size is None and good_out(out, np.float64 if kind == 0
                                       else np.float32):
            arr = out
        else:
            return DEFER
        self.run(method, <char *>cnp.PyArray_DATA(arr),
                 cnp.PyArray_SIZE(arr), 8 if kind == 0 else 4, args)
        return arr

    cdef object integers(self, object low, object high, object size,
                         object dtype, object endpoint):
        cdef crg_args args
        cdef uint64_t value = 0
        cdef cnp.ndarray arr
        cdef _IntSpec spec
        if high is None:
            low, high = 0, low
        spec = int_kind(dtype)
        if spec is None or not plain_int(low) or not plain_int(high):
            return DEFER
        if not (size is None or type(size) is int or type(size) is tuple):
            return DEFER            # NumPy's np.prod(size) judges it
        lo = int(low)
        hi = int(high)
        if not endpoint:
            hi -= 1
        if lo < spec.lb or hi > spec.ub or lo > hi:
            return DEFER            # NumPy raises its ValueError
        memset(&args, 0, sizeof(args))
        args.off = <uint64_t>(lo & spec.mask)
        args.rng = <uint64_t>(hi - lo)
        if size is not None:
            arr = np.empty(size, spec.scalar)
            self.run(spec.method, <char *>cnp.PyArray_DATA(arr),
                     cnp.PyArray_SIZE(arr), spec.itemsize, &args)
            return arr
        self.run(spec.method, <char *>&value, 1, spec.itemsize, &args)
        # The value's bits, read as the dtype (the fill wrote itemsize
        # bytes at the start of `value`).
        cdef object v
        if spec.bits == 1:
            v = (<uint8_t *>&value)[0] != 0
        elif spec.signed:
            if spec.bits == 64:
                v = <int64_t>value
            elif spec.bits == 32:
                v = (<int32_t *>&value)[0]
            elif spec.bits == 16:
                v = (<int16_t *>&value)[0]
            else:
                v = (<int8_t *>&value)[0]
        else:
            if spec.bits == 64:
                v = value
            elif spec.bits == 32:
                v = (<uint32_t *>&value)[0]
            elif spec.bits == 16:
                v = (<uint16_t *>&value)[0]
            else:
                v = (<uint8_t *>&value)[0]
        result = spec.scalar(v)
        if dtype is bool or dtype is int:
            return dtype(result)    # as NumPy: a Python int or bool
        return result

    cdef object random_bytes(self, object length):
        """Generator.bytes: ceil(length / 4) 32-bit draws, little-endian."""
        cdef crg_args args
        if type(length) is not int or length < 0 or not LITTLE_ENDIAN:
            return DEFER
        # NumPy's count, ((length - 1) // 4 + 1) in C division: one word
        # is drawn (and dropped) even for length 0.
        n_words = (length + 3) // 4 if length > 0 else 1
        out = PyBytes_FromStringAndSize(NULL, 4 * n_words)
        memset(&args, 0, sizeof(args))
        args.rng = 0xFFFFFFFF
        self.run(CRG_BOUNDED_U32, PyBytes_AS_STRING(out), n_words, 4, &args)
        return out if 4 * n_words == length else out[:length]


cdef _Source source_of(object bit_generator):
    """The C source of a keyed chacharand bit generator, None for any
    other: the bit generator's own fill table says how to draw."""
    if not isinstance(bit_generator, KeyedBitGenerator) or \
            (<KeyedBitGenerator>bit_generator)._fills == NULL:
        return None
    cdef _Source src = _Source.__new__(_Source)
    src.keyed = bit_generator
    src.deferred = 0
    src.fast_calls = 0
    for bit, name in enumerate(FAST_METHODS):
        if name in _deferred:
            src.deferred |= (<uint64_t>1) << bit
    return src


cdef _Source fast_source(object generator, int method_index):
    """The source to draw a method (its index in FAST_METHODS) from, or
    None for NumPy's path."""
    cdef _Source src = generator._source
    if src is None or (src.deferred >> method_index) & 1:
        return None
    return src


# Methods whose algorithm in the running NumPy differs from ours (see
# _agreement.py): those always take NumPy's path.  Found once, when the
# first Generator over a chacharand bit generator is made; 0 unchecked,
# 1 being checked (by the thread holding _agreement_lock, whose probe
# Generators must not check again), 2 done.
cdef set _deferred = set()
cdef int _agreement_state = 0
_agreement_lock = threading.RLock()


cdef check_agreement():
    # The state is read under the lock too: without the GIL an unlocked
    # read could see "done" while another thread is still filling
    # _deferred, and a Generator made then would take a C path that the
    # check is about to turn off.  Other threads wait here until the check
    # is done.
    global _agreement_state
    with _agreement_lock:
        if _agreement_state != 0:
            return
        _agreement_state = 1
        try:
            from chacharand._agreement import disagreeing_methods
            _deferred.update(disagreeing_methods(Generator))
        except Exception as exc:
            # Could not tell: every method takes NumPy's path.
            _deferred.update(FAST_METHODS)
            warnings.warn(
                f"chacharand.Generator could not compare its methods with "
                f"NumPy's ({exc!r}); every method takes NumPy's path",
                RuntimeWarning, stacklevel=3)
        finally:
            _agreement_state = 2


def deferred_methods():
    """The methods that take NumPy's path because the running NumPy draws
    them differently from chacharand's C fills (normally none)."""
    return frozenset(_deferred)


# The methods with a C path: index i in FAST_METHODS is bit i of a
# source's `deferred`.
cdef enum:
    FAST_RANDOM
    FAST_STANDARD_NORMAL
    FAST_STANDARD_EXPONENTIAL
    FAST_UNIFORM
    FAST_NORMAL
    FAST_INTEGERS
    FAST_BYTES
    # continuous distributions (_generator_continuous.pxi)
    FAST_EXPONENTIAL
    FAST_LOGNORMAL
    FAST_LAPLACE
    FAST_LOGISTIC
    FAST_GUMBEL
    FAST_WEIBULL
    FAST_RAYLEIGH
    FAST_PARETO
    FAST_POWER
    FAST_STANDARD_CAUCHY
    FAST_WALD
    FAST_TRIANGULAR
    FAST_VONMISES
    FAST_STANDARD_GAMMA
    FAST_GAMMA
    FAST_BETA
    FAST_CHISQUARE
    FAST_STANDARD_T
    FAST_F
    FAST_NONCENTRAL_CHISQUARE
    FAST_NONCENTRAL_F
    FAST_DIRICHLET

include "_generator_continuous.pxi"

FAST_METHODS = ("random", "standard_normal", "standard_exponential",
                "uniform", "normal", "integers", "bytes") + CONTINUOUS_METHODS


class Generator(_ContinuousMethods, _NumPyGenerator):
    """NumPy's Generator, with the hot methods drawn in C.

    A subclass of :class:`numpy.random.Generator`: every method is
    there and returns exactly what NumPy's Generator returns over the same
    bit generator, leaving the bit generator at the same position.  Over
    chacharand's bit generators, ``random``, ``integers``, ``uniform``,
    ``standard_normal``, ``normal``, ``standard_exponential``, ``bytes``
    and the continuous distributions (``gamma``, ``beta``, ``exponential``,
    ... : ``FAST_METHODS`` lists them), with scalar or array parameters
    (and ``choice`` with replacement, through ``integers``;
    ``multivariate_normal``, through ``standard_normal``) are filled in
    C straight from the generator's buffer, without NumPy's per-value
    function-pointer call.  Other bit generators take NumPy's path.

    Parameters
    ----------
    bit_generator : BitGenerator
        The bit generator to draw from, as for NumPy's Generator.

    Notes
    -----
    Each call holds the bit generator's ``lock`` once and releases the GIL
    while filling.  Long fills go in chunks of 2**20 values and check for
    signals between chunks: on KeyboardInterrupt the call raises and the
    bit generator is put back where it was before the call (an ``out=``
    array keeps the values of the finished chunks).

    Examples
    --------
    >>> import chacharand
    >>> rng = chacharand.Generator(chacharand.ChaCha8(12345))
    >>> x = rng.standard_normal(1000)
    >>> twin = np.random.Generator(chacharand.ChaCha8(12345))
    >>> bool((twin.standard_normal(1000) == x).all())
    True
    """

    __slots__ = ("_source",)

    def __init__(self, bit_generator):
        _NumPyGenerator.__init__(self, bit_generator)
        if isinstance(bit_generator, KeyedBitGenerator):
            check_agreement()
        self._source = source_of(bit_generator)

    def __reduce__(self):
        # NumPy's reduce rebuilds a numpy.random.Generator: rebuild this
        # class around the (pickled) bit generator instead.
        return type(self), (self.bit_generator,)

    def random(self, size=None, dtype=np.float64, out=None):
        cdef _Source src = fast_source(self, FAST_RANDOM)
        cdef int kind
        if src is not None:
            kind = float_kind(dtype)
            if kind >= 0:
                result = src.floats(CRG_RANDOM + kind, kind, size, out, NULL)
                if result is not DEFER:
                    return result
        return _NumPyGenerator.random(self, size, dtype, out)

    def standard_normal(self, size=None, dtype=np.float64, out=None):
        cdef _Source src = fast_source(self, FAST_STANDARD_NORMAL)
        cdef int kind
        if src is not None:
            kind = float_kind(dtype)
            if kind >= 0:
                result = src.floats(CRG_STD_NORMAL + kind, kind, size, out,
                                    NULL)
                if result is not DEFER:
                    return result
        return _NumPyGenerator.standard_normal(self, size, dtype, out)

    def standard_exponential(self, size=None, dtype=np.float64,
                             method="zig", out=None):
        cdef _Source src = fast_source(self, FAST_STANDARD_EXPONENTIAL)
        cdef int kind
        if src is not None and type(method) is str:
            kind = float_kind(dtype)
            if kind >= 0:
                # NumPy: "zig" is the ziggurat, any other string inversion.
                base = CRG_STD_EXP if method == "zig" else CRG_STD_EXP_INV
                result = src.floats(base + kind, kind, size, out, NULL)
                if result is not DEFER:
                    return result
        return _NumPyGenerator.standard_exponential(self, size, dtype,
                                                    method, out)

    def uniform(self, low=0.0, high=1.0, size=None):
        cdef _Source src = fast_source(self, FAST_UNIFORM)
        cdef crg_args args
        cdef double lo, hi, rng
        if src is not None and plain_real(low) and plain_real(high):
            try:
                lo = low
                hi = high
            except OverflowError:
                pass                # NumPy says what is wrong
            else:
                rng = hi - lo
                # NumPy raises for an infinite or negative range.
                if isfinite(rng) and not signbit(rng):
                    memset(&args, 0, sizeof(args))
                    args.a = lo
                    args.b = rng
                    result = src.floats(CRG_UNIFORM, 0, size, None, &args)
                    if result is not DEFER:
                        return result
        return _NumPyGenerator.uniform(self, low, high, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        cdef _Source src = fast_source(self, FAST_NORMAL)
        cdef crg_args args
        cdef double mu, sigma
        if src is not None and plain_real(loc) and plain_real(scale):
            try:
                mu = loc
                sigma = scale
            except OverflowError:
                pass
            else:
                # NumPy raises for a negative scale (-0.0 included).
                if isnan(sigma) or not signbit(sigma):
                    memset(&args, 0, sizeof(args))
                    args.a = mu
                    args.b = sigma
                    result = src.floats(CRG_NORMAL, 0, size, None, &args)
                    if result is not DEFER:
                        return result
        return _NumPyGenerator.normal(self, loc, scale, size)

    def integers(self, low, high=None, size=None, dtype=np.int64,
                 endpoint=False):
        cdef _Source src = fast_source(self, FAST_INTEGERS)
        if src is not None:
            result = src.integers(low, high, size, dtype, endpoint)
            if result is not DEFER:
                return result
        return _NumPyGenerator.integers(self, low, high, size, dtype,
                                        endpoint)

    def bytes(self, length):
        cdef _Source src = fast_source(self, FAST_BYTES)
        if src is not None:
            result = src.random_bytes(length)
            if result is not DEFER:
                return result
        return _NumPyGenerator.bytes(self, length)



# The methods' documentation is NumPy's: they do exactly what NumPy's do.
for _name in FAST_METHODS:
    try:
        _owner = Generator if _name in Generator.__dict__ \
            else _ContinuousMethods
        getattr(_owner, _name).__doc__ = \
            getattr(_NumPyGenerator, _name).__doc__
    except (AttributeError, TypeError):
        pass
del _name


def default_rng(seed=None):
    """A :class:`Generator` over a ChaCha20 bit generator.

    Parameters
    ----------
    seed : None, int, array_like[ints], SeedSequence, BitGenerator, Generator
        As for :func:`numpy.random.default_rng`: a seed makes a new
        :class:`~chacharand.ChaCha20` (None: 256 bits of OS entropy); a
        bit generator is wrapped as it is; a Generator is returned
        unaltered.

    Returns
    -------
    Generator
    """
    if isinstance(seed, _NumPyGenerator):
        return seed
    if isinstance(seed, np.random.BitGenerator):
        return Generator(seed)
    from chacharand._registry import DEFAULT_FAMILY, family
    return Generator(family(DEFAULT_FAMILY).cls(seed))
