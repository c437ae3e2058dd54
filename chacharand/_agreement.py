"""Does the running NumPy draw as chacharand.Generator's C fills do?

chacharand.Generator reproduces NumPy's algorithms (Lemire's bounded
integers, the ziggurats and their tables, the uniform conversions).  NumPy
may change an algorithm in a future release; then that method must take
NumPy's own path rather than return different numbers.  This module finds
such methods once per process: it draws each method a few thousand times
through both generators over twin ChaCha8 generators and compares the
values bit for bit and the generators' positions afterwards.

The probes are large enough to reach the rare branches (the ziggurats'
wedges and tails, Lemire's rejections for awkward ranges), and start from
an odd word position so that 32-bit and 64-bit draws straddle buffer
boundaries.
"""
import numpy as np

__all__ = ["PROBES", "disagreeing_methods"]

#: (method, args, kwargs): each checked call.
PROBES: tuple[tuple[str, tuple, dict], ...] = (
    ("random", (3001,), {}),
    ("random", (3001,), {"dtype": np.float32}),
    ("uniform", (-2.5, 7.0, 3001), {}),
    ("standard_normal", (40001,), {}),
    ("standard_normal", (40001,), {"dtype": np.float32}),
    ("normal", (1.5, 3.0, 3001), {}),
    ("standard_exponential", (40001,), {}),
    ("standard_exponential", (40001,), {"dtype": np.float32}),
    ("standard_exponential", (3001,), {"method": "inv"}),
    ("standard_exponential", (3001,), {"method": "inv",
                                       "dtype": np.float32}),
    ("integers", (0, 1000, 3001), {}),
    ("integers", (-(2**62), 2**62 + 12345, 3001), {}),
    ("integers", (0, 2**64, 301), {"dtype": np.uint64}),
    ("integers", (0, 2**32, 301), {"dtype": np.int64}),
    ("integers", (7, 2**31 + 99, 3001), {"dtype": np.uint32}),
    ("integers", (-300, 20000, 3001), {"dtype": np.int16}),
    ("integers", (0, 2**16, 301), {"dtype": np.uint16}),
    ("integers", (-100, 100, 3001), {"dtype": np.int8}),
    ("integers", (0, 255, 3001), {"dtype": np.uint8, "endpoint": True}),
    ("integers", (0, 2, 3001), {"dtype": np.bool_}),
    ("bytes", (1001,), {}),
    # Continuous distributions: every branch of each, scalar parameters
    # and broadcast ones (values that draw nothing among values that do).
    ("exponential", (2.0, 3001), {}),
    ("exponential", (np.array([0.0, 0.5, 3.0]), (1001, 3)), {}),
    ("lognormal", (0.5, 1.5, 3001), {}),
    ("laplace", (1.0, 2.0, 3001), {}),
    ("logistic", (1.0, 2.0, 3001), {}),
    ("gumbel", (1.0, 2.0, 3001), {}),
    ("weibull", (np.array([0.0, 0.5, 1.5, 40.0]), (751, 4)), {}),
    ("rayleigh", (2.0, 3001), {}),
    ("pareto", (3.0, 3001), {}),
    ("power", (np.array([0.2, 2.0, 1e3]), (1001, 3)), {}),
    ("standard_cauchy", (3001,), {}),
    ("wald", (np.array([0.01, 1.0, 300.0]), 2.0, (1001, 3)), {}),
    ("triangular", (-1.0, 0.5, 3.0, 3001), {}),
    ("triangular", (np.array([-1.0, 0.0]), 0.0, 3.0, (1501, 2)), {}),
    ("vonmises", (0.3, np.array([0.0, 1e-9, 1e-6, 2.0, 1e7, np.nan]),
                  (501, 6)), {}),
    ("standard_gamma", (np.array([0.0, 0.3, 1.0, 2.5, 1e5]), (801, 5)), {}),
    ("standard_gamma", (np.array([0.0, 0.3, 1.0, 2.5, 1e5]), (801, 5)),
     {"dtype": np.float32}),
    ("gamma", (0.5, 2.0, 3001), {}),
    ("gamma", (3.5, 2.0, 3001), {}),
    ("beta", (2.0, 3.0, 3001), {}),
    ("beta", (0.5, 0.4, 3001), {}),
    ("beta", (1e-3, 2e-3, 3001), {}),    # U**(1/a) underflows
    ("beta", (1e-104, 2e-104, 301), {}),
    ("chisquare", (3.0, 3001), {}),
    ("standard_t", (5.0, 3001), {}),
    ("f", (3.0, 7.0, 3001), {}),
    ("noncentral_chisquare", (np.array([3.0, 0.5]),
                              np.array([[2.0, 0.0], [np.nan, 0.0]]),
                              (751, 2, 2)), {}),
    ("noncentral_f", (3.0, 4.0, 2.0, 3001), {}),
    ("dirichlet", ([0.5, 1.0, 3.0, 0.0], 501), {}),
    ("dirichlet", ([0.05, 0.0, 0.01, 0.0], 501), {}),   # stick-breaking
)

#: The methods drawn from the ziggurats and the uniforms by formulas of
#: the form a * b + c, among others (see disagreeing_methods).
_CONTINUOUS = {method for method, _, _ in PROBES} - {
    "random", "uniform", "standard_normal", "normal",
    "standard_exponential", "integers", "bytes"}

_KEY = bytes(range(32))
_WORD_POS = 1001      # odd: 64-bit draws cross a word boundary


def _same(a, b):
    if isinstance(a, bytes) or isinstance(b, bytes):
        return a == b
    a, b = np.asarray(a), np.asarray(b)
    return (a.dtype == b.dtype and a.shape == b.shape
            and a.tobytes() == b.tobytes())


def disagreeing_methods(generator_class):
    """Names of the methods whose probes differ from NumPy's Generator.

    Parameters
    ----------
    generator_class : type
        chacharand.Generator (passed in: this module is imported by it).

    Returns
    -------
    set of str
    """
    from chacharand._chacha import ChaCha8

    bad = set()
    for method, args, kwargs in PROBES:
        ours = ChaCha8(key=_KEY, word_pos=_WORD_POS)
        theirs = ChaCha8(key=_KEY, word_pos=_WORD_POS)
        got = getattr(generator_class(ours), method)(*args, **kwargs)
        want = getattr(np.random.Generator(theirs), method)(*args, **kwargs)
        if not _same(got, want) or ours.word_pos != theirs.word_pos:
            bad.add(method)
    if "beta" in bad:
        # dirichlet's small-alpha case draws betas, whose rare branches
        # its probe seldom reaches.
        bad.add("dirichlet")
    if bad & {"uniform", "normal"}:
        # NumPy's build fuses a*b + c (FMA contraction).  The ziggurats'
        # rare wedge tests have that form too, where a probe seldom sees a
        # difference: they take NumPy's path as well.
        # The continuous distributions build on them.
        bad |= {"standard_normal", "standard_exponential"} | _CONTINUOUS
    return bad
