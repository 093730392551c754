"""The plain-data state of an Overwatch: The Board Game match.

Seat 0 attacks, seat 1 defends. Hexes are axial (q, r) ints; per-hex data (terrain height) is a
list in the order of Data.hexes. Lists only, never sets: the state hash and every iteration
follow one order. Field order in the constructors is positional in the clone() methods: a field
added to a class must be added to its clone() too (tests/tactics/test_state.py checks it).
"""
from __future__ import annotations

from dataclasses import dataclass, field

ATTACK, DEFENCE = 0, 1


@dataclass(slots=True)
class Hero:
    id: str
    side: int
    hp: int
    cubes: list[int]             # per ability of the sheet, in sheet order
    placed: bool = False         # on the board (False before placement and while defeated)
    q: int = 0
    r: int = 0
    moved: int = 0               # hexes moved this turn (against Speed)
    attacked: bool = False       # main weapon used this turn
    offensive: bool = False      # an offensive ability used this turn
    overwatch: bool = False      # overwatch token beside it
    shot: list[str] = field(default_factory=list)  # enemies its overwatch has shot
    boost: int = 0               # extra main-weapon damage ...
    boost_by: int = -1           # ... until the beginning of this seat's next turn
    defeats: int = 0             # times defeated (for people and the bench)

    @property
    def at(self) -> tuple[int, int]:
        return self.q, self.r

    def clone(self) -> "Hero":
        return Hero(self.id, self.side, self.hp, list(self.cubes), self.placed, self.q, self.r,
                    self.moved, self.attacked, self.offensive, self.overwatch, list(self.shot),
                    self.boost, self.boost_by, self.defeats)


@dataclass(slots=True)
class Side:
    hand: list[str] = field(default_factory=list)     # draft sheets in hand
    roster: list[str] = field(default_factory=list)   # heroes picked, in pick order
    terrain: int = 0                                  # terrain pieces placed

    def clone(self) -> "Side":
        return Side(list(self.hand), list(self.roster), self.terrain)


@dataclass(slots=True)
class State:
    game: str
    variants: list[str]
    players: list[Side]
    height: list[int]            # terrain height per hex of Data.hexes
    pieces: list[list]           # [kind, q, r, rotation, seat] in placement order
    heroes: list[Hero] = field(default_factory=list)   # in draft order
    barriers: list[list[int]] = field(default_factory=list)  # [q, r, seat]
    phase: str = "terrain"       # terrain, deal, draft, spawn, place, act, respawn, over
    active: int = 1              # the seat to act (set-up starts with the defender)
    spawn: int = -1              # the defender's spawn point, -1 before it chooses
    payload: int = 0             # index on the route
    round: int = 1               # the round marker
    winner: int = -1
    turns: int = 0               # turns begun (0 during set-up)
    steps: int = 0               # moves, sealed rounds and chance outcomes applied
    forfeited: list[int] = field(default_factory=list)

    def clone(self) -> "State":
        return State(self.game, list(self.variants), [p.clone() for p in self.players],
                     list(self.height), [list(x) for x in self.pieces],
                     [h.clone() for h in self.heroes], [list(b) for b in self.barriers],
                     self.phase, self.active, self.spawn, self.payload, self.round, self.winner,
                     self.turns, self.steps, list(self.forfeited))

    def hero(self, hid: str) -> Hero:
        for h in self.heroes:
            if h.id == hid:
                return h
        raise KeyError(hid)
