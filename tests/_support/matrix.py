"""The matrix of Python and NumPy versions, run beside the main test run.

pyproject.toml admits numpy >= 2.0 on Python 3.11-3.15, and chacharand
declares itself free-threading compatible.  Each entry below gets a virtual
environment of its own (that Python, that numpy, the test tools), kept in
``$CHACHARAND_MATRIX_CACHE`` (default ``~/.cache/chacharand-matrix``) and
reused; the checkout is built into a wheel once per interpreter and
installed into each of its environments, and the environment's pytest runs
the entry's selection from the checkout root.

Preparing and running an entry is mostly waiting (pip's downloads, a
compiler, a test run in another process), so the entries start as soon as
the session's collection is done (tests/conftest.py) and run in
background threads while the main run goes on; each matrix test waits for
its entry and judges the result.  ``-m "not matrix"`` leaves them out.

Where each Python comes from:
- 3.12 and 3.13: pyenv's (or on PATH);
- 3.14 and 3.15: Debian sid's, in a chroot made with debootstrap
  (tests/_support/debian_chroot.py);
- 3.13t, free-threaded: built from the upstream tarball of Debian sid's
  python3.13 source package (tests/_support/freethreaded_python.py),
  with numpy 2.3.5, the last numpy with cp313t wheels.
Where a machine cannot provide one, that entry skips and says why.
"""
import concurrent.futures
import dataclasses
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import tomllib

from _support import debian_chroot, freethreaded_python

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
CACHE = pathlib.Path(os.environ.get(
    "CHACHARAND_MATRIX_CACHE",
    pathlib.Path.home() / ".cache" / "chacharand-matrix"))
LOGS = CACHE / "logs"

PROTOCOL_DEPS = ["pytest>=7", "pytest-timeout>=2.1", "hypothesis>=6",
                 "cffi>=1.15", "scipy"]
# The free-threaded entry builds the package itself (no build isolation:
# an isolated build would take the newest numpy, which has no cp313t
# wheel) and builds the Cython example of the docs.  cffi refuses to build
# for a free-threaded 3.13 (it supports 3.14t on), so the cffi interface's
# tests skip there and say so.
FREE_THREADING_DEPS = [d for d in PROTOCOL_DEPS if not d.startswith("cffi")] \
    + ["meson-python>=0.16", "meson>=1.4", "ninja", "Cython>=3.1",
       "setuptools>=64"]
# A test run inside an entry: a hung test fails instead of hanging it.
TEST_TIMEOUT = 300


@dataclasses.dataclass(frozen=True)
class Entry:
    python: str     # "3.12", or "3.13t" for the free-threaded build
    numpy: str      # the numpy requirement
    scope: str      # "numpy_protocol", "all" or "free_threading"
    where: str      # "host", "debian-sid" or "source-build"

    @property
    def id(self):
        return f"py{self.python}-{self.numpy}"

    @property
    def name(self):
        return re.sub(r"[^\w.]+", "", f"py{self.python}-{self.numpy}-"
                      f"{self.scope}")

    @property
    def selection(self):
        if self.scope == "all":
            # The C core's programs hold no Python: the main run has run
            # them.
            return "not matrix and not c_core"
        if self.scope == "free_threading":
            return "(numpy_protocol or free_threading) and not matrix"
        return f"{self.scope} and not matrix"


# The floor (3.12, numpy 2.0: plain Lock), a middle numpy with a plain Lock
# on 3.13, the newest numpy (RLock) with the whole suite on 3.12, the
# newest numpy on the newest Pythons, and the free-threaded interpreter.
# The main run covers Python 3.11 with the newest numpy it has.  Listed
# longest first: the background runs them in this order.
MATRIX = [
    Entry("3.13t", "numpy==2.3.5", "free_threading", "source-build"),
    Entry("3.12", "numpy", "all", "host"),
    Entry("3.14", "numpy", "numpy_protocol", "debian-sid"),
    Entry("3.15", "numpy", "numpy_protocol", "debian-sid"),
    Entry("3.12", "numpy==2.0.2", "numpy_protocol", "host"),
    Entry("3.13", "numpy==2.3.5", "numpy_protocol", "host"),
]


class Skip(Exception):
    """This machine cannot run the entry; the message says why."""


@dataclasses.dataclass
class Outcome:
    returncode: int
    output: str         # the entry's pytest output (stdout, then stderr)
    versions: tuple     # (Python version, numpy version) as run
    seconds: float


# The processes the background has running, so that a session that ends
# early (Ctrl-C, a failure with -x) ends them too rather than waiting.
_running = set()
_running_lock = threading.Lock()
_stopping = threading.Event()


def call(cmd, timeout=None, **kwargs):
    """subprocess.run(cmd, timeout=timeout, **kwargs), in a process group
    of its own, which stop() or the timeout ends."""
    if _stopping.is_set():
        raise RuntimeError("the session is over")
    with subprocess.Popen(cmd, start_new_session=True, **kwargs) as proc:
        with _running_lock:
            _running.add(proc)
        try:
            stdout, stderr = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise
        finally:
            with _running_lock:
                _running.discard(proc)
    return subprocess.CompletedProcess(cmd, proc.returncode, stdout, stderr)


def _end_running():
    _stopping.set()
    with _running_lock:
        for proc in _running:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass


def run(cmd, log, **kwargs):
    """`cmd`, its output appended to `log`; raises on failure."""
    with open(log, "a") as out:
        out.write(f"$ {' '.join(map(str, cmd))}\n")
        out.flush()
        done = call(cmd, stdout=out, stderr=subprocess.STDOUT, **kwargs)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed; the log "
                           f"is {log}:\n{_tail(log)}")
    return done


def _tail(path, n=4000):
    text = pathlib.Path(path).read_text(errors="replace")
    return text[-n:]


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


def test_extras():
    """The package's `test` extra, as pip requirement strings."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    return project["optional-dependencies"]["test"]


# One wheel of the checkout per interpreter, built in this session by the
# first entry that needs it and installed into each of its environments.
_wheels = {}
_wheels_lock = threading.Lock()


def _wheel_for(key, build):
    with _wheels_lock:
        lock = _wheels.setdefault(key, threading.Lock())
    with lock:
        folder = CACHE / "wheels" / key
        if _wheels.get((key, "built")) is None:
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            build(folder)
            _wheels[(key, "built")] = True
        wheels = sorted(folder.glob("chacharand-*.whl"))
        assert len(wheels) == 1, wheels
        return wheels[0]


def _venv(python, venv, log):
    python_in_venv = venv / "bin" / "python"
    if not python_in_venv.exists():
        shutil.rmtree(venv, ignore_errors=True)
        run([python, "-m", "venv", str(venv)], log)
        run([str(python_in_venv), "-m", "pip", "install", "-q", "--upgrade",
             "pip"], log)
    return python_in_venv


def _report(entry):
    # The free-threaded entry lists every test it passed, so that the GIL
    # checks can be seen to have run rather than skipped.
    return "-rA" if entry.scope == "free_threading" else "-rfEs"


def _pytest(py, entry, log):
    """The entry's selection with the environment's pytest, from the
    checkout root as the README runs it (the console script, unlike
    ``python -m pytest``, does not put the root, and so the source
    folder, on sys.path); an Outcome."""
    start = time.monotonic()
    out = call(
        [str(py.parent / "pytest"), "-q", "-p", "no:cacheprovider",
         _report(entry), "--timeout", str(TEST_TIMEOUT),
         "-m", entry.selection],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with open(log, "a") as f:
        f.write(out.stdout + out.stderr)
    versions = subprocess.run(
        [str(py), "-c", "import sys, numpy; "
         "print(sys.version.split()[0], numpy.__version__)"],
        capture_output=True, text=True).stdout.split()
    return Outcome(out.returncode, out.stdout + out.stderr, tuple(versions),
                   time.monotonic() - start)


def run_on_host(entry, log):
    python = find_python(entry.python)
    if python is None:
        raise Skip(f"no Python {entry.python} on this machine (pyenv "
                   f"install {entry.python} to run this entry)")
    py = _venv(python, CACHE / entry.name, log)
    pip = [str(py), "-m", "pip", "install", "-q"]
    if entry.scope == "all":
        # The package's test extras with this numpy; the package itself
        # comes from the interpreter's wheel.
        run(pip + test_extras() + [entry.numpy], log)
    else:
        run(pip + [entry.numpy] + PROTOCOL_DEPS, log)
    wheel = _wheel_for(
        f"py{entry.python}",
        lambda folder: run([str(py), "-m", "pip", "wheel", "-q", "--no-deps",
                            "-w", str(folder), str(ROOT)], log, cwd=ROOT))
    run(pip + ["--force-reinstall", "--no-deps", str(wheel)], log)
    return _pytest(py, entry, log)


def run_free_threaded(entry, log):
    reason = freethreaded_python.unavailable()
    if reason:
        raise Skip(f"the free-threaded Python {entry.python} is built "
                   f"from Debian's source, which this machine cannot: "
                   f"{reason}")
    with _free_threaded_lock:
        python = freethreaded_python.ensure(CACHE, log=str(log) + ".build",
                                            runner=call)
    py = _venv(str(python), CACHE / entry.name, log)
    # Few packages still ship cp313t wheels: pip prefers the newest
    # release that has one to a newer one it would build from source
    # (hypothesis's newest needs a Rust toolchain), numpy and scipy come
    # from wheels only, and a small C extension without any (cffi) builds.
    run([str(py), "-m", "pip", "install", "-q", "--prefer-binary",
         "--only-binary=numpy,scipy", entry.numpy] + FREE_THREADING_DEPS,
        log)
    wheel = _wheel_for(
        "py3.13t",
        lambda folder: run([str(py), "-m", "pip", "wheel", "-q", "--no-deps",
                            "--no-build-isolation", "-w", str(folder),
                            str(ROOT)], log, cwd=ROOT))
    run([str(py), "-m", "pip", "install", "-q", "--force-reinstall",
         "--no-deps", str(wheel)], log)
    return _pytest(py, entry, log)


def run_in_chroot(entry, log):
    """The same, with Debian sid's python`version` in the chroot: a venv
    there (kept), this checkout copied in fresh, built and tested."""
    reason = debian_chroot.unavailable()
    if reason:
        raise Skip(f"Python {entry.python} comes from a Debian sid chroot, "
                   f"which this machine cannot make: {reason}")
    with _chroot_lock:
        root = debian_chroot.ensure(CACHE)
    src = debian_chroot.copy_tree(ROOT, root, name=f"src-{entry.name}")
    venv = f"/opt/venvs/{entry.name}"
    deps = " ".join(f"'{d}'" for d in [entry.numpy] + PROTOCOL_DEPS)
    # An unpinned numpy means the newest: a kept venv follows it.
    upgrade = "" if "==" in entry.numpy else "--upgrade"
    script = f"""
        if [ ! -x {venv}/bin/python ]; then
            rm -rf {venv}
            python{entry.python} -m venv {venv}
            {venv}/bin/python -m pip install -q --upgrade pip
        fi
        {venv}/bin/python -m pip install -q --prefer-binary {upgrade} {deps}
        cd {src}
        {venv}/bin/python -m pip install -q --force-reinstall --no-deps .
        {venv}/bin/python -c 'import numpy, sys
print("VERSIONS", sys.version.split()[0], numpy.__version__)'
        {venv}/bin/pytest -q -p no:cacheprovider {_report(entry)} \\
            --timeout {TEST_TIMEOUT} -m '{entry.selection}'
    """
    start = time.monotonic()
    out = debian_chroot.run(root, script, runner=call)
    text = out.stdout + out.stderr
    with open(log, "a") as f:
        f.write(text)
    found = re.search(r"^VERSIONS (\S+) (\S+)$", out.stdout, re.MULTILINE)
    versions = found.groups() if found else ()
    return Outcome(out.returncode, text, versions, time.monotonic() - start)


_chroot_lock = threading.Lock()
_free_threaded_lock = threading.Lock()
RUNNERS = {"host": run_on_host, "debian-sid": run_in_chroot,
           "source-build": run_free_threaded}


def run_entry(entry):
    """Prepare and run one entry: an Outcome, or Skip raised."""
    LOGS.mkdir(parents=True, exist_ok=True)
    log = LOGS / f"{entry.name}.log"
    log.write_text("")
    return RUNNERS[entry.where](entry, log)


class Background:
    """The selected entries, started at once in a small pool of threads.

    Two at a time: one entry's waits (downloads, a test run) overlap
    another's work, and with the main run beside them the machine's cores
    stay busy without thrashing."""

    def __init__(self, entries, workers=2):
        self.pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="matrix")
        self.futures = {e: self.pool.submit(run_entry, e) for e in entries}

    def result(self, entry, timeout):
        return self.futures[entry].result(timeout=timeout)

    def shutdown(self):
        for future in self.futures.values():
            future.cancel()
        _end_running()
        self.pool.shutdown(wait=False)


_background = None


def start(entries):
    """Start `entries` in the background (once per session)."""
    global _background
    if _background is None and entries:
        _background = Background(entries)


def outcome(entry, timeout):
    """The entry's Outcome, started now if the session did not start it."""
    if _background is None or entry not in _background.futures:
        return run_entry(entry)
    return _background.result(entry, timeout)


def stop():
    if _background is not None:
        _background.shutdown()


def summary_count(text):
    found = re.findall(r"(\d+) passed", text)
    return int(found[-1]) if found else 0
