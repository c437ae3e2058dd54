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
    # discrete distributions: every branch of each algorithm (Poisson's
    # product and PTRS with its slow test, the geometric search and
    # inversion, binomial inversion with tiny p, BTPE's four regions and
    # its Stirling test, p above 1/2, the gamma of shape < 1 and > 1).
    ("poisson", (3.5, 3001), {}),
    ("poisson", (37.0, 3001), {}),
    ("poisson", ([0.0, 0.5, 12.0, 1e6], (751, 4)), {}),
    ("geometric", (0.5, 3001), {}),
    ("geometric", (0.01, 3001), {}),
    ("binomial", (20, 0.3, 3001), {}),
    ("binomial", (2**53, 1e-15, 3001), {}),   # 2.4's log1p changes many
    # BTPE's Stirling test decides about one draw in 10**4 differently
    # between the two forms (NumPy 2.5 fixed it): these reach such draws.
    ("binomial", (1000, 0.1, 20001), {}),
    ("binomial", (400, 0.5, 30001), {}),
    ("binomial", (5000, 0.3, 3001), {}),
    ("binomial", (10**6, 0.8, 3001), {}),
    ("binomial", ([40, 700, 10**5], [[0.02], [0.45], [0.93]], (1000, 3, 3)),
     {}),
    ("negative_binomial", (0.7, 0.2, 3001), {}),
    ("negative_binomial", (40.0, 0.6, 3001), {}),
    ("logseries", (0.3, 3001), {}),
    ("logseries", ([0.9, 0.999999], (1501, 2)), {}),
    ("zipf", (1.3, 3001), {}),
    ("zipf", ([1.05, 7.5, 1000.0], (1001, 3)), {}),
    ("hypergeometric", (15, 25, 8, 3001), {}),            # item by item
    ("hypergeometric", (600, 900, 400, 3001), {}),        # HRUA
    ("hypergeometric", (2000, 30, 1990, 3001), {}),
    ("multinomial", (5000, [0.2, 0.05, 0.5, 0.25], 751), {}),
    ("multinomial", (60, [0.9, 0.1], 1001), {}),
    ("multivariate_hypergeometric", ([30, 5, 600, 90], 400, 751), {}),
    ("multivariate_hypergeometric", ([30, 5, 60, 9], 70, 751),
     {"method": "count"}),
    # permutations: random_interval on 32-bit words, Lemire's draws in
    # choice's tail shuffle and Floyd's sample.
    ("shuffle", (np.arange(3001),), {}),
    ("shuffle", (np.arange(24.0).reshape(4, 6),), {"axis": 1}),
    ("permuted", (np.arange(600).reshape(20, 30),), {"axis": 1}),
    ("choice", (20000, 5000), {"replace": False}),
    ("choice", (100000, 301), {"replace": False}),
    ("choice", (1000, 999), {"replace": False, "shuffle": False}),
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
    # df <= 1: a Poisson variate, by products and by PTRS
    ("noncentral_chisquare", (np.array([1.0, 0.5]), np.array([3.0, 60.0]),
                              (1501, 2)), {}),
    ("noncentral_f", (3.0, 4.0, 2.0, 3001), {}),
    ("noncentral_f", (0.5, 4.0, 2.0, 3001), {}),
    ("dirichlet", ([0.5, 1.0, 3.0, 0.0], 501), {}),
    ("dirichlet", ([0.05, 0.0, 0.01, 0.0], 501), {}),   # stick-breaking
)

if np.lib.NumpyVersion(np.__version__) >= "2.1.0":
    # Before 2.1, zipf loops forever from a = 1025 on (NaN tests); since,
    # it gives 1 without a draw.
    PROBES += (("zipf", ([1025.0, 3.0, 5000.0], (101, 3)), {}),)

_KEY = bytes(range(32))
_WORD_POS = 1001      # odd: 64-bit draws cross a word boundary


def _same(a, b):
    if isinstance(a, bytes) or isinstance(b, bytes):
        return a == b
    a, b = np.asarray(a), np.asarray(b)
    return (a.dtype == b.dtype and a.shape == b.shape
            and a.tobytes() == b.tobytes())


def _fresh(args):
    """`args` with copies of its arrays (shuffle works in place)."""
    return tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)


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
        got_args, want_args = _fresh(args), _fresh(args)
        got = getattr(generator_class(ours), method)(*got_args, **kwargs)
        want = getattr(np.random.Generator(theirs), method)(*want_args,
                                                             **kwargs)
        if method == "shuffle":      # in place
            got, want = got_args[0], want_args[0]
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
        # The continuous distributions build on them, and the discrete
        # ones draw on those ziggurats (gamma, geometric) and have such
        # forms in rare tests of their own.
        from chacharand._generator import CONTINUOUS_METHODS
        bad |= {"standard_normal", "standard_exponential"}
        bad |= set(CONTINUOUS_METHODS)
        bad |= {"poisson", "geometric", "binomial", "negative_binomial"}
    return bad
