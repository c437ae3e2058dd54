"""Figures derived from the timings, and the text table a person reads.

Ratios are to numpy's PCG64 in the same run (lower is faster); keystream
rates are GB/s (10**9 bytes per second), as a ratio to OpenSSL's ChaCha20
at its faster (higher is faster).
"""
import math

from chacharand._bench.contestants import BASELINE, OPENSSL
from chacharand._bench.machine import flags_summary
from chacharand._bench.operations import BY_NAME, OPERATIONS


def round2(x):
    """`x` to two significant digits, as text: 0.61, 3.0, 21.  One run on
    a shared machine does not support a third."""
    if not x or not math.isfinite(x):
        return f"{x}"
    decimals = max(0, 1 - math.floor(math.log10(abs(x))))
    text = f"{x:.{decimals}f}"
    # 9.96 rounds to 10.0: three digits; round the rounded value again.
    return text if float(text) == x else round2(float(text))


def simd_kind(machine):
    """The widest vector unit of the CPU `machine` describes (a
    ``machine.describe`` dict): AVX-512, AVX2, NEON or no SIMD."""
    flags = machine.get("cpu_flags", {})
    for flag, kind in (("avx512f", "AVX-512"), ("avx2", "AVX2"),
                       ("asimd", "NEON")):
        if flags.get(flag):
            return kind
    return "no SIMD"


def _lookup(results):
    return {(r["generator"], r["operation"]): r for r in results}


def add_ratios(results):
    """Set each result's ``ratio_to_pcg64`` (None where PCG64 has none)."""
    table = _lookup(results)
    for r in results:
        base = table.get((BASELINE, r["operation"]))
        r["ratio_to_pcg64"] = (r["ns_per_value"] / base["ns_per_value"]
                               if base else None)


def keystream_figures(results, contestants):
    """GB/s of every keystream generator, as a ratio to OpenSSL's."""
    table = _lookup(results)
    ops = [op.name for op in OPERATIONS if op.keystream]
    openssl = [8 / table[(OPENSSL, op)]["ns_per_value"] for op in ops
               if (OPENSSL, op) in table]
    best = max(openssl) if openssl else None
    out = []
    for c in contestants:
        if not c.keystream:
            continue
        for op in ops:
            r = table.get((c.name, op))
            if r is None or r["path"].endswith("Generator.bytes"):
                continue            # not the raw keystream
            gbs = 8 / r["ns_per_value"]       # 8 bytes per value
            out.append({
                "generator": c.name,
                "operation": op,
                "path": r["path"],
                "bytes_per_call": 8 * r["values_per_call"],
                "gb_per_s": gbs,
                "ratio_to_openssl": gbs / best if best else None,
            })
    return out


# ---- text ----------------------------------------------------------------

def _cell(r):
    if r is None:
        return "-"
    ratio = r.get("ratio_to_pcg64")
    text = f"{r['ns_per_value']:.2f}"
    return text + (f" {ratio:4.2f}x" if ratio is not None else "      ")


def _times_table(report, width):
    table = _lookup(report["results"])
    ops = [o["name"] for o in report["operations"]]
    heads = [BY_NAME[op].header if op in BY_NAME else op for op in ops]
    rows = [(g["name"], [_cell(table.get((g["name"], op))) for op in ops])
            for g in report["generators"]]
    # Each column as wide as its widest cell, so slow runs line up too.
    cols = [2 + max([len(h)] + [len(cells[i]) for _, cells in rows])
            for i, h in enumerate(heads)]
    head = f"{'generator':<{width}}" + "".join(
        f"{h:>{c}}" for h, c in zip(heads, cols))
    lines = [head, "-" * len(head)]
    for name, cells in rows:
        lines.append(f"{name:<{width}}" + "".join(
            f"{cell:>{c}}" for cell, c in zip(cells, cols)))
    return lines


def _keystream_table(report, width):
    head = f"{'generator':<{width}}{'operation':<17}{'GB/s':>7}" \
           f"{'x OpenSSL':>11}"
    lines = [head, "-" * len(head)]
    for k in report["keystream"]:
        ratio = k["ratio_to_openssl"]
        ratio = f"{ratio:.2f}x" if ratio is not None else "-"
        lines.append(f"{k['generator']:<{width}}{k['operation']:<17}"
                     f"{k['gb_per_s']:7.2f}{ratio:>11}")
    return lines


def format_text(report):
    """The report as a person reads it in a terminal."""
    m, cfg = report["machine"], report["config"]
    lines = [
        f"chacharand {m['chacharand']}, numpy {m['numpy']}, "
        f"Python {m['python']} ({m['platform']})",
        f"CPU: {m['cpu_model']}, {m['cpu_count']} logical CPUs, "
        f"{flags_summary(m['cpu_flags'])}",
        f"ChaCha backends: {', '.join(m['chacha_backends'])} "
        f"(default {m['default_chacha_backend']})",
    ]
    if m.get("openssl"):
        lines.append(f"OpenSSL: {m['openssl']} "
                     f"(cryptography {m['cryptography']})")
    if m.get("randomgen"):
        lines.append(f"randomgen: {m['randomgen']}")
    lines += [
        f"N = {cfg['size']} values per call, median of {cfg['repeat']} "
        f"samples" + (" (--quick: rough figures)" if cfg.get("quick")
                      else ""),
        "",
        "Time per value in ns, and the ratio to numpy's PCG64 in the same "
        "run",
        "(lower is faster):",
    ]
    width = max(len(g["name"]) for g in report["generators"]) + 2
    lines += _times_table(report, width)
    lines.append("")
    for o in report["operations"]:
        op = BY_NAME.get(o["name"])
        header = op.header if op else o["name"]
        lines.append(f"  {header:<10} {o['timed']}, {o['unit']}")
    lines += [
        "  Generators without a random_bytes of their own (numpy's, "
        "randomgen's)",
        "  are timed with Generator.bytes.  ChaCha8[name] runs on backend "
        "'name';",
        f"  the rows without brackets on the default backend "
        f"({m['default_chacha_backend']}).",
    ]
    if report["keystream"]:
        lines += [
            "",
            f"Bulk keystream, {8 * cfg['size']} bytes per call, in GB/s "
            "and as a ratio to",
            "OpenSSL's ChaCha20 at its fastest (higher is faster):",
        ]
        lines += _keystream_table(report, width)
        lines += [
            "  random_raw and random_bytes return new memory on every "
            "call; random_raw_into",
            "  and OpenSSL's update_into write into one buffer made "
            "beforehand.",
        ]
    if report["notes"]:
        lines.append("")
        lines.extend(f"Note: {n}" for n in report["notes"])
    return "\n".join(lines)
