"""The benchmark tools still run (their timings are not tested).

``chacharand bench`` is run once at a tiny size and its JSON
checked for shape; every asv benchmark is set up and called once at a tiny
size; the plotting tool turns the JSON into its RST table, and the figures
the documentation and the README quote are what it renders from the
committed JSON.  No assertion here depends on how fast anything is.
"""
import importlib.util
import inspect
import itertools
import json
import math
import pathlib
import re
import subprocess
import sys

import pytest

import chacharand
from chacharand._registry import FAMILIES as REGISTRY
from _support.installed import mypy_env

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASV_MODULE = ROOT / "asv_benchmarks" / "benchmarks" / "bench_generators.py"
PLOT_TOOL = ROOT / "tools" / "plot_performance.py"
DOCS_JSON = ROOT / "docs" / "_static" / "performance.json"
REFRESH = ("python tools/plot_performance.py docs/_static/performance.json "
           "--docs")

OPERATIONS = ["random_raw", "random", "standard_normal", "integers",
              "random_bytes"]
BIT_GENERATORS = ["ChaCha8", "ChaCha12", "ChaCha20", "ChaCha8Rand", "HC128",
                  "ISAAC", "ISAAC64", "PCG64", "SFC64", "Philox"]
TINY = 16


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench_json(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bench")
    out = tmp / "bench.json"
    # From a directory that is not the source tree, so the installed
    # package runs.
    proc = subprocess.run(
        [sys.executable, "-m", "chacharand", "bench", "--quick",
         "--size", "64", "--repeat", "2", "--progress", "--json", str(out)],
        cwd=tmp, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    return proc, json.loads(out.read_text(encoding="utf-8"))


def test_bench_prints_table_for_a_user(bench_json):
    proc, report = bench_json
    out = proc.stdout
    for text in ("ratio to numpy's PCG64", "ChaCha20", "PCG64", "CPU: ",
                 "ChaCha backends: "):
        assert text in out
    # Figures and the machine, nothing of the project's internal goals.
    for text in ("DESIGN", "PASS", "MISS", "arget"):
        assert text not in out
    assert "[1/" in proc.stderr        # the progress line
    # Every row of the time table is as wide as its header: the columns
    # line up.
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines)
                if line.startswith("generator "))
    rows = lines[head + 2:head + 2 + len(report["generators"])]
    assert [r.split()[0] for r in rows] == \
        [g["name"].split()[0] for g in report["generators"]]
    assert {len(r) for r in rows} == {len(lines[head])}


def test_bench_json_alone_on_stdout(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "chacharand", "bench", "--quick",
         "--size", "16", "--repeat", "1", "--json"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
        check=False)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["schema"] == "chacharand-bench/2"
    assert proc.stderr == ""           # no terminal, no progress line


def test_bench_json_structure(bench_json):
    _, report = bench_json
    assert report["schema"] == "chacharand-bench/2"
    machine = report["machine"]
    for key in ("cpu_model", "cpu_flags", "numpy", "chacharand",
                "chacha_backends", "default_chacha_backend", "python"):
        assert key in machine
    assert machine["chacharand"] == chacharand.__version__
    assert machine["chacha_backends"] == chacharand.chacha_backends()
    assert set(machine["cpu_flags"]) >= {"avx2", "avx512f"}
    assert report["config"]["size"] == 64
    assert report["config"]["repeat"] == 2
    assert report["config"]["quick"] is True

    names = [g["name"] for g in report["generators"]]
    assert set(BIT_GENERATORS) <= set(names)
    # One line per backend for each family with SIMD kernels.
    default = chacharand.default_chacha_backend()
    for cls in [f.name for f in REGISTRY if f.simd_kernels]:
        backends = {g["backend"] for g in report["generators"]
                    if g["algorithm"] == cls and g["family"] == "chacharand"}
        assert backends == set(chacharand.chacha_backends())
    assert {g["backend"] for g in report["generators"]
            if g["name"] in ("ChaCha8", "ChaCha12", "ChaCha20")} == {default}

    results = {(r["generator"], r["operation"]): r
               for r in report["results"]}
    for name in BIT_GENERATORS:
        for op in OPERATIONS:
            r = results[(name, op)]
            assert len(r["samples_ns_per_value"]) == 2
            assert math.isfinite(r["ns_per_value"])
            assert isinstance(r["ratio_to_pcg64"], float)
    for op in OPERATIONS:
        assert results[("PCG64", op)]["ratio_to_pcg64"] == 1.0

    keystream = {(k["generator"], k["operation"]) for k in report["keystream"]}
    assert ("ChaCha20", "random_raw") in keystream
    assert ("ChaCha8", "random_bytes") in keystream
    assert ("ChaCha8Rand", "random_raw") in keystream

    assert "targets" not in report
    # chacharand.Generator has rows of its own, one per family, in the
    # Generator columns only; every other row draws through numpy's.
    ours = {g["name"]: g for g in report["generators"]
            if g["generator"] == "chacharand._generator.Generator"}
    assert set(ours) == {f"{name} Generator" for name in BIT_GENERATORS
                         if name in chacharand.__all__}
    assert {g["generator"] for g in report["generators"]
            if g["name"] not in ours} == {"numpy.random._generator.Generator"}
    for name in ours:
        drawn = {op for (row, op) in results if row == name}
        assert drawn == {"random", "standard_normal", "integers"}

    optional = {"OpenSSL ChaCha20": "cryptography",
                "randomgen ChaCha20": "randomgen"}
    for name, package in optional.items():
        installed = importlib.util.find_spec(package) is not None
        assert (name in names) == installed
        if not installed:
            assert any(package in note for note in report["notes"])


def test_bench_rejects_bad_arguments(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "chacharand", "bench", "--size", "0"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
        check=False)
    assert proc.returncode == 2
    assert "--size" in proc.stderr


@pytest.fixture(scope="module")
def plot_tool():
    if not PLOT_TOOL.is_file():
        pytest.skip("no tools/plot_performance.py next to the tests")
    return _load(PLOT_TOOL, "chacharand_plot_performance")


def test_plot_tool_writes_rst(bench_json, tmp_path):
    _, report = bench_json
    src = tmp_path / "bench.json"
    src.write_text(json.dumps(report), encoding="utf-8")
    rst = tmp_path / "performance.rst"
    inc = tmp_path / "speed_figures.inc"
    readme = tmp_path / "README.md"
    readme.write_text("# Title\n\n<!-- speed figures: written by "
                      "tools/plot_performance.py -->\nold\n"
                      "<!-- end of speed figures -->\n\nMore.\n",
                      encoding="utf-8")
    args = [sys.executable, str(PLOT_TOOL), str(src), "--rst", str(rst),
            "--speed-inc", str(inc), "--readme", str(readme)]
    if importlib.util.find_spec("matplotlib") is not None:
        args += ["--png", str(tmp_path / "performance.png")]
    proc = subprocess.run(args, cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    text = rst.read_text(encoding="utf-8")
    assert "list-table" in text and "PCG64" in text
    # chacharand.Generator's rows are named and explained as such.
    assert "chacharand.Generator(ChaCha8)" in text
    assert "ChaCha8 Generator" not in text
    assert "Click the chart to open it at full size." in text
    # One substitution per bit generator, and where they were measured.
    figures = inc.read_text(encoding="utf-8")
    for name in BIT_GENERATORS:
        assert f".. |speed-{name}| replace:: " in figures, name
    assert "chacharand bench --size 64 --repeat 2 --quick" in figures
    assert "* CPU: " in figures
    # The README block is rewritten, the rest left alone.
    block = readme.read_text(encoding="utf-8")
    assert block.startswith("# Title\n\n<!-- speed figures")
    assert block.endswith("<!-- end of speed figures -->\n\nMore.\n")
    assert "old" not in block and "Speed: ChaCha8 draws" in block
    if "--png" in args:
        for name in ("performance", "performance_generator",
                     "performance_keystream"):
            png = (tmp_path / f"{name}.png").read_bytes()
            assert png.startswith(b"\x89PNG"), name


def test_speed_figures_round_to_two_digits(plot_tool):
    assert [plot_tool.round2(x) for x in
            (0.6112, 3.0375, 20.92, 9.96, 1.15, 0.0614, 123.4)] == \
        ["0.61", "3.0", "21", "10", "1.1", "0.061", "123"]


def _committed(path):
    if not path.is_file() or not DOCS_JSON.is_file():
        pytest.skip(f"no {path.name} or performance.json next to the tests")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def committed_report():
    if not DOCS_JSON.is_file():
        pytest.skip("no docs/_static/performance.json next to the tests")
    return json.loads(DOCS_JSON.read_text(encoding="utf-8"))


def test_performance_page_is_rendered_from_committed_json(
        plot_tool, committed_report):
    page = _committed(ROOT / "docs" / "performance.rst")
    assert page == plot_tool.rst_page(committed_report,
                                      "_static/performance.png"), (
        f"docs/performance.rst is not what the tool makes of "
        f"docs/_static/performance.json: run {REFRESH}")


def test_speed_figures_are_rendered_from_committed_json(
        plot_tool, committed_report):
    """docs/choosing.rst's speed column and README's speed sentences quote
    the run of docs/_static/performance.json, nothing else."""
    inc = _committed(ROOT / "docs" / "speed_figures.inc")
    assert inc == plot_tool.speed_inc(committed_report), (
        f"docs/speed_figures.inc is stale: run {REFRESH}")
    readme = _committed(ROOT / "README.md")
    assert readme == plot_tool.update_readme(readme, committed_report), (
        f"the speed figures of README.md are stale: run {REFRESH}")
    choosing = _committed(ROOT / "docs" / "choosing.rst")
    assert ".. include:: speed_figures.inc" in choosing
    for name in ("ChaCha8", "ChaCha12", "ChaCha20", "HC128", "ISAAC",
                 "ISAAC64", "PCG64", "Philox"):
        assert f"|speed-{name}|" in choosing, name
    # No figure typed by hand next to them.
    assert not re.search(r"\b\d+(\.\d+)? ns\b", choosing)


def _tiny(value):
    """The asv parameter, shrunk if it is a size."""
    return min(value, TINY) if isinstance(value, int) else value


def test_asv_benchmarks_run_once():
    """Every asv benchmark, every parameter, once at a tiny size."""
    module = _load(ASV_MODULE, "chacharand_asv_benchmarks")
    ran = skipped = 0
    for _, cls in inspect.getmembers(module, inspect.isclass):
        if cls.__module__ != module.__name__:
            continue
        methods = [m for m in dir(cls) if m.startswith("time_")]
        if not methods:
            continue
        params = getattr(cls, "params", [[]])
        assert len(params) == len(cls.param_names), cls.__name__
        for combo in itertools.product(*params):
            combo = tuple(_tiny(v) for v in combo)
            bench = cls()
            try:
                bench.setup(*combo)
            except NotImplementedError:      # asv's "skipped"
                skipped += 1
                continue
            for m in methods:
                getattr(bench, m)(*combo)
                ran += 1
    assert ran > 100
    backends = len(chacharand.chacha_backends())
    assert skipped >= 2 * 2 * (5 - backends)


@pytest.mark.slow          # runs mypy over the installed package
def test_installed_command_type_checks_without_optional_packages(tmp_path):
    """mypy (function bodies included) passes on the installed _cli and
    _bench whether or not randomgen, cryptography or matplotlib are
    installed: they are imported by name only where used.  And stubtest
    of the installed package gets past building them (it stopped there,
    on a module-level randomgen import and on annotations mypy would not
    check), so what it says is about the stubs."""
    pytest.importorskip("mypy")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental",
         "--check-untyped-defs",
         "-p", "chacharand._cli", "-p", "chacharand._bench"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
        check=False, env=mypy_env())
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    proc = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "chacharand"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
        check=False, env=mypy_env())
    out = proc.stdout + proc.stderr
    assert "not checking stubs" not in out, out[-3000:]
    assert "chacharand._cli" not in out and "chacharand._bench" not in out


def test_counter_bench_reports_every_method_and_the_streams():
    from chacharand._bench import counter
    report = counter.run(256, 1, 1e3)
    assert report["schema"] == "chacharand-bench-counter/1"
    assert [r["method"] for r in report["methods"]] == list(counter.METHODS)
    for r in report["methods"]:
        assert r["ns_per_value"] > 0 and r["ratio_to_pcg64"] > 0
    assert {(r["streams"], r["values_per_stream"])
            for r in report["streams"]} == {(64, 4), (10**4, 1)}
    text = counter.format_text(report)
    assert "standard_exponential" in text and "64 x 4" in text
    assert "10000 x 1 standard_normal" in text


def test_generator_bench_times_every_method_of_the_family(tmp_path):
    """``chacharand bench --generator``: one row per method of the
    harness's table, each with its three timings, over the family asked
    for; the JSON is the report, and the text and RST tables name every
    method."""
    from chacharand._bench import generator
    out = tmp_path / "generator.json"
    proc = subprocess.run(
        [sys.executable, "-m", "chacharand", "bench", "--generator",
         "--family", "HC128", "--size", "64", "--repeat", "1",
         "--json", str(out)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
        check=False)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["schema"] == generator.SCHEMA
    assert report["config"]["family"] == "HC128"
    assert report["config"]["size"] == 64
    assert [r["method"] for r in report["rows"]] == list(generator.METHODS)
    for r in report["rows"]:
        assert r["family"] == "HC128"
        assert min(r["ns_pcg64"], r["ns_numpy"], r["ns_chacharand"]) > 0
        assert math.isclose(r["vs_pcg64"],
                            r["ns_chacharand"] / r["ns_pcg64"])
    rst = generator.rst_methods_table(report)
    for method in generator.METHODS:
        assert f"{method:36}" in proc.stdout
        assert f"``{method}``" in rst
    assert "chacharand.Generator(HC128)" in proc.stdout
    assert report["machine"]["cpu_model"] in proc.stdout


@pytest.mark.parametrize("args, says", [
    (["--family", "ChaCha8"], "--family goes with --generator"),
    (["--generator", "--family", "PCG64"], "--family"),
    (["--generator", "--counter"], "not allowed with"),
])
def test_generator_bench_refuses_what_it_would_not_do(tmp_path, args, says):
    proc = subprocess.run(
        [sys.executable, "-m", "chacharand", "bench", *args],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
        check=False)
    assert proc.returncode == 2
    assert says in proc.stderr


def test_generator_methods_table_is_rendered_from_committed_json(plot_tool):
    """The performance page's table of every chacharand.Generator method
    is what the tool makes of the committed ``bench --generator`` JSON,
    which holds every method of the harness."""
    from chacharand._bench import generator
    path = ROOT / "docs" / "_static" / "generator_methods.json"
    if not path.is_file():
        pytest.skip("no docs/_static/generator_methods.json next to the "
                    "tests")
    report = json.loads(path.read_text(encoding="utf-8"))
    assert report["schema"] == generator.SCHEMA
    assert [r["method"] for r in report["rows"]] == list(generator.METHODS)
    inc = _committed(ROOT / "docs" / "generator_methods.inc")
    assert inc == plot_tool.generator_inc(report), (
        f"docs/generator_methods.inc is stale: run {REFRESH}")
    page = _committed(ROOT / "docs" / "performance.rst")
    assert ".. include:: generator_methods.inc" in page
