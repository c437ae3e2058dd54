"""Locking as numpy's own bit generators lock: every call takes the
generator's lock once (numpy's plain Lock before 2.4 cannot be taken twice,
its RLock after), and bulk calls wait for it.
"""
import copy
import inspect
import pickle
import threading

import pytest
from numpy.random import Generator, RandomState

import chacharand
from _support.families import class_params

pytestmark = pytest.mark.numpy_protocol


def public_calls(bitgen):
    """Every public method and property of a generator, as calls."""
    calls = [lambda: bitgen.state,
             lambda: setattr(bitgen, "state", bitgen.state),
             lambda: bitgen.random_raw(3), lambda: bitgen.random_bytes(5),
             lambda: bitgen.random_raw(3, output=False),
             lambda: bitgen.spawn(1), lambda: repr(bitgen),
             lambda: pickle.loads(pickle.dumps(bitgen)),
             lambda: copy.deepcopy(bitgen),
             lambda: pickle.loads(pickle.dumps(Generator(bitgen))),
             lambda: pickle.loads(pickle.dumps(RandomState(bitgen))),
             lambda: chacharand.parallel_generators(2, bitgen),
             lambda: Generator(bitgen).spawn(1)]
    if hasattr(bitgen, "jumped"):
        calls += [lambda: bitgen.jumped(2), lambda: bitgen.advance(3),
                  lambda: bitgen.key, lambda: bitgen.stream,
                  lambda: setattr(bitgen, "stream", 4),
                  lambda: bitgen.word_pos,
                  lambda: setattr(bitgen, "word_pos", 5),
                  lambda: setattr(bitgen, "backend", bitgen.backend)]
    return calls


@class_params
def test_no_call_takes_the_lock_twice(cls):
    # Before numpy 2.4 the lock is a plain Lock: a second acquire by the
    # same thread hangs.  Each call runs in a thread with a deadline.
    bitgen = cls(11)
    for call in public_calls(bitgen):
        worker = threading.Thread(target=call, daemon=True)
        worker.start()
        worker.join(30)
        assert not worker.is_alive(), f"deadlock in {inspect.getsource(call)}"
    assert bitgen.lock.acquire(blocking=False), "the lock was left held"
    bitgen.lock.release()


@class_params
def test_bulk_calls_wait_for_the_lock(cls):
    bitgen = cls(12)
    done = threading.Event()
    with bitgen.lock:
        threading.Thread(target=lambda: (bitgen.random_raw(10),
                                         done.set()), daemon=True).start()
        assert not done.wait(0.2)
    assert done.wait(30)
