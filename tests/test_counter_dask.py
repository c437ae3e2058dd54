"""CounterGenerator.dask: Dask arrays whose values do not depend on the
chunks, the scheduler or the number of workers, equal to the in-memory
draw of the same call; building one moves the bit generator past exactly
the draw's words.  Threads, processes and a distributed LocalCluster of two
worker processes.
"""
import numpy as np
import pytest

from chacharand import ChaCha8, ChaCha20, CounterGenerator
from _support.cuda_cases import KEY

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")

TIMEOUT = 60
SHAPE = (37, 23)
CALLS = {
    "standard_normal": lambda f, **k: f.standard_normal(SHAPE, **k),
    "normal-f32": lambda f, **k: f.normal(2.0, 3.0, SHAPE, np.float32, **k),
    "random": lambda f, **k: f.random(SHAPE, **k),
    "uniform-f32": lambda f, **k: f.uniform(-1, 1, SHAPE, np.float32, **k),
    "exponential": lambda f, **k: f.exponential(2.0, SHAPE, **k),
    "integers": lambda f, **k: f.integers(-3, 2**40, SHAPE, np.int64, **k),
    "integers-u8": lambda f, **k: f.integers(0, 200, SHAPE, np.uint8, **k),
    "random_raw": lambda f, **k: f.random_raw(SHAPE, **k),
}
CHUNKINGS = [SHAPE, (10, 5), (1, 23), ((30, 7), (1, 2, 20)), "auto"]


def fresh(word_pos=2**36 + 3):
    bg = ChaCha20(key=KEY, stream=11, word_pos=word_pos)
    return CounterGenerator(bg), bg


@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_chunking_gives_the_in_memory_draw(name):
    call = CALLS[name]
    want_gen, want_bg = fresh()
    want = call(want_gen)
    for chunks in CHUNKINGS:
        gen, bg = fresh()
        array = call(gen.dask, chunks=chunks)
        # Building the graph moved the generator exactly past the draw.
        assert bg.word_pos == want_bg.word_pos
        assert array.dtype == want.dtype and array.shape == SHAPE
        got = array.compute(scheduler="threads")
        np.testing.assert_array_equal(got, want)
        assert isinstance(array._meta, np.ndarray)


def test_a_slice_of_the_dask_array_is_the_slice():
    gen, _ = fresh()
    array = gen.dask.standard_normal((1000, 1000), chunks=(100, 250))
    want = fresh()[0].part[17:33, 990:].standard_normal((1000, 1000))
    np.testing.assert_array_equal(array[17:33, 990:].compute(), want)


def test_the_next_draw_continues_after_the_dask_draw():
    gen, bg = fresh()
    gen.dask.random((5, 5), chunks=2)
    twin, _ = fresh()
    twin.random((5, 5))
    np.testing.assert_array_equal(gen.random_raw(3), twin.random_raw(3))


def test_arguments():
    gen, bg = fresh()
    before = bg.state
    with pytest.raises(TypeError, match="out"):
        gen.dask.random(3, out=np.empty(3))
    with pytest.raises(ValueError, match="scale must be >= 0"):
        gen.dask.exponential(-1.0, 3)
    assert bg.state == before
    assert not hasattr(gen.dask, "bytes")
    assert gen.dask.random(()).compute().shape == ()
    assert gen.dask.random((0, 3)).compute().shape == (0, 3)


def test_process_scheduler():
    gen, _ = fresh()
    arrays = [gen.dask.standard_normal((200, 3), chunks=(50, 3)),
              gen.dask.integers(0, 10, 300, chunks=70)]
    got = dask.compute(*arrays, scheduler="processes", num_workers=2)
    want_gen, _ = fresh()
    np.testing.assert_array_equal(got[0], want_gen.standard_normal((200, 3)))
    np.testing.assert_array_equal(got[1], want_gen.integers(0, 10, 300))


def test_distributed_two_worker_processes():
    distributed = pytest.importorskip("distributed")
    import os
    with distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True,
            dashboard_address=None, death_timeout=TIMEOUT) as cluster, \
            distributed.Client(cluster, timeout=TIMEOUT) as client:
        client.wait_for_workers(2, timeout=TIMEOUT)
        gen = CounterGenerator(ChaCha8(key=KEY, stream=3))
        array = gen.dask.standard_exponential((400, 10), chunks=(50, 5))
        future = client.compute(array)
        got = future.result(timeout=TIMEOUT)
        workers = client.run(os.getpid)
        assert len(set(workers.values())) == 2
        assert os.getpid() not in workers.values()
    want = CounterGenerator(ChaCha8(key=KEY, stream=3)).standard_exponential(
        (400, 10))
    np.testing.assert_array_equal(got, want)


def test_cuda_chunks_are_cupy_arrays():
    cupy = pytest.importorskip("cupy", reason="CuPy is not installed (the "
                               "GPU face's meta needs a CUDA device)")
    try:
        gen = CounterGenerator(ChaCha8(1), device="cuda")
    except RuntimeError as exc:
        pytest.skip(f"no CUDA device: {exc}")
    array = gen.dask.standard_normal((100, 10), chunks=(30, 5))
    assert isinstance(array._meta, cupy.ndarray)
    got = array.compute(scheduler="threads")
    assert isinstance(got, cupy.ndarray)
    want = CounterGenerator(ChaCha8(1)).standard_normal((100, 10))
    np.testing.assert_array_equal(cupy.asnumpy(got), want)
