"""The matrix's own helpers: how it finds Debian's tarball, and what each
entry selects (the matrix itself is tests/test_numpy_matrix.py)."""
import hashlib

import pytest

from _support import freethreaded_python, matrix

RELEASE = """Origin: Debian
Suite: unstable
MD5Sum:
 0123 12 main/source/Sources.xz
SHA256:
 aaaa 100 main/binary-amd64/Packages.xz
 bbbb 200 main/source/Sources.xz
 cccc 300 main/source/Sources
"""

SOURCES = """Package: python3.12
Directory: pool/main/p/python3.12

Package: python3.13
Binary: python3.13, python3.13-dev
Directory: pool/main/p/python3.13
Checksums-Sha256:
 1111 3000 python3.13_3.13.15-1.dsc
 2222 23160540 python3.13_3.13.15.orig.tar.xz
 3333 250000 python3.13_3.13.15-1.debian.tar.xz
Files:
 aa 3000 python3.13_3.13.15-1.dsc
"""


def test_release_gives_the_sha256_of_the_named_file_only():
    assert freethreaded_python._listed_sha256(
        RELEASE, "main/source/Sources.xz") == "bbbb"
    with pytest.raises(RuntimeError, match="lists no"):
        freethreaded_python._listed_sha256(RELEASE, "main/source/Nothing")


def test_sources_stanza_is_the_named_package_s():
    stanza = freethreaded_python._stanza(SOURCES, "python3.13")
    assert "python3.13_3.13.15.orig.tar.xz" in stanza
    assert "python3.12" not in stanza.split("Binary")[0]
    with pytest.raises(RuntimeError, match="has no"):
        freethreaded_python._stanza(SOURCES, "python3.99")


def test_sha256_is_hashlib_s():
    assert freethreaded_python._sha256(b"abc") == \
        hashlib.sha256(b"abc").hexdigest()


def test_entries_select_what_they_claim():
    by_scope = {e.scope: e for e in matrix.MATRIX}
    assert by_scope["all"].selection == "not matrix and not c_core"
    assert by_scope["numpy_protocol"].selection == \
        "numpy_protocol and not matrix"
    free = by_scope["free_threading"]
    assert free.python.endswith("t") and free.where == "source-build"
    assert "free_threading" in free.selection
    # Entry names are folder names, distinct per entry.
    names = [e.name for e in matrix.MATRIX]
    assert len(set(names)) == len(names)
    assert all("/" not in n and "=" not in n for n in names)
