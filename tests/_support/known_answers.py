"""Loading the known-answer files of tests/data.

published_vectors.json holds the published test vectors (RFC 8439,
draft-strombergson, Wu, Jenkins); rand_*.json hold what the Rust crates
produced, written by tools/refdata.
"""
import json
import pathlib

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"


def load(name):
    with open(DATA / name, encoding="utf-8") as f:
        return json.load(f)


def published(family):
    return load("published_vectors.json")[family]


def chacha_vectors():
    """Vectors expressible with a 32-byte key and Bernstein's layout.

    The draft's 128-bit-key vectors use other constants ("expand 16-byte
    k") and so are outside what a 256-bit-key generator can produce.
    """
    return [v for v in published("chacha")
            if v["layout"] == "ietf" or v.get("key_bits") == 256]


def rust_cases(filename, algorithm=None):
    cases = load(filename)["cases"]
    if algorithm is not None:
        cases = [c for c in cases if c["algorithm"] == algorithm]
    return cases


def case_id(case):
    return case.get("name") or case.get("id")


def documented_key_entropy(name, key, stream=None):
    """The entropy of the SeedSequence of a generator built from `key`.

    Written out from the rule in docs/seeding.rst, independently of the
    package's code: the little-endian integer of ``b"chacharand:" + name +
    b":"``, the stream as 8 bytes (ChaCha), and the key without trailing
    zero bytes.
    """
    data = b"chacharand:" + name.encode("ascii") + b":"
    if stream is not None:
        data += stream.to_bytes(8, "little")
    return int.from_bytes(data + key.rstrip(b"\0"), "little")
