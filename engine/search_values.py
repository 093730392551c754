"""What the search bot (engine/search.py) knows of each game: how it values a position, what it
pays for a partner's property and which sales it tries, and how far it rolls out. One
`SearchProfile` a game; search.py asks `profile(game_id)` and names no game itself.

Invariants kept here:
- Every function is pure: it reads the state and returns a value; nothing here applies a
  move. The one write, `overwatch_scores` opening Loot Boxes as a world dealt them, goes into
  the rollout's own copy, which is evaluated once and dropped.
- A position's value is a chance of finishing first, in [0, 1], for the seat asked.
- Outside the rules digest (core.NOT_RULES), like search.py: floats and fitted weights are the
  bot's judgement, never a rule; a simulated game stays a function of its seed.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

# what the greedy Mario bot, which the rollouts play and rivals are, counts a coin as in a
# trade, and the coins it keeps back: the search's prices are the least it accepts
from .games.mario_monopoly.bot import COIN_POINTS, RESERVE

__all__ = ["SearchProfile", "profile", "position_value", "lead_value", "mario_value",
           "tactics_value", "coin_sales", "MARIO_WEIGHTS", "MARIO_SELLS"]


# ---------------------------------------------------------------- scores and values
def plain_scores(game: Any, s: Any, orders: dict) -> list[int]:
    """Each seat's score as it stands."""
    return list(game.result(s).scores)


def overwatch_scores(game: Any, s: Any, orders: dict) -> list[int]:
    """Overwatch: each seat's score with its Loot Boxes counted as `orders` deals them, plus
    its HP (HP keeps heroes up and captures objectives)."""
    loot = orders.get("loot")
    if loot is not None:
        for p in s.players:
            for pos in p.loot:
                if s.loot_open[pos] < 0:
                    s.loot_open[pos] = loot[pos]
    return [v + p.hp for v, p in zip(game.result(s).scores, s.players)]


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


# Mario's evaluation: P(seat wins) = softmax over the seats of a * points (properties and boss
# cards) + b * coins + c * rent (each owned property's rent as it stands, sets doubled), with
# (a, b, c) by the boss cards still in the deck. Fitted (conditional logit, maximum likelihood)
# on 38,890 positions of 1,500 games of four greedy bots (seeds 1-1500, every third turn), the
# policy the rollouts play. The lead over the best other seat through tanh(lead / 40) it
# replaces was 3 to 20 times too sure of a lead (its slope 0.05 a point; fitted 0.002 with 8
# boss cards left, 0.019 with Bowser alone) and counted a coin as its 2 points in a stack,
# where a coin is worth 2-15 points more (it buys properties and boss fights).
MARIO_WEIGHTS: dict[int, tuple[float, float, float]] = {
    1: (0.0186, 0.0374, 0.0113), 2: (0.0159, 0.0292, 0.0040), 3: (0.0145, 0.0375, 0.0123),
    4: (0.0104, 0.0308, 0.0257), 5: (0.0102, 0.0302, 0.0246), 6: (0.0070, 0.0275, 0.0504),
    7: (0.0058, 0.0313, 0.0471), 8: (0.0022, 0.0344, 0.0529)}


def mario_value(game: Any, s: Any, seat: int, orders: dict | None = None) -> float:
    """Mario: the chance of finishing first, a softmax over the seats (MARIO_WEIGHTS). Mario
    has no hidden deck: `orders` is not read."""
    d = game.data
    a, b, c = MARIO_WEIGHTS[max(1, min(8, len(s.boss_deck)))]
    worth = []
    for i, p in enumerate(s.players):
        props = game.properties_of(s, i)
        points = sum(d.spaces[j].points for j in props) + sum(d.bosses[k].points for k in p.bosses)
        rent = sum(game.rent(s, j) for j in props)
        worth.append(a * points + b * p.coins + c * rent)
    top = max(worth)
    e = [math.exp(w - top) for w in worth]
    return e[seat] / sum(e)


def tactics_value(game: Any, s: Any, seat: int, orders: dict | None = None) -> float:
    """The hex game: payload progress for the attack, heroes' health for both."""
    if s.winner >= 0:
        return 1.0 if s.winner == seat else 0.0
    route = max(1, len(getattr(game.data, "route", ())) or 1)
    push = s.payload / route
    hp = [sum(h.hp for h in s.heroes if h.side == side and h.placed) for side in (0, 1)]
    total = max(1, hp[0] + hp[1])
    edge = (push - 0.5) + 0.5 * (hp[0] - hp[1]) / total
    return 0.5 + 0.5 * math.tanh(2 * (edge if seat == 0 else -edge))


# ---------------------------------------------------------------- trades
def price_and_half(space: Any) -> list[int]:
    """The coins offered for a partner's property: its price and half as much again."""
    price = getattr(space, "price", 1) or 1
    return sorted({price, price + price // 2})


def mario_buy_price(space: Any) -> list[int]:
    """Mario: the least a greedy partner takes for its property, counting a coin as
    COIN_POINTS of its points (at the price every such offer was refused: a property's points
    are 10 a coin of its price)."""
    return [space.points // COIN_POINTS + 1]


MARIO_SELLS = 4   # coin sales tried at a turn decision, the largest asks first


def coin_sales(game: Any, state: Any, seat: int, partners: list[int]) -> list[tuple]:
    """Mario: offers selling one of the seat's properties for a partner's coins (to each of
    `partners`, those it may trade with now), asking the most a greedy partner still takes:
    less than the property's points in coins of COIN_POINTS, keeping its RESERVE (a coin buys
    a boss fight: coins move the last fights, Bowser's 100 points the most)."""
    spaces = game.data.spaces
    found = []
    for partner in partners:
        money = game.money(state, partner)
        for j in game.properties_of(state, seat):
            if not game.tradeable(state, j):
                continue
            ask = min((spaces[j].points - 1) // COIN_POINTS, money - RESERVE)
            if ask >= 1:
                found.append((ask, -spaces[j].points, ("offer", partner, (j,), (), 0, ask)))
    found.sort(key=lambda x: (-x[0], -x[1]))
    return [f[2] for f in found[:MARIO_SELLS]]


def no_sales(game: Any, state: Any, seat: int, partners: list[int]) -> list[tuple]:
    return []


# ---------------------------------------------------------------- the profiles
@dataclass(frozen=True)
class SearchProfile:
    """`value` (game, state, seat, orders) -> chance of finishing first; `buy_prices` (space)
    -> the coins offered for a partner's property; `sales` (game, state, seat, partners) ->
    whole offers selling the seat's own properties; `lookahead` player-turns rolled out
    before the evaluation (None: the caller's), 0 where the greedy policy is too slow to roll
    out whole turns within a decision's budget."""
    value: Callable[[Any, Any, int, dict], float] = lead_value(40.0)
    buy_prices: Callable[[Any], list[int]] = price_and_half
    sales: Callable[[Any, Any, int, list[int]], list[tuple]] = no_sales
    lookahead: int | None = None


PROFILES = {
    "overwatch-monopoly": SearchProfile(value=lead_value(40.0, overwatch_scores)),
    "spiderman-monopoly": SearchProfile(value=lead_value(60.0)),
    "mario-monopoly": SearchProfile(value=mario_value, buy_prices=mario_buy_price,
                                    sales=coin_sales),
    # the strong bot searches the hex game with engine/tactics_search.py instead (whole
    # activations); search_move is asked there only by a caller that wants it
    "overwatch-tactics": SearchProfile(value=tactics_value, lookahead=0),
}
DEFAULT = SearchProfile()


def profile(game_id: str) -> SearchProfile:
    """The game's profile; a game without one is valued by its score's lead."""
    return PROFILES.get(game_id, DEFAULT)


def position_value(game: Any, s: Any, seat: int, orders: dict) -> float:
    """`seat`'s chance of finishing first from `s` by its game's profile (`orders`: the hidden
    decks as a world dealt them)."""
    return profile(game.id).value(game, s, seat, orders)
