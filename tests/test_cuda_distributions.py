"""The CPU twin's counter-based transforms have the right distributions
(10**6 draws each, fixed seeds: the verdicts are reproducible)."""
import numpy as np
import pytest

import chacharand.cuda as cuda
from chacharand import ChaCha8, ChaCha20

stats = pytest.importorskip("scipy.stats")

N = 10**6
ALPHA = 1e-4


def twin(seed):
    return cuda.Generator(ChaCha8(seed), device="cpu")


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_standard_normal_ks(dtype):
    z = twin(1).standard_normal(N, dtype)
    assert z.dtype == dtype
    assert stats.kstest(z.astype(np.float64), stats.norm.cdf).pvalue > ALPHA
    # Both Box-Muller factors: the sign and the tails are balanced.
    assert abs(np.mean(z > 0) - 0.5) < 5e-3
    assert abs(np.mean(np.abs(z) > 3) - 2 * stats.norm.sf(3)) < 5e-4


def test_normal_loc_scale_ks():
    x = twin(2).normal(5.0, 3.0, N)
    assert stats.kstest(x, stats.norm(5.0, 3.0).cdf).pvalue > ALPHA


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_uniform_ks(dtype):
    x = cuda.Generator(ChaCha20(3), device="cpu").uniform(-1, 2, N, dtype)
    assert stats.kstest(x.astype(np.float64),
                        stats.uniform(-1, 3).cdf).pvalue > ALPHA


@pytest.mark.parametrize("low, high, dtype", [
    (0, 10, np.int64),
    (-3, 250, np.int16),
    (0, 7, np.uint8),
])
def test_integers_chi_square(low, high, dtype):
    x = twin(4).integers(low, high, N, dtype)
    assert x.dtype == dtype and x.min() >= low and x.max() < high
    counts = np.bincount((x.astype(np.int64) - low), minlength=high - low)
    assert counts.size == high - low
    assert stats.chisquare(counts).pvalue > ALPHA


def test_wide_integers_chi_square():
    """A range above 2**32 (four words per value), in 100 equal bins."""
    span = 100 * 2**34
    x = twin(5).integers(0, span, N, np.uint64)
    counts = np.bincount((x // 2**34).astype(np.int64), minlength=100)
    assert counts.size == 100
    assert stats.chisquare(counts).pvalue > ALPHA
    # the low bits too
    low = np.bincount((x % 64).astype(np.int64), minlength=64)
    assert stats.chisquare(low).pvalue > ALPHA
