"""The greedy bot's policy: capture what it can afford, hit the leader, heal when low.

Plain heuristics, no search; ties are broken by option order, so the bot is deterministic.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Decision, Move
from ..family_bot import best_or_decline, family_move, first_of

if TYPE_CHECKING:
    from .rules import OverwatchMonopoly
    from .state import State

RESERVE = 3  # HP the bot keeps back when buying, so one rent does not cost it a hero
SELF_GAIN = {"lucio": 3, "mercy": 4, "brigitte": 2, "zenyatta": 2, "ana": 3}


# What the policy counts a Loot Box not yet face up as: the deck's median. It sees public data
# only (it is the takeover policy too, which every node plays alike), and nobody's card is
# public before the end.
LOOT_ESTIMATE = 30


def standing(g: "OverwatchMonopoly", s: "State", seat: int) -> int:
    """Points a player would score now (without Play of the Game)."""
    objectives = sum(g.data.spaces[i].points for i, o in enumerate(s.owners) if o == seat)
    loot = sum(g.data.loot_box_points[s.loot_open[pos]] if s.loot_open[pos] >= 0
               else LOOT_ESTIMATE for pos in s.players[seat].loot)
    return objectives + loot + 10 * s.players[seat].hp // 4


def leader_order(g: "OverwatchMonopoly", s: "State", seat: int) -> list[int]:
    """Opponents, the best placed first; immune ones last (hitting them only spends the shield)."""
    others = g.opponents(s, seat)
    return sorted(others, key=lambda o: (s.players[o].immune, -standing(g, s, o), o))


def _target_rank(g, s, seat: int, move: Move, order: list[int]) -> int:
    """Lower is better: the position of the move's first target in `order` (the leader
    order, found once per decision by the caller: it was sorted anew for every option)."""
    targets = [x for x in move[2:] if isinstance(x, int) and 0 <= x < len(s.players)]
    return order.index(targets[0]) if targets and targets[0] in order else len(order)


def _space_value(g, s, seat: int, pos: int) -> int:
    sp = g.data.spaces[pos % g.data.board_size]
    if sp.kind == "objective":
        owner = s.owners[sp.index]
        if owner == -1:
            return 3 if s.players[seat].hp >= sp.price + RESERVE else 0
        return 0 if owner == seat else -g.rent(s, sp.index)
    return {"health_pack": 3, "ultimate": 3, "go_to_jail": -4, "payload": 1}.get(sp.kind, 0)


JAIL_STAYS = 2  # the bot stays in jail by choice at most this often in a row


def _jail_is_safer(g, s, seat: int) -> bool:
    """Stay in jail while the rolls from Just Visiting would on average cost HP (others' rent),
    a few turns at most: the leveling up at GO waits outside."""
    if s.players[seat].jail_tries > 1 + JAIL_STAYS:
        return False
    jail = g.data.jail_space
    return sum(_space_value(g, s, seat, jail + die) for die in range(1, 7)) < 0


def greedy_move(g: "OverwatchMonopoly", s: "State", d: Decision, rng: Any) -> Move:
    o = d.options
    seat = d.player
    me = s.players[seat]
    kind = d.prompt
    if kind in ("pick_leader", "draft", "eliminate", "level_up"):
        if kind == "level_up":
            return first_of(o, "respawn") or first_of(o, "done") or o[0]
        return o[0]
    if kind == "turn":
        if ("pay_jail",) in o and me.hp >= 10:
            return ("pay_jail",)
        for k in ("roll", "roll_jail"):
            if (k,) in o:
                return (k,)
        abilities = [m for m in o if m[0] == "ability"]
        if abilities:
            best = _best_ability(g, s, seat, abilities)
            if best is not None:
                return best
        return first_of(o, "move") or first_of(o, "end_turn") or o[0]
    if kind == "capture":
        price = g.data.spaces[s.players[seat].pos].price
        return ("capture",) if ("capture",) in o and me.hp >= price + RESERVE else ("auction",)
    if kind == "auction":
        space = s.agenda[-1][1]
        bid = first_of(o, "bid")
        limit = g.data.spaces[space].price
        if bid is not None and bid[1] <= limit and me.hp - bid[1] >= RESERVE:
            return bid
        return ("pass",)
    shared = family_move(g, s, kind, o, me.hp, RESERVE, 10)
    if shared is not None:
        return shared
    if kind == "free_parking":
        swaps = [m for m in o if m[0] == "swap"]
        if not swaps:
            return ("decline",)
        best = max(swaps, key=lambda m: (g.data.spaces[m[2]].points - g.data.spaces[m[1]].points,
                                         -m[1], -m[2]))
        gain = g.data.spaces[best[2]].points - g.data.spaces[best[1]].points
        return best if gain > 0 else ("decline",)
    if kind == "ultimate":
        order = leader_order(g, s, seat)
        return best_or_decline(o, "ultimate", lambda m: -_target_rank(g, s, seat, m, order))
    if kind == "zarya":
        order = leader_order(g, s, seat)
        return min(o, key=lambda m: _target_rank(g, s, seat, ("x", "x", m[1]), order))
    if kind == "jail_exit":
        return ("stay_in_jail",) if _jail_is_safer(g, s, seat) else ("leave_jail",)
    if kind == "blink":
        here = _space_value(g, s, seat, me.pos)
        return ("stay",) if here >= 0 else ("blink_again",)
    if kind == "symmetra_pick":
        return max(o, key=lambda m: (
            _space_value(g, s, seat, me.pos + g.move_distance(s, seat, 0, die=m[1])), m[1]))
    return o[0]


def _best_ability(g, s, seat: int, abilities: list[Move]) -> Move | None:
    """The first character (in option order) whose ability is worth using, and how.

    One face can offer several characters (6V6, No Limits): each is judged on its own moves,
    whose parameters have that character's shape.
    """
    by_character: dict[str, list[Move]] = {}
    for m in abilities:
        by_character.setdefault(m[1], []).append(m)
    for moves in by_character.values():
        best = _best_of_character(g, s, seat, moves)
        if best is not None:
            return best
    return None


def _best_of_character(g, s, seat: int, abilities: list[Move]) -> Move | None:
    me = s.players[seat]
    moved = s.turn.moved
    cid = abilities[0][1]
    if cid in ("junkrat", "torbjorn", "dva", "reinhardt", "zarya", "bastion", "moira", "orisa",
               "mercy", "brigitte"):
        return abilities[0]
    if cid in ("lucio", "ana"):
        if me.hp <= 15:
            return next((m for m in abilities if "heal" in m), abilities[0])
        if cid == "ana":
            order = leader_order(g, s, seat)
            return min((m for m in abilities if m[2] == "shoot"),
                       key=lambda m: _target_rank(g, s, seat, ("x", "x", m[3]), order),
                       default=None)
        return None if not moved else abilities[0]
    if cid == "hanzo":
        first = leader_order(g, s, seat)[0]
        return min(abilities, key=lambda m: (-m[2:][first], m))
    if cid in ("winston", "symmetra", "tracer", "doomfist", "genji"):
        if moved:
            return None
        if cid == "winston":
            # Value the space each choice really ends on (Mei's -3 included).
            end = lambda m: me.pos + g.move_distance(s, seat, m[2])  # noqa: E731
            return max(abilities, key=lambda m: (_space_value(g, s, seat, end(m)), -m[2]))
        return abilities[0]
    if cid == "sombra":
        return max(abilities, key=lambda m: (g.rent(s, m[2]), -m[3]))
    order = leader_order(g, s, seat)
    return min(abilities, key=lambda m: _target_rank(g, s, seat, m, order))
