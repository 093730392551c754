"""A small game of private cards for the protocol's hidden-card tests ("toy-hidden").

A hidden deck "cards" of 9 cards (card j is worth j points). Each round, the round's player
(seat round mod players) draws the next card privately (an engine PrivateDraw), then chooses
to "bank" 1 point or "pass"; then one die is rolled and the round's player gains 1 if it shows
6. After 2 rounds per player, every card is disclosed (Disclose) and scores its points; a card
that can no longer be opened scores 4. Most points wins.

"toy-hidden-64" is the same game over a deck of 64 cards (the deck size protocol 4 must carry
at least, issue 28).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.chance import Chance
from engine.core import Decision, Disclose, Over, PrivateDraw, Result, register
from tests.protocol.toybase import ToyGame, ToySeats, most_points

DECK = 9
UNOPENED = 4


@dataclass
class HiddenState(ToySeats):
    # players: points per seat, cards aside
    held: list[list[int]]              # deck positions held per seat
    opened: list[int]                  # card per position once disclosed, -1 before
    round: int = 0
    phase: str = "draw"                # draw | choose | roll | disclose | done


class HiddenCards(ToyGame):
    id = "toy-hidden"
    title = "Toy private cards"
    rules_version = "toy-hidden-1"
    deck = DECK

    def hidden_decks(self, players, variants):
        return (("cards", self.deck),)

    def initial_state(self, players: int, variants: tuple[str, ...]) -> HiddenState:
        return HiddenState(game=self.id, players=[0] * players, held=[[] for _ in range(players)],
                           opened=[-1] * self.deck)

    def _pending(self, state: HiddenState):
        seat = state.round % len(state.players)
        if state.phase == "done":
            return Over(self.result(state))
        if state.phase == "draw":
            return PrivateDraw(seat, "cards", state.round)
        if state.phase == "choose":
            return Decision(seat, (("bank",), ("pass",)), "bank a point or pass")
        if state.phase == "roll":
            return Chance("dice", (6,), "a bonus on a 6")
        return Disclose(tuple((s, "cards", pos) for s, held in enumerate(state.held)
                              for pos in held))

    def result(self, state: HiddenState) -> Result:
        scores = tuple(pts + sum(state.opened[p] if state.opened[p] >= 0 else UNOPENED
                                 for p in state.held[s])
                       for s, pts in enumerate(state.players))
        return most_points(scores, state.forfeited)

    def _apply_draw(self, state: HiddenState) -> None:
        state.held[state.round % len(state.players)].append(state.round)
        state.phase = "choose"

    def _apply(self, state: HiddenState, move) -> None:
        if move == ("bank",):
            state.players[state.round % len(state.players)] += 1
        state.phase = "roll"

    def _apply_chance(self, state: HiddenState, outcome) -> None:
        if outcome[0] == 6:
            state.players[state.round % len(state.players)] += 1
        state.round += 1
        state.phase = "disclose" if state.round >= 2 * len(state.players) else "draw"

    def _apply_disclose(self, state: HiddenState, values) -> None:
        cards = self._pending(state).cards
        for (_, _, pos), v in zip(cards, values):
            if v is not None:
                state.opened[pos] = v
        state.phase = "done"


class HiddenCards64(HiddenCards):
    id = "toy-hidden-64"
    title = "Toy private cards, 64 of them"
    rules_version = "toy-hidden-64-1"
    deck = 64


GAME = register(HiddenCards())
GAME64 = register(HiddenCards64())
