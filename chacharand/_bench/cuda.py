"""``chacharand bench --cuda``: chacharand.cuda's throughput, in GB/s.

Rows, in one run: chacharand.cuda's ``random_raw`` and ``random``
(float64) for ChaCha8/12/20 on the current CUDA device, and ChaCha8's
``standard_normal``; CuPy's own
``cupy.random.Generator`` (XORWOW and Philox4x3210) ``random`` on the same
device, and cuRAND's host API (XORWOW and Philox, doubles and 32-bit words)
through ``cupy.cuda.curand`` where CuPy finds libcurand; a device-to-device
copy of the same number of bytes (the memory
limit); and on the CPU the twin (``device="cpu"``) and the bit generator
itself (``random_raw``, ``numpy.random.Generator(bg).random``), and the
twin's ChaCha8 ``standard_normal``.  Figures
are GB/s of output (10**9 bytes written per second; a copy also reads as
much).  Without CuPy or a device the GPU rows are not run and the report
says why.  Timings are not tests: this only reports.
"""
from functools import partial
import importlib
import statistics
from typing import Callable

import numpy as np

from chacharand._bench.machine import describe, flags_summary
from chacharand._bench.timing import calibrate, sample
from chacharand._registry import FAMILIES as _ALL_FAMILIES

SCHEMA = "chacharand-bench-cuda/1"
# The families chacharand.cuda draws from: the counter-based ones (ChaCha).
FAMILIES = tuple(f.name for f in _ALL_FAMILIES if f.counter_based)
CUPY_BIT_GENERATORS = ("XORWOW", "Philox4x3210")
SEED = 12345


def _gpu_or_reason():
    """(cupy, None) when a device answers, else (None, why not)."""
    try:
        cupy = importlib.import_module("cupy")
    except ImportError as exc:
        return None, f"CuPy is not installed ({exc})"
    try:
        if cupy.cuda.runtime.getDeviceCount() == 0:
            return None, "no CUDA device (CuPy sees none)"
    except Exception as exc:
        return None, f"no CUDA device: {type(exc).__name__}: {exc}"
    return cupy, None


def _gpu_time(cupy, fn, repeat):
    """Median seconds per call of `fn`, by CUDA events (after a warm-up
    call, which also compiles the kernels)."""
    fn()
    cupy.cuda.Device().synchronize()
    start, stop = cupy.cuda.Event(), cupy.cuda.Event()
    start.record()
    fn()
    stop.record()
    stop.synchronize()
    once = max(cupy.cuda.get_elapsed_time(start, stop) / 1e3, 1e-6)
    loops = max(1, int(0.05 / once))  # samples of ~50 ms
    times = []
    for _ in range(repeat):
        start.record()
        for _ in range(loops):
            fn()
        stop.record()
        stop.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, stop) / 1e3 / loops)
    return statistics.median(times), times


def _gpu_rows(cupy, size, repeat):
    import chacharand
    import chacharand.cuda as cuda

    rows = []

    def add(what, device, nbytes, fn, note=None):
        if fn is None:  # a row that could not run, saying why
            rows.append({"what": what, "device": device, "bytes": 0,
                         "seconds": None, "gb_per_s": None,
                         "samples_s": [], "note": note})
            return
        seconds, samples = _gpu_time(cupy, fn, repeat)
        rows.append({"what": what, "device": device, "bytes": nbytes,
                     "seconds": seconds, "gb_per_s": nbytes / seconds / 1e9,
                     "samples_s": samples, "note": note})

    for name in FAMILIES:
        gen = cuda.Generator(getattr(chacharand, name)(SEED))
        raw = cupy.empty(size, dtype=np.uint64)
        add(f"chacharand.cuda {name} random_raw", "cuda", 8 * size,
            lambda g=gen, o=raw: g.random_raw(out=o))
        add(f"chacharand.cuda {name} random float64", "cuda", 8 * size,
            lambda g=gen, o=cupy.empty(size): g.random(out=o))
    gen = cuda.Generator(chacharand.ChaCha8(SEED))
    add("chacharand.cuda ChaCha8 standard_normal float64", "cuda", 8 * size,
        lambda o=cupy.empty(size): gen.standard_normal(out=o))
    for bit_gen in CUPY_BIT_GENERATORS:
        gen = cupy.random.Generator(getattr(cupy.random, bit_gen)(SEED))
        out = cupy.empty(size)
        add(f"cupy.random.Generator({bit_gen}) random float64", "cuda",
            8 * size, lambda g=gen, o=out: g.random(out=o))
    _curand_host_rows(cupy, size, add)
    src, dst = cupy.ones(size, dtype=np.uint64), cupy.empty(size, np.uint64)
    add("device-to-device copy", "cuda", 8 * size,
        lambda: dst.data.copy_from_device(src.data, 8 * size),
        note="reads as many bytes as it writes")
    return rows


def _curand_host_rows(cupy, size, add):
    """cuRAND's host API through ``cupy.cuda.curand`` (what
    ``cupy.random.RandomState`` calls), where CuPy finds libcurand:
    doubles in (0, 1] and 32-bit words, on the current stream."""
    try:
        curand = importlib.import_module("cupy.cuda.curand")
    except ImportError as exc:  # no libcurand for CuPy to load
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        add("cuRAND host API", "cuda", 0, None,
            note=f"not run: cupy.cuda.curand is not available: {reason}")
        return
    for name in ("XORWOW", "PHILOX4_32_10"):
        gen = curand.createGenerator(
            getattr(curand, f"CURAND_RNG_PSEUDO_{name}"))
        curand.setPseudoRandomGeneratorSeed(gen, SEED)
        curand.setStream(gen, cupy.cuda.get_current_stream().ptr)
        doubles = cupy.empty(size)
        words = cupy.empty(2 * size, dtype=np.uint32)
        add(f"cuRAND host API {name} generateUniformDouble", "cuda",
            8 * size, lambda g=gen, o=doubles: curand.generateUniformDouble(
                g, o.data.ptr, size))
        add(f"cuRAND host API {name} generate (32-bit words)", "cuda",
            8 * size, lambda g=gen, o=words: curand.generate(
                g, o.data.ptr, 2 * size))


def _cpu_rows(size: int, repeat: int, min_sample_ns: float) -> list[dict]:
    """The CPU rows, their samples interleaved (one of each in turn) as
    ``chacharand bench`` does, so that a noisy machine slows all alike."""
    import chacharand
    import chacharand.cuda as cuda

    raw = np.empty(size, dtype=np.uint64)
    floats = np.empty(size)
    calls: list[tuple[str, Callable[[], object]]] = []
    for name in FAMILIES:
        twin = cuda.Generator(getattr(chacharand, name)(SEED), device="cpu")
        bg = getattr(chacharand, name)(SEED)
        gen = np.random.Generator(getattr(chacharand, name)(SEED))
        calls += [
            (f"CPU twin {name} random_raw", partial(twin.random_raw,
                                                     out=raw)),
            (f"CPU twin {name} random float64", partial(twin.random,
                                                         out=floats)),
            (f"CPU {name}.random_raw", partial(bg.random_raw, out=raw)),
            (f"CPU numpy.random.Generator({name}) random float64",
             partial(gen.random, out=floats)),
        ]
    twin = cuda.Generator(chacharand.ChaCha8(SEED), device="cpu")
    calls.append(("CPU twin ChaCha8 standard_normal float64",
                  partial(twin.standard_normal, out=floats)))
    loops = [calibrate(fn, min_sample_ns) for _, fn in calls]
    samples: list[list[float]] = [[] for _ in calls]
    for _ in range(repeat):
        for i, (_, fn) in enumerate(calls):
            samples[i].append(sample(fn, loops[i]) * 1e-9)
    rows = []
    for (what, _), s in zip(calls, samples):
        seconds = statistics.median(s)
        rows.append({"what": what, "device": "cpu", "bytes": 8 * size,
                     "seconds": seconds, "gb_per_s": 8 * size / seconds / 1e9,
                     "samples_s": s, "note": None})
    return rows


def run(size, cpu_size, repeat, min_sample_ns):
    """Time every row once; return the report (a JSON-able dict)."""
    cupy, reason = _gpu_or_reason()
    extra = {}
    rows = []
    if cupy is not None:
        props = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)
        name = props["name"]
        extra.update({
            "gpu": name.decode() if isinstance(name, bytes) else name,
            "gpu_multiprocessors": props["multiProcessorCount"],
            "cupy": cupy.__version__,
            "cuda_runtime": cupy.cuda.runtime.runtimeGetVersion(),
        })
        rows += _gpu_rows(cupy, size, repeat)
    rows += _cpu_rows(cpu_size, repeat, min_sample_ns)
    return {
        "schema": SCHEMA,
        "machine": describe(extra),
        "config": {"gpu_values": size, "cpu_values": cpu_size,
                   "repeat": repeat, "seed": SEED, "statistic": "median",
                   "unit": "GB/s of output (10**9 bytes per second)"},
        "gpu_not_run": reason,
        "rows": rows,
    }


def format_text(report):
    """The table a person reads."""
    m = report["machine"]
    lines = [f"chacharand {m['chacharand']} bench --cuda: GB/s of output "
             "(10**9 bytes per second), median of "
             f"{report['config']['repeat']}"]
    if report["gpu_not_run"]:
        lines.append(f"GPU rows not run: {report['gpu_not_run']}")
    else:
        lines.append(f"GPU: {m.get('gpu')} ({m.get('gpu_multiprocessors')} "
                     f"SMs), CuPy {m.get('cupy')}, "
                     f"{report['config']['gpu_values']} values per call")
    lines.append(f"CPU: {m['cpu_model']} ({m['cpu_count']} logical CPUs, "
                 f"{flags_summary(m['cpu_flags'])}, "
                 f"{m['default_chacha_backend']} ChaCha kernel), "
                 f"{report['config']['cpu_values']} values per call")
    width = max(len(r["what"]) for r in report["rows"]) + 2
    lines.append("")
    lines.append(f"{'':{width}}{'device':>7}{'GB/s':>10}")
    for r in report["rows"]:
        note = f"  ({r['note']})" if r["note"] else ""
        speed = "-" if r["gb_per_s"] is None else f"{r['gb_per_s']:.2f}"
        lines.append(f"{r['what']:{width}}{r['device']:>7}"
                     f"{speed:>10}{note}")
    return "\n".join(lines)
