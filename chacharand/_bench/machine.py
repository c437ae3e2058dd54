"""The machine a benchmark ran on: CPU model, its SIMD flags, the software.

Figures mean little without it.  The CPU model and flags come from
/proc/cpuinfo on Linux, from sysctl on macOS and from the platform module
elsewhere; flags that cannot be read are None, not False.
"""
import datetime
import os
import platform
import subprocess
import sys

import numpy as np

import chacharand

#: The instruction-set flags that decide which kernel runs, by their Linux
#: /proc/cpuinfo names ("asimd" is aarch64's NEON).
FLAGS = ("sse2", "ssse3", "avx", "avx2", "avx512f", "avx512vl", "asimd")


def _linux_cpu():
    model, flags = None, None
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                key, _, value = line.partition(":")
                key = key.strip().lower()
                if model is None and key in ("model name", "hardware",
                                             "cpu model"):
                    model = value.strip()
                elif key in ("flags", "features") and flags is None:
                    flags = set(value.split())
    except OSError:
        pass
    return model, flags


def _sysctl(name):
    try:
        out = subprocess.run(["sysctl", "-n", name], capture_output=True,
                             text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def _macos_cpu():
    model = _sysctl("machdep.cpu.brand_string")
    if platform.machine() == "arm64":
        return model, {"asimd"}           # every Apple arm64 CPU has NEON
    words = " ".join(filter(None, (_sysctl("machdep.cpu.features"),
                                   _sysctl("machdep.cpu.leaf7_features"))))
    if not words:
        return model, None
    # sysctl says "SSE2 SSSE3 AVX1.0" and "AVX2 AVX512F AVX512VL".
    names = {w.lower() for w in words.split()}
    if "avx1.0" in names:
        names.add("avx")
    flags = {f for f in FLAGS if f in names}
    return model, flags


def cpu():
    """(model, {flag: True/False/None}) for the flags in :data:`FLAGS`."""
    if sys.platform.startswith("linux"):
        model, flags = _linux_cpu()
    elif sys.platform == "darwin":
        model, flags = _macos_cpu()
    else:
        model, flags = None, None
    if not model:
        model = platform.processor() or platform.machine() or "unknown"
    return model, {f: (f in flags) if flags is not None else None
                   for f in FLAGS}


def describe(extra):
    """The machine description of a report; `extra` adds package versions."""
    model, flags = cpu()
    try:
        load = list(os.getloadavg())
    except (AttributeError, OSError):
        load = None
    info = {
        "cpu_model": model,
        "cpu_count": os.cpu_count(),
        "machine": platform.machine(),
        "cpu_flags": flags,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "numpy": np.__version__,
        "chacharand": chacharand.__version__,
        "chacha_backends": chacharand.chacha_backends(),
        "default_chacha_backend": chacharand.default_chacha_backend(),
        "CHACHARAND_SIMD": os.environ.get("CHACHARAND_SIMD"),
        "loadavg": load,
        "date": datetime.datetime.now(datetime.timezone.utc)
        .isoformat(timespec="seconds"),
    }
    info.update(extra)
    return info


def flags_summary(flags):
    """"sse2 avx2 avx512f" from a cpu_flags dict ("unknown" if unread)."""
    if all(v is None for v in flags.values()):
        return "flags unknown"
    return " ".join(f for f, on in flags.items() if on) or "none of " + \
        " ".join(flags)
