"""`lanboard play`: a game against bots on this machine, in the terminal UI."""
from __future__ import annotations

import argparse


from .bot_option import KINDS_HELP, add_level_options, bot_spec_arg, fold_level
from .cmd_sim import check_game, default_players
from .errors import UsageError
from .chosen_name import chosen_name
from .game_option import add_game_option
from .name_option import add_name_option
from .node_runner import END_IDLE_S

NAME = "play"
HELP = "play against K bots on this machine in the terminal UI"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_option(p)
    p.add_argument("--bots", type=int, default=None, metavar="K",
                   help="number of bots (default: 3, or as many as the game seats beside you: "
                        "1 in a two-player game)")
    p.add_argument("--bot-kind", default="strong", type=bot_spec_arg, metavar="KIND",
                   help=f"the bots ({KINDS_HELP}; default: strong)")
    add_level_options(p)
    p.add_argument("--variant", action="append", default=[], metavar="NAME")
    add_name_option(p)
    p.add_argument("--end-idle", type=float, default=END_IDLE_S, metavar="S",
                   help="end the game and its bots after S seconds with no UI attached; the "
                        f"match file stays, `lanboard resume` continues it (default: {END_IDLE_S}, "
                        "a day; 0: never)")
    p.add_argument("--headless", action="store_true",
                   help="start the game without the UI and print its control socket")


# Against bots on this machine nobody waits for you: stepping away (q detaches) must not hand
# your seat to a bot after the LAN default of five minutes.
PLAY_DECISION_TIMEOUT = 7 * 24 * 3600


def host_argv(args: argparse.Namespace) -> list[str]:
    argv = ["host", "--game", args.game, "--seats", str(args.bots + 1), "--bots", str(args.bots),
            "--bot-kind", args.bot_kind, "--name", args.name, "--no-announce",
            "--listen", "127.0.0.1", "--new", "--decision-timeout", str(PLAY_DECISION_TIMEOUT),
            "--end-idle", str(getattr(args, "end_idle", END_IDLE_S))]
    for v in args.variant:
        argv += ["--variant", v]
    return argv


def default_bots(game_id: str) -> int:
    """Bots when --bots is not given: the game's default players (cmd_sim.default_players)
    with you in one seat."""
    return max(1, default_players(game_id) - 1)


def run(args: argparse.Namespace) -> int:
    from .ui.launch import open_ui, start_node
    if args.bots is None:
        args.bots = default_bots(args.game)
    check_game(args.game, args.bots + 1, args.variant)
    fold_level(args, "bot_kind")
    if args.bots < 1:
        raise UsageError("--bots must be at least 1")
    from .cmd_resume import resume_if_chosen
    resumed = resume_if_chosen(args, "host", args.game)   # only if the player chooses it
    if resumed is not None:
        return resumed
    args.name = chosen_name(args.name)
    proc, control, log = start_node(host_argv(args), "play")
    if args.headless:
        print(f"node pid {proc.pid}; control socket {control}; log {log}")
        return 0
    return open_ui(control, proc.pid)
