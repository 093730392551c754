"""Which screens show a game: its own where it has them, the generic ones otherwise.

A game's own screens read its state JSON (the Overwatch board, teams, HP); the generic ones
show only the words the node sends (summary, option labels). The game id in the node's status
chooses; a status without one comes from a node older than that field, which only played
Overwatch.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import generic_screens, screens
from .board import geometry
from .words import OVERWATCH, Names, narrate


@dataclass(frozen=True)
class ScreenSet:
    own: bool                      # the game's own screens (else the generic ones)
    game: Callable                 # (model, width, height, choose, replay_info=, below=)
    over: Callable                 # (model, width, height)
    lobby: Callable                # (model, width, height)
    below_rows: Callable           # (model, width, height, replay=False) -> rows for the
                                   #  decision or a replay's timeline
    narrate: Callable              # (before, after, before_summary, after_summary, names,
                                   #  kind, players) -> sentences for the log
    help: bool                     # a help screen for the characters exists


def summary_changes(before: dict | None, after: dict, before_summary: list[str],
                    after_summary: list[str], names: Names, kind: str = "",
                    players: int = 0) -> list[str]:
    """What happened, for a game whose rules the UI does not know: the summary lines that
    changed (the game words them; a line the same as before is no news)."""
    if before is None:
        return []
    old = set(before_summary)
    return [line for line in after_summary if line not in old]


OWN = {
    OVERWATCH: ScreenSet(
        own=True, game=screens.game_screen, over=screens.over_screen, lobby=screens.lobby_screen,
        below_rows=lambda model, width, height, replay=False:
            height - geometry(width, height).height - 1,
        narrate=lambda before, after, _bs, _as, names, kind="", players=0:
            narrate(before, after, names, kind, players),
        help=True),
}

GENERIC = ScreenSet(
    own=False, game=generic_screens.game_screen, over=generic_screens.over_screen,
    lobby=screens.lobby_screen,
    below_rows=lambda model, width, height, replay=False:
        generic_screens.decision_height(model, height, replay),
    narrate=summary_changes, help=False)


def screens_for(status: dict) -> ScreenSet:
    return OWN.get(status.get("game", OVERWATCH), GENERIC)
