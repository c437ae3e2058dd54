"""The typed stubs agree with numpy's and describe the API (mypy)."""
import pathlib
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("mypy")

ALLOWLIST = pathlib.Path(__file__).parent / "stubtest_allowlist.txt"

USAGE = textwrap.dedent("""
    import types
    from typing import Literal

    import numpy as np
    from chacharand import (HC128, ISAAC, ISAAC64, ChaCha8, ChaCha20, Generator,
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
    rngs: list[Generator] = parallel_generators(2, seed=1)
    gen = np.random.Generator(ChaCha20(1))
    same_class: ChaCha8 = ChaCha8(1).jumped()
    advanced: ChaCha20 = ChaCha20(1).advance(-3)
    spawned: list[HC128] = HC128(1).spawn(2)
    ChaCha20(1).state = types.MappingProxyType(ChaCha20(2).state)
    name: Literal["ChaCha8", "ChaCha12", "ChaCha20"] = ChaCha8(1).state[
        "bit_generator"]
    workers = parallel_generators(2, 1, bit_generator="ISAAC64")
""")


def test_stubs_type_check(tmp_path):
    sample = tmp_path / "usage.py"
    sample.write_text(USAGE, encoding="utf-8")
    # From outside the source tree, so the installed stubs are checked.
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--strict",
         str(sample)], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_wrong_family_name_is_a_type_error(tmp_path):
    sample = tmp_path / "wrong.py"
    sample.write_text("from chacharand import parallel_generators\n"
                      "parallel_generators(2, 1, bit_generator='ChaCha9')\n",
                      encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", str(sample)],
        cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 1 and "No overload variant" in out.stdout, \
        out.stdout


def test_stubs_match_the_runtime(tmp_path):
    # Optional dependencies of the bench code need not be installed.
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n[mypy-randomgen.*]\nignore_missing_imports = "
                      "True\n", encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "chacharand",
         "--mypy-config-file", str(config),
         "--allowlist", str(ALLOWLIST)],
        cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-5000:] + out.stderr
