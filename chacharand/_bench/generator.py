"""chacharand.Generator against numpy.random.Generator, as ratios in one run.

For each family of the registry and each method with a C path, three
generators make the same call: ``numpy.random.Generator(PCG64)`` (NumPy's
default), ``numpy.random.Generator(<family>)`` and
``chacharand.Generator(<family>)``.  They are timed as ``chacharand
bench`` times (``timing``: calibrated samples, the three in turn, so a
busy spell of a shared machine hits all three alike) and each figure is
the median over the rounds.  :func:`rows` returns the figures; :func:`main`
prints them (``--rst``: the documentation's tables)::

    python -m chacharand._bench.generator [--n N] [--rounds R] [FAMILY ...]

Ratios below 1 mean chacharand.Generator is faster.  The asv suite times
the same calls (:data:`METHODS`, :data:`SCALAR_METHODS`).
"""
import argparse
import statistics

import numpy as np

from chacharand._bench.machine import describe
from chacharand._bench.report import round2, simd_kind
from chacharand._bench.timing import calibrate, sample
from chacharand._registry import family

__all__ = ["METHODS", "SCHEMA", "rows", "scalar_rows", "run",
           "format_text", "rst_methods_table", "rst_tables", "main"]

#: The JSON schema of :func:`run`'s report (``chacharand bench
#: --generator --json``).
SCHEMA = "chacharand-bench-generator/1"

_SCRATCH: dict = {}


def _scratch(n):
    """One int64 array of n values per n, for the in-place calls."""
    if n not in _SCRATCH:
        _SCRATCH[n] = np.arange(n - n % 64 if n >= 64 else n)
    return _SCRATCH[n]


def _rows(n):
    """The scratch array as rows of 64 (one row when n < 64)."""
    x = _scratch(n)
    return x.reshape(-1, 64) if x.size >= 64 else x.reshape(1, -1)


_MVN_MEAN = np.zeros(3)
_MVN_COV = np.array([[2.0, 0.3, 0.1], [0.3, 1.0, 0.2], [0.1, 0.2, 0.5]])
_SHAPE_CACHE: dict = {}


def _shapes(n):
    """n gamma shapes from 0.5 to 5 (made once per n): a broadcast
    parameter array."""
    if n not in _SHAPE_CACHE:
        _SHAPE_CACHE[n] = np.linspace(0.5, 5.0, n)
    return _SHAPE_CACHE[n]


_SPREAD_CACHE: dict = {}


def _spread(n, low, high):
    """n parameters from low to high (made once per call's arguments): a
    broadcast parameter array."""
    key = (n, low, high)
    if key not in _SPREAD_CACHE:
        _SPREAD_CACHE[key] = np.linspace(low, high, n)
    return _SPREAD_CACHE[key]


def _highs(n):
    """1, 2, ..., n as int64 (made once per n): integers' high array."""
    key = ("highs", n)
    if key not in _SPREAD_CACHE:
        _SPREAD_CACHE[key] = np.arange(1, n + 1, dtype=np.int64)
    return _SPREAD_CACHE[key]


def _items(n):
    """A list of n ints, kept per n (shuffled in place)."""
    key = ("items", n)
    if key not in _SPREAD_CACHE:
        _SPREAD_CACHE[key] = list(range(n))
    return _SPREAD_CACHE[key]


#: name -> call(generator, n), the calls compared.
METHODS = {
    "random": lambda g, n: g.random(n),
    "random f32": lambda g, n: g.random(n, dtype=np.float32),
    "uniform": lambda g, n: g.uniform(-1.0, 2.0, n),
    "standard_normal": lambda g, n: g.standard_normal(n),
    "standard_normal f32": lambda g, n: g.standard_normal(
        n, dtype=np.float32),
    "normal": lambda g, n: g.normal(1.0, 2.0, n),
    "standard_exponential": lambda g, n: g.standard_exponential(n),
    "standard_exponential f32": lambda g, n: g.standard_exponential(
        n, dtype=np.float32),
    "integers(0, 1000)": lambda g, n: g.integers(0, 1000, n),
    "integers(0, 2**40)": lambda g, n: g.integers(0, 2**40, n),
    "integers uint8": lambda g, n: g.integers(0, 100, n, dtype=np.uint8),
    "integers bool": lambda g, n: g.integers(0, 2, n, dtype=bool),
    "integers(0, high array)": lambda g, n: g.integers(0, _highs(n)),
    "uniform(low array)": lambda g, n: g.uniform(_spread(n, -1.0, 0.0), 2.0),
    "normal(loc array)": lambda g, n: g.normal(_spread(n, -1.0, 1.0), 2.0),
    "bytes (4n)": lambda g, n: g.bytes(4 * n),
    "choice(1000, n)": lambda g, n: g.choice(1000, n),
    # discrete distributions
    "poisson(4)": lambda g, n: g.poisson(4.0, n),
    "poisson(100)": lambda g, n: g.poisson(100.0, n),
    "poisson(lam array)": lambda g, n: g.poisson(_spread(n, 1.0, 50.0)),
    "binomial(20, 0.3)": lambda g, n: g.binomial(20, 0.3, n),
    "binomial(1000, 0.4)": lambda g, n: g.binomial(1000, 0.4, n),
    "binomial(1000, p array)": lambda g, n: g.binomial(
        1000, _spread(n, 0.1, 0.9)),
    "geometric(0.1)": lambda g, n: g.geometric(0.1, n),
    "geometric(0.5)": lambda g, n: g.geometric(0.5, n),
    "negative_binomial(5, 0.3)": lambda g, n: g.negative_binomial(5, 0.3,
                                                                  n),
    "logseries(0.9)": lambda g, n: g.logseries(0.9, n),
    "zipf(1.5)": lambda g, n: g.zipf(1.5, n),
    "zipf(a array)": lambda g, n: g.zipf(_spread(n, 1.2, 3.0)),
    "hypergeometric(50, 70, 30)": lambda g, n: g.hypergeometric(50, 70,
                                                                30, n),
    "hypergeometric(5, 7, 3)": lambda g, n: g.hypergeometric(5, 7, 3, n),
    "multinomial(50, 4 pvals) n/4": lambda g, n: g.multinomial(
        50, [0.1, 0.2, 0.3, 0.4], n // 4),
    "multinomial(1000, 10 pvals) n/10": lambda g, n: g.multinomial(
        1000, [0.1] * 10, n // 10),
    "multivariate_hypergeometric n/4": lambda g, n: (
        g.multivariate_hypergeometric([40, 30, 20, 10], 30, n // 4)),
    # permutations (in place on one array of n values, kept per n)
    "shuffle": lambda g, n: g.shuffle(_scratch(n)),
    "shuffle(list)": lambda g, n: g.shuffle(_items(n)),
    "permutation(n)": lambda g, n: g.permutation(n),
    "permuted(axis=1)": lambda g, n: g.permuted(_rows(n), axis=1),
    "choice(n, n/2, replace=False)": lambda g, n: g.choice(
        n, n // 2, replace=False),
    "choice(100n, n/100, replace=False)": lambda g, n: g.choice(
        100 * n, n // 100, replace=False),
    # continuous distributions
    "exponential(2)": lambda g, n: g.exponential(2.0, n),
    "lognormal": lambda g, n: g.lognormal(0.5, 1.5, n),
    "laplace": lambda g, n: g.laplace(1.0, 2.0, n),
    "logistic": lambda g, n: g.logistic(1.0, 2.0, n),
    "gumbel": lambda g, n: g.gumbel(1.0, 2.0, n),
    "weibull(1.5)": lambda g, n: g.weibull(1.5, n),
    "rayleigh": lambda g, n: g.rayleigh(2.0, n),
    "pareto(3)": lambda g, n: g.pareto(3.0, n),
    "power(2)": lambda g, n: g.power(2.0, n),
    "power(a array)": lambda g, n: g.power(_spread(n, 0.5, 3.0)),
    "standard_cauchy": lambda g, n: g.standard_cauchy(n),
    "wald(1, 2)": lambda g, n: g.wald(1.0, 2.0, n),
    "triangular": lambda g, n: g.triangular(-1.0, 0.5, 3.0, n),
    "vonmises(0, 2)": lambda g, n: g.vonmises(0.0, 2.0, n),
    "vonmises(kappa array)": lambda g, n: g.vonmises(
        0.0, _spread(n, 0.5, 3.0)),
    "standard_gamma(2.5)": lambda g, n: g.standard_gamma(2.5, n),
    "standard_gamma(2.5) f32": lambda g, n: g.standard_gamma(
        2.5, n, dtype=np.float32),
    "gamma(2.5, 2)": lambda g, n: g.gamma(2.5, 2.0, n),
    "gamma(0.5)": lambda g, n: g.gamma(0.5, 1.0, n),
    "gamma(0.3)": lambda g, n: g.gamma(0.3, 1.0, n),
    "gamma(array)": lambda g, n: g.gamma(_shapes(n), 2.0),
    "beta(2, 3)": lambda g, n: g.beta(2.0, 3.0, n),
    "beta(0.5, 0.5)": lambda g, n: g.beta(0.5, 0.5, n),
    "beta(0.3, 0.7)": lambda g, n: g.beta(0.3, 0.7, n),
    "beta(a array, 0.5)": lambda g, n: g.beta(_spread(n, 0.2, 0.9), 0.5),
    "chisquare(3)": lambda g, n: g.chisquare(3.0, n),
    "standard_t(5)": lambda g, n: g.standard_t(5.0, n),
    "f(3, 7)": lambda g, n: g.f(3.0, 7.0, n),
    "noncentral_chisquare(3, 2)": lambda g, n: g.noncentral_chisquare(
        3.0, 2.0, n),
    "noncentral_f(3, 4, 2)": lambda g, n: g.noncentral_f(3.0, 4.0, 2.0, n),
    "dirichlet([0.5, 1, 3])": lambda g, n: g.dirichlet(
        [0.5, 1.0, 3.0], n // 3),
    "multivariate_normal(3)": lambda g, n: g.multivariate_normal(
        _MVN_MEAN, _MVN_COV, n // 3),
}

#: name -> call(generator), the size=None calls compared.
SCALAR_METHODS = {
    "random()": lambda g: g.random(),
    "standard_normal()": lambda g: g.standard_normal(),
    "integers(0, 1000)": lambda g: g.integers(0, 1000),
    "uniform(0, 2)": lambda g: g.uniform(0.0, 2.0),
}


def _medians(calls: list, rounds: int,
             min_sample_ns: float) -> list[float]:
    """Median seconds per call of each of `calls`, sampled in turn."""
    loops = [calibrate(call, min_sample_ns) for call in calls]
    times: list[list[float]] = [[] for _ in calls]
    for _ in range(rounds):
        for t, call, n in zip(times, calls, loops):
            t.append(sample(call, n) * 1e-9)
    return [statistics.median(t) for t in times]


def _generators(cls):
    import chacharand

    return (np.random.Generator(np.random.PCG64(1)),
            np.random.Generator(cls(1)),
            chacharand.Generator(cls(1)))


def _families(names):
    from chacharand._registry import FAMILIES

    return [f for f in FAMILIES if not names or f.name in names]


def rows(n=2**20, rounds=7, min_sample_ns=5e6, families=(), methods=()):
    """Bulk calls of `n` values, one dict per (family, method).

    Keys: ``family``, ``method``, ``ns_pcg64``, ``ns_numpy``,
    ``ns_chacharand`` (nanoseconds per value: NumPy's Generator over
    PCG64, NumPy's Generator over the family, chacharand.Generator over
    the family), ``vs_pcg64`` (chacharand / PCG64) and ``speedup``
    (NumPy over the same family / chacharand).
    """
    out = []
    for fam in _families(families):
        pcg, npg, ours = _generators(fam.cls)
        for name, call in METHODS.items():
            if methods and name not in methods:
                continue
            t_pcg, t_np, t_ours = _medians(
                [lambda g=g: call(g, n) for g in (pcg, npg, ours)],
                rounds, min_sample_ns)
            out.append({
                "family": fam.name, "method": name,
                "ns_pcg64": 1e9 * t_pcg / n, "ns_numpy": 1e9 * t_np / n,
                "ns_chacharand": 1e9 * t_ours / n,
                "vs_pcg64": t_ours / t_pcg, "speedup": t_np / t_ours,
            })
    return out


def scalar_rows(rounds=7, min_sample_ns=2e6, families=()):
    """size=None calls, one dict per (family, method): nanoseconds per
    call of NumPy's Generator and chacharand.Generator over the family,
    and ``speedup`` (NumPy / chacharand)."""
    out = []
    for fam in _families(families):
        _, npg, ours = _generators(fam.cls)
        for name, call in SCALAR_METHODS.items():
            t_np, t_ours = _medians([lambda g=g: call(g)
                                     for g in (npg, ours)], rounds,
                                    min_sample_ns)
            out.append({"family": fam.name, "method": name,
                        "ns_numpy": 1e9 * t_np, "ns_chacharand": 1e9 * t_ours,
                        "speedup": t_np / t_ours})
    return out


def run(size, repeat, min_sample_ns, family_name="ChaCha8"):
    """``chacharand bench --generator``: every method of :data:`METHODS`
    over `family_name`, as :func:`rows`, with the machine and the
    configuration (a JSON-able dict)."""
    import chacharand

    return {
        "schema": SCHEMA,
        "machine": describe({}),
        "config": {"size": size, "repeat": repeat,
                   "min_sample_ns": min_sample_ns, "family": family_name,
                   "statistic": "median",
                   "chacha_backend": chacharand.default_chacha_backend()},
        "rows": rows(size, repeat, min_sample_ns, families=[family_name]),
    }


def _machine_line(m, backend):
    """One line on the machine `m` (``machine.describe``) and the versions,
    with the ChaCha kernel in use."""
    load = m["loadavg"][0] if m.get("loadavg") else None
    return (f"{m['cpu_model']} ({simd_kind(m)}), {m['cpu_count']} logical "
            f"CPUs, {m['platform']}, Python {m['python']}, NumPy "
            f"{m['numpy']}, chacharand {m['chacharand']}, ChaCha kernel "
            f"{backend}"
            + (f", load average {load:.2f} at the end" if load is not None
               else ""))


def format_text(report):
    """The table of :func:`run`'s report, for a person."""
    cfg = report["config"]
    fam = cfg["family"]
    machine = _machine_line(report["machine"], cfg["chacha_backend"])
    lines = [f"chacharand.Generator({fam}) against numpy.random.Generator, "
             f"{cfg['size']} values per call, median of {cfg['repeat']} "
             "interleaved rounds",
             f"machine: {machine}", "",
             f"{'method':36}{'PCG64':>8}{fam:>9}{'ours':>8}"
             f"{'vs PCG64':>10}{'speed-up':>10}",
             f"{'':36}{'ns per value':>25}"]
    for r in report["rows"]:
        lines.append(f"{r['method']:36}{r['ns_pcg64']:8.2f}"
                     f"{r['ns_numpy']:9.2f}{r['ns_chacharand']:8.2f}"
                     f"{r['vs_pcg64']:10.2f}{r['speedup']:9.2f}x")
    lines += ["", f"PCG64: numpy.random.Generator(PCG64); {fam}: "
              f"numpy.random.Generator({fam}); ours: "
              f"chacharand.Generator({fam}).  vs PCG64: ours over PCG64's "
              f"time (below 1 is faster); speed-up: numpy.random."
              f"Generator({fam})'s time over ours."]
    return "\n".join(lines)


def rst_methods_table(report):
    """:func:`run`'s report as a reStructuredText list-table, preceded by
    the machine it ran on."""
    cfg = report["config"]
    fam = cfg["family"]
    machine = _machine_line(report["machine"], cfg["chacha_backend"])
    lines = [f"Measured on: {machine}; {cfg['size']} values "
             f"per call, medians of {cfg['repeat']} interleaved rounds.", "",
             f".. list-table:: chacharand.Generator({fam}), ns per value",
             "   :header-rows: 1", "",
             "   * - method", "     - ``Generator(PCG64)``",
             f"     - ``Generator({fam})``",
             f"     - ``chacharand.Generator({fam})``",
             "     - vs PCG64", "     - speed-up"]
    for r in report["rows"]:
        lines += [f"   * - ``{r['method']}``",
                  f"     - {round2(r['ns_pcg64'])}",
                  f"     - {round2(r['ns_numpy'])}",
                  f"     - {round2(r['ns_chacharand'])}",
                  f"     - {round2(r['vs_pcg64'])}",
                  f"     - {round2(r['speedup'])}x"]
    return "\n".join(lines) + "\n"


def _span(values):
    low, high = round2(min(values)), round2(max(values))
    return low if low == high else f"{low} to {high}"


def summary(bulk, scalar):
    """One paragraph of the ranges the tables hold: the speed-up over
    NumPy's Generator on the same bit generator, for the ChaCha families
    and the others, and chacharand.Generator's time over PCG64's."""
    def pick(rows, chacha):
        return [r for r in rows
                if family(r["family"]).simd_kernels == chacha]
    parts = []
    for label, chacha in (("the ChaCha families", True),
                          ("the other families", False)):
        mine = pick(bulk, chacha)
        if mine:
            parts.append(
                f"over {label}, calls of many values are "
                f"{_span([r['speedup'] for r in mine])} times as fast as "
                f"NumPy's Generator over the same bit generator, in "
                f"{_span([r['vs_pcg64'] for r in mine])} of the time of "
                f"NumPy's PCG64 Generator")
    if scalar:
        parts.append(f"single values (``size=None``) are "
                     f"{_span([r['speedup'] for r in scalar])} times as fast")
    if not parts:
        return ""
    text = "; ".join(parts)
    return (f"In this run, by method: {text}.  Figures are rounded to two "
            "significant digits: one run on a shared machine does not tell "
            "apart rows closer than its noise, so read the ratios, not the "
            "last digit.")


def rst_tables(bulk, scalar, n=2**20):
    """The figures of :func:`rows` (calls of `n` values) and
    :func:`scalar_rows` as reStructuredText list-tables."""
    lines = [f".. list-table:: Calls of {n} values (ns per value)",
             "   :header-rows: 1", "",
             "   * - generator", "     - method", "     - PCG64",
             "     - NumPy", "     - chacharand", "     - vs PCG64",
             "     - speed-up"]
    for r in bulk:
        lines += [f"   * - {r['family']}", f"     - ``{r['method']}``",
                  f"     - {round2(r['ns_pcg64'])}",
                  f"     - {round2(r['ns_numpy'])}",
                  f"     - {round2(r['ns_chacharand'])}",
                  f"     - {round2(r['vs_pcg64'])}",
                  f"     - {round2(r['speedup'])}x"]
    lines += ["", ".. list-table:: size=None calls (ns per call)",
              "   :header-rows: 1", "",
              "   * - generator", "     - call", "     - NumPy",
              "     - chacharand", "     - speed-up"]
    for r in scalar:
        lines += [f"   * - {r['family']}", f"     - ``{r['method']}``",
                  f"     - {round2(r['ns_numpy'])}",
                  f"     - {round2(r['ns_chacharand'])}",
                  f"     - {round2(r['speedup'])}x"]
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m chacharand._bench.generator",
        description="chacharand.Generator against numpy.random.Generator")
    parser.add_argument("families", nargs="*", help="families (default all)")
    parser.add_argument("--n", type=int, default=2**20,
                        help="values per call (default 2**20)")
    parser.add_argument("--rounds", type=int, default=7,
                        help="interleaved rounds; medians are reported")
    parser.add_argument("--methods", nargs="+", default=(), metavar="NAME",
                        help="only these rows of METHODS (default all)")
    parser.add_argument("--no-scalar", action="store_true",
                        help="skip the size=None calls")
    parser.add_argument("--rst", action="store_true",
                        help="print reStructuredText tables (for the docs)")
    args = parser.parse_args(argv)
    unknown = set(args.methods) - set(METHODS)
    if unknown:
        parser.error(f"unknown --methods {sorted(unknown)}; known: "
                     f"{', '.join(METHODS)}")
    if args.rst:
        bulk = rows(args.n, args.rounds, families=args.families)
        scalar = scalar_rows(args.rounds, families=args.families)
        machine = describe({})
        print(f"Measured on: "
              f"{_machine_line(machine, machine['default_chacha_backend'])}"
              f"; medians of {args.rounds} "
              "interleaved rounds.")
        print()
        print(summary(bulk, scalar))
        print()
        print(rst_tables(bulk, scalar, args.n))
        return
    import chacharand

    print(f"chacharand {chacharand.__version__}, numpy {np.__version__}, "
          f"ChaCha kernel {chacharand.default_chacha_backend()}, "
          f"n = {args.n}, medians of {args.rounds} rounds")
    print(f"{'family':9} {'method':25} {'PCG64':>7} {'numpy':>7} "
          f"{'ours':>7}  {'ours/PCG64':>10} {'speed-up':>9}")
    print(f"{'':9} {'':25} {'ns/value':>23}")
    for r in rows(args.n, args.rounds, families=args.families,
                  methods=args.methods):
        print(f"{r['family']:9} {r['method']:25} {r['ns_pcg64']:7.2f} "
              f"{r['ns_numpy']:7.2f} {r['ns_chacharand']:7.2f}  "
              f"{r['vs_pcg64']:10.2f} {r['speedup']:8.2f}x")
    if not args.no_scalar:
        print()
        print(f"{'family':9} {'size=None call':25} {'numpy':>7} {'ours':>7}"
              f"  {'speed-up':>9}  (ns per call)")
        for r in scalar_rows(args.rounds, families=args.families):
            print(f"{r['family']:9} {r['method']:25} {r['ns_numpy']:7.0f} "
                  f"{r['ns_chacharand']:7.0f}  {r['speedup']:8.2f}x")


if __name__ == "__main__":
    main()
