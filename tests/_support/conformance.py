"""A conformance suite every chacharand bit generator must pass.

Shaped like numpy's own random/tests/test_direct.py: a base class holds
the tests, and each generator's test module subclasses it, naming the
class, its reference data and its state fields.
"""
import copy
import ctypes
import pickle
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest
from numpy.random import Generator, SeedSequence

from _support.known_answers import rust_cases
from _support.replay import replay


def fresh_twins(make):
    """Two generators in the same state, to compare two paths."""
    return make(), make()


class Conformance:
    bit_generator = None      # the class under test
    rust_file = None          # tests/data file of reference sequences
    algorithm = None          # its "algorithm" value there
    key_length = 32           # longest key accepted
    key_exact = True          # whether shorter keys are refused
    state_fields = ()         # the inner state dict's keys

    # ---- helpers ---------------------------------------------------------

    def keyed(self, key=None):
        key = bytes(range(self.key_length if self.key_exact else 32)) \
            if key is None else key
        return self.bit_generator(key=key)

    def reference_cases(self):
        return rust_cases(self.rust_file, self.algorithm)

    # ---- output ------------------------------------------------------------

    def test_reference_sequences(self):
        cases = self.reference_cases()
        assert cases, "no reference data for this generator"
        for case in cases:
            extra = {k: int(case[k]) for k in ("stream", "word_pos")
                     if k in case}
            bitgen = self.bit_generator(key=bytes.fromhex(case["key_hex"]),
                                        **extra)
            replay(bitgen, case["ops"])

    def test_random_raw_matches_next_uint64(self):
        a, b = fresh_twins(self.keyed)
        bulk = a.random_raw(1000)
        one_by_one = [b.ctypes.next_uint64(b.ctypes.state)
                      for _ in range(1000)]
        np.testing.assert_array_equal(bulk, np.array(one_by_one, np.uint64))

    def test_random_raw_shapes_and_output_false(self):
        a, b = fresh_twins(self.keyed)
        assert isinstance(a.random_raw(), int)
        assert a.random_raw((2, 3)).shape == (2, 3)
        assert a.random_raw(0).shape == (0,)
        assert a.random_raw(5, output=False) is None
        assert b.random_raw(1 + 6 + 5 + 1)[-1] == a.random_raw()

    def test_random_raw_into_out(self):
        a, b = fresh_twins(self.keyed)
        buf = np.zeros((3, 5), np.uint64)
        assert a.random_raw(out=buf) is buf
        np.testing.assert_array_equal(buf.ravel(), b.random_raw(15))
        np.testing.assert_array_equal(a.random_raw(4), b.random_raw(4))
        assert a.random_raw(out=np.empty(6, np.uint64), output=False) is None
        b.random_raw(6)
        np.testing.assert_array_equal(a.random_raw(3), b.random_raw(3))

    @pytest.mark.parametrize("out, exc", [
        ([0, 0], TypeError),
        (np.zeros(4, np.int64), TypeError),
        (np.zeros(8, np.uint64)[::2], ValueError),
    ])
    def test_random_raw_bad_out(self, out, exc):
        a, b = fresh_twins(self.keyed)
        with pytest.raises(exc, match="out"):
            a.random_raw(out=out)
        frozen = np.zeros(4, np.uint64)
        frozen.flags.writeable = False
        with pytest.raises(ValueError, match="out"):
            a.random_raw(out=frozen)
        with pytest.raises(ValueError, match="size and out"):
            a.random_raw(4, out=np.zeros(4, np.uint64))
        np.testing.assert_array_equal(a.random_raw(5), b.random_raw(5))

    def test_float64_is_top_53_bits(self):
        a, b = fresh_twins(self.keyed)
        got = Generator(a).random(999)
        want = (b.random_raw(999) >> np.uint64(11)) * 2.0**-53
        np.testing.assert_array_equal(got, want)

    def test_float32_is_top_24_bits_of_uint32(self):
        a, b = fresh_twins(self.keyed)
        got = Generator(a).random(999, dtype=np.float32)
        words = b.ctypes.next_uint32
        want = np.array([(words(b.ctypes.state) >> 8) * 2.0**-24
                         for _ in range(999)], dtype=np.float32)
        np.testing.assert_array_equal(got, want)

    def test_uint32_integers_are_next_uint32(self):
        a, b = fresh_twins(self.keyed)
        got = Generator(a).integers(0, 2**32, size=777, dtype=np.uint32)
        want = [b.ctypes.next_uint32(b.ctypes.state) for _ in range(777)]
        np.testing.assert_array_equal(got, np.array(want, np.uint32))

    def test_normal_and_other_distributions(self):
        scipy_stats = pytest.importorskip("scipy.stats")
        gen = Generator(self.bit_generator(20240601))
        x = gen.standard_normal(20000)
        assert scipy_stats.kstest(x, "norm").pvalue > 1e-4
        x32 = gen.standard_normal(20000, dtype=np.float32)
        assert x32.dtype == np.float32
        assert scipy_stats.kstest(x32, "norm").pvalue > 1e-4
        u = gen.random(20000)
        assert scipy_stats.kstest(u, "uniform").pvalue > 1e-4
        # Every family of Generator method runs on this bit generator.
        gen.uniform(-1, 1, 5)
        gen.normal(3, 2, (2, 2))
        gen.integers(-5, 5, 10)
        gen.integers(0, 2**63, 10, dtype=np.int64)
        gen.integers(0, 100, 10, dtype=np.uint8)
        gen.choice(10, 3, replace=False)
        arr = np.arange(20)
        gen.shuffle(arr)
        assert sorted(arr) == list(range(20))
        gen.permutation(10)
        gen.exponential(2.0, 5)
        gen.standard_exponential(5, dtype=np.float32)
        gen.gamma(2.0, 1.0, 5)
        gen.standard_gamma(0.5, 5, dtype=np.float32)
        gen.beta(2, 3, 5)
        gen.binomial(10, 0.3, 5)
        gen.poisson(4.0, 5)
        gen.hypergeometric(10, 5, 7, 5)
        gen.multivariate_normal([0, 0], [[1, 0.5], [0.5, 1]], 5)
        gen.dirichlet([1, 2, 3], 5)
        gen.bytes(7)

    def test_generator_draws_are_reproducible(self):
        a = Generator(self.bit_generator(99)).standard_normal(100)
        b = Generator(self.bit_generator(SeedSequence(99))).standard_normal(100)
        np.testing.assert_array_equal(a, b)

    # ---- state, pickling, copies -----------------------------------------

    def test_state_round_trip(self):
        a = self.bit_generator(5)
        a.random_raw(3)
        Generator(a).integers(0, 2**32, 1, dtype=np.uint32)  # odd position
        state = a.state
        assert state["bit_generator"] == self.bit_generator.__name__
        assert set(state["state"]) == set(self.state_fields)
        b = self.bit_generator(6)
        b.state = state
        np.testing.assert_array_equal(a.random_raw(600), b.random_raw(600))

    def test_pickle_and_deepcopy_preserve_stream_and_seed_sequence(self):
        a = self.bit_generator(SeedSequence(1234))
        a.random_raw(7)
        Generator(a).random(1, dtype=np.float32)
        for b in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a)):
            assert type(b) is type(a)
            assert b.seed_seq.entropy == a.seed_seq.entropy
            np.testing.assert_array_equal(b.random_raw(300),
                                          copy.deepcopy(a).random_raw(300))
        gen = Generator(a)
        clone = pickle.loads(pickle.dumps(gen))
        np.testing.assert_array_equal(gen.random(50), clone.random(50))

    def test_repr_and_str_name_the_class(self):
        bitgen = self.bit_generator(0)
        assert self.bit_generator.__name__ in repr(bitgen)
        assert self.bit_generator.__name__ in str(bitgen)
        assert bitgen.key.hex() not in repr(bitgen) if hasattr(
            bitgen, "key") else True

    # ---- the C interfaces --------------------------------------------------

    def test_ctypes_interface(self):
        a, b = fresh_twins(self.keyed)
        iface = a.ctypes
        assert isinstance(iface.state_address, int)
        raw = b.random_raw(3)
        got = [iface.next_uint64(iface.state) for _ in range(3)]
        np.testing.assert_array_equal(np.array(got, np.uint64), raw)
        assert 0.0 <= iface.next_double(iface.state) < 1.0
        assert iface.bit_generator is not None

    def test_cffi_interface(self):
        pytest.importorskip("cffi")
        a, b = fresh_twins(self.keyed)
        iface = a.cffi
        got = [iface.next_uint64(iface.state) for _ in range(3)]
        np.testing.assert_array_equal(np.array(got, np.uint64),
                                      b.random_raw(3))

    def test_capsule_drives_numpy_generator(self):
        a = self.bit_generator(3)
        name = ctypes.pythonapi.PyCapsule_GetName
        name.restype = ctypes.c_char_p
        name.argtypes = [ctypes.py_object]
        assert name(a.capsule) == b"BitGenerator"
        # numpy's Generator itself reaches the C functions through it.
        assert Generator(a).random() < 1.0

    # ---- seeding -------------------------------------------------------------

    def test_seed_forms(self):
        by_int = self.bit_generator(42).random_raw(4)
        np.testing.assert_array_equal(
            by_int, self.bit_generator(SeedSequence(42)).random_raw(4))
        np.testing.assert_array_equal(
            self.bit_generator([1, 2, 3]).random_raw(4),
            self.bit_generator(np.array([1, 2, 3])).random_raw(4))
        assert not np.array_equal(by_int, self.bit_generator(43).random_raw(4))

    def test_no_seed_is_fresh_os_entropy_with_a_full_pool(self):
        a, b = self.bit_generator(), self.bit_generator()
        assert not np.array_equal(a.random_raw(4), b.random_raw(4))
        # At least 256 bits of entropy: the pool is twice numpy's default.
        assert a.seed_seq.pool_size * 32 >= 256
        assert a.seed_seq.entropy.bit_length() > 128

    def test_spawn(self):
        parent = self.bit_generator(SeedSequence(77))
        children = parent.spawn(3)
        again = [self.bit_generator(s) for s in SeedSequence(77).spawn(3)]
        outputs = [c.random_raw(8) for c in children]
        for child, twin, out in zip(children, again, outputs):
            assert type(child) is self.bit_generator
            np.testing.assert_array_equal(out, twin.random_raw(8))
        assert len({o.tobytes() for o in outputs}) == 3

    def test_keyed_generator_spawns_the_same_children_every_time(self):
        a, b = self.keyed().spawn(2), self.keyed().spawn(2)
        assert [type(c) for c in a] == [self.bit_generator] * 2
        outputs = [c.random_raw(4).tobytes() for c in a]
        assert outputs == [c.random_raw(4).tobytes() for c in b]
        assert len(set(outputs)) == 2
        # Not the children of another key.
        other = self.keyed(bytes(range(1, 33))).spawn(1)[0]
        assert other.random_raw(4).tobytes() not in outputs

    @pytest.mark.parametrize("seed", [1.5, "seed", [1.0, 2.0], object()])
    def test_bad_seed_type(self, seed):
        with pytest.raises(TypeError):
            self.bit_generator(seed)

    @pytest.mark.parametrize("seed", [-1, [1, -2]])
    def test_bad_seed_value(self, seed):
        with pytest.raises(ValueError):
            self.bit_generator(seed)

    def test_seed_and_key_together(self):
        with pytest.raises(ValueError, match="seed and key"):
            self.bit_generator(1, key=bytes(32))

    @pytest.mark.parametrize("key", ["0" * 32, 12345, [0] * 32,
                                     np.zeros(32, np.uint16)])
    def test_bad_key_type(self, key):
        with pytest.raises(TypeError, match="key"):
            self.bit_generator(key=key)

    def test_bad_key_length(self):
        with pytest.raises(ValueError, match="key"):
            self.bit_generator(key=bytes(self.key_length + 1))
        if self.key_exact:
            for n in (0, 16, self.key_length - 1):
                with pytest.raises(ValueError, match="key"):
                    self.bit_generator(key=bytes(n))

    def test_key_bytes_like_forms(self):
        key = bytes(range(32))
        want = self.bit_generator(key=key).random_raw(3)
        for form in (bytearray(key), memoryview(key),
                     np.frombuffer(key, np.uint8)):
            np.testing.assert_array_equal(
                self.bit_generator(key=form).random_raw(3), want)

    # ---- bad sizes -----------------------------------------------------------

    @pytest.mark.parametrize("size", [-1, (2, -1)])
    def test_negative_size(self, size):
        with pytest.raises(ValueError, match="size"):
            self.keyed().random_raw(size)

    @pytest.mark.parametrize("size", [1.5, "3", (2, 1.0)])
    def test_bad_size_type(self, size):
        with pytest.raises(TypeError, match="size"):
            self.keyed().random_raw(size)

    def test_random_bytes(self):
        a, b = fresh_twins(self.keyed)
        assert a.random_bytes(0) == b""
        assert len(a.random_bytes(13)) == 13
        with pytest.raises(ValueError, match="length"):
            b.random_bytes(-1)
        with pytest.raises(TypeError, match="length"):
            b.random_bytes(2.0)

    # ---- bad states ------------------------------------------------------------

    def bad_states(self):
        good = self.keyed().state
        yield TypeError, "state must be a dict", [1, 2]
        yield ValueError, "bit_generator", {**good, "bit_generator": "PCG64"}
        yield ValueError, "exactly the keys", {"state": good["state"]}
        yield ValueError, "exactly the keys", {**good, "extra": 1}
        yield TypeError, r"state\['state'\]", {**good, "state": 5}
        for field in self.state_fields:
            inner = dict(good["state"])
            del inner[field]
            yield ValueError, "missing", {**good, "state": inner}
        yield ValueError, "unexpected", {
            **good, "state": {**good["state"], "not_a_field": 0}}
        other = "ChaCha20" if self.bit_generator.__name__ != "ChaCha20" \
            else "ChaCha8"
        yield ValueError, "bit_generator", {**good, "bit_generator": other}

    def test_bad_states_are_rejected_and_leave_generator_unchanged(self):
        for exc, match, state in list(self.bad_states()) + list(
                self.bad_state_values()):
            a, b = fresh_twins(self.keyed)
            a.random_raw(5)
            b.random_raw(5)
            with pytest.raises(exc, match=match):
                a.state = state
            np.testing.assert_array_equal(a.random_raw(40), b.random_raw(40))

    def bad_state_values(self):
        """Generator-specific bad field values: (exception, match, state)."""
        return []

    def test_numpy_state_of_another_generator(self):
        with pytest.raises(ValueError, match="bit_generator"):
            self.keyed().state = np.random.PCG64(0).state

    # ---- threads and memory ----------------------------------------------------

    def test_lock_serialises_bulk_draws(self):
        bitgen = self.keyed()
        reference = self.keyed().random_raw(8 * 4 * 5000)
        chunks = []

        def work():
            for _ in range(4):
                chunks.append(bitgen.random_raw(5000))

        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        # Each chunk is a contiguous piece of the one stream.
        pieces = {reference[i:i + 5000].tobytes()
                  for i in range(0, reference.size, 5000)}
        assert {c.tobytes() for c in chunks} == pieces

    def test_state_is_wiped_when_freed(self, tmp_path):
        """Free a generator, then look at the memory its state was in.

        Run in a child process with glibc told never to give memory back
        to the OS, so the freed block can still be read.  The allocator
        reuses the first bytes of a freed block for its own lists, so only
        what lies after them is compared.
        """
        code = textwrap.dedent(f"""
            import ctypes, gc
            import numpy as np
            from {self.bit_generator.__module__} import \\
                {self.bit_generator.__name__} as G
            g = G(key=bytes(range(101, 133)))
            np.random.Generator(g).random(10)
            addr, size = g.ctypes.state_address, {self.state_bytes}
            live = ctypes.string_at(addr, size)
            del g
            gc.collect()
            print(live.hex(), ctypes.string_at(addr, size).hex())
        """)
        env = {"MALLOC_TRIM_THRESHOLD_": str(1 << 30),
               "MALLOC_MMAP_THRESHOLD_": str(1 << 30),
               "PATH": "/usr/bin:/bin"}
        # From outside the source tree, so the installed package runs.
        out = subprocess.run([sys.executable, "-c", code], env=env,
                             cwd=tmp_path, capture_output=True, text=True,
                             check=True)
        live, freed = (bytes.fromhex(h) for h in out.stdout.split())
        assert sum(live[64:]) > 0, "the live state should hold secrets"
        survivors = sum(1 for x, y in zip(live[64:], freed[64:])
                        if x != 0 and x == y)
        assert survivors < len(live) // 50, f"{survivors} bytes survived"
