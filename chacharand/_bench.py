"""``python -m chacharand bench``: throughput against NumPy, OpenSSL, randomgen.

One run measures, in the same process and interleaved (one sample of each
generator in turn, so that a noisy machine slows them all alike):

* for every chacharand generator (ChaCha8 and ChaCha20 once per available
  SIMD backend), numpy's PCG64, SFC64 and Philox, randomgen's ChaCha (8, 12
  and 20 rounds) and HC128 when randomgen is installed, and OpenSSL's
  ChaCha20 (through ``cryptography``) when that is installed:
  ``random_raw(N)``, ``Generator.random(N)``, ``Generator.standard_normal(N)``,
  ``Generator.integers(0, 1000, N)`` and ``random_bytes(8*N)``;
* the time per value is the median over the samples, and each is also given
  as a ratio to numpy's PCG64 measured in the same run (lower is faster);
* the bulk keystream rate in GB/s (``random_raw`` and ``random_bytes`` of the
  keystream generators) as a ratio to OpenSSL's ChaCha20 at its fastest,
  ``update_into`` a buffer made once (higher is faster);
* at the end, the performance targets of the design (DESIGN.md section 4)
  with the measured ratio and PASS or MISS.

``--json FILE`` writes every figure, the samples and a description of the
machine; ``tools/plot_performance.py`` turns that file into the chart and
table of the documentation.  Timings are not tests: this tool only reports.
"""
import argparse
import datetime
import json
import math
import os
import platform
import statistics
import sys
import time

import numpy as np

import chacharand
from chacharand import (
    HC128,
    ISAAC,
    ISAAC64,
    ChaCha8,
    ChaCha12,
    ChaCha20,
    chacha_backends,
    default_chacha_backend,
)

SCHEMA = "chacharand-bench/1"
BASELINE = "PCG64"
OPENSSL = "OpenSSL ChaCha20"
SEED = 12345
DEFAULT_SIZE = 2**20
DEFAULT_REPEAT = 11
QUICK_SIZE = 2**12
QUICK_REPEAT = 3

#: (name, what is timed, unit) in the order of the table.
OPERATIONS = (
    ("random_raw", "random_raw(N)", "ns per 64-bit value"),
    ("random_raw_into", "random_raw(out=buffer of N)",
     "ns per 64-bit value"),
    ("random", "Generator.random(N)", "ns per float64"),
    ("standard_normal", "Generator.standard_normal(N)", "ns per float64"),
    ("integers", "Generator.integers(0, 1000, N)", "ns per int64"),
    ("random_bytes", "random_bytes(8*N)", "ns per 8 bytes"),
)
#: Operations whose output is the raw keystream, reported in GB/s too.
KEYSTREAM_OPERATIONS = ("random_raw", "random_raw_into", "random_bytes")

#: DESIGN.md section 4: (description, kind, arguments, comparison, limit).
#: kind "pcg64": ratio of an operation's time to PCG64's (lower is faster);
#: kind "openssl": keystream rate over OpenSSL's ChaCha20 (higher is faster);
#: kind "randomgen": time of random_raw over randomgen's same algorithm.
TARGETS = (
    ("ChaCha20 bulk keystream vs OpenSSL ChaCha20", "openssl",
     ("ChaCha20",), ">=", 1.0),
    ("ChaCha8 bulk keystream vs OpenSSL ChaCha20", "openssl",
     ("ChaCha8",), ">=", 2.2),
    ("Generator(ChaCha8).random(N) vs PCG64", "pcg64",
     ("ChaCha8", "random"), "<=", 1.05),
    ("Generator(ChaCha20).random(N) vs PCG64", "pcg64",
     ("ChaCha20", "random"), "<=", 1.5),
    ("ChaCha8 random_raw(N) vs PCG64", "pcg64",
     ("ChaCha8", "random_raw"), "<=", 0.5),
    ("HC128 random_raw(N) vs PCG64", "pcg64",
     ("HC128", "random_raw"), "<=", 1.0),
    ("ISAAC random_raw(N) vs PCG64", "pcg64",
     ("ISAAC", "random_raw"), "<=", 1.0),
    ("ISAAC64 random_raw(N) vs PCG64", "pcg64",
     ("ISAAC64", "random_raw"), "<=", 1.0),
    ("ChaCha8 random_raw vs randomgen ChaCha(rounds=8)", "randomgen",
     ("ChaCha8", "randomgen ChaCha8"), "<", 1.0),
    ("ChaCha12 random_raw vs randomgen ChaCha(rounds=12)", "randomgen",
     ("ChaCha12", "randomgen ChaCha12"), "<", 1.0),
    ("ChaCha20 random_raw vs randomgen ChaCha(rounds=20)", "randomgen",
     ("ChaCha20", "randomgen ChaCha20"), "<", 1.0),
    ("HC128 random_raw vs randomgen HC128", "randomgen",
     ("HC128", "randomgen HC128"), "<", 1.0),
)


# ---- the contestants ---------------------------------------------------------

class Contestant:
    """One generator of the run and how to time each operation on it."""

    def __init__(self, name, family, algorithm, make, backend=None,
                 default_backend=None, keystream=False, bit_generator=True):
        self.name = name
        self.family = family
        self.algorithm = algorithm
        self.make = make                  # () -> BitGenerator (or cipher)
        self.backend = backend
        self.default_backend = default_backend
        self.keystream = keystream
        self.bit_generator = bit_generator

    def describe(self):
        return {
            "name": self.name,
            "family": self.family,
            "algorithm": self.algorithm,
            "backend": self.backend,
            "default_backend": self.default_backend,
            "keystream": self.keystream,
        }

    def operation(self, op, size):
        """(callable, path) timing `op` at `size` values, or None if n/a."""
        if not self.bit_generator:
            return None
        bitgen = self.make()
        gen = np.random.Generator(bitgen)
        if op == "random_raw":
            return (lambda: bitgen.random_raw(size)), "BitGenerator.random_raw"
        if op == "random_raw_into":
            if self.family != "chacharand":
                return None         # numpy's random_raw has no out=
            buf = np.empty(size, dtype=np.uint64)
            return ((lambda: bitgen.random_raw(out=buf)),
                    "BitGenerator.random_raw(out=buffer)")
        if op == "random":
            return (lambda: gen.random(size)), "Generator.random"
        if op == "standard_normal":
            return (lambda: gen.standard_normal(size)), \
                "Generator.standard_normal"
        if op == "integers":
            return (lambda: gen.integers(0, 1000, size)), "Generator.integers"
        if op == "random_bytes":
            nbytes = 8 * size
            if hasattr(bitgen, "random_bytes"):
                return (lambda: bitgen.random_bytes(nbytes)), \
                    "BitGenerator.random_bytes"
            return (lambda: gen.bytes(nbytes)), "Generator.bytes"
        raise ValueError(op)


class OpenSSLContestant(Contestant):
    """OpenSSL's ChaCha20 keystream: the encryption of zeros.

    "random_raw_into" is ``update_into`` a buffer made once, so no time
    goes to allocating and first touching new memory, as chacharand's
    ``random_raw(out=buffer)``.  "random_bytes" returns a new ``bytes``
    each call, as ``random_bytes`` does.  The keystream rate it is compared
    with is the faster of the two.
    """

    def __init__(self, cipher_factory):
        super().__init__(OPENSSL, "openssl", "ChaCha20", cipher_factory,
                         keystream=True, bit_generator=False)

    def operation(self, op, size):
        if op not in ("random_raw_into", "random_bytes"):
            return None
        encryptor = self.make()
        zeros = bytes(8 * size)
        if op == "random_bytes":
            return (lambda: encryptor.update(zeros)), "Cipher.update(zeros)"
        # update_into wants room for a block beyond the data.
        out = np.empty(size + 8, dtype=np.uint64)
        buf = memoryview(out).cast("B")
        return ((lambda: encryptor.update_into(zeros, buf)),
                "Cipher.update_into(zeros, buffer)")


def _chacharand_contestants():
    default = default_chacha_backend()
    out = []
    for cls in (ChaCha8, ChaCha12, ChaCha20):
        backends = [default]
        if cls is not ChaCha12:
            backends += [b for b in chacha_backends() if b != default]
        for backend in backends:
            def make(cls=cls, backend=backend):
                bitgen = cls(SEED)
                bitgen.backend = backend
                return bitgen
            name = cls.__name__ if backend == default else \
                f"{cls.__name__}[{backend}]"
            out.append(Contestant(name, "chacharand", cls.__name__, make,
                                  backend=backend,
                                  default_backend=backend == default,
                                  keystream=True))
    for cls in (HC128, ISAAC, ISAAC64):
        out.append(Contestant(cls.__name__, "chacharand", cls.__name__,
                              lambda cls=cls: cls(SEED)))
    return out


def _numpy_contestants():
    return [Contestant(cls.__name__, "numpy", cls.__name__,
                       lambda cls=cls: cls(SEED))
            for cls in (np.random.PCG64, np.random.SFC64, np.random.Philox)]


def _openssl_contestant(notes):
    try:
        import cryptography
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
    except ImportError as exc:
        notes.append(f"OpenSSL ChaCha20 skipped: cryptography is not "
                     f"installed ({exc})")
        return None, None
    key = bytes(range(32))
    nonce = bytes(16)     # 32-bit block counter, then a 96-bit nonce

    def make():
        return Cipher(algorithms.ChaCha20(key, nonce), mode=None).encryptor()
    try:
        from cryptography.hazmat.backends.openssl import backend
        openssl = backend.openssl_version_text()
    except Exception:  # pragma: no cover - depends on the cryptography build
        openssl = "unknown"
    info = {"cryptography": cryptography.__version__, "openssl": openssl}
    return OpenSSLContestant(make), info


def _randomgen_contestants(notes):
    try:
        import randomgen
        from randomgen import HC128 as RG_HC128, ChaCha as RG_ChaCha
    except ImportError as exc:
        notes.append(f"randomgen skipped: randomgen is not installed ({exc})")
        return [], None
    out = []
    for rounds in (8, 12, 20):
        out.append(Contestant(
            f"randomgen ChaCha{rounds}", "randomgen", f"ChaCha{rounds}",
            lambda rounds=rounds: RG_ChaCha(SEED, rounds=rounds),
            keystream=True))
    out.append(Contestant("randomgen HC128", "randomgen", "HC128",
                          lambda: RG_HC128(SEED)))
    return out, randomgen.__version__


# ---- machine description -----------------------------------------------------

def _cpuinfo():
    model, flags = None, set()
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                key, _, value = line.partition(":")
                key = key.strip().lower()
                if model is None and key in ("model name", "hardware",
                                             "cpu model"):
                    model = value.strip()
                elif key in ("flags", "features") and not flags:
                    flags = set(value.split())
    except OSError:
        pass
    if not model:
        model = platform.processor() or platform.machine() or "unknown"
    return model, flags


def machine_info(extra):
    model, flags = _cpuinfo()
    try:
        load = list(os.getloadavg())
    except (AttributeError, OSError):
        load = None
    info = {
        "cpu_model": model,
        "cpu_count": os.cpu_count(),
        "machine": platform.machine(),
        "cpu_flags": {f: f in flags for f in
                      ("sse2", "ssse3", "avx", "avx2", "avx512f",
                       "avx512vl", "asimd")},
        "platform": platform.platform(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "numpy": np.__version__,
        "chacharand": chacharand.__version__,
        "chacha_backends": chacha_backends(),
        "default_chacha_backend": default_chacha_backend(),
        "CHACHARAND_SIMD": os.environ.get("CHACHARAND_SIMD"),
        "loadavg": load,
        "date": datetime.datetime.now(datetime.timezone.utc)
        .isoformat(timespec="seconds"),
    }
    info.update(extra)
    return info


# ---- timing ------------------------------------------------------------------

class _Progress:
    def __init__(self, total, enabled=True):
        self.total = total
        self.done = 0
        self.enabled = enabled
        self.width = 0

    def step(self, text):
        self.done += 1
        if self.enabled:
            line = f"\r[{self.done}/{self.total}] {text}"
            pad = max(0, self.width - len(line))
            self.width = len(line)
            sys.stderr.write(line + " " * pad)
            sys.stderr.flush()

    def close(self):
        if self.enabled and self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()


def _calibrate(fn, min_sample_ns):
    """Warm up `fn` and return how many calls make one sample."""
    fn()
    t0 = time.perf_counter_ns()
    fn()
    once = max(time.perf_counter_ns() - t0, 1)
    return max(1, math.ceil(min_sample_ns / once))


def _sample(fn, loops):
    """Time `loops` calls of `fn`; return ns per call."""
    clock = time.perf_counter_ns
    t0 = clock()
    for _ in range(loops):
        fn()
    return (clock() - t0) / loops


def measure(contestants, size, repeat, min_sample_ns, progress=True):
    """Median ns per value of every (contestant, operation)."""
    cells = []      # (op, contestant, fn, path)
    for op, _, _ in OPERATIONS:
        for c in contestants:
            made = c.operation(op, size)
            if made is not None:
                cells.append((op, c, made[0], made[1]))
    bar = _Progress(len(cells) * repeat, progress)
    results = []
    for op, _, _ in OPERATIONS:
        row = [cell for cell in cells if cell[0] == op]
        loops = [_calibrate(fn, min_sample_ns) for _, _, fn, _ in row]
        samples = [[] for _ in row]
        # Interleave: one sample of every generator per round.
        for r in range(repeat):
            for i, (_, c, fn, _) in enumerate(row):
                bar.step(f"{c.name} {op} ({r + 1}/{repeat})")
                samples[i].append(_sample(fn, loops[i]) / size)
        for (_, c, _, path), s, n in zip(row, samples, loops):
            results.append({
                "generator": c.name,
                "operation": op,
                "path": path,
                "values_per_call": size,
                "calls_per_sample": n,
                "ns_per_value": statistics.median(s),
                "samples_ns_per_value": s,
            })
    bar.close()
    return results


# ---- figures derived from the timings ----------------------------------------

def _lookup(results):
    return {(r["generator"], r["operation"]): r for r in results}


def add_ratios(results):
    table = _lookup(results)
    for r in results:
        base = table.get((BASELINE, r["operation"]))
        r["ratio_to_pcg64"] = (r["ns_per_value"] / base["ns_per_value"]
                               if base else None)


def keystream_figures(results, contestants):
    """GB/s of every keystream generator, as a ratio to OpenSSL's."""
    table = _lookup(results)
    openssl = [table[(OPENSSL, op)] for op in KEYSTREAM_OPERATIONS
               if (OPENSSL, op) in table]
    openssl_gbs = max(8 / r["ns_per_value"] for r in openssl) \
        if openssl else None
    out = []
    for c in contestants:
        if not c.keystream:
            continue
        for op in KEYSTREAM_OPERATIONS:
            r = table.get((c.name, op))
            if r is None or r["path"] == "Generator.bytes":
                continue            # not the raw keystream
            gbs = 8 / r["ns_per_value"]       # 8 bytes per value; 1 GB = 1e9
            out.append({
                "generator": c.name,
                "operation": op,
                "path": r["path"],
                "bytes_per_call": 8 * r["values_per_call"],
                "gb_per_s": gbs,
                "ratio_to_openssl": gbs / openssl_gbs if openssl_gbs else None,
            })
    return out


def _best_keystream(keystream, name):
    rates = [k["gb_per_s"] for k in keystream if k["generator"] == name]
    return max(rates) if rates else None


def evaluate_targets(results, keystream):
    table = _lookup(results)
    openssl = _best_keystream(keystream, OPENSSL)
    out = []
    for what, kind, args, cmp, limit in TARGETS:
        measured, note = None, None
        if kind == "openssl":
            ours = _best_keystream(keystream, args[0])
            if openssl is None:
                note = "OpenSSL (cryptography) not measured"
            elif ours is not None:
                measured = ours / openssl
        elif kind == "pcg64":
            r = table.get(args)
            if r is not None:
                measured = r["ratio_to_pcg64"]
        elif kind == "randomgen":
            ours = table.get((args[0], "random_raw"))
            theirs = table.get((args[1], "random_raw"))
            if theirs is None:
                note = f"{args[1]} not measured"
            elif ours is not None:
                measured = ours["ns_per_value"] / theirs["ns_per_value"]
        if measured is None:
            status = "N/A"
        elif cmp == ">=":
            status = "PASS" if measured >= limit else "MISS"
        elif cmp == "<=":
            status = "PASS" if measured <= limit else "MISS"
        else:
            status = "PASS" if measured < limit else "MISS"
        out.append({"what": what, "target": f"{cmp} {limit:g}",
                    "measured": measured, "status": status, "note": note})
    return out


# ---- report ------------------------------------------------------------------

def _fmt_ns(r):
    if r is None:
        return "-"
    ratio = r.get("ratio_to_pcg64")
    ratio = f"{ratio:5.2f}x" if ratio is not None else "   - "
    return f"{r['ns_per_value']:7.3f} {ratio}"


def format_report(report):
    m = report["machine"]
    cfg = report["config"]
    lines = []
    flags = ", ".join(f for f, on in m["cpu_flags"].items() if on) or "none"
    lines.append(f"chacharand {m['chacharand']}, numpy {m['numpy']}, "
                 f"Python {m['python']}")
    lines.append(f"CPU: {m['cpu_model']} ({m['cpu_count']} logical CPUs; "
                 f"{flags})")
    lines.append(f"ChaCha backends: {', '.join(m['chacha_backends'])} "
                 f"(default {m['default_chacha_backend']})")
    if m.get("openssl"):
        lines.append(f"OpenSSL: {m['openssl']} "
                     f"(cryptography {m['cryptography']})")
    if m.get("randomgen"):
        lines.append(f"randomgen: {m['randomgen']}")
    lines.append(f"N = {cfg['size']} values per call, median of "
                 f"{cfg['repeat']} samples")
    lines.append("")
    lines.append("Time per value in ns, and the ratio to PCG64 in the same "
                 "run (lower is faster):")
    table = _lookup(report["results"])
    names = [g["name"] for g in report["generators"]]
    width = max(len(n) for n in names) + 2
    col = max(max(len(op) for op, _, _ in OPERATIONS), 14) + 2
    head = f"{'generator':<{width}}" + "".join(
        f"{op:>{col}}" for op, _, _ in OPERATIONS)
    lines.append(head)
    lines.append("-" * len(head))
    for name in names:
        cells = [_fmt_ns(table.get((name, op))) for op, _, _ in OPERATIONS]
        lines.append(f"{name:<{width}}" + "".join(f"{c:>{col}}"
                                                  for c in cells))
    lines.append("")
    lines.extend(f"  {op}: {what}, {unit}" for op, what, unit in OPERATIONS)
    lines.append("  random_bytes times Generator.bytes for the generators "
                 "that have no")
    lines.append("    random_bytes of their own (numpy's and randomgen's).")
    lines.append(f"  ChaCha8, ChaCha12 and ChaCha20 use the default backend "
                 f"({m['default_chacha_backend']});")
    lines.append("    ChaCha8[name] and ChaCha20[name] use backend 'name'.")
    if report["keystream"]:
        lines.append("")
        lines.append(f"Bulk keystream, {8 * cfg['size']} bytes per call "
                     "(GB/s, and the ratio to OpenSSL's ChaCha20 at its "
                     "faster; higher is faster):")
        head = f"{'generator':<{width}}{'operation':<14}{'GB/s':>8}" \
               f"{'x OpenSSL':>11}  what is timed"
        lines.append(head)
        lines.append("-" * len(head))
        for k in report["keystream"]:
            ratio = k["ratio_to_openssl"]
            ratio = f"{ratio:10.2f}x" if ratio is not None else f"{'-':>11}"
            lines.append(f"{k['generator']:<{width}}{k['operation']:<14}"
                         f"{k['gb_per_s']:8.2f}{ratio}  {k['path']}")
        lines.append("  random_raw and random_bytes return new memory each "
                     "call; OpenSSL's")
        lines.append("    update_into writes into one buffer made "
                     "beforehand.")
    lines.append("")
    lines.append("Targets (DESIGN.md section 4):")
    w = max(len(t["what"]) for t in report["targets"]) + 2
    for t in report["targets"]:
        measured = f"{t['measured']:.3f}" if t["measured"] is not None \
            else "-"
        note = f"  ({t['note']})" if t["note"] else ""
        lines.append(f"  {t['what']:<{w}}{t['target']:>8}{measured:>9}  "
                     f"{t['status']}{note}")
    if report["notes"]:
        lines.append("")
        lines.extend(f"Note: {n}" for n in report["notes"])
    return "\n".join(lines)


def run(size, repeat, min_sample_ns, progress=True):
    notes = []
    extra = {}
    contestants = _chacharand_contestants() + _numpy_contestants()
    openssl, info = _openssl_contestant(notes)
    if openssl is not None:
        contestants.append(openssl)
        extra.update(info)
    rg, rg_version = _randomgen_contestants(notes)
    contestants += rg
    extra["randomgen"] = rg_version
    results = measure(contestants, size, repeat, min_sample_ns, progress)
    add_ratios(results)
    keystream = keystream_figures(results, contestants)
    report = {
        "schema": SCHEMA,
        "machine": machine_info(extra),
        "config": {"size": size, "bytes": 8 * size, "repeat": repeat,
                   "min_sample_ns": min_sample_ns, "seed": SEED,
                   "statistic": "median", "baseline": BASELINE},
        "operations": [{"name": op, "timed": what, "unit": unit}
                       for op, what, unit in OPERATIONS],
        "generators": [c.describe() for c in contestants],
        "results": results,
        "keystream": keystream,
        "targets": evaluate_targets(results, keystream),
        "notes": notes,
    }
    return report


def _positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}")
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected >= 1, got {value}")
    return value


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m chacharand bench",
        description="Time chacharand's generators against numpy's PCG64, "
                    "SFC64 and Philox, OpenSSL's ChaCha20 and randomgen, in "
                    "one process; print ns per value, ratios and the "
                    "design's targets.")
    parser.add_argument("--json", metavar="FILE",
                        help="also write every figure and the machine "
                             "description to FILE")
    parser.add_argument("--size", type=_positive_int, metavar="N",
                        help=f"values per call (default {DEFAULT_SIZE}; "
                             f"random_bytes draws 8*N bytes)")
    parser.add_argument("--repeat", type=_positive_int, metavar="R",
                        help=f"samples per figure, the median is reported "
                             f"(default {DEFAULT_REPEAT})")
    parser.add_argument("--quick", action="store_true",
                        help=f"a smoke run: N={QUICK_SIZE}, R={QUICK_REPEAT} "
                             "unless given; the figures mean little")
    parser.add_argument("--no-progress", action="store_true",
                        help="no progress line on stderr")
    args = parser.parse_args(argv)
    size = args.size or (QUICK_SIZE if args.quick else DEFAULT_SIZE)
    repeat = args.repeat or (QUICK_REPEAT if args.quick else DEFAULT_REPEAT)
    min_sample_ns = 2e5 if args.quick else 5e6
    report = run(size, repeat, min_sample_ns, progress=not args.no_progress)
    report["config"]["quick"] = args.quick
    print(format_report(report))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
            f.write("\n")
        print(f"\nWrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
