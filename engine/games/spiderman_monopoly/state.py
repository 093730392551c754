"""The plain-data state of a Monopoly Marvel Spider-Man game.

Every class clones itself field by field (game_package.PlainState: a list holds one kind of
value, a tuple only immutable ones); tests/spiderman/test_data_and_state.py checks that clones share no
mutable part and compare equal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..decks import Deck
from ..game_package import PlainState


@dataclass(slots=True)
class Player(PlainState):
    webs: int
    hero: str = ""              # Spider-Power card id, "" until chosen
    pos: int = 0
    jailed: bool = False
    jail_turns: int = 0         # turns in jail already spent failing to roll doubles
    cards: list[str] = field(default_factory=list)  # kept cards (ids), in the order received
    skip: bool = False          # a Daily Bugle card makes this player skip their next turn
    out: bool = False           # bankrupt: out of the game


@dataclass(slots=True)
class Turn(PlainState):
    player: int = 0
    doubles: int = 0            # doubles rolled in a row this turn
    roll: int = 0               # total of the last roll used this turn (alliance rent)
    rolled: bool = False        # the turn's movement is done (unless `again`)
    again: bool = False         # doubles: roll again
    over: bool = False          # jail: nothing more this turn but trades/tech and ending it
    offers: int = 0             # trade offers made this turn
    sold: bool = False          # Spider-Tech sold this turn by choice: no buying after it


@dataclass(slots=True)
class State(PlainState):
    game: str
    variants: list[str]
    players: list[Player]
    owners: list[int]           # per space: owning seat, -1 none (non-properties always -1)
    tech: list[int]             # per space: 0 none, 1..4 Spider-Tracers, 5 a Spider-Bot
    tracers: int                # Spider-Tracers left in the bank's supply
    bots: int                   # Spider-Bots left in the bank's supply
    bank: int                   # webs in the bank (may go below 0: the bank never runs out)
    decks: dict[str, Deck]      # deck name -> its cards (unseen ones in no order)
    symbol: int = -1            # seat holding the Symbol of Great Responsibility, -1 nobody
    order: list[int] = field(default_factory=list)  # seats in turn order once decided
    turn: Turn = field(default_factory=Turn)
    turns: int = 0              # player turns started, for people and bounds
    steps: int = 0              # moves and chance outcomes applied
    agenda: list[tuple] = field(default_factory=list)  # work still to do; last item first
    forfeited: list[int] = field(default_factory=list)
