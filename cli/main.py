"""`lanboard`: one entry point, one module per subcommand (cli/cmd_<name>.py).

Each command module has `NAME`, `HELP`, `add_arguments(parser)` and `run(args) -> int`.
Exit status: 0 success, 1 a check failed (e.g. verify), 2 bad usage or unreadable input.
"""
from __future__ import annotations

import argparse
import importlib
import sys

from protocol.peertext import shown

from .errors import UsageError

COMMANDS = ("sim", "verify", "export", "host", "join", "resume", "list", "demo", "play", "attach",
            "replay", "games", "stop", "forget", "watch", "standings",
            "players")


def _parser(only: str | None = None) -> tuple[argparse.ArgumentParser, dict]:
    """The parser of every command, or with `only` of that one: importing every command
    module costs ~0.05 s more than `list` alone, a part of a quick command. (The games' rules
    come with any import of the engine, which `list` reaches through protocol.genesis.)"""
    parser = argparse.ArgumentParser(
        prog="lanboard",
        description="Board games with friends on a local network: no server, no trusted host.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = {}
    for name in (only,) if only else COMMANDS:
        try:
            mod = importlib.import_module(f"cli.cmd_{name}")
        except ModuleNotFoundError as e:
            if e.name != f"cli.cmd_{name}":
                raise
            continue
        p = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(p)
        modules[mod.NAME] = mod
    return parser, modules


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser, modules = _parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    try:
        return modules[args.command].run(args)
    except KeyboardInterrupt:
        return 130
    except BaseException as e:  # noqa: BLE001 - sorted below; anything else is a bug
        leaf = _user_error(e)
        if leaf is None:
            raise
        print(f"lanboard {args.command}: {shown(leaf)}", file=sys.stderr)   # may quote a peer
        return 2 if isinstance(leaf, UsageError) else 1


def _user_error(e: BaseException) -> BaseException | None:
    """The error a user should read, also from inside trio's exception groups: a usage error,
    a network failure, a file that is not there or is not this player's match, a match that
    must not go on (a proven cheat ended it)."""
    from node.framing import TransportError
    from node.stopped import MatchStopped
    from protocol.genesis import GenesisError
    if isinstance(e, BaseExceptionGroup):
        for inner in e.exceptions:
            found = _user_error(inner)
            if found is not None:
                return found
        return None
    if isinstance(e, (UsageError, TransportError, GenesisError, OSError, MatchStopped)):
        return e
    return None


if __name__ == "__main__":
    sys.exit(main())
