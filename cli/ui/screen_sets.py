"""Which screens show a game: its own where it has them, the generic ones otherwise.

A game's own screens read its state JSON (the Overwatch board, teams, HP) and draw it with the
glossary the node sends; the generic ones show only the words the node sends (summary, option
labels). Either way the words come from the node: what happened is the node's narration where
the game has one, else the summary lines that changed. The game id in the node's status
chooses; a status without one comes from a node older than that field, which only played
Overwatch.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from functools import partial

from prompt_toolkit.key_binding import KeyBindingsBase, merge_key_bindings

from . import generic_screens, screens, tactics_screens
from .family_screens import MARIO_BOARD, SPIDERMAN_BOARD

OVERWATCH = "overwatch-monopoly"  # the game a status without a game id comes from
TACTICS = "overwatch-tactics"


@dataclass(frozen=True)
class ScreenSet:
    own: bool                      # the game's own screens (else the generic ones)
    game: Callable                 # (model, width, height, choose, replay_info=, below=)
    over: Callable                 # (model, width, height)
    lobby: Callable                # (model, width, height)
    below_rows: Callable           # (model, width, height, replay=False) -> rows for the
                                   #  decision or a replay's timeline
    help: bool                     # a help screen for the characters exists
    narrated: bool = False         # the node tells what each move did (else the log says
                                   #  "you chose" and the summary lines that changed)
    keys: Callable | None = None   # (ui) -> the screens' own key bindings, active when they
                                   #  are shown (they win over the app's own)
    options_shown: Callable | None = None   # (model) -> the option indices the list shows
                                            #  (None: all), see screens.options_shown
    follow_decision: Callable | None = None  # (model) on a new decision of this seat: the
                                             #  option to highlight (model.selected, else 0)
    help_start: Callable | None = None      # (model) -> the help page `?` opens on: the one
                                            #  of what the cursor is on (None: the first)
    help_page: Callable | None = None       # (model, width, page) -> one help page's lines,
                                            #  whole (the app scrolls it); None: the
                                            #  characters' help of screens.help_screen


def what_happened(before: dict | None, said: list[str] | None, before_summary: list[str],
                  after_summary: list[str]) -> list[str]:
    """What happened between two states: the node's sentences (`said`) where the game narrates,
    else the summary lines that changed (the game words them; a line the same as before is no
    news). Nothing before the first state."""
    if before is None:
        return []
    if said is not None:
        return list(said)
    old = set(before_summary)
    return [line for line in after_summary if line not in old]


def below_board(model, width: int, height: int, replay: bool = False) -> int:
    return height - screens.board_geometry(model, width, height).height - 1


def board_set(kit: screens.BoardKit) -> ScreenSet:
    """A Monopoly-family game's own board screen, with the generic final screen (its summary
    says what the scores are made of) and the characters' help from the glossary."""
    return ScreenSet(own=True, game=partial(screens.board_screen, kit),
                     over=generic_screens.over_screen, lobby=screens.lobby_screen,
                     below_rows=below_board, help=True, narrated=True,
                     help_start=screens.help_start)


OWN = {
    OVERWATCH: ScreenSet(
        own=True, game=screens.game_screen, over=screens.over_screen, lobby=screens.lobby_screen,
        below_rows=below_board, help=True, narrated=True, help_start=screens.help_start),
    "mario-monopoly": board_set(MARIO_BOARD),
    "spiderman-monopoly": board_set(SPIDERMAN_BOARD),
    TACTICS: ScreenSet(
        own=True, game=tactics_screens.game_screen, over=generic_screens.over_screen,
        lobby=screens.lobby_screen, below_rows=tactics_screens.below_rows, help=True,
        narrated=True, keys=tactics_screens.keys, options_shown=tactics_screens.options_shown,
        help_start=tactics_screens.help_start, help_page=tactics_screens.help_page,
        follow_decision=tactics_screens.follow_decision),
}

GENERIC = ScreenSet(
    own=False, game=generic_screens.game_screen, over=generic_screens.over_screen,
    lobby=screens.lobby_screen,
    below_rows=lambda model, width, height, replay=False:
        generic_screens.decision_height(model, height, replay),
    help=False)


def screens_for(status: dict) -> ScreenSet:
    return OWN.get(status.get("game", OVERWATCH), GENERIC)


def screen_keys(ui) -> KeyBindingsBase:
    """Every screen set's own keys for this UI (each guards itself: active while shown)."""
    return merge_key_bindings([s.keys(ui) for s in OWN.values() if s.keys is not None])
