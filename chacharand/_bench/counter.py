"""``chacharand bench --counter``: CounterGenerator on the CPU.

Each counter-based method over ChaCha8 against the same call of numpy's
``Generator(PCG64)`` in the same run, interleaved sample by sample (the
ratio is ours over numpy's: below 1 is faster), and one call on 64
streams (``gen.streams(range(64))``, m values each) against one stream of
64*m values, and the same for 10**4 streams of one value each (the streams
in the SIMD lanes: each value costs a whole block, 4 to 16 values' words,
so one stream's throughput is out of reach there).  Figures, not verdicts:
the machine and its load are in the report.
"""
import statistics

import numpy as np

import chacharand
from chacharand._bench.machine import describe
from chacharand._bench.timing import calibrate, sample

SCHEMA = "chacharand-bench-counter/1"
SEED = 12345
STREAMS = 64
# Many streams of one value each.
FEW_STREAMS = 10**4

# name: (our call, numpy's call), each f(generator, size)
METHODS = {
    "random": (lambda g, n: g.random(n), lambda g, n: g.random(n)),
    "random float32": (lambda g, n: g.random(n, np.float32),
                       lambda g, n: g.random(n, np.float32)),
    "uniform": (lambda g, n: g.uniform(-1.0, 2.0, n),
                lambda g, n: g.uniform(-1.0, 2.0, n)),
    "standard_normal": (lambda g, n: g.standard_normal(n),
                        lambda g, n: g.standard_normal(n)),
    "standard_normal float32": (
        lambda g, n: g.standard_normal(n, np.float32),
        lambda g, n: g.standard_normal(n, dtype=np.float32)),
    "standard_exponential": (lambda g, n: g.standard_exponential(n),
                             lambda g, n: g.standard_exponential(n)),
    "integers(0, 1000)": (lambda g, n: g.integers(0, 1000, n),
                          lambda g, n: g.integers(0, 1000, n)),
    "random_raw": (lambda g, n: g.random_raw(n),
                   lambda g, n: g.bit_generator.random_raw(n)),
}


def _pair(ours, theirs, repeat, min_sample_ns):
    """Median ns per call of each, sampled alternately."""
    loops = [calibrate(f, min_sample_ns) for f in (ours, theirs)]
    mine, numpy = [], []
    for _ in range(repeat):
        mine.append(sample(ours, loops[0]))
        numpy.append(sample(theirs, loops[1]))
    return statistics.median(mine), statistics.median(numpy)


def run(size, repeat, min_sample_ns):
    """Time everything once; return the report (a JSON-able dict)."""
    gen = chacharand.CounterGenerator(chacharand.ChaCha8(SEED))
    npg = np.random.Generator(np.random.PCG64(SEED))
    methods = []
    for name, (ours, theirs) in METHODS.items():
        t_ours, t_np = _pair(lambda: ours(gen, size),
                             lambda: theirs(npg, size), repeat,
                             min_sample_ns)
        methods.append({"method": name, "ns_per_value": t_ours / size,
                        "numpy_ns_per_value": t_np / size,
                        "ratio_to_pcg64": t_ours / t_np})
    streams = []
    for nstreams, per_stream in ((STREAMS, max(1, size // STREAMS)),
                                 (FEW_STREAMS, 1)):
        many = gen.streams(range(nstreams))
        total = nstreams * per_stream
        for name in ("standard_normal", "random", "integers(0, 1000)"):
            call = METHODS[name][0]
            t_many, t_one = _pair(lambda: call(many, per_stream),
                                  lambda: call(gen, total), repeat,
                                  min_sample_ns)
            streams.append({"method": name, "streams": nstreams,
                            "values_per_stream": per_stream,
                            "ns_per_value_streams": t_many / total,
                            "ns_per_value_one": t_one / total,
                            "throughput_vs_one_stream": t_one / t_many})
    return {
        "schema": SCHEMA,
        "machine": describe({}),
        "config": {"size": size, "repeat": repeat,
                   "min_sample_ns": min_sample_ns, "seed": SEED,
                   "family": "ChaCha8", "statistic": "median",
                   "backend": chacharand.ChaCha8(SEED).backend},
        "methods": methods,
        "streams": streams,
    }


def format_text(report):
    m = report["machine"]
    cfg = report["config"]
    lines = [f"chacharand.CounterGenerator(ChaCha8), {cfg['size']} values "
             f"per call, ChaCha backend {cfg['backend']}, median of "
             f"{cfg['repeat']}",
             f"machine: {m.get('cpu_model')} ({m.get('cpu_count')} CPUs), "
             f"load {m.get('loadavg')}", "",
             f"{'method':<26}{'ns/value':>10}{'PCG64 ns':>10}"
             f"{'ratio':>8}"]
    for r in report["methods"]:
        lines.append(f"{r['method']:<26}{r['ns_per_value']:>10.2f}"
                     f"{r['numpy_ns_per_value']:>10.2f}"
                     f"{r['ratio_to_pcg64']:>8.2f}")
    lines += ["", f"{'streams':<32}{'ns/value':>10}{'1 stream':>10}"
              f"{'speed':>8}"]
    for r in report["streams"]:
        label = f"{r['streams']} x {r['values_per_stream']} {r['method']}"
        lines.append(f"{label:<32}{r['ns_per_value_streams']:>10.2f}"
                     f"{r['ns_per_value_one']:>10.2f}"
                     f"{r['throughput_vs_one_stream']:>8.2f}")
    lines.append("")
    lines.append("ratio: our time over numpy.random.Generator(PCG64)'s "
                 "(below 1 is faster); speed: the streams' throughput over "
                 "one stream's of as many values")
    return "\n".join(lines)
