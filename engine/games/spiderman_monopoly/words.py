"""Words for people: describe_move, describe_state, explain_illegal. They never change the rules."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Decision, Move
from ..family_words import explain_illegal as family_explain
from ..family_words import (amount, family_context, holdings, landing_what, payee, quick_option,
                            sets_owned_whole, shared_option, space_ref)
from ..game_package import SeatNames
from .family import BANK, BOT_LEVEL, NOBODY, half_up

if TYPE_CHECKING:
    from .rules import SpiderManMonopoly
    from .state import State


def webs(n: int) -> str:
    return amount(n, "webs")


def who(seat: int, names: SeatNames) -> str:
    """A seat by the name the side panel shows, or the bank."""
    return "the bank" if seat == BANK else names.plain(seat)


def space_name(g: "SpiderManMonopoly", i: int) -> str:
    return g.data.spaces[i].name


def tech_words(level: int) -> str:
    if level == BOT_LEVEL:
        return "a Spider-Bot"
    return f"{level} Spider-Tracer" + ("" if level == 1 else "s")


def card_text(g: "SpiderManMonopoly", cid: str) -> str:
    c = g.data.cards[cid]
    return f"{g.deck_name(c.deck)} card: {c.text}"


# Options in words, by the move's kind. A new option's label goes in one of these tables when
# its words depend on nothing or on its one parameter, else in `describe_move`.
FIXED = {"use_card": "Use your Get Out of Jail Free card, then roll", "end_turn": "End your turn",
         "pass": "Pass (leave the auction)", "stay": "Stay at the Subway",
         "offer": "Send the offer", "cancel": "Cancel the trade"}
BY_WEBS = {"pay": "Add {} to your side", "ask": "Ask for {}"}
BY_SPACE = {"give": "Offer {}", "take": "Ask for {}",
            "ride": "Ride the Subway to {} (no GO, no Symbol on the way)"}
BY_CARD = {"give_card": "Offer your card ({})", "take_card": "Ask for their card ({})"}


# What each space that is no property does to who lands there, in the rulebook's words.
LANDING = {"go": "collect {go_webs} webs", "jail": "just visiting",
           "free_parking": "nothing happens", "go_to_jail": "go to jail",
           "spider_sense": "draw a Spider-Sense card", "daily_bugle": "draw a Daily Bugle card",
           "subway": "you may ride the Subway"}


def ride_label(g: "SpiderManMonopoly", s: "State", seat: int, space: int,
               names: SeatNames) -> str:
    """A Subway ride with what happens where it ends ("... to Vulture (Bob's: rent 3 webs)");
    an alliance's rent is by the dice ("the dice x 2": the rules' rent of a roll of 1)."""
    does = {k: v.format(go_webs=g.data.go_webs) for k, v in LANDING.items()}
    what = landing_what(g, s, space, seat, names, "webs", does, rent=lambda i: (
        f"the dice x {g.rent(s, i, 1)}" if g.data.spaces[i].kind == "alliance"
        else webs(g.rent(s, i))))
    return f"Ride the Subway to {space_name(g, space)} ({what}; no GO, no Symbol on the way)"


def describe_move(g: "SpiderManMonopoly", s: "State", move: Move,
                  names: SeatNames | None = None) -> str:
    names = names or SeatNames()
    kind = move[0]
    frame = s.agenda[-1] if s.agenda else ("",)
    seat = s.turn.player
    d = g.data
    if kind in FIXED:
        return FIXED[kind]
    shared = shared_option(move, "webs", lambda i: space_name(g, i), lambda x: who(x, names),
                           lambda i: d.spaces[i].price)
    if shared is not None:
        return shared
    if kind in BY_WEBS:
        return BY_WEBS[kind].format(webs(move[1]))
    if kind in BY_CARD:
        return BY_CARD[kind].format(card_text(g, move[1]))
    if kind == "hero":
        h = d.hero(move[1])
        return f"Play as {h.name} ({h.text})"
    if kind == "roll":
        return "Roll both dice" + (" again (doubles)" if s.turn.again else "")
    if kind == "pay_jail":
        return f"Pay {webs(d.jail_fee)} to leave jail, then roll"
    if kind == "roll_jail":
        return f"Roll for doubles to leave jail (turn {s.players[seat].jail_turns + 1} of {d.jail_turns})"
    if kind == "tracer":
        return (f"Attach a Spider-Tracer to {space_name(g, move[1])} for "
                f"{webs(d.spaces[move[1]].tracer_cost)}")
    if kind == "bot":
        return (f"Deploy a Spider-Bot on {space_name(g, move[1])} for "
                f"{webs(d.spaces[move[1]].bot_cost)} (its 4 Tracers go back to the bank)")
    if kind == "sell":
        sp = d.spaces[move[1]]
        if s.tech[move[1]] == BOT_LEVEL:
            return f"Sell the Spider-Bot on {sp.name} for {webs(half_up(sp.bot_cost))} (it becomes 4 Tracers)"
        return f"Sell a Spider-Tracer on {sp.name} for {webs(half_up(sp.tracer_cost))}"
    if kind == "play":
        eff = g.card_effect(move[1])
        if eff[0] == "keep_steal":
            return f"Play your Daily Bugle card: take {webs(eff[1])} from {who(move[2], names)}"
        return f"Play your Daily Bugle card: {who(move[2], names)} skips their next turn"
    if kind == "keep":
        for_rent = " for the alliance's rent" if frame[1] == "rent" else ""
        return f"Keep the roll {frame[2]} and {frame[3]}{for_rent}"
    if kind == "reroll":
        return f"Reroll (Ghost-Spider) instead of {frame[2]} and {frame[3]}; the second roll counts"
    if kind == "buy":
        sp = d.spaces[frame[2]]
        return f"Buy {sp.name} for {webs(sp.price)}"
    if kind == "auction":
        return f"Don't buy {space_name(g, frame[2])}: the bank auctions it"
    if kind == "bid":
        return f"Bid {webs(move[1])} for {_lot(g, frame)}"
    if kind == "want":
        return f"Yes, I want the last Spider-{frame[1].title()} too (it will be auctioned)"
    if kind == "decline":
        return f"No, let {who(frame[3], names)} have the last Spider-{frame[1].title()}"
    if kind == "place":
        return f"Put the Spider-{s.agenda[-1][2].title()} on {space_name(g, move[1])}"
    if kind == "take" and frame[0] == "power_pick":
        return f"Take {webs(d.small_power_webs)} from {who(move[1], names)} (Spider-Power)"
    if kind == "give" and frame[0] == "surrender":
        return f"Give {space_name(g, move[1])} to {who(frame[3], names)} to settle the debt"
    if kind == "ride":
        return ride_label(g, s, frame[1], move[1], names)
    if kind in BY_SPACE:
        return BY_SPACE[kind].format(space_name(g, move[1]))
    if kind in ("accept", "refuse"):
        _, a, b, give, take, pay, ask, gc, tc = frame
        mine = [space_name(g, i) for i in take] + [f"card {c}" for c in tc] + ([webs(ask)] if ask else [])
        theirs = [space_name(g, i) for i in give] + [f"card {c}" for c in gc] + ([webs(pay)] if pay else [])
        verb = "Accept" if kind == "accept" else "Refuse"
        return (f"{verb} {who(a, names)}'s offer: you get {', '.join(theirs) or 'nothing'}, "
                f"you give {', '.join(mine) or 'nothing'}")
    return " ".join(str(part) for part in move)


def describe_state(g: "SpiderManMonopoly", s: "State", seat: int | None,
                   names: SeatNames | None = None) -> list[str]:
    names = names or SeatNames()
    d = g.data
    lines: list[str] = []
    t = s.turn
    if s.agenda:
        lines.append(f"Turn {s.turns}: {who(t.player, names)} to play" +
                     (f" (doubles x{t.doubles})" if t.doubles else ""))
    else:
        res = g.result(s)
        lines.append("Game over: winner " + " and ".join(who(w, names) for w in res.winners))
    holder = who(s.symbol, names) + f" ({d.hero(s.players[s.symbol].hero).name})" \
        if s.symbol != NOBODY else "nobody (the next player to pass GO takes it)"
    lines.append(f"Symbol of Great Responsibility: {holder}")
    for i, p in enumerate(s.players):
        you = " (you)" if seat == i else ""
        if p.out:
            lines.append(f"{who(i, names)}{you}: bankrupt, out of the game")
            continue
        hero = d.hero(p.hero).name if p.hero else "no hero yet"
        where = "In Jail" if p.jailed else space_name(g, p.pos)
        props = []
        for j in g.properties_of(s, i):
            extra = f" [{tech_words(s.tech[j])}]" if s.tech[j] else ""
            props.append(space_name(g, j) + extra)
        cards = [("Get Out of Jail Free" if g.card_effect(c)[0] == "keep_jail" else c)
                 for c in p.cards]
        line = f"{who(i, names)}{you} {hero}: {webs(p.webs)}, on {where}"
        if props:
            line += "; owns " + ", ".join(props)
        if cards:
            line += "; cards " + ", ".join(cards)
        if p.skip:
            line += "; skips next turn"
        lines.append(line)
    lines.append(f"Bank supply: {s.tracers} Spider-Tracers, {s.bots} Spider-Bots")
    return lines


def explain_illegal(g: "SpiderManMonopoly", s: "State", decision: Decision, move: Move) -> str:
    if move and move[0] in ("tracer", "bot"):
        return ("Spider-Tech goes only on a complete colour set you own, evenly (one Tracer on "
                "each villain before a second), at most 4 Tracers then a Bot, from the bank's "
                "supply, and you must have the webs")
    return family_explain(decision, move, webs, s.players[decision.player].webs)


def _lot(g: "SpiderManMonopoly", frame: Any) -> str:
    return space_name(g, frame.space) if frame.item == "property" else \
        f"the last Spider-{frame.item.title()}"


def decision_context(g: "SpiderManMonopoly", s: "State", decision: Any, names: Any) -> dict:
    """The shared family's context (auction, trade), a debt's payer, payee and amount, else
    the title; with the option that ends, sends or passes ("quick")."""
    return {**_context(g, s, decision, names), **quick_option(decision.options)}


def _context(g: "SpiderManMonopoly", s: "State", decision: Any, names: Any) -> dict:
    shared = family_context(g, s, names, "webs", lambda frame: _lot(g, frame),
                            card=lambda c: card_name(g, c))
    if shared:
        return shared
    frame = s.agenda[-1] if s.agenda else ("",)
    if frame[0] in ("raise", "surrender"):   # ("raise"|"surrender", payer, amount, to)
        _, payer, owed, to = frame
        return {"title": f"You owe {who(to, names)} {webs(owed)}: "
                         + ("sell Spider-Tech" if frame[0] == "raise" else "give a property"),
                "payer": payer, "owed": owed, "payee": payee(to)}
    if frame[0] == "turn":
        t = s.turn
        doubles = f" (doubles x{t.doubles}: roll again)" if t.again else ""
        return {"title": "Your turn" + (": roll the dice" if not t.rolled else doubles)}
    if frame[0] == "buy":
        sp = g.data.spaces[frame[2]]
        return {"title": f"{sp.name} is for sale ({webs(sp.price)}): buy it or auction it",
                "lot": space_ref(g, sp.index), "price": sp.price}
    if frame[0] == "want":
        return {"title": f"{who(frame[3], names)} wants the last Spider-{frame[1].title()}: "
                         "do you want it too?"}
    if frame[0] == "place":
        return {"title": f"Put your Spider-{frame[2].title()} on a property"}
    return {"title": TITLES.get(frame[0], f"Your decision: {decision.prompt.replace('_', ' ')}")}


# A decision's title by its task, where the options alone say the rest
TITLES = {"pick_hero": "Choose your hero (each has a Spider-Power)",
          "ghost": "Ghost-Spider's Spider-Power: keep this roll or reroll?",
          "subway": "The Subway: stay, or ride to a villain",
          "power_pick": "Spider-Power: choose who pays you"}


# One-line names for a narrow board cell, by kind (villains and alliances are cut from theirs)
SHORT = {"go": "GO", "jail": "Jail", "free_parking": "Free", "go_to_jail": "ToJail",
         "spider_sense": "Sense", "daily_bugle": "Bugle", "subway": "Subway"}


def kept_card_name(effect: tuple) -> str:
    """A card a player keeps, in a few words (its full text is in the rules)."""
    if effect[0] == "keep_jail":
        return "Get Out of Jail Free"
    if effect[0] == "keep_steal":
        return f"Bugle: take {webs(effect[1])}"
    return "Bugle: a player skips a turn"


def card_name(g: "SpiderManMonopoly", cid: str) -> str:
    """A kept card by its id, as a trade's terms name it ("the Get Out of Jail Free card")."""
    return f"the {kept_card_name(g.data.cards[cid].effect)} card"


def glossary(g: "SpiderManMonopoly") -> dict:
    """What the board screen draws with: the spaces (full and short names, kind, price), the
    Spider-Tech levels in words (short and long, by level), the heroes, the kept cards' and
    decks' names, the currency and how the score is made."""
    d = g.data
    levels = range(BOT_LEVEL + 1)
    return {
        "spaces": [{"name": sp.name, "short": SHORT.get(sp.kind, ""), "kind": sp.kind,
                    "price": sp.price, "set": sp.set} for sp in d.spaces],
        "tech": {"short": ["" if n == 0 else "Bot" if n == BOT_LEVEL else f"T{n}"
                           for n in levels],
                 "long": ["" if n == 0 else "Spider-Bot" if n == BOT_LEVEL else
                          f"{n} Tracer{'s' * (n > 1)}" for n in levels]},
        "characters": {h.id: {"name": h.name, "help": [h.text]} for h in d.heroes},
        "cards": {cid: kept_card_name(c.effect) for cid, c in d.cards.items()
                  if c.effect[0].startswith("keep_")},
        "decks": {deck: g.deck_name(deck) for deck in sorted({c.deck for c in d.cards.values()})},
        "money": "webs",
        "scoring": "Score = webs + printed prices of your properties + what their Spider-Tech "
                   "cost; a bankrupt player scores 0.",
    }


def board(g: "SpiderManMonopoly", s: "State", seat: int | None, cards: Any = None) -> dict:
    """What the board screen shows of `s` beyond the state: the properties each seat owns
    ("seats": [{"owned"}]) and each deck's cards still to draw ("decks": [{"deck", "cards"}],
    by deck name). Nothing in the game is hidden (a deck keeps no order: engine/games/decks.py),
    so every seat gets the same (`seat` and `cards` change nothing)."""
    return {"seats": holdings(g, s), "whole_sets": sets_owned_whole(g, s),
            "decks": [{"deck": name, "cards": len(deck)} for name, deck in sorted(s.decks.items())]}

