"""Words for people: one line per move and a short account of the state (no rules here)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..family_words import explain_illegal as family_explain
from ..family_words import (amount, family_context, holdings, landing_what, quick_option,
                            sets_owned_whole, shared_option)
from ..game_package import SeatNames

if TYPE_CHECKING:
    from .rules import MarioMonopoly
    from .state import State

FACE_NAMES = {"coins": "Coins", "green_shell": "Green Shell", "red_shell": "Red Shell",
              "pow": "POW Block", "blooper": "Blooper"}


def _coins(n: int) -> str:
    return amount(n, "coins")


def _spaces(n: int) -> str:
    return amount(n, "spaces")


def _seat(g, s, seat: int, names: SeatNames) -> str:
    """A player by the name the side panel shows, with their figures' characters."""
    chars = [g.data.characters[f.char].name for f in s.figures if f.seat == seat and f.char]
    return names.plain(seat) + (f" ({', '.join(chars)})" if chars else "")


def _whose(g, s, f: int, names: SeatNames) -> str:
    """"your Mario", "Bob's Peach": a figure by its owner's name and its character."""
    fig = s.figures[f]
    name = g.data.characters[fig.char].name if fig.char else f"figure {f + 1}"
    return f"your {name}" if fig.seat == names.me else f"{names.plain(fig.seat)}'s {name}"


def _fig(g, s, f: int, names: SeatNames) -> str:
    return f"{_whose(g, s, f, names)} on {g.data.spaces[s.figures[f].pos].name}"


def _walk(g, s, f: int, steps: int, names: SeatNames) -> str:
    """A move in words from where to where: "your Mario 4 spaces, from A to B"."""
    sp, pos = g.data.spaces, s.figures[f].pos
    return (f"{_whose(g, s, f, names)} {_spaces(abs(steps))}, from {sp[pos].name} to "
            f"{sp[(pos + steps) % g.data.board_size].name}")


# What each space that is no property does to who lands there, in the rulebook's words.
LANDING = {"go": "collect {go_coins} coins", "jail": "just visiting", "rest": "nothing happens",
           "pipe": "warp on to the next Pipe", "coin": "roll a die: collect that many coins",
           "thwomp": "pay {thwomp_coins} coins to the space",
           "star": "your character's Super Star", "go_to_jail": "go to jail"}


def move_label(g, s, f: int, steps: int, names: SeatNames) -> str:
    """A figure's move with where it lands and what happens there: "Move your Mario 4
    spaces, from A to B (Bob's: rent 2 coins)"."""
    d = g.data
    does = {k: v.format(go_coins=d.go_coins, thwomp_coins=d.thwomp_coins)
            for k, v in LANDING.items()}
    to = (s.figures[f].pos + steps) % d.board_size
    what = landing_what(g, s, to, s.figures[f].seat, names, "coins", does)
    return f"Move {_walk(g, s, f, steps, names)} ({what})"


# The Super Stars that cost a fixed drop of coins: task -> (the move that takes the star, the
# data number of the drop, what the star does to its target)
PAID_STARS = {
    "star_boo": ("copy", "boo_star_drop",
                 lambda g, s, char, names: f"use {g.data.characters[char].name}'s Super Star"),
    "star_rosalina": ("take", "rosalina_star_drop",
                      lambda g, s, seat, names: f"take the cheapest property of {_seat(g, s, seat, names)}"),
}


def _acting(g, s, task: str, frame: tuple) -> tuple[int, str]:
    """The figure using a power-up now and the face: the turn's, or Iggy's bonus roll."""
    if task == "iggy":
        return g.acting_figure(s, frame[1]), frame[2]
    return s.turn.fig, s.turn.face


def _power(g, s, task: str, frame: tuple, move: tuple, names: SeatNames) -> str:
    d = g.data
    f, face = _acting(g, s, task, frame)
    name = FACE_NAMES.get(face, "Power-up")
    if face == "coins":
        if len(move) == 2:
            return (f"{name}: the bank pays you the rent of {d.spaces[move[1]].name} "
                    f"({_coins(g.rent(s, move[1]))})")
        return f"{name}: take {_coins(g.drop_amount(s, f, face))} from the bank"
    if face == "red_shell":
        extra = " and skips their next power-up roll" if s.figures[f].char == "luigi" else ""
        return (f"{name}: {_fig(g, s, move[1], names)} drops "
                f"{_coins(g.drop_amount(s, f, face))} on their space{extra}")
    if face == "green_shell":
        return f"{name}: {_fig(g, s, move[1], names)} drops {_coins(move[2])} on their space"
    if face == "pow":
        text = f"{name}: every other player drops {_coins(g.drop_amount(s, f, face))}"
        if len(move) == 2:
            text += ", then move to the space behind the next player ahead"
        if s.figures[f].char == "toad":
            text += ", then roll and move again"
        return text
    if face == "blooper":
        return f"{name}: take {_coins(move[2])} from {_seat(g, s, move[1], names)}"
    return "Use the power-up"


# Each character's boost (its own power-up face, stronger) and Super Star, as RULES.md words
# them; {name} is a number of data.toml.
BOOSTS = {
    "mario": "Coins: take {mario_boost_coins}",
    "peach": "Red Shell: the player hit drops {peach_boost_drop}",
    "yoshi": "Green Shell: may hit the nearest player behind instead of ahead",
    "donkey_kong": "POW Block: the others drop {donkey_kong_boost_drop}",
    "boo": "POW Block: the others drop 1, then he may move right behind the nearest player "
           "ahead",
    "diddy_kong": "Blooper: may instead take {diddy_boost_steal} from a player 1-"
                  "{diddy_boost_reach} spaces behind",
    "fire_mario": "Green Shell: the drop is {fire_mario_boost_drop} when the nearest player "
                  "ahead is {fire_mario_boost_gap} or more spaces ahead, else 3",
    "luigi": "Red Shell: the player hit drops {luigi_boost_drop} and skips their next "
             "power-up roll",
    "rosalina": "Coins: the bank may pay her the rent of one of her properties instead",
    "tanooki_mario": "Green Shell: may instead make a player on the very next space drop "
                     "{tanooki_boost_drop}",
    "toad": "POW Block: the others drop 1, then he rolls and moves again",
    "wario": "Blooper: may instead take {wario_boost_steal} from a player on his space",
}
STARS = {
    "mario": "roll the number die and take the roll + {mario_star_bonus}",
    "peach": "the bank pays the rent of each of her properties",
    "yoshi": "take every coin lying on the board (the visiting area's too)",
    "donkey_kong": "take {donkey_kong_star_take} coins from each other player",
    "boo": "drop {boo_star_drop} coins to use another character's Super Star",
    "diddy_kong": "move 1-{diddy_star_reach} spaces forward or back, or stay",
    "fire_mario": "the next two other players ahead drop {fire_mario_star_drop}",
    "luigi": "every other player skips their next power-up roll",
    "rosalina": "drop {rosalina_star_drop} coins to take a player's cheapest property",
    "tanooki_mario": "advance to the next unowned property and may buy it",
    "toad": "take {toad_star_coins} coins, then roll and move again",
    "wario": "drop 0-{wario_star_max} coins and move that many spaces",
}


def powers(g: "MarioMonopoly", cid: str) -> tuple[str, str]:
    """A character's boost and Super Star in words ("" where this module has none)."""
    numbers = {k: g.data.n(k) for k in g.data.numbers}
    return (BOOSTS.get(cid, "").format(**numbers),
            STARS.get(cid, "").format(**numbers))


TRADE_BY_SPACE = {"give": "Offer {}", "take": "Ask for {}"}
TRADE_BY_COINS = {"pay": "Add {} to your offer", "ask": "Ask for {}"}


def describe_move(g: "MarioMonopoly", s: "State", move: tuple, names: SeatNames | None = None) -> str:
    names = names or SeatNames()
    d = g.data
    sp = d.spaces
    kind = move[0] if move else ""
    frame = s.agenda[-1] if s.agenda else ("",)
    task = frame[0]
    shared = shared_option(move, "coins", lambda i: sp[i].name,
                           lambda seat: _seat(g, s, seat, names), lambda i: sp[i].price)
    if shared is not None:
        return shared
    if task == "turn":
        if kind == "roll":
            if s.players[s.turn.player].skip_powerup:
                return "Roll the number die (Luigi made you skip the power-up die)"
            return "Roll the number die and the power-up die"
        if kind == "pay_jail":
            return f"Pay {_coins(d.jail_fee)} to leave jail, then roll"
        if kind == "roll_jail":
            return "Roll the number die in jail: a 6 gets you out"
        if kind == "move":
            return move_label(g, s, s.turn.fig, s.turn.die, names)
        if kind == "end_turn":
            return "End your turn" + (" (the unused power-up is lost)" if s.turn.power_open else "")
        if kind == "swap" and len(move) > 2:
            return f"Swap {d.characters[move[1]].name} onto the board for {_fig(g, s, move[2], names)}"
        if kind == "swap":
            return f"Swap {d.characters[move[1]].name} onto the board"
    if kind == "power":
        return _power(g, s, task, frame, move, names)
    if task == "iggy" and kind == "decline":
        return "Do not use the power-up"
    if task in ("pick", "party_pick"):
        if kind == "char":
            boost, star = powers(g, move[1])
            # "you chose: Play as Mario: boost ..."
            return f"Play as {d.characters[move[1]].name}: boost {boost}; Super Star: {star}"
        return "Keep a team of two"
    if task == "choose_figure":
        return f"Move {_fig(g, s, move[1], names)} this turn"
    if task == "buy":
        space = frame[2]
        return (f"Buy {sp[space].name} for {_coins(sp[space].price)}" if kind == "buy"
                else f"Auction {sp[space].name}, starting with you")
    if task == "tanooki_buy":
        space = frame[2]
        return (f"Buy {sp[space].name} for {_coins(sp[space].price)}" if kind == "buy"
                else f"Do not buy {sp[space].name}")
    if task == "auction":
        if kind == "bid":
            return f"Bid {_coins(move[1])} for {sp[frame[1]].name}"
        return "Pass (you leave the auction)"
    if task == "boss_turn":
        b = d.bosses[s.boss]
        if kind == "fight":
            return (f"Pay {_coins(b.cost)} to the {'card' if b.cost_to == 'card' else 'bank'} "
                    f"and fight {b.name} (roll {b.need} or more)")
        return f"Pass: no fight against {b.name} for you"
    if task == "sale_offer":
        return (f"{kind.capitalize()} {sp[frame[5]].name} from {_seat(g, s, frame[1], names)} "
                f"for {_coins(frame[7])}")
    if task == "trade_draft":
        if kind in TRADE_BY_SPACE:
            return TRADE_BY_SPACE[kind].format(sp[move[1]].name)
        if kind in TRADE_BY_COINS:
            return TRADE_BY_COINS[kind].format(_coins(move[1]))
        return "Make the offer" if kind == "offer" else "Cancel the trade"
    if task == "trade_answer":
        return f"{kind.capitalize()} the trade offered by {_seat(g, s, frame[1], names)}"
    if task == "drop_any":
        return f"Drop the coins at {_fig(g, s, move[1], names)}"
    if task in PAID_STARS:
        take, drop, what = PAID_STARS[task]
        if kind == take:
            return f"Drop {_coins(d.n(drop))} and {what(g, s, move[1], names)}"
        return "Keep your coins: no Super Star"
    if task == "star_diddy_kong":
        if kind == "step":
            way = "forward" if move[1] > 0 else "back"
            return move_label(g, s, frame[1], move[1], names) + f", {way}"
        return "Stay where you are"
    if task == "star_wario":
        if move[1]:
            return f"Drop {_coins(move[1])} and m{move_label(g, s, frame[1], move[1], names)[1:]}"
        return "Keep your coins and stay"
    return " ".join(str(x) for x in move)


def describe_state(g: "MarioMonopoly", s: "State", seat: int | None,
                   names: SeatNames | None = None) -> list[str]:
    names = names or SeatNames()
    d = g.data
    lines = []
    if s.turns:
        t = s.turn
        line = f"Turn {s.turns}: {_seat(g, s, t.player, names)} to play"
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
        lines.append(f"{names.plain(i)}{you}: {_coins(p.coins)}; {where}; {props}; {bosses}")
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


# A decision's title by its task, where the options alone say the rest
TITLES = {"pick": "Choose a character for your figure", "party_pick": "Choose your team",
          "choose_figure": "Choose the figure that moves this turn",
          "drop_any": "Choose whose figure drops the coins",
          "iggy": "Iggy's bonus power-up roll: use it?",
          "star_boo": "Boo's Super Star: copy another character's Super Star?",
          "star_rosalina": "Rosalina's Super Star: take a player's cheapest property?",
          "star_diddy_kong": "Diddy Kong's Super Star: move forward or back?",
          "star_wario": "Wario's Super Star: drop coins to move that many spaces?"}


def decision_context(g: "MarioMonopoly", s: "State", decision: Any, names: Any) -> dict:
    """The shared family's context (auction, sale offer, trade, forced sale), else the title:
    the turn with its roll, the space to buy, the boss to fight, or the task's own words; with
    the option that ends, sends or passes ("quick")."""
    return {**_context(g, s, decision, names), **quick_option(decision.options)}


def _context(g: "MarioMonopoly", s: "State", decision: Any, names: Any) -> dict:
    shared = family_context(
        g, s, names, "coins", why_sell=lambda frame:
        f"You owe coins ({debt_cause(g, s, frame.creditor, names)}): sell a property")
    if shared:
        return shared
    frame = s.agenda[-1] if s.agenda else ("",)
    task, t = frame[0], s.turn
    if task == "turn":
        rolled = ""
        if t.die:
            rolled = f": you rolled {t.die}"
            if t.face:
                rolled += f" and {FACE_NAMES[t.face]}" + ("" if t.power_open else " (used)")
        return {"title": "Your turn" + rolled}
    if task in ("buy", "tanooki_buy"):
        space = g.data.spaces[frame[2]]
        return {"title": f"{space.name} is for sale ({_coins(space.price)})",
                "lot": {"space": space.index, "name": space.name}, "price": space.price}
    if task == "boss_turn":
        b = g.data.bosses[s.boss]
        return {"title": f"Boss fight: {b.name} (roll {b.need} or more, {b.points} points)"}
    return {"title": TITLES.get(task, f"Your decision: {decision.prompt.replace('_', ' ')}")}


def debt_cause(g: "MarioMonopoly", s: "State", creditor: Any, names: Any) -> str:
    """What takes the coins a player owes, in words: whose Super Star or power-up this turn
    (the turn's own record of them), or the space or fight that charges them."""
    d, t = g.data, s.turn
    kind, who = creditor if isinstance(creditor, tuple) and len(creditor) == 2 else ("", None)
    by = names.plain(t.player)
    to_a_player = kind in ("seat", "fig")
    if to_a_player and t.stars and (kind == "fig" or who == t.player):
        char = s.figures[t.stars[-1]].char
        return f"{by} used {d.characters[char].name}'s Super Star"
    if to_a_player and t.face and not t.power_open:
        return f"{by} used the {FACE_NAMES.get(t.face, 'power-up')} power-up"
    # otherwise the creditor itself is the cause (lazily: `who` means a seat, a figure or a space)
    cause = {"seat": lambda: f"owed to {names.plain(who)}",
             "fig": lambda: f"dropped where {_fig(g, s, who, names)} stands",
             "space": lambda: f"{d.spaces[who].name} takes them"}
    return cause.get(kind, lambda: "owed to the bank")()


def explain_illegal(g: "MarioMonopoly", s: "State", decision: Any, move: tuple) -> str:
    return family_explain(decision, move, _coins,
                          s.players[decision.player].coins, same_kind_words=False)


# One-line names for a narrow board cell, by kind (properties are cut from their full names)
SHORT = {"go": "GO", "jail": "Jail", "rest": "Free", "go_to_jail": "ToJail", "pipe": "Pipe",
         "coin": "Coins", "star": "Star", "thwomp": "Thwomp"}


def glossary(g: "MarioMonopoly") -> dict:
    """What the board screen draws with: the spaces (full and short names, kind, price), the
    characters' and bosses' names, the currency and how the score is made."""
    d = g.data
    return {
        "spaces": [{"name": sp.name, "short": SHORT.get(sp.kind, ""), "kind": sp.kind,
                    "price": sp.price, "set": sp.set, "rent": sp.rent, "points": sp.points}
                   for sp in d.spaces],
        "characters": {cid: {"name": c.name, "role": f"boosts the {FACE_NAMES[c.boost]}",
                             "help": [f"Boost: {powers(g, cid)[0]}",
                                      f"Super Star: {powers(g, cid)[1]}"]}
                       for cid, c in d.characters.items()},
        "bosses": {str(n): {"name": b.name, "cost": b.cost, "need": b.need, "points": b.points}
                   for n, b in d.bosses.items()},
        "money": "coins",
        "scoring": (f"Score = property points + boss points + {d.points_per_stack} for "
                    f"every {d.stack} coins in hand."),
    }


def board(g: "MarioMonopoly", s: "State", seat: int | None, cards: Any = None) -> dict:
    """What the board screen shows of `s` beyond the state: the properties each seat owns
    ("seats": [{"owned"}]) and how many bosses are left to fight ("bosses_left"). Nothing in
    the game is hidden, so every seat gets the same (`seat` and `cards` change nothing)."""
    return {"seats": holdings(g, s), "bosses_left": len(s.boss_deck),
            "whole_sets": sets_owned_whole(g, s)}

