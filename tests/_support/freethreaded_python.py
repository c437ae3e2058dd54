"""A free-threaded CPython (3.13t) for the matrix, built from Debian's source.

No Debian release ships a free-threaded interpreter, and pyenv's builds here
are GIL builds.  Debian sid's python3.13 source package carries CPython's
upstream tarball untouched (its ``.orig.tar.xz``), so the interpreter is
built from that with ``--disable-gil`` (no PGO, no LTO: a test interpreter,
built in about a quarter of an hour on two cores).

The tarball is found as apt finds it: sid's ``InRelease`` is checked with
``gpgv`` against the host's Debian archive keyring, the ``Sources.xz`` it
lists against its SHA-256 there, and the tarball against the SHA-256 that
``Sources`` gives.  Nothing unchecked is unpacked.

The build is kept under the matrix cache (outside the repository) and reused;
``unavailable()`` says why a machine cannot build it (no compiler, no
OpenSSL headers for pip's HTTPS, no mirror, no keyring), and then the entry
skips with that reason.
"""
import hashlib
import io
import lzma
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request

from _support import debian_chroot

SOURCE_PACKAGE = "python3.13"
VERSION = "3.13"
KEYRING = pathlib.Path("/usr/share/keyrings/debian-archive-keyring.gpg")
# Headers the build needs for what the tests use: ssl (pip), zlib (pip's
# wheels), ctypes (cffi, numpy's ctypes interface), bz2/lzma (tarfile).
HEADERS = {
    "openssl/ssl.h": "libssl-dev",
    "zlib.h": "zlib1g-dev",
    "ffi.h": "libffi-dev",
    "bzlib.h": "libbz2-dev",
    "lzma.h": "liblzma-dev",
}
INCLUDE_DIRS = [pathlib.Path("/usr/include"),
                pathlib.Path("/usr/include/x86_64-linux-gnu"),
                pathlib.Path("/usr/include/aarch64-linux-gnu")]


def _get(url, timeout=300):
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read()


def _sha256(data):
    return hashlib.sha256(data).hexdigest()


def unavailable():
    """Why this machine cannot build the interpreter, or None."""
    if not sys.platform.startswith("linux"):
        return "the free-threaded build is made on Linux only"
    for tool in ("cc", "make", "gpgv"):
        if shutil.which(tool) is None:
            return f"no {tool} to build and check the interpreter"
    if not KEYRING.exists():
        return f"no Debian archive keyring at {KEYRING} to check the source"
    for header, package in HEADERS.items():
        if not any((d / header).exists() for d in INCLUDE_DIRS):
            return f"no {header} (Debian: {package})"
    if debian_chroot.debian_mirror() is None:
        return "apt names no Debian mirror to fetch the source from"
    return None


def _verified_release(mirror):
    """sid's InRelease text, after gpgv accepted its signature."""
    signed = _get(f"{mirror}/dists/sid/InRelease")
    with tempfile.NamedTemporaryFile(suffix=".InRelease") as f:
        f.write(signed)
        f.flush()
        out = subprocess.run(
            ["gpgv", "--keyring", str(KEYRING), "--output", "-", f.name],
            capture_output=True)
    if out.returncode != 0:
        raise RuntimeError("sid's InRelease failed its signature check:\n"
                           + out.stderr.decode(errors="replace")[-2000:])
    return out.stdout.decode()


def _listed_sha256(release, path):
    """The SHA-256 a Release file gives for `path`."""
    sha_block = release.split("SHA256:", 1)[1]
    for line in sha_block.splitlines()[1:]:
        if not line.startswith(" "):
            break
        digest, _size, name = line.split()
        if name == path:
            return digest
    raise RuntimeError(f"sid's Release lists no {path}")


def _stanza(sources_text, package):
    for stanza in sources_text.split("\n\n"):
        if re.search(rf"^Package: {re.escape(package)}$", stanza,
                     re.MULTILINE):
            return stanza
    raise RuntimeError(f"sid's Sources has no {package}")


def fetch_orig_tarball(dest):
    """sid's python3.13 upstream tarball in `dest`, every checksum checked;
    returns its path."""
    mirror = debian_chroot.debian_mirror().rstrip("/")
    release = _verified_release(mirror)
    sources_path = "main/source/Sources.xz"
    packed = _get(f"{mirror}/dists/sid/{sources_path}")
    if _sha256(packed) != _listed_sha256(release, sources_path):
        raise RuntimeError("Sources.xz does not match sid's Release")
    stanza = _stanza(lzma.decompress(packed).decode(), SOURCE_PACKAGE)
    directory = re.search(r"^Directory: (\S+)$", stanza, re.MULTILINE)[1]
    sums = stanza.split("Checksums-Sha256:", 1)[1]
    for line in sums.splitlines()[1:]:
        if not line.startswith(" "):
            break
        digest, _size, name = line.split()
        if name.endswith(".orig.tar.xz"):
            break
    else:
        raise RuntimeError(f"{SOURCE_PACKAGE} lists no .orig.tar.xz")
    data = _get(f"{mirror}/{directory}/{name}", timeout=900)
    if _sha256(data) != digest:
        raise RuntimeError(f"{name} does not match sid's Sources")
    path = pathlib.Path(dest) / name
    path.write_bytes(data)
    return path


def python_path(cache):
    return pathlib.Path(cache) / "python3.13t" / "bin" / "python3.13t"


def _works(python):
    if not python.exists():
        return False
    out = subprocess.run(
        [str(python), "-c",
         "import sys, ssl, zlib, ctypes; print(sys._is_gil_enabled())"],
        capture_output=True, text=True)
    return out.returncode == 0 and out.stdout.strip() == "False"


def ensure(cache, log=None, runner=subprocess.run):
    """The free-threaded interpreter's path, built once into `cache`.

    `log` (a file path) receives configure's and make's output; `runner`
    is subprocess.run or one with its signature."""
    python = python_path(cache)
    if _works(python):
        return python
    prefix = python.parent.parent
    work = pathlib.Path(cache) / "python3.13t.build"
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(prefix, ignore_errors=True)
    work.mkdir(parents=True)
    tarball = fetch_orig_tarball(work)
    with tarfile.open(tarball) as tar:
        tar.extractall(work, filter="data")
    tree = next(p for p in work.iterdir() if p.is_dir())
    jobs = str(os.cpu_count() or 2)
    with open(log or os.devnull, "w") as out:
        for step in (["./configure", f"--prefix={prefix}", "--disable-gil",
                      "--disable-test-modules"],
                     ["make", f"-j{jobs}"],
                     ["make", "install"]):
            done = runner(step, cwd=tree, stdout=out,
                          stderr=subprocess.STDOUT)
            if done.returncode != 0:
                raise RuntimeError(f"{' '.join(step)} failed (log: {log})")
    shutil.rmtree(work, ignore_errors=True)
    if not _works(python):
        raise RuntimeError(f"the build at {prefix} does not run free-threaded")
    return python
