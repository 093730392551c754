"""A face-down deck of public cards whose order nobody knows: each card is decided when drawn.

At a table, a shuffled deck holds cards nobody has seen yet, in an order nobody knows, and
under them the cards that were read and put back to the bottom, in the order they went there.
A deck shuffled once at set-up with the match's public randomness would let every peer compute
what is still to come; so the state holds no order for the unseen cards at all:

- `Deck.unseen`: the cards not seen since the start, kept sorted (a set, in no dealing order);
- `Deck.returned`: the cards put back under them, the next to come first (their order is known
  to everyone at a table too).

Drawing takes from the top: while two or more cards are unseen, a chance node at that moment
picks one of them uniformly (a die with one face per unseen card, so the dice randomness of that
moment decides it); the last unseen card is known to all and is taken without one, and once
they are all gone the returned cards come back in order, with no chance node either.
Drawn this way a deck deals exactly as one shuffled at set-up would, but no state before the
draw says which card comes.

`DeckDraws` is the agenda task for it (engine.agenda): a game calls `draw_card(s, name, *ctx)`
and gets `card_drawn(s, name, card, ctx)` called back, at once or after the chance node
("deck_draw", name, *ctx). Invariants: `unseen` is sorted at every step; a card is in at most
one place (unseen, returned, or wherever the game keeps drawn cards).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..chance import Chance

__all__ = ["Deck", "DeckDraws", "DECKS_RULES_FILE"]

# Part of the rules of every game using it (add it to the game's shared_rules_files).
DECKS_RULES_FILE = Path(__file__).resolve()


@dataclass(slots=True)
class Deck:
    unseen: list[str]                                      # sorted: no order is known
    returned: list[str] = field(default_factory=list)      # under them, the next first

    @classmethod
    def new(cls, cards: Iterable[str]) -> "Deck":
        """A full deck nobody has seen a card of."""
        return cls(sorted(cards), [])

    def clone(self) -> "Deck":
        return Deck(list(self.unseen), list(self.returned))

    def __len__(self) -> int:
        return len(self.unseen) + len(self.returned)

    def cards(self) -> list[str]:
        """Every card in the deck: the unseen ones (sorted), then the returned in order."""
        return self.unseen + self.returned

    def put_bottom(self, card: str) -> None:
        """A card read or used goes under all the others."""
        self.returned.append(card)

    def draw_request(self, label: str) -> Chance:
        """The chance node that picks one of the unseen cards (face k: the k-th in sort order)."""
        return Chance("dice", (len(self.unseen),), label)

    def take_unseen(self, outcome: tuple[int, ...]) -> str:
        return self.unseen.pop(outcome[0] - 1)

    def take_returned(self) -> str:
        return self.returned.pop(0)


class DeckDraws:
    """Drawing from `Deck`s kept in the state, for an AgendaGame.

    A game provides `deck_of(s, name)` (default: `s.decks[name]`), `draw_label(name)` (what the
    chance node says it is for) and `card_drawn(s, name, card, ctx)`: what happens with the
    card once it is known (it is out of the deck then; the game puts it back with
    `put_bottom` when the rules say so)."""

    def deck_of(self, s: Any, name: str) -> Deck:
        return s.decks[name]

    def draw_label(self, name: str) -> str:
        return f"draw a {name} card"

    def card_drawn(self, s: Any, name: str, card: str, ctx: tuple) -> None:
        raise NotImplementedError

    def draw_card(self, s: Any, name: str, *ctx: Any) -> None:
        """Draw the top card of deck `name` (nothing if it is empty); `ctx` is handed back."""
        deck = self.deck_of(s, name)
        if len(deck.unseen) > 1:
            self._push(s, ("deck_draw", name, *ctx))  # type: ignore[attr-defined]
        elif deck.unseen:
            self.card_drawn(s, name, deck.unseen.pop(), ctx)
        elif deck.returned:
            self.card_drawn(s, name, deck.take_returned(), ctx)

    def _chance_deck_draw(self, s: Any, frame: tuple) -> Chance:
        deck = self.deck_of(s, frame[1])
        return deck.draw_request(f"{self.draw_label(frame[1])}: one of the "
                                 f"{len(deck.unseen)} not yet seen")

    def _roll_deck_draw(self, s: Any, frame: tuple, outcome: tuple[int, ...]) -> None:
        card = self.deck_of(s, frame[1]).take_unseen(outcome)
        self.card_drawn(s, frame[1], card, frame[2:])
