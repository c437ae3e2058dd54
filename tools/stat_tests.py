"""Statistical test runs behind docs/statistics.rst (run by hand, not in CI).

Every figure on that page comes from one of these commands.  The test
programs are not part of chacharand and are built outside the repository:

* PractRand 0.95 (``RNG_test``), built from its source with g++;
* TestU01 1.2.3 (Debian's ``libtestu01-0-dev``, in non-free), linked into
  the small driver ``tools/testu01_stdin.c``, which reads 32-bit words from
  standard input.

Generators write their output to standard output, which is piped into the
test program::

    python tools/stat_tests.py stream ChaCha8 --path raw | RNG_test stdin64
    python tools/stat_tests.py practrand ChaCha8 --path raw --max 64GB \\
        --rng-test /path/to/RNG_test --log results/
    python tools/stat_tests.py testu01 ChaCha8 --battery SmallCrush \\
        --driver /path/to/testu01_stdin --log results/
    python tools/stat_tests.py summary docs/_static/stat_results \\
        > docs/stat_results.inc

Each run writes one log (the test program's whole report, after a header
naming the generator, command, machine and dates).

A TestU01 battery flags every p-value outside [0.001, 0.999]; with 144
statistics in Crush, a good generator shows one now and then.  As TestU01's
guide advises, a flagged test is run again on fresh numbers before
anything is concluded: ``testu01 ... --retest`` reruns the tests that the
battery's log flagged, on another seed (``RETEST_SEED``), into a log of
its own.  A p-value nearer 0 or 1 than ``CLEAR_FAILURE`` (or more than
three flags in one run) is a failure with no retest.  ``summary`` turns the
logs into the tables of docs/statistics.rst, and lists the runs of
:data:`PLAN` that have no complete log yet, with the command for each.

Paths (``--path``):

``raw``
    ``bit_generator.random_raw`` words, 64 bits each (little-endian).
``integers32``
    ``Generator.integers(0, 2**32, dtype=uint32)``: numpy's 32-bit path
    (``next_uint32``; on ISAAC64 the two halves of one word, on
    ChaCha8Rand the upper half of each value).
``random``
    ``Generator.random()``: the top 32 of the 53 bits of each double,
    ``floor(x * 2**32)``, as 32-bit words.

The negative control (``--family LCG32``) is a 32-bit linear congruential
generator, x = 69069 x + 1 mod 2**32, whose low bits have short periods: the
test programs must reject it.
"""
import argparse
import datetime
import os
import pathlib
import platform
import re
import shlex
import subprocess
import sys

import numpy as np

CHUNK_WORDS = 1 << 17          # 1 MiB of 64-bit words per write
SEED = 20261202                 # the seed of every run on the page
RETEST_SEED = SEED + 1          # fresh numbers for testing a flag again


# ---- the streams ---------------------------------------------------------

def _family_names():
    from chacharand._registry import FAMILIES
    return [f.name for f in FAMILIES]


def lcg32_chunks(seed=SEED, a=69069, c=1):
    """A 32-bit LCG, one chunk of CHUNK_WORDS*2 outputs at a time."""
    n = CHUNK_WORDS * 2
    mult = np.empty(n, dtype=np.uint64)
    add = np.empty(n, dtype=np.uint64)
    m, k = 1, 0
    for i in range(n):                   # x_{i+1} = mult[i] * x_0 + add[i]
        m, k = (m * a) % 2**32, (k * a + c) % 2**32
        mult[i], add[i] = m, k
    x = np.uint64(seed % 2**32)
    mask = np.uint64(0xFFFFFFFF)
    while True:
        out = (mult * x + add) & mask
        x = out[-1]
        yield out.astype(np.uint32).tobytes()


def family_chunks(name, path, seed=SEED):
    """Chunks of bytes from generator family `name` through `path`."""
    from chacharand._registry import family
    bitgen = family(name).cls(seed)
    if path == "raw":
        buf = np.empty(CHUNK_WORDS, dtype=np.uint64)
        while True:
            bitgen.random_raw(out=buf)
            yield buf.tobytes()
    rng = np.random.Generator(bitgen)
    if path == "integers32":
        while True:
            yield rng.integers(0, 2**32, size=2 * CHUNK_WORDS,
                               dtype=np.uint32).tobytes()
    if path == "random":
        while True:
            x = rng.random(2 * CHUNK_WORDS)
            yield np.floor(x * 2.0**32).astype(np.uint32).tobytes()
    raise ValueError(f"unknown path {path!r}")


def chunks(name, path, seed=SEED):
    if name == "LCG32":
        return lcg32_chunks(seed)
    return family_chunks(name, path, seed)


def stream(name, path, out, limit=None, seed=SEED):
    """Write the stream to the binary file `out` (up to `limit` bytes)."""
    written = 0
    try:
        for chunk in chunks(name, path, seed):
            if limit is not None and written + len(chunk) > limit:
                chunk = chunk[:limit - written]
            out.write(chunk)
            written += len(chunk)
            if limit is not None and written >= limit:
                break
        out.flush()
    except BrokenPipeError:        # the test program has finished
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())


# ---- running the test programs -------------------------------------------

def machine():
    """One line saying where the run happened."""
    import chacharand
    from chacharand._bench.machine import cpu as cpu_model

    cpu = cpu_model()[0]
    return (f"{cpu}, {os.cpu_count()} logical CPUs, {platform.system()} "
            f"{platform.release()}, Python {platform.python_version()}, "
            f"NumPy {np.__version__}, chacharand {chacharand.__version__}")


def run_piped(name, path, command, log_dir, label, seed=SEED):
    """Pipe the stream into `command`; write a log with a header."""
    log_dir = pathlib.Path(log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    log = log_dir / f"{label}.txt"
    started = datetime.datetime.now(datetime.timezone.utc)
    generator = (f"{name} seed={seed} path={path}" if name != "LCG32"
                 else f"LCG32 (69069x+1 mod 2**32) seed={seed}")
    shown = [os.path.basename(command[0])] + command[1:]
    header = [
        f"# generator: {generator}",
        f"# command: {shlex.join(shown)}",
        f"# machine: {machine()}",
        f"# started: {started.isoformat(timespec='seconds')}",
    ]
    with open(log, "w") as f:
        f.write("\n".join(header) + "\n")
        f.flush()
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=f,
                                stderr=subprocess.STDOUT)
        stream(name, path, proc.stdin, seed=seed)
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass
        code = proc.wait()
        ended = datetime.datetime.now(datetime.timezone.utc)
        f.write(f"# ended: {ended.isoformat(timespec='seconds')} "
                f"exit status {code}\n")
    print(log)
    return code


def _path(args):
    return "lcg" if args.family == "LCG32" else args.path


# ---- the runs on the page, and their summary ---------------------------

#: Every run docs/statistics.rst reports: (program, family, path, size or
#: battery).  LCG32 is the negative control.
PLAN = (
    [("practrand", "LCG32", "lcg", "1GB"), ("testu01", "LCG32", "lcg",
                                              "SmallCrush")]
    + [("testu01", f, "raw", "SmallCrush") for f in
       ("ChaCha8", "ChaCha12", "ChaCha20", "HC128", "ISAAC", "ISAAC64")]
    + [("testu01", f, p, "SmallCrush") for f in ("ChaCha8", "ISAAC64")
       for p in ("integers32", "random")]
    + [("practrand", f, "raw", "4GB") for f in
       ("ChaCha8", "ChaCha12", "ChaCha20", "HC128", "ISAAC", "ISAAC64")]
    + [("practrand", f, p, "1GB") for f in ("ChaCha8", "ISAAC64")
       for p in ("integers32", "random")]
    + [("practrand", f, "raw", "64GB") for f in
       ("ChaCha8", "ISAAC64", "ISAAC", "HC128", "ChaCha20", "ChaCha12")]
    + [("practrand", f, p, "64GB") for p in ("integers32", "random")
       for f in ("ChaCha8", "ISAAC64")]
    + [("testu01", f, "raw", "Crush") for f in
       ("ChaCha8", "ChaCha12", "ChaCha20", "HC128", "ISAAC", "ISAAC64")]
    # ChaCha8Rand: its 32-bit path (the upper half of each value) too.
    + [("testu01", "ChaCha8Rand", p, "SmallCrush")
       for p in ("raw", "integers32", "random")]
    + [("practrand", "ChaCha8Rand", "raw", "4GB"),
       ("practrand", "ChaCha8Rand", "integers32", "1GB"),
       ("testu01", "ChaCha8Rand", "raw", "Crush"),
       ("practrand", "ChaCha8Rand", "raw", "64GB")]
)


def _log_name(program, family, path, size, retest=False):
    if program == "practrand":
        return f"practrand-{family}-{path}-{size}.txt"
    return f"testu01-{size}-{family}-{path}{'-retest' if retest else ''}.txt"


def _command(program, family, path, size, retest=False):
    p = "" if path in ("raw", "lcg") else f" --path {path}"
    if program == "practrand":
        return (f"python tools/stat_tests.py practrand {family}{p} "
                f"--max {size} --rng-test RNG_test --log results")
    return (f"python tools/stat_tests.py testu01 {family}{p} --battery "
            f"{size}{' --retest' if retest else ''} --driver testu01_stdin "
            f"--log results")


#: TestU01's reading of a p-value: outside [0.001, 0.999] is flagged, and
#: flagged p-values nearer 0 or 1 than this are failures beyond doubt; the
#: others turn up by chance in a good generator and are tested again.
CLEAR_FAILURE = 1e-10


def _p_value(text):
    """A p-value as TestU01's summary prints it ('eps', '1 - eps1',
    '3.6e-12', '1 - 2.1e-05')."""
    tiny = {"eps": 1e-300, "eps1": 1e-15}
    text = text.strip()
    if text.startswith("1 - "):
        return 1.0 - _p_value(text[4:])
    return tiny[text] if text in tiny else float(text)


def parse_log(text):
    """What a log says: header fields, verdict, amount tested, worst
    evaluation, and whether the run finished."""
    head = dict(line[2:].split(": ", 1) for line in text.splitlines()
                if line.startswith("# ") and ": " in line)
    done = "# ended:" in text and "exit status 0" in text
    info = {"head": head, "done": done}
    if "RNG_test" in head.get("command", ""):
        lengths = re.findall(r"^length= (.+?), time= ([\d.]+) seconds",
                             text, re.MULTILINE)
        info["tested"] = lengths[-1][0] if lengths else "nothing"
        evals = re.findall(r"\s(FAIL|VERY SUSPICIOUS|very suspicious|"
                           r"suspicious|mildly suspicious|unusual)\b", text)
        order = ["FAIL", "VERY SUSPICIOUS", "very suspicious", "suspicious",
                 "mildly suspicious", "unusual"]
        info["worst"] = min(evals, key=order.index) if evals else "none"
        info["anomalies"] = len(evals)
        info["verdict"] = "FAIL" if "FAIL" in evals else "pass"
    else:
        flagged = re.findall(r"^\s*(\d+)\s+(\S.*?)\s{2,}(\S.*?)\s*$",
                             text.split("p-values outside", 1)[1],
                             re.MULTILINE) if "p-values outside" in text \
            else []
        statistics = re.search(r"Number of statistics:\s+(\d+)", text)
        info["statistics"] = int(statistics.group(1)) if statistics else 0
        info["tested"] = head.get("command", "").split()[1] \
            if head.get("command") else "?"
        info["failed"] = [f"{name} ({p})" for _, name, p in flagged]
        info["flags"] = [(name, p) for _, name, p in flagged]
        info["flagged_tests"] = sorted({int(n) for n, _, _ in flagged})
        info["clear_failure"] = any(
            min(_p_value(p), 1 - _p_value(p)) < CLEAR_FAILURE
            for _, _, p in flagged)
        info["verdict"] = ("pass" if "All tests were passed" in text
                           else "FAIL" if flagged else "incomplete")
        info["worst"] = ", ".join(info["failed"]) or "none"
    return info


def _testu01_result(log_dir, run, info):
    """Verdict and notes of a TestU01 run, with its retest if it has one;
    None if a retest is needed and not made yet."""
    if not info["failed"]:
        return "pass", "all passed"
    if info["clear_failure"] or len(info["failed"]) > 3:
        notes = (f"{len(info['failed'])} tests failed"
                 if len(info["failed"]) > 3 else info["worst"])
        return "FAIL", notes
    retest_log = log_dir / _log_name(*run, retest=True)
    retest = parse_log(retest_log.read_text()) \
        if retest_log.is_file() else None
    if retest is None or not retest["done"]:
        return None
    link = f"`retest log <_static/stat_results/{retest_log.name}>`__"
    flagged = "; ".join(f"{name}, p = {p}" for name, p in info["flags"])
    flagged = (f"{len(info['flags'])} of {info['statistics']} p-values "
               f"outside [0.001, 0.999] ({flagged})")
    if retest["verdict"] == "pass":
        return "pass", (f"{flagged}; passed when run again on fresh "
                        f"numbers ({link})")
    return "FAIL", f"{flagged}; outside again ({link})"


def _short_length(tested):
    """'64 gibibytes (2^36 bytes)' as '64 GiB'."""
    units = {"kibibytes": "KiB", "mebibytes": "MiB", "gibibytes": "GiB",
             "tebibytes": "TiB", "kibibyte": "KiB", "mebibyte": "MiB",
             "gibibyte": "GiB", "tebibyte": "TiB"}
    amount, unit = tested.split()[:2]
    return f"{amount} {units.get(unit, unit)}"


def _row_order(run):
    """The table's order: the control first, then family by family, each
    output path, SmallCrush before Crush and shorter PractRand runs first."""
    program, family, path, size = run
    families = ["LCG32"] + _family_names()
    paths = ["lcg", "raw", "integers32", "random"]
    tests = ["SmallCrush", "Crush", "1GB", "4GB", "64GB"]
    return (families.index(family), paths.index(path),
            program != "testu01", tests.index(size))


def summary(log_dir):
    """RST tables of the complete runs, and the pending ones."""
    log_dir = pathlib.Path(log_dir)
    rows, pending = [], []
    for run in PLAN:
        log = log_dir / _log_name(*run)
        info = parse_log(log.read_text()) if log.is_file() else None
        if info is None or not info["done"]:
            pending.append(_command(*run))
            continue
        program, family, path, size = run
        test = (f"PractRand to {_short_length(info['tested'])}"
                if program == "practrand" else f"TestU01 {size}")
        if program == "practrand":
            verdict = info["verdict"]
            if verdict != "pass":
                notes = "FAIL (many tests)"
            elif not info["anomalies"]:
                notes = "no anomaly"
            else:
                count = info["anomalies"]
                notes = (f"{count} isolated "
                         f"{'anomaly' if count == 1 else 'anomalies'}"
                         f", worst '{info['worst']}'")
        else:
            result = _testu01_result(log_dir, run, info)
            if result is None:
                pending.append(_command(*run, retest=True))
                continue
            verdict, notes = result
        rows.append([
            _row_order(run),
            family if family != "LCG32" else "LCG32 (control)",
            {"raw": "``random_raw``", "integers32": "``integers``, 32-bit",
             "random": "``random``", "lcg": "32-bit words"}[path],
            test,
            (f"**{verdict}** "
             f"(`log <_static/stat_results/{log.name}>`__)"),
            notes])
    out = [".. list-table::", "   :header-rows: 1", ""]
    header = ["generator", "output", "test", "result", "notes"]
    rows = [row[1:] for row in sorted(rows, key=lambda row: row[0])]
    for row in [header] + rows:
        for i, cell in enumerate(row):
            out.append(("   * - " if i == 0 else "     - ") + str(cell))
    out.append("")
    if pending:
        out += ["Pending (not run yet; each is one command):", "",
                ".. code-block:: sh", ""]
        out += [f"   {command}" for command in pending]
    else:
        out.append("No run is pending.")
    return "\n".join(out) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("summary")
    p.add_argument("log_dir")
    for cmd in ("stream", "practrand", "testu01"):
        p = sub.add_parser(cmd)
        p.add_argument("family", help="a chacharand family or LCG32")
        p.add_argument("--path", default="raw",
                       choices=["raw", "integers32", "random"])
        if cmd == "stream":
            p.add_argument("--bytes", type=int, default=None)
        if cmd == "practrand":
            p.add_argument("--max", default="64GB",
                           help="RNG_test -tlmax (e.g. 1GB, 64GB)")
            p.add_argument("--rng-test", default="RNG_test")
        if cmd == "testu01":
            p.add_argument("--battery", default="SmallCrush",
                           choices=["SmallCrush", "Crush", "BigCrush"])
            p.add_argument("--driver", default="testu01_stdin")
            p.add_argument("--retest", action="store_true",
                           help="run again, on fresh numbers (seed "
                           f"{RETEST_SEED}), the tests that the battery's "
                           "logged run flagged")
        if cmd != "stream":
            p.add_argument("--log", default="stat_results")
    args = parser.parse_args(argv)
    if args.command == "summary":
        sys.stdout.write(summary(args.log_dir))
        return 0
    if args.family not in _family_names() + ["LCG32"]:
        parser.error(f"family must be one of {_family_names() + ['LCG32']}")
    if args.command == "stream":
        stream(args.family, args.path, sys.stdout.buffer, args.bytes)
        return 0
    if args.command == "practrand":
        # 64-bit words for raw output, 32-bit words otherwise.
        width = "stdin64" if args.path == "raw" and args.family != "LCG32" \
            else "stdin32"
        command = [args.rng_test, width, "-tlmax", args.max]
        label = f"practrand-{args.family}-{_path(args)}-{args.max}"
        seed = SEED
    else:
        command = [args.driver, args.battery, f"{args.family}-{_path(args)}"]
        label = f"testu01-{args.battery}-{args.family}-{_path(args)}"
        seed = SEED
        if args.retest:
            logged = pathlib.Path(args.log) / f"{label}.txt"
            if not logged.is_file():
                parser.error(f"--retest: no log {logged} to retest")
            tests = parse_log(logged.read_text())["flagged_tests"]
            if not tests:
                parser.error(f"--retest: {logged} flags no test")
            command += [str(t) for t in tests]
            label += "-retest"
            seed = RETEST_SEED
    return 0 if run_piped(args.family, args.path, command, args.log,
                          label, seed) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
