"""`lanboard join`: find a lobby on the LAN (or dial --peer) and play in it."""
from __future__ import annotations

import argparse
from functools import partial

import trio

from node.discovery import LobbySeen, browse
from node.runtime import LobbyRefused
from node.transport import TransportError
from protocol.identity import data_dir

from .cmd_host import add_node_arguments, node_argv
from .cmd_resume import resume_if_unfinished
from .errors import UsageError
from .node_runner import Printer, exit_status, make_node, run_with_control, setup_logging

NAME = "join"
HELP = "join a game found on the LAN (or at --peer HOST:PORT) and play"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("lobby", nargs="?", metavar="NAME",
                   help="host name (or check code) of the lobby; default: the first open one")
    p.add_argument("--peer", metavar="HOST:PORT", help="dial this lobby directly (no multicast)")
    p.add_argument("--find-timeout", type=float, default=30.0, metavar="S",
                   help="how long to look for the lobby on the LAN (default: 30)")
    add_node_arguments(p)


def parse_peer(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--peer wants HOST:PORT, not {text!r}")
    return host, int(port)


async def find_lobby(name: str | None, timeout: float, interfaces) -> LobbySeen | None:
    with trio.move_on_after(timeout):
        async with browse(interfaces) as lobbies:
            async for ev in lobbies:
                if not isinstance(ev, LobbySeen) or ev.info.phase != "lobby" or \
                        ev.info.seats_taken >= ev.info.seats_total:
                    continue
                if name is None or name in (ev.info.host, ev.info.code, ev.name):
                    return ev
    return None


def run(args: argparse.Namespace) -> int:
    peer = parse_peer(args.peer) if args.peer else None
    resumed = resume_if_unfinished(args, "join", None)
    if resumed is not None:
        return resumed
    from .ui.launch import open_ui, start_node, ui_wanted
    if ui_wanted(args):
        if not args.lobby and not args.peer:
            from .ui.lobby_picker import pick_lobby
            seen = pick_lobby(args.interface)
            if seen is None:
                return 0
            args.peer = f"{seen['address']}:{seen['port']}"
        argv = ["join", *([args.lobby] if args.lobby else []), *node_argv(args),
                "--find-timeout", str(args.find_timeout)]
        argv += ["--peer", args.peer] if args.peer else []
        print("looking for the lobby…", flush=True)
        return open_ui(start_node(argv, "join", timeout=args.find_timeout + 30)[1])
    setup_logging(args.verbose)
    printer = Printer(args.json, bot=bool(args.bot))
    node = make_node(args, printer)
    control = data_dir() / f"control-{node.identity.check_code}.sock"

    async def play():
        target = peer
        if target is None:
            seen = await find_lobby(args.lobby, args.find_timeout, args.interface)
            if seen is None:
                raise UsageError(f"no open lobby{' ' + repr(args.lobby) if args.lobby else ''} "
                                 f"found on the LAN within {args.find_timeout:g} s "
                                 "(try --peer HOST:PORT)")
            target = (seen.address, seen.port)
            printer("found", {"host": seen.info.host, "address": seen.address})
        async with trio.open_nursery() as nursery:
            port = await nursery.start(partial(node.join, *target))
            printer("listening", {"port": port, "control": str(control)})
        return node.outcome

    try:
        outcome = trio.run(run_with_control, node, printer, play, control)
    except LobbyRefused as e:
        raise UsageError(f"the lobby refused us: {e}") from None
    except TransportError as e:
        raise UsageError(str(e)) from None
    return exit_status(outcome)
