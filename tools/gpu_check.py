"""Run chacharand.cuda's GPU checks and benchmark in one go; write JSON.

For a machine with a CUDA GPU, CuPy and chacharand installed (this script
builds nothing).  From the repository root:

    python tools/gpu_check.py [--out gpu_check.json] [--bench-size N]

It records the device and the versions, runs the GPU test modules with
pytest (tests/test_cuda_gpu.py, and the modules whose device-absent or
compile checks change with a device present), then
``chacharand bench --cuda``, and writes everything as one JSON file: the
test outcome per test id, the bench report, and each step's exit status
and output tail.  The exit status is 0 when every step passed and the GPU
tests and GPU bench rows really ran (not skipped for want of a device).
"""
import argparse
import json
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTS = ["tests/test_cuda_gpu.py", "tests/test_cuda_api.py",
         "tests/test_cuda_compile.py", "tests/test_cuda_twin.py"]


def device_info():
    """The GPU and the versions, or why there is none."""
    info = {"python": sys.version.split()[0]}
    try:
        import numpy
        info["numpy"] = numpy.__version__
        import chacharand
        info["chacharand"] = chacharand.__version__
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
    except Exception as exc:
        info["error"] = f"{type(exc).__name__}: {exc}"
    return info


def run_step(cmd, timeout):
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True,
                              timeout=timeout)
        rc, out = proc.returncode, proc.stdout + proc.stderr
    except subprocess.TimeoutExpired as exc:
        rc = "timeout"
        out = (exc.stdout or b"").decode(errors="replace") if isinstance(
            exc.stdout, bytes) else (exc.stdout or "")
    return {"command": cmd, "returncode": rc,
            "seconds": round(time.monotonic() - start, 1),
            "output_tail": out[-6000:]}


def junit_outcomes(path):
    """{test id: "passed" | "failed" | "skipped: reason" | "error"}."""
    import xml.etree.ElementTree as ET
    outcomes = {}
    if not path.exists():
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="gpu_check.json")
    parser.add_argument("--bench-size", type=int, default=2**26,
                        help="values per GPU call in the bench")
    parser.add_argument("--test-timeout", type=int, default=420)
    parser.add_argument("--bench-timeout", type=int, default=240)
    args = parser.parse_args(argv)
    out = pathlib.Path(args.out).resolve()
    junit = out.with_suffix(".junit.xml")
    bench_json = out.with_suffix(".bench.json")
    result = {"device": device_info()}
    result["tests"] = run_step(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p",
         "no:cacheprovider", f"--junitxml={junit}", *TESTS],
        args.test_timeout)
    outcomes = junit_outcomes(junit)
    result["tests"]["outcomes"] = outcomes
    # Skipped GPU tests (no device after all) are not a pass.
    result["tests"]["gpu_tests_passed"] = sum(
        1 for name, outcome in outcomes.items()
        if "test_cuda_gpu" in name and outcome == "passed")
    result["bench"] = run_step(
        [sys.executable, "-m", "chacharand", "bench", "--cuda",
         "--cuda-size", str(args.bench_size), "--repeat", "5",
         "--json", str(bench_json)], args.bench_timeout)
    if bench_json.exists():
        result["bench"]["report"] = json.loads(bench_json.read_text())
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    ok = result["tests"]["returncode"] == 0 and \
        result["tests"]["gpu_tests_passed"] > 0 and \
        result["bench"]["returncode"] == 0 and \
        result["bench"].get("report", {}).get("gpu_not_run") is None
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
