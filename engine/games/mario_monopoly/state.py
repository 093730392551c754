"""The plain-data state of a Monopoly Gamer (Super Mario) game.

Every class clones itself field by field (game_package.PlainState: a list holds one kind of
value, a tuple only immutable ones); tests/mario/test_state_and_data.py checks that clones share no
mutable part and compare equal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..game_package import PlainState


@dataclass(slots=True)
class Figure(PlainState):
    """A figure on the board. Normally one per player; two per player in the two-player rules.
    In the Party variant the player's one figure changes character when they swap."""
    seat: int
    char: str = ""
    pos: int = 0
    jailed: bool = False
    jail_tries: int = 0


@dataclass(slots=True)
class Player(PlainState):
    coins: int
    team: list[str] = field(default_factory=list)     # Party: the team's characters
    bosses: list[int] = field(default_factory=list)   # numbers of the boss cards won
    skip_powerup: bool = False                        # Luigi: the next power-up roll is skipped
    flipped: list[int] = field(default_factory=list)  # two-player rules: figures moved this round


@dataclass(slots=True)
class Turn(PlainState):
    player: int = 0
    fig: int = -1               # the figure that moves this turn, -1 until chosen
    die: int = 0                # number die, 0 before the roll
    face: str = ""              # power-up die face, "" if not rolled (or skipped)
    moved: bool = False
    power_open: bool = False    # the rolled power-up may still be used
    go: bool = False            # the turn's figure reached or passed GO: boss fight at the end
    over: bool = False          # Go to Jail / failed jail roll: nothing more this turn
    offers: int = 0             # trade offers made this turn
    swapped: bool = False       # Party: the one swap of the turn is used
    stars: list[int] = field(default_factory=list)  # figures that used a Super Star this turn


@dataclass(slots=True)
class State(PlainState):
    game: str
    variants: list[str]
    players: list[Player]
    figures: list[Figure]
    owners: list[int]           # per space: owning seat, -1 none
    board: list[int]            # per space: coins lying there
    pot: int                    # coins in the jail's visiting area
    bank: int                   # coins in the bank
    boss_deck: list[int]        # boss numbers, top first
    boss: int                   # the boss being fought, 0 none
    boss_coins: int             # coins lying on the boss card
    pick_order: list[int]       # seats in turn order from the first player
    turn: Turn
    turns: int = 0              # turns started, for people and bounds
    steps: int = 0              # moves and chance outcomes applied
    agenda: list[tuple] = field(default_factory=list)  # work still to do; last item first
    forfeited: list[int] = field(default_factory=list)
