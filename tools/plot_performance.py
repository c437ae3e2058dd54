"""Chart and RST tables from the JSON of ``chacharand bench --json FILE``.

Refresh the documentation's performance page (runs the benchmark, about a
minute, then writes docs/_static/performance.json, docs/_static/performance.png
and docs/performance.rst)::

    python tools/plot_performance.py --docs

From an existing JSON file::

    python tools/plot_performance.py bench.json --png chart.png --rst page.rst

The RST table is printed in any case.  The chart needs matplotlib (the
``bench`` extra); the tables need nothing but the standard library.
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS_JSON = ROOT / "docs" / "_static" / "performance.json"
DOCS_PNG = ROOT / "docs" / "_static" / "performance.png"
DOCS_RST = ROOT / "docs" / "performance.rst"
DOCS_COMMAND = "python tools/plot_performance.py --docs"

#: Operations drawn in the chart, in this order, with their labels.
CHART_OPERATIONS = {
    "random_raw": "random_raw",
    "random": "Generator.random",
    "standard_normal": "Generator.standard_normal",
    "integers": "Generator.integers",
    "random_bytes": "random_bytes",
}


def _table(report):
    return {(r["generator"], r["operation"]): r for r in report["results"]}


def _names(report):
    return [g["name"] for g in report["generators"]]


# ---- RST ---------------------------------------------------------------------

def _list_table(header, rows, widths=None, title=None):
    lines = [f".. list-table::{' ' + title if title else ''}",
             "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {' '.join(str(w) for w in widths)}")
    lines.append("")
    for row in [header] + rows:
        for i, cell in enumerate(row):
            prefix = "   * -" if i == 0 else "     -"
            lines.append(f"{prefix} {cell}" if cell else prefix)
    return "\n".join(lines)


def rst_results_table(report):
    """ns per value and the ratio to PCG64, one row per generator."""
    table = _table(report)
    ops = [o["name"] for o in report["operations"]]
    header = ["generator"] + [f"``{op}``" for op in ops]
    rows = []
    for name in _names(report):
        cells = []
        for op in ops:
            r = table.get((name, op))
            if r is None:
                cells.append("")
            elif r.get("ratio_to_pcg64") is None:
                cells.append(f"{r['ns_per_value']:.2f}")
            else:
                cells.append(f"{r['ns_per_value']:.2f} "
                             f"({r['ratio_to_pcg64']:.2f}x)")
        rows.append([name] + cells)
    return _list_table(header, rows)


def rst_keystream_table(report):
    header = ["generator", "operation", "what is timed", "GB/s",
              "x OpenSSL ChaCha20"]
    rows = []
    for k in report["keystream"]:
        ratio = k["ratio_to_openssl"]
        rows.append([k["generator"], f"``{k['operation']}``",
                     f"``{k['path']}``", f"{k['gb_per_s']:.2f}",
                     f"{ratio:.2f}" if ratio is not None else ""])
    return _list_table(header, rows)


def describe_machine(report):
    m = report["machine"]
    flags = ", ".join(f for f, on in m["cpu_flags"].items() if on) or "none"
    lines = [
        f"* CPU: {m['cpu_model']}, {m['cpu_count']} logical CPUs "
        f"({m['machine']}; {flags})",
        f"* {m['platform']}, Python {m['python']}, NumPy {m['numpy']}, "
        f"chacharand {m['chacharand']}",
        f"* ChaCha backends: {', '.join(m['chacha_backends'])} "
        f"(default ``{m['default_chacha_backend']}``)",
    ]
    if m.get("openssl"):
        lines.append(f"* {m['openssl']} (cryptography {m['cryptography']})")
    if m.get("randomgen"):
        lines.append(f"* randomgen {m['randomgen']}")
    cfg = report["config"]
    lines.append(f"* {cfg['size']} values per call "
                 f"({cfg['bytes']} bytes for ``random_bytes``), median of "
                 f"{cfg['repeat']} samples, measured {m['date']}")
    if m.get("loadavg"):
        lines.append(f"* load average when the run ended: "
                     f"{m['loadavg'][0]:.2f}")
    return "\n".join(lines)


def _busy_note(report):
    """A caution when the machine was loaded during the run, else ''."""
    m = report["machine"]
    load, cpus = m.get("loadavg"), m.get("cpu_count") or 1
    if not load or load[0] <= 0.5 * cpus:
        return ""
    return (f".. note::\n\n   The machine was busy during this run (load "
            f"average {load[0]:.1f} on {cpus} logical CPUs), so the figures "
            f"are noisy.\n   Ratios within the run are steadier than the "
            f"times, since all generators\n   were sampled in turn.\n")


def rst_page(report, image):
    """The whole docs/performance.rst."""
    ops = "\n".join(f"``{o['name']}``\n   {o['timed']}, {o['unit']}."
                    for o in report["operations"])
    notes = "\n".join(f"* {n}" for n in report["notes"])
    parts = [
        ".. This page is generated: do not edit it by hand.  Refresh it with",
        f"   {DOCS_COMMAND}",
        "",
        "Performance",
        "===========",
        "",
        "Time per value of chacharand's generators next to NumPy's own, "
        "OpenSSL's ChaCha20",
        "and randomgen, measured in one process by ``chacharand "
        "bench``: each",
        "figure is the median of several samples, and the generators were "
        "sampled in turn so",
        "that a busy machine slows them all alike.  Ratios are to NumPy's "
        "default bit",
        "generator, PCG64, in the same run: below 1 is faster than PCG64.",
        "",
        _busy_note(report),
        ".. image:: " + image,
        "   :alt: Time per value as a ratio to PCG64, per generator and "
        "operation",
        "   :width: 100%",
        "",
        "Machine",
        "-------",
        "",
        describe_machine(report),
        "",
        "Time per value",
        "--------------",
        "",
        "Nanoseconds per value (ratio to PCG64 in brackets).  The ChaCha "
        "rows without a",
        "backend in brackets use the default backend; "
        "``ChaCha8[name]`` uses backend",
        "``name`` (see :func:`chacharand.chacha_backends`).",
        "",
        ops,
        "",
        "NumPy's and randomgen's generators have no ``random_bytes`` of "
        "their own:",
        "for them the column times ``Generator.bytes``.",
        "",
        rst_results_table(report),
        "",
        "Bulk keystream",
        "--------------",
        "",
        "The raw ChaCha keystream in GB/s (10\\ :sup:`9` bytes per "
        "second), as a ratio to",
        "OpenSSL's ChaCha20 (the encryption of zeros through the "
        "``cryptography`` package)",
        "at its faster, ``update_into`` a buffer made once; above 1 is "
        "faster than OpenSSL.",
        "``random_raw`` and ``random_bytes`` return new memory on every "
        "call, and the time",
        "to allocate and first touch it is part of their figure.",
        "",
        rst_keystream_table(report) if report["keystream"] else
        "Not measured.",
        "",
    ]
    if notes:
        parts += [notes, ""]
    parts += [
        "Reproducing",
        "-----------",
        "",
        "Print the same tables for your machine (``--json FILE`` keeps "
        "every sample):",
        "",
        ".. code-block:: sh",
        "",
        "   chacharand bench",
        "",
        "The asv suite in ``asv_benchmarks/`` times the same operations at "
        "several sizes:",
        "",
        ".. code-block:: sh",
        "",
        "   cd asv_benchmarks",
        "   asv machine --yes",
        "   asv run --python=same --quick",
        "",
        "This page, its chart and the JSON they come from are refreshed by",
        "",
        ".. code-block:: sh",
        "",
        f"   {DOCS_COMMAND}",
        "",
    ]
    return "\n".join(parts)


# ---- chart -------------------------------------------------------------------

def plot(report, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    table = _table(report)
    names = [n for n in _names(report)
             if (n, "random_raw") in table and n != report["config"]
             .get("baseline", "PCG64")]
    ops = [op for op in CHART_OPERATIONS
           if any((n, op) in table for n in names)]
    keystream = report["keystream"]

    fig_h = 0.42 * len(names) + 1.6
    ks_h = 0.25 * len(keystream) + 1.4 if keystream else 0
    fig, axes = plt.subplots(
        2 if keystream else 1, 1, figsize=(9, fig_h + ks_h),
        gridspec_kw={"height_ratios": [fig_h, ks_h]} if keystream else None,
        squeeze=False, layout="constrained")
    ax = axes[0][0]
    y = np.arange(len(names))
    bar = 0.8 / len(ops)
    cmap = plt.get_cmap("tab10")
    for i, op in enumerate(ops):
        ratios = [table[(n, op)]["ratio_to_pcg64"]
                  if (n, op) in table else np.nan for n in names]
        # Bars grow from 1 (PCG64): left is faster, right is slower.
        ax.barh(y - 0.4 + bar * (i + 0.5), np.asarray(ratios) - 1.0,
                left=1.0, height=bar, color=cmap(i),
                label=CHART_OPERATIONS[op])
    ax.axvline(1.0, color="black", linewidth=1)
    ax.set_xscale("log", base=2)
    ax.set_yticks(y, names)
    ax.invert_yaxis()
    ax.set_xlabel("time per value / PCG64's (log scale; < 1 is faster)")
    ax.set_title("Time per value relative to NumPy's PCG64")
    ax.xaxis.set_major_formatter(
        matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}"))
    fig.legend(fontsize="small", loc="outside upper center", ncol=3)
    ax.grid(axis="x", which="both", alpha=0.3)

    if keystream:
        ax = axes[1][0]
        labels = [f"{k['generator']} "
                  + (k["path"].split("(")[0].replace("Cipher.", "")
                     if k["generator"] == "OpenSSL ChaCha20"
                     else k["operation"])
                  for k in keystream]
        rates = [k["gb_per_s"] for k in keystream]
        colors = [cmap(7) if k["generator"].startswith("OpenSSL") else
                  cmap(0) if k["operation"] == "random_raw" else cmap(4)
                  for k in keystream]
        y = np.arange(len(keystream))
        ax.barh(y, rates, color=colors)
        ax.set_yticks(y, labels, fontsize="small")
        ax.invert_yaxis()
        ax.set_xlabel("GB/s (higher is faster)")
        ax.set_title("Bulk keystream throughput")
        ax.grid(axis="x", alpha=0.3)

    m = report["machine"]
    fig.supxlabel(f"{m['cpu_model']}; chacharand {m['chacharand']}, numpy "
                  f"{m['numpy']}; default ChaCha backend "
                  f"{m['default_chacha_backend']}; "
                  f"N={report['config']['size']}",
                  fontsize="x-small", color="0.4")
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)


# ---- command line ------------------------------------------------------------

def run_bench(json_path):
    """Run ``python -m chacharand bench`` (installed package) into a file."""
    json_path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:     # not the source tree
        subprocess.run([sys.executable, "-m", "chacharand", "bench",
                        "--json", str(json_path)], cwd=tmp, check=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json", nargs="?", type=pathlib.Path,
                        help="output of chacharand bench --json FILE")
    parser.add_argument("--png", type=pathlib.Path, help="write the chart")
    parser.add_argument("--rst", type=pathlib.Path,
                        help="write the whole performance page")
    parser.add_argument("--docs", action="store_true",
                        help=f"run the benchmark and write "
                             f"{DOCS_JSON.relative_to(ROOT)}, "
                             f"{DOCS_PNG.relative_to(ROOT)} and "
                             f"{DOCS_RST.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    if args.docs:
        if args.json is None:
            run_bench(DOCS_JSON)
            args.json = DOCS_JSON
        args.png, args.rst = DOCS_PNG, DOCS_RST
    if args.json is None:
        parser.error("give a JSON file, or --docs")
    report = json.loads(args.json.read_text(encoding="utf-8"))
    print(rst_results_table(report))
    if args.png:
        plot(report, args.png)
        print(f"\nWrote {args.png}", file=sys.stderr)
    if args.rst:
        image = os.path.relpath(args.png, args.rst.parent) if args.png \
            else "_static/performance.png"
        args.rst.write_text(rst_page(report, pathlib.Path(image).as_posix()),
                            encoding="utf-8")
        print(f"Wrote {args.rst}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
