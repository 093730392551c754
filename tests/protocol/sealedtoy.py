"""A small game of sealed bids for the protocol's sealed-move tests ("toy-sealed").

Six rounds. In each round the choosers pick a bid of 1, 2 or 3 at the same time, unseen (an
engine Sealed node): with three or more players the round's dealer (seat round mod players)
sits the round out, so the node has fewer choosers than players; with two, both choose. The
highest bid alone scores its bid; a tie scores nothing. Then one die is rolled and the round's
dealer gains it. Most points wins.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.chance import Chance
from engine.core import Decision, Game, Over, Result, Sealed, register

ROUNDS = 6
BIDS = (("bid", 1), ("bid", 2), ("bid", 3))


@dataclass
class SealedState:
    game: str
    players: list[int]                 # points per seat
    round: int = 0
    phase: str = "bid"                 # bid | roll | done
    bids: list[list] = field(default_factory=list)   # each round's bids, in seat order
    forfeited: list[int] = field(default_factory=list)


class SealedBids(Game):
    id = "toy-sealed"
    title = "Toy sealed bids"
    min_players = 2
    max_players = 4
    rules_version = "toy-sealed-1"

    def rules_files(self) -> list[Path]:
        return [Path(__file__).resolve()]

    def initial_state(self, players: int, variants: tuple[str, ...]) -> SealedState:
        return SealedState(game=self.id, players=[0] * players)

    def turn_number(self, state: SealedState) -> int:
        return state.round

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

    def result(self, state: SealedState) -> Result:
        scores = tuple(state.players)
        eligible = [s for s in range(len(scores)) if s not in state.forfeited]
        best = max(scores[s] for s in eligible)
        return Result(scores, tuple(s for s in eligible if scores[s] == best))

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
