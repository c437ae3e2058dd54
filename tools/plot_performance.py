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


def _image(image, which, alt):
    """An image directive for one of the charts (see chart_paths)."""
    path = chart_paths(image)[which].as_posix()
    return f".. image:: {path}\n   :alt: {alt}\n   :width: 100%\n"


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
        _image(image, "raw", "Nanoseconds per 64-bit value of random_raw, "
               "per generator"),
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
        _image(image, "generator", "Nanoseconds per value of "
               "Generator.random, standard_normal and integers, per "
               "generator"),
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
        _image(image, "keystream", "GB/s of bulk ChaCha keystream: "
               "chacharand, OpenSSL and randomgen")
        if report["keystream"] else "",
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
        "The figures above come from this command (``--json FILE`` "
        "keeps every sample);",
        "run it to print the same tables for your machine:",
        "",
        ".. code-block:: sh",
        "",
        f"   chacharand bench --size {report['config']['size']} "
        f"--repeat {report['config']['repeat']}",
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

def chart_paths(path):
    """The three charts written for `path`: itself and two siblings."""
    path = pathlib.Path(path)
    return {"raw": path,
            "generator": path.with_name(f"{path.stem}_generator{path.suffix}"),
            "keystream": path.with_name(f"{path.stem}_keystream{path.suffix}")}


#: Where a generator comes from: (label in the legend, colour).
_SOURCES = [("chacharand", "#1f6fb4"), ("NumPy", "#8c8c8c"),
            ("randomgen", "#e08a1e"), ("OpenSSL", "#5a9e4b")]


def _source(name):
    if name.startswith("randomgen"):
        return 2
    if name.startswith("OpenSSL"):
        return 3
    if name in ("PCG64", "SFC64", "Philox", "MT19937"):
        return 1
    return 0


def _bars(ax, labels, values, unit, fmt="{:.2f}"):
    """Horizontal bars coloured by source, each labelled with its value."""
    import numpy as np
    y = np.arange(len(labels))
    colours = [_SOURCES[_source(n)][1] for n in labels]
    ax.barh(y, values, color=colours)
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    top = max(v for v in values if v == v) if values else 1
    for yi, v in zip(y, values):
        if v == v:
            ax.text(v + top * 0.01, yi, fmt.format(v), va="center",
                    fontsize=9)
    ax.set_xlim(0, top * 1.18)
    ax.set_xlabel(unit)
    ax.grid(axis="x", alpha=0.3)
    ax.set_axisbelow(True)


def _legend(fig, names):
    from matplotlib.patches import Patch
    used = sorted({_source(n) for n in names})
    fig.legend(handles=[Patch(color=_SOURCES[i][1], label=_SOURCES[i][0])
                        for i in used],
               loc="outside lower center", ncol=len(used), frameon=False)


def _footer(report):
    m = report["machine"]
    return (f"{m['cpu_model']}, {m['cpu_count']} CPUs; chacharand "
            f"{m['chacharand']} ({m['default_chacha_backend']} kernel), "
            f"NumPy {m['numpy']}; N={report['config']['size']}; "
            f"{m['date'][:10]}")


def plot(report, path):
    """Three charts, one idea each: raw draws, Generator methods, bulk
    keystream.  Written to `path` and its siblings (chart_paths)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"font.size": 11})
    table = _table(report)
    paths = chart_paths(path)
    # Default kernels only: the per-kernel rows are in the tables.
    names = [n for n in _names(report) if "[" not in n]

    # 1. random_raw: what each generator costs per 64-bit word.
    raw = [n for n in names if (n, "random_raw") in table]
    fig, ax = plt.subplots(figsize=(7.5, 0.38 * len(raw) + 1.9),
                           layout="constrained")
    _bars(ax, raw, [table[(n, "random_raw")]["ns_per_value"] for n in raw],
          "nanoseconds per 64-bit value (shorter is faster)")
    ax.set_title("Raw draws: bit_generator.random_raw(N)")
    _legend(fig, raw)
    fig.supxlabel(_footer(report), fontsize=8, color="0.4")
    fig.savefig(paths["raw"], dpi=150, metadata={"Software": None})
    plt.close(fig)

    # 2. Generator methods: three panels, one per method.
    methods = [op for op in ("random", "standard_normal", "integers")
               if any((n, op) in table for n in names)]
    gen = [n for n in names if all((n, op) in table for op in methods)]
    fig, axes = plt.subplots(1, len(methods), sharey=True,
                             figsize=(9, 0.38 * len(gen) + 2.1),
                             layout="constrained", squeeze=False)
    for ax, op in zip(axes[0], methods):
        _bars(ax, gen, [table[(n, op)]["ns_per_value"] for n in gen],
              "ns per value", fmt="{:.1f}")
        ax.set_title(CHART_OPERATIONS[op].replace("Generator.", "Generator.\n"),
                     fontsize=11)
    fig.suptitle("numpy.random.Generator methods, time per value "
                 "(shorter is faster)")
    _legend(fig, gen)
    fig.supxlabel(_footer(report), fontsize=8, color="0.4")
    fig.savefig(paths["generator"], dpi=150, metadata={"Software": None})
    plt.close(fig)

    # 3. Bulk keystream: chacharand's ChaCha against OpenSSL, into a
    #    buffer made once (the like-for-like figure).
    ks = [k for k in report["keystream"] if "[" not in k["generator"]
          and (k["operation"] == "random_raw_into"
               or k["generator"].startswith("randomgen"))]
    if ks:
        labels = [k["generator"] + ("" if k["operation"] == "random_raw_into"
                                    else f" ({k['operation']})")
                  for k in ks]
        fig, ax = plt.subplots(figsize=(7.5, 0.45 * len(ks) + 1.9),
                               layout="constrained")
        _bars(ax, labels, [k["gb_per_s"] for k in ks],
              "GB/s (longer is faster)")
        ax.set_title("Bulk ChaCha keystream, into a buffer made once")
        _legend(fig, labels)
        fig.supxlabel(_footer(report), fontsize=8, color="0.4")
        fig.savefig(paths["keystream"], dpi=150,
                    metadata={"Software": None})
        plt.close(fig)
    elif paths["keystream"].exists():
        paths["keystream"].unlink()


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
