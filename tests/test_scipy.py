"""scipy.stats, scipy.stats.sampling and scipy.stats.qmc with our generators.

scipy.stats hands ``random_state`` to NumPy's Generator methods; UNU.RAN
(scipy.stats.sampling) instead calls the bit generator's C functions
through its ``capsule``; qmc spawns a child generator of the same class
(``type(bg)(s) for s in bg._seed_seq.spawn(1)``, as dask does) and
scrambles with it.  Each test checks that the same seed gives the same
draws and that the draws really came from our generator.
"""
import copy
import warnings

import numpy as np
import pytest
from numpy.random import Generator

from chacharand import HC128, ISAAC, ISAAC64, ChaCha8, ChaCha12, ChaCha20
from chacharand._registry import FAMILIES as REGISTRY

scipy = pytest.importorskip("scipy")
from scipy import stats  # noqa: E402
from scipy.stats import qmc, sampling  # noqa: E402

FAMILIES = tuple(f.cls for f in REGISTRY)
ids = [c.__name__ for c in FAMILIES]


def rng(family=ChaCha20, seed=2024):
    return Generator(family(seed))


def position(gen):
    """Where the generator is: the next raw draws of a copy of it."""
    return tuple(copy.deepcopy(gen.bit_generator).random_raw(4).tolist())


# ---- scipy.stats distributions -------------------------------------------------

@pytest.mark.parametrize("family", FAMILIES, ids=ids)
def test_continuous_rvs(family):
    got = stats.norm.rvs(loc=1, scale=2, size=50, random_state=rng(family))
    # scipy draws a standard normal from the Generator and scales it.
    want = 1 + 2 * rng(family).standard_normal(50)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
    again = stats.norm.rvs(loc=1, scale=2, size=50, random_state=rng(family))
    np.testing.assert_array_equal(got, again)
    other = stats.norm.rvs(loc=1, scale=2, size=50,
                           random_state=rng(family, 2025))
    assert not np.array_equal(got, other)


@pytest.mark.parametrize("dist, args", [
    (stats.gamma, (2.5,)), (stats.beta, (2.0, 3.0)), (stats.t, (4,)),
    (stats.vonmises, (1.5,)), (stats.genextreme, (0.1,))],
    ids=lambda x: getattr(x, "name", ""))
def test_more_continuous_distributions(dist, args):
    a = dist.rvs(*args, size=200, random_state=rng(ChaCha8, 1))
    b = dist(*args).rvs(size=200, random_state=rng(ChaCha8, 1))
    np.testing.assert_array_equal(a, b)
    assert np.all(np.isfinite(a))
    # A loose goodness-of-fit check: the draws follow the distribution.
    assert stats.kstest(a, dist(*args).cdf).pvalue > 1e-6


@pytest.mark.parametrize("family", FAMILIES, ids=ids)
def test_discrete_rvs(family):
    got = stats.poisson.rvs(3.5, size=100, random_state=rng(family))
    np.testing.assert_array_equal(got, rng(family).poisson(3.5, 100))
    binom = stats.binom.rvs(20, 0.3, size=100, random_state=rng(family))
    np.testing.assert_array_equal(binom, rng(family).binomial(20, 0.3, 100))
    again = stats.poisson.rvs(3.5, size=100, random_state=rng(family))
    np.testing.assert_array_equal(got, again)


def test_frozen_and_generic_discrete():
    zipf = stats.zipf(2.5)
    a = zipf.rvs(size=100, random_state=rng(ISAAC64, 3))
    b = stats.zipf.rvs(2.5, size=100, random_state=rng(ISAAC64, 3))
    np.testing.assert_array_equal(a, b)
    # A distribution without a special sampler goes through the generic
    # inversion of its ppf, drawing uniforms from our generator.
    custom = stats.rv_discrete(values=([0, 1, 2], [0.2, 0.5, 0.3]))
    c = custom.rvs(size=500, random_state=rng(HC128, 3))
    d = custom.rvs(size=500, random_state=rng(HC128, 3))
    np.testing.assert_array_equal(c, d)
    assert set(np.unique(c)) == {0, 1, 2}


# ---- scipy.stats.sampling (UNU.RAN, through the capsule) -----------------------

class StandardNormal:
    """A density known only up to a constant, as UNU.RAN takes it."""

    def pdf(self, x):
        return np.exp(-x * x / 2)

    def dpdf(self, x):
        return -x * np.exp(-x * x / 2)

    def cdf(self, x):
        return stats.norm.cdf(x)


@pytest.mark.parametrize("family", FAMILIES, ids=ids)
def test_numerical_inverse_polynomial(family):
    gen = rng(family)
    twin = rng(family)
    sampler = sampling.NumericalInversePolynomial(StandardNormal(),
                                                  random_state=gen)
    got = sampler.rvs(100)
    # PINV is inversion: each draw is the approximate inverse CDF of one
    # next_double() of our generator, read through the capsule.
    np.testing.assert_allclose(got, sampler.ppf(twin.random(100)),
                               rtol=0, atol=1e-14)
    assert position(gen) == position(twin)
    again = sampling.NumericalInversePolynomial(
        StandardNormal(), random_state=rng(family)).rvs(100)
    np.testing.assert_array_equal(got, again)


@pytest.mark.parametrize("family", (ChaCha20, ISAAC), ids=["ChaCha20",
                                                           "ISAAC"])
def test_transformed_density_rejection(family):
    gen = rng(family, 7)
    before = position(gen)
    sampler = sampling.TransformedDensityRejection(StandardNormal(),
                                                   random_state=gen)
    got = sampler.rvs(2000)
    assert position(gen) != before
    again = sampling.TransformedDensityRejection(
        StandardNormal(), random_state=rng(family, 7)).rvs(2000)
    np.testing.assert_array_equal(got, again)
    assert stats.kstest(got, stats.norm.cdf).pvalue > 1e-6
    # The generator can also be given per call.
    a = sampler.rvs(10, random_state=rng(family, 8))
    b = sampler.rvs(10, random_state=rng(family, 8))
    np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("family", (ChaCha12, HC128, ISAAC64),
                         ids=["ChaCha12", "HC128", "ISAAC64"])
def test_discrete_alias_urn(family):
    pv = np.array([0.1, 0.2, 0.3, 0.4])
    gen = rng(family, 11)
    before = position(gen)
    urn = sampling.DiscreteAliasUrn(pv, random_state=gen)
    got = urn.rvs(4000)
    assert position(gen) != before
    again = sampling.DiscreteAliasUrn(pv, random_state=rng(family, 11)).rvs(
        4000)
    np.testing.assert_array_equal(got, again)
    counts = np.bincount(got, minlength=4)
    assert stats.chisquare(counts, 4000 * pv).pvalue > 1e-6


# ---- scipy.stats.qmc scrambling --------------------------------------------------

def qmc_engine(cls, gen, keyword, **kwargs):
    with warnings.catch_warnings():
        # Newer SciPy prefers rng= and may deprecate seed=.
        warnings.simplefilter("ignore", DeprecationWarning)
        return cls(d=3, **{keyword: gen}, **kwargs)


@pytest.mark.parametrize("keyword", ["rng", "seed"])
@pytest.mark.parametrize("cls, kwargs", [
    (qmc.Sobol, {"scramble": True}), (qmc.Halton, {"scramble": True}),
    (qmc.LatinHypercube, {})], ids=["Sobol", "Halton", "LatinHypercube"])
def test_qmc_scrambling(cls, kwargs, keyword):
    gen = rng(ChaCha8, 5)
    try:
        engine = qmc_engine(cls, gen, keyword, **kwargs)
    except TypeError as exc:
        pytest.skip(f"this SciPy's {cls.__name__} has no {keyword}=: {exc}")
    # The engine scrambles with a child of our generator, of our class.
    assert type(engine.rng.bit_generator) is ChaCha8
    assert gen.bit_generator.seed_seq.n_children_spawned == 1
    points = engine.random(16)
    again = qmc_engine(cls, rng(ChaCha8, 5), keyword, **kwargs).random(16)
    np.testing.assert_array_equal(points, again)
    other = qmc_engine(cls, rng(ChaCha8, 6), keyword, **kwargs).random(16)
    assert not np.array_equal(points, other)
    assert points.shape == (16, 3)
    assert np.all((points >= 0) & (points < 1))
    # reset() goes back to the same scrambled sequence.
    np.testing.assert_array_equal(engine.reset().random(16), points)


def test_qmc_with_a_keyed_generator():
    # It spawns from the SeedSequence derived from its key, so the
    # scrambling is reproducible.
    points = [qmc_engine(qmc.Sobol, Generator(ChaCha20(key=bytes(32))),
                         "seed", scramble=True).random(8)
              for _ in range(2)]
    np.testing.assert_array_equal(*points)
