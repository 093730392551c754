"""The greedy bot's policy: buy what it can afford, fight bosses it can pay for, hit the leader.

Plain heuristics, no search; ties are broken by option order, so the bot is deterministic.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Decision, Move
from ..family_bot import best_or_decline, family_move, first_of

if TYPE_CHECKING:
    from .rules import MarioMonopoly
    from .state import State

RESERVE = 2  # coins the bot keeps back when buying
COIN_POINTS = 2   # what a coin is worth against a property's points when judging a trade


def standing(g: "MarioMonopoly", s: "State", seat: int) -> int:
    """Points the player would score now."""
    d = g.data
    p = s.players[seat]
    return (g.property_points(s, seat) + sum(d.bosses[b].points for b in p.bosses)
            + d.points_per_stack * (p.coins // d.stack))


def leader_order(g: "MarioMonopoly", s: "State", seat: int) -> list[int]:
    return sorted(g.others(s, seat), key=lambda o: (-standing(g, s, o), o))


def _power_value(g: "MarioMonopoly", s: "State", seat: int, m: Move, order: list[int]) -> tuple:
    """Higher is better: coins taken or made to drop, then the better placed victim (by
    `order`, the leader order, sorted once per decision by the caller: it was sorted anew for
    every option compared, the most of a Mario turn's bot time)."""
    victim = None
    amount = 0
    face = s.turn.face if s.agenda and s.agenda[-1][0] == "turn" else s.agenda[-1][2]
    if face == "coins":
        amount = g.rent(s, m[1]) if len(m) == 2 else 3
    elif face == "red_shell":
        victim = s.figures[m[1]].seat
        amount = 3
    elif face == "green_shell":
        victim, amount = s.figures[m[1]].seat, m[2]
    elif face == "pow":
        amount = 1 + (1 if len(m) == 2 else 0)
    elif face == "blooper":
        victim, amount = m[1], m[2]
    rank = order.index(victim) if victim in order else len(order)
    return (amount, -rank)


def greedy_move(g: "MarioMonopoly", s: "State", d: Decision, rng: Any) -> Move:
    o = d.options
    seat = d.player
    me = s.players[seat]
    kind = d.prompt
    data = g.data
    if kind == "turn":
        if ("roll",) in o:
            return ("roll",)
        pay = first_of(o, "pay_jail")
        if pay is not None and me.coins >= 12:
            return pay
        rj = first_of(o, "roll_jail")
        if rj is not None:
            return rj
        if pay is not None:
            return pay
        powers = [m for m in o if m[0] == "power"]
        if powers:
            # a shell or POW before moving drops coins the bot may pick up on the way
            order = leader_order(g, s, seat)
            return max(powers, key=lambda m: _power_value(g, s, seat, m, order))
        return first_of(o, "move") or first_of(o, "end_turn") or o[0]
    if kind == "iggy":
        order = leader_order(g, s, seat)
        return best_or_decline(o, "power", lambda m: _power_value(g, s, seat, m, order))
    if kind == "choose_figure":
        return max(o, key=lambda m: (_landing_value(g, s, seat, m[1]), -m[1]))
    if kind in ("buy", "tanooki_buy"):
        space = s.agenda[-1][2]
        if ("buy",) in o and me.coins >= data.spaces[space].price + RESERVE:
            return ("buy",)
        return ("auction",) if ("auction",) in o else ("decline",)
    if kind == "auction":
        space = s.agenda[-1][1]
        bid = first_of(o, "bid")
        if bid is not None and bid[1] <= data.spaces[space].price and me.coins - bid[1] >= RESERVE:
            return bid
        return ("pass",)
    if kind == "boss_turn":
        boss = data.bosses[s.boss]
        return ("fight",) if ("fight",) in o and me.coins >= boss.cost else ("pass",)
    shared = family_move(g, s, kind, o, me.coins, RESERVE, COIN_POINTS)
    if shared is not None:
        return shared
    if kind == "drop_any":
        # drop where the opponent is least likely to pass next: the figure furthest behind them
        return o[0]
    if kind == "star_boo":
        copies = [m for m in o if m[0] == "copy"]
        for c in ("yoshi", "mario", "toad", "peach", "donkey_kong"):
            if ("copy", c) in copies and (c != "yoshi" or sum(s.board) > 6):
                return ("copy", c)
        return ("decline",)
    if kind == "star_rosalina":
        takes = [m for m in o if m[0] == "take"]
        return takes[0] if takes and me.coins >= 8 else ("decline",)
    if kind == "star_diddy_kong":
        f = s.agenda[-1][1]
        return max(o, key=lambda m: (_space_value(g, s, seat, s.figures[f].pos + (
            m[1] if m[0] == "step" else 0)), m[0] == "stay"))
    if kind == "star_wario":
        f = s.agenda[-1][1]
        pos = s.figures[f].pos
        best = max(o, key=lambda m: (_space_value(g, s, seat, pos + m[1]) - m[1] // 3, -m[1]))
        return best
    return o[0]


def _space_value(g: "MarioMonopoly", s: "State", seat: int, pos: int) -> int:
    data = g.data
    pos %= data.board_size
    sp = data.spaces[pos]
    v = s.board[pos]
    if sp.kind == "property":
        owner = s.owners[pos]
        if owner == -1:
            v += 2 if s.players[seat].coins >= sp.price + RESERVE else 0
        elif owner != seat:
            v -= g.rent(s, pos)
    else:
        v += {"coin": 3, "star": 4, "go_to_jail": -5, "thwomp": -2}.get(sp.kind, 0)
    return v


def _landing_value(g: "MarioMonopoly", s: "State", seat: int, f: int) -> int:
    pos = s.figures[f].pos
    die = s.turn.die
    picked = sum(s.board[(pos + i) % g.data.board_size] for i in range(1, die))
    go = 2 if pos + die >= g.data.board_size else 0
    return picked + go + _space_value(g, s, seat, pos + die)
