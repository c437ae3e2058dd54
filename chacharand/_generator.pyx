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
from cpython.pycapsule cimport PyCapsule_IsValid
from cpython.ref cimport PyObject
from cpython.sequence cimport PySequence_Fast_ITEMS
from libc.math cimport isfinite, isnan, signbit, sqrt
from libc.stdint cimport (INT64_MIN, int8_t, int16_t, int32_t, int64_t, uint8_t,
                          uint16_t, uint32_t, uint64_t)
from libc.string cimport memcpy, memset
import operator

cimport cython
cimport numpy as cnp

from chacharand._base cimport (
    CRG_BINOMIAL, CRG_BOUNDED_BOOL, CRG_BOUNDED_U8, CRG_BOUNDED_U16,
    CRG_BOUNDED_U32, CRG_BOUNDED_U64, CRG_FLOYD, CRG_GEOMETRIC,
    CRG_HYPERGEOMETRIC, CRG_LOGSERIES, CRG_MULTINOMIAL, CRG_MVHG,
    CRG_NEG_BINOMIAL, CRG_NORMAL, CRG_POISSON, CRG_RANDOM, CRG_SHUFFLE,
    CRG_STD_EXP, CRG_STD_EXP_INV, CRG_STD_NORMAL, CRG_UNIFORM,
    CRG_V_BINOMIAL_LOG1P, CRG_V_BTPE_STIRLING_FIXED, CRG_V_ZIPF_UMIN,
    CRG_ZIPF, KeyedBitGenerator, crg_args, crg_floyd_job, crg_mvhg_job,
    crg_shuffle_job)

cnp.import_array()

cdef extern from "generator/convert.h" nogil:
    const char *crg_convert_backend()

cdef extern from "generator/pow_shortcut.h" nogil:
    const char *crg_pow_backend()
    void crg_log_pass(double *out, const double *x, size_t n)
    void crg_log_odds_pass(double *out, const double *x, size_t n,
                           double loc, double scale)
    int crg_laplace_pass(double *out, const double *u, size_t n, double loc,
                         double scale)
    void crg_log_near_pass(double *out, const double *x, size_t n)
    void crg_pow_pass_each(double *out, const double *x, const double *y,
                           size_t n)

cdef extern from "generator/johnk_bounds.h" nogil:
    void crg_johnk_bounds(const double *uv, size_t m, size_t w_at, double f,
                          double *w, double *z, double *below,
                          double *above, double *lo, double *hi)
    int crg_johnk_passes(double e, double below, double lo)
    int crg_johnk_fails(double e, double above, double hi)

cdef extern from "generator/poisson_bounds.h" nogil:
    int crg_ptrs_verdict(double v, double q, double invalpha, double rhs)
    void crg_exp_bounds(double lam, double *low, double *high)

cdef extern from "generator/piece_constants.h" nogil:
    const char *crg_piece_constants_backend()

__all__ = ["Generator", "default_rng"]


def conversion_backend():
    """The loops that turn words into doubles: "avx512" or "portable"."""
    return crg_convert_backend().decode("ascii")


def pow_backend():
    """The loops that take pow over arrays (exponents other than 2 and
    1/2) and log over arrays (logistic, gumbel): "avx2" or "libm"."""
    return crg_pow_backend().decode("ascii")


def _log_pass(x):
    """log of each value of x (float64), by the pass that logistic and
    gumbel take (for the tests, which compare it with the C library's)."""
    cdef cnp.ndarray[cnp.float64_t, ndim=1] src = _float64_vector(x)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] out = np.empty_like(src)
    if src.shape[0] > 0:
        crg_log_pass(&out[0], &src[0], src.shape[0])
    return out


def _log_odds_pass(x, double loc=0.0, double scale=1.0):
    """loc + scale * log(x / (1 - x)) of each value of x (float64), by the
    pass that logistic takes (for the tests, which compare it with the C
    library's division and log)."""
    cdef cnp.ndarray[cnp.float64_t, ndim=1] src = _float64_vector(x)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] out = np.empty_like(src)
    if src.shape[0] > 0:
        crg_log_odds_pass(&out[0], &src[0], src.shape[0], loc, scale)
    return out


def _laplace_pass(u, double loc=0.0, double scale=1.0):
    """laplace's values of uniforms u by the pass that laplace takes with
    scalar parameters, or None where it takes its value-by-value loop
    (for the tests, which compare them with the C library's log)."""
    cdef cnp.ndarray[cnp.float64_t, ndim=1] src = _float64_vector(u)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] out = np.empty_like(src)
    if src.shape[0] > 0 and not crg_laplace_pass(&out[0], &src[0],
                                                 src.shape[0], loc, scale):
        return None
    return out


def _float64_vector(x):
    return np.ascontiguousarray(x, dtype=np.float64).ravel()


def _log_near_pass(x):
    """log of each value of x (float64), by the pass that Johnk's tests
    take, to a relative 2**-50 or so (for the tests)."""
    cdef cnp.ndarray[cnp.float64_t, ndim=1] src = _float64_vector(x)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] out = np.empty_like(src)
    if src.shape[0] > 0:
        crg_log_near_pass(&out[0], &src[0], src.shape[0])
    return out


def _pow_pass_each(x, y):
    """pow(x[i], y[i]) by the pass that beta with an array parameter
    takes (for the tests, which compare it with the C library's)."""
    cdef cnp.ndarray[cnp.float64_t, ndim=1] xs = _float64_vector(x)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] ys = _float64_vector(y)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] out = np.empty_like(xs)
    if xs.shape[0] != ys.shape[0]:
        raise ValueError("x and y must have the same size")
    if xs.shape[0] > 0:
        crg_pow_pass_each(&out[0], &xs[0], &ys[0], xs.shape[0])
    return out


def _johnk_verdicts(u, v, vary, fixed, vary_is_a):
    """The verdicts of johnk_bounds.h on Johnk trials (u[t], v[t]), the
    array side's parameter vary[t], the scalar side's `fixed`: 1 where
    the trial surely passes, 0 where it surely fails, -1 where pow must
    decide (for the tests)."""
    cdef cnp.ndarray[cnp.float64_t, ndim=1] us = _float64_vector(u)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] vs = _float64_vector(v)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] e = 1.0 / _float64_vector(vary)
    cdef Py_ssize_t m = us.shape[0], t
    cdef cnp.ndarray[cnp.float64_t, ndim=1] uv = np.empty(2 * m)
    cdef cnp.ndarray[cnp.float64_t, ndim=2] work = np.empty((6, m))
    cdef cnp.ndarray[cnp.int8_t, ndim=1] verdict = np.empty(m, np.int8)
    if vs.shape[0] != m or e.shape[0] != m:
        raise ValueError("u, v and vary must have the same size")
    if m == 0:
        return verdict
    uv[0::2] = us
    uv[1::2] = vs
    crg_johnk_bounds(&uv[0], m, 0 if vary_is_a else 1, 1.0 / fixed,
                     &work[0, 0], &work[1, 0], &work[2, 0], &work[3, 0],
                     &work[4, 0], &work[5, 0])
    for t in range(m):
        if crg_johnk_passes(e[t], work[2, t], work[4, t]):
            verdict[t] = 1
        elif crg_johnk_fails(e[t], work[3, t], work[5, t]):
            verdict[t] = 0
        else:
            verdict[t] = -1
    return verdict


def _ptrs_verdicts(v, q, invalpha, rhs):
    """The verdicts of poisson_bounds.h on PTRS's final tests, each from
    the trial's v and q = a / us**2 + b, lam's invalpha and the test's
    right side: 1 where the trial surely keeps k, 0 where it surely draws
    again, -1 where the C library's logarithms must decide (for the
    tests)."""
    cdef cnp.ndarray[cnp.float64_t, ndim=1] vs = _float64_vector(v)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] qs = _float64_vector(q)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] alphas = _float64_vector(
        invalpha)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] rhss = _float64_vector(rhs)
    cdef Py_ssize_t m = vs.shape[0], t
    cdef cnp.ndarray[cnp.int8_t, ndim=1] verdict = np.empty(m, np.int8)
    if not (qs.shape[0] == alphas.shape[0] == rhss.shape[0] == m):
        raise ValueError("v, q, invalpha and rhs must have the same size")
    for t in range(m):
        verdict[t] = crg_ptrs_verdict(vs[t], qs[t], alphas[t], rhss[t])
    return verdict


def _exp_bounds(lam):
    """The bounds that poisson_bounds.h puts around exp(-lam) for each
    lam, as two arrays: low, high (for the tests)."""
    cdef cnp.ndarray[cnp.float64_t, ndim=1] lams = _float64_vector(lam)
    cdef Py_ssize_t m = lams.shape[0], t
    cdef cnp.ndarray[cnp.float64_t, ndim=1] low = np.empty(m)
    cdef cnp.ndarray[cnp.float64_t, ndim=1] high = np.empty(m)
    for t in range(m):
        crg_exp_bounds(lams[t], &low[t], &high[t])
    return low, high


def piece_constants_backend():
    """How binomial and poisson with broadcast parameters make BTPE's and
    PTRS's constants: "avx2" (four values at a time) or "scalar"."""
    return crg_piece_constants_backend().decode("ascii")

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


cdef cnp.ndarray _bound_array(object bound, object shape):
    """An int64 bound for integers(): itself where it has one value (read
    with step 0) or the output's shape and is C-contiguous, else its
    broadcast to that shape, copied."""
    cdef cnp.ndarray arr = <cnp.ndarray>bound
    if arr.size == 1:
        return np.ascontiguousarray(arr.reshape(-1))
    if (<object>arr).shape == shape and cnp.PyArray_IS_C_CONTIGUOUS(arr):
        return arr
    return np.ascontiguousarray(np.broadcast_to(arr, shape))


cdef bint plain_real(object x):
    return type(x) is float or type(x) is int or isinstance(x, np.float64)


cdef bint good_out(object out, object dtype):
    """Whether `out` is an array NumPy would fill as it is."""
    if not isinstance(out, np.ndarray):
        return False
    cdef cnp.ndarray arr = <cnp.ndarray>out
    return ((cnp.PyArray_ISCARRAY(arr) or cnp.PyArray_ISFARRAY(arr))
            and arr.dtype == dtype)


cdef bint size_is_shape(object size, object out):
    """Whether `size` names `out`'s shape as NumPy's check of an `out`
    beside a `size` accepts it (other forms go to NumPy, which judges
    them)."""
    if type(size) is int:
        return out.shape == (size,)
    return type(size) is tuple and size == out.shape


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
            return self.run_locked(method, out, n, itemsize, args)

    cdef int run_locked(self, int method, char *out, Py_ssize_t n,
                        Py_ssize_t itemsize, crg_args *args) except -1:
        """run(), for a caller that holds the bit generator's lock already
        (a method that draws in several fills, which must come one after
        the other, as NumPy's do under its one lock)."""
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
        elif good_out(out, np.float64 if kind == 0 else np.float32) and (
                size is None or size_is_shape(size, out)):
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
        if spec is None:
            return DEFER
        if not plain_int(low) or not plain_int(high):
            return self.integers_broadcast(low, high, size, dtype, spec,
                                           endpoint)
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
        # The value's bits, read as the dtype: the fill wrote itemsize
        # bytes at the start of `value`, copied out (not read through a
        # cast pointer, which strict aliasing forbids).
        cdef object v
        cdef int8_t v8
        cdef int16_t v16
        cdef int32_t v32
        if spec.bits == 1:
            v = (<uint8_t *>&value)[0] != 0
        elif spec.bits == 64:
            v = <int64_t>value if spec.signed else value
        elif spec.bits == 32:
            memcpy(&v32, &value, 4)
            v = v32 if spec.signed else <uint32_t>v32
        elif spec.bits == 16:
            memcpy(&v16, &value, 2)
            v = v16 if spec.signed else <uint16_t>v16
        else:
            memcpy(&v8, &value, 1)
            v = v8 if spec.signed else <uint8_t>v8
        result = spec.scalar(v)
        if dtype is bool or dtype is int:
            return dtype(result)    # as NumPy: a Python int or bool
        return result

    cdef object integers_broadcast(self, object low, object high,
                                   object size, object dtype, _IntSpec spec,
                                   object endpoint):
        """integers with array bounds, as NumPy draws them: value by value,
        each from its own off and rng.  Taken where both bounds are int64
        (arrays, or what np.asarray makes int64) and every pair lies in
        the dtype's range with low <= high (- 1 for an open interval), in
        exact arithmetic; anything else NumPy judges (its checks take
        high - 1 in high's own dtype, which can wrap).  Bounds NumPy takes
        as scalars (0-d, or one value in 1-d beside a size) take the
        scalar path."""
        cdef crg_args args
        cdef cnp.ndarray arr, lo_arr, hi_arr
        cdef const int64_t *lo_p
        cdef const int64_t *hi_p
        cdef Py_ssize_t i, n, lo_step, hi_step
        cdef int64_t lo_v, top_v, lb, ub
        cdef bint check_ub, is_open = not endpoint
        try:
            lo = np.asarray(low)
            hi = np.asarray(high)
        except Exception:
            return DEFER
        if lo.dtype != np.int64 or hi.dtype != np.int64:
            return DEFER
        if ((lo.ndim == 0 or (lo.ndim == 1 and lo.size == 1 and
                              size is not None)) and
                (hi.ndim == 0 or (hi.ndim == 1 and hi.size == 1 and
                                  size is not None))):
            return self.integers(int(lo.reshape(())), int(hi.reshape(())),
                                 size, dtype, endpoint)
        if not (size is None or type(size) is int or type(size) is tuple):
            return DEFER
        try:
            if size is not None:
                shape = np.empty(size, np.int8).shape
                if np.broadcast_shapes(shape, lo.shape, hi.shape) != shape:
                    return DEFER
            else:
                shape = np.broadcast_shapes(lo.shape, hi.shape)
        except Exception:
            return DEFER
        # Each bound: one value for all (step 0), or an array of the
        # output's shape, C-contiguous.
        n = 1
        for d in shape:
            n *= d
        lo_arr = _bound_array(lo, shape)
        hi_arr = _bound_array(hi, shape)
        if lo_arr.size < n and hi_arr.size < n:
            # the fill tells broadcast bounds by an array among them
            lo_arr = np.full(shape, lo_arr[0], np.int64)
        lo_step = 1 if lo_arr.size == n else 0
        hi_step = 1 if hi_arr.size == n else 0
        lo_p = <const int64_t *>cnp.PyArray_DATA(lo_arr)
        hi_p = <const int64_t *>cnp.PyArray_DATA(hi_arr)
        # The dtype's bounds in int64 (uint64's top is beyond any int64).
        lb = spec.lb
        check_ub = spec.ub <= 0x7FFFFFFFFFFFFFFF
        ub = spec.ub if check_ub else 0
        for i in range(n):
            lo_v = lo_p[i * lo_step]
            top_v = hi_p[i * hi_step]
            if is_open:
                if top_v == INT64_MIN:
                    return DEFER
                top_v -= 1
            if lo_v < lb or (check_ub and top_v > ub) or lo_v > top_v:
                return DEFER        # NumPy raises its ValueError
        arr = np.empty(shape, spec.scalar)
        memset(&args, 0, sizeof(args))
        if lo_step:
            args.pia = lo_p
        else:
            args.ia = lo_p[0]
        if hi_step:
            args.pib = hi_p
        else:
            args.ib = hi_p[0]
        args.ic = is_open
        self.run(spec.method, <char *>cnp.PyArray_DATA(arr),
                 cnp.PyArray_SIZE(arr), spec.itemsize, &args)
        return arr

    # ---- discrete distributions and permutations --------------------------

    cdef object int64s(self, int method, object shape, crg_args *args):
        """int64 values of `method`: a Python int for shape None, else an
        array of `shape`."""
        cdef int64_t value = 0
        cdef cnp.ndarray arr
        if shape is None:
            self.run(method, <char *>&value, 1, 8, args)
            return value
        arr = np.empty(shape, np.int64)
        self.run(method, <char *>cnp.PyArray_DATA(arr), cnp.PyArray_SIZE(arr),
                 8, args)
        return arr

    cdef object discrete(self, int method, object size, crg_args *args,
                         object a, int a_rule, object b, int b_rule,
                         bint b_is_int):
        """A method of one real parameter `a` (b None) or of `a` and `b`
        (an int64 one where b_is_int: binomial's n): NumPy's disc()."""
        a = real_param(a)
        if b is not None:
            b = int_param(b) if b_is_int else real_param(b)
            if b is None:
                return DEFER
        if a is None:
            return DEFER
        if not param_ok(a_rule, a) or (b is not None and
                                        not param_ok(b_rule, b)):
            return DEFER
        params = (a,) if b is None else (a, b)
        if not any(isinstance(v, np.ndarray) for v in params):
            args.a = a
            if b is not None:
                if b_is_int:
                    args.ia = b
                else:
                    args.b = b
            if size is None:
                return self.int64s(method, None, args)
            shape = shape_of(size)
            if shape is None:
                return DEFER
            return self.int64s(method, shape, args)
        shape = broadcast_shape(size, params)
        if shape is None:
            return DEFER
        # The arrays live until the fill is done.
        if isinstance(a, np.ndarray):
            pa = full_array(a, shape, np.float64)
            args.pa = <const double *>cnp.PyArray_DATA(<cnp.ndarray>pa)
        else:
            args.a = a
        if b is not None:
            if isinstance(b, np.ndarray):
                pb = full_array(b, shape, np.int64 if b_is_int
                                else np.float64)
                if b_is_int:
                    args.pia = <const int64_t *>cnp.PyArray_DATA(
                        <cnp.ndarray>pb)
                else:
                    args.pb = <const double *>cnp.PyArray_DATA(
                        <cnp.ndarray>pb)
            elif b_is_int:
                args.ia = b
            else:
                args.b = b
        return self.int64s(method, shape, args)

    cdef object hypergeometric(self, object ngood, object nbad,
                               object nsample, object size):
        """NumPy's hypergeometric for plainly valid counts, else DEFER."""
        cdef crg_args args
        memset(&args, 0, sizeof(args))
        params = (int_param(ngood), int_param(nbad), int_param(nsample))
        if any(v is None for v in params):
            return DEFER
        good, bad, sample = params
        if not any(isinstance(v, np.ndarray) for v in params):
            if (not 0 <= good < HYPERGEOM_MAX or not 0 <= bad < HYPERGEOM_MAX
                    or not 0 <= sample <= good + bad):
                return DEFER
            args.ia, args.ib, args.ic = good, bad, sample
            if size is None:
                return self.int64s(CRG_HYPERGEOMETRIC, None, &args)
            shape = shape_of(size)
            if shape is None:
                return DEFER
            return self.int64s(CRG_HYPERGEOMETRIC, shape, &args)
        g, b, n = (np.asarray(v, dtype=np.int64) for v in params)
        if not (np.all((g >= 0) & (g < HYPERGEOM_MAX))
                and np.all((b >= 0) & (b < HYPERGEOM_MAX))
                and np.all(n >= 0) and not np.any(g + b < n)):
            return DEFER
        shape = broadcast_shape(size, (g, b, n))
        if shape is None:
            return DEFER
        pg = full_array(g, shape, np.int64)
        pb = full_array(b, shape, np.int64)
        pn = full_array(n, shape, np.int64)
        args.pia = <const int64_t *>cnp.PyArray_DATA(<cnp.ndarray>pg)
        args.pib = <const int64_t *>cnp.PyArray_DATA(<cnp.ndarray>pb)
        args.pic = <const int64_t *>cnp.PyArray_DATA(<cnp.ndarray>pn)
        return self.int64s(CRG_HYPERGEOMETRIC, shape, &args)

    cdef object multinomial(self, object n, object pvals, object size):
        """multinomial: NumPy's scalar path (a scalar n, one vector of
        pvals) and its vector path (an array of n, or rows of pvals: each
        output row its n and its row of pvals, broadcast), else DEFER."""
        cdef crg_args args
        cdef cnp.ndarray p, out, rows_n, rows_at
        cdef Py_ssize_t d, at
        cdef const double *pix
        n_arr = None
        if not plain_int(n):
            try:
                n_arr = np.asarray(n)
            except Exception:
                return DEFER
            # NumPy converts n to int64 by safe casting
            if n_arr.dtype.kind not in "biu" or (
                    n_arr.dtype.kind == "u" and n_arr.dtype.itemsize == 8):
                return DEFER
            if n_arr.ndim == 0:
                n, n_arr = int(n_arr), None
        if n_arr is None and not 0 <= n <= BINOMIAL_N_MAX:
            return DEFER
        if not (isinstance(pvals, np.ndarray) or type(pvals) is list):
            return DEFER
        try:
            p = np.asarray(pvals)
        except Exception:
            return DEFER
        if p.ndim == 0 or p.dtype.kind not in "fiub" or \
                p.dtype == np.longdouble:
            return DEFER
        p = np.ascontiguousarray(p, dtype=np.float64)
        d = p.shape[p.ndim - 1]
        if d == 0 or not param_ok(RULE_CLOSED_0_1, p):
            return DEFER
        pix = <const double *>cnp.PyArray_DATA(p)
        for at in range(0, cnp.PyArray_SIZE(p), d):
            if kahan_sum(pix + at, d - 1) > 1.0 + 1e-12:
                return DEFER
        memset(&args, 0, sizeof(args))
        args.ib = d
        args.ic = BINOMIAL_VARIANT
        args.pa = pix
        if n_arr is None and p.ndim == 1:
            shape = shape_of(size)
            if shape is None:
                return DEFER
            args.ia = n
        else:
            # NumPy's vector path: n and the rows of pvals broadcast (with
            # `size`, to exactly that shape)
            if n_arr is None:
                n_arr = np.asarray(n, dtype=np.int64)
            n_arr = n_arr.astype(np.int64)
            if np.any(n_arr < 0) or np.any(n_arr > BINOMIAL_N_MAX):
                return DEFER
            offsets = np.arange(0, cnp.PyArray_SIZE(p), d,
                                dtype=np.int64).reshape(
                                    (<object>p).shape[:p.ndim - 1])
            try:
                if size is None:
                    shape = np.broadcast_shapes(n_arr.shape, offsets.shape)
                else:
                    try:
                        wanted = (operator.index(size),)
                    except TypeError:
                        wanted = tuple(size)
                    shape = np.broadcast_shapes(
                        n_arr.shape, offsets.shape,
                        np.empty(size, np.int8).shape)
                    if shape != wanted:
                        return DEFER
            except Exception:
                return DEFER
            rows_n = np.ascontiguousarray(np.broadcast_to(n_arr, shape))
            rows_at = np.ascontiguousarray(np.broadcast_to(offsets, shape))
            args.pia = <const int64_t *>cnp.PyArray_DATA(rows_n)
            args.pib = <const int64_t *>cnp.PyArray_DATA(rows_at)
        out = np.zeros(shape + (d,), dtype=np.int64)
        self.run(CRG_MULTINOMIAL, <char *>cnp.PyArray_DATA(out),
                 cnp.PyArray_SIZE(out) // d, 8 * d, &args)
        return out

    cdef object multivariate_hypergeometric(self, object colors,
                                            object nsample, object size,
                                            object method):
        """multivariate_hypergeometric for plainly valid arguments."""
        cdef crg_mvhg_job job
        cdef cnp.ndarray c, out, choices
        if type(method) is not str or method not in ("count", "marginals"):
            return DEFER
        if not plain_int(nsample) or not 0 <= nsample < 2**63:
            return DEFER
        if not (isinstance(colors, np.ndarray) or type(colors) in (list,
                                                                   tuple)):
            return DEFER
        try:
            c = np.asarray(colors)
        except Exception:
            return DEFER
        if c.ndim != 1 or c.size == 0 or not (
                c.dtype.kind == "i" or
                (c.dtype.kind == "u" and c.dtype.itemsize < 8)):
            return DEFER
        if np.any(c < 0):
            return DEFER
        c = np.ascontiguousarray(c, dtype=np.int64)
        total = sum(c.tolist())
        if total >= 2**63 or nsample > total:
            return DEFER
        if method == "marginals" and total >= 1000000000:
            return DEFER
        if method == "count" and total > (2**63 - 1) // 8:
            return DEFER
        shape = shape_of(size)
        if shape is None:
            return DEFER
        out = np.zeros(shape + (c.shape[0],), dtype=np.int64)
        count = cnp.PyArray_SIZE(out) // c.shape[0]
        if total == 0 or nsample == 0 or count == 0:
            return out
        if method == "count":
            choices = np.repeat(np.arange(c.shape[0], dtype=np.int64), c)
            job.choices = <int64_t *>cnp.PyArray_DATA(choices)
        else:
            job.choices = NULL
        job.variates = <int64_t *>cnp.PyArray_DATA(out)
        job.colors = <const int64_t *>cnp.PyArray_DATA(c)
        job.total = total
        job.num_colors = c.shape[0]
        job.nsample = nsample
        job.done = 0
        self.run(CRG_MVHG, <char *>&job, count, 0, NULL)
        return out

    cdef object shuffle(self, object x, object axis):
        """Generator.shuffle of an ndarray or a list: None when done,
        else DEFER.

        A long shuffle runs in the fill loop's chunks (interruptible, the
        GIL released); interrupted, the bit generator goes back to where
        it was but the array keeps the swaps already made (NumPy's own
        shuffle cannot be interrupted at all)."""
        cdef cnp.ndarray arr
        cdef Py_ssize_t n
        if type(x) is list:
            # NumPy swaps item i with item random_interval(i), i from the
            # last down to 1: the same swaps on the indices, then the
            # items put where they go (a list has no other effects).
            if not (plain_int(axis) and axis == 0):
                return DEFER
            if len(x) > 1:
                _list_permute(x, interval_permutation(self, len(x)))
            return None
        if type(x) is not np.ndarray:
            return DEFER
        arr = <cnp.ndarray>x
        if arr.ndim == 0 or not cnp.PyArray_ISWRITEABLE(arr):
            return DEFER
        ax = normal_axis(axis, arr.ndim)
        if ax is None:
            return DEFER
        if arr.size == 0:
            return None             # NumPy: a no-op
        n = arr.shape[ax]
        if arr.ndim == 1 and not arr.dtype.hasobject:
            shuffle_one_lane(self, <char *>cnp.PyArray_DATA(arr), n,
                             arr.itemsize, arr.strides[0], 1, 0)
            return None
        # Rows (or objects, which must not be moved without the GIL): the
        # same swaps on the indices, then the rows moved by NumPy.
        idx = interval_permutation(self, n)
        view = np.swapaxes(arr, 0, ax)
        view[...] = view[idx]
        return None

    cdef object permuted(self, object x, object axis, object out):
        """Generator.permuted along an axis; DEFER for NumPy's path."""
        cdef cnp.ndarray res
        if axis is None:
            return DEFER            # NumPy's method shuffles through ours
        x = np.asarray(x)
        if x.dtype.hasobject:
            return DEFER
        if out is not None:
            if (type(out) is not np.ndarray or not out.flags.writeable
                    or out.shape != x.shape
                    or not np.can_cast(x.dtype, out.dtype, "safe")):
                return DEFER
        ax = normal_axis(axis, x.ndim)
        if ax is None:
            return DEFER
        if out is None:
            res = x.copy(order="K")
        else:
            res = out
            np.copyto(res, x, casting="safe")
        offsets = lane_offsets(res, ax)
        shuffle_lanes(self, <char *>cnp.PyArray_DATA(res),
                      <const int64_t *>cnp.PyArray_DATA(offsets),
                      cnp.PyArray_SIZE(offsets), res.shape[ax], res.itemsize,
                      res.strides[ax], 1, 0)
        return res

    cdef object choice_without(self, object a, object size, object axis,
                               object shuffle):
        """choice(a, size, replace=False, p=None): Floyd's sample or the
        tail of a shuffle, as NumPy picks them; DEFER for NumPy's path."""
        cdef int64_t pop, count, first
        cdef crg_floyd_job job
        cdef cnp.ndarray idx, table
        if type(shuffle) is not bool:
            return DEFER
        if plain_int(a):
            pop = a
            arr = None
        else:
            if type(a) in (list, tuple):
                try:
                    a = np.asarray(a)       # as NumPy does
                except Exception:
                    return DEFER
            if type(a) is not np.ndarray:
                return DEFER
            arr = a
            if arr.ndim == 0:
                return DEFER
            ax = normal_axis(axis, arr.ndim)
            if ax is None or not plain_int(axis):
                return DEFER
            pop = arr.shape[ax]
        shape = shape_of(size)
        if shape is None:
            return DEFER
        count = 1
        for d in shape:
            count *= d
        if pop <= 0 and count != 0 or count > pop:
            return DEFER            # NumPy raises
        cutoff = 50 if shuffle else 20
        if pop > 10000 and count > pop // cutoff:
            # The last `count` places of a partial Fisher-Yates pass.
            idx = np.arange(0, pop, dtype=np.int64)
            first = max(pop - count, 1)
            shuffle_one_lane(self, <char *>cnp.PyArray_DATA(idx), pop, 8, 8,
                             first, 1)
            idx = idx[pop - count:].copy()
        else:
            idx = np.empty(count, dtype=np.int64)
            # The set only answers "taken?", so its size changes no value:
            # NumPy's (1.2 count, rounded up to a power of two) fills up
            # to 83%, where linear probing takes several probes; 3 count
            # keeps it under 34% (0.65 -> 0.45 of NumPy's time, idle AVX2
            # EPYC, 2621 of 26214400), up to a million values, where
            # NumPy's smaller table is kept to bound the memory.
            job.mask = mask_above(<uint64_t>(
                (3.0 if count <= 2**20 else 1.2) * <double>count))
            table = np.full(job.mask + 1, np.uint64(2**64 - 1), np.uint64)
            job.out = <int64_t *>cnp.PyArray_DATA(idx)
            job.set = <uint64_t *>cnp.PyArray_DATA(table)
            job.pop = pop
            job.size = count
            job.done = 0
            # Floyd's sample and its shuffle under one hold of the lock,
            # as NumPy draws them: no other thread's draw comes between.
            with self.keyed.lock:
                self.run_locked(CRG_FLOYD, <char *>&job, count, 0, NULL)
                if shuffle:
                    shuffle_one_lane(self, <char *>cnp.PyArray_DATA(idx),
                                     count, 8, 8, 1, 1, True)
        result = idx.reshape(shape)
        if size is None:
            result = result.item(0)
        if arr is None:
            return result
        if size is not None and result.ndim == 0 and arr.ndim == 1:
            res = np.empty((), dtype=arr.dtype)
            res[()] = arr[result]
            return res
        return arr.take(np.asarray(result, dtype=np.intp), axis=axis)


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


# ---- discrete distributions and permutations: argument handling ----------
# NumPy's disc() conventions: int64 results, a Python int for scalar
# parameters and size=None, else an array of `size` or of the parameters'
# broadcast shape.  Parameters are judged here only to find the plainly
# valid ones; any other call goes to NumPy's method, which raises.

from numpy.lib import NumpyVersion as _NumpyVersion

# numpy/random/_common.pyx's bound on lam (as it computes it).
cdef double POISSON_LAM_MAX = (<double>np.iinfo("int64").max
                               - np.sqrt(np.iinfo("int64").max) * 10)

# Which of NumPy's binomial streams the running NumPy draws.
_NUMPY_VERSION = _NumpyVersion(np.__version__)
cdef int64_t BINOMIAL_VARIANT = (
    (CRG_V_BINOMIAL_LOG1P if _NUMPY_VERSION >= "2.4.0" else 0)
    | (CRG_V_BTPE_STIRLING_FIXED if _NUMPY_VERSION >= "2.5.0" else 0))

def _binomial_variant(value=None):
    """The CRG_V_* bits binomial draws with (those of the running NumPy);
    with `value`, set them (for the tests of the agreement check)."""
    global BINOMIAL_VARIANT
    if value is not None:
        BINOMIAL_VARIANT = value
    return BINOMIAL_VARIANT


# Which zipf the running NumPy draws (2.1 bounded its uniform).
cdef int64_t ZIPF_VARIANT = (CRG_V_ZIPF_UMIN if _NUMPY_VERSION >= "2.1.0"
                             else 0)

# numpy's hypergeometric bound on ngood and nbad.
cdef int64_t HYPERGEOM_MAX = 10**9

# Binomial n beyond 2**53: NumPy's releases differ in how BTPE rounds
# n + 1 - m; those calls take NumPy's path.
cdef int64_t BINOMIAL_N_MAX = 2**53


cdef object shape_of(object size):
    """`size` as a shape tuple, () for None, or None for NumPy to judge."""
    if size is None:
        return ()
    if plain_int(size):
        return (int(size),) if size >= 0 else None
    if type(size) is tuple:
        for d in size:
            if not plain_int(d) or d < 0:
                return None
        return tuple(int(d) for d in size)
    return None


cdef object real_param(object x):
    """A float parameter as NumPy converts it: a Python float (a scalar,
    or a 0-d array), a float64 array, or None for NumPy to judge."""
    if plain_real(x):
        try:
            return float(x)
        except OverflowError:
            return None
    if isinstance(x, np.ndarray) or type(x) is list:
        try:
            arr = np.asarray(x)
        except Exception:
            return None
        if arr.dtype.kind not in "fiub" or arr.dtype == np.longdouble:
            return None
        if arr.ndim == 0:
            return float(arr)
        return np.asarray(arr, dtype=np.float64)
    return None


cdef object int_param(object x):
    """An int64 parameter: a Python int, an int64 array, or None."""
    if plain_int(x):
        if -2**63 <= x < 2**63:
            return int(x)
        return None
    if isinstance(x, np.ndarray) or type(x) is list:
        try:
            arr = np.asarray(x)
        except Exception:
            return None
        if not (arr.dtype.kind in "ib" or
                (arr.dtype.kind == "u" and arr.dtype.itemsize < 8)):
            return None
        if arr.ndim == 0:
            return int(arr)
        return np.asarray(arr, dtype=np.int64)
    return None


cdef object broadcast_shape(object size, tuple params):
    """The output shape of a call with array parameters: `size` when the
    parameters broadcast to it, their broadcast shape for size=None; None
    where NumPy raises."""
    shapes = [np.shape(v) for v in params if isinstance(v, np.ndarray)]
    try:
        common = np.broadcast_shapes(*shapes)
    except ValueError:
        return None
    if size is None:
        return common
    shape = shape_of(size)
    if shape is None:
        return None
    try:
        if np.broadcast_shapes(shape, common) != shape:
            return None
    except ValueError:
        return None
    return shape


cdef object full_array(object value, object shape, object dtype):
    """A parameter array as one C-contiguous value per output value."""
    return np.ascontiguousarray(np.broadcast_to(value, shape), dtype=dtype)


cdef uint64_t mask_above(uint64_t value):
    """The least all-ones mask covering `value` (NumPy's _gen_mask)."""
    value |= value >> 1
    value |= value >> 2
    value |= value >> 4
    value |= value >> 8
    value |= value >> 16
    value |= value >> 32
    return value


cdef object normal_axis(object axis, Py_ssize_t ndim):
    """A plain int axis in [-ndim, ndim) as a non-negative one, or None."""
    if not plain_int(axis) or not -ndim <= axis < ndim:
        return None
    return int(axis) % ndim


cdef int shuffle_lanes(_Source src, char *data, const int64_t *offsets,
                       Py_ssize_t lanes, int64_t length, int64_t itemsize,
                       int64_t stride, int64_t first, int lemire,
                       bint locked=False) except -1:
    """Fisher-Yates passes, from index length - 1 down to `first`, over
    the `lanes` lanes that start at data + offsets[k]; `locked`: the
    caller holds the bit generator's lock."""
    cdef crg_shuffle_job job
    if length - first <= 0 or lanes == 0:
        return 0
    job.data = data
    job.lane_offsets = offsets
    job.len = length
    job.first = first
    job.itemsize = itemsize
    job.stride = stride
    job.lane = 0
    job.i = length - 1
    job.lemire = lemire
    # Item size 0: every chunk of the fill loop gets the same job.
    if locked:
        src.run_locked(CRG_SHUFFLE, <char *>&job, lanes * (length - first),
                       0, NULL)
    else:
        src.run(CRG_SHUFFLE, <char *>&job, lanes * (length - first), 0,
                NULL)
    return 0


cdef int shuffle_one_lane(_Source src, char *data, int64_t length,
                          int64_t itemsize, int64_t stride, int64_t first,
                          int lemire, bint locked=False) except -1:
    """shuffle_lanes of one lane at `data`."""
    cdef int64_t zero = 0
    return shuffle_lanes(src, data, &zero, 1, length, itemsize, stride,
                         first, lemire, locked)


cdef object lane_offsets(object arr, int axis):
    """The byte offsets of the lanes of `arr` along `axis`, in the C order
    of the other axes (NumPy's PyArray_IterAllButAxis)."""
    shape = arr.shape[:axis] + arr.shape[axis + 1:]
    strides = arr.strides[:axis] + arr.strides[axis + 1:]
    offs = np.zeros(shape, np.int64)
    for d in range(len(shape)):
        step = np.arange(shape[d], dtype=np.int64) * strides[d]
        offs += step.reshape([-1 if k == d else 1 for k in range(len(shape))])
    return np.ascontiguousarray(offs.ravel())


cdef void _list_permute(list items, cnp.ndarray idx):
    """Put item idx[k] of the list at k, for an intp permutation idx of
    its positions: the list's item pointers moved (under its lock on a
    free-threaded CPython), no reference count touched."""
    cdef const Py_ssize_t *at = <const Py_ssize_t *>cnp.PyArray_DATA(idx)
    cdef Py_ssize_t k, n = cnp.PyArray_SIZE(idx)
    cdef cnp.ndarray copy = np.empty(n, np.intp)
    cdef PyObject **was = <PyObject **>cnp.PyArray_DATA(copy)
    cdef PyObject **slots
    with cython.critical_section(items):
        if len(items) == n:
            slots = PySequence_Fast_ITEMS(items)
            memcpy(was, slots, n * sizeof(PyObject *))
            for k in range(n):
                slots[k] = was[at[k]]


cdef object interval_permutation(_Source src, int64_t n):
    """The permutation NumPy's shuffle makes of n items, as an intp array
    of the original positions: the same swaps applied to 0, 1, ..., n-1."""
    idx = np.arange(n, dtype=np.intp)
    shuffle_one_lane(src, <char *>cnp.PyArray_DATA(<cnp.ndarray>idx), n,
                     idx.itemsize, idx.itemsize, 1, 0)
    return idx


# What a parameter must satisfy for the fast path (NumPy's constraints,
# plus what the fills assume).
cdef enum ParamRule:
    RULE_POISSON         # 0 <= lam <= POISSON_LAM_MAX
    RULE_OPEN_0_1        # 0 < p <= 1
    RULE_CLOSED_0_1      # 0 <= p <= 1
    RULE_POSITIVE        # > 0, not NaN
    RULE_BINOMIAL_N      # 0 <= n <= BINOMIAL_N_MAX
    RULE_HALF_OPEN_0_1   # 0 <= p < 1
    RULE_GT_1            # > 1 (and, before NumPy 2.1, < 1025: it hangs)


cdef bint scalar_ok(int rule, double v):
    if rule == RULE_POISSON:
        return v >= 0 and v <= POISSON_LAM_MAX
    if rule == RULE_OPEN_0_1:
        return v > 0 and v <= 1
    if rule == RULE_CLOSED_0_1:
        return v >= 0 and v <= 1
    if rule == RULE_POSITIVE:
        return v > 0
    if rule == RULE_HALF_OPEN_0_1:
        return v >= 0 and v < 1
    if rule == RULE_GT_1:
        return v > 1 and (ZIPF_VARIANT != 0 or v < 1025)
    return v >= 0 and v <= BINOMIAL_N_MAX


cdef bint param_ok(int rule, object v):
    """Whether every value of `v` (a float, int or array) obeys `rule`;
    NaN obeys none."""
    if type(v) is int:
        return 0 <= v <= BINOMIAL_N_MAX     # n: compared as an integer
    if not isinstance(v, np.ndarray):
        return scalar_ok(rule, v)
    if rule == RULE_POISSON:
        return bool(np.all((v >= 0) & (v <= POISSON_LAM_MAX)))
    if rule == RULE_OPEN_0_1:
        return bool(np.all((v > 0) & (v <= 1)))
    if rule == RULE_CLOSED_0_1:
        return bool(np.all((v >= 0) & (v <= 1)))
    if rule == RULE_POSITIVE:
        return bool(np.all(v > 0))
    if rule == RULE_HALF_OPEN_0_1:
        return bool(np.all((v >= 0) & (v < 1)))
    if rule == RULE_GT_1:
        return bool(np.all((v > 1) & ((ZIPF_VARIANT != 0) | (v < 1025))))
    return bool(np.all((v >= 0) & (v <= BINOMIAL_N_MAX)))


cdef bint negative_binomial_lam_ok(object n, object p):
    """False where NumPy's negative_binomial refuses n and p because the
    Poisson means could pass POISSON_LAM_MAX (its own formula)."""
    cdef double dn, dp
    n = real_param(n)
    p = real_param(p)
    if n is None or p is None:
        return True                 # judged by NumPy anyway
    if isinstance(n, np.ndarray) or isinstance(p, np.ndarray):
        n_arr = np.asarray(n, dtype=np.float64)
        p_arr = np.asarray(p, dtype=np.float64)
        with np.errstate(all="ignore"):
            max_lam = (1 - p_arr) / p_arr * (n_arr + 10 * np.sqrt(n_arr))
        return not np.any(np.greater(max_lam, POISSON_LAM_MAX))
    dn = n
    dp = p
    return not ((1 - dp) / dp * (dn + 10 * sqrt(dn)) > POISSON_LAM_MAX)


cdef double kahan_sum(const double *values, Py_ssize_t n):
    """Kahan's compensated sum, in order (as NumPy checks pvals)."""
    cdef double total, c = 0.0, y, t
    cdef Py_ssize_t i
    if n <= 0:
        return 0.0
    total = values[0]
    for i in range(1, n):
        y = values[i] - c
        t = total + y
        c = (t - total) - y
        total = t
    return total


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


cdef object _disc(object generator, int fast_index, int method, object size,
                  object a, int a_rule, object b=None, int b_rule=0,
                  bint b_is_int=False, int64_t variant=0,
                  bint poisson_means=False):
    """Draw the discrete `method` of parameter `a` (and `b`: see
    _Source.discrete) through the C fills, or return DEFER for NumPy's
    path.  `variant` is the method's algorithm variant (args.ic);
    `poisson_means`: negative_binomial's n and p must also pass NumPy's
    bound on the Poisson means it draws."""
    cdef _Source src = fast_source(generator, fast_index)
    cdef crg_args args
    if src is None:
        return DEFER
    if poisson_means and not negative_binomial_lam_ok(a, b):
        return DEFER
    memset(&args, 0, sizeof(args))
    args.ic = variant
    return src.discrete(method, size, &args, a, a_rule, b, b_rule, b_is_int)


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
    # discrete distributions and permutations
    FAST_POISSON
    FAST_GEOMETRIC
    FAST_BINOMIAL
    FAST_NEGATIVE_BINOMIAL
    FAST_SHUFFLE
    FAST_PERMUTED
    FAST_CHOICE
    FAST_LOGSERIES
    FAST_ZIPF
    FAST_HYPERGEOMETRIC
    FAST_MULTINOMIAL
    FAST_MULTIVARIATE_HYPERGEOMETRIC
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
    FAST_METHOD_COUNT

include "_generator_continuous.pxi"

DISCRETE_METHODS = (
    "poisson", "geometric", "binomial", "negative_binomial", "shuffle",
    "permuted", "choice", "logseries", "zipf", "hypergeometric",
    "multinomial", "multivariate_hypergeometric")
FAST_METHODS = ("random", "standard_normal", "standard_exponential",
                "uniform", "normal", "integers", "bytes") \
    + DISCRETE_METHODS + CONTINUOUS_METHODS

# The names and the enum above are one list written twice: check that they
# line up (and fit the 64-bit deferral mask) when the module loads.
if (len(FAST_METHODS) != FAST_METHOD_COUNT or FAST_METHOD_COUNT > 64
        or FAST_METHODS[FAST_POISSON] != "poisson"
        or FAST_METHODS[FAST_MULTIVARIATE_HYPERGEOMETRIC]
        != "multivariate_hypergeometric"
        or FAST_METHODS[FAST_EXPONENTIAL] != "exponential"
        or FAST_METHODS[FAST_DIRICHLET] != "dirichlet"):
    raise ImportError("chacharand._generator: FAST_METHODS and its enum "
                      "disagree")


class Generator(_ContinuousMethods, _NumPyGenerator):
    """NumPy's Generator, with the hot methods drawn in C.

    A subclass of :class:`numpy.random.Generator`: every method is
    there and returns exactly what NumPy's Generator returns over the same
    bit generator, leaving the bit generator at the same position.  Over
    chacharand's bit generators, ``random``, ``integers``, ``uniform``,
    ``standard_normal``, ``normal``, ``standard_exponential``, ``bytes``,
    the discrete distributions (``poisson``, ``binomial``, ``geometric``,
    ``negative_binomial``, ``logseries``, ``zipf``, ``hypergeometric``,
    ``multinomial``, ``multivariate_hypergeometric``), ``shuffle``,
    ``permutation``, ``permuted``, ``choice`` and the continuous
    distributions (``gamma``, ``beta``, ``exponential``, ... :
    ``FAST_METHODS`` lists them all), with scalar or array parameters
    (``multivariate_normal`` through ``standard_normal``), are drawn in C
    straight from the generator's buffer, without NumPy's per-value
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
        if src is not None:
            result = _uniform_any(self, low, high, size)
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
        if src is not None:
            # arrays, and the other scalar spellings
            result = _cont(self, FAST_NORMAL, CRG_NORMAL, size, None,
                           (loc, scale), (CONS_NONE, CONS_NON_NEGATIVE))
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



    # ---- discrete distributions and permutations --------------------------
    # poisson, geometric, binomial, negative_binomial in C; shuffle (and
    # permutation, which NumPy's method draws through it), permuted along
    # an axis and choice without replacement on C Fisher-Yates and Floyd
    # passes.  choice with replacement draws through random and integers.

    def poisson(self, lam=1.0, size=None):
        r = _disc(self, FAST_POISSON, CRG_POISSON, size, lam, RULE_POISSON)
        if r is not DEFER:
            return r
        return _NumPyGenerator.poisson(self, lam, size)

    def geometric(self, p, size=None):
        r = _disc(self, FAST_GEOMETRIC, CRG_GEOMETRIC, size, p,
                  RULE_OPEN_0_1)
        if r is not DEFER:
            return r
        return _NumPyGenerator.geometric(self, p, size)

    def binomial(self, n, p, size=None):
        r = _disc(self, FAST_BINOMIAL, CRG_BINOMIAL, size, p,
                  RULE_CLOSED_0_1, n, RULE_BINOMIAL_N, b_is_int=True,
                  variant=BINOMIAL_VARIANT)
        if r is not DEFER:
            return r
        return _NumPyGenerator.binomial(self, n, p, size)

    def negative_binomial(self, n, p, size=None):
        r = _disc(self, FAST_NEGATIVE_BINOMIAL, CRG_NEG_BINOMIAL, size, n,
                  RULE_POSITIVE, p, RULE_OPEN_0_1, b_is_int=False, variant=0,
                  poisson_means=True)
        if r is not DEFER:
            return r
        return _NumPyGenerator.negative_binomial(self, n, p, size)

    def logseries(self, p, size=None):
        r = _disc(self, FAST_LOGSERIES, CRG_LOGSERIES, size, p,
                  RULE_HALF_OPEN_0_1)
        if r is not DEFER:
            return r
        return _NumPyGenerator.logseries(self, p, size)

    def zipf(self, a, size=None):
        r = _disc(self, FAST_ZIPF, CRG_ZIPF, size, a, RULE_GT_1, None, 0,
                  b_is_int=False, variant=ZIPF_VARIANT)
        if r is not DEFER:
            return r
        return _NumPyGenerator.zipf(self, a, size)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        cdef _Source src = fast_source(self, FAST_HYPERGEOMETRIC)
        if src is not None:
            result = src.hypergeometric(ngood, nbad, nsample, size)
            if result is not DEFER:
                return result
        return _NumPyGenerator.hypergeometric(self, ngood, nbad, nsample,
                                              size)

    def multinomial(self, n, pvals, size=None):
        cdef _Source src = fast_source(self, FAST_MULTINOMIAL)
        if src is not None:
            result = src.multinomial(n, pvals, size)
            if result is not DEFER:
                return result
        return _NumPyGenerator.multinomial(self, n, pvals, size)

    def multivariate_hypergeometric(self, colors, nsample, size=None,
                                    method="marginals"):
        cdef _Source src = fast_source(self, FAST_MULTIVARIATE_HYPERGEOMETRIC)
        if src is not None:
            result = src.multivariate_hypergeometric(colors, nsample, size,
                                                     method)
            if result is not DEFER:
                return result
        return _NumPyGenerator.multivariate_hypergeometric(
            self, colors, nsample, size, method)

    def shuffle(self, x, axis=0):
        cdef _Source src = fast_source(self, FAST_SHUFFLE)
        if src is not None:
            result = src.shuffle(x, axis)
            if result is not DEFER:
                return result
        return _NumPyGenerator.shuffle(self, x, axis)

    def permuted(self, x, *, axis=None, out=None):
        cdef _Source src = fast_source(self, FAST_PERMUTED)
        if src is not None:
            result = src.permuted(x, axis, out)
            if result is not DEFER:
                return result
        return _NumPyGenerator.permuted(self, x, axis=axis, out=out)

    def choice(self, a, size=None, replace=True, p=None, axis=0,
               shuffle=True):
        cdef _Source src = fast_source(self, FAST_CHOICE)
        if src is not None and replace is False and p is None:
            result = src.choice_without(a, size, axis, shuffle)
            if result is not DEFER:
                return result
        return _NumPyGenerator.choice(self, a, size, replace, p, axis,
                                      shuffle)


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


cdef bint _is_bit_generator(object candidate):
    """Whether `candidate` is a bit generator as numpy's Generator sees one:
    anything with a valid "BitGenerator" capsule (numpy's own test)."""
    capsule = getattr(candidate, "capsule", None)
    return capsule is not None and PyCapsule_IsValid(capsule, "BitGenerator")


def default_rng(seed=None):
    """A :class:`Generator` over a ChaCha20 bit generator.

    Parameters
    ----------
    seed : None, int, array_like[ints], SeedSequence, BitGenerator, Generator, RandomState
        As for :func:`numpy.random.default_rng`: a seed makes a new
        :class:`~chacharand.ChaCha20` (None: 256 bits of OS entropy); a
        bit generator is wrapped as it is; a Generator is returned
        unaltered; a :class:`numpy.random.RandomState` gives a Generator
        over the RandomState's own bit generator (shared with it, as
        NumPy's ``default_rng`` does).

    Returns
    -------
    Generator
    """
    # numpy's order of tests, so that each kind of seed is taken as numpy's
    # default_rng takes it.
    if _is_bit_generator(seed):
        return Generator(seed)
    if isinstance(seed, _NumPyGenerator):
        return seed
    if isinstance(seed, np.random.RandomState):
        return Generator(seed._bit_generator)
    from chacharand._registry import DEFAULT_FAMILY, family
    return Generator(family(DEFAULT_FAMILY).cls(seed))
