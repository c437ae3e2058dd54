"""Long fills stay interruptible: Ctrl-C stops them between chunks and
leaves the generator where it was, and chunked output equals word-by-word
output.
"""
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from chacharand._registry import FAMILIES
from _support.alarm import Alarm
from _support.families import class_params, same_stream

pytestmark = pytest.mark.numpy_protocol


BIG = 2**30   # bytes: a second or more on every family


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no setitimer")
@class_params
@pytest.mark.parametrize("call", [
    lambda g: g.random_bytes(BIG),
    lambda g: g.random_raw(BIG // 8),
    lambda g: g.random_raw(out=np.empty(BIG // 8, np.uint64)),
], ids=["random_bytes", "random_raw", "random_raw_out"])
def test_long_fills_stop_at_ctrl_c_and_leave_the_generator(cls, call):
    bitgen, twin = cls(51), cls(51)
    bitgen.random_raw(3)
    twin.random_raw(3)
    with Alarm(0.02) as alarm:
        with pytest.raises(KeyboardInterrupt):
            call(bitgen)
        stopped = time.perf_counter()
    assert alarm.fired is not None and stopped - alarm.fired < 0.5
    same_stream(bitgen, twin)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no setitimer")
@pytest.mark.parametrize("cls", [f.cls for f in FAMILIES if not f.seekable],
                         ids=lambda c: c.__name__)
def test_long_discard_stops_at_ctrl_c(cls):
    bitgen, twin = cls(52), cls(52)
    with Alarm(0.02):
        with pytest.raises(KeyboardInterrupt):
            bitgen.random_raw(2**40, output=False)
    same_stream(bitgen, twin)


@class_params
def test_chunked_fills_equal_word_by_word_output(cls):
    # Across the chunk boundaries: bytes are the words' little-endian bytes,
    # and an odd length drops the rest of its last word.
    a, b = cls(53), cls(53)
    n = 3 * 2**20 + 13
    data = a.random_bytes(n)
    words = b.random_raw(n // 8 + 1)
    assert data == words.tobytes()[:n]
    same_stream(a, b)
    big = a.random_raw(2**18 + 5)
    np.testing.assert_array_equal(big[2**17 - 2:2**17 + 2],
                                  b.random_raw(2**18 + 5)[2**17 - 2:2**17 + 2])


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_reaches_a_child_process_quickly(tmp_path):
    # A real Ctrl-C (SIGINT) to a process inside a long discard.
    # Python's own Ctrl-C handler in the child: a process started in the
    # background by a non-interactive shell inherits SIGINT ignored, and
    # Python then installs no handler at all.
    code = ("import signal\n"
            "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
            "import chacharand, sys\n"
            "g = chacharand.ISAAC64(1)\n"
            "print('ready', flush=True)\n"
            "g.random_raw(2**45, output=False)\n")
    child = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.2)
    child.send_signal(signal.SIGINT)
    try:
        # A guard against a hang, not a speed test: a loaded machine (the
        # matrix runs beside the main run) can hold the child back.
        _, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert "KeyboardInterrupt" in err
