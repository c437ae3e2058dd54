"""Docstring fragments the generator classes share, written once.

Each is a piece of a numpydoc section, indented as in a class docstring
(four spaces); the classes put them together with ``str.format``.
"""

__all__ = ["SEED", "WORDS32", "WIPED", "NO_SEEKING"]

#: The ``seed`` parameter; ``{what}``: what the seed fills.
SEED = """\
    seed : None, int, array_like[ints], SeedSequence, optional
        Seeds {what} through a SeedSequence, as for NumPy's bit
        generators.  None draws 256 bits of OS entropy.  Cannot be given
        with `key`."""

#: How a generator of 32-bit words serves numpy's three draws.
WORDS32 = """\
``next_uint32`` takes one word,
    ``next_uint64`` two (the earlier is the low half), ``next_double`` the
    top 53 bits of ``next_uint64``."""

#: What is wiped, and what is not.
WIPED = """\
The C state is wiped from memory when the generator is freed or
    re-keyed; copies Python holds (``state``, pickles) are not: see the
    security page of the documentation."""

#: A family without seeking; ``{title}``: its name in prose.
NO_SEEKING = """\
{title} cannot seek, so it has no ``advance`` or ``jumped``.  For
    parallel streams use :meth:`spawn` (children of the SeedSequence, with
    independent keys)."""
