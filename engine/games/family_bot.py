"""Greedy-bot judgements the Monopoly-family bots share: whether an offered sale or a trade is
worth taking. Bots read task frames by their field names (monopoly_family's named tuples).
Bots never change the rules: they only pick among the options the rules offer."""
from __future__ import annotations

from typing import Any, Callable

from .monopoly_family import SaleOfferFrame, TradeFrame

Move = tuple


def first_of(options: tuple[Move, ...], *kinds: str) -> Move | None:
    """The first option of one of `kinds`, in the rules' order."""
    for o in options:
        if o[0] in kinds:
            return o
    return None


def best_or_decline(options: tuple[Move, ...], kind: str, score: Callable[[Move], Any]) -> Move:
    """The option of `kind` that `score` rates highest (the first of equals, in the rules'
    order), or ("decline",) where the rules offer none."""
    moves = [m for m in options if m[0] == kind]
    return max(moves, key=score) if moves else ("decline",)


def fair_sale(g: Any, frame: SaleOfferFrame, money: int, reserve: int) -> bool:
    """At most the printed price, and `reserve` money left after paying it."""
    return frame.price <= g.data.spaces[frame.space].price and money - frame.price >= reserve


def trade_points_gain(g: Any, frame: TradeFrame, money_weight: int) -> int:
    """What the partner gains in property points, money counted `money_weight` points each."""
    def points(spaces: tuple) -> int:
        return sum(g.data.spaces[i].points for i in spaces)
    return points(frame.give) - points(frame.take) + money_weight * (frame.pay - frame.ask)


def family_move(g: Any, s: Any, kind: str, options: tuple, money: int, reserve: int,
                money_weight: int) -> tuple | None:
    """The Mario and Overwatch bots' shared choices: sell the property worth the fewest points
    to the bank, take a fair sale, accept a trade that gains points, never draft one; None for
    any other decision."""
    if kind == "sell":
        sells = [m for m in options if m[0] == "sell_bank"]
        return min(sells, key=lambda m: (g.data.spaces[m[1]].points, m[1])) if sells else options[0]
    if kind == "sale_offer":
        return ("accept",) if fair_sale(g, s.agenda[-1], money, reserve) else ("refuse",)
    if kind == "trade_answer":
        frame = s.agenda[-1]
        gain = trade_points_gain(g, frame, money_weight)
        return ("accept",) if gain > 0 and money - frame.ask >= reserve else ("refuse",)
    if kind == "trade_draft":
        return ("cancel",)
    return None
