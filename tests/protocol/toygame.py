"""A small deterministic dice race for fast protocol tests ("toy-race").

Setup: a shuffle (perm chance) fixes the turn order. On a turn the player chooses to roll one
or two dice (or to rest, once per game); landing on a trap square asks the same player to pay
a coin or step back three. First to square 20 wins; if the turn limit is reached, the furthest
player wins. Decisions, chance nodes of both kinds, and several decisions in one turn: enough
shapes to exercise every slot of the protocol in a game of ~30–60 steps.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.chance import Chance
from engine.core import Decision, Over, register
from tests.protocol.toybase import ToyGame, ToySeats

GOAL = 20
TRAPS = (5, 11, 17)
TURN_LIMIT = 40


@dataclass
class ToyState(ToySeats):
    # players: position per seat
    coins: list[int]
    rested: list[bool]
    order: list[int] = field(default_factory=list)
    turn: int = 0
    phase: str = "order"               # order | choose | roll | trap | done
    dice: int = 0


class ToyRace(ToyGame):
    id = "toy-race"
    title = "Toy dice race"
    rules_version = "toy-1"

    def initial_state(self, players: int, variants: tuple[str, ...]) -> ToyState:
        return ToyState(game=self.id, players=[0] * players, coins=[3] * players,
                        rested=[False] * players)

    def turn_number(self, state: ToyState) -> int:
        return state.turn

    def _current(self, state: ToyState) -> int:
        return state.order[state.turn % len(state.order)]

    def _pending(self, state: ToyState):
        if state.phase == "order":
            return Chance("perm", (len(state.players),), "turn order")
        if state.phase == "done":
            return Over(self.result(state))
        me = self._current(state)
        if state.phase == "choose":
            opts = [("roll", 1), ("roll", 2)]
            if not state.rested[me]:
                opts.append(("rest",))
            return Decision(me, tuple(opts), "roll one or two dice, or rest")
        if state.phase == "roll":
            return Chance("dice", (6,) * state.dice, f"seat {me} rolls")
        if state.phase == "trap":
            opts = [("back",)]
            if state.coins[me] > 0:
                opts.insert(0, ("pay",))
            return Decision(me, tuple(opts), "trap: pay a coin or step back three")
        raise AssertionError(state.phase)

    def _end_turn(self, state: ToyState) -> None:
        state.turn += 1
        state.phase = "done" if state.turn >= TURN_LIMIT else "choose"

    def _apply(self, state: ToyState, move) -> None:
        me = self._current(state)
        if move[0] == "roll":
            state.dice = move[1]
            state.phase = "roll"
        elif move[0] == "rest":
            state.rested[me] = True
            self._end_turn(state)
        elif move[0] == "pay":
            state.coins[me] -= 1
            self._end_turn(state)
        elif move[0] == "back":
            state.players[me] = max(0, state.players[me] - 3)
            self._end_turn(state)

    def _apply_chance(self, state: ToyState, outcome) -> None:
        if state.phase == "order":
            state.order = list(outcome)
            state.phase = "choose"
            return
        me = self._current(state)
        state.players[me] += sum(outcome)
        if state.players[me] >= GOAL:
            state.phase = "done"
        elif state.players[me] in TRAPS:
            state.phase = "trap"
        else:
            self._end_turn(state)


GAME = register(ToyRace())
