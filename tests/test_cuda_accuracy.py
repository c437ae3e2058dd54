"""The accuracy docs/gpu.rst states for the transforms' own log and cosine,
measured against mpmath at 120 bits.

The pure-Python reference is the C code's bits (test_cuda_twin checks
that), so its error is the transforms' error.  Bounds: ln within 1.2 ulp
and cos within 1.5 ulp on random and edge arguments (measured: 1.13 and
1.48 ulp).
"""
import math
import random

import pytest

from _support import cuda_reference as ref

mp = pytest.importorskip("mpmath", reason="mpmath is not installed").mp


def ulps(got, exact):
    return float(abs(mp.mpf(got) - exact)) / math.ulp(float(exact))


@pytest.mark.parametrize("bits", [53, 32])
def test_log_is_within_1_2_ulp(bits):
    rnd = random.Random(bits)
    ks = [1, 2, 3, (1 << bits) - 1] + [rnd.randrange(1, 1 << bits)
                                       for _ in range(4000)]
    with mp.workprec(120):
        worst = max(ulps(ref.log_fixed(k, bits),
                         mp.log(mp.mpf(k) / mp.mpf(2)**bits)) for k in ks)
    assert worst < 1.2


@pytest.mark.parametrize("bits", [53, 32])
def test_cos_is_within_1_5_ulp(bits):
    rnd = random.Random(bits + 1)
    quarter = 1 << (bits - 2)
    ts = [0, 1, (1 << bits) - 1, quarter // 2, quarter // 2 + 1] + \
        [rnd.randrange(0, 1 << bits) for _ in range(4000)]
    with mp.workprec(120):
        worst = 0.0
        for t in ts:
            if t % quarter == 0 and (t // quarter) % 2 == 1:
                assert ref.cos_2pi_fixed(t, bits) == 0.0  # cos(pi/2 + k pi)
                continue
            exact = mp.cos(2 * mp.pi * mp.mpf(t) / mp.mpf(2)**bits)
            worst = max(worst, ulps(ref.cos_2pi_fixed(t, bits), exact))
    assert worst < 1.5
