"""Functions that test_parallel.py runs in worker processes.

They live in a module of their own, importable by name (tests/ is on the
path), so that workers started with "spawn" can unpickle references to
them.
"""
import os

import numpy as np

# Set by a test in the parent before it forks, to show what goes wrong when
# one generator is shared across a fork.
SHARED = None


def count_inside(task):
    """``(chunk, rng, n_points)`` -> ``(chunk, points inside the disc)``.

    The points are uniform in the unit square; inside means
    ``x**2 + y**2 < 1``.  The chunk number comes back with the count, so
    the caller can put the results in chunk order whatever order they
    finish in.
    """
    chunk, rng, n_points = task
    xy = rng.random((n_points, 2))
    return chunk, int(np.count_nonzero((xy * xy).sum(axis=1) < 1.0))


def raw_draws(task):
    """``(chunk, bit_generator, n)`` -> ``(chunk, pid, n raw 64-bit draws)``."""
    chunk, bit_generator, n = task
    return chunk, os.getpid(), bit_generator.random_raw(n)


def draw_from_shared(n):
    """`n` doubles from the module-level generator, as the fork left it."""
    return os.getpid(), SHARED.random(n)


def draw_on_worker(rng, n):
    """``(pid, n doubles from rng)``, for tasks sent to dask workers."""
    return os.getpid(), rng.random(n)
