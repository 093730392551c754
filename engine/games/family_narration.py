"""What happened between two views of a Monopoly-family game, in sentences, in the order a
person would tell it: a roll, a card, who moved where, what changed hands, who paid whom and
why, then the next turn's header. Words only (no rules, not in any rules digest): each game's
words module describes itself with a `Spec` and calls `narrate` and `narrate_move`.

Invariants kept here:
- Only the two views are read (engine.to_data of `view` for the seat that will read the
  sentences), so a sentence never tells what that seat may not see.
- Every change of a player's money, of a figure's space and of a space's owner between the two
  views gets a sentence naming the player and the amount, space or property (the whole-game
  tests of each game check it), however the change came about.
- Every entry of a player has at least one sentence, the moves whose change tells nothing
  by itself included (a roll asked for, a step of a trade's draft): `narrate_move` says them.
- A turn's header comes after everything the entry did, so the effects of a turn's last move
  are never told under the next turn's header.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .family_words import amount, terms
from .game_package import NOBODY, SeatNames

View = dict
Lines = list[str]


@dataclass(frozen=True)
class Spec:
    """How one game's view reads: `money` the player field of money and `currency` its word;
    `space` a space's name; `figures` (view) -> [(seat, figure words, pos, jailed)];
    `pools` (view) -> {name: amount} of the places money goes other than players (the bank,
    coins lying on a space...), each with `pool_words` (name, into, "3 coins") -> "paid 3 coins
    to the bank";
    `chance` words a chance outcome by the frame it resolved; `extras` say the game's own
    changes (cards, bosses, Spider-Tech); `first` what must come before the moves (a card
    drawn)."""
    money: str
    currency: str
    space: Callable[[int], str]
    figures: Callable[[View, SeatNames], list[tuple[int, str, int, bool]]]
    pools: Callable[[View], dict[str, int]] = lambda v: {}
    pool_words: Callable[[str, bool, str], str] = \
        lambda name, into, n: f"paid {n} to {name}" if into else f"got {n} from {name}"
    chance: dict[str, Callable[[View, View, list, SeatNames], Lines]] = field(default_factory=dict)
    first: Callable[[View, View, SeatNames], Lines] = lambda b, a, n: []
    extras: Callable[[View, View, SeatNames], Lines] = lambda b, a, n: []
    moves: dict[str, Callable[[View, int, list, SeatNames], Lines]] = field(default_factory=dict)
    moved: Callable[[int], str] | None = None   # "moved to X" in the game's words, by the space
    pool_at: Callable[[int], str] = lambda pos: ""   # the pool of money lying on a space
    # the roll for the turn order: the view's field holding it and what the first one does
    order: str = "pick_order"
    first_does: Callable[[View], str] = lambda v: "goes first"
    card: Callable[[Any], str] = str   # a kept card's name, as a trade's terms give it
    # a chance frame whose roll settles a rent (a payment in it is rent though nobody moved)
    rent_roll: Callable[[list], bool] = lambda frame: False
    # money a player got from no player and no pool in the entry, known from the views:
    # (seat, amount, why) each ("for reaching GO")
    income: Callable[[View, View], list[tuple[int, int, str]]] = lambda b, a: []
    # the rent due on a space as the view after the entry stands (None: not known from it)
    rent: Callable[[View, int], int | None] = lambda v, space: None


def simply(words: str) -> Callable[[View, int, list, SeatNames], Lines]:
    """A move (Spec.moves) told the same way every time: "<the player> <words>"."""
    return lambda before, seat, move, names: [f"{names.plain(seat)} {words}"]


def top(view: View) -> list:
    agenda = view.get("agenda") or []
    return list(agenda[-1]) if agenda else [""]


def narrate(spec: Spec, before: View | None, after: View, names: SeatNames) -> Lines:
    """Everything that changed from `before` to `after`, in telling order."""
    if not before or not after:
        return []
    frame = top(before)
    out: Lines = []
    if after.get("steps") != before.get("steps") and frame[0] == "order_roll":
        out += order_roll(spec, after, frame, names)
    if after.get("steps") != before.get("steps") and frame[0] in spec.chance:
        out += spec.chance[frame[0]](before, after, frame, names)
    out += spec.first(before, after, names)
    out += moves(spec, before, after, names)
    out += auction_opened(spec, before, after, names)
    sold = owners(spec, before, after, names)
    out += [line for line, _ in sold]
    out += money(spec, before, after, names, {i: seats for _, (i, seats) in sold},
                 spec.rent_roll(frame))
    out += spec.extras(before, after, names)
    out += header(before, after, names)
    return out


def listed(items: list[str]) -> str:
    """A list in words: "A", "A and B", "A, B and C" ("" for none)."""
    return " and ".join(items) if len(items) < 3 else f"{', '.join(items[:-1])} and {items[-1]}"


def order_roll(spec: Spec, after: View, frame: list, names: SeatNames) -> Lines:
    """The roll for who goes (or chooses) first: the tied highest rollers roll again (a new
    roll for them is on top), else the order it made. The dice are in no view: the order is."""
    again = top(after)
    if again[0] == "order_roll":
        return [f"{listed([names.plain(s) for s in again[1]])} tied for the highest roll and "
                "roll again"]
    order = after.get(spec.order) or []
    if not order:
        return []
    first = names.plain(order[0])
    return [f"{first} rolled highest and {spec.first_does(after)}; the order is "
            f"{', '.join(names.plain(s) for s in order)}"]


def header(before: View, after: View, names: SeatNames) -> Lines:
    tb, ta = before["turn"], after["turn"]
    if after.get("turns") and (ta["player"] != tb["player"] or after["turns"] != before["turns"]):
        return [f"— turn {after['turns']}: {names.plain(ta['player'])} —"]
    return []


def auction_opened(spec: Spec, before: View, after: View, names: SeatNames) -> Lines:
    """An auction the entry opened without a player choosing it: a lander who cannot pay the
    price has no other option, which the rules take at once (engine/agenda.py), so nobody's
    move says "did not buy" (a chosen auction is told by its move, in the buy decision); and
    Spider-Man's last Spider-Tech that two players want."""
    frame, was = top(after), top(before)
    if frame[0] != "auction" or was[0] in ("auction", "buy", "capture"):
        return []
    item, space, bidders = (frame[1], frame[2], frame[3]) if isinstance(frame[1], str) else \
        ("property", frame[1], frame[2])
    if item != "property":
        return [f"The last Spider-{item.title()} goes up for auction"]
    return [f"{spec.space(space)} goes up for auction: {names.plain(bidders[0])} cannot pay "
            "its price"]


def moves(spec: Spec, before: View, after: View, names: SeatNames) -> Lines:
    out: Lines = []
    for (seat, who, pb, jb), (_, _, pa, ja) in zip(spec.figures(before, names),
                                                   spec.figures(after, names)):
        if pa != pb and ja and not jb:
            out.append(f"{who} went to jail")
            continue
        if pa != pb:
            out.append(f"{who} {spec.moved(pa) if spec.moved else 'moved to ' + spec.space(pa)}")
        if ja and not jb:
            out.append(f"{who} went to jail")
        elif jb and not ja:
            out.append(f"{who} left jail")
    return out


def owners(spec: Spec, before: View, after: View, names: SeatNames) -> list[tuple[str, tuple]]:
    """A sentence per space that changed hands, with (space, (from, to)) for the money's words:
    an auction won says for how much, a purchase from the bank its price."""
    frame = top(before)
    out = []
    for i, (ob, oa) in enumerate(zip(before["owners"], after["owners"])):
        if oa == ob:
            continue
        name = spec.space(i)
        if oa == NOBODY:
            out.append((f"{name} went back to the bank (from {names.plain(ob)})", (i, (ob, oa))))
        elif frame[0] == "auction" and ob == NOBODY:
            paid = before["players"][oa][spec.money] - after["players"][oa][spec.money]
            out.append((f"{names.plain(oa)} won the auction of {name} for "
                        f"{amount(paid, spec.currency)}", (i, (ob, oa))))
        elif ob == NOBODY:
            out.append((f"{name} now belongs to {names.plain(oa)}", (i, (ob, oa))))
        else:
            out.append((f"{name} passed from {names.plain(ob)} to {names.plain(oa)}", (i, (ob, oa))))
    return out


def money(spec: Spec, before: View, after: View, names: SeatNames,
          changed_hands: dict[int, tuple], rent_roll: bool = False) -> Lines:
    """Who paid whom: a player's loss matched to another player's equal gain (rent where the
    payer landed on the payee's property in this entry, or rolled for its rent: `rent_roll`;
    a sale where a space changed hands between them), or to a pool's equal gain (the bank,
    coins on a space); what matches nothing is said alone. A loss of a player who took a space
    from the bank in the entry says it was for that space."""
    cur = spec.currency
    deltas = {seat: pa[spec.money] - pb[spec.money]
              for seat, (pb, pa) in enumerate(zip(before["players"], after["players"]))
              if pa[spec.money] != pb[spec.money]}
    pb, pa = spec.pools(before), spec.pools(after)
    pools = {k: pa.get(k, 0) - pb.get(k, 0) for k in {*pb, *pa}}
    pools = {k: pools[k] for k in sorted(pools) if pools[k]}
    now = {seat: after["players"][seat][spec.money] for seat in deltas}
    where = {seat: pos for seat, _, pos, _ in spec.figures(after, names)}
    landed = {seat for (seat, _, pb, _), (_, _, pa, _) in zip(spec.figures(before, names),
                                                           spec.figures(after, names)) if pa != pb}
    out: Lines = []
    # told first (it came first: passing GO on the way), and taken out of the player's change,
    # so what the player paid on landing still matches its payee ("paid Bot 4 2 HP rent")
    for seat, n, why in spec.income(before, after):
        deltas[seat] = deltas.get(seat, 0) - n
        now.setdefault(seat, after["players"][seat][spec.money])
        done = f" (now {now[seat]})" if not deltas[seat] else ""
        out.append(f"{names.plain(seat)} collected {amount(n, cur)} {why}{done}")
    out += _rent_on_landing(spec, after, names, deltas, now, where, landed)
    out += _shared(spec, after, names, deltas, now)
    for seat in sorted(deltas, key=lambda s: (deltas[s] > 0, s)):
        d = deltas.get(seat, 0)
        if not d:
            continue
        who = names.plain(seat)
        other = next((o for o in sorted(deltas) if o != seat and deltas[o] == -d), None)
        if other is not None:
            payer, payee = (seat, other) if d < 0 else (other, seat)
            at = where.get(payer) if payer in landed or rent_roll else None
            why = _why(spec, after, payer, payee, at, changed_hands)
            out.append(f"{names.plain(payer)} paid {names.plain(payee)} {amount(abs(d), cur)}{why}"
                       f" ({names.plain(payer)} now {now[payer]}, {names.plain(payee)} now "
                       f"{now[payee]})")
            deltas[payer] = deltas[payee] = 0
            continue
        # coins lying where the player stands first (several may drop on one space), then
        # any pool that changed by exactly this amount
        here = spec.pool_at(where.get(seat, -1))
        pool = here if here in pools and pools[here] * d < 0 and abs(pools[here]) >= abs(d) \
            else next((k for k in pools if pools[k] == -d), None)
        bought = next((f" for {spec.space(i)}" for i, (ob, oa) in changed_hands.items()
                       if d < 0 and ob == NOBODY and oa == seat), "")
        if pool is not None:
            out.append(f"{who} {spec.pool_words(pool, d < 0, amount(abs(d), cur))}{bought} "
                       f"(now {now[seat]})")
            pools[pool] += d
        elif bought:
            out.append(f"{who} paid {amount(-d, cur)}{bought} (now {now[seat]})")
        else:
            at = f" at {spec.space(where[seat])}" if seat in landed else ""
            out.append(f"{who}: {'+' if d > 0 else '-'}{amount(abs(d), cur)}{at} (now {now[seat]})")
        deltas[seat] = 0
    return out


def _shared(spec: Spec, after: View, names: SeatNames, deltas: dict, now: dict) -> Lines:
    """Every other player paying one the same amount, or one paying every other ("all other
    players pay you 1 HP", "pay each player 1 web"): a player's change that is the sum of the
    opposite changes, all of one amount, of every other player still in the game, and no
    single player's change matches it (a pair is told as a pair). Only every other player:
    two players' payments to the bank can add up to a third's gain by chance (a debt settled
    with a hero's elimination while the others pay an ultimate), and that is no payment
    between them. Told once, each player's money after it named."""
    out: Lines = []
    gone = set(after.get("forfeited") or [])
    for seat in sorted(deltas):
        d = deltas[seat]
        if not d or any(deltas[o] == -d for o in deltas if o != seat):
            continue
        rest = [o for o, p in enumerate(after["players"])
                if o != seat and o not in gone and not p.get("out")]
        others = [o for o in sorted(deltas) if o != seat and deltas[o] * d < 0]
        for each in sorted({abs(deltas[o]) for o in others}):
            group = [o for o in others if abs(deltas[o]) == each]
            if len(group) < 2 or group != rest or each * len(group) != abs(d):
                continue
            many = listed([names.plain(o) for o in group])
            one = names.plain(seat)
            paid = f"{many} paid {one}" if d > 0 else f"{one} paid {many}"
            left = ", ".join(f"{names.plain(o)} now {now[o]}" for o in [*group, seat])
            out.append(f"{paid} {amount(each, spec.currency)} each ({left})")
            for o in [*group, seat]:
                deltas[o] = 0
            break
    return out


def _rent_on_landing(spec: Spec, after: View, names: SeatNames, deltas: dict, now: dict,
                     where: dict, landed: set) -> Lines:
    """Rent paid by a player who landed on another's property in an entry that changed the
    payer's money otherwise too (an ability collecting HP first): the owner's gain is the
    rent due and matches no other player's loss, so it is told as that rent and taken out of
    both changes (the netted changes read "Tester: +2 HP", "Bot 4: +2 HP at Junkertown")."""
    out: Lines = []
    for seat in sorted(landed):
        pos = where.get(seat)
        if pos is None or not 0 <= pos < len(after["owners"]):
            continue
        owner = after["owners"][pos]
        gain = deltas.get(owner, 0)
        if owner in (NOBODY, seat) or not gain or spec.rent(after, pos) != gain \
                or any(d == -gain for o, d in deltas.items() if o != owner):
            continue
        deltas[seat] = deltas.get(seat, 0) + gain
        deltas[owner] = 0
        now.setdefault(seat, after["players"][seat][spec.money])
        mine = f"{names.plain(seat)} now {now[seat]}, " if not deltas[seat] else ""
        out.append(f"{names.plain(seat)} paid {names.plain(owner)} {amount(gain, spec.currency)}"
                   f" rent for {spec.space(pos)} ({mine}{names.plain(owner)} now {now[owner]})")
    return out


def _why(spec: Spec, after: View, payer: int, payee: int, pos: int | None,
         changed_hands: dict[int, tuple]) -> str:
    for i, (ob, oa) in changed_hands.items():
        if {ob, oa} == {payer, payee}:
            return f" for {spec.space(i)}"
    if pos is not None and 0 <= pos < len(after["owners"]) and after["owners"][pos] == payee:
        return f" rent for {spec.space(pos)}"
    return ""


# ------------------------------------------------------------------ the moves people choose
def trade_terms(spec: Spec, frame: list, names: SeatNames) -> str:
    """("trade_draft"|"trade_answer", proposer, partner, give, take, pay, ask[, cards given,
    cards asked])."""
    _, proposer, partner, give, take, pay, ask = frame[:7]
    cards = tuple(frame[7:9]) if len(frame) >= 9 else ((), ())
    return terms(spec.space, give, take, pay, ask, spec.currency, cards, spec.card) or "nothing"


# A step of a trade's draft: the field of the frame it adds to (a space or card to a list, an
# amount set)
DRAFT_FIELDS = {"give": 3, "take": 4, "pay": 5, "ask": 6, "give_card": 7, "take_card": 8}


def drafted(frame: list, move: list) -> list:
    """The trade's frame once the draft step `move` is made, as the draft screen shows it."""
    frame = list(frame)
    k = DRAFT_FIELDS[move[0]]
    frame[k] = move[1] if move[0] in ("pay", "ask") else [*frame[k], move[1]]
    return frame


def narrate_move(spec: Spec, before: View, seat: int | None, move: list,
                 names: SeatNames) -> Lines:
    """The choice a player made where what it changes does not tell it: a roll asked for, a
    trade started, each step of its draft (the terms so far), offered, accepted, refused or
    cancelled, a bid or a pass, a purchase refused, a sale offered; and the game's own
    (`spec.moves`, asked first)."""
    if not move or seat is None:
        return []
    who, kind, frame = names.plain(seat), move[0], top(before)
    task = frame[0]
    if kind in spec.moves:
        said = spec.moves[kind](before, seat, move, names)
        if said:
            return said
    if kind == "roll" and task == "turn":
        return [f"{who} rolls the dice"]
    if kind == "trade" and task == "turn":
        return [f"{who} started drafting a trade with {names.plain(move[1])}"]
    if task == "trade_draft" and kind in DRAFT_FIELDS:
        return [f"{who}'s trade with {names.plain(frame[2])} so far: {who} "
                f"{trade_terms(spec, drafted(frame, move), names)}"]
    if task == "trade_draft" and kind == "offer":
        return [f"{who} offered {names.plain(frame[2])} a trade: {who} "
                f"{trade_terms(spec, frame, names)}"]
    if task == "trade_draft" and kind == "cancel":
        return [f"{who} cancelled the trade with {names.plain(frame[2])}"]
    if task == "trade_answer" and kind in ("accept", "refuse"):
        verb = "accepted" if kind == "accept" else "refused"
        return [f"{who} {verb} the trade {names.plain(frame[1])} offered "
                f"({names.plain(frame[1])} {trade_terms(spec, frame, names)})"]
    if task == "auction" and kind == "bid":
        return [f"{who} bid {amount(move[1], spec.currency)}"]
    if task == "auction" and kind == "pass":
        return [f"{who} passed (left the auction)"]
    if kind == "auction":
        lot = frame[2] if len(frame) > 2 and isinstance(frame[2], int) else None
        if lot is None:
            return [f"{who} did not buy: the space goes up for auction"]
        return [f"{who} did not buy {spec.space(lot)}: it goes up for auction"]
    if kind == "sell_to":
        return [f"{who} offered {spec.space(move[1])} to {names.plain(move[2])} for "
                f"{amount(move[3], spec.currency)}"]
    if task == "sale_offer" and kind in ("accept", "refuse"):
        return [f"{who} {'accepted' if kind == 'accept' else 'refused'} the offer of "
                f"{spec.space(frame[5] if len(frame) > 5 else move[1])}"]
    return []


def game_words(spec_of: Callable[[Any, str, int], Spec]) -> tuple[Callable, Callable]:
    """A game words module's `narrate` and `narrate_move` (the signatures the game package
    looks up) from `spec_of(g, kind, players)`, the game's Spec for an entry of that kind."""
    def narrate_entry(g: Any, before: View | None, after: View, names: SeatNames, kind: str = "",
                      players: int = 0) -> Lines:
        """What changed between two views, in telling order."""
        return narrate(spec_of(g, kind, players), before, after, names)

    def narrate_choice(g: Any, before: View, seat: int | None, move: list,
                       names: SeatNames) -> Lines:
        """The choice a player made where its effects do not tell it."""
        return narrate_move(spec_of(g, "move", 0), before, seat, move, names)
    return narrate_entry, narrate_choice
