"""The accuracy docs/gpu.rst states for the transforms' own log and cosine.

tools/transform_error_bounds.py searches the whole reduced argument ranges
(every exponent of LN, both branches of COS2PI, the ends of the ranges,
then around the worst points) against mpmath and records the largest
errors and the inputs that give them in tests/data/ (it takes minutes, so
it is not run here).  Here: those worst inputs still give those errors;
the bound is the largest of them rounded up to a hundredth, and it is the
number the docs state; random arguments stay within it.

The pure-Python reference is the C code's bits (test_cuda_twin checks
that), so its error is the transforms' error.
"""
import json
import math
import pathlib
import random

import pytest

from _support import cuda_reference as ref

mp = pytest.importorskip("mpmath", reason="mpmath is not installed").mp

ROOT = pathlib.Path(__file__).resolve().parent.parent
RECORD = json.loads((pathlib.Path(__file__).parent / "data" /
                     "transform_error_bounds.json").read_text())
PREC = RECORD["precision_bits"]
LN_BOUND = RECORD["bounds_ulp"]["ln"]
COS_BOUND = RECORD["bounds_ulp"]["cos2pi"]


def ulps(got, exact):
    return float(abs(mp.mpf(got) - exact)) / math.ulp(float(exact))


def ln_error(k, bits):
    return ulps(ref.log_fixed(k, bits), mp.log(mp.mpf(k) / mp.mpf(2)**bits))


def cos_error(branch, j, bits):
    """COS2PI at the reduced argument r = j 2**-(bits-2), quadrant 0
    (cos(pi r / 2)) or 1 (-sin(pi r / 2))."""
    g = bits - 2
    r = mp.mpf(j) / mp.mpf(2)**g
    if branch == "cos":
        return ulps(ref.cos_2pi_fixed(j % (1 << bits), bits),
                    mp.cos(mp.pi / 2 * r))
    return ulps(ref.cos_2pi_fixed(j + (1 << g), bits),
                -mp.sin(mp.pi / 2 * r))


def test_the_bounds_are_the_worst_errors_found_rounded_up():
    ln_worst = max(r["worst"][0]["ulps"] for r in RECORD["ln"].values())
    cos_worst = max(b["worst"][0]["ulps"]
                    for r in RECORD["cos2pi"].values() for b in r.values())
    assert LN_BOUND == math.ceil(ln_worst * 100) / 100
    assert COS_BOUND == math.ceil(cos_worst * 100) / 100
    assert set(RECORD["ln"]) == set(RECORD["cos2pi"]) == {"53", "32"}


@pytest.mark.parametrize("bits", ["53", "32"])
def test_the_recorded_worst_inputs_give_the_recorded_errors(bits):
    with mp.workprec(PREC):
        for case in RECORD["ln"][bits]["worst"]:
            err = ln_error(case["k"], int(bits))
            assert err == pytest.approx(case["ulps"], abs=1e-4)
            assert err <= LN_BOUND
        for branch, found in RECORD["cos2pi"][bits].items():
            for case in found["worst"]:
                err = cos_error(branch, case["j"], int(bits))
                assert err == pytest.approx(case["ulps"], abs=1e-4)
                assert err <= COS_BOUND


def test_the_docs_state_the_same_bounds():
    text = " ".join((ROOT / "docs" / "counter.rst").read_text().split())
    assert f"LN within {LN_BOUND} ulp" in text
    assert f"COS2PI within {COS_BOUND} ulp" in text


@pytest.mark.parametrize("bits", [53, 32])
def test_random_arguments_stay_within_the_bounds(bits):
    rnd = random.Random(bits)
    ks = [1, 2, 3, (1 << bits) - 1] + [rnd.randrange(1, 1 << bits)
                                       for _ in range(2000)]
    quarter = 1 << (bits - 2)
    ts = [0, 1, (1 << bits) - 1, quarter // 2, quarter // 2 + 1] + \
        [rnd.randrange(0, 1 << bits) for _ in range(2000)]
    with mp.workprec(PREC):
        assert max(ln_error(k, bits) for k in ks) <= LN_BOUND
        worst = 0.0
        for t in ts:
            if t % quarter == 0 and (t // quarter) % 2 == 1:
                assert ref.cos_2pi_fixed(t, bits) == 0.0  # cos(pi/2 + k pi)
                continue
            exact = mp.cos(2 * mp.pi * mp.mpf(t) / mp.mpf(2)**bits)
            worst = max(worst, ulps(ref.cos_2pi_fixed(t, bits), exact))
    assert worst <= COS_BOUND
