"""The plain-data state of a Monopoly Gamer: Overwatch game.

Field order in the constructors below is positional in the clone() methods: a field added to a
class must be added to its clone() too (tests/overwatch/test_state.py checks that clones share
no mutable part and compare equal).
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Hero:
    """A non-leader character card in a team; inactive = eliminated (card face down)."""
    id: str
    active: bool = True


@dataclass(slots=True)
class Player:
    hp: int
    leaders: list[str] = field(default_factory=list)   # 1, or 3 in 6V6; the first is the token
    heroes: list[Hero] = field(default_factory=list)
    pos: int = 0
    jailed: bool = False
    jail_tries: int = 0
    loot: list[int] = field(default_factory=list)      # Loot Box points, secret to others
    immune: bool = False        # D.Va Defense Matrix / Lúcio Sound Barrier
    barrier: int = 0            # HP on Reinhardt's / Brigitte's card
    redirect: bool = False      # Zarya's Particle Barrier
    skip_ability: bool = False  # McCree's Flashbang
    slowed: bool = False        # Mei's Endothermic Blaster

    def clone(self) -> "Player":
        return Player(self.hp, list(self.leaders), [Hero(h.id, h.active) for h in self.heroes],
                      self.pos, self.jailed, self.jail_tries, list(self.loot), self.immune,
                      self.barrier, self.redirect, self.skip_ability, self.slowed)


@dataclass(slots=True)
class Turn:
    player: int = 0
    die: int = 0                # numbered die this turn, 0 before the roll
    face: str = ""              # role on the ability die, "" if not rolled
    moved: bool = False
    ability_open: bool = False  # the rolled ability may still be used
    level_up: bool = False      # landed on or passed GO (and not sent to jail)
    over: bool = False          # Go to Jail / failed jail roll: nothing more this turn
    offers: int = 0             # trade offers made this turn
    changed: list[int] = field(default_factory=list)  # hero slots respawned/swapped at level up

    def clone(self) -> "Turn":
        return Turn(self.player, self.die, self.face, self.moved, self.ability_open,
                    self.level_up, self.over, self.offers, list(self.changed))


@dataclass(slots=True)
class State:
    game: str
    variants: list[str]
    players: list[Player]
    owners: list[int]           # per space: owning seat, -1 none
    traps: list[int]            # per space: Junkrat's seat, -1 none
    turrets: list[int]          # per space: Torbjörn's seat, -1 none
    loot_deck: list[int]
    pool: list[str]             # undrafted non-leader characters (swap candidates)
    leader_pool: list[str]
    pick_order: list[int]       # seats in drafting order (highest roller first)
    turn: Turn
    turns: int = 0              # turns started, for people and bounds
    steps: int = 0              # moves and chance outcomes applied
    agenda: list[tuple] = field(default_factory=list)  # work still to do; last item first
    forfeited: list[int] = field(default_factory=list)

    def clone(self) -> "State":
        # Explicit rather than pickle: apply() clones on every step and this is 5x faster.
        # Frames in the agenda are tuples of immutable values, so the list is copied shallowly.
        return State(self.game, list(self.variants), [p.clone() for p in self.players],
                     list(self.owners), list(self.traps), list(self.turrets),
                     list(self.loot_deck), list(self.pool), list(self.leader_pool),
                     list(self.pick_order), self.turn.clone(), self.turns, self.steps,
                     list(self.agenda), list(self.forfeited))
