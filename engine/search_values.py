"""What the search bot (engine/search.py) knows of a game, as the game says it: a
`SearchProfile` (how it values a position, what it pays for a partner's property, which sales
it tries, how far it rolls out). Each game package holds its own in `search_profile.py`
(PackagedGame.search_profile); here are the profile's shape and the generic parts a game's
profile builds on. search.py asks `profile(game)`, and nothing in the engine names a game.

Invariants kept here:
- Every function is pure: it reads the state and returns a value; nothing here applies a move.
- A position's value is a chance of finishing first, in [0, 1], for the seat asked.
- Outside the rules digest (core.NOT_RULES; a game's search_*.py are left out too,
  core.SEARCH_MODULES), like search.py: floats and fitted weights are the bot's
  judgement, never a rule; a simulated game stays a function of its seed.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["SearchProfile", "DEFAULT", "profile", "position_value", "lead_value",
           "plain_scores", "price_and_half", "no_sales"]


# ---------------------------------------------------------------- scores and values
def plain_scores(game: Any, s: Any, orders: dict) -> list[int]:
    """Each seat's score as it stands."""
    return list(game.result(s).scores)


def lead_value(scale: float, scores: Callable[[Any, Any, dict], list] = plain_scores
               ) -> Callable[[Any, Any, int, dict], float]:
    """A chance of finishing first from the lead (or gap) over the best other seat by
    `scores`, a lead of `scale` making it 0.88."""
    def value(game: Any, s: Any, seat: int, orders: dict) -> float:
        points = scores(game, s, orders)
        others = [v for i, v in enumerate(points) if i != seat]
        lead = points[seat] - max(others) if others else 0.0
        return 0.5 + 0.5 * math.tanh(lead / scale)
    return value


# ---------------------------------------------------------------- trades
def price_and_half(space: Any) -> list[int]:
    """The coins offered for a partner's property: its price and half as much again."""
    price = getattr(space, "price", 1) or 1
    return sorted({price, price + price // 2})


def no_sales(game: Any, state: Any, seat: int, partners: list[int]) -> list[tuple]:
    return []


# ---------------------------------------------------------------- the profiles
@dataclass(frozen=True)
class SearchProfile:
    """`value` (game, state, seat, orders) -> chance of finishing first; `buy_prices` (space)
    -> the coins offered for a partner's property; `sales` (game, state, seat, partners) ->
    whole offers selling the seat's own properties; `lookahead` player-turns rolled out
    before the evaluation (None: the caller's), 0 where the greedy policy is too slow to roll
    out whole turns within a decision's budget. `planner`: for a game the strong bot searches
    its own way, a class whose instances (one a bot: it may remember the seat's own turn)
    answer `choose(obs, decision, budget)`, else None (engine/search.search_move); `sims`:
    the simulations a decision by level ("normal", "hard"), else None (bots.SIMS)."""
    value: Callable[[Any, Any, int, dict], float] = lead_value(40.0)
    buy_prices: Callable[[Any], list[int]] = price_and_half
    sales: Callable[[Any, Any, int, list[int]], list[tuple]] = no_sales
    lookahead: int | None = None
    planner: type | None = None
    sims: dict[str, int] | None = None


DEFAULT = SearchProfile()


def profile(game: Any) -> SearchProfile:
    """The game's own profile (its package's search_profile.py, through
    PackagedGame.search_profile), else DEFAULT: a game without one is valued by its score's
    lead."""
    own = getattr(game, "search_profile", None)
    return (own() if own is not None else None) or DEFAULT


def position_value(game: Any, s: Any, seat: int, orders: dict) -> float:
    """`seat`'s chance of finishing first from `s` by its game's profile (`orders`: the hidden
    decks as a world dealt them)."""
    return profile(game).value(game, s, seat, orders)
