"""Ctrl-C, simulated: SIGALRM raising KeyboardInterrupt after a delay."""
import signal
import time


class Alarm:
    """SIGALRM after `delay` seconds, raising KeyboardInterrupt as Ctrl-C."""

    def __init__(self, delay):
        self.delay = delay
        self.fired = None

    def handler(self, signum, frame):
        self.fired = time.perf_counter()
        raise KeyboardInterrupt

    def __enter__(self):
        self.previous = signal.signal(signal.SIGALRM, self.handler)
        signal.setitimer(signal.ITIMER_REAL, self.delay)
        return self

    def __exit__(self, *exc):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous)
