"""Chart and RST tables from the JSON of ``chacharand bench --json FILE``.

Refresh the documentation's performance figures (runs ``chacharand bench``
and ``chacharand bench --generator``, a few minutes, then writes
docs/_static/performance.json and generator_methods.json, the three charts
docs/_static/performance*.png, docs/performance.rst with the table it
includes, docs/generator_methods.inc, docs/speed_figures.inc, which
docs/choosing.rst includes, and the speed figures of README.md)::

    python tools/plot_performance.py --docs

The same from JSON files already made (the benchmarks do not run; each file
is copied into docs/_static/ if it is another one; without
--generator-json, the committed docs/_static/generator_methods.json)::

    python tools/plot_performance.py bench.json --generator-json gen.json --docs

From an existing JSON file, to files of your choice::

    python tools/plot_performance.py bench.json --png chart.png --rst page.rst

The RST table is printed in any case.  The chart needs matplotlib (the
``bench`` extra); the text needs nothing but the standard library.
"""
import argparse
import json
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap

from chacharand._bench.report import round2, simd_kind
from chacharand._registry import family

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS_JSON = ROOT / "docs" / "_static" / "performance.json"
DOCS_PNG = ROOT / "docs" / "_static" / "performance.png"
DOCS_RST = ROOT / "docs" / "performance.rst"
DOCS_SPEED = ROOT / "docs" / "speed_figures.inc"
# Every chacharand.Generator method: ``chacharand bench --generator``'s
# JSON, and the table the performance page includes.
DOCS_GENERATOR_JSON = ROOT / "docs" / "_static" / "generator_methods.json"
DOCS_GENERATOR_INC = ROOT / "docs" / "generator_methods.inc"
README = ROOT / "README.md"
DOCS_COMMAND = "python tools/plot_performance.py --docs"

#: The lines around the generated block of README.md.
README_BEGIN = "<!-- speed figures: written by tools/plot_performance.py -->"
README_END = "<!-- end of speed figures -->"

#: Operations drawn in the chart, in this order, with their labels.
CHART_OPERATIONS = {
    "random_raw": "random_raw",
    "random": "Generator.random",
    "standard_normal": "Generator.standard_normal",
    "integers": "Generator.integers",
    "random_bytes": "random_bytes",
}

#: The bench's ``family`` of chacharand.Generator's rows.
OUR_GENERATOR = "chacharand.Generator"


def _table(report):
    return {(r["generator"], r["operation"]): r for r in report["results"]}


def _names(report):
    return [g["name"] for g in report["generators"]]


def _row(report, name):
    """The bench's description of row `name` ({} if there is none)."""
    return next((g for g in report["generators"] if g["name"] == name), {})


def label(report, name):
    """A row's name on the page and in the charts.

    The bench names chacharand.Generator's rows "ChaCha8 Generator";
    here they read ``chacharand.Generator(ChaCha8)``, apart from the row
    "ChaCha8", which is numpy.random.Generator over chacharand's ChaCha8.
    """
    row = _row(report, name)
    if row.get("family") == OUR_GENERATOR:
        algorithm = row.get("algorithm") or name.removesuffix(" Generator")
        return f"{OUR_GENERATOR}({algorithm})"
    return name


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
                cells.append(round2(r["ns_per_value"]))
            else:
                cells.append(f"{round2(r['ns_per_value'])} "
                             f"({round2(r['ratio_to_pcg64'])}x)")
        rows.append([label(report, name)] + cells)
    return _list_table(header, rows)


def rst_keystream_table(report):
    header = ["generator", "operation", "what is timed", "GB/s",
              "x OpenSSL ChaCha20"]
    rows = []
    for k in report["keystream"]:
        ratio = k["ratio_to_openssl"]
        rows.append([k["generator"], f"``{k['operation']}``",
                     f"``{k['path']}``", round2(k["gb_per_s"]),
                     round2(ratio) if ratio is not None else ""])
    return _list_table(header, rows)


def sample_spread(report):
    """(largest, median) relative spread of one row's samples, max/min - 1:
    how far apart two figures of this run can be by noise alone."""
    spreads = sorted(max(s) / min(s) - 1 for r in report["results"]
                     if (s := r.get("samples_ns_per_value")) and min(s) > 0)
    if not spreads:
        return None
    return spreads[-1], spreads[len(spreads) // 2]


def describe_machine(report):
    m = report["machine"]
    flags = ", ".join(f for f, on in m["cpu_flags"].items() if on) or "none"
    lines = [
        (f"* CPU: {m['cpu_model']}, {m['cpu_count']} logical CPUs, "
         f"{simd_kind(m)} ({m['machine']}; {flags})"),
        (f"* {m['platform']}, Python {m['python']}, NumPy {m['numpy']}, "
         f"chacharand {m['chacharand']}"),
        (f"* ChaCha backends: {', '.join(m['chacha_backends'])} "
         f"(default ``{m['default_chacha_backend']}``)"),
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
    spread = sample_spread(report)
    if spread:
        lines.append(
            f"* noise: the samples of one figure spread by {spread[1]:.0%} "
            f"(median over the figures), {spread[0]:.0%} at most; figures "
            f"closer than that are not told apart by this run")
    return "\n".join(lines)


def _busy(report):
    """(load average, logical CPUs) if the machine was loaded during the
    run, else None."""
    m = report["machine"]
    load, cpus = m.get("loadavg"), m.get("cpu_count") or 1
    if not load or load[0] <= 0.5 * cpus:
        return None
    return load[0], cpus


def _busy_note(report):
    """A caution when the machine was loaded during the run, else ''."""
    busy = _busy(report)
    if busy is None:
        return ""
    load, cpus = busy
    return (f".. note::\n\n   The machine was busy during this run (load "
            f"average {load:.1f} on {cpus} logical CPUs), so the figures "
            f"are noisy.\n   Ratios within the run are steadier than the "
            f"times, since all generators\n   were sampled in turn.\n")


def bench_command(report):
    """The ``chacharand bench`` command line that made `report`."""
    cfg = report["config"]
    return (f"chacharand bench --size {cfg['size']} --repeat {cfg['repeat']}"
            + (" --quick" if cfg.get("quick") else ""))


def _figure(image, which, alt, caption):
    """A figure directive for one of the charts (see chart_paths).  Sphinx
    links a scaled image to the full-size file."""
    path = chart_paths(image)[which].as_posix()
    caption = textwrap.fill(
        f"{caption}  Click the chart to open it at full size.", width=79,
        initial_indent="   ", subsequent_indent="   ",
        break_on_hyphens=False, break_long_words=False)
    return (f".. figure:: {path}\n   :alt: {alt}\n   :width: 100%\n\n"
            f"{caption}\n")


def rst_page(report, image):
    """The whole docs/performance.rst."""
    ops = "\n".join(f"``{o['name']}``\n   {o['timed']}, {o['unit']}."
                    for o in report["operations"])
    notes = "\n".join(f"* {n}" for n in report["notes"])
    ours = any(_row(report, n).get("family") == OUR_GENERATOR
               for n in _names(report))
    generator_rows = [
        f"The rows ``{OUR_GENERATOR}(X)`` time chacharand's own",
        (":class:`chacharand.Generator` over bit generator X, which draws "
         "``random``,"),
        ("``standard_normal`` and ``integers`` in C with exactly NumPy's "
         "numbers: they"),
        "have figures in those columns only.  Every other row times",
        ("``numpy.random.Generator`` over the bit generator it names: "
         "``ChaCha8`` is"),
        "``numpy.random.Generator(chacharand.ChaCha8())``.",
        "",
    ] if ours else []
    parts = [
        ".. This page is generated: do not edit it by hand.  Refresh it with",
        f"   {DOCS_COMMAND}",
        "",
        "Performance",
        "===========",
        "",
        ("Time per value of chacharand's generators next to NumPy's own, "
         "OpenSSL's ChaCha20"),
        ("and randomgen, measured in one process by ``chacharand "
         "bench``: each"),
        ("figure is the median of several samples, and the generators were "
         "sampled in turn so"),
        ("that a busy machine slows them all alike.  Ratios are to NumPy's "
         "default bit"),
        "generator, PCG64, in the same run: below 1 is faster than PCG64.",
        "",
        _busy_note(report),
        _figure(image, "raw", "Nanoseconds per 64-bit value of random_raw, "
                "per generator",
                "Time per 64-bit word of ``random_raw(N)``."),
        "",
        "Machine",
        "-------",
        "",
        describe_machine(report),
        "",
        "Time per value",
        "--------------",
        "",
        ("Nanoseconds per value (ratio to PCG64 in brackets).  The ChaCha "
         "rows without a"),
        ("backend in brackets use the default backend; "
         "``ChaCha8[name]`` uses backend"),
        "``name`` (see :func:`chacharand.chacha_backends`).",
        "",
        *generator_rows,
        ops,
        "",
        ("NumPy's and randomgen's generators have no ``random_bytes`` of "
         "their own:"),
        "for them the column times ``Generator.bytes``.",
        "",
        _figure(image, "generator", "Nanoseconds per value of "
                "Generator.random, standard_normal and integers, per "
                "generator",
                "Time per value of three Generator methods: "
                "``numpy.random.Generator`` over each bit generator, and "
                f"``{OUR_GENERATOR}(X)``, chacharand's own Generator over "
                "X, in its own colour."),
        "",
        rst_results_table(report),
        "",
        "Every ``chacharand.Generator`` method",
        "-------------------------------------",
        "",
        ("Every method of :class:`chacharand.Generator` over ChaCha8 "
         "(distributions,"),
        ("shuffles and choice), with NumPy's numbers, against "
         "``numpy.random.Generator``"),
        ("over PCG64 and over the same ChaCha8, from ``chacharand bench "
         "--generator``: ns"),
        ("per value, the ratio to PCG64's time (below 1 is faster) and the "
         "speed-up over"),
        "NumPy's Generator on the same bit generator.",
        "",
        ("The methods that raise values to a power (``weibull``, "
         "``power``, gamma and"),
        ("``chisquare`` below shape 1, ``beta`` with a and b at most 1) "
         "take their"),
        ("powers four at a time where the CPU has AVX2 and FMA and the C "
         "library is"),
        ("glibc (see :doc:`generator`), and so do ``logistic``'s and "
         "``gumbel``'s"),
        ("logarithms; elsewhere they call ``pow`` or ``log`` once per "
         "value, and their"),
        ("figures are closer to NumPy's.  ``binomial`` and ``poisson`` with "
         "a parameter per"),
        ("value make their constants four values at a time where the CPU "
         "has AVX2.  The"),
        "table's machine has AVX2 and FMA.",
        "",
        ".. include:: generator_methods.inc",
        "",
        "Bulk keystream",
        "--------------",
        "",
        ("The raw ChaCha keystream in GB/s (10\\ :sup:`9` bytes per "
         "second), as a ratio to"),
        ("OpenSSL's ChaCha20 (the encryption of zeros through the "
         "``cryptography`` package)"),
        ("at its faster, ``update_into`` a buffer made once; above 1 is "
         "faster than OpenSSL."),
        ("``random_raw`` and ``random_bytes`` return new memory on every "
         "call, and the time"),
        "to allocate and first touch it is part of their figure.",
        "",
        _figure(image, "keystream", "GB/s of bulk ChaCha keystream: "
                "chacharand, OpenSSL and randomgen",
                "chacharand's bars time ``random_raw(out=buffer)`` and "
                "OpenSSL's ``update_into``, both into a buffer made once; "
                "randomgen has no such call, so its bars time "
                "``random_raw(N)``, which returns a new array on every "
                "call.")
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
        ("The figures above come from this command (``--json FILE`` "
         "keeps every sample);"),
        "run it to print the same tables for your machine:",
        "",
        ".. code-block:: sh",
        "",
        f"   {bench_command(report)}",
        "",
        ("The asv suite in ``asv_benchmarks/`` times the same operations at "
         "several sizes:"),
        "",
        ".. code-block:: sh",
        "",
        "   cd asv_benchmarks",
        "   asv machine --yes",
        "   asv run --python=same --quick",
        "",
        ("This page, its charts, the speed figures of :doc:`choosing` and "
         "of the README,"),
        "and the JSON they all come from are refreshed by",
        "",
        ".. code-block:: sh",
        "",
        f"   {DOCS_COMMAND}",
        "",
    ]
    return "\n".join(parts)


# ---- speed figures of docs/choosing.rst and README.md ------------------------

def raw_ns(report):
    """ns per 64-bit word of random_raw, by row: chacharand's families and
    NumPy's bit generators at their default backend."""
    table = _table(report)
    return {n: table[(n, "random_raw")]["ns_per_value"]
            for n in _names(report)
            if "[" not in n and (n, "random_raw") in table
            and _row(report, n).get("family") in ("chacharand", "numpy")}


def speed_inc(report):
    """docs/speed_figures.inc: a substitution ``|speed-NAME|`` per bit
    generator (ns per word of random_raw), then where they were measured."""
    lines = [
        (".. Generated by tools/plot_performance.py from "
         "_static/performance.json:"),
        "   do not edit it by hand.  Refresh it with",
        f"   {DOCS_COMMAND}",
        "",
    ]
    lines += [f".. |speed-{name}| replace:: {round2(ns)} ns"
              for name, ns in raw_ns(report).items()]
    lines += [
        "",
        ("Figures rounded to two significant digits, measured by "
         f"``{bench_command(report)}`` on:"),
        "",
        describe_machine(report),
        "",
    ]
    note = _busy_note(report)
    if note:
        lines += [note]
    return "\n".join(lines)


def _randomgen_pairs(report):
    """(family, our ns, randomgen's ns) for each ChaCha both have."""
    table = _table(report)
    pairs = []
    for name in _names(report):
        if _row(report, name).get("family") != "randomgen":
            continue
        ours = name.removeprefix("randomgen ")
        if ours.startswith("ChaCha") and (ours, "random_raw") in table \
                and (name, "random_raw") in table:
            pairs.append((ours, table[(ours, "random_raw")]["ns_per_value"],
                          table[(name, "random_raw")]["ns_per_value"]))
    return sorted(pairs, key=lambda p: int(p[0].removeprefix("ChaCha")))


GENERATOR_OPS = ("random", "standard_normal", "integers")


def generator_speedups(report):
    """chacharand.Generator against NumPy's Generator in `report`.

    ``(chacha, others, vs_pcg64)``: the lowest and highest speed-up over
    NumPy's Generator on the same bit generator (``GENERATOR_OPS``), for
    the ChaCha families and for the others, and ChaCha8's ratio to
    NumPy's PCG64 Generator by operation; None where the run has no
    such rows.
    """
    table = _table(report)
    chacha, others = [], []
    for name in _names(report):
        ours = f"{name} Generator"
        if "[" in name or _row(report, name).get("family") != "chacharand":
            continue
        for op in GENERATOR_OPS:
            if (name, op) in table and (ours, op) in table:
                ratio = (table[(name, op)]["ns_per_value"]
                         / table[(ours, op)]["ns_per_value"])
                (chacha if family(name).simd_kernels else others).append(
                    ratio)
    vs_pcg64 = {op: table[("ChaCha8 Generator", op)].get("ratio_to_pcg64")
                for op in GENERATOR_OPS if ("ChaCha8 Generator", op) in table}
    span = lambda v: (min(v), max(v)) if v else None  # noqa: E731
    return span(chacha), span(others), vs_pcg64


def _span_text(span):
    low, high = round2(span[0]), round2(span[1])
    return low if low == high else f"{low} to {high}"


def readme_block(report):
    """The speed figures of README.md, between README_BEGIN and README_END."""
    ns = raw_ns(report)
    m = report["machine"]
    sentences = []
    if "ChaCha8" in ns:
        others = [f"{round2(ns[n])} ns for {n}" for n in ("PCG64", "Philox")
                  if n in ns]
        sentences.append(
            f"Speed: ChaCha8 draws a 64-bit word in {round2(ns['ChaCha8'])} "
            f"ns, against {' and '.join(others)}." if others else
            f"Speed: ChaCha8 draws a 64-bit word in {round2(ns['ChaCha8'])} "
            f"ns.")
    pairs = _randomgen_pairs(report)
    if pairs:
        ratios = [theirs / ours for _, ours, theirs in pairs]
        low, high = round2(min(ratios)), round2(max(ratios))
        span = low if low == high else f"{low} to {high}"
        how = ("faster" if min(ratios) > 1 else "the speed")
        each = ", ".join(f"{round2(ours)} against {round2(theirs)} ns for "
                         f"{fam}" for fam, ours, theirs in pairs)
        sentences.append(f"Against randomgen's ChaCha it is {span} times "
                         f"{how} (per word: {each}).")
    chacha, others, vs_pcg64 = generator_speedups(report)
    if chacha:
        rest = (f" ({_span_text(others)} for the other families)"
                if others else "")
        sentences.append(
            f"`chacharand.Generator` draws `random`, `standard_normal` and "
            f"`integers(0, 1000)` {_span_text(chacha)} times as fast as "
            f"NumPy's Generator over the same ChaCha generator{rest}.")
        if vs_pcg64.get("random") and vs_pcg64.get("standard_normal"):
            sentences.append(
                f"Over ChaCha8 it takes {round2(vs_pcg64['random'])}x "
                f"(`random`) and {round2(vs_pcg64['standard_normal'])}x "
                f"(`standard_normal`) the time of NumPy's default, "
                f"PCG64.")
    busy = _busy(report)
    where = (f"{simd_kind(m)}, {m['cpu_count']} logical CPUs, "
             f"{m['default_chacha_backend']} ChaCha kernel"
             + (f", shared with other work: load average {busy[0]:.1f}"
                if busy else ""))
    sentences.append(
        f"Figures from `{bench_command(report)}` ({m['cpu_model']}, "
        f"{where}, {m['date'][:10]}); "
        "[performance](docs/performance.rst) has the rest.")
    # Wrapped as the hand-written text is, never inside a `code span`.
    text = re.sub(r"`[^`]*`", lambda c: c[0].replace(" ", "\0"),
                  " ".join(sentences))
    body = textwrap.fill(text, width=76, break_on_hyphens=False,
                         break_long_words=False).replace("\0", " ")
    return f"{README_BEGIN}\n{body}\n{README_END}"


def update_readme(text, report):
    """`text` (README.md) with its block of speed figures rewritten."""
    pattern = re.compile(re.escape(README_BEGIN) + r".*?"
                         + re.escape(README_END), re.DOTALL)
    if not pattern.search(text):
        raise ValueError(f"README has no block from {README_BEGIN!r} to "
                         f"{README_END!r}")
    return pattern.sub(lambda _: readme_block(report), text, count=1)


# ---- chart -------------------------------------------------------------------

def chart_paths(path):
    """The three charts written for `path`: itself and two siblings."""
    path = pathlib.Path(path)
    return {"raw": path,
            "generator": path.with_name(f"{path.stem}_generator{path.suffix}"),
            "keystream": path.with_name(f"{path.stem}_keystream{path.suffix}")}


#: Where a row comes from: (label in the legend, colour), by the bench's
#: ``family``.  chacharand.Generator has a colour of its own: its rows are
#: not numpy.random.Generator over a chacharand bit generator.
_SOURCES = {"chacharand": ("chacharand", "#1f6fb4"),
            OUR_GENERATOR: (OUR_GENERATOR, "#6a3d9a"),
            "numpy": ("NumPy", "#8c8c8c"),
            "openssl": ("OpenSSL", "#5a9e4b"),
            "randomgen": ("randomgen", "#e08a1e")}

#: Sizes in points; the charts are 7.5 in wide at 150 dpi, which the
#: page shows about 770 px wide: 10 pt is then about 14 px.
_TEXT, _VALUES, _FOOTER = 11, 10, 9


def _source(report, name):
    family = _row(report, name).get("family")
    return family if family in _SOURCES else "chacharand"


def _bars(ax, labels, sources, values, unit, fmt=round2):
    """Horizontal bars coloured by source, each labelled with its value
    (as text by `fmt`)."""
    import numpy as np
    y = np.arange(len(labels))
    ax.barh(y, values, color=[_SOURCES[s][1] for s in sources], height=0.75)
    ax.set_yticks(y, labels)
    ax.set_ylim(len(labels) - 0.4, -0.6)
    top = max((v for v in values if not math.isnan(v)), default=1)
    for yi, v in zip(y, values):
        if not math.isnan(v):
            ax.text(v + top * 0.01, yi, fmt(v), va="center",
                    fontsize=_VALUES)
    ax.set_xlim(0, top * 1.2)
    ax.set_xlabel(unit)
    ax.grid(axis="x", alpha=0.3)
    ax.set_axisbelow(True)


def _frame(fig, report, title, sources, subtitle=None):
    """Title and legend above the axes, the footer (where the figures come
    from) below them, each in a band of its own: the axes are laid out
    between the bands (constrained layout within a rectangle), so nothing
    overlaps."""
    from matplotlib.patches import Patch
    height = fig.get_figheight()
    line = 1.35 / 72                                   # inches per point
    sub = subtitle.split("\n") if subtitle else []
    title_h = 0.12 + line * ((_TEXT + 2) + _TEXT * len(sub))
    legend_h = line * _TEXT + 0.12
    foot_h = 0.12 + line * _FOOTER
    fig.get_layout_engine().set(rect=(
        0.01, foot_h / height, 0.98,
        1 - (foot_h + title_h + legend_h) / height))
    fig.text(0.5, 1 - 0.1 / height, title, ha="center", va="top",
             fontsize=_TEXT + 2)
    if sub:
        fig.text(0.5, 1 - (0.12 + line * (_TEXT + 2)) / height,
                 "\n".join(sub), ha="center", va="top", fontsize=_TEXT,
                 color="0.2", linespacing=1.25)
    used = [s for s in _SOURCES if s in set(sources)]
    fig.legend(handles=[Patch(color=_SOURCES[s][1], label=_SOURCES[s][0])
                        for s in used],
               loc="upper center", bbox_to_anchor=(0.5, 1 - title_h / height),
               ncol=len(used), frameon=False, fontsize=_TEXT,
               handlelength=1.5, columnspacing=1.5, borderaxespad=0,
               borderpad=0.2)
    m = report["machine"]
    fig.text(0.5, 0.06 / height,
             f"{m['cpu_model']}, {m['cpu_count']} CPUs; chacharand "
             f"{m['chacharand']} ({m['default_chacha_backend']} kernel), "
             f"NumPy {m['numpy']}; N={report['config']['size']}; "
             f"{m['date'][:10]}", ha="center", va="bottom",
             fontsize=_FOOTER, color="0.35")


def _save(fig, path):
    fig.savefig(path, dpi=150, metadata={"Software": None})


def plot(report, path):
    """Three charts, one idea each: raw draws, Generator methods, bulk
    keystream.  Written to `path` and its siblings (chart_paths)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"font.size": _TEXT})
    table = _table(report)
    paths = chart_paths(path)
    # Default kernels only: the per-kernel rows are in the tables.
    names = [n for n in _names(report) if "[" not in n]

    # 1. random_raw: what each generator costs per 64-bit word.
    raw = [n for n in names if (n, "random_raw") in table]
    fig, ax = plt.subplots(figsize=(7.5, 0.36 * len(raw) + 2.3),
                           layout="constrained")
    sources = [_source(report, n) for n in raw]
    _bars(ax, raw, sources,
          [table[(n, "random_raw")]["ns_per_value"] for n in raw],
          "nanoseconds per 64-bit value (shorter is faster)")
    _frame(fig, report, "Raw draws: bit_generator.random_raw(N)", sources)
    _save(fig, paths["raw"])
    plt.close(fig)

    # 2. Generator methods: one panel per method, stacked, so that the
    #    chart keeps the others' width and its text reads at that width.
    methods = [op for op in ("random", "standard_normal", "integers")
               if any((n, op) in table for n in names)]
    gen = [n for n in names if all((n, op) in table for op in methods)]
    sources = [_source(report, n) for n in gen]
    fig, axes = plt.subplots(
        len(methods), 1, figsize=(7.5, len(methods) * (0.25 * len(gen) + 0.9)
                                  + 1.6),
        layout="constrained", squeeze=False)
    for ax, op in zip(axes[:, 0], methods):
        _bars(ax, [label(report, n) for n in gen], sources,
              [table[(n, op)]["ns_per_value"] for n in gen],
              "ns per value" if op == methods[-1] else "", fmt=round2)
        ax.set_title(f"{CHART_OPERATIONS[op]}(N)", fontsize=_TEXT,
                     loc="left", fontweight="bold")
    _frame(fig, report,
           "Generator methods, time per value (shorter is faster)", sources,
           subtitle="numpy.random.Generator over each bit generator, and\n"
           f"{OUR_GENERATOR}(X), chacharand's own Generator, over X")
    _save(fig, paths["generator"])
    plt.close(fig)

    # 3. Bulk keystream: chacharand's ChaCha and OpenSSL's into a buffer
    #    made once; randomgen has no such call: its random_raw allocates.
    ks = [k for k in report["keystream"] if "[" not in k["generator"]
          and (k["operation"] == "random_raw_into"
               or k["generator"].startswith("randomgen"))]
    if ks:
        labels = [k["generator"] + ("" if k["operation"] == "random_raw_into"
                                    else " (new array)")
                  for k in ks]
        sources = [_source(report, k["generator"]) for k in ks]
        fig, ax = plt.subplots(figsize=(7.5, 0.42 * len(ks) + 2.6),
                               layout="constrained")
        _bars(ax, labels, sources, [k["gb_per_s"] for k in ks],
              "GB/s (longer is faster)")
        subtitle = ("chacharand: random_raw(out=buffer); OpenSSL: "
                    "update_into(zeros, buffer)")
        if any(s == "randomgen" for s in sources):
            subtitle += ";\nrandomgen: random_raw(N), a new array per call"
        _frame(fig, report, "Bulk ChaCha keystream", sources,
               subtitle=subtitle)
        _save(fig, paths["keystream"])
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


def run_generator_bench(json_path):
    """Run ``python -m chacharand bench --generator`` into a file."""
    json_path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "chacharand", "bench",
                        "--generator", "--json", str(json_path)], cwd=tmp,
                       check=True)


def generator_inc(report):
    """docs/generator_methods.inc: the table of ``chacharand bench
    --generator``'s JSON."""
    from chacharand._bench.generator import rst_methods_table
    return (".. This file is generated: do not edit it by hand.  Refresh "
            f"it with\n   {DOCS_COMMAND}\n\n" + rst_methods_table(report))


def _write(path, text):
    path.write_text(text, encoding="utf-8")
    print(f"Wrote {path}", file=sys.stderr)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json", nargs="?", type=pathlib.Path,
                        help="output of chacharand bench --json FILE")
    parser.add_argument("--png", type=pathlib.Path,
                        help="write the charts: this file and two siblings")
    parser.add_argument("--rst", type=pathlib.Path,
                        help="write the whole performance page")
    parser.add_argument("--speed-inc", type=pathlib.Path,
                        help="write the RST substitutions of the speed "
                             "figures (docs/choosing.rst includes them)")
    parser.add_argument("--readme", type=pathlib.Path,
                        help="rewrite the speed figures of this README, "
                             f"between {README_BEGIN} and {README_END}")
    parser.add_argument("--generator-json", type=pathlib.Path,
                        help="output of chacharand bench --generator --json "
                             "FILE: with --docs, copied to "
                             f"{DOCS_GENERATOR_JSON.relative_to(ROOT)}")
    parser.add_argument("--docs", action="store_true",
                        help=f"write {DOCS_PNG.relative_to(ROOT)} (and its "
                             f"siblings), {DOCS_RST.relative_to(ROOT)}, "
                             f"{DOCS_SPEED.relative_to(ROOT)} and the "
                             f"figures of {README.relative_to(ROOT)} from "
                             f"JSON, copied to "
                             f"{DOCS_JSON.relative_to(ROOT)}; without "
                             f"JSON, run the benchmark (about a minute) "
                             f"to make it")
    args = parser.parse_args(argv)
    if args.docs:
        if args.json is None:
            run_bench(DOCS_JSON)
        elif args.json.resolve() != DOCS_JSON.resolve():
            # Every figure of the docs comes from the one JSON file.
            shutil.copyfile(args.json, DOCS_JSON)
            print(f"Copied {args.json} to {DOCS_JSON}", file=sys.stderr)
        if args.generator_json is None:
            if args.json is None or not DOCS_GENERATOR_JSON.is_file():
                run_generator_bench(DOCS_GENERATOR_JSON)
        elif args.generator_json.resolve() != DOCS_GENERATOR_JSON.resolve():
            shutil.copyfile(args.generator_json, DOCS_GENERATOR_JSON)
        generator = json.loads(DOCS_GENERATOR_JSON.read_text(
            encoding="utf-8"))
        _write(DOCS_GENERATOR_INC, generator_inc(generator))
        args.json = DOCS_JSON
        args.png, args.rst = DOCS_PNG, DOCS_RST
        args.speed_inc, args.readme = DOCS_SPEED, README
    if args.json is None:
        parser.error("give a JSON file, or --docs")
    report = json.loads(args.json.read_text(encoding="utf-8"))
    print(rst_results_table(report))
    if args.png:
        plot(report, args.png)
        print(f"\nWrote {args.png} and its siblings", file=sys.stderr)
    if args.rst:
        image = os.path.relpath(args.png, args.rst.parent) if args.png \
            else "_static/performance.png"
        _write(args.rst, rst_page(report, pathlib.Path(image).as_posix()))
    if args.speed_inc:
        _write(args.speed_inc, speed_inc(report))
    if args.readme:
        _write(args.readme, update_readme(
            args.readme.read_text(encoding="utf-8"), report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
