"""``chacharand bench --threads``: small batches from N threads at once.

Each thread draws from a generator of its own (so no lock is shared) in
small batches, ``random(64)`` or ``integers(0, 100, 16)``, the pattern of
a parallel Monte Carlo loop written in Python.  The figure is the calls
per second of all threads together, from the moment they are released at
once to the moment the last one ends, and the scaling is that rate over
one thread's.  chacharand.Generator over ChaCha8 and numpy's Generator
over PCG64 run side by side, sample by sample, beside a control: the same
calls answered by a pure-Python loop, whose scaling is the machine's own
(a loaded machine scales nothing, whatever the generator).

With the GIL, only one thread runs Python at a time and a small batch is
mostly Python-level call overhead, so the scaling stays near 1 (or below,
from the hand-offs) whatever the core count.  A free-threaded CPython
(3.13t, 3.14t, 3.15t) removes that cap: each thread's draws hold only its
own generator's lock, so the threads run on separate cores.
"""
import os
import statistics
import sys
import sysconfig
import threading
import time

import numpy as np

import chacharand
from chacharand._bench.machine import describe
from chacharand._bench.timing import Progress

SCHEMA = "chacharand-bench-threads/1"

WORKLOADS = {
    "random(64)": lambda g: g.random(64),
    "integers(0, 100, 16)": lambda g: g.integers(0, 100, 16),
}


class PythonLoop:
    """The control: the same calls answered by a pure-Python loop (a
    64-bit LCG, one step per value), no chacharand and no numpy.  Its
    scaling is the machine's and the interpreter's own, which tells how
    much of the generators' scaling a reader can expect at all (a loaded
    machine, or a GIL build, shows none)."""

    def __init__(self, seed):
        self.x = seed

    def _words(self, n):
        x, out = self.x, []
        for _ in range(n):
            x = (x * 6364136223846793005 + 1442695040888963407) \
                & 0xFFFFFFFFFFFFFFFF
            out.append(x)
        self.x = x
        return out

    def random(self, n):
        return [(w >> 11) * (1.0 / 9007199254740992.0)
                for w in self._words(n)]

    def integers(self, low, high, n):
        span = high - low
        return [low + ((w >> 32) * span >> 32) for w in self._words(n)]


CONTESTANTS = {
    "chacharand.Generator(ChaCha8)":
        lambda seed: chacharand.Generator(chacharand.ChaCha8(seed)),
    "numpy.random.Generator(PCG64)":
        lambda seed: np.random.Generator(np.random.PCG64(seed)),
    "control: pure-Python loop": PythonLoop,
}


def thread_counts(cpus=None):
    """1, then powers of two, up to the CPU count (and it)."""
    cpus = max(1, cpus or os.cpu_count() or 1)
    counts, n = [1], 2
    while n < cpus:
        counts.append(n)
        n *= 2
    if cpus > 1:
        counts.append(cpus)
    return counts


def gil_enabled():
    """Whether the GIL is on now (always, before Python 3.13)."""
    check = getattr(sys, "_is_gil_enabled", None)
    return True if check is None else bool(check())


def time_threads(make, draw, n_threads, calls):
    """Seconds for `n_threads` threads, each `calls` draws from its own
    generator, released together."""
    generators = [make(1000 + i) for i in range(n_threads)]
    for g in generators:
        draw(g)                     # warm: the first call's set-up
    barrier = threading.Barrier(n_threads + 1)

    def work(g):
        barrier.wait()
        for _ in range(calls):
            draw(g)

    pool = [threading.Thread(target=work, args=(g,)) for g in generators]
    for t in pool:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in pool:
        t.join()
    return time.perf_counter() - start


def run(calls: int = 20000, repeat: int = 5,
        counts: list[int] | None = None, progress: bool = False) -> dict:
    """Every workload, contestant and thread count; the report (JSON-able).

    Samples are interleaved (each contestant in turn, for each thread
    count) and the median rate reported.
    """
    counts = counts or thread_counts()
    steps = Progress(len(WORKLOADS) * len(counts) * repeat, progress)
    results: list[dict] = []
    for workload, draw in WORKLOADS.items():
        rates: dict[tuple[str, int], list[float]] = {
            (name, n): [] for name in CONTESTANTS for n in counts}
        for n in counts:
            for _ in range(repeat):
                steps.step(f"{workload}, {n} thread(s)")
                for name, make in CONTESTANTS.items():
                    seconds = time_threads(make, draw, n, calls)
                    rates[name, n].append(n * calls / seconds)
        for name in CONTESTANTS:
            one = statistics.median(rates[name, 1])
            for n in counts:
                rate = statistics.median(rates[name, n])
                results.append({
                    "workload": workload, "generator": name, "threads": n,
                    "calls_per_s": rate, "scaling": rate / one,
                    "samples": rates[name, n]})
    steps.close()
    return {
        "schema": SCHEMA,
        "machine": describe({
            "free_threaded_build": bool(
                sysconfig.get_config_var("Py_GIL_DISABLED")),
            "gil_enabled": gil_enabled()}),
        "config": {"calls_per_thread": calls, "repeat": repeat,
                   "thread_counts": counts, "statistic": "median"},
        "results": results,
    }


def format_text(report):
    """The report as a table: calls/s and scaling over one thread."""
    m = report["machine"]
    gil = "on" if m["gil_enabled"] else "off"
    build = "free-threaded" if m["free_threaded_build"] else "GIL"
    lines = [f"Threads, each drawing from its own generator: "
             f"{report['config']['calls_per_thread']} calls per thread, "
             f"median of {report['config']['repeat']}",
             f"{m['cpu_model']}, {m['cpu_count']} CPUs; Python "
             f"{m['python']} ({build} build, GIL {gil}), numpy {m['numpy']}",
             ""]
    counts = report["config"]["thread_counts"]
    head = f"{'workload / generator':<52}" + "".join(
        f"{str(n) + ' thr':>16}" for n in counts)
    lines += [head, "-" * len(head)]
    by_key = {(r["workload"], r["generator"], r["threads"]): r
              for r in report["results"]}
    for workload in WORKLOADS:
        for name in CONTESTANTS:
            cells = []
            for n in counts:
                r = by_key[workload, name, n]
                cells.append(f"{r['calls_per_s'] / 1e3:>8.0f}k x{r['scaling']:<4.2f}")
            lines.append(f"{workload + ', ' + name:<52}" +
                         "".join(f"{c:>16}" for c in cells))
    lines += ["", "calls/s of all threads together, and that rate over one "
              "thread's (x1.00 = no gain)."]
    if m["gil_enabled"]:
        lines.append("The GIL is on: one thread runs Python at a time, so "
                     "small batches do not scale; a free-threaded build "
                     "(3.13t, 3.14t, 3.15t) removes that cap.")
    return "\n".join(lines)
