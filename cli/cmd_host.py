"""`lanboard host`: open a lobby on this machine, announce it on the LAN, play when it is full."""
from __future__ import annotations

import argparse
from functools import partial

import trio

from node.discovery import LobbyInfo
from node.watchers import MAX_DELAY, WATCHERS, delay_problem
from protocol.table_code import new_code
from protocol.identity import data_dir

from .bot_option import KINDS_HELP, add_level_options, bot_spec_arg, fold_level
from .cmd_resume import resume_if_chosen
from .cmd_sim import check_game, default_players
from .errors import UsageError
from .chosen_name import chosen_name
from .game_option import add_game_option
from .local_bots import spawn_bots
from .name_option import add_name_option
from .node_runner import (END_IDLE_S, Printer, announcer, exit_status, make_node,
                          run_with_control, setup_logging)

NAME = "host"
HELP = "host a game on the LAN: open a lobby, wait for players, play"


def add_node_arguments(p: argparse.ArgumentParser) -> None:
    add_name_option(p)
    p.add_argument("--bot", type=bot_spec_arg, metavar="KIND",
                   help=f"let a bot play this seat ({KINDS_HELP})")
    add_level_options(p)
    p.add_argument("--port", type=int, default=0, help="TCP port to listen on (default: any)")
    p.add_argument("--listen", default="0.0.0.0", help="address to listen on")
    p.add_argument("--interface", action="append", metavar="ADDR",
                   help="IPv4 address to announce/browse on (default: every non-loopback one)")
    p.add_argument("--json", action="store_true", help="print events as JSON lines")
    p.add_argument("--headless", action="store_true",
                   help="no terminal UI: print events as plain lines (the default without a tty)")
    p.add_argument("--new", action="store_true",
                   help="do not ask about (or mention) an unfinished match of yours: "
                        "`lanboard resume` continues one, `lanboard forget` discards one")
    p.add_argument("--watchers", type=watchers_arg, default=WATCHERS, metavar="N",
                   help=f"let at most N people watch through this node (`lanboard watch`; "
                        f"default: {WATCHERS}; 0: none)")
    p.add_argument("--no-watchers", action="store_true",
                   help="let nobody watch through this node (as --watchers 0)")
    p.add_argument("--verbose", action="store_true")


def watchers_arg(value: str) -> int:
    """argparse type of --watchers: 0 to 99 (what a lobby's announcement can say)."""
    try:
        n = int(value)
    except ValueError:
        n = -1
    if not 0 <= n <= 99:
        raise argparse.ArgumentTypeError(f"a number of watchers is 0 to 99, not {value!r:.40}")
    return n


def delay_arg(value: str) -> int:
    """argparse type of --delay: a whole number of turns, 0 to node.watchers.MAX_DELAY."""
    try:
        turns: object = int(value)
    except ValueError:
        turns = value
    problem = delay_problem(turns)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return turns


def node_argv(args: argparse.Namespace) -> list[str]:
    """The node options again, for running this node in the background under the UI."""
    argv = ["--name", args.name, "--port", str(args.port), "--listen", args.listen, "--new",
            "--watchers", str(0 if args.no_watchers else args.watchers)]
    for addr in args.interface or ():
        argv += ["--interface", addr]
    return argv + (["--verbose"] if args.verbose else [])


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_option(p)
    p.add_argument("--seats", type=int, default=None,
                   help="number of players (default: 4, or as many as the game seats: 2 for "
                        "overwatch-tactics)")
    p.add_argument("--bots", type=int, default=0, metavar="K",
                   help="start K bot players on this machine")
    p.add_argument("--bot-kind", default="greedy", type=bot_spec_arg, metavar="KIND",
                   help=f"the kind of the --bots ({KINDS_HELP}; default: greedy)")
    p.add_argument("--variant", action="append", default=[], metavar="NAME")
    p.add_argument("--no-announce", action="store_true", help="do not announce on the LAN")
    p.add_argument("--private", action="store_true",
                   help="a private table: joiners need the table code shown here (read it out)")
    p.add_argument("--delay", type=delay_arg, default=0, metavar="N",
                   help="watchers see each entry only N turns after it is made, for tournaments "
                        f"(0 to {MAX_DELAY}; default 0: live)")
    p.add_argument("--decision-timeout", type=int, default=300, metavar="S",
                   help="how long a player may take over a decision before the others may go "
                        "on without them (default: 300)")
    p.add_argument("--round-timeout", type=int, default=60, metavar="S",
                   help="the same for a node's automatic part of a roll or an attestation "
                        "(default: 60)")
    p.add_argument("--end-idle", type=float, default=END_IDLE_S, metavar="S",
                   help="when every other seat is one of --bots: end the game (and its bots) "
                        "after S seconds with no UI attached; the match file stays, resumable "
                        f"(default: {END_IDLE_S}, a day; 0: never)")
    p.add_argument("--nonce", type=bytes.fromhex, default=None, metavar="HEX",
                   help="the match's 16-byte genesis nonce (default: random); fixing it with "
                        "the same players and bots replays a match exactly, for tests")
    add_node_arguments(p)


def run(args: argparse.Namespace) -> int:
    if args.seats is None:
        args.seats = default_players(args.game)
    variants = check_game(args.game, args.seats, args.variant)
    fold_level(args, "bot", "bot_kind")
    if not (1 <= args.decision_timeout <= 1 << 31 and 1 <= args.round_timeout <= 1 << 31):
        raise UsageError("timeouts are whole seconds from 1")
    resumed = resume_if_chosen(args, "host", args.game)
    if resumed is not None:
        return resumed
    args.name = chosen_name(args.name)
    if not 0 <= args.bots < args.seats:
        raise UsageError(f"--bots must leave a seat for you: 0 to {args.seats - 1}")
    if args.delay and (args.no_watchers or args.watchers == 0):
        raise UsageError("--delay holds entries back from watchers, and this game takes none "
                         "(--no-watchers, --watchers 0)")
    from .ui.launch import open_ui, start_node, ui_wanted
    if ui_wanted(args):
        argv = ["host", "--game", args.game, "--seats", str(args.seats), "--bots", str(args.bots),
                "--bot-kind", args.bot_kind, *node_argv(args)]
        for v in args.variant:
            argv += ["--variant", v]
        argv += ["--decision-timeout", str(args.decision_timeout),
                 "--round-timeout", str(args.round_timeout)]
        argv += ["--no-announce"] if args.no_announce else []
        argv += ["--private"] if args.private else []
        argv += ["--end-idle", str(args.end_idle), "--delay", str(args.delay)]
        argv += ["--nonce", args.nonce.hex()] if args.nonce else []
        return open_ui(start_node(argv, "host")[1])
    setup_logging(args.verbose)
    printer = Printer(args.json, bot=bool(args.bot))
    node = make_node(args, printer)
    table_code = new_code() if args.private else None
    if table_code is not None:
        # on a line of its own, to be read out across the room (never announced, never sent)
        printer("table code", {"code": table_code})

    def lobby_info(n) -> LobbyInfo:
        return LobbyInfo(game=args.game, host=args.name[:63], code=n.identity.check_code,
                         seats_taken=len(n.seats), seats_total=args.seats,
                         private=table_code is not None, delay=args.delay)

    ad = None if args.no_announce else announcer(lobby_info, args.interface)

    async def play():
        async with trio.open_nursery() as nursery:
            port = await nursery.start(partial(
                node.host, args.game, variants, args.seats, announce=ad, nonce=args.nonce,
                timeouts={"decision": args.decision_timeout, "round": args.round_timeout},
                table_code=table_code))
            printer("listening", {"port": port, "control": str(control)})
            if args.bots:
                spawn_bots(nursery, args.listen, port, args.bots, args.bot_kind, table_code)
        return node.outcome

    control = data_dir() / f"control-{node.identity.check_code}.sock"
    outcome = trio.run(partial(run_with_control, node, printer, play, control,
                               local_bots_only=args.bots == args.seats - 1,
                               end_idle=args.end_idle))
    return exit_status(outcome)
