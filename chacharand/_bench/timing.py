"""How ``chacharand bench`` times: calibrated, interleaved samples.

Every call of one column is calibrated to last about ``min_sample_ns``,
then sampled ``repeat`` times with the contestants interleaved (one sample
of each in turn), so that a noisy machine slows them all alike; the figure
is the median.
"""
import math
import statistics
import sys
import time


class Progress:
    """A "[done/total] what" line on stderr, rewritten in place."""

    def __init__(self, total, enabled=True, stream=None):
        self.total = total
        self.done = 0
        self.enabled = enabled
        self.stream = stream or sys.stderr
        self.width = 0

    def step(self, text):
        self.done += 1
        if self.enabled:
            line = f"[{self.done}/{self.total}] {text}"
            pad = max(0, self.width - len(line))
            self.width = len(line)
            self.stream.write("\r" + line + " " * pad)
            self.stream.flush()

    def close(self):
        if self.enabled and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


def calibrate(fn, min_sample_ns):
    """Warm up `fn` and return how many calls make one sample."""
    fn()
    t0 = time.perf_counter_ns()
    fn()
    once = max(time.perf_counter_ns() - t0, 1)
    return max(1, math.ceil(min_sample_ns / once))


def sample(fn, loops):
    """Time `loops` calls of `fn`; return ns per call."""
    clock = time.perf_counter_ns
    t0 = clock()
    for _ in range(loops):
        fn()
    return (clock() - t0) / loops


def measure(contestants, operations, size: int, repeat: int,
            min_sample_ns: float, progress: bool = True) -> list[dict]:
    """One result per (contestant, operation) that exists: median ns/value."""
    columns = []
    for op in operations:
        cells = []
        for c in contestants:
            made = c.prepare(op, size)
            if made is not None:
                cells.append((c, made[0], made[1]))
        columns.append((op, cells))
    bar = Progress(sum(len(cells) for _, cells in columns) * repeat,
                   progress)
    results = []
    for op, cells in columns:
        loops = [calibrate(fn, min_sample_ns) for _, fn, _ in cells]
        samples: list[list[float]] = [[] for _ in cells]
        for r in range(repeat):
            for i, (c, fn, _) in enumerate(cells):
                bar.step(f"{c.name} {op.name} ({r + 1}/{repeat})")
                samples[i].append(sample(fn, loops[i]) / size)
        for (c, _, path), s, n in zip(cells, samples, loops):
            results.append({
                "generator": c.name,
                "operation": op.name,
                "path": path,
                "values_per_call": size,
                "calls_per_sample": n,
                "ns_per_value": statistics.median(s),
                "samples_ns_per_value": s,
            })
    bar.close()
    return results
