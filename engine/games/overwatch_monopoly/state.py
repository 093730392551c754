"""The plain-data state of a Monopoly Gamer: Overwatch game.

Every class clones itself field by field (game_package.PlainState: a list holds one kind of
value, a tuple only immutable ones); tests/overwatch/test_state.py checks that clones share no
mutable part and compare equal.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..game_package import PlainState


# Task frames a screen or a bot reads, with named fields (each is still the plain tuple it was).
class CaptureFrame(NamedTuple):
    """`seat` landed on the uncaptured objective `space`: capture it or auction it."""
    kind: str
    seat: int
    space: int


class DebtFrame(NamedTuple):
    """`seat` still owes `owed` HP to `creditor` (a seat, or BANK): "eliminate" a hero for it."""
    kind: str
    seat: int
    owed: int
    creditor: int


class RedirectFrame(NamedTuple):
    """"zarya": `seat`'s Particle Barrier may make another player pay `owed` HP to `creditor`
    (`reason`: what the payment is for)."""
    kind: str
    seat: int
    owed: int
    creditor: int
    reason: str


@dataclass(slots=True)
class Hero(PlainState):
    """A non-leader character card in a team; inactive = eliminated (card face down)."""
    id: str
    active: bool = True


@dataclass(slots=True)
class Player(PlainState):
    hp: int
    leaders: list[str] = field(default_factory=list)   # 1, or 3 in 6V6; the first is the token
    heroes: list[Hero] = field(default_factory=list)
    pos: int = 0
    jailed: bool = False
    jail_tries: int = 0
    # positions of the hidden Loot Box deck this player drew (public); the cards are known to
    # this player alone until they are disclosed at the end (State.loot_open)
    loot: list[int] = field(default_factory=list)
    immune: bool = False        # D.Va Defense Matrix / Lúcio Sound Barrier
    barrier: int = 0            # HP on Reinhardt's / Brigitte's card
    redirect: bool = False      # Zarya's Particle Barrier
    skip_ability: bool = False  # McCree's Flashbang
    slowed: bool = False        # Mei's Endothermic Blaster


@dataclass(slots=True)
class Turn(PlainState):
    player: int = 0
    die: int = 0                # numbered die this turn, 0 before the roll
    face: str = ""              # role on the ability die, "" if not rolled
    moved: bool = False
    ability_open: bool = False  # the rolled ability may still be used
    level_up: bool = False      # landed on or passed GO (and not sent to jail)
    over: bool = False          # Go to Jail / failed jail roll: nothing more this turn
    offers: int = 0             # trade offers made this turn
    changed: list[int] = field(default_factory=list)  # hero slots respawned/swapped at level up


@dataclass(slots=True)
class State(PlainState):
    game: str
    variants: list[str]
    players: list[Player]
    owners: list[int]           # per space: owning seat, -1 none
    traps: list[int]            # per space: Junkrat's seat, -1 none
    turrets: list[int]          # per space: Torbjörn's seat, -1 none
    loot_deck: list[int]        # positions of the hidden Loot Box deck still to draw, in order
    pool: list[str]             # undrafted non-leader characters (swap candidates)
    leader_pool: list[str]
    pick_order: list[int]       # seats in drafting order (highest roller first)
    turn: Turn
    turns: int = 0              # turns started, for people and bounds
    steps: int = 0              # moves and chance outcomes applied
    agenda: list[tuple] = field(default_factory=list)  # work still to do; last item first
    # per position of the hidden Loot Box deck: the card index once disclosed, -1 before (and
    # for a card that could not be opened)
    loot_open: list[int] = field(default_factory=list)
    forfeited: list[int] = field(default_factory=list)
