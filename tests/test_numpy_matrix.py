"""The NumPy and Python versions we claim, each tested for real.

pyproject.toml admits numpy >= 2.0 on Python 3.11-3.15 (3.11 is the
interpreter of the main test run, with the newest numpy it has).  For each pair
below a virtual environment is made with that Python and that numpy, the
package is built and installed into it (a wheel build, as a user gets),
and its pytest runs there: the numpy-protocol tests (known answers,
conformance, state, pickling, RandomState, spawn, parallel, locking,
chacharand.Generator's identity with NumPy's, threads), or the whole suite.
numpy's lock is a plain Lock before 2.4 and an RLock from 2.4 on, so both
kinds are exercised; a deadlock fails by the per-test timeout instead of
hanging.

Python 3.12 and 3.13 are pyenv's (or on PATH).  Python 3.14 and 3.15 are
Debian sid's, in a chroot made with debootstrap (tests/_support/debian_chroot.py);
where the machine cannot make one (not root, no debootstrap) those
entries skip and say why.

The environments (and the chroot) are kept in ``$CHACHARAND_MATRIX_CACHE``
(default ``~/.cache/chacharand-matrix``) and reused; their requirements
are checked and the package is rebuilt on every run.  Deselect with
``-m "not matrix"`` for a quick run.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

from _support import debian_chroot

pytestmark = [pytest.mark.matrix, pytest.mark.timeout(3600)]

ROOT = pathlib.Path(__file__).resolve().parent.parent
CACHE = pathlib.Path(os.environ.get(
    "CHACHARAND_MATRIX_CACHE",
    pathlib.Path.home() / ".cache" / "chacharand-matrix"))

# (Python, numpy requirement, what runs, where the Python comes from).
# The floor (3.12, numpy 2.0: plain Lock), a middle numpy with a plain Lock
# on 3.13, the newest numpy (RLock) with the whole suite on 3.12, and the
# newest numpy on the newest Pythons.  The test command's own run covers
# the newest numpy on 3.13.
MATRIX = [
    ("3.12", "numpy==2.0.2", "numpy_protocol", "host"),
    ("3.13", "numpy==2.3.5", "numpy_protocol", "host"),
    ("3.12", "numpy", "all", "host"),
    ("3.14", "numpy", "numpy_protocol", "debian-sid"),
    ("3.15", "numpy", "numpy_protocol", "debian-sid"),
]
PROTOCOL_DEPS = ["pytest>=7", "pytest-timeout>=2.1", "hypothesis>=6",
                 "cffi>=1.15", "scipy"]

if not (ROOT / "pyproject.toml").exists():
    pytest.skip("not a source checkout", allow_module_level=True)


def find_python(version):
    """An interpreter of `version`: pyenv's, or one on PATH.

    pyenv's shims answer to every version's name but run only the active
    ones, so its installed versions are asked for directly.
    """
    pyenv_root = pathlib.Path(os.environ.get(
        "PYENV_ROOT", pathlib.Path.home() / ".pyenv"))
    for candidate in sorted((pyenv_root / "versions").glob(f"{version}.*")):
        if (candidate / "bin" / "python").exists():
            return str(candidate / "bin" / "python")
    found = shutil.which(f"python{version}")
    if found and "shims" not in pathlib.Path(found).parts:
        return found
    return None


def run(cmd, **kwargs):
    out = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    assert out.returncode == 0, (
        f"{' '.join(map(str, cmd))} failed:\n{out.stdout[-3000:]}\n"
        f"{out.stderr[-3000:]}")
    return out


def environment(python, version, numpy_req, scope):
    """A venv with `numpy_req` and the test tools, made once and reused.

    The requirements are installed on every run (a no-op when they are
    met), so a reused environment follows changes to the test extras.
    """
    name = re.sub(r"[^\w.]+", "", f"py{version}-{numpy_req}-{scope}")
    venv = CACHE / name
    python_in_venv = venv / "bin" / "python"
    if not python_in_venv.exists():
        shutil.rmtree(venv, ignore_errors=True)
        run([python, "-m", "venv", str(venv)])
        run([str(python_in_venv), "-m", "pip", "install", "-q", "--upgrade",
             "pip"])
    pip = [str(python_in_venv), "-m", "pip", "install", "-q"]
    if scope == "all":
        # The package's own test extras, with this numpy.
        run(pip + [f"{ROOT}[test]", numpy_req], cwd=ROOT)
    else:
        run(pip + [numpy_req] + PROTOCOL_DEPS)
    return venv


def selection(scope):
    return "not matrix" if scope == "all" else f"{scope} and not matrix"


def check_summary(text, version, numpy_version):
    summary = re.search(r"(\d+) passed", text)
    assert summary and int(summary.group(1)) > 50, text[-4000:]
    print(f"Python {version}, numpy {numpy_version}: {summary.group(0)}",
          file=sys.stderr)


@pytest.mark.parametrize("version, numpy_req, scope, where", MATRIX,
                         ids=[f"py{v}-{n}" for v, n, _, _ in MATRIX])
def test_suite_on_python_and_numpy(version, numpy_req, scope, where):
    if where == "debian-sid":
        suite_in_chroot(version, numpy_req, scope)
        return
    python = find_python(version)
    if python is None:
        pytest.skip(f"no Python {version} on this machine (pyenv install "
                    f"{version} to run this entry)")
    venv = environment(python, version, numpy_req, scope)
    py = str(venv / "bin" / "python")
    # Build and install this checkout as a wheel would be; keep the numpy
    # the environment pins.
    run([py, "-m", "pip", "install", "-q", "--force-reinstall", "--no-deps",
         str(ROOT)], cwd=ROOT)
    numpy_version = run([py, "-c", "import numpy; print(numpy.__version__)"],
                        cwd=venv).stdout.strip()
    if numpy_req.startswith("numpy=="):
        assert numpy_version == numpy_req.split("==")[1]
    # The suite's own pytest, from the checkout root as the README runs it
    # (the console script does not put the root on sys.path).
    out = subprocess.run(
        [str(venv / "bin" / "pytest"), "-q", "-p", "no:cacheprovider",
         "--timeout", "300", "-m", selection(scope)],
        cwd=ROOT, capture_output=True, text=True)
    tail = out.stdout[-4000:] + out.stderr[-2000:]
    assert out.returncode == 0, tail
    check_summary(out.stdout, version, numpy_version)


def suite_in_chroot(version, numpy_req, scope):
    """The same, with Debian sid's python`version` in the chroot: a venv
    there (kept), this checkout copied in fresh, built and tested."""
    reason = debian_chroot.unavailable()
    if reason:
        pytest.skip(f"Python {version} comes from a Debian sid chroot, "
                    f"which this machine cannot make: {reason}")
    root = debian_chroot.ensure(CACHE)
    src = debian_chroot.copy_tree(ROOT, root)
    name = re.sub(r"[^\w.]+", "", f"py{version}-{numpy_req}-{scope}")
    venv = f"/opt/venvs/{name}"
    deps = " ".join(f"'{d}'" for d in [numpy_req] + PROTOCOL_DEPS)
    # An unpinned numpy means the newest: a kept venv follows it.
    upgrade = "" if "==" in numpy_req else "--upgrade"
    script = f"""
        if [ ! -x {venv}/bin/python ]; then
            rm -rf {venv}
            python{version} -m venv {venv}
            {venv}/bin/python -m pip install -q --upgrade pip
        fi
        {venv}/bin/python -m pip install -q {upgrade} {deps}
        cd {src}
        {venv}/bin/python -m pip install -q --force-reinstall --no-deps .
        {venv}/bin/python -c 'import numpy, sys
print("VERSIONS", sys.version.split()[0], numpy.__version__)'
        {venv}/bin/pytest -q -p no:cacheprovider --timeout 300 \\
            -m '{selection(scope)}'
    """
    out = debian_chroot.run(root, script)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text[-6000:]
    found = re.search(r"^VERSIONS (\S+) (\S+)$", out.stdout, re.MULTILINE)
    assert found and found.group(1).startswith(version + "."), text[-2000:]
    check_summary(out.stdout, version, found.group(2))
