"""The typed stubs agree with numpy's and describe the API (mypy)."""
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("mypy")

USAGE = textwrap.dedent("""
    import numpy as np
    from chacharand import (HC128, ISAAC, ISAAC64, ChaCha8, ChaCha20,
                            parallel_generators)

    one: int = ChaCha20(1).random_raw()
    many: np.ndarray = HC128(1).random_raw((2, 3))
    filled: np.ndarray = ISAAC(1).random_raw(out=np.empty(4, np.uint64))
    nothing: None = ISAAC64(1).random_raw(5, output=False)
    data: bytes = ChaCha8(1).random_bytes(7)
    children: list[ISAAC64] = ISAAC64(1).spawn(2)
    stream: int = ChaCha20(key=bytes(32), stream=3).jumped(2).stream
    position: int = ChaCha8(1).advance(10).word_pos
    key: bytes = ChaCha20(1).state["state"]["key"]
    index: int = HC128(1).state["state"]["index"]
    rngs: list[np.random.Generator] = parallel_generators(2, seed=1)
    gen = np.random.Generator(ChaCha20(1))
""")


def test_stubs_type_check(tmp_path):
    sample = tmp_path / "usage.py"
    sample.write_text(USAGE, encoding="utf-8")
    # From outside the source tree, so the installed stubs are checked.
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--strict-equality",
         str(sample)], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
