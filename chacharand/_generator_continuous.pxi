# chacharand.Generator's continuous distributions (included by _generator.pyx).
#
# Each method converts and checks its real parameters as NumPy's
# _common.cont does, then fills in C (_core/generator/dists_simple.h,
# dists_gamma.h).  Scalar parameters (Python or NumPy numbers, 0-d arrays)
# give one value or an array of `size`; array parameters are broadcast as
# NumPy broadcasts them (to `size` when given) and handed to the fill as
# C-contiguous float64 arrays, one value per output value.  Anything NumPy
# would reject, or that this code does not recognise (object arrays, odd
# dtypes, a size the parameters do not broadcast to, an `out` with `size`),
# goes to NumPy's own method, which draws or raises as NumPy does.

from chacharand._base cimport (
    CRG_BETA, CRG_CHISQUARE, CRG_DIRICHLET, CRG_EXPONENTIAL, CRG_F, CRG_GAMMA, CRG_GUMBEL,
    CRG_LAPLACE, CRG_LOGISTIC, CRG_LOGNORMAL, CRG_NC_CHISQUARE, CRG_NC_F,
    CRG_PARETO, CRG_POWER, CRG_RAYLEIGH, CRG_STANDARD_T, CRG_STD_CAUCHY,
    CRG_STD_GAMMA, CRG_STD_GAMMA_F, CRG_TRIANGULAR, CRG_VONMISES, CRG_WALD,
    CRG_WEIBULL)

# How NumPy constrains a parameter (_common's constraint_type, the two
# that real parameters of these methods use).
cdef enum:
    CONS_NONE = 0
    CONS_NON_NEGATIVE = 1     # NaN allowed, -0.0 not
    CONS_POSITIVE = 2         # NaN allowed

# What a method checks across its parameters.
cdef enum:
    JOINT_NONE = 0
    JOINT_TRIANGULAR = 1      # left <= mode <= right, left != right


cdef bint _scalar_ok(double v, int cons):
    if cons == CONS_NON_NEGATIVE:
        return isnan(v) or not signbit(v)
    if cons == CONS_POSITIVE:
        return not (v <= 0)
    return True


cdef bint _array_ok(object v, int cons):
    if cons == CONS_NON_NEGATIVE:
        # Only a set sign bit can fail (a negative, -0.0, or a NaN, which
        # passes): one pass over v where none is set (a fifth of the
        # full test's time).
        sign = np.signbit(v)
        if not sign.any():
            return True
        return not np.any(np.logical_and(np.logical_not(np.isnan(v)), sign))
    if cons == CONS_POSITIVE:
        return not np.any(np.less_equal(v, 0))
    return True


cdef object _as_real(object x, bint f32):
    """A parameter as NumPy's cont takes it: a float for a scalar, a
    float64 (f32: float32) array for an array, or DEFER.  NumPy converts
    with safe casting (float32 methods: forced), so integer, bool and
    float arrays up to float64 convert; anything else NumPy judges."""
    if type(x) is float or type(x) is int or isinstance(
            x, (np.floating, np.integer, np.bool_)):
        if isinstance(x, np.generic) and (<object>x).dtype.itemsize > 8:
            return DEFER
        try:
            v = float(x)
        except (OverflowError, TypeError, ValueError):
            return DEFER
        # float32: NumPy's <float>PyFloat_AsDouble(x)
        return float(np.float32(v)) if f32 else v
    if isinstance(x, (list, tuple)):
        try:
            x = np.asarray(x)
        except Exception:
            return DEFER
    if not isinstance(x, np.ndarray):
        return DEFER
    dt = (<cnp.ndarray>x).dtype
    if not (dt.kind in "biu" or (dt.kind == "f" and dt.itemsize <= 8)):
        return DEFER
    if (<cnp.ndarray>x).ndim == 0:
        return float(np.float32(float(x))) if f32 else float(x)
    return x.astype(np.float32 if f32 else np.float64, copy=False)


cdef bint _triangular_ok(object left, object mode, object right):
    if type(left) is float and type(mode) is float and type(right) is float:
        return not (left > mode or mode > right or left == right)
    return not (np.any(np.greater(left, mode)) or
                np.any(np.greater(mode, right)) or
                np.any(np.equal(left, right)))


cdef object _cont(object generator, int fast_index, int method, object size,
                  object out, tuple params, tuple cons, int joint=JOINT_NONE,
                  bint f32=False):
    """Fill `method` with real `params` (each checked by its constraint in
    `cons`) through the C fills, or return DEFER for NumPy's path."""
    cdef _Source src = fast_source(generator, fast_index)
    cdef crg_args args
    cdef cnp.ndarray arr, p
    cdef double *scalars[3]
    cdef const double **arrays[3]
    cdef int i, kind = 1 if f32 else 0
    cdef Py_ssize_t itemsize = 4 if f32 else 8
    if src is None:
        return DEFER
    values = []
    for x in params:
        v = _as_real(x, f32)
        if v is DEFER:
            return DEFER
        values.append(v)
    if out is not None and not (size is None and isinstance(out, np.ndarray)
                                and cnp.PyArray_ISCARRAY(<cnp.ndarray>out)
                                and out.dtype == (np.float32 if f32
                                                  else np.float64)):
        return DEFER
    memset(&args, 0, sizeof(args))
    scalars[0], scalars[1], scalars[2] = &args.a, &args.b, &args.c
    arrays[0], arrays[1], arrays[2] = &args.pa, &args.pb, &args.pc
    broadcast = False
    for i in range(len(values)):
        v = values[i]
        if type(v) is float:
            if not _scalar_ok(v, cons[i]):
                return DEFER
            scalars[i][0] = v
        else:
            if not _array_ok(v, cons[i]):
                return DEFER
            broadcast = True
    if joint == JOINT_TRIANGULAR and not _triangular_ok(values[0], values[1], values[2]):
        return DEFER
    if not broadcast:
        return src.floats(method, kind, size, out, &args)
    # Broadcast: the shape of `out`, of `size` (which the parameters must
    # broadcast to, as NumPy's iterator requires) or of the parameters.
    shapes = [np.shape(v) for v in values if type(v) is not float]
    try:
        if out is not None:
            arr = out
        elif size is not None:
            arr = np.empty(size, np.float32 if f32 else np.float64)
        else:
            arr = np.empty(np.broadcast_shapes(*shapes),
                           np.float32 if f32 else np.float64)
        shape = (<object>arr).shape
        if np.broadcast_shapes(shape, *shapes) != shape:
            return DEFER
    except Exception:
        return DEFER
    keep = []
    for i in range(len(values)):
        v = values[i]
        if type(v) is not float:
            p = np.ascontiguousarray(np.broadcast_to(v, shape),
                                     dtype=np.float64)
            keep.append(p)
            arrays[i][0] = <const double *>cnp.PyArray_DATA(p)
    src.run(method, <char *>cnp.PyArray_DATA(arr), cnp.PyArray_SIZE(arr),
            itemsize, &args)
    return arr


cdef object _uniform_any(object generator, object low, object high,
                         object size):
    """uniform with arrays (or the scalar spellings plain_real leaves
    out), as NumPy draws it: low + range * U, range = high - low over the
    parameters as float64, every range finite and none below 0 (else
    DEFER: NumPy's path raises)."""
    lo = _as_real(low, False)
    hi = _as_real(high, False)
    if lo is DEFER or hi is DEFER:
        return DEFER
    try:
        with np.errstate(all="ignore"):
            span = np.subtract(hi, lo)
    except Exception:
        return DEFER
    if not np.all(np.isfinite(span)):
        return DEFER
    if type(lo) is float and type(hi) is float:
        span = float(span)
    return _cont(generator, FAST_UNIFORM, CRG_UNIFORM, size, None,
                 (lo, span), (CONS_NONE, CONS_NON_NEGATIVE))


class _ContinuousMethods:
    """The continuous distributions of chacharand.Generator: each is
    NumPy's method, drawn in C where the arguments allow."""

    __slots__ = ()

    def exponential(self, scale=1.0, size=None):
        r = _cont(self, FAST_EXPONENTIAL, CRG_EXPONENTIAL, size, None,
                  (scale,), (CONS_NON_NEGATIVE,))
        if r is not DEFER:
            return r
        return _NumPyGenerator.exponential(self, scale, size)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        r = _cont(self, FAST_LOGNORMAL, CRG_LOGNORMAL, size, None,
                  (mean, sigma), (CONS_NONE, CONS_NON_NEGATIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.lognormal(self, mean, sigma, size)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        r = _cont(self, FAST_LAPLACE, CRG_LAPLACE, size, None,
                  (loc, scale), (CONS_NONE, CONS_NON_NEGATIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.laplace(self, loc, scale, size)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        r = _cont(self, FAST_LOGISTIC, CRG_LOGISTIC, size, None,
                  (loc, scale), (CONS_NONE, CONS_NON_NEGATIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.logistic(self, loc, scale, size)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        r = _cont(self, FAST_GUMBEL, CRG_GUMBEL, size, None,
                  (loc, scale), (CONS_NONE, CONS_NON_NEGATIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.gumbel(self, loc, scale, size)

    def weibull(self, a, size=None):
        r = _cont(self, FAST_WEIBULL, CRG_WEIBULL, size, None,
                  (a,), (CONS_NON_NEGATIVE,))
        if r is not DEFER:
            return r
        return _NumPyGenerator.weibull(self, a, size)

    def rayleigh(self, scale=1.0, size=None):
        r = _cont(self, FAST_RAYLEIGH, CRG_RAYLEIGH, size, None,
                  (scale,), (CONS_NON_NEGATIVE,))
        if r is not DEFER:
            return r
        return _NumPyGenerator.rayleigh(self, scale, size)

    def pareto(self, a, size=None):
        r = _cont(self, FAST_PARETO, CRG_PARETO, size, None,
                  (a,), (CONS_POSITIVE,))
        if r is not DEFER:
            return r
        return _NumPyGenerator.pareto(self, a, size)

    def power(self, a, size=None):
        r = _cont(self, FAST_POWER, CRG_POWER, size, None,
                  (a,), (CONS_POSITIVE,))
        if r is not DEFER:
            return r
        return _NumPyGenerator.power(self, a, size)

    def standard_cauchy(self, size=None):
        r = _cont(self, FAST_STANDARD_CAUCHY, CRG_STD_CAUCHY, size, None,
                  (), ())
        if r is not DEFER:
            return r
        return _NumPyGenerator.standard_cauchy(self, size)

    def wald(self, mean, scale, size=None):
        r = _cont(self, FAST_WALD, CRG_WALD, size, None,
                  (mean, scale), (CONS_POSITIVE, CONS_POSITIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.wald(self, mean, scale, size)

    def triangular(self, left, mode, right, size=None):
        r = _cont(self, FAST_TRIANGULAR, CRG_TRIANGULAR, size, None,
                  (left, mode, right), (CONS_NONE, CONS_NONE, CONS_NONE),
                  JOINT_TRIANGULAR)
        if r is not DEFER:
            return r
        return _NumPyGenerator.triangular(self, left, mode, right, size)

    def vonmises(self, mu, kappa, size=None):
        r = _cont(self, FAST_VONMISES, CRG_VONMISES, size, None,
                  (mu, kappa), (CONS_NONE, CONS_NON_NEGATIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.vonmises(self, mu, kappa, size)

    def standard_gamma(self, shape, size=None, dtype=np.float64, out=None):
        cdef int kind = float_kind(dtype)
        if kind >= 0:
            r = _cont(self, FAST_STANDARD_GAMMA,
                      CRG_STD_GAMMA_F if kind else CRG_STD_GAMMA, size, out,
                      (shape,), (CONS_NON_NEGATIVE,), JOINT_NONE, kind == 1)
            if r is not DEFER:
                return r
        return _NumPyGenerator.standard_gamma(self, shape, size, dtype, out)

    def gamma(self, shape, scale=1.0, size=None):
        r = _cont(self, FAST_GAMMA, CRG_GAMMA, size, None,
                  (shape, scale), (CONS_NON_NEGATIVE, CONS_NON_NEGATIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.gamma(self, shape, scale, size)

    def beta(self, a, b, size=None):
        r = _cont(self, FAST_BETA, CRG_BETA, size, None,
                  (a, b), (CONS_POSITIVE, CONS_POSITIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.beta(self, a, b, size)

    def chisquare(self, df, size=None):
        r = _cont(self, FAST_CHISQUARE, CRG_CHISQUARE, size, None,
                  (df,), (CONS_POSITIVE,))
        if r is not DEFER:
            return r
        return _NumPyGenerator.chisquare(self, df, size)

    def standard_t(self, df, size=None):
        r = _cont(self, FAST_STANDARD_T, CRG_STANDARD_T, size, None,
                  (df,), (CONS_POSITIVE,))
        if r is not DEFER:
            return r
        return _NumPyGenerator.standard_t(self, df, size)

    def f(self, dfnum, dfden, size=None):
        r = _cont(self, FAST_F, CRG_F, size, None,
                  (dfnum, dfden), (CONS_POSITIVE, CONS_POSITIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.f(self, dfnum, dfden, size)

    def noncentral_chisquare(self, df, nonc, size=None):
        r = _cont(self, FAST_NONCENTRAL_CHISQUARE, CRG_NC_CHISQUARE, size,
                  None, (df, nonc), (CONS_POSITIVE, CONS_NON_NEGATIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.noncentral_chisquare(self, df, nonc, size)

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        r = _cont(self, FAST_NONCENTRAL_F, CRG_NC_F, size, None,
                  (dfnum, dfden, nonc),
                  (CONS_POSITIVE, CONS_POSITIVE, CONS_NON_NEGATIVE))
        if r is not DEFER:
            return r
        return _NumPyGenerator.noncentral_f(self, dfnum, dfden, nonc, size)

    def dirichlet(self, alpha, size=None):
        r = _dirichlet(self, alpha, size)
        if r is not DEFER:
            return r
        return _NumPyGenerator.dirichlet(self, alpha, size)


cdef object _dirichlet(object generator, object alpha, object size):
    """Generator.dirichlet through the C fill, or DEFER: NumPy's checks
    (a 1-d alpha NumPy converts safely, no alpha < 0), its shape, its
    choice of algorithm."""
    cdef _Source src = fast_source(generator, FAST_DIRICHLET)
    cdef crg_args args
    cdef cnp.ndarray alphas, sums, result
    cdef double *a
    cdef double *c
    cdef double csum = 0.0
    cdef Py_ssize_t k, j
    if src is None or not isinstance(alpha, (list, tuple, np.ndarray)):
        return DEFER
    try:
        arr = np.asarray(alpha)
        dt = arr.dtype
        if arr.ndim != 1 or not (dt.kind in "biu" or (dt.kind == "f" and
                                                       dt.itemsize <= 8)):
            return DEFER
        alphas = np.ascontiguousarray(arr, dtype=np.float64)
        if np.any(np.less(alphas, 0)):
            return DEFER
        k = alphas.shape[0]
        if size is None:
            shape = (k,)
        else:
            try:
                shape = (operator.index(size), k)
            except TypeError:
                shape = tuple(size) + (k,)
        result = np.zeros(shape, np.float64)
    except Exception:
        return DEFER
    if k == 0 or cnp.PyArray_SIZE(result) == 0:
        return result
    memset(&args, 0, sizeof(args))
    args.ia = k
    args.pa = <const double *>cnp.PyArray_DATA(alphas)
    if alphas.max() < 0.1:
        # Stick-breaking by betas, from the sums of alpha right to left.
        sums = np.empty_like(alphas)
        a = <double *>cnp.PyArray_DATA(alphas)
        c = <double *>cnp.PyArray_DATA(sums)
        for j in range(k - 1, -1, -1):
            csum += a[j]
            c[j] = csum
        if not csum > 0:
            return result       # every alpha 0: zeros, nothing drawn
        args.ib = 1
        args.pb = c
    src.run(CRG_DIRICHLET, <char *>cnp.PyArray_DATA(result),
            cnp.PyArray_SIZE(result) // k, 8 * k, &args)
    return result


#: The methods of _ContinuousMethods, in the order of their FAST_ bits.
CONTINUOUS_METHODS = (
    "exponential", "lognormal", "laplace", "logistic", "gumbel", "weibull",
    "rayleigh", "pareto", "power", "standard_cauchy", "wald", "triangular",
    "vonmises", "standard_gamma", "gamma", "beta", "chisquare", "standard_t",
    "f", "noncentral_chisquare", "noncentral_f", "dirichlet")
