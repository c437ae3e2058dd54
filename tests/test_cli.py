"""``python -m chacharand`` runs and says what it should."""
import subprocess
import sys

import chacharand


def test_main_prints_version_generators_and_demo(tmp_path):
    # From outside the source tree, so the installed package runs.
    out = subprocess.run([sys.executable, "-m", "chacharand"], cwd=tmp_path,
                         capture_output=True, text=True, check=True).stdout
    assert chacharand.__version__ in out
    for name in ("ChaCha8", "ChaCha12", "ChaCha20", "HC128", "ISAAC",
                 "ISAAC64"):
        assert name in out
    # The RFC 8439 section 2.3.2 block, reproduced in the demo.
    assert "10f1e7e4d13b5915500fdd1fa32071c4" in out
    assert chacharand.default_chacha_backend() in out
