"""The ``chacharand`` command and ``python -m chacharand``: what they print,
and usage with exit status 2 for anything wrong.

Every run starts outside the source tree, so the installed package runs.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig

import pytest

import chacharand
from chacharand._registry import FAMILIES

# The RFC 8439 section 2.3.2 block, reproduced by the demo.
RFC_BLOCK = "10f1e7e4d13b5915500fdd1fa32071c4"
# The first 32-bit word of each family keyed with 32 zero bytes: ChaCha20's
# is RFC 8439 A.1's first keystream word (76 b8 e0 ad, little-endian);
# ChaCha8Rand's is Go's rand.New(rand.NewChaCha8([32]byte{})).Uint32().
ZERO_KEY_WORDS = {"ChaCha8": "2fef003e", "ChaCha12": "6a9af49b",
                  "ChaCha20": "ade0b876", "ChaCha8Rand": "ac8a366d",
                  "HC128": "73150082", "ISAAC": "182600f3",
                  "ISAAC64": "33776d41"}
NAME_WIDTH = max(len(f.name) for f in FAMILIES) + 2

MODULE = [sys.executable, "-m", "chacharand"]
ROOT = pathlib.Path(__file__).resolve().parent.parent
# The console script pip installed next to this Python, if any.
SCRIPT = shutil.which("chacharand", path=sysconfig.get_path("scripts"))


def run(args, cwd, command=MODULE, check=True):
    proc = subprocess.run(command + list(args), cwd=cwd,
                          capture_output=True, text=True, timeout=120)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


@pytest.mark.parametrize("args", [[], ["info"]], ids=["bare", "info"])
def test_info_prints_version_families_backends_and_demo(tmp_path, args):
    out = run(args, tmp_path).stdout
    assert f"chacharand {chacharand.__version__}" in out
    for fam in FAMILIES:
        assert f"  {fam.name}" in out and fam.summary in out
    assert RFC_BLOCK in out
    assert chacharand.default_chacha_backend() in out
    for name, word in ZERO_KEY_WORDS.items():
        assert f"{name:<{NAME_WIDTH}}{word}" in out


def test_info_json_for_scripts(tmp_path):
    facts = json.loads(run(["info", "--json"], tmp_path).stdout)
    assert facts["chacharand"] == chacharand.__version__
    assert [f["name"] for f in facts["families"]] == \
        [f.name for f in FAMILIES]
    assert facts["chacha_backends"] == chacharand.chacha_backends()
    assert {f["name"] for f in facts["families"] if f["counter_based"]} == \
        {"ChaCha8", "ChaCha12", "ChaCha20"}
    assert {f["name"] for f in facts["families"] if f["simd_kernels"]} == \
        {"ChaCha8", "ChaCha12", "ChaCha20", "ChaCha8Rand"}
    assert facts["demo"]["rfc8439_2_3_2"] == RFC_BLOCK
    assert facts["demo"]["first_uint32_zero_key"] == ZERO_KEY_WORDS
    assert facts["demo"]["advanced_word_pos"] == 2 * 10**18
    # The bare --json is info's.
    assert json.loads(run(["--json"], tmp_path).stdout)["families"] == \
        facts["families"]


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["info", "--help"],
                                  ["bench", "--help"]])
def test_help_on_every_level(tmp_path, args):
    out = run(args, tmp_path).stdout
    assert out.startswith("usage: python -m chacharand")
    assert RFC_BLOCK not in out        # help, not the demo


def test_help_lists_the_commands(tmp_path):
    out = run(["--help"], tmp_path).stdout
    assert "info" in out and "bench" in out and "--version" in out


@pytest.mark.parametrize("args", [["--version"], ["info", "--version"],
                                  ["bench", "--version"]])
def test_version_on_every_level(tmp_path, args):
    proc = run(args, tmp_path)
    assert proc.stdout.strip().startswith(
        f"chacharand {chacharand.__version__} (numpy ")
    assert RFC_BLOCK not in proc.stdout


@pytest.mark.parametrize("args", [
    ["bogus"], ["--bogus"], ["info", "extra"], ["info", "--bogus"],
    ["bench", "--size", "0"], ["bench", "--size", "x"],
    ["bench", "--repeat", "-1"], ["bench", "bogus"],
    ["bench", "--cuda", "--threads"]])
def test_wrong_input_gives_usage_on_stderr_and_status_2(tmp_path, args):
    proc = run(args, tmp_path, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("usage: ")
    assert "error:" in proc.stderr


def test_bench_refuses_cuda_with_threads_naming_both(tmp_path):
    """Two runs of their own: refused, not one of them silently dropped."""
    for args in (["--cuda", "--threads"], ["--threads", "--cuda"]):
        proc = run(["bench", *args, "--quick"], tmp_path, check=False)
        assert proc.returncode == 2
        assert "--cuda" in proc.stderr and "--threads" in proc.stderr


@pytest.mark.parametrize("where", ["missing directory", "a directory"])
def test_bench_checks_the_json_path_before_running(tmp_path, where):
    """An unwritable --json FILE is a usage error at once: nothing is
    timed (no table on stdout) and there is no traceback."""
    path = (tmp_path / "no" / "such" / "bench.json"
            if where == "missing directory" else tmp_path)
    proc = run(["bench", "--json", str(path)], tmp_path, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("usage: ")
    assert "--json" in proc.stderr and str(path) in proc.stderr
    assert "Traceback" not in proc.stderr


def test_bench_json_check_leaves_no_file_behind(tmp_path):
    """The check of a new path removes the file it made; an existing file
    is kept as it is until the report replaces it."""
    from chacharand._cli import bench
    new = tmp_path / "new.json"
    assert bench._writable_file(str(new)) == str(new)
    assert not new.exists()
    old = tmp_path / "old.json"
    old.write_text("kept", encoding="utf-8")
    assert bench._writable_file(str(old)) == str(old)
    assert old.read_text(encoding="utf-8") == "kept"
    assert bench._writable_file("-") == "-"


@pytest.mark.skipif(SCRIPT is None, reason="no chacharand script next to "
                    "this Python (the package is not installed in it)")
def test_console_script_is_the_same_command(tmp_path):
    proc = run([], tmp_path, command=[SCRIPT])
    assert RFC_BLOCK in proc.stdout
    assert run(["--version"], tmp_path, command=[SCRIPT]).stdout.startswith(
        f"chacharand {chacharand.__version__}")
    bad = run(["bogus"], tmp_path, command=[SCRIPT], check=False)
    assert bad.returncode == 2 and bad.stderr.startswith("usage: chacharand")


def test_closed_pipe_ends_quietly(tmp_path):
    # `chacharand | head -0`: the reader is gone before the first write,
    # so every write fails with EPIPE.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run(MODULE, cwd=tmp_path, stdout=write_end,
                              stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(write_end)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""


def test_source_folder_says_what_to_do_instead(tmp_path):
    # In the repository root `python -m chacharand` imports the source
    # folder, which has no compiled modules (unless built in place).
    source = ROOT / "chacharand"
    if not (source / "__init__.py").is_file():
        pytest.skip("no source folder next to the tests")
    if any(source.glob("_chacha*.so")) or any(source.glob("_chacha*.pyd")):
        pytest.skip("the source folder holds compiled modules")
    if pathlib.Path(chacharand.__file__).resolve().parent == source:
        pytest.skip("the source folder is the installed package (an "
                    "editable install)")
    proc = run([], ROOT, check=False)
    assert proc.returncode == 1
    assert "this is a source folder, not the installed package" in \
        proc.stderr
    assert "'chacharand' command" in proc.stderr
