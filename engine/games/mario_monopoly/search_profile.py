"""What the search bot knows of the game Mario Monopoly: its fitted evaluation, what it pays
for a partner's property and the coin sales it tries (engine/search_values.SearchProfile).

Invariants kept here:
- Every function is pure: it reads the state and returns a value.
- Outside the rules digest (core.SEARCH_MODULES), like engine/search.py: floats and
  fitted weights are the bot's judgement, never a rule. The prices follow the greedy bot's own
  COIN_POINTS and RESERVE (bot.py, the rules' takeover policy), which the rollouts play and
  the rivals are: the least such a partner accepts.
"""
from __future__ import annotations

import math
from typing import Any

from ...search_values import SearchProfile
from .bot import COIN_POINTS, RESERVE

__all__ = ["PROFILE", "MARIO_WEIGHTS", "MARIO_SELLS", "mario_value", "mario_buy_price",
           "coin_sales"]


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


PROFILE = SearchProfile(value=mario_value, buy_prices=mario_buy_price, sales=coin_sales)
