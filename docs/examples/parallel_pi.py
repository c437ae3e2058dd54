"""Estimate pi by Monte Carlo in parallel, with reproducible results.

Run it as a script::

    python parallel_pi.py                      # process pool and dask threads
    python parallel_pi.py --distributed        # also a dask.distributed cluster
    python parallel_pi.py --points 10000000 --chunks 64 --workers 8

Each chunk of work has its own random stream, fixed by the seed and the
chunk's number, so neither the number of workers nor the order in which
chunks run changes a result: the process pool gives one estimate with any
number of workers, and dask one on any scheduler.  The two estimates differ
from each other, because the pool and dask use different streams (streams
of the seed's ChaCha20 key for the pool, keys spawned from the seed for
dask); each is reproduced exactly from the seed.
"""
import argparse
import sys
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import chacharand
from chacharand import ChaCha20


def count_inside(rng, n_points, batch=1 << 16):
    """How many of `n_points` uniform points of the unit square fall in the
    quarter disc x**2 + y**2 < 1.  Works in batches to bound the memory."""
    inside = 0
    for start in range(0, n_points, batch):
        xy = rng.random((min(batch, n_points - start), 2))
        inside += int(np.count_nonzero((xy * xy).sum(axis=1) < 1.0))
    return inside


def chunk_sizes(n_points, n_chunks):
    """`n_points` split into `n_chunks` nearly equal parts."""
    base, extra = divmod(n_points, n_chunks)
    return [base + (i < extra) for i in range(n_chunks)]


def pi_with_processes(seed, n_points, n_chunks, workers):
    """The estimate from a pool of `workers` processes.

    One generator per *chunk*, not per worker: chunk i always uses stream i
    of the seed's key, whichever process runs it.  The generators are made
    here, in the parent, and pickled to the workers with their task.
    """
    rngs = chacharand.parallel_generators(n_chunks, seed)
    sizes = chunk_sizes(n_points, n_chunks)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        inside = sum(pool.map(count_inside, rngs, sizes))
    return 4 * inside / n_points


def pi_with_dask(seed, n_points, n_chunks, scheduler=None):
    """The estimate from a dask array of random points.

    dask gives each chunk its own generator, spawned from the SeedSequence
    of ``ChaCha20(seed)``; the same seed and chunks give the same array on
    any scheduler.
    """
    import dask.array as da

    rng = da.random.default_rng(ChaCha20(seed))
    chunk = -(-n_points // n_chunks)  # ceiling division
    xy = rng.random((n_points, 2), chunks=(chunk, 2))
    inside = ((xy * xy).sum(axis=1) < 1.0).sum()
    return 4 * int(inside.compute(scheduler=scheduler)) / n_points


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--points", type=int, default=2_000_000)
    parser.add_argument("--chunks", type=int, default=16)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--distributed", action="store_true",
                        help="also run dask on a LocalCluster of processes")
    args = parser.parse_args(argv)

    estimates = {}
    for workers in (1, args.workers):
        label = f"processes, {workers} worker{'s' if workers > 1 else ''}"
        estimates[label] = pi_with_processes(args.seed, args.points,
                                             args.chunks, workers)
    print_block("process pool", estimates)
    same = len(set(estimates.values())) == 1

    dask_estimates = {
        "dask, threads": pi_with_dask(args.seed, args.points, args.chunks,
                                      scheduler="threads"),
    }
    if args.distributed:
        from dask.distributed import Client, LocalCluster

        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, \
                Client(cluster):
            dask_estimates["dask, distributed"] = pi_with_dask(
                args.seed, args.points, args.chunks)
    print_block("dask", dask_estimates)
    same = same and len(set(dask_estimates.values())) == 1

    print("reproducible:", "yes" if same else "NO")
    return 0 if same else 1


def print_block(title, estimates):
    print(f"{title}:")
    for label, value in estimates.items():
        print(f"  {label:<22} pi ~ {value:.6f}")


if __name__ == "__main__":
    sys.exit(main())
