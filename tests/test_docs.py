"""The Sphinx documentation builds without warnings, and its examples run.

Both builds run in a subprocess, from a scratch directory, against the
installed package (docs/conf.py imports it).  The doctest build runs every
``>>>`` example of the pages and of the docstrings they include, among them
the RFC 8439 worked example of docs/compatibility.rst.
"""
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).parent.parent / "docs"

pytestmark = [
    pytest.mark.skipif(not (DOCS / "conf.py").is_file(),
                       reason="no docs/ directory next to the tests"),
]


def sphinx_build(builder, tmp_path):
    """Run ``python -m sphinx -W --keep-going -b BUILDER``; return outdir."""
    pytest.importorskip("sphinx")
    pytest.importorskip("numpydoc")
    out = tmp_path / builder
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going",
           "-b", builder, "-d", str(tmp_path / "doctrees"),
           str(DOCS), str(out)]
    proc = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, (
        f"{' '.join(cmd[1:])} exited with {proc.returncode}\n"
        f"--- stdout (end) ---\n{proc.stdout[-4000:]}\n"
        f"--- stderr ---\n{proc.stderr[-8000:]}"
    )
    return out


def test_html_builds_without_warnings(tmp_path):
    out = sphinx_build("html", tmp_path)
    for page in ("index", "seeding", "compatibility", "api"):
        assert (out / f"{page}.html").is_file(), page
    api = (out / "api.html").read_text(encoding="utf-8")
    for name in ("ChaCha8", "ChaCha12", "ChaCha20", "chacha_backends",
                 "default_chacha_backend", "get_include"):
        assert f'id="chacharand.{name}"' in api, name
    for member in ("advance", "jumped", "random_raw", "random_bytes",
                   "spawn", "state", "stream", "word_pos", "key", "rounds",
                   "backend"):
        assert f'id="chacharand.ChaCha20.{member}"' in api, member


def test_doc_examples_run(tmp_path):
    out = sphinx_build("doctest", tmp_path)
    report = (out / "output.txt").read_text(encoding="utf-8")
    # The worked examples were run, not skipped.
    for page in ("compatibility", "seeding"):
        assert f"Document: {page}" in report, page
    total = re.search(r"^\s*(\d+) tests$", report, re.MULTILINE)
    assert total and int(total.group(1)) > 0, report[-2000:]
    assert re.search(r"^\s*0 failures in tests$", report, re.MULTILINE), \
        report[-4000:]
