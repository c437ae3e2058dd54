"""``python -m chacharand``: the same as the ``chacharand`` command."""
import sys

from chacharand._cli import main

if __name__ == "__main__":
    sys.exit(main(prog="python -m chacharand"))
