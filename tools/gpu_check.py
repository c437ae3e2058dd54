"""chacharand.cuda's GPU checks and benchmark on a device machine, in one go.

The device machine has Python, CuPy, numpy and a compiler, but no
meson-python and no network, so the package is built here, as a wheel for
the device's Python, and carried there with the source tree:

    python tools/gpu_check.py build-wheel --python python3.12 --dist dist

(with build isolation: pip brings meson-python, meson, Cython and numpy
for that Python from the package index; pytest and pytest-timeout, with
their dependencies, are downloaded beside it as pure-Python wheels).  On the device machine, from the
repository root of the carried tree:

    python3 tools/gpu_check.py run --wheel dist/chacharand-*.whl \\
        --out "$OUT/gpu_check.json"

``run`` unpacks the wheel into a folder of its own (no pip, no network),
and runs each step in a fresh interpreter with ``python -P`` from outside
the source tree, that folder first on the path, so that the installed
package is the one tested, never the source folder.  The steps: the
device and the versions (and where chacharand was imported from), the GPU
tests (tests/test_cuda_gpu.py and tests/test_counter_gpu.py: no
compile-only test needs a GPU), and
``chacharand bench --cuda``.  Each step has its own timeout, their sum is
well inside 8 minutes, and the whole run stops at --budget seconds; the
JSON is written again after every step, so a run cut short keeps what it
had.  The exit status is 0 when every step passed and the GPU tests and
the GPU bench rows really ran (not skipped for want of a device).
"""
import argparse
import dataclasses
import glob
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
GPU_TESTS = ["tests/test_cuda_gpu.py", "tests/test_counter_gpu.py"]
# The longest a device command may run is 10 minutes; the checks stay
# well inside 8.
MAX_BUDGET = 480
DEFAULT_BUDGET = 420
OUTPUT_TAIL = 6000

DEVICE_PROBE = r"""
import json, sys
info = {"python": sys.version.split()[0]}


def probe(what):
    try:
        what()
    except Exception as exc:
        info.setdefault("errors", []).append(f"{type(exc).__name__}: {exc}")


def package():
    import chacharand
    info["chacharand"] = chacharand.__version__
    info["chacharand_from"] = chacharand.__file__


def device():
    import numpy
    info["numpy"] = numpy.__version__
    import cupy
    info["cupy"] = cupy.__version__
    info["cuda_runtime"] = cupy.cuda.runtime.runtimeGetVersion()
    info["cuda_driver"] = cupy.cuda.runtime.driverGetVersion()
    props = cupy.cuda.runtime.getDeviceProperties(0)
    name = props["name"]
    info["gpu"] = name.decode() if isinstance(name, bytes) else name
    info["compute_capability"] = f"{props['major']}.{props['minor']}"
    info["multiprocessors"] = props["multiProcessorCount"]
    info["memory_bytes"] = props["totalGlobalMem"]


probe(package)
probe(device)
print(json.dumps(info))
"""


@dataclasses.dataclass
class Step:
    """One command of the run: `argv`, killed after `timeout` seconds;
    `read(result)` may add what the command left (a report file) to its
    result."""

    name: str
    argv: list
    timeout: float
    read: object = None


def write_json(path, data):
    """Write `data` to `path` whole or not at all (a temporary file
    renamed over it), so a reader never sees half a report."""
    path = pathlib.Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _text(data):
    if data is None:
        return ""
    return data.decode(errors="replace") if isinstance(data, bytes) else data


def run_step(step, cwd, env, timeout):
    """Run one step; its result (never raises for the command's sake)."""
    start = time.monotonic()
    result = {"name": step.name, "command": step.argv,
              "timeout_s": round(timeout, 1)}
    try:
        proc = subprocess.run(step.argv, cwd=cwd, env=env,
                              capture_output=True, text=True,
                              timeout=timeout)
        result["returncode"] = proc.returncode
        output = proc.stdout + proc.stderr
    except subprocess.TimeoutExpired as exc:
        result["returncode"] = "timeout"
        output = _text(exc.stdout) + _text(exc.stderr)
    except OSError as exc:
        result["returncode"] = "could not start"
        output = f"{type(exc).__name__}: {exc}"
    result["seconds"] = round(time.monotonic() - start, 1)
    result["output_tail"] = output[-OUTPUT_TAIL:]
    result["stdout"] = output
    if step.read is not None:
        try:
            step.read(result)
        except Exception as exc:  # a report that is missing or garbled
            result["read_error"] = f"{type(exc).__name__}: {exc}"
    del result["stdout"]
    return result


def run_steps(steps, report, out, budget, cwd=None, env=None):
    """Run `steps` in order into `report["steps"]`, writing `report` to
    `out` after each; a step gets its own timeout or what is left of
    `budget` seconds, whichever is less, and none starts with under a
    second left."""
    deadline = time.monotonic() + budget
    report.setdefault("steps", [])
    write_json(out, report)
    for step in steps:
        left = deadline - time.monotonic()
        if left < 1:
            report["steps"].append({"name": step.name,
                                    "returncode": "not run: budget spent"})
        else:
            report["steps"].append(run_step(step, cwd, env,
                                            min(step.timeout, left)))
        write_json(out, report)
    return report


def unpack_wheel(wheel, site):
    """Install `wheel` into the folder `site` as pip would for a package
    of importable files: its root entries go there (no scripts, no
    headers: the checks need neither)."""
    with zipfile.ZipFile(wheel) as whl:
        for name in whl.namelist():
            if name.split("/", 1)[0].endswith(".data"):
                continue
            whl.extract(name, site)
    return site


def missing_modules(python, modules, env=None):
    """Those of `modules` that interpreter `python` cannot import."""
    code = ("import importlib.util, sys; print(' '.join(m for m in "
            "sys.argv[1:] if importlib.util.find_spec(m) is None))")
    out = subprocess.run([python, "-P", "-c", code, *modules], env=env,
                         capture_output=True, text=True, timeout=60,
                         check=True)
    return out.stdout.split()


def junit_outcomes(path):
    """{test id: "passed" | "failed: ..." | "skipped: ..." | "error: ..."}."""
    outcomes = {}
    if not pathlib.Path(path).exists():
        return outcomes
    for case in ET.parse(path).iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error"):
                outcome = f"{child.tag}: {(child.get('message') or '')[:300]}"
            elif child.tag == "skipped":
                outcome = f"skipped: {(child.get('message') or '')[:300]}"
        outcomes[name] = outcome
    return outcomes


def gpu_steps(python, out_dir, bench_size, repo=ROOT):
    """The device machine's steps, their reports under `out_dir`."""
    junit = out_dir / "gpu_check.junit.xml"
    bench_json = out_dir / "gpu_check.bench.json"

    def read_device(result):
        result["info"] = json.loads(result["stdout"].strip().splitlines()[-1])

    def read_tests(result):
        outcomes = junit_outcomes(junit)
        result["outcomes"] = outcomes
        # Skipped GPU tests (no device after all) are not a pass.
        result["passed"] = sum(o == "passed" for o in outcomes.values())
        result["not_passed"] = {k: v for k, v in outcomes.items()
                                if v != "passed"}

    def read_bench(result):
        result["report"] = json.loads(bench_json.read_text())

    tests = [str(repo / t) for t in GPU_TESTS]
    return [
        Step("device", [python, "-P", "-c", DEVICE_PROBE], 30, read_device),
        Step("gpu_tests", [python, "-P", "-m", "pytest", "-q", "-rs",
                           "-p", "no:cacheprovider", f"--rootdir={repo}",
                           f"--junitxml={junit}", "--timeout=200", *tests],
             210, read_tests),
        Step("bench", [python, "-P", "-m", "chacharand", "bench", "--cuda",
                       "--cuda-size", str(bench_size), "--repeat", "5",
                       "--json", str(bench_json)], 110, read_bench),
    ]


def passed(report):
    """Every step ran and passed, the GPU tests ran, the GPU rows ran."""
    steps = {s["name"]: s for s in report["steps"]}
    needed = ("device", "gpu_tests", "bench")
    if any(steps.get(n, {}).get("returncode") != 0 for n in needed):
        return False
    if steps["gpu_tests"].get("passed", 0) == 0:
        return False
    bench = steps["bench"].get("report", {})
    return bool(bench) and bench.get("gpu_not_run") is None


def command_run(args):
    out = pathlib.Path(args.out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    wheel = pathlib.Path(args.wheel).resolve()
    report = {"schema": "chacharand-gpu-check/2", "wheel": wheel.name,
              "budget_s": args.budget,
              "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="chacharand-gpu-check-"))
    site = scratch / "site"
    start = time.monotonic()
    try:
        unpack_wheel(wheel, site)
        report["install"] = {"site": str(site), "seconds":
                             round(time.monotonic() - start, 1)}
    except (OSError, zipfile.BadZipFile) as exc:
        report["install"] = {"error": f"{type(exc).__name__}: {exc}"}
        report["ok"] = False
        write_json(out, report)
        return 1
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(site)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    # The test runner: the device's own, else the carried wheels.
    try:
        missing = missing_modules(args.python, ["pytest", "pytest_timeout"],
                                  env)
        if missing:
            for runner in sorted(wheel.parent.glob("*-py3-none-any.whl")):
                unpack_wheel(runner, site)
            report["install"]["test_runner_unpacked_for"] = missing
    except (OSError, subprocess.SubprocessError, zipfile.BadZipFile) as exc:
        report["install"]["test_runner_error"] = \
            f"{type(exc).__name__}: {exc}"
    # Outside the source tree, and -P: the source folder is never on the
    # path, so `import chacharand` finds the unpacked wheel.
    run_steps(gpu_steps(args.python, out.parent, args.bench_size),
              report, out, args.budget - (time.monotonic() - start),
              cwd=scratch, env=env)
    report["ok"] = passed(report)
    write_json(out, report)
    print(f"wrote {out}: {'ok' if report['ok'] else 'NOT ok'}")
    return 0 if report["ok"] else 1


def python_tag(python):
    """The wheel tag of interpreter `python`, e.g. cp312."""
    out = subprocess.run(
        [python, "-c", "import sys; print(sys.implementation.name, "
         "*sys.version_info[:2], sep='')"],
        capture_output=True, text=True, timeout=60, check=True)
    name = out.stdout.strip()
    return name.replace("cpython", "cp")


def build_wheel_command(python, dist, repo=ROOT):
    return [python, "-m", "pip", "wheel", "--no-deps", "--wheel-dir",
            str(dist), str(repo)]


# The test runner, for a device Python without it: pure-Python wheels,
# with their dependencies (pluggy, iniconfig, packaging, pygments).
TEST_WHEELS = ("pytest", "pytest-timeout")


def test_wheels_command(python, dist, python_version):
    """pip downloads the test runner's wheels (py3-none-any) and their
    dependencies for `python_version` into `dist`, for a device machine
    that lacks them."""
    return [python, "-m", "pip", "download", "--only-binary=:all:",
            "--python-version", python_version, "--dest", str(dist),
            *TEST_WHEELS]


def command_build_wheel(args):
    dist = pathlib.Path(args.dist).resolve()
    dist.mkdir(parents=True, exist_ok=True)
    tag = python_tag(args.python)
    before = set(dist.glob("chacharand-*.whl"))
    for old in before:  # one chacharand wheel per tag in the folder
        if f"-{tag}-{tag}-" in old.name:
            old.unlink()
    before = set(dist.glob("chacharand-*.whl"))
    proc = subprocess.run(build_wheel_command(args.python, dist),
                          timeout=args.timeout)
    if proc.returncode != 0:
        return proc.returncode
    made = set(dist.glob(f"chacharand-*-{tag}-{tag}-*.whl")) - before
    if len(made) != 1:
        print(f"expected one new {tag} wheel in {dist}, found "
              f"{sorted(w.name for w in made)}", file=sys.stderr)
        return 1
    version = tag[2] + "." + tag[3:]
    proc = subprocess.run(test_wheels_command(args.python, dist, version),
                          timeout=args.timeout)
    if proc.returncode != 0:
        return proc.returncode
    print(made.pop())
    return 0


def _budget(text):
    value = float(text)
    if not 0 < value <= MAX_BUDGET:
        raise argparse.ArgumentTypeError(
            f"must be more than 0 and at most {MAX_BUDGET} seconds")
    return value


def _wheel(text):
    matches = sorted(glob.glob(text))
    if len(matches) != 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} names {len(matches)} files, not one wheel")
    if not re.match(r"chacharand-.*\.whl$", os.path.basename(matches[0])):
        raise argparse.ArgumentTypeError(
            f"{matches[0]!r} is not a chacharand wheel")
    return matches[0]


def _positive_int(text):
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("must be a positive integer")
    return value


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="on the device machine: install the "
                         "wheel, run the GPU tests and the bench, write JSON")
    run.add_argument("--wheel", required=True, type=_wheel,
                     help="the chacharand wheel built for this Python "
                     "(a glob naming exactly one file)")
    run.add_argument("--out", default="gpu_check.json",
                     help="the JSON report (its folder also gets the junit "
                     "XML and the bench JSON)")
    run.add_argument("--python", default=sys.executable,
                     help="the interpreter with CuPy (default: this one)")
    run.add_argument("--bench-size", type=_positive_int, default=2**26,
                     help="values per GPU call in the bench")
    run.add_argument("--budget", type=_budget, default=DEFAULT_BUDGET,
                     help=f"seconds for the whole run, at most {MAX_BUDGET}"
                     f" (default {DEFAULT_BUDGET})")
    build = sub.add_parser("build-wheel", help="here: the wheel to carry")
    build.add_argument("--python", default=sys.executable,
                       help="an interpreter of the device's Python version")
    build.add_argument("--dist", default=str(ROOT / "dist"),
                       help="the folder the wheel goes to")
    build.add_argument("--timeout", type=_positive_int, default=1800)
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    if args.command == "run":
        return command_run(args)
    return command_build_wheel(args)


if __name__ == "__main__":
    sys.exit(main())
