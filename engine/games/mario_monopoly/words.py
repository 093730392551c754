"""Words for people: one line per move and a short account of the state (no rules here)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import MarioMonopoly
    from .state import State

FACE_NAMES = {"coins": "Coins", "green_shell": "Green Shell", "red_shell": "Red Shell",
              "pow": "POW Block", "blooper": "Blooper"}


def _coins(n: int) -> str:
    return f"{n} coin" + ("" if n == 1 else "s")


def _seat(g, s, seat: int) -> str:
    chars = [g.data.characters[f.char].name for f in s.figures if f.seat == seat and f.char]
    return f"P{seat + 1}" + (f" ({', '.join(chars)})" if chars else "")


def _fig(g, s, f: int) -> str:
    fig = s.figures[f]
    name = g.data.characters[fig.char].name if fig.char else f"figure {f + 1}"
    return f"P{fig.seat + 1}'s {name} on {g.data.spaces[fig.pos].name}"


def describe_move(g: "MarioMonopoly", s: "State", move: tuple) -> str:
    d = g.data
    kind = move[0] if move else ""
    frame = s.agenda[-1] if s.agenda else ("",)
    task = frame[0]
    sp = d.spaces
    if kind == "roll":
        return "Roll the number die and the power-up die"
    if kind == "pay_jail":
        return f"Pay {_coins(d.jail_fee)} to leave jail, then roll"
    if kind == "roll_jail":
        return "Roll the number die in jail: a 6 gets you out"
    if kind == "move":
        return f"Move {s.turn.die} spaces"
    if kind == "end_turn":
        return "End your turn" + (" (the unused power-up is lost)" if s.turn.power_open else "")
    if kind == "figure":
        return f"Move {_fig(g, s, move[1])} this turn"
    if kind == "char":
        return f"Choose {d.characters[move[1]].name}"
    if kind == "done":
        return "Keep a team of two"
    if kind == "swap":
        return f"Swap {d.characters[move[1]].name} onto the board"
    if kind == "power":
        face = s.turn.face if task == "turn" else frame[2] if task == "iggy" else ""
        name = FACE_NAMES.get(face, "Power-up")
        if face == "coins":
            return (f"{name}: the bank pays you {sp[move[1]].name}'s rent ({_coins(g.rent(s, move[1]))})"
                    if len(move) == 2 else f"{name}: take coins from the bank")
        if face == "red_shell":
            return f"{name}: {_fig(g, s, move[1])} drops coins on their space"
        if face == "green_shell":
            return f"{name}: {_fig(g, s, move[1])} drops {_coins(move[2])} on their space"
        if face == "pow":
            return f"{name}: every other player drops coins" + (
                ", then move behind the next player ahead" if len(move) == 2 else "")
        if face == "blooper":
            return f"{name}: take {_coins(move[2])} from {_seat(g, s, move[1])}"
        return f"Use the power-up {move[1:]}"
    if kind == "buy":
        space = frame[2]
        return f"Buy {sp[space].name} for {_coins(sp[space].price)}"
    if kind == "auction":
        return f"Auction {sp[frame[2]].name}"
    if kind == "bid":
        return f"Bid {_coins(move[1])} for {sp[frame[1]].name}"
    if kind == "pass":
        if task == "boss_turn":
            return f"Let {d.bosses[s.boss].name} go: no fight for you"
        return "Pass (you leave the auction)"
    if kind == "fight":
        b = d.bosses[s.boss]
        return f"Pay {_coins(b.cost)} and fight {b.name} (roll {b.need} or more)"
    if kind == "decline":
        return "Decline"
    if kind == "sell_bank":
        return f"Sell {sp[move[1]].name} to the bank for {_coins(sp[move[1]].price)}"
    if kind == "sell_to":
        return f"Offer {sp[move[1]].name} to {_seat(g, s, move[2])} for {_coins(move[3])}"
    if kind in ("accept", "refuse"):
        return kind.capitalize() + " the offer"
    if kind == "trade":
        return f"Propose a trade to {_seat(g, s, move[1])}"
    if kind == "give":
        return f"Offer {sp[move[1]].name}"
    if kind == "take":
        return f"Ask for {sp[move[1]].name}"
    if kind == "pay":
        return f"Add {_coins(move[1])} to your offer"
    if kind == "ask":
        return f"Ask for {_coins(move[1])}"
    if kind == "offer":
        return "Make the offer"
    if kind == "cancel":
        return "Cancel the trade"
    if kind == "drop_at":
        return f"Drop the coins at {_fig(g, s, move[1])}"
    if kind == "copy":
        return f"Drop {_coins(d.n('boo_star_drop'))} and use {d.characters[move[1]].name}'s Super Star"
    if kind == "step":
        return f"Move {abs(move[1])} spaces {'forward' if move[1] > 0 else 'back'}"
    if kind == "stay":
        return "Stay where you are"
    if kind == "take" and task == "star_rosalina":
        return f"Drop 5 coins and take {_seat(g, s, move[1])}'s cheapest property"
    if kind == "drop":
        return f"Drop {_coins(move[1])} and move {move[1]} spaces" if move[1] else "Stay where you are"
    return " ".join(str(x) for x in move)


def describe_state(g: "MarioMonopoly", s: "State", seat: int | None) -> list[str]:
    d = g.data
    lines = []
    if s.turns:
        t = s.turn
        line = f"Turn {s.turns}: {_seat(g, s, t.player)} to play"
        if t.die:
            line += f"; rolled {t.die}"
            if t.face:
                line += f" and {FACE_NAMES[t.face]}" + ("" if t.power_open else " (used)")
        lines.append(line)
    else:
        lines.append("Setting up: rolling for the first player and choosing figures")
    for i, p in enumerate(s.players):
        figs = [f for f in range(len(s.figures)) if s.figures[f].seat == i]
        where = "; ".join(
            (d.characters[s.figures[f].char].name if s.figures[f].char else "?") + " on "
            + d.spaces[s.figures[f].pos].name + (" (in jail)" if s.figures[f].jailed else "")
            for f in figs)
        props = ", ".join(d.spaces[x].name for x in g.properties_of(s, i)) or "no properties"
        bosses = ", ".join(d.bosses[b].name for b in p.bosses) or "no bosses"
        you = " (you)" if seat == i else ""
        lines.append(f"P{i + 1}{you}: {_coins(p.coins)}; {where}; {props}; {bosses}")
        if p.team and g.party(s):
            lines.append(f"   team: {', '.join(d.characters[c].name for c in p.team)}")
    lying = [f"{d.spaces[i].name} {n}" for i, n in enumerate(s.board) if n]
    lines.append("Coins on the board: " + (", ".join(lying) if lying else "none")
                 + (f"; visiting area {s.pot}" if s.pot else ""))
    if s.boss:
        b = d.bosses[s.boss]
        lines.append(f"Boss fight: {b.name} (cost {b.cost}, roll {b.need}+, {b.points} points)")
    elif s.boss_deck:
        b = d.bosses[s.boss_deck[0]]
        lines.append(f"Next boss: {b.name} ({b.points} points); {len(s.boss_deck)} left")
    return lines
