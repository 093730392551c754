"""Greedy-bot judgements the Monopoly-family bots share: whether an offered sale or a trade is
worth taking. Bots read task frames by their field names (monopoly_family's named tuples).
Bots never change the rules: they only pick among the options the rules offer."""
from __future__ import annotations

from typing import Any

from .monopoly_family import SaleOfferFrame, TradeFrame


def fair_sale(g: Any, frame: SaleOfferFrame, money: int, reserve: int) -> bool:
    """At most the printed price, and `reserve` money left after paying it."""
    return frame.price <= g.data.spaces[frame.space].price and money - frame.price >= reserve


def trade_points_gain(g: Any, frame: TradeFrame, money_weight: int) -> int:
    """What the partner gains in property points, money counted `money_weight` points each."""
    def points(spaces: tuple) -> int:
        return sum(g.data.spaces[i].points for i in spaces)
    return points(frame.give) - points(frame.take) + money_weight * (frame.pay - frame.ask)
