"""``python -m chacharand``: what this build is, and a short demonstration."""
import sys

import numpy as np

import chacharand
from chacharand import HC128, ISAAC, ISAAC64, ChaCha8, ChaCha12, ChaCha20


GENERATORS = (ChaCha8, ChaCha12, ChaCha20, HC128, ISAAC, ISAAC64)


def describe():
    print(f"chacharand {chacharand.__version__} (numpy {np.__version__})")
    print(f"ChaCha backends: {', '.join(chacharand.chacha_backends())} "
          f"(default: {chacharand.default_chacha_backend()})")
    print("Generators:")
    for cls in GENERATORS:
        print(f"  {cls.__name__:<9} {cls.__doc__.splitlines()[0]}")


def demo():
    print("\nDemo:")
    rng = np.random.Generator(ChaCha20(12345))
    print("  Generator(ChaCha20(12345)).standard_normal(4) =",
          np.array2string(rng.standard_normal(4), precision=6))
    bitgen = ChaCha20(key=bytes(range(32)), stream=1241513984,
                      word_pos=10376293541461622800)
    print("  RFC 8439 2.3.2 block, via key/stream/word_pos:",
          bitgen.random_bytes(16).hex(), "...")
    print("  Parallel streams of one key (ChaCha8(7).jumped(i)):")
    for i in range(3):
        raw = ChaCha8(7).jumped(i).random_raw(2)
        print(f"    stream {i}: " + " ".join(f"{v:016x}" for v in raw))
    print("  First 32-bit word of each generator keyed with 32 zero bytes:")
    for cls in GENERATORS:
        gen = np.random.Generator(cls(key=bytes(32)))
        print(f"    {cls.__name__:<9} "
              f"{int(gen.integers(0, 2**32, dtype=np.uint32)):08x}")
    seeker = ChaCha8(7)
    seeker.advance(10**18)
    print(f"  ChaCha8(7).advance(10**18).word_pos = {seeker.word_pos}")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "bench":
        from chacharand._bench import main as bench_main
        return bench_main(argv[1:])
    describe()
    demo()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # Output piped into a reader that stopped early (`| head`).
        sys.stderr.close()
        sys.exit(0)
