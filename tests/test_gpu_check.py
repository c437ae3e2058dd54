"""tools/gpu_check.py, the GPU check of a device machine, in what runs here.

Its arguments; its step runner, which writes the JSON after every step and
keeps to each step's timeout and to the whole run's budget; a run on a
wheel that installs a stand-in package (the device steps then fail, as
they must without a GPU, and the report says so); and, with the
packaging tests, the wheel it builds for real.
"""
import importlib.util
import json
import pathlib
import subprocess
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "gpu_check", ROOT / "tools" / "gpu_check.py")
gpu_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gpu_check)


def fake_wheel(folder, version="0.0.fake"):
    """A wheel holding a stand-in `chacharand` (no compiled modules)."""
    path = folder / f"chacharand-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as whl:
        whl.writestr("chacharand/__init__.py", f"__version__ = {version!r}\n")
        whl.writestr(f"chacharand-{version}.dist-info/METADATA",
                     f"Name: chacharand\nVersion: {version}\n")
        whl.writestr(f"chacharand-{version}.data/headers/x.h", "/* */\n")
    return path


# ---- arguments ----------------------------------------------------------

def test_run_needs_exactly_one_chacharand_wheel(tmp_path, capsys):
    with pytest.raises(SystemExit):
        gpu_check.parse_args(["run"])
    assert "--wheel" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        gpu_check.parse_args(["run", "--wheel", str(tmp_path / "*.whl")])
    assert "names 0 files" in capsys.readouterr().err
    fake_wheel(tmp_path, "1.0")
    fake_wheel(tmp_path, "2.0")
    with pytest.raises(SystemExit):
        gpu_check.parse_args(["run", "--wheel", str(tmp_path / "*.whl")])
    assert "names 2 files" in capsys.readouterr().err
    other = tmp_path / "numpy-2.0-cp312-cp312-linux_x86_64.whl"
    other.write_bytes(b"")
    with pytest.raises(SystemExit):
        gpu_check.parse_args(["run", "--wheel", str(other)])
    assert "not a chacharand wheel" in capsys.readouterr().err
    args = gpu_check.parse_args(
        ["run", "--wheel", str(tmp_path / "chacharand-1.0-*.whl")])
    assert args.wheel.endswith("chacharand-1.0-py3-none-any.whl")
    assert args.budget == gpu_check.DEFAULT_BUDGET


@pytest.mark.parametrize("budget", ["0", "-5", "481", "nan"])
def test_the_budget_stays_inside_8_minutes(tmp_path, budget, capsys):
    wheel = fake_wheel(tmp_path)
    with pytest.raises(SystemExit):
        gpu_check.parse_args(["run", "--wheel", str(wheel), "--budget",
                              budget])
    assert "--budget" in capsys.readouterr().err


def test_the_steps_timeouts_sum_well_inside_8_minutes(tmp_path):
    steps = gpu_check.gpu_steps(sys.executable, tmp_path, 2**20)
    assert [s.name for s in steps] == ["device", "gpu_tests", "bench"]
    total = sum(s.timeout for s in steps)
    assert total <= gpu_check.DEFAULT_BUDGET - 30 <= 8 * 60 - 90
    for step in steps:
        # The installed package, never the source folder: -P.
        assert step.argv[:2] == [sys.executable, "-P"]
    tests = steps[1].argv
    assert not any("compile" in arg for arg in tests)
    assert [a for a in tests if a.endswith(".py")] == [
        str(ROOT / "tests" / "test_cuda_gpu.py"),
        str(ROOT / "tests" / "test_counter_gpu.py")]


def test_bad_numbers_are_refused(capsys):
    with pytest.raises(SystemExit):
        gpu_check.parse_args(["build-wheel", "--timeout", "0"])
    assert "--timeout" in capsys.readouterr().err


# ---- the step runner ----------------------------------------------------

def py(code):
    return [sys.executable, "-c", code]


def test_the_json_is_written_after_every_step(tmp_path):
    out = tmp_path / "report.json"
    read_back = []

    def read_report(result):
        read_back.append(json.loads(out.read_text()))
        result["lines"] = result["stdout"].split()

    steps = [
        gpu_check.Step("first", py("print('one two')"), 30, read_report),
        gpu_check.Step("fails", py("import sys; sys.exit(3)"), 30),
        gpu_check.Step("slow", py("import time; print('start', flush=True);"
                                  " time.sleep(30)"), 1.5),
        gpu_check.Step("bad report", py("pass"), 30,
                       lambda result: json.loads("{")),
        gpu_check.Step("last", py("print('done')"), 30, read_report),
    ]
    report = gpu_check.run_steps(steps, {"schema": "test"}, out, budget=60)
    assert json.loads(out.read_text()) == report
    by_name = {s["name"]: s for s in report["steps"]}
    assert by_name["first"]["returncode"] == 0
    assert by_name["first"]["lines"] == ["one", "two"]
    assert by_name["fails"]["returncode"] == 3
    assert by_name["slow"]["returncode"] == "timeout"
    assert by_name["slow"]["seconds"] < 10
    assert "start" in by_name["slow"]["output_tail"]
    assert "JSONDecodeError" in by_name["bad report"]["read_error"]
    assert "stdout" not in by_name["last"]
    # What the last step read back: the report as it was after the four
    # steps before it.
    assert [s["name"] for s in read_back[1]["steps"]] == [
        "first", "fails", "slow", "bad report"]
    assert read_back[0]["steps"] == []


def test_the_budget_cuts_the_run_short(tmp_path):
    out = tmp_path / "report.json"
    steps = [gpu_check.Step("sleeps", py("import time; time.sleep(30)"), 20),
             gpu_check.Step("never", py("print('no')"), 20)]
    report = gpu_check.run_steps(steps, {}, out, budget=1.5)
    assert report["steps"][0]["returncode"] == "timeout"
    assert report["steps"][0]["timeout_s"] <= 1.5
    assert report["steps"][1] == {"name": "never",
                                  "returncode": "not run: budget spent"}
    assert json.loads(out.read_text()) == report


def test_a_command_that_cannot_start(tmp_path):
    steps = [gpu_check.Step("none", [str(tmp_path / "no-such-program")], 5)]
    report = gpu_check.run_steps(steps, {}, tmp_path / "r.json", budget=10)
    assert report["steps"][0]["returncode"] == "could not start"


# ---- a whole run on a stand-in wheel -------------------------------------

def interpreter_without_an_editable_install():
    """A Python with numpy and without an editable install's import hook
    (which would come before the wheel's folder on the path, as on no
    device machine): this one, or else its base interpreter outside the
    venv."""
    code = ("import sys, importlib.util; print(any('editable' in "
            "type(f).__module__ + getattr(f, '__module__', '') for f in "
            "sys.meta_path) or importlib.util.find_spec('numpy') is None)")
    candidates = dict.fromkeys(
        [sys.executable, getattr(sys, "_base_executable", sys.executable)])
    for python in candidates:
        out = subprocess.run([python, "-c", code], capture_output=True,
                             text=True, timeout=60)
        if out.stdout.strip() == "False":
            return python
    pytest.skip(f"no Python without an editable install's import hook and "
                f"with numpy among {list(candidates)}")


def test_a_run_tests_the_unpacked_wheel_not_the_source_folder(tmp_path):
    """The stand-in package is what the steps import (its version, its
    folder), though the source tree's chacharand is next to the tests and
    may be installed too; without the real package every device step
    fails, the report is complete and says not ok."""
    python = interpreter_without_an_editable_install()
    dist = tmp_path / "dist"
    dist.mkdir()
    wheel = fake_wheel(dist)
    out = tmp_path / "out" / "gpu_check.json"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gpu_check.py"), "run",
         "--wheel", str(wheel), "--out", str(out), "--budget", "120",
         "--bench-size", "1024", "--python", python],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    report = json.loads(out.read_text())
    assert report["ok"] is False and report["wheel"] == wheel.name
    site = pathlib.Path(report["install"]["site"])
    assert (site / "chacharand" / "__init__.py").is_file()
    assert not list(site.glob("*.data"))
    steps = {s["name"]: s for s in report["steps"]}
    assert list(steps) == ["device", "gpu_tests", "bench"]
    info = steps["device"]["info"]
    assert info["chacharand"] == "0.0.fake"
    assert pathlib.Path(info["chacharand_from"]).is_relative_to(site)
    # The stand-in has no compiled modules: the tests refuse it.
    assert steps["gpu_tests"]["returncode"] != 0
    assert "compiled modules" in steps["gpu_tests"]["output_tail"]
    assert steps["bench"]["returncode"] != 0


# ---- the wheel to carry ----------------------------------------------------

@pytest.mark.packaging
def test_build_wheel_makes_a_wheel_the_run_can_use(tmp_path):
    """For this Python's base interpreter (the device machine's would be
    3.12): the wheel, and the test runner's wheels beside it; unpacked,
    the real package imports from the unpacked folder with -P."""
    python = interpreter_without_an_editable_install()
    dist = tmp_path / "dist"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gpu_check.py"),
         "build-wheel", "--python", python, "--dist", str(dist)],
        capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    wheel = pathlib.Path(proc.stdout.strip().splitlines()[-1])
    tag = gpu_check.python_tag(python)
    assert wheel.parent == dist and f"-{tag}-{tag}-" in wheel.name
    runners = {w.name.split("-")[0] for w in dist.glob("*-py3-none-any.whl")}
    assert runners >= {"pytest", "pluggy", "iniconfig", "packaging",
                       "pygments", "pytest_timeout"}
    site = gpu_check.unpack_wheel(wheel, tmp_path / "site")
    code = ("import chacharand, chacharand._counter, chacharand.cuda; "
            "print(chacharand.__file__)")
    out = subprocess.run([python, "-P", "-c", code], cwd=tmp_path,
                         env={"PYTHONPATH": str(site), "PATH": ""},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert pathlib.Path(out.stdout.strip()).is_relative_to(site)
