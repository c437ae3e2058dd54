"""The statistics page says what its logs say.

docs/statistics.rst shows a table that ``tools/stat_tests.py summary``
makes from the logs in docs/_static/stat_results; the logs are the test
programs' own reports.  These tests check that the table on the page is
the one the logs give, that the reading of a log can fail (the negative
control's logs read as failures), and the rule for a TestU01 p-value that
is flagged by chance.  The long runs themselves are not repeated here.
"""
import importlib.util
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "stat_tests.py"
LOGS = ROOT / "docs" / "_static" / "stat_results"
PAGE_TABLE = ROOT / "docs" / "stat_results.inc"

pytestmark = pytest.mark.skipif(not TOOL.is_file(),
                                reason="needs the source tree's tools/")


@pytest.fixture(scope="module")
def stat_tests():
    spec = importlib.util.spec_from_file_location("stat_tests", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_page_table_is_the_summary_of_the_logs(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(TOOL), "summary", str(LOGS)], cwd=tmp_path,
        capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == PAGE_TABLE.read_text(encoding="utf-8"), (
        "docs/stat_results.inc is stale: run "
        "'python tools/stat_tests.py summary docs/_static/stat_results "
        "> docs/stat_results.inc'")


def test_every_log_names_its_generator_machine_and_dates(stat_tests):
    logs = sorted(LOGS.glob("*.txt"))
    assert logs
    for log in logs:
        head = stat_tests.parse_log(log.read_text())["head"]
        for field in ("generator", "command", "machine", "started"):
            assert head.get(field), f"{log.name} has no '{field}' line"


@pytest.mark.parametrize("name", ["practrand-LCG32-lcg-1GB.txt",
                                  "testu01-SmallCrush-LCG32-lcg.txt"])
def test_negative_control_logs_read_as_failures(stat_tests, name):
    info = stat_tests.parse_log((LOGS / name).read_text())
    assert info["done"]
    assert info["verdict"] == "FAIL"


def test_testu01_failure_report_is_read_test_by_test(stat_tests):
    info = stat_tests.parse_log(
        (LOGS / "testu01-SmallCrush-LCG32-lcg.txt").read_text())
    assert info["flagged_tests"] == list(range(1, 11))
    assert len(info["failed"]) == 13
    assert "RandomWalk1 R (3.6e-12)" in info["failed"]
    assert info["clear_failure"]


@pytest.mark.parametrize("text, value", [
    ("eps", 1e-300), ("1 - eps1", 1 - 1e-15), ("3.6e-12", 3.6e-12),
    ("0.9995", 0.9995), ("1 - 2.1e-05", 1 - 2.1e-05)])
def test_testu01_p_values(stat_tests, text, value):
    assert stat_tests._p_value(text) == pytest.approx(value, rel=1e-12)


def _flagged(log_text, test, name, p_value):
    """A passing TestU01 log rewritten as one that flags one p-value, in
    the layout of TestU01's summary."""
    return log_text.replace(" All tests were passed", (
        " The following tests gave p-values outside [0.001, 0.9990]:\n"
        " (eps  means a value < 1.0e-300):\n"
        " (eps1 means a value < 1.0e-15):\n\n"
        "       Test                          p-value\n"
        " ----------------------------------------------\n"
        f" {test:2d}  {name:<30s}{p_value:>8s}\n"
        " ----------------------------------------------\n"
        " All other tests were passed"))


def test_a_chance_flag_is_retested_before_a_verdict(stat_tests, tmp_path):
    """One p-value of 0.9995: no verdict until the flagged test is run
    again on fresh numbers; then the retest decides."""
    passing = (LOGS / "testu01-SmallCrush-ChaCha8-raw.txt").read_text()
    run = ("testu01", "ChaCha8", "raw", "SmallCrush")
    (tmp_path / "testu01-SmallCrush-ChaCha8-raw.txt").write_text(
        _flagged(passing, 6, "MaxOft AD", "0.9995"))
    info = stat_tests.parse_log(
        (tmp_path / "testu01-SmallCrush-ChaCha8-raw.txt").read_text())
    assert info["flagged_tests"] == [6] and not info["clear_failure"]
    assert stat_tests._testu01_result(tmp_path, run, info) is None
    assert "--retest" in stat_tests.summary(tmp_path)

    retest = tmp_path / "testu01-SmallCrush-ChaCha8-raw-retest.txt"
    retest.write_text(passing)
    verdict, notes = stat_tests._testu01_result(tmp_path, run, info)
    assert verdict == "pass"
    assert "1 of 15 p-values" in notes and "MaxOft AD, p = 0.9995" in notes

    retest.write_text(_flagged(passing, 6, "MaxOft AD", "2.0e-4"))
    verdict, _ = stat_tests._testu01_result(tmp_path, run, info)
    assert verdict == "FAIL"


def test_a_p_value_beyond_doubt_is_a_failure_without_retest(stat_tests,
                                                           tmp_path):
    passing = (LOGS / "testu01-SmallCrush-ChaCha8-raw.txt").read_text()
    info = stat_tests.parse_log(_flagged(passing, 1, "BirthdaySpacings",
                                         "eps"))
    run = ("testu01", "ChaCha8", "raw", "SmallCrush")
    assert stat_tests._testu01_result(tmp_path, run, info)[0] == "FAIL"


def test_negative_control_is_the_lcg_it_names(stat_tests):
    """x = 69069 x + 1 mod 2**32 from the seed, computed one step at a
    time, against the vectorised stream the tests are fed."""
    chunks = stat_tests.lcg32_chunks(seed=12345)
    first = memoryview(next(chunks)).cast("I")
    x = 12345
    for i in range(1000):
        x = (69069 * x + 1) % 2**32
        assert first[i] == x
    # The next chunk goes on from the last word of this one.
    second = memoryview(next(chunks)).cast("I")
    assert second[0] == (69069 * first[-1] + 1) % 2**32
