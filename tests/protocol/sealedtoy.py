"""A small game of sealed bids for the protocol's sealed-move tests ("toy-sealed").

Six rounds. In each round the choosers pick a bid of 1, 2 or 3 at the same time, unseen (an
engine Sealed node): with three or more players the round's dealer (seat round mod players)
sits the round out, so the node has fewer choosers than players; with two, both choose. The
highest bid alone scores its bid; a tie scores nothing. Then one die is rolled and the round's
dealer gains it. Most points wins.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.chance import Chance
from engine.core import Decision, Over, Sealed, register
from tests.protocol.toybase import ToyGame, ToySeats

ROUNDS = 6
BIDS = (("bid", 1), ("bid", 2), ("bid", 3))


@dataclass
class SealedState(ToySeats):
    # players: points per seat
    round: int = 0
    phase: str = "bid"                 # bid | roll | done
    bids: list[list] = field(default_factory=list)   # each round's bids, in seat order


class SealedBids(ToyGame):
    id = "toy-sealed"
    title = "Toy sealed bids"
    rules_version = "toy-sealed-1"

    def initial_state(self, players: int, variants: tuple[str, ...]) -> SealedState:
        return SealedState(game=self.id, players=[0] * players)

    def choosers(self, state: SealedState) -> list[int]:
        n = len(state.players)
        return [s for s in range(n) if n == 2 or s != state.round % n]

    def _pending(self, state: SealedState):
        if state.phase == "done":
            return Over(self.result(state))
        if state.phase == "roll":
            return Chance("dice", (6,), "the dealer's die")
        return Sealed(tuple(Decision(s, BIDS, "bid 1, 2 or 3, unseen")
                            for s in self.choosers(state)))

    def _apply_sealed(self, state: SealedState, moves) -> None:
        bids = [m[1] for m in moves]
        state.bids.append(bids)
        top = max(bids)
        if bids.count(top) == 1:
            state.players[self.choosers(state)[bids.index(top)]] += top
        state.phase = "roll"

    def _apply_chance(self, state: SealedState, outcome) -> None:
        state.players[state.round % len(state.players)] += outcome[0]
        state.round += 1
        state.phase = "done" if state.round >= ROUNDS else "bid"


GAME = register(SealedBids())
