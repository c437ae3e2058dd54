"""Print chacharand.Generator's speed against numpy.random.Generator.

A thin wrapper of chacharand._bench_generator (installed with the
package, so the ``chacharand bench`` command can call its ``rows()``):

    python tools/bench_generator.py [--n N] [--rounds R] [FAMILY ...]
"""
import sys

from chacharand._bench_generator import main

if __name__ == "__main__":
    main(sys.argv[1:])
