"""The --name option: the player's name, held to the rule every lobby and genesis checks
(protocol.peertext.name_problem), so a name the host would refuse is refused here, before any
node starts, with the reason."""
from __future__ import annotations

import argparse
import os

from protocol.peertext import MAX_NAME, name_problem, shown


def player_name(text: str) -> str:
    problem = name_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(shown(problem))
    return text


def add_name_option(p: argparse.ArgumentParser) -> None:
    default = os.environ.get("USER", "")[:MAX_NAME] or "player"
    p.add_argument("--name", type=player_name, default=default,
                   help=f"your player name (1 to {MAX_NAME} printable characters)")
