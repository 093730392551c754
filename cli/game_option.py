"""The --game option shared by host, play, sim and demo: any registered game, listed in --help."""
from __future__ import annotations

import argparse

from engine import game_ids

DEFAULT_GAME = "overwatch-monopoly"


def add_game_option(p: argparse.ArgumentParser) -> None:
    # Not argparse choices: an unknown id is refused by check_game (cmd_sim), whose message
    # names every known game and exits with the usage status like every other bad option.
    p.add_argument("--game", default=DEFAULT_GAME, metavar="GAME",
                   help=f"the game to play, one of: {', '.join(game_ids())} (default: %(default)s)")
