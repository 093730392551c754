"""The greedy bot's policy: buy what it can afford, build on full sets, keep a reserve.

Plain heuristics, no search; ties are broken by option order, so the bot is deterministic.
It never proposes trades (so its games stay short) but answers offers on their value.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Decision, Move
from .family import NOBODY

if TYPE_CHECKING:
    from .rules import SpiderManMonopoly
    from .state import State

RESERVE = 4        # webs kept back when buying
BUILD_RESERVE = 6  # webs kept back when buying Spider-Tech
CARD_VALUE = 2     # what a kept card is worth in a trade


def richest(g: "SpiderManMonopoly", s: "State", seats: list[int]) -> int:
    return max(seats, key=lambda o: (g.net_worth(s, o), -o))


def space_cost(g: "SpiderManMonopoly", s: "State", seat: int, pos: int) -> int:
    """How bad ending a move on `pos` is for `seat` (rent to pay, jail), 0 if harmless."""
    sp = g.data.spaces[pos % g.data.board_size]
    if sp.kind == "go_to_jail":
        return 5
    if sp.is_property and s.owners[sp.index] not in (NOBODY, seat):
        if sp.kind == "alliance":
            return 7
        return g.rent(s, sp.index)
    return 0


def greedy_move(g: "SpiderManMonopoly", s: "State", d: Decision, rng: Any) -> Move:
    o = d.options
    seat = d.player
    me = s.players[seat]
    kind = d.prompt
    frame = s.agenda[-1]
    if kind == "turn":
        if any(m[0] == "use_card" for m in o):
            return next(m for m in o if m[0] == "use_card")
        if ("pay_jail",) in o and me.webs >= 12:
            return ("pay_jail",)
        plays = [m for m in o if m[0] == "play"]
        if plays:
            target = richest(g, s, sorted({m[2] for m in plays}))
            return next(m for m in plays if m[2] == target)
        builds = [m for m in o if m[0] in ("tracer", "bot")]
        affordable = [m for m in builds if me.webs - g.tech_cost(m[1], m[0]) >= BUILD_RESERVE]
        if affordable:
            return max(affordable, key=lambda m: (g.data.spaces[m[1]].set, m[0] == "bot", -m[1]))
        for k in ("roll", "roll_jail", "end_turn"):
            if (k,) in o:
                return (k,)
        return o[0]
    if kind == "buy":
        price = g.data.spaces[frame[2]].price
        return ("buy",) if ("buy",) in o and me.webs - price >= RESERVE else ("auction",)
    if kind == "auction":
        item, space = frame.item, frame.space
        limit = g.data.spaces[space].price if item == "property" else g.tech_cost(space, item) + 1
        bid = next((m for m in o if m[0] == "bid"), None)
        if bid is not None and bid[1] <= limit and me.webs - bid[1] >= RESERVE:
            return bid
        return ("pass",)
    if kind == "want":
        return ("want",) if me.webs >= BUILD_RESERVE + 2 else ("decline",)
    if kind == "ghost":
        _, purpose, d1, d2 = frame
        t = s.turn
        if purpose == "rent":  # a roll for an alliance's rent: reroll what is above the mean
            return ("reroll",) if d1 + d2 > 7 else ("keep",)
        if d1 == d2 and t.doubles == 2:
            return ("reroll",)
        end = me.pos + d1 + d2
        return ("reroll",) if space_cost(g, s, seat, end) >= 3 else ("keep",)
    if kind == "subway":
        rides = [m for m in o if m[0] == "ride"]
        best = [m for m in rides if s.owners[m[1]] == NOBODY
                and me.webs - g.data.spaces[m[1]].price >= RESERVE]
        if best:
            return max(best, key=lambda m: (g.data.spaces[m[1]].price, -m[1]))
        return ("stay",)
    if kind == "power_pick":
        target = richest(g, s, [m[1] for m in o])
        return ("take", target)
    if kind == "raise":
        return min(o, key=lambda m: (g.data.spaces[m[1]].set, m[1]))
    if kind == "surrender":
        return min(o, key=lambda m: (g.data.spaces[m[1]].price, m[1]))
    if kind == "place":
        return o[0]
    if kind == "trade_draft":
        return ("cancel",)
    if kind == "trade_answer":
        price = lambda spaces: sum(g.data.spaces[i].price for i in spaces)  # noqa: E731
        gain = (price(frame.give) - price(frame.take) + frame.pay - frame.ask
                + CARD_VALUE * (len(frame.give_cards) - len(frame.take_cards)))
        return ("accept",) if gain > 0 and me.webs - frame.ask >= RESERVE else ("refuse",)
    if kind == "pick_hero":
        return o[0]
    return o[0]
