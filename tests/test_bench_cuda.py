"""``chacharand bench --cuda`` runs and reports (its timings are not tested).

Without a device it still reports the CPU rows and says why the GPU rows
could not run.
"""
import json
import subprocess
import sys

import pytest

from chacharand._bench import cuda as bench_cuda


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bench_cuda")
    out = tmp / "cuda.json"
    proc = subprocess.run(
        [sys.executable, "-m", "chacharand", "bench", "--cuda", "--quick",
         "--size", "256", "--cuda-size", "4096", "--repeat", "1",
         "--json", str(out)],
        cwd=tmp, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(out.read_text()), proc.stdout


def test_the_report_has_every_row(report):
    data, text = report
    assert data["schema"] == bench_cuda.SCHEMA
    names = [r["what"] for r in data["rows"]]
    for family in bench_cuda.FAMILIES:
        assert f"CPU twin {family} random_raw" in names
        assert f"CPU twin {family} random float64" in names
        assert f"CPU {family}.random_raw" in names
    for r in data["rows"]:
        assert r["device"] in ("cuda", "cpu")
        # Timed, or (cuRAND without libcurand only) saying why not.
        assert r["gb_per_s"] > 0 or (r["what"] == "cuRAND host API" and
                                     r["note"].startswith("not run: "))
    gpu_rows = [r for r in data["rows"] if r["device"] == "cuda"]
    if data["gpu_not_run"] is None:
        assert "device-to-device copy" in names
        assert any("Philox4x3210" in n for n in names)
        assert any("XORWOW" in n for n in names)
        curand = [n for n in names if n.startswith("cuRAND host API")]
        assert len(curand) in (1, 4)
        assert len(gpu_rows) == 10 + len(curand)
    else:
        assert gpu_rows == []
        assert "GPU rows not run: " + data["gpu_not_run"] in text
    assert "CPU twin ChaCha8 random_raw" in text
