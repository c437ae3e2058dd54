"""Nothing a user can write in pure Python crashes the interpreter:
abstract bases refuse to be instantiated, a subclass without a kernel is
refused, generators whose __init__ never ran draw nothing.
"""
import subprocess
import sys
import textwrap

import pytest

import chacharand
from chacharand._base import KeyedBitGenerator
from chacharand._chacha import ChaChaBitGenerator
from chacharand._isaac import IsaacBitGenerator
from _support.families import same_stream

pytestmark = pytest.mark.numpy_protocol


def test_abstract_bases_refuse_to_be_instantiated():
    with pytest.raises(TypeError, match="abstract"):
        KeyedBitGenerator(1)
    with pytest.raises(TypeError, match="abstract"):
        ChaChaBitGenerator(1)
    with pytest.raises(TypeError, match="abstract"):
        IsaacBitGenerator(1)
    with pytest.raises(ValueError, match="bit_generator"):
        chacharand.parallel_generators(1, 1, bit_generator=KeyedBitGenerator)


@pytest.mark.parametrize("rounds", [10, 0, "8", None, 8.0])
def test_chacha_subclass_without_a_kernel_is_refused(rounds):
    cls = type("ChaChaX", (chacharand.ChaCha20,), {"_ROUNDS": rounds})
    with pytest.raises(TypeError, match="_ROUNDS"):
        cls(1)


def test_subclass_with_a_kernel_works():
    class MyChaCha(chacharand.ChaCha8):
        pass

    same_stream(MyChaCha(3), chacharand.ChaCha8(3))


def test_what_pure_python_can_write_does_not_crash(tmp_path):
    # In a child process: a crash there is a failed test, not a dead suite.
    code = textwrap.dedent("""
        import numpy as np
        import chacharand
        from chacharand._base import KeyedBitGenerator
        from chacharand._registry import FAMILIES

        class ChaCha10(chacharand.ChaCha20):
            _ROUNDS = 10

        class Bare(KeyedBitGenerator):
            def __init__(self):
                pass

        attempts = [
            lambda: KeyedBitGenerator(1).random_raw(4),
            lambda: chacharand.parallel_generators(
                1, 1, bit_generator=KeyedBitGenerator)[0].random(),
            lambda: ChaCha10(1).random_raw(2),
            lambda: np.random.Generator(Bare()).random(),
            lambda: Bare().random_raw(4),
            lambda: Bare().random_bytes(4),
        ]
        for f in FAMILIES:
            blank = f.cls.__new__(f.cls)       # __init__ never ran
            attempts += [lambda b=blank: b.random_raw(70),
                         lambda b=blank: b.random_bytes(9),
                         lambda b=blank: np.random.Generator(b).random()]
        for attempt in attempts:
            try:
                attempt()
            except (TypeError, ValueError):
                pass
        print("survived")
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "survived" in out.stdout, out.stderr
