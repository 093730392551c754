"""What one seat may see (after OpenSpiel's observers), and worlds consistent with it.

An `Observation` is the information state of a seat: the public state and the hidden cards
this seat has seen (its own private draws). `seat` None is the public view (a spectator's).
`determinize` fills in what the seat cannot see (the order of every hidden deck beyond the
cards it has seen) at random from a given rng, consistently with all it has seen.

Invariants kept here:
- The engine's state never holds an undisclosed card (core.py: only which seat holds which
  position), so the state itself is public; what is secret is the card behind a position. An
  observation holds the cards of its own seat only: two deals that differ only in cards seat s
  has not seen give seat s equal observations (`Observation` compares by value).
- A determinization is a full order of every hidden deck (what `simulate.TableDealer` holds),
  a permutation of the deck's cards, equal to the observation at every position it knows.
- Deterministic: the same observation and rng state give the same world; no global random.
This module changes no state hash (it reads states and makes deck orders for bots): it is
outside the rules digest (core.NOT_RULES).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .core import get_game

__all__ = ["Observation", "observe", "determinize", "observation_data"]


@dataclass(frozen=True)
class Observation:
    """What `seat` knows: the public `state`, and `cards` {(deck, position): card index} it has
    seen privately (its own draws). Compare observations with ==."""
    state: Any
    seat: int | None
    cards: tuple[tuple[tuple[str, int], int], ...] = field(default=())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        from .canonical import state_hash
        return (self.seat, self.cards) == (other.seat, other.cards) and \
            state_hash(self.state) == state_hash(other.state)

    __hash__ = None  # type: ignore[assignment]

    @property
    def known(self) -> dict[tuple[str, int], int]:
        return dict(self.cards)


def observe(state: Any, seat: int | None,
            cards: Mapping[tuple[str, int], int] | None = None,
            holders: Mapping[tuple[str, int], int] | None = None) -> Observation:
    """The observation of `seat` (None: the public view). `cards` are hidden cards known to
    whoever calls: with `holders` ({(deck, position): seat that drew it}) they may be every card
    dealt (the offline dealer's), and only those `seat` holds are kept; without `holders` they
    must already be the seat's own (protocol.session's private_cards)."""
    mine: dict[tuple[str, int], int] = {}
    if seat is not None:
        for key, card in (cards or {}).items():
            if holders is None or holders.get(key) == seat:
                mine[key] = card
    return Observation(state, seat, tuple(sorted(mine.items())))


def observation_data(obs: Observation) -> dict:
    """The observation as plain data for a screen or the control API: the game's view of the
    state for the seat, and the seat's own hidden cards."""
    from .canonical import to_data
    game = get_game(obs.state.game)
    view = game.view(obs.state, obs.seat)   # (None: every seat's hidden part stays hidden)
    return {"state": to_data(view), "seat": obs.seat,
            "cards": [{"deck": d, "position": p, "card": c} for (d, p), c in obs.cards]}


def determinize(obs: Observation, rng: Any) -> dict[str, tuple[int, ...]]:
    """A full order of every hidden deck consistent with `obs`: the cards it has seen at their
    positions, every other card of the deck dealt at random (`rng.shuffle`) among the positions
    it has not seen (still in the deck or held face down by another seat)."""
    game = get_game(obs.state.game)
    known = obs.known
    orders: dict[str, tuple[int, ...]] = {}
    for deck, size in game.hidden_decks_of(obs.state):
        order: list[int | None] = [None] * size
        for (d, pos), card in known.items():
            if d == deck:
                order[pos] = card
        seen = {c for c in order if c is not None}
        rest = [c for c in range(size) if c not in seen]
        rng.shuffle(rest)
        it = iter(rest)
        orders[deck] = tuple(c if c is not None else next(it) for c in order)
    return orders
