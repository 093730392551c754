"""The greedy bot's policy: buy what it can afford, build on full sets, keep a reserve, and
trade to complete colour sets.

Plain heuristics, no search; ties are broken by option order, so the bot is deterministic.
It answers offers on their value. It proposes a trade (`trade_plan`) when one other player
holds every villain it lacks of a colour set: it asks for them and gives in return the villains
that complete one of that player's sets, if it has them, and webs so that the offer is worth
more than it costs the other side by the measure the bot answers with. Without it, two rich
players each holding part of every set would never go bankrupt and a game could go on for
ever. It proposes at most once a turn and only in every third round, so a person who refuses
is not asked again at every turn; the bot keeps no memory between decisions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core import Decision, Move
from .family import NOBODY

if TYPE_CHECKING:
    from ..monopoly_family import CardTradeFrame
    from .rules import SpiderManMonopoly
    from .state import State

RESERVE = 4        # webs kept back when buying
BUILD_RESERVE = 6  # webs kept back when buying Spider-Tech
CARD_VALUE = 2     # what a kept card is worth in a trade
TRADE_ROUNDS = 3   # propose a trade in one round of this many


@dataclass(frozen=True)
class TradePlan:
    partner: int
    take: tuple[int, ...]   # the villains asked for: they complete a set of the bot's
    give: tuple[int, ...]   # the bot's villains that complete a set of the partner's
    pay: int                # webs added, so the partner gains by the answering measure


def price(g: "SpiderManMonopoly", spaces: tuple[int, ...]) -> int:
    return sum(g.data.spaces[i].price for i in spaces)


def missing(g: "SpiderManMonopoly", s: "State", seat: int, set_no: int) -> tuple[int, ...]:
    """The villains of a colour set that `seat` lacks, if it holds some of it, else ()."""
    spaces = g.data.set_spaces(set_no)
    owners = s.owners
    lacking = tuple(i for i in spaces if owners[i] != seat)   # (one pass over the set)
    return () if len(lacking) == len(spaces) else lacking


# (the game's data, its colour sets): the board is read once, not at every turn decision
_sets: tuple[Any, list[int]] = (None, [])


def villain_sets(g: "SpiderManMonopoly") -> list[int]:
    """The colour sets of villains, in order."""
    global _sets
    data, sets = _sets
    if data is not g.data:
        data, sets = _sets = (g.data, sorted({sp.set for sp in g.data.spaces
                                               if sp.kind == "villain"}))
    return sets


def trade_plan(g: "SpiderManMonopoly", s: "State", seat: int) -> TradePlan | None:
    """The trade the bot would offer now, or None: the set it lacks fewest villains of (then
    the dearest), from one other player still in who holds them all."""
    sets = villain_sets(g)
    lacking: dict[tuple[int, int], tuple[int, ...]] = {}

    def lacks(who: int, set_no: int) -> tuple[int, ...]:
        # `missing`, each (seat, set) worked out once per plan: the offers to one partner
        # ask it again for every set looked at
        key = (who, set_no)
        found = lacking.get(key)
        if found is None:
            found = lacking[key] = missing(g, s, who, set_no)
        return found

    plans = []
    for set_no in sets:
        take = lacks(seat, set_no)
        owners = {s.owners[i] for i in take}
        if not take or len(owners) != 1 or NOBODY in owners:
            continue
        partner = owners.pop()
        if s.players[partner].out or not all(g.tradeable(s, i) for i in take):
            continue
        give = next((m for other in sets if other != set_no
                     for m in [lacks(partner, other)]
                     if m and all(s.owners[i] == seat and g.tradeable(s, i) for i in m)), ())
        pay = max(0, price(g, take) - price(g, give) + 1)
        if s.players[seat].webs - pay < RESERVE:
            continue
        plans.append((len(take), -price(g, take), set_no, TradePlan(partner, take, give, pay)))
    return min(plans)[3] if plans else None


def trade_step(plan: TradePlan | None, frame: "CardTradeFrame") -> Move:
    """The next step of drafting `plan` in the trade_draft `frame` (cancel if it is another)."""
    if (plan is None or plan.partner != frame.partner or frame.ask or frame.give_cards
            or frame.take_cards or not set(frame.take) <= set(plan.take)
            or not set(frame.give) <= set(plan.give) or frame.pay not in (0, plan.pay)):
        return ("cancel",)
    for i in plan.take:
        if i not in frame.take:
            return ("take", i)
    for i in plan.give:
        if i not in frame.give:
            return ("give", i)
    if plan.pay and not frame.pay:
        return ("pay", plan.pay)
    return ("offer",)


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
        if s.turn.offers == 0 and (s.turns // len(g.alive(s))) % TRADE_ROUNDS == 0:
            plan = trade_plan(g, s, seat)
            if plan is not None and ("trade", plan.partner) in o:
                return ("trade", plan.partner)
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
        cost = g.data.spaces[frame[2]].price
        return ("buy",) if ("buy",) in o and me.webs - cost >= RESERVE else ("auction",)
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
        return trade_step(trade_plan(g, s, seat), frame)
    if kind == "trade_answer":
        gain = (price(g, frame.give) - price(g, frame.take) + frame.pay - frame.ask
                + CARD_VALUE * (len(frame.give_cards) - len(frame.take_cards)))
        return ("accept",) if gain > 0 and me.webs - frame.ask >= RESERVE else ("refuse",)
    if kind == "pick_hero":
        return o[0]
    return o[0]
