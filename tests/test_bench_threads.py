"""``chacharand bench --threads`` runs and reports its shape (its timings
are not tested: machines are noisy)."""
import json

import pytest

from chacharand._bench import threads
from chacharand._cli import main


def test_thread_counts_go_up_to_the_cpus():
    assert threads.thread_counts(1) == [1]
    assert threads.thread_counts(2) == [1, 2]
    assert threads.thread_counts(6) == [1, 2, 4, 6]
    assert threads.thread_counts(8) == [1, 2, 4, 8]


def test_bench_threads_json(capsys):
    assert main(["bench", "--threads", "--quick", "--size", "20",
                 "--repeat", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["schema"] == threads.SCHEMA
    counts = report["config"]["thread_counts"]
    assert counts[0] == 1
    want = {(w, g, n) for w in threads.WORKLOADS
            for g in threads.CONTESTANTS for n in counts}
    got = {(r["workload"], r["generator"], r["threads"])
           for r in report["results"]}
    assert got == want
    for r in report["results"]:
        assert r["calls_per_s"] > 0 and len(r["samples"]) == 1
        if r["threads"] == 1:
            assert r["scaling"] == pytest.approx(1.0)
    machine = report["machine"]
    assert isinstance(machine["gil_enabled"], bool)
    assert isinstance(machine["free_threaded_build"], bool)


def test_bench_threads_table(capsys):
    assert main(["bench", "--threads", "--quick", "--size", "10",
                 "--repeat", "1"]) == 0
    text = capsys.readouterr().out
    assert "random(64), chacharand.Generator(ChaCha8)" in text
    assert "integers(0, 100, 16), numpy.random.Generator(PCG64)" in text
    assert "random(64), control: pure-Python loop" in text


def test_control_loop_answers_the_same_calls():
    """The pure-Python control draws what the workloads ask for: values
    of the asked range, a new batch each call."""
    loop = threads.PythonLoop(1000)
    xs = loop.random(64)
    assert len(xs) == 64 and all(0.0 <= x < 1.0 for x in xs)
    ks = loop.integers(0, 100, 16)
    assert len(ks) == 16 and all(0 <= k < 100 for k in ks)
    assert loop.random(64) != xs
