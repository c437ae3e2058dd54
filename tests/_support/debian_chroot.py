"""A Debian sid chroot with the newest CPythons, for the NumPy matrix.

Debian sid packages Python versions newer than any other interpreter on a
Debian stable machine (python3.14, python3.15).  The chroot is made once
with ``debootstrap --variant=minbase`` from the Debian mirror this
machine's apt already uses, and kept under the matrix cache (outside the
repository).  Commands run in it through ``unshare --mount`` and
``chroot``: the /proc mounted for them lives in a mount namespace of their
own and goes away with them.  The environment is a clean one, and the
host's CA bundle and resolver are copied in on every run, so that pip
reaches the package index as it does on the host.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

PYTHONS = ("3.14", "3.15")
PACKAGES = [
    pkg for v in PYTHONS
    for pkg in (f"python{v}", f"python{v}-dev", f"python{v}-venv")
] + ["gcc", "libc6-dev", "ca-certificates"]
SUITE = "sid"
HOST_CA_BUNDLE = pathlib.Path("/etc/ssl/certs/ca-certificates.crt")
CLEAN_ENV = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "HOME": "/root",
    "LANG": "C.UTF-8",
    "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    "PIP_DEFAULT_TIMEOUT": "180",
}


def _tool(name):
    return shutil.which(name, path=CLEAN_ENV["PATH"])


def debian_mirror():
    """The Debian archive URL apt is configured with here, or None.

    Read from deb822 ``.sources`` files (``URIs:`` of a stanza whose
    suites are Debian's, not its security archive) or one-line
    ``sources.list`` entries.
    """
    apt = pathlib.Path("/etc/apt")
    for path in sorted(apt.glob("sources.list.d/*.sources")):
        for stanza in path.read_text().split("\n\n"):
            uris = re.search(r"^URIs:\s*(\S+)", stanza, re.MULTILINE)
            suites = re.search(r"^Suites:\s*(.+)$", stanza, re.MULTILINE)
            if uris and suites and "security" not in suites.group(1) \
                    and "security" not in uris.group(1):
                return uris.group(1)
    lists = [apt / "sources.list", *sorted(apt.glob("sources.list.d/*.list"))]
    for path in lists:
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            m = re.match(r"\s*deb\s+(?:\[[^]]*\]\s+)?(\S+)\s+(\S+)", line)
            if m and "security" not in m.group(1) + m.group(2):
                return m.group(1)
    return None


def unavailable():
    """Why this machine cannot make or enter the chroot, or None."""
    if not sys.platform.startswith("linux"):
        return "the Debian chroot needs Linux"
    if os.geteuid() != 0:
        return "making and entering a chroot needs root"
    for tool, package in (("debootstrap", "debootstrap"),
                          ("unshare", "util-linux"),
                          ("chroot", "coreutils")):
        if _tool(tool) is None:
            return f"no {tool} (Debian: {package})"
    if debian_mirror() is None:
        return "apt names no Debian mirror to debootstrap sid from"
    if not HOST_CA_BUNDLE.exists():
        return f"no CA bundle at {HOST_CA_BUNDLE} for pip in the chroot"
    return None


def ensure(cache):
    """The chroot's root directory, made (a minute or so) if not there."""
    root = pathlib.Path(cache) / f"debian-{SUITE}"
    if (root / ".chacharand-complete").exists():
        return root
    partial = root.with_name(root.name + ".partial")
    _remove(partial)
    out = subprocess.run(
        [_tool("debootstrap"), "--variant=minbase",
         "--include=" + ",".join(PACKAGES), SUITE, str(partial),
         debian_mirror()],
        capture_output=True, text=True, env=CLEAN_ENV, timeout=1800)
    if out.returncode != 0:
        raise RuntimeError(f"debootstrap failed:\n{out.stdout[-3000:]}\n"
                           f"{out.stderr[-3000:]}")
    (partial / ".chacharand-complete").write_text(" ".join(PACKAGES) + "\n")
    _remove(root)
    partial.rename(root)
    return root


def _remove(path):
    """Remove a (partial) chroot, first unmounting what an interrupted
    debootstrap left mounted in it (/proc, /sys), so that nothing outside
    it is touched."""
    path = pathlib.Path(path)
    if not path.exists():
        return
    prefix = str(path.resolve()) + "/"
    mounts = [line.split()[1] for line in
              pathlib.Path("/proc/mounts").read_text().splitlines()]
    for mount in sorted((m for m in mounts if m.startswith(prefix)),
                        reverse=True):
        subprocess.run(["umount", "-l", mount], env=CLEAN_ENV)
    if any(m.startswith(prefix) for m in
           (line.split()[1] for line in
            pathlib.Path("/proc/mounts").read_text().splitlines())):
        raise RuntimeError(f"cannot unmount what is mounted under {path}")
    shutil.rmtree(path)


def copy_tree(source, root, name="src"):
    """The checkout's files (tracked and new, not ignored) into the
    chroot at /`name`, fresh; returns the path inside the chroot."""
    target = pathlib.Path(root) / name
    shutil.rmtree(target, ignore_errors=True)
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others",
         "--exclude-standard"],
        cwd=source, capture_output=True, check=True).stdout
    for rel in filter(None, listed.decode().split("\0")):
        src = pathlib.Path(source) / rel
        if src.is_file():
            dst = target / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    return "/" + name


def run(root, script, timeout=3600, runner=subprocess.run):
    """`script` (sh) in the chroot, with /proc mounted; the result.

    `runner` is subprocess.run or one with its signature."""
    root = pathlib.Path(root)
    # Copied only when they differ: two entries may run in the chroot at
    # once, and one must not replace a file the other is reading.
    _copy_if_changed(HOST_CA_BUNDLE,
                     root / "etc/ssl/certs/ca-certificates.crt")
    resolv = pathlib.Path("/etc/resolv.conf")
    if resolv.exists():
        _copy_if_changed(resolv, root / "etc/resolv.conf")
    inner = f"mount -t proc proc {root}/proc && exec chroot {root} sh -ec \"$1\""
    return runner(
        [_tool("unshare"), "--mount", "--fork", "sh", "-c", inner, "sh",
         script],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=CLEAN_ENV, timeout=timeout)


def _copy_if_changed(source, target):
    data = pathlib.Path(source).read_bytes()
    target = pathlib.Path(target)
    if target.is_symlink() or not target.exists() \
            or target.read_bytes() != data:
        partial = target.with_name(target.name + ".new")
        partial.write_bytes(data)
        partial.replace(target)     # atomic, also over a symlink
