"""Decision contexts the Monopoly-family games share: the named data a screen shows to explain
an auction, an offered sale, a trade or a forced sale, read from the task frames by name; and
the part of a board (the data a board screen draws a state with) every such game has.

A context is plain data (ints, strings, lists, dicts) for the control API: seats as seat
numbers, spaces as {"space", "name"}, money as ints, and "title", the decision in one line
of the game's words (`money` names its currency: "HP", "coins", "webs"). Where a title depends
on more than the frame (why a forced sale is owed), the game words it: this module has no
title a game would replace.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from .game_package import NOBODY, SeatNames


def amount(n: int, money: str) -> str:
    """"1 web", "4 webs", "1 HP": a count of the currency, singular for one."""
    return f"{n} {money[:-1] if n == 1 and money.endswith('s') else money}"


def shared_option(move: Sequence, money: str, space: Callable[[int], str],
                  seat: Callable[[int], str], price: Callable[[int], int]) -> str | None:
    """The words of an option every family game offers alike (a trade proposed, a forced
    sale to the bank or offered to a player), with the game's names for spaces and seats and
    its printed prices; None for any other option."""
    kind = move[0] if move else ""
    if kind == "trade":
        return f"Propose a trade to {seat(move[1])}"
    if kind not in ("sell_bank", "sell_to"):
        return None
    lot = space(move[1])
    if kind == "sell_bank":
        return f"Sell {lot} to the bank for {amount(price(move[1]), money)}"
    return f"Offer {lot} to {seat(move[2])} for {amount(move[3], money)}"


def still_owed(title: str, debt: int, money: str) -> str:
    """A payment's title followed by what is still owed ("... (still owed: 3 HP)")."""
    return f"{title} (still owed: {amount(debt, money)})"


def space_ref(g: Any, i: int) -> dict:
    return {"space": i, "name": g.data.spaces[i].name}


def family_context(g: Any, s: Any, names: SeatNames, money: str,
                   lot_name: Callable[[Any], str] | None = None,
                   why_sell: Callable[[Any], str] | None = None,
                   card: Callable[[Any], str] = str) -> dict | None:
    """The context of the shared tasks on top of the agenda; None for any other task.
    `lot_name` words an auction's lot when a game sells more than properties; `why_sell` words
    a forced sale ("sell" frame) in the game's own words, the amount still owed then follows
    ("You owe HP: sell an objective" + " (still owed: 3 HP)"); without it a forced sale has no
    title (a game without that task needs none). `card` names a kept card in a trade's terms
    (a game that trades cards)."""
    frame = s.agenda[-1] if s.agenda else None
    kind = frame[0] if frame else ""
    if kind == "auction":
        lot = lot_name(frame) if lot_name else g.data.spaces[frame.space].name
        leader = frame.leader if frame.leader != NOBODY else None
        by = names(leader) if leader is not None else "nobody yet"
        return {"title": f"Auction of {lot}: high bid {amount(frame.high, money)} by {by}",
                "lot": {**space_ref(g, frame.space), "what": lot}, "bid_to_beat": frame.high,
                "high_bidder": leader, "bidders": list(frame.bidders)}
    if kind == "sale_offer":
        return {"title": f"{names.plain(frame.seller)} offers you "
                         f"{g.data.spaces[frame.space].name} for {amount(frame.price, money)}",
                "seller": frame.seller, "buyer": frame.buyer, "lot": space_ref(g, frame.space),
                "price": frame.price, "debt": frame.debt}
    if kind in ("trade_draft", "trade_answer"):
        terms = trade_terms(g, frame, names, money, card)
        title = (f"{names.plain(frame.proposer)} offers a trade: {terms}" if kind == "trade_answer"
                 else f"Trade with {names.plain(frame.partner)} so far: {terms or 'nothing yet'}")
        return {"title": title, "proposer": frame.proposer, "partner": frame.partner,
                "give": [space_ref(g, i) for i in frame.give],
                "take": [space_ref(g, i) for i in frame.take], "pay": frame.pay,
                "ask": frame.ask, **({"give_cards": list(frame.give_cards),
                                      "take_cards": list(frame.take_cards)}
                                     if hasattr(frame, "give_cards") else {})}
    if kind == "sell":
        title = {"title": still_owed(why_sell(frame), frame.debt, money)} \
            if why_sell else {}
        return {**title, "payer": frame.seller, "owed": frame.debt, "payee": payee(frame.creditor)}
    return None


def landing(g: Any, s: Any, space: int, seat: int, names: SeatNames, money: str,
            does: Mapping[str, str], rent: Callable[[int], str] | None = None) -> str:
    """Where an option lands and what happens there to `seat`, in the game's words: "Ilios
    (Bot 2's: rent 10 HP, a whole set)" (see `landing_what`)."""
    what = landing_what(g, s, space, seat, names, money, does, rent)
    return f"{g.data.spaces[space].name} ({what})"


def landing_what(g: Any, s: Any, space: int, seat: int, names: SeatNames, money: str,
                 does: Mapping[str, str], rent: Callable[[int], str] | None = None) -> str:
    """What happens to `seat` landing on `space`: "Bot 2's: rent 10 HP, a whole set",
    "unowned: price 4 HP", "yours", or for a space that is no property what it does (`does`,
    by the space's kind). The rent is the rules' own (`g.rent`); `rent(space)` words one that
    is no number yet (Spider-Man's alliances: by the dice)."""
    sp = g.data.spaces[space]
    if sp.kind in does:
        return does[sp.kind]
    owner = s.owners[space]
    if owner == NOBODY:
        return f"unowned: price {amount(sp.price, money)}"
    if owner == seat:
        return "yours"
    owed = rent(space) if rent else amount(g.rent(s, space), money)
    whole = ", a whole set" if g.full_set(s, space) else ""
    return f"{names.plain(owner)}'s: rent {owed}{whole}"


def sets_owned_whole(g: Any, s: Any) -> list[int]:
    """The colour sets one player owns whole (their rent is the whole-set rent), by set
    number, for a board to mark."""
    return sorted({g.data.spaces[i].set for i in range(len(s.owners)) if g.full_set(s, i)})


def holdings(g: Any, s: Any) -> list[dict]:
    """Each seat's row of a board, as every seat sees it: the spaces it owns ("owned", in board
    order). A game adds its own fields to the rows."""
    return [{"owned": g.properties_of(s, seat)} for seat in range(len(s.players))]


# The option a long list must not bury, by move kind: the one that ends the turn, sends the
# trade or leaves the auction, with the words the key hint says for it.
QUICK = {"end_turn": "end turn", "offer": "send the offer", "pass": "pass"}


def quick_option(options: Any, words: dict[str, str] = QUICK) -> dict:
    """{"quick": {"option": k, "word": w}} for the first option whose move kind `words`
    names ({} where none does): a screen puts it one key away however long the list."""
    for k, o in enumerate(options):
        if o and o[0] in words:
            return {"quick": {"option": k, "word": words[o[0]]}}
    return {}


def payee(creditor: Any) -> int | None:
    """A creditor as a seat number, None for the bank (and for anything not a seat)."""
    return creditor if isinstance(creditor, int) and creditor != NOBODY else None


def trade_terms(g: Any, frame: Any, names: SeatNames, money: str,
                card: Callable[[Any], str] = str) -> str:
    cards = (frame.give_cards, frame.take_cards) if hasattr(frame, "give_cards") else ((), ())
    return terms(lambda i: g.data.spaces[i].name, frame.give, frame.take, frame.pay, frame.ask,
                 money, cards, card)


def terms(space: Callable[[int], str], give: Any, take: Any, pay: int, ask: int,
          money: str, cards: Any = ((), ()), card: Callable[[Any], str] = str) -> str:
    """An offer in words ("gives A, B; pays 2 HP; wants C; asks 1 HP"), "" when it holds
    nothing: what the offer screen shows and the narration tells. `cards` are the kept cards
    given and asked, where a game trades them, named by `card`."""
    given, asked = cards
    parts = []
    if give or given:
        parts.append("gives " + ", ".join([*map(space, give), *map(card, given)]))
    if pay:
        parts.append(f"pays {amount(pay, money)}")
    if take or asked:
        parts.append("wants " + ", ".join([*map(space, take), *map(card, asked)]))
    if ask:
        parts.append(f"asks {amount(ask, money)}")
    return "; ".join(parts)


def explain_illegal(decision: Any, move: tuple, money: Callable[[int], str], have: int,
                    same_kind_words: bool = True) -> str:
    """Why a move is refused, in words: a bid out of range says the bounds (`have`: the
    bidder's money), a move of a kind the decision offers (with `same_kind_words`) says which
    decision it is, any other names the kinds that may be chosen. No seat is named: a move is
    refused to the player whose decision it is (a log's fault names its author itself), and
    the engine knows no names ("player 3" read as another seat than the screens' "Bot 3")."""
    kinds = sorted({o[0] for o in decision.options})
    if move and move[0] == "bid" and len(move) == 2 and isinstance(move[1], int):
        return (f"a bid of {money(move[1])} is not allowed: bids must beat the high bid and be "
                f"at most your {money(have)}")
    if same_kind_words and move and move[0] in kinds:
        return f"{list(move)} is not allowed here (the decision now is '{decision.prompt}')"
    return (f"{list(move)} is not a legal move now: the decision now is '{decision.prompt}', "
            f"with options {', '.join(kinds)}")
