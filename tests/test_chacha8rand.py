"""ChaCha8Rand against the spec's sample output, Go's math/rand/v2.ChaCha8
(tests/data/chacha8rand_go.json, written by tools/refdata_go) and an
independent pure-Python reference (_support/chacha8rand_ref.py)."""
import numpy as np
import pytest

import chacharand
from chacharand import ChaCha8Rand

from _support import chacha8rand_ref as ref
from _support.known_answers import load

GO = load("chacha8rand_go.json")
SPEC = load("chacha8rand_spec.json")
SPEC_KEY = SPEC["key_ascii"].encode("ascii")
SPEC_OUTPUT = bytes.fromhex("".join(SPEC["output_hex"]))
BACKENDS = chacharand.chacha_backends()
READBUF_HEX = b"readbuf:".hex()


def on(backend, **kwargs):
    rng = ChaCha8Rand(**kwargs)
    rng.backend = backend
    return rng


def by_id(cases):
    return pytest.mark.parametrize("case", cases, ids=[c["id"] for c in cases])


# ---- the spec --------------------------------------------------------------

def test_the_reference_reproduces_the_spec():
    assert ref.output_bytes(SPEC_KEY, 3) == SPEC_OUTPUT


@pytest.mark.parametrize("backend", BACKENDS)
def test_spec_sample_output(backend):
    assert len(SPEC_OUTPUT) == 3 * 992
    assert on(backend, key=SPEC_KEY).random_bytes(len(SPEC_OUTPUT)) \
        == SPEC_OUTPUT
    values = np.frombuffer(SPEC_OUTPUT, "<u8")
    np.testing.assert_array_equal(
        on(backend, key=SPEC_KEY).random_raw(values.size), values)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("key", [bytes(32), bytes(range(32)),
                                 bytes(range(255, 223, -1))])
def test_against_the_reference(backend, key):
    """Five iterations, drawn in pieces that straddle the boundaries."""
    want = ref.uint64s(key, 5)
    rng = on(backend, key=key)
    got = []
    for n in (1, 122, 2, 3, 120, 124, 125, 123):
        got.extend(int(v) for v in rng.random_raw(n))
    assert got == want[:len(got)]


# ---- Go -----------------------------------------------------------------

def values(hexes):
    return np.array([int(h, 16) for h in hexes], dtype=np.uint64)


@pytest.mark.parametrize("backend", BACKENDS)
@by_id(GO["streams"])
def test_go_uint64_streams(backend, case):
    rng = on(backend, key=bytes.fromhex(case["key"]))
    rng.random_raw(case["start"], output=False)
    np.testing.assert_array_equal(rng.random_raw(len(case["values"])),
                                  values(case["values"]))


@by_id(GO["streams"][:2])
def test_go_uint64_one_at_a_time(case):
    rng = ChaCha8Rand(key=bytes.fromhex(case["key"]))
    got = [rng.random_raw() for _ in case["values"]]
    assert got == [int(h, 16) for h in case["values"]]


@by_id(GO["uint32"])
def test_next_uint32_is_go_rand_uint32(case):
    rng = ChaCha8Rand(key=bytes.fromhex(case["key"]))
    gen = np.random.Generator(rng)
    got = gen.integers(0, 2**32, len(case["values"]), dtype=np.uint32)
    np.testing.assert_array_equal(
        got, np.array([int(h, 16) for h in case["values"]], np.uint32))


def play(rng, steps):
    """Run Go's recorded steps on `rng`, checking every output."""
    for i, step in enumerate(steps):
        where = f"step {i}: {step}"
        if step["op"] == "uint64":
            assert f"{rng.random_raw():016x}" == step["out"], where
        elif step["op"] == "read":
            assert rng.random_bytes(step.get("n", 0)).hex() \
                == step.get("out", ""), where
        elif step["op"] == "marshal":
            assert rng.marshal_binary().hex() == step["out"], where
        elif step["op"] == "skip":
            rng.random_raw(step["n"], output=False)
        else:
            raise AssertionError(f"unknown step {where}")


@pytest.mark.parametrize("backend", BACKENDS)
@by_id(GO["sessions"])
def test_go_read_uint64_and_marshal_sessions(backend, case):
    play(on(backend, key=bytes.fromhex(case["key"])), case["steps"])


def go_zero_value():
    """What refdata_go unmarshals into: rand.NewChaCha8([32]byte{})."""
    return ChaCha8Rand(key=bytes(32))


def unmarshalled_in_place(data, into=None):
    rng = go_zero_value() if into is None else into
    assert rng.unmarshal_binary(data) is None
    return rng


def a_used_generator():
    """A generator with a state of its own and Read bytes pending."""
    rng = ChaCha8Rand(key=bytes(range(32)))
    rng.random_raw(130)
    rng.random_bytes(3)
    assert len(rng.state["state"]["read_buffer"]) == 5
    return rng


# The two ways in: a new generator, and Go's UnmarshalBinary in place.
UNMARSHAL = pytest.mark.parametrize("unmarshal", [
    ChaCha8Rand.from_marshaled, unmarshalled_in_place,
], ids=["from_marshaled", "in_place"])


@UNMARSHAL
@by_id(GO["sessions"])
def test_go_sessions_resume_from_every_marshalled_state(case, unmarshal):
    """Each state Go marshalled, unmarshalled here, goes on as Go did."""
    steps = case["steps"]
    for i, step in enumerate(steps):
        if step["op"] == "marshal":
            rng = unmarshal(bytes.fromhex(step["out"]))
            play(rng, steps[i:])


@by_id([c for c in GO["sessions"]
        if any(s["op"] == "marshal" and s["out"].startswith(
            READBUF_HEX) for s in c["steps"])])
def test_go_sessions_resume_in_place_on_a_used_generator(case):
    """Onto a generator with a state of its own: where `data` carries a
    Read buffer, Go's UnmarshalBinary sets the whole state too."""
    steps = case["steps"]
    for i, step in enumerate(steps):
        if step["op"] == "marshal" and step["out"].startswith(READBUF_HEX):
            rng = unmarshalled_in_place(bytes.fromhex(step["out"]),
                                        into=a_used_generator())
            play(rng, steps[i:])


@UNMARSHAL
@by_id([u for u in GO["unmarshal"] if "error" not in u])
def test_go_unmarshal_accepted(case, unmarshal):
    rng = unmarshal(bytes.fromhex(case["data"]))
    play(rng, case["next"])


@by_id([u for u in GO["unmarshal"] if "error" in u])
def test_go_unmarshal_refused(case):
    """What Go refuses (or panics on) is a ValueError naming `data`, and
    a generator refused in place is left as it was."""
    data = bytes.fromhex(case["data"])
    with pytest.raises(ValueError, match="data"):
        ChaCha8Rand.from_marshaled(data)
    rng, twin = a_used_generator(), a_used_generator()
    with pytest.raises(ValueError, match="data"):
        rng.unmarshal_binary(data)
    assert rng.state == twin.state
    assert rng.random_bytes(13) == twin.random_bytes(13)
    assert rng.random_raw() == twin.random_raw()


# ---- Read semantics, marshalling, bad input ------------------------------------

def test_read_keeps_the_rest_of_a_value_across_uint64_calls():
    a, b = ChaCha8Rand(key=SPEC_KEY), ChaCha8Rand(key=SPEC_KEY)
    v = b.random_raw(3)
    le = v.astype("<u8").tobytes()
    assert a.random_bytes(3) == le[:3]
    assert a.random_raw() == v[1]
    assert a.random_bytes(6) == le[3:8] + le[16:17]
    assert a.state["state"]["read_buffer"] == le[17:24]


def test_random_bytes_in_pieces_is_one_byte_stream():
    whole = ChaCha8Rand(key=SPEC_KEY).random_bytes(2976)
    rng = ChaCha8Rand(key=SPEC_KEY)
    pieces, n = [], 0
    while n < 2976:
        k = min(1 + (n * 7) % 23, 2976 - n)
        pieces.append(rng.random_bytes(k))
        n += k
    assert b"".join(pieces) == whole == SPEC_OUTPUT


def test_long_random_bytes_is_one_byte_stream():
    """Longer than the base's chunk (1 MiB), from a partly used value."""
    n = (1 << 20) * 2 + 5
    a, b = ChaCha8Rand(key=SPEC_KEY), ChaCha8Rand(key=SPEC_KEY)
    assert a.random_bytes(3) + a.random_bytes(n) == b.random_bytes(n + 3)
    assert a.state == b.state


def test_marshal_round_trip_and_format():
    rng = ChaCha8Rand(key=SPEC_KEY)
    assert rng.marshal_binary() == b"chacha8:" + bytes(8) + SPEC_KEY
    rng.random_raw(124)
    assert rng.marshal_binary() == b"chacha8:" + (124).to_bytes(8, "big") \
        + SPEC_KEY
    rng.random_raw()
    assert rng.marshal_binary()[8:16] == (1).to_bytes(8, "big")
    assert rng.marshal_binary()[16:] == ref.iteration(SPEC_KEY)[1]
    rng.random_bytes(5)
    data = rng.marshal_binary()
    assert data.startswith(b"readbuf:\x03")
    twin = ChaCha8Rand.from_marshaled(bytearray(data))
    in_place = unmarshalled_in_place(memoryview(data), a_used_generator())
    assert twin.state == in_place.state == rng.state
    assert in_place.random_bytes(20) == twin.random_bytes(20) \
        == rng.random_bytes(20)


def test_from_marshaled_spawns_from_its_key():
    data = ChaCha8Rand(key=SPEC_KEY).marshal_binary()
    a, b = (ChaCha8Rand.from_marshaled(data).spawn(1)[0] for _ in range(2))
    assert a.random_raw() == b.random_raw()
    assert a.random_raw() == \
        ChaCha8Rand(key=SPEC_KEY).spawn(1)[0].random_raw(2)[1]


def test_unmarshal_in_place_keeps_the_seed_sequence():
    """As setting state: the generator spawns what it spawned before."""
    rng = ChaCha8Rand(5)
    rng.unmarshal_binary(ChaCha8Rand(key=SPEC_KEY).marshal_binary())
    assert rng.random_raw() == ChaCha8Rand(key=SPEC_KEY).random_raw()
    assert rng.spawn(1)[0].random_raw() == ChaCha8Rand(5).spawn(1)[0] \
        .random_raw()


def test_unmarshal_in_place_without_a_read_buffer_leaves_none_pending():
    """The whole state is the one `data` encodes (where Go's keeps the
    receiver's pending bytes: the documented difference)."""
    data = ChaCha8Rand(key=SPEC_KEY).marshal_binary()
    assert not data.startswith(b"readbuf:")
    rng = unmarshalled_in_place(data, a_used_generator())
    assert rng.state["state"]["read_buffer"] == b""
    assert rng.random_bytes(11) == SPEC_OUTPUT[:11]


def test_unmarshal_binary_is_not_a_constructor():
    """The class call (a classmethod in earlier development versions)
    is a TypeError now, not a silent no-op; from_marshaled constructs."""
    data = ChaCha8Rand(key=SPEC_KEY).marshal_binary()
    with pytest.raises(TypeError):
        ChaCha8Rand.unmarshal_binary(data)
    assert isinstance(ChaCha8Rand.from_marshaled(data), ChaCha8Rand)


@pytest.mark.parametrize("generator", [np.random.Generator,
                                       chacharand.Generator])
def test_generator_bytes_is_numpys_not_gos_read(generator):
    """Generator.bytes: NumPy's, four bytes of each 32-bit draw (the upper
    half of a whole value), not random_bytes (Go's Read)."""
    values = ChaCha8Rand(key=SPEC_KEY).random_raw(3)
    uppers = (values >> np.uint64(32)).astype("<u4").tobytes()
    got = generator(ChaCha8Rand(key=SPEC_KEY)).bytes(10)
    assert got == uppers[:10]
    assert got != ChaCha8Rand(key=SPEC_KEY).random_bytes(10)


@pytest.mark.parametrize("data, exc", [
    ("chacha8:", TypeError), (12, TypeError), (None, TypeError),
    (np.zeros(48, np.uint16), TypeError),
    (b"chacha8:" + bytes(40) + b"\0", ValueError),
    (b"readbuf:" * 40, ValueError),
])
def test_unmarshal_bad_data(data, exc):
    with pytest.raises(exc, match="data"):
        ChaCha8Rand.from_marshaled(data)
    rng, twin = a_used_generator(), a_used_generator()
    with pytest.raises(exc, match="data"):
        rng.unmarshal_binary(data)
    assert rng.state == twin.state


@pytest.mark.parametrize("key, exc", [
    (bytes(31), ValueError), (bytes(33), ValueError), (b"", ValueError),
    ("A" * 32, TypeError), (list(range(32)), TypeError),
    (np.zeros(4, np.uint64), TypeError),
])
def test_bad_keys(key, exc):
    with pytest.raises(exc, match="key"):
        ChaCha8Rand(key=key)


def test_bad_backend():
    rng = ChaCha8Rand(key=SPEC_KEY)
    with pytest.raises(ValueError, match="backend"):
        rng.backend = "sse9"
    with pytest.raises(TypeError, match="backend"):
        rng.backend = 2
    assert rng.random_raw() == 0xb773b6063d4616a5


def test_seeded_key_is_the_seed_sequence_words():
    """seed= goes through SeedSequence: eight little-endian uint32 words."""
    words = np.random.SeedSequence(2024).generate_state(8, np.uint32)
    key = words.astype("<u4").tobytes()
    assert ChaCha8Rand(2024).state["state"]["key"] == key
    np.testing.assert_array_equal(ChaCha8Rand(2024).random_raw(130),
                                  np.array(ref.uint64s(key, 2)[:130],
                                           np.uint64))
