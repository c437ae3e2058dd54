"""numpy's own test suites, over every family: the conformance check.

The generic cases of numpy's ``numpy/random/tests/test_smoke.py`` (class
``RNG``) and ``test_direct.py`` (class ``Base``) are run here from the
*installed* numpy's own files, not from a copy: each numpy version tests us
with the cases it ships.  Every family gets a subclass of each, made the way
numpy's own subclasses for PCG64 are; the smoke cases run once with numpy's
``Generator`` and once with :class:`chacharand.Generator` as the generator
under test.  numpy's wheels ship these files; where the installed numpy has
none, the module is skipped and says so.

Cases that do not apply are skipped by name, each with its reason
(``NOT_APPLICABLE``).  Both numpy layouts of ``test_smoke.py`` are served:
the class attributes of ``setup_class`` (numpy 2.0 to 2.3) and
``_create_rng`` returning an ``RNGData`` (numpy 2.4 on).

``test_direct.py``'s transform cases (``test_gauss_inv``,
``test_uniform_double``, ``test_uniform_float``) compare numpy's draws over
a bit generator with numpy's documented transforms of its raw 64-bit words,
which numpy reads from data files of its own generators.  Here the words are
drawn afresh from a twin of the generator under test (never recorded), so
the cases check how our ``next_double`` and ``next_uint32`` relate to
``random_raw``, as they do for numpy's generators.
"""
import importlib
import warnings

import numpy as np
import pytest

import chacharand
from chacharand._registry import FAMILIES


# Run on every numpy of the test matrix: each tests us with its own cases.
pytestmark = pytest.mark.numpy_protocol


def installed_suite(name):
    # Plain asserts in numpy's cases report their values, as in ours.
    pytest.register_assert_rewrite(f"numpy.random.tests.{name}")
    try:
        with warnings.catch_warnings():
            # Marks of numpy's own test configuration (thread_unsafe), on
            # cases not run here.
            warnings.simplefilter("ignore", pytest.PytestUnknownMarkWarning)
            return importlib.import_module(f"numpy.random.tests.{name}")
    except ImportError as exc:
        pytest.skip(
            f"the installed numpy {np.__version__} ships without its tests "
            f"(numpy.random.tests.{name}: {exc})", allow_module_level=True)


smoke = installed_suite("test_smoke")
direct = installed_suite("test_direct")

# numpy 2.0 to 2.3 give the integer cases of test_smoke.py their dtypes
# through a module-level fixture, which pytest looks up in the module of
# the test class: here.
if hasattr(smoke, "dtype"):
    dtype = smoke.dtype

SEED = 12345
SECOND_SEED = 54321
# numpy's own advance for its seekable generators (Philox, PCG64).
ADVANCE = 2**63 + 2**31 + 2**15 + 1
RAW_WORDS = 1000

# Cases that do not apply to a family, per suite:
# {suite: {case: (which families, why)}}.
CANNOT_SEEK = {f.name for f in FAMILIES if not f.seekable}
EVERY_FAMILY = {f.name for f in FAMILIES}
NOT_APPLICABLE = {
    "test_smoke": {
        "test_jump": (
            CANNOT_SEEK,
            "no jumped (the family cannot seek; its parallel streams come "
            "from spawn), and numpy's case fails on purpose for any "
            "generator other than SFC64 without one"),
    },
    "test_direct": {
        "test_raw": (
            EVERY_FAMILY,
            "compares random_raw with known answers for a seed (numpy's "
            "are data files of its own generators); the words here come "
            "from the generator itself, so the case could not fail.  Our "
            "known answers are in test_*_known_answers.py and "
            "test_stream_freeze.py"),
        "test_uniform_float": (
            {"ChaCha8Rand"},
            "numpy's transform reads each 64-bit word as two 32-bit draws, "
            "low half first; ChaCha8Rand's 32-bit draw is Go's "
            "Rand.Uint32, the upper half of a whole value (see the "
            "compatibility page)"),
    },
}


def not_applicable(case, why):
    @pytest.mark.skip(reason=f"{case}: {why}")
    def skipped(self, *args, **kwargs):
        pass
    skipped.__name__ = case
    return skipped


def skips_for(suite, base, name):
    """The class attributes that skip the cases of `base` (in `suite`) not
    applying to the family `name`: only cases the installed numpy has."""
    return {case: not_applicable(case, why)
            for case, (families, why) in NOT_APPLICABLE[suite].items()
            if name in families and hasattr(base, case)}


# ---- test_smoke.py: class RNG ------------------------------------------------

def smoke_case(spec, generator):
    cls = spec.cls
    advance = ADVANCE if spec.seekable else None
    # Every family seeds through a SeedSequence, as PCG64 does.
    seed_vector_bits = 64

    def _create_rng(klass):
        # numpy 2.4 on
        return smoke.RNGData(cls, advance, [SEED], generator(cls(SEED)),
                             seed_vector_bits)

    def setup_class(klass):
        # numpy 2.0 to 2.3: what RNG.setup_class sets, for this family
        klass.bit_generator = cls
        klass.advance = advance
        klass.seed = [SEED]
        klass.rg = generator(cls(SEED))
        klass.initial_state = klass.rg.bit_generator.state
        klass.seed_vector_bits = seed_vector_bits
        klass._extra_setup()

    body = {"__module__": __name__, **skips_for("test_smoke", smoke.RNG, spec.name)}
    if hasattr(smoke, "RNGData"):
        body["_create_rng"] = classmethod(_create_rng)
    else:
        body["setup_class"] = classmethod(setup_class)
    return body


# ---- test_direct.py: class Base ----------------------------------------------

def raw_data(cls, seed):
    """The seed and the first raw words of a twin of ``cls(seed)``."""
    return {"seed": [seed],
            "data": cls(seed).random_raw(RAW_WORDS).astype(np.uint64)}


def direct_case(spec):
    cls = spec.cls

    def setup_class(klass):
        klass.bit_generator = cls
        # Raw words are 64 bits for every family (random_raw).
        klass.bits = 64
        klass.dtype = np.uint64
        klass.data1 = raw_data(cls, SEED)
        klass.data2 = raw_data(cls, SECOND_SEED)
        klass.seed_error_type = (ValueError, TypeError)
        # As numpy's PCG64 case: a float, a sequence holding None, and a
        # second positional argument (every option is keyword-only here).
        klass.invalid_init_types = [(3.2,), ([None],), (1, None)]
        klass.invalid_init_values = [(-1,)]

    return {"__module__": __name__, "setup_class": classmethod(setup_class),
            **skips_for("test_direct", direct.Base, spec.name)}


GENERATORS = {"numpy": np.random.Generator, "chacharand": chacharand.Generator}

for _spec in FAMILIES:
    for _label, _generator in GENERATORS.items():
        _name = f"TestSmoke{_spec.name}{_label.capitalize()}Generator"
        globals()[_name] = type(_name, (smoke.RNG,),
                                smoke_case(_spec, _generator))
    _name = f"TestDirect{_spec.name}"
    globals()[_name] = type(_name, (direct.Base,), direct_case(_spec))
del _spec, _label, _generator, _name
