"""The ``chacharand`` command (also ``python -m chacharand``).

``chacharand`` or ``chacharand info``: the version, the families, the CPU's
ChaCha backends and a short demonstration.  ``chacharand bench``: throughput
on this machine.  ``--json`` on either prints the same for scripts.  Each
subcommand is a module of this package with ``add_arguments(parser)`` and
``run(args)``; argparse answers wrong input with the usage on stderr and
exit status 2.
"""
import argparse
import os
import sys

import numpy as np

import chacharand
from chacharand._cli import bench, info
from chacharand._registry import names

#: Subcommand name -> (module, one-line help).  The first is the default.
COMMANDS = {
    "info": (info, "version, generator families, CPU backends and a demo "
                   "(the default)"),
    "bench": (bench, "throughput on this machine against numpy (and "
                     "OpenSSL, randomgen when installed)"),
}


def _version_text():
    return f"chacharand {chacharand.__version__} (numpy {np.__version__})"


class _Version(argparse.Action):
    """--version, on every level of the command."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS,
                 default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default,
                         nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(_version_text())
        parser.exit()


def _add_version(parser):
    parser.add_argument("--version", action=_Version,
                        help="print the version and exit")


def build_parser(prog="chacharand"):
    parser = argparse.ArgumentParser(
        prog=prog,
        description="chacharand: NumPy bit generators built on stream "
                    f"ciphers ({names()}). Without a command, runs 'info'.")
    _add_version(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND",
                                title="commands")
    for name, (module, text) in COMMANDS.items():
        p = sub.add_parser(name, help=text, description=module.DESCRIPTION)
        _add_version(p)
        module.add_arguments(p)
        p.set_defaults(run=module.run)
    return parser


def main(argv=None, prog=None):
    """Run the command; return its exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(prog or "chacharand")
    if not argv or argv[0].startswith("-") and argv[0] not in (
            "-h", "--help", "--version"):
        # No command, or only the default command's options.
        argv = ["info"] + argv
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:
        # Output piped into a reader that stopped early (`| head`): end
        # quietly.  Point stdout at devnull so that the flush at exit does
        # not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
