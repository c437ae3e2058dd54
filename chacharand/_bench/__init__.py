"""``chacharand bench``: throughput on this machine against numpy and others.

One module per job: ``operations`` (the columns: what is timed),
``contestants`` (the rows: which generators), ``timing`` (how),
``machine`` (where), ``report`` (ratios and the text table).  Timings are
not tests: this only reports.  The asv suite in ``asv_benchmarks/`` is the
project's regression tool; this is the user's ``openssl speed``.
"""
from chacharand._bench.contestants import BASELINE, SEED, contestants
from chacharand._bench.machine import describe
from chacharand._bench.operations import OPERATIONS
from chacharand._bench.report import add_ratios, format_text, \
    keystream_figures
from chacharand._bench.timing import measure

__all__ = ["SCHEMA", "format_text", "run"]

#: Version 2: figures and the machine only, no pass/fail verdicts; rows
#: name their Generator class.
SCHEMA = "chacharand-bench/2"


def run(size: int, repeat: int, min_sample_ns: float,
        progress: bool = True, quick: bool = False) -> dict:
    """Time everything once; return the report (a JSON-able dict)."""
    notes: list[str] = []
    extra: dict[str, object] = {}
    rows = contestants(notes, extra)
    results = measure(rows, OPERATIONS, size, repeat, min_sample_ns,
                      progress)
    add_ratios(results)
    return {
        "schema": SCHEMA,
        "machine": describe(extra),
        "config": {"size": size, "bytes": 8 * size, "repeat": repeat,
                   "min_sample_ns": min_sample_ns, "seed": SEED,
                   "statistic": "median", "baseline": BASELINE,
                   "quick": quick},
        "operations": [{"name": op.name, "timed": op.timed, "unit": op.unit}
                       for op in OPERATIONS],
        "generators": [c.describe() for c in rows],
        "results": results,
        "keystream": keystream_figures(results, rows),
        "notes": notes,
    }
