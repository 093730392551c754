"""The --name option: the player's name, held to the rule every lobby and genesis checks
(protocol.peertext.name_problem), so a name the host would refuse is refused here, before any
node starts, with the reason."""
from __future__ import annotations

import argparse

from protocol.peertext import MAX_NAME, name_problem, shown


def player_name(text: str) -> str:
    problem = name_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(shown(problem))
    return text


def add_name_option(p: argparse.ArgumentParser) -> None:
    # No default here: cli.chosen_name supplies the remembered name (asked once at a terminal).
    p.add_argument("--name", type=player_name, default=None,
                   help=f"your player name (1 to {MAX_NAME} printable characters; default: the "
                        "one remembered, asked at a terminal the first time)")
