"""chacharand.Generator's stubs: a numpy.random.Generator to mypy."""
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("mypy")

USAGE = textwrap.dedent("""
    from collections.abc import Sequence

    import numpy as np
    import chacharand
    from chacharand import ChaCha8, Generator, default_rng

    rng: Generator = default_rng(1)
    as_numpy: np.random.Generator = Generator(ChaCha8(1))
    x: float = rng.random()
    a: np.ndarray = rng.integers(0, 10, size=3)
    # NumPy's own stubs type spawn as list[Generator] before 2.5 and as
    # list[Self] after; a Sequence takes both.
    children: Sequence[np.random.Generator] = rng.spawn(2)
    deferred: frozenset[str] = chacharand._generator.deferred_methods()
""")


def test_generator_stubs_type_check(tmp_path):
    sample = tmp_path / "usage.py"
    sample.write_text(USAGE, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", str(sample)],
        cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
