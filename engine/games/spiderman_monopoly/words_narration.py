"""Monopoly Marvel Spider-Man told entry by entry: the rolls, who moved where, the cards drawn
and what they did, the webs paid and why (rent, cards, the bank), the properties and
Spider-Tech bought, auctioned, sold, traded or surrendered, the Symbol and the Spider-Powers,
jail and bankruptcy. Words only (not in the rules digest); the family's telling order and
its guarantee are engine/games/family_narration.py's. A deck keeps no order and every card
drawn is read out to the table, so a card drawn is public; only the seat's view is read.
"""
from __future__ import annotations

from typing import Any

from .. import family_narration as told
from ..game_package import SeatNames
from .words import card_name, card_text, kept_card_name, tech_words, webs

SYMBOL = "the Symbol of Great Responsibility"


def _drawn(b: dict, a: dict) -> list[tuple[str, str]]:
    """(deck, card) of each card drawn between the two views: gone from the unseen ones, or
    the first of the returned ones taken (the deck's next card once all were seen)."""
    out = []
    for name, db in sorted(b["decks"].items()):
        da = a["decks"].get(name, db)
        out += [(name, c) for c in db["unseen"] if c not in da["unseen"]]
        rb, ra = db["returned"], da["returned"]
        if not db["unseen"] and rb and ra[:len(rb) - 1] == rb[1:] and ra != rb[:len(ra)]:
            out.append((name, rb[0]))
    return out


def _spec(g: Any) -> told.Spec:
    d = g.data

    def space(i: int) -> str:
        return d.spaces[i].name if 0 <= i < len(d.spaces) else f"space {i}"

    def figures(v: dict, names: SeatNames) -> list:
        return [(seat, names.plain(seat), p["pos"], p["jailed"]) for seat, p in enumerate(v["players"])]

    def dice(b: dict, a: dict, frame: list, names: SeatNames) -> list[str]:
        seat = a["turn"]["player"]
        who = names.plain(seat)
        purpose = frame[1] if len(frame) > 1 else "move"
        pending = told.top(a)
        if pending[0] == "ghost":
            return [f"{who} rolled {pending[2]} and {pending[3]}"]
        if purpose == "rent":
            return [f"{who} rolled the dice for the alliance's rent"]
        pb, pa = b["players"][seat], a["players"][seat]
        if purpose == "jail" or pb["jailed"]:
            if not pa["jailed"] and a["turn"]["roll"]:
                return [f"{who} rolled doubles ({a['turn']['roll']}) in jail and is out"]
            if not pa["jailed"]:
                return [f"{who} rolled no doubles in jail a third time: pays the fee and rolls again"]
            return [f"{who} rolled no doubles in jail (try {pa['jail_turns']} of {d.jail_turns})"]
        if pa["jailed"] and not pb["jailed"] and a["turn"]["doubles"] >= 3:
            return [f"{who} rolled doubles a third time in a row"]
        t = a["turn"]
        return [f"{who} rolled {t['roll']}" + (" (doubles: rolls again)" if t["again"] else "")]

    def first(b: dict, a: dict, names: SeatNames) -> list[str]:
        seat = b["turn"]["player"]   # a card is drawn in its drawer's turn, which may end with it
        return [f"{names.plain(seat)} drew the {card_text(g, cid)}" for _, cid in _drawn(b, a)]

    def extras(b: dict, a: dict, names: SeatNames) -> list[str]:
        out = []
        for i, (tb, ta) in enumerate(zip(b["tech"], a["tech"])):
            if ta == tb:
                continue
            owner = names.plain(a["owners"][i]) if a["owners"][i] >= 0 else "nobody"
            out.append(f"{space(i)} now has {tech_words(ta)} ({owner}'s)" if ta
                       else f"{space(i)} has no Spider-Tech any more")
        if a["symbol"] != b["symbol"]:
            out.append(f"{names.plain(a['symbol'])} took {SYMBOL}" if a["symbol"] >= 0
                       else f"The Symbol of Great Responsibility went back to GO")
        for seat, (pb, pa) in enumerate(zip(b["players"], a["players"])):
            who = names.plain(seat)
            if pa["hero"] and pa["hero"] != pb["hero"]:
                out.append(f"{who} plays {d.hero(pa['hero']).name}")
            if pa["out"] and not pb["out"]:
                out.append(f"{who} is bankrupt and out of the game")
            if pa["skip"] and not pb["skip"]:
                out.append(f"{who} skips their next turn")
            gone = [c for c in pb["cards"] if c not in pa["cards"]]
            for c in gone:
                out.append(f"{who} no longer holds {kept_card_name(d.cards[c].effect)}")
            for c in pa["cards"]:
                if c not in pb["cards"]:
                    out.append(f"{who} now holds {kept_card_name(d.cards[c].effect)}")
        return out

    def hero_of(b: dict, seat: int) -> str:
        h = b["players"][seat]["hero"]
        return d.hero(h).name if h else "the hero"

    def play(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        return [f"{names.plain(seat)} played {kept_card_name(d.cards[move[1]].effect)} on "
                f"{names.plain(move[2])}"]

    def ghost(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        did = "rerolled (Ghost-Spider's Spider-Power)" if move[0] == "reroll" else "kept the roll"
        return [f"{names.plain(seat)} {did}"]

    def power_take(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        if told.top(b)[0] != "power_pick":
            return []
        return [f"{names.plain(seat)} used {hero_of(b, seat)}'s Spider-Power on "
                f"{names.plain(move[1])}"]

    def want(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        what = told.top(b)[1] if len(told.top(b)) > 1 else "Tech"
        return [f"{names.plain(seat)} {'wants' if move[0] == 'want' else 'does not want'} "
                f"the last Spider-{str(what).title()}"]

    return told.Spec(
        money="webs", currency="webs", space=space, figures=figures,
        pools=lambda v: {"the bank": v["bank"]}, chance={"dice": dice},
        first=first, extras=extras, order="order", first_does=lambda v: "goes first",
        rent_roll=lambda frame: len(frame) > 1 and frame[:2] == ["dice", "rent"],
        card=lambda c: card_name(g, c),
        moves={"play": play, "use_card": told.simply("used a Get Out of Jail Free card"),
               "pay_jail": told.simply(f"paid {webs(d.jail_fee)} to leave jail"),
               "keep": ghost, "reroll": ghost, "take": power_take, "want": want,
               "decline": want, "ride": told.simply("rode the Subway"),
               "stay": told.simply("stayed at the Subway (did not ride)"),
               "roll_jail": told.simply("rolls for doubles to leave jail")})


narrate, narrate_move = told.game_words(lambda g, kind, players: _spec(g))
