"""The plain-data state of a Monopoly Marvel Spider-Man game.

Field order in the constructors below is positional in the clone() methods: a field added to a
class must be added to its clone() too (tests/spiderman/test_data_and_state.py checks that
clones share no mutable part and compare equal).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..decks import Deck


@dataclass(slots=True)
class Player:
    webs: int
    hero: str = ""              # Spider-Power card id, "" until chosen
    pos: int = 0
    jailed: bool = False
    jail_turns: int = 0         # turns in jail already spent failing to roll doubles
    cards: list[str] = field(default_factory=list)  # kept cards (ids), in the order received
    skip: bool = False          # a Daily Bugle card makes this player skip their next turn
    out: bool = False           # bankrupt: out of the game

    def clone(self) -> "Player":
        return Player(self.webs, self.hero, self.pos, self.jailed, self.jail_turns,
                      list(self.cards), self.skip, self.out)


@dataclass(slots=True)
class Turn:
    player: int = 0
    doubles: int = 0            # doubles rolled in a row this turn
    roll: int = 0               # total of the last roll used this turn (alliance rent)
    rolled: bool = False        # the turn's movement is done (unless `again`)
    again: bool = False         # doubles: roll again
    over: bool = False          # jail: nothing more this turn but trades/tech and ending it
    offers: int = 0             # trade offers made this turn
    sold: bool = False          # Spider-Tech sold this turn by choice: no buying after it

    def clone(self) -> "Turn":
        return Turn(self.player, self.doubles, self.roll, self.rolled, self.again, self.over,
                    self.offers, self.sold)


@dataclass(slots=True)
class State:
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

    def clone(self) -> "State":
        # Explicit rather than pickle: apply() clones on every step. Agenda frames are tuples
        # of immutable values, so the list is copied shallowly.
        return State(self.game, list(self.variants), [p.clone() for p in self.players],
                     list(self.owners), list(self.tech), self.tracers, self.bots, self.bank,
                     {k: v.clone() for k, v in self.decks.items()}, self.symbol, list(self.order),
                     self.turn.clone(), self.turns, self.steps, list(self.agenda),
                     list(self.forfeited))
