"""The plain-data state of a Monopoly Gamer (Super Mario) game.

Field order in the constructors below is positional in the clone() methods: a field added to a
class must be added to its clone() too (tests/mario/test_state_and_data.py checks that clones
share no mutable part and compare equal).
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Figure:
    """A figure on the board. Normally one per player; two per player in the two-player rules.
    In the Party variant the player's one figure changes character when they swap."""
    seat: int
    char: str = ""
    pos: int = 0
    jailed: bool = False
    jail_tries: int = 0

    def clone(self) -> "Figure":
        return Figure(self.seat, self.char, self.pos, self.jailed, self.jail_tries)


@dataclass(slots=True)
class Player:
    coins: int
    team: list[str] = field(default_factory=list)     # Party: the team's characters
    bosses: list[int] = field(default_factory=list)   # numbers of the boss cards won
    skip_powerup: bool = False                        # Luigi: the next power-up roll is skipped
    flipped: list[int] = field(default_factory=list)  # two-player rules: figures moved this round

    def clone(self) -> "Player":
        return Player(self.coins, list(self.team), list(self.bosses), self.skip_powerup,
                      list(self.flipped))


@dataclass(slots=True)
class Turn:
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

    def clone(self) -> "Turn":
        return Turn(self.player, self.fig, self.die, self.face, self.moved, self.power_open,
                    self.go, self.over, self.offers, self.swapped, list(self.stars))


@dataclass(slots=True)
class State:
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

    def clone(self) -> "State":
        # Frames in the agenda are tuples of immutable values, so the list is copied shallowly.
        return State(self.game, list(self.variants), [p.clone() for p in self.players],
                     [f.clone() for f in self.figures], list(self.owners), list(self.board),
                     self.pot, self.bank, list(self.boss_deck), self.boss, self.boss_coins,
                     list(self.pick_order), self.turn.clone(), self.turns, self.steps,
                     list(self.agenda), list(self.forfeited))
